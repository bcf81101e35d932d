// A variant's measures (measures.h): one game's counts, a run's sums, and their intervals.
#include "measures.h"

#include <climits>

#include <algorithm>

namespace als {

const MeasureInfo kMeasureInfo[kMeasures] = {
    {"first_player_battle_win_rate", true, "1st player wins battle"},
    {"seat1_game_win_rate", true, "seat 1 wins game"},
    {"battles_per_game", false, "battles a game", true},
    {"actions_per_game", false, "actions a game", true},
    {"branching_factor", false, "branching factor", true},
    {"withdraw_rate", true, "withdrawal ends battle"},
    {"vp_per_battle", false, "VP a battle"},
    {"lead_changes_per_game", false, "lead changes a game", true},
    {"decisiveness", true, "game won by 1st leader"},
};
const char* const kCardMeasureNames[kCardMeasures] = {"faceup_win_rate", "facedown_win_rate", "unplayed_rate"};

void GameTally::clear() {
  std::fill(std::begin(y), std::end(y), 0);
  std::fill(std::begin(n), std::end(n), 0);
  std::fill(card_y.begin(), card_y.end(), 0);
  std::fill(card_n.begin(), card_n.end(), 0);
  std::fill(std::begin(withdrawals), std::end(withdrawals), 0);
  std::fill(std::begin(vp_hist), std::end(vp_hist), 0);
  reasons.clear();
  game_reason.clear();
  agent_failure.clear();
  control_ends = withdraw_ends = 0;
  winner = vp[0] = vp[1] = 0;
  setup = 0;
  custom.clear();
}

void GameCounter::start(const Match& m) {
  t_.clear();
  leader_ = first_leader_ = -1;
  deal(m.state());
  for (const Event& ev : m.opening().events) {  // g:measure's counts and VP before the first decision (battle 1's hooks)
    if (ev.type == Event::Measure) [[unlikely]] count_measure(ev);
    else if (ev.type == Event::Vp) [[unlikely]] verb_vp_ += ev.value;
  }
}

void GameCounter::deal(const State& s) {
  up_[0] = up_[1] = down_[0] = down_[1] = 0;
  first_ = s.b.first;
  dealt_ = 0;
  dealing_ = true;
  verb_vp_ = 0;
  see_hands(s);
}

// Until the battle's first turn has begun, every card a hand holds counts as dealt: the rules'
// deal, and what a deal or battle_start hook puts into hands while it asks its questions (a
// draft, a mulligan's replacement; API 4).
void GameCounter::see_hands(const State& s) {
  dealt_ |= s.b.in_zone(Zone::Hand);
  if (!s.r.active && s.b.turn_number() >= 1) dealing_ = false;
}

void GameCounter::on_action(const Match& m, int, const Action&, const std::string&, const EventLog& log) {
  if (dealing_) [[unlikely]] see_hands(m.state());
  for (const Event& ev : log.events) {
    if (ev.type == Event::Deploy) up_[ev.player] |= uint64_t{1} << ev.card;
    else if (ev.type == Event::Improvise) down_[ev.player] |= uint64_t{1} << ev.card;
    else if (ev.type == Event::Withdraw) ++t_.withdrawals[std::min(ev.value, kWithdrawRows - 1)];
    else if (ev.type == Event::Measure) [[unlikely]] count_measure(ev);
    else if (ev.type == Event::Vp) [[unlikely]] verb_vp_ += ev.value;  // (a loss: negative)
    else if (ev.type == Event::BattleEnd) {
      ++t_.n[kFirstPlayerBattleWinRate], ++t_.n[kWithdrawRate], ++t_.n[kVpPerBattle];
      t_.y[kFirstPlayerBattleWinRate] += ev.player == first_;
      // The battle's VP: what its end gave, and what verbs gave during it (g:gain_vp, g:lose_vp)
      const int vp = ev.vp + verb_vp_;
      t_.y[kVpPerBattle] += vp;
      ++t_.vp_hist[std::clamp(vp, 0, kVpBuckets - 1)];
      if (ev.withdrew) ++t_.withdraw_ends, ++t_.y[kWithdrawRate];
      else if (ev.option > 0) count_reason(ev.text);
      else ++t_.control_ends;
      // Who is ahead on VP now: a change of leader (not a tie, not taking a first lead) counts.
      const int lead = ev.score[0] > ev.score[1] ? 0 : ev.score[1] > ev.score[0] ? 1 : -1;
      if (t_.n[kVpPerBattle] == 1) first_leader_ = lead;
      if (lead >= 0) {
        if (leader_ >= 0 && lead != leader_) ++t_.y[kLeadChangesPerGame];
        leader_ = lead;
      }
      int* cy = t_.card_y.data();
      int* cn = t_.card_n.data();
      const uint64_t played = up_[0] | up_[1] | down_[0] | down_[1];
      for (int q = 0; q < 2; ++q) {  // the cards played, bit by bit
        const int won = ev.player == q;
        for (uint64_t b = up_[q]; b; b &= b - 1) {
          const int i = __builtin_ctzll(b) * kCardMeasures + kFaceupWinRate;
          ++cn[i], cy[i] += won;
        }
        for (uint64_t b = down_[q]; b; b &= b - 1) {
          const int i = __builtin_ctzll(b) * kCardMeasures + kFacedownWinRate;
          ++cn[i], cy[i] += won;
        }
      }
      for (uint64_t b = dealt_; b; b &= b - 1) {
        const int c = __builtin_ctzll(b);
        const int i = c * kCardMeasures + kUnplayedRate;
        ++cn[i], cy[i] += !(played >> c & 1);
      }
      deal(m.state());  // the next battle's (already dealt), if any
    }
  }
}

void GameCounter::finish(const Match& m) {
  const State& s = m.state();
  // The decisions answered during runs count too; a battle's setting up (a draft's picks) apart.
  const long long decisions = m.actions() + m.answered() - m.setup_decisions();
  t_.setup = m.setup_decisions();
  t_.winner = s.b.winner;
  t_.vp[0] = s.b.score[0], t_.vp[1] = s.b.score[1];
  t_.y[kSeat1GameWinRate] = s.b.winner == 0, t_.n[kSeat1GameWinRate] = 1;
  t_.y[kBattlesPerGame] = t_.n[kVpPerBattle], t_.n[kBattlesPerGame] = 1;
  t_.y[kActionsPerGame] = decisions, t_.n[kActionsPerGame] = 1;
  t_.y[kBranchingFactor] = m.options(), t_.n[kBranchingFactor] = m.decisions();
  t_.n[kLeadChangesPerGame] = 1;
  t_.y[kDecisiveness] = first_leader_ == s.b.winner, t_.n[kDecisiveness] = 1;
  if (s.b.game_reason) [[unlikely]] {
    // A game_over hook's reason is counted where it decided the game: not where the VP target
    // ended it at the same moment with the same winner (the hook then changed nothing).
    const int target = m.engine().rules().vp_target;
    const bool reached = s.b.score[0] >= target || s.b.score[1] >= target;
    const int by_target = s.b.score[0] > s.b.score[1] ? 0 : s.b.score[1] > s.b.score[0] ? 1 : s.b.last.winner;
    if (!reached || by_target != s.b.winner) t_.game_reason = m.engine().interned().name(s.b, s.b.game_reason);
  }
  if (!m.agent_failure().empty()) [[unlikely]] t_.agent_failure = m.agent_failure();  // (GameTally::clear empties it)
}

stats::RatioSums VariantSums::custom_measure(const std::string& name) const {
  stats::RatioSums s;
  if (auto it = custom.find(name); it != custom.end()) s = it->second;
  s.add_zeros(std::max(games - s.games, 0LL));  // the games that never counted it
  return s;
}

VariantSums::VariantSums(size_t cards)
    : card_y(cards * kCardMeasures, 0),
      card_n(cards * kCardMeasures, 0),
      battles_hist(kBattleBuckets, 0),
      actions_hist(kActionBuckets, 0),
      vp_hist(kVpBuckets, 0),
      withdrawals(kWithdrawRows, 0) {}

void VariantSums::add(const GameTally& g) {
  const long long actions = g.y[kActionsPerGame];
  if (!games || actions < min_actions) min_actions = actions;
  max_actions = std::max(max_actions, actions);
  ++games;
  ++wins[g.winner];
  vp[0] += g.vp[0], vp[1] += g.vp[1];
  for (int i = 0; i < kMeasures; ++i) m[i].add(g.y[i], g.n[i]);
  setup.add(g.setup, 1);
  for (const auto& [name, count] : g.custom) {
    auto it = custom.find(name);
    if (it == custom.end()) {
      if (custom.size() >= kMaxCustomMeasures) {
        ++custom_dropped;
        continue;
      }
      it = custom.emplace(name, stats::RatioSums{}).first;
    }
    it->second.add(count, 1);
  }
  for (size_t i = 0; i < card_y.size(); ++i) card_y[i] += g.card_y[i], card_n[i] += g.card_n[i];
  ++battles_hist[static_cast<size_t>(std::min<long long>(g.y[kBattlesPerGame], kBattleBuckets - 1))];
  ++actions_hist[static_cast<size_t>(std::min<long long>(actions / kActionBucket, kActionBuckets - 1))];
  for (int v = 0; v < kVpBuckets; ++v) vp_hist[static_cast<size_t>(v)] += g.vp_hist[v];
  for (int r = 0; r < kWithdrawRows; ++r) withdrawals[static_cast<size_t>(r)] += g.withdrawals[r];
  control_ends += g.control_ends, withdraw_ends += g.withdraw_ends;
  for (const std::string& r : g.reasons) ++reason_ends[r];
  if (!g.game_reason.empty()) ++game_reasons[g.game_reason];
  if (!g.agent_failure.empty()) [[unlikely]] ++agent_failures[g.agent_failure];
}

void VariantSums::agent_failed(long long i, const std::string& detail) {
  if (first_agent_failed < 0 || i < first_agent_failed) first_agent_failed = i, first_agent_error = detail;
}

void VariantSums::add(const VariantSums& o) {
  using stats::add_checked;
  add_checked(failed, o.failed);
  if (o.first_agent_failed >= 0) agent_failed(o.first_agent_failed, o.first_agent_error);
  if (o.first_failed >= 0 && (first_failed < 0 || o.first_failed < first_failed))
    first_failed = o.first_failed, first_failed_seed = o.first_failed_seed, first_error = o.first_error;
  if (o.games && (!games || o.min_actions < min_actions)) min_actions = o.min_actions;
  max_actions = std::max(max_actions, o.max_actions);
  add_checked(games, o.games);
  for (int p = 0; p < 2; ++p) add_checked(wins[p], o.wins[p]), add_checked(vp[p], o.vp[p]);
  for (int i = 0; i < kMeasures; ++i) m[i].add(o.m[i]);
  setup.add(o.setup);
  for (const auto& [name, sums] : o.custom) {
    auto it = custom.find(name);
    if (it == custom.end() && custom.size() >= kMaxCustomMeasures) {
      custom_dropped += sums.games;
      continue;
    }
    custom[name].add(sums);
  }
  custom_dropped += o.custom_dropped;
  auto sum = [](std::vector<long long>& a, const std::vector<long long>& b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) add_checked(a[i], b[i]);
  };
  sum(card_y, o.card_y), sum(card_n, o.card_n), sum(battles_hist, o.battles_hist), sum(actions_hist, o.actions_hist);
  sum(vp_hist, o.vp_hist), sum(withdrawals, o.withdrawals);
  add_checked(control_ends, o.control_ends), add_checked(withdraw_ends, o.withdraw_ends);
  for (const auto& [how, k] : o.reason_ends) add_checked(reason_ends[how], k);
  for (const auto& [why, k] : o.game_reasons) add_checked(game_reasons[why], k);
  for (const auto& [kind, k] : o.agent_failures) add_checked(agent_failures[kind], k);
}

