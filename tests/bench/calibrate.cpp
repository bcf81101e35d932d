// The hint's calibration (docs/agents.md, "The hint's chances"): self-play games in which each
// seat plays the hint's first action, the hint's chances of that action (to win the battle, to
// win the game) checked against what happened. Not a test: it takes minutes.
// Run: build/tests/calibrate GAMES SEED [ITERATIONS] [THREADS]
// Prints, for both chances, the expected calibration error of the search's raw estimate and of
// the map compiled into the hint (engine/play/agents/hint.cpp), each with its 95% interval (bootstrap
// over games), and the map fitted to these games, to paste there. Fit on one seed, then measure
// on another: the published "after" figures are from games the map was not fitted on.
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "agents.h"
#include "hint.h"
#include "loader.h"
#include "match.h"
#include "mcts.h"

using namespace als;

namespace {

struct Raw {  // one decision's prediction before the outcome is known
  Estimate estimate;  // the search's figures of the action played
  int seat, battle_number;
};
struct Outcome {  // ... and after
  Estimate estimate;
  int battle_won, game_won, game;
};

// A seat that plays the hint's first action, keeping the hint's raw chances of it.
class HintFollower : public Agent {
 public:
  HintFollower(uint64_t seed, int iterations) : search_(seed, [&] {
    MctsAgent::Options o;
    o.iterations = iterations;
    o.value = "standard";  // as the registry's mcts, the hint's search
    return o;
  }()) {}
  Action decide(const InfoState& info) override {
    if (info.legal().size() == 1) return info.legal()[0];
    static const HintCalibration identity{};
    const std::vector<HintLine> lines = hint(search_, info, identity);
    seen.push_back({lines[0].raw, info.player(), battle});
    return lines[0].action;
  }
  std::vector<Raw> seen;
  int battle = 1;  // the battle under way (set by the game loop)

 private:
  MctsAgent search_;
};

// Battle winners, by battle number, from the events.
struct Winners : MatchListener {
  std::vector<int> battle{-1};  // [n]: battle n's winner
  void on_action(const Match&, int, const Action&, const std::string&, const EventLog& log) override {
    for (const Event& ev : log.events)
      if (ev.type == Event::BattleEnd) {
        const size_t n = static_cast<size_t>(ev.value);
        if (battle.size() <= n) battle.resize(n + 1, -1);
        battle[n] = ev.player;
      }
  }
};

// Plays game `g` and adds its predictions to `out`.
void play(const Engine& e, uint64_t seed, int g, int iterations, std::vector<Outcome>& out) {
  HintFollower a(seed * 2 + 1, iterations), b(seed * 2 + 2, iterations);
  Match m(e, seed, &a, &b);
  Winners w;
  m.listen(&w);
  m.start();
  while (m.to_act() >= 0) {
    a.battle = b.battle = m.state().b.battle;
    m.step();
    if (!m.abandoned().empty()) std::fprintf(stderr, "game %d: %s\n", g, m.abandoned().c_str()), std::exit(1);
  }
  const int winner = m.state().b.winner;
  for (HintFollower* f : {&a, &b})
    for (const Raw& r : f->seen) {
      const int bw = static_cast<size_t>(r.battle_number) < w.battle.size() ? w.battle[static_cast<size_t>(r.battle_number)] : -1;
      if (bw < 0) continue;  // (a game that stopped mid-battle)
      out.push_back({r.estimate, bw == r.seat, winner == r.seat, g});
    }
}

// The battle's predictions under `battle`, and the game's: the game chance where the battle is
// won weighed by that calibrated battle chance (engine/play/agents/hint.cpp), then `game` (or none).
std::vector<Prediction> battle_chances(const std::vector<Outcome>& o, const ChanceMap& battle) {
  std::vector<Prediction> p;
  for (const Outcome& x : o) p.push_back({battle(x.estimate.battle), x.battle_won, x.game});
  return p;
}
std::vector<Prediction> game_chances(const std::vector<Outcome>& o, const ChanceMap& battle, const ChanceMap* game) {
  std::vector<Prediction> p;
  for (const Outcome& x : o) {
    const double b = battle(x.estimate.battle), mixed = x.estimate.game_if_won * b + x.estimate.game_if_lost * (1 - b);
    p.push_back({game ? (*game)(mixed) : mixed, x.game_won, x.game});
  }
  return p;
}

void line(const char* what, const std::vector<Prediction>& p) {
  double mean = 0, seen = 0, brier = 0;
  for (const Prediction& x : p) mean += x.chance, seen += x.outcome, brier += (x.chance - x.outcome) * (x.chance - x.outcome);
  const double n = static_cast<double>(p.size()), base = seen / n * (1 - seen / n);  // always saying the observed rate
  const auto i = calibration_interval(p, 1000, 7);
  std::printf("  %-46s error %.3f (95%% bootstrap over games %.3f to %.3f); mean %.3f, observed %.3f; Brier %.3f "
              "(%.3f saying the observed rate)\n",
              what, calibration_error(p), i[0], i[1], mean / n, seen / n, brier / n, base);
}

void print_map(const char* name, const ChanceMap& m) {
  std::printf("  %s fitted to these games: ChanceMap{{", name);
  for (size_t k = 0; k < m.knots.size(); ++k) std::printf("%s%.3f", k ? ", " : "", m.knots[k]);
  std::printf("}},\n");
}

void report(const std::vector<Outcome>& o) {
  const ChanceMap identity;
  const HintCalibration& now = hint_calibration();
  std::printf("battle: %zu predictions\n", o.size());
  line("the search's estimate", battle_chances(o, identity));
  line("mapped as the hint maps it", battle_chances(o, now.battle));
  std::printf("game:\n");
  std::vector<Prediction> straight;
  for (const Outcome& x : o) straight.push_back({x.estimate.game, x.game_won, x.game});
  line("the search's estimate (the race of battles)", straight);
  line("by the battle's calibrated chance, no game map", game_chances(o, now.battle, nullptr));
  line("as the hint shows it", game_chances(o, now.battle, &now.game));
  const ChanceMap battle = fit_chance_map(battle_chances(o, identity));
  const ChanceMap game = fit_chance_map(game_chances(o, battle, nullptr));
  print_map("battle", battle);
  print_map("game", game);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: calibrate GAMES SEED [ITERATIONS] [THREADS]\n");
    return 2;
  }
  const int games = std::atoi(argv[1]), iterations = argc > 3 ? std::atoi(argv[3]) : 2000;
  const uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
  std::vector<Outcome> all;
  std::mutex lock;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      auto e = load_engine("standard", {}, ALS_DATA_DIR);
      for (int g = t; g < games; g += threads) {
        std::vector<Outcome> o;
        play(*e, seed * 100003 + static_cast<uint64_t>(g), g, iterations, o);
        std::lock_guard<std::mutex> hold(lock);
        all.insert(all.end(), o.begin(), o.end());
      }
    });
  for (auto& t : pool) t.join();
  std::printf("%d self-play games (seed %llu) of the hint at %d iterations a decision\n", games,
              static_cast<unsigned long long>(seed), iterations);
  report(all);
  return 0;
}
