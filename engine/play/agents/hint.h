// The hint a player may ask for at a decision (als play's `hint`), and how its chances are
// calibrated against self-play (docs/agents.md, "The hint's chances").
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents.h"

namespace als {

/// A chance as the search estimates it, mapped to the frequency observed in self-play: a
/// piecewise-linear map through knots at raw 0, 0.1, ..., 1, non-decreasing.
struct ChanceMap {
  std::array<double, 11> knots{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1};
  /// The calibrated chance of `raw` (clamped to 0..1), 0 to 1.
  double operator()(double raw) const;
};

/// The maps the hint applies to the normal level's search (mcts:iterations=2000), fitted by
/// tests/bench/calibrate.cpp on self-play of that level (docs/agents.md has the figures).
struct HintCalibration {
  ChanceMap battle, game;
};
const HintCalibration& hint_calibration();

/// One action of a hint, with what one search says about it.
struct HintLine {
  Action action;
  std::string text;   // as the player sees it
  double value = 0;   // the search's mean reward after it (what the computer maximises), 0 to 1
  double battle = 0;  // the chance to win the current battle after it, calibrated
  double game = 0;    // the chance to win the game after it, calibrated; from the same iterations
  int visits = 0;     // the iterations that tried it
  bool game_known = false;  // the game chance rests on at least kHintGameVisits iterations (or is counted)
  bool counted = false;     // the battle chance is an exact count over the worlds (count_worlds): `visits` of them
  Estimate raw;             // the search's own figures, before calibration
};
/// Where both hands hold at most this many cards and the worlds the player cannot tell apart are
/// at most kCountedWorlds, the hint counts (SearchAgent::count_worlds) rather than estimates.
constexpr int kCountedCards = 2, kCountedWorlds = 64;
/// The iterations an action's game chance needs before a hint shows it (its standard error is then
/// at most 0.035).
constexpr int kHintGameVisits = 200;

/// The hint: every legal action ranked by one search of `search`, best first. Near a battle's end
/// (kCountedCards) the battle chance is instead counted over every world the player cannot tell
/// apart, solved to the battle's end (`counted`, no map: "1 in 6" where one of the opponent's
/// possible last cards beats the player), the order by the count's mean reward. The order is the
/// search's value (the reward the computer maximises) among the actions it tried at least
/// max(10, 2% of the most tried) times, then the others by how often they were tried (a value
/// from a handful of iterations decides nothing). Both chances come from the same iterations:
/// the battle's mapped through `calibration.battle`; the game's is the game chance where the
/// battle is won weighed by that calibrated battle chance, plus where it is lost by the rest,
/// then mapped through `calibration.game`, and bounded by the battle's: at most it where losing
/// the battle loses the game (by the rules, InfoState::battle_wins_game, or in every iteration
/// that lost it), at least it where winning it wins the game (so where the battle decides the
/// game, the two are equal). Throws ScriptError as the search does.
std::vector<HintLine> hint(SearchAgent& search, const InfoState& info,
                           const HintCalibration& calibration = hint_calibration());

/// The lines a player is shown (als play's `hint`): the `n` best of `lines` (as hint() ranks
/// them), then ordered by the chances they show, so that no line sits above one that shows a
/// better chance: a shown game chance (game_known) before an unknown one, then the game chance,
/// then the battle chance, highest first (ties keep the search's order). Takes the hint's lines,
/// returns at most `n` of them.
std::vector<HintLine> shown_hint(std::vector<HintLine> lines, size_t n = 3);

/// How much a decision gave away, as a chess game review marks moves (als review).
enum class Mark : uint8_t { Best, Good, Inaccuracy, Mistake, Blunder };
/// "best", "good", "inaccuracy", "mistake", "blunder".
const char* mark_name(Mark m);
/// The value a decision gave away (the search's reward, 0 to 1) from which it is marked an
/// inaccuracy, a mistake, a blunder: about 2, 4 and 8 standard errors of the difference of two
/// searches of 2,000 iterations.
constexpr double kInaccuracy = 0.05, kMistake = 0.10, kBlunder = 0.20;
/// One decision reviewed: the search's best action and the action taken, each with its figures
/// from a search of that action alone from the same information state (so that both rest on the
/// same iterations, and the best one's is not the maximum of noisy estimates), what was given away
/// (`loss`, at least 0: between two plays the game chance, where both are known; else the search's
/// value) and its mark. Where the action taken is the best (the same as the
/// player sees it), `chosen` is `best` and the mark Best.
struct DecisionReview {
  HintLine best, chosen;
  double loss = 0;
  Mark mark = Mark::Best;
};
/// Whether withdrawing at `info` gives its player more, in VP, than playing on with `battle` (0 to
/// 1) as the chance to win the battle: the chart's cost now (info.withdraw_vp()) against the
/// battle's expected swing, battle * battle_vp - (1 - battle) * battle_vp (als review's "better:
/// withdraw" only where it does).
bool withdrawing_pays(const Engine& e, const InfoState& info, double battle);
/// Makes a fresh search for each look (a review's agent, seeded).
using SearchMaker = std::function<std::unique_ptr<SearchAgent>()>;
/// The searches a review makes at the decision of step `step` (from 0) of the game dealt from
/// `seed`: agent `spec` for `player`, the kth look seeded game_seed(seed, step * 4 + k), so that
/// every face (als review, als web's page) marks a game alike. Calling it throws
/// std::invalid_argument where `spec` is no search.
SearchMaker review_searches(const std::string& spec, uint64_t seed, size_t step, int player);
/// Reviews the decision at `s` (its player to act, who knows what the state's knowledge says)
/// where `chosen` (a legal action of s) was taken: one search of every legal action picks the
/// best (hint's order; a withdrawal only where it gives more in VP than playing on at the chosen
/// play's battle chance, else the best play), then one search of the best alone and one of
/// `chosen` alone; the loss is in the game chance between two plays (both known), else in the
/// search's value. Throws ScriptError as the search does,
/// std::invalid_argument if `chosen` is not legal.
DecisionReview review_decision(const SearchMaker& make, const Engine& e, const State& s, const Action& chosen);

/// One prediction checked against what happened: a chance in 0..1 and the outcome (0 or 1), with
/// the game it came from (for a bootstrap over games).
struct Prediction {
  double chance = 0;
  int outcome = 0;
  int game = 0;
};
/// The expected calibration error: over ten equal-width bins of the chance, the mean of
/// |mean chance - observed frequency| weighted by the bin's share of the predictions; 0 for none.
double calibration_error(const std::vector<Prediction>& p);
/// The same error's 95% interval by a bootstrap over games (`rounds` resamples of whole games,
/// seeded), as {low, high}.
std::array<double, 2> calibration_interval(const std::vector<Prediction>& p, int rounds, uint64_t seed);
/// The map fitted to predictions: each knot the observed frequency of the predictions near it
/// (weighted by closeness, within 0.1), made non-decreasing by pooling adjacent violators; a
/// knot with no prediction near it keeps its own raw value.
ChanceMap fit_chance_map(const std::vector<Prediction>& p);

}  // namespace als
