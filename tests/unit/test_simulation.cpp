// Random-simulation invariants, in the spirit of OpenSpiel's generic game test: at every step of
// many seeded random games, check what must always hold.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "agents.h"
#include "helpers.h"
#include "view.h"

using namespace als;

namespace {

void check_places(const Engine& e, const State& s) {
  const Board& b = s.b;
  int count[5] = {};
  for (int c = 0; c < b.ncards; ++c) {
    const CardLoc& l = b.card[c];
    ++count[static_cast<int>(l.zone)];
    if (l.zone == Zone::Board) {
      REQUIRE(l.theater < kMaxTheaters);
      REQUIRE(b.pos[l.theater] < b.ntheaters);
    }
    if (l.zone == Zone::Held) REQUIRE(s.r.active);  // held only by a pending decision (Reinforce)
    if (l.zone == Zone::Hand || l.zone == Zone::Board || l.zone == Zone::Held) REQUIRE(l.owner < 2);
  }
  REQUIRE(count[0] + count[1] + count[2] + count[3] == b.ncards);  // each card in exactly one place
  REQUIRE(count[4] == 0);
  // Stacks are a partition of the board cards.
  int on_board = 0;
  uint8_t st[kMaxCards];
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < b.ntheaters; ++i) on_board += e.stack(s, p, b.order[i], st);
  REQUIRE(on_board == count[2]);
  // The location index (zone, owner and theater masks) matches the cards, in the snapshot too.
  REQUIRE(b.index_ok());
  REQUIRE(b.tails_ok());  // unused list slots at their defaults (copy_state relies on it)
  if (s.r.active) REQUIRE(s.r.snapshot.qlen <= s.b.qlen);  // the snapshot's queue: b's first qlen
}

void check_views(const Engine& e, const State& s) {
  const Board& b = s.b;
  for (int p = 0; p < 2; ++p) {
    View v = view_of(e, s, p);
    auto allowed = [&](const std::string& label) {
      std::string id = label[0] == '~' ? label.substr(1) : label;
      if (id == "?") return true;
      int c = e.set().find(id);
      REQUIRE(c >= 0);
      return ((b.known[p] >> c) & 1) != 0;
    };
    for (int q = 0; q < 2; ++q) {
      for (const auto& h : v.hand[q]) REQUIRE(allowed(h));
      for (const auto& st : v.stacks[q])
        for (const auto& x : st) REQUIRE(allowed(x));
    }
    for (const auto& d : v.deck_known) REQUIRE(allowed(d));
    // The opponent's cards never seen are shown as "?" / "~?".
    int q = 1 - p;
    uint8_t buf[kMaxCards];
    int n = e.zone(s, Zone::Hand, q, buf);
    for (int i = 0; i < n; ++i)
      if (!((b.known[p] >> buf[i]) & 1)) REQUIRE(v.hand[q][i] == "?");
    // Nor do the action texts offered to a player name what they may not see.
    if (e.to_act(s) == p) {
      std::vector<Action> acts;
      e.legal(s, acts);
      for (const Action& a : acts) {
        std::string t = e.text().action_text(s, a, p);
        for (int c = 0; c < b.ncards; ++c)
          if (!((b.known[p] >> c) & 1)) REQUIRE(t.find(" " + e.set().cards[c].id) == std::string::npos);
      }
    }
  }
}

}  // namespace

