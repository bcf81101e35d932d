// Hostile inputs, round 2: each case here once crashed, hung, leaked or misled; each test failed
// before its fix.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "helpers.h"
#include "match.h"
#include "sandbox.h"
#include "scenario.h"

using namespace als;

namespace {
using test::hostile;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A position of the budgets set: player 1 holds `card`; `board` cards are player 1's in land
// (a "~" before an id: facedown), bottom first.
State position(const Engine& e, const std::string& card, const std::vector<std::string>& board) {
  State s = e.blank();
  s.b.card[e.set().find(card)] = CardLoc{Zone::Hand, 0, kNone, 0, 100};
  int seq = 200;
  for (const std::string& b : board) {
    bool down = b[0] == '~';
    int c = e.set().find(down ? b.substr(1) : b);
    s.b.card[c] = CardLoc{Zone::Board, 0, static_cast<uint8_t>(e.text().theater_id("land")), static_cast<uint8_t>(!down), seq++};
  }
  s.b.reindex();
  return s;
}

// Player 1 deploys `card` to air: refused with `why` (and the card named, unless another card's
// ability is the one that fails), within a second or two, the game as it was.
void require_stopped(const Engine& e, const State& start, const std::string& card, const std::string& why,
                     bool names_card = false) {
  INFO(card);
  State s = start;
  auto t0 = std::chrono::steady_clock::now();
  Action a{Action::Deploy, static_cast<uint8_t>(e.set().find(card)), static_cast<uint8_t>(e.text().theater_id("air")), kNone};
  REQUIRE_THROWS_WITH(e.apply(s, a), Catch::Contains(why) && Catch::Contains(names_card ? "card " + card : ""));
  REQUIRE(seconds_since(t0) < 5.0);  // before the budgets: 16 to 54 seconds
  REQUIRE(test::same(s, start));
}
}  // namespace

TEST_CASE("an ongoing list holding a number is refused at load, naming the card") {
  REQUIRE_THROWS_WITH(test::load(hostile("ongoing_number")),
                      Catch::Contains("card bad") && Catch::Contains("'ongoing' holds a number"));
}

TEST_CASE("a script failing in a computer player's search ends the game with the error, as in play") {
  auto e = test::load("standard", {hostile("rules/fails_played_out.lua")});
  for (const char* spec : {"mcts:50", "mcts:50,threads=2", "mcts-v1:50", "greedy"}) {
    INFO(spec);
    bool ended = false;
    for (uint64_t seed = 1; seed <= 5 && !ended; ++seed) {
      auto computer = make_agent(spec, seed, 0), other = make_agent("random", seed, 1);
      Match m(*e, seed, computer.get(), other.get());
      m.run();
      REQUIRE_FALSE(m.over());  // no game ends: every battle played out fails
      REQUIRE_THAT(m.abandoned(), Catch::Contains("no battle may be played out"));
      ended = m.abandoned().find("during the computer's") != std::string::npos;
    }
    REQUIRE(ended);  // the search itself met the failure and ended the game with it
  }
}

