// The default search (play/search/mcts.h): move keys, its engine twins and threads, the match-score
// model, and the frozen yardstick it is measured against (issue 20).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "agents.h"
#include "match.h"
#include "mcts.h"
#include "helpers.h"

using namespace als;

TEST_CASE("two actions have the same key exactly when a viewer reads the same text") {
  // Every legal action of every decision of random games, in both printings and an API 3 variant
  // (abilities' card, theater and play decisions included), as each player and as the omniscient
  // viewer sees it: key(a) == key(b) <=> text(a) == text(b), across decisions too.
  const std::string examples = std::string(ALS_DATA_DIR) + "/docs/examples/";
  for (const auto& [cards, rules] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"standard", {}}, {"original", {}}, {examples + "frontier", {examples + "frontier/rules/mulligan.lua"}}}) {
    INFO(cards);
    auto eng = test::load(cards, rules);
    const Engine& e = *eng;
    std::map<uint32_t, std::string> text_of[3];
    std::map<std::string, uint32_t> key_of[3];
    std::vector<Action> acts;
    int checked = 0, merged = 0;
    std::set<int> kinds;
    for (uint64_t g = 1; g <= 40; ++g) {
      State s = e.new_game(g);
      RandomAgent agent(g);
      while (e.to_act(s) >= 0) {
        e.legal(s, acts);
        kinds.insert(static_cast<int>(e.decision_kind(s)));
        for (size_t i = 0; i < acts.size(); ++i)
          for (size_t j = 0; j < i; ++j) merged += e.text().action_key(s, acts[i], 1 - e.to_act(s)) == e.text().action_key(s, acts[j], 1 - e.to_act(s));
        for (const Action& a : acts)
          for (int viewer = -1; viewer <= 1; ++viewer) {
            const uint32_t key = e.text().action_key(s, a, viewer);
            const std::string text = e.text().action_text(s, a, viewer);
            auto [k, new_key] = text_of[viewer + 1].emplace(key, text);
            auto [t, new_text] = key_of[viewer + 1].emplace(text, key);
            INFO(text << " / " << k->second << " / key " << key);
            REQUIRE(k->second == text);
            REQUIRE(t->second == key);
            ++checked;
          }
        e.apply(s, agent.choose(e, s, acts));
      }
    }
    REQUIRE(checked > 10000);
    REQUIRE(kinds.size() >= 3);  // turns and abilities' decisions both
    REQUIRE(merged > 0);  // some distinct actions look alike to a player (cards they cannot see)
  }
}

TEST_CASE("an engine's twin plays every game exactly as the engine does") {
  for (const std::string& cards : {std::string("standard"), std::string(ALS_DATA_DIR) + "/docs/examples/frontier"}) {
    INFO(cards);
    auto eng = test::load(cards);
    const Engine& e = *eng;
    auto twin = e.twin();
    REQUIRE(twin != nullptr);
    REQUIRE(twin.get() != &e);
    REQUIRE(twin->content_hash() == e.content_hash());
    std::vector<Action> acts, twin_acts;
    for (uint64_t g = 1; g <= 20; ++g) {
      State s = e.new_game(g), t = s;
      RandomAgent agent(g);
      while (e.to_act(s) >= 0) {
        e.legal(s, acts);
        twin->legal(t, twin_acts);
        REQUIRE(acts == twin_acts);
        const Action a = agent.choose(e, s, acts);
        e.apply(s, a);
        twin->apply(t, a);
        REQUIRE(test::same(s, t));
        REQUIRE(digest(e, s) == digest(*twin, t));
      }
    }
  }
}

TEST_CASE("the search's threads: reproducible with an iteration budget, and every iteration counted") {
  const test::Decision d = test::first_decision(11);
  const Engine& e = *d.engine;
  const State& s = d.s;
  const std::vector<Action>& legal = d.legal;
  auto ranking = [&](const std::string& spec, long long* iterations) {
    auto agent = make_agent(spec, 9, e.to_act(s));
    auto& search = dynamic_cast<MctsAgent&>(*agent);
    std::vector<std::pair<std::string, int>> out;
    int visits = 0;
    for (const Estimate& x : search.rank(InfoState(e, s, legal))) out.emplace_back(x.text, x.visits), visits += x.visits;
    *iterations = search.last_iterations();
    REQUIRE(visits == search.last_iterations());  // every iteration backs up one move of the root
    return out;
  };
  long long one = 0, two = 0, again = 0;
  const auto single = ranking("mcts:800", &one);
  const auto threaded = ranking("mcts:800,threads=2", &two);
  REQUIRE(one == 800);
  REQUIRE(two == 800);  // the budget is the whole search's: 400 a thread
  REQUIRE(ranking("mcts:800,threads=2", &again) == threaded);  // the same seed, the same ranking
  REQUIRE(threaded != single);  // two trees of 400, not one of 800
  // MAST (on by default) steers the playouts by the means so far: switched off, another search.
  long long plain = 0;
  const auto without = ranking("mcts:800,mast=0", &plain);
  REQUIRE(plain == 800);
  REQUIRE(without != single);
  REQUIRE(ranking("mcts:800,mast=0", &plain) == without);
  REQUIRE_THROWS_WITH(make_agent("mcts:mast=-1", 9, 0), Catch::Contains("mast must be a number"));
}

