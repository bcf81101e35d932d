// Exact endgames (mcts.h, solve_endgame): alpha-beta to the battle's end in each world drawn,
// the player to act choosing for themselves, within a budget of nodes, work or time.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <exception>
#include <limits>

#include "mcts.h"
#include "playout.h"

namespace als {

using namespace search;

// ---- Exact endgames ---------------------------------------------------------------------

namespace {
struct OutOfBudget {};  // an endgame's budget ran out (its world is left unsolved)
// An endgame's nodes for one of a search's iterations (about as long: measured, docs/agents.md).
constexpr long long kEndgameNodes = 2;
// The fewest worlds an endgame is played by (or Options::worlds, if fewer): one or two worlds are
// a guess at the opponent's hand, and the search then plays better (docs/agents.md).
constexpr int kMinWorlds = 4;
}  // namespace

// One world's endgame: alpha-beta to the end of the battle, the player to act at each decision
// (a turn, or a choice an ability asks) choosing for themselves, both knowing the world. Values
// are `me`'s reward (the search's, Pass::reward), 0 to 1; the battle's rewards of the two players
// sum to 1, so the opponent minimises it.
class MctsAgent::Endgame {
 public:
  Endgame(const Engine& e, int me, const State& root, int vp_scale, const std::vector<double>& chances, bool by_game,
          long long max_nodes, long long work, bool timed, std::chrono::steady_clock::time_point until)
      : e_(e), me_(me), battle_(root.b.battle), target_(std::max(e.rules().vp_target, 1)), vp_scale_(vp_scale),
        chances_(chances), by_game_(by_game), max_nodes_(max_nodes),
        work_from_(e.work()), work_(work), timed_(timed), until_(until) {
    start_[0] = root.b.score[0], start_[1] = root.b.score[1];
  }
  /// The value for `me` of `t` within (alpha, beta): exact where it lies inside, else a bound on
  /// the side it falls (fail-soft). Throws OutOfBudget past the nodes, the work or the clock.
  double value(const State& t, double alpha, double beta, size_t depth) {
    if (t.b.phase == Phase::Over || t.b.battle != battle_) return leaf(t);
    count();
    if (depth >= kMaxDepth) throw OutOfBudget{};  // (a battle's end is a few decisions away)
    if (acts_.size() <= depth) acts_.resize(depth + 1), states_.resize(depth + 1);
    std::vector<Action>& acts = acts_[depth];
    e_.legal(t, acts);
    order(t, acts);
    const bool mine = e_.to_act(t) == me_;
    double best = mine ? -1 : 2;
    for (const Action& a : acts) {
      State& child = states_[depth];
      copy_state(child, t);
      e_.apply_discarding(child, a, nullptr, true);
      const double v = value(child, alpha, beta, depth + 1);
      if (mine) best = std::max(best, v), alpha = std::max(alpha, v);
      else best = std::min(best, v), beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    return best;
  }
  /// Each of the root's moves in `world` solved: v[i] the value after the first legal action keyed
  /// keys[i] (move_key), -1 where `world` has none. Throws OutOfBudget as value() does.
  void root(const State& world, const std::vector<uint32_t>& keys, std::vector<double>& v) {
    std::fill(v.begin(), v.end(), -1.0);
    e_.legal(world, root_acts_);
    for (const Action& a : root_acts_) {
      const size_t i = static_cast<size_t>(std::find(keys.begin(), keys.end(), move_key(e_, world, a, me_)) - keys.begin());
      if (i == keys.size() || v[i] >= 0) continue;
      copy_state(root_child_, world);
      e_.apply_discarding(root_child_, a, nullptr, true);
      v[i] = value(root_child_, 0, 1, 0);
    }
  }
  long long nodes() const { return nodes_; }
  /// The rules' work (Lua instructions) the solution ran so far.
  long long work() const { return e_.work() - work_from_; }

 private:
  static constexpr size_t kMaxDepth = 48;
  // The reward at the battle's end (Pass::reward).
  double leaf(const State& t) const {
    if (t.b.phase == Phase::Over) return t.b.winner == me_ ? 1.0 : 0.0;
    return battle_end_reward(chances_, target_, vp_scale_, by_game_, start_[me_], start_[1 - me_], t.b.score[me_],
                             t.b.score[1 - me_]);
  }
  void count() {
    if (++nodes_ > max_nodes_) throw OutOfBudget{};
    if (work_ > 0 && e_.work() - work_from_ > work_) throw OutOfBudget{};  // (a node may run slow scripts)
    if (timed_ && (nodes_ & 63) == 0 && std::chrono::steady_clock::now() >= until_) throw OutOfBudget{};
  }
  // The likely best first, so that alpha-beta cuts early: a withdrawal (a leaf at once), then a
  // turn's plays by the guided policy's score.
  void order(const State& t, std::vector<Action>& acts) const {
    if (e_.decision_kind(t) != DecisionKind::Turn) return;
    const int p = e_.to_act(t);
    int margin[kMaxTheaters] = {};
    margins(e_, t, p, margin);
    std::stable_sort(acts.begin(), acts.end(), [&](const Action& x, const Action& y) {
      const bool wx = x.type == Action::Withdraw, wy = y.type == Action::Withdraw;
      if (wx != wy) return wx;
      return play_score(e_, t, p, margin, x, false) > play_score(e_, t, p, margin, y, false);
    });
  }

  const Engine& e_;
  const int me_;
  const uint32_t battle_;
  const int target_, vp_scale_;
  int start_[2] = {0, 0};
  const std::vector<double>& chances_;
  const bool by_game_;
  const long long max_nodes_;
  const long long work_from_, work_;
  const bool timed_;
  const std::chrono::steady_clock::time_point until_;
  long long nodes_ = 0;
  std::vector<std::vector<Action>> acts_;  // by depth
  std::deque<State> states_;               // by depth: the child being solved (a deque: a parent's
                                           // state stays where it is as the deeper ones are added)
  std::vector<Action> root_acts_;          // root(): the world's legal actions
  State root_child_;                       // root(): the state after one of them
};

std::vector<Estimate> MctsAgent::solve_endgame(const InfoState& info, const Budget& budget) {
  last_endgame_worlds_ = 0, last_endgame_nodes_ = 0, last_endgame_work_ = 0;
  const Engine& e = info.engine();
  const Rules& rules = e.rules();
  // A decision that sets a battle up (a draft's pick) is the battle's beginning, whatever the
  // hands hold: the cards still to come are not in them yet.
  if (opt_.endgame <= 0 || opt_.v2 || opt_.game || info.sets_battle_up()) return {};
  const int me = info.player();
  Rng rng(rng_.next());
  const Engine::Sampler sampler = info.sampler();
  State world;
  sampler.draw(world, rng);
  if (e.hand_size(world, me) > opt_.endgame || e.hand_size(world, 1 - me) > opt_.endgame) return {};
  if (chance_rules_ != &rules) chance_ = win_chances(rules), chance_rules_ = &rules;
  believe(info);
  e.restart_work();  // (so that the work counted is the same on every run)
  RewardScale scale;  // the search's reward (Pass::iterate), read in the first world
  try {
    scale = reward_scale(e, world, me, false, opt_.match);
  } catch (const ScriptError& err) {
    search_failed(err);
  }
  const std::vector<double>& chances = scale.hooked.empty() ? chance_ : scale.hooked;
  // The budget: a number of nodes for a number of iterations (kEndgameNodes a search's
  // iteration costs about as much), or the clock.
  const bool timed = budget.time_ms > 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long long>(budget.time_ms * 1000));
  const long long max_nodes = timed ? std::numeric_limits<long long>::max() : static_cast<long long>(budget.iterations) * kEndgameNodes;
  Endgame solver(e, me, world, scale.vp, chances, opt_.match || scale.decides, max_nodes, budget.work, timed, until);
  const std::vector<Action>& legal = info.legal();
  std::vector<uint32_t> keys(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) keys[i] = info.key(legal[i]);
  std::vector<double> sum(legal.size(), 0), v(legal.size());
  std::vector<int> n(legal.size(), 0);  // the worlds each action was solved in (every world, unless a world lacks it)
  int solved = 0;
  try {
    for (int k = 0; k < opt_.worlds; ++k) {
      if (k > 0 || !belief_.worlds.empty()) draw_world(sampler, world, rng);  // (the first plain draw is made)
      try {
        solver.root(world, keys, v);
      } catch (const RerunMismatch&) {  // a world whose hidden cards would not have asked this: not solved
        continue;
      }
      for (size_t i = 0; i < v.size(); ++i)
        if (v[i] >= 0) sum[i] += v[i], ++n[i];
      ++solved;
    }
  } catch (const OutOfBudget&) {
  } catch (const ScriptError& err) {
    search_failed(err);
  }
  last_endgame_nodes_ = solver.nodes();
  last_endgame_work_ = solver.work();
  last_endgame_worlds_ = solved;
  if (solved == 0 || solved < std::min(kMinWorlds, opt_.worlds)) return {};
  std::vector<Estimate> out;
  for (size_t i = 0; i < legal.size(); ++i) {
    out.push_back(Estimate{legal[i], info.text(legal[i]), n[i] > 0 ? sum[i] / n[i] : 0.0, n[i]});
  }
  std::stable_sort(out.begin(), out.end(), [](const Estimate& x, const Estimate& y) { return x.win > y.win; });
  return out;
}

namespace {
// The places of the cards `me` does not know, as a number: two worlds drawn for `me` are the same
// exactly when their hidden cards lie in the same places (a hand as a set; the deck's order aside).
uint64_t hidden_places(const State& w, int me) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t x) { h = (h ^ x) * 1099511628211ull; };
  for (int c = 0; c < w.b.ncards; ++c) {
    if (knowledge::knows(w.b, me, c)) continue;
    const CardLoc& l = w.b.card[c];
    mix(static_cast<uint64_t>(c) << 32 | static_cast<uint64_t>(l.zone) << 24 |
        (l.zone == Zone::Deck   ? 0  // (the deck's order aside)
         : l.zone == Zone::Hand ? static_cast<uint64_t>(l.owner) << 16  // (a hand is a set)
                                : static_cast<uint64_t>(l.owner) << 16 | static_cast<uint64_t>(l.theater) << 8 | l.seq));
  }
  return h;
}
}  // namespace