TEST_CASE("random games keep every invariant, with every card set and house rule", "[simulation]") {
  // Every bundled set, the example variant and each house rule must pass the same test.
  auto [cards, rules, games] = GENERATE(table<std::string, std::vector<std::string>, uint64_t>({
      {"standard", {}, 1000},
      {"original", {}, 500},
      {std::string(ALS_DATA_DIR) + "/docs/examples/supply-lines", {}, 300},
      {"standard", {"beginner"}, 200},
      {"standard", {"long-war"}, 200},
      {"original", {std::string(ALS_DATA_DIR) + "/docs/examples/four-fronts.lua", "beginner"}, 200},
      {std::string(ALS_DATA_DIR) + "/docs/examples/field-command", {}, 300},
      {std::string(ALS_DATA_DIR) + "/docs/examples/field-command",
       {std::string(ALS_DATA_DIR) + "/docs/examples/field-command/rules/short-battles.lua",
        std::string(ALS_DATA_DIR) + "/docs/examples/field-command/rules/three-vp.lua"},
       200},
  }));
  INFO(cards);
  auto eng = test::load(cards, rules);
  const Engine& e = *eng;
  std::vector<Action> acts;
  int mid_ability_copies = 0;
  State reused{};
  for (uint64_t seed = 1; seed <= games; ++seed) {
    State s = e.new_game(seed);
    RandomAgent agent(seed * 31 + 7);
    State copy{};
    bool copied = false;
    int steps = 0;
    int32_t last_score[2] = {0, 0};
    while (e.to_act(s) >= 0) {
      REQUIRE(++steps < 1000);  // every game ends
      check_places(e, s);
      check_views(e, s);
      e.legal(s, acts);
      REQUIRE(!acts.empty());
      // A determinization drawn into a state used before (a search's) is the one sample() makes.
      for (int p = 0; p < 2; ++p) {
        Rng r1(seed * 7 + static_cast<uint64_t>(steps)), r2 = r1;
        Engine::Sampler(e, s, p).draw(reused, r1);
        REQUIRE(test::same(reused, e.sample(s, p, r2)));
      }
      // Every theater's totals at once are the totals one by one.
      int total[2][kMaxTheaters];
      e.totals(s, total);
      for (int i = 0; i < s.b.ntheaters; ++i)
        for (int p = 0; p < 2; ++p) REQUIRE(total[p][s.b.order[i]] == e.strength(s, p, s.b.order[i]));
      // Every legal action applies; stopped at the battle's end, it gives the same score, the
      // same last battle and the same game end (and the same state, if the battle goes on).
      for (const Action& a : acts) {
        State t = s;
        REQUIRE_NOTHROW(e.apply(t, a));
        State u = s;
        e.apply_discarding(u, a, nullptr, true);
        REQUIRE(u.b.battle == t.b.battle);
        REQUIRE(u.b.phase == t.b.phase);
        REQUIRE(u.b.last == t.b.last);
        REQUIRE((u.b.score[0] == t.b.score[0] && u.b.score[1] == t.b.score[1]));
        if (t.b.battle == s.b.battle) REQUIRE(test::same(u, t));
      }
      // An illegal action is refused and changes nothing.
      {
        State t = s;
        Action bad{Action::Choose, kNone, kNone, 200};
        if (!s.r.active) bad = Action{Action::Deploy, 0, 0, kNone};
        if (!e.is_legal(s, bad)) {
          REQUIRE_THROWS_AS(e.apply(t, bad), IllegalAction);
          REQUIRE(test::same(t, s));
        }
      }
      // A copy taken mid-ability goes on exactly like the original.
      if (s.r.active && !copied) {
        copy = s;
        copied = true;
        ++mid_ability_copies;
      }
      Action a = agent.choose(e, s, acts);
      e.apply(s, a);
      if (copied) {
        e.apply(copy, a);
        REQUIRE(test::same(copy, s));
      }
      for (int p = 0; p < 2; ++p) {
        REQUIRE(s.b.score[p] >= last_score[p]);  // VP never decrease
        last_score[p] = s.b.score[p];
      }
    }
    REQUIRE(s.b.phase == Phase::Over);
    REQUIRE(s.b.score[s.b.winner] >= e.rules().vp_target);
  }
  REQUIRE(mid_ability_copies > static_cast<int>(games / 10));  // the copy check really ran
}

