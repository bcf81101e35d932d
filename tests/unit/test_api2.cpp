// Card script API 2 (docs/modding.md): read-only ongoing functions, the new verbs, strict
// loading, and isolation between calls, each against a hostile or probing card.
#include <catch2/catch.hpp>
#include <fstream>

#include "helpers.h"
#include "view.h"

using namespace als;

namespace {

using test::hostile;

// Player 1 holds `card` (or has it faceup in air when `on_board`); player 2 holds `spare`.
State position(const Engine& e, const std::string& card, bool on_board) {
  State s = e.blank();
  int c = e.set().find(card), spare = e.set().find("spare");
  if (on_board) s.b.card[c] = CardLoc{Zone::Board, 0, static_cast<uint8_t>(e.text().theater_id("air")), 1, 100};
  else s.b.card[c] = CardLoc{Zone::Hand, 0, kNone, 0, 100};
  s.b.card[spare] = CardLoc{Zone::Hand, 1, kNone, 0, 101};
  s.b.known[0] = s.b.known[1] = ~uint64_t{0};
  s.b.reindex();  // card[] was written directly
  return s;
}

Action deploy(const Engine& e, const std::string& card, const std::string& theater = "air") {
  return Action{Action::Deploy, static_cast<uint8_t>(e.set().find(card)), static_cast<uint8_t>(e.text().theater_id(theater)),
                kNone};
}

}  // namespace

TEST_CASE("ongoing functions are read-only and must return the right type") {
  auto e = test::load(hostile("api2"));
  int air = e->text().theater_id("air");
  State s = position(*e, "writes_in_strength", true);
  REQUIRE_THROWS_WITH(e->strength(s, 0, air), Catch::Contains("card writes_in_strength") &&
                                                  Catch::Contains("g:flip changes the game") &&
                                                  Catch::Contains("read-only"));
  s = position(*e, "asks_in_total", true);
  REQUIRE_THROWS_WITH(e->strength(s, 0, air), Catch::Contains("card asks_in_total") &&
                                                  Catch::Contains("g:choose_card asks a player"));
  s = position(*e, "bad_return", true);
  REQUIRE_THROWS_WITH(e->strength(s, 0, air), Catch::Contains("card bad_return") &&
                                                  Catch::Contains("must return an integer (got string)"));
  // An action that needs the failing function is refused and the game is left as it was.
  State before = s;
  std::vector<Action> acts;
  REQUIRE_THROWS_AS(e->apply(s, Action{Action::Improvise, static_cast<uint8_t>(e->set().find("spare")),
                                       static_cast<uint8_t>(air), kNone}),
                    std::exception);
  REQUIRE(test::same(s, before));
}

TEST_CASE("the new queries and effects: score, vp_target, battle, first, turn, hand_size, controller, can_play, gain_vp, log") {
  auto e = test::load(hostile("api2"));
  State s = position(*e, "probe", false);
  EventLog log;
  e->apply(s, deploy(*e, "probe"), &log);
  std::string line;
  for (const Event& ev : log.events)
    if (ev.type == Event::Log) line = ev.text;
  REQUIRE(line == "score 0-0 target 12 battle 1 first 1 turn 1 hand 0 controller 1 can false");
  REQUIRE(s.b.score[0] == 2);
}

TEST_CASE("g:destroy takes a card in a hand: it goes facedown to the bottom of the deck") {
  auto e = test::load(hostile("api2"));
  State s = position(*e, "from_hand", false);
  int spare = e->set().find("spare");
  s.b.card[e->set().find("plain")] = CardLoc{Zone::Hand, 1, kNone, 0, 102};  // so the battle goes on
  s.b.reindex();
  e->apply(s, deploy(*e, "from_hand"));
  REQUIRE(s.b.card[spare].zone == Zone::Deck);
  uint8_t deck[kMaxCards];
  int n = e->zone(s, Zone::Deck, 0, deck);
  REQUIRE(deck[n - 1] == spare);
}

TEST_CASE("a verb names the bad field of its table") {
  auto e = test::load(hostile("api2"));
  State s = position(*e, "bad_filter", false);
  REQUIRE_THROWS_WITH(e->apply(s, deploy(*e, "bad_filter")),
                      Catch::Contains("card bad_filter") && Catch::Contains("filter 'player' must be 1 or 2 (got 3)"));
}

TEST_CASE("a decision verb names the option it does not take, and an option that needs another") {
  auto e = test::load(hostile("api2"));
  State s = position(*e, "bad_option", false);
  REQUIRE_THROWS_WITH(e->apply(s, deploy(*e, "bad_option")),
                      Catch::Contains("card bad_option") && Catch::Contains("g:choose_theater: unknown option 'mya'"));
  s = position(*e, "card_option", false);
  REQUIRE_THROWS_WITH(e->apply(s, deploy(*e, "card_option")),
                      Catch::Contains("card card_option") && Catch::Contains("g:choose_card: unknown option 'about'"));
  s = position(*e, "play_needs_card", false);
  REQUIRE_THROWS_WITH(e->apply(s, deploy(*e, "play_needs_card")),
                      Catch::Contains("card play_needs_card") && Catch::Contains("option 'play' needs 'card'"));
}

