// The variant lab (variants.h): many games between computer agents, as `als simulate`, `als
// compare` and `als sweep` play them: the games of a run (its seeds, its shards), worker threads,
// and the sums of the games (play/stats/measures.h) written to and read from JSON for --merge.
#pragma once
#include <atomic>
#include <functional>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "measures.h"
#include "variants.h"

namespace als::lab {


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

/// A --seed as typed: digits only, 0 to 2^64 - 1. "" with `out` set, or the refusal's text
/// ("--seed takes a whole number from 0 to 18446744073709551615, not 'TEXT'").
std::string parse_seed(const std::string& text, uint64_t& out);
/// A fresh random 64-bit seed (the system's entropy), for a run given none.
uint64_t random_seed();
/// The worker threads a run uses when not told: the machine's, 1 to 8.
int default_threads();

/// A run's plan from its flags: `games` (at least `least`, at most kMaxRunGames), `threads` (1 to
/// 256) and `shard` ("" or K/N). Throws Refused with the message the commands print.
RunPlan plan_of(long long games, long long least, int threads, const std::string& shard);

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

/// What a run tells while it plays (the command's progress bar; nothing, for the Python module):
/// start() as its games begin, with the counter play_games advances (a variant's game counts one)
/// and the count it will reach; stop() once they are played. Called on the run's thread.
class Watch {
 public:
  virtual ~Watch() = default;
  virtual void start(const std::atomic<long long>& done, long long total) = 0;
  virtual void stop() = 0;
};

/// start() at construction and stop() at destruction of a scope, for a watch that may be null.
class Watching {
 public:
  Watching(Watch* w, const std::atomic<long long>& done, long long total) : w_(w) {
    if (w_) w_->start(done, total);
  }
  ~Watching() {
    if (w_) w_->stop();
  }
  Watching(const Watching&) = delete;
  Watching& operator=(const Watching&) = delete;

 private:
  Watch* w_;
};

/// Runs `work(thread, k)` for every k in [from, to) on `threads` threads (the calling thread is
/// thread 0), each k once, handed out in order as threads come free.
void for_each_index(size_t threads, long long from, long long to, const std::function<void(size_t, long long)>& work);

/// "" when agent `spec` can play without a person (not `human`, a known agent); else "agent
/// 'SPEC' cannot play unattended (agents: ...)".
std::string unattended_why(const std::string& spec);

/// Refuses (Refused: "--report and --games-out name the same file 'X'") a run whose outputs, each
/// a flag and its file ("" for none), name one file, or an output that names one of the files
/// `inputs` it reads (--merge's shards): one would overwrite the other, and a result be lost.
void check_outputs(const std::vector<std::pair<std::string, std::string>>& outputs, const std::vector<std::string>& inputs);

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

/// Reads the --json outputs of a run's shards (--merge of simulate, compare and sweep): each file
/// parsed, an object with "run" and "sums", its "run" the first file's but for "shard", each
/// shard K of N given once. `add(doc, first)` takes each document (`first`: the first file's) and
/// returns "" or what is wrong with it; a json::exception or LoadError it throws is reported too.
/// On the first problem throws Refused("FILE: why", "--merge") (Refused(why) for a file that
/// cannot be read), and names the missing shards (the first ten, and how many); else sets `run`
/// to the first file's "run" with its "shard" set to 1/1. A shard is untrusted: its header (shard
/// K/N, seed) is checked before its sums are read, a text in it holding a control character is
/// refused (nothing from it reaches a terminal raw), and sums that overflow when added are
/// refused. Linear in the files' size. `command` names the program in messages ("compare").
void read_shards(const char* command, const std::vector<std::string>& files, nlohmann::json& run,
                 const std::function<std::string(const nlohmann::json& doc, bool first)>& add);

/// A shard's stated confidence, checked as the --confidence flag is: "" or what is wrong.
std::string check_confidence(const nlohmann::json& value);
/// "" when `stated` (a shard's content hash for a variant) is the hash of `e` as loaded here, or
/// the message that says the files changed since the shard ran.
std::string check_content_hash(const nlohmann::json& stated, const Engine& e, const std::string& variant);

/// A measure's interval as docs/variants.md writes it: {"value", "low", "high"}.
nlohmann::json interval_json(const stats::Interval& i);
/// One variant's `measures`, `end_reasons` and `cards` (docs/variants.md), at `confidence`.
nlohmann::json variant_json(const Engine& e, const VariantSums& s, double confidence);

}  // namespace als::lab
