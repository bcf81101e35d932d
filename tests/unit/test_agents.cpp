// Computer players: they never peek, and they play well (issue 9).
#include <catch2/catch.hpp>

#include "agents.h"
#include "helpers.h"
#include "mcts.h"
#include "view.h"

using namespace als;

namespace {

// Positions from random games where `want(s)` holds.
template <typename Want>
std::vector<State> positions(const Engine& e, int games, Want want) {
  std::vector<State> out;
  std::vector<Action> acts;
  for (int g = 1; g <= games; ++g) {
    State s = e.new_game(static_cast<uint64_t>(g));
    RandomAgent agent(static_cast<uint64_t>(g) * 5 + 1);
    while (e.to_act(s) >= 0) {
      if (want(s)) out.push_back(s);
      e.legal(s, acts);
      e.apply(s, agent.choose(e, s, acts));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a determinization keeps everything the player has seen and changes only the rest") {
  auto eng = test::load();
  const Engine& e = *eng;
  Rng rng(3);
  int changed = 0;
  for (const State& s : positions(e, 30, [](const State&) { return true; })) {
    int p = e.to_act(s);
    State t = e.sample(s, p, rng);
    REQUIRE(t.b.index_ok());  // the location index follows the cards' new identities
    if (t.r.active) REQUIRE(t.r.snapshot.qlen <= t.b.qlen);  // the snapshot's queue: b's first qlen
    // The player's view, legal actions and every public fact are the same.
    View a = view_of(e, s, p), b = view_of(e, t, p);
    REQUIRE(a.hand[0] == b.hand[0]);
    REQUIRE(a.hand[1] == b.hand[1]);
    REQUIRE(a.stacks[0] == b.stacks[0]);
    REQUIRE(a.stacks[1] == b.stacks[1]);
    REQUIRE(a.deck_size == b.deck_size);
    REQUIRE(a.score[0] == b.score[0]);
    std::vector<Action> la, lb;
    e.legal(s, la);
    e.legal(t, lb);
    std::vector<std::string> ta, tb;
    for (const Action& x : la) ta.push_back(e.text().action_text(s, x, p));
    for (const Action& x : lb) tb.push_back(e.text().action_text(t, x, p));
    std::sort(ta.begin(), ta.end());
    std::sort(tb.begin(), tb.end());
    REQUIRE(ta == tb);
    changed += digest(e, s) != digest(e, t);
    // The sample is a game that goes on: every legal action applies.
    for (const Action& x : lb) {
      State u = t;
      REQUIRE_NOTHROW(e.apply(u, x));
    }
  }
  REQUIRE(changed > 100);  // the hidden part really is resampled
}

TEST_CASE("no agent peeks: states that differ only in what the player cannot see give the same move") {
  for (const char* set : {"standard", "original"}) {
    auto eng = test::load(set);
    const Engine& e = *eng;
    Rng world(11);
    int checked = 0;
    // Every 7th decision of 12 random games, and every card decision of 200 games whose options
    // include cards the decider cannot identify (where the order of the options could tell).
    int k = 0;
    auto every = [&](const State&) { return ++k % 7 == 0; };
    auto hidden_options = [&](const State& s) {
      if (e.decision_kind(s) != DecisionKind::Card) return false;
      const Decision& d = s.r.pending;
      uint16_t opt[kMaxOptions];
      for (int i = 0, n = e.options(d, opt); i < n; ++i)
        if (opt[i] != kNone && !((s.b.known[d.player] >> opt[i]) & 1)) return true;
      return false;
    };
    std::vector<State> cases = positions(e, 12, every), hidden = positions(e, 200, hidden_options);
    REQUIRE(hidden.size() > 10);
    cases.insert(cases.end(), hidden.begin(), hidden.end());
    for (const State& s : cases) {
      int p = e.to_act(s);
      State other = e.sample(s, p, world);  // another hidden world, the same information
      std::vector<Action> acts;
      // Every registered agent (with a small budget where it takes options), and a variant.
      std::vector<std::string> specs;
      for (const AgentKind& kind : agent_registry()) specs.push_back(kind.options.empty() ? kind.name : kind.name + ":60");
      specs.push_back("mcts:iterations=40,horizon=game");
      for (const std::string& spec : specs) {
        INFO(set << " " << spec);
        auto a1 = make_agent(spec, 99, p), a2 = make_agent(spec, 99, p);
        e.legal(s, acts);
        Action x = a1->choose(e, s, acts);
        std::string tx = e.text().action_text(s, x, p);
        e.legal(other, acts);
        Action y = a2->choose(e, other, acts);
        REQUIRE(tx == e.text().action_text(other, y, p));
        ++checked;
      }
    }
    REQUIRE(checked > 100);
  }
}

TEST_CASE("the agent registry is the one list of agents") {
  const auto& kinds = agent_registry();
  REQUIRE(kinds.size() >= 3);
  std::vector<std::string> names = agent_names();
  REQUIRE(names.size() == kinds.size());
  for (size_t i = 0; i < kinds.size(); ++i) {
    REQUIRE(names[i] == kinds[i].name);
    REQUIRE(!kinds[i].description.empty());
    for (size_t j = 0; j < i; ++j) REQUIRE(kinds[i].name != kinds[j].name);
    REQUIRE(make_agent(kinds[i].name, 1, 0) != nullptr);
    REQUIRE(computer_agents().find(kinds[i].name) != std::string::npos);
  }
  REQUIRE(strongest_agent() == kinds.back().name);
  REQUIRE(strongest_agent() == "mcts");
}

TEST_CASE("agent specs: names, options, and clear refusals") {
  REQUIRE(make_agent("human", 1, 0) == nullptr);
  REQUIRE(make_agent("nobody", 1, 0) == nullptr);
  REQUIRE(make_agent("mcts:2000", 1, 0) != nullptr);
  REQUIRE(make_agent("mcts:iterations=50,c=1.2,horizon=game", 1, 0) != nullptr);
  REQUIRE_THROWS_WITH(make_agent("mcts:iterations=0", 1, 0), Catch::Contains("iterations must be a number"));
  REQUIRE_THROWS_WITH(make_agent("mcts:depth=3", 1, 0), Catch::Contains("unknown option 'depth'"));
  REQUIRE_THROWS_WITH(make_agent("random:5", 1, 0), Catch::Contains("takes no options"));
  REQUIRE(make_agent("mcts:time=20ms", 1, 0) != nullptr);
  REQUIRE(make_agent("mcts-v1:time=20,c=0.7", 1, 0) != nullptr);
  REQUIRE_THROWS_WITH(make_agent("mcts:time=0", 1, 0), Catch::Contains("time must be a number"));
  REQUIRE_THROWS_WITH(make_agent("mcts:time=fast", 1, 0), Catch::Contains("time must be a number"));
}

TEST_CASE("a time budget bounds the search by the clock; the iterations, when given too, bound it") {
  const test::Decision d = test::first_decision(3);
  const Engine& e = *d.engine;
  const State& s = d.s;
  const std::vector<Action>& legal = d.legal;
  auto visits = [&](const std::string& spec) {
    auto agent = make_agent(spec, 5, e.to_act(s));
    int total = 0;
    for (const Estimate& x : dynamic_cast<SearchAgent&>(*agent).rank(InfoState(e, s, legal))) total += x.visits;
    return total;
  };
  const int short_search = visits("mcts:time=1"), long_search = visits("mcts:time=300");
  INFO(short_search << " iterations in 1 ms, " << long_search << " in 300 ms");
  CHECK(short_search >= 1);                     // it searches (the clock is read every 8 iterations)
  CHECK(long_search > 5 * short_search);        // a longer budget searches more
  CHECK(visits("mcts:time=300,iterations=50") <= 50);  // and the iterations still cap it
  CHECK(visits("mcts-v1:time=300,iterations=50") <= 50);  // the frozen yardstick takes the same options
}

TEST_CASE("the view lists each card's strength and what adds to a theater's total") {
  auto eng = test::load();
  const Engine& e = *eng;
  State s = e.blank();
  int land = e.text().theater_id("land"), air = e.text().theater_id("air");
  s.b.card[e.set().find("support")] = CardLoc{Zone::Board, 0, static_cast<uint8_t>(land), 1, 100};
  s.b.card[e.set().find("heavy_tanks")] = CardLoc{Zone::Board, 0, static_cast<uint8_t>(air), 0, 101};
  s.b.reindex();  // card[] was written directly
  s.b.tokens[0][air] = 2;
  s.b.known[0] = ~uint64_t{0};
  View v = view_of(e, s, 0);
  int pa = s.b.pos[air], pl = s.b.pos[land];
  REQUIRE(v.card_strength[0][pl] == std::vector<int>{1});
  REQUIRE(v.card_strength[0][pa] == std::vector<int>{2});  // facedown
  REQUIRE(v.bonuses[0][pa] == std::vector<std::string>{"+2 tokens", "+3 support (land)"});
  REQUIRE(v.strength[0][pa] == 7);
  REQUIRE(v.bonuses[1][pa].empty());
}

TEST_CASE("levels: names a person picks, each the agent it stands for, weakest first") {
  const auto& all = levels();
  REQUIRE(all.size() == 4);
  const char* names[] = {"easy", "normal", "hard", "expert"};
  for (size_t i = 0; i < all.size(); ++i) {
    REQUIRE(std::string(all[i].name) == names[i]);
    REQUIRE(level_spec(all[i].name) == all[i].spec);
    REQUIRE(make_agent(all[i].name, 1, 0) != nullptr);
    REQUIRE(std::string(all[i].description).size() > 10);
  }
  REQUIRE(level_spec("mcts:300") == "mcts:300");  // anything else as it is
  REQUIRE(level_spec("human") == "human");
  REQUIRE_THROWS_WITH(make_agent("hard:iterations=5", 1, 0), Catch::Contains("level 'hard' takes no options"));
  REQUIRE(computer_agents().find("easy, normal, hard, expert") != std::string::npos);
  REQUIRE(agent_help().find("easy, normal, hard, expert") != std::string::npos);

  // A level plays exactly as its spec: the same seed, the same choices.
  auto eng = load_engine("standard", {}, ALS_DATA_DIR);
  const Engine& e = *eng;
  for (const char* level : {"easy", "normal"}) {
    State s = e.new_game(11);
    std::vector<Action> acts;
    auto by_name = make_agent(level, 11, 0), by_spec = make_agent(level_spec(level), 11, 0);
    for (int step = 0; step < 6 && e.to_act(s) >= 0; ++step) {
      e.legal(s, acts);
      int p = e.to_act(s);
      Action a = by_name->choose(e, s, acts), b = by_spec->choose(e, s, acts);
      REQUIRE(e.text().action_text(s, a, p) == e.text().action_text(s, b, p));
      e.apply(s, a);
    }
  }
}

TEST_CASE("the search does not play a card into its own destruction (Containment, Blockade), as mcts-v2 did") {
  auto eng = load_engine("standard", {}, ALS_DATA_DIR);
  const Engine& e = *eng;
  // Over self-play games: the turns where some play would be destroyed as played and some other
  // play would not, and how often the play chosen was one destroyed.
  auto doomed_plays = [&](const std::string& spec) {
    int chances = 0, destroyed = 0;
    for (uint64_t g = 0; g < 40; ++g) {
      State s = e.new_game(500 + g);
      auto a0 = make_agent(spec, 500 + g, 0), a1 = make_agent(spec, 500 + g, 1);
      std::vector<Action> acts;
      while (e.to_act(s) >= 0) {
        e.legal(s, acts);
        const int p = e.to_act(s);
        auto doomed = [&](const Action& a) {
          return (a.type == Action::Deploy || a.type == Action::Improvise) &&
                 e.destroys_play_at(s, p, a.card, a.theater, a.type == Action::Deploy) >= 0;
        };
        bool some = false, other = false;
        for (const Action& a : acts) {
          if (doomed(a)) some = true;
          else if (a.type == Action::Deploy || a.type == Action::Improvise) other = true;
        }
        const Action a = (p == 0 ? a0 : a1)->choose(e, s, acts);
        if (some && other) ++chances, destroyed += doomed(a);
        e.apply(s, a);
      }
    }
    return std::pair{destroyed, chances};
  };
  const auto [now, now_chances] = doomed_plays("mcts:iterations=200");
  const auto [v2, v2_chances] = doomed_plays("mcts-v2:iterations=200");
  INFO("mcts " << now << " of " << now_chances << ", mcts-v2 " << v2 << " of " << v2_chances);
  REQUIRE(now_chances > 100);
  REQUIRE(v2_chances > 100);
  REQUIRE(v2 * 100 > 10 * v2_chances);  // the old search's habit is there to be found (17%)
  // and the search now plays such a discard a third less often at least (10%). Not never: a card
  // destroyed as played is the game's only way to pass, and a deeper search still chooses it at
  // times (about 6% of such turns at 3,000 iterations, either version: docs/agents.md).
  REQUIRE(now * v2_chances * 3 < v2 * now_chances * 2);
}

TEST_CASE("where a battle can decide the game, the search withdraws where playing on loses the game, as mcts-v2 did not") {
  // Positions found by tests/bench/decisive.cpp (`decisive 20 1`): mcts-v2 plays games of the
  // standard set; at these, both searches decide with 2,000 iterations and a search to the game's
  // end of 40,000 iterations judges their choices. Playing on (mcts-v2's choice) was worth 0.10,
  // 0.28 and 0.36 of a game; withdrawing (today's) 0.22, 0.48 and 0.50.
  struct Position {
    uint64_t seed;
    std::vector<int> path;  // each action's index among the legal actions, from the deal
  };
  const std::vector<Position> positions = {
      {1, {22, 1, 0, 13, 11, 2, 9, 0, 10, 0, 9, 2, 1, 1, 10, 4, 6, 4, 1, 6, 0, 18, 12, 1, 14, 1, 0, 2, 6}},
      {13, {13, 0, 9, 5, 1, 5, 5, 0, 1, 8, 12, 15, 14, 10, 0, 2, 10, 0, 0, 20, 0, 2, 4, 0, 0, 1, 1, 0, 20, 8, 10, 18,
            1, 2, 1, 6, 1, 6, 1, 8, 10}},
      {5, {13, 1, 6, 13, 0, 0, 2, 0, 6, 8, 1, 16, 1, 2, 8, 3, 4, 0, 0, 4, 1, 1, 0, 2, 0, 0, 5, 0, 4, 8, 5, 2, 0, 0, 1,
           4, 4, 0, 4, 0, 2, 6, 6, 2, 0, 1, 0, 1, 2, 1, 2, 2, 0, 14, 13, 0, 9, 6, 0, 2, 8, 0, 2}},
  };
  auto eng = load_engine("standard", {}, ALS_DATA_DIR);
  const Engine& e = *eng;
  for (const Position& at : positions) {
    State s = e.new_game(at.seed);
    std::vector<Action> legal;
    for (int i : at.path) {
      e.legal(s, legal);
      REQUIRE(static_cast<size_t>(i) < legal.size());
      e.apply(s, legal[static_cast<size_t>(i)]);
    }
    e.legal(s, legal);
    INFO("seed " << at.seed << ", scores " << s.b.score[0] << "-" << s.b.score[1]);
    REQUIRE((s.b.score[0] + 6 >= 12 || s.b.score[1] + 6 >= 12));  // this battle can decide the game
    MctsAgent::Options o;
    o.iterations = 2000;
    MctsAgent now(7, o), old(7, o);
    old.freeze_v2();
    CHECK(now.choose(e, s, legal).type == Action::Withdraw);
    CHECK(old.choose(e, s, legal).type != Action::Withdraw);
  }
}

namespace {
// The share of battles greedy against itself ends by withdrawal, over `games` games of `e`.
double greedy_withdraw_rate(const Engine& e, int games) {
  int battles = 0, withdrawals = 0;
  std::vector<Action> legal;
  for (int g = 1; g <= games; ++g) {
    State s = e.new_game(static_cast<uint64_t>(g));
    GreedyAgent a(static_cast<uint64_t>(g) * 3 + 1), b(static_cast<uint64_t>(g) * 3 + 2);
    while (e.to_act(s) >= 0) {
      e.legal(s, legal);
      const Action act = (e.to_act(s) == 0 ? a : b).choose(e, s, legal);
      withdrawals += act.type == Action::Withdraw;
      const uint32_t battle = s.b.battle;
      e.apply(s, act);
      battles += s.b.battle != battle || e.to_act(s) < 0;
    }
  }
  return static_cast<double>(withdrawals) / std::max(battles, 1);
}
}  // namespace

TEST_CASE("greedy weighs a withdrawal by what the chart gives the opponent") {
  // Once its withdrawal rate was the same (27.9% and 27.6%) under two charts: a designer could not
  // measure a chart with it. A chart giving 1 VP at every hand size makes withdrawing cheap.
  auto standard = load_engine("standard", {}, ALS_DATA_DIR);
  auto cheap = load_engine("standard", {std::string(ALS_DATA_DIR) + "/tests/sets/rules/chart_one.lua"}, ALS_DATA_DIR);
  const double normal = greedy_withdraw_rate(*standard, 200), low = greedy_withdraw_rate(*cheap, 200);
  INFO("withdrawal rate: standard chart " << normal << ", 1 VP at every hand size " << low);
  CHECK(normal > 0.1);   // it still gives up battles it has lost
  CHECK(low > normal + 0.3);  // and far more where it costs little (about 22% and 92% over 3,000 games)
}
