// Observations (protocol 2's, docs/protocol.md): a flat list of numbers a seat may read, the
// same length in every game of a set, built only from what the knowledge model says the seat
// knows (knowledge.h) and what is public. Next to the view (text.cpp), which it agrees with.
#include "engine.h"
#include "knowledge.h"

namespace als {

// The layout, position by position (docs/protocol.md):
// per card of the set (set order): where (0 not known to the seat, 1 its hand, 2 its side of the
// board, 3 the opponent's side, 4 the deck, known, 5 held by an ability for it, 6 the opponent's
// hand, known), theater (its
// theater's position left to right, 1..T; 0 off the board), faceup (1 or 0), strength (on the
// board: now; else 0); per theater position (left to right): the theater (its index in the
// rules' order), the seat's strength, the opponent's, who controls it (1 the seat, 0 the
// opponent), the seat's supply tokens, the opponent's, the seat's cards there, the opponent's,
// the opponent's cards there the seat cannot identify; then: the seat's VP, the opponent's, the
// VP target, whether the seat is the 1st player, the battle number, the seat's hand size, the
// opponent's, the deck size, withdraw_vp, the decision's kind (0 turn, 1 card, 2 theater, 3 play, 4 option).
std::vector<std::string> Engine::observation_layout() const {
  const Engine& e = *this;
  std::vector<std::string> out;
  for (const CardDef& c : e.set().cards)
    for (const char* f : {"where", "theater", "faceup", "strength"}) out.push_back("card " + c.id + " " + f);
  for (size_t t = 1; t <= e.rules().theaters.size(); ++t)
    for (const char* f : {"theater", "my_strength", "their_strength", "mine", "my_tokens", "their_tokens", "my_cards",
                          "their_cards", "their_hidden_cards"})
      out.push_back("position " + std::to_string(t) + " " + f);
  for (const char* f : {"my_vp", "their_vp", "vp_target", "i_am_first", "battle", "my_hand", "their_hand", "deck",
                        "withdraw_vp", "decision_kind"})
    out.push_back(f);
  return out;
}

std::vector<int> Engine::observation(const State& s, int seat) const {
  const Engine& e = *this;
  const Board& b = s.b;
  const size_t C = e.set().cards.size(), T = e.rules().theaters.size();
  std::vector<int> o(4 * C + 9 * T + 10, 0);
  const int opp = 1 - seat;
  for (size_t c = 0; c < C; ++c) {  // what the seat knows of each card (ruling 28)
    if (!knowledge::knows(b, seat, static_cast<int>(c))) continue;
    const CardLoc& l = b.card[c];
    int* at = &o[4 * c];
    switch (l.zone) {
      case Zone::Hand: at[0] = l.owner == seat ? 1 : 6; break;
      case Zone::Board:
        at[0] = l.owner == seat ? 2 : 3;
        at[1] = b.pos[l.theater] + 1;
        at[2] = l.faceup;
        at[3] = e.card_strength(s, static_cast<int>(c));
        break;
      case Zone::Deck: at[0] = 4; break;
      case Zone::Held: at[0] = l.owner == seat ? 5 : 0; break;
      default: break;
    }
  }
  for (int i = 0; i < b.ntheaters; ++i) {
    const int t = b.order[i];
    int* at = &o[4 * C + 9 * static_cast<size_t>(i)];
    at[0] = t;
    at[1] = e.strength(s, seat, t), at[2] = e.strength(s, opp, t);
    at[3] = e.controller(s, t) == seat;
    at[4] = b.tokens[seat][t], at[5] = b.tokens[opp][t];
    at[6] = count_cards(b.in_stack(seat, t)), at[7] = count_cards(b.in_stack(opp, t));
    at[8] = count_cards(b.in_stack(opp, t) & knowledge::unknown(b, seat));
  }
  int* g = &o[4 * C + 9 * T];
  const int hand = e.hand_size(s, seat);
  const int rest[10] = {b.score[seat], b.score[opp], e.rules().vp_target, b.first == seat, b.battle, hand,
                        e.hand_size(s, opp), count_cards(b.in_zone(Zone::Deck)), e.withdraw_vp(s, seat, hand),
                        static_cast<int>(e.decision_kind(s))};
  std::copy(rest, rest + 10, g);
  return o;
}

}  // namespace als
