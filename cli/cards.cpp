// als cards: lists a card set and checks it (docs/modding.md, "Validation").
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>

#include "cli.h"
#include "files.h"
#include "input.h"
#include "agents.h"
#include "match.h"
#include "mcts.h"
#include "screen.h"

namespace als::cli {

namespace {

// Abilities must depend only on the game (docs/modding.md, "Safety"): from sampled positions of
// random games, every action is applied to two copies of the state, one on `e` and one on
// `other`, the same set loaded a second time (another Lua state: other addresses, another
// history), and the two results must be the same game with the same log. Returns "" or a
// message naming the card.
std::string check_reproducible(const Engine& e, const Engine& other, int games) {
  for (int g = 0; g < games; ++g) {
    std::optional<Match> m, twin;  // the game, and a copy of it before each action
    try {
      m.emplace(e, static_cast<uint64_t>(g) + 1, nullptr, nullptr);
      twin.emplace(other, static_cast<uint64_t>(g) + 1, nullptr, nullptr);
    } catch (const ScriptError& err) {
      return std::string("a script fails when a game starts: ") + err.what();
    }
    RandomAgent agent(static_cast<uint64_t>(g) * 7 + 5);
    while (!m->over()) {
      if (!m->abandoned().empty())  // no end after the rules' max_actions
        return "game " + std::to_string(g + 1) + " of the check does not end: " + m->abandoned() +
               "; do the rules let a battle end (both hands empty, battle_over) and the game reach its target?";
      Action a = agent.choose(e, m->state(), m->legal());
      twin->restore(m->state());
      bool same_log = true;
      try {
        const EventLog& l1 = m->apply(a);
        const EventLog& l2 = twin->apply(a);
        same_log = l1.events.size() == l2.events.size();
        for (size_t i = 0; same_log && i < l1.events.size(); ++i)
          same_log = e.text().event_text(l1.events[i], -1) == e.text().event_text(l2.events[i], -1);
      } catch (const ScriptError& err) {
        return std::string("a script fails in play (game ") + std::to_string(g + 1) + "): " + err.what();
      }
      const State& s = m->state();
      if (digest(e, s) == digest(e, twin->state()) && same_log) continue;
      std::string cards;
      for (const Event& ev : m->apply_log().events)
        if (ev.type == Event::Ability) cards += (cards.empty() ? "" : ", ") + e.text().due_text(Due{.card = ev.card, .what = static_cast<What>(ev.what)});
      if (const Question q = render_question(e, project(e, s, -1)); q.asked) cards += (cards.empty() ? "" : ", ") + q.ability;
      return "two runs of the same ability from the same position differ (" + (cards.empty() ? "?" : cards) +
             "): an ability must depend only on the game, not on state kept between calls or on addresses "
             "(tostring of a table or function)";
    }
  }
  return "";
}

// A word of a command line as a shell reads it: as it is, or in single quotes.
std::string shell_word(const std::string& w) {
  if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+") == std::string::npos)
    return w;
  std::string out = "'";
  for (char ch : w) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// The search's sample: `games` games of `spec` against itself (the search meets what random play
// does not: worlds in which the cards a player cannot see are others). A game that fails is
// returned ("" if none) with the command that plays it again; `note` says where the search met
// worlds whose re-run asked another question (a question that depends on a card its player
// cannot see: legal, each such iteration counted even), with the same command.
std::string check_search(const Engine& e, const Common& c, int games, std::string& note) {
  const std::string spec = "mcts:iterations=100";
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = 1000 + static_cast<uint64_t>(g);
    std::string again = "als play --cards " + shell_word(c.cards);
    for (const std::string& r : c.rules) again += " --rules " + shell_word(r);
    for (const std::string& p : c.param_flags) again += " --param " + shell_word(p);
    again += " --seed " + std::to_string(seed) + " --p1 " + spec + " --p2 " + spec;
    std::unique_ptr<Agent> a, b;
    try {
      a = make_agent(spec, seed, 0), b = make_agent(spec, seed, 1);
      Match m(e, seed, a.get(), b.get());
      m.run();
      if (!m.over() && !m.abandoned().empty())
        return "game " + std::to_string(g + 1) + " of the search's sample fails: " + escape_controls(m.abandoned()) +
               "\n  play it again: " + again;
    } catch (const ScriptError& err) {
      return "game " + std::to_string(g + 1) + " of the search's sample fails: " + escape_controls(err.what()) +
             "\n  play it again: " + again;
    }
    for (const auto* agent : {a.get(), b.get()})
      if (const auto* m = dynamic_cast<const MctsAgent*>(agent); m && m->mismatches() && note.empty())
        note = "in game " + std::to_string(g + 1) + " of the search's sample, " + std::to_string(m->mismatches()) +
               (m->mismatches() == 1 ? " iteration" : " iterations") + " met a world whose re-run asked another question (" +
               escape_controls(m->first_mismatch().substr(0, m->first_mismatch().find('\n'))) +
               "): a question that depends on a card its player cannot see. Legal, and the search plays on (each such "
               "iteration counted even), but it reads less in those positions; the first: " + again;
  }
  return "";
}

// "3-5, 9": a sorted set of line numbers as ranges.
std::string ranges(const std::vector<int>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size();) {
    size_t j = i;
    while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(lines[i]) + (j > i ? "-" + std::to_string(lines[j]) : "");
    i = j + 1;
  }
  return out;
}

// The coverage report (--coverage): for each script file, the lines of code the sample's games
// ran, then those no game ran, each with its text. `code`: each file's lines of code (those run
// are among them: a function made inside another counts once it ran).
void print_coverage(const LineSets& run, LineSets code, const std::string& by) {
  for (const auto& [file, lines] : run)
    if (code.count(file)) code[file].insert(lines.begin(), lines.end());
  std::cout << "coverage: the lines of code " << by << " ran (als cards --coverage)\n";
  int total = 0, ran = 0;
  for (const auto& [file, lines] : code) {
    const auto it = run.find(file);
    std::vector<int> missed;
    for (int l : lines)
      if (it == run.end() || !it->second.count(l)) missed.push_back(l);
    const int n = static_cast<int>(lines.size()), hit = n - static_cast<int>(missed.size());
    total += n, ran += hit;
    std::cout << "  " << escape_controls(files::shown_path(file)) << ": " << hit << " of " << n << " lines";
    if (missed.empty()) {
      std::cout << "\n";
      continue;
    }
    std::cout << "; not run: " << ranges(missed) << "\n";
    std::ifstream in(file);  // (a file the set was loaded from)
    std::string text;
    for (int l = 1, k = 0; k < static_cast<int>(missed.size()) && std::getline(in, text); ++l) {
      if (l != missed[static_cast<size_t>(k)]) continue;
      ++k;
      const size_t from = text.find_first_not_of(" \t");
      std::cout << "    " << std::setw(4) << std::right << l << std::left << "  "
                << escape_controls(from == std::string::npos ? "" : text.substr(from, 160)) << "\n";
    }
  }
  std::cout << "  all: " << ran << " of " << total << " lines of code run\n";
}

// What each card's script declares beyond its text (ongoing effects, functions, triggers,
// replacements), then the lasting effects (API 3) with who declares them. `w`: the id column's width.
void print_scripted(const CardSet& set, size_t w) {
  // What each card's script declares beyond its text: ongoing effects, functions, triggers.
  bool any = false;
  for (const auto& d : set.cards) {
    std::vector<std::string> effects, fns, triggers, insteads;
    for (const Effect& f : d.effects) effects.push_back(kEffectNames[f.type]);
    for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
      if ((d.fns >> i) & 1) fns.push_back(kFnNames[i]);
    for (int i = 0; i < kTriggerEvents; ++i)
      if ((d.triggers >> i) & 1) triggers.push_back(kTriggerTable[i].name);
    for (int k = 0; k < static_cast<int>(Instead::Count); ++k)
      if ((d.instead >> k) & 1) insteads.push_back(kInsteadNames[k]);
    if (effects.empty() && fns.empty() && triggers.empty() && insteads.empty()) continue;
    if (!any) std::cout << "scripted:\n";
    any = true;
    std::cout << "  " << std::left << std::setw(static_cast<int>(w) + 2) << d.id;
    std::string sep;
    if (!effects.empty()) std::cout << "effects " << join(effects), sep = "; ";
    if (!fns.empty()) std::cout << sep << "functions " << join(fns), sep = "; ";
    if (!triggers.empty()) std::cout << sep << "triggers " << join(triggers), sep = "; ";
    if (!insteads.empty()) std::cout << sep << "instead of " << join(insteads);
    std::cout << "\n";
  }
  // Lasting effects (API 3): who declares them, with their functions and triggers.
  for (const LastingDef& l : set.lasting) {
    std::vector<std::string> parts;
    for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
      if ((l.fns >> i) & 1) parts.push_back(kFnNames[i]);
    for (int i = 0; i < kTriggerEvents; ++i)
      if ((l.triggers >> i) & 1) parts.push_back(std::string("when ") + kTriggerTable[i].name);
    for (int k = 0; k < static_cast<int>(Instead::Count); ++k)
      if ((l.instead >> k) & 1) parts.push_back(std::string("instead of ") + kInsteadNames[k]);
    std::cout << "lasting effect " << l.name << " of " << (l.card == kNone ? std::string("the house rules") : set.cards[l.card].id)
              << ": " << join(parts) << "\n";
  }
}

}  // namespace

