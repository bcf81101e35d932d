// als simulate's runs in the lab (docs/variants.md, "Simulating"): many games of one variant
// between two agents, and their statistics; what the command (cli/simulate.cpp) prints and
// als.simulate in Python returns.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runs.h"

namespace als::lab {

/// A run to play: the command's flags by name (als simulate --help).
struct SimulateRequest {
  VariantSpec variant;              // --cards, --rules, --param
  std::optional<long long> games;   // --games (of the whole run, every shard): 0 to kMaxRunGames
  std::string p1 = "random", p2 = "random";  // --p1, --p2: agent specs, or NAME=SPEC (shown as NAME)
  uint64_t seed = 0;                // --seed
  int threads = 1;                  // --threads, 1 to 256 (the result does not depend on it)
  double confidence = 0.95;         // --confidence, 0.5 to 0.9999
  std::string shard;                // --shard K/N, or ""
  std::vector<std::string> merge;   // --merge FILE...: the shards to add up
  std::string data_dir;             // where the bundled sets and rules are
};

/// A run's result: the variant as loaded, its sums, and the document --json prints.
struct SimulateRun {
  std::shared_ptr<Engine> engine;
  VariantSums sums;
  double confidence = 0.95;
  nlohmann::json doc;
};

/// Checks `r`, loads the variant (one engine a thread) and plays this shard's games, or adds up
/// the shards of r.merge. `watch` (may be null) is told the progress. Throws Refused with the
/// command's message, LoadError for a set that does not load. A game a script fails in is
/// counted as failed (failure()) and the run goes on. The document's "seconds" and
/// "games_per_second" are the only figures that differ between runs of the same request.
SimulateRun simulate(const SimulateRequest& r, Watch* watch = nullptr);
/// The --merge of simulate(): the shards read (untrusted: read_shards), the variant loaded from
/// `data_dir` and checked against their content hash. Throws as simulate().
SimulateRun merge_simulate(const std::vector<std::string>& files, const std::string& data_dir);
/// The statistics of a run as JSON: the counts, the measures with their intervals (one
/// variant's shape in docs/variants.md), and the sums --merge adds up; `run` the run's header.
nlohmann::json stats_json(const Engine& e, const VariantSums& st, const nlohmann::json& run, double confidence);
/// "" or the line the command prints after "als simulate: " when games failed in a script.
std::string failure(const VariantSums& st);

}  // namespace als::lab
