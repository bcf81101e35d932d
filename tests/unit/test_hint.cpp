// The hint (play/agents/hint.h): its order, its two chances from one search, and the calibration
// arithmetic that docs/agents.md's figures come from.
#include <catch2/catch.hpp>

#include "agents.h"
#include "helpers.h"
#include "hint.h"
#include "mcts.h"

using namespace als;

namespace {
MctsAgent search_of(uint64_t seed, int iterations, const std::string& value = "") {
  MctsAgent::Options o;
  o.iterations = iterations;
  o.value = value;
  return MctsAgent(seed, o);
}
}  // namespace

TEST_CASE("the calibration error: zero for calibrated chances, the gap for overconfident ones") {
  std::vector<Prediction> fair, sure;
  for (int i = 0; i < 400; ++i) {
    fair.push_back({0.25, i % 4 == 0, i / 10});  // a quarter come true
    sure.push_back({0.85, i % 2, i / 10});       // said 85%, half come true
  }
  CHECK(calibration_error(fair) == Approx(0));
  CHECK(calibration_error(sure) == Approx(0.35));
  std::vector<Prediction> both = fair;
  both.insert(both.end(), sure.begin(), sure.end());
  CHECK(calibration_error(both) == Approx(0.175));  // each bin weighted by its share
  const auto i = calibration_interval(sure, 200, 3);
  CHECK(i[0] <= 0.35 + 1e-9);
  CHECK(i[1] >= 0.35 - 0.1);
  CHECK(i[0] <= i[1]);
  CHECK(calibration_error({}) == 0);
}

TEST_CASE("a fitted map brings overconfident chances to what happened, and never decreases") {
  std::vector<Prediction> p;
  for (int i = 0; i < 1000; ++i) {
    p.push_back({0.8, i % 2, i});        // said 80%, half true
    p.push_back({0.3, i % 10 < 4, i});   // said 30%, 40% true
    p.push_back({0.6, i % 10 < 3, i});   // said 60%, 30% true: below 0.3's, so pooled with it
  }
  const ChanceMap m = fit_chance_map(p);
  for (size_t k = 1; k < m.knots.size(); ++k) CHECK(m.knots[k] >= m.knots[k - 1]);
  CHECK(m(0.3) == Approx(0.35));  // 40% and 30% together
  CHECK(m(0.6) == Approx(0.35));
  CHECK(m(0.8) == Approx(0.5));
  CHECK(m(0.7) == Approx(0.5));   // a knot without data below one with data: pooled with it
  std::vector<Prediction> mapped = p;
  for (Prediction& x : mapped) x.chance = m(x.chance);
  CHECK(calibration_error(mapped) < calibration_error(p) / 3);
  // a map interpolates between its knots and clamps
  const ChanceMap identity;
  CHECK(identity(0.37) == Approx(0.37));
  CHECK(identity(1.5) == 1);
  CHECK(identity(-2) == 0);
}

TEST_CASE("the hint ranks by the search's value among the actions tried enough, both chances from one search") {
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  for (uint64_t g = 1; g <= 6; ++g) {
    State s = e.new_game(g);
    std::vector<Action> legal;
    for (size_t step = 0; step < g * 3 && e.to_act(s) >= 0; ++step) {
      e.legal(s, legal);
      e.apply(s, legal[(g * 7 + step) % legal.size()]);
    }
    if (e.to_act(s) < 0) continue;
    e.legal(s, legal);
    if (legal.size() < 2) continue;
    MctsAgent search = search_of(g, 1500, g % 2 ? "" : "standard");  // (the learned value in half)
    const std::vector<HintLine> lines = hint(search, InfoState(e, s, legal));
    REQUIRE(lines.size() == legal.size());
    int most = 0;
    for (const HintLine& h : lines) most = std::max(most, h.visits);
    const int enough = std::max(10, most / 50);
    bool tried = true;  // the well-tried first, best value first; then the others, most tried first
    for (size_t i = 0; i < lines.size(); ++i) {
      const HintLine& h = lines[i];
      INFO("game " << g << ", line " << i << ": " << h.text);
      CHECK(h.battle >= 0);
      CHECK(h.battle <= 1);
      CHECK(h.game >= 0);
      CHECK(h.game <= 1);
      CHECK(h.game_known == (h.visits >= kHintGameVisits));
      CHECK(h.battle == Approx(hint_calibration().battle(h.raw.battle)));
      if (h.visits < enough) tried = false;
      else CHECK(tried);
      if (i > 0 && tried) CHECK(lines[i - 1].value >= h.value);
      if (i > 0 && !tried && lines[i - 1].visits < enough) CHECK(lines[i - 1].visits >= h.visits);
    }
  }
}

