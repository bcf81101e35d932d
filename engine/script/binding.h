// The Lua binding: one sandboxed Lua state per Engine holding the scripts of one card set and its
// house rules. It implements the rules core's Scripts interface (abilities.h): it runs abilities,
// triggers, ongoing functions and hooks against a State handed to it for one call (no game state
// lives in Lua). Verbs: lua_verbs.h and binding.cpp; running: runtime.cpp; loading and
// validation: loader.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "abilities.h"
#include "cardset.h"
#include "policy.h"
#include "sandbox.h"
#include "state.h"

struct lua_State;

namespace als {

class Engine;

/// Instruction budgets (docs/security.md): one ongoing function or answering hook call; every
/// script one action runs, together (abilities, triggers, hooks, ongoing functions). One ability
/// run has kCardLimits.instructions.
constexpr long long kFunctionInstructions = 200'000;
constexpr long long kActionInstructions = 20'000'000;

/// The script API versions this engine reads (set.lua's `api`).
constexpr int kApiMin = 1, kApiMax = 6;

class Runtime : public Scripts {
 public:
  Runtime();
  ~Runtime() override;
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // ---- loading (loader.cpp) -----------------------------------------------------------------
  /// Loads `dir/set.lua` and every card script it lists into `set`, with the set's rules.
  /// A set that `extends` another (a bundled name under data_dir/cards, or a path relative to
  /// `dir`) takes the card files it does not have itself from there. Throws LoadError.
  void load_set(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules);
  /// Runs a house-rule script: it returns a table of rules or a function(rules) that edits them.
  void load_rules(const std::string& path, Rules& rules);
  /// The values to give declared params instead of their own (--param, a spec's ?name=value),
  /// before loading. A name that nothing declares is refused by load_engine.
  void set_param_values(std::vector<std::pair<std::string, double>> values) { param_values_ = std::move(values); }
  const std::vector<std::pair<std::string, double>>& param_values() const { return param_values_; }

  /// The policy of whoever named the set and rules (policy.h): every file loading opens passes it.
  void set_policy(const Policy& p) { policy_ = p; }
  /// The path to open for `path`, a file loading reads (a set's set.lua and card files, the set it
  /// extends, a library, a house rule; `what` says which): as the policy admits it (a client's:
  /// absolute and canonical, links followed, under --allow-path or the bundled data folder).
  /// Throws LoadError naming the file and what named it otherwise, in the same words whether the
  /// file exists or not.
  std::string admit(const std::string& path, const std::string& what) const;

  void set_data_dir(const std::string& d) { data_dir_ = d; }
  const std::string& data_dir() const { return data_dir_; }
  /// Where use() looks for a library, in order: the set's lib/, its base's lib/, scripts/lib.
  const std::vector<std::string>& library_dirs() const { return lib_dirs_; }

  // ---- Scripts ---------------------------------------------------------------------------------
  void begin_action() override { action_left_ = kActionInstructions; }
  void end_action() override { action_left_ = -1; }
  /// Keeps the engine for the runs and interns its final theater names.
  void attach(const Engine& e) override;
  Outcome run(AbilityCtx& c, const Due& d) override;
  void run_nested(AbilityCtx& c, const Due& d) override;
  int ongoing(const State& s, int holder, Fn fn, const int* args, int value) override;
  int own_may_play(const State& s, int card, const int* args, int allowed) override;
  bool run_instead(AbilityCtx& c, InsteadSource src, Instead kind, int card, int to) override;
  void keep_coverage(LineSets* lines) override;
  LineSets code_lines() override;
  int rule_insteads() const override { return static_cast<int>(rule_instead_.size()); }
  uint8_t rule_instead(int i) const override { return rule_instead_[static_cast<size_t>(i)].kinds; }
  int copied(const State& s, int card) override;
  int lasting(const State& s, int slot, Fn fn, const int* args, int value) override;
  int battle_over(const State& s) override;
  int battle_winner(const State& s, int winner) override;
  int battle_vp(const State& s, int winner, bool withdrew, int reason, int cards_left, int vp) override;
  int game_over(const State& s, int& reason) override;
  int turn_actions(const State& s, int player, std::string* texts) override;
  long long work() const override;
  void restart_work() override { restart_count(L_); }
  /// The globals a script's environment holds (script_globals).
  std::map<std::string, std::vector<std::string>> env_globals() const;