TEST_CASE("under a time budget the threads grow one tree, and every iteration is counted once") {
  for (int seed : {11, 12, 13}) {
    const test::Decision d = test::first_decision(seed);
    const Engine& e = *d.engine;
    // A clock budget far too long to end the search: the iteration cap (the whole search's) ends
    // it, 3,000 iterations over two workers growing one tree (their figures kept apart and summed).
    auto agent = make_agent("mcts:iterations=3000,time=600000,threads=2", 9, e.to_act(d.s));
    auto& search = dynamic_cast<MctsAgent&>(*agent);
    for (int round = 0; round < 2; ++round) {  // the tree emptied and grown again
      const std::vector<Estimate> ranked = search.rank(InfoState(e, d.s, d.legal));
      REQUIRE(search.last_iterations() == 3000);
      long long visits = 0;
      std::set<std::string> texts;
      for (const Estimate& x : ranked) {
        visits += x.visits;
        texts.insert(x.text);
        REQUIRE(x.win >= 0.0);
        REQUIRE(x.win <= 1.0);
        REQUIRE(x.battle >= 0.0);
        REQUIRE(x.battle <= 1.0);
      }
      // Each iteration went down exactly one of the root's moves, counted by the worker that ran
      // it (so no visit is lost to the other thread, nor counted twice), and each move is one
      // child of the root: a move two workers added at once is linked in once.
      REQUIRE(visits == 3000);
      REQUIRE(texts.size() == ranked.size());
      REQUIRE(ranked.size() == d.legal.size());
      for (size_t i = 1; i < ranked.size(); ++i) REQUIRE(ranked[i - 1].visits >= ranked[i].visits);
    }
  }
}

TEST_CASE("the match-score model: a fair race, monotone in the scores") {
  Rules r;  // the rulebook's: 12 VP, battles of 6, the withdrawal charts
  for (int a = 0; a <= 12; ++a)
    for (int b = 0; b <= 12; ++b) {
      const double p = MctsAgent::win_chance(r, a, b);
      INFO(a << " short against " << b << " short: " << p);
      REQUIRE(p >= 0);
      REQUIRE(p <= 1);
      REQUIRE(p + MctsAgent::win_chance(r, b, a) == Approx(1.0));  // the same race from the other side
      if (a < 12) REQUIRE(MctsAgent::win_chance(r, a + 1, b) <= p + 1e-12);  // further to go: less likely
    }
  REQUIRE(MctsAgent::win_chance(r, 0, 5) == 1.0);
  REQUIRE(MctsAgent::win_chance(r, 5, 0) == 0.0);
  REQUIRE(MctsAgent::win_chance(r, 12, 12) == Approx(0.5));
  // A player one battle from the target is far ahead of one two battles away.
  REQUIRE(MctsAgent::win_chance(r, 6, 12) > 0.7);
}

