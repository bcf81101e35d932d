// Beliefs about the hidden cards (issue 35): the battle's past turns kept by a Match, read by an
// agent only in a world it drew (Engine::Identities, InfoState::past), and the search's weighting
// of its worlds by how likely the opponent's turns were in each (MctsAgent::Options::belief).
#include <catch2/catch.hpp>

#include <cmath>

#include "agents.h"
#include "helpers.h"
#include "knowledge.h"
#include "match.h"
#include "mcts.h"

using namespace als;

namespace {

// A mid-battle position of a random game: its turns so far kept as a Match keeps them.
struct Played {
  std::unique_ptr<Match> match;
  std::unique_ptr<Agent> a, b;
};
Played play_turns(const Engine& e, uint64_t seed, int turns) {
  Played p;
  p.a = make_agent("random", seed, 0), p.b = make_agent("random", seed, 1);
  p.match = std::make_unique<Match>(e, seed, p.a.get(), p.b.get());
  p.match->keep_history();
  for (int i = 0; i < turns && !p.match->over(); ++i) p.match->step();
  return p;
}

MctsAgent believer(uint64_t seed, int iterations = 200) {
  MctsAgent::Options o;
  o.iterations = iterations;
  o.belief = 1;
  o.pool = 64;
  return MctsAgent(seed, o);
}

}  // namespace

TEST_CASE("a draw's identities give the same world again, and nobody else can ask for identities", "[beliefs]") {
  auto eng = test::load();
  const Engine& e = *eng;
  Played p = play_turns(e, 3, 5);
  const State& s = p.match->state();
  const int me = e.to_act(s);
  const Engine::Sampler sampler(e, s, me);
  Rng r1(9), r2(9), r3(11);
  State plain, kept, again;
  Engine::Identities ids;
  sampler.draw(plain, r1);
  sampler.draw(kept, r2, ids);
  CHECK(kept == plain);  // keeping the identities changes nothing of the draw
  CHECK(ids.drawn());
  sampler.redraw(ids, again, r3);
  again.b.take_back_rng(kept.b.rng_state());  // (the game's generator is reseeded from the caller's)
  CHECK(again == kept);
  const Engine::Identities never;
  CHECK_FALSE(never.drawn());
  CHECK_THROWS_AS(sampler.redraw(never, again, r3), std::invalid_argument);
}

TEST_CASE("a Match keeps the battle's turns for agents that want them, begins again at each battle, forgets an undone turn",
          "[beliefs]") {
  auto eng = test::load();
  const Engine& e = *eng;
  {  // agents that do not want them: nothing kept (the random games' speed)
    auto a = make_agent("random", 1, 0), b = make_agent("random", 1, 1);
    Match m(e, 1, a.get(), b.get());
    m.run(6);
    CHECK(m.history().size() == 0);
  }
  MctsAgent one = believer(1, 20), two = believer(2, 20);
  CHECK(one.wants_history());
  Match m(e, 2, &one, &two);
  int battles_seen = 0;
  uint32_t battle = m.state().b.battle;
  size_t turns = 0;  // the turns of this battle so far, counted here
  while (!m.over()) {
    turns += !m.state().r.active && e.decision_kind(m.state()) == DecisionKind::Turn;
    m.step();
    if (m.over()) break;
    if (m.state().b.battle != battle) battle = m.state().b.battle, ++battles_seen, turns = 0;
    InfoState info(e, m.state(), m.legal());
    info.set_history(&m.history());
    CHECK(info.past_turns() == turns);  // a new battle's list begins empty
  }
  CHECK(battles_seen >= 1);
  // Undo: restoring an earlier state of the battle forgets the turns from it on, and keeps those before.
  Played p = play_turns(e, 5, 3);
  const State mid = p.match->state();
  const size_t at_mid = p.match->history().size();
  for (int i = 0; i < 3; ++i) p.match->step();
  REQUIRE(p.match->state().b.battle == mid.b.battle);
  REQUIRE(p.match->history().size() > at_mid);
  p.match->restore(mid);
  CHECK(p.match->history().size() == at_mid);
  CHECK(at_mid >= 2);
  p.match->restore(e.new_game(5));  // back to the deal: none
  CHECK(p.match->history().size() == 0);
  // A refused action is not kept.
  Played q = play_turns(e, 6, 3);
  const size_t n = q.match->history().size();
  Action bad{Action::Deploy, 200, 0, kNone};
  CHECK_THROWS(q.match->apply(bad));
  CHECK(q.match->history().size() == n);
}

