// als test, als cards, als simulate.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "agents.h"
#include "record.h"
#include "sandbox.h"
#include "cli.h"
#include "files.h"
#include "scenario.h"

namespace als::cli {

namespace fs = std::filesystem;

int cmd_test(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc("als test options");
  add_common(desc, c, vm);
  std::vector<std::string> paths;
  desc.add_options()("path", po::value<std::vector<std::string>>(&paths), "test files or folders");
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse(argc, argv, "test PATH...", desc, vm, &pos)) return 0;
  if (paths.empty()) {
    std::cerr << "als test: no PATH given (a .lua file or a folder of them)\n";
    return 2;
  }
  std::vector<std::pair<std::string, std::string>> files;  // path, display
  for (const std::string& p : paths) {
    std::error_code ec;
    if (files::is_dir(p)) {
      std::vector<std::string> found;
      // A folder with a set.lua is a card set, not scenarios: it is not searched.
      if (files::exists(fs::path(p) / "set.lua")) continue;
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec)) {
        if (it->is_directory(ec) && files::exists(it->path() / "set.lua")) {
          it.disable_recursion_pending();
          continue;
        }
        if (it->is_regular_file(ec) && it->path().extension() == ".lua") found.push_back(it->path().string());
      }
      std::sort(found.begin(), found.end());
      for (auto& f : found) files.emplace_back(f, f);
    } else if (files::is_file(p)) {
      files.emplace_back(p, p);
    } else {
      std::cerr << "als test: " << p << ": no such file or folder\n";
      return 2;
    }
  }
  ScenarioOptions opt;
  opt.cards = c.cards;
  opt.rules = c.rules;
  opt.data_dir = data_dir();
  EngineCache cache(opt.data_dir);
  try {
    cache.get(opt.cards, opt.rules);  // a bad --cards or --rules is a usage error
  } catch (const LoadError& e) {
    std::cerr << "als test: " << e.what() << "\n";
    return 2;
  }
  int passed = 0, failed = 0;
  bool load_error = false;
  auto out = [](const std::string& line) { std::cout << line << "\n" << std::flush; };
  for (auto& [path, display] : files) {
    ScenarioResult r = run_scenario_file(path, display, opt, cache, out);
    passed += r.passed;
    failed += r.failed;
    load_error = load_error || r.load_error;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return load_error ? 2 : failed ? 1 : 0;
}

namespace {

// Abilities must depend only on the game (docs/modding.md, "Safety"): from sampled positions of
// random games, every action is applied to two copies of the state, and the two results must be
// the same game with the same log. Returns "" or a message naming the card.
std::string check_reproducible(const Engine& e, int games) {
  std::vector<Action> acts;
  for (int g = 0; g < games; ++g) {
    State s;
    try {
      s = e.new_game(static_cast<uint64_t>(g) + 1);
    } catch (const ScriptError& err) {
      return std::string("a script fails when a game starts: ") + err.what();
    }
    RandomAgent agent(static_cast<uint64_t>(g) * 7 + 5);
    for (int steps = 0; e.to_act(s) >= 0 && steps < 2000; ++steps) {
      e.legal(s, acts);
      Action a = agent.choose(e, s, acts);
      State t = s;
      EventLog l1, l2;
      try {
        e.apply(s, a, &l1);
        e.apply(t, a, &l2);
      } catch (const ScriptError& err) {
        return std::string("a script fails in play (game ") + std::to_string(g + 1) + "): " + err.what();
      }
      bool same_log = l1.events.size() == l2.events.size();
      for (size_t i = 0; same_log && i < l1.events.size(); ++i)
        same_log = e.event_text(l1.events[i], -1) == e.event_text(l2.events[i], -1);
      if (e.digest(s) == e.digest(t) && same_log) continue;
      std::string cards;
      for (const Event& ev : l1.events)
        if (ev.type == Event::Ability) cards += (cards.empty() ? "" : ", ") + e.due_text(Due{.card = ev.card, .what = static_cast<What>(ev.what)});
      if (s.r.active) cards += (cards.empty() ? "" : ", ") + e.due_text(s.r.due);
      return "two runs of the same ability from the same position differ (" + (cards.empty() ? "?" : cards) +
             "): an ability must depend only on the game, not on state kept between calls or on addresses "
             "(tostring of a table or function)";
    }
  }
  return "";
}

}  // namespace

