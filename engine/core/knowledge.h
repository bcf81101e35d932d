// What each player knows (ruling 28): the one model of hidden information. For every card and
// each player, one bit of the state (BoardCore::known, copied with it and hashed in its digest)
// says whether that player knows the card's identity where it lies. Everything a seat is shown is
// derived from these bits and nothing else: projections (projection.h), action and option texts
// (Engine::card_label, action_key), log lines (the `known` bits an event carries), messages
// (Engine::message_for), agents' information states (play/agents/agents.h), the search's
// determinizations (Engine::Sampler: the unknown cards trade identities), observations and
// action ids (play/env/action_ids.h). The rules change the bits only through the functions below.
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

// ---- the changes the rules make (engine.cpp, resolve.cpp) -----------------------------------
/// `player` learns `card` (their own card, a card they were shown or took into hand).
inline void learn(BoardCore& b, int player, int card) { b.known[player] |= uint64_t{1} << card; }
/// Both players learn `card`: it was faceup on the board (ruling 28: it stays public until the
/// cards are reshuffled, whatever happens to it).
inline void make_public(BoardCore& b, int card) {
  b.known[0] |= uint64_t{1} << card;
  b.known[1] |= uint64_t{1} << card;
}
/// `player` no longer knows `card`: its holder played it facedown from a hand, which has no order
/// the other player can follow (docs/modding.md, "Knowledge").
inline void forget(BoardCore& b, int player, int card) { b.known[player] &= ~(uint64_t{1} << card); }
/// Nobody knows anything: the cards were reshuffled for a new battle.
inline void forget_all(BoardCore& b) { b.known[0] = b.known[1] = 0; }

}  // namespace als::knowledge
