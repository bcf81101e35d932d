// Untrusted scripts: every hostile script in tests/hostile/ is stopped with a clear message that
// names the card, in seconds, and leaves the game exactly as it was.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <sys/stat.h>

#include <lua.hpp>

#include "helpers.h"
#include "sandbox.h"
#include "match.h"

using namespace als;

namespace {

using test::hostile;

// A position where player 1 holds `card` and player 2 has Plain faceup in land.
State holding(const Engine& e, const std::string& card) {
  State s = e.blank();
  int c = e.set().find(card), plain = e.set().find("plain");
  s.b.card[c] = CardLoc{Zone::Hand, 0, kNone, 0, 100};
  s.b.card[plain] = CardLoc{Zone::Board, 1, static_cast<uint8_t>(e.text().theater_id("land")), 1, 101};
  s.b.reindex();  // card[] was written directly
  return s;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Player 1 deploys `card` to air: the action must be refused with a message naming the card and
// containing `why`, within seconds, and the game left exactly as it was.
void require_refused(const Engine& e, const std::string& card, const std::string& why) {
  INFO(card);
  State s = holding(e, card);
  State before = s;
  auto t0 = std::chrono::steady_clock::now();
  Action a{Action::Deploy, static_cast<uint8_t>(e.set().find(card)), static_cast<uint8_t>(e.text().theater_id("air")), kNone};
  REQUIRE_THROWS_WITH(e.apply(s, a), Catch::Contains("card " + card) && Catch::Contains(card + ".lua") &&
                                         Catch::Contains(why));
  REQUIRE(seconds_since(t0) < 3.0);
  REQUIRE(test::same(s, before));
}

}  // namespace

TEST_CASE("a hostile ability is refused with the card named and the game unchanged") {
  auto e = test::load(hostile("runtime"));
  for (const char* card : {"loop", "memory_bomb", "uses_io", "uses_os", "uses_load", "uses_dump", "uses_require",
                           "error_midway", "string_metatable", "swallow_limit"})
    require_refused(*e, card, "");
  // The runtime is still healthy afterwards: a play that runs no script goes on normally.
  State s = holding(*e, "error_midway");
  EventLog log;
  e->apply(s, Action{Action::Improvise, static_cast<uint8_t>(e->set().find("error_midway")),
                     static_cast<uint8_t>(e->text().theater_id("air")), kNone}, &log);
  REQUIRE(log.events.front().type == Event::Improvise);
  REQUIRE(s.b.last.number == 1);  // both hands empty: the battle was played out
}

TEST_CASE("a Match: a script failing in an agent's action abandons the game with the error; a seat decided outside is refused") {
  auto e = test::load(hostile("runtime"));
  // An agent that deploys whenever it can.
  struct Deployer : Agent {
    Action decide(const InfoState& info) override {
      for (const Action& a : info.legal())
        if (a.type == Action::Deploy) return a;
      return info.legal().front();
    }
  } deployer;
  struct Told : MatchListener {
    int actions = 0, abandoned = 0;
    std::string reason;
    void on_action(const Match&, int, const Action&, const std::string&, const EventLog&) override { ++actions; }
    void on_abandoned(const Match&, const std::string& r) override { ++abandoned, reason = r; }
  } told;
  Match m(*e, 1, &deployer, &deployer);
  m.listen(&told);
  State before = holding(*e, "error_midway");
  m.restore(before);
  REQUIRE_FALSE(m.run());
  REQUIRE(told.abandoned == 1);
  REQUIRE(told.actions == 0);
  REQUIRE_THAT(m.abandoned(), Catch::StartsWith("script error: ") && Catch::Contains("card error_midway") &&
                                  Catch::Contains("boom after a flip"));
  REQUIRE(told.reason == m.abandoned());
  REQUIRE(test::same(m.state(), before));  // the game as it was before the failing action
  REQUIRE_FALSE(m.step());                 // an abandoned game takes no more actions

  Match outside(*e, 1, nullptr, nullptr);  // both seats decided outside (a human, a client)
  outside.restore(before);
  Action deploy{Action::Deploy, static_cast<uint8_t>(e->set().find("error_midway")),
                static_cast<uint8_t>(e->text().theater_id("air")), kNone};
  REQUIRE_THROWS_AS(outside.apply(deploy), ScriptError);
  REQUIRE(test::same(outside.state(), before));
  REQUIRE(outside.abandoned().empty());
  REQUIRE(outside.actions() == 0);
}

TEST_CASE("attacks through the library, metatables and kept values are refused with a clear reason") {
  // Each once crashed, hung or leaked state between calls (issue 7); now each is an error that
  // names the card and why, within seconds, and the game is left as it was.
  auto e = test::load(hostile("runtime"));
  for (auto [card, why] : {std::pair{"big_choice", "at most"},
                           {"table_move", "instruction limit"},
                           {"table_insert_len", "instruction limit"},
                           {"table_remove_len", "instruction limit"},
                           {"pattern_backtrack", "instruction limit"},
                           {"method_pattern", "instruction limit"},
                           {"rep_empty", "length 0"},
                           {"gc_finalizer", "'__gc' is not allowed"},
                           {"weak_table", "'__mode' is not allowed"},
                           {"global_counter", "global 'counter' is read-only"},
                           {"library_rewrite", "read-only table (key 'one')"},
                           {"kept_table", "read-only table"},
                           {"rawset_frozen", "read-only"},
                           {"self_flip", "more than 1000 abilities resolved for one action"},
                           {"len_bomb", "choose_card returned nil"},
                           {"queue_flood", "more than 48 abilities due at once"},
                           {"token_overflow", "tokens must stay between 0 and 1000"}})
    require_refused(*e, card, why);
}

TEST_CASE("a call that assigns a variable its file shares is refused, naming the card and the variable") {
  auto e = test::load(hostile("runtime"));
  int card = e->set().find("upvalue_counter");
  for (int game = 0; game < 3; ++game) {  // the same every time: the variable was put back
    State s = holding(*e, "upvalue_counter");
    State before = s;
    REQUIRE_THROWS_WITH(e->apply(s, Action{Action::Deploy, static_cast<uint8_t>(card),
                                           static_cast<uint8_t>(e->text().theater_id("air")), kNone}),
                        Catch::Contains("card upvalue_counter") && Catch::Contains("assigns 'n'"));
    REQUIRE(test::same(s, before));
  }
}

TEST_CASE("only files whose code assigns a shared variable are checked; nested functions' own variables are free") {
  auto e = test::load(hostile("runtime"));
  lua_State* L = luaL_newstate();
  auto writes = [&](const char* chunk) {
    REQUIRE(luaL_loadstring(L, chunk) == LUA_OK);
    REQUIRE(lua_pcall(L, 0, 1, 0) == LUA_OK);
    bool w = writes_shared_upvalue(L, -1);
    lua_pop(L, 1);
    return w;
  };
  CHECK(writes("local n = 0; return function() n = n + 1 end"));
  CHECK(writes("local n = 0; return function() local function f() n = 1 end f() end"));  // through a nested one
  CHECK(writes("local t = {}; return function() _ENV = t end"));
  CHECK_FALSE(writes("local n = 0; return function() return n + 1 end"));
  CHECK_FALSE(writes("return function() local k = 0; local function f() k = k + 1 end f(); return k end"));
  CHECK_FALSE(writes("local x = 1; return function(g) local y = x; y = y + 1; return print, y end"));
  lua_close(L);
}

// docs/design.md, "Abilities that wait": once a question is pending the rest of the run is dry
// and nothing keeps what it does; a script looping on the nil its question gave (a draft's
// `while #pool > 0`) must stop at once, not after the 5,000,000 of a call (issue 51: that made
// each pending question cost about 1 ms).
TEST_CASE("a run's dry rest stops within 64 instructions by a signal no script's pcall catches") {
  lua_State* L = new_sandbox(kCardLimits);
  auto load = [&](const char* chunk) {
    REQUIRE(luaL_loadstring(L, chunk) == LUA_OK);
    push_sandbox_env(L);
    REQUIRE(lua_setupvalue(L, -2, 1) != nullptr);  // _ENV
  };
  load("local n = 0\nwhile true do pcall(function() while true do n = n + 1 end end) n = n + 1 end");
  set_dry_budget(L, 0);
  const long long before = instructions_spent(L);
  REQUIRE(lua_pcall(L, 0, 0, 0) != LUA_OK);
  CHECK(lua_type(L, -1) == LUA_TLIGHTUSERDATA);  // the signal: no message made, no traceback
  CHECK(instructions_spent(L) - before <= 64);
  lua_pop(L, 1);
  // The next budget is an ordinary one again: spent, the script gets the limit's message.
  load("while true do end");
  set_budget(L, 20'000);
  REQUIRE(lua_pcall(L, 0, 0, 0) != LUA_OK);
  REQUIRE(lua_type(L, -1) == LUA_TSTRING);
  CHECK(std::string(lua_tostring(L, -1)).find("instruction limit exceeded") != std::string::npos);
  lua_pop(L, 1);
  close_sandbox(L);
}

TEST_CASE("messages name what failed: io, os, load, string.dump and require do not exist") {
  auto e = test::load(hostile("runtime"));
  for (auto [card, word] : {std::pair{"uses_io", "io"}, {"uses_os", "os"}, {"uses_load", "load"},
                            {"uses_require", "require"}, {"uses_dump", "dump"}}) {
    State s = holding(*e, card);
    Action a{Action::Deploy, static_cast<uint8_t>(e->set().find(card)), static_cast<uint8_t>(e->text().theater_id("air")),
             kNone};
    REQUIRE_THROWS_WITH(e->apply(s, a), Catch::Contains(word) && Catch::Contains("nil"));
  }
}

TEST_CASE("a set whose script does not load is refused, naming file and line") {
  REQUIRE_THROWS_WITH(test::load(hostile("syntax")), Catch::Contains("bad.lua:4") && Catch::Contains("card bad"));
  auto t0 = std::chrono::steady_clock::now();
  REQUIRE_THROWS_WITH(test::load(hostile("loop_at_load")), Catch::Contains("instruction limit") &&
                                                               Catch::Contains("bad.lua"));
  REQUIRE(seconds_since(t0) < 3.0);
  t0 = std::chrono::steady_clock::now();
  REQUIRE_THROWS_WITH(test::load(hostile("memory_at_load")), Catch::Contains("memory") && Catch::Contains("bad.lua"));
  REQUIRE(seconds_since(t0) < 3.0);
  REQUIRE_THROWS_WITH(test::load(hostile("api_mismatch")), Catch::Contains("API 99"));
  t0 = std::chrono::steady_clock::now();  // metamethods never run while a set loads: read raw
  REQUIRE_THROWS_WITH(test::load(hostile("meta_at_load")), Catch::Contains("set.lua") && Catch::Contains("'name'"));
  REQUIRE(seconds_since(t0) < 3.0);
  REQUIRE_THROWS_WITH(test::load(hostile("bad_type")), Catch::Contains("card bad") && Catch::Contains("'lnad'"));
}

TEST_CASE("an error after a decision surfaces when the decision is answered, and is refused") {
  auto e = test::load(hostile("runtime"));
  State s = holding(*e, "error_after_choice");
  int card = e->set().find("error_after_choice");
  e->apply(s, Action{Action::Deploy, static_cast<uint8_t>(card), static_cast<uint8_t>(e->text().theater_id("air")), kNone});
  REQUIRE(e->decision_kind(s) == DecisionKind::Card);  // the rest of the first run was dry
  REQUIRE(s.b.card[e->set().find("plain")].faceup);
  State pending = s;
  std::vector<Action> acts;
  e->legal(s, acts);
  REQUIRE(!acts.empty());
  REQUIRE_THROWS_WITH(e->apply(s, acts[0]), Catch::Contains("fails after the choice") &&
                                                 Catch::Contains("error_after_choice.lua:6"));
  REQUIRE(test::same(s, pending));
}

TEST_CASE("house rules outside their range, or misspelt, are refused with a clear message") {
  auto rule = [](const std::string& name) {
    return load_engine("standard", {hostile("rules/" + name + ".lua")}, ALS_DATA_DIR);
  };
  REQUIRE_THROWS_WITH(rule("zero_battle_vp"), Catch::Contains("battle_vp") && Catch::Contains("outside 1..10000"));
  REQUIRE_THROWS_WITH(rule("huge_target"), Catch::Contains("vp_target") && Catch::Contains("4294967297"));
  REQUIRE_THROWS_WITH(rule("negative_chart"), Catch::Contains("withdraw_chart entry -1"));
  REQUIRE_THROWS_WITH(rule("huge_rotation"), Catch::Contains("rotation") && Catch::Contains("outside 0..5"));
  REQUIRE_THROWS_WITH(rule("typo"), Catch::Contains("unknown field 'hand_sise'") &&
                                        Catch::Contains("did you mean 'hand_size'"));
  auto t0 = std::chrono::steady_clock::now();
  REQUIRE_NOTHROW(rule("index_loop"));  // its metamethod is never run: rules tables are read raw
  REQUIRE(seconds_since(t0) < 3.0);
}

namespace {
// A card set in a fresh temporary folder: set.lua lists `plain` and `bad`; bad.lua is made by `make_bad`.
std::string temp_set(const std::string& name, const std::string& theaters,
                     const std::function<void(const std::string&)>& make_bad) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("als-test-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "set.lua") << "return { name = 't', api = 1, theaters = " << theaters
                                 << ", cards = { 'plain', 'bad' } }\n";
  std::ofstream(dir / "plain.lua") << "return { type = 'air', strength = 1 }\n";
  make_bad((dir / "bad.lua").string());
  return dir.string();
}
}  // namespace

TEST_CASE("only regular files of at most 1 MiB load as scripts: no FIFO, device or huge file") {
  auto t0 = std::chrono::steady_clock::now();
  std::string fifo = temp_set("fifo", "{ 'air' }", [](const std::string& f) { REQUIRE(::mkfifo(f.c_str(), 0600) == 0); });
  REQUIRE_THROWS_WITH(load_engine(fifo, {}, ALS_DATA_DIR), Catch::Contains("bad.lua: not a regular file"));
  std::string zero = temp_set("zero", "{ 'air' }", [](const std::string& f) {
    std::filesystem::create_symlink("/dev/zero", f);
  });
  REQUIRE_THROWS_WITH(load_engine(zero, {}, ALS_DATA_DIR), Catch::Contains("bad.lua: not a regular file"));
  std::string big = temp_set("big", "{ 'air' }", [](const std::string& f) {
    std::ofstream out(f);
    out << "return { type = 'air', strength = 1 }\n";
    out << std::string(2u << 20, '-') << "\n";
  });
  REQUIRE_THROWS_WITH(load_engine(big, {}, ALS_DATA_DIR), Catch::Contains("bad.lua: file too large"));
  REQUIRE(seconds_since(t0) < 3.0);
  for (const auto& d : {fifo, zero, big}) std::filesystem::remove_all(d);
}

TEST_CASE("a printed strength past the allowed range is refused, never truncated") {
  std::string dir = temp_set("strength", "{ 'air' }", [](const std::string& f) {
    std::ofstream(f) << "return { type = 'air', strength = (1 << 32) + 3 }\n";
  });
  REQUIRE_THROWS_WITH(load_engine(dir, {}, ALS_DATA_DIR),
                      Catch::Contains("card bad") && Catch::Contains("'strength' is 4294967299, outside -99..99"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a theater name that is not a plain lowercase word is refused at load") {
  std::string dir = temp_set("theater", "{ 'air', 'la\\255nd' }", [](const std::string& f) {
    std::ofstream(f) << "return { type = 'air', strength = 1 }\n";
  });
  REQUIRE_THROWS_WITH(load_engine(dir, {}, ALS_DATA_DIR), Catch::Contains("theater name 'la\\xffnd'"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a declared ability { flip = filter } is checked at load: its field, the filter's names, values and theaters") {
  struct Case {
    const char* ability;
    const char* message;
  };
  for (const Case& c : {
           Case{"{ flop = { uncovered = true } }", "unknown field 'flop' (did you mean 'flip'?)"},
           Case{"{ flip = { uncoverd = true } }", "unknown field 'uncoverd' (did you mean 'uncovered'?)"},
           Case{"{ flip = { uncovered = 1 } }", "filter 'uncovered' must be true or false"},
           Case{"{ flip = { theater = 'sea' } }", "filter 'theater' must name a theater of the set"},
           Case{"{ flip = { theaters = { 'air', 'space' } } }", "filter 'theaters' must name a theater of the set"},
           Case{"{ flip = { adjacent_to = true } }", "filter 'adjacent_to' must name a theater of the set"},
           Case{"{ flip = { player = 3 } }", "filter 'player' must be 1 or 2"},
           Case{"{ flip = { except = 'nobody' } }", "filter 'except' must be a card id of the set"},
           Case{"{ flip = true }", "a declared ability is { flip = filter }"},
           Case{"42", "'ability' must be a function(g, card) or a declaration { flip = filter }"},
       }) {
    std::string dir = temp_set("declared", "{ 'air', 'land' }", [&](const std::string& f) {
      std::ofstream(f) << "return { type = 'air', strength = 1, kind = 'instant', ability = " << c.ability << " }\n";
    });
    REQUIRE_THROWS_WITH(load_engine(dir, {}, ALS_DATA_DIR),
                        Catch::Contains("bad.lua (card bad)") && Catch::Contains(c.message));
    std::filesystem::remove_all(dir);
  }
  // Only an instant has an ability; a valid declaration loads.
  std::string dir = temp_set("declared-ok", "{ 'air', 'land' }", [](const std::string& f) {
    std::ofstream(f) << "return { type = 'air', strength = 1, ability = { flip = { facedown = true } } }\n";
  });
  REQUIRE_THROWS_WITH(load_engine(dir, {}, ALS_DATA_DIR), Catch::Contains("only an instant card has an 'ability'"));
  std::ofstream(dir + "/bad.lua") << "return { type = 'air', strength = 1, kind = 'instant', ability = { flip = {"
                                     " player = 2, theaters = { 'land' }, adjacent_to = false, except = 'plain' } } }\n";
  std::ofstream(dir + "/set.lua") << "return { name = 't', api = 1, theaters = { 'air', 'land' }, rules = { hand_size = 1 },"
                                     " cards = { 'plain', 'bad' } }\n";
  REQUIRE_NOTHROW(load_engine(dir, {}, ALS_DATA_DIR));
  std::filesystem::remove_all(dir);
}