int cmd_cards(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc("als cards options");
  add_common(desc, c, vm);
  int sample = 200;
  desc.add_options()("sample", po::value<int>(&sample)->default_value(200),
                     "random games whose every action is applied twice to check that abilities are reproducible "
                     "(0: no check)");
  if (!parse(argc, argv, "cards", desc, vm)) return 0;
  if (sample < 0 || sample > 1'000'000) {
    std::cerr << "als cards: --sample takes 0 to 1000000 games\n";
    return 2;
  }
  auto eng = load_engine(c);  // loading validates the set (docs/modding.md, "Validation")
  if (!eng) return 2;
  if (std::string why = check_reproducible(*eng, sample); !why.empty()) {
    std::cerr << "als cards: " << why << "\n";
    return 2;
  }
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
              << (d.kind == Kind::Instant ? "instant" : d.kind == Kind::Ongoing ? "ongoing" : "-") << d.text << "\n";
  }
  std::cout << "rules: " << r.vp_target << " VP to win, " << r.battle_vp << " VP a battle, hand " << r.hand_size
            << ", instants " << (r.immediate_instants ? "immediate" : "queued") << ", covered cards "
            << (r.flip_covered ? "may" : "may not") << " be flipped\n";
  std::cout << "ok";
  if (sample) std::cout << " (every action of " << sample << " random games applied twice: the same game each time)";
  std::cout << "\n";
  return 0;
}

namespace {

struct Tally {
  long long games = 0, wins[2] = {0, 0}, battles = 0, actions = 0, vp[2] = {0, 0}, withdrawals = 0;
  void add(const Tally& o) {
    games += o.games;
    battles += o.battles;
    actions += o.actions;
    withdrawals += o.withdrawals;
    for (int p = 0; p < 2; ++p) wins[p] += o.wins[p], vp[p] += o.vp[p];
  }
};

uint64_t game_seed(uint64_t base, long long i) {
  Rng r(base + static_cast<uint64_t>(i));
  return r.next();
}

}  // namespace

