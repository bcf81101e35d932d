// Match: the one game loop every front end uses (engine/play/match/match.h).
#include <catch2/catch.hpp>

#include <functional>

#include "helpers.h"
#include "match.h"

using namespace als;

namespace {

// Counts what a listener is told.
struct ActionCounter : MatchListener {
  long actions = 0, events = 0, texts = 0;
  void on_action(const Match&, int seat, const Action&, const std::string& text, const EventLog& log) override {
    ++actions;
    events += static_cast<long>(log.events.size());
    texts += !text.empty();
    REQUIRE((seat == 0 || seat == 1));
  }
};

}  // namespace

TEST_CASE("a Match between agents plays to the end and tells its listeners every action") {
  for (const char* set : {"standard", "original"}) {
    auto e = test::load(set);
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      auto a1 = make_agent("random", seed, 0), a2 = make_agent("greedy", seed, 1);
      Match m(*e, seed, a1.get(), a2.get());
      ActionCounter c;
      m.listen(&c);
      m.run();
      REQUIRE(m.over());
      REQUIRE(m.abandoned().empty());
      REQUIRE(c.actions == m.actions());
      REQUIRE(c.texts == c.actions);  // omniscient texts, for records
      REQUIRE(c.events > c.actions);
      REQUIRE(m.state().b.score[m.state().b.winner] >= e->rules().vp_target);
      REQUIRE(m.legal().empty());
      REQUIRE_FALSE(m.step());
    }
  }
}

namespace {

// Game `seed` between two `agent`s played twice, each decision applied alone and with the
// questions the agents may answer answered inside the abilities' runs: the same game (the same
// digest; every answer given inside is an action the first game took). Hands both to `check`.
void both_ways(const Engine& e, const std::string& agent, uint64_t seed, const std::function<void(const Match&, const Match&)>& check) {
  Match::Options fast;
  fast.answer_during_runs = true;
  fast.log = fast.texts = false;
  auto a1 = make_agent(agent, seed, 0), a2 = make_agent(agent, seed, 1);
  auto b1 = make_agent(agent, seed, 0), b2 = make_agent(agent, seed, 1);
  Match plain(e, seed, a1.get(), a2.get()), quick(e, seed, b1.get(), b2.get(), fast);
  plain.run();
  quick.run();
  REQUIRE(digest(e, plain.state()) == digest(e, quick.state()));
  REQUIRE(plain.actions() == quick.actions() + quick.answered());
  check(plain, quick);
}

}  // namespace

TEST_CASE("a Match answering abilities' decisions during their runs plays the same game") {
  for (const char* set : {"standard", "original"}) {
    auto e = test::load(set);
    long answered = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed)
      both_ways(*e, "random", seed, [&](const Match&, const Match& quick) { answered += quick.answered(); });
    REQUIRE(answered > 0);
  }
}

TEST_CASE("greedy answers a draft's picks inside the deal's run: the same game, no pick left pending") {
  // Setting a battle up, greedy has no theater to value: it takes a pick uniformly, during the
  // hook's run (Agent::answers_inside), so the 12-pick deal runs once a battle, not once a pick.
  auto e = test::load("standard", {std::string(ALS_DATA_DIR) + "/docs/examples/tuning/rules/draft.lua"});
  for (uint64_t seed = 1; seed <= 20; ++seed)
    both_ways(*e, "greedy", seed, [](const Match& plain, const Match& quick) {
      // Every pick was answered inside its run but the game's first, asked as the game was dealt
      // (Engine::new_game runs battle 1's deal with no one to answer).
      REQUIRE(quick.setup_decisions() == plain.setup_decisions());
      REQUIRE(quick.answered() == quick.setup_decisions() - 1);
      REQUIRE(quick.setup_decisions() >= 11 * plain.state().b.battle);
    });
}

TEST_CASE("a Match stops at a seat decided outside, and reset starts another game on it") {
  auto e = test::load();
  auto bot = make_agent("random", 5, 1);
  Match m(*e, 5, nullptr, bot.get());  // player 1 is decided outside (a human, a client)
  m.run();
  REQUIRE(m.to_act() == 0);
  REQUIRE(m.abandoned().empty());
  while (!m.over()) {
    if (m.to_act() == 0) m.apply(m.legal().front());
    else m.run();
  }
  REQUIRE(m.legal().empty());
  State first_deal = Match(*e, 9, nullptr, nullptr).state();
  m.reset(9, nullptr, nullptr);
  REQUIRE(test::same(m.state(), first_deal));
  REQUIRE(m.actions() == 0);
  REQUIRE(m.seed() == 9);
  // An illegal action is refused and changes nothing.
  State before = m.state();
  Action nothing{Action::Choose, kNone, kNone, 3};
  REQUIRE_THROWS_AS(m.apply(nothing), IllegalAction);
  REQUIRE(test::same(m.state(), before));
  m.abandon("end of input");
  REQUIRE(m.abandoned() == "end of input");
}

namespace {

// An agent that wants the game's record of steps and checks, at each decision, that its
// information-state tensor can be read (Agent::wants_record).
struct Recording : Agent {
  std::unique_ptr<Agent> inner;
  long read = 0;
  explicit Recording(std::unique_ptr<Agent> a) : inner(std::move(a)) {}
  bool wants_record() const override { return true; }
  Action decide(const InfoState& info) override {
    REQUIRE(info.has_record());
    std::vector<float> t(static_cast<size_t>(information_state_tensor_size(info.engine(), InfoShape{})));
    info.information_state_tensor(InfoShape{}, t.data());
    ++read;
    return inner->decide(info);
  }
};

}  // namespace

TEST_CASE("a Match keeps the record of steps an agent asks for: every decision a step, forgotten on undo") {
  auto e = test::load("standard");
  Match::Options fast;
  fast.answer_during_runs = true;  // (a record turns it off: every decision is a step)
  Recording a1(make_agent("greedy", 4, 0));
  auto a2 = make_agent("random", 4, 1);
  Match m(*e, 4, &a1, a2.get(), fast);
  State mid;
  while (m.step()) {
    if (m.actions() == 10) mid = m.state();
  }
  REQUIRE(m.over());
  REQUIRE(m.record().player_steps() == m.actions());  // no decision answered inside a run
  REQUIRE(a1.read > 5);
  m.restore(mid);
  REQUIRE(m.record().player_steps() == 10);  // the steps from `mid` on are forgotten
  REQUIRE(m.record().battles().back().number <= mid.b.battle);
  auto p1 = make_agent("random", 4, 0), p2 = make_agent("random", 4, 1);
  Match plain(*e, 4, p1.get(), p2.get());  // no agent asks: no record
  plain.run();
  REQUIRE(plain.record().steps().empty());
}
