// als compare in the lab (docs/variants.md, "Comparing variants"): what the command and
// als.compare in Python both run. The command parses its flags into a CompareRequest and prints
// the result (cli/compare.cpp); the Python module builds the same request from its keyword
// arguments; both print or return comparison_json's document, so they give the same answer.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "comparison.h"

namespace als::lab {

/// A comparison to run: the command's flags by name (als compare --help).
struct CompareRequest {
  std::vector<std::string> variants;          // [NAME=]SET+RULE...?NAME=VALUE,..., the baseline first
  long long games = 10000;                    // --games: the most games a variant
  std::vector<std::string> agents{"greedy"};  // --agent, or --agents A,B,...: each plays both seats
  std::vector<std::string> targets;           // --target MEASURE=VALUE (repeatable)
  std::string skill;                          // --skill WEAK,STRONG, or ""
  std::vector<std::string> param_flags;       // --param NAME=VALUE (every variant)
  uint64_t seed = 0;                          // --seed (game i plays on game_seed(seed, i))
  int threads = 1;                            // --threads, 1 to 256 (the result does not depend on it)
  double confidence = 0.95;                   // --confidence, 0.5 to 0.9999
  std::string correction = "holm";            // --correction: holm or bh
  std::string shard;                          // --shard K/N, or ""
  std::string games_out;                      // --games-out FILE, or ""
  std::vector<std::string> merge;             // --merge FILE...: the shards to add up (then only the
                                              // checks of confidence and correction apply)
  std::string data_dir;                       // where the bundled sets and rules are
};

/// A comparison and its run's header (the "run" of the document: what --merge checks).
struct CompareRun {
  Comparison c;
  nlohmann::json run;
};

/// Checks `r`, loads its variants, plays the games (looking at 1/8, 1/4, 1/2 and all of them, and
/// stopping early once every difference is decided, unless a shard), or adds up the shards of
/// r.merge. `watch` (may be null) is told the games' progress. Throws Refused for a request the
/// command refuses (the same message), LoadError for a variant that does not load (file, line,
/// card). A game a script fails in is counted as failed (failures()), and the run goes on.
CompareRun compare(const CompareRequest& r, Watch* watch = nullptr);
/// The --merge of compare(): reads the shards (untrusted: read_shards) and loads their variants
/// from `data_dir`, checked against their content hashes. Throws as compare().
CompareRun merge_compare(const std::vector<std::string>& files, const std::string& data_dir);
/// The document `als compare --json` prints (docs/variants.md, "The JSON").
nlohmann::json comparison_json(const Comparison& c, const nlohmann::json& run);
/// A line for each variant (and agent) whose games failed in a script: how many, and the first
/// one's game, seed and error ("beg: 3 games failed and are not counted; the first: ..."). The
/// command prints them after "als compare: " on standard error and exits 1.
std::vector<std::string> failures(const Comparison& c);

}  // namespace als::lab