TEST_CASE("the same seed and actions give the same game", "[simulation]") {
  auto eng = test::load();
  const Engine& e = *eng;
  std::vector<Action> acts;
  for (uint64_t seed : {3ULL, 77ULL, 123456789ULL}) {
    State a = e.new_game(seed), b = e.new_game(seed);
    RandomAgent ra(seed), rb(seed);
    while (e.to_act(a) >= 0) {
      e.legal(a, acts);
      Action x = ra.choose(e, a, acts);
      e.legal(b, acts);
      Action y = rb.choose(e, b, acts);
      REQUIRE(x == y);
      e.apply(a, x);
      e.apply(b, y);
      REQUIRE(test::same(a, b));
    }
  }
}

TEST_CASE("a state is a small plain value") {
  STATIC_REQUIRE(std::is_trivially_copyable_v<State>);
  REQUIRE(sizeof(State) <= 4096);
}

namespace {
// A copy of a bundled set (with the files of the set it extends) in a temporary folder, whose
// declared flip abilities (use("flip").one{...}) are rewritten as Lua functions that call the
// declaration: the same ability, run by Lua instead of by the engine.
std::string set_with_lua_flips(const std::string& name) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("als-lua-flips-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path bundled = fs::path(ALS_DATA_DIR) / "cards";
  for (const char* from : {"standard", name.c_str()})
    for (const auto& f : fs::directory_iterator(bundled / from))
      fs::copy_file(f.path(), dir / f.path().filename(), fs::copy_options::overwrite_existing);
  std::ifstream in(dir / "set.lua");
  std::string manifest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  manifest = std::regex_replace(manifest, std::regex("extends = \"standard\","), "");
  std::ofstream(dir / "set.lua") << manifest;
  int rewritten = 0;
  for (const auto& f : fs::directory_iterator(dir)) {
    std::ifstream card(f.path());
    std::string text((std::istreambuf_iterator<char>(card)), std::istreambuf_iterator<char>());
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(R"(ability = (use\("flip"\)\.one\{[^}]*\}),)"))) continue;
    text = "local declared = " + m[1].str() + "\n" + m.prefix().str() +
           "ability = function(g, card) return declared(g, card) end," + m.suffix().str();
    std::ofstream(f.path()) << text;
    ++rewritten;
  }
  REQUIRE(rewritten == 4);  // the three Maneuvers and Ambush
  return dir.string();
}
}  // namespace

TEST_CASE("a declared flip ability resolves exactly as the same ability run in Lua, in both printings") {
  for (const std::string set : {"standard", "original"}) {
    auto declared = test::load(set);
    std::string dir = set_with_lua_flips(set);
    auto lua = load_engine(dir, {}, ALS_DATA_DIR);
    REQUIRE(lua->rules().immediate_instants == declared->rules().immediate_instants);
    std::vector<Action> acts, acts2;
    long flips = 0;
    for (uint64_t seed = 1; seed <= 300; ++seed) {
      State s = declared->new_game(seed), t = lua->new_game(seed);
      RandomAgent a(seed * 7 + 1), b(seed * 7 + 1);
      while (declared->to_act(s) >= 0) {
        REQUIRE(lua->to_act(t) == declared->to_act(s));
        declared->legal(s, acts);
        lua->legal(t, acts2);
        REQUIRE(acts == acts2);
        Action x = a.choose(*declared, s, acts);
        REQUIRE(b.choose(*lua, t, acts2) == x);
        EventLog l1, l2;
        declared->apply(s, x, &l1);
        lua->apply(t, x, &l2);
        REQUIRE(l1.events.size() == l2.events.size());
        for (size_t i = 0; i < l1.events.size(); ++i) {
          REQUIRE(declared->text().event_text(l1.events[i], -1) == lua->text().event_text(l2.events[i], -1));
          flips += l1.events[i].type == Event::Flip;
        }
        REQUIRE(test::same(s, t));
      }
    }
    REQUIRE(flips > 300);  // the flip abilities were played, and flipped cards
    std::filesystem::remove_all(dir);
  }
}

