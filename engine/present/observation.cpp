// Observations, two renderers of what a seat sees (observation.h): protocol 2's flat list of
// integers (docs/protocol.md) and the Python module's float tensor (docs/python.md), the same
// length in every game of a set, built only from what the knowledge model says the seat knows
// (knowledge.h) and what is public: the facts of its projection (projection.h), which
// tests/unit/test_projection.cpp holds them to.
#include <bit>

#include "engine.h"
#include "knowledge.h"
#include "observation.h"

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

std::vector<int> observation(const Engine& e, const State& s, int seat) {
  const Board& b = s.b;
  const size_t C = e.set().cards.size(), T = e.rules().theaters.size();
  std::vector<int> o(4 * C + 9 * T + 10, 0);
  const int opp = 1 - seat;
  for (size_t c = 0; c < C; ++c) {  // what the seat knows of each card (ruling 28)
    if (!knowledge::knows(b, seat, static_cast<int>(c))) continue;
    const CardLoc& l = b.card[c];
    int* at = &o[4 * c];
    switch (l.zone) {
      case Zone::Hand: at[0] = l.owner == seat ? 1 : 6; break;
      case Zone::Board:
        at[0] = l.owner == seat ? 2 : 3;
        at[1] = b.pos[l.theater] + 1;
        at[2] = l.faceup;
        at[3] = e.card_strength(s, static_cast<int>(c));
        break;
      case Zone::Deck: at[0] = 4; break;
      case Zone::Held: at[0] = l.owner == seat ? 5 : 0; break;
      default: break;
    }
  }
  for (int i = 0; i < b.ntheaters; ++i) {
    const int t = b.order[i];
    int* at = &o[4 * C + 9 * static_cast<size_t>(i)];
    at[0] = t;
    at[1] = e.strength(s, seat, t), at[2] = e.strength(s, opp, t);
    at[3] = e.controller(s, t) == seat;
    at[4] = b.tokens[seat][t], at[5] = b.tokens[opp][t];
    at[6] = count_cards(b.in_stack(seat, t)), at[7] = count_cards(b.in_stack(opp, t));
    at[8] = count_cards(b.in_stack(opp, t) & knowledge::unknown(b, seat));
  }
  int* g = &o[4 * C + 9 * T];
  const int hand = e.hand_size(s, seat);
  const int rest[10] = {b.score[seat], b.score[opp], e.rules().vp_target, b.first == seat, static_cast<int>(b.battle), hand,
                        e.hand_size(s, opp), count_cards(b.in_zone(Zone::Deck)), e.withdraw_vp(s, seat, hand),
                        static_cast<int>(e.decision_kind(s))};
  std::copy(rest, rest + 10, g);
  return o;
}

// The float tensor (the Python module's observation_tensor, docs/python.md "Observation tensor"):
// a richer layout than protocol 2's, built the same way from the knowledge model. Counts and
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

