// als tutorial played with its intended answers (cli/tutorial.h): each step that asks for a play
// asks it where the search counts such a play among its three best, no step's play before the
// Abilities step asks a question, and the battle is played to its end and won by control, by the
// player who followed it (issues 53, 73).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "agents.h"
#include "helpers.h"
#include "hint.h"
#include "match.h"
#include "tutorial.h"

using namespace als;

namespace {

// The search's ranking at player 1's decision (the normal level's search, seeded).
std::vector<HintLine> ranking(const Engine& e, const State& s, uint64_t seed) {
  std::vector<Action> legal;
  e.legal(s, legal);
  auto agent = make_agent("mcts:iterations=2000", seed, 0);
  std::vector<HintLine> lines = hint(dynamic_cast<SearchAgent&>(*agent), InfoState(e, s, legal));
  const InfoState info(e, s, legal);
  for (HintLine& h : lines) h.action = info.real(h.action);
  return lines;
}

// Plays the tutorial of deal `deal` with its intended answers: at each step the search's best play
// among those the step accepts, which must be among the search's three best; "" when every step
// holds, else what failed. `story` gets a line a step.
std::string play_tutorial(const Engine& e, uint64_t deal, std::ostringstream& story, uint64_t hints = 100,
                          bool among_three = true) {
  auto computer = make_agent("easy", deal, 1);
  Match m(e, deal, nullptr, computer.get());
  if (m.state().b.first != 0) return "player 1 is not the 1st player (the tutorial says you are)";
  uint64_t seed = hints;
  bool abilities_explained = false;
  for (const TutorialStep& st : tutorial_steps(e)) {
    abilities_explained |= std::string(st.title) == "Abilities";
    if (!st.goal) continue;
    bool done = false;
    while (!m.over() && m.state().b.battle == 1) {
      if (m.to_act() != 0) {
        m.step();
        continue;
      }
      const State& s = m.state();
      const bool turn = e.decision_kind(s) == DecisionKind::Turn;
      if (turn && done && !st.to_end) break;
      if (!turn && !abilities_explained) return std::string(st.title) + ": a question before abilities are explained";
      const std::vector<HintLine> lines = ranking(e, s, seed++);
      const HintLine* pick = &lines.front();
      {  // (a question's answer too: it may lose the battle)
        pick = nullptr;
        for (const HintLine& h : lines)
          if (tutorial_refusal(st, e, s, 0, h.action, computer.get()).empty()) {
            pick = &h;
            break;
          }
        if (!pick) return std::string(st.title) + ": no play the step accepts";
        if (turn && among_three && pick - lines.data() >= 3)
          return std::string(st.title) + ": the step's best play '" + pick->text + "' is only the search's " +
                 std::to_string(pick - lines.data() + 1) + "th (its best: '" + lines.front().text + "')";
        done |= turn;
      }
      story << st.title << ": " << pick->text << "\n";
      try {
        m.apply(pick->action);
      } catch (const std::exception& err) {
        return std::string(st.title) + ": " + err.what();
      }
    }
    if (m.over() || m.state().b.battle != 1) break;
  }
  if (m.state().b.battle == 1 && !m.over()) return "the battle did not end";
  if (m.state().b.last.withdrew) return "the battle ended by a withdrawal, not by control";
  story << "battle 1: player " << m.state().b.last.winner + 1 << " wins by control\n";
  if (m.state().b.last.winner != 0) return "the player who followed the tutorial lost its battle";
  return "";
}

}  // namespace

TEST_CASE("the tutorial's steps each ask for a play the search counts among its best, and its battle is won (issues 53, 73)") {
  auto e = test::load("standard");
  std::ostringstream story;
  const std::string failed = play_tutorial(*e, kTutorialDeal, story);
  INFO(story.str());
  CHECK(failed == "");
}

TEST_CASE("the tutorial's battle is won by a player who follows it, whatever the hint says among the plays it accepts (issue 73)") {
  // Other hint seeds take other paths through the steps (the search's best accepted play at each);
  // the last step keeps the battle won against the computer as it plays, so each path wins.
  auto e = test::load("standard");
  for (uint64_t hints : {200, 300, 400, 500, 600}) {
    std::ostringstream story;
    const std::string failed = play_tutorial(*e, kTutorialDeal, story, hints, false);
    INFO("hint seeds from " << hints << "\n" << story.str());
    CHECK(failed == "");
  }
}

