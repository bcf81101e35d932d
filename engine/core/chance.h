// Chance nodes (the Python module's `chance_nodes` option, docs/python.md "Chance nodes"): the
// outcomes of the game's random draws given from outside, in order, instead of the generator's.
// The generator still draws (its value is kept as the sampled outcome, and its state stays in
// step with a sampled game of the same seed), so a game given the generator's own outcomes is
// that game, digest included.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace als {

/// What a game's random draw decides.
enum class ChanceWhat : uint8_t {
  None,
  TheaterOrder,  // battle 1's theater order (ruling 2): which theater takes a position
  FirstPlayer,   // battle 1's 1st player
  Deal,          // the deal: which card takes a position of the shuffled deck
  Script,        // a script's math.random(m, n)
};

/// Thrown (outside Lua) when a run draws past the end of its tape: the run stops at a chance node.
struct ChanceStop : std::runtime_error {
  ChanceStop() : std::runtime_error("a chance node: the run needs the outcome of a random draw") {}
};

/// The outcomes a run's draws take, in order (Engine::set_chance_tape).
struct ChanceTape {
  struct Draw {
    uint32_t n = 0;        // the draw's number of equally likely outcomes
    uint32_t outcome = 0;  // 0 .. n-1
  };
  std::vector<Draw> draws;  // the outcomes given, in the order the run draws them
  size_t at = 0;            // the next one the run takes
  size_t run_from = 0;      // where the ability running now began drawing (set by Engine::resolve)
  // Set where the run found the tape at its end: the draw it needs.
  uint32_t need = 0;                // its number of outcomes (0: none needed)
  uint32_t sampled = 0;             // the generator's own outcome there
  ChanceWhat what = ChanceWhat::None;
  std::vector<uint8_t> among;       // a shuffle's candidates (position need - 1 takes one)

  /// The most outcomes a script's draw may have under chance nodes.
  static constexpr uint32_t kMaxScriptOutcomes = 64;

  /// Whether the next draw finds the tape at its end.
  bool at_end() const { return at >= draws.size(); }
  /// The outcome of a draw of `n` values whose generator value is `own`. At the tape's end:
  /// records the need and returns false (the caller stops the run). Throws std::logic_error when
  /// the tape's draw had another number of outcomes (a run that draws differently when re-run).
  bool take(uint32_t n, uint32_t own, ChanceWhat w, uint32_t& out) {
    if (at_end()) {
      need = n, sampled = own, what = w;
      return false;
    }
    const Draw& d = draws[at++];
    if (d.n != n || d.outcome >= n)
      throw std::logic_error("a random draw differs from the one made before (a script must draw the same when re-run)");
    out = d.outcome;
    return true;
  }
};

}  // namespace als