void observation_tensor(const Engine& e, const State& s, int seat, float* out) {
  const Board& b = s.b;
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size()), opp = 1 - seat;
  std::fill(out, out + observation_tensor_size(e), 0.0f);
  int card_counters[kMaxCards] = {}, player_counters[2] = {};
  for (int i = 0; i < b.ncounters; ++i) {
    const Counter& k = b.counters[i];
    if (k.target >= kCounterPlayer) player_counters[k.target - kCounterPlayer] += k.value;
    else if (k.target < kMaxCards) card_counters[k.target] += k.value;
  }
  float* cards = out;                                    // A: per card
  float* theaters = cards + C * (kCardWhere + T + 5);    // B: per theater position
  float* stacks = theaters + T * (T + 10);               // C: per side, position, depth
  float* globals = stacks + 2 * T * kStackDepth * 3;     // D
  float* question = globals + kGlobals;                  // E
  int total[2][kMaxTheaters];
  e.totals(s, total);  // (one pass over the board: e.strength() and e.controller() would each walk it again)
  for (int i = 0; i < b.ntheaters; ++i) {
    const int t = b.order[i];
    float* at = theaters + i * (T + 10);
    at[t] = 1;
    at[T] = static_cast<float>(total[seat][t]), at[T + 1] = static_cast<float>(total[opp][t]);
    at[T + 2] = Engine::control(total[0][t], total[1][t], b.first) == seat;
    at[T + 3] = b.tokens[seat][t], at[T + 4] = b.tokens[opp][t];
    for (int side = 0; side < 2; ++side) {
      const int p = side == 0 ? seat : opp;
      uint8_t st[kMaxCards];
      const int n = e.stack(s, p, t, st);
      at[T + 5 + side] = static_cast<float>(n);
      for (int d = 0; d < n; ++d) {
        const int c = st[d];
        const bool known = knowledge::knows(b, seat, c);
        at[T + 8 + side] += static_cast<float>(card_counters[c]);
        if (!known && side == 1) at[T + 7] += 1;
        if (d < kStackDepth) {
          float* slot = stacks + ((side * T + i) * kStackDepth + d) * 3;
          slot[0] = 1, slot[1] = b.card[c].faceup, slot[2] = known;
        }
        if (!known) continue;
        float* cf = cards + c * (kCardWhere + T + 5);
        cf[kCardWhere + i] = 1;
        cf[kCardWhere + T] = b.card[c].faceup;
        cf[kCardWhere + T + 1] = static_cast<float>(e.card_strength(s, c));
        cf[kCardWhere + T + 2] = static_cast<float>(d + 1);
        cf[kCardWhere + T + 3] = d + 1 < n;
        cf[kCardWhere + T + 4] = static_cast<float>(card_counters[c]);
      }
    }
  }
  // Where each card is, as far as the seat knows (ruling 28): by the zones' bit sets, not card by card.
  const uint64_t all = C >= 64 ? ~uint64_t{0} : (uint64_t{1} << C) - 1, known = knowledge::known(b, seat) & all;
  const uint64_t mine = b.owned_by(seat);
  const uint64_t where_bits[kCardWhere] = {
      0,
      known & b.in_zone(Zone::Hand) & mine,
      known & b.in_zone(Zone::Board) & mine,
      known & b.in_zone(Zone::Board) & ~mine,
      known & b.in_zone(Zone::Deck),
      known & b.in_zone(Zone::Held) & mine,
      known & b.in_zone(Zone::Hand) & ~mine};
  uint64_t placed = 0;
  for (int w = 1; w < kCardWhere; ++w) {
    placed |= where_bits[w];
    for (uint64_t m = where_bits[w]; m; m &= m - 1) cards[std::countr_zero(m) * (kCardWhere + T + 5) + w] = 1;
  }
  for (uint64_t m = all & ~placed; m; m &= m - 1) cards[std::countr_zero(m) * (kCardWhere + T + 5)] = 1;
  const int hand = e.hand_size(s, seat);
  const float g[kGlobals] = {static_cast<float>(b.score[seat]), static_cast<float>(b.score[opp]),
                             static_cast<float>(e.rules().vp_target), b.first == seat ? 1.0f : 0.0f,
                             static_cast<float>(b.battle), static_cast<float>(hand),
                             static_cast<float>(e.hand_size(s, opp)), static_cast<float>(count_cards(b.in_zone(Zone::Deck))),
                             static_cast<float>(count_cards(where_bits[4])),  // the deck cards the seat knows
                             static_cast<float>(e.withdraw_vp(s, seat, hand)), e.to_act(s) == seat ? 1.0f : 0.0f,
                             static_cast<float>(player_counters[seat]), static_cast<float>(player_counters[opp]),
                             static_cast<float>(b.nlasting), static_cast<float>(b.turn_number())};
  std::copy(g, g + kGlobals, globals);
  if (b.phase == Phase::Over) return;
  question[static_cast<int>(e.decision_kind(s))] = 1;
  if (!s.r.active) return;
  const Question q = e.text().question(s, seat);
  const bool asker_known = q.card >= 0 && q.card < C && knowledge::knows(b, seat, q.card);
  question[kQuestionKinds + (asker_known ? q.card : C)] = 1;
  float* tail = question + kQuestionKinds + C + 1;
  tail[0] = static_cast<float>(prompt_code(q.prompt)) / 65536.0f;
  tail[1] = static_cast<float>(q.options.size());
  tail[2] = q.player == seat;
}

}  // namespace als
