// The statistics of als simulate and als compare (engine/play/statistics, measures): checked
// against published values, against direct computations on per-game values, and on real games
// for their false-positive rate.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include "helpers.h"
#include "agents.h"
#include "match.h"
#include "measures.h"
#include "statistics.h"

using namespace als;
using Catch::Detail::Approx;

TEST_CASE("Wilson intervals match Newcombe's (1998) published values") {
  // Newcombe, "Two-sided confidence intervals for the single proportion", Table I, method 3.
  struct Case { long long x, n; double low, high; };
  for (const Case& c : {Case{81, 263, 0.2553, 0.3662}, Case{15, 148, 0.0624, 0.1605}, Case{0, 20, 0.0, 0.1611},
                        Case{1, 29, 0.0061, 0.1718}}) {
    stats::Interval i = stats::wilson(c.x, c.n, 0.95);
    CHECK(i.value == Approx(static_cast<double>(c.x) / static_cast<double>(c.n)));
    CHECK(i.low == Approx(c.low).margin(5e-5));
    CHECK(i.high == Approx(c.high).margin(5e-5));
  }
  stats::Interval none = stats::wilson(0, 0, 0.95);
  CHECK((none.low == 0 && none.high == 1));
  for (long long n = 1; n < 3000; n += 7) {  // the interval holds the estimate, even at 0 and n successes
    for (long long x : {0LL, n / 3, n}) {
      stats::Interval i = stats::wilson(x, n, 0.95);
      CHECK((0 <= i.low && i.low <= i.value && i.value <= i.high && i.high <= 1));
    }
  }
  stats::Interval all = stats::wilson(20, 20, 0.95);
  CHECK(all.high == 1.0);
  CHECK(all.low == Approx(1 - 0.1611).margin(5e-5));
}

TEST_CASE("quantiles of the normal and of Student's t") {
  CHECK(stats::z_value(0.95) == Approx(1.959964).epsilon(1e-6));
  CHECK(stats::z_value(0.99) == Approx(2.575829).epsilon(1e-6));
  CHECK(stats::t_value(0.95, 9) == Approx(2.262157).epsilon(1e-6));
  CHECK(stats::t_value(0.95, 1e6) == Approx(1.959966).epsilon(1e-5));
}

TEST_CASE("a paired difference of means is Student's paired t test (the sleep data)") {
  // Cushny and Peebles' sleep data, as Student (1908) analysed it: extra hours of sleep with two
  // drugs, ten patients; in tenths of an hour (the sums are integers). R's t.test(paired = TRUE):
  // mean difference 1.58 hours, t = 4.0621, df = 9, p = 0.002833, 95% CI 0.7001 to 2.4599.
  const int a[] = {7, -16, -2, -12, -1, 34, 37, 8, 0, 20};
  const int b[] = {19, 8, 11, 1, -1, 44, 55, 16, 46, 34};
  stats::PairSums s;
  for (int i = 0; i < 10; ++i) s.add(a[i], 1, b[i], 1);
  stats::Difference d = stats::paired_difference(s, 0.95);
  CHECK(d.delta == Approx(15.8));
  CHECK(d.low == Approx(7.001).margin(1e-3));
  CHECK(d.high == Approx(24.599).margin(1e-3));
  CHECK(d.p == Approx(0.002833).margin(1e-6));
  // The mean of one side alone is the one-sample t interval.
  stats::Interval m = stats::ratio_t(s.b, 0.95);
  double mean = 23.3, sd = 0;
  for (int x : b) sd += (x - mean) * (x - mean);
  sd = std::sqrt(sd / 9);
  CHECK(m.value == Approx(mean));
  CHECK(m.high - m.value == Approx(2.262157 * sd / std::sqrt(10.0)).epsilon(1e-6));
}

