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
