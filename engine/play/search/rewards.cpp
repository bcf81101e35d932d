// The search's rewards and the playout policy's features (mcts.h): the chance to win a game from a
// score (win_chances), a battle's reward (reward_scale, battle_reward), each play's features for
// the belief model (play_features).
#include <algorithm>
#include <cmath>

#include "mcts.h"
#include "playout.h"

namespace als {

using namespace search;

std::vector<double> MctsAgent::win_chances(const Rules& r) {
  const int target = std::max(r.vp_target, 1);
  // The VP a battle gives its winner: the battle's VP half the time, else one entry of either
  // withdrawal chart (each entry as likely).
  std::vector<std::pair<int, double>> vp{{std::max(r.battle_vp, 1), 0.5}};
  const size_t entries = r.withdraw_chart[0].size() + r.withdraw_chart[1].size();
  for (const auto& chart : r.withdraw_chart)
    for (int v : chart) vp.emplace_back(std::max(v, 1), 0.5 / static_cast<double>(entries));
  if (entries == 0) vp[0].second = 1;
  // p[a][b]: the chance of the player a VP short against one b short, filled from small to large.
  const int n = target + 1;
  std::vector<double> p(static_cast<size_t>(n * n));
  auto at = [&](int a, int b) -> double {
    if (a <= 0) return b <= 0 ? 0.5 : 1.0;
    if (b <= 0) return 0.0;
    return p[static_cast<size_t>(a * n + b)];
  };
  for (int a = 0; a <= target; ++a)
    for (int b = 0; b <= target; ++b) {
      if (a == 0 || b == 0) {
        p[static_cast<size_t>(a * n + b)] = at(a, b);
        continue;
      }
      double v = 0;
      for (const auto& [x, q] : vp) v += 0.5 * q * (at(a - x, b) + at(a, b - x));
      p[static_cast<size_t>(a * n + b)] = v;
    }
  return p;
}

double MctsAgent::win_chance(const Rules& r, int need, int other_need) {
  const int target = std::max(r.vp_target, 1);
  const int n = target + 1;
  return win_chances(r)[static_cast<size_t>(std::clamp(need, 0, target) * n + std::clamp(other_need, 0, target))];
}

MctsAgent::RewardScale MctsAgent::reward_scale(const Engine& e, const State& t, int me, bool v2, bool match) {
  const Rules& rules = e.rules();
  const int target = std::max(rules.vp_target, 1);
  RewardScale out;
  out.vp = v2 || !rules.has(Hook::BattleVp) ? rules.battle_vp
                                             : std::max(e.scored_vp(t, me, false, 0), e.scored_vp(t, 1 - me, false, 0));
  out.vp = std::max(out.vp, 1);
  if (!v2 && rules.has(Hook::BattleVp)) {  // the race with the hook's VP: a battle's, each chart's
    Rules hooked = rules;
    hooked.battle_vp = out.vp;
    for (int c = 0; c < 2; ++c)  // chart 0: the 1st player withdraws, so the other scores
      for (size_t i = 0; i < hooked.withdraw_chart[c].size(); ++i)
        hooked.withdraw_chart[c][i] = e.scored_vp(t, c == 0 ? 1 - t.b.first : t.b.first, true, static_cast<int>(i));
    out.hooked = win_chances(hooked);
  }
  if (!v2 && !match) {
    const int most = rules.has(Hook::BattleVp)
                         ? std::max({out.vp, e.scored_vp(t, me, true, 0), e.scored_vp(t, 1 - me, true, 0)})
                         : std::max(out.vp, most_battle_vp(rules));
    out.decides = t.b.score[0] + most >= target || t.b.score[1] + most >= target;
  }
  return out;
}

double MctsAgent::battle_reward(const Rules& r, const int start[2], const int end[2], int me, int winner) {
  if (winner >= 0) return winner == me ? 1.0 : 0.0;
  const int target = std::max(r.vp_target, 1), most = most_battle_vp(r);
  const bool by_game = start[0] + most >= target || start[1] + most >= target;
  return battle_end_reward(win_chances(r), target, std::max(r.battle_vp, 1), by_game, start[me], start[1 - me],
                           end[me], end[1 - me]);
}

void MctsAgent::play_features(const Engine& e, const State& s, int p, const int* margin, const Action& a, double* f) {
  std::fill(f, f + kPlayFeatures, 0.0);
  if (a.type != Action::Deploy && a.type != Action::Improvise) return;
  const bool deploy = a.type == Action::Deploy;
  const CardDef& c = e.set().cards[a.card];
  const int m = margin[a.theater];
  const int after = m + (deploy ? c.strength : e.rules().facedown_strength);
  const bool before_held = m > 0 || (m == 0 && s.b.first == p);
  const bool after_held = after > 0 || (after == 0 && s.b.first == p);
  f[0] = deploy;
  f[1] = deploy ? c.strength / 6.0 : 0;
  f[2] = deploy ? 0 : c.strength / 6.0;
  f[3] = !before_held && after_held;
  f[4] = before_held && m <= 3;
  f[5] = before_held && m > 3;
  f[6] = !before_held && !after_held && after > -4;
  f[7] = !before_held && after <= -4;
  f[8] = e.destroys_play_at(s, p, a.card, a.theater, deploy) >= 0;
  f[9] = deploy && c.kind == Kind::Instant;
  f[10] = deploy && c.kind == Kind::Ongoing;
  f[11] = !deploy && c.kind != Kind::None;
  f[12] = std::clamp(after, -10, 10) / 10.0;
  f[13] = deploy ? count_cards(s.b.in_hand(p)) / 6.0 : 0;
  f[14] = !deploy && c.type_theater == a.theater;  // facedown where it could have been deployed
}

}  // namespace als
