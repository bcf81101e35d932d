// als sweep (docs/variants.md, "Finding a value"): the values of one or two params a set or its
// rules declare, each played on the same seeds and raced against a target; shared by the command
// (sweep.cpp: text, JSON, shards) and its HTML report (sweep_report.cpp).
#pragma once
#include <string>
#include <vector>

#include "compare.h"

namespace als::cli {

/// A swept param: its name and values, in the order given.
struct SweepParam {
  std::string name;
  std::vector<double> values;
};
/// Reads "NAME=VALUES": a list ("0,1,2,5") or a range of whole numbers ("0..7"); at most
/// kMaxSweepValues values, each a number from -1e9 to 1e9, none twice. "" or what is wrong.
std::string parse_sweep_param(const std::string& text, SweepParam& out);
constexpr size_t kMaxSweepValues = 400;  // values of one param, and points of a grid

/// A sweep's state: one variant a point of the grid (Comparison::engines, runs[0]), the target
/// its points are raced against, and when each was dropped.
struct Sweep {
  std::string spec;                       // as typed
  std::vector<SweepParam> params;         // one or two
  std::vector<std::vector<double>> points;  // each point's values, in params' order (the first varies slowest)
  Comparison c;                           // engines, sums (runs[0]), targets[0], agents[0], confidence
  std::vector<long long> dropped_after;   // the games a point had played when it was dropped; -1 if never
  long long planned = 0;                  // --games: the most games a point
  // A shard's sums of every point at each look (the run's first games >> k, this shard's share of
  // them), so that --merge races the values as the whole run would.
  std::vector<std::vector<VariantSums>> look_sums;
  int looks = 1, looks_taken = 0;
  const Target& target() const { return c.targets[0]; }
  /// The level of each racing test (one-sided): 1 - confidence, corrected (Bonferroni) for the
  /// other points and the looks, so that the best point is dropped with probability at most
  /// 1 - confidence over the whole run.
  double racing_alpha() const;
  /// Whether point p is farther from the target than point b at racing_alpha: the difference of
  /// their distances, over its standard error (the two measures' combined, as if independent:
  /// pairing by seed only narrows it), passes the one-sided normal quantile.
  bool farther(size_t p, size_t b) const;
  /// The difference of point p's distance to the target and point b's (`gap`), and its standard
  /// error (`se`: their measures', from their intervals, combined as if independent); false where
  /// either has no data. What farther() tests and games_to_separate() extrapolates.
  bool gap(size_t p, size_t b, double& gap, double& se) const;
  /// The point with the smallest distance to the target among those not dropped (with data); -1 if none has data.
  long best() const;
  /// The points not dropped (with data) that are not farther() than the best.
  std::vector<size_t> indistinguishable() const;
  /// About how many games a value point p (indistinguishable from the best b) and b would need for
  /// farther(p, b) to decide, if their measures stayed as they are: the games so far times the
  /// ratio of the test's quantile to the gap over its standard error, squared (standard errors
  /// fall as one over the square root of the games); -1 where it cannot be estimated (their
  /// distances equal: both intervals hold the target).
  long long games_to_separate(size_t p, size_t b) const;
  /// "" or a warning that the best point lies at an edge of a param's range (its smallest or
  /// largest value, of three or more), where a value beyond may be nearer the target.
  std::string edge_warning() const;
  /// "medic_strength=3" or "a=1, b=2": a point as a person reads it.
  std::string point_text(size_t p) const;
};

/// Writes the self-contained HTML report of a sweep (measure against value with intervals and the
/// target, or a heat map of the distance for two params). Throws std::runtime_error if the file
/// cannot be written.
void write_sweep_report(const std::string& path, const Sweep& s);

}  // namespace als::cli
