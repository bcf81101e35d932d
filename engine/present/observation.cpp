// Observations, two renderers of what a seat sees (observation.h): protocol 2's flat list of
// integers (docs/protocol.md) and the Python module's float tensor (docs/python.md), the same
// length in every game of a set, built only from what the knowledge model says the seat knows
// (knowledge.h) and what is public: they read the seat's projection (projection.h) and the set's
// and rules' fixed numbers, nothing else.
#include "observation.h"

#include <stdexcept>

namespace als {

// The layout, position by position (docs/protocol.md):
// per card of the set (set order): where (0 not known to the seat, 1 its hand, 2 its side of the
// board, 3 the opponent's side, 4 the deck, known, 5 held by an ability for it, 6 the opponent's
// hand, known), theater (its
// theater's position left to right, 1..T; 0 off the board), faceup (1 or 0), strength (on the
// board: now; else 0); per theater position (left to right): the theater (its index in the
// rules' order), the seat's strength, the opponent's, who controls it (1 the seat, 0 the
// opponent), the seat's supply tokens, the opponent's, the seat's cards there, the opponent's,
// the opponent's cards there the seat cannot identify; then: the seat's VP, the opponent's, the
// VP target, whether the seat is the 1st player, the battle number, the seat's hand size, the
// opponent's, the deck size, withdraw_vp, the decision's kind (0 turn, 1 card, 2 theater, 3 play, 4 option).
std::vector<std::string> observation_layout(const Engine& e) {
  std::vector<std::string> out;
  for (const CardDef& c : e.set().cards)
    for (const char* f : {"where", "theater", "faceup", "strength"}) out.push_back("card " + c.id + " " + f);
  for (size_t t = 1; t <= e.rules().theaters.size(); ++t)
    for (const char* f : {"theater", "my_strength", "their_strength", "mine", "my_tokens", "their_tokens", "my_cards",
                          "their_cards", "their_hidden_cards"})
      out.push_back("position " + std::to_string(t) + " " + f);
  for (const char* f : {"my_vp", "their_vp", "vp_target", "i_am_first", "battle", "my_hand", "their_hand", "deck",
                        "withdraw_vp", "decision_kind"})
    out.push_back(f);
  return out;
}

namespace {
int tokens_of(const std::vector<Bonus>& bonuses) {  // a side's supply tokens in a theater (+1 each)
  int n = 0;
  for (const Bonus& b : bonuses)
    if (b.source == Bonus::Source::Tokens) n += b.amount;
  return n;
}
int sum(const std::vector<SeenCounter>& cs) {
  int n = 0;
  for (const SeenCounter& k : cs) n += k.value;
  return n;
}
void check_seat(const Projection& p) {
  if (p.seat != 0 && p.seat != 1) throw std::invalid_argument("an observation is a seat's (0 or 1), not an omniscient reader's");
}
}  // namespace

std::vector<int> observation(const Engine& e, const Projection& p) {
  check_seat(p);
  const size_t C = e.set().cards.size(), T = e.rules().theaters.size();
  const int seat = p.seat, opp = 1 - seat;
  std::vector<int> o(4 * C + 9 * T + 10, 0);
  for (size_t i = 0; i < p.theaters.size(); ++i) {
    const SeenTheater& t = p.theaters[i];
    int* at = &o[4 * C + 9 * i];
    at[0] = t.theater;
    at[1] = t.total[seat], at[2] = t.total[opp];
    at[3] = t.controller == seat;
    at[4] = tokens_of(t.bonuses[seat]), at[5] = tokens_of(t.bonuses[opp]);
    at[6] = static_cast<int>(t.stack[seat].size()), at[7] = static_cast<int>(t.stack[opp].size());
    for (int q = 0; q < 2; ++q)
      for (const SeenCard& c : t.stack[q]) {
        if (!c.known()) {
          at[8] += q == opp;
          continue;
        }
        int* card = &o[4 * static_cast<size_t>(c.card)];
        card[0] = q == seat ? 2 : 3, card[1] = static_cast<int>(i) + 1, card[2] = c.faceup, card[3] = c.strength;
      }
  }
  for (const SeenCard& c : p.hand[seat]) o[4 * static_cast<size_t>(c.card)] = 1;
  for (const SeenCard& c : p.hand[opp])
    if (c.known()) o[4 * static_cast<size_t>(c.card)] = 6;
  for (int c : p.deck_known) o[4 * static_cast<size_t>(c)] = 4;
  if (p.held >= 0) o[4 * static_cast<size_t>(p.held)] = 5;
  const int rest[10] = {p.score[seat], p.score[opp], e.rules().vp_target, p.first == seat, p.battle,
                        static_cast<int>(p.hand[seat].size()), static_cast<int>(p.hand[opp].size()), p.deck_size,
                        p.withdraw_vp[seat], static_cast<int>(p.decision.asked ? p.decision.kind : DecisionKind::Turn)};
  std::copy(rest, rest + 10, &o[4 * C + 9 * T]);
  return o;
}

std::vector<int> observation(const Engine& e, const State& s, int seat) { return observation(e, project(e, s, seat)); }

// The float tensor (the Python module's observation_tensor, docs/python.md "Observation tensor"):
// a richer layout than protocol 2's, rendered from the projection the same way. Counts and
// strengths are raw (not scaled); one-hot groups are 0/1.
namespace {
constexpr int kStackDepth = 12;  // stack slots encoded per side and theater (deeper cards: counted only)
constexpr int kCardWhere = 7;    // unknown, own hand, own board, opponent's board, deck, held (own), opponent's hand
constexpr int kGlobals = 15;
constexpr int kQuestionKinds = 5;

uint32_t prompt_code(const std::string& prompt) {  // FNV-1a of the prompt's text, in 1..65535
  uint32_t h = 2166136261u;
  for (unsigned char ch : prompt) h = (h ^ ch) * 16777619u;
  return prompt.empty() ? 0 : 1 + h % 65535;
}
}  // namespace

int observation_tensor_size(const Engine& e) {
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  return C * (kCardWhere + T + 5) + T * (T + 10) + 2 * T * kStackDepth * 3 + kGlobals + kQuestionKinds + C + 1 + 3;
}

std::vector<TensorSlice> observation_tensor_layout(const Engine& e) {
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  std::vector<std::string> positions, cards, theaters;
  for (int i = 0; i < T; ++i) positions.push_back("position_" + std::to_string(i + 1));
  for (const CardDef& c : e.set().cards) cards.push_back(c.id);
  for (const std::string& t : e.rules().theaters) theaters.push_back(t);
  auto join = [](std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  std::vector<TensorSlice> out;
  int at = 0;
  auto add = [&](std::string name, std::vector<int> shape, std::vector<std::string> columns) {
    int n = 1;
    for (int d : shape) n *= d;
    out.push_back({std::move(name), at, std::move(shape), std::move(columns)});
    at += n;
  };
  add("cards", {C, kCardWhere + T + 5},
      join(join({"unknown", "own_hand", "own_board", "opponent_board", "deck", "own_held", "opponent_hand"}, positions),
           {"faceup", "strength", "depth", "covered", "counters"}));
  add("theaters", {T, T + 10},
      join(theaters, {"own_strength", "opponent_strength", "controlled", "own_tokens", "opponent_tokens", "own_cards",
                      "opponent_cards", "opponent_unknown_cards", "own_counters", "opponent_counters"}));
  add("stacks", {2, T, kStackDepth, 3}, {"occupied", "faceup", "known"});
  add("globals", {kGlobals},
      {"own_vp", "opponent_vp", "vp_target", "first_player", "battle", "own_hand_size", "opponent_hand_size", "deck_size",
       "deck_known", "withdraw_vp", "to_act", "own_counters", "opponent_counters", "lasting_effects", "turn_number"});
  std::vector<std::string> kinds;
  for (int k = 0; k < kQuestionKinds; ++k) kinds.push_back(decision_kind_name(static_cast<DecisionKind>(k)));
  add("question_kind", {kQuestionKinds}, kinds);
  add("question_asker", {C + 1}, join(cards, {"unknown"}));
  add("question", {3}, {"prompt_code", "options", "asked_of_me"});
  return out;
}

void observation_tensor(const Engine& e, const Projection& p, float* out) {
  check_seat(p);
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  const int seat = p.seat, opp = 1 - seat, per_card = kCardWhere + T + 5;
  std::fill(out, out + observation_tensor_size(e), 0.0f);
  float* cards = out;                              // per card
  float* theaters = cards + C * per_card;          // per theater position
  float* stacks = theaters + T * (T + 10);         // per side, position, depth
  float* globals = stacks + 2 * T * kStackDepth * 3;
  float* question = globals + kGlobals;
  uint8_t where[kMaxCards] = {};                   // 0: unknown to the seat (kCardWhere's columns)
  for (size_t i = 0; i < p.theaters.size(); ++i) {
    const SeenTheater& t = p.theaters[i];
    float* at = theaters + static_cast<int>(i) * (T + 10);
    at[t.theater] = 1;
    at[T] = static_cast<float>(t.total[seat]), at[T + 1] = static_cast<float>(t.total[opp]);
    at[T + 2] = t.controller == seat;
    for (int side = 0; side < 2; ++side) {
      const int q = side == 0 ? seat : opp;
      at[T + 3 + side] = static_cast<float>(tokens_of(t.bonuses[q]));
      const int n = static_cast<int>(t.stack[q].size());
      at[T + 5 + side] = static_cast<float>(n);
      for (int d = 0; d < n; ++d) {
        const SeenCard& c = t.stack[q][static_cast<size_t>(d)];
        const int counted = sum(c.counters);
        at[T + 8 + side] += static_cast<float>(counted);
        if (!c.known() && side == 1) at[T + 7] += 1;
        if (d < kStackDepth) {
          float* slot = stacks + ((side * T + static_cast<int>(i)) * kStackDepth + d) * 3;
          slot[0] = 1, slot[1] = c.faceup, slot[2] = c.known();
        }
        if (!c.known()) continue;
        where[c.card] = side == 0 ? 2 : 3;
        float* cf = cards + c.card * per_card;
        cf[kCardWhere + static_cast<int>(i)] = 1;
        cf[kCardWhere + T] = c.faceup;
        cf[kCardWhere + T + 1] = static_cast<float>(c.strength);
        cf[kCardWhere + T + 2] = static_cast<float>(d + 1);
        cf[kCardWhere + T + 3] = d + 1 < n;
        cf[kCardWhere + T + 4] = static_cast<float>(counted);
      }
    }
  }
  for (const SeenCard& c : p.hand[seat]) where[c.card] = 1;
  for (const SeenCard& c : p.hand[opp])
    if (c.known()) where[c.card] = 6;
  for (int c : p.deck_known) where[c] = 4;
  if (p.held >= 0) where[p.held] = 5;
  for (int c = 0; c < C; ++c) cards[c * per_card + where[c]] = 1;
  const float g[kGlobals] = {static_cast<float>(p.score[seat]), static_cast<float>(p.score[opp]),
                             static_cast<float>(e.rules().vp_target), p.first == seat ? 1.0f : 0.0f,
                             static_cast<float>(p.battle), static_cast<float>(p.hand[seat].size()),
                             static_cast<float>(p.hand[opp].size()), static_cast<float>(p.deck_size),
                             static_cast<float>(p.deck_known.size()), static_cast<float>(p.withdraw_vp[seat]),
                             p.to_act == seat ? 1.0f : 0.0f, static_cast<float>(sum(p.player_counters[seat])),
                             static_cast<float>(sum(p.player_counters[opp])), static_cast<float>(p.effects.size()),
                             static_cast<float>(p.turn_number)};
  std::copy(g, g + kGlobals, globals);
  if (p.over) return;
  const SeenDecision& d = p.decision;
  question[static_cast<int>(d.asked ? d.kind : DecisionKind::Turn)] = 1;
  if (!d.asked) return;
  question[kQuestionKinds + (d.asker_known && d.card >= 0 && d.card < C ? d.card : C)] = 1;
  float* tail = question + kQuestionKinds + C + 1;
  tail[0] = static_cast<float>(prompt_code(d.prompt)) / 65536.0f;
  tail[1] = static_cast<float>(d.options.size());
  tail[2] = d.player == seat;
}

void observation_tensor(const Engine& e, const State& s, int seat, float* out) {
  thread_local Projection p;  // (its lists' storage kept from one call to the next: a search's leaves)
  project_into(e, s, seat, p);
  observation_tensor(e, p, out);
}

}  // namespace als
