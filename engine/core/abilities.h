// What the rules core asks of card scripts, as an interface of its own: the core (engine.cpp,
// resolve.cpp) includes nothing of Lua; the Lua binding (binding.cpp) implements `Scripts`.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "cardset.h"
#include "events.h"
#include "rng.h"
#include "state.h"

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
  /// An ability running: its card (kNone: a house rule's hook, or an effect a rule started) and
  /// whether it is a lasting effect's trigger. Left uninitialized: only the first `depth` are read.
  struct Running {
    uint8_t card;
    bool effect;
    What what;      // which of the card's abilities (its instant, a trigger) or which hook
    uint8_t uid;    // a lasting effect's trigger: the effect's Lasting::uid (kNone otherwise)
    uint8_t source; // the card whose script runs: `card`, or the card a copier copies or uses (API 5)
  };
  Running resolving[32];   // abilities running, innermost last
  /// The log line naming a trigger or a hook as it resolves is written only once it changes
  /// something (its first event, or a question): a trigger that does nothing writes no line.
  struct Header {
    uint8_t card;
    uint8_t what;
    int value;
  };
  Header headers[32];      // by depth (uninitialized: only those of `deferred` are read)
  uint32_t deferred = 0;   // bit d: headers[d] is not written yet
  int depth = 0;
  bool in_run = false;     // inside Scripts::run (events may be replays of an earlier run)
  // Once a decision is pending the rest of the run is dry: choices return nil, verbs that would
  // change the game do nothing, and errors are ignored (docs/design.md).
  bool dry = false;
  // An ongoing function or an answering hook: verbs that would change the game or ask a player
  // raise an error (docs/modding.md, "Ongoing functions" and "House-rule hooks").
  bool read_only = false;
  // Both players' totals in every theater (Engine::totals), kept once a verb has read them while
  // nothing can change them: the binding forgets them at every run and after every verb that may
  // change the game. Left uninitialized: read only while `totals_known`.
  bool totals_known = false;
  int totals[2][kMaxTheaters];
  uint64_t looked[2] = {0, 0};  // deck cards each player looked at (g:look) during this run
  Chooser* ask = nullptr;       // answers decisions during the run (Engine::apply's `ask`)
  // The generator scripts draw from while the run goes on (the game's, kept by the scripts during
  // the run): Engine::ask puts it back in the state before a chooser sees the state.
  Rng* rng = nullptr;
  // A re-run asked another question (Engine::ask): the run's error is a RerunMismatch. Set false
  // when a run begins (Scripts::run), so left uninitialized here: a play makes a context often.
  bool rerun_mismatch;
  // Replacements running (API 6, Engine::replaced), innermost last, as InsteadSource::code():
  // a replacement never replaces an event it causes itself.
  uint16_t replacing[8];
  uint8_t nreplacing = 0;
  // While a replacement runs: the first event it records about `instead_card` that moves or turns
  // it is marked as happening instead of Instead(instead_of - 1) (Event::instead; 0: none).
  uint8_t instead_of = 0;
  uint8_t instead_card;
  int instead_at;  // that event's place in log->events, once marked (-1: not kept)
};

/// The events a replacement effect may replace (API 6; docs/modding.md, "Replacement effects"):
/// the fields of an `instead` table, in this order.
enum class Instead : uint8_t { Destroy, Flip, Move, ReturnToHand, Count };
inline constexpr const char* kInsteadNames[static_cast<int>(Instead::Count)] = {"destroy", "flip", "move", "return_to_hand"};
/// As a log line says it: "Decoy of player 1 in land is flipped facedown instead of destroyed".
inline constexpr const char* kInsteadPast[static_cast<int>(Instead::Count)] = {"destroyed", "flipped", "moved",
                                                                               "returned to hand"};
