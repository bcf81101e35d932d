// What a human types at a decision (README, "How to play"), parsed without any terminal, so that
// the parser can be tested and fuzzed on its own.
#pragma once
#include <string>
#include <vector>

namespace als::cli {

/// The words of a line, split on white space.
std::vector<std::string> words(const std::string& s);
/// `v` in lowercase (ASCII): typing is case-insensitive.
std::string lowercase(std::string v);
/// The strings of `v` joined with `sep` between them ("a, b, c").
std::string join(const std::vector<std::string>& v, const std::string& sep = ", ");

struct Input {
  enum Kind { Empty, Command, Action, Error } kind = Empty;
  std::vector<std::string> command;  // Command: "help", "hand", "board", "rules [ID]", "hint", "undo", "last [move]"
  int index = -1;                    // Action: index into the listed texts
  std::string why;                   // Error: the reason, for the player
};

/// Interprets one typed line against the numbered, sorted action texts: a number (1-based), an
/// action text, or its words as unique prefixes (`dep air_d air`), in any case; words after the
/// first may be left out where that leaves one action (`deploy support`, `dep cover`), and a line
/// that fits several lists them (`dep`). At a card or theater choice (`choice`), the option alone
/// (`land`) stands for `choose land`. `named` (optional, parallel to `texts`): the same actions with
/// cards by their display names ("deploy Heavy Tanks land"); a line may type either form.
/// Messages list actions as `listed` (parallel; what the screen shows), else as `named`.
Input parse_input(const std::string& line, const std::vector<std::string>& texts, bool choice,
                  const std::vector<std::string>& named = {}, const std::vector<std::string>& listed = {});

}  // namespace als::cli