TEST_CASE("the hint shows the search's three best by the chances shown, highest first (issue 73)") {
  auto line = [](int card, double battle, double game, bool known) {
    HintLine h;
    h.action.type = Action::Deploy, h.action.card = static_cast<uint8_t>(card);
    h.battle = battle, h.game = game, h.game_known = known;
    return h;
  };
  // The search's order: value first. Shown: a known game chance first, highest first, then battle.
  const std::vector<HintLine> ranked = {line(1, 0.60, 0.38, true), line(2, 0.55, 0.40, true),
                                        line(3, 0.70, 0.90, false), line(4, 0.65, 0.401, true),
                                        line(5, 0.99, 0.99, true)};
  const std::vector<HintLine> shown = shown_hint(ranked);
  REQUIRE(shown.size() == 3);  // the three best by the search: line 5 is not among them
  CHECK(shown[0].action.card == 2);  // game 40%
  CHECK(shown[1].action.card == 1);  // game 38%
  CHECK(shown[2].action.card == 3);  // game ? (few tries), after every shown game chance
  // Equal as shown (40% and 40%): the battle chance decides; equal again, the search's order.
  const std::vector<HintLine> tie = shown_hint({line(1, 0.50, 0.401, true), line(2, 0.52, 0.399, true), line(3, 0.52, 0.40, true)}, 5);
  REQUIRE(tie.size() == 3);
  CHECK(tie[0].action.card == 2);
  CHECK(tie[1].action.card == 3);
  CHECK(tie[2].action.card == 1);
  CHECK(shown_hint({}, 3).empty());
}

TEST_CASE("where winning the battle wins the game, the hint's game chance is its battle chance") {
  // Both players 2 VP short of 12: any battle won (6 VP, or 2 or more by the withdrawal chart)
  // ends the game, so the search's game chance is its battle chance, and the hint's is the same
  // as its calibrated battle chance (issue 53: the two maps once gave "battle 21%, game 23%").
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  State s = e.new_game(11);
  s.b.score[0] = s.b.score[1] = 10;
  std::vector<Action> legal;
  e.legal(s, legal);
  // With playouts, and with the learned value (the default mcts) where playouts stop early.
  for (const std::string value : {"", "standard"}) {
    MctsAgent search = search_of(5, 3000, value);
    const std::vector<HintLine> lines = hint(search, InfoState(e, s, legal));
    int checked = 0;
    for (const HintLine& h : lines) {
      if (h.visits < 50) continue;
      INFO(value << ": " << h.text);
      CHECK(h.raw.game_if_won == Approx(1));
      CHECK(h.raw.game_if_lost == Approx(0));
      CHECK(h.raw.game == Approx(h.raw.battle));
      CHECK(h.game == Approx(h.battle));
      ++checked;
    }
    CHECK(checked >= 3);
  }
}

