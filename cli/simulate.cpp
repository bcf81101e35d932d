// als simulate: many games between computer agents, with statistics; shards and --merge. The
// lab runs them (engine/lab/simulate.h); this file reads the flags and prints the table.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "agents.h"
#include "simulate.h"
#include "tables.h"

namespace als::cli {

namespace {

using nlohmann::json;

void print_table(const Engine& e, const VariantSums& st, const json& j, double confidence) {
  const double n = static_cast<double>(std::max<long long>(st.games, 1));
  std::cout << std::fixed << std::setprecision(1) << st.games << " games (seed " << j["seed"].get<uint64_t>()
            << ", cards " << j["cards"].get<std::string>();
  for (const auto& r : j["rules"]) std::cout << ", rules " << r.get<std::string>();
  std::cout << "), player 1 " << j["p1"].get<std::string>() << " vs player 2 " << j["p2"].get<std::string>() << "\n"
            << "  player 1 wins " << st.wins[0] << " (" << 100.0 * st.wins[0] / n << "%), player 2 wins " << st.wins[1]
            << " (" << 100.0 * st.wins[1] / n << "%)\n"
            << std::setprecision(2) << "  mean VP " << st.vp[0] / n << " - " << st.vp[1] / n << ", "
            << st.m[kBattlesPerGame].y / n << " battles a game; the 1st player won " << std::setprecision(1)
            << 100.0 * st.m[kFirstPlayerBattleWinRate].ratio() << "% of battles\n"
            << std::setprecision(2) << "  game length: " << st.m[kActionsPerGame].y / n << " actions ("
            << st.min_actions << " to " << st.max_actions << ")"
            << (st.setup.y ? ", and " + std::to_string(std::lround(static_cast<double>(st.setup.y) / n)) + " decisions a game setting battles up" : "")
            << "\n"
            << "  withdrawals by cards left (0 1 2 3 4 5 6+):";
  for (long long w : st.withdrawals) std::cout << " " << w;
  std::cout << "\n  battles ended by:";
  for (const auto& [how, k] : reasons_shown(st.end_reasons(), 12)) std::cout << " " << how << " " << k;
  if (!st.game_reasons.empty()) {  // a game_over hook ended some (API 4)
    std::cout << "\n  games ended by:";
    for (const auto& [why, k] : reasons_shown(st.game_ends(), 12)) std::cout << " " << why << " " << k;
  }
  if (!st.agent_failures.empty()) {  // an exec: program lost games by failing
    std::cout << "\n  games lost by a failing program:";
    for (const auto& [kind, k] : st.agent_failures) std::cout << " " << kind << " " << k;
    if (st.first_agent_failed >= 0)  // (escaped when counted)
      std::cout << "\n    the first: game " << st.first_agent_failed << ": " << st.first_agent_error;
  }
  std::cout << "\n";
  print_measures(std::cout, {}, {&st}, confidence);
  print_cards(std::cout, e, st);
}

// After the statistics: the games a script failed in, and the first of them, on standard error.
// Exit 1 if any (the statistics count the other games).
int report_failures(const VariantSums& st) {
  const std::string line = failure(st);
  if (!line.empty()) std::cerr << "als simulate: " << line << "\n";
  return line.empty() ? 0 : 1;
}

}  // namespace

int cmd_simulate(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als simulate options\n"
      "  examples: als simulate --games 100000 --threads 2\n"
      "            als simulate --games 1000 --p1 mcts --p2 greedy --json\n"
      "            als simulate --games 1000000 --seed 5 --shard 3/8 --json > s3.json\n"
      "              (then als simulate --merge s*.json)");
  add_common(desc, c, vm);
  add_param(desc, c.param_flags);
  SimulateRequest r;
  long long games = 0;
  desc.add_options()("games", po::value<long long>(&games), "number of games (of the whole run, all shards)")(
      "p1", po::value<std::string>(&r.p1)->default_value("random"), ("agent of player 1 (NAME=SPEC: shown as NAME): " + agent_help()).c_str())(
      "p2", po::value<std::string>(&r.p2)->default_value("random"), "agent of player 2")(
      "threads", po::value<int>(&r.threads)->default_value(1), "worker threads (the results do not depend on them)")(
      "confidence", po::value<double>(&r.confidence)->default_value(0.95, "0.95"),
      "confidence level of the measures' intervals (0.5 to 0.9999)")(
      "json", "print the statistics as one JSON object")(
      "shard", po::value<std::string>(&r.shard), "K/N: play only games K, K+N, K+2N, ... of the run")(
      "merge", po::value<std::vector<std::string>>(&r.merge)->multitoken(),
      "FILE...: add up the --json results of a run's shards");
  if (!parse(argc, argv, "simulate", desc, vm)) return 0;
  r.variant = c;
  r.data_dir = data_dir();
  if (vm.count("games")) r.games = games;
  if (r.merge.empty() && r.games) r.seed = seed_or_random(vm);
  return refusing("simulate", [&] {
    ProgressBar bar;
    const SimulateRun run = simulate(r, &bar);
    bar.stop();
    if (vm.count("json")) {
      std::cout << run.doc.dump() << "\n";
      return report_failures(run.sums);
    }
    print_table(*run.engine, run.sums, run.doc, run.confidence);
    if (r.merge.empty()) {
      const double secs = run.doc["seconds"].get<double>();
      std::cout << std::fixed << std::setprecision(0) << "  " << secs * 1000 << " ms, " << run.sums.games / std::max(secs, 1e-9)
                << " games/s on " << r.threads << " thread" << (r.threads == 1 ? "" : "s") << "\n";
    }
    return report_failures(run.sums);
  });
}

}  // namespace als::cli
