// Exact endgames (issue 35): where both hands hold at most `endgame` cards, the search's move is
// chosen by solving the rest of the battle in each world drawn (MctsAgent::Options::endgame).
#include <catch2/catch.hpp>

#include <functional>

#include "agents.h"
#include "helpers.h"
#include "mcts.h"

using namespace als;

namespace {

// Decisions of random games (with more than one action) at which both hands hold at most
// `cards` cards, the first of each battle, `want` of them.
std::vector<State> endgame_positions(const Engine& e, int cards, size_t want) {
  std::vector<State> out;
  std::vector<Action> acts;
  for (uint64_t g = 1; out.size() < want && g < 200; ++g) {
    State s = e.new_game(g);
    auto a = make_agent("random", g, 0), b = make_agent("random", g, 1);
    uint32_t taken = 0;
    while (e.to_act(s) >= 0 && out.size() < want) {
      const int p = e.to_act(s);
      e.legal(s, acts);
      if (s.b.battle != taken && acts.size() > 1 && e.hand_size(s, p) <= cards && e.hand_size(s, 1 - p) <= cards)
        taken = s.b.battle, out.push_back(s);
      e.apply(s, (p == 0 ? a : b)->choose(e, s, acts));
    }
  }
  return out;
}

// Plain minimax to the end of the battle begun at `start` (no pruning, no ordering, every choice
// of every ability branched): the reward of player `me` (MctsAgent::battle_reward).
double minimax(const Engine& e, const State& t, int me, const int start[2], uint32_t battle) {
  if (t.b.phase == Phase::Over || t.b.battle != battle) {
    const int end[2] = {t.b.score[0], t.b.score[1]};
    return MctsAgent::battle_reward(e.rules(), start, end, me, t.b.phase == Phase::Over ? t.b.winner : -1);
  }
  std::vector<Action> acts;
  e.legal(t, acts);
  const bool mine = e.to_act(t) == me;
  double best = mine ? -1 : 2;
  for (const Action& a : acts) {
    State child = t;
    e.apply_discarding(child, a, nullptr, true);
    const double v = minimax(e, child, me, start, battle);
    best = mine ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

MctsAgent::Options solver(int cards, int worlds) {
  MctsAgent::Options o;
  o.endgame = cards, o.worlds = worlds;
  o.iterations = 1 << 29;  // (a budget no endgame reaches)
  o.work = 0;
  return o;
}

}  // namespace

TEST_CASE("an exact endgame is each world's minimax, averaged over the worlds the search draws", "[endgame]") {
  auto eng = test::load();
  const Engine& e = *eng;
  for (int cards : {1, 2}) {
    const std::vector<State> positions = endgame_positions(e, cards, cards == 1 ? 12 : 10);
    REQUIRE(positions.size() == (cards == 1 ? 12u : 10u));
    for (size_t k = 0; k < positions.size(); ++k) {
      const State& s = positions[k];
      const int p = e.to_act(s);
      std::vector<Action> legal;
      e.legal(s, legal);
      InfoState info(e, s, legal);
      const uint64_t seed = 40 + k;
      const int worlds = cards == 1 ? 6 : 3;
      MctsAgent agent(seed, solver(cards, worlds));
      const std::vector<Estimate> est = agent.endgame(info);
      INFO("hands of at most " << cards << ", position " << k);
      REQUIRE(est.size() == info.legal().size());
      REQUIRE(agent.last_endgame_worlds() == worlds);
      // The same worlds, drawn as the agent draws them: its generator's first number seeds them.
      Rng outer(seed);
      Rng rng(outer.next());
      const Engine::Sampler sampler = info.sampler();
      std::vector<double> sum(est.size(), 0);
      const int start[2] = {s.b.score[0], s.b.score[1]};
      for (int w = 0; w < worlds; ++w) {
        State world;
        sampler.draw(world, rng);
        std::vector<Action> acts;
        e.legal(world, acts);
        for (size_t i = 0; i < est.size(); ++i) {
          const auto it = std::find_if(acts.begin(), acts.end(), [&](const Action& a) {
            return e.text().action_key(world, a, p) == info.key(est[i].action);
          });
          REQUIRE(it != acts.end());
          State child = world;
          e.apply_discarding(child, *it, nullptr, true);
          sum[i] += minimax(e, child, p, start, s.b.battle);
        }
      }
      for (size_t i = 0; i < est.size(); ++i) {
        CHECK(est[i].visits == worlds);
        CHECK(est[i].win == Approx(sum[i] / worlds).margin(1e-12));
        if (i > 0) CHECK(est[i - 1].win >= est[i].win);  // best first
      }
      // decide() plays the solution's first action (a second agent of the same seed).
      MctsAgent player(seed, solver(cards, worlds));
      CHECK(info.key(player.decide(info)) == info.key(est.front().action));
      CHECK(player.last_endgame_worlds() == worlds);
    }
  }
}

TEST_CASE("an exact endgame applies only to small hands and within its budget; else the search decides", "[endgame]") {
  auto eng = test::load();
  const Engine& e = *eng;
  const test::Decision first = test::first_decision(3);  // six cards a hand
  InfoState opening(e, first.s, first.legal);
  MctsAgent::Options o = solver(2, 8);
  o.iterations = 50;
  MctsAgent early(1, o);
  CHECK(early.endgame(opening).empty());
  early.decide(opening);
  CHECK(early.last_endgame_worlds() == 0);
  CHECK(early.last_iterations() == 50);  // searched
  const std::vector<State> positions = endgame_positions(e, 2, 6);
  REQUIRE(positions.size() == 6);
  int out_of_budget = 0;
  for (const State& s : positions) {
    std::vector<Action> legal;
    e.legal(s, legal);
    InfoState info(e, s, legal);
    o.iterations = 1;  // two nodes: less than any world of two cards a hand needs
    MctsAgent poor(1, o);
    const Action a = poor.decide(info);
    CHECK(std::find(info.legal().begin(), info.legal().end(), a) != info.legal().end());
    if (poor.last_endgame_worlds() == 0) {
      ++out_of_budget;
      CHECK(poor.last_iterations() == 1);  // the search decided
    }
    // mcts-v2, and the horizon of the game, never solve.
    MctsAgent v2(1, solver(2, 8));
    v2.freeze_v2();
    CHECK(v2.endgame(info).empty());
    MctsAgent::Options game = solver(2, 8);
    game.game = true;
    CHECK(MctsAgent(1, game).endgame(info).empty());
  }
  CHECK(out_of_budget == 6);
  // A budget for fewer than four worlds: a guess at the opponent's hand, not played by (the search
  // decides), unless the agent asks for fewer worlds than that.
  int too_few = 0;
  for (const State& s : endgame_positions(e, 1, 12)) {
    std::vector<Action> legal;
    e.legal(s, legal);
    InfoState info(e, s, legal);
    o.iterations = 8, o.worlds = 64;
    MctsAgent few(1, o);
    few.decide(info);
    if (few.last_endgame_worlds() > 0 && few.last_endgame_worlds() < 4) {
      ++too_few;
      CHECK(few.last_iterations() == 8);
      o.worlds = few.last_endgame_worlds();
      MctsAgent asked(1, o);
      CHECK(asked.endgame(info).size() == info.legal().size());
    }
  }
  CHECK(too_few > 0);
}

TEST_CASE("a decision that sets a battle up is never an endgame, however few cards the hands hold", "[endgame]") {
  // A draft's picks: the hands hold nothing at the first, at most two at the fifth, but the
  // battle has not begun. The solver leaves them to the search (it used to spend its whole budget
  // there and give up); the battle's own last cards are still solved.
  auto eng = test::load("standard", {std::string(ALS_DATA_DIR) + "/docs/examples/tuning/rules/draft.lua"});
  const Engine& e = *eng;
  State s = e.new_game(5);
  std::vector<Action> legal;
  int picks = 0;
  RandomAgent player(5);
  while (e.to_act(s) >= 0 && setup_decision(s)) {
    e.legal(s, legal);
    const int p = e.to_act(s);
    InfoState info(e, s, legal);
    REQUIRE(info.sets_battle_up());
    if (legal.size() > 1 && e.hand_size(s, p) <= 2 && e.hand_size(s, 1 - p) <= 2) {
      ++picks;
      MctsAgent::Options o = solver(2, 8);
      o.iterations = 20;
      MctsAgent agent(1, o);
      CHECK(agent.endgame(info).empty());
      CHECK(agent.last_endgame_nodes() == 0);
      agent.decide(info);
      CHECK(agent.last_endgame_worlds() == 0);
      CHECK(agent.last_iterations() == 20);  // searched
    }
    e.apply(s, player.choose(e, s, legal));
  }
  CHECK(picks == 5);  // hands of 0-0, 1-0, 1-1, 2-1 and 2-2 cards
  // The battle the draft set up is played to its last cards, which are solved.
  bool solved = false;
  while (e.to_act(s) >= 0 && s.b.battle == 1 && !solved) {
    e.legal(s, legal);
    const int p = e.to_act(s);
    if (!setup_decision(s) && legal.size() > 1 && e.hand_size(s, p) <= 2 && e.hand_size(s, 1 - p) <= 2) {
      MctsAgent agent(1, solver(2, 8));
      solved = !agent.endgame(InfoState(e, s, legal)).empty();
    }
    e.apply(s, player.choose(e, s, legal));
  }
  CHECK(solved);
}

TEST_CASE("an exact endgame values a battle through the rules' battle_vp hook, as the search does", "[endgame]") {
  // double_vp.lua doubles every battle's VP: the reward, a swing over the VP of a battle won, is
  // the search's there too, so the endgame is solved rather than left to the search.
  auto eng = test::load("standard", {std::string(ALS_DATA_DIR) + "/tests/sets/rules/double_vp.lua"});
  const Engine& e = *eng;
  int solved = 0;
  for (const State& s : endgame_positions(e, 2, 4)) {
    std::vector<Action> legal;
    e.legal(s, legal);
    InfoState info(e, s, legal);
    MctsAgent agent(5, solver(2, 4));
    const std::vector<Estimate> est = agent.endgame(info);
    REQUIRE(est.size() == info.legal().size());
    for (const Estimate& x : est) CHECK((x.win >= 0 && x.win <= 1));
    solved += agent.last_endgame_worlds() == 4;
  }
  CHECK(solved == 4);
}

TEST_CASE("exact endgames in agent specs: endgame=N and worlds=N, checked", "[endgame]") {
  CHECK(make_agent("mcts:endgame=2,worlds=16", 1, 0) != nullptr);
  CHECK_THROWS_WITH(make_agent("mcts:endgame=9", 1, 0), Catch::Contains("endgame"));
  CHECK_THROWS_WITH(make_agent("mcts:worlds=0", 1, 0), Catch::Contains("worlds"));
}
