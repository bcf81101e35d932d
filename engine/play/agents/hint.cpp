// The hint at a decision (hint.h): the search's best actions and their chances, as a seat may read them.
#include "hint.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

#include "seeds.h"

namespace als {

double ChanceMap::operator()(double raw) const {
  const double x = std::clamp(raw, 0.0, 1.0) * 10;
  const size_t k = std::min<size_t>(static_cast<size_t>(x), 9);
  const double t = x - static_cast<double>(k);
  return std::clamp(knots[k] + t * (knots[k + 1] - knots[k]), 0.0, 1.0);
}

const HintCalibration& hint_calibration() {
  // Fitted by `build/tests/calibrate fit` (tests/bench/calibrate.cpp) on self-play of the normal
  // level; docs/agents.md, "The hint's chances", has the errors before and after.
  // (`calibrate 240 1`: 240 games, 15,119 predictions, with the search as it is since it reads
  // the learned value from the view of the player to act at a leaf, with the second generation's
  // weights.)
  static const HintCalibration table{
      ChanceMap{{0.001, 0.028, 0.132, 0.196, 0.302, 0.454, 0.589, 0.667, 0.744, 0.802, 0.997}},
      ChanceMap{{0.005, 0.125, 0.241, 0.325, 0.410, 0.500, 0.581, 0.681, 0.775, 0.895, 1.000}},
  };
  return table;
}

std::vector<HintLine> hint(SearchAgent& search, const InfoState& info, const HintCalibration& calibration) {
  std::vector<Estimate> ranked = search.count_worlds(info, kCountedCards, kCountedWorlds);  // best first
  const bool counted = !ranked.empty();
  if (!counted) ranked = search.rank(info);  // most tried first
  std::vector<HintLine> out;
  const int most = ranked.empty() ? 0 : ranked.front().visits;
  const int enough = std::max(10, most / 50);
  // Where the rules say the battle decides the game (issue 53).
  const bool losing_loses = info.battle_wins_game(1 - info.player()), winning_wins = info.battle_wins_game(info.player());
  for (const Estimate& e : ranked) {
    const double battle = counted ? e.battle : calibration.battle(e.battle);
    double game = calibration.game(e.game_if_won * battle + e.game_if_lost * (1 - battle));
    // The two never contradict each other (issue 53): where losing the battle loses the game (by
    // the rules, or in every iteration that lost it, or none lost it), the game is no likelier
    // than the battle; where winning it wins the game, no less likely. (The maps alone could say
    // "battle 21%, game 23%".)
    if (losing_loses || e.battle >= 1 - 1e-9 || e.game_if_lost <= 1e-9) game = std::min(game, battle);
    if (winning_wins || e.battle <= 1e-9 || e.game_if_won >= 1 - 1e-9) game = std::max(game, battle);
    out.push_back({e.action, e.text, e.win, battle, game, e.visits, counted || e.visits >= kHintGameVisits, counted, e});
  }
  if (counted) return out;  // (already best first: every action counted over the same worlds)
  std::stable_sort(out.begin(), out.end(), [&](const HintLine& a, const HintLine& b) {
    const bool ka = a.visits >= enough, kb = b.visits >= enough;
    if (ka != kb) return ka;
    return ka ? a.value > b.value : a.visits > b.visits;
  });
  return out;
}

std::vector<HintLine> shown_hint(std::vector<HintLine> lines, size_t n) {
  if (lines.size() > n) lines.resize(n);
  // Percentages as shown: two lines showing the same figure keep the search's order.
  auto shown = [](double x) { return static_cast<int>(x * 100 + 0.5); };
  std::stable_sort(lines.begin(), lines.end(), [&](const HintLine& a, const HintLine& b) {
    if (a.game_known != b.game_known) return a.game_known;
    if (a.game_known && shown(a.game) != shown(b.game)) return shown(a.game) > shown(b.game);
    return shown(a.battle) > shown(b.battle);
  });
  return lines;
}

const char* mark_name(Mark m) {
  static const char* const names[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
  return names[static_cast<int>(m)];
}

namespace {
// The hint's line for `a` (a legal action of s) from a search that tries only it at the root
// (SearchAgent::set_root_moves), or, for a search that cannot, from one of every move.
HintLine alone(const SearchMaker& make, const Engine& e, const State& s, const std::vector<Action>& legal, const Action& a) {
  const InfoState info(e, s, legal);
  const uint32_t key = e.text().action_key(s, a, info.player());
  std::unique_ptr<SearchAgent> search = make();
  search->set_root_moves({key});
  for (HintLine& h : hint(*search, info))
    if (info.key(h.action) == key) {
      h.action = a;
      return std::move(h);
    }
  throw std::invalid_argument("review: the search ranked no such action");
}
}  // namespace

bool withdrawing_pays(const Engine& e, const InfoState& info, double battle) {
  const double vp = std::max(e.rules().battle_vp, 1);
  return -static_cast<double>(info.withdraw_vp()) > (2 * battle - 1) * vp;
}

SearchMaker review_searches(const std::string& spec, uint64_t seed, size_t step, int player) {
  auto looks = std::make_shared<uint64_t>(0);  // (one count, whatever copies of the maker are made)
  return [spec, seed, step, player, looks]() -> std::unique_ptr<SearchAgent> {
    auto a = make_agent(spec, game_seed(seed, step * 4 + (*looks)++), player);
    auto* search = dynamic_cast<SearchAgent*>(a.get());
    if (!search) throw std::invalid_argument("'" + spec + "' is no search");
    a.release();
    return std::unique_ptr<SearchAgent>(search);
  };
}

DecisionReview review_decision(const SearchMaker& make, const Engine& e, const State& s, const Action& chosen) {
  std::vector<Action> legal;
  e.legal(s, legal);
  if (std::find(legal.begin(), legal.end(), chosen) == legal.end())
    throw std::invalid_argument("review: the action taken is not legal here");
  const InfoState info(e, s, legal);
  std::unique_ptr<SearchAgent> search = make();
  const std::vector<HintLine> lines = hint(*search, info);
  const Action best = info.real(lines.front().action);
  DecisionReview r;
  const int p = info.player();
  if (legal.size() == 1 || e.text().action_key(s, best, p) == e.text().action_key(s, chosen, p)) {
    r.best = r.chosen = alone(make, e, s, legal, chosen);
    return r;
  }
  r.best = alone(make, e, s, legal, best);
  // "Better: withdraw" only where withdrawing is better in VP than playing on as the player did:
  // the chart's cost against the battle's expected swing at the chosen play's battle chance. Else
  // the best is the search's best play (issue 73: withdrawals were urged in battles then won).
  r.chosen = alone(make, e, s, legal, chosen);
  if (best.type == Action::Withdraw && !withdrawing_pays(e, info, r.chosen.battle))
    for (const HintLine& h : lines)
      if (const Action a = info.real(h.action); a.type != Action::Withdraw) {
        if (e.text().action_key(s, a, p) == e.text().action_key(s, chosen, p)) {
          r.best = r.chosen;
          return r;
        }
        r.best = alone(make, e, s, legal, a);
        break;
      }
  // Between two plays, the loss in the chance to win the game, where both figures rest on enough
  // iterations: the game is what the player plays for, and a battle's chance given away where the
  // game does not turn on it (a battle won anyway against a weak level) costs little of it. Else,
  // and where either is a withdrawal, in the search's value: a withdrawal's game chance is exact
  // (the chart's VP, then the race) and a play's an estimate, so the two compare unevenly (an
  // immediate withdrawal at a game's start read 46.8% against the best play's 45.0%).
  const bool game = r.best.game_known && r.chosen.game_known && chosen.type != Action::Withdraw &&
                    r.best.action.type != Action::Withdraw;
  r.loss = std::max(0.0, game ? r.best.game - r.chosen.game : r.best.value - r.chosen.value);
  r.mark = r.loss >= kBlunder ? Mark::Blunder : r.loss >= kMistake ? Mark::Mistake : r.loss >= kInaccuracy ? Mark::Inaccuracy : Mark::Good;
  return r;
}

double calibration_error(const std::vector<Prediction>& p) {
  if (p.empty()) return 0;
  double chance[10] = {}, seen[10] = {};
  int n[10] = {};
  for (const Prediction& x : p) {
    const int b = std::min(9, static_cast<int>(std::clamp(x.chance, 0.0, 1.0) * 10));
    chance[b] += x.chance, seen[b] += x.outcome, ++n[b];
  }
  double err = 0;
  for (int b = 0; b < 10; ++b)
    if (n[b]) err += std::abs(chance[b] - seen[b]) / static_cast<double>(p.size());  // n_b/N * |mean - freq|
  return err;
}

std::array<double, 2> calibration_interval(const std::vector<Prediction>& p, int rounds, uint64_t seed) {
  std::map<int, std::vector<Prediction>> by_game;
  for (const Prediction& x : p) by_game[x.game].push_back(x);
  std::vector<const std::vector<Prediction>*> games;
  for (const auto& [g, xs] : by_game) games.push_back(&xs);
  if (games.empty() || rounds < 1) return {0, 0};
  Rng rng(seed);
  std::vector<double> errors;
  std::vector<Prediction> sample;
  for (int r = 0; r < rounds; ++r) {
    sample.clear();
    for (size_t i = 0; i < games.size(); ++i) {
      const auto& xs = *games[rng.below(games.size())];
      sample.insert(sample.end(), xs.begin(), xs.end());
    }
    errors.push_back(calibration_error(sample));
  }
  std::sort(errors.begin(), errors.end());
  auto at = [&](double q) { return errors[std::min(errors.size() - 1, static_cast<size_t>(q * static_cast<double>(errors.size())))]; };
  return {at(0.025), at(0.975)};
}

ChanceMap fit_chance_map(const std::vector<Prediction>& p) {
  ChanceMap m;
  double weight[11] = {}, value[11] = {};
  for (const Prediction& x : p) {
    const double r = std::clamp(x.chance, 0.0, 1.0) * 10;
    for (int k = 0; k <= 10; ++k) {
      const double w = std::max(0.0, 1.0 - std::abs(r - k));
      weight[k] += w, value[k] += w * x.outcome;
    }
  }
  // Pool adjacent violators: blocks of knots, each at its weighted mean, merged while one is
  // above the next. A knot without data weighs almost nothing and starts at its raw value.
  struct Block {
    double w, v;
    int n;
  };
  std::vector<Block> blocks;
  for (int k = 0; k <= 10; ++k) {
    const bool data = weight[k] > 1e-9;
    blocks.push_back({data ? weight[k] : 1e-6, data ? value[k] / weight[k] : k / 10.0, 1});
    while (blocks.size() > 1 && blocks[blocks.size() - 2].v > blocks.back().v) {
      Block b = blocks.back();
      blocks.pop_back();
      Block& a = blocks.back();
      a.v = (a.v * a.w + b.v * b.w) / (a.w + b.w), a.w += b.w, a.n += b.n;
    }
  }
  size_t k = 0;
  for (const Block& b : blocks)
    for (int i = 0; i < b.n; ++i) m.knots[k++] = b.v;
  return m;
}

}  // namespace als
