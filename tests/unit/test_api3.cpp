// Card script API 3 (docs/modding.md, "Card script API 3") below the scenarios: the log lines
// of triggers and hooks, the state's invariants with counters and lasting effects, digests
// across two loads, determinizations, and the loader's refusals.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "rng.h"
#include "helpers.h"

using namespace als;

namespace {

const std::string kFrontier = std::string(ALS_DATA_DIR) + "/docs/examples/frontier";
std::string frontier_rule(const std::string& name) { return kFrontier + "/rules/" + name + ".lua"; }

// Plays a random game to its end, calling `check(state, log of the action)` after every action.
template <class Check>
void random_game(const Engine& e, uint64_t seed, Check check) {
  State s = e.new_game(seed);
  Rng rng;
  rng.seed(seed * 7 + 1);
  std::vector<Action> legal;
  for (int n = 0; n < 2000 && s.b.phase == Phase::Playing; ++n) {
    e.legal(s, legal);
    EventLog log;
    e.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))], &log);
    check(s, log);
  }
  REQUIRE(s.b.phase == Phase::Over);
}

// A set folder written for one test: set.lua listing the standard cards plus `extra`.
std::string write_set(const std::string& name, int api, const std::vector<std::pair<std::string, std::string>>& extra) {
  namespace fs = std::filesystem;
  fs::path dir = test::temp_folder("api3-" + name);
  std::string cards = "\"support\", \"air_drop\", \"air_maneuver\", \"aerodrome\", \"containment\", \"heavy_bombers\", "
                      "\"reinforce\", \"ambush\", \"land_maneuver\", \"cover_fire\", \"disrupt\", \"heavy_tanks\"";
  for (const auto& [id, text] : extra) {
    cards += ", \"" + id + "\"";
    std::ofstream(dir / (id + ".lua")) << text;
  }
  std::ofstream(dir / "set.lua") << "return { name = \"t\", api = " << api
                                 << ", extends = \"standard\", theaters = { \"air\", \"land\", \"sea\" }, cards = { "
                                 << cards << " } }\n";
  return dir.string();
}

}  // namespace

TEST_CASE("a trigger or a hook that changes nothing writes no log line") {
  auto e = test::load(kFrontier, {frontier_rule("medals")});
  const int veteran = e->set().find("veteran");
  int hook_lines = 0, veteran_lines = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed)
    random_game(*e, seed, [&](const State&, const EventLog& log) {
      const auto& ev = log.events;
      for (size_t i = 0; i < ev.size(); ++i) {
        if (ev[i].type != Event::Ability) continue;
        bool hook = ev[i].what == static_cast<uint8_t>(What::HookTurnEnd);
        bool vet = ev[i].card == veteran && ev[i].what == static_cast<uint8_t>(What::TurnEnd);
        if (!hook && !vet) continue;
        // Its line is followed by what it changed (a counter), caused by it.
        REQUIRE(i + 1 < ev.size());
        REQUIRE(ev[i + 1].type == Event::Counter);
        REQUIRE(ev[i + 1].cause == (hook ? kRuleCause : veteran));
        (hook ? hook_lines : veteran_lines) += 1;
      }
    });
  // The hook runs at every turn's end and the veteran's trigger at both players': most runs
  // change nothing and write nothing, but some do.
  REQUIRE(hook_lines > 0);
  REQUIRE(veteran_lines > 0);
}

TEST_CASE("with counters and lasting effects the state keeps its invariants, copies and digests") {
  auto e = test::load(kFrontier, {frontier_rule("fog"), frontier_rule("medals"), frontier_rule("blitz")});
  int with_counters = 0, with_effects = 0;
  Rng rng;
  rng.seed(5);
  for (uint64_t seed = 1; seed <= 300; ++seed)
    random_game(*e, seed, [&](const State& s, const EventLog&) {
      REQUIRE(s.b.index_ok());
      REQUIRE(s.b.tails_ok());
      with_counters += s.b.ncounters > 0;
      with_effects += s.b.nlasting > 0;
      State c = e->blank();
      copy_state(c, s);
      REQUIRE(test::same(c, s));
      REQUIRE(digest(*e, c) == digest(*e, s));
      // A determinization keeps every counter and effect, on the same places.
      State t = e->sample(s, s.b.turn, rng);
      REQUIRE(t.b.index_ok());
      REQUIRE(t.b.ncounters == s.b.ncounters);
      REQUIRE(t.b.nlasting == s.b.nlasting);
      for (int i = 0; i < s.b.ncounters; ++i) {
        const Counter& x = s.b.counters[i];
        const Counter& y = t.b.counters[i];
        REQUIRE(x.name == y.name);
        REQUIRE(x.value == y.value);
        if (x.target < kCounterPlayer) {
          const CardLoc& a = s.b.card[x.target];
          const CardLoc& b = t.b.card[y.target];
          REQUIRE((a.zone == b.zone && a.owner == b.owner && a.theater == b.theater && a.seq == b.seq));
        }
      }
    });
  REQUIRE(with_counters > 100);
  REQUIRE(with_effects > 100);
}