TEST_CASE("a past turn is read in the world drawn now: what the player knew kept, the hidden cards renamed as now",
          "[beliefs]") {
  auto eng = test::load();
  const Engine& e = *eng;
  int checked = 0, hidden_plays = 0;
  for (uint64_t g = 1; g <= 6; ++g) {
    // A game of random turns, the real state before each turn of the battle kept here too.
    auto x = make_agent("random", g, 0), y = make_agent("random", g, 1);
    Match m(e, g, x.get(), y.get());
    m.keep_history();
    std::vector<State> real;
    std::vector<Action> real_actions;
    for (int i = 0; i < 7 && !m.over(); ++i) {
      const State before = m.state();
      const uint32_t battle = before.b.battle;
      const bool turn = !before.r.active && e.decision_kind(before) == DecisionKind::Turn;
      m.step();
      if (m.state().b.battle != battle) real.clear(), real_actions.clear();
      else if (turn) real.push_back(before);
    }
    if (m.over()) continue;
    const State& s = m.state();
    const int me = e.to_act(s);
    std::vector<Action> legal;
    e.legal(s, legal);
    InfoState info(e, s, legal);
    info.set_history(&m.history());
    REQUIRE(info.past_turns() == real.size());
    const Engine::Sampler sampler = info.sampler();
    Rng rng(g);
    for (int w = 0; w < 4; ++w) {
      Engine::Identities ids;
      State world, then;
      sampler.draw(world, rng, ids);
      // The identity this world gave each real card: the card at its place now.
      std::vector<int> as(static_cast<size_t>(s.b.ncards), -1);
      for (int c = 0; c < s.b.ncards; ++c)
        for (int d = 0; d < s.b.ncards; ++d)
          if (world.b.card[d] == s.b.card[c]) as[static_cast<size_t>(c)] = d;
      for (size_t i = 0; i < info.past_turns(); ++i) {
        const Action a = info.past(i, sampler, ids, then, rng);
        CHECK(e.to_act(then) == info.past_player(i));
        std::vector<Action> there;
        e.legal(then, there);
        CHECK(std::find(there.begin(), there.end(), a) != there.end());  // the turn is legal there
        for (int c = 0; c < s.b.ncards; ++c) {
          const int d = as[static_cast<size_t>(c)];
          REQUIRE(d >= 0);
          if (knowledge::knows(s.b, me, c)) CHECK(d == c);  // a card the player knows keeps its identity
          CHECK(then.b.card[d] == real[i].b.card[c]);       // and every card its place then
        }
        if (a.type == Action::Improvise && info.past_player(i) != me) ++hidden_plays;
        ++checked;
      }
    }
    State out;
    CHECK_THROWS_AS(info.past(info.past_turns(), sampler, Engine::Identities{}, out, rng), std::out_of_range);
    if (info.past_turns() > 0) CHECK_THROWS_AS(info.past(0, sampler, Engine::Identities{}, out, rng), std::invalid_argument);
  }
  CHECK(checked > 20);
  CHECK(hidden_plays > 0);
}

