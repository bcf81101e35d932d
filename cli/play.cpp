// als play: one game in the terminal, humans reading actions from standard input.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "agents.h"
#include "hint.h"
#include "match.h"
#include <editline/readline.h>

#include "cli.h"
#include "history.h"
#include "input.h"
#include "record.h"
#include "screen.h"
#include "terminal.h"
#include "view.h"

namespace als::cli {

namespace {

int withdraw_cost(const Engine& e, const State& s, int p) { return e.withdraw_vp(s, p, e.hand_size(s, p)); }

// Colours (ANSI): the two players, facedown cards, who holds a theater. All empty when colour
// is off (--color never, NO_COLOR set, or output that is not a terminal with --color auto).
struct Palette {
  std::string player[2], facedown, good, bad, bold, reset;
  void enable() {
    player[0] = "\033[36m", player[1] = "\033[35m", facedown = "\033[2m", good = "\033[32m", bad = "\033[31m",
    bold = "\033[1m", reset = "\033[0m";
  }
};
Palette ink;

volatile sig_atomic_t interrupted = 0;

// Set once a read finds the end of input (Ctrl-D) or an interrupt: the game is abandoned at the
// next step, whichever prompt saw it (a decision, a confirmation, a battle's Enter-wait).
bool input_end = false;

// Reads one line after `prompt`: with line editing and history (libedit) at a terminal, plain
// otherwise. False at the end of input or after Ctrl-C (and input_ended is set).
bool read_line_once(const std::string& prompt, std::string& line) {
  if (interrupted) return false;
  if (isatty(0) && isatty(1)) {
    rl_catch_signals = 0;  // Ctrl-C reaches our handler, and the key reader stops on it
    rl_getc_function = [](FILE*) -> int {
      unsigned char ch;
      for (;;) {
        ssize_t n = ::read(0, &ch, 1);
        if (n == 1) return ch;
        if (n < 0 && errno == EINTR && !interrupted) continue;
        return EOF;
      }
    };
    char* text = readline(prompt.c_str());
    if (!text || interrupted) {
      std::free(text);
      return false;
    }
    line = text;
    std::free(text);
    if (line.find_first_not_of(' ') != std::string::npos) add_history(line.c_str());
    return true;
  }
  std::cout << prompt << std::flush;
  // As std::getline, but nothing kept past kMaxTypedLine characters (a longer line is refused).
  line.clear();
  bool any = false;
  for (int ch; (ch = std::cin.get()) != EOF;) {
    if (ch == '\n') return true;
    any = true;
    if (line.size() <= kMaxTypedLine) line += static_cast<char>(ch);
  }
  return any;
}

}  // namespace

bool read_line(const std::string& prompt, std::string& line) {
  for (;;) {
    if (!read_line_once(prompt, line)) {
      input_end = true;
      return false;
    }
    if (line.size() <= kMaxTypedLine) return true;
    std::cout << "that line is longer than " << kMaxTypedLine << " characters: nothing done (type an action or help)\n";
  }
}
bool input_ended() { return input_end; }

namespace {

// A board card as the viewer sees it (a facedown card marked with "~", an unknown one as "?"), in colour: facedown dim.
std::string paint_card(const Engine& e, const SeenCard& c) {
  const std::string label = card_text(e, c, true, screen_naming());
  return c.faceup ? label : ink.facedown + label + ink.reset;
}

uint64_t hint_seed = 1;  // hints draw from their own generator, never the game's
// The search a hint runs: the opponent's own (at least as strong as the player's opponent), or,
// against a person or a weaker agent, a second's search at a terminal (a fixed budget in a pipe).
std::string hint_agent = "mcts";
// Every step of the opponent's since the player's last decision (its turn's action, then its
// answers to its abilities' questions), cleared at the player's decision, an undo and a battle's start.
std::vector<std::string> last_moves;
void on_interrupt(int) { interrupted = 1; }

// A card in a hand, compactly: "Heavy Tanks (land 6)", "Ambush (land 2, instant)"; "?" unknown.
std::string hand_card(const Engine& e, int c) {
  if (c < 0 || static_cast<size_t>(c) >= e.set().cards.size()) return "?";
  const CardDef& d = e.set().cards[static_cast<size_t>(c)];
  std::string out = shown_card(e, c) + " (" + d.type + " " + std::to_string(d.strength);
  if (d.kind != Kind::None) out += std::string(", ") + kind_name(d.kind);
  return out + ")";
}

// The ids (or display names) of player p's hand as projection `v` sees it ("?" for a card its seat
// does not know).
std::vector<std::string> hand_ids(const Engine& e, const Projection& v, int p, Naming naming = Naming::Ids) {
  std::vector<std::string> out;
  for (const SeenCard& x : v.hand[p]) out.push_back(card_word(e, x.card, naming));
  return out;
}

// Lines of a screen, each at most the screen's width: a text added is wrapped into as many.
struct Lines {
  std::vector<std::string> rows;
  void add(const std::string& text, size_t indent = 0) {
    const std::string w = wrapped(text, indent);
    for (size_t at = 0;;) {
      const size_t nl = w.find('\n', at);
      rows.push_back(w.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
      if (nl == std::string::npos) return;
      at = nl + 1;
    }
  }
  void append(const Lines& more) { rows.insert(rows.end(), more.rows.begin(), more.rows.end()); }
  void print() const {
    for (const std::string& r : rows) std::cout << r << "\n";
  }
};

// The actions the last hint at this decision showed, its line a first ("a", "b", "c" play them),
// and its lines as shown (the decision screen keeps them at its foot); empty until `hint` is
// typed, and again at each decision (human_choice).
std::vector<Action> hinted;
Lines hint_block;

// One player's stack in a theater, bottom to top, each card with its strength (and counters); the
// top card, the uncovered one, marked "top" when it covers another: "~? 2, top aerodrome 4".
std::string stack_text(const Engine& e, const SeenTheater& t, int p) {
  const auto& st = t.stack[p];
  std::string out = st.empty() ? "-" : "";
  for (size_t j = 0; j < st.size(); ++j) {
    const std::string counters = counters_text(st[j].counters);
    out += (j ? ", " : "") + std::string(j + 1 == st.size() && j ? "top " : "") + paint_card(e, st[j]) + " " +
           std::to_string(st[j].strength) + (counters.empty() ? "" : " [" + counters + "]");
  }
  for (const Bonus& b : t.bonuses[p]) out += "  " + bonus_text(e, b, screen_naming());
  return out;
}

// The board as `viewer` may see it: each card with its current strength, each theater's totals
// with what adds to them, who holds it; the hands compactly (`rules NAME` for a card's text).
// `hand_listed`: the decision below lists the viewer's hand card by card (a turn), so the board
// leaves it out.
Lines board_lines(const Engine& e, const Projection& v, bool hand_listed) {
  const int viewer = v.seat, opp = 1 - viewer;
  const size_t width = screen_size().columns;
  Lines out;
  std::ostringstream head;
  head << "=== battle " << v.battle << " | VP: you " << v.score[viewer] << ", opponent " << v.score[opp] << " ("
       << e.rules().vp_target << " to win) | 1st player: " << (v.first == viewer ? "you" : "the opponent") << " ===";
  if (visible_width(head.str()) > width) {  // a narrow terminal: the short form, one line still
    head.str("");
    head << "=== battle " << v.battle << " | VP you " << v.score[viewer] << ", opponent " << v.score[opp] << " of "
         << e.rules().vp_target << " | 1st: " << (v.first == viewer ? "you" : "opponent");
  }
  out.add(head.str());
  if (!last_moves.empty()) {  // the steps, each without its closing full stop, one after another
    std::vector<std::string> steps = last_moves;
    for (std::string& x : steps)
      if (!x.empty() && x.back() == '.') x.pop_back();
    out.add((steps.size() == 1 ? "last move: " : "last moves: ") + join(steps, "; "), 4);
  }
  // A theater a line when every theater's stacks fit beside its totals, else two lines each (or
  // more, wrapped).
  std::vector<std::string> rows, stacks;
  bool one_line = true;
  for (const SeenTheater& t : v.theaters) {
    std::ostringstream row;
    row << ink.bold << std::left << std::setw(6) << e.text().theater_name(t.theater) << ink.reset << " " << ink.player[viewer] << "you "
        << std::right << std::setw(2) << t.total[viewer] << ink.reset << " vs " << ink.player[opp] << std::setw(2)
        << t.total[opp] << " opponent" << ink.reset << "  -> "
        << (t.controller == viewer ? ink.good + "yours" : ink.bad + "opponent's") << ink.reset;
    const std::string a = ink.player[opp] + "opponent:" + ink.reset + " " + stack_text(e, t, opp);
    const std::string b = ink.player[viewer] + "you:" + ink.reset + " " + stack_text(e, t, viewer);
    rows.push_back(row.str()), stacks.push_back(a + "  | " + b);
    one_line = one_line && visible_width(rows.back()) + 3 + visible_width(stacks.back()) <= width;
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    if (one_line) {
      out.add(rows[i] + "   " + stacks[i]);
    } else if (7 + visible_width(stacks[i]) <= width) {
      out.add(rows[i]), out.add("       " + stacks[i]);
    } else {  // each player's stack a line of its own
      const size_t bar = stacks[i].find("  | ");
      out.add(rows[i]), out.add("       " + stacks[i].substr(0, bar), 17), out.add("       " + stacks[i].substr(bar + 4), 12);
    }
  }
  std::string theirs = "opponent's hand: " + std::to_string(v.hand[opp].size()) + " card" + (v.hand[opp].size() == 1 ? "" : "s");
  std::vector<std::string> known;  // the cards of that hand you know (shown, or seen going there)
  for (const SeenCard& x : v.hand[opp])
    if (x.known()) known.push_back(shown_card(e, x.card));
  if (!known.empty()) theirs += " (you know: " + join(known) + ")";
  out.add(theirs + " | deck: " + std::to_string(v.deck_size), 4);
  // What you deduced of cards you no longer know where they lie (ruling 30).
  std::string whose[2];
  whose[viewer] = "your", whose[opp] = "the opponent's";
  for (size_t i = 0; i < v.deductions.size(); ++i) out.add("you deduce: " + deduction_text(e, v, i, whose, screen_naming()), 4);
  if (!hand_listed) {
    std::vector<std::string> hand;
    for (const SeenCard& x : v.hand[viewer]) hand.push_back(hand_card(e, x.card));
    out.add("your hand: " + (hand.empty() ? std::string("(empty)") : join(hand)), 11);
  }
  if (v.held >= 0) out.add("you drew: " + hand_card(e, v.held));
  // API 3: players' counters and lasting effects, when there are any.
  for (int p : {viewer, opp}) {
    if (v.player_counters[p].empty()) continue;
    std::vector<std::string> cs;
    for (const SeenCounter& c : v.player_counters[p]) cs.push_back(c.name + " " + std::to_string(c.value));
    out.add((p == viewer ? "your counters: " : "opponent's counters: ") + join(cs), 4);
  }
  std::vector<std::string> effects;
  for (const SeenEffect& x : v.effects) effects.push_back(effect_line(e, x, screen_naming()));
  if (!effects.empty()) out.add("lasting: " + join(effects), 4);
  return out;
}

void print_board(const Engine& e, const State& s, int viewer) { board_lines(e, project(e, s, viewer), false).print(); }

}  // namespace

std::string board_text(const Engine& e, const Projection& v) {
  std::string out;
  for (const std::string& row : board_lines(e, v, false).rows) out += row + "\n";
  return out;
}

namespace {

// A battle's end (its BattleEnd event `end`, and the game as it was decided): the final board as
// `viewer` knows it (facedown cards stay hidden: the rules reveal none at a battle's end; -1, no
// human seat: every card revealed), then why the battle was won.
// `unseen`: the battle ended before the viewer's first decision in it (the opponent withdrew at
// once), so their hand is shown with the reason. `you`: one person plays here, named "you" (the
// other seat "the opponent"), as the game names them.
void print_battle_summary(const Engine& e, const State& at, const Event& end, int viewer, bool unseen, Naming naming,
                          bool you) {
  std::cout << "--- battle " << end.value << " is over; the final board"
            << (viewer < 0 ? ", every card revealed:\n" : ":\n");
  const Projection v = project(e, at, viewer);
  print_final_board(e, v, naming, you);
  const int winner = end.player;
  auto who = [&](int p) { return !you ? pname(p) : p == viewer ? std::string("you") : std::string("the opponent"); };
  if (end.withdrew) {
    const size_t left = v.hand[1 - winner].size();  // the withdrawing player's hand as they withdrew
    std::cout << "  " << who(1 - winner) << " withdrew with " << left << " card" << (left == 1 ? "" : "s")
              << " in hand\n";
    if (unseen && viewer >= 0 && viewer == winner)
      std::cout << wrapped("  the battle ended before your first decision in it; your hand was: " +
                               join(hand_ids(e, v, viewer, screen_naming())), 4)
                << "\n";
  } else {
    const auto held = std::count_if(v.theaters.begin(), v.theaters.end(), [&](const SeenTheater& t) { return t.controller == winner; });
    std::cout << "  " << who(winner) << (you && winner == viewer ? " hold " : " holds ") << held << " of "
              << v.theaters.size() << " theaters\n";
  }
}

// The card `typed` names (lowercase): its id or display name, or a unique prefix of either;
// -1 with the reason in `why`.
int named_card(const Engine& e, const std::string& typed, std::string& why) {
  const auto& cards = e.set().cards;
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == typed || lowercase(cards[i].name) == typed) return static_cast<int>(i);
  // A prefix of the id, of the name, or of a word of the name ("man": the three Maneuvers).
  auto starts = [&](const CardDef& d) {
    const std::string name = lowercase(d.name);
    if (d.id.rfind(typed, 0) == 0 || name.rfind(typed, 0) == 0) return true;
    for (size_t sp = name.find(' '); sp != std::string::npos; sp = name.find(' ', sp + 1))
      if (name.compare(sp + 1, typed.size(), typed) == 0) return true;
    return false;
  };
  int found = -1;
  std::vector<std::string> several;
  for (size_t i = 0; i < cards.size(); ++i)
    if (starts(cards[i])) {
      if (found < 0) found = static_cast<int>(i);
      several.push_back(cards[i].name);
    }
  if (several.size() > 1) {
    why = "'" + typed + "' names more than one card: " + join(several);
    return -1;
  }
  if (found < 0) why = "no card '" + typed + "'";
  return found;
}

// `rules NAME`: a card's name, id, type, strength and text.
void print_card(const Engine& e, const std::string& typed) {
  std::string why;
  const int c = named_card(e, typed, why);
  if (c < 0) {
    std::cout << why << "\n";
    return;
  }
  const CardDef& d = e.set().cards[static_cast<size_t>(c)];
  const bool names = screen_naming() == Naming::Names;  // the way the screens name it first
  std::cout << wrapped((names ? d.name : d.id) + " (" + (names ? d.id : d.name) + "): " + d.type + " " + std::to_string(d.strength) + ", " +
                           (d.kind == Kind::None ? "no ability" : kind_name(d.kind)) + (d.text.empty() ? "" : ": " + d.text),
                       4)
            << "\n";
}

// The question an ability asks, in the deciding player's words: the card text's "you" is its owner.
std::string question_text(const Engine& e, const State& s, int p) {
  const Question asked = render_question(e, project(e, s, p), screen_naming());
  std::string whose = asked.card < 0 || asked.lasting    ? "the " + asked.ability
                      : asked.owner == p                 ? "your " + asked.ability
                                                    : "the opponent's " + asked.ability;
  std::ostringstream q;
  if (!asked.prompt.empty())  // the ability's own words for the question (API 3)
    q << pname(p) << ", " << asked.prompt << " (asked by " << whose << ")";
  else
    q << pname(p) << ", " << whose << " asks you to choose";
  if (!asked.shown.empty()) q << " (for the drawn card " << asked.shown << ")";
  else if (!asked.about.empty() && asked.kind == DecisionKind::Theater) q << ": move " << asked.about << " to which theater?";
  if (asked.card >= 0) q << " [" << shown_card(e, asked.card) << ": " << asked.text << "]";
  q << ":";
  return q.str();
}

// How much of each hand card's ability text a turn's list shows: all of it (wrapped), its first
// line (cut, `rules NAME` for the rest), or none; the screen takes the most that fits its rows.
enum class Texts { Full, Line, None };

// The listed actions' texts, parallel: `ids` as action texts write them (what the list groups by
// and typing matches: "deploy heavy_tanks land"), `named` with cards by their display names
// ("deploy Heavy Tanks land"; typing matches these too), and `shown`, one of the two, as the
// screen names cards (screen_naming).
struct Listed {
  std::vector<std::string> ids, named, shown;
};

// A hand card's ability text under its plays: "ongoing: If any player plays ...", indented.
void add_ability(Lines& out, const CardDef& d, Texts texts) {
  if (d.kind == Kind::None || d.text.empty() || texts == Texts::None) return;
  const std::string text = "      " + std::string(kind_name(d.kind)) + ": " + d.text;
  if (texts == Texts::Line) out.rows.push_back(cut_to(text, screen_size().columns));
  else out.add(text, 6);
}

// The viewer's hand at a question (where it is not the list of plays): "your hand:", then a card
// a line with its strength and type, and its ability's text (as `texts` says).
Lines hand_lines(const Engine& e, const State& s, int p, Texts texts) {
  Lines out;
  const Projection v = project(e, s, p);
  out.add(v.hand[p].empty() ? "your hand: (empty)" : "your hand:");
  for (const SeenCard& x : v.hand[p]) {
    const int c = x.card;
    if (c < 0) {
      out.add("  ?");
      continue;
    }
    const CardDef& d = e.set().cards[static_cast<size_t>(c)];
    out.add("  " + shown_card(e, c) + " " + std::to_string(d.strength) + " (" + d.type + ")");
    add_ability(out, d, texts);
  }
  return out;
}

// The legal actions (numbered from 1, in the order of `listed`). At a turn, a hand card a line
// (by its name), its deploys and improvisations numbered inline, its ability text below:
//   Containment 5      deploy 1 air       improvise 7 air 8 land 9 sea
//       ongoing: If any player plays a facedown card, destroy that card.
// A play marked '*' would destroy its card as played (rulings 19-20). Other actions (withdraw, a
// question's answers) a line each.
Lines action_lines(const Engine& e, const State& s, int p, const Listed& listed, Texts texts) {
  const std::vector<std::string>& sorted = listed.ids;
  struct Plays {
    std::string card, deploy, improvise;
  };
  const size_t width = screen_size().columns;
  std::vector<Plays> cards;
  const bool turn = e.decision_kind(s) == DecisionKind::Turn;
  std::vector<size_t> rest;  // withdraw, and anything else, a line each
  std::vector<std::string> destroyers;  // the cards that would destroy a play marked '*'
  for (size_t i = 0; i < sorted.size(); ++i) {
    auto w = words(sorted[i]);
    if (w.size() != 3 || (w[0] != "deploy" && w[0] != "improvise")) {
      rest.push_back(i);
      continue;
    }
    auto it = std::find_if(cards.begin(), cards.end(), [&](const Plays& x) { return x.card == w[1]; });
    if (it == cards.end()) it = cards.insert(cards.end(), Plays{w[1], "", ""});
    // A play its card would not survive (a facedown card under a faceup Containment, a card into a
    // crowded theater next to Blockade: rulings 19-20), from what is faceup on the board.
    const int card = e.set().find(w[1]), theater = e.text().theater_id(w[2]);
    const int by = card >= 0 && theater >= 0 ? e.destroys_play_at(s, p, card, theater, w[0] == "deploy") : -1;
    if (by >= 0 && std::find(destroyers.begin(), destroyers.end(), shown_card(e, by)) == destroyers.end())
      destroyers.push_back(shown_card(e, by));
    (w[0] == "deploy" ? it->deploy : it->improvise) += " " + std::to_string(i + 1) + " " + w[2] + (by >= 0 ? "*" : "");
  }
  if (turn)  // then a hand card that cannot be played now (an ability forbids it)
    for (const std::string& id : hand_ids(e, project(e, s, p), p))
      if (std::none_of(cards.begin(), cards.end(), [&](const Plays& x) { return x.card == id; })) cards.push_back({id, "", ""});
  Lines out;
  // A card's plays on its line: "deploy 1 air       improvise 7 air 8 land 9 sea"; where one card's
  // would be too wide (60 columns), every card's "dep 1 air  imp 7 air ..." (the words typing
  // takes); a line still too wide has its improvisations below.
  auto plays = [&](const Plays& x, bool short_words) {
    const int c = e.set().find(x.card);
    const std::string name = c < 0 ? x.card : shown_card(e, c) + " " + std::to_string(e.set().cards[static_cast<size_t>(c)].strength);
    std::string line = "  " + name + std::string(name.size() < 19 ? 19 - name.size() : 1, ' ');
    if (x.deploy.empty() && x.improvise.empty()) line += "cannot be played now";
    if (!x.deploy.empty()) line += (short_words ? "dep" : "deploy") + x.deploy;
    if (!x.improvise.empty()) {
      const size_t column = short_words ? 33 : 40;  // the improvisations in a column of their own
      if (!x.deploy.empty()) line += std::string(line.size() + 2 <= column ? column - line.size() : 2, ' ');
      line += (short_words ? "imp" : "improvise") + x.improvise;
    }
    return line;
  };
  const bool compact = std::any_of(cards.begin(), cards.end(), [&](const Plays& x) { return plays(x, false).size() > width; });
  for (const Plays& x : cards) {
    const int c = e.set().find(x.card);
    std::string line = plays(x, compact);
    if (const size_t at = line.find(compact ? "  imp " : "improvise"); line.size() > width && at != std::string::npos && !x.deploy.empty()) {
      out.rows.push_back(line.substr(0, line.find_last_not_of(' ', at) + 1));  // improvise below
      line = std::string(21, ' ') + line.substr(line.find_first_not_of(' ', at));
    }
    out.add(line, 21);
    if (turn && c >= 0) add_ability(out, e.set().cards[static_cast<size_t>(c)], texts);
  }
  const std::string legend = destroyers.empty() ? "" : "* destroyed as played (" + join(destroyers) + ")";
  bool told = legend.empty();
  for (size_t i : rest) {
    std::string line = (i + 1 < 10 ? "   " : "  ") + std::to_string(i + 1) + ". " + listed.shown[i];
    if (sorted[i] == "withdraw") line += " (the opponent scores " + std::to_string(withdraw_cost(e, s, p)) + " VP)";
    if (!told && i + 1 == sorted.size() && line.size() + 3 + legend.size() <= width)  // the screen keeps its height
      line += "   " + legend, told = true;
    out.add(line, 6);
  }
  if (!told) out.add("  " + legend, 4);
  return out;
}

// "air-land, land-sea": the pairs of adjacent theaters, in the board's order (ruling 1).
std::string adjacency(const Engine& e, const State& s) {
  std::vector<std::string> pairs;
  const Projection v = project(e, s, -1);
  for (size_t i = 0; i + 1 < v.theaters.size(); ++i)
    pairs.push_back(e.text().theater_name(v.theaters[i].theater) + "-" + e.text().theater_name(v.theaters[i + 1].theater));
  return join(pairs);
}

// The decision's header (whose turn, with the adjacent theaters; or the ability's question) and
// its actions.
Lines decision_lines(const Engine& e, const State& s, int p, const Listed& sorted, Texts texts) {
  Lines out;
  if (e.decision_kind(s) == DecisionKind::Turn) out.add("Your turn, " + pname(p) + ". Adjacent: " + adjacency(e, s) + ".", 2);
  else out.add(question_text(e, s, p), 2);
  out.append(action_lines(e, s, p, sorted, texts));
  return out;
}

// A decision's screen: the board and the decision (and a goal, als tutorial's), the most of the
// hand's ability texts that lets it fit the screen's rows with the prompt.
Lines decision_screen(const Engine& e, const State& s, int p, const Listed& sorted, const std::string& goal = "") {
  const ScreenFrame frame;  // one size for the whole screen
  const bool turn = e.decision_kind(s) == DecisionKind::Turn;
  Lines below;
  if (!goal.empty()) below.add(goal, 6);
  below.append(hint_block);  // a hint asked at this decision stays at the screen's foot
  Lines screen;
  // The board, built once for each way it may show the hand: without it where the hand is listed
  // below (a turn's plays, or a question's hand with its texts), else with it.
  std::optional<Lines> listed, unlisted;
  auto fits = [&] { return screen.rows.size() + 1 <= screen_size().rows; };
  for (Texts t : {Texts::Full, Texts::Line, Texts::None}) {
    // At a question the hand is not in the list: it is shown under the board, with its texts
    // while they fit (else by name, on the board's line).
    const bool hand_here = !turn && t != Texts::None;
    std::optional<Lines>& board = turn || hand_here ? listed : unlisted;
    if (!board) board = board_lines(e, project(e, s, p), turn || hand_here);
    screen = *board;
    if (hand_here) screen.append(hand_lines(e, s, p, t));
    screen.append(decision_lines(e, s, p, sorted, t));
    screen.append(below);
    if (fits()) break;
  }
  // Still too tall with every ability text left out: the other seat's steps since the player's
  // last decision give way, the earliest first, to their count ('last' lists them all).
  const std::vector<std::string> all = last_moves;
  for (size_t drop = 1; !fits() && drop < all.size(); ++drop) {
    last_moves.assign(all.begin() + static_cast<std::ptrdiff_t>(drop), all.end());
    last_moves.insert(last_moves.begin(), std::to_string(drop) + " earlier (type last)");
    screen = board_lines(e, project(e, s, p), turn);
    screen.append(decision_lines(e, s, p, sorted, Texts::None));
    screen.append(below);
  }
  last_moves = all;
  return screen;
}

// At a terminal, a withdrawal asks first: it ends the battle.
bool confirmed(const Engine& e, const State& s, int p, const Action& a) {
  if (a.type != Action::Withdraw || !isatty(0)) return true;
  std::string answer;
  // (the prompt is not wrapped: short enough for 60 columns)
  if (!read_line("end the battle, the opponent scoring " + std::to_string(withdraw_cost(e, s, p)) + " VP? (y/n) ", answer))
    return false;
  return !answer.empty() && (answer[0] == 'y' || answer[0] == 'Y');
}

// The search's three best actions with the chances to win the battle and the game after each,
// highest chance first (shown_hint), lettered a, b, c so that no letter is an action's number.
// The search sees only what this player may see (InfoState), like the computer players: one
// search, the opponent's own, picks the three by the value it maximises, and its iterations
// give both chances (calibrated on self-play: engine/play/agents/hint.h). A game chance resting on too
// few iterations is not shown. Returns the hint's lines (hinted and hint_block set), or a line
// saying why there is none.
Lines make_hint(const Engine& e, const State& s, int p, const std::vector<Action>& acts) {
  std::vector<HintLine> lines;
  Lines out;
  try {
    InfoState info(e, s, acts);
    auto search = make_agent(hint_agent, hint_seed++, p);
    lines = shown_hint(hint(dynamic_cast<SearchAgent&>(*search), info));
    for (HintLine& h : lines) h.action = info.real(h.action);  // (a hidden card's handle: the engine's action)
  } catch (const ScriptError& err) {  // a hint is advice: the game goes on without it
    out.add("no hint: a script failed " + e.text(screen_naming()).message_for(s, p, err.what()), 2);
    return out;
  }
  const std::string letters = lines.size() == 1 ? "a" : lines.size() == 2 ? "a or b" : "a, b or c";
  if (!lines.empty() && lines.front().counted)  // near the battle's end: counted, not estimated
    out.add("hint (the search's best, highest chance first; type " + letters + " to play one): the chance to win this battle counted over the " +
                std::to_string(lines.front().visits) +
                " ways the cards you have not seen may lie, each played out, and the game's after each:",
            2);
  else
    out.add("hint (the search's best, highest chance first; type " + letters + " to play one): the chance to win this battle and the game after each:", 2);
  const size_t column = std::min<size_t>(34, screen_size().columns - 30);
  auto percent = [](double x) { return std::to_string(static_cast<int>(x * 100 + 0.5)) + "%"; };
  hinted.clear();
  for (size_t i = 0; i < lines.size(); ++i) {
    const HintLine& h = lines[i];
    hinted.push_back(h.action);
    std::string line = "  " + std::string(1, static_cast<char>('a' + i)) + ". " + e.text(screen_naming()).action_text(s, h.action, p);
    // A play its card would not survive says so: the search valued it for what it does (the card
    // to the bottom of the deck, its turn spent), not as a card that stays (rulings 19-20).
    const bool play = h.action.type == Action::Deploy || h.action.type == Action::Improvise;
    if (const int by = play ? e.destroys_play_at(s, p, h.action.card, h.action.theater, h.action.type == Action::Deploy) : -1; by >= 0)
      line += " (destroyed as played by " + shown_card(e, by) + ")";
    const std::string figures = "battle " + percent(h.battle) + ", game " + (h.game_known ? percent(h.game) : "? (few tries)");
    if (line.size() + 1 > column + 5) out.rows.push_back(line), line = std::string(column + 5, ' ');
    line += std::string(column + 5 - line.size(), ' ');
    out.rows.push_back(line + figures);
  }
  hint_block = out;
  return out;
}

// Paragraphs, wrapped at the screen's width as they are shown.
constexpr const char* kHelp[] = {
    "Type the number of an action, or its text (unique prefixes are fine: 'dep air d air'; words may be left "
    "out where one action fits: 'dep cover'; 'dep' lists the deploys). A card may be typed by its name or its "
    "id (air drop, air_drop). Typing is case-insensitive. A card you "
    "cannot see is named by position, P:THEATER:N (player P's Nth card from the bottom there).",
    "The board: each theater's totals and who holds it, then each player's stack from the bottom card to the "
    "top one (marked 'top': the uncovered card); '~' marks a facedown card. A play marked '*' would be "
    "destroyed as it is played.",
    "Commands: board (reprint it), hand (the board and the actions), rules NAME (a card's text), hint (the "
    "search's three best actions, lettered a, b, c, highest chance first, with the chance to win the battle and "
    "the game, calibrated on self-play; type a letter to play one), undo (back to "
    "your previous decision: against the computer your last turn and its reply, never across a battle), "
    "last (every step since your last decision, a line each), help."};

// A command typed at a decision other than undo (help, hint, rules, board, hand).
void run_command(const Engine& e, const State& s, int p, const std::vector<Action>& acts, const Listed& sorted,
                 const std::vector<std::string>& w, const std::string& goal) {
  if (w[0] == "help") {
    for (const char* paragraph : kHelp) std::cout << wrapped(paragraph, 0) << "\n";
  } else if (w[0] == "hint") {
    const Lines hint = make_hint(e, s, p, acts);
    // At a terminal the decision's screen again, the hint at its foot, fitted to the rows (the
    // hint printed under it pushed the board's header off 80x24); through a pipe, the hint alone.
    if (isatty(1)) decision_screen(e, s, p, sorted, goal).print();
    else hint.print();
  } else if (w[0] == "rules") {
    if (w.size() < 2) {
      for (const auto& d : e.set().cards) print_card(e, d.id);
    } else {
      print_card(e, join(std::vector<std::string>(w.begin() + 1, w.end()), " "));
    }
  } else if (w[0] == "last") {
    if (last_moves.empty()) std::cout << "nothing has happened since your last decision\n";
    else std::cout << "since your last decision:\n";
    for (const std::string& step : last_moves) std::cout << wrapped("  " + step, 4) << "\n";
  } else if (w[0] == "board") {
    print_board(e, s, p);  // the board only: the actions are above
  } else {  // hand: the board with the hand, and the actions again
    decision_screen(e, s, p, sorted).print();
  }
}

// Why a typed play that is not legal is refused, where the words name one card of the player's
// hand and one theater ("deploy cover air": cover_fire deploys faceup only to land), with that
// card's legal plays (from `ids`, the actions' texts); at a turn whose rules offer turn actions
// (API 5), those actions' words; "" otherwise.
std::string refusal_reason(const Engine& e, const Projection& v, const std::string& line, const std::vector<std::string>& ids) {
  std::vector<std::string> w = words(line);
  for (std::string& x : w) x = lowercase(x);
  std::string offered;  // (API 5) the turn actions' words, listed when the words match no play
  for (const std::string& t : v.turn_actions) offered += (offered.empty() ? "'" : ", '") + escape_controls(t) + "'";
  if (!offered.empty()) offered = "the rules' turn actions now: " + offered;
  if (w.size() != 3 || (std::string("deploy").rfind(w[0], 0) != 0 && std::string("improvise").rfind(w[0], 0) != 0)) return offered;
  auto unique = [&](const std::vector<std::string>& names, const std::string& prefix) -> std::string {
    std::string found;
    for (const std::string& x : names)
      if (x.rfind(prefix, 0) == 0) {
        if (!found.empty() && found != x) return "";
        found = x;
      }
    return found;
  };
  std::vector<std::string> theaters;
  for (const SeenTheater& t : v.theaters) theaters.push_back(e.text().theater_name(t.theater));
  const std::string card = unique(hand_ids(e, v, v.seat), w[1]), theater = unique(theaters, w[2]);
  if (card.empty()) return "no card of your hand starts with '" + w[1] + "'";
  if (theater.empty()) return "no theater starts with '" + w[2] + "'";
  const int c = e.set().find(card);
  const bool deploy = std::string("deploy").rfind(w[0], 0) == 0;
  std::string plays;  // the card's legal plays now
  for (const std::string& t : ids) {
    const std::vector<std::string> tw = words(t);
    if (tw.size() == 3 && (tw[0] == "deploy" || tw[0] == "improvise") && tw[1] == card) plays += (plays.empty() ? "" : ", ") + t;
  }
  plays = plays.empty() ? "; it has no legal play now" : "; its legal plays: " + plays;
  if (deploy && c >= 0 && e.set().cards[static_cast<size_t>(c)].type != theater)
    return shown_card(e, c) + " deploys faceup only to " + e.set().cards[static_cast<size_t>(c)].type +
           " (its type), unless an ability allows it elsewhere; it may be improvised facedown anywhere" + plays;
  return std::string(deploy ? "deploying " : "improvising ") + shown_card(e, c) + " to " + theater +
         " is not allowed now: a may_play function forbids it (a board card's ongoing ability, the card's own terms of "
         "play or a lasting effect)" + plays;
}

// The actions as player p sees them, reordered in `acts` (cards they cannot tell apart in the order
// of their places), and their texts: at a question in words (API 4) its own texts. Those are in the
// order of the actions ("option 1", "option 2", ..., "choose none": the engine's order_for_viewer),
// so the Kth action shows the Kth text. A turn action a rule offers (API 5) shows the rule's words.
// A card's plays and choices are shown with its display name.
Listed shown_texts(const Engine& e, const State& s, int p, std::vector<Action>& acts) {
  Listed out;
  std::vector<std::string>& texts = out.ids;
  e.text().order_for_viewer(s, p, acts, &texts);
  const als::Texts named = e.text(Naming::Names);
  for (const Action& a : acts) out.named.push_back(named.action_text(s, a, p));
  out.shown = screen_naming() == Naming::Names ? out.named : texts;
  if (e.decision_kind(s) == DecisionKind::Option) {
    const Question q = render_question(e, project(e, s, p));
    for (size_t i = 0; i < texts.size(); ++i)
      out.named[i] = out.shown[i] = texts[i] =
          texts[i] == "option " + std::to_string(i + 1) && i < q.options.size() ? q.options[i] : "none";
  }
  if (e.decision_kind(s) == DecisionKind::Turn && e.rules().has(Hook::TurnActions)) {  // (API 5) a rule's words
    const std::vector<std::string> words = project(e, s, p).turn_actions;
    for (size_t i = 0; i < texts.size(); ++i)
      if (acts[i].type == Action::Rule && acts[i].option < words.size())
        out.named[i] = out.shown[i] = texts[i] = words[acts[i].option];
  }
  return out;
}

}  // namespace

Reply human_choice(const Engine& e, const State& s, int p, const std::vector<Action>& acts, Action& out,
                   const std::string& no_undo, const std::string& goal) {
  // The list as this player sees it: cards they cannot tell apart in the order of their places.
  std::vector<Action> ordered = acts;
  const Listed sorted = shown_texts(e, s, p, ordered);
  std::vector<std::string> typed = sorted.ids;  // what typing matches (lowercase)
  if (e.decision_kind(s) == DecisionKind::Option)  // a question's own words: matched in any case
    for (std::string& t : typed) t = lowercase(t);
  hinted.clear(), hint_block = Lines();  // a hint's letters name its lines at the decision it was asked at only
  decision_screen(e, s, p, sorted, goal).print();
  const bool choice = e.decision_kind(s) == DecisionKind::Card || e.decision_kind(s) == DecisionKind::Theater;
  for (;;) {
    std::string line;
    if (!read_line("> ", line)) return Reply::End;
    Input in = parse_input(line, typed, choice, sorted.named, sorted.shown);
    // After a hint, its letters play its lines (they are no action's number or text's start there).
    if (const std::string w = lowercase(join(words(line), " ")); w.size() == 1 && w[0] >= 'a' && static_cast<size_t>(w[0] - 'a') < hinted.size()) {
      const Action& h = hinted[static_cast<size_t>(w[0] - 'a')];
      in.kind = Input::Action;
      in.index = static_cast<size_t>(std::find(ordered.begin(), ordered.end(), h) - ordered.begin());
      std::cout << wrapped("hint " + w + ": " + sorted.shown[in.index], 2) << "\n";
    }
    if (in.kind == Input::Empty) continue;
    if (in.kind == Input::Command) {
      if (in.command[0] != "undo") run_command(e, s, p, acts, sorted, in.command, goal);
      else if (no_undo.empty()) return Reply::Undo;
      else std::cout << wrapped("nothing to undo: " + no_undo, 2) << "\n";
      continue;
    }
    if (in.kind == Input::Action) {
      out = ordered[in.index];
      if (!confirmed(e, s, p, out)) {
        if (input_end) return Reply::End;  // Ctrl-D at the question: the game is abandoned, nothing asked
        std::cout << "not withdrawn\n";
        decision_screen(e, s, p, sorted, goal).print();  // the board again, as before the question
        continue;
      }
      return Reply::Chosen;
    }
    const std::string reason = e.decision_kind(s) == DecisionKind::Turn ? refusal_reason(e, project(e, s, p), line, sorted.ids) : "";
    const bool asked = !in.why.empty() && in.why.back() == '?';  // ("did you mean [...]?")
    std::cout << wrapped(in.why + (reason.empty() ? "" : (asked ? " " : ": ") + reason), 2) << "\n";
  }
}

namespace {

// One game at this terminal: the Match, its record, and what the players here are shown. As a
// listener of the match it prints each action's events as the players here may see them.
class TerminalGame : public MatchListener {
 public:
  TerminalGame(const Engine& e, uint64_t seed, std::unique_ptr<Agent> (&agents)[2], const bool (&human)[2],
               std::string log_file, bool watch, bool practice, bool strict)
      : e_(e), m_(e, seed, agents[0].get(), agents[1].get()), seed_(seed), human_{human[0], human[1]},
        // Log lines show each human only what they may see; with no human, everything.
        viewer_(human[0] && human[1] ? -2 : human[0] ? 0 : human[1] ? 1 : -1), log_file_(std::move(log_file)),
        watch_(watch), practice_(practice),
        // One person against the computer takes back a turn with the computer's reply, as casual
        // game apps allow; hot seat and --strict only one's own decisions since the other played.
        takeback_replies_(!strict && human[0] != human[1]) {}
  /// The seed determines every hidden card: with a human seat it is shown once the game is over.
  bool hide_seed() const { return human_[0] || human_[1]; }
  /// Plays the game to its end (or its abandonment); returns the exit status.
  int run(const Common& c, const std::string& p1, const std::string& p2);
  /// Keeps the game's result in the history file `path` once it ends (one human against the
  /// computer at `level`), then shows the results by level and the suggested level.
  void keep_results(std::string path, std::string level) { history_ = std::move(path), level_ = std::move(level); }

