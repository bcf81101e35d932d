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
#include "view.h"

namespace als::cli {

namespace {

constexpr uint64_t kDeal = 3;  // player 1 first, a hand with instant and ongoing abilities
constexpr int kYou = 0;

// Why `a`, played by `p` at a turn, is not what a step asks ("" when it is).
using Check = std::string (*)(const Engine& e, const State& s, int p, const Action& a);

struct Step {
  const char* title;
  std::vector<const char*> text;  // paragraphs
  const char* goal;               // what the step asks for; nullptr: nothing (read, press Enter)
  Check check;
};

const CardDef& card_of(const Engine& e, const Action& a) { return e.set().cards[a.card]; }

std::string wants_deploy(const Engine&, const State&, int, const Action& a) {
  if (a.type == Action::Deploy) return "";
  return a.type == Action::Improvise ? "that plays the card facedown; deploy plays it faceup, to its own theater"
                                     : "this step asks you to deploy a card";
}
std::string wants_improvise(const Engine&, const State&, int, const Action& a) {
  return a.type == Action::Improvise ? "" : "this step asks you to improvise: play a card facedown ('imp CARD THEATER')";
}
std::string wants_cover(const Engine& e, const State& s, int p, const Action& a) {
  if (a.type != Action::Deploy && a.type != Action::Improvise) return "this step asks you to play a card";
  const View v = view_of(e, s, p);
  const std::string& name = e.text().theater_name(a.theater);
  const auto at = std::find(v.theaters.begin(), v.theaters.end(), name);
  if (at == v.theaters.end() || v.stacks[p][static_cast<size_t>(at - v.theaters.begin())].empty())
    return "you have no card in " + name + " yet: play onto a theater where you already have one";
  return "";
}
// Whether `a` makes p hold a theater the opponent holds now (played on a copy of the game).
bool takes_theater(const Engine& e, const State& s, int p, const Action& a) {
  State after = s;
  try {
    e.apply(after, a);
  } catch (const ScriptError&) {
    return false;
  }
  const View before = view_of(e, s, p), later = view_of(e, after, p);  // (a play moves no theater)
  for (size_t i = 0; i < before.controller.size(); ++i)
    if (before.controller[i] != p && later.controller[i] == p) return true;
  return false;
}
std::string wants_control(const Engine& e, const State& s, int p, const Action& a) {
  if (a.type != Action::Deploy && a.type != Action::Improvise) return "this step asks you to play a card";
  if (takes_theater(e, s, p, a)) return "";
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal)
    if (takes_theater(e, s, p, x))
      return "after it the opponent still holds every theater they hold now; another play takes one";
  return "";  // (no play takes one: any play will do)
}
std::string wants_instant(const Engine& e, const State& s, int, const Action& a) {
  bool any = false;  // an instant card of the hand that can be deployed
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal) any |= x.type == Action::Deploy && card_of(e, x).kind == Kind::Instant;
  if (!any) return a.type == Action::Deploy ? "" : "this step asks you to deploy a card";  // (no instant left: any deploy)
  if (a.type != Action::Deploy) return "this step asks you to deploy a card with an instant ability (faceup)";
  return card_of(e, a).kind == Kind::Instant ? "" : shown_card(e, a.card) + "'s ability is not instant: pick one marked 'instant:'";
}
std::string wants_withdraw(const Engine&, const State&, int, const Action& a) {
  return a.type == Action::Withdraw ? "" : "this step asks you to withdraw (its number is last in the list)";
}

// The withdrawal chart as a sentence: "6 VP with 0 cards left, 4 with 1, ..., 2 with 4 or more".
std::string chart_text(const std::vector<int>& chart) {
  std::string out;
  for (size_t i = 0; i < chart.size(); ++i)
    out += (i ? ", " : "") + std::to_string(chart[i]) + (i ? "" : " VP") + " with " + std::to_string(i) +
           (i + 1 == chart.size() ? " or more" : "") + (i ? "" : " cards left");
  return out;
}