namespace {
// Answers abilities' decisions with `agent`, declining every third one when `decline` is set.
struct TestChooser : Chooser {
  Agent& agent;
  bool decline;
  int calls = 0, answered = 0;
  TestChooser(Agent& a, bool d) : agent(a), decline(d) {}
  bool choose(const Engine& e, const State& s, const std::vector<Action>& legal, Action& out) override {
    REQUIRE(s.r.active);  // the state at the question: an ability's decision, whole
    REQUIRE(s.b.index_ok());
    REQUIRE(s.b.tails_ok());
    if (decline && ++calls % 3 == 0) return false;
    out = agent.choose(e, s, legal);
    ++answered;
    return true;
  }
};
}  // namespace

TEST_CASE("answering abilities' decisions during their runs gives the same game as answering them one by one") {
  for (const std::string& set : {std::string("standard"), std::string("original"),
                                std::string(ALS_DATA_DIR) + "/docs/examples/field-command"}) {
    auto e = test::load(set);
    std::vector<Action> acts;
    long answered = 0, declined_stops = 0;
    for (uint64_t seed = 1; seed <= 120; ++seed) {
      for (bool decline : {false, true}) {
        // Two agents with the same generator make the same draws in the same order: `one` for
        // every decision through apply(); `two` for turns and, through the chooser, abilities'.
        RandomAgent one(seed), two(seed);
        TestChooser during(two, decline);
        State s = e->new_game(seed), t = e->new_game(seed);
        EventLog l1, l2;
        std::vector<std::string> ev1, ev2;
        while (e->to_act(t) >= 0) {
          e->legal(t, acts);
          l2.events.clear();
          e->apply(t, two.choose(*e, t, acts), &l2, &during);
          for (const Event& ev : l2.events) ev2.push_back(e->text().event_text(ev, -1));
          declined_stops += t.r.active;
          while (e->to_act(s) >= 0 && ev1.size() < ev2.size()) {  // every apply shows an event
            e->legal(s, acts);
            l1.events.clear();
            e->apply(s, one.choose(*e, s, acts), &l1);
            for (const Event& ev : l1.events) ev1.push_back(e->text().event_text(ev, -1));
          }
          REQUIRE(ev1 == ev2);
          REQUIRE(test::same(s, t));
        }
        REQUIRE(e->to_act(s) < 0);
        answered += during.answered;
      }
    }
    REQUIRE(answered > 300);       // decisions answered during runs
    REQUIRE(declined_stops > 50);  // and declined ones, where the ability waited as usual
  }
}

TEST_CASE("a Chooser may not apply actions on the engine whose ability it answers, nor answer illegally") {
  auto e = test::load();
  struct Meddler : Chooser {
    bool illegal;
    explicit Meddler(bool i) : illegal(i) {}
    bool choose(const Engine& eng, const State& s, const std::vector<Action>& legal, Action& out) override {
      if (illegal) {
        out = Action{Action::Choose, kNone, kNone, 47};  // no option of any decision here
        return true;
      }
      State copy = s;
      eng.apply(copy, legal[0]);  // re-runs the ability on this engine: refused
      out = legal[0];
      return true;
    }
  };
  for (bool illegal : {false, true}) {
    Meddler m(illegal);
    bool refused = false;
    for (uint64_t seed = 1; seed <= 40 && !refused; ++seed) {
      State s = e->new_game(seed);
      RandomAgent agent(seed);
      std::vector<Action> acts;
      while (e->to_act(s) >= 0) {
        e->legal(s, acts);
        Action a = agent.choose(*e, s, acts);
        State before = s;
        try {
          e->apply(s, a, nullptr, &m);
        } catch (const ScriptError& err) {
          REQUIRE_THAT(err.what(), Catch::Contains(illegal ? "is not a legal answer now" : "a Chooser may not apply actions"));
          REQUIRE(test::same(s, before));  // the action is refused, the game as it was
          refused = true;
          break;
        }
      }
    }
    REQUIRE(refused);
  }
}
