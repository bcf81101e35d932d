// Many games between computer agents, as `als simulate` and `als compare` play them: variants
// named SET+RULE..., the games of a run (its seeds, its shards), worker threads, a progress bar,
// and the sums of the games (play/stats/measures.h) written to and read from JSON for --merge.
#pragma once
#include <atomic>
#include <functional>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "measures.h"

namespace als::cli {

/// A variant as typed: `SET` or `SET+RULE+RULE...`, optionally `?NAME=VALUE,...` for its params
/// (compare.md). Returns false (with `why`) for an empty part or a param that does not read.
bool parse_variant(const std::string& spec, Common& out, std::string& why);


/// --games-out FILE: one JSON line a game (its number, seed, variant, agent, winner, score and every
/// measure's value in that game), written by play_games from every thread under one lock, in the
/// order the games end (sort by `game` for the run's order).
class GamesOut {
 public:
  /// Opens (creates or truncates) `path`; false with `why` if it cannot.
  bool open(const std::string& path, std::string& why);
  /// The variants' names, in order, and the agent as given and as played, for the lines to come.
  void label(std::vector<std::string> variants, std::string agent, std::string plays_as);
  /// Writes game `game` (seed `seed`) of variant `v`, its counts `t`.
  void write(long long game, uint64_t seed, size_t v, const GameTally& t);
  /// Flushes and closes; false with `why` where a write failed (a full disk).
  bool close(std::string& why);

 private:
  FILE* file_ = nullptr;
  std::mutex lock_;
  std::vector<std::string> variants_;
  std::string agent_, plays_as_, path_;
};

/// A run's games: the seeds, this shard's share, the agents of the two seats.
struct RunPlan {
  uint64_t base = 0;                 // the run's seed: game i is played on game_seed(base, i)
  long long games = 0;               // games of the whole run (every shard)
  long long shard_k = 0, shard_n = 1;  // this shard plays games shard_k, shard_k + shard_n, ...
  std::string p1, p2;                // agent specs (make_agent)
  int threads = 1;
  GamesOut* games_out = nullptr;     // --games-out: every game's line, if given
  /// Games of this shard.
  long long mine() const { return games / shard_n + (shard_k < games % shard_n ? 1 : 0); }
};

/// The most games one run may plan (--games of simulate and compare): a million games a second
/// would take eleven days; and the most shards a run may be cut into (--shard K/N).
constexpr long long kMaxRunGames = 1'000'000'000'000;
constexpr long long kMaxShards = 1'000'000;

/// Reads --shard K/N into `plan` (shard_k is K - 1); false if it is not 1 <= K <= N <= kMaxShards.
bool parse_shard(const std::string& text, RunPlan& plan);

/// The sums of a run so far: one VariantSums a variant, and each later variant paired with the
/// first (the baseline).
struct Totals {
  std::vector<VariantSums> v;
  std::vector<PairTotals> pairs;
  void add(const Totals& o);
};

/// The cards both sets have, as (index in a, index in b), in a's order.
std::vector<std::pair<size_t, size_t>> common_cards(const Engine& a, const Engine& b);
/// Empty totals for the variants of `engines` (one engine a variant).
Totals empty_totals(const std::vector<std::shared_ptr<Engine>>& engines);

/// A progress bar on standard error while games are played, when it is a terminal: "[###...]
/// 1234/10000 games". Stopped (and its line erased) by stop() or the destructor.
class Progress {
 public:
  Progress(const std::atomic<long long>& done, long long total);
  ~Progress() { stop(); }
  void stop();

