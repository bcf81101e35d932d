// Benchmark: random games per second on one thread, state copies, and the hot path without Lua.
// Run: build/tests/bench [games] [all|games] ("games": only the standard random games, for profiling),
// or build/tests/bench 0 search [MS [VALUE]] (the search's iterations a decision at MS ms, default
// 20, with the learned value VALUE, "standard" or a file, default none: over the same positions
// every run), or build/tests/bench [games] hooks (what a house rule's hooks
// cost: one hook call, one verb call, and the "sudden victory" rule's games against the standard's,
// random and greedy), or build/tests/bench 0 endgame [CARDS] (what an exact endgame costs where
// both hands hold at most CARDS cards, default 2, against the search's iterations), or
// build/tests/bench RUNS refusals (an ability looping on caught refusals to its budget, against a
// plain loop). Not a test: figures depend on the machine (state it with them).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "agents.h"
#include "mcts.h"
#include "match.h"
#include "engine.h"
#include "loader.h"

using namespace als;
using Clock = std::chrono::steady_clock;

static double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

namespace {
// Random games on one thread: the fixed workload of docs/performance.md, played as `als simulate`
// plays them (through a Match; abilities' decisions answered during their runs: SeatChooser).
// Plays `games` games of agents made by `make` (both seats, seeded by the game); returns the
// seconds and adds the turns taken to `turns`.
template <typename MakeAgent>
double timed_games(const Engine& e, long games, MakeAgent make, long* turns = nullptr, long* answered = nullptr) {
  Match::Options quiet;
  quiet.answer_during_runs = true;
  quiet.texts = quiet.log = false;
  auto t0 = Clock::now();
  RandomAgent first(3);
  Match m(e, 1, &first, &first, quiet);
  for (long g = 0; g < games; ++g) {
    auto agent = make(static_cast<uint64_t>(g) * 7 + 3);
    m.reset(static_cast<uint64_t>(g) + 1, &agent, &agent);
    m.run();
    if (!m.over()) std::fprintf(stderr, "game %ld: %s\n", g + 1, m.abandoned().c_str()), std::exit(1);
    if (turns) *turns += m.actions();
    if (answered) *answered += m.answered();
  }
  return since(t0);
}
auto random_agent = [](uint64_t seed) { return RandomAgent(seed); };
auto greedy_agent = [](uint64_t seed) { return GreedyAgent(seed); };

void random_games(const Engine& e, const char* name, long games) {
  long actions = 0, abilities = 0;
  const double t = timed_games(e, games, random_agent, &actions, &abilities);
  actions += abilities;
  std::printf("random games:   %-14s %ld games in %.3f s = %.0f games/s (%.1f actions/game, %.1f decisions/game)\n",
              name, games, t, games / t, double(actions) / games, double(abilities) / games);
}

// What a house rule's hooks cost (docs/performance.md, "Hooks"): an empty acting hook (turn_end)
// against none gives one hook call; ten g:controller calls in it against the empty one give one
// verb call; the "sudden victory" rule (four hooks, each checking every theater) against the
// standard game, with random and with greedy agents, gives the ratios a designer sees.
void hook_costs(const std::string& dir, long games) {
  const std::string rules = dir + "/tests/bench/rules/";
  auto plain = load_engine("standard", {}, dir), empty = load_engine("standard", {rules + "empty_hook.lua"}, dir),
       verbs = load_engine("standard", {rules + "ten_verbs.lua"}, dir),
       sudden = load_engine("standard", {rules + "sudden_victory.lua"}, dir);
  long turns = 0;
  const double t0 = timed_games(*plain, games, random_agent, &turns);
  const double t1 = timed_games(*empty, games, random_agent);
  const double t10 = timed_games(*verbs, games, random_agent);
  const double hook = (t1 - t0) / static_cast<double>(turns) * 1e9, verb = (t10 - t1) / (10.0 * static_cast<double>(turns)) * 1e9;
  std::printf("hooks:          one acting hook call %.0f ns, one verb call (g:controller) %.0f ns (%ld calls each)\n", hook,
              verb, turns);
  const double r = timed_games(*sudden, games, random_agent) / t0;
  const long greedy = std::max(1L, games / 20);
  const double g0 = timed_games(*plain, greedy, greedy_agent), g1 = timed_games(*sudden, greedy, greedy_agent);
  std::printf("hooks:          sudden victory rule: random games %.2fx the standard's time (%ld games), greedy %.2fx (%ld games)\n",
              r, games, g1 / g0, greedy);
}
// `mcts:time=MS` on one thread and on two (one tree): its iterations a decision, averaged over
// every decision with more than one action of four games of the standard set, the same positions
// on every run (the moves played are those of `mcts:300`, whose search is reproducible; the timed
// search only ranks). Later decisions of a battle have shorter playouts, so more iterations.
// `value` is the timed search's learned value (Options::value: "" for playouts, "standard").
void search_at(const Engine& e, double ms, const std::string& value) {
  for (int threads : {1, 2}) {
    MctsAgent::Options timed_options, player_options;
    timed_options.time_ms = ms;
    timed_options.iterations = 1 << 30;
    timed_options.threads = threads;
    timed_options.value = value;
    player_options.iterations = 300;
    MctsAgent timed(1, timed_options), first(2, player_options), second(3, player_options);
    long long iterations = 0, decisions = 0;
    std::vector<Action> acts;
    for (uint64_t g = 0; g < 4; ++g) {
      State s = e.new_game(100 + g);
      while (e.to_act(s) >= 0) {
        e.legal(s, acts);
        if (acts.size() > 1) {
          timed.rank(InfoState(e, s, acts));
          iterations += timed.last_iterations(), ++decisions;
        }
        e.apply(s, (e.to_act(s) == 0 ? first : second).choose(e, s, acts));
      }
    }
    std::printf("search:         mcts:time=%g,threads=%d,value=%s %.0f iterations a decision (%lld decisions)\n", ms, threads,
                value.empty() ? "none" : value.c_str(), static_cast<double>(iterations) / static_cast<double>(decisions), decisions);
  }
}
// What an exact endgame costs (MctsAgent::Options::endgame): at every decision of eight games of
// `mcts:300` against itself where both hands hold at most `cards` cards, the endgame solved in 64
// worlds with no bound, its nodes and time a world; and the default search's (value=standard, 600
// iterations) time an iteration at the same decisions, the cost an endgame's budget is set by
// (kEndgameNodes).
void endgame_cost(const Engine& e, int cards) {
  MctsAgent::Options solve_options, search_options, player_options;
  solve_options.endgame = cards;
  solve_options.iterations = 1 << 30;
  solve_options.work = 0;
  search_options.value = "standard";
  player_options.iterations = 300;
  MctsAgent solver(1, solve_options), search(4, search_options), first(2, player_options), second(3, player_options);
  long long nodes = 0, worlds = 0, iterations = 0, decisions = 0, most = 0;
  double solve_s = 0, search_s = 0;
  std::vector<Action> acts;
  for (uint64_t g = 0; g < 8; ++g) {
    State s = e.new_game(200 + g);
    while (e.to_act(s) >= 0) {
      e.legal(s, acts);
      const int p = e.to_act(s);
      if (acts.size() > 1 && e.hand_size(s, p) <= cards && e.hand_size(s, 1 - p) <= cards) {
        InfoState info(e, s, acts);
        auto t0 = Clock::now();
        solver.decide(info);
        solve_s += since(t0);
        nodes += solver.last_endgame_nodes(), worlds += solver.last_endgame_worlds(), ++decisions;
        most = std::max(most, solver.last_endgame_nodes() / std::max(1, solver.last_endgame_worlds()));
        t0 = Clock::now();
        search.rank(info);
        search_s += since(t0);
        iterations += search.last_iterations();
      }
      e.apply(s, (p == 0 ? first : second).choose(e, s, acts));
    }
  }
  std::printf("endgame:        hands of at most %d: %lld decisions, %.0f nodes a world (most %lld), %.1f us a world, "
              "%.2f us a node; the search %.2f us an iteration\n",
              cards, decisions, static_cast<double>(nodes) / static_cast<double>(worlds), most,
              solve_s / static_cast<double>(worlds) * 1e6, solve_s / static_cast<double>(nodes) * 1e6,
              search_s / static_cast<double>(iterations) * 1e6);
}
// What a refusal costs against the budget (docs/performance.md, "Refusals"): an ability that
// loops on caught refusals (g:flip of a 16,000-byte name) until its budget is spent, against one
// that loops on plain instructions, each run `runs` times to its instruction limit: the wall time
// of each, and their ratio (a refusal charged kCaughtErrorCost keeps it near 1).
void refusal_costs(const std::string& dir, long runs) {
  auto e = load_engine(dir + "/tests/hostile/budgets", {}, dir);
  auto timed = [&](const char* card) {
    State start = e->blank();
    start.b.card[e->set().find(card)] = CardLoc{Zone::Hand, 0, kNone, 0, 100};
    start.b.reindex();
    const Action a{Action::Deploy, static_cast<uint8_t>(e->set().find(card)), static_cast<uint8_t>(e->text().theater_id("air")), kNone};
    auto t0 = Clock::now();
    for (long r = 0; r < runs; ++r) {
      State s = start;
      try {
        e->apply(s, a);
      } catch (const ScriptError&) {  // the budget's end, as expected
      }
    }
    return since(t0) / static_cast<double>(runs);
  };
  const double plain = timed("plain_loop"), refused = timed("refuser");
  std::printf("refusals:       an ability to its budget: plain loop %.1f ms, caught refusals %.1f ms (%.2fx; %ld runs)\n",
              plain * 1e3, refused * 1e3, refused / plain, runs);
}
}  // namespace

