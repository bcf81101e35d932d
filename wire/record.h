// Game records (README, "Game records"): JSON Lines written by `als play --log` and checked by
// `als replay`. A record is kept in memory and written once, when the game ends or is abandoned
// (never while a human could read the opponent's facedown plays in it), to a temporary file that
// is then renamed over the target.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine.h"
#include "match.h"

namespace als::cli {

/// Format 2: every action line carries the digest of the state it led to.
constexpr int kRecordFormat = 2;

/// Keeps a game's record; as a listener of the game's Match it records every action and the
/// abandonment.
class Recorder : public MatchListener {
 public:
  void on_action(const Match& m, int seat, const Action&, const std::string& text, const EventLog& log) override {
    action(m.engine(), m.state(), seat, text, log);
  }
  void on_abandoned(const Match&, const std::string& reason) override { abandoned(reason); }
  /// A program playing `seat` failed and the seat lost: {"type": "forfeit", "player": N, "kind": K},
  /// then the game line.
  void on_forfeit(const Match& m, int seat, const std::string& kind, const EventLog& log) override;
  /// The game's opening (its log lines, before the first action: battle 1's as every battle's).
  void on_start(const Match&, const EventLog& opening) override { events(opening); }
  /// The header: format, engine version, card set (a bundled name, or the folder's absolute
  /// path) and content hash, rules (names or absolute paths), seed and agents.
  void start(const Engine& e, const std::string& data_dir, const std::string& cards_arg,
             const std::vector<std::string>& rules_args, uint64_t seed, const std::string& p1, const std::string& p2);
  /// One action as played (omniscient text), the digest of the state after it, then the battle
  /// and game results it produced.
  void action(const Engine& e, const State& after, int player, const std::string& text, const EventLog& log);
  /// A mark of the record so far, and cutting it back to a mark (undo in `als play`).
  size_t mark() const { return text_.size(); }
  void truncate(size_t mark) { text_.resize(mark); }
  /// An undo in `als play`: the record is cut back to `mark`, and one line says what was taken
  /// back: {"type": "undo", "player": N, "undone": [action texts, first first]}. Undo lines
  /// written since `mark` (takebacks of takebacks) stay, before it: every line explored is kept.
  /// Replay skips them: the record stays the game as it was played.
  void undo(size_t mark, int player);
  /// A practice game (`als play --practice`: any takeback): set before start(), the header says
  /// so ("practice": true).
  bool practice = false;
  /// The game was stopped before its end, by the user ("end of input", "interrupted") or by an error.
  void abandoned(const std::string& reason);
  /// Whether a record can be written to `path` (checked before a game starts, so that a bad
  /// --log fails at once, not after the whole game). False, with `error` set, if not.
  static bool can_write(const std::string& path, std::string& error);
  /// Writes the record to `path`: a temporary file renamed over it (a path that is not a
  /// regular file, such as a device, is written directly). False, with `error` set, on any failure.
  bool write(const std::string& path, std::string& error) const;

 private:
  /// The lines a log gives a record: g:log lines, battle and game results.
  void events(const EventLog& log);
  std::string text_;
};

struct ReplayOptions {
  std::optional<std::string> cards;               // replaces the recorded card set
  std::optional<std::vector<std::string>> rules;  // replaces the recorded rules
  std::string data_dir;
  /// Called after each action replayed (als replay --show, als review): the engine, the state
  /// before it, the action, the state after it, the player who acted (0 or 1), and what it caused.
  std::function<void(const Engine&, const State&, const Action&, const State&, int, const EventLog&)> on_action;
  /// Called once the header is read: the engine the game replays on, and the game's seed.
  std::function<void(std::shared_ptr<const Engine>, uint64_t)> on_engine;
  /// Called at a takeback line (als play's undo): the player (0 or 1) and the action texts taken
  /// back (omniscient, first first). The replay goes on with the game as it was played.
  std::function<void(int, const std::vector<std::string>&)> on_undo;
};
/// Replays the text of a record named `file` (for messages). Returns 0 when every result and
/// state matches (a mismatch or an incomplete record: 1, printed on `out`; not a record: 2,
/// printed on `err`). Never throws on any input.
int replay_record(const std::string& text, const std::string& file, const ReplayOptions& opt, std::ostream& out,
                  std::ostream& err);

/// A battle's result as records and `als serve` write it (number, winner, vp, reason, score):
/// the reason is "control", "withdraw", or the one a battle_over hook returned (API 3).
nlohmann::json battle_json(const Event& battle_end);

/// A digest as it appears in records: 16 lowercase hex digits.
std::string digest_text(uint64_t d);

}  // namespace als::cli