 private:
  std::atomic<bool> finished_{false};
  std::thread thread_;
};

/// Runs `work(thread, k)` for every k in [from, to) on `threads` threads (the calling thread is
/// thread 0), each k once, handed out in order as threads come free.
void for_each_index(size_t threads, long long from, long long to, const std::function<void(size_t, long long)>& work);

/// Whether agent `spec` can play without a person (not `human`, a known agent); else prints
/// "als COMMAND: agent 'SPEC' cannot play unattended (agents: ...)" and returns false.
bool unattended(const char* command, const std::string& spec);

/// Plays games [from, to) of this shard's games (its own numbering: 0 to plan.mine()) of every
/// variant, on `engines[thread][variant]`, and adds them to `into`. A game a script fails in is
/// counted as failed for that variant (and left out of its pairs); the run goes on. `done` counts
/// games played (a variant's game counts one).
void play_games(const std::vector<std::vector<std::shared_ptr<Engine>>>& engines, const RunPlan& plan,
                long long from, long long to, Totals& into, std::atomic<long long>& done);

/// Sums as JSON (for --merge) and back: a RatioSums as 6 numbers, a PairSums as 16. The readers
/// throw nlohmann::json::exception for a document of another shape or a negative count.
nlohmann::json ratio_sums_json(const stats::RatioSums& s);
stats::RatioSums ratio_sums_from(const nlohmann::json& j);
nlohmann::json pair_sums_json(const stats::PairSums& p);
stats::PairSums pair_sums_from(const nlohmann::json& j);
/// The sums as JSON (for --merge), and back. from_json throws nlohmann::json::exception for a
/// document of another shape.
nlohmann::json sums_json(const VariantSums& s);
VariantSums sums_from_json(const nlohmann::json& j, size_t cards);
nlohmann::json pair_json(const PairTotals& p);
PairTotals pair_from_json(const nlohmann::json& j, std::vector<std::pair<size_t, size_t>> cards);

/// Reads the --json outputs of a run's shards (--merge of simulate and compare): each file parsed,
/// an object with "run" and "sums", its "run" the first file's but for "shard", each shard K of N
/// given once. `add(doc, first)` takes each document (`first`: the first file's) and returns ""
/// or what is wrong with it; a json::exception or LoadError it throws is reported too. On the
/// first problem prints "als COMMAND --merge: FILE: why" and returns 2; names the missing shards
/// (the first ten, and how many) and returns 2; else 0, with `run` the first file's "run" and its
/// "shard" set to 1/1. A shard is untrusted: its header (shard K/N, seed) is checked before its
/// sums are read, a text in it holding a control character is refused (nothing from it reaches a
/// terminal raw), and sums that overflow when added are refused. Linear in the files' size.
int read_shards(const char* command, const std::vector<std::string>& files, nlohmann::json& run,
                const std::function<std::string(const nlohmann::json& doc, bool first)>& add);

/// A shard's stated confidence, checked as the --confidence flag is: "" or what is wrong.
std::string check_confidence(const nlohmann::json& value);
/// "" when `stated` (a shard's content hash for a variant) is the hash of `e` as loaded here, or
/// the message that says the files changed since the shard ran.
std::string check_content_hash(const nlohmann::json& stated, const Engine& e, const std::string& variant);

/// A measure's interval as compare.md writes it: {"value", "low", "high"}.
nlohmann::json interval_json(const stats::Interval& i);
/// One variant's `measures`, `end_reasons` and `cards` (compare.md), at `confidence`.
nlohmann::json variant_json(const Engine& e, const VariantSums& s, double confidence);

/// The measures of one or more variants as a table at most 79 columns wide: a row a measure, a
/// column a variant ("47.6% (46.4-48.8)": the value and its interval), three variants a block.
/// `names` heads the columns (none for a single unnamed variant).
void print_measures(std::ostream& out, const std::vector<std::string>& names,
                    const std::vector<const VariantSums*>& sums, double confidence);
/// The per-card table of one variant: battles played faceup and facedown, the share of them won,
/// and the share of battles the card was dealt in and not played.
void print_cards(std::ostream& out, const Engine& e, const VariantSums& s);
/// "47.6% (46.4-48.8)" for a rate, "2.68 (2.65-2.71)" for a mean.
std::string interval_text(const stats::Interval& i, bool rate);

}  // namespace als::cli
