// The rules core on its own: this program links only the core library (no Lua, no binding, no
// loader), with a set written in C++ and a stub Scripts, and plays whole games. It proves the
// layering of docs/design.md: the core builds and runs without anything above it.
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "engine.h"
#include "rng.h"

using namespace als;

namespace {

// Scripts that only count what the core asks of them; instant abilities do nothing.
struct StubScripts : Scripts {
  int* runs;
  explicit StubScripts(int* r) : runs(r) {}
  void attach(const Engine&) override {}
  Outcome run(AbilityCtx&, const Due&) override {
    ++*runs;
    return Outcome::Done;
  }
  void run_nested(AbilityCtx&, const Due&) override { ++*runs; }
  int ongoing(const State&, int, Fn, const int*, int value) override { return value; }
  int lasting(const State&, int, Fn, const int*, int value) override { return value; }
  int battle_over(const State&) override { return -1; }
  int battle_winner(const State&, int winner) override { return winner; }
  int battle_vp(const State&, int, bool, int, int, int vp) override { return vp; }
  int game_over(const State&, int&) override { return -1; }
};

// 18 cards: strengths 1 to 6 in each of three theaters. The 1s are instants (the stub runs
// them), the 4s are ongoing +3 to adjacent theaters (as Support).
std::shared_ptr<Engine> make_engine(int* runs) {
  CardSet set;
  set.name = "core-test";
  set.dir = "(built in C++)";
  Rules rules;
  rules.theaters = {"air", "land", "sea"};
  set.theaters = rules.theaters;
  for (const char* t : {"air", "land", "sea"}) {
    for (int str = 1; str <= 6; ++str) {
      CardDef d;
      d.id = std::string(t) + std::to_string(str);
      d.name = d.id;
      d.type = t;
      d.strength = str;
      d.file = "core-test/" + d.id;
      if (str == 1) d.kind = Kind::Instant, d.has_ability = true;
      if (str == 4) {
        d.kind = Kind::Ongoing;
        d.effects.push_back(Effect{.type = Effect::StrengthBonus, .scope = Scope::Adjacent, .amount = 3});
      }
      set.index[d.id] = static_cast<int>(set.cards.size());
      set.cards.push_back(d);
    }
  }
  return std::make_shared<Engine>(set, rules, std::vector<std::string>{}, "0", std::make_unique<StubScripts>(runs));
}

}  // namespace

TEST_CASE("the core plays whole games with a set built in C++ and no Lua") {
  int runs = 0;
  auto e = make_engine(&runs);
  std::vector<Action> acts;
  Rng pick(7);
  int games_with_a_winner = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    State s = e->new_game(seed);
    for (int steps = 0; e->to_act(s) >= 0; ++steps) {
      REQUIRE(steps < 1000);
      e->legal(s, acts);
      REQUIRE(!acts.empty());
      // Deploy or improvise at random; withdraw only when nothing else is legal.
      size_t n = acts.size();
      Action a = acts[pick.below(n)];
      while (a.type == Action::Withdraw && n > 1) a = acts[pick.below(n)];
      State before = s;
      e->apply(s, a);
      REQUIRE(!(s == before));
    }
    REQUIRE(s.b.phase == Phase::Over);
    REQUIRE(s.b.score[s.b.winner] >= e->rules().vp_target);
    games_with_a_winner += 1;
  }
  REQUIRE(games_with_a_winner == 200);
  REQUIRE(runs > 0);  // instants deployed faceup were handed to the scripts
}

TEST_CASE("a declared ongoing bonus counts in the adjacent theaters") {
  int runs = 0;
  auto e = make_engine(&runs);
  State s = e->blank();
  // Player 1's land4 (ongoing +3 adjacent) in land, air2 in air: air totals 2 + 3.
  int land4 = e->set().find("land4"), air2 = e->set().find("air2");
  auto put = [&](int card, int theater) {
    s.b.card[card].zone = Zone::Board;
    s.b.card[card].owner = 0;
    s.b.card[card].theater = static_cast<uint8_t>(theater);
    s.b.card[card].faceup = true;
    s.b.card[card].seq = card;
  };
  put(land4, e->text().theater_id("land"));
  put(air2, e->text().theater_id("air"));
  s.b.reindex();
  REQUIRE(e->strength(s, 0, e->text().theater_id("land")) == 4);
  int air = e->text().theater_id("air");
  REQUIRE(e->strength(s, 0, air) == (e->adjacent(s, air, e->text().theater_id("land")) ? 5 : 2));
}

TEST_CASE("the core refuses a set that breaks its limits") {
  int runs = 0;
  CardSet set;
  set.dir = "bad";
  Rules rules;  // no theaters
  REQUIRE_THROWS_AS(Engine(set, rules, {}, "0", std::make_unique<StubScripts>(&runs)), LoadError);
}
