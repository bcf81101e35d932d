#pragma once
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine.h"
#include "loader.h"

namespace als::test {

/// The path of a hostile test set or script under tests/hostile/.
inline std::string hostile(const std::string& name) { return std::string(ALS_DATA_DIR) + "/tests/hostile/" + name; }

/// A folder for one test's files, "als-NAME-PID" under the system's temporary folder: made now,
/// removed with everything in it when the test program ends (they once piled up in /tmp).
inline std::filesystem::path temp_folder(const std::string& name) {
  struct Folders {
    std::vector<std::filesystem::path> made;
    ~Folders() {
      std::error_code ec;
      for (const auto& d : made) std::filesystem::remove_all(d, ec);
    }
  };
  static Folders folders;
  auto dir = std::filesystem::temp_directory_path() / ("als-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  folders.made.push_back(dir);
  return dir;
}

inline std::shared_ptr<Engine> load(const std::string& cards = "standard", const std::vector<std::string>& rules = {}) {
  return load_engine(cards, rules, ALS_DATA_DIR);
}

/// The first decision of a standard game dealt from `seed`: the engine, the state, its legal actions.
struct Decision {
  std::shared_ptr<Engine> engine;
  State s;
  std::vector<Action> legal;
};
inline Decision first_decision(uint64_t seed) {
  Decision d{load(), {}, {}};
  d.s = d.engine->new_game(seed);
  d.engine->legal(d.s, d.legal);
  return d;
}

/// Equality of two states: every field of every struct (State::operator==), so copies and
/// refused actions are checked for tokens, permissions, extra turns, the queue, the answers, the
/// pending decision and the snapshot too.
// The same position: equal in every field but the number of the game's table of names (two
// games dealt alike are two games, each with a table of its own).
inline bool same(const State& x, const State& y) { return same_position(x, y); }

}  // namespace als::test