TEST_CASE("ratio measures: the delta method from sums equals the direct computation") {
  // Per-game (y, n): e.g. VP the battles awarded and the battles played.
  const long long ya[] = {12, 18, 6, 9, 24, 12, 6, 18, 15, 3}, na[] = {2, 3, 1, 2, 4, 2, 1, 3, 3, 1};
  const long long yb[] = {3, 4, 2, 5, 4, 3, 3, 4, 2, 5}, nb[] = {3, 4, 3, 5, 4, 3, 4, 4, 3, 5};
  stats::PairSums s;
  for (int i = 0; i < 10; ++i) s.add(ya[i], na[i], yb[i], nb[i]);
  const double ra = std::accumulate(ya, ya + 10, 0.0) / std::accumulate(na, na + 10, 0.0);
  const double rb = std::accumulate(yb, yb + 10, 0.0) / std::accumulate(nb, nb + 10, 0.0);
  const double da = std::accumulate(na, na + 10, 0.0) / 10, db = std::accumulate(nb, nb + 10, 0.0) / 10;
  double ss = 0, sa = 0;
  for (int i = 0; i < 10; ++i) {
    const double u = (yb[i] - rb * nb[i]) / db - (ya[i] - ra * na[i]) / da;
    ss += u * u;
    sa += (ya[i] - ra * na[i]) * (ya[i] - ra * na[i]);
  }
  const double se = std::sqrt(ss / (10 * 9));
  stats::Difference d = stats::paired_difference(s, 0.95);
  CHECK(d.delta == Approx(rb - ra));
  CHECK(d.high - d.delta == Approx(stats::t_value(0.95, 9) * se).epsilon(1e-9));
  stats::Interval i = stats::ratio_t(s.a, 0.95);
  CHECK(i.value == Approx(ra));
  CHECK(i.high - i.value == Approx(stats::t_value(0.95, 9) * std::sqrt(sa / 90) / da).epsilon(1e-9));
}

TEST_CASE("identical games differ by exactly nothing; a constant shift is certain") {
  stats::PairSums same, shift;
  const long long y[] = {5, 9, 2, 7, 7, 3}, n[] = {1, 2, 1, 2, 3, 1};
  for (int i = 0; i < 6; ++i) same.add(y[i], n[i], y[i], n[i]), shift.add(y[i], 1, y[i] + 2, 1);
  stats::Difference d = stats::paired_difference(same, 0.95);
  CHECK((d.delta == 0 && d.low == 0 && d.high == 0 && d.p == 1));
  stats::Difference k = stats::paired_difference(shift, 0.95);
  CHECK((k.delta == 2 && k.low == 2 && k.high == 2 && k.p == 0));
  // Neither side ever had a trial (a card never played facedown): no difference.
  stats::PairSums empty;
  for (int i = 0; i < 6; ++i) empty.add(0, 0, 0, 0);
  CHECK(stats::paired_difference(empty, 0.95).p == 1);
}

TEST_CASE("Holm and Benjamini-Hochberg adjust as R's p.adjust does") {
  // p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") is 0.03 0.06 0.06 0.02; "BH" 0.02 0.04 0.04 0.02.
  std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  std::vector<double> h = stats::holm(p), bh = stats::benjamini_hochberg(p);
  const double want_h[] = {0.03, 0.06, 0.06, 0.02}, want_bh[] = {0.02, 0.04, 0.04, 0.02};
  for (size_t i = 0; i < 4; ++i) {
    CHECK(h[i] == Approx(want_h[i]));
    CHECK(bh[i] == Approx(want_bh[i]));
  }
  // p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "holm"): 0.05 0.08 0.09 0.09 0.09; "BH": all 0.05.
  h = stats::holm({0.01, 0.02, 0.03, 0.04, 0.05});
  bh = stats::benjamini_hochberg({0.01, 0.02, 0.03, 0.04, 0.05});
  const double want_h2[] = {0.05, 0.08, 0.09, 0.09, 0.09};
  for (size_t i = 0; i < 5; ++i) {
    CHECK(h[i] == Approx(want_h2[i]));
    CHECK(bh[i] == Approx(0.05));
  }
  CHECK(stats::holm({0.6, 0.9})[1] == 1.0);  // capped at 1
}

