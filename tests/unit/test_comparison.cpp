// What als compare computes beyond its sums (engine/lab/comparison.cpp): labels, lists of agents,
// targets and their distances, rankings with ties, the agents' agreement, plots' short names,
// the paired sums of measures of the designer's own.
#include <catch2/catch.hpp>

#include <cmath>

#include "compare.h"
#include "loader.h"

using namespace als;
using namespace als::lab;
using Catch::Detail::Approx;

TEST_CASE("A variant's label is the text before an '=' that comes before any '/', '+' or '?'") {
  std::string label, spec, why;
  CHECK(split_label("draft=standard+rules/draft.lua", label, spec, why));
  CHECK((label == "draft" && spec == "standard+rules/draft.lua"));
  CHECK(split_label("standard+rules/a=b.lua", label, spec, why));  // the '=' belongs to a path
  CHECK((label.empty() && spec == "standard+rules/a=b.lua"));
  CHECK(split_label("./x=y/set", label, spec, why));
  CHECK(label.empty());
  CHECK(split_label("standard?medic=3", label, spec, why));
  CHECK((label.empty() && spec == "standard?medic=3"));
  CHECK_FALSE(split_label("=standard", label, spec, why));
  CHECK(why.find("empty name") != std::string::npos);
  CHECK_FALSE(split_label("draft=", label, spec, why));
}

TEST_CASE("A list of agents splits at the commas that begin an agent, not inside one's options") {
  CHECK(split_agents("greedy,random") == std::vector<std::string>{"greedy", "random"});
  CHECK(split_agents("greedy,mcts:iterations=200,c=0.7,random") ==
        std::vector<std::string>{"greedy", "mcts:iterations=200,c=0.7", "random"});
  CHECK(split_agents("mcts:200") == std::vector<std::string>{"mcts:200"});
  CHECK(split_agents("greedy,") == std::vector<std::string>{"greedy", ""});  // refused later: an empty agent
}

TEST_CASE("Targets read a game measure or a card's, a number or a median") {
  lab::Target t;
  CHECK(parse_target("first_player_battle_win_rate=0.5", t).empty());
  CHECK((t.game == kFirstPlayerBattleWinRate && t.value == 0.5 && !t.median && t.rate()));
  CHECK(parse_target("battles_per_game=3.5", t).empty());
  CHECK((t.game == kBattlesPerGame && !t.rate()));
  CHECK(parse_target("cards.field_medic.faceup_win_rate=median", t).empty());
  CHECK((t.game < 0 && t.card == "field_medic" && t.card_measure == kFaceupWinRate && t.median));
  CHECK(parse_target("first_player_battle_win_rate=median", t).find("card measure") != std::string::npos);
  CHECK(parse_target("first_player_battle_win_rate=1.5", t).find("from 0 to 1") != std::string::npos);
  CHECK(parse_target("fpbwr=0.5", t).find("no measure 'fpbwr'") != std::string::npos);
  CHECK(parse_target("cards.x.strength=1", t).find("cards.ID.MEASURE") != std::string::npos);
  CHECK_FALSE(parse_target("battles_per_game", t).empty());
  CHECK_FALSE(parse_target("battles_per_game=abc", t).empty());
  CHECK_FALSE(parse_target("battles_per_game=nan", t).empty());
}

namespace {
// A comparison of `rates.size()` copies of the standard set under one agent, variant v's 1st
// player winning rates[v].first of rates[v].second battles.
Comparison with_rates(const std::vector<std::pair<long long, long long>>& rates) {
  Comparison c;
  auto e = load_engine("standard", {}, ALS_DATA_DIR);
  for (size_t v = 0; v < rates.size(); ++v) c.engines.push_back(e), c.names.push_back(std::to_string(v).insert(0, 1, 'v'));
  c.agents = {"greedy"};
  c.runs.assign(1, empty_totals(c.engines));
  for (size_t v = 0; v < rates.size(); ++v) {
    auto& s = c.runs[0].v[v].m[kFirstPlayerBattleWinRate];
    s.y = rates[v].first, s.n = rates[v].second, s.games = rates[v].second;
  }
  return c;
}
}  // namespace

TEST_CASE("A distance to a target has an interval: 0 when the measure's interval holds the target") {
  Comparison c = with_rates({{500, 1000}, {600, 1000}, {0, 0}});
  lab::Target t;
  REQUIRE(parse_target("first_player_battle_win_rate=0.55", t).empty());
  TargetResult near = c.target(t, 0, 0), far = c.target(t, 0, 1), none = c.target(t, 0, 2);
  CHECK(near.has);
  CHECK(near.distance.value == Approx(0.05));
  const stats::Interval w = stats::wilson(500, 1000, 0.95);
  CHECK(near.distance.low == Approx(0.55 - w.high));  // the interval lies below the target
  CHECK(near.distance.high == Approx(0.55 - w.low));
  CHECK(far.distance.value == Approx(0.05));
  CHECK_FALSE(none.has);  // no battle: no data
  REQUIRE(parse_target("first_player_battle_win_rate=0.51", t).empty());
  CHECK(c.target(t, 0, 0).distance.low == 0);  // 0.51 lies in 500 of 1000's interval
}

TEST_CASE("Variants rank by their distance to a target, tied where the intervals overlap") {
  // 50.0% and 50.5% of 1,000 both hold 0.5; 70% of 1,000 is far; 90% of 10 is wide and overlaps 70%.
  Comparison c = with_rates({{700, 1000}, {505, 1000}, {500, 1000}, {0, 0}});
  lab::Target t;
  REQUIRE(parse_target("first_player_battle_win_rate=0.5", t).empty());
  const auto order = c.ranking(t, 0);
  REQUIRE(order.size() == 2);
  CHECK(order[0] == std::vector<size_t>{2, 1});  // nearest first, the two tied
  CHECK(order[1] == std::vector<size_t>{0});     // variant 3 has no data: left out
}

