// The Lua runtime of one Engine: a sandboxed Lua 5.4 state (built as C++) holding the card
// scripts of one set. It loads sets and house rules, and runs instant abilities against a
// State handed to it for the duration of a call (no game state lives in Lua).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cardset.h"
#include "events.h"
#include "rng.h"
#include "sandbox.h"
#include "state.h"

struct lua_State;

namespace als {

class Engine;

/// The context of one ability run: the state it acts on and the answers it may consume.
struct AbilityCtx {
  const Engine* eng = nullptr;
  State* s = nullptr;
  EventLog* log = nullptr;
  int cursor = 0;          // next answer in s->r.answers to consume
  uint32_t emitted = 0;    // events emitted during this run (the first s->r.events are not shown)
  uint8_t resolving[32];   // cards whose abilities are running, innermost last
  int depth = 0;
  bool in_run = false;     // inside Runtime::run (events may be replays of an earlier run)
  // Once a decision is pending the rest of the run is dry: choices return nil, verbs that would
  // change the game do nothing, and errors are ignored (docs/design.md).
  bool dry = false;
};
/// Instructions a dry run may still take to finish.
constexpr long long kDryRunBudget = 200'000;

class Runtime {
 public:
  Runtime();
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  /// Loads `dir/set.lua` and every card script it lists into `set`, with the set's rules.
  /// A set that `extends` another (a bundled name under data_dir/cards, or a path relative to
  /// `dir`) takes the card files it does not have itself from there.
  void load_set(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules);
  /// Runs a house-rule script: it returns a function(rules) that edits the rules table.
  void load_rules(const std::string& path, Rules& rules);

  void bind(const Engine* eng) { eng_ = eng; }
  void set_data_dir(const std::string& d) { data_dir_ = d; }
  const std::string& data_dir() const { return data_dir_; }
  /// The shared libraries (scripts/lib) loaded so far, in load order.
  std::vector<std::string>& library_paths() { return lib_paths_; }

  enum class Outcome { Done, Pending };
  /// Runs card's instant ability as the outermost ability of s->r. Throws ScriptError.
  Outcome run(AbilityCtx& c, int card);
  /// From inside a verb (immediate instants): runs card's ability now, nested. Raises Lua
  /// errors (a pending decision propagates as the pending marker).
  void run_nested(AbilityCtx& c, int card);

  lua_State* L() const { return L_; }
  AbilityCtx* ctx() const { return ctx_; }
  const Engine* engine() const { return eng_; }
  void push_id(int card);          // pushes the card's id string
  int check_card(int arg);         // a card id argument -> index, or a Lua error

 private:
  void load_set_protected(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules,
                          std::string& reading);
  void push_rules_table(const Rules& r);
  void read_rules_table(int idx, Rules& r, const std::string& file);
  int run_protected(AbilityCtx& c, int card);
  lua_State* L_ = nullptr;
  const Engine* eng_ = nullptr;
  std::string data_dir_;
  std::vector<std::string> lib_paths_;
  AbilityCtx* ctx_ = nullptr;
  int ids_ref_ = -2;                 // registry: array of id strings
  std::vector<int> ability_ref_;     // registry refs of ability functions
  std::vector<const char*> id_ptr_;  // the interned id strings, by card
  int game_ref_ = -2;                // registry: the game handle userdata
  std::vector<int> upvalues_ref_;    // per card: its functions' upvalues as loaded (freeze())
  uint64_t ran_ = 0;                 // cards whose functions ran since the last restore
  void restore_after_run();
  friend struct Verbs;
};

}  // namespace als
