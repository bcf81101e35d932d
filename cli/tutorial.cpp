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

const CardDef& card_of(const Engine& e, const Action& a) { return e.set().cards[a.card]; }

// Before the Abilities step no play may ask a question: an instant card deployed would.
std::string no_question_yet(const Engine& e, const Action& a) {
  if (a.type == Action::Deploy && card_of(e, a).kind == Kind::Instant)
    return shown_card(e, a.card) + "'s instant ability would ask you something, and abilities come in a later "
           "step: pick a card without 'instant:'";
  return "";
}
std::string wants_deploy(const Engine& e, const State&, int, const Action& a, const Agent*) {
  if (a.type == Action::Deploy) return no_question_yet(e, a);
  return a.type == Action::Improvise ? "that plays the card facedown; deploy plays it faceup, to its own theater"
                                     : "this step asks you to deploy a card";
}
std::string wants_improvise(const Engine&, const State&, int, const Action& a, const Agent*) {
  return a.type == Action::Improvise ? "" : "this step asks you to improvise: play a card facedown ('imp CARD THEATER')";
}
std::string wants_instant(const Engine& e, const State& s, int, const Action& a, const Agent*) {
  bool any = false;  // an instant card of the hand that can be deployed
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal) any |= x.type == Action::Deploy && card_of(e, x).kind == Kind::Instant;
  if (!any) return a.type == Action::Deploy ? "" : "this step asks you to deploy a card";  // (no instant left: any deploy)
  if (a.type != Action::Deploy) return "this step asks you to deploy a card with an instant ability (faceup)";
  return card_of(e, a).kind == Kind::Instant ? "" : shown_card(e, a.card) + "'s ability is not instant: pick one marked 'instant:'";
}
std::string wants_cover(const Engine& e, const State& s, int p, const Action& a, const Agent*) {
  if (a.type != Action::Deploy && a.type != Action::Improvise) return "this step asks you to play a card";
  const Projection v = project(e, s, p);
  for (const SeenTheater& t : v.theaters)
    if (t.theater == a.theater && !t.stack[p].empty()) return "";
  return "you have no card in " + e.text().theater_name(a.theater) + " yet: play onto a theater where you already have one";
}
// Whether `a` makes p hold a theater the opponent holds now (played on a copy of the game).
bool takes_theater(const Engine& e, const State& s, int p, const Action& a) {
  State after = s;
  try {
    e.apply(after, a);
  } catch (const ScriptError&) {
    return false;
  }
  const Projection before = project(e, s, p), later = project(e, after, p);  // (a play moves no theater)
  for (size_t i = 0; i < before.theaters.size() && i < later.theaters.size(); ++i)
    if (before.theaters[i].controller != p && later.theaters[i].controller == p) return true;
  return false;
}
std::string wants_control(const Engine& e, const State& s, int p, const Action& a, const Agent*) {
  if (a.type != Action::Deploy && a.type != Action::Improvise) return "this step asks you to play a card";
  if (takes_theater(e, s, p, a)) return "";
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal)
    if (takes_theater(e, s, p, x))
      return "after it the opponent still holds every theater they hold now; another play takes one";
  return "";  // (no play takes one: any play will do)
}
// Applies `a` to `s`: the winner (0 or 1) of the battle it ended, read from its events; -1 while
// the battle goes on. Throws as Engine::apply does.
int play(const Engine& e, State& s, const Action& a) {
  EventLog log;
  log.kept_types = uint64_t{1} << Event::BattleEnd;
  log.keep_battle_ends = false;
  e.apply(s, a, &log);
  for (const Event& ev : log.events)
    if (ev.type == Event::BattleEnd) return ev.player;
  return -1;
}
// Whether player p can win the battle under way at `s`: against `opponent` (a copy of the
// computer as it is, asked at each of its decisions: the same answers the game will get) or, with
// none, against any reply, every card seen. A search of p's plays, bounded by `nodes` (spent: the
// answer is then yes, so that a long rest refuses nothing).
bool can_win(const Engine& e, const State& s, int p, const Agent* opponent, long& nodes) {
  const int mover = e.to_act(s);
  if (mover < 0) return false;
  if (--nodes < 0) return true;
  std::vector<Action> legal;
  e.legal(s, legal);
  if (const auto* greedy = dynamic_cast<const GreedyAgent*>(opponent); greedy && mover != p) {
    GreedyAgent copy = *greedy;  // (its generator too: it answers as the game's will)
    State next = s;
    int winner = -1;
    try {
      const InfoState info(e, s, legal);
      winner = play(e, next, info.real(copy.decide(info)));  // (a hidden card's handle: the engine's action)
    } catch (const std::exception&) {  // (a script failing: the game would stop; no win to count on)
      return false;
    }
    return winner >= 0 ? winner == p : can_win(e, next, p, &copy, nodes);
  }
  for (const Action& a : legal) {
    State next = s;
    int winner = -1;
    try {
      winner = play(e, next, a);
    } catch (const ScriptError&) {
      continue;
    }
    const bool won = winner >= 0 ? winner == p : can_win(e, next, p, opponent, nodes);
    if (mover == p && won) return true;    // one play of p's that wins is enough
    if (mover != p && !won) return false;  // one reply of the opponent's that wins is enough
  }
  return mover != p;
}
// Whether the battle can still be won after p plays `a` (can_win), spending from `nodes`, a budget
// shared by the plays one refusal weighs (so that a refusal takes at most a second or two).
bool winnable_after(const Engine& e, const State& s, int p, const Action& a, const Agent* opponent, long& nodes) {
  State next = s;
  int winner = -1;
  try {
    winner = play(e, next, a);
  } catch (const ScriptError&) {
    return false;
  }
  return winner >= 0 ? winner == p : can_win(e, next, p, opponent, nodes);
}