  /// The lasting effects the set's cards and the house rules declare, in load order (the
  /// loader moves them into CardSet::lasting).
  const std::vector<LastingDef>& lasting_defs() const { return lasting_defs_; }
  /// The index of lasting effect `name` declared by `card` (kNone: a house rule's), or -1.
  int find_effect(int card, std::string_view name) const;
  /// The names of the effects `card` declares (for "did you mean").
  std::vector<std::string_view> effect_names(int card) const;
  /// Pushes a lasting effect's data as a table (field -> value; names from `b`'s game).
  void push_data(const BoardCore& b, const Lasting& e);

  lua_State* L() const { return L_; }
  AbilityCtx* ctx() const { return ctx_; }
  const Engine* engine() const { return eng_; }
  void push_id(int card);          // pushes the card's id string
  int check_card(int arg);         // a card id argument -> index, or a Lua error
  /// A card id (a string of the Lua state) -> its index, or -1. Short Lua strings are interned:
  /// an id passed back by a script is the very string the engine pushed, found by its address;
  /// the text is looked up only for anything else.
  int find_id(const char* id) const {
    for (size_t h = id_hash(id); id_slot_[h].ptr; h = (h + 1) & (kIdSlots - 1))
      if (id_slot_[h].ptr == id) return id_slot_[h].card;
    return find_id_by_text(id);
  }
  int find_id_by_text(const char* id) const;
  [[noreturn, gnu::cold, gnu::noinline]] void unknown_card(const char* id);  // its error, naming the nearest
  void push_theater(int t);        // pushes a theater id's name
  /// Pushes the filter table of card `card`'s declared ability { flip = filter }.
  void push_declared_filter(int card);
  int find_theater(const char* name) const;  // theater id, or -1
  /// "card ID (FILE)" or "house rule (FILE)", for messages; with `effect` (a lasting effect's
  /// definition), "effect NAME of card ID (FILE)".
  std::string who(const Due& d, int effect = -1) const;
  /// For a trigger whose event another card's ability caused (e.cause): " (set off by card ID
  /// (FILE)'s ability)", so that an error names the card that made the situation; else "".
  std::string set_off_by(const Due& d) const;
  /// g:use_ability (API 5): runs card `other`'s instant ability now, nested in the running one, as
  /// card `self`'s own (its function gets (g, self); the effects it starts are declared by
  /// `other`'s file). Raises a Lua error past kMaxUseDepth nested uses, or re-raises the ability's.
  void use_ability(AbilityCtx& c, int self, int other);
  static constexpr int kMaxUseDepth = 8;

  // g:cards (lua_verbs.h, Verbs::cards)
  /// A g:cards filter table, parsed (lua_verbs.h). Filters of read-only tables are parsed once.
  struct CardFilter {
    int player = -1;              // 0 or 1; -1 any
    int except = -1;              // a card index
    uint8_t theaters = 0xff;      // bit t: theater id t allowed (theater, theaters)
    bool adjacent = false;        // adjacent to the running ability's card
    int adjacent_to = -2;         // a theater id; -1: none (false); -2: no such filter
    bool uncovered = false, covered = false, faceup = false, facedown = false, flippable = false;
  };
  static constexpr int kFilterNames = 11;
  /// The filter names g:cards knows (lua_verbs.h's `enum Filter` follows this order).
  static constexpr const char* kFilterText[kFilterNames] = {
      "player", "except", "uncovered", "covered", "faceup", "facedown", "flippable", "theater", "adjacent", "adjacent_to",
      "theaters"};
  const char* filter_name_[kFilterNames] = {};  // the interned filter names (pointer comparison)
  /// The options of g:choose_card and g:choose_theater ("may" first: the only one of choose_card).
  /// ("may" and "prompt" first: the only ones of choose_card).
  static constexpr int kOptionNames = 5;
  static constexpr const char* kOptionText[kOptionNames] = {"may", "prompt", "card", "play", "about"};
  const char* option_name_[kOptionNames] = {};  // interned, as filter_name_
  std::vector<std::pair<const void*, CardFilter>> filter_cache_;  // read-only filter tables, parsed
  int filter_cache_ref_ = -2;  // registry: keeps every cached table alive (its address is the key)
  /// Texts scripts gave the state lately (Verbs::plain_text: prompts, counters' and data fields'
  /// names), by their Lua string's address, with the rule they passed (max * 2 + word) and the
  /// number the game's table of names gave them; good for that registry of tables (a twin takes
  /// its engine's once loaded) while no table has gone since (Interned::releases). A cached
  /// string is kept alive (name_pins_ref_): its address names it.
  struct NameCacheEntry {
    const char* text = nullptr;
    const void* registry = nullptr;
    uint32_t names = 0;
    uint32_t rule = 0;
    uint64_t releases = 0;
    int id = 0;
  };
  static constexpr int kNameCache = 8;
  NameCacheEntry name_cache_[kNameCache] = {};
  int name_pins_ref_ = -2;  // registry: the cached strings, by slot