TEST_CASE("over 1,000 positions the hint's game chance never contradicts its battle chance (issue 53)") {
  // Positions a few random plays into a game, the scores drawn from 0 to 11 each: where the rules
  // say losing the battle loses the game (the opponent's score plus the least they can score for
  // it reaches 12), the game chance is at most the battle chance; where winning it wins the game,
  // at least. The least: 6 VP, or the withdrawal chart's least for any hand the loser may hold.
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  Rng rng(53);
  auto least = [&](const State& s, int winner) {
    int vp = e.rules().battle_vp;
    for (int k = 0; k <= e.hand_size(s, 1 - winner) + 1; ++k) vp = std::min(vp, e.withdraw_vp(s, 1 - winner, k));
    return vp;
  };
  int decided = 0, lines = 0;
  std::vector<Action> legal;
  for (int n = 0; n < 1000; ++n) {
    State s = e.new_game(5300 + static_cast<uint64_t>(n));
    for (int k = static_cast<int>(rng.below(8)); k > 0 && s.b.phase != Phase::Over; --k) {
      e.legal(s, legal);
      e.apply(s, legal[rng.below(legal.size())]);
    }
    if (s.b.phase == Phase::Over) continue;
    s.b.score[0] = static_cast<int32_t>(rng.below(12)), s.b.score[1] = static_cast<int32_t>(rng.below(12));
    const int p = e.to_act(s), target = e.rules().vp_target;
    const bool lose_loses = s.b.score[1 - p] + least(s, 1 - p) >= target;
    const bool win_wins = s.b.score[p] + least(s, p) >= target;
    if (!lose_loses && !win_wins) continue;
    ++decided;
    e.legal(s, legal);
    MctsAgent search = search_of(static_cast<uint64_t>(n), 64, n % 2 ? "" : "standard");  // playouts, and the learned value
    for (const HintLine& h : hint(search, InfoState(e, s, legal))) {
      if (h.visits == 0) continue;
      INFO("position " << n << ": " << h.text << ", battle " << h.battle << ", game " << h.game << ", score "
                        << s.b.score[0] << "-" << s.b.score[1] << ", player " << p + 1 << " to act");
      if (lose_loses) CHECK(h.game <= h.battle + 1e-9);
      if (win_wins) CHECK(h.game >= h.battle - 1e-9);
      ++lines;
    }
  }
  CHECK(decided >= 300);  // (about half the scores drawn)
  CHECK(lines >= 1000);
}

TEST_CASE("a decision reviewed: the best action marked best, a withdrawal at a battle's start a mistake or worse (issue 53)") {
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  const State s = e.new_game(11);
  std::vector<Action> legal;
  e.legal(s, legal);
  uint64_t seed = 1;
  const SearchMaker make = [&]() -> std::unique_ptr<SearchAgent> {  // as als review makes them
    MctsAgent::Options o;
    o.iterations = 2000;
    o.value = "standard";
    return std::make_unique<MctsAgent>(seed++, o);
  };
  // The search's own first choice: marked best or good (another search's first may differ a
  // little), its figures from every iteration of a search of it alone.
  const InfoState info(e, s, legal);
  MctsAgent look = search_of(99, 2000, "standard");
  const Action top = info.real(hint(look, info).front().action);
  const DecisionReview best = review_decision(make, e, s, top);
  CHECK(best.mark <= Mark::Good);
  CHECK(best.loss < kInaccuracy);
  CHECK(best.chosen.visits == 2000);
  CHECK(best.chosen.game_known);
  // Withdrawing at once gives the opponent VP by the chart for nothing.
  const auto withdraw = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.type == Action::Withdraw; });
  REQUIRE(withdraw != legal.end());
  const DecisionReview bad = review_decision(make, e, s, *withdraw);
  CHECK(bad.mark >= Mark::Mistake);
  CHECK(bad.loss >= kMistake);
  CHECK(bad.chosen.visits == 2000);
  CHECK(bad.best.visits == 2000);
  CHECK(bad.best.action.type != Action::Withdraw);
  CHECK(bad.chosen.battle < bad.best.battle);
  CHECK(std::string(mark_name(bad.mark)) == (bad.mark == Mark::Mistake ? "mistake" : "blunder"));
  // An action that is not legal here is refused.
  Action none = *withdraw;
  none.type = Action::Deploy, none.card = 0, none.theater = 9;
  CHECK_THROWS_AS(review_decision(make, e, s, none), std::invalid_argument);
}

TEST_CASE("between two plays the review judges by the game's chance the player can reach (issue 73)") {
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  uint64_t seed = 1;
  const SearchMaker make = [&]() -> std::unique_ptr<SearchAgent> {
    MctsAgent::Options o;
    o.iterations = 2000;
    o.value = "standard";
    return std::make_unique<MctsAgent>(seed++, o);
  };
  int judged = 0, apart = 0;
  for (uint64_t g = 11; g < 14; ++g) {
    const State s = e.new_game(g);
    std::vector<Action> legal;
    e.legal(s, legal);
    for (size_t i = 0; i < legal.size(); i += 5) {  // (a few plays of the first decision)
      if (legal[i].type == Action::Withdraw) continue;
      const DecisionReview r = review_decision(make, e, s, legal[i]);
      if (r.best.action.type == Action::Withdraw || !r.best.game_known || !r.chosen.game_known) continue;
      INFO("game " << g << ", play " << i << ": game " << r.chosen.game << " vs " << r.best.game << ", value " << r.chosen.value
                   << " vs " << r.best.value);
      CHECK(r.loss == Approx(std::max(0.0, r.best.game - r.chosen.game)));
      const Mark m = r.loss >= kBlunder ? Mark::Blunder : r.loss >= kMistake ? Mark::Mistake : r.loss >= kInaccuracy ? Mark::Inaccuracy : Mark::Good;
      if (r.mark != Mark::Best) CHECK(r.mark == m);
      ++judged;
      apart += std::abs((r.best.game - r.chosen.game) - (r.best.value - r.chosen.value)) > 0.01;
    }
  }
  CHECK(judged >= 5);
  CHECK(apart >= 1);  // (the two measures differ: the test tells them apart)
}