std::string anything(const Engine&, const State&, int, const Action&, const Agent*) { return ""; }

// The withdrawal chart as a sentence: "6 VP with 0 cards left, 4 with 1, ..., 2 with 4 or more".
std::string chart_text(const std::vector<int>& chart) {
  std::string out;
  for (size_t i = 0; i < chart.size(); ++i)
    out += (i ? ", " : "") + std::to_string(chart[i]) + (i ? "" : " VP") + " with " + std::to_string(i) +
           (i + 1 == chart.size() ? " or more" : "") + (i ? "" : " cards left");
  return out;
}

}  // namespace

std::vector<TutorialStep> tutorial_steps(const Engine& e) {
  const std::string vp = std::to_string(e.rules().battle_vp), target = std::to_string(e.rules().vp_target);
  return {
      {"The game",
       {"Air, Land & Sea is a game of battles. Three theaters lie in a row: air, land and sea, in an order dealt "
        "each battle; theaters next to each other are adjacent. Each player is dealt 6 cards, and the players "
        "take turns playing one card each.",
        "A battle ends when both players have played every card, or when one withdraws. Whoever holds more "
        "theaters then wins it and scores " + vp + " VP. The first to " + target + " VP wins the game.",
        "You are 1st this battle and play first. The board lists each theater's totals, who holds it, and each "
        "player's cards from the bottom one to the top one. Under it: how many cards the opponent holds, and "
        "the deck: the 6 cards nobody was dealt this battle (18 cards, 6 each). Nobody plays from the deck; "
        "some abilities draw from it."},
       nullptr, nullptr},
      {"Deploy",
       {"To deploy is to play a card faceup to the theater of its own type (Heavy Tanks to land). Its full "
        "strength counts there, and its ability acts (abilities come in a later step: pick a card without "
        "'instant:' for now).",
        "Type the action's number, or its words: 'dep heavy t' is enough when one action fits."},
       "deploy a card", wants_deploy},
      {"Improvise",
       {"To improvise is to play any card facedown to any theater. A facedown card has strength 2 and no "
        "ability. Your own facedown cards show on your side as '~Name' (you know them); the opponent sees "
        "'~?', and so do you on their side. Improvise to fight where your cards do not match, or to keep a "
        "card hidden."},
       "improvise a card (play it facedown)", wants_improvise},
      {"Abilities",
       {"A faceup card's ability is printed under it in your hand. An instant ability acts once, as the card "
        "is deployed (or flipped faceup), and may ask you to choose a card or a theater: the list then shows "
        "the choices. An ongoing ability acts for as long as its card is faceup; what it adds to a theater's "
        "strength shows beside that theater, as '+3 Support (air)': Support, standing in air, adds 3 there. "
        "A play marked '*' would be destroyed at once by an ongoing ability on the board."},
       "deploy a card with an instant ability", wants_instant},
      {"Covering",
       {"A card played where you already have cards goes on top of them and covers the card below. Covered "
        "cards still count for strength, but most abilities can no longer flip or move them. The top card, "
        "the uncovered one, is marked 'top' on the board."},
       "play a card onto one of your own cards", wants_cover},
      {"Control",
       {"Each theater is held by the player with the higher total strength there: every card of theirs "
        "there, faceup or facedown, covered or not, plus what abilities add. A tie goes to the 1st player. "
        "The board shows each theater's totals and whose it is ('yours' or 'opponent's')."},
       "take a theater the opponent holds now", wants_control},
      {"The battle's end",
       {"Play the battle out: when both hands are empty, whoever holds more theaters wins it and scores " + vp +
            " VP.",
        "Instead of playing a card you may withdraw: the battle ends at once, and the opponent wins it, "
        "scoring fewer VP the more cards you still hold. So a battle you cannot win is best left early. The "
        "chart: if the 1st player withdraws, the opponent scores " + chart_text(e.rules().withdraw_chart[0]) +
            "; if the 2nd player withdraws, " + chart_text(e.rules().withdraw_chart[1]) +
            ". The list shows what withdrawing costs now; withdraw only if you judge the battle lost."},
       "finish the battle and win it", anything, true},
  };
}

