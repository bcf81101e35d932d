// What a designer measures of a variant (docs/variants.md): one game's counts (GameTally, filled
// by a GameCounter listening to the game's Match), their sums over many games (VariantSums), and
// the paired sums of two variants played on the same seeds (PairTotals). `als simulate` and
// `als compare` both count through these, so both report the same measures the same way.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "match.h"
#include "statistics.h"

namespace als {

/// The game measures, in the order reports list them. Each is sum(y) / sum(n) of per-game
/// counts: a rate (y successes of n trials), or a mean (n = 1 a game, or n a game's battles or
/// decisions).
enum MeasureId : int {
  kFirstPlayerBattleWinRate,  // y: battles the 1st player won; n: battles
  kSeat1GameWinRate,          // y: 1 if seat 1 won; n: 1
  kBattlesPerGame,            // y: battles; n: 1
  kActionsPerGame,            // y: decisions taken (actions, and answers during abilities); n: 1
  kBranchingFactor,           // y: legal actions summed over decisions; n: decisions
  kWithdrawRate,              // y: battles ended by a withdrawal; n: battles
  kVpPerBattle,               // y: VP the battles awarded; n: battles
  kLeadChangesPerGame,        // y: times the player ahead on VP changed; n: 1
  kDecisiveness,              // y: 1 if the winner led after the first battle; n: 1
  kMeasures
};
struct MeasureInfo {
  const char* name;   // the JSON name (compare's contract)
  bool rate;          // a share (Wilson interval, shown as a percentage) or a mean (t interval)
  const char* label;  // a short label for tables and plots
  bool counts = false;  // a mean of counts that are never negative: its interval is cut at 0
};
/// Name, kind and label of each MeasureId.
extern const MeasureInfo kMeasureInfo[kMeasures];

/// The per-card measures, each a rate over battles: the battle won by the player who played the
/// card faceup (facedown), of the battles it was played so; and the battles it was dealt in and
/// not played, of the battles it was dealt in (in a hand as the battle began).
enum CardMeasureId : int { kFaceupWinRate, kFacedownWinRate, kUnplayedRate, kCardMeasures };
extern const char* const kCardMeasureNames[kCardMeasures];

/// Bounds of the histograms kept for reports (the last bucket holds everything above).
constexpr int kBattleBuckets = 21;   // battles a game: 0 .. 20+
constexpr int kActionBucket = 5;     // actions a game, in buckets of 5: 0-4, 5-9, ...
constexpr int kActionBuckets = 41;   // ... up to 200+
constexpr int kVpBuckets = 13;       // VP a battle awarded: 0 .. 12+
constexpr int kWithdrawRows = 7;     // withdrawals by cards left in hand: 0 .. 6+ (the charts' rows)

/// The most names of g:measure a run keeps (a game's or a variant's): a script that counts
/// under a fresh name each time fills them, and the rest are not kept (VariantSums::custom_dropped).
constexpr size_t kMaxCustomMeasures = 32;

/// One game's counts.
struct GameTally {
  long long y[kMeasures] = {}, n[kMeasures] = {};
  std::vector<int> card_y, card_n;  // [card * kCardMeasures + CardMeasureId]
  int vp_hist[kVpBuckets] = {};     // battles by the VP they awarded
  int control_ends = 0, withdraw_ends = 0;
  std::vector<std::string> reasons;  // battle_over hooks' reasons, one per battle so ended
  std::string game_reason;           // a game_over hook's reason, if it ended the game with one (API 4)
  std::string agent_failure;         // "crash", "timeout" or "illegal": a program's seat lost the game (Match::forfeit)
  int withdrawals[kWithdrawRows] = {};
  int winner = 0, vp[2] = {0, 0};
  long long setup = 0;              // decisions setting battles up (Match::setup_decisions): not in kActionsPerGame
  std::map<std::string, long long> custom;  // g:measure's counts this game, by name (kMaxCustomMeasures names at most)
  explicit GameTally(size_t cards = 0) : card_y(cards * kCardMeasures), card_n(cards * kCardMeasures) {}
  void clear();
};

/// Counts one game as it is played: listen to its Match, call start() after each reset and
/// finish() once it is over; tally() is then the game's counts. Reads only Deploy, Improvise,
/// Withdraw and BattleEnd events (kEventTypes: a Match may keep just those).
class GameCounter : public MatchListener {
 public:
  static constexpr uint64_t kEventTypes = uint64_t{1} << Event::Deploy | uint64_t{1} << Event::Improvise |
                                          uint64_t{1} << Event::Withdraw | uint64_t{1} << Event::BattleEnd |
                                          uint64_t{1} << Event::Measure | uint64_t{1} << Event::Vp;
  explicit GameCounter(size_t cards) : t_(cards) {}
  void start(const Match& m);
  void on_action(const Match& m, int seat, const Action& a, const std::string& text, const EventLog& log) override;
  void finish(const Match& m);
  const GameTally& tally() const { return t_; }

