// The event record (engine/core/event_kinds.h): every kind of event has one row, from which the
// trigger it fires, the hook it runs, its log line and a trigger's `e` are derived.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

#include "agents.h"
#include "binding.h"
#include "editor.h"
#include "events.h"
#include "helpers.h"
#include "match.h"
#include "scenario.h"

using namespace als;

namespace {

// The names of `e`'s fields a trigger row lists (EventField), as the binding writes them.
std::set<std::string> field_names(uint16_t f) {
  static const std::pair<EventField, const char*> names[] = {
      {kFieldPlayer, "player"}, {kFieldTheater, "theater"}, {kFieldFace, "face"}, {kFieldFrom, "from"},
      {kFieldTo, "to"},         {kFieldWinner, "winner"},   {kFieldHow, "how"},   {kFieldFromPlayer, "from"},
      {kFieldBy, "by"},         {kFieldShownTo, "to"}};
  std::set<std::string> out;
  for (const auto& [bit, name] : names)
    if (f & bit) out.insert(name);
  return out;
}

// A set (API 4, the standard cards and these) whose three watchers have every trigger of the
// table, each writing the keys of its `e` to the log; `swap` gives itself to the other player,
// `spy` shows its owner the opponent's hand and the top of the deck (to both), `fetch` takes the
// top of the deck into its owner's hand.
std::string watchers_set() {
  namespace fs = std::filesystem;
  fs::path dir = test::temp_folder("events");
  std::string triggers;
  for (const TriggerEvent& t : kTriggerTable)
    triggers += std::string(t.name) + " = function(g, this, e) g:log('" + t.name + ":' .. keys(e)) end, ";
  const char* types[] = {"air", "land", "sea"};
  std::string ids;
  for (int i = 0; i < 3; ++i) {
    const std::string id = "watcher" + std::to_string(i + 1);
    ids += ", \"" + id + "\"";
    std::ofstream(dir / (id + ".lua"))
        << "local function keys(e) local k = {} for n in pairs(e) do k[#k + 1] = n end table.sort(k) "
           "return table.concat(k, ',') end\n"
        << "return { name = 'W', type = '" << types[i] << "', strength = 1, kind = 'triggered', text = '', triggers = { "
        << triggers << "} }\n";
  }
  std::ofstream(dir / "swap.lua") << "return { name = 'Swap', type = 'land', strength = 2, kind = 'instant', text = '',"
                                     " ability = function(g, this) g:give(this, 3 - g:owner(this)) end }\n";
  std::ofstream(dir / "spy.lua") << "return { name = 'Spy', type = 'sea', strength = 1, kind = 'instant', text = '',"
                                    " ability = function(g, this) local you = g:owner(this)"
                                    " g:reveal(g:hand(g:opponent(you)), you) local d = g:deck()"
                                    " if #d > 0 then g:reveal(d[1], 'both') end end }\n";
  std::ofstream(dir / "fetch.lua") << "return { name = 'Fetch', type = 'air', strength = 1, kind = 'instant', text = '',"
                                      " ability = function(g, this) local d = g:deck()"
                                      " if #d > 0 then g:to_hand(d[1], g:owner(this)) end end }\n";
  std::ofstream(dir / "set.lua") << "return { name = 'watchers', api = 4, extends = \"standard\", theaters = { \"air\", "
                                    "\"land\", \"sea\" }, cards = { \"support\", \"air_drop\", \"air_maneuver\", "
                                    "\"containment\", \"reinforce\", \"ambush\", \"land_maneuver\", \"disrupt\", "
                                    "\"transport\", \"redeploy\", \"blockade\", \"swap\", \"spy\", \"fetch\""
                                 << ids << " } }\n";
  return dir.string();
}

}  // namespace

TEST_CASE("every trigger event has a name, a fixed digest code and a kind of event that fires it", "[events]") {
  std::set<std::string> names;
  std::set<int> codes;
  for (const TriggerEvent& t : kTriggerTable) {
    INFO(t.name);
    CHECK(names.insert(t.name).second);
    CHECK(codes.insert(t.code).second);
    CHECK(t.code != 0);                       // What::Instant's
    CHECK((t.code < 12 || t.code > 14));      // the acting hooks'
    CHECK(t.code != 16);
    CHECK(t.code != 18);                      // a turn action's (API 5)
    CHECK(is_trigger(t.what));
    CHECK(&trigger_event(t.what) == &t);
    bool fired = false;
    for (const EventKind& k : kEventKinds) fired = fired || k.trigger == t.what;
    CHECK(fired);
  }
  // The first eleven keep the codes digests of version 1 were written with.
  CHECK(trigger_event(What::Played).code == 1);
  CHECK(trigger_event(What::Given).code == 11);
  // Every acting hook is run by a kind of event (turn_actions: by the turn action taken).
  for (const HookKind& h : kHookTable) {
    if (h.due == What::Instant || h.hook == Hook::TurnActions) continue;
    bool run = false;
    for (const EventKind& k : kEventKinds) run = run || k.hook == h.hook;
    CHECK(run);
  }
}

