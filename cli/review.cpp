// als review: a recorded game a step at a time, battle by battle, each decision of the reviewed
// player marked by the search's view before and after it (best, good, inaccuracy, mistake,
// blunder), as a chess game review marks moves. At a terminal it is stepped through; through a
// pipe the whole review is printed.
#include <unistd.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "cli.h"
#include "hint.h"
#include "input.h"
#include "record.h"
#include "screen.h"
#include "terminal.h"
#include "question.h"
#include "view.h"

namespace als::cli {

namespace {

// One action of the game as recorded, with the takeback just before it and its review.
struct Step {
  Action action;
  int player = 0;
  int battle = 1;                      // the battle it was taken in (public: the projection's)
  std::vector<Event> events;           // what it caused that the review shows: its battle's end, the game's
  struct Takeback {
    int player;                        // who took back
    std::vector<std::string> undone;   // the action texts taken back (omniscient ids, first first)
  };
  std::vector<Takeback> takebacks;     // the takebacks just before this step, in order
  std::optional<DecisionReview> review;
};

// The steps of a game and its states, without a state kept a step: the state before every
// kEvery-th step and the last state are kept, any other is replayed from the one kept before it.
// Memory: a State (about 4 KB) every 64 steps, besides the steps themselves (docs/agents.md).
class Game {
 public:
  static constexpr size_t kEvery = 64;
  explicit Game(const Engine& e) : e_(e) {}
  void add(const State& before, const State& after, Step st) {
    if (steps.size() % kEvery == 0) kept_.push_back(before);
    last_ = after;
    std::erase_if(st.events, [](const Event& ev) { return ev.type != Event::BattleEnd && ev.type != Event::GameEnd; });
    steps.push_back(std::move(st));
  }
  /// The state step `i` was taken in (steps.size(): the last state).
  State before(size_t i) const {
    if (i == steps.size()) return last_;
    State s = kept_[i / kEvery];
    for (size_t j = i / kEvery * kEvery; j < i; ++j) e_.apply(s, steps[j].action);
    return s;
  }
  std::vector<Step> steps;

