// The statistics of `als simulate` and `als compare` (docs/variants.md, "How the numbers are
// computed"): Wilson score intervals for rates, t intervals for means (ratio means by the delta
// method), paired differences between two variants played on the same seeds, and the Holm and
// Benjamini-Hochberg corrections for testing many differences at once. Distributions' quantiles
// come from Boost.Math. Every input is a sum of integers, so shards add up exactly.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace als::stats {

/// a += b, or std::overflow_error when the sum passes a long long (sums read from shards are
/// untrusted: adding them must not overflow).
inline void add_checked(long long& a, long long b) {
  if (__builtin_add_overflow(a, b, &a)) throw std::overflow_error("a sum past 2^63");
}

/// A value and its confidence interval [low, high].
struct Interval {
  double value = 0, low = 0, high = 0;
};

/// The two-sided quantile of the standard normal for `confidence` in (0, 1): 1.96 for 0.95.
double z_value(double confidence);
/// The two-sided quantile of Student's t with `df` > 0 degrees of freedom: 2.262 for (0.95, 9).
double t_value(double confidence, double df);

/// Wilson's score interval for `successes` of `trials` (Wilson 1927); {0, 0, 1} for no trials.
/// Stays inside [0, 1] and is sensible at 0 and at `trials` successes.
Interval wilson(long long successes, long long trials, double confidence);

/// Sums over games of one measure's per-game counts: the measure is sum(y) / sum(n) (a mean
/// when every n is 1: battles per game; a ratio otherwise: VP per battle, a battle-level rate).
/// Integers, so that threads and shards add up to exactly the same sums.
struct RatioSums {
  long long games = 0, y = 0, n = 0, yy = 0, nn = 0, yn = 0;
  void add(long long gy, long long gn) { ++games, y += gy, n += gn, yy += gy * gy, nn += gn * gn, yn += gy * gn; }
  /// Adds `k` games that each counted 0 of 1 (a mean a game: games that never counted it).
  void add_zeros(long long k) { games += k, n += k, nn += k; }
  /// Adds another's sums (threads', shards'); throws std::overflow_error past a long long.
  void add(const RatioSums& o) {
    add_checked(games, o.games), add_checked(y, o.y), add_checked(n, o.n), add_checked(yy, o.yy),
        add_checked(nn, o.nn), add_checked(yn, o.yn);
  }
  double ratio() const { return n ? static_cast<double>(y) / static_cast<double>(n) : 0.0; }
  bool operator==(const RatioSums&) const = default;
};

/// The t interval of a mean or ratio: value sum(y)/sum(n), standard error by the delta method
/// (for means, the usual s/sqrt(N)), N - 1 degrees of freedom. {value, value, value} with fewer
/// than 2 games.
Interval ratio_t(const RatioSums& s, double confidence);
/// ratio_t of a mean of counts that are never negative, its interval cut at 0 (the measure's
/// range: cutting there keeps every value it covered that the mean can take).
inline Interval count_t(const RatioSums& s, double confidence) {
  Interval i = ratio_t(s, confidence);
  if (i.low < 0) i.low = 0;
  return i;
}

/// Sums over the games both variants A (the baseline) and B completed on the same seeds: each
/// variant's own sums and the cross products of their per-game counts.
struct PairSums {
  RatioSums a, b;
  long long ya_yb = 0, ya_nb = 0, na_yb = 0, na_nb = 0;
  void add(long long ya, long long na, long long yb, long long nb) {
    a.add(ya, na), b.add(yb, nb);
    ya_yb += ya * yb, ya_nb += ya * nb, na_yb += na * yb, na_nb += na * nb;
  }
  void add(const PairSums& o) {  // (throws std::overflow_error as RatioSums::add)
    a.add(o.a), b.add(o.b);
    add_checked(ya_yb, o.ya_yb), add_checked(ya_nb, o.ya_nb), add_checked(na_yb, o.na_yb), add_checked(na_nb, o.na_nb);
  }
  bool operator==(const PairSums&) const = default;
};

/// A difference B - A with its interval and its two-sided p-value (before any correction).
struct Difference {
  double delta = 0, low = 0, high = 0, p = 1;
};

/// The paired difference of the two ratios, B's minus A's: each game's linearised contribution
/// (y - R n) / mean(n) of B minus A's, a t interval on their mean, N - 1 degrees of freedom.
/// Identical games give exactly {0, 0, 0, p = 1}; a difference with no spread at all has p = 0.
/// A side with no trials (n = 0) has ratio 0 and contributes nothing to the spread.
Difference paired_difference(const PairSums& s, double confidence);

/// Holm's step-down adjustment (Holm 1979) of p-values: controls the chance of any false
/// positive among them. Returned in the input's order; reject where adjusted p < alpha.
std::vector<double> holm(const std::vector<double>& p);
/// Benjamini and Hochberg's step-up adjustment (1995): controls the expected share of false
/// positives among the differences flagged. Same shape as holm().
std::vector<double> benjamini_hochberg(const std::vector<double>& p);

}  // namespace als::stats