TEST_CASE("a battle that can decide the game is valued by the chance to win the game, not by its VP") {
  // A withdrawal's value is exact (it ends the battle at once, the chart's VP to the opponent): the
  // VP swing where no battle can end the game, the game chance after it where one can.
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  const Rules& r = e.rules();
  for (const auto& [mine, theirs] : std::vector<std::pair<int, int>>{{0, 0}, {0, 8}, {8, 0}, {3, 5}, {9, 9}}) {
    State s = e.new_game(21);
    s.b.score[0] = mine, s.b.score[1] = theirs;
    const int p = e.to_act(s);
    std::vector<Action> legal;
    e.legal(s, legal);
    MctsAgent::Options o;
    o.iterations = 3000;
    MctsAgent search(3, o), old(3, o);
    old.freeze_v2();
    const InfoState info(e, s, legal);
    const int wvp = info.withdraw_vp();
    const int me = s.b.score[p], them = s.b.score[1 - p];
    const bool decides = me + 6 >= r.vp_target || them + 6 >= r.vp_target;
    INFO("scores " << mine << "-" << theirs << ", withdrawal gives " << wvp);
    auto withdrawal = [&](MctsAgent& a) {
      for (const Estimate& x : a.rank(info))
        if (x.action.type == Action::Withdraw) return x;
      FAIL("no withdrawal");
      return Estimate{};
    };
    const Estimate now = withdrawal(search), before = withdrawal(old);
    REQUIRE(now.visits > 0);
    REQUIRE(before.visits > 0);
    CHECK(before.win == Approx(0.5 - 0.5 * wvp / 6.0));  // mcts-v2: the VP swing always
    // the match reward: the change in the game chance, scaled so that a battle won outright gives
    // 1 and one lost 0
    auto chance = [&](int a, int b) { return MctsAgent::win_chance(r, r.vp_target - a, r.vp_target - b); };
    const double spread = chance(me + 6, them) - chance(me, them + 6);
    const double match = std::clamp(0.5 + (chance(me, them + wvp) - chance(me, them)) / spread, 0.0, 1.0);
    if (decides) CHECK(now.win == Approx(match));
    else CHECK(now.win == Approx(0.5 - 0.5 * wvp / 6.0));
    if (decides) CHECK(match != Approx(0.5 - 0.5 * wvp / 6.0));  // the two tell apart
  }
}

TEST_CASE("the adaptive budget searches again exactly where the choice is close") {
  // With the same seed, the adaptive search's first look is the plain search's: where its two most
  // tried actions are within 70% of each other (or either withdraws), it looks again with twice
  // the iterations in all; elsewhere it plays as the plain search.
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  int extended = 0, plain = 0;
  for (uint64_t g = 1; g <= 12; ++g) {
    State s = e.new_game(g);
    std::vector<Action> legal;
    for (size_t step = 0; step < (g % 5) * 2 && e.to_act(s) >= 0; ++step) {
      e.legal(s, legal);
      e.apply(s, legal[(g + step) % legal.size()]);
    }
    if (e.to_act(s) < 0) continue;
    e.legal(s, legal);
    if (legal.size() < 2) continue;
    MctsAgent::Options o;
    o.iterations = 400;
    MctsAgent look(g, o);
    o.adapt = 1;
    MctsAgent adaptive(g, o);
    const InfoState info(e, s, legal);
    const std::vector<Estimate> first = look.rank(info);
    const bool close = first[1].visits >= 0.7 * first[0].visits || first[0].action.type == Action::Withdraw ||
                       first[1].action.type == Action::Withdraw;
    const Action chosen = adaptive.decide(info);
    INFO("game " << g);
    CHECK(adaptive.last_extended() == close);
    CHECK(adaptive.last_iterations() == (close ? 800 : 400));
    if (!close) CHECK(chosen == first[0].action);
    (close ? extended : plain)++;
  }
  CHECK(extended > 0);
  CHECK(plain > 0);
}

TEST_CASE("mcts-v1 is frozen: its rankings do not change") {
  // The yardstick later searches are measured against (docs/agents.md): the same search as the
  // one measured on 2026-11-24, so the same visits as then at the first decision of game 3.
  const test::Decision d = test::first_decision(3);
  auto agent = make_agent("mcts-v1:300", 5, d.engine->to_act(d.s));
  std::string got;
  for (const Estimate& x : dynamic_cast<SearchAgent&>(*agent).rank(InfoState(*d.engine, d.s, d.legal)))
    got += x.text + "=" + std::to_string(x.visits) + ";";
  CHECK(got ==
      "deploy heavy_bombers air=20;deploy sea_maneuver sea=18;deploy escalation sea=17;"
      "improvise land_maneuver land=16;improvise heavy_tanks land=16;"
      "improvise land_maneuver air=15;deploy land_maneuver land=15;"
      "improvise escalation land=15;improvise sea_maneuver land=15;deploy containment air=14;"
      "improvise containment land=14;improvise containment air=13;"
      "improvise land_maneuver sea=13;improvise escalation sea=13;"
      "improvise heavy_bombers land=12;deploy heavy_tanks land=12;"
      "improvise heavy_bombers air=10;improvise sea_maneuver sea=10;"
      "improvise heavy_tanks air=9;improvise sea_maneuver air=9;improvise heavy_tanks sea=8;"
      "improvise heavy_bombers sea=7;withdraw=4;improvise containment sea=3;"
      "improvise escalation air=2;");
}