TEST_CASE("determinism by construction: pairs order and upvalues do not depend on the process or on history") {
  // Two engines (two Lua states, two string hash seeds) play the same card the same way.
  for (int round = 0; round < 2; ++round) {
    auto e = test::load(hostile("api2"));
    for (const char* card : {"pairs_pick", "pairs_pick"}) {
      State s = position(*e, card, false);
      e->apply(s, deploy(*e, card));
      REQUIRE(s.b.tokens[0][e->text().theater_id("air")] == 1);  // pairs: "air" sorts first
    }
    // A count kept in an upvalue is refused, every time (section 11), never silently reset.
    for (int i = 0; i < 2; ++i) {
      State s = position(*e, "counter", false);
      REQUIRE_THROWS_WITH(e->apply(s, deploy(*e, "counter")), Catch::Contains("card counter") && Catch::Contains("'uses'"));
    }
  }
}

TEST_CASE("strict loading: API 2 parts need api = 2; effect fields are checked per effect") {
  REQUIRE_THROWS_WITH(load_engine(hostile("api1_trigger"), {}, ALS_DATA_DIR),
                      Catch::Contains("b.lua (card b)") && Catch::Contains("triggers need api = 2"));
  REQUIRE_THROWS_WITH(load_engine(hostile("card_typo"), {}, ALS_DATA_DIR),
                      Catch::Contains("b.lua (card b)") && Catch::Contains("unknown field 'strenght'") &&
                          Catch::Contains("did you mean 'strength'"));
  // A theater typo in set.lua is blamed on set.lua, not on the cards whose type it breaks.
  REQUIRE_THROWS_WITH(load_engine(hostile("theater_typo"), {}, ALS_DATA_DIR),
                      Catch::Contains("theater_typo/set.lua: theater 'lnad' is the type of no card") &&
                          Catch::Contains("'land'"));
  REQUIRE_THROWS_WITH(load_engine(hostile("typo_effect"), {}, ALS_DATA_DIR),
                      Catch::Contains("card b") && Catch::Contains("'add_strength'") &&
                          Catch::Contains("unknown field 'theaters'") && Catch::Contains("did you mean"));
}

TEST_CASE("a card's display name: its file's name, else its id title-cased; shared names told apart by type (issue 53)") {
  auto e = test::load("standard");
  auto name = [&](const char* id) { return e->set().cards[static_cast<size_t>(e->set().find(id))].name; };
  CHECK(name("heavy_tanks") == "Heavy Tanks");
  // The printed Maneuvers share the name "Maneuver": the type tells them apart.
  CHECK(name("air_maneuver") == "Air Maneuver");
  CHECK(name("land_maneuver") == "Land Maneuver");
  CHECK(name("sea_maneuver") == "Sea Maneuver");
  // The texts a person reads name cards so; the machine texts keep ids.
  CHECK(card_name(*e, e->set().find("super_battleship")) == "Super Battleship");
  CHECK(card_name(*e, kUnseen) == "?");
  const auto dir = test::temp_folder("names");
  auto write = [&](const std::string& file, const std::string& text) { std::ofstream(dir / file) << text; };
  write("set.lua", "return { name = \"n\", api = 1, theaters = { \"air\" }, rules = { hand_size = 1 }, cards = { \"field_medic\", \"b\" } }");
  write("field_medic.lua", "return { type = \"air\", strength = 1 }");
  write("b.lua", "return { name = \"Bravo Two\", type = \"air\", strength = 2 }");
  auto set = load_engine(dir.string(), {}, ALS_DATA_DIR);
  CHECK(set->set().cards[0].name == "Field Medic");
  CHECK(set->set().cards[1].name == "Bravo Two");
  write("b.lua", "return { name = \"a\\27[2Jb\", type = \"air\", strength = 2 }");
  REQUIRE_THROWS_WITH(load_engine(dir.string(), {}, ALS_DATA_DIR),
                      Catch::Contains("b.lua (card b)") && Catch::Contains("field 'name' holds a control character"));
  write("b.lua", "return { name = \"" + std::string(33, 'x') + "\", type = \"air\", strength = 2 }");
  REQUIRE_THROWS_WITH(load_engine(dir.string(), {}, ALS_DATA_DIR),
                      Catch::Contains("b.lua (card b)") && Catch::Contains("name must be printable text of 1 to 32 characters"));
  write("b.lua", "return { name = \"\", type = \"air\", strength = 2 }");
  REQUIRE_THROWS_WITH(load_engine(dir.string(), {}, ALS_DATA_DIR), Catch::Contains("name must be printable text"));
}