  void on_action(const Match& m, int seat, const Action&, const std::string&, const EventLog& log) override {
    print_events(seat, log);
    // A computer player that cut its search short says why (the rules' scripts too slow for it),
    // once a game.
    if (Agent* a = m.agent(seat); a && !human_[seat] && !noted_)
      if (std::string note = a->note(); !note.empty()) std::cout << wrapped(note, 0) << "\n", noted_ = true;
  }
  void on_start(const Match& m, const EventLog& opening) override { print_events(std::max(m.to_act(), 0), opening); }
  /// A program playing a seat (exec:) failed: it lost the game, and the game's end says why.
  void on_forfeit(const Match& m, int seat, const std::string& kind, const EventLog& log) override {
    const char* what = kind == "timeout" ? "ran out of time" : kind == "crash" ? "stopped" : "answered illegally";
    std::cout << pname(seat) << "'s program " << what << ": it loses the game\n";
    if (!m.agent_failure_detail().empty())  // (the program's own text in it: escaped)
      std::cout << wrapped("  " + escape_controls(m.agent_failure_detail().substr(0, 400)), 4) << "\n";
    print_events(seat, log);
  }

 private:
  struct Checkpoint {
    State state;    // the game at one of a human's decisions
    size_t record;  // the record up to there
    bool real;      // more than one legal action (undo skips the others)
    int seat;       // whose decision it was
    std::vector<std::string> since;  // the other seat's moves that were news at it (`last moves`)
  };
  // Undo takes back the deciding player's own decisions and, against the computer, its replies,
  // never across a battle (a new hand, once seen, cannot be unseen); in hot seat and with
  // --strict only the player's own decisions since the other seat last acted. --practice allows
  // any takeback. Called before each human decision, after each computer action (unless its
  // replies may be taken back) and at a battle's start event; sets why undo is refused when it
  // drops every checkpoint.
  void forget_undo(const std::string& why) {
    if (practice_ || undo_.empty()) return;
    undo_.clear();
    no_undo_ = why + " (als play --practice allows any takeback)";
  }
  std::string played_since(int q) const {
    return (viewer_ >= 0 ? std::string("the opponent") : pname(q)) +
           " has played since your last decision, and only your own decisions since then can be taken back";
  }
  void keep_undo_for(int p) {
    if (!undo_.empty() && undo_.back().seat != p) forget_undo(played_since(1 - p));
  }
  void print_events(int p, const EventLog& log);
  // The game's end: its battles, a line each (who won, how, by which cards), and the totals.
  struct BattleNote {
    int number, winner, vp;
    bool withdrew;
    size_t left;                     // the withdrawer's hand
    std::vector<std::string> cards;  // the winner's strongest card in each theater it held
  };
  std::vector<BattleNote> battles_;
  // Who a line names: "you" and "the opponent" for one human, else the players.
  std::string who(int p) const { return viewer_ >= 0 ? (p == viewer_ ? "you" : "the opponent") : pname(p); }
  // How the lines name cards: as --names says (auto: display names at a terminal, ids through a
  // pipe), watchers of two computer players included (issue 73: they were shown ids always).
  Naming naming() const { return screen_naming(); }
  void note_battle(const State& at, const Event& end) {
    const int seen = viewer_ >= 0 ? viewer_ : -1;  // one human: the cards as they knew them
    const Projection v = project(e_, at, seen);
    BattleNote n{static_cast<int>(end.value), end.player, end.vp, end.withdrew != 0, v.hand[1 - end.player].size(), {}};
    for (const SeenTheater& t : v.theaters) {
      if (end.withdrew || t.controller != end.player || t.stack[end.player].empty()) continue;
      const auto& st = t.stack[end.player];
      const SeenCard& best = *std::max_element(st.begin(), st.end(), [](const SeenCard& x, const SeenCard& y) { return x.strength < y.strength; });
      n.cards.push_back((best.known() ? card_text(e_, best, true, naming()) : std::string("a facedown card")) + " in " + e_.text().theater_name(t.theater));
    }
    battles_.push_back(std::move(n));
  }
  void print_game_summary() const {
    if (battles_.empty()) return;
    std::cout << "game summary:\n";
    int won[2] = {0, 0}, withdrew[2] = {0, 0};
    for (const BattleNote& b : battles_) {
      ++won[b.winner];
      if (b.withdrew) ++withdrew[1 - b.winner];
      std::string line = "  battle " + std::to_string(b.number) + ": " + who(b.winner) + " won " +
                         std::to_string(b.vp) + " VP, ";
      line += b.withdrew ? who(1 - b.winner) + " withdrew with " + std::to_string(b.left) + " card" + (b.left == 1 ? "" : "s")
                         : "holding " + (b.cards.empty() ? std::string("every theater by the tie rule") : join(b.cards));
      std::cout << wrapped(line, 4) << "\n";
    }
    if (takebacks_ > 0) std::cout << "  takebacks: " << takebacks_ << "\n";
    std::cout << wrapped("  battles won: " + who(0) + ": " + std::to_string(won[0]) + ", " + who(1) + ": " +
                             std::to_string(won[1]) + "; withdrawals: " + who(0) + ": " + std::to_string(withdrew[0]) +
                             ", " + who(1) + ": " + std::to_string(withdrew[1]),
                         4)
              << "\n";
  }
  // The game's result into the history file, then the results by level and the next level.
  void record_result() const {
    const GameResult r = e_.result(m_.state());
    PastGame g{level_, r.winner == viewer_, r.score[viewer_], r.score[1 - viewer_], takebacks_, practice_, ""};
    std::string err;
    if (!append_history(history_, g, err)) {
      std::cout << wrapped("your result is not kept: " + escape_controls(err), 4) << "\n";
      return;
    }
    const std::vector<PastGame> past = read_history(history_, err);
    if (!err.empty()) std::cout << wrapped(escape_controls(err), 4) << "\n";
    for (const std::string& line : results_lines(past)) std::cout << line << "\n";
  }
  void show_seed() const {
    // (wrapped: a random seed has up to 20 digits, and the line ran past 80 columns mid-word)
    if (hide_seed()) std::cout << wrapped("seed " + std::to_string(seed_) + " (als play --seed " + std::to_string(seed_) + " replays this deal)", 4) << "\n";
  }
  // The record is kept in memory and written once the game ends or is abandoned: never while a
  // human could read the opponent's facedown plays in it.
  int finish(int code) {
    std::string err;
    if (!log_file_.empty() && !rec_.write(log_file_, err)) {
      std::cerr << "als play: " << err << "\n";
      return 2;
    }
    return code;
  }
  int abandoned(const std::string& why) {
    m_.abandon(why);
    std::cout << "game abandoned\n";
    return finish(0);
  }
  // Hot seat: two humans at one terminal pass it between their decisions, and neither sees the
  // other's hand (the screen is cleared at a terminal). False at the end of input.
  bool pass_to(int p);
  // A human's decision: -1 to go on, else the exit status (the game was abandoned).
  int human_turn(int p);
  // Applies a human's action, keeping the game before it for undo: -1 (a script's failure refuses
  // the action and leaves the game as it was).
  int apply_human(int p, const Action& a);