TEST_CASE("a counter or an effect changes the digest; two loads agree whatever order names were met in") {
  auto a = test::load(kFrontier, {frontier_rule("medals")});
  auto b = test::load(kFrontier, {frontier_rule("medals")});
  b->interned().intern(BoardCore{}, "some other name");  // b numbers the names differently from a
  b->interned().intern(BoardCore{}, "rank");
  State s = a->new_game(3);
  State t = b->new_game(3);
  REQUIRE(digest(*a, s) == digest(*b, t));
  State u = s;
  a->ops().set_counter(u, kCounterPlayer + 0, a->interned().intern(u.b, "medals"), 1);
  REQUIRE(digest(*a, u) != digest(*a, s));
  Rng rng;
  rng.seed(9);
  std::vector<Action> legal;
  for (int n = 0; n < 400 && s.b.phase == Phase::Playing; ++n) {
    a->legal(s, legal);
    Action act = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    a->apply(s, act);
    b->apply(t, act);
    REQUIRE(digest(*a, s) == digest(*b, t));
  }
}

TEST_CASE("API 3 fields are refused in older sets and misused ones are named") {
  auto refused = [](const std::string& dir, const std::string& what) {
    REQUIRE_THROWS_WITH(test::load(dir), Catch::Contains(what));
  };
  refused(write_set("kind", 2, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'triggered', text = '',"
                                      " triggers = { played = function() end } }"}}),
          "kind 'triggered' needs api = 3");
  refused(write_set("effects", 2, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'instant', text = '',"
                                         " ability = function() end, effects = { e = { strength = function() end } } }"}}),
          "need api = 3");
  refused(write_set("mayflip", 2, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'ongoing', text = '',"
                                         " ongoing = { may_flip = function() end } }"}}),
          "'may_flip' needs api = 3");
  refused(write_set("given", 2, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'ongoing', text = '',"
                                       " triggers = { given = function() end } }"}}),
          "trigger 'given' needs api = 3");
  refused(write_set("instanttrig", 2, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'instant', text = '',"
                                             " ability = function() end, triggers = { played = function() end } }"}}),
          "need api = 3");
  refused(write_set("bare", 3, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'triggered', text = '' }"}}),
          "a triggered card needs 'triggers'");
  refused(write_set("emptyeffect", 3, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'instant', text = '',"
                                             " ability = function() end, effects = { e = {} } }"}}),
          "effect 'e' has no function and no trigger");
  refused(write_set("typo", 3, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'instant', text = '',"
                                      " ability = function() end, effects = { e = { may_flp = function() end } } }"}}),
          "may_flip");
  // In API 3 an instant card may have triggers, and a triggered card loads.
  auto ok = test::load(write_set("fine", 3, {{"x", "return { name = 'X', type = 'air', strength = 1, kind = 'instant', text = '',"
                                                   " ability = function() end, triggers = { played = function() end } }"},
                                            {"y", "return { name = 'Y', type = 'air', strength = 1, kind = 'triggered', text = '',"
                                                  " triggers = { given = function() end } }"}}));
  REQUIRE(ok->set().cards[static_cast<size_t>(ok->set().find("y"))].kind == Kind::Triggered);
}

TEST_CASE("a game's table of names going is counted (Interned::releases): no number cached from it outlives it") {
  auto e = test::load();
  const Interned names = e->interned();
  const uint64_t before = names.releases();
  BoardCore b;
  {
    GameNames game = names.game_names();
    b.names = game.id();
    const uint16_t first = names.intern(b, "first");
    REQUIRE(names.intern(b, "second") == first + 1);
    REQUIRE(names.releases() == before);
  }
  REQUIRE(names.releases() == before + 1);
  // A state read after its table went finds a fresh one, where "second" has no number yet.
  REQUIRE(names.find_name(b, "second") == 0);
  {
    GameNames unused = names.game_names();  // (no name interned: no table made, none released)
  }
  REQUIRE(names.releases() == before + 1);
}
