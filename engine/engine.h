// The rules engine: one card set with its rules, its Lua runtime, and the functions that play
// a game held in a State value. The Engine itself holds no game: any number of States can be
// played with one Engine (one thread at a time: its Lua runtime is not shared across threads).
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cardset.h"
#include "errors.h"
#include "events.h"
#include "state.h"

namespace als {

class Runtime;
struct AbilityCtx;

/// What one player may see (ruling 28). Positions are left to right.
struct View {
  int viewer = 0;                            // 0 or 1
  std::vector<std::string> theaters;         // names, left to right
  std::vector<std::string> hand[2];          // ids, or "?" for unknown cards
  std::vector<std::vector<std::string>> stacks[2];  // per position: "id", "~id" or "~?"
  std::vector<int> strength[2];              // per position: total strength
  std::vector<int> tokens[2];                // per position: supply tokens
  std::vector<int> controller;               // per position: 0 or 1
  int deck_size = 0;
  std::vector<std::string> deck_known;       // known cards in the deck, top first
  std::string held;                          // a card held by the viewer's pending decision
  int score[2] = {0, 0};
  int first = 0, battle = 1, to_act = -1;
};

class Engine {
 public:
  /// Loads a card set (a bundled name or a folder path) and house rules (bundled names or .lua
  /// paths, applied in order). `data_dir` holds the bundled `cards/` and `scripts/`.
  /// Throws LoadError naming the file and line.
  static std::shared_ptr<Engine> load(const std::string& cards, const std::vector<std::string>& rules,
                                      const std::string& data_dir);
  ~Engine();

  const CardSet& set() const { return set_; }
  const Rules& rules() const { return rules_; }
  const std::vector<std::string>& rule_names() const { return rule_names_; }
  /// XXH64 of every file the set and rules were loaded from, as 16 hex digits (game records).
  const std::string& content_hash() const { return hash_; }

  /// A new game dealt for battle 1 from `seed` (ruling 2).
  State new_game(uint64_t seed) const;
  /// An empty table position (all cards in the deck, set order) for scenario set-ups.
  State blank() const;

  // ---- playing -------------------------------------------------------------------------
  /// Appends every legal action now to `out` (cleared first), in canonical order
  /// (not sorted by text). Empty once the game is over.
  void legal(const State& s, std::vector<Action>& out) const;
  bool is_legal(const State& s, const Action& a) const;
  /// Applies a legal action and resolves everything it triggers, up to the next decision.
  /// Throws IllegalAction or ScriptError, leaving `s` exactly as it was.
  void apply(State& s, const Action& a, EventLog* log = nullptr) const;

  // ---- reading ---------------------------------------------------------------------------
  int to_act(const State& s) const;          // 0 or 1; -1 once the game is over
  DecisionKind decision_kind(const State& s) const;
  int strength(const State& s, int player, int theater) const;  // total, Support included
  int card_strength(const State& s, int card) const;            // a card on the board
  int controller(const State& s, int theater) const;            // 0 or 1 (ties: 1st player)
  bool uncovered(const State& s, int card) const;
  /// Player p's cards in a theater, bottom to top.
  int stack(const State& s, int player, int theater, uint8_t* out) const;
  /// A zone's cards in order (hand: order held; deck: top first). `player` is ignored for the deck.
  int zone(const State& s, Zone z, int player, uint8_t* out) const;
  bool adjacent(const State& s, int t1, int t2) const;
  View view(const State& s, int viewer) const;
  /// A 64-bit digest (XXH64) of everything in the state, field by field: two states with equal
  /// digests are, in practice, the same game at the same decision (game records).
  uint64_t digest(const State& s) const;

  // ---- text ------------------------------------------------------------------------------
  int theater_id(std::string_view name) const;  // -1 if unknown
  const std::string& theater_name(int id) const { return rules_.theaters[id]; }
  /// A card as `viewer` may name it: its id when known (viewer -1 knows everything), else its
  /// position "P:THEATER:N" on the board (P 1 or 2, N from the bottom), else "?".
  std::string card_label(const State& s, int card, int viewer) const;
  std::string option_text(const State& s, DecisionKind kind, uint16_t opt, int viewer) const;
  /// "deploy ID THEATER", "improvise ID THEATER", "withdraw", "choose OPTION".
  std::string action_text(const State& s, const Action& a, int viewer) const;
  /// Parses an exact action text as `action_text(.., viewer)` writes it, or throws IllegalAction.
  Action parse_action(const State& s, std::string_view text, int viewer) const;
  /// One log line for an event, as `viewer` may see it (-1: everything).
  std::string event_text(const Event& e, int viewer) const;

  // ---- used by the Lua binding (engine/script.cpp) -----------------------------------------
  Runtime& runtime() const { return *rt_; }
  // Ability verbs. Each keeps the board consistent and emits events.
  void op_flip(AbilityCtx& c, int card) const;
  void op_move(AbilityCtx& c, int card, int theater) const;
  void op_destroy(AbilityCtx& c, int card) const;
  void op_return(AbilityCtx& c, int card) const;
  int op_draw(AbilityCtx& c, int player) const;
  /// Plays a card from hand or held by an ability; returns false if it was destroyed as played.
  bool op_play(AbilityCtx& c, int player, int card, int theater, bool faceup) const;
  bool can_deploy(const Board& b, int player, int card, int theater) const;
  /// The highest printed strength `player` may deploy to a non-matching theater now
  /// (a large number with Air Drop's permission, -1 with no permission).
  int deploy_reach(const Board& b, int player) const;
  void play_options(const State& s, int player, uint16_t* out, int& n) const;
  void sort_options(const State& s, Decision& d) const;
  void emit(AbilityCtx* c, EventLog* log, Event e) const;

 private:
  Engine();
  void start_battle(Board& b, bool first_battle) const;
  void end_battle(Board& b, int winner, int vp, bool withdrew, EventLog* log) const;
  void end_turn(State& s, EventLog* log) const;
  void resolve(State& s, EventLog* log) const;
  void run_resolution(State& s, EventLog* log) const;
  void trigger(AbilityCtx* c, Board& b, int card) const;
  void place(Board& b, int player, int card, int theater, bool faceup) const;
  bool destroyed_on_play(const Board& b, int card) const;
  int base_strength(const Board& b, int card) const;
  void apply_unchecked(State& s, const Action& a, EventLog* log) const;

  CardSet set_;
  Rules rules_;
  std::vector<std::string> rule_names_;
  std::string hash_;
  std::unique_ptr<Runtime> rt_;
  uint64_t effect_cards_ = 0;    // cards with ongoing effects
  std::vector<int> theater_type_;  // card -> theater id of its type, or kNone
  // Sort keys giving the plain string order of option texts without building strings:
  // 2 * rank + 1 for an id or theater name, and an even key for "none" between them.
  std::vector<int> card_key_, theater_key_;
  int card_none_key_ = 0, theater_none_key_ = 0;
  void compute_sort_keys();
};

}  // namespace als
