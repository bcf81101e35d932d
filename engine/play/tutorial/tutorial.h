// The tutorial's steps, apart from any face (als tutorial at the terminal, als web's page), so that
// both play them and a test can play them with their intended answers and check that each step
// asks for a move the search counts among the best.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "agents.h"
#include "engine.h"
#include "texts.h"

namespace als {

/// The tutorial's deal (battle 1 of this seed, against the easy level; you are player 1 and 1st).
/// tests/unit/test_tutorial.cpp holds every step of it to be possible and wise; when the search
/// changes and it no longer is, `build/tests/cli_tests "[.explore]"` lists the deals that are.
constexpr uint64_t kTutorialDeal = 28;

/// The face the tutorial is played on: how it names cards, and whether it is the page (a click
/// plays; the terminal's steps say what to type).
struct TutorialFace {
  Naming naming = Naming::Names;
  bool page = false;
};

/// Why action `a`, taken by player `p` at a turn of `s`, is not what a step asks ("" when it is),
/// in `face`'s words. `opponent`: the computer playing the other seat, as it is now (the last step
/// plays its copies ahead; nullptr: it is taken to play its best, seeing every card).
using TutorialCheck = std::string (*)(const Engine& e, const State& s, int p, const Action& a, const Agent* opponent,
                                      const TutorialFace& face);

/// One step: a title, paragraphs, and what it asks for (`goal`, nullptr for a step that only
/// explains; `check` says why a play is refused). A step's play and the questions its abilities
/// ask are one step; `to_end`: the step goes on to the battle's end.
struct TutorialStep {
  const char* title;
  std::vector<std::string> text;
  const char* goal;
  TutorialCheck check;
  bool to_end = false;
  TutorialFace face;  // the face its texts and its check's reasons are for
};

/// Why `a` (player p's play or answer at `s`, during step `st`) is refused: the step's check says
/// so, or after it the battle can no longer be won against `opponent` as it plays (a copy of it
/// asked ahead; nullptr: its best reply, every card seen) while another play the step accepts
/// keeps it winnable. "" when it is accepted. A player who follows the tutorial wins its battle.
std::string tutorial_refusal(const TutorialStep& st, const Engine& e, const State& s, int p, const Action& a,
                             const Agent* opponent);

/// The steps, in order, with the rules' numbers (battle VP, the withdrawal charts) from `e`, in
/// `face`'s words (the board, the hand and how a play is made differ between the terminal and the
/// page; the rules do not).
std::vector<TutorialStep> tutorial_steps(const Engine& e, TutorialFace face = {});

/// What the tutorial says at its end, in `face`'s words: the game goes on battle after battle to
/// the VP target (from `e`), and how a first game starts.
std::string tutorial_end(const Engine& e, TutorialFace face = {});

/// A log line as the person playing seat 1 reads it in the tutorial: "player 1 deploys X" is
/// "you deploy X", "player 2" is "the opponent", "player 1's" is "your".
std::string second_person(const std::string& line);

}  // namespace als