void VariantSums::fail(long long i, uint64_t seed, const std::string& error) {
  ++failed;
  if (first_failed < 0 || i < first_failed) first_failed = i, first_failed_seed = seed, first_error = error;
}

std::map<std::string, long long> VariantSums::game_ends() const {
  std::map<std::string, long long> all = game_reasons;
  long long hooked = 0;  // (saturating: the counts were read from shards)
  for (const auto& [why, k] : game_reasons)
    if (__builtin_add_overflow(hooked, k, &hooked)) hooked = LLONG_MAX;
  if (games - hooked > 0) all["vp target"] += games - hooked;
  return all;
}

std::map<std::string, long long> VariantSums::end_reasons() const {
  std::map<std::string, long long> all = reason_ends;
  all["control"] += control_ends;
  all["withdraw"] += withdraw_ends;
  return all;
}

ShownReasons shown_reasons(const std::map<std::string, long long>& all, size_t keep) {
  ShownReasons out;
  std::vector<std::pair<std::string, long long>>& v = out.shown;
  v.assign(all.begin(), all.end());  // (by name)
  auto own = [](const std::string& s) { return s == "control" || s == "withdraw"; };
  if (keep && v.size() > keep) {  // keep the engine's own and the most common others; the rest in one
    std::vector<std::pair<std::string, long long>> by_count = v;
    std::sort(by_count.begin(), by_count.end(), [&](const auto& a, const auto& b) {
      if (own(a.first) != own(b.first)) return own(a.first);
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (size_t i = keep - 1; i < by_count.size(); ++i)
      if (__builtin_add_overflow(out.rest, by_count[i].second, &out.rest)) out.rest = LLONG_MAX;
    out.others = by_count.size() - (keep - 1);
    by_count.resize(keep - 1);
    std::sort(by_count.begin(), by_count.end());
    v = std::move(by_count);
  }
  std::stable_partition(v.begin(), v.end(), [&](const auto& r) { return own(r.first); });  // control, withdraw first
  return out;
}

std::vector<std::pair<std::string, long long>> reasons_shown(const std::map<std::string, long long>& all, size_t keep) {
  ShownReasons r = shown_reasons(all, keep);
  if (r.others) r.shown.emplace_back(std::to_string(r.others) + " other reasons", r.rest);
  return r.shown;
}

stats::Interval VariantSums::measure(int id, double confidence) const {
  const stats::RatioSums& s = m[id];
  if (kMeasureInfo[id].rate) return stats::wilson(s.y, s.n, confidence);
  return kMeasureInfo[id].counts ? stats::count_t(s, confidence) : stats::ratio_t(s, confidence);
}

stats::Interval VariantSums::card_measure(size_t card, int id, double confidence) const {
  const size_t i = card * kCardMeasures + static_cast<size_t>(id);
  return stats::wilson(card_y[i], card_n[i], confidence);
}

PairTotals::PairTotals(std::vector<std::pair<size_t, size_t>> common)
    : cards(std::move(common)), m(kMeasures), card(cards.size() * kCardMeasures) {}

void PairTotals::add(const GameTally& a, const GameTally& b) {
  for (int i = 0; i < kMeasures; ++i) m[static_cast<size_t>(i)].add(a.y[i], a.n[i], b.y[i], b.n[i]);
  if (!a.custom.empty() || !b.custom.empty()) [[unlikely]]
    add_custom(a.custom, b.custom);
  for (size_t c = 0; c < cards.size(); ++c)
    for (size_t k = 0; k < kCardMeasures; ++k) {
      const size_t ia = cards[c].first * kCardMeasures + k, ib = cards[c].second * kCardMeasures + k;
      card[c * kCardMeasures + k].add(a.card_y[ia], a.card_n[ia], b.card_y[ib], b.card_n[ib]);
    }
}

void PairTotals::add_custom(const std::map<std::string, long long>& a, const std::map<std::string, long long>& b) {
  auto count = [](const std::map<std::string, long long>& side, const std::string& name) {
    auto it = side.find(name);
    return it == side.end() ? 0LL : it->second;
  };
  auto one = [&](const std::string& name) {
    auto it = custom.find(name);
    if (it == custom.end()) {
      if (custom.size() >= 2 * kMaxCustomMeasures) return;  // a name neither variant's sums keep
      it = custom.emplace(name, stats::PairSums{}).first;
    }
    it->second.add(count(a, name), 1, count(b, name), 1);
  };
  for (const auto& entry : a) one(entry.first);
  for (const auto& entry : b)
    if (!a.count(entry.first)) one(entry.first);
}

void PairTotals::add(const PairTotals& o) {
  for (size_t i = 0; i < m.size(); ++i) m[i].add(o.m[i]);
  for (size_t i = 0; i < card.size() && i < o.card.size(); ++i) card[i].add(o.card[i]);
  for (const auto& [name, sums] : o.custom) {
    auto it = custom.find(name);
    if (it != custom.end()) it->second.add(sums);
    else if (custom.size() < 2 * kMaxCustomMeasures) custom.emplace(name, sums);
  }
}

stats::PairSums PairTotals::custom_measure(const std::string& name) const {
  stats::PairSums s;
  if (auto it = custom.find(name); it != custom.end()) s = it->second;
  // The paired games that counted nothing of it: (0, 1) on each side.
  const long long zeros = std::max(m.empty() ? 0LL : m[0].a.games - s.a.games, 0LL);
  s.a.add_zeros(zeros), s.b.add_zeros(zeros);
  s.na_nb += zeros;
  return s;
}

}  // namespace als
