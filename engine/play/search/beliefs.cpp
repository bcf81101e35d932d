// The search's beliefs about the opponent's hand (mcts.h, "Beliefs"): each play's likelihood under
// the fitted model of how a player plays (turn_likelihood), and the weights of the worlds a search
// draws, from the opponent's turns this battle (believe).
#include <algorithm>
#include <cmath>

#include "mcts.h"
#include "playout.h"

namespace als {

using namespace search;

void MctsAgent::turn_features(const Engine& e, const State& s, const std::vector<Action>& acts, std::vector<Action>& plays,
                              std::vector<double>& features) {
  const int p = e.to_act(s);
  int margin[kMaxTheaters] = {};
  margins(e, s, p, margin);
  plays.clear(), features.clear();
  for (const Action& x : acts) {
    if (x.type == Action::Withdraw) continue;
    plays.push_back(x);
    features.resize(features.size() + kPlayFeatures);
    play_features(e, s, p, margin, x, features.data() + features.size() - kPlayFeatures);
  }
}

namespace {
// The belief model's weights, one a feature of MctsAgent::play_features: a conditional logit
// fitted on mcts-v2's turns against itself (build/tests/fit_belief 400 1; docs/agents.md).
constexpr double kBeliefWeights[MctsAgent::kPlayFeatures] = {1.3936, -0.8458, -1.8215, 0.5979, 0.2988, -0.3450, 0.0121, -0.5704, -1.6187, 0.0311, -0.1167, -0.0519, -0.2488, -0.9249, -0.3809};
}  // namespace

double MctsAgent::turn_likelihood(const Engine& e, const State& s, const Action& a, double beta, double noise,
                                  std::vector<Action>& acts) {
  e.legal(s, acts);
  thread_local std::vector<Action> plays;
  thread_local std::vector<double> f;
  turn_features(e, s, acts, plays, f);
  if (plays.empty()) return 1e-6;
  double top = -1e300, sum = 0, mine = 0;
  thread_local std::vector<double> z;
  z.assign(plays.size(), 0);
  for (size_t i = 0; i < plays.size(); ++i) {
    for (int k = 0; k < kPlayFeatures; ++k) z[i] += beta * kBeliefWeights[k] * f[i * kPlayFeatures + static_cast<size_t>(k)];
    top = std::max(top, z[i]);
  }
  bool found = false;
  for (size_t i = 0; i < plays.size(); ++i) {
    const double v = std::exp(z[i] - top);
    sum += v;
    if (plays[i] == a) mine = v, found = true;
  }
  if (!found) return 1e-6;
  return (1 - noise) * mine / sum + noise / static_cast<double>(plays.size());
}

void MctsAgent::believe(const InfoState& info) {
  belief_.worlds.clear(), belief_.upto.clear();
  last_worlds_ = 0;
  if (opt_.belief <= 0 || opt_.v2) return;
  const size_t turns = info.past_turns();
  std::vector<size_t> theirs;  // the opponent's turns: what they chose says something of what they held
  for (size_t i = 0; i < turns; ++i)
    if (info.past_player(i) != info.player()) theirs.push_back(i);
  if (theirs.empty()) return;
  const Engine& e = info.engine();
  const Engine::Sampler sampler = info.sampler();
  const size_t n = static_cast<size_t>(std::max(opt_.pool, 1));
  std::vector<double> logw(n);
  belief_.worlds.resize(n);
  State then;
  std::vector<Action> acts;
  for (size_t k = 0; k < n; ++k) {
    sampler.identities(belief_.worlds[k], rng_);
    double lw = 0;
    for (size_t i : theirs) {
      const Action a = info.past(i, sampler, belief_.worlds[k], then, rng_);
      lw += std::log(turn_likelihood(e, then, a, opt_.belief, opt_.noise, acts));
    }
    logw[k] = lw;
  }
  const double top = *std::max_element(logw.begin(), logw.end());
  double sum = 0, sq = 0;
  belief_.upto.resize(n);
  for (size_t k = 0; k < n; ++k) {
    const double w = std::exp(logw[k] - top);
    sum += w, sq += w * w;
    belief_.upto[k] = sum;
  }
  last_worlds_ = sum * sum / sq;
}

}  // namespace als
