// What each verb does to a game (verbs.cpp): the changes a card's ability, a house rule's hook
// or a scenario's set-up may make, each keeping the board consistent (the location index, who
// knows what), recording its event and firing the triggers of docs/modding.md, "Triggers". The
// binding (engine/script) changes a game only through these. An Engine gives them through
// Engine::ops(); an Ops is a view of the engine (one pointer), made and dropped freely.
#pragma once
#include <cstdint>
#include <string>

#include "abilities.h"
#include "events.h"
#include "state.h"

namespace als {

class Engine;

/// The verbs of one engine (Engine::ops()).
class Ops {
 public:
  explicit Ops(const Engine& e) : e_(e) {}
  /// The engine's scripts, for a tool that inspects them (als cards --coverage: Scripts::keep_coverage).
  Scripts* scripts() const;  // (nullptr: an engine without scripts)

  /// Plays a card from hand, held by an ability or looked at on the deck (RB "Deploy",
  /// "Improvise"); returns false if it was destroyed as played (rulings 18-20).
  bool play(AbilityCtx& c, int player, int card, int theater, bool faceup) const;
  /// Turns a board card over (RB "Flip") unless a rule or a ban refuses it (Engine::may_flip) or
  /// a replacement replaces it (API 6, Engine::replaced): returns whether it turned.
  bool flip(AbilityCtx& c, int card) const;
  /// Moves a board card on top of its owner's stack in `theater` (RB "Move") unless a ban
  /// refuses it (Engine::may_move) or a replacement replaces it (API 6): returns whether it moved.
  bool move(AbilityCtx& c, int card, int theater) const;
  /// A board or hand card, to the deck bottom; false, with nothing changed, when a may_destroy
  /// ban refuses it, or with what a replacement did instead (API 6).
  bool destroy(AbilityCtx& c, int card) const;
  /// A board card to the end of its owner's hand (ruling 26); false when a replacement replaced
  /// it (API 6).
  bool return_card(AbilityCtx& c, int card) const;
  void to_deck(AbilityCtx& c, int card, bool top) const;  // a board or hand card
  int draw(AbilityCtx& c, int player) const;            // the card drawn, or kNone (an empty deck)
  /// The top n cards of the deck, top first, into `out`; `player` now knows them.
  int look(AbilityCtx& c, int player, int n, uint8_t* out) const;
  void gain_vp(AbilityCtx& c, int player, int vp) const;
  /// API 5's g:lose_vp: `player` loses up to `vp` VP (0 <= vp), never going below 0; returns the
  /// VP lost. The Vp event records it as a negative gain.
  int lose_vp(AbilityCtx& c, int player, int vp) const;
  void log(AbilityCtx& c, const std::string& text) const;  // a script's own log line
  // g:measure: `n` toward the designer's measure `name` in this game (an event no seat reads)
  void measure(AbilityCtx& c, const std::string& name, int n) const;
  /// API 4's g:reveal: the players of `to` (bit p: player p) who do not know `card` (in a hand,
  /// on the board, in the deck or held) learn it, and `revealed` fires once for them; nothing
  /// else changes (docs/modding.md, "Knowledge").
  void reveal(AbilityCtx& c, int card, int to) const;
  /// API 4's g:to_hand: `card` (in the deck, a hand or on the board) goes to the end of `player`'s
  /// hand, facedown; the player learns it. False if it is in that hand already.
  bool to_hand(AbilityCtx& c, int card, int player) const;
  /// g:allow_anywhere: `player` may deploy to a theater that does not match the card's type on
  /// their next play, or (`whole_turn`) during their next turn (ruling 21).
  void allow_anywhere(AbilityCtx& c, int player, bool whole_turn) const;
  /// g:extra_turn: `player` takes one more turn right after the current one.
  void extra_turn(AbilityCtx& c, int player) const;
  /// `n` supply tokens (+1 strength each; negative: removed) on `player`'s side of `theater`.
  /// Throws ScriptError if a count would leave 0 to kMaxTokens.
  void add_tokens(AbilityCtx& c, int player, int theater, int n) const;
  /// Sets counter `name` (interned) of `target` (a board card's index, or kCounterPlayer + p) to
  /// `value` (-kCounterLimit..kCounterLimit; 0 removes it) and logs the change. Throws
  /// ScriptError when more than kMaxCounters would be set or the value is out of range.
  void set_counter(AbilityCtx& c, int target, int name, int value) const;
  /// The same outside any ability (scenario set-ups): no event.
  void set_counter(State& s, int target, int name, int value) const;
  /// A board card goes to the top of `player`'s side of its theater, same face, and is theirs
  /// from now on (fires `given`, `covered`, `uncovered`); false if it is theirs already.
  bool give(AbilityCtx& c, int card, int player) const;
  /// `player` takes the top `n` cards of the deck into hand (fewer if it is shorter): their
  /// indexes, top first, into `out`; returns how many.
  int deal(AbilityCtx& c, int player, int n, uint8_t* out) const;
  /// Starts lasting effect `e` (its definition: CardSet::lasting[e.effect]; its card, player and
  /// data set by the caller) until `until` (`turns`: N of { turns = N }, 1 to kMaxEffectTurns),
  /// noting when it started. Throws ScriptError past kMaxLasting effects.
  /// Returns the effect's uid (g:effect's id, API 6).
  int effect(AbilityCtx& c, Lasting e, Until until, int turns = 0) const;
  /// g:end_effect (API 6): the lasting effect `uid` ends now (it acts no more; EffectEnd is told).
  /// False, with nothing changed, if no effect with that uid lasts now.
  bool end_effect(AbilityCtx& c, int uid) const;
  /// Puts the fields of `e`'s data in the order of their names (g:effect and a scenario's setup
  /// give them in a Lua table's order, which the state must not depend on).
  void order_effect_data(const BoardCore& b, Lasting& e) const;
  /// The same as effect without an event, on a board (a scenario's setup): `e` gets its uid and ends.
  void start_lasting(Board& b, Lasting& e, Until until, int turns = 0) const;
  /// What begins a battle, in a position set up by hand (a scenario's setup{battle_start = true}):
  /// the battle_start hooks, then the first turn's turn_start abilities, as after a deal (the
  /// deal hook is not run: the position has its hands). The position's turn becomes the one those
  /// start (its turn number unchanged). A question asked stays pending in `s`; `log` gets the
  /// lines. Throws ScriptError as an action does.
  void begin_battle(State& s, EventLog* log) const;

