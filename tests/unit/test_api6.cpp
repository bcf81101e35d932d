// Card script API 6 below the scenarios (docs/modding.md, "Card script API 6"): sets that extend
// sets that extend others, and the loader's refusals of a cycle and of a missing card.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "helpers.h"

using namespace als;

namespace {

namespace fs = std::filesystem;

// A set folder `dir/name` extending `base`, listing `cards`, with `own` card files of its own.
void write_set(const fs::path& dir, const std::string& name, const std::string& base, const std::string& cards,
               const std::vector<std::pair<std::string, std::string>>& own = {}, int api = 6) {
  fs::create_directories(dir / name);
  for (const auto& [id, text] : own) std::ofstream(dir / name / (id + ".lua")) << text;
  std::ofstream(dir / name / "set.lua") << "return { name = \"" << name << "\", api = " << api << ", extends = \"" << base
                                         << "\", theaters = { \"air\", \"land\", \"sea\" }, cards = { " << cards << " } }\n";
}

const std::string kTwelve = "\"support\", \"air_drop\", \"air_maneuver\", \"aerodrome\", \"containment\", \"heavy_bombers\", "
                            "\"reinforce\", \"ambush\", \"land_maneuver\", \"cover_fire\", \"disrupt\", \"heavy_tanks\"";

std::string load_error(const std::string& dir) {
  try {
    test::load(dir);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a set extends a set that extends another: cards and libraries come from the nearest that has them") {
  const fs::path dir = test::temp_folder("api6-chain");
  // middle extends standard and adds a card and a library; top extends middle and replaces support.
  write_set(dir, "middle", "standard", kTwelve + ", \"scout\"",
            {{"scout", "return { type = \"air\", strength = use(\"numbers\").scout }"}});
  fs::create_directories(dir / "middle" / "lib");
  std::ofstream(dir / "middle" / "lib" / "numbers.lua") << "return { scout = 4 }";
  write_set(dir, "top", "../middle", kTwelve + ", \"scout\"", {{"support", "return { type = \"air\", strength = 5 }"}});
  auto e = test::load((dir / "top").string());
  REQUIRE(e->set().cards[e->set().find("scout")].strength == 4);          // middle's card, middle's library
  REQUIRE(e->set().cards[e->set().find("support")].strength == 5);        // top's own
  REQUIRE(e->set().cards[e->set().find("heavy_tanks")].strength == 6);    // standard's, two levels down
  REQUIRE(e->set().cards[e->set().find("heavy_tanks")].file.find("cards/standard") != std::string::npos);
}

TEST_CASE("an extends cycle is refused, naming the sets in it") {
  const fs::path dir = test::temp_folder("api6-cycle");
  write_set(dir, "one", "../two", kTwelve);
  write_set(dir, "two", "../one", kTwelve);
  const std::string why = load_error((dir / "one").string());
  INFO(why);
  REQUIRE(why.find("'extends' makes a cycle") != std::string::npos);
  REQUIRE(why.find("one extends") != std::string::npos);
  REQUIRE(why.find("two extends") != std::string::npos);
  write_set(dir, "self", ".", kTwelve);
  REQUIRE(load_error((dir / "self").string()).find("'extends' makes a cycle") != std::string::npos);
}

TEST_CASE("a card no set of the chain has, and an extends that names no set, say where they were looked for") {
  const fs::path dir = test::temp_folder("api6-missing");
  write_set(dir, "middle", "standard", kTwelve);
  write_set(dir, "top", "../middle", kTwelve + ", \"ghost\"");
  std::string why = load_error((dir / "top").string());
  INFO(why);
  REQUIRE(why.find("ghost.lua: no such file (card ghost has no script in the set's folder") != std::string::npos);
  REQUIRE(why.find("middle (extended)") != std::string::npos);
  REQUIRE(why.find("cards/standard (extended)") != std::string::npos);
  write_set(dir, "lost", "../nowhere", kTwelve);
  why = load_error((dir / "lost").string());
  REQUIRE(why.find("'extends' names '../nowhere', which is not a card set (a folder relative to") != std::string::npos);
  write_set(dir, "named", "nosuchset", kTwelve);
  REQUIRE(load_error((dir / "named").string()).find("a bundled set's name") != std::string::npos);
}

TEST_CASE("a card's own may_play needs api = 6 and a function") {
  const fs::path dir = test::temp_folder("api6-terms");
  const std::string terms = "return { type = \"sea\", strength = 5, may_play = function(g, this, player, theater, face, allowed) "
                            "return allowed end }";
  write_set(dir, "six", "standard", kTwelve + ", \"terms\"", {{"terms", terms}});
  auto e = test::load((dir / "six").string());
  REQUIRE(e->set().cards[e->set().find("terms")].own_may_play);
  write_set(dir, "five", "standard", kTwelve + ", \"terms\"", {{"terms", terms}}, 5);
  REQUIRE(load_error((dir / "five").string()).find("a card's own 'may_play' needs api = 6") != std::string::npos);
  write_set(dir, "bad", "standard", kTwelve + ", \"terms\"", {{"terms", "return { type = \"sea\", strength = 5, may_play = true }"}});
  REQUIRE(load_error((dir / "bad").string()).find("'may_play' must be a function") != std::string::npos);
}

TEST_CASE("an instead table needs api = 6, names known events, and holds functions; a house rule's works with any set") {
  const fs::path dir = test::temp_folder("api6-instead");
  auto card = [](const std::string& instead) {
    return "return { type = \"land\", strength = 2, kind = \"ongoing\", instead = " + instead + " }";
  };
  write_set(dir, "six", "standard", kTwelve + ", \"decoy\"", {{"decoy", card("{ destroy = function() return false end }")}});
  auto e = test::load((dir / "six").string());
  REQUIRE(e->set().cards[e->set().find("decoy")].instead == 1u << static_cast<int>(Instead::Destroy));
  write_set(dir, "five", "standard", kTwelve + ", \"decoy\"", {{"decoy", card("{ destroy = function() return false end }")}}, 5);
  REQUIRE(load_error((dir / "five").string()).find("'instead' (replacement effects) needs api = 6") != std::string::npos);
  write_set(dir, "typo", "standard", kTwelve + ", \"decoy\"", {{"decoy", card("{ destory = function() return false end }")}});
  const std::string typo = load_error((dir / "typo").string());
  INFO(typo);
  REQUIRE(typo.find("did you mean 'destroy'") != std::string::npos);
  write_set(dir, "notfn", "standard", kTwelve + ", \"decoy\"", {{"decoy", card("{ flip = true }")}});
  REQUIRE(load_error((dir / "notfn").string()).find("instead.flip must be a function(g, this, card, e)") != std::string::npos);
  write_set(dir, "empty", "standard", kTwelve + ", \"decoy\"", {{"decoy", card("{}")}});
  REQUIRE(load_error((dir / "empty").string()).find("'instead' names no event") != std::string::npos);
  // A house rule's, with an API 1 set (the standard one).
  std::ofstream(dir / "anchored.lua") << "return { instead = { move = function(g, this, card, e) return true end } }";
  auto r = test::load("standard", {(dir / "anchored.lua").string()});
  REQUIRE(r->rules().instead == 1u << static_cast<int>(Instead::Move));
}

TEST_CASE("an ongoing card's ability (a copier printed as ongoing) needs api = 6") {
  const fs::path dir = test::temp_folder("api6-ongoing-ability");
  const std::string card = "return { type = \"land\", strength = 1, kind = \"ongoing\", ability = function(g, this) end }";
  write_set(dir, "six", "standard", kTwelve + ", \"copier\"", {{"copier", card}});
  auto e = test::load((dir / "six").string());
  REQUIRE(e->set().cards[e->set().find("copier")].has_ability);
  write_set(dir, "five", "standard", kTwelve + ", \"copier\"", {{"copier", card}}, 5);
  REQUIRE(load_error((dir / "five").string()).find("an ongoing card's 'ability' (resolving as it comes faceup) needs api = 6") !=
          std::string::npos);
}

TEST_CASE("this engine reads API 1 to 6: a set of API 7 is refused, naming both") {
  const fs::path dir = test::temp_folder("api6-seven");
  write_set(dir, "seven", "standard", kTwelve, {}, 7);
  const std::string why = load_error((dir / "seven").string());
  INFO(why);
  REQUIRE(why.find("the set targets script API 7, this engine reads API 1 to 6") != std::string::npos);
}
