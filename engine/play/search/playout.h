// The search's shared pieces (internal to engine/play/search): the chance to win a game from a
// score, a battle's reward, the playout policy's score of a play, the margins it reads, MAST's
// table of move values and the key a move has in the tree. Inline: the playouts call them at
// every step (mcts.cpp, endgame.cpp, rewards.cpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine.h"
#include "knowledge.h"
#include "rng.h"

namespace als::search {

// The chance in `chances` (win_chances' table for `target`) that a player at `mine` VP wins the
// game against one at `theirs`.
inline double chance_at(const std::vector<double>& chances, int target, int mine, int theirs) {
  const int need = std::clamp(target - mine, 0, target), other = std::clamp(target - theirs, 0, target);
  return chances[static_cast<size_t>(need * (target + 1) + other)];
}

// The search's reward for a player at a battle's end, 0 to 1, from that player's scores before
// (mine0, theirs0) and after it. by_game: the change in the chance to win the game (`chances`,
// win_chances' table for `target`), scaled so that a battle won outright (vp_scale VP) gives 1
// and lost 0; else the VP swing over vp_scale, 0.5 for none.
inline double battle_end_reward(const std::vector<double>& chances, int target, int vp_scale, bool by_game, int mine0,
                                int theirs0, int mine, int theirs) {
  const auto chance = [&](int m, int t) { return chance_at(chances, target, m, t); };
  if (by_game) {
    // A withdrawal's VP count for what they do to the match.
    const double spread = std::max(chance(mine0 + vp_scale, theirs0) - chance(mine0, theirs0 + vp_scale), 1e-9);
    return std::clamp(0.5 + (chance(mine, theirs) - chance(mine0, theirs0)) / spread, 0.0, 1.0);
  }
  return std::clamp(0.5 + 0.5 * ((mine - mine0) - (theirs - theirs0)) / vp_scale, 0.0, 1.0);
}

// The most VP one battle can give under rules without a battle_vp hook: won outright or by the chart.
inline int most_battle_vp(const Rules& r) {
  int most = std::max(r.battle_vp, 1);
  for (const auto& chart : r.withdraw_chart)
    for (int v : chart) most = std::max(most, v);
  return most;
}

// How much a turn's play does for player p, by the margins (p's total less the opponent's, by
// theater id) before it: taking a theater, holding a close one, a card's full strength and
// ability; a play wasted on a theater safely held or already lost scores low. -100 for an action
// that is not a play.
inline int play_score(const Engine& e, const State& s, int p, const int* margin, const Action& a, bool v2) {
  if (a.type != Action::Deploy && a.type != Action::Improvise) return -100;
  const bool deploy = a.type == Action::Deploy;
  // A play its card does not survive (a facedown card under a faceup Containment, a card into
  // a crowded theater next to Blockade) is a discard: below every real play (mcts-v2 did not know).
  if (!v2 && e.destroys_play_at(s, p, a.card, a.theater, deploy) >= 0) return -4;
  const int m = margin[a.theater];
  const int after = m + (deploy ? e.set().cards[a.card].strength : e.rules().facedown_strength);
  const bool before_held = m > 0 || (m == 0 && s.b.first == p);
  const bool after_held = after > 0 || (after == 0 && s.b.first == p);
  int v = deploy ? 2 : 0;
  if (!before_held && after_held) v += 6;
  else if (before_held) v += m <= 3 ? 3 : -2;
  else v += after > -4 ? 1 : -3;
  return v;
}

// Player p's total less the opponent's in each theater (by theater id); returns the theaters p holds.
inline int margins(const Engine& e, const State& s, int p, int* margin) {
  int held = 0;
  int total[2][kMaxTheaters];
  e.totals(s, total);
  for (int i = 0; i < s.b.ntheaters; ++i) {
    const int t = s.b.order[i];
    margin[t] = total[p][t] - total[1 - p][t];
    held += margin[t] > 0 || (margin[t] == 0 && s.b.first == p);
  }
  return held;
}

// Move-average sampling (MAST, Finnsson & Bjornsson 2008): the mean reward of each move, by the
// player who made it, over every iteration of one search (tree and playout alike), a move named
// as it is in the determinization (its card, theater and option). A hashed table; collisions are
// rare and only blur the policy.
struct Mast {
  static constexpr int kBits = 12;  // a table of 2 x 4,096 cells (64 KB, in cache)
  struct Cell {
    float sum = 0;
    int32_t n = 0;
  };
  std::vector<Cell> cells = std::vector<Cell>(size_t{2} << kBits);
  std::vector<uint32_t> touched;
  static uint32_t index(int player, const Action& a) {
    const uint32_t k = static_cast<uint32_t>(a.type) | static_cast<uint32_t>(a.card) << 2 |
                       static_cast<uint32_t>(a.theater) << 10 | static_cast<uint32_t>(a.option) << 16;
    return static_cast<uint32_t>(player & 1) << kBits | (k * 0x9E3779B1u) >> (32 - kBits);
  }
  // The mean reward of the move, 0.5 if it has none yet.
  double value(int player, const Action& a) const {
    const Cell& c = cells[index(player, a)];
    return c.n ? c.sum / static_cast<double>(c.n) : 0.5;
  }
  void add(uint32_t i, double reward) {
    Cell& c = cells[i];
    if (c.n == 0) touched.push_back(i);
    c.sum += static_cast<float>(reward);
    ++c.n;
  }
  void clear() {
    for (uint32_t i : touched) cells[i] = Cell{};
    touched.clear();
  }
};

// The policy that guides playouts and orders expansions. Not a search: it reads the totals in
// each theater once and scores every play by what it does to control there (play_score); it
// withdraws by the chart when that costs less than the battle and taking the theaters still
// needed would ask more than the cards left can be expected to give; a share `explore` of its
// turns is uniform. With `mast` (not null), a play's score gains weight * (its mean reward so far
// - 0.5), and an ability's decision takes the option with the best mean (else it is uniform).
// Picks among `among` (indices into `acts`, not empty); returns an index into `acts`.
inline size_t guided_index(const Engine& e, const State& s, const std::vector<Action>& acts, const std::vector<int>& among,
                           double explore, Rng& rng, const Mast* mast, double weight, bool v2) {
  const size_t n = among.size();
  if (n == 1) return static_cast<size_t>(among[0]);
  int withdraw = -1;  // the withdrawal's place in `among`, if it is there
  for (size_t i = 0; i < n; ++i)
    if (acts[static_cast<size_t>(among[i])].type == Action::Withdraw) withdraw = static_cast<int>(i);
  auto uniform = [&] {  // any but the withdrawal
    size_t k = static_cast<size_t>(rng.below(withdraw >= 0 ? n - 1 : n));
    if (withdraw >= 0 && k >= static_cast<size_t>(withdraw)) ++k;
    return static_cast<size_t>(among[k]);
  };
  auto best_by = [&](auto score) {  // the action of `among` with the highest score, ties at random
    double best = -1e300;
    size_t pick = static_cast<size_t>(among[0]), ties = 0;
    for (size_t i = 0; i < n; ++i) {
      const double v = score(acts[static_cast<size_t>(among[i])]);
      if (v > best) best = v, pick = static_cast<size_t>(among[i]), ties = 1;
      else if (v == best && rng.below(++ties) == 0) pick = static_cast<size_t>(among[i]);
    }
    return pick;
  };
  const int p = e.to_act(s);
  if (e.decision_kind(s) != DecisionKind::Turn) {
    if (!mast || rng.unit() < explore) return uniform();
    return best_by([&](const Action& a) { return mast->value(p, a); });
  }
  const Board& b = s.b;
  int margin[kMaxTheaters] = {};
  const int held = margins(e, s, p, margin);
  if (withdraw >= 0 && held < 2) {
    const int mine = count_cards(b.in_hand(p)), theirs = count_cards(b.in_hand(1 - p));
    // The chart against a battle lost, both as scored: with a battle_vp hook, through it (a rule
    // doubling every battle's VP changes neither side's ratio; mcts-v2 compared the unhooked chart).
    const bool hooked = !v2 && e.rules().has(Hook::BattleVp);
    if (hooked ? e.scored_vp(s, 1 - p, true, mine) < e.scored_vp(s, 1 - p, false, 0)
               : e.withdraw_vp(s, p, mine) < e.rules().battle_vp) {
      int low[2] = {1 << 20, 1 << 20};  // the two smallest gaps: the strength needed to take a theater
      for (int i = 0; i < b.ntheaters; ++i) {
        const int t = b.order[i];
        const int gap = -margin[t] + (b.first == p ? 0 : 1);
        if (gap <= 0) continue;
        if (gap < low[0]) low[1] = low[0], low[0] = gap;
        else if (gap < low[1]) low[1] = gap;
      }
      const int needed = held == 1 ? low[0] : low[0] + low[1];
      if (needed > 5 + 3 * std::max(0, mine - theirs)) return static_cast<size_t>(among[static_cast<size_t>(withdraw)]);
    }
  }
  if (rng.unit() < explore) return uniform();
  return best_by([&](const Action& a) {
    return play_score(e, s, p, margin, a, v2) + (mast ? weight * (mast->value(p, a) - 0.5) : 0.0);
  });
}

// A move as the searching player `me` sees it once it is made: its text's key (Engine::action_key),
// except that a deploy names its card, which the deploy shows (an opponent's card in hand has no
// name before it). So the tree tells the opponent's deploys apart as they are seen on the table.
inline uint32_t move_key(const Engine& e, const State& s, const Action& a, int me) {
  if (a.type == Action::Deploy && a.card < e.set().cards.size() && !knowledge::knows(s.b, me, a.card))
    return e.text().action_key(s, a, -1);
  return e.text().action_key(s, a, me);
}

}  // namespace als::search