 private:
  // Replacement effects (API 6; instead.cpp): an `instead` table's functions' refs, by Instead.
  using InsteadRefs = std::array<int, static_cast<int>(Instead::Count)>;
  /// Reads the `instead` table at `idx` (refs filled, LUA_NOREF for none); its kinds' bits.
  uint8_t read_instead(int idx, const std::string& where, InsteadRefs& refs);
  /// A card file's `instead` (API 6), its refs to instead_ref_.
  void read_card_instead(int c, CardDef& d, const std::string& w, int api);
  /// A rules table's `instead` (API 6, any set): its kinds into r.instead, its functions to rule_instead_; whether it has one.
  bool read_rule_instead(int t, Rules& r, const std::string& w);
  void push_instead_event(const AbilityCtx& c, Instead k, int card, int to);
  std::vector<InsteadRefs> instead_ref_;          // by card
  std::vector<InsteadRefs> lasting_instead_ref_;  // by lasting effect definition
  struct RuleInstead {
    std::string file;
    InsteadRefs refs;
    uint8_t kinds;  // bit k: Instead(k)
  };
  std::vector<RuleInstead> rule_instead_;  // the rules with one, in order
  // Reads a `params` field (set.lua's, a house rule's table) into rules.params and publishes
  // every param declared so far as the scripts' read-only global `params`.
  void read_params(int t, Rules& rules, const std::string& where);
  void publish_params(const Rules& rules);
  std::vector<std::pair<std::string, double>> param_values_;
  /// Keeps the theater names as Lua strings (pushed without hashing, compared by address).
  void intern_theaters(const std::vector<std::string>& names);
  void load_set_protected(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules,
                          std::string& reading);
  // The steps of loading a set (loader.cpp): set.lua's fields (returns the card ids and sets
  // `bases`, the folders of the sets it extends, nearest first: its `extends`, that set's, ...),
  // the ids' index, and one card's file with its ability, ongoing effects and functions,
  // triggers and lasting effects.
  std::vector<std::string> read_manifest(const std::string& dir, const std::string& data_dir, const std::string& manifest,
                                         CardSet& set, Rules& rules, std::vector<std::string>& bases);
  // The folders `manifest`'s `extends` chain names, nearest first (a cycle, a set that is not
  // there or a chain over kMaxExtends: a LoadError naming the sets).
  std::vector<std::string> extends_chain(const std::string& dir, const std::string& data_dir, const std::string& manifest,
                                         const std::string& first);
  void index_ids(const std::vector<std::string>& ids, const std::string& manifest, CardSet& set);
  void load_card(const std::string& id, const std::string& dir, const std::vector<std::string>& bases, CardSet& set,
                 const Rules& rules, std::string& reading);
  void read_ability(int c, CardDef& d, const std::string& w, const CardSet& set, const Rules& rules);
  void read_copies(int c, CardDef& d, const std::string& w, int api);
  void read_own_may_play(int c, CardDef& d, const std::string& w, int api);
  void read_hand_triggers(int c, CardDef& d, const std::string& w, int api, std::array<int, kTriggerEvents>& trig);
  void read_ongoing(int c, CardDef& d, const std::string& w, int api,
                    std::array<int, static_cast<int>(Fn::Count)>& fns);
  void push_rules_table(const Rules& r);
  /// True for a function rule (its edited table on the stack), false for a table rule.
  bool run_rules_file(const std::string& path, const Rules& r, bool check_nils);
  /// `edited`: the table a function rule edited (its hooks were the rules' before it: one set to
  /// nil drops them); else a table rule's own (a hook it does not name keeps the earlier ones).
  void read_rules_table(int idx, Rules& r, const std::string& file, bool edited);
  /// `top_level`: called from the engine (not from inside a verb's call).
  int run_protected(AbilityCtx& c, const Due& d, bool top_level);
  void push_function(const Due& d, int effect);
  int push_arguments(const Due& d, int effect);
  /// Who a read-only call is (a card's function, a lasting effect's, or a hook), named only
  /// when an error needs it.
  struct Caller {
    int card = kNone;
    int effect = -1;  // a lasting effect's definition
    int hook = -1;    // a Hook
  };
  /// The arguments of ongoing function `fn` after `this` (docs/modding.md), its value last; returns how many.
  int push_fn_args(Fn fn, const int* args, int value);
  /// The result of an ongoing function just called (on the stack), checked and popped.
  int fn_result(Fn fn, const Caller& who);
  /// Reads a card file's or a rules table's `effects` table (at `idx`) into lasting_defs_.
  void read_effects(int idx, int card, int api, const std::string& where);
  /// Calls a read-only function (ongoing or answering hook) already pushed with `nargs`
  /// arguments above it; returns its one result on the stack. Throws ScriptError naming `who`.
  std::string caller_text(const Caller& c) const;
  void call_read_only(const State& s, int nargs, const Caller& caller, uint64_t ran, int nresults = 1);
  /// A reason a hook returned (the string on top of the stack, popped): 0 for "withdraw" and
  /// "control", else interned. Throws ScriptError unless printable text of 1 to 40 characters.
  int hook_reason(const BoardCore& b, const Caller& who);
  /// Calls every rule's turn_actions hook for `player` (read-only) and checks each list: the
  /// texts go to `texts` (kMaxTurnActions). With `want` >= 0 it stops at the action of that
  /// place, leaving its `run` function on the stack and its rule in turn_action_rule_; returns
  /// how many actions it read. Throws ScriptError naming the rule's file.
  int collect_turn_actions(const State& s, int player, std::string* texts, int want);
  /// After an outermost call: checks the shared variables of the files that ran (those whose
  /// code can assign one), puts them back, and returns the error message naming the first one a
  /// call assigned (section 11), or "".
  std::string restore_after_run();
  /// Sets the budget of an outermost call: `per_call`, or what is left of the action's if less.
  void start_budget(long long per_call, const char* message);
  /// Takes what the outermost call spent from the action's budget.
  void end_budget();
  void make_handle();