  const Engine& e_;
  Match m_;
  Recorder rec_;
  uint64_t seed_;
  bool human_[2];
  int viewer_;
  std::string log_file_;
  bool watch_;
  bool practice_;        // --practice: any takeback, said in the result line and the record
  bool takeback_replies_;  // undo takes back the computer's replies too (not hot seat, not --strict)
  int takebacks_ = 0;    // undos this game
  bool decided_in_battle_ = false;  // a human here has decided in this battle (else its end shows their hand)
  std::string no_undo_ = "this is your first decision";  // why undo is refused while undo_ is empty
  std::vector<Checkpoint> undo_;
  int last_human_ = -1;
  bool noted_ = false;  // a computer's note was shown this game
  std::string history_, level_;  // keep_results: the history file and the computer's level
  // Each human seat's view of every step of the other seat's since its own last decision (its
  // turn's action, the abilities it set off, its answers), shown on that seat's decision screen.
  std::vector<std::string> since_[2];
};

void TerminalGame::print_events(int p, const EventLog& log) {
  size_t battle_end = 0;
  for (const Event& ev : log.events) {
    if (input_end) break;  // Ctrl-D at a battle's Enter-wait: the game is abandoned, nothing more shown
    int v = viewer_ == -2 ? p : viewer_;  // two humans at one terminal: the acting player's view
    if (ev.type == Event::BattleEnd && battle_end < log.battle_ends.size()) {
      note_battle(log.battle_ends[battle_end], ev);
      print_battle_summary(e_, log.battle_ends[battle_end++], ev, v, !decided_in_battle_, naming(), viewer_ >= 0);
    }
    if (ev.type == Event::BattleStart) {
      decided_in_battle_ = false;
      forget_undo("a new battle has begun since your last decision");
    }
    if (ev.type == Event::GameEnd) {
      // At a terminal the last battle's board is a screen of its own, as every battle's is: the
      // game's summary follows after Enter (both at once ran past 24 rows).
      if (viewer_ != -1 && isatty(0) && isatty(1)) {
        std::string enter;
        read_line("> press Enter for the game's summary ", enter);
      }
      show_seed();
      if (viewer_ >= 0) {  // one human: in their own words
        const GameResult r = e_.result(m_.state());
        int me = viewer_, margin = r.score[me] - r.score[1 - me];
        std::cout << (r.winner == me ? ink.good + "you win" : ink.bad + "you lose") << ink.reset << ", "
                  << r.score[me] << " VP to " << r.score[1 - me] << " (by " << std::abs(margin) << ")"
                  << (practice_       ? ", a practice game with " + std::to_string(takebacks_) +
                                          (takebacks_ == 1 ? " takeback" : " takebacks")
                      : takebacks_ > 0 ? ", with " + std::to_string(takebacks_) + (takebacks_ == 1 ? " takeback" : " takebacks")
                                       : "")
                  << "\n";
      }
      print_game_summary();
      if (!level_.empty() && viewer_ >= 0) record_result();
    }
    const std::string text = e_.text(naming()).event_text(ev, v);
    if (ev.type == Event::BattleStart) since_[0].clear(), since_[1].clear();  // a new battle: nothing of the last one
    else
      for (int q : {0, 1})  // each person here keeps the other seat's steps, as they saw them
        if (human_[q] && q != p && viewer_ != -1)
          if (std::string step = q == v ? text : e_.text(naming()).event_text(ev, q); !step.empty()) {
            // An ability's text is under its card on the board ('rules NAME'): here its name only.
            if (const size_t colon = step.find(": "); ev.type == Event::Ability && colon != std::string::npos)
              step = step.substr(0, colon) + "'s ability";
            since_[q].push_back(std::move(step));
          }
    std::cout << wrapped(text, 4) << "\n";
    // At a terminal, the end of a battle waits for the player: its summary is a screen of its own.
    if (ev.type == Event::BattleEnd && !m_.over() && viewer_ != -1 && isatty(0) && isatty(1)) {
      std::string enter;
      read_line("> press Enter for the next battle ", enter);
    }
  }
}

bool TerminalGame::pass_to(int p) {
  if (!(human_[0] && human_[1]) || p == last_human_) return true;
  if (isatty(1)) std::cout << "\033[2J\033[3J\033[H";  // the screen and its scrollback
  std::string enter;
  if (!isatty(0)) std::cout << "--- pass to " << pname(p) << " ---\n";
  else if (!read_line("--- pass to " + pname(p) + ", then press Enter --- ", enter)) return false;
  last_human_ = p;
  return true;
}

int TerminalGame::human_turn(int p) {
  if (!pass_to(p)) return abandoned("end of input");
  keep_undo_for(p);
  const State& s = m_.state();
  if (m_.legal().size() == 1 && e_.decision_kind(s) != DecisionKind::Turn) {
    // A question with one possible answer is no decision: answered for the player, and shown.
    std::cout << wrapped(question_text(e_, s, p), 2) << "\n";
    std::vector<Action> one = m_.legal();
    const Listed text = shown_texts(e_, s, p, one);
    std::cout << wrapped("the one possible answer, given for you: " + text.shown[0], 2) << "\n";
    // No decision of the player's: the opponent's moves before it stay news, with this answer
    // among them (after the player's own decision there is no news to keep).
    if (!since_[p].empty()) since_[p].push_back("you: " + text.shown[0] + " (the one possible answer)");
    return apply_human(p, one[0]);
  }
  Action a;
  last_moves = since_[p];  // (the decision screen and the last command read it)
  Reply reply = human_choice(e_, s, p, m_.legal(), a, undo_.empty() ? no_undo_ : "");
  if (reply == Reply::Undo) {  // the state is a value: back to the human's previous decision
    // A question with one possible answer is no decision: undo goes past it.
    while (undo_.size() > 1 && !undo_.back().real) undo_.pop_back();
    m_.restore(undo_.back().state);
    rec_.undo(undo_.back().record, p);
    since_[p] = std::move(undo_.back().since);  // the news at that decision, shown again
    undo_.pop_back();
    ++takebacks_;
    std::cout << "undone: back to your previous decision\n";
    return -1;
  }
  if (reply == Reply::End) {
    std::cout << "\n";
    show_seed();
    return abandoned(interrupted ? "interrupted" : "end of input");
  }
  return apply_human(p, a);
}

int TerminalGame::apply_human(int p, const Action& a) {
  Checkpoint here{m_.state(), rec_.mark(), m_.legal().size() > 1, p, since_[p]};
  decided_in_battle_ = true;
  if (here.real) since_[p].clear();  // the player has decided: what came before is no longer news
  undo_.push_back(here);  // before the action: a battle it ends forgets it (print_events)
  try {
    m_.apply(a);
  } catch (const ScriptError& err) {
    if (!undo_.empty()) undo_.pop_back();
    std::cerr << "als play: script error: " << e_.text(naming()).message_for(m_.state(), p, err.what()) << "\n";
    std::cout << "that action was refused (the game is as it was)\n";
    return -1;
  }
  return -1;
}

int TerminalGame::run(const Common& c, const std::string& p1, const std::string& p2) {
  rec_.practice = practice_;
  rec_.start(e_, data_dir(), c.cards, c.rules, seed_, p1, p2);
  m_.listen(&rec_);
  m_.listen(this);
  m_.start();  // battle 1's opening, as every later battle's
  for (;;) {
    if (!m_.abandoned().empty()) {  // a script failed in the computer's action, or no end in sight
      // Shown to the humans at this terminal: no card they do not know is named.
      const int reader = viewer_ >= 0 ? viewer_ : viewer_ == -2 ? std::max(m_.to_act(), 0) : -1;
      std::cerr << "als play: " << e_.text(naming()).message_for(m_.state(), reader, m_.abandoned()) << "\n";
      return finish(2);
    }
    if (input_end && !m_.over()) {  // Ctrl-D at a battle's Enter-wait
      std::cout << "\n";
      show_seed();
      return abandoned(interrupted ? "interrupted" : "end of input");
    }
    int p = m_.to_act();
    if (p < 0) break;
    if (human_[p]) {
      if (int code = human_turn(p); code >= 0) return code;
    } else {
      m_.step();
      if (!takeback_replies_) forget_undo(played_since(p));
    }
    if (watch_ && !m_.over()) {
      if (viewer_ == -1) print_final_board(e_, project(e_, m_.state(), -1), naming());  // spectators see everything
      else if (viewer_ >= 0 && m_.to_act() != viewer_) print_board(e_, m_.state(), viewer_);
    }
  }
  return finish(0);
}

}  // namespace

int cmd_play(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als play options (one game in the terminal; type help during the game)\n"
      "  examples: als play          (you against the level your results suggest)\n"
      "            als play --level hard\n"
      "            als play --p2 greedy --cards original --rules long-war\n"
      "            als play --p1 human --p2 human  (hot seat)\n"
      "            als play --p1 mcts --p2 random --watch --seed 7 --log game.jsonl");
  std::string p1, p2, log_file, color, level, naming;
  add_common(desc, c, vm);
  add_param(desc, c.param_flags);
  desc.add_options()("p1", po::value<std::string>(&p1)->default_value("human"), "agent of player 1: human or an agent, as for --p2")(
      "p2", po::value<std::string>(&p2)->default_value(strongest_agent()),
      ("agent of player 2: human, " + agent_help() + "; by default, against a person at a terminal, the level their "
       "results suggest (easy for a first game; --level); through a pipe, " + strongest_agent() + " at its fixed budget").c_str())(
      "level", po::value<std::string>(&level),
      ("the computer's strength: " + level_names() + " (by default at a terminal: the one your results suggest); not with --p2").c_str())(
      "log", po::value<std::string>(&log_file), "write the game record (JSON Lines) to FILE")(
      "watch", "print the board after every action (with no human seat: every card revealed)")(
      "practice", "allow any takeback (undo past the opponent's moves and across battles); the result line and the record say so")(
      "strict", "undo takes back only your own decisions since the opponent last played (by default, against the computer, "
      "your last turn and its reply)")(
      "no-history", "neither read nor keep your results (kept at a terminal against a level, in $XDG_DATA_HOME/als/results.jsonl)")(
      "color", po::value<std::string>(&color)->default_value("auto"),
      "colour: auto (when the output is a terminal and NO_COLOR is not set), always, never")(
      "names", po::value<std::string>(&naming)->default_value("auto"), kNamesHelp);
  if (!parse(argc, argv, "play", desc, vm)) return 0;
  if (!set_names(naming, "play")) return 2;
  if (vm.count("practice") && vm.count("strict")) {
    std::cerr << "als play: give --practice (any takeback) or --strict (only your own decisions), not both\n";
    return 2;
  }
  if (color != "auto" && color != "always" && color != "never") {
    std::cerr << "als play: --color takes auto, always or never\n";
    return 2;
  }
  // Against a person at a terminal the default opponent thinks about a second a move (a person
  // waits for it happily, and it plays far stronger); through a pipe it keeps its fixed,
  // reproducible budget.
  const std::string at_terminal = strongest_agent() + ":time=1000,threads=2";
  if (vm.count("level")) {
    if (!vm["p2"].defaulted()) {
      std::cerr << "als play: give --level or --p2, not both (a level is an agent: --p2 " << level << ")\n";
      return 2;
    }
    if (level_spec(level) == level) {
      std::cerr << "als play: unknown level '" << level << "' (levels: " << level_names() << ")\n";
      return 2;
    }
    p2 = level;
  }
  // At a terminal, one person against a level: the results are kept, and without --level or
  // --p2 the game is at the level they suggest (easy for a first game, as the tutorial says).
  const bool terminal = isatty(0) && isatty(1);
  const bool keeps = terminal && !vm.count("no-history");
  const std::string history = keeps ? history_path() : "";
  std::vector<PastGame> past;
  std::string history_err;
  if (keeps) past = read_history(history, history_err);
  bool suggested = false;
  if (!vm.count("level") && vm["p2"].defaulted() && p1 == "human" && terminal) {
    p2 = suggested_level(past);
    suggested = true;
  }
  for (const std::string& a : {level_spec(p2), level_spec(p1)})  // a hint searches as the strongest computer seat does, at least
    if (a.rfind("mcts", 0) == 0) hint_agent = a.find(':') == std::string::npos ? a + ":iterations=2000" : a;
  // At a terminal a hint thinks at least a second, whatever the opponent's level.
  if (hint_agent == "mcts" || (terminal && hint_agent.find("time=") == std::string::npos))
    hint_agent = terminal ? at_terminal : "mcts:iterations=2000";  // (the budget the hint is calibrated at)
  const char* no_color = std::getenv("NO_COLOR");
  if (color == "always" || (color == "auto" && isatty(1) && !(no_color && *no_color))) ink.enable();
  if (std::string err; !log_file.empty() && !Recorder::can_write(log_file, err)) {
    std::cerr << "als play: " << err << "\n";
    return 2;
  }
  auto eng = open_engine(c);
  if (!eng) return 2;
  const Engine& e = *eng;
  uint64_t seed = seed_or_random(vm);

