// Text for a terminal that more than one command prints: players' names, lines wrapped at the
// terminal's width, and a board as one seat knew it (als play, als replay --show).
#pragma once
#include <cstddef>
#include <string>

#include "engine.h"
#include "projection.h"

namespace als::cli {

/// "player 1" for p = 0.
std::string pname(int p);
/// How this program's screens name cards: by their display names ("Heavy Tanks") when standard
/// output is a terminal, by ids ("heavy_tanks", as records and action texts do) when it is not;
/// a command's `--names always|never` sets it.
Naming& screen_naming();
/// Sets screen_naming from a `--names` value: "auto" (as standard output is), "always" (display
/// names), "never" (ids). False, with a message on standard error naming `command`, for another.
bool set_names(const std::string& value, const std::string& command);
/// The `--names` option's help text.
inline constexpr const char* kNamesHelp =
    "cards by their names (Heavy Tanks): auto (when the output is a terminal), always, never (by ids: heavy_tanks)";
/// Card `c` as the screens name it (screen_naming); "?" for one unknown.
std::string shown_card(const Engine& e, int c);
/// Columns a line takes at a terminal: its characters but colour codes (ESC [ ... m), a UTF-8
/// character one column.
size_t visible_width(const std::string& line);
/// The screen text is laid out for: the terminal's size when standard output is one (read at each
/// call outside a ScreenFrame, so a resized window is followed), else $COLUMNS and $LINES, else
/// 80x24. Columns are kept from 60 to 100 (a narrower terminal wraps what we print; a wider one
/// gains nothing past 100), rows at least 20.
struct ScreenSize {
  size_t columns = 80, rows = 24;
};
ScreenSize screen_size();
/// While one lives (on this thread), screen_size() gives the size read when the first of them was
/// made: one screen is laid out at one size, read once, even if the window is resized as it prints.
class ScreenFrame {
 public:
  ScreenFrame();
  ~ScreenFrame();
  ScreenFrame(const ScreenFrame&) = delete;
  ScreenFrame& operator=(const ScreenFrame&) = delete;
};
/// `text` as it is when it fits `width` columns; else broken at its last space before the
/// width's column (colour codes take none), each continuation indented by `indent`. A word
/// longer than a line is left whole.
std::string wrapped(const std::string& text, size_t indent, size_t width);
/// The same, at the screen's width.
std::string wrapped(const std::string& text, size_t indent);
/// `text` cut to one line of at most `width` columns at a space, " ..." marking the cut.
std::string cut_to(const std::string& text, size_t width);
/// Prints the board of projection `v` (its seat's; -1: every card revealed, the omniscient view):
/// each theater's stacks bottom to top with the cards' strengths, the totals, who holds it; cards
/// by their display names (`naming`: Naming::Ids for a log with no person at it).
/// `you`: the seat is "you" and the other player "opponent" (the tutorial), else "player N".
void print_final_board(const Engine& e, const Projection& v, Naming naming = screen_naming(), bool you = false);
/// The board of `als play` as projection `v`'s seat (0 or 1) sees it (cli/play.cpp): a header,
/// each theater's totals and stacks with every bonus by its source, the hands, counters and
/// lasting effects; one line a row, without colour when standard output is not a terminal.
std::string board_text(const Engine& e, const Projection& v);

}  // namespace als::cli
