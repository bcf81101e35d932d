// What happened, for logs: every play, flip, move, destroy, battle result and game result.
// An event records who knew the card when it happened, so that a log shown to a player never
// names a card that player may not see (ruling 28).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cardset.h"
#include "state.h"

namespace als {

struct Event {
  enum Type : uint8_t {
    Deploy,      // player played card faceup to theater
    Improvise,   // player played card facedown to theater
    Withdraw,    // player withdrew, value = cards left in hand
    Destroy,     // card destroyed to the bottom of the deck (player: its owner); value 1: as it was played
    Flip,        // card flipped; faceup = its new face
    Move,        // card moved from `from` to `theater`
    Return,      // card returned to its owner's hand
    Draw,        // player drew card (held by the ability)
    Ability,     // card's instant ability starts resolving
    Interrupted, // card's instant ability stopped because the card was flipped facedown
    Choice,      // player answered a decision (option text formed at emission)
    Skip,        // player is skipped (empty hand)
    Tokens,      // player placed `value` supply tokens in theater (negative: removed)
    BattleEnd,   // player won battle `value`, scoring `vp`; withdrew says how
    GameEnd,     // player won the game
    Vp,          // player gained `value` VP now (g:gain_vp)
    Log,         // a line a script wrote (g:log): `text`
    ToDeck,      // card went facedown to the top (value 1) or bottom (0) of the deck
    Look,        // player looked at card, the `value`th from the top of the deck
    // API 3
    Counter,     // counter `option` (interned) of card (or of player, card kNone) went from `vp` to `value`
    Give,        // card (in theater, face `faceup`) went from player `from` to `player`
    Deal,        // player took card from the deck into hand
    EffectStart, // lasting effect `value` (CardSet::lasting) of card began, until `option` (Engine::Until)
    EffectEnd,   // lasting effect `value` of card ended
    BattleStart, // battle `value` was dealt; player holds the 1st-player Supreme Commander; `text`: the theaters, left to right
  } type;
  uint8_t player = 0;
  uint8_t card = kNone;
  uint8_t theater = kNone;
  uint8_t from = kNone;
  uint8_t faceup = 0;
  uint8_t known = 0;     // bit p: player p knew the card's identity after the event (Engine::emit sets it from knowledge.h)
  uint8_t withdrew = 0;
  int value = 0;
  int vp = 0;
  int score[2] = {0, 0};
  uint16_t option = kNone;   // Choice: the encoded option; BattleEnd: the interned reason (0 none)
  uint8_t kind = 0;          // Choice: the DecisionKind
  uint8_t what = 0;          // Ability: the What of the ability (instant, trigger, hook)
  uint8_t cause = kNone;     // the card whose ability caused it (always public: it is faceup), kRuleCause
  std::string text = {};     // Log
};

/// Collects events. `apply` takes an optional log; simulations pass none and pay nothing.
struct EventLog {
  std::vector<Event> events;
  /// The game as each battle was decided, before its VP were scored and the next deal: the board
  /// for an end-of-battle summary (one per BattleEnd event, in order).
  std::vector<State> battle_ends;
  /// false: battle_ends stays empty (simulations, which read the events only).
  bool keep_battle_ends = true;
  /// Bit t: events of Event::Type t are kept (all by default; a simulation keeps the few it counts).
  uint32_t kept_types = ~uint32_t{0};
};

}  // namespace als