TEST_CASE("the rules' work bounds a search: slow scripts stop it early, reproducibly, and it says so") {
  // tests/hostile/rules/slow_effect.lua: every may_play call costs about 150,000 instructions.
  // The default search once spent 74 s and more of CPU on one move under such a rule (issue 36).
  auto e = test::load("standard", {std::string(ALS_DATA_DIR) + "/tests/hostile/rules/slow_effect.lua"});
  const State s = e->new_game(5);
  std::vector<Action> legal;
  e->legal(s, legal);
  auto search = [&](const std::string& spec, long long& iterations, long long& work, std::string& note) {
    auto agent = make_agent(spec, 9, e->to_act(s));
    auto& mcts = dynamic_cast<MctsAgent&>(*agent);
    const long long before = e->work();
    std::vector<std::pair<std::string, int>> out;
    for (const Estimate& x : mcts.rank(InfoState(*e, s, legal))) out.emplace_back(x.text, x.visits);
    iterations = mcts.last_iterations(), work = e->work() - before, note = mcts.note();
    return out;
  };
  long long it = 0, work = 0, it2 = 0, work2 = 0;
  std::string note, note2;
  const auto first = search("mcts:work=30000000", it, work, note);
  REQUIRE(it >= 1);
  REQUIRE(it < 600);
  REQUIRE(work > 30'000'000);
  REQUIRE(work < 30'000'000 + 200'000'000);  // the budget and one iteration's playout at most
  REQUIRE_THAT(note, Catch::Contains("stopped its search after " + std::to_string(it) + " of 600 iterations") &&
                         Catch::Contains("too slow"));
  REQUIRE(search("mcts:work=30000000", it2, work2, note2) == first);  // counted in instructions: reproducible
  REQUIRE(it2 == it);
  REQUIRE(work2 == work);
  // The standard set's default search is far inside the budget: never cut short.
  const test::Decision d = test::first_decision(11);
  auto plain = make_agent("mcts", 9, d.engine->to_act(d.s));
  const long long before = d.engine->work();
  plain->decide(InfoState(*d.engine, d.s, d.legal));
  const long long spent = d.engine->work() - before;
  REQUIRE(dynamic_cast<MctsAgent&>(*plain).last_iterations() == 600);
  REQUIRE(plain->note().empty());
  REQUIRE(spent < MctsAgent::Options{}.work / 10);
}

TEST_CASE("questions inside the descent's runs are answered there: the same search, the ability run once") {
  // A 12-pick draft (a deal hook asking a question a pick) and the API 4 test cards (abilities'
  // questions in battle): at several of their decisions the search that answers inside the runs
  // ranks every move with the same visits and values as the one that applies each answer alone.
  const std::string draft = std::string(ALS_DATA_DIR) + "/docs/examples/tuning/rules/draft.lua";
  for (const auto& [cards, rules] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"standard", {draft}}, {std::string(ALS_DATA_DIR) + "/tests/sets/api4", {}}}) {
    INFO(cards);
    auto eng = test::load(cards, rules);
    const Engine& e = *eng;
    std::vector<Action> legal;
    int compared = 0, questions = 0;
    for (uint64_t g = 1; g <= 3; ++g) {
      State s = e.new_game(g);
      RandomAgent player(g);
      for (int step = 0; e.to_act(s) >= 0 && step < 30; ++step) {
        e.legal(s, legal);
        const bool question = s.r.active && s.r.pending.kind != DecisionKind::Turn;
        if ((step % 4 == 0 || question) && legal.size() > 1) {
          questions += question;
          std::vector<std::tuple<std::string, int, double>> ranked[2];
          for (int inside = 0; inside < 2; ++inside) {
            MctsAgent::Options o;
            o.iterations = 60, o.answer_in_runs = inside == 1;
            MctsAgent search(g * 100 + static_cast<uint64_t>(step), o);
            for (const Estimate& x : search.rank(InfoState(e, s, legal))) ranked[inside].emplace_back(x.text, x.visits, x.win);
          }
          REQUIRE(ranked[0] == ranked[1]);
          ++compared;
        }
        e.apply(s, player.choose(e, s, legal));
      }
    }
    CHECK(compared >= 12);
    CHECK(questions >= 3);
  }
}