std::vector<Step> steps(const Engine& e) {
  static std::string chart;  // (the paragraphs below point into it)
  chart = "The chart: if the 1st player withdraws, the opponent scores " + chart_text(e.rules().withdraw_chart[0]) +
          ". If the 2nd player withdraws: " + chart_text(e.rules().withdraw_chart[1]) + ".";
  return {
      {"The game",
       {"Air, Land & Sea is a game of battles. Three theaters lie in a row: air, land and sea, in an order dealt "
        "each battle; theaters next to each other are adjacent. Each player gets 6 cards, and the players take "
        "turns playing one card each.",
        "A battle ends when both players have played every card, or when one withdraws. Whoever holds more "
        "theaters wins it and scores 6 VP. A theater is held by the player with the higher total strength "
        "there; a tie goes to the 1st player. The first to 12 VP wins the game.",
        "You are player 1, and 1st this battle. The board lists each theater's totals, who holds it, and each "
        "player's cards from the bottom one to the top one."},
       nullptr, nullptr},
      {"Deploy",
       {"To deploy is to play a card faceup to the theater of its own type (heavy_tanks to land). Its full "
        "strength counts there, and its ability acts.",
        "Type the action's number, or its words: 'dep heavy_t' is enough when one action fits."},
       "deploy a card", wants_deploy},
      {"Improvise",
       {"To improvise is to play any card facedown to any theater. A facedown card has strength 2 and no "
        "ability, and your opponent does not know what it is (they see '~?'). Improvise to fight where your "
        "cards do not match, or to keep a card's identity hidden."},
       "improvise a card (play it facedown)", wants_improvise},
      {"Covering",
       {"A card played where you already have cards goes on top of them and covers the card below. Covered "
        "cards still count for strength, but most abilities can no longer flip or move them. The top card, "
        "the uncovered one, is marked 'top' on the board."},
       "play a card onto one of your own cards", wants_cover},
      {"Control",
       {"Each theater is held by the player with the higher total strength there: every card of theirs "
        "there, faceup or facedown, covered or not, plus what abilities add. A tie goes to the 1st player. "
        "The board shows each theater's totals and whose it is ('yours' or 'opponent's'). At the battle's "
        "end, the player holding more theaters wins it."},
       "take a theater the opponent holds now", wants_control},
      {"Abilities",
       {"A faceup card's ability is printed under it in your hand. An instant ability acts once, as the card "
        "is deployed (or flipped faceup), and may ask you to choose a card or a theater. An ongoing ability "
        "acts for as long as its card is faceup. A play marked '*' would be destroyed at once by an ongoing "
        "ability on the board."},
       "deploy a card with an instant ability", wants_instant},
      {"Withdrawing",
       {"Instead of playing a card you may withdraw: the battle ends at once, and the opponent wins it. They "
        "score fewer VP the more cards you still hold, so a battle you cannot win is often best left early.",
        chart.c_str(), "Withdraw now, to see it: the list shows what it costs."},
       "withdraw", wants_withdraw},
  };
}

void print_paragraphs(const Step& st) {
  std::cout << "\n--- " << st.title << " ---\n";
  for (const char* p : st.text) std::cout << wrapped(p, 0) << "\n";
}

void print_events(const Engine& e, const EventLog& log) {
  for (const Event& ev : log.events) std::cout << wrapped(e.text(screen_naming()).event_text(ev, kYou), 4) << "\n";
}

// Plays the steps in battle 1 of the deal. 0 at the end or at the end of input.
int run_steps(const Engine& e, Match& m) {
  const std::vector<Step> all = steps(e);
  for (const Step& st : all) {
    print_paragraphs(st);  // a screen of its own: the board follows after Enter
    std::string enter;
    if (!read_line(st.goal ? "> press Enter to try it " : "> press Enter to begin ", enter)) return 0;
    if (!st.goal) continue;
    bool done = false;
    while (!m.over() && view_of(e, m.state(), kYou).battle == 1) {
      const int p = m.to_act();
      if (p != kYou) {  // the computer's reply
        m.step();
        print_events(e, m.apply_log());
        continue;
      }
      const bool turn = e.decision_kind(m.state()) == DecisionKind::Turn;
      if (turn && done) break;  // the step's play and its questions are over
      Action a;
      const std::vector<Action> legal = m.legal();
      const Reply r = human_choice(e, m.state(), p, legal, a, "the tutorial takes nothing back",
                                   turn ? std::string("goal: ") + st.goal : "");
      if (r == Reply::End) return 0;
      if (r != Reply::Chosen) continue;
      if (turn) {
        if (const std::string why = st.check(e, m.state(), p, a); !why.empty()) {
          std::cout << wrapped("not this time: " + why + ".", 2) << "\n";
          continue;
        }
        done = true;
      }
      print_events(e, m.apply(a));
    }
    if (m.over() || view_of(e, m.state(), kYou).battle != 1) break;
  }
  std::cout << "\n--- The end of the tutorial ---\n"
            << wrapped("In a game the next battle would begin now, with the 1st player alternating. You know "
                       "the rules: 'als play' starts your first game at the easy level (your results then "
                       "suggest the next), and 'help' at any decision lists what you can type.",
                       0)
            << "\n";
  return 0;
}

}  // namespace

int cmd_tutorial(int argc, char** argv) {
  po::options_description desc(
      "als tutorial options (the rules step by step, in one battle against the computer)\n"
      "  example: als tutorial");
  std::string names;
  desc.add_options()("help,h", "show this help")("names", po::value<std::string>(&names)->default_value("auto"), kNamesHelp);
  po::variables_map vm;
  if (!parse(argc, argv, "tutorial", desc, vm)) return 0;
  if (!set_names(names, "tutorial")) return 2;
  Common c;  // the standard set, the rulebook's rules
  auto eng = open_engine(c);
  if (!eng) return 2;
  auto computer = make_agent("easy", kDeal, 1);  // the registry's easy level
  Match m(*eng, kDeal, nullptr, computer.get());
  m.start();
  const int code = run_steps(*eng, m);
  if (input_ended()) std::cout << "\ntutorial left\n";
  return code;
}

}  // namespace als::cli
