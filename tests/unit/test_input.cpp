// What a human types at a decision (cli/input.h): numbers, action texts, unique words, partial
// commands listing their candidates, and refusals that say why.
#include <catch2/catch.hpp>

#include "input.h"

using namespace als::cli;

namespace {
// A turn of a hand of support (air 1), cover_fire (land 4) and air_drop (air 2), theaters air,
// land, sea, as the terminal lists the texts (sorted).
const std::vector<std::string> kTurn = {
    "deploy air_drop air",      "deploy cover_fire land",  "deploy support air",     "improvise air_drop air",
    "improvise air_drop land",  "improvise air_drop sea",  "improvise cover_fire air", "improvise cover_fire land",
    "improvise cover_fire sea", "improvise support air",   "improvise support land", "improvise support sea",
    "withdraw"};
int index_of(const std::string& text) {
  for (size_t i = 0; i < kTurn.size(); ++i)
    if (kTurn[i] == text) return static_cast<int>(i);
  return -1;
}
}  // namespace

TEST_CASE("input: a number, the text, or its words as unique prefixes") {
  Input in = parse_input("3", kTurn, false);
  REQUIRE(in.kind == Input::Action);
  REQUIRE(in.index == 2);
  REQUIRE(parse_input("deploy support air", kTurn, false).index == index_of("deploy support air"));
  REQUIRE(parse_input("DEP SUP AIR", kTurn, false).index == index_of("deploy support air"));
  REQUIRE(parse_input("imp cov sea", kTurn, false).index == index_of("improvise cover_fire sea"));
  REQUIRE(parse_input("with", kTurn, false).index == index_of("withdraw"));
}

TEST_CASE("input: words left out where one action fits") {
  REQUIRE(parse_input("deploy support", kTurn, false).index == index_of("deploy support air"));
  REQUIRE(parse_input("dep cover", kTurn, false).index == index_of("deploy cover_fire land"));
  REQUIRE(parse_input("dep cover land", kTurn, false).index == index_of("deploy cover_fire land"));
}

TEST_CASE("input: a partial command lists its candidates") {
  Input in = parse_input("dep", kTurn, false);
  REQUIRE(in.kind == Input::Error);
  REQUIRE(in.why.find("could be:") != std::string::npos);
  for (const char* t : {"[deploy air_drop air]", "[deploy cover_fire land]", "[deploy support air]"})
    REQUIRE(in.why.find(t) != std::string::npos);
  in = parse_input("imp support", kTurn, false);
  REQUIRE(in.kind == Input::Error);
  REQUIRE(in.why.find("[improvise support sea]") != std::string::npos);
  in = parse_input("improvise", kTurn, false);  // nine of them: eight shown, the rest counted
  REQUIRE(in.why.find("and 1 more") != std::string::npos);
}

TEST_CASE("input: what is not an action says so") {
  Input in = parse_input("deploy cover air", kTurn, false);
  REQUIRE(in.kind == Input::Error);
  REQUIRE(in.why.find("is not a legal action now") != std::string::npos);
  in = parse_input("14", kTurn, false);
  REQUIRE(in.kind == Input::Error);
  REQUIRE(in.why == "no action numbered 14 (1 to 13)");
  in = parse_input("0", kTurn, false);
  REQUIRE(in.kind == Input::Error);
  REQUIRE(parse_input("   ", kTurn, false).kind == Input::Empty);
  in = parse_input("rules cover_fire", kTurn, false);
  REQUIRE(in.kind == Input::Command);
  REQUIRE(in.command == std::vector<std::string>{"rules", "cover_fire"});
}

TEST_CASE("input: at a card or theater question the option alone answers") {
  const std::vector<std::string> q = {"choose land", "choose sea"};
  REQUIRE(parse_input("land", q, true).index == 0);
  REQUIRE(parse_input("s", q, true).index == 1);
  REQUIRE(parse_input("choose sea", q, true).index == 1);
  REQUIRE(parse_input("land", q, false).kind == Input::Error);  // a turn: no such shortcut
}

TEST_CASE("a mistyped action gets the actions it most likely meant, a slip a word at most (issue 53)") {
  auto why = [](const std::string& typed) {
    Input in = parse_input(typed, kTurn, false);
    REQUIRE(in.kind == Input::Error);
    return in.why;
  };
  // letters swapped, letters left out, a letter changed
  CHECK(why("dpe cover").find("did you mean [deploy cover_fire land]?") != std::string::npos);
  CHECK(why("dep cvr").find("did you mean [deploy cover_fire land]?") != std::string::npos);
  CHECK(why("improvse suport lnd").find("did you mean [improvise support land]?") != std::string::npos);
  // several as likely: each listed
  CHECK(why("dpe ar").find("did you mean [deploy air_drop air] [deploy support air]?") != std::string::npos);
  // nothing near: no guess
  CHECK(why("xyz").find("did you mean") == std::string::npos);
  CHECK(why("deploy zebra").find("did you mean") == std::string::npos);
  CHECK(why("xyz").find("is not a legal action now") != std::string::npos);
}

TEST_CASE("input: a card by its display name or its id, in any case (issue 53)") {
  // The same actions with cards by their names, as the screen lists them.
  std::vector<std::string> named;
  for (std::string t : kTurn) {
    for (auto [id, name] : {std::pair{"air_drop", "Air Drop"}, {"cover_fire", "Cover Fire"}, {"support", "Support"}})
      if (const size_t at = t.find(id); at != std::string::npos) t.replace(at, std::string(id).size(), name);
    named.push_back(t);
  }
  auto typed = [&](const std::string& line) { return parse_input(line, kTurn, false, named); };
  CHECK(typed("deploy Cover Fire land").index == index_of("deploy cover_fire land"));
  CHECK(typed("imp air drop sea").index == index_of("improvise air_drop sea"));
  CHECK(typed("IMP COVER FIRE SEA").index == index_of("improvise cover_fire sea"));
  CHECK(typed("dep air_drop air").index == index_of("deploy air_drop air"));  // ids still
  CHECK(typed("imp fire air").index == index_of("improvise cover_fire air"));  // words left out, as with ids
  // what the player is told lists actions by their names
  const Input several = typed("dep");
  REQUIRE(several.kind == Input::Error);
  CHECK(several.why.find("[deploy Air Drop air] [deploy Cover Fire land] [deploy Support air]") != std::string::npos);
  const Input slip = typed("dpe cover fire");
  REQUIRE(slip.kind == Input::Error);
  CHECK(slip.why.find("did you mean [deploy Cover Fire land]?") != std::string::npos);
}