int main(int argc, char** argv) {
  long games = argc > 1 ? std::atol(argv[1]) : 20000;
  const char* env = std::getenv("ALS_DATA_DIR");
  std::string dir = env && *env ? env : ALS_DATA_DIR;
  auto eng = load_engine("standard", {}, dir);
  const Engine& e = *eng;
  std::vector<Action> acts;
  if (argc > 2 && std::string(argv[2]) == "search") {
    search_at(e, argc > 3 ? std::atof(argv[3]) : 20, argc > 4 ? argv[4] : "");
    return 0;
  }
  if (argc > 2 && std::string(argv[2]) == "endgame") {
    endgame_cost(e, argc > 3 ? std::atoi(argv[3]) : 2);
    return 0;
  }
  if (argc > 2 && std::string(argv[2]) == "refusals") {
    refusal_costs(dir, std::max(1L, games));
    return 0;
  }
  if (argc > 2 && std::string(argv[2]) == "hooks") {
    hook_costs(dir, games);
    return 0;
  }
  random_games(e, "standard", games);
  if (argc > 2 && std::string(argv[2]) == "games") return 0;
  // The example variant of card script API 2: ongoing functions, triggers, a hook.
  auto variant = load_engine(dir + "/docs/examples/field-command", {}, dir);
  random_games(*variant, "field-command", games);
  // The example variant of card script API 3 with its house rules: counters, lasting effects, bans,
  // change of side, a mulligan, a battle ending with a reason, players' counters, an effect a rule starts.
  const std::string frontier = dir + "/docs/examples/frontier";
  auto api3 = load_engine(frontier,
                          {frontier + "/rules/mulligan.lua", frontier + "/rules/blitz.lua", frontier + "/rules/medals.lua",
                           frontier + "/rules/fog.lua"},
                          dir);
  random_games(*api3, "frontier+4", games);
  // Card script API 4's test cards (reveals, cards taken into hands) with the draft house rule
  // (a deal hook that asks the 1st player six questions a battle).
  auto api4 = load_engine(dir + "/tests/sets/api4", {dir + "/tests/sets/api4/rules/draft.lua"}, dir);
  random_games(*api4, "api4+draft", games);
  State s = e.new_game(1);
  const long copies = 5'000'000;
  State sink{};
  auto t0 = Clock::now();
  for (long i = 0; i < copies; ++i) {
    sink = s;
    sink.b.score[0] = static_cast<int32_t>(i);
    asm volatile("" : : "r"(&sink) : "memory");
  }
  double t = since(t0);
  std::printf("state copy:     %zu bytes, %.1f ns per copy\n", sizeof(State), t / copies * 1e9);

  const long reps = 2'000'000;
  long sum = 0;
  t0 = Clock::now();
  for (long i = 0; i < reps; ++i) {
    e.legal(s, acts);
    sum += static_cast<long>(acts.size());
    for (int th = 0; th < s.b.ntheaters; ++th) sum += e.controller(s, th);
  }
  t = since(t0);
  std::printf("hot path:       legal actions + control of every theater: %.1f ns (checksum %ld)\n", t / reps * 1e9, sum);

  // The computer opponents' searches: IS-MCTS iterations per second from the first decision of a
  // game (each iteration: a determinization, a descent, moves to the end of the battle): the
  // frozen mcts-v1 (random moves, text keys), and mcts on one and on two threads (a tree each with
  // a fixed budget; one tree both grow under a time budget, here a clock far off so that the
  // iterations end the search).
  const int iterations = 3000;
  e.legal(s, acts);
  auto timed = [&](SearchAgent& agent) {
    auto start = Clock::now();
    agent.rank(InfoState(e, s, acts));
    return since(start);
  };
  MctsV1Agent v1(7, MctsV1Agent::Options{iterations, 0.7, false});
  t = timed(v1);
  std::printf("search:         mcts-v1 %.0f iterations/s (%d in %.3f s; a default move, 600 iterations: %.1f ms)\n",
              iterations / t, iterations, t, 600 / (iterations / t) * 1e3);
  for (int threads : {1, 2, -2}) {
    MctsAgent::Options o;
    o.iterations = iterations;
    o.threads = std::abs(threads);
    if (threads < 0) o.time_ms = 600'000;
    MctsAgent search(7, o);
    timed(search);  // the first search makes the twins (loads the set again)
    t = timed(search);
    std::printf("search:         mcts (%s) %.0f iterations/s (%d in %.3f s)\n",
                threads == 1 ? "1 thread" : threads == 2 ? "2 threads" : "2 threads, one tree", iterations / t, iterations, t);
  }
  return 0;
}
