// Fits the belief model of the search (MctsAgent::Options::belief): a conditional logit over a
// turn's plays (MctsAgent::play_features) that predicts the play a strong player chooses, from
// games of mcts-v2 against itself. Every fifth game is held out; the fit's gain over a uniform
// guess, in nats a turn, is printed for both, then the weights.
// Not a test: minutes. Run: build/tests/fit_belief GAMES [SEED]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "agents.h"
#include "loader.h"
#include "mcts.h"

using namespace als;

namespace {
constexpr int K = MctsAgent::kPlayFeatures;
struct Turn {
  std::vector<double> f;  // a row of K a play
  int chosen = 0;
  int n() const { return static_cast<int>(f.size() / K); }
};

// The mean log-likelihood gain over uniform of `w` on `turns`, and its gradient into `grad` (if given).
double score(const std::vector<Turn>& turns, const std::vector<double>& w, std::vector<double>* grad) {
  double total = 0;
  if (grad) grad->assign(K, 0);
  std::vector<double> z;
  for (const Turn& t : turns) {
    const int n = t.n();
    z.assign(n, 0);
    double top = -1e300;
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < K; ++k) z[i] += w[k] * t.f[i * K + k];
      top = std::max(top, z[i]);
    }
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += std::exp(z[i] - top);
    total += z[t.chosen] - top - std::log(sum) + std::log(n);
    if (grad)
      for (int i = 0; i < n; ++i) {
        const double p = std::exp(z[i] - top) / sum;
        for (int k = 0; k < K; ++k) (*grad)[k] += ((i == t.chosen) - p) * t.f[i * K + k];
      }
  }
  if (grad)
    for (double& g : *grad) g /= static_cast<double>(turns.size());
  return total / static_cast<double>(turns.size());
}
}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 100;
  const uint64_t base = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  auto eng = load_engine("standard", {}, ALS_DATA_DIR);
  const Engine& e = *eng;
  std::vector<Turn> fit, held;
  std::vector<Action> legal, plays;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = base + static_cast<uint64_t>(g);
    MctsAgent::Options o;
    MctsAgent a0(agent_seed(seed, 0), o), a1(agent_seed(seed, 1), o);
    a0.freeze_v2(), a1.freeze_v2();
    State s = e.new_game(seed);
    while (e.to_act(s) >= 0) {
      e.legal(s, legal);
      const Action a = (e.to_act(s) == 0 ? a0 : a1).choose(e, s, legal);
      if (!s.r.active && e.decision_kind(s) == DecisionKind::Turn && a.type != Action::Withdraw) {
        Turn t;
        MctsAgent::turn_features(e, s, legal, plays, t.f);
        for (size_t i = 0; i < plays.size(); ++i)
          if (plays[i] == a) t.chosen = static_cast<int>(i);
        if (plays.size() > 1) (g % 5 == 4 ? held : fit).push_back(std::move(t));
      }
      e.apply(s, a);
    }
  }
  std::vector<double> w(K, 0), grad, m(K, 0), v(K, 0);
  for (int step = 1; step <= 3000; ++step) {  // Adam on the mean log-likelihood, a small L2
    score(fit, w, &grad);
    for (int k = 0; k < K; ++k) {
      const double gk = grad[k] - 1e-3 * w[k];
      m[k] = 0.9 * m[k] + 0.1 * gk, v[k] = 0.999 * v[k] + 0.001 * gk * gk;
      const double mh = m[k] / (1 - std::pow(0.9, step)), vh = v[k] / (1 - std::pow(0.999, step));
      w[k] += 0.05 * mh / (std::sqrt(vh) + 1e-8);
    }
  }
  std::printf("turns %zu fitted, %zu held out\n", fit.size(), held.size());
  std::printf("gain over uniform, nats a turn: fitted %.3f, held out %.3f\n", score(fit, w, nullptr), score(held, w, nullptr));
  std::printf("weights:");
  for (double x : w) std::printf(" %.4f", x);
  std::printf("\n");
}