TEST_CASE("deals a tutorial could use", "[.explore]") {
  auto e = test::load("standard");
  for (uint64_t deal = 1; deal <= 60; ++deal) {
    std::ostringstream story;
    const std::string failed = play_tutorial(*e, deal, story);
    std::cout << "deal " << deal << ": " << (failed.empty() ? "ok" : failed) << "\n";
    if (failed.empty()) std::cout << story.str();
  }
}

TEST_CASE("a tutorial step weighs every first play in bounded time", "[.timing]") {
  // (hidden: a measure, run by hand) the slowest refusal a player can meet at the first step
  auto e = test::load("standard");
  auto computer = make_agent("easy", kTutorialDeal, 1);
  Match m(*e, kTutorialDeal, nullptr, computer.get());
  const std::vector<TutorialStep> steps = tutorial_steps(*e);
  const TutorialStep* first = nullptr;
  for (const TutorialStep& st : steps)
    if (st.goal && !first) first = &st;
  REQUIRE(first);
  std::vector<Action> legal;
  e->legal(m.state(), legal);
  for (const Action& a : legal) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string why = tutorial_refusal(*first, *e, m.state(), 0, a, computer.get());
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::cout << e->text().action_text(m.state(), a, 0) << ": " << ms << " ms" << (why.empty() ? "" : " refused: " + why) << "\n";
  }
}

TEST_CASE("the tutorial speaks to its player: you and the opponent") {
  CHECK(second_person("player 1 deploys Heavy Tanks to land") == "you deploy Heavy Tanks to land");
  CHECK(second_person("player 2 improvises a card facedown to air") == "the opponent improvises a card facedown to air");
  CHECK(second_person("player 1 chooses Air Drop") == "you choose Air Drop");
  CHECK(second_person("Heavy Tanks of player 1 in land is flipped facedown (by Air Maneuver)") ==
        "Heavy Tanks of yours in land is flipped facedown (by Air Maneuver)");
  CHECK(second_person("battle 1: player 1 wins 6 VP (theaters controlled), score 6-0") ==
        "battle 1: you win 6 VP (theaters controlled), score 6-0");
  CHECK(second_person("player 1 has decided") == "you have decided");
  CHECK(second_person("a card in player 2's hand") == "a card in the opponent's hand");
  CHECK(second_person("player 1 withdraws with 3 cards in hand") == "you withdraw with 3 cards in hand");
}

TEST_CASE("the tutorial in the page's words: the same steps and checks, no word of the terminal's") {
  auto e = test::load("standard");
  const std::vector<TutorialStep> term = tutorial_steps(*e, TutorialFace{Naming::Names, false});
  const std::vector<TutorialStep> page = tutorial_steps(*e, TutorialFace{Naming::Names, true});
  REQUIRE(term.size() == page.size());
  for (size_t i = 0; i < page.size(); ++i) {
    INFO(page[i].title);
    CHECK(std::string(page[i].title) == term[i].title);
    CHECK((page[i].goal == nullptr) == (term[i].goal == nullptr));
    CHECK(page[i].check == term[i].check);
    CHECK(page[i].face.page);
    for (const std::string& p : page[i].text)
      for (const char* word : {"Type ", "'~", "'dep heavy", "'imp ", "marked 'top'", "'hint'", "The list shows", "'+3"})
        CHECK(p.find(word) == std::string::npos);
  }
  // a refusal names the page's controls, not the terminal's typing
  auto computer = make_agent("easy", kTutorialDeal, 1);
  Match m(*e, kTutorialDeal, nullptr, computer.get());
  m.start();
  const TutorialStep* improvise = nullptr;
  for (const TutorialStep& st : page)
    if (st.goal && std::string(st.title) == "Improvise") improvise = &st;
  REQUIRE(improvise);
  std::vector<Action> legal;
  e->legal(m.state(), legal);
  for (const Action& a : legal)
    if (a.type == Action::Deploy) {
      const std::string why = tutorial_refusal(*improvise, *e, m.state(), 0, a, computer.get());
      CHECK(why.find("'improvise:' buttons") != std::string::npos);
      CHECK(why.find("'imp CARD") == std::string::npos);
      break;
    }
  CHECK(tutorial_end(*e, TutorialFace{Naming::Names, true}).find("'New game'") != std::string::npos);
  CHECK(tutorial_end(*e).find("'als play'") != std::string::npos);
}