std::vector<Estimate> MctsAgent::count_worlds(const InfoState& info, int most_cards, int most_worlds) {
  const Engine& e = info.engine();
  const int me = info.player();
  // (Its own generator: a count leaves the search's draws as they were. Every world is found, so
  // the draws decide nothing.)
  Rng rng(0x636f756e74ull);
  const Engine::Sampler sampler = info.sampler();
  State world;
  sampler.draw(world, rng);
  if (e.hand_size(world, me) > most_cards || e.hand_size(world, 1 - me) > most_cards) return {};
  std::vector<State> worlds;
  std::vector<uint64_t> seen;
  for (int draws = 0, since = 0; draws < 4000 && since < 300; ++draws, ++since) {
    if (draws > 0) sampler.draw(world, rng);
    const uint64_t k = hidden_places(world, me);
    if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
    if (static_cast<int>(seen.size()) >= most_worlds) return {};
    seen.push_back(k), worlds.push_back(world), since = 0;
  }
  if (chance_rules_ != &e.rules()) chance_ = win_chances(e.rules()), chance_rules_ = &e.rules();
  e.restart_work();
  const std::vector<Action>& legal = info.legal();
  std::vector<uint32_t> keys(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) keys[i] = info.key(legal[i]);
  std::vector<double> sum(legal.size(), 0), v(legal.size());
  std::vector<int> won(legal.size(), 0), n(legal.size(), 0);
  RewardScale scale;
  try {
    scale = reward_scale(e, worlds.front(), me, false, opt_.match);
    const std::vector<double>& chances = scale.hooked.empty() ? chance_ : scale.hooked;
    Endgame solver(e, me, worlds.front(), scale.vp, chances, opt_.match || scale.decides, 4'000'000, opt_.work, false, {});
    for (const State& w : worlds) {
      try {
        solver.root(w, keys, v);
      } catch (const RerunMismatch&) {  // (as solve_endgame: not counted)
        continue;
      }
      for (size_t i = 0; i < v.size(); ++i)
        if (v[i] >= 0) sum[i] += v[i], won[i] += v[i] > 0.5, ++n[i];
    }
  } catch (const OutOfBudget&) {
    return {};
  } catch (const ScriptError& err) {
    search_failed(err);
  }
  // The game's chance from the scores a battle won or lost would leave (as a leaf of the learned
  // value reads it).
  const int mine = worlds.front().b.score[me], theirs = worlds.front().b.score[1 - me], vp = std::max(scale.vp, 1);
  const double if_won = chance_at(chance_, std::max(e.rules().vp_target, 1), mine + vp, theirs),
               if_lost = chance_at(chance_, std::max(e.rules().vp_target, 1), mine, theirs + vp);
  std::vector<Estimate> out;
  for (size_t i = 0; i < legal.size(); ++i) {
    if (n[i] == 0) continue;
    const double b = static_cast<double>(won[i]) / n[i];
    out.push_back(Estimate{legal[i], info.text(legal[i]), sum[i] / n[i], n[i], b, b * if_won + (1 - b) * if_lost, if_won, if_lost});
  }
  std::stable_sort(out.begin(), out.end(), [](const Estimate& x, const Estimate& y) { return x.win > y.win; });
  return out;
}

}  // namespace als
