// Positions where a battle can decide the game and the frozen search (mcts-v2, which values every
// battle by its VP) and today's (which values such a battle by the game) choose differently, one
// of the two choices a withdrawal. A deep search to the game's end judges both choices; the
// positions where today's choice is better by at least 0.1 of a game are printed as the test
// "the opponent withdraws where a battle decides the game" (tests/unit/test_agents.cpp) pins them.
// Not a test: minutes. Run: build/tests/decisive GAMES [SEED]
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "agents.h"
#include "loader.h"
#include "mcts.h"

using namespace als;

namespace {
std::unique_ptr<MctsAgent> search(uint64_t seed, int iterations, bool v2, bool game) {
  MctsAgent::Options o;
  o.iterations = iterations;
  o.game = game;
  auto a = std::make_unique<MctsAgent>(seed, o);
  if (v2) a->freeze_v2();
  return a;
}

// The deep search's value of `a` (the chance to win the game after it), or -1 if it tried it
// fewer than 50 times.
double judged(const std::vector<Estimate>& deep, const Action& a) {
  for (const Estimate& x : deep)
    if (x.action == a) return x.visits >= 50 ? x.win : -1;
  return -1;
}
}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const uint64_t base = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  auto eng = load_engine("standard", {}, ALS_DATA_DIR);
  const Engine& e = *eng;
  const Rules& r = e.rules();
  int looked = 0, differ = 0;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = base + static_cast<uint64_t>(g);
    State s = e.new_game(seed);
    auto play = search(seed, 600, true, false);  // the game goes as mcts-v2 plays it
    std::vector<int> path;  // the index of each action taken, in legal order
    std::vector<Action> legal;
    while (e.to_act(s) >= 0) {
      e.legal(s, legal);
      const int p = e.to_act(s);
      const bool decides = s.b.score[0] + 6 >= r.vp_target || s.b.score[1] + 6 >= r.vp_target;
      bool can_withdraw = false;
      for (const Action& a : legal) can_withdraw |= a.type == Action::Withdraw;
      if (decides && can_withdraw && legal.size() > 2 && e.decision_kind(s) == DecisionKind::Turn) {
        ++looked;
        auto old = search(7, 2000, true, false), now = search(7, 2000, false, false);
        const Action a_old = old->choose(e, s, legal), a_now = now->choose(e, s, legal);
        if (!(a_old == a_now) && (a_old.type == Action::Withdraw || a_now.type == Action::Withdraw)) {
          ++differ;
          auto deep = search(11, 40000, false, true);
          const std::vector<Estimate> ranked = deep->rank(InfoState(e, s, legal));
          const double v_old = judged(ranked, a_old), v_now = judged(ranked, a_now);
          std::printf("seed %llu, step %zu, player %d, scores %d-%d: mcts-v2 %s (%.3f), mcts %s (%.3f)%s\n",
                      static_cast<unsigned long long>(seed), path.size(), p + 1, s.b.score[0], s.b.score[1],
                      e.text().action_text(s, a_old, p).c_str(), v_old, e.text().action_text(s, a_now, p).c_str(), v_now,
                      v_old >= 0 && v_now >= v_old + 0.1 ? "  <- today's better by 0.1 or more" : "");
          std::printf("  path:");
          for (int i : path) std::printf(" %d", i);
          std::printf("\n");
          std::fflush(stdout);
        }
      }
      const Action a = play->choose(e, s, legal);
      for (size_t i = 0; i < legal.size(); ++i)
        if (legal[i] == a) path.push_back(static_cast<int>(i));
      e.apply(s, a);
    }
  }
  std::printf("%d positions where a battle could decide the game; the two searches differed, one withdrawing, at %d\n",
              looked, differ);
  return 0;
}
