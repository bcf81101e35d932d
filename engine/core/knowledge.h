// What each player knows (ruling 28): the one model of hidden information. For every card and
// each player, one bit of the state (BoardCore::known, copied with it and hashed in its digest)
// says whether that player knows the card's identity where it lies. Everything a seat is shown is
// derived from these bits and nothing else: projections (projection.h), action and option texts
// (Engine::card_label, action_key), log lines (the `known` bits an event carries), messages
// (Engine::message_for), agents' information states (play/agents/agents.h), the search's
// determinizations (Engine::Sampler: the unknown cards trade identities), observations and
// action ids (play/env/action_ids.h). Beside the bits, each player keeps a few deductions (cards
// known to lie among some places; below). The rules change both only through the functions below.
#pragma once
#include <cstdint>

#include "state.h"

namespace als::knowledge {

/// Whether `player` (0 or 1; -1: an omniscient reader, who knows everything) knows `card`.
inline bool knows(const BoardCore& b, int player, int card) {
  return player < 0 || ((b.known[player] >> card) & 1);
}
/// The cards `player` (0 or 1) knows, one bit each.
inline uint64_t known(const BoardCore& b, int player) { return b.known[player]; }
/// The cards of the game (the first b.ncards) that `player` (0 or 1) does not know.
inline uint64_t unknown(const BoardCore& b, int player) {
  const uint64_t all = b.ncards >= 64 ? ~uint64_t{0} : (uint64_t{1} << b.ncards) - 1;
  return all & ~b.known[player];
}
/// Who knows `card`: bit p set when player p does (an Event's `known`).
inline uint8_t knowers(const BoardCore& b, int card) {
  return static_cast<uint8_t>(((b.known[0] >> card) & 1) | (((b.known[1] >> card) & 1) << 1));
}

// ---- knowledge by deduction ------------------------------------------------------------------
// A player who knew cards of the other player's hand and sees a card of it played facedown no
// longer knows which card went (a hand has no order the other player can follow), but knows that
// those cards lie among the hand and the card played: a Deduction (state.h), "cards K lie among
// places P", the places being card objects followed as they move. The rules keep each player's
// deductions true and in terms of what that player saw: a card learned leaves both sets; one
// card left in one place is known again; a deduction whose places hold exactly its cards keeps
// every other deduction's cards out of them; a hand card leaving in a way the player cannot
// attribute widens every deduction that holds part of that hand to the whole hand. Views show
// them ("one of A, B"), and the search's worlds (Engine::Sampler) place each deduction's cards
// among its places.

/// `player`'s deductions: the first b.ndeduced[player] of b.deduced[player].
inline const Deduction* deductions(const BoardCore& b, int player) { return b.deduced[player]; }
/// Brings `player`'s deductions up to date with what they know (the rules after each change):
/// known cards leave them, single cards in single places become known, full deductions exclude
/// the others' cards. Out of line: only games with deductions call it (knowledge.cpp).
void settle(BoardCore& b, int player);

// ---- the changes the rules make (engine.cpp, resolve.cpp) -----------------------------------
/// `player` learns `card` (their own card, a card they were shown or took into hand).
inline void learn(BoardCore& b, int player, int card) {
  b.known[player] |= uint64_t{1} << card;
  if (b.ndeduced[player]) [[unlikely]] settle(b, player);
}
/// Both players learn `card`: it was faceup on the board (ruling 28: it stays public until the
/// cards are reshuffled, whatever happens to it).
inline void make_public(BoardCore& b, int card) {
  b.known[0] |= uint64_t{1} << card;
  b.known[1] |= uint64_t{1} << card;
  if (b.ndeduced[0] | b.ndeduced[1]) [[unlikely]] settle(b, 0), settle(b, 1);
}
/// `player` learns `card` where they keep no deduction (a deal, right after forget_all).
inline void learn_dealt(BoardCore& b, int player, int card) { b.known[player] |= uint64_t{1} << card; }
/// Nobody knows anything: the cards were reshuffled for a new battle.
inline void forget_all(BoardCore& b) {
  b.known[0] = b.known[1] = 0;
  if (b.ndeduced[0] | b.ndeduced[1]) [[unlikely]] {
    for (auto& per_player : b.deduced)
      for (Deduction& d : per_player) d = Deduction{};
    b.ndeduced[0] = b.ndeduced[1] = 0;
  }
}
/// The slow part of leaves_hand (knowledge.cpp).
void leaves_hand_deduce(Board& b, int holder, int card, bool improvised);
/// Card `card` is about to leave `holder`'s hand (its location not yet changed): improvised
/// (played facedown from it) or otherwise (deployed, destroyed, moved by an ability). What the
/// other player knew of that hand becomes deductions where they cannot tell which card went
/// (rulings 28 and 30).
[[gnu::always_inline]] inline void leaves_hand(Board& b, int holder, int card, bool improvised) {
  const int other = holder ^ 1;
  // (one branch on the hot path of every play: nothing known of the hand, no deduction)
  const uint64_t known_in_hand = improvised ? b.known[other] & b.in_hand(holder) : 0;
  if (known_in_hand | b.ndeduced[other]) [[unlikely]] leaves_hand_deduce(b, holder, card, improvised);
}

/// `player` plays `card` (their own: from their hand, or a deck card they looked at), faceup or
/// not; called before it moves. Its player knew it already (so no deduction of theirs changes);
/// a faceup card is public (ruling 28); leaving a hand, what the other player knew of that hand
/// may become a deduction (leaves_hand). The hot path of every play: one test in the common case.
[[gnu::always_inline]] inline void played(Board& b, int player, int card, bool faceup, bool from_hand) {
  const int other = player ^ 1;
  const uint64_t bit = uint64_t{1} << card;
  b.known[player] |= bit;
  const uint64_t known_in_hand = from_hand && !faceup ? b.known[other] & b.in_hand(player) : 0;
  if ((known_in_hand | b.ndeduced[other]) == 0) [[likely]] {
    if (faceup) b.known[other] |= bit;
    return;
  }
  if (from_hand) leaves_hand_deduce(b, player, card, !faceup);
  if (faceup) learn(b, other, card);
}
}  // namespace als::knowledge
