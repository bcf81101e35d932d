// The pending question in words: a seat's projection's decision (projection.h, SeenDecision)
// rendered as the texts the terminal, the page, serve's messages, exec's requests, reviews and
// scenarios show (question.cpp). It reads the projection and the set's printed texts only.
#pragma once
#include <string>
#include <vector>

#include "engine.h"
#include "projection.h"

namespace als {

/// The question an ability asks now, as a seat may read it (render_question).
struct Question {
  bool asked = false;      // false at a turn, or once the game is over: no ability asks
  DecisionKind kind = DecisionKind::Turn;
  int player = -1;         // who answers (0 or 1)
  std::string ability;     // what asks: "ambush", "house rule (turn_start)", "effect shield of bunker (when flipped)"
  int card = -1;           // the card whose ability (or whose lasting effect) asks; -1: a house rule
  int owner = -1;          // that card's owner now (0 or 1; -1 without a card)
  bool lasting = false;    // a lasting effect's trigger asks (its card may have changed since)
  std::string text;        // that card's printed text ("" without a card)
  std::string prompt;      // the ability's own words for the question (API 3), or ""
  std::string shown;       // the card shown with the question (Reinforce's draw) if the seat knows it, or ""
  std::string about;       // the card the question is about (Transport's move), as the seat names it, or ""
  std::vector<std::string> options;  // an option question's texts (API 4), in the script's order: "option K" is the Kth
  bool hidden = false;     // a hand trigger of a card the seat does not know asks (API 5): `ability` is "player N decides", nothing else is set
};

/// The pending question of projection `p` (of a game of engine `e`) in words, cards named as
/// `naming` says: which ability asks and its card's printed text (public: the card was faceup
/// when its ability began), the prompt and options (API 3-4), the card shown with it when the
/// seat knows it, and the card it is about by name when known, else by its place on the board
/// ("P:THEATER:N", N from the bottom), else "?". A hand trigger's question of a card the seat
/// does not know (API 5) names only who decides. Reads the projection and the set only.
Question render_question(const Engine& e, const Projection& p, Naming naming = Naming::Ids);

}  // namespace als
