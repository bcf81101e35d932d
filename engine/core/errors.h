// The errors the engine raises. Each message is meant for a user: it names the file, the line
// and the card where there is one, and never carries a library's raw text.
#pragma once
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace als {

/// An action that is not legal now (message starts with "illegal:"); the state is unchanged.
struct IllegalAction : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// A card or rules script failed at run time; the message names the card, file and line.
/// The state is unchanged.
struct ScriptError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// An ability re-run from its snapshot (an answer given) asked another question than it had:
/// in the real game a script that depends on more than the game; in a determinization, a world
/// whose hidden cards would not have asked what the player saw asked (the search redraws it).
struct RerunMismatch : ScriptError {
  using ScriptError::ScriptError;
};
/// A card set, rules script or scenario file that does not load; the message names the file.
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Where `text` holds a character a terminal would obey rather than show (a control character
/// other than newline and tab, DEL, or a C1 control in UTF-8: escape sequences, clearing the
/// screen, writing the clipboard), the byte's index; else npos.
inline size_t find_control(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    auto ch = static_cast<unsigned char>(text[i]);
    if ((ch < 0x20 && ch != '\n' && ch != '\t') || ch == 0x7f) return i;
    if (ch == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9f)
      return i;
  }
  return std::string_view::npos;
}

/// `text` with every character find_control finds shown as \xNN, so that a message quoting a
/// script (an error, a token) prints as text at a terminal.
inline std::string escape_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    size_t at = find_control(text.substr(i, 2));
    if (at == 0) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[i]));
      out += buf;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace als
