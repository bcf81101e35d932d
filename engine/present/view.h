// The view: a seat's projection (projection.h) rendered as texts, the form scenarios' g:view,
// serve's and exec's JSON, the terminal's screens and replays read. It shows the projection's
// facts and nothing else (tests/unit/test_projection.cpp holds it to them).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "engine.h"
#include "projection.h"

namespace als {

/// One of the viewer's deductions (ruling 30) as texts: the cards, and where they may lie.
struct DeducedView {
  std::vector<std::string> cards;  // ids, ascending by the set's order
  int hand[2] = {0, 0};            // places that are cards of each player's hand
  std::vector<std::string> board;  // places on the board: "P:THEATER:N" (player, theater, N-th from the bottom)
  int deck = 0;                    // places in the deck
  std::string text;                // deduction_text with "player N's"
};

/// What one player may see (ruling 28), as texts. Positions are left to right.
struct View {
  int viewer = 0;                            // 0 or 1
  std::vector<std::string> theaters;         // names, left to right
  std::vector<std::string> hand[2];          // ids, or "?" for unknown cards
  std::vector<std::vector<std::string>> stacks[2];  // per position: "id", "~id" or "~?" (card_text)
  std::vector<int> strength[2];              // per position: total strength
  std::vector<int> tokens[2];                // per position: supply tokens
  std::vector<std::vector<int>> card_strength[2];  // per position, parallel to stacks: each card's strength
  std::vector<std::vector<std::string>> bonuses[2];  // per position: what adds to the total (bonus_text)
  std::vector<int> controller;               // per position: 0 or 1
  int deck_size = 0;
  std::vector<std::string> deck_known;       // known cards in the deck, top first
  std::vector<int> deck_positions;           // each one's place in the deck (1: the top), in the same order
  std::string held;                          // a card held by the viewer's pending decision
  std::vector<DeducedView> deduced;          // what the viewer deduced (ruling 30), in the order kept
  // API 3: counters are public. Per position, parallel to stacks: "charge 2, fuel 1" or "".
  std::vector<std::vector<std::string>> card_counters[2];
  std::vector<std::pair<std::string, int>> player_counters[2];
  std::vector<std::string> effects;          // lasting effects: "shield of bunker (until the end of the turn)"
  std::string prompt;                        // the pending question's prompt, if it has one
  int score[2] = {0, 0};
  int first = 0, battle = 1, to_act = -1;
};

/// The texts of projection `p` (of a game of engine `e`).
View render_view(const Engine& e, const Projection& p);
/// render_view(e, project(e, s, viewer)): what `viewer` (0 or 1; -1 everything) sees of `s`.
/// Throws ScriptError as project() does.
View view_of(const Engine& e, const State& s, int viewer);

/// A card as a view names it: its id (or, with Naming::Names, its display name) when known, "?"
/// when not; on the board facedown, "~" before either ("~id", "~?").
std::string card_text(const Engine& e, const SeenCard& c, bool on_board, Naming naming = Naming::Ids);
/// A card's id, or "?" for kUnseen.
std::string card_id(const Engine& e, int card);
/// A card's display name ("Heavy Tanks"), or "?" for kUnseen: what a person reads.
std::string card_name(const Engine& e, int card);
/// card_id or card_name, as `naming` says.
std::string card_word(const Engine& e, int card, Naming naming);
/// What a bonus adds, as the view lists it: "+2 tokens", "+3 support (land)" (a declared bonus of
/// the card standing in land), "+1 fortify (sea, scripted)", "-2 shield of bunker".
std::string bonus_text(const Engine& e, const Bonus& b, Naming naming = Naming::Ids);
/// A lasting effect named, with when it ends: "shield of bunker (until the end of the turn)".
std::string effect_line(const Engine& e, const SeenEffect& x, Naming naming = Naming::Ids);
/// Deduction `i` of projection `p` in words, each player's things named by `whose` ("player 2's",
/// or "your" and "the opponent's"): "disrupt, heavy_tanks are among the opponent's facedown card
/// in air (2nd from the bottom), 1 card of the opponent's hand (one each)".
std::string deduction_text(const Engine& e, const Projection& p, size_t i, const std::string (&whose)[2],
                           Naming naming = Naming::Ids);
/// "charge 2, fuel 1": a card's counters, or "" with none.
std::string counters_text(const std::vector<SeenCounter>& cs);

}  // namespace als
