// What als play and als tutorial share at the terminal: reading a line, and asking a person for
// an action at a decision (the board, the hand with its plays and texts, the commands).
#pragma once
#include <string>
#include <vector>

#include "engine.h"

namespace als::cli {

/// The longest line read_line takes: a longer one is refused before anything matches it.
inline constexpr size_t kMaxTypedLine = 1000;
/// Reads one line after `prompt`: with line editing at a terminal, plain otherwise. False at the
/// end of input (Ctrl-D) or after Ctrl-C; input_ended() is then true for the rest of the run. A
/// line longer than kMaxTypedLine characters is refused (said so, nothing of it kept beyond the
/// limit) and the prompt asked again.
bool read_line(const std::string& prompt, std::string& line);
/// A read found the end of input or an interrupt.
bool input_ended();

enum class Reply { Chosen, Undo, End };
/// Shows player p's decision (the board as p sees it, the decision, `goal` just above the prompt
/// when not empty; all of it fitted to the screen) and asks for an action until one is legal:
/// Chosen (in `out`), Undo, or End at the end of input. Typed commands (help, hint, rules, board,
/// hand) are answered on the way. `no_undo`: why undo is refused here ("" when it is allowed).
Reply human_choice(const Engine& e, const State& s, int p, const std::vector<Action>& acts, Action& out,
                   const std::string& no_undo, const std::string& goal = "");

}  // namespace als::cli
