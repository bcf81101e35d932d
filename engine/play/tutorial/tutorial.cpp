// The tutorial's steps (engine/play/tutorial/tutorial.h): the rules a step at a time in one battle
// of a fixed deal against the easy level, each step's check, and the refusal that keeps the battle
// winnable for a player who follows them. Both faces play them: als tutorial at the terminal
// (cli/tutorial.cpp) and als web's page (web/web_game.cpp).
#include "tutorial.h"

#include <algorithm>

#include "view.h"
#include <string>
#include <vector>

namespace als {

namespace {

const CardDef& card_of(const Engine& e, const Action& a) { return e.set().cards[a.card]; }

// Before the Abilities step no play may ask a question: an instant card deployed would.
std::string no_question_yet(const Engine& e, const Action& a, const TutorialFace& f) {
  if (a.type == Action::Deploy && card_of(e, a).kind == Kind::Instant)
    return card_word(e, a.card, f.naming) + "'s instant ability would ask you something, and abilities come in a later "
           "step: pick a card without 'instant:'";
  return "";
}
std::string wants_deploy(const Engine& e, const State&, int, const Action& a, const Agent*, const TutorialFace& f) {
  if (a.type == Action::Deploy) return no_question_yet(e, a, f);
  return a.type == Action::Improvise ? "that plays the card facedown; deploy plays it faceup, to its own theater"
                                     : "this step asks you to deploy a card";
}
std::string wants_improvise(const Engine&, const State&, int, const Action& a, const Agent*, const TutorialFace& f) {
  return a.type == Action::Improvise ? "" : std::string("this step asks you to improvise: play a card facedown") + (f.page ? " (a card's 'improvise:' buttons)" : " ('imp CARD THEATER')");
}
std::string wants_instant(const Engine& e, const State& s, int, const Action& a, const Agent*, const TutorialFace& f) {
  bool any = false;  // an instant card of the hand that can be deployed
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal) any |= x.type == Action::Deploy && card_of(e, x).kind == Kind::Instant;
  if (!any) return a.type == Action::Deploy ? "" : "this step asks you to deploy a card";  // (no instant left: any deploy)
  if (a.type != Action::Deploy) return "this step asks you to deploy a card with an instant ability (faceup)";
  return card_of(e, a).kind == Kind::Instant ? "" : card_word(e, a.card, f.naming) + "'s ability is not instant: pick one marked 'instant:'";
}
std::string wants_cover(const Engine& e, const State& s, int p, const Action& a, const Agent*, const TutorialFace&) {
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
std::string wants_control(const Engine& e, const State& s, int p, const Action& a, const Agent*, const TutorialFace&) {
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

std::string anything(const Engine&, const State&, int, const Action&, const Agent*, const TutorialFace&) { return ""; }

// The withdrawal chart as a sentence: "6 VP with 0 cards left, 4 with 1, ..., 2 with 4 or more".
std::string chart_text(const std::vector<int>& chart) {
  std::string out;
  for (size_t i = 0; i < chart.size(); ++i)
    out += (i ? ", " : "") + std::to_string(chart[i]) + (i ? "" : " VP") + " with " + std::to_string(i) +
           (i + 1 == chart.size() ? " or more" : "") + (i ? "" : " cards left");
  return out;
}

}  // namespace

std::vector<TutorialStep> tutorial_steps(const Engine& e, TutorialFace face) {
  const std::string vp = std::to_string(e.rules().battle_vp), target = std::to_string(e.rules().vp_target);
  const bool page = face.page;  // (the board, the hand and how a play is made: the face's words)
  std::vector<TutorialStep> steps = {
      {"The game",
       {"Air, Land & Sea is a game of battles. Three theaters lie in a row: air, land and sea, in an order dealt "
        "each battle; theaters next to each other are adjacent. Each player is dealt 6 cards, and the players "
        "take turns playing one card each.",
        "A battle ends when both players have played every card, or when one withdraws. Whoever holds more "
        "theaters then wins it and scores " + vp + " VP. The first to " + target + " VP wins the game.",
        page ? "You are 1st this battle and play first. Each theater shows both players' totals, who holds it, and "
               "the cards played there: the opponent's above the line, yours below it, from the bottom one up. Your "
               "hand is under the board. The 6 cards nobody was dealt this battle (18 cards, 6 each) stay in the "
               "deck: nobody plays from it; some abilities draw from it."
             : "You are 1st this battle and play first. The board lists each theater's totals, who holds it, and each "
               "player's cards from the bottom one to the top one. Under it: how many cards the opponent holds, and "
               "the deck: the 6 cards nobody was dealt this battle (18 cards, 6 each). Nobody plays from the deck; "
               "some abilities draw from it."},
       nullptr, nullptr, false, face},
      {"Deploy",
       {"To deploy is to play a card faceup to the theater of its own type (Heavy Tanks to land). Its full "
        "strength counts there, and its ability acts (abilities come in a later step: pick a card without "
        "'instant:' for now).",
        page ? "Each card of your hand shows its plays: click 'deploy' and the theater of its type."
             : "Type the action's number, or its words: 'dep heavy t' is enough when one action fits."},
       "deploy a card", wants_deploy, false, face},
      {"Improvise",
       {std::string("To improvise is to play any card facedown to any theater. A facedown card has strength 2 and "
                    "no ability. ") +
        (page ? "Your own facedown cards show dark, named (you know them); the opponent sees only 'facedown card', "
                "and so do you on their side. A card's 'improvise:' buttons name the theaters. "
              : "Your own facedown cards show on your side as '~Name' (you know them); the opponent sees '~?', and so "
                "do you on their side. ") +
        "Improvise to fight where your cards do not match, or to keep a card hidden."},
       "improvise a card (play it facedown)", wants_improvise, false, face},
      {"Abilities",
       {page ? "A card's ability is printed on it. An instant ability acts once, as the card is deployed (or flipped "
               "faceup), and may ask you to choose a card or a theater: buttons above your hand then show the "
               "choices. An ongoing ability acts for as long as its card is faceup; the theaters' totals and the "
               "cards' strengths include what it adds."
             : "A faceup card's ability is printed under it in your hand. An instant ability acts once, as the card "
               "is deployed (or flipped faceup), and may ask you to choose a card or a theater: the list then shows "
               "the choices. An ongoing ability acts for as long as its card is faceup; what it adds to a theater's "
               "strength shows beside that theater, as '+3 Support (air)': Support, standing in air, adds 3 there. "
               "A play marked '*' would be destroyed at once by an ongoing ability on the board."},
       "deploy a card with an instant ability", wants_instant, false, face},
      {"Covering",
       {"A card played where you already have cards goes on top of them and covers the card below. Covered "
        "cards still count for strength, but most abilities can no longer flip or move them. " +
            std::string(page ? "On the board a covered card shows smaller, its ability hidden, under the card on it."
                             : "The top card, the uncovered one, is marked 'top' on the board.")},
       "play a card onto one of your own cards", wants_cover, false, face},
      {"Control",
       {"Each theater is held by the player with the higher total strength there: every card of theirs "
        "there, faceup or facedown, covered or not, plus what abilities add. A tie goes to the 1st player. " +
            std::string(page ? "Each theater's heading shows both totals and whose it is."
                         : "The board shows each theater's totals and whose it is ('yours' or 'opponent's').")},
       "take a theater the opponent holds now", wants_control, false, face},
      {"The battle's end",
       {"Play the battle out: when both hands are empty, whoever holds more theaters wins it and scores " + vp +
            " VP.",
        "Instead of playing a card you may withdraw: the battle ends at once, and the opponent wins it, "
        "scoring fewer VP the more cards you still hold. So a battle you cannot win is best left early. The "
        "chart: if the 1st player withdraws, the opponent scores " + chart_text(e.rules().withdraw_chart[0]) +
            "; if the 2nd player withdraws, " + chart_text(e.rules().withdraw_chart[1]) +
            (page ? ". The panel beside the board shows what withdrawing costs now; withdraw only if you judge the "
                    "battle lost."
                  : ". The list shows what withdrawing costs now; withdraw only if you judge the battle lost.")},
       "finish the battle and win it", anything, true, face},
  };
  return steps;
}

std::string tutorial_refusal(const TutorialStep& st, const Engine& e, const State& s, int p, const Action& a,
                             const Agent* opponent) {
  // The step's own check judges its plays; a question's answer is judged by the battle alone.
  const bool turn = e.decision_kind(s) == DecisionKind::Turn;
  const std::string why = turn ? st.check(e, s, p, a, opponent, st.face) : "";
  long nodes = 60000;  // (spent: the rest counts as winnable, and nothing more is refused)
  const bool wins = winnable_after(e, s, p, a, opponent, nodes);
  if (why.empty() && wins) return "";
  bool any = false, step_wins = false;  // another play keeps the battle winnable; one the step accepts does
  std::vector<Action> legal;
  e.legal(s, legal);
  for (const Action& x : legal)
    if (!(x == a) && winnable_after(e, s, p, x, opponent, nodes)) {
      any = true;
      if ((step_wins = !turn || st.check(e, s, p, x, opponent, st.face).empty())) break;
    }
  if (!why.empty()) return wins && !step_wins ? "" : why;  // the step yields where only other plays still win
  if (!any) return "";  // (nothing keeps it: any play will do)
  return a.type == Action::Withdraw ? "this battle can still be yours: play it out"
                                    : std::string("after it the opponent can take this battle; another play keeps it yours") +
                                          (st.face.page ? " (the Hint helps)" : " ('hint' helps)");
}

std::string tutorial_end(const Engine& e, TutorialFace face) {
  return "In a game the next battle would begin now, with the 1st player alternating, until one player reaches " +
         std::to_string(e.rules().vp_target) + " VP. " +
         (face.page ? "You know the rules: 'New game' starts a game at the level chosen beside it (easy for a first game)."
                    : "You know the rules: 'als play' starts your first game at the easy level (your results then "
                      "suggest the next), and 'help' at any decision lists what you can type.");
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

}  // namespace als