/// A replacement that may apply to an event: a board card's own `instead` (about itself, while
/// faceup), a lasting effect's (index: its slot in Board::lasting) or a house rule's (index: the
/// rule's place among the rules with an `instead` table).
struct InsteadSource {
  enum Type : uint8_t { Card, Effect, Rule } type;
  uint8_t index;
  uint8_t uid = 0;  // an effect's Lasting::uid (its slot may be another's once effects end)
  /// One number for AbilityCtx::replacing.
  uint16_t code() const { return static_cast<uint16_t>(type << 8 | (type == Effect ? uid : index)); }
};
/// Instructions a dry run may still take to finish: past them (and within the 64 of the dry
/// count's period) it stops; its effects and errors are ignored anyway. None, so that a script
/// looping on the nil its pending question gave (`while #pool > 0 do ... end`) costs little at
/// each question.
constexpr long long kDryRunBudget = 0;

/// The functions of an ongoing card (docs/modding.md, "Ongoing functions"), as indexes.
/// MayFlip and MayMove are API 3's bans (docs/modding.md, "Bans on flips and moves"); MayDestroy API 6's.
enum class Fn : uint8_t { Strength, Total, MayPlay, MayWithdraw, DestroysPlay, MayFlip, MayMove, MayDestroy, Count };
/// Their names in a card's `ongoing` table, in the order of Fn.
inline constexpr const char* kFnNames[static_cast<int>(Fn::Count)] = {
    "strength", "total", "may_play", "may_withdraw", "destroys_play", "may_flip", "may_move", "may_destroy"};
/// The API a function needs (set.lua's `api`), in the order of Fn.
inline constexpr int kFnApi[static_cast<int>(Fn::Count)] = {2, 2, 2, 2, 2, 3, 3, 6};
/// What the editor files say of each (als editor): its parameters after (g, this), in LuaLS
/// syntax, what it returns, and when it is called.
struct FnDoc {
  const char* params;
  const char* returns;
  const char* doc;
};
inline constexpr FnDoc kFnDocs[static_cast<int>(Fn::Count)] = {
    {"card string, value integer", "integer", "A board card's strength (`value`: as counted so far)."},
    {"player integer, theater string, value integer", "integer", "A player's total in a theater."},
    {"player integer, card string, theater string, face \"faceup\"|\"facedown\", allowed boolean", "boolean",
     "Whether a play is allowed."},
    {"player integer, allowed boolean", "boolean", "Whether withdrawing is offered."},
    {"card string, player integer, theater string, face \"faceup\"|\"facedown\"", "boolean",
     "True: the card just played is destroyed at once, without its ability."},
    {"card string, allowed boolean", "boolean", "Whether an ability may flip the card (API 3)."},
    {"card string, to string, allowed boolean", "boolean", "Whether an ability may move the card to `to` (API 3)."},
    {"card string, allowed boolean", "boolean", "Whether an ability may destroy the card, on the board or in a hand (API 6)."},
};

// ---- house-rule hooks: one table ---------------------------------------------------------------
// Read by the loader (the names a rules table may have), the binding (the arguments each is
// called with) and the texts (how the log names a hook due). The trigger events and the kinds
// of event are in event_kinds.h.

