// Information states as numbers (info_state.h): the record of a game's steps and battles, and
// its rendering for one seat.
#include "info_state.h"

#include <algorithm>
#include <stdexcept>

#include "knowledge.h"

namespace als {

namespace {
constexpr int kBattleHead = 3;  // valid, current, first_me
constexpr int kBattleTail = 2;  // vp_own, vp_opponent

int battle_width(int C, int T) { return kBattleHead + T * T + 2 * C + kBattleTail; }
}  // namespace

InfoBattle battle_of(const State& s, int theaters) {
  InfoBattle b;
  b.number = s.b.battle;
  b.first = static_cast<uint8_t>(s.b.first);
  for (int i = 0; i < theaters && i < kMaxTheaters; ++i) b.order[i] = s.b.order[i];
  for (int p = 0; p < 2; ++p) {
    b.score[p] = s.b.score[p];
    b.dealt[p] = s.b.in_hand(p);
    b.seen[p] = knowledge::known(s.b, p);
  }
  return b;
}

void InfoRecord::begin(const Engine& e, const State& before, const Action& a, int actor) {
  if (battles_.empty() || battles_.back().number != before.b.battle)
    battles_.push_back(battle_of(before, static_cast<int>(e.rules().theaters.size())));
  InfoBattle& b = battles_.back();
  for (int p = 0; p < 2; ++p) b.seen[p] |= knowledge::known(before.b, p);
  InfoStep& st = open_;
  st = InfoStep{};
  st.actor = static_cast<int8_t>(actor);
  st.type = a.type;
  const DecisionKind kind = e.decision_kind(before);
  st.kind = static_cast<uint8_t>(kind);
  st.battle = static_cast<uint8_t>(before.b.battle);
  if (a.type == Action::Deploy || a.type == Action::Improvise) {
    st.card = a.card, st.theater = a.theater;
  } else if (a.type == Action::Rule) {
    st.option = static_cast<uint8_t>(a.option + 1);  // (API 5) its place
  } else if (a.type == Action::Choose && a.option != kNone) {
    if (kind == DecisionKind::Theater) st.theater = static_cast<uint8_t>(a.option);
    else if (kind == DecisionKind::Option) st.option = static_cast<uint8_t>(a.option + 1);
    else if (a.option < kMaxCards) {
      st.card = static_cast<uint8_t>(a.option);
      if (before.b.card[a.option].zone == Zone::Board) st.theater = before.b.card[a.option].theater;
    }
  }
  open_battle_ = before.b.battle;
}

void InfoRecord::end(const State& after) {
  if (open_battle_ == 0) return;
  InfoStep st = open_;
  if (after.b.battle == open_battle_)
    for (int p = 0; p < 2; ++p) battles_.back().seen[p] |= knowledge::known(after.b, p);
  st.known = st.card != kNone ? knowledge::knowers(after.b, st.card) : 3;
  steps_.push_back(st);
  open_battle_ = 0;
}

void InfoRecord::add_chance(uint32_t battle) {
  InfoStep st;
  st.actor = -1;
  st.known = 0;
  st.battle = static_cast<uint8_t>(battle);
  steps_.push_back(st);
  ++chance_;
}

void InfoRecord::rewind(size_t steps, uint32_t battle) {
  if (steps < steps_.size()) steps_.resize(steps);
  while (!battles_.empty() && battles_.back().number > battle) battles_.pop_back();
  open_battle_ = 0;
  ++game_;  // (what was written from it is stale)
  recount();
}

void InfoRecord::recount() {
  chance_ = 0;
  for (const InfoStep& st : steps_) chance_ += st.actor < 0;
}

int information_state_slot_size(const Engine& e) {
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  return 2 + 4 + (C + 1) + (T + 1) + 2 + (e.rules().has(Hook::TurnActions) ? 1 : 0);
}

int information_state_tensor_size(const Engine& e, const InfoShape& shape) {
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  return observation_tensor_size(e) + shape.battles * battle_width(C, T) + shape.steps * information_state_slot_size(e);
}

namespace {
// A battle's row for `player`: `b`, with `vp` the VP each player gained in it.
void battle_row(const InfoBattle& b, bool current, int player, const int vp[2], int C, int T, int target, float* at) {
  at[0] = 1, at[1] = current, at[2] = b.first == player;
  float* order = at + kBattleHead;
  for (int i = 0; i < T; ++i)
    if (b.order[i] < T) order[i * T + b.order[i]] = 1;
  float* dealt = order + T * T;
  float* seen = dealt + C;
  for (int c = 0; c < C; ++c) {
    dealt[c] = static_cast<float>((b.dealt[player] >> c) & 1);
    seen[c] = static_cast<float>((b.seen[player] >> c) & 1);
  }
  const float over = static_cast<float>(std::max(1, target));
  seen[C] = static_cast<float>(vp[player]) / over, seen[C + 1] = static_cast<float>(vp[1 - player]) / over;
}
}  // namespace

void information_state_tensor(const Engine& e, const State& s, const InfoRecord& r, int player, const InfoShape& shape,
                              float* out) {
  InfoWritten fresh;
  information_state_tensor_update(e, s, r, player, shape, out, fresh);
}

void information_state_tensor_update(const Engine& e, const State& s, const InfoRecord& r, int player,
                                     const InfoShape& shape, float* out, InfoWritten& w) {
  if (player != 0 && player != 1) throw std::invalid_argument("player " + std::to_string(player) + " is not 0 or 1");
  observation_tensor(e, s, player, out);
  information_state_recall_update(e, s, r, player, shape, out + observation_tensor_size(e), w);
}

int information_state_battle_width(const Engine& e) {
  return battle_width(static_cast<int>(e.set().cards.size()), static_cast<int>(e.rules().theaters.size()));
}

void information_state_recall_update(const Engine& e, const State& s, const InfoRecord& r, int player,
                                     const InfoShape& shape, float* battles, InfoWritten& w) {
  if (player != 0 && player != 1) throw std::invalid_argument("player " + std::to_string(player) + " is not 0 or 1");
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  const size_t bw = static_cast<size_t>(battle_width(C, T)), slot = static_cast<size_t>(information_state_slot_size(e));
  float* history = battles + static_cast<size_t>(shape.battles) * bw;
  if (w.player < 0) {  // nothing known of the buffer: every float written
    std::fill(battles, history + static_cast<size_t>(shape.steps) * slot, 0.0f);
    w = InfoWritten{0, 0, player, r.game()};
  }
  const bool same = w.player == player && w.game == r.game();
  // The battles: the record's, and the battle under way when no step of it was recorded yet.
  // A row changes while it is the last (its seen cards, its VP) and once after; every row when
  // the player differs.
  const std::vector<InfoBattle>& bs = r.battles();
  const bool extra = bs.empty() || bs.back().number != s.b.battle;
  const size_t rows = std::min<size_t>(bs.size() + (extra ? 1 : 0), static_cast<size_t>(shape.battles));
  const InfoBattle now = extra ? battle_of(s, T) : InfoBattle{};
  const size_t from = same ? static_cast<size_t>(std::max(0, w.battles - 1)) : 0;
  for (size_t i = from; i < std::max(rows, static_cast<size_t>(w.battles)); ++i) {
    float* at = battles + i * bw;
    std::fill(at, at + bw, 0.0f);
    if (i >= rows) continue;  // (a row of the game before: cleared)
    InfoBattle b = i < bs.size() ? bs[i] : now;
    const bool current = i + 1 == bs.size() + (extra ? 1 : 0);
    if (current) b.seen[player] |= knowledge::known(s.b, player);
    const int* end = current ? s.b.score : (i + 1 < bs.size() ? bs[i + 1].score : now.score);
    const int vp[2] = {end[0] - b.score[0], end[1] - b.score[1]};
    battle_row(b, current, player, vp, C, T, e.rules().vp_target, at);
  }
  // The players' steps, oldest first: a slot depends on its step and the player only, so with
  // the same player only the new ones are written, and with the other player of the same game
  // the slots written differ only in by_me and a card one knew and the other did not.
  int n = 0, last_battle = -1;
  const int kept = same ? w.steps : 0;
  const int other = !same && w.game == r.game() && w.player == 1 - player ? w.steps : 0;
  const std::vector<InfoStep>& steps = r.steps();
  size_t k = 0;
  if (r.player_steps() == static_cast<int>(steps.size()) && kept > 0 && kept <= static_cast<int>(steps.size()))
    k = static_cast<size_t>(kept), n = kept, last_battle = steps[k - 1].battle;  // (no chance outcome: the kept slots skipped at once)
  for (; k < steps.size(); ++k) {
    const InfoStep& st = steps[k];
    if (st.actor < 0) continue;
    if (n == shape.steps) break;
    float* at = history + static_cast<size_t>(n++) * slot;
    const int previous = last_battle;
    last_battle = st.battle;
    if (n <= kept) continue;
    if (n <= other) {
      at[1] = st.actor == player;
      const bool was = st.card != kNone && ((st.known >> (1 - player)) & 1), is = st.card != kNone && ((st.known >> player) & 1);
      if (was != is) at[6 + (was ? st.card : C)] = 0, at[6 + (is ? st.card : C)] = 1;
      continue;
    }
    std::fill(at, at + slot, 0.0f);
    at[0] = 1, at[1] = st.actor == player;
    if (st.type == Action::Rule) at[slot - 1] = 1;  // (API 5) its column, the last
    else at[2 + st.type] = 1;
    const bool known = st.card != kNone && ((st.known >> player) & 1);
    at[6 + (known ? st.card : C)] = 1;
    at[6 + C + 1 + (st.theater != kNone ? st.theater : T)] = 1;
    at[6 + C + 1 + T + 1] = static_cast<float>(st.option) / 8.0f;
    at[6 + C + 1 + T + 2] = st.battle != previous;
  }
  if (n < w.steps) std::fill(history + static_cast<size_t>(n) * slot, history + static_cast<size_t>(w.steps) * slot, 0.0f);
  w = InfoWritten{static_cast<int>(rows), n, player, r.game()};
}

std::vector<TensorSlice> information_state_tensor_layout(const Engine& e, const InfoShape& shape) {
  std::vector<TensorSlice> out = observation_tensor_layout(e);
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  int at = observation_tensor_size(e);
  std::vector<std::string> b = {"valid", "current", "first_me"};
  for (int i = 0; i < T; ++i)
    for (const std::string& t : e.rules().theaters) b.push_back("position_" + std::to_string(i + 1) + "_" + t);
  for (const CardDef& c : e.set().cards) b.push_back("dealt_" + c.id);
  for (const CardDef& c : e.set().cards) b.push_back("seen_" + c.id);
  b.push_back("own_vp"), b.push_back("opponent_vp");
  out.push_back({"battles", at, {shape.battles, battle_width(C, T)}, std::move(b)});
  at += shape.battles * battle_width(C, T);
  std::vector<std::string> columns = {"valid", "by_me", "deploy", "improvise", "withdraw", "choose"};
  for (const CardDef& c : e.set().cards) columns.push_back("card_" + c.id);
  columns.push_back("card_unknown");
  for (const std::string& t : e.rules().theaters) columns.push_back("theater_" + t);
  columns.push_back("theater_none");
  columns.push_back("option");
  columns.push_back("new_battle");
  if (e.rules().has(Hook::TurnActions)) columns.push_back("turn_action");
  out.push_back({"history", at, {shape.steps, information_state_slot_size(e)}, std::move(columns)});
  return out;
}

}  // namespace als