int cmd_simulate(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc("als simulate options");
  add_common(desc, c, vm);
  long long games = 0;
  int threads = 1;
  std::string p1, p2, shard;
  desc.add_options()("games", po::value<long long>(&games)->required(), "number of games")(
      "p1", po::value<std::string>(&p1)->default_value("random"), "agent of player 1")(
      "p2", po::value<std::string>(&p2)->default_value("random"), "agent of player 2")(
      "threads", po::value<int>(&threads)->default_value(1), "worker threads")(
      "json", "print the statistics as one JSON object")(
      "shard", po::value<std::string>(&shard), "K/N: play only the games i with i % N == K-1");
  if (!parse(argc, argv, "simulate", desc, vm)) return 0;
  if (games < 0 || threads < 1 || threads > 256) {
    std::cerr << "als simulate: --games must be >= 0 and --threads between 1 and 256\n";
    return 2;
  }
  long long shard_k = 0, shard_n = 1;
  if (!shard.empty()) {
    char slash = 0;
    std::istringstream in(shard);
    if (!(in >> shard_k >> slash >> shard_n) || slash != '/' || shard_n < 1 || shard_k < 1 || shard_k > shard_n) {
      std::cerr << "als simulate: --shard takes K/N with 1 <= K <= N\n";
      return 2;
    }
    --shard_k;
  }
  for (const std::string& a : {p1, p2})
    if (a == "human" || !make_agent(a, 0, 0)) {
      std::cerr << "als simulate: agent '" << a << "' cannot play unattended (agents: random, greedy, mcts)\n";
      return 2;
    }
  uint64_t base = seed_or_random(vm);
  std::vector<std::shared_ptr<Engine>> engines;
  for (int t = 0; t < threads; ++t) {
    auto e = load_engine(c);
    if (!e) return 2;
    engines.push_back(e);
  }
  std::atomic<long long> next{0};
  std::vector<Tally> tallies(threads);
  std::atomic<bool> failed{false};
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  auto work = [&](int t) {
    const Engine& e = *engines[t];
    Tally& tl = tallies[t];
    std::vector<Action> acts;
    for (long long i; (i = next.fetch_add(1)) < games && !failed;) {
      if (i % shard_n != shard_k) continue;
      uint64_t seed = game_seed(base, i);
      State s = e.new_game(seed);
      auto a1 = make_agent(p1, seed, 0), a2 = make_agent(p2, seed, 1);
      Agent* ag[2] = {a1.get(), a2.get()};
      try {
        int battle = s.b.battle;
        for (int p; (p = e.to_act(s)) >= 0;) {
          e.legal(s, acts);
          Action a = ag[p]->choose(e, s, acts);
          if (a.type == Action::Withdraw && !s.r.active) ++tl.withdrawals;
          e.apply(s, a);
          ++tl.actions;
          if (s.b.battle != battle) ++tl.battles, battle = s.b.battle;
        }
      } catch (const std::exception& ex) {
        if (!failed.exchange(true)) error = "game " + std::to_string(i) + " (seed " + std::to_string(seed) + "): " + ex.what();
        return;
      }
      ++tl.battles;
      ++tl.games;
      ++tl.wins[s.b.winner];
      for (int p = 0; p < 2; ++p) tl.vp[p] += s.b.score[p];
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (failed) {
    std::cerr << "als simulate: " << error << "\n";
    return 2;
  }
  Tally all;
  for (auto& t : tallies) all.add(t);
  double n = std::max<long long>(all.games, 1);
  if (vm.count("json")) {
    std::cout << std::fixed << std::setprecision(4) << "{\"games\": " << all.games << ", \"seed\": " << base
              << ", \"cards\": \"" << engines[0]->set().name << "\", \"p1\": \"" << p1 << "\", \"p2\": \"" << p2
              << "\", \"wins\": [" << all.wins[0] << ", " << all.wins[1] << "], \"win_rate\": ["
              << all.wins[0] / n << ", " << all.wins[1] / n << "], \"mean_vp\": [" << all.vp[0] / n << ", "
              << all.vp[1] / n << "], \"battles_per_game\": " << all.battles / n
              << ", \"actions_per_game\": " << all.actions / n << ", \"withdrawals\": " << all.withdrawals
              << ", \"seconds\": " << secs << ", \"games_per_second\": " << all.games / std::max(secs, 1e-9)
              << "}\n";
    return 0;
  }
  std::cout << std::fixed << std::setprecision(1) << all.games << " games (seed " << base << ", cards "
            << engines[0]->set().name << "), player 1 " << p1 << " vs player 2 " << p2 << "\n"
            << "  player 1 wins " << all.wins[0] << " (" << 100.0 * all.wins[0] / n << "%), player 2 wins "
            << all.wins[1] << " (" << 100.0 * all.wins[1] / n << "%)\n"
            << std::setprecision(2) << "  mean VP " << all.vp[0] / n << " - " << all.vp[1] / n << ", "
            << all.battles / n << " battles and " << all.actions / n << " actions a game, " << all.withdrawals
            << " withdrawals\n"
            << std::setprecision(0) << "  " << secs * 1000 << " ms, " << all.games / std::max(secs, 1e-9)
            << " games/s on " << threads << " thread" << (threads == 1 ? "" : "s") << "\n";
  return 0;
}

int cmd_replay(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc("als replay options");
  std::string file;
  Common c;
  add_common(desc, c, vm);
  desc.add_options()("file", po::value<std::string>(&file), "a game record (.jsonl)");
  po::positional_options_description pos;
  pos.add("file", 1);
  if (!parse(argc, argv, "replay FILE", desc, vm, &pos)) return 0;
  if (file.empty()) {
    std::cerr << "als replay: no FILE given\n";
    return 2;
  }
  if (vm.count("seed")) {
    std::cerr << "als replay: --seed does not apply (the record holds the seed)\n";
    return 2;
  }
  std::string text;
  try {
    text = read_text_file(file, 64u << 20);
  } catch (const LoadError& e) {
    std::cerr << "als replay: " << e.what() << "\n";
    return 2;
  }
  ReplayOptions opt;
  if (!vm["cards"].defaulted()) opt.cards = c.cards;
  if (vm.count("rules")) opt.rules = c.rules;
  opt.data_dir = data_dir();
  return replay_record(text, file, opt, std::cout, std::cerr);
}

}  // namespace als::cli
