// als tutorial: the rules step by step, in one battle of a fixed deal against the easy level. Each
// step explains one rule, then asks for a play that uses it, and says why when a play does not.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "agents.h"
#include "cli.h"
#include "match.h"
#include "screen.h"
#include "terminal.h"
#include "tutorial.h"
#include "view.h"

namespace als::cli {

namespace {

constexpr int kYou = 0;

}  // namespace

namespace {

void print_paragraphs(const TutorialStep& st) {
  std::cout << "\n--- " << st.title << " ---\n";
  for (const std::string& p : st.text) std::cout << wrapped(p, 0) << "\n";
}

// The log's lines in the second person; at the battle's end the final board, who held which
// theater, and who won it by control.
void print_events(const Engine& e, const EventLog& log) {
  size_t ends = 0;
  for (const Event& ev : log.events) {
    if (ev.type == Event::BattleEnd && ends < log.battle_ends.size()) {
      const State& at = log.battle_ends[ends++];
      std::cout << "--- the battle is over; the final board:\n";
      print_final_board(e, project(e, at, kYou), screen_naming(), true);
      if (!ev.withdrew) {
        int held = 0;
        const Projection v = project(e, at, kYou);
        for (const SeenTheater& t : v.theaters) held += t.controller == kYou;
        std::cout << wrapped("you hold " + std::to_string(held) + " of " + std::to_string(v.theaters.size()) +
                                 " theaters: the battle is " + (2 * held > static_cast<int>(v.theaters.size()) ? "yours" : "the opponent's") +
                                 ", won by control",
                             2)
                  << "\n";
      }
    }
    if (ev.type == Event::BattleStart) continue;  // (the next battle's: the tutorial ends with this one)
    if (const std::string line = e.text(screen_naming()).event_text(ev, kYou); !line.empty())
      std::cout << wrapped(second_person(line), 4) << "\n";
  }
}


// The battle under way, as you see it.
int battle_now(const Engine& e, const Match& m) { return project(e, m.state(), kYou).battle; }

// Plays the steps in battle 1 of the deal. 0 at the end or at the end of input.
int run_tutorial(const Engine& e, Match& m, const Agent* computer) {
  for (const TutorialStep& st : tutorial_steps(e, TutorialFace{screen_naming(), false})) {
    print_paragraphs(st);  // a screen of its own: the board follows after Enter
    std::string enter;
    if (!read_line(st.goal ? "> press Enter to try it " : "> press Enter to begin ", enter)) return 0;
    if (!st.goal) continue;
    bool done = false;
    while (!m.over() && battle_now(e, m) == 1) {
      const int p = m.to_act();
      if (p != kYou) {  // the computer's reply
        m.step();
        print_events(e, m.apply_log());
        continue;
      }
      const bool turn = e.decision_kind(m.state()) == DecisionKind::Turn;
      if (turn && done && !st.to_end) break;  // the step's play and its questions are over
      Action a;
      const std::vector<Action> legal = m.legal();
      const Reply r = human_choice(e, m.state(), p, legal, a, "the tutorial takes nothing back",
                                   turn ? std::string("goal: ") + st.goal : "");
      if (r == Reply::End) return 0;
      if (r != Reply::Chosen) continue;
      {  // (a question's answer too: it may lose the battle)
        if (const std::string why = tutorial_refusal(st, e, m.state(), p, a, computer); !why.empty()) {
          std::cout << wrapped("not this time: " + why + ".", 2) << "\n";
          continue;
        }
        done |= turn;
      }
      print_events(e, m.apply(a));
    }
    if (m.over() || battle_now(e, m) != 1) break;
  }
  std::cout << "\n--- The end of the tutorial ---\n"
            << wrapped(tutorial_end(e, TutorialFace{screen_naming(), false}), 0) << "\n";
  return 0;
}

}  // namespace

int cmd_tutorial(int argc, char** argv) {
  po::options_description desc(
      "als tutorial options (the rules step by step, in one battle against the\n"
      "  computer)\n"
      "  example: als tutorial");
  std::string names;
  desc.add_options()("help,h", "show this help")("names", po::value<std::string>(&names)->default_value("auto"), kNamesHelp);
  po::variables_map vm;
  if (!parse(argc, argv, "tutorial", desc, vm)) return 0;
  if (!set_names(names, "tutorial")) return 2;
  Common c;  // the standard set, the rulebook's rules
  auto eng = open_engine(c);
  if (!eng) return 2;
  auto computer = make_agent("easy", kTutorialDeal, 1);  // the registry's easy level
  Match m(*eng, kTutorialDeal, nullptr, computer.get());
  m.start();
  const int code = run_tutorial(*eng, m, computer.get());
  if (input_ended()) std::cout << "\ntutorial left\n";
  return code;
}

}  // namespace als::cli
