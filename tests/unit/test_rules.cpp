// Core rules through the C++ interface (the scenario files in tests/rules/ cover each ruling).
#include <catch2/catch.hpp>

#include "helpers.h"

using namespace als;

TEST_CASE("a new game deals 6 cards each and leaves 6 in the deck") {
  auto e = test::load();
  State s = e->new_game(1);
  uint8_t buf[kMaxCards];
  REQUIRE(e->zone(s, Zone::Hand, 0, buf) == 6);
  REQUIRE(e->zone(s, Zone::Hand, 1, buf) == 6);
  REQUIRE(e->zone(s, Zone::Deck, 0, buf) == 6);
  REQUIRE(e->to_act(s) == s.b.first);
  REQUIRE(e->decision_kind(s) == DecisionKind::Turn);
}

TEST_CASE("every turn offers withdraw and an improvise to each theater per card") {
  auto e = test::load();
  State s = e->new_game(2);
  std::vector<Action> acts;
  e->legal(s, acts);
  int improvise = 0, deploy = 0, withdraw = 0;
  for (const Action& a : acts) {
    improvise += a.type == Action::Improvise;
    deploy += a.type == Action::Deploy;
    withdraw += a.type == Action::Withdraw;
  }
  REQUIRE(improvise == 18);
  REQUIRE(deploy == 6);  // one matching theater per card, no permissions yet
  REQUIRE(withdraw == 1);
}

TEST_CASE("action texts round-trip through the parser") {
  auto e = test::load();
  State s = e->new_game(9);
  std::vector<Action> acts;
  e->legal(s, acts);
  for (const Action& a : acts) REQUIRE(e->text().parse_action(s, e->text().action_text(s, a, -1), -1) == a);
  REQUIRE_THROWS_AS(e->text().parse_action(s, "deploy nothing air", -1), IllegalAction);
}

TEST_CASE("unknown card sets and rules are refused with the path named") {
  REQUIRE_THROWS_WITH(test::load("no_such_set"), Catch::Contains("no_such_set"));
  REQUIRE_THROWS_WITH(test::load("standard", {"no_such_rule"}), Catch::Contains("no_such_rule"));
}
