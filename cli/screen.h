// Text for a terminal that more than one command prints: players' names, lines wrapped at 80
// columns, and a board as one seat knew it (als play, als replay --show).
#pragma once
#include <cstddef>
#include <string>

#include "engine.h"

namespace als::cli {

/// "player 1" for p = 0.
std::string pname(int p);
/// Columns a line takes at a terminal: its characters but colour codes (ESC [ ... m), a UTF-8
/// character one column.
size_t visible_width(const std::string& line);
/// `text` as it is when it fits 80 columns; else broken at its last space before the 80th column
/// (colour codes take none), each continuation indented by `indent`. A word longer than a line
/// is left whole.
std::string wrapped(const std::string& text, size_t indent);
/// Prints the board as `viewer` knows it (-1: every card revealed, the omniscient view): each
/// theater's stacks bottom to top with the cards' strengths, the totals, who holds it.
void print_final_board(const Engine& e, const State& at, int viewer);

}  // namespace als::cli