struct HookKind {
  Hook hook;
  const char* name;  // as a rules table and the log name it
  What due;          // an acting hook: the What it is queued as; an answering one: What::Instant
  bool player_arg;   // an acting hook called with the player whose turn it is
  const char* params;   // the editor files' (als editor): its parameters after g, in LuaLS syntax
  const char* returns;  // what it returns ("" for an acting hook)
  const char* doc;
};
/// Every house-rule hook, in the order of Hook: the acting ones first, then the answering ones.
inline constexpr HookKind kHookTable[static_cast<int>(Hook::Count)] = {
    {Hook::BattleStart, "battle_start", What::HookBattleStart, false, "", "",
     "Acts after each battle's deal, before the 1st player's first turn."},
    {Hook::TurnStart, "turn_start", What::HookTurnStart, true, "player integer", "", "Acts as each turn begins."},
    {Hook::TurnEnd, "turn_end", What::HookTurnEnd, true, "player integer", "",
     "Acts after each turn, once everything it caused has resolved."},
    {Hook::Deal, "deal", What::HookDeal, false, "", "",
     "Acts instead of each battle's deal: hands start empty, every card in the deck (API 4)."},
    {Hook::TurnActions, "turn_actions", What::HookTurnAction, true, "player integer",
     "{text: string, run: fun(g: als.Game, player: integer)}[]?",
     "At each of `player`'s turns: the actions it offers beside the plays and withdrawal, each taken as the turn (API 5)."},
    {Hook::BattleOver, "battle_over", What::Instant, false, "over boolean|string|nil", "boolean|string|nil",
     "After each turn: true (or a reason) ends the battle as played out; `over` is the earlier rules' answer, kept by nil or false."},
    {Hook::BattleWinner, "battle_winner", What::Instant, false, "winner integer", "integer",
     "When a battle is played out: the winner, 1 or 2 (`winner`: the rules' so far, the earlier rules' hooks included)."},
    {Hook::BattleVp, "battle_vp", What::Instant, false,
     "winner integer, how string, cards_left integer, vp integer", "integer",
     "When a battle is decided: the VP its winner scores (0 to 10,000; `vp`: the earlier rules' hooks' answer)."},
    {Hook::GameOver, "game_over", What::Instant, false, "winner integer|nil, reason string|nil", "(1|2|false|nil), string?",
     "After each battle is scored: a player (and a reason) ends the game at once; `winner` and `reason` are the earlier rules' answer, kept by nil or false (API 4)."},
};
/// Whether every rule's hook of kind `h` runs, in the order the rules were given, not only the
/// last rule's: every kind (an answering hook sees the earlier answers, turn_actions lists are
/// joined, an acting hook's rules each act in turn: Rules::acting).
inline constexpr bool composes(Hook) { return true; }
/// The acting hooks queued as abilities due (battle_start, turn_start, turn_end, deal).
constexpr int kActingHooks = 4;
/// The most rules that may have a hook of one kind (each acting hook's rule is queued as its due).
constexpr size_t kMaxRuleHooks = 16;
/// The acting hook queued as `w` (is_hook(w)).
inline constexpr const HookKind& acting_hook(What w) {
  return kHookTable[static_cast<int>(w) - static_cast<int>(What::HookBattleStart)];
}
static_assert(kHookTable[2].due == What::HookTurnEnd && static_cast<int>(Hook::TurnEnd) == 2, "kHookTable follows Hook");
static_assert(kHookTable[3].due == What::HookDeal && static_cast<int>(Hook::Deal) == 3, "kHookTable follows Hook");
static_assert(kHookTable[4].due == What::HookTurnAction && static_cast<int>(Hook::TurnActions) == 4, "kHookTable follows Hook");

/// Lines of script files, by path: the lines run, or the lines of code (als cards --coverage).
using LineSets = std::map<std::string, std::set<int>, std::less<>>;

