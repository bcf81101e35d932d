// One seat's projection: everything a seat (a player, or an omniscient reader) sees and knows at
// one moment of a game, as typed values. It is built from the state and the knowledge model
// (knowledge.h) only, and every text or tensor a person or a program is shown renders it (the
// renderers live in engine/present: the view and its JSON, the terminal's screens, the
// observation tensors). A card is a number (its index in the card set) or kUnseen, never a
// string; the only texts are the words a script gave (a counter's name, a prompt, an option).
//
// A new fact a seat sees goes here first (docs/contributing.md, "A new field a seat sees"):
// project() fills it, each renderer shows it, and tests/unit/test_projection.cpp holds every
// renderer to the projection.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "abilities.h"
#include "state.h"

namespace als {

class Engine;

/// A card the seat does not know (its identity is hidden from it).
inline constexpr int kUnseen = -1;

/// A counter on a card or a player (API 3: public), as the script named it.
struct SeenCounter {
  std::string name;
  int value = 0;
  bool operator==(const SeenCounter&) const = default;
};

/// A card where the seat sees it: which card when the seat knows it, else kUnseen.
struct SeenCard {
  int card = kUnseen;  // the card's index in the set (CardSet::cards), or kUnseen
  bool faceup = false;  // on the board: its face (public); elsewhere false
  int strength = 0;    // on the board: its strength now (public, ruling 28); elsewhere 0
  std::vector<SeenCounter> counters;  // on the board: its counters, in the order first set
  // On the board, a card the seat does not know: bit i set when it is one of the places of the
  // seat's deduction i (Projection::deductions), so one of that deduction's cards may be it.
  unsigned among = 0;
  bool known() const { return card != kUnseen; }
  bool operator==(const SeenCard&) const = default;
};

/// What adds to a player's total in a theater beyond their cards' strengths (ruling 9, API 2).
struct Bonus {
  enum class Source : uint8_t {
    Tokens,    // supply tokens on that side (API 3 `add_tokens`): +1 each
    Declared,  // a declared ongoing bonus (Support: `bonus`) of a faceup card
    Scripted,  // a `total` function of a faceup card or of a lasting effect: its change to the total
  };
  Source source = Source::Tokens;
  int amount = 0;    // what it adds (negative: takes away)
  int card = -1;     // Declared, Scripted: the card whose ability it is (faceup: public); -1 none
  int from = -1;     // Declared, Scripted by a card: the theater id where that card stands
  int effect = -1;   // Scripted by a lasting effect: its definition (CardSet::lasting); else -1
  bool operator==(const Bonus&) const = default;
};

/// One theater position, left to right.
struct SeenTheater {
  int theater = 0;                 // its id (Rules::theaters)
  std::vector<SeenCard> stack[2];  // each player's cards there, bottom to top (the last uncovered)
  int total[2] = {0, 0};           // each player's strength there, everything included
  std::vector<Bonus> bonuses[2];   // what adds to each total beyond the cards: tokens, declared, scripted
  int controller = 0;              // who controls it now (ruling 5): 0 or 1
  bool operator==(const SeenTheater&) const = default;
};

/// What the seat has deduced (knowledge by deduction, ruling 30): the cards `cards` lie among
/// places it can point to but not tell apart: cards of a hand (counted), facedown cards on the
/// board (the SeenCards whose `among` has this deduction's bit), cards in the deck (counted).
/// When there are as many places as cards, each place holds one of them.
struct SeenDeduction {
  std::vector<int> cards;  // the cards' indices in the set, ascending
  int in_hand[2] = {0, 0};  // places that are cards of each player's hand
  int on_board = 0;        // places on the board (their SeenCards are marked)
  int in_deck = 0;         // places in the deck
  int places() const { return in_hand[0] + in_hand[1] + on_board + in_deck; }
  bool operator==(const SeenDeduction&) const = default;
};

/// A lasting effect in play (API 3), public.
struct SeenEffect {
  int effect = 0;       // its definition (CardSet::lasting)
  int card = -1;        // the card whose ability started it; -1: a house rule
  int player = -1;      // the player whose ability started it; -1: a house rule
  Until until = Until::TurnEnd;
  int64_t turns_left = 0;  // Until::TurnEnd, Until::Turns: turns after this one it lasts
  bool operator==(const SeenEffect&) const = default;
};

/// The question pending now, if an ability asks one.
struct SeenDecision {
  bool asked = false;   // false at a turn or once the game is over
  DecisionKind kind = DecisionKind::Turn;
  int player = -1;      // who answers
  int card = -1;        // the card whose ability (or lasting effect) asks; -1: a house rule
  int owner = -1;       // that card's owner now (public: its ability began faceup); -1 without a card
  What what = What::Instant;  // which of its abilities
  int effect = -1;      // a lasting effect's trigger asks: its definition; else -1
  std::string prompt;   // the ability's own words (API 3), or ""
  int shown = -1;       // the card shown with it (Reinforce's draw) when the seat knows it, else -1
  bool shown_hidden = false;  // a card is shown to another seat: this one does not know it
  int about = -1;       // the card it is about (Transport's move), kUnseen if hidden, -1 none
  bool has_about = false;
  // The card it is about, on the board (public): its side (0 or 1), theater id and place in that
  // stack (1: the bottom); -1 when it is about no card on the board.
  int about_player = -1, about_theater = -1, about_depth = -1;
  bool asker_known = false;  // the seat knows the asking card now (false for a house rule's or a hidden question)
  std::vector<std::string> options;  // an Option question's texts, in the script's order
  bool hidden = false;  // a hand trigger (API 5) of a card this seat does not know asks: only who decides is seen
  bool operator==(const SeenDecision&) const = default;
};

/// Everything one seat sees and knows now.
struct Projection {
  int seat = 0;                       // 0 or 1; -1: an omniscient reader
  int battle = 1, first = 0, to_act = -1;  // to_act: -1 once the game is over
  int turn_number = 0;                // turns begun in this battle: 1 at its first (g:turn_number, API 4)
  bool over = false;
  int winner = -1;
  int score[2] = {0, 0};
  // What each player's withdrawal now would give the opponent (ruling 27: the rules' chart, or
  // their withdraw_vp hook), by that player's hand now: public, as the chart is.
  int withdraw_vp[2] = {0, 0};
  std::vector<SeenTheater> theaters;  // left to right
  std::vector<SeenCard> hand[2];      // in the order held; the seat's own always known
  int deck_size = 0;
  std::vector<int> deck_known;        // cards of the deck the seat knows, top first
  std::vector<int> deck_places;       // each one's place in the deck (1: the top)
  std::vector<SeenDeduction> deductions;  // what the seat deduced (ruling 30), in the order kept; none for an omniscient reader
  int held = -1;                      // a card the seat's own pending decision holds, or -1
  std::vector<SeenCounter> player_counters[2];
  std::vector<SeenEffect> effects;    // lasting effects in play, in the order they started
  SeenDecision decision;
  // At a turn: the words of the turn actions the rules offer the player to act (API 5), in their
  // order ("action K" is the Kth); public, like the rules. Empty at a question.
  std::vector<std::string> turn_actions;
  bool operator==(const Projection&) const = default;
};

/// What `seat` (0 or 1; -1 everything) sees of `s` now, from the knowledge model (ruling 28) and
/// the public facts. Runs the set's strength and total functions (ScriptError if one fails), as
/// reading a total does.
Projection project(const Engine& e, const State& s, int seat);
/// The same into `out`, every field set again, its lists' storage kept: for a caller that
/// projects again and again (a search's leaves), which then allocates only when a list grows.
void project_into(const Engine& e, const State& s, int seat, Projection& out);

}  // namespace als