TEST_CASE("every kind of event's line is written from its row, as each seat may read it", "[events]") {
  auto eng = test::load();
  const Engine& e = *eng;
  const int air = 0, sea = 2;
  for (int t = 0; t < kEventKindCount; ++t) {
    const EventKind& k = kEventKinds[t];
    INFO(k.name);
    if (k.line == kCodedLine) continue;
    Event ev{.type = static_cast<Event::Type>(t), .player = 1, .card = 0, .theater = air, .from = sea,
             .from_player = 0, .by = 1, .faceup = 1, .known = 1, .value = 3};
    ev.text = "a line";
    if (k.line == kNoLine) {
      CHECK(e.text().event_text(ev, -1).empty());
      continue;
    }
    for (int viewer : {-1, 0, 1}) {
      const std::string text = e.text().event_text(ev, viewer);
      INFO(text);
      CHECK(!text.empty());
      CHECK(text.find('{') == std::string::npos);
      CHECK(text.find('}') == std::string::npos);
      CHECK(text.find('?') == std::string::npos);
      // The card is named where the seat knows it (known: bit 0), not otherwise.
      if (std::string(k.line).find("{card}") != std::string::npos)
        CHECK((text.find(e.set().cards[0].id) != std::string::npos) == (viewer != 1));
    }
  }
  // Lines the templates write are those the release before wrote.
  Event move{.type = Event::Move, .player = 0, .card = 0, .theater = 1, .from = 0, .known = 3};
  CHECK(e.text().event_text(move, 0) == e.set().cards[0].id + " of player 1 moves from air to land");
  Event give{.type = Event::Give, .player = 1, .card = 0, .theater = 2, .from_player = 0, .faceup = 0, .known = 2};
  CHECK(e.text().event_text(give, 0) == "a facedown card in sea goes from player 1 to player 2");
  Event ret{.type = Event::Return, .player = 1, .card = 0, .from = 1, .known = 2, .cause = 3};
  CHECK(e.text().event_text(ret, 0) == "player 2 returns a facedown card from land to hand (by " + e.set().cards[3].id + ")");
}

TEST_CASE("a trigger's e holds the fields its row lists, and no others", "[events]") {
  auto eng = test::load(watchers_set());
  const Engine& e = *eng;
  std::map<std::string, std::set<std::string>> seen;  // trigger -> keys of e met
  for (uint64_t g = 1; g <= 300; ++g) {
    auto a1 = make_agent("random", g, 0), a2 = make_agent("random", g, 1);
    Match m(e, g, a1.get(), a2.get());
    auto check = [&](const EventLog& log) {
      for (const Event& ev : log.events) {
        if (ev.type != Event::Log) continue;
        const size_t colon = ev.text.find(':');
        REQUIRE(colon != std::string::npos);
        const std::string name = ev.text.substr(0, colon);
        std::set<std::string> keys;
        std::stringstream in(ev.text.substr(colon + 1));
        for (std::string k; std::getline(in, k, ',');) keys.insert(k);
        const TriggerEvent* row = nullptr;
        for (const TriggerEvent& t : kTriggerTable)
          if (name == t.name) row = &t;
        REQUIRE(row);
        INFO(ev.text);
        std::set<std::string> listed = field_names(row->fields);
        for (const std::string& k : keys) CHECK((listed.count(k) || k == "card" || k == "cause"));
        for (const std::string& k : listed) CHECK(keys.count(k));
        seen[name].insert(keys.begin(), keys.end());
      }
    };
    check(m.opening());
    while (!m.over() && m.abandoned().empty() && m.actions() < 2000) {
      m.step();
      check(m.apply_log());
    }
  }
  // The games met every trigger of the table (given by Swap, revealed by Spy, to_hand by Fetch), with its card
  // where it has one.
  for (const TriggerEvent& t : kTriggerTable) {
    INFO(t.name);
    REQUIRE(seen.count(t.name));
    const bool about_a_card = !(t.fields & (kFieldWinner | kFieldHow)) && t.what != What::TurnStart && t.what != What::TurnEnd;
    CHECK(seen[t.name].count("card") == (about_a_card ? 1u : 0u));
  }
  CHECK(seen["moved"].count("cause"));  // moves by abilities (Transport, Redeploy)
}