namespace {

// Plays game `seed` of `e` between random agents and returns its counts.
GameTally play(const Engine& e, Match& m, GameCounter& counter, uint64_t seed) {
  auto a1 = make_agent("random", seed, 0), a2 = make_agent("random", seed, 1);
  m.reset(seed, a1.get(), a2.get());
  counter.start(m);
  m.run();
  REQUIRE(m.over());
  counter.finish(m);
  (void)e;
  return counter.tally();
}

}  // namespace

TEST_CASE("a variant against itself on independent games: about 5% false positives before correction, "
          "at most the family-wise 5% of runs after") {
  // 100 comparisons of the standard set with itself, each of 200 games against 200 others (other
  // seeds, so the two sides differ by chance alone), every game measure and card measure tested.
  auto e = test::load();
  Match::Options o;
  o.answer_during_runs = true, o.texts = false, o.keep_battle_ends = false, o.kept_types = GameCounter::kEventTypes;
  Match m(*e, 1, nullptr, nullptr, o);
  const size_t cards = e->set().cards.size();
  GameCounter counter(cards);
  m.listen(&counter);
  std::vector<std::pair<size_t, size_t>> same;
  for (size_t c = 0; c < cards; ++c) same.emplace_back(c, c);
  int tests = 0, raw = 0, runs_flagged_holm = 0, runs_flagged_bh = 0;
  uint64_t seed = 1000;
  for (int run = 0; run < 100; ++run) {
    PairTotals t(same);
    for (int g = 0; g < 200; ++g) {
      GameTally a = play(*e, m, counter, seed++);
      t.add(a, play(*e, m, counter, seed++));
    }
    std::vector<double> p;
    for (const auto& s : t.m) p.push_back(stats::paired_difference(s, 0.95).p);
    for (const auto& s : t.card)
      if (s.a.n && s.b.n) p.push_back(stats::paired_difference(s, 0.95).p);
    for (double x : p) raw += x < 0.05;
    tests += static_cast<int>(p.size());
    bool any_holm = false, any_bh = false;
    for (double x : stats::holm(p)) any_holm |= x < 0.05;
    for (double x : stats::benjamini_hochberg(p)) any_bh |= x < 0.05;
    runs_flagged_holm += any_holm, runs_flagged_bh += any_bh;
  }
  const double share = static_cast<double>(raw) / tests;
  INFO("uncorrected false positives: " << raw << " of " << tests << "; runs flagging anything after Holm: "
                                       << runs_flagged_holm << ", after BH: " << runs_flagged_bh);
  // Uncorrected: about the nominal 5% (measured: 3.3%; tests of discrete counts run a little
  // below their level).
  CHECK(share > 0.025);
  CHECK(share < 0.075);
  // Corrected: a run flags anything by chance with probability at most 5% (Holm: the
  // family-wise rate; BH: the same when every difference is null), so about 5 runs of 100
  // (measured: 5 each); more than 10 would happen by chance about once in a hundred such tests
  // (binomial). Uncorrected, nearly every run flags something (3.3% of 63 tests each).
  CHECK(runs_flagged_holm <= 10);
  CHECK(runs_flagged_bh <= 10);
  CHECK(raw > 100);
}

namespace {

// Counts what a game's events say, independently of GameCounter: every event is kept.
struct EventsSeen : MatchListener {
  std::vector<Event> all;
  void on_action(const Match&, int, const Action&, const std::string&, const EventLog& log) override {
    all.insert(all.end(), log.events.begin(), log.events.end());
  }
};

// A greedy agent (it withdraws at times) that also counts the legal actions it was offered.
struct CountingAgent : Agent {
  std::unique_ptr<Agent> inner;
  long long decisions = 0, options = 0;
  CountingAgent(uint64_t seed, int seat) : inner(make_agent("greedy", seed, seat)) {}
  Action decide(const InfoState& info) override {
    ++decisions, options += static_cast<long long>(info.legal().size());
    return inner->decide(info);
  }
};

}  // namespace

