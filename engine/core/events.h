// What happened, as typed records: every play, flip, move, destroy, trigger event, battle
// result and game result (event_kinds.h lists the kinds). An event records who knew the card when
// it happened, so that a log shown to a player never names a card that player may not see (ruling 28).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cardset.h"
#include "event_kinds.h"
#include "state.h"

namespace als {

/// One change the core made, as its typed record (event_kinds.h lists the kinds). The fields
/// each kind sets are listed by its Type; the others keep their defaults.
struct Event {
  enum Type : uint8_t {
#define ALS_EVENT_TYPE(name, ...) name,
    ALS_EVENT_KINDS(ALS_EVENT_TYPE)
#undef ALS_EVENT_TYPE
    // Deploy, Improvise: player played card faceup / facedown to theater.
    // Withdraw: player withdrew; value: cards left in hand.
    // Destroy: card (of its owner player) went to the bottom of the deck from `from` (a theater
    //   or kHandTheater); destroyed as it was played in theater: `by` is the card (or kRuleCause)
    //   whose ongoing ability destroyed it.
    // Flip: card (of player, in theater) turned to faceup. Move: card moved from `from` to theater.
    // Return: card returned from `from` to its owner player's hand. Draw: player drew card.
    // Ability: card's ability `what` starts resolving (value > 0: lasting effect value - 1's).
    // Interrupted: that ability stopped, its card flipped facedown. Choice: player answered a
    //   decision of `kind` with `option` (encoded). Skip: player is skipped (empty hand).
    // Tokens: player placed `value` supply tokens in theater (negative: removed).
    // BattleEnd: player won battle `value`, scoring `vp`; `withdrew`, or `option`: the
    //   interned reason (0 none); score after it. GameEnd: player won the game, score.
    // Vp: player gained `value` VP (g:gain_vp), or lost -`value` (g:lose_vp, API 5); score after it. Log: a line a script wrote, text.
    // ToDeck: card went facedown to the top (value 1) or bottom (0) of the deck from `from`
    //   (a theater, kHandTheater or kDeckPlace); player: its owner (none from the deck).
    // Look: player looked at card, the `value`th from the top of the deck.
    // Counter: counter `option` (interned) of card (or of player, card kNone) went from `vp` to `value`.
    // Give: card (in theater, face `faceup`) went from player `from_player` to player.
    // Deal: player took card from the deck into hand.
    // EffectStart: lasting effect `value` (CardSet::lasting) of card began, until `option`
    //   (Until, state.h). EffectEnd: it ended.
    // BattleStart: battle `value` was dealt; player holds the 1st-player Supreme Commander;
    //   text: the theaters, left to right.
    // Covered: card became covered by `by`. Uncovered: card's cover left. TurnStart, TurnEnd:
    //   player's turn begins / has ended. BattleDecided: player won the battle (withdrew: by
    //   withdrawal), before it is scored.
    // Reveal: card was shown to the players `shown_to` (bit p: player p) where it lies: theater
    //   (a theater, kHandTheater or kDeckPlace), player the owner of its hand or side (API 4).
    // ToHand: player took card into hand from `from` (a theater, kHandTheater or kDeckPlace),
    //   from_player its owner there (kNone from the deck; API 4).
    // Dealing: battle `value` begins with empty hands, player the 1st player: the deal hook deals.
    // TurnAction: player took the turn action `value` (its place, from 0) a turn_actions hook
    //   offered, whose words are `text` (API 5).
    // Replaced: `value` (Instead, abilities.h) of card (of player, at `from`) did not happen: a
    //   replacement (its cause) replaced it by nothing that moved or turned the card (API 6).
  } type;
  uint8_t player = 0;
  uint8_t card = kNone;
  uint8_t theater = kNone;
  uint8_t from = kNone;         // a theater, kHandTheater or kDeckPlace
  uint8_t from_player = kNone;  // Give: the card's owner before
  uint8_t by = kNone;           // Covered: the card on top; Destroy: what destroyed it as played
  uint8_t faceup = 0;
  uint8_t known = 0;     // bit p: player p knew the card's identity after the event (Engine::emit sets it from knowledge.h)
  uint8_t withdrew = 0;
  uint8_t shown_to = 0;         // Reveal: bit p, player p was shown the card
  int value = 0;
  int vp = 0;
  int score[2] = {0, 0};
  uint16_t option = kNone;   // Choice: the encoded option (an Option question: its place; `text` the text picked); BattleEnd: the interned reason (0 none)
  uint8_t kind = 0;          // Choice: the DecisionKind
  uint8_t what = 0;          // Ability: the What of the ability (instant, trigger, hook)
  uint8_t cause = kNone;     // the card whose ability caused it, kRuleCause
  uint8_t cause_hidden = 0;  // bit p: player p did not know the cause card (a hand trigger's card; API 5)
  uint8_t instead = 0;       // it happened instead of Instead(instead - 1) of the card (a replacement's; API 6), 0: no
  std::string text = {};     // Log
};
#define ALS_COUNT_KIND(...) +1
constexpr int kEventKindCount = 0 ALS_EVENT_KINDS(ALS_COUNT_KIND);  // the rows of ALS_EVENT_KINDS
#undef ALS_COUNT_KIND
static_assert(kEventKindCount <= 64, "EventLog::kept_types has a bit for each");

/// Every kind of event, in the order of Event::Type (the rows of event_kinds.h).
inline constexpr EventKind kEventKinds[kEventKindCount] = {
#define ALS_EVENT_ROW(name, trigger, hook, line) {#name, What::trigger, Hook::hook, line},
    ALS_EVENT_KINDS(ALS_EVENT_ROW)
#undef ALS_EVENT_ROW
};
inline constexpr const EventKind& event_kind(Event::Type t) { return kEventKinds[t]; }

/// A g:measure name (Event::Measure's text): 1 to kMaxMeasureName characters of a-z, 0-9 and _.
/// The verb, a --target custom.NAME and a shard's sums read it the same way.
constexpr size_t kMaxMeasureName = 40;
inline bool valid_measure_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxMeasureName &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string_view::npos;
}

/// The kinds of event a log keeps unless told (EventLog::kept_types): every kind with a line a seat
/// reads, and not a g:measure's count (Event::Measure), which only a run's counter asks for.
constexpr uint64_t kShownEvents = ~(uint64_t{1} << Event::Measure);

/// Collects events. `apply` takes an optional log; simulations pass none and pay nothing.
struct EventLog {
  std::vector<Event> events;
  /// The game as each battle was decided, before its VP were scored and the next deal: the board
  /// for an end-of-battle summary (one per BattleEnd event, in order).
  std::vector<State> battle_ends;
  /// false: battle_ends stays empty (simulations, which read the events only).
  bool keep_battle_ends = true;
  /// Bit t: events of Event::Type t are kept (all that are shown by default; a simulation keeps
  /// the few it counts, g:measure's among them).
  uint64_t kept_types = kShownEvents;
};

}  // namespace als