TEST_CASE("The agents agree on a change when every agent's difference points the same way") {
  Comparison c;
  c.agents = {"a", "b"};
  c.runs.resize(2);
  c.names = {"base", "x"};
  auto add = [&](size_t agent, int measure, double delta, bool significant) {
    DiffRow r;
    r.agent = agent, r.variant = 1, r.measure = measure, r.d.delta = delta, r.significant = significant;
    c.diffs.push_back(r);
  };
  // Agent a's rows, then b's, in the same order: what compute_differences makes.
  add(0, kBattlesPerGame, 1.0, true), add(0, kVpPerBattle, -0.5, true), add(0, kWithdrawRate, 0.01, false);
  add(1, kBattlesPerGame, 0.8, true), add(1, kVpPerBattle, 0.2, false), add(1, kWithdrawRate, 0.02, false);
  const std::vector<Agreement> g = agreement(c);
  REQUIRE(g.size() == 2);  // the withdraw rate: significant under neither
  CHECK((g[0].measure == kBattlesPerGame && g[0].agree && g[0].verdict == std::string("agree")));
  CHECK((g[1].measure == kVpPerBattle && !g[1].agree));  // b sees it go up, not significantly
  CHECK(g[1].verdict == std::string("unconfirmed"));
  CHECK(g[1].sign == std::vector<int>{-1, 1});
  // Significant both ways: disagree; one way under one agent and the same way under the other: same way.
  c.diffs[4].significant = true;
  CHECK(agreement(c)[1].verdict == std::string("disagree"));
  c.diffs[4].d.delta = -0.1, c.diffs[4].significant = false;
  CHECK((agreement(c)[1].agree && agreement(c)[1].verdict == std::string("same way")));
  c.agents.resize(1), c.runs.resize(1);
  CHECK(agreement(c).empty());  // one agent: nothing to agree on
}

TEST_CASE("Plots' names keep what tells the variants apart") {
  CHECK(plot_names({"standard", "draft"}, 20) == std::vector<std::string>{"standard", "draft"});
  const auto n = plot_names({"standard", "standard+../06-draft-rules.lua", "standard+../07-momentum.lua"}, 20);
  CHECK(n == std::vector<std::string>{"standard", "+06-draft-rules", "+07-momentum"});
  // Names that would be cut to the same text are numbered.
  const auto m = plot_names({"standard+rules/a-very-long-rule-name-one.lua", "standard+rules/a-very-long-rule-name-two.lua"}, 12);
  CHECK(m.size() == 2);
  CHECK(m[0] != m[1]);
  for (const std::string& s : m) CHECK(s.size() <= 12);
}

TEST_CASE("A measure of the designer's own is paired game by game, a game that did not count it a 0") {
  // Five paired games; "fired" counted in some games of each side, "only_b" by the variant alone.
  const std::vector<std::pair<long long, long long>> fired = {{2, 3}, {0, 1}, {1, 0}, {0, 0}, {4, 4}};
  PairTotals t, first, second;
  for (size_t g = 0; g < fired.size(); ++g) {
    GameTally a, b;
    if (fired[g].first) a.custom["fired"] = fired[g].first;
    if (fired[g].second) b.custom["fired"] = fired[g].second;
    b.custom["only_b"] = 1;
    t.add(a, b);
    (g < 2 ? first : second).add(a, b);
  }
  // The same sums as every game's counts added explicitly, zeros included.
  stats::PairSums all;
  for (const auto& [a, b] : fired) all.add(a, 1, b, 1);
  CHECK(t.custom_measure("fired") == all);
  const stats::Difference d = stats::paired_difference(t.custom_measure("fired"), 0.95);
  CHECK(d.delta == Approx((3 + 1 + 0 + 0 + 4 - 2 - 0 - 1 - 0 - 4) / 5.0));
  CHECK(t.custom_measure("never").a.games == 5);  // no data: every game a 0
  // Shards (here two halves) add up to the whole, and survive their JSON.
  first.add(second);
  CHECK(first.custom == t.custom);
  CHECK(pair_from_json(pair_json(t), {}).custom == t.custom);
  CHECK(pair_from_json(pair_json(t), {}).custom_measure("fired") == all);

  // In a comparison: a row for each name; n/a where a variant never counted it.
  auto e = load_engine("standard", {}, ALS_DATA_DIR);
  Comparison c;
  c.engines = {e, e}, c.names = {"base", "x"}, c.agents = {"greedy"};
  c.runs.assign(1, empty_totals(c.engines));
  c.runs[0].pairs[0] = t;
  const size_t cards = e->set().cards.size();
  for (const auto& [a, b] : fired) {
    GameTally ga(cards), gb(cards);
    if (a) ga.custom["fired"] = a;
    if (b) gb.custom["fired"] = b;
    gb.custom["only_b"] = 1;
    c.runs[0].v[0].add(ga), c.runs[0].v[1].add(gb);
  }
  compute_differences(c);
  std::vector<const DiffRow*> custom;
  for (const DiffRow& r : c.diffs)
    if (!r.custom.empty()) custom.push_back(&r);
  REQUIRE(custom.size() == 2);
  CHECK((custom[0]->name() == "custom.fired" && custom[0]->label() == "custom fired" && !custom[0]->no_data));
  CHECK(custom[0]->d.delta == Approx(d.delta));
  CHECK((custom[1]->name() == "custom.only_b" && custom[1]->no_data));
}