TEST_CASE("a game's measures agree with its full event log") {
  auto e = test::load();
  Match::Options o;  // every event kept; agents are asked for every decision (not pure)
  Match m(*e, 1, nullptr, nullptr, o);
  GameCounter counter(e->set().cards.size());
  EventsSeen seen;
  m.listen(&counter), m.listen(&seen);
  VariantSums sums(e->set().cards.size());
  long long battles_total = 0, vp_total = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    CountingAgent a1(seed, 0), a2(seed, 1);
    seen.all.clear();
    m.reset(seed, &a1, &a2);
    counter.start(m);
    m.run();
    REQUIRE(m.over());
    counter.finish(m);
    const GameTally& t = counter.tally();
    long long battles = 0, withdrawn = 0, vp = 0, changes = 0;
    int leader = -1, first_leader = -2;
    for (const Event& ev : seen.all) {
      if (ev.type != Event::BattleEnd) continue;
      ++battles, withdrawn += ev.withdrew, vp += ev.vp;
      int lead = ev.score[0] == ev.score[1] ? -1 : ev.score[0] > ev.score[1] ? 0 : 1;
      if (first_leader == -2) first_leader = lead;
      if (lead != -1 && leader != -1 && lead != leader) ++changes;
      if (lead != -1) leader = lead;
    }
    CHECK(t.y[kBattlesPerGame] == battles);
    CHECK((t.y[kWithdrawRate] == withdrawn && t.n[kWithdrawRate] == battles));
    CHECK((t.y[kVpPerBattle] == vp && t.n[kVpPerBattle] == battles));
    CHECK(t.y[kLeadChangesPerGame] == changes);
    CHECK(t.y[kDecisiveness] == (first_leader == m.state().b.winner));
    CHECK(t.y[kSeat1GameWinRate] == (m.state().b.winner == 0));
    CHECK((t.y[kBranchingFactor] == a1.options + a2.options && t.n[kBranchingFactor] == a1.decisions + a2.decisions));
    CHECK(t.y[kActionsPerGame] == m.actions());
    sums.add(t);
    battles_total += battles, vp_total += vp;
  }
  CHECK(sums.games == 300);
  CHECK(std::accumulate(sums.battles_hist.begin(), sums.battles_hist.end(), 0LL) == 300);
  CHECK(std::accumulate(sums.vp_hist.begin(), sums.vp_hist.end(), 0LL) == battles_total);
  CHECK(sums.m[kVpPerBattle].y == vp_total);
  CHECK(sums.end_reasons()["control"] + sums.end_reasons()["withdraw"] == battles_total);
  // Every card dealt at a battle's start is a trial of unplayed_rate; some are left in hand.
  long long dealt = 0, unplayed = 0;
  for (size_t c = 0; c < sums.cards(); ++c) {
    dealt += sums.card_n[c * kCardMeasures + kUnplayedRate];
    unplayed += sums.card_y[c * kCardMeasures + kUnplayedRate];
  }
  CHECK(dealt == battles_total * 12);  // six cards each at every battle's start
  CHECK((unplayed > 0 && unplayed < dealt));
}

TEST_CASE("Reasons shown: control and withdraw first, the most common others, the rest counted apart") {
  const std::map<std::string, long long> all = {{"control", 50}, {"withdraw", 20}, {"other reasons", 9},
                                                {"blitz", 7},    {"a", 1},         {"b", 1}, {"c", 2}};
  const ShownReasons r = shown_reasons(all, 4);
  REQUIRE(r.shown.size() == 3);
  CHECK(r.shown[0] == std::pair<std::string, long long>{"control", 50});
  CHECK(r.shown[1] == std::pair<std::string, long long>{"withdraw", 20});
  CHECK(r.shown[2] == std::pair<std::string, long long>{"other reasons", 9});  // a hook's reason of that name
  CHECK((r.others == 4 && r.rest == 11));                                      // blitz, c, a, b
  const auto lines = reasons_shown(all, 4);
  REQUIRE(lines.size() == 4);
  CHECK(lines[3] == std::pair<std::string, long long>{"4 other reasons", 11});
  const ShownReasons few = shown_reasons(all, 0);  // 0: every reason
  CHECK((few.shown.size() == all.size() && few.others == 0 && few.rest == 0));
}
