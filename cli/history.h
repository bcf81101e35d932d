// The player's results against the computer, kept from game to game (README.md, "Your results
// and the level"): one JSON line a finished game played at a terminal against
// a level, in $XDG_DATA_HOME/als/results.jsonl ($HOME/.local/share/als/results.jsonl when
// XDG_DATA_HOME is unset), read back to show the results by level and to suggest the level of
// the next game.
#pragma once
#include <string>
#include <vector>

namespace als::cli {

/// One finished game against the computer, as the history file keeps it.
struct PastGame {
  std::string level;      // "easy", "normal", "hard" or "expert"
  bool won = false;
  int vp = 0;             // the player's VP at the end
  int opponent_vp = 0;
  int takebacks = 0;
  bool practice = false;  // --practice: any takeback allowed
  std::string date;       // UTC, "2026-12-03"
};

/// The history file: $XDG_DATA_HOME/als/results.jsonl, else $HOME/.local/share/als/results.jsonl
/// (relative values are ignored, as the XDG base directory specification says); "" when neither
/// variable gives an absolute path (then nothing is kept).
std::string history_path();

/// The games kept in `path`, oldest first. A missing file is an empty history; a line that is not
/// a game (a hand edit, a file of another version) is skipped; a file over 4 MiB is not read
/// (`err` says so). Never throws.
std::vector<PastGame> read_history(const std::string& path, std::string& err);

/// Appends one game to `path`, making its folder (mode 0700) if needed. False, with `err` saying
/// why, when it cannot be written.
bool append_history(const std::string& path, const PastGame& g, std::string& err);

/// The level the next game should be played at. With no game kept: easy (the tutorial's level).
/// Otherwise from the games at the level played last: two wins among its last three games move
/// one level up, three losses in a row one level down (never below easy or above expert), and
/// anything else stays. Practice games count as any other.
std::string suggested_level(const std::vector<PastGame>& h);

/// The lines shown after a game: the games and wins at each level played, weakest first, and
/// the suggestion with the command that plays it, each line at most 80 columns.
std::vector<std::string> results_lines(const std::vector<PastGame>& h);

}  // namespace als::cli