 private:
  void deal(const State& s);  // a battle begins: the cards in hands
  void see_hands(const State& s);
  [[gnu::noinline, gnu::cold]] void count_reason(const std::string& reason) { t_.reasons.push_back(reason); }
  [[gnu::noinline, gnu::cold]] void count_measure(const Event& ev) {
    auto it = t_.custom.find(ev.text);
    if (it != t_.custom.end()) it->second += ev.value;
    else if (t_.custom.size() < kMaxCustomMeasures) t_.custom.emplace(ev.text, ev.value);
  }
  GameTally t_;
  uint64_t up_[2] = {0, 0}, down_[2] = {0, 0}, dealt_ = 0;  // this battle's plays, by owner; hands dealt
  bool dealing_ = false;                                   // the battle's first turn has not begun yet
  int verb_vp_ = 0;  // VP verbs gave during this battle (g:gain_vp, less g:lose_vp): part of its VP
  int first_ = 0;                                          // the battle's 1st player
  int leader_ = -1, first_leader_ = -1;                     // ahead on VP (-1: nobody yet / a tie)
};

/// Sums of many games of one variant (as integers: threads and shards add up exactly), and the
/// games that failed.
struct VariantSums {
  long long games = 0, wins[2] = {0, 0}, vp[2] = {0, 0}, min_actions = 0, max_actions = 0;
  stats::RatioSums m[kMeasures];
  stats::RatioSums setup;  // decisions setting battles up a game (GameTally::setup): y a game's, n 1
  // g:measure's counts by name: each over the games that counted it (custom_measure adds the
  // games that did not, as zeros); counts of names past kMaxCustomMeasures are dropped, and counted.
  std::map<std::string, stats::RatioSums> custom;
  long long custom_dropped = 0;
  /// Measure `name`'s sums over every game of the variant (a game that never counted it: 0).
  stats::RatioSums custom_measure(const std::string& name) const;
  std::vector<long long> card_y, card_n;  // [card * kCardMeasures + CardMeasureId]
  std::vector<long long> battles_hist, actions_hist, vp_hist, withdrawals;
  long long control_ends = 0, withdraw_ends = 0;
  std::map<std::string, long long> reason_ends;
  std::map<std::string, long long> game_reasons;  // games a game_over hook ended, by its reason (API 4)
  std::map<std::string, long long> agent_failures;  // games an exec: program lost by failing: crash, timeout, illegal
  long long first_agent_failed = -1;               // the first of them by game number, and what failed
  std::string first_agent_error;
  // Games a script failed in (not counted above), and the first of them by game number.
  long long failed = 0, first_failed = -1;
  uint64_t first_failed_seed = 0;
  std::string first_error;

  explicit VariantSums(size_t cards = 0);
  size_t cards() const { return card_y.size() / kCardMeasures; }
  void add(const GameTally& g);
  void add(const VariantSums& o);
  /// Counts failed game number i; keeps the one with the lowest number (whatever the threads).
  void fail(long long i, uint64_t seed, const std::string& error);
  /// Game number i was lost by a failing program (counted by add(GameTally) as well): keeps the
  /// engine's words for the one with the lowest number, for the program's author.
  void agent_failed(long long i, const std::string& detail);
  /// Battles by how they ended: "control", "withdraw", and each battle_over reason.
  std::map<std::string, long long> end_reasons() const;
  /// Games by how they ended: "vp target" (the rules' target, or a game_over hook that gave no
  /// reason), and each game_over reason (API 4).
  std::map<std::string, long long> game_ends() const;
  /// Whether a measure has data: a battle to count (rates and means a battle), a game.
  bool has(int id) const { return m[id].n > 0; }
  /// Whether a card measure has data: the card played so (dealt, for kUnplayedRate) in a battle.
  bool has_card(size_t card, int id) const { return card_n[card * kCardMeasures + static_cast<size_t>(id)] > 0; }
  /// A measure and its interval: Wilson for rates, a t interval for means.
  stats::Interval measure(int id, double confidence) const;
  stats::Interval card_measure(size_t card, int id, double confidence) const;
};

/// Counts by reason as a person reads them: "control" and "withdraw" first, then the others by
/// name; at most `keep` entries in all (the most common kept), and when some are left out, the
/// number of them and their total apart (a rule may give a fresh reason every game: the sums keep
/// them all, a table or plot shows a few). O(n log n) in all's size.
struct ShownReasons {
  std::vector<std::pair<std::string, long long>> shown;
  size_t others = 0;    // the reasons left out (then `shown` holds keep - 1)
  long long rest = 0;   // their total (saturating)
};
ShownReasons shown_reasons(const std::map<std::string, long long>& all, size_t keep);
/// shown_reasons as the lines of a table: the shown ones, then "N other reasons" with their total.
std::vector<std::pair<std::string, long long>> reasons_shown(const std::map<std::string, long long>& all, size_t keep);

/// The paired sums of a variant B against the baseline A over the games both completed: one
/// PairSums for each measure, and for each card both sets have (`cards`: its index in A and B).
struct PairTotals {
  std::vector<std::pair<size_t, size_t>> cards;
  std::vector<stats::PairSums> m, card;  // kMeasures; cards.size() * kCardMeasures
  // g:measure's counts by name, (count, 1) a game on either side, over the pairs where either side
  // counted it (custom_measure adds the others, as zeros); at most 2 * kMaxCustomMeasures names.
  std::map<std::string, stats::PairSums> custom;
  explicit PairTotals(std::vector<std::pair<size_t, size_t>> common = {});
  void add(const GameTally& a, const GameTally& b);
  void add(const PairTotals& o);
  /// Measure `name`'s paired sums over every paired game (a side that did not count it: 0).
  stats::PairSums custom_measure(const std::string& name) const;

 private:
  void add_custom(const std::map<std::string, long long>& a, const std::map<std::string, long long>& b);
};

}  // namespace als
