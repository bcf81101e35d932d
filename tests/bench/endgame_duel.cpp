// Duplicate endgames: two agents play the end of the same battles from both seats. Positions come
// from games of `mcts:iterations=300` against itself: the first decision of each battle at which
// both hands hold at most CARDS cards. From each, agent A plays one seat and B the other to the
// battle's end, then again with the seats swapped. A position's score is A's mean reward over the
// two (the search's reward, MctsAgent::battle_reward: 0.5 each where the two agents play alike),
// so the deal and the cards already played weigh nothing. Prints the mean with its 95% interval
// (normal, over positions) and the battles A won, of two a position. docs/agents.md, "Exact
// endgames". Not a test: minutes.
// Run: build/tests/endgame_duel POSITIONS SEED CARDS SPEC_A SPEC_B
#include <cmath>
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
// The end of the battle being played at `s`, A seated at `seat_a`: A's reward and whether A won.
std::pair<double, int> play_out(const Engine& e, State s, const std::string& a, const std::string& b, int seat_a,
                                uint64_t seed) {
  std::unique_ptr<Agent> agents[2];
  agents[seat_a] = make_agent(a, seed, seat_a);
  agents[1 - seat_a] = make_agent(b, seed, 1 - seat_a);
  const uint32_t battle = s.b.battle;
  const int start[2] = {s.b.score[0], s.b.score[1]};
  std::vector<Action> acts;
  while (e.to_act(s) >= 0 && s.b.battle == battle) {
    e.legal(s, acts);
    e.apply(s, agents[e.to_act(s) == 0 ? 0 : 1]->choose(e, s, acts));
  }
  const int end[2] = {s.b.score[0], s.b.score[1]};
  const int winner = s.b.phase == Phase::Over ? s.b.winner : -1;
  return {MctsAgent::battle_reward(e.rules(), start, end, seat_a, winner), s.b.last.winner == seat_a ? 1 : 0};
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: endgame_duel POSITIONS SEED CARDS SPEC_A SPEC_B\n");
    return 2;
  }
  const int positions = std::atoi(argv[1]), cards = std::atoi(argv[3]);
  const uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const std::string a = argv[4], b = argv[5];
  const char* env = std::getenv("ALS_DATA_DIR");
  auto eng = load_engine("standard", {}, env && *env ? env : ALS_DATA_DIR);
  const Engine& e = *eng;
  std::vector<double> scores;
  int won = 0, differ = 0;
  std::vector<Action> acts;
  for (uint64_t g = 0; static_cast<int>(scores.size()) < positions; ++g) {
    auto lead = make_agent("mcts:iterations=300", seed * 1000003 + g, 0);
    State s = e.new_game(seed * 1000003 + g);
    uint32_t taken = 0;  // the battle whose position was taken (numbers start at 1)
    while (e.to_act(s) >= 0 && static_cast<int>(scores.size()) < positions) {
      e.legal(s, acts);
      const int p = e.to_act(s);
      if (s.b.battle != taken && acts.size() > 1 && e.hand_size(s, p) <= cards && e.hand_size(s, 1 - p) <= cards) {
        taken = s.b.battle;
        const uint64_t duel = seed * 7919 + scores.size();
        const auto [r0, w0] = play_out(e, s, a, b, 0, duel);
        const auto [r1, w1] = play_out(e, s, a, b, 1, duel);
        scores.push_back((r0 + r1) / 2);
        won += w0 + w1, differ += std::abs(r0 + r1 - 1) > 1e-9;
      }
      e.apply(s, lead->choose(e, s, acts));
    }
  }
  double mean = 0, var = 0;
  for (double x : scores) mean += x;
  mean /= static_cast<double>(scores.size());
  for (double x : scores) var += (x - mean) * (x - mean);
  const double n = static_cast<double>(scores.size()), half = 1.96 * std::sqrt(var / (n - 1) / n);
  std::printf("%s against %s, hands of at most %d, %d positions (seed %llu): mean reward %.4f (%.4f-%.4f), battles won %d of %d, "
              "positions played differently %d\n",
              a.c_str(), b.c_str(), cards, positions, static_cast<unsigned long long>(seed), mean, mean - half, mean + half,
              won, 2 * positions, differ);
  return 0;
}
