// als sweep (docs/variants.md, "Finding a value"): the values of one or two params a set or its
// rules declare, each played on the same seeds and raced against a target. The lab's sweep.cpp
// runs it (shards, --merge, the JSON), sweep_report.cpp writes its report; the command
// (cli/sweep.cpp) and als.sweep in Python both call sweep() and print or return sweep_json.
#pragma once
#include <string>
#include <vector>

#include "comparison.h"

namespace als::lab {

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
  /// The point to recommend: of the best and the points its data cannot tell from it, the one
  /// whose distance to the target is smallest at its interval's far end (distance.high: the
  /// nearest the data vouch for, so that a value measured on few games, whose wide interval
  /// happens to centre near the target, is not picked over a neighbour measured well); ties: the
  /// smaller distance, then the earlier point. -1 where no point has data.
  long recommended() const;
  /// "" or a warning that the best point lies at an edge of a param's range (its smallest or
  /// largest value, of three or more), where a value beyond may be nearer the target.
  std::string edge_warning() const;
  /// The same for point `p` ("the recommended" or "the best", as `role` says).
  std::string edge_warning(size_t p, const std::string& role) const;
  /// "medic_strength=3" or "a=1, b=2": a point as a person reads it.
  std::string point_text(size_t p) const;
};

/// "3", "0.25": a param's value as a person reads it (printf's %g).
std::string value_text(double v);

/// A sweep to run: the command's flags by name (als sweep --help).
struct SweepRequest {
  std::string spec;                  // SET+RULE...?NAME=VALUE (the fixed params)
  std::vector<std::string> params;   // --param NAME=VALUES, once or twice
  std::string target;                // --target MEASURE=VALUE
  std::string agent = "greedy";      // --agent (both seats)
  long long games = 4000;            // --games: the most games a value
  uint64_t seed = 0;                 // --seed
  int threads = 1;                   // --threads, 1 to 256 (the result does not depend on it)
  double confidence = 0.95;          // --confidence, 0.5 to 0.9999
  std::string shard;                 // --shard K/N, or ""
  std::string games_out;             // --games-out FILE, or ""
  std::vector<std::string> merge;    // --merge FILE...: the shards to add up
  std::string data_dir;              // where the bundled sets and rules are
};

/// A sweep and its run's header (the document's "run": what --merge checks).
struct SweepRun {
  Sweep s;
  nlohmann::json run;
};

/// Checks `r`, loads a variant a point, and plays and races the points look by look (not in a
/// shard: its merge races), or adds up the shards of r.merge. `watch` (may be null) is told the
/// progress. Throws Refused with the command's message, LoadError for a set that does not load.
SweepRun sweep(const SweepRequest& r, Watch* watch = nullptr);
/// The --merge of sweep(): the shards read (untrusted: read_shards) and raced look by look as
/// the whole run would have, when every shard kept its looks' sums. Throws as sweep().
SweepRun merge_sweep(const std::vector<std::string>& files, const std::string& data_dir);
/// The document `als sweep --json` prints (docs/variants.md, "Finding a value").
nlohmann::json sweep_json(const Sweep& s, const nlohmann::json& run);
/// A line for each value whose games failed in a script (the command prints them after
/// "als sweep: " and exits 1).
std::vector<std::string> failures(const Sweep& s);

/// Writes the self-contained HTML report of a sweep (measure against value with intervals and the
/// target, or a heat map of the distance for two params). Throws std::runtime_error if the file
/// cannot be written.
void write_sweep_report(const std::string& path, const Sweep& s);

}  // namespace als::lab