  /// The decision protocol, for the binding's decision verbs (docs/design.md, "Abilities that
  /// wait"): the running ability asks `player` a question of `kind` (with a card shown, and the
  /// card it is about, or kNone) with options `opts` (n of them, in any order, repeats allowed:
  /// kept as a set, as the decision keeps them).
  /// Returns the answer: kNone at once when there is nothing to choose (no option, or only
  /// "none") or the run is already dry; the recorded answer when the ability is re-run; the
  /// chooser's answer during the run (c.ask, recorded with its Choice event). Otherwise the state
  /// now holds the decision, the rest of the run is dry (c.dry) and -1 is returned. Throws
  /// ScriptError if a re-run asks a question its recorded answer does not fit, IllegalAction if
  /// the chooser answers with no option. An Option question (API 4) gives its texts in `texts`:
  /// one interned name, the texts joined by '\n', option k the kth.
  int ask(AbilityCtx& c, int player, DecisionKind kind, const uint16_t* opts, int n, int card_shown = kNone,
          int about = kNone, int prompt = 0, int texts = 0) const;
  /// Logs the record of a change (to c's log inside an ability, else to `log`) as its kind's row
  /// says: not at all for a kind with no line, and only if the log keeps the type. The logged
  /// copy gets the running ability as its cause and who knows its card (knowledge.h).
  void emit(AbilityCtx* c, EventLog* log, const Event& e) const;
  /// Writes the deferred log lines of the triggers and hooks running in `c` (outermost first).
  void flush_headers(AbilityCtx& c) const;

 private:
  const Engine& e_;
};

}  // namespace als
