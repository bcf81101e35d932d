// Knowledge by deduction (knowledge.h, ruling 30): the slow paths, run only in games where a
// player knew cards of the other's hand or keeps a deduction.
#include "knowledge.h"

namespace als::knowledge {

namespace {

// Appends the deduction "cards lie among places" to `player`'s; with kMaxDeductions kept, the
// last one takes it in (their union is still true: the player knows less, never something false).
void add(BoardCore& b, int player, uint64_t cards, uint64_t places) {
  uint8_t& n = b.ndeduced[player];
  if (n < kMaxDeductions) {
    b.deduced[player][n++] = Deduction{cards, places};
  } else {
    Deduction& last = b.deduced[player][kMaxDeductions - 1];
    last.cards |= cards, last.places |= places;
  }
}

// One pass of settle: what is known leaves every deduction; a single card in a single place is
// known; a full deduction (as many places as cards) keeps the others' cards out of its places.
// Whether anything became known or narrower.
bool settle_once(BoardCore& b, int player) {
  Deduction* d = b.deduced[player];
  const int n = b.ndeduced[player];
  bool changed = false;
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    Deduction x = d[i];
    x.cards &= ~b.known[player], x.places &= ~b.known[player];
    if (!x.cards) continue;  // nothing left to deduce
    if (count_cards(x.cards) == 1 && count_cards(x.places) == 1) {  // (then places == cards)
      b.known[player] |= x.cards | x.places;
      changed = true;
      continue;
    }
    d[kept++] = x;
  }
  for (int i = kept; i < n; ++i) d[i] = Deduction{};
  b.ndeduced[player] = static_cast<uint8_t>(kept);
  for (int i = 0; i < kept; ++i) {
    if (count_cards(d[i].cards) != count_cards(d[i].places)) continue;
    for (int j = 0; j < kept; ++j)
      if (j != i && (d[j].places & d[i].places) && count_cards(d[j].places & ~d[i].places) >= count_cards(d[j].cards)) {
        d[j].places &= ~d[i].places;
        changed = true;
      }
  }
  return changed;
}

}  // namespace

void settle(BoardCore& b, int player) {
  for (int rounds = 0; rounds < 4 * kMaxCards && settle_once(b, player); ++rounds) {
  }
}

void leaves_hand_deduce(Board& b, int holder, int card, bool improvised) {
  const int other = 1 - holder;
  const uint64_t hand = b.in_hand(holder), bit = uint64_t{1} << card;
  uint64_t cards = 0;  // what `other` knew of the hand and no longer knows card by card
  if (improvised) {
    cards = b.known[other] & hand;
    if (cards == hand && hand == bit) cards = 0;  // the hand's one card, known: it is the card played
    b.known[other] &= ~cards;
  }
  // The card leaving is one `other` cannot single out: every deduction holding part of the hand
  // now holds all of it (they cannot tell which of its cards went).
  if (improvised || !(b.known[other] & bit)) {
    const uint64_t unknown = hand & ~b.known[other];
    for (int i = 0; i < b.ndeduced[other]; ++i) {
      Deduction& d = b.deduced[other][i];
      if (d.places & hand) d.places |= unknown;
    }
  }
  if (cards) add(b, other, cards, hand);
  if (b.ndeduced[other]) settle(b, other);
}

}  // namespace als::knowledge
