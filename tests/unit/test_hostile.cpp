// Hostile inputs, round 2: each case here once crashed, hung, leaked or misled; each test failed
// before its fix.
#include <catch2/catch.hpp>

#include <string>

#include "helpers.h"
#include "play/match.h"

using namespace als;

namespace {
std::string hostile(const std::string& name) { return std::string(ALS_DATA_DIR) + "/tests/hostile/" + name; }
}  // namespace

TEST_CASE("an ongoing list holding a number is refused at load, naming the card") {
  REQUIRE_THROWS_WITH(test::load(hostile("ongoing_number")),
                      Catch::Contains("card bad") && Catch::Contains("'ongoing' holds a number"));
}

TEST_CASE("a script failing in a computer player's search ends the game with the error, as in play") {
  auto e = test::load("standard", {hostile("rules/fails_played_out.lua")});
  for (const char* spec : {"mcts:50", "greedy"}) {
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