  std::string names[2] = {p1, p2};
  std::unique_ptr<Agent> agents[2];
  bool human[2];
  for (int p = 0; p < 2; ++p) {
    human[p] = names[p] == "human";
    if (!human[p]) {
      if (std::string why = agent_spec_refusal(names[p]); !why.empty()) {
        std::cerr << "als play: " << why << "\n";
        return 2;
      }
      agents[p] = make_agent(names[p], seed, p);
      if (!agents[p]) {
        std::cerr << "als play: unknown agent '" << names[p] << "' (agents: human, " << computer_agents() << ")\n";
        return 2;
      }
    }
  }
  TerminalGame game(e, seed, agents, human, log_file, vm.count("watch") > 0, vm.count("practice") > 0,
                    vm.count("strict") > 0);
  std::string opening = "als play: " + (game.hide_seed() ? std::string("seed shown at the end") : "seed " + std::to_string(seed));
  opening += ", cards " + e.set().name;
  for (const auto& r : e.rule_names()) opening += ", rules " + r;
  auto shown = [](const std::string& a) { return level_spec(a) == a ? a : a + " (" + level_spec(a) + ")"; };
  std::cout << wrapped(opening + ", player 1 " + shown(p1) + ", player 2 " + shown(p2), 4) << "\n";
  if (!history_err.empty()) std::cout << wrapped(escape_controls(history_err), 4) << "\n";
  if (suggested)
    std::cout << wrapped("level " + p2 + (past.empty() ? ", for a first game" : ", as your results suggest") +
                             " (--level picks one: " + level_names() + ")",
                         4)
              << "\n";
  const bool at_level = level_spec(p2) != p2 || level_spec(p1) != p1;
  if (keeps && at_level && human[0] != human[1]) game.keep_results(history, human[0] ? p2 : p1);
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;  // no SA_RESTART: a read in progress returns, the game is abandoned
  sigemptyset(&sa.sa_mask);
  if (human[0] || human[1]) sigaction(SIGINT, &sa, nullptr);
  return game.run(c, p1, p2);
}

}  // namespace als::cli
