// Small steps on a board shared by the rules' files (engine.cpp, verbs.cpp): where a
// card lies as an event names it, counters leaving with their card, a card to the deck's bottom,
// the top of a stack. Internal to the core.
#pragma once
#include "state.h"

namespace als::board_ops {

inline uint64_t bit(int c) { return uint64_t{1} << c; }

// The other player.
inline int other(int p) { return 1 - p; }

// Where a card lies, as an event's `theater` or `from` says it: its theater on the board,
// kDeckPlace in the deck, kHandTheater in a hand (or held by an ability).
inline uint8_t place_of(const CardLoc& l) {
  return l.zone == Zone::Board ? l.theater : l.zone == Zone::Deck ? kDeckPlace : kHandTheater;
}

// A card leaving the board loses its counters (API 3). Costs one test when none is set.
// Keeps the counters `keep` accepts, in order; the freed slots go back to zero.
template <typename Keep>
inline void keep_counters(Board& b, Keep keep) {
  int k = 0;
  for (int i = 0; i < b.ncounters; ++i)
    if (keep(b.counters[i])) b.counters[k++] = b.counters[i];
  for (int i = k; i < b.ncounters; ++i) b.counters[i] = Counter{};
  b.ncounters = static_cast<uint8_t>(k);
}

inline void clear_counters(Board& b, int card) {
  if (b.ncounters) keep_counters(b, [card](const Counter& c) { return c.target != card; });
}

// Ruling 29: a card leaves the board (to a hand or the deck): an instant of it that is due and has
// not begun resolving will not resolve, even if the card comes back before its turn.
inline void left_board(Board& b, int card) {
  for (int i = 0; i < b.qlen; ++i) {
    Due& d = b.queue[i];
    if (d.card == card && d.what == What::Instant && d.effect == kNone) d.event.left_board = 1;
  }
}

// A card leaves the board for a hand or the deck (g:return_to_hand, g:to_deck, g:to_hand): its
// counters go (API 3) and an instant of it that is due will not resolve (ruling 29).
inline void leaves_board(Board& b, int card) {
  clear_counters(b, card);
  left_board(b, card);
}

// Out of line: inlined into op_play it doubled that function and cost random games 0.3% more
// instructions (cachegrind).
[[gnu::noinline]] inline void to_deck_bottom(Board& b, int card) {
  clear_counters(b, card);
  CardLoc& l = b.card[card];
  l.zone = Zone::Deck;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;
  b.reindex(card);
}

// The top card of player p's stack in a theater, or kNone.
inline int top_of(const Board& b, int player, int theater, int except = kNone) {
  int top = kNone;
  uint64_t m = b.in_stack(player, theater);
  if (except != kNone) m &= ~bit(except);
  for (; m; m &= m - 1) {
    int c = __builtin_ctzll(m);
    if (top == kNone || b.card[c].seq > b.card[top].seq) top = c;
  }
  return top;
}

}  // namespace als::board_ops