TEST_CASE("the review urges a withdrawal only where it gives more in VP than playing on (issue 73)") {
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  const State s = e.new_game(11);
  std::vector<Action> legal;
  e.legal(s, legal);
  const InfoState info(e, s, legal);
  const double cost = info.withdraw_vp(), vp = e.rules().battle_vp;
  REQUIRE(cost > 0);
  REQUIRE(cost < vp);
  const double even = (1 - cost / vp) / 2;  // the battle chance at which both give the same
  CHECK(withdrawing_pays(e, info, 0));
  CHECK(withdrawing_pays(e, info, even - 0.01));
  CHECK_FALSE(withdrawing_pays(e, info, even + 0.01));
  CHECK_FALSE(withdrawing_pays(e, info, 0.5));
  CHECK_FALSE(withdrawing_pays(e, info, 1));
}

TEST_CASE("near a battle's end the hint counts every world the player cannot tell apart (issue 53)") {
  // Random games played to a decision where both hands hold at most 2 cards: the hint's battle
  // chance is a count over the worlds (each a whole number of them), the same worlds for every
  // action; where the only hidden cards are the opponent's hand and the deck, the worlds are every
  // way of choosing that hand from the cards the player has not seen: C(unseen, hand).
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  Rng rng(7);
  int positions = 0, whole = 0;
  std::vector<Action> legal;
  for (uint64_t g = 0; g < 1500 && positions < 40; ++g) {
    State s = e.new_game(700 + g);
    while (s.b.phase != Phase::Over && (e.hand_size(s, 0) > 2 || e.hand_size(s, 1) > 2 || e.decision_kind(s) != DecisionKind::Turn)) {
      e.legal(s, legal);
      e.apply(s, legal[rng.below(legal.size())]);
    }
    if (s.b.phase == Phase::Over || e.hand_size(s, 0) + e.hand_size(s, 1) == 0) continue;
    const int p = e.to_act(s);
    e.legal(s, legal);
    MctsAgent search = search_of(g, 200, "standard");
    const std::vector<HintLine> lines = hint(search, InfoState(e, s, legal));
    REQUIRE(!lines.empty());
    if (!lines.front().counted) continue;  // (more than kCountedWorlds worlds)
    ++positions;
    const int worlds = lines.front().visits;
    int unseen = 0, hidden_on_board = 0;
    for (int c = 0; c < s.b.ncards; ++c) {
      if (knowledge::knows(s.b, p, c)) continue;
      const Zone z = s.b.card[c].zone;
      unseen += z == Zone::Deck || z == Zone::Hand;
      hidden_on_board += z == Zone::Board;
    }
    for (const HintLine& h : lines) {
      INFO("game " << g << ": " << h.text << ", battle " << h.battle << " over " << h.visits << " worlds");
      CHECK(h.counted);
      CHECK(h.visits == worlds);
      CHECK(h.game_known);
      CHECK(std::abs(h.battle * worlds - std::round(h.battle * worlds)) < 1e-9);
    }
    if (hidden_on_board == 0) {
      const int hand = e.hand_size(s, 1 - p);
      double ways = 1;
      for (int k = 0; k < hand; ++k) ways = ways * (unseen - k) / (k + 1);
      INFO("game " << g << ": " << unseen << " unseen cards, the opponent holds " << hand);
      CHECK(worlds == static_cast<int>(std::lround(ways)));
      ++whole;
    }
  }
  CHECK(positions >= 15);
  CHECK(whole >= 5);
}
