// The statistics behind every interval and test (statistics.h): Wilson, paired differences,
// Holm and Benjamini-Hochberg.
#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace als::stats {

namespace {

double tail(double confidence) { return 1.0 - (1.0 - std::clamp(confidence, 1e-12, 1.0 - 1e-12)) / 2.0; }

/// Sum over games of (y_A - R_A n_A)(y_B - R_B n_B), from sums only; written so that identical
/// arguments give the identical double whichever pair of sides they come from.
double cross(long long ya_yb, long long ya_nb, long long na_yb, long long na_nb, double ra, double rb) {
  return static_cast<double>(ya_yb) - rb * static_cast<double>(ya_nb) - ra * static_cast<double>(na_yb) +
         ra * rb * static_cast<double>(na_nb);
}

// The order that sorts p ascending (ties by position, so the result never depends on sorting).
std::vector<size_t> order(const std::vector<double>& p) {
  std::vector<size_t> o(p.size());
  std::iota(o.begin(), o.end(), size_t{0});
  std::stable_sort(o.begin(), o.end(), [&](size_t i, size_t j) { return p[i] < p[j]; });
  return o;
}

}  // namespace

double z_value(double confidence) {
  // Reports ask for the same level many times (a Wilson interval a card measure): the last one is kept.
  thread_local double last = -1, z = 0;
  if (confidence != last) last = confidence, z = boost::math::quantile(boost::math::normal(), tail(confidence));
  return z;
}

double t_value(double confidence, double df) {
  return boost::math::quantile(boost::math::students_t(std::max(df, 1e-6)), tail(confidence));
}

Interval wilson(long long successes, long long trials, double confidence) {
  if (trials <= 0) return {0, 0, 1};
  const double n = static_cast<double>(trials), p = static_cast<double>(successes) / n, z = z_value(confidence);
  const double z2 = z * z, denom = 1 + z2 / n;
  const double center = (p + z2 / (2 * n)) / denom;
  const double half = z / denom * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  // The interval always holds the estimate (at 0 or all successes rounding could leave it out by 1e-19).
  return {p, std::clamp(std::min(center - half, p), 0.0, 1.0), std::clamp(std::max(center + half, p), 0.0, 1.0)};
}

Interval ratio_t(const RatioSums& s, double confidence) {
  const double r = s.ratio();
  if (s.games < 2 || s.n == 0) return {r, r, r};
  const double big_n = static_cast<double>(s.games), nbar = static_cast<double>(s.n) / big_n;
  const double ss = std::max(0.0, cross(s.yy, s.yn, s.yn, s.nn, r, r));
  const double se = std::sqrt(ss / (big_n * (big_n - 1))) / nbar;
  const double h = se * t_value(confidence, big_n - 1);
  return {r, r - h, r + h};
}

Difference paired_difference(const PairSums& s, double confidence) {
  const double ra = s.a.ratio(), rb = s.b.ratio();
  Difference d{rb - ra, rb - ra, rb - ra, 1.0};
  const long long games = s.a.games;
  if (games < 2) return d;
  const double big_n = static_cast<double>(games);
  // Each side's mean count per game (its linearisation's scale); a side without trials is 0.
  const double da = static_cast<double>(s.a.n) / big_n, db = static_cast<double>(s.b.n) / big_n;
  double sum_u2 = 0;  // sum over games of u^2, u = (y_B - R_B n_B)/db - (y_A - R_A n_A)/da
  if (da > 0) sum_u2 += cross(s.a.yy, s.a.yn, s.a.yn, s.a.nn, ra, ra) / (da * da);
  if (db > 0) sum_u2 += cross(s.b.yy, s.b.yn, s.b.yn, s.b.nn, rb, rb) / (db * db);
  if (da > 0 && db > 0) sum_u2 -= 2 * cross(s.ya_yb, s.ya_nb, s.na_yb, s.na_nb, ra, rb) / (da * db);
  const double se = std::sqrt(std::max(0.0, sum_u2) / (big_n * (big_n - 1)));
  if (!(se > 0)) {
    d.p = d.delta == 0 ? 1.0 : 0.0;
    return d;
  }
  const double h = se * t_value(confidence, big_n - 1);
  d.low = d.delta - h, d.high = d.delta + h;
  d.p = 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(big_n - 1), std::abs(d.delta) / se));
  d.p = std::min(1.0, d.p);
  return d;
}

std::vector<double> holm(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<double> adj(m);
  double running = 0;
  std::vector<size_t> o = order(p);
  for (size_t k = 0; k < m; ++k) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - k) * p[o[k]]));
    adj[o[k]] = running;
  }
  return adj;
}

std::vector<double> benjamini_hochberg(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<double> adj(m);
  double running = 1;
  std::vector<size_t> o = order(p);
  for (size_t k = m; k-- > 0;) {
    running = std::min(running, static_cast<double>(m) / static_cast<double>(k + 1) * p[o[k]]);
    adj[o[k]] = std::min(1.0, running);
  }
  return adj;
}

}  // namespace als::stats