 private:
  const Engine& e_;
  std::vector<State> kept_;
  State last_;
};

// The seats the record's header says a person played ("human"), from its first line (the replay
// has checked it).
std::array<bool, 2> human_seats(const std::string& text) {
  std::array<bool, 2> out{false, false};
  const auto j = nlohmann::json::parse(text.substr(0, text.find('\n')), nullptr, false);
  if (!j.is_object()) return out;
  for (int p = 0; p < 2; ++p)
    if (auto a = j.find(p ? "p2" : "p1"); a != j.end() && a->is_string()) out[p] = a->get<std::string>() == "human";
  return out;
}

std::string percent(double x) { return std::to_string(static_cast<int>(x * 100 + 0.5)) + "%"; }

// "battle 64%, game 55%" (the game's when it rests on enough iterations).
std::string chances(const HintLine& h) {
  return "battle " + percent(h.battle) + (h.game_known ? ", game " + percent(h.game) : "");
}

// What a review says of a decision, as `viewer` may read it: "best (battle 64%, game 55%)", or
// "mistake: battle chance 64% -> 41%, game 55% -> 47%; better: deploy Heavy Tanks land".
std::string verdict(const Engine& e, const Step& st, const State& before, int viewer) {
  const DecisionReview& r = *st.review;
  if (r.mark == Mark::Best || r.mark == Mark::Good) return std::string(mark_name(r.mark)) + " (" + chances(r.chosen) + ")";
  // The game's chance first where both are known (a withdrawal may lose the battle and save the
  // game), then the battle's.
  // "yours ... vs the best ...": the player's play first, then the best (an arrow from the best to
  // the play once read as an improvement where the play's battle chance was the higher).
  const bool game = r.best.game_known && r.chosen.game_known;
  auto figures = [&](const HintLine& h) { return (game ? "game " + percent(h.game) + ", " : std::string()) + "battle " + percent(h.battle); };
  return std::string(mark_name(r.mark)) + ": yours " + figures(r.chosen) + " vs the best " + figures(r.best) +
         "; better: " + e.text(screen_naming()).action_text(before, r.best.action, viewer < 0 ? -1 : st.player);
}

// A recorded action's text (omniscient, cards by ids: "deploy heavy_tanks land") with its cards
// named as the screen names them ("deploy Heavy Tanks land" with names).
std::string named_action(const Engine& e, const std::string& text) {
  if (screen_naming() != Naming::Names) return text;
  std::string out;
  for (const std::string& w : words(text)) {
    const int c = e.set().find(w);
    out += (out.empty() ? "" : " ") + (c >= 0 ? e.set().cards[static_cast<size_t>(c)].name : w);
  }
  return out;
}

// The lines of step `i` as `viewer` saw it (-1: every card): a battle's start, a takeback, the
// action (a question's answer with the ability that asked), its review, a battle's end.
std::vector<std::string> step_lines(const Engine& e, const Game& game, size_t i, int viewer) {
  const std::vector<Step>& steps = game.steps;
  const Step& st = steps[i];
  const State before = game.before(i);
  const als::Texts texts = e.text(screen_naming());
  std::vector<std::string> out;
  if (i == 0 || steps[i - 1].battle != st.battle) {
    const Projection v = project(e, before, viewer);
    std::string order;
    for (const SeenTheater& t : v.theaters) order += (order.empty() ? "" : " ") + texts.theater_name(t.theater);
    out.push_back("=== battle " + std::to_string(v.battle) + ": theaters " + order + "; " + pname(v.first) +
                  " is the 1st player ===");
  }
  for (const Step::Takeback& t : st.takebacks) {  // (what was taken back: to a reader who sees every card)
    std::vector<std::string> undone;
    for (const std::string& a : t.undone) undone.push_back(named_action(e, a));
    out.push_back("  takeback: " + pname(t.player) + " took back " + std::to_string(undone.size()) +
                  (undone.size() == 1 ? " action" : " actions") + (viewer < 0 ? ": " + join(undone, "; ") : std::string()));
  }
  // A deploy shows its card to everyone; another's facedown play and hidden choices stay hidden.
  std::string line = std::to_string(i + 1) + ". " + pname(st.player);
  if (const Question q = render_question(e, project(e, before, viewer), screen_naming()); q.asked) line += q.hidden ? " decides" : ", for " + q.ability + ":";
  else line += ":";
  line += " " + texts.action_text(before, st.action, st.action.type == Action::Deploy ? -1 : viewer);
  out.push_back(line);
  if (st.review) out.push_back("      " + verdict(e, st, before, viewer));
  const auto score = [](const Event& ev) { return std::to_string(ev.score[0]) + "-" + std::to_string(ev.score[1]); };
  for (const Event& ev : st.events) {
    if (ev.type == Event::BattleEnd)
      out.push_back("--- battle " + std::to_string(ev.value) + ": " + pname(ev.player) + " wins " + std::to_string(ev.vp) + " VP (" +
                    (ev.withdrew ? pname(1 - ev.player) + " withdrew" : "theaters held") + "), score " + score(ev));
    if (ev.type == Event::GameEnd) out.push_back("game over: " + pname(ev.player) + " wins " + score(ev));
  }
  return out;
}

// Per reviewed seat: its decisions by mark.
void print_tally(const std::vector<Step>& steps, const std::array<bool, 2>& seats) {
  for (int p = 0; p < 2; ++p) {
    if (!seats[p]) continue;
    int n[5] = {}, total = 0;
    for (const Step& st : steps)
      if (st.review && st.player == p) ++n[static_cast<int>(st.review->mark)], ++total;
    std::ostringstream line;
    line << pname(p) << ": " << total << " decisions reviewed: " << n[0] << " best, " << n[1] << " good, " << n[2]
         << (n[2] == 1 ? " inaccuracy, " : " inaccuracies, ") << n[3] << (n[3] == 1 ? " mistake, " : " mistakes, ") << n[4]
         << (n[4] == 1 ? " blunder" : " blunders");
    std::cout << wrapped(line.str(), 4) << "\n";
  }
}

// The first step of battle `b` (1, 2, ...), or steps.size().
size_t battle_start(const std::vector<Step>& steps, uint32_t b) {
  for (size_t i = 0; i < steps.size(); ++i)
    if (steps[i].battle == static_cast<int>(b)) return i;
  return steps.size();
}

// At a terminal: a step a screen (the board after it as the viewer knew it, then its lines).
void browse(const Engine& e, const Game& game, int viewer) {
  const std::vector<Step>& steps = game.steps;
  const std::string keys = "Enter: next, b: back, m: next mistake, battle N, q: quit";
  for (size_t i = 0; i < steps.size();) {
    std::cout << "\n";
    print_final_board(e, project(e, game.before(i + 1), viewer));
    for (const std::string& l : step_lines(e, game, i, viewer)) std::cout << wrapped(l, 6) << "\n";
    std::string line;
    if (!read_line("(" + keys + ") > ", line)) return;
    const std::vector<std::string> w = words(line);
    if (w.empty() || w[0] == "n") {
      ++i;
    } else if (w[0] == "b") {
      i = i > 0 ? i - 1 : 0;
    } else if (w[0] == "q") {
      return;
    } else if (w[0] == "m") {
      size_t j = i + 1;
      while (j < steps.size() && !(steps[j].review && steps[j].review->mark >= Mark::Mistake)) ++j;
      if (j == steps.size()) std::cout << "no mistake after this step\n";
      else i = j;
    } else if (w[0] == "battle" && w.size() == 2 && w[1].size() < 4 &&
               std::all_of(w[1].begin(), w[1].end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
      const size_t j = battle_start(steps, static_cast<uint32_t>(std::stoul(w[1])));
      if (j == steps.size()) std::cout << "no battle " << w[1] << " in this game\n";
      else i = j;
    } else {
      std::cout << "keys: " << keys << "\n";
    }
  }
  std::cout << "the end of the game\n";
}

// Reviews the steps of the seats `seats`: each decision with more than one legal action, the
// first `most` of them, in one pass over the game's states (none kept). Returns how many more
// there were.
size_t review_steps(const Engine& e, Game& game, const std::array<bool, 2>& seats, const std::string& spec,
                    uint64_t seed, size_t most) {
  std::vector<Step>& steps = game.steps;
  std::vector<Action> legal;
  const auto reviewed = [&](const State& s, size_t i) {
    return seats[steps[i].player] && (e.legal(s, legal), legal.size() > 1);
  };
  size_t total = 0;
  State s = game.before(0);
  for (size_t i = 0; i < steps.size(); e.apply(s, steps[i].action), ++i) total += reviewed(s, i);
  s = game.before(0);
  for (size_t i = 0, k = 0; i < steps.size() && k < std::min(total, most); e.apply(s, steps[i].action), ++i) {
    if (!reviewed(s, i)) continue;
    Step& st = steps[i];
    if (isatty(2)) std::cerr << "\rreviewing decision " << ++k << " of " << std::min(total, most) << std::flush;
    else ++k;
    st.review = review_decision(review_searches(spec, seed, i, st.player), e, s, st.action);
  }
  if (isatty(2) && total) std::cerr << "\r" << std::string(40, ' ') << "\r";
  return total > most ? total - most : 0;
}

}  // namespace

int cmd_review(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als review options (a recorded game a step at a time, each decision marked by\n"
      "  the search)\n"
      "  examples: als review game.jsonl       (the seats people played, else both)\n"
      "            als review game.jsonl --seat 1  (as player 1 saw it)\n"
      "            als review game.jsonl --iterations 500 | less");
  std::string file, names;
  int seat = 0, iterations = 2000, most = 200;
  desc.add_options()("file", po::value<std::string>(&file), "a game record (.jsonl, als play --log)")(
      "seat", po::value<int>(&seat), "the game as player 1 or 2 saw it, their decisions reviewed (default: every card shown)")(
      "iterations", po::value<int>(&iterations)->default_value(2000), "the search's iterations a look (three looks a decision)")(
      "max-decisions", po::value<int>(&most)->default_value(200),
      "review at most this many decisions (the first; the rest shown unmarked), 1 to 100000")(
      "names", po::value<std::string>(&names)->default_value("always"),
      "cards by their names (Heavy Tanks): always (a review is read by a person, through a pipe too), never (by ids: "
      "heavy_tanks), auto (names when the output is a terminal)");
  po::positional_options_description pos;
  pos.add("file", 1);
  if (!parse(argc, argv, "review FILE", desc, vm, &pos)) return 0;
  if (!set_names(names, "review")) return 2;
  if (file.empty() || (vm.count("seat") && seat != 1 && seat != 2) || iterations < 1 || iterations > 1000000 || most < 1 ||
      most > 100000) {
    std::cerr << "als review: give a FILE; --seat takes 1 or 2; --iterations 1 to 1000000; --max-decisions 1 to 100000\n";
    return 2;
  }
  std::string text;
  if (!read_input("review", file, text)) return 2;
  std::optional<Game> game;
  std::shared_ptr<const Engine> engine;
  uint64_t seed = 0;
  ReplayOptions opt;
  opt.data_dir = data_dir();
  opt.on_engine = [&](std::shared_ptr<const Engine> e, uint64_t s) { engine = std::move(e), seed = s, game.emplace(*engine); };
  std::vector<Step::Takeback> takebacks;  // those read since the last action (a takeback of a takeback: two)
  opt.on_undo = [&](int p, const std::vector<std::string>& undone) { takebacks.push_back({p, undone}); };
  opt.on_action = [&](const Engine& e, const State& before, const Action& a, const State& after, int p, const EventLog& log) {
    game->add(before, after, {a, p, project(e, before, -1).battle, log.events, takebacks, std::nullopt});
    takebacks.clear();
  };
  std::ostringstream checked;
  if (const int code = replay_record(text, file, opt, checked, std::cerr); code != 0) {
    std::cerr << checked.str();
    return code;
  }
  if (!engine || game->steps.empty()) {
    std::cout << "review: " << escape_controls(file) << ": no action to review\n";
    return 0;
  }
  std::array<bool, 2> seats = human_seats(text);
  if (vm.count("seat")) seats = {seat == 1, seat == 2};
  else if (!seats[0] && !seats[1]) seats = {true, true};
  const int viewer = vm.count("seat") ? seat - 1 : -1;
  size_t unreviewed = 0;
  try {
    unreviewed = review_steps(*engine, *game, seats, "mcts:iterations=" + std::to_string(iterations), seed,
                              static_cast<size_t>(most));
  } catch (const std::exception& err) {
    std::cerr << "als review: " << escape_controls(err.what()) << "\n";
    return 1;
  }
  if (isatty(0) && isatty(1)) {
    browse(*engine, *game, viewer);
  } else {
    for (size_t i = 0; i < game->steps.size(); ++i)
      for (const std::string& l : step_lines(*engine, *game, i, viewer)) std::cout << wrapped(l, 6) << "\n";
  }
  print_tally(game->steps, seats);
  if (unreviewed)
    std::cout << wrapped("the " + std::to_string(unreviewed) + " decisions after the first " + std::to_string(most) +
                             " were not reviewed (--max-decisions " + std::to_string(most) + ")",
                         4)
              << "\n";
  return 0;
}

}  // namespace als::cli
