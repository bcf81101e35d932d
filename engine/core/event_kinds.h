// Every kind of event the core records, one row each: the one place a kind of event is declared.
// A row says which trigger the event fires (the name a card's `triggers` table uses, the fields
// of the trigger's `e`), which acting house-rule hook runs at it, and its log line. Each change
// the core makes (an op_* of engine.cpp, a turn or battle step of resolve.cpp) builds one Event
// record of its kind and hands it to Engine::emit (the log, the serve stream, records, each
// seat's text) and Engine::fire (the triggers and hooks): both read the record, nothing else.
//
// Adding a trigger event is three files: its rows here (a trigger row and an event row), the
// op_* that records it (engine.cpp), and its documentation (docs/modding.md). The loader, the
// binding (which builds `e` from the row's fields), the texts, the digest and `als cards` read
// these tables.
#pragma once
#include <cstdint>

#include "cardset.h"

namespace als {

/// The fields of a trigger's event table `e` (docs/modding.md, "Triggered abilities"), beside
/// `card` and `cause`, which it has whenever the event has them. Each names one field of the
/// record (EventFacts) and what the binding makes of it.
enum EventField : uint16_t {
  kFieldPlayer = 1,        // e.player = player: who played, whose turn, the card's owner
  kFieldTheater = 2,       // e.theater = theater: where a card was played
  kFieldFace = 4,          // e.face = faceup: "faceup" or "facedown"
  kFieldFrom = 8,          // e.from = from: the theater a card left, "hand", or "deck" (API 4's to_hand)
  kFieldTo = 16,           // e.to = theater: the theater a card moved to
  kFieldWinner = 32,       // e.winner = player: the battle's winner
  kFieldHow = 64,          // e.how = withdrew: "control", "withdraw" or a battle_over hook's reason
  kFieldFromPlayer = 128,  // e.from = from_player: the player a card was given from (API 3)
  kFieldBy = 256,          // e.by = by: the card placed or moved on top of it
  kFieldShownTo = 512,     // e.to = shown_to: the player a card was shown to, 1 or 2, or "both" (API 4)
};

/// Each EventField's name in `e`, its LuaLS type and what it is (the editor files: als editor).
struct EventFieldDoc {
  uint16_t bit;
  const char* name;
  const char* type;
  const char* doc;
};
inline constexpr EventFieldDoc kEventFieldDocs[] = {
    {kFieldPlayer, "player", "integer", "who played; whose turn; the card's owner or new holder"},
    {kFieldTheater, "theater", "string", "where the card was played"},
    {kFieldFace, "face", "\"faceup\"|\"facedown\"", "the card's face"},
    {kFieldFrom, "from", "string", "the theater the card left, \"hand\" or \"deck\""},
    {kFieldTo, "to", "string", "the theater the card moved to"},
    {kFieldWinner, "winner", "integer", "the battle's winner"},
    {kFieldHow, "how", "string", "\"control\", \"withdraw\" or a battle_over hook's reason"},
    {kFieldFromPlayer, "from", "integer", "the player the card was given from"},
    {kFieldBy, "by", "string", "the card placed or moved on top of it"},
    {kFieldShownTo, "to", "1|2|\"both\"", "the player the card was shown to"},
};

// The trigger events, in order: X(name in What, name in `triggers`, EventField bits of `e`,
// the script API that has it, its digest code, when it fires: the editor files' doc). A new one
// goes at the end with the next code (12-14, 16 and 18 are the acting hooks').
#define ALS_TRIGGER_EVENTS(X) \
  X(Played, "played", kFieldPlayer | kFieldTheater | kFieldFace, 2, 1, "A card was played (turn action or ability) and not destroyed as played.") \
  X(Covered, "covered", kFieldBy, 2, 2, "A card became covered (a card placed or moved onto it).") \
  X(Uncovered, "uncovered", 0, 2, 3, "The card above a card left its stack.") \
  X(Flipped, "flipped", kFieldFace, 2, 4, "A board card turned over.") \
  X(Moved, "moved", kFieldFrom | kFieldTo, 2, 5, "A board card changed theater.") \
  X(Destroyed, "destroyed", kFieldPlayer | kFieldFrom, 2, 6, "A card went from the board or a hand to the deck by g:destroy, or a play was destroyed.") \
  X(Returned, "returned", kFieldPlayer | kFieldFrom, 2, 7, "A board card went to its owner's hand.") \
  X(TurnStart, "turn_start", kFieldPlayer, 2, 8, "A player's turn begins.") \
  X(TurnEnd, "turn_end", kFieldPlayer, 2, 9, "A player's turn has ended, with everything it caused resolved.") \
  X(BattleEnd, "battle_end", kFieldWinner | kFieldHow, 2, 10, "A battle is decided, before VP are scored; the board is still there.") \
  X(Given, "given", kFieldPlayer | kFieldFromPlayer, 3, 11, "A board card went to the other player (g:give; API 3).") \
  X(Revealed, "revealed", kFieldShownTo, 4, 15, "A card was shown to a player who did not know it (g:reveal; API 4).") \
  X(ToHand, "to_hand", kFieldPlayer | kFieldFrom, 4, 17, "A card went to a hand by g:to_hand (API 4).")

/// What an ability due is: a card's instant ability, one of its triggers (docs/modding.md,
/// "Triggers"), or an acting house-rule hook (docs/modding.md, "House-rule hooks").
enum class What : uint8_t {
  Instant,
#define ALS_WHAT_VALUE(name, ...) name,
  ALS_TRIGGER_EVENTS(ALS_WHAT_VALUE)
#undef ALS_WHAT_VALUE
  HookBattleStart, HookTurnStart, HookTurnEnd, HookDeal,  // in the order of Hook's acting hooks
  HookTurnAction,  // a turn action a turn_actions hook offered, taken (API 5): its `run`
};
constexpr int kTriggerEvents = static_cast<int>(What::HookBattleStart) - static_cast<int>(What::Played);
inline bool is_trigger(What w) { return w >= What::Played && w < What::HookBattleStart; }
inline bool is_hook(What w) { return w >= What::HookBattleStart; }

struct TriggerEvent {
  What what;
  const char* name;  // as a card's `triggers` table and the log name it
  uint16_t fields;   // EventField bits
  int api;           // the script API that has it
  uint8_t code;      // its code in a state's digest (fixed: never reused)
  const char* doc;   // when it fires (the editor files: als editor)
};
/// Every trigger event, in the order of What (Played onwards).
inline constexpr TriggerEvent kTriggerTable[kTriggerEvents] = {
#define ALS_TRIGGER_ROW(w, name, fields, api, code, doc) {What::w, name, fields, api, code, doc},
    ALS_TRIGGER_EVENTS(ALS_TRIGGER_ROW)
#undef ALS_TRIGGER_ROW
};
inline constexpr const TriggerEvent& trigger_event(What w) {
  return kTriggerTable[static_cast<int>(w) - static_cast<int>(What::Played)];
}

/// Where a field of one event means less than kEventFieldDocs's general words say: the editor
/// files give that event's field these words instead.
struct EventFieldNote {
  What what;
  uint16_t bit;
  const char* doc;
};
inline constexpr EventFieldNote kEventFieldNotes[] = {
    {What::Played, kFieldPlayer, "who played the card"},
    {What::Destroyed, kFieldPlayer, "the card's owner"},
    {What::Destroyed, kFieldFrom, "the theater the card left, or \"hand\" (a play destroyed as played: its theater)"},
    {What::Returned, kFieldPlayer, "the card's owner, whose hand it went to"},
    {What::Returned, kFieldFrom, "the theater the card left"},
    {What::Moved, kFieldFrom, "the theater the card left"},
    {What::TurnStart, kFieldPlayer, "whose turn begins"},
    {What::TurnEnd, kFieldPlayer, "whose turn has ended"},
    {What::Given, kFieldPlayer, "the card's new holder"},
    {What::ToHand, kFieldPlayer, "whose hand the card went to"},
};
/// The editor files' words for field `bit` of trigger event `w`: its note, else `general`.
inline constexpr const char* event_field_doc(What w, uint16_t bit, const char* general) {
  for (const EventFieldNote& n : kEventFieldNotes)
    if (n.what == w && n.bit == bit) return n.doc;
  return general;
}

/// The log line of an event kind: a template (below), or one of these.
inline constexpr const char* kNoLine = "";        // the event is not logged (it only fires triggers and hooks)
inline constexpr const char* kCodedLine = nullptr;  // Engine::event_line writes it (it varies by more than names)

// The kinds of event, in order: X(name in Event::Type, the trigger it fires (Instant: none), the
// acting hook that runs at it (Count: none), its log line). A template's fields are written as
// each seat may read them: {player} "player 2"; {card} the card's id where the seat knows it,
// else "a facedown card" (or "a card in player 2's hand", "a card of the deck" by `from`);
// {theater}, {from} theater names ("hand" for a hand); {from_player}; {face} "faceup" or
// "facedown"; {value}; {text}; {card_at} the card and where it lies by `theater` (a theater:
// "containment of player 2 in air" or "a facedown card of player 2 in air"; kHandTheater: "a card
// in player 2's hand"; kDeckPlace: "a card of the deck"); {shown_to} "player 1", "player 2" or
// "both players". A new kind goes at the end (Event::Type keeps its numbers).
#define ALS_EVENT_KINDS(X)                                                   \
  X(Deploy, Played, Count, "{player} deploys {card} to {theater}")          \
  X(Improvise, Played, Count, kCodedLine)                                   \
  X(Withdraw, Instant, Count, kCodedLine)                                   \
  X(Destroy, Destroyed, Count, kCodedLine)                                  \
  X(Flip, Flipped, Count, "{card} of {player} in {theater} is flipped {face}") \
  X(Move, Moved, Count, "{card} of {player} moves from {from} to {theater}") \
  X(Return, Returned, Count, "{player} returns {card} from {from} to hand")  \
  X(Draw, Instant, Count, kCodedLine)                                       \
  X(Ability, Instant, Count, kCodedLine)                                    \
  X(Interrupted, Instant, Count, kCodedLine)                                \
  X(Choice, Instant, Count, kCodedLine)                                     \
  X(Skip, Instant, Count, "{player} has no cards left and is skipped")      \
  X(Tokens, Instant, Count, kCodedLine)                                     \
  X(BattleEnd, Instant, Count, kCodedLine)                                  \
  X(GameEnd, Instant, Count, kCodedLine)                                    \
  X(Vp, Instant, Count, kCodedLine)                                         \
  X(Log, Instant, Count, "{text}")                                          \
  X(ToDeck, Instant, Count, kCodedLine)                                     \
  X(Look, Instant, Count, kCodedLine)                                       \
  X(Counter, Instant, Count, kCodedLine)                                    \
  X(Give, Given, Count, "{card} in {theater} goes from {from_player} to {player}") \
  X(Deal, Instant, Count, kCodedLine)                                       \
  X(EffectStart, Instant, Count, kCodedLine)                                \
  X(EffectEnd, Instant, Count, kCodedLine)                                  \
  X(BattleStart, Instant, BattleStart, kCodedLine)                          \
  X(Covered, Covered, Count, kNoLine)                                       \
  X(Uncovered, Uncovered, Count, kNoLine)                                   \
  X(TurnStart, TurnStart, TurnStart, kNoLine)                               \
  X(TurnEnd, TurnEnd, TurnEnd, kNoLine)                                     \
  X(BattleDecided, BattleEnd, Count, kNoLine)                               \
  X(Reveal, Revealed, Count, "{card_at} is shown to {shown_to}")           \
  X(ToHand, ToHand, Count, kCodedLine)                                      \
  X(Dealing, Instant, Deal, kNoLine)                                         \
  X(TurnAction, Instant, Count, "{player} takes the action: {text}") \
  X(Measure, Instant, Count, kNoLine)                                       \
  X(Replaced, Instant, Count, kCodedLine)

struct EventKind {
  const char* name;  // the Event::Type's name
  What trigger;      // the trigger it fires, What::Instant for none
  Hook hook;         // the acting house-rule hook that runs at it, Hook::Count for none
  const char* line;  // its log line: a template, kNoLine or kCodedLine
};

/// What a trigger due keeps of the event that fired it (Due::e): the fields of the Event record
/// its trigger's row lists (EventField), the others kNone. One meaning each.
struct EventFacts {
  uint8_t card = kNone;         // e.card: the card the event is about
  uint8_t player = kNone;       // e.player, e.winner
  uint8_t theater = kNone;      // e.theater, e.to: the theater the card is in after the event
  uint8_t from = kNone;         // e.from: the theater the card left, or kHandTheater (state.h)
  uint8_t from_player = kNone;  // e.from of `given`: the card's owner before
  uint8_t by = kNone;           // e.by: the card on top of it
  uint8_t cause = kNone;        // e.cause: the card whose ability caused it, kRuleCause, or kNone
  uint8_t faceup : 1 = 0;       // e.face
  uint8_t withdrew : 1 = 0;     // e.how: 1 "withdraw"
  uint8_t shown_to : 2 = 0;     // e.to of `revealed`: bit p, player p was shown the card
  uint8_t left_board : 1 = 0;   // an instant's due (not an event's): its card left the board since it became due (ruling 29)
  uint8_t flipped : 1 = 0;      // an instant's due: its card came faceup by a flip, not a play (API 6's `how`)
  bool operator==(const EventFacts&) const = default;
};
static_assert(sizeof(EventFacts) == 8, "a Due stays small (the state holds kMaxDue of them)");

}  // namespace als