TEST_CASE("the belief model: a chance for each play, the plays' chances summing to 1", "[beliefs]") {
  auto eng = test::load();
  const Engine& e = *eng;
  Played p = play_turns(e, 4, 3);
  const State& s = p.match->state();
  std::vector<Action> legal, acts;
  e.legal(s, legal);
  double sum = 0;
  int plays = 0;
  for (const Action& a : legal) {
    if (a.type == Action::Withdraw) continue;
    const double q = MctsAgent::turn_likelihood(e, s, a, 1, 0.1, acts);
    CHECK(q >= 0.1 / static_cast<double>(legal.size()));  // the noise's floor
    sum += q, ++plays;
  }
  REQUIRE(plays > 1);
  CHECK(sum == Approx(1).epsilon(1e-9));
  // A flat model (no weight) is uniform; an action that is no play is all but impossible.
  CHECK(MctsAgent::turn_likelihood(e, s, legal[0], 0, 0.1, acts) == Approx(1.0 / plays));
  CHECK(MctsAgent::turn_likelihood(e, s, Action{Action::Deploy, 200, 0, kNone}, 1, 0.1, acts) == 1e-6);
}

TEST_CASE("the search's beliefs: worlds weighted by the opponent's turns, reproducible, and nearer the truth", "[beliefs]") {
  auto eng = test::load();
  const Engine& e = *eng;
  // Before the opponent has played, no beliefs: every world as likely.
  {
    MctsAgent b = believer(1, 20);
    const State s = e.new_game(1);
    std::vector<Action> legal;
    e.legal(s, legal);
    if (e.to_act(s) == s.b.first) {
      b.rank(InfoState(e, s, legal));
      CHECK(b.last_belief().worlds.empty());
      CHECK(b.last_worlds() == 0);
    }
  }
  // In games against mcts-v2: the chance each hidden card is in the opponent's hand, by the
  // beliefs' weights and by the worlds unweighted, scored against the truth (Brier).
  double brier_belief = 0, brier_flat = 0;
  long cards = 0, weighed = 0;
  for (uint64_t g = 1; g <= 6; ++g) {
    MctsAgent me = believer(g, 60);
    auto opp = make_agent("mcts-v2:200", g, 1);
    Match m(e, g, &me, opp.get());
    Rng rng(g);
    while (!m.over()) {
      const State& s = m.state();
      if (m.to_act() == 0 && !s.r.active && e.decision_kind(s) == DecisionKind::Turn) {
        InfoState info(e, s, m.legal());
        info.set_history(&m.history());
        me.rank(info);
        const auto& bel = me.last_belief();
        if (!bel.worlds.empty()) {
          ++weighed;
          CHECK(bel.worlds.size() == 64);
          CHECK(me.last_worlds() > 1);
          CHECK(me.last_worlds() <= 64 + 1e-9);
          // The same seed, the same history: the same beliefs and the same search.
          MctsAgent one = believer(99, 60), two = believer(99, 60);
          const std::vector<Estimate> first = one.rank(info), again = two.rank(info);
          CHECK(one.last_worlds() == two.last_worlds());
          REQUIRE(again.size() == first.size());
          for (size_t i = 0; i < first.size(); ++i) CHECK((again[i].action == first[i].action && again[i].visits == first[i].visits));
          const Engine::Sampler sampler = info.sampler();
          std::vector<double> with(64, 0), flat(64, 0);
          double prev = 0;
          State t;
          for (size_t k = 0; k < bel.worlds.size(); ++k) {
            const double w = (bel.upto[k] - prev) / bel.upto.back();
            prev = bel.upto[k];
            sampler.redraw(bel.worlds[k], t, rng);
            for (uint64_t h = t.b.in_hand(1); h; h &= h - 1) {
              const int c = __builtin_ctzll(h);
              with[static_cast<size_t>(c)] += w, flat[static_cast<size_t>(c)] += 1.0 / static_cast<double>(bel.worlds.size());
            }
          }
          for (uint64_t x = knowledge::unknown(s.b, 0); x; x &= x - 1) {
            const int c = __builtin_ctzll(x);
            const double truth = (s.b.in_hand(1) >> c) & 1;
            brier_belief += std::pow(with[static_cast<size_t>(c)] - truth, 2);
            brier_flat += std::pow(flat[static_cast<size_t>(c)] - truth, 2);
            ++cards;
          }
        }
      }
      m.step();
    }
  }
  INFO(weighed << " decisions weighed, " << cards << " cards: Brier " << brier_belief / cards << " against " << brier_flat / cards);
  REQUIRE(weighed > 30);
  CHECK(brier_belief < brier_flat);
}