/// Card scripts as the rules core sees them. Every call may throw ScriptError (naming the card).
class Scripts {
 public:
  enum class Outcome { Done, Pending };
  virtual ~Scripts() = default;
  /// Called once, by the Engine's constructor, when the set and the rules are final: the scripts
  /// keep `e` for their runs.
  virtual void attach(const Engine& e) = 0;
  /// An action begins (Engine::apply, Engine::new_game) and ends: every script the action runs
  /// (abilities, triggers, hooks, ongoing functions) shares one instruction budget.
  virtual void begin_action() {}
  virtual void end_action() {}
  /// Runs an ability due (instant, trigger or acting hook) as the outermost of s->r.
  virtual Outcome run(AbilityCtx& c, const Due& d) = 0;
  /// From inside a verb (instants = "immediate"): runs an ability now, nested in the running one.
  virtual void run_nested(AbilityCtx& c, const Due& d) = 0;
  /// An ongoing function of card `holder` (faceup on the board), read-only. `args` are its
  /// arguments after `this`, in the order docs/modding.md gives them (cards and players as indexes, -1 for
  /// none); `value` is the value so far. Returns the new value (a boolean as 0 or 1).
  virtual int ongoing(const State& s, int holder, Fn fn, const int* args, int value) = 0;
  /// The card whose ongoing effects and triggers copier `card` (faceup on the board, CardDef::copies)
  /// has now: its `copies` function's answer (API 5), followed through copiers it names; kNone for
  /// none, and inside another read-only function (which counts declarations only).
  virtual int copied(const State& s, int card) { (void)s, (void)card; return kNone; }
  /// A card's own `may_play` (API 6): (g, this, player, theater, face, allowed) for a play of
  /// `card` (args: player, card, theater, faceup, as Fn::MayPlay's); returns whether it is allowed.
  virtual int own_may_play(const State& s, int card, const int* args, int allowed) { (void)s, (void)card, (void)args; return allowed; }
  /// Runs replacement `src`'s function for event `kind` of `card` (`to`: a move's theater, else
  /// kNone), nested in the ability running in `c` (API 6): whether it replaced the event. Raises a
  /// Lua error (as a nested ability does) when the function fails or returns neither a boolean nor nil.
  virtual bool run_instead(AbilityCtx& c, InsteadSource src, Instead kind, int card, int to) {
    (void)c, (void)src, (void)kind, (void)card, (void)to;
    return false;
  }
  /// The rules with an `instead` table (API 6), in the rules' order: how many, and the i-th's kinds
  /// (bit k: Instead(k)).
  virtual int rule_insteads() const { return 0; }
  virtual uint8_t rule_instead(int i) const { (void)i; return 0; }
  /// The same for lasting effect s.b.lasting[slot] (API 3): its function `fn`, with its data.
  virtual int lasting(const State& s, int slot, Fn fn, const int* args, int value) = 0;
  /// The answering house-rule hooks (docs/modding.md), read-only. battle_over: -1 the battle goes
  /// on; 0 it is over; a positive number: over, with that interned reason (API 3).
  virtual int battle_over(const State& s) = 0;
  virtual int battle_winner(const State& s, int winner) = 0;
  virtual int battle_vp(const State& s, int winner, bool withdrew, int reason, int cards_left, int vp) = 0;
  /// game_over (API 4): -1 the game goes on; else the player who wins it now, with `reason` set
  /// to the interned reason it gave (0 none).
  virtual int game_over(const State& s, int& reason) = 0;
  /// turn_actions (API 5), read-only: the actions every rule's hook offers `player` at a turn of
  /// state `s`, in the rules' order, their texts written to `texts` (at most kMaxTurnActions).
  /// Returns how many. Throws ScriptError (naming the rule's file) on a malformed list.
  virtual int turn_actions(const State& s, int player, std::string* texts) { (void)s, (void)player, (void)texts; return 0; }
  /// Line coverage (als cards --coverage): while `lines` is set, each line a script runs is added
  /// to it under its file's path; nullptr stops it.
  virtual void keep_coverage(LineSets* lines) { (void)lines; }
  /// The lines of code of each file of the set and its rules (not the bundled libraries): the lines
  /// of the functions the scripts hold (a function made inside another counts once it was run).
  virtual LineSets code_lines() { return {}; }
  /// Lua instructions these scripts have run since they were loaded: a count that only grows and
  /// is the same on every machine (a search's budget of the rules' work reads it). 0 for none.
  virtual long long work() const { return 0; }
  /// Starts counting work afresh (the count's period restarted), so that the work from here on
  /// is the same whatever ran before: called as a search begins.
  virtual void restart_work() {}
};

}  // namespace als