TEST_CASE("options among cards a player cannot identify are listed by their places, never by identity") {
  auto eng = test::load(std::string(ALS_DATA_DIR) + "/tests/sets/hidden_choice");
  const Engine& e = *eng;
  Rng deal(3);
  int spy = e.set().find("spy");
  int first_is_alphabetical = 0, deals = 60;
  for (int round = 0; round < deals; ++round) {
    // Player 1 holds the spy; player 2 holds four of the others, in a random order.
    State s = e.blank();
    std::vector<int> others;
    for (int c = 0; c < static_cast<int>(e.set().cards.size()); ++c)
      if (c != spy) others.push_back(c);
    deal.shuffle(others.data(), others.size());
    s.b.card[spy] = CardLoc{Zone::Hand, 0, kNone, 0, 1};
    for (int i = 0; i < 4; ++i) s.b.card[others[static_cast<size_t>(i)]] = CardLoc{Zone::Hand, 1, kNone, 0, 10 + i};
    s.b.reindex();
    s.b.turn = 0;
    e.apply(s, Action{Action::Deploy, static_cast<uint8_t>(spy), static_cast<uint8_t>(e.text().theater_id("air")), kNone});
    REQUIRE(e.decision_kind(s) == DecisionKind::Card);
    std::vector<Action> legal;
    e.legal(s, legal);
    REQUIRE(legal.size() == 4);
    // The agent's information state and the lists of every front end (order_for_viewer) agree:
    // the first option is the first card player 2 holds, whatever its id.
    InfoState info(e, s, legal);
    std::vector<Action> listed = legal;
    std::vector<std::string> texts;
    e.text().order_for_viewer(s, 0, listed, &texts);
    for (size_t i = 0; i < 4; ++i) {
      const std::string place = "choose 2:hand:" + std::to_string(i + 1);  // by its place in the hand, as held
      REQUIRE(texts[i] == place);
      REQUIRE(listed[i].option == others[i]);
      // ... and the agent is given a handle for it, never the card.
      REQUIRE(info.legal()[i].card == InfoState::kHandleCard);
      REQUIRE(info.legal()[i].option == i);
      REQUIRE(info.real(info.legal()[i]).option == others[i]);
      REQUIRE(info.text(info.legal()[i]) == place);
    }
    std::vector<std::string> ids;
    for (int i = 0; i < 4; ++i) ids.push_back(e.set().cards[static_cast<size_t>(others[static_cast<size_t>(i)])].id);
    first_is_alphabetical += ids[0] == *std::min_element(ids.begin(), ids.end());
  }
  REQUIRE(first_is_alphabetical < deals / 2);  // about a quarter: the order tells nothing of the ids
}

TEST_CASE("time budgets: strings made are bounded and charged by length, every action and every ongoing function has a budget") {
  auto eng = test::load(hostile("budgets"));
  const Engine& e = *eng;
  // Comparing two 16,000-byte strings costs one instruction: the loop ends at the ability's
  // budget (once 54 s with strings of 1.5 MB: comparisons of long strings were not bounded).
  require_stopped(e, position(e, "compare", {}), "compare",
                  "instruction limit exceeded: 5000000 in one ability, trigger or acting hook");
  // A string longer than 16 KiB is refused, with a message that says so.
  require_stopped(e, position(e, "long_string", {}), "long_string",
                  "a string longer than 16384 bytes (the longest a script may make)");
  // A chain of triggers each under the per-call budget stops at the action's (once 16 s).
  require_stopped(e, position(e, "flipper", {"chain", "~plain"}), "flipper",
                  "instruction limit exceeded: 20000000 for one action (all its abilities, triggers, hooks and "
                  "ongoing functions together)");
  // An ongoing function has a budget of its own, smaller than an ability's (once 55 s a query).
  State s = position(e, "plain", {"slow_strength"});
  auto t0 = std::chrono::steady_clock::now();
  REQUIRE_THROWS_WITH(e.strength(s, 0, e.text().theater_id("land")),
                      Catch::Contains("card slow_strength") &&
                          Catch::Contains("instruction limit exceeded: 200000 in one ongoing function or answering hook"));
  REQUIRE(seconds_since(t0) < 2.0);
}

TEST_CASE("an error a script's pcall catches costs kCaughtErrorCost instructions: a loop of refusals ends by its budget") {
  auto eng = test::load(hostile("budgets"));
  const Engine& e = *eng;
  static_assert(1000 * kCaughtErrorCost < 5'000'000 && 1300 * kCaughtErrorCost > 5'000'000);
  // 1,000 refusals fit an ability's budget ...
  State s = position(e, "refuses_1000", {});
  EventLog log;
  e.apply(s, Action{Action::Deploy, static_cast<uint8_t>(e.set().find("refuses_1000")),
                    static_cast<uint8_t>(e.text().theater_id("air")), kNone}, &log);
  REQUIRE(std::any_of(log.events.begin(), log.events.end(),
                      [](const Event& ev) { return ev.type == Event::Log && ev.text == "refused 1000 times"; }));
  // ... 1,300 do not, nor an endless loop of them (once 50,000 refusals an ability ran for seconds,
  // the cost of each message uncounted): stopped by the budget, the game as it was.
  require_stopped(e, position(e, "refuses_1300", {}), "refuses_1300",
                  "instruction limit exceeded: 5000000 in one ability, trigger or acting hook");
  require_stopped(e, position(e, "refuser", {}), "refuser",
                  "instruction limit exceeded: 5000000 in one ability, trigger or acting hook");
}