std::string tutorial_refusal(const TutorialStep& st, const Engine& e, const State& s, int p, const Action& a,
                             const Agent* opponent) {
  // The step's own check judges its plays; a question's answer is judged by the battle alone.
  const bool turn = e.decision_kind(s) == DecisionKind::Turn;
  const std::string why = turn ? st.check(e, s, p, a, opponent) : "";
  long nodes = 60000;  // (spent: the rest counts as winnable, and nothing more is refused)
  const bool wins = winnable_after(e, s, p, a, opponent, nodes);
  if (why.empty() && wins) return "";
  bool any = false, step_wins = false;  // another play keeps the battle winnable; one the step accepts does
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal)
    if (!(x == a) && winnable_after(e, s, p, x, opponent, nodes)) {
      any = true;
      if ((step_wins = !turn || st.check(e, s, p, x, opponent).empty())) break;
    }
  if (!why.empty()) return wins && !step_wins ? "" : why;  // the step yields where only other plays still win
  if (!any) return "";  // (nothing keeps it: any play will do)
  return a.type == Action::Withdraw ? "this battle can still be yours: play it out"
                                    : "after it the opponent can take this battle; another play keeps it yours ('hint' helps)";
}

std::string second_person(const std::string& line) {
  std::string out = line;
  auto replace_all = [&](const std::string& from, const std::string& to) {
    for (size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size())) out.replace(at, from.size(), to);
  };
  replace_all("player 1's", "your");
  replace_all("player 2's", "the opponent's");
  replace_all(" of player 1", " of yours");
  // "player 1 deploys" -> "you deploy", "player 1 has decided" -> "you have decided": where the
  // player is the subject (the line's start, or after "battle 1: ").
  for (size_t at = out.find("player 1 "); at != std::string::npos; at = out.find("player 1 ", at + 1)) {
    if (at != 0 && (at < 2 || out.compare(at - 2, 2, ": ") != 0)) continue;
    const size_t verb = at + 9, end = std::min(out.find(' ', verb), out.size());
    std::string word = out.substr(verb, end - verb);
    if (word == "has") word = "have";
    else if (word == "is") word = "are";
    else if (word.size() > 2 && word.back() == 's' && word[word.size() - 2] != 's') word.pop_back();
    out.replace(at, end - at, "you " + word);
  }
  replace_all("player 1", "you");
  replace_all("player 2", "the opponent");
  return out;
}

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
  for (const TutorialStep& st : tutorial_steps(e)) {
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
            << wrapped("In a game the next battle would begin now, with the 1st player alternating, until one "
                       "player reaches " + std::to_string(e.rules().vp_target) + " VP. You know the rules: 'als play' "
                       "starts your first game at the easy level (your results then suggest the next), and 'help' "
                       "at any decision lists what you can type.",
                       0)
            << "\n";
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