int cmd_cards(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als cards options (lists a card set and checks it: docs/modding.md)\n"
      "  examples: als cards\n"
      "            als cards --cards path/to/my-set --rules long-war");
  add_common(desc, c, vm);
  add_param(desc, c.param_flags);
  int sample = 200, games = 20;
  bool coverage = false;
  desc.add_options()("sample", po::value<int>(&sample)->default_value(200),
                     "random games whose every action is applied twice to check that abilities are reproducible "
                     "(0: no check)")(
      "games", po::value<int>(&games)->default_value(20),
      "games of the search (mcts:iterations=100) against itself, which must not fail (0: no check)")(
      "coverage", po::bool_switch(&coverage),
      "also report which lines of each script the sample's and the search's games ran, listing those none ran");
  if (!parse(argc, argv, "cards", desc, vm)) return 0;
  if (vm.count("seed")) {
    std::cerr << "als cards: --seed does not apply (the reproducibility check uses its own games)\n";
    return 2;
  }
  if (sample < 0 || sample > 1'000'000 || games < 0 || games > 100'000) {
    std::cerr << "als cards: --sample takes 0 to 1000000 games, --games 0 to 100000\n";
    return 2;
  }
  auto eng = open_engine(c);  // loading validates the set (docs/modding.md, "Validation")
  if (!eng) return 2;
  auto again = sample ? open_engine(c) : eng;  // the twin of the check, in a Lua state of its own
  if (!again) return 2;
  LineSets run;
  Scripts* scripts = coverage ? eng->ops().scripts() : nullptr;
  if (scripts) scripts->keep_coverage(&run);
  if (std::string why = check_reproducible(*eng, *again, sample); !why.empty()) {
    std::cerr << "als cards: " << why << "\n";
    return 2;
  }
  std::string note;
  if (std::string why = check_search(*eng, c, games, note); !why.empty()) {
    std::cerr << "als cards: " << why << "\n";
    return 2;
  }
  if (scripts) scripts->keep_coverage(nullptr);
  const CardSet& set = eng->set();
  const Rules& r = eng->rules();
  std::cout << "card set '" << set.name << "' (" << set.dir << "), script API " << set.api << ", " << set.cards.size()
            << " cards, theaters:";
  for (const auto& t : r.theaters) std::cout << " " << t;
  std::cout << "\n";
  size_t w = 2;
  for (const auto& d : set.cards) w = std::max(w, d.id.size());
  std::cout << std::left << std::setw(static_cast<int>(w) + 2) << "id" << std::setw(7) << "type" << std::setw(4)
            << "str" << std::setw(9) << "kind"
            << "text\n";
  for (const auto& d : set.cards) {
    std::cout << std::left << std::setw(static_cast<int>(w) + 2) << d.id << std::setw(7) << d.type << std::setw(4)
              << d.strength << std::setw(9)
              << (d.kind == Kind::None ? "-" : kind_name(d.kind)) << d.text << "\n";
  }
  print_scripted(set, w);
  std::cout << "rules: " << r.vp_target << " VP to win, " << r.battle_vp << " VP a battle, hand " << r.hand_size
            << ", instants " << (r.immediate_instants ? "immediate" : "queued") << ", covered cards "
            << (r.flip_covered ? "may" : "may not") << " be flipped\n";
  std::vector<std::string> hooks;
  for (const HookKind& k : kHookTable)
    if (r.has(k.hook)) hooks.push_back(k.name);
  std::cout << "rules flags: facedown strength " << r.facedown_strength << ", rotation " << r.rotation
            << ", theater order " << (r.random_theater_order ? "random" : "as listed") << ", flipped instants "
            << (r.interrupt_flipped ? "stop" : "go on") << ", max_actions " << r.max_actions << "\n"
            << "hooks: " << (hooks.empty() ? "none" : join(hooks)) << "\n";
  if (coverage) {
    if (!sample && !games) std::cout << "coverage: no games were played (--sample 0 --games 0)\n";
    else if (scripts)
      print_coverage(run, scripts->code_lines(),
                     sample && games ? "the " + std::to_string(sample) + " random games and the " + std::to_string(games) +
                                           " games of the search"
                     : sample ? "the " + std::to_string(sample) + " random games"
                              : "the " + std::to_string(games) + " games of the search");
  }
  if (!note.empty()) std::cout << wrapped("note: " + note, 2) << "\n";
  std::cout << "ok";
  if (sample)
    std::cout << " (every action of " << sample
              << " random games applied twice, on two loads of the set: the same game each time"
              << (games ? "; " + std::to_string(games) + " games of the search against itself" : std::string()) << ")";
  else if (games)
    std::cout << " (" << games << " games of the search against itself)";
  std::cout << "\n";
  return 0;
}

}  // namespace als::cli