  lua_State* L_ = nullptr;
  const Engine* eng_ = nullptr;
  std::string data_dir_;
  Policy policy_ = Policy::user();
  std::vector<std::string> lib_dirs_;   // where use() looks: the set's lib/, its base's, scripts/lib
  AbilityCtx* ctx_ = nullptr;
  bool in_fn_ = false;               // inside an ongoing function: queries count declarations only
  std::vector<int> ability_ref_;     // registry refs of ability functions, by card
  int using_ = 0;                    // g:use_ability calls running, nested
  std::vector<int> copies_ref_;      // registry refs of `copies` functions, by card (LUA_NOREF: none; API 5)
  // The house rules' triggers (API 6), in the rules' order: each rule's file and its refs by event.
  std::vector<std::pair<std::string, std::array<int, kTriggerEvents>>> rule_triggers_;
  static int rule_triggers_entry(lua_State* L);
  std::vector<int> own_may_play_ref_;  // registry refs of a card's own `may_play`, by card (LUA_NOREF: none; API 6)
  // By card: the registry ref of the g:cards filter of a declared ability { flip = filter }
  // (use("flip").one), which runtime.cpp carries out without running Lua; LUA_NOREF for none.
  std::vector<int> declared_flip_ref_;
  std::vector<std::array<int, kTriggerEvents>> trigger_ref_;          // by card and event
  std::vector<std::array<int, static_cast<int>(Fn::Count)>> fn_ref_;  // by card and function
  // House-rule hooks, each kind in the order the rules were given: every answering hook of a kind
  // runs, in order (rules compose); an acting hook is the last rule's. hook_file_: each one's file.
  std::array<std::vector<int>, static_cast<int>(Hook::Count)> hook_ref_{};
  std::array<std::vector<std::string>, static_cast<int>(Hook::Count)> hook_file_;
  int hook_running_ = 0;  // which of its kind's hooks an answering hook's call is (error messages)
  int turn_action_rule_ = 0;  // which rule's turn_actions hook offered the turn action running (API 5)
  /// The last rule's hook of kind `h` (an acting hook's: the one that runs).
  int hook_last(Hook h) const { return hook_ref_[static_cast<int>(h)].back(); }
  /// Which rule's acting hook a due runs: event.from (kNone: the first; Engine::queue_hook).
  size_t hook_rule(const Due& d) const { return d.event.from == kNone ? 0 : d.event.from; }
  /// The acting hook due `d` runs (its rule's), or a ScriptError if no rule has it (a forged state).
  int hook_of(const Due& d) const;
  void push_hook(const std::vector<int>& refs, size_t i);
  std::vector<int> upvalues_ref_;    // per card: its functions' upvalues as loaded (freeze())
  uint64_t upvalues_written_ = 0;    // bit card: its file's code can assign a shared variable
  // Lasting effects (API 3): definitions, and their functions' and triggers' registry refs.
  std::vector<LastingDef> lasting_defs_;
  std::vector<std::array<int, static_cast<int>(Fn::Count)>> lasting_fn_ref_;
  std::vector<std::array<int, kTriggerEvents>> lasting_trigger_ref_;
  std::vector<int> rules_upvalues_;  // the same for each rules table with hooks
  std::vector<bool> rules_written_;  // ... whether its code can assign one
  bool any_rules_written_ = false;
  std::vector<std::string> rules_files_;  // ... its file, for messages
  // check_card: the interned id strings (Lua interns short strings) in an open-addressing table
  // keyed by address, so that an id a script passes back is found without hashing its text.
  static constexpr size_t kIdSlots = 128;  // at least twice kMaxCards
  struct IdSlot {
    const char* ptr = nullptr;
    int card = -1;
  };
  std::array<IdSlot, kIdSlots> id_slot_{};
  static size_t id_hash(const char* p) { return (reinterpret_cast<uintptr_t>(p) >> 4) & (kIdSlots - 1); }
  std::vector<int> theater_ref_;             // registry refs of the theater names, by id
  std::vector<const char*> theater_ptr_;     // their interned addresses
  std::vector<int> id_ref_;          // registry refs of the id strings, by card (push_id)
  int game_ref_ = -2;                // registry: the game handle userdata
  /// registry: each trigger event's metatable for `e` (an unknown field is an error naming the nearest)
  std::array<int, kTriggerEvents> event_meta_{};
  void make_event_metatables();
  int handler_ = 0;                  // the stack index of the calls' message handler (attach)
  uint64_t ran_ = 0;                 // cards whose functions ran since the last restore
  bool rules_ran_ = false;           // a hook ran since the last restore
  long long action_left_ = -1;       // instructions left to the action running (-1: none runs)
  long long spent_at_start_ = 0;     // instructions_spent() when the outermost call began
};

/// A verb of `g` as the editor files describe it (kVerbs in binding.cpp): its name, group
/// ("query", "decision", "effect"), the API that introduced it, its parameters ("name type", comma
/// separated, LuaLS syntax), its return type ("" none) and its doc.
struct VerbSpec {
  const char* name;
  const char* group;
  int api;
  const char* params;
  const char* returns;
  const char* doc;
};
/// Every verb of `g`, in the binding's order.
std::vector<VerbSpec> verb_specs();
/// The globals a card file or a house rule may read (the sandbox's and the card runtime's, read
/// off a new runtime), each with its fields (sorted) when it is a table ("string": {"byte", ...}).
std::map<std::string, std::vector<std::string>> script_globals();

/// Pushes one battle of g:battles() onto L as a table: number, winner, how ("control",
/// "withdraw" or a battle_over reason), vp, first, scores (API 4; scenarios' g:battles too).
void push_battle(lua_State* L, const Engine& e, const BoardCore& b, const BattleRecord& h);

}  // namespace als
