// What the rules core asks of card scripts, as an interface of its own: the core (engine.cpp,
// resolve.cpp) includes nothing of Lua; the Lua binding (binding.cpp) implements `Scripts`.
#pragma once
#include <cstdint>

#include "core/cardset.h"
#include "core/events.h"
#include "core/rng.h"
#include "core/state.h"

namespace als {

class Engine;
class Chooser;

/// The context of one ability run: the state it acts on and the answers it may consume.
struct AbilityCtx {
  const Engine* eng = nullptr;
  State* s = nullptr;
  EventLog* log = nullptr;
  int cursor = 0;          // next answer in s->r.answers to consume
  uint32_t emitted = 0;    // events emitted during this run (the first s->r.events are not shown)
  Due resolving[32];       // abilities running, innermost last
  int depth = 0;
  bool in_run = false;     // inside Scripts::run (events may be replays of an earlier run)
  // Once a decision is pending the rest of the run is dry: choices return nil, verbs that would
  // change the game do nothing, and errors are ignored (docs/design.md).
  bool dry = false;
  // An ongoing function or an answering hook: verbs that would change the game or ask a player
  // raise an error (abilities.md 1, 4).
  bool read_only = false;
  uint64_t looked[2] = {0, 0};  // deck cards each player looked at (g:look) during this run
  Chooser* ask = nullptr;       // answers decisions during the run (Engine::apply's `ask`)
  // The generator scripts draw from while the run goes on (the game's, kept by the scripts during
  // the run): Engine::ask puts it back in the state before a chooser sees the state.
  Rng* rng = nullptr;
};
/// Instructions a dry run may still take to finish.
constexpr long long kDryRunBudget = 200'000;

/// The functions of an ongoing card (abilities.md 1), as indexes.
enum class Fn : uint8_t { Strength, Total, MayPlay, MayWithdraw, DestroysPlay, Count };

/// Card scripts as the rules core sees them. Every call may throw ScriptError (naming the card).
class Scripts {
 public:
  enum class Outcome { Done, Pending };
  virtual ~Scripts() = default;
  /// Called once, by the Engine's constructor, when the set and the rules are final: the scripts
  /// keep `e` for their runs.
  virtual void attach(const Engine& e) = 0;
  /// Runs an ability due (instant, trigger or acting hook) as the outermost of s->r.
  virtual Outcome run(AbilityCtx& c, const Due& d) = 0;
  /// From inside a verb (instants = "immediate"): runs an ability now, nested in the running one.
  virtual void run_nested(AbilityCtx& c, const Due& d) = 0;
  /// An ongoing function of card `holder` (faceup on the board), read-only. `args` are its
  /// arguments after `this`, in the order of abilities.md 1 (cards and players as indexes, -1 for
  /// none); `value` is the value so far. Returns the new value (a boolean as 0 or 1).
  virtual int ongoing(const State& s, int holder, Fn fn, const int* args, int value) = 0;
  /// The answering house-rule hooks (abilities.md 4), read-only.
  virtual bool battle_over(const State& s) = 0;
  virtual int battle_winner(const State& s, int winner) = 0;
  virtual int battle_vp(const State& s, int winner, bool withdrew, int cards_left, int vp) = 0;
};

}  // namespace als