TEST_CASE("nothing a call leaves behind in the sandbox accumulates: setmetatable's copies go with their tables") {
  // Each run makes 2,000 metatables. Their copies were once kept for ever, so after a dozen runs
  // the card failed for want of memory, at a run that depended on the process's history.
  auto eng = test::load(hostile("runtime"));
  const Engine& e = *eng;
  State start = position(e, "meta_churn", {});
  Action a{Action::Deploy, static_cast<uint8_t>(e.set().find("meta_churn")), static_cast<uint8_t>(e.text().theater_id("air")),
           kNone};
  for (int run = 0; run < 60; ++run) {
    State s = start;
    INFO("run " << run);
    REQUIRE_NOTHROW(e.apply(s, a));
  }
}

TEST_CASE("the engine cache of a session is bounded: a client naming sets differently cannot grow it") {
  EngineCache cache(ALS_DATA_DIR, 3);
  std::vector<std::vector<std::string>> rules = {{}, {"beginner"}, {"long-war"}, {"beginner", "long-war"},
                                                 {"long-war", "beginner"}};
  std::shared_ptr<Engine> held;
  for (int round = 0; round < 3; ++round)
    for (const auto& r : rules) {
      held = cache.get("standard", r);
      REQUIRE(cache.size() <= 3);
    }
  REQUIRE(held->rule_names() == std::vector<std::string>{"long-war", "beginner"});  // still usable
  REQUIRE(cache.get("standard", {"long-war", "beginner"}) == held);                // and still cached
}

TEST_CASE("control characters from a set never reach a terminal: refused at load, escaped in errors") {
  REQUIRE_THROWS_WITH(test::load(hostile("escapes")), Catch::Contains("card clipboard") &&
                                                          Catch::Contains("field 'text' holds a control character (byte 0x1b"));
  auto eng = test::load(hostile("runtime"));
  State s = position(*eng, "error_escape", {});
  Action a{Action::Deploy, static_cast<uint8_t>(eng->set().find("error_escape")),
           static_cast<uint8_t>(eng->text().theater_id("air")), kNone};
  try {
    eng->apply(s, a);
    FAIL("the ability's error was not raised");
  } catch (const ScriptError& err) {
    std::string msg = err.what();
    REQUIRE(msg.find('\x1b') == std::string::npos);
    REQUIRE_THAT(msg, Catch::Contains("\\x1b[2J\\x1b[Hplayer 2 withdraws"));
  }
}

TEST_CASE("a verb, card, theater, option or filter typo names the nearest known one") {
  auto eng = test::load(hostile("typos"));
  const Engine& e = *eng;
  for (auto [card, want] : std::vector<std::pair<std::string, std::string>>{
           {"verb", "g:flp is not a verb (did you mean 'flip'?)"},
           {"card", "unknown card 'plian' (did you mean 'plain'?)"},
           {"theater", "unknown theater 'sae' (did you mean 'sea'?)"},
           {"option", "g:choose_card: unknown option 'mya' (did you mean 'may'?)"},
           {"filter", "g:cards: unknown filter 'faceupp' (did you mean 'faceup'?)"}})
    require_stopped(e, position(e, card, {}), card, want, true);
}

TEST_CASE("an integer argument is an integer: \"2\" and 2.5 are refused, not converted") {
  auto eng = test::load(hostile("typos"));
  const Engine& e = *eng;
  for (auto [card, want] : std::vector<std::pair<std::string, std::string>>{
           // (arguments counted as a method's: the player #1, the VP #2)
           {"text_number", "bad argument #2 to 'gain_vp' (integer expected, got string)"},
           {"fraction", "bad argument #2 to 'gain_vp' (an integer is expected, got 2.5)"},
           {"text_player", "bad argument #1 to 'gain_vp' (integer expected, got string)"}})
    require_stopped(e, position(e, card, {}), card, want, true);
}