TEST_CASE("a trigger event of a later API is refused in an older set, naming the API", "[events]") {
  namespace fs = std::filesystem;
  fs::path dir = test::temp_folder("events-api3");
  std::ofstream(dir / "x.lua") << "return { name = 'X', type = 'air', strength = 1, kind = 'triggered', text = '',"
                                  " triggers = { revealed = function() end } }\n";
  std::ofstream(dir / "set.lua") << "return { name = 'old', api = 3, extends = \"standard\", theaters = { \"air\", "
                                    "\"land\", \"sea\" }, cards = { \"support\", \"ambush\", \"x\" } }\n";
  try {
    test::load(dir.string());
    FAIL("the set loaded");
  } catch (const std::exception& e) {
    CHECK_THAT(e.what(), Catch::Contains("trigger 'revealed' needs api = 4"));
  }
}

TEST_CASE("the editor files describe every verb, hook, trigger event and ongoing function", "[events][editor]") {
  const std::string defs = lua_definitions();
  for (const VerbSpec& v : verb_specs()) {
    INFO(v.name);
    CHECK(std::strlen(v.doc) > 10);
    CHECK(v.api >= 2);
    CHECK(v.api <= kApiMax);
    CHECK(defs.find("function Game:" + std::string(v.name) + "(") != std::string::npos);
  }
  for (const TriggerEvent& t : kTriggerTable) {
    INFO(t.name);
    CHECK(std::strlen(t.doc) > 10);
    CHECK(defs.find("---@field " + std::string(t.name) + "? fun(g: als.Game, this: string, e: als.Event_") != std::string::npos);
  }
  for (const HookKind& h : kHookTable) {
    INFO(h.name);
    CHECK(std::strlen(h.doc) > 10);
    CHECK(defs.find("---@field " + std::string(h.name) + "? ") != std::string::npos);
  }
  for (int f = 0; f < static_cast<int>(Fn::Count); ++f) CHECK(defs.find(std::string("---@field ") + kFnNames[f] + "? fun(") != std::string::npos);
  // every field bit an event row uses has a name
  for (const TriggerEvent& t : kTriggerTable)
    for (uint16_t bit = 1; bit; bit <<= 1)
      if (t.fields & bit)
        CHECK(std::any_of(std::begin(kEventFieldDocs), std::end(kEventFieldDocs), [&](const EventFieldDoc& d) { return d.bit == bit; }));
  // each event's fields in its own words: a move's `from` is a theater, never a hand or the deck
  const size_t moved = defs.find("---@class als.Event_moved\n");
  REQUIRE(moved != std::string::npos);
  const std::string moved_class = defs.substr(moved, defs.find("\n\n", moved) - moved);
  CHECK(moved_class.find("---@field from string the theater the card left\n") != std::string::npos);
  CHECK(moved_class.find("deck") == std::string::npos);
  CHECK(defs.find("---@class als.Event_turn_end\n---@field card string?") != std::string::npos);
  for (const EventFieldNote& n : kEventFieldNotes) CHECK((trigger_event(n.what).fields & n.bit) != 0);  // a note names a field its event has
  // every method of a scenario's test game is typed, and every typed one exists
  for (const std::string& m : test_game_methods()) {
    INFO(m);
    CHECK(std::any_of(kTestGameDocs, kTestGameDocs + kTestGameDocCount, [&](const TestGameDoc& d) { return m == d.name; }));
    CHECK(defs.find("---@field " + m + " fun(self: als.TestGame") != std::string::npos);
    CHECK(defs.find("---@field " + m + " fun(self: als.TestGame, ...: any): any") == std::string::npos);
  }
  for (size_t i = 0; i < kTestGameDocCount; ++i) {
    const std::vector<std::string> ms = test_game_methods();
    CHECK(std::find(ms.begin(), ms.end(), kTestGameDocs[i].name) != ms.end());
  }
  // the luacheck configuration allows exactly the sandbox's globals: io and os are not among them
  const std::string rc = luacheck_config();
  CHECK(rc.find("    use = {},") != std::string::npos);
  CHECK(rc.find("    io = ") == std::string::npos);
  CHECK(rc.find("    os = ") == std::string::npos);
  CHECK(rc.find("\"check_eq\"") != std::string::npos);
}
