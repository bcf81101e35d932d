// The errors the engine raises. Each message is meant for a user: it names the file, the line
// and the card where there is one, and never carries a library's raw text.
#pragma once
#include <stdexcept>

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
/// A card set, rules script or scenario file that does not load; the message names the file.
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace als
