// als simulate: many games between computer agents, with statistics; shards and --merge.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>
#include <thread>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "jsonl.h"
#include "agents.h"
#include "match.h"
#include "runs.h"

namespace als::cli {

namespace {

double ratio(long long a, long long b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; }

using nlohmann::json;

// The statistics of a run as JSON: the counts (as before measures existed), the measures with
// their intervals (compare.md's shape for one variant), and the sums that --merge adds up.
json stats_json(const Engine& e, const VariantSums& st, const json& run, double confidence) {
  json cards = json::array();
  for (size_t c = 0; c < st.cards(); ++c) {
    const size_t up = c * kCardMeasures + kFaceupWinRate, down = c * kCardMeasures + kFacedownWinRate;
    cards.push_back({{"id", e.set().cards[c].id},
                     {"faceup_battles", st.card_n[up]},
                     {"facedown_battles", st.card_n[down]},
                     {"faceup_wins", st.card_y[up]},
                     {"faceup_win_rate", ratio(st.card_y[up], st.card_n[up])}});
  }
  const double n = static_cast<double>(std::max<long long>(st.games, 1));
  const long long battles = st.m[kBattlesPerGame].y, actions = st.m[kActionsPerGame].y;
  json j = run;
  j.update({{"games", st.games},
            {"wins", {st.wins[0], st.wins[1]}},
            {"win_rate", {ratio(st.wins[0], st.games), ratio(st.wins[1], st.games)}},
            {"vp", {st.vp[0], st.vp[1]}},
            {"mean_vp", {st.vp[0] / n, st.vp[1] / n}},
            {"battles", battles},
            {"battles_per_game", battles / n},
            {"first_player_battle_wins", st.m[kFirstPlayerBattleWinRate].y},
            {"first_player_battle_win_rate", st.m[kFirstPlayerBattleWinRate].ratio()},
            {"actions", actions},
            {"actions_per_game", actions / n},
            {"min_actions", st.min_actions},
            {"max_actions", st.max_actions},
            {"withdrawals_by_cards_left", st.withdrawals},
            {"withdrawals", std::accumulate(st.withdrawals.begin(), st.withdrawals.end(), 0LL)},
            {"battle_ends", st.end_reasons()},
            {"game_ends", st.game_ends()},
            {"agent_failures", st.agent_failures},
            {"failed_games", st.failed},
            {"card_stats", cards},
            {"confidence", confidence}});
  json v = variant_json(e, st, confidence);  // compare.md's shape, its "cards" renamed: "cards" is the set
  j["measures"] = v["measures"], j["end_reasons"] = v["end_reasons"], j["card_measures"] = v["cards"];
  j["sums"] = sums_json(st);
  if (st.first_failed >= 0)
    j["first_failure"] = {{"game", st.first_failed}, {"seed", st.first_failed_seed}, {"error", st.first_error}};
  if (st.first_agent_failed >= 0)
    j["first_agent_failure"] = {{"game", st.first_agent_failed}, {"error", st.first_agent_error}};
  return j;
}

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
            << st.min_actions << " to " << st.max_actions << ")\n"
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
  if (!st.failed) return 0;
  std::cerr << "als simulate: " << st.failed << " game" << (st.failed == 1 ? "" : "s")
            << " failed and are not counted; the first: game " << st.first_failed << " (seed " << st.first_failed_seed
            << "): " << st.first_error << "\n";
  return 1;
}

// --merge: reads the --json results of shards and adds them up.
int merge(const std::vector<std::string>& files, bool as_json) {
  std::shared_ptr<Engine> eng;
  std::optional<VariantSums> total;
  json run;
  double confidence = 0.95;
  int status = read_shards("simulate", files, run, [&](const json& j, bool first) {
    if (first) {
      const json& r = j["run"];
      if (j.contains("confidence")) {
        if (std::string e = check_confidence(j["confidence"]); !e.empty()) return e;
        confidence = j["confidence"].get<double>();
      }
      for (const char* key : {"cards", "p1", "p2"})  // print_table shows them
        if (!r.contains(key) || !r[key].is_string()) return std::string("its \"") + key + "\" is missing or not a text";
      if (!r.at("run_games").is_number_integer() || r["run_games"].get<long long>() < 0 || r["run_games"].get<long long>() > kMaxRunGames)
        return std::string("its \"run_games\" is not a number of games from 0 to ") + std::to_string(kMaxRunGames);
      eng = load_engine(r.at("cards_arg").get<std::string>(), r.at("rules").get<std::vector<std::string>>(), data_dir(),
                        r.contains("params") ? params_from_json(r["params"]) : ParamValues{});
      if (std::string e = check_content_hash(r.at("content_hash"), *eng, r["cards_arg"].get<std::string>()); !e.empty()) return e;
      total.emplace(eng->set().cards.size());
    }
    total->add(sums_from_json(j["sums"], total->cards()));
    return std::string();
  });
  if (status) return status;
  json out = stats_json(*eng, *total, run, confidence);
  out["run"] = run;
  if (as_json) std::cout << out.dump() << "\n";
  else print_table(*eng, *total, out, confidence);
  return report_failures(*total);
}

}  // namespace

int cmd_simulate(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als simulate options\n"
      "  examples: als simulate --games 100000 --threads 2\n"
      "            als simulate --games 1000 --p1 mcts --p2 greedy --json\n"
      "            als simulate --games 1000000 --seed 5 --shard 3/8 --json > s3.json   (then --merge s*.json)");
  add_common(desc, c, vm);
  add_param(desc, c.param_flags);
  RunPlan plan;
  double confidence = 0.95;
  std::string shard;
  std::vector<std::string> merge_files;
  desc.add_options()("games", po::value<long long>(&plan.games), "number of games (of the whole run, all shards)")(
      "p1", po::value<std::string>(&plan.p1)->default_value("random"), ("agent of player 1: " + agent_help()).c_str())(
      "p2", po::value<std::string>(&plan.p2)->default_value("random"), "agent of player 2")(
      "threads", po::value<int>(&plan.threads)->default_value(1), "worker threads (the results do not depend on them)")(
      "confidence", po::value<double>(&confidence)->default_value(0.95, "0.95"),
      "confidence level of the measures' intervals (0.5 to 0.9999)")(
      "json", "print the statistics as one JSON object")(
      "shard", po::value<std::string>(&shard), "K/N: play only games K, K+N, K+2N, ... of the run")(
      "merge", po::value<std::vector<std::string>>(&merge_files)->multitoken(),
      "FILE...: add up the --json results of a run's shards");
  if (!parse(argc, argv, "simulate", desc, vm)) return 0;
  if (!merge_files.empty()) return merge(merge_files, vm.count("json") > 0);
  if (!vm.count("games")) {
    std::cerr << "als simulate: --games N is required (or --merge FILE...)\n";
    return 2;
  }
  if (plan.games < 0 || plan.games > kMaxRunGames || plan.threads < 1 || plan.threads > 256) {
    std::cerr << "als simulate: --games must be from 0 to " << kMaxRunGames << " and --threads between 1 and 256\n";
    return 2;
  }
  if (!(confidence >= 0.5 && confidence <= 0.9999)) {
    std::cerr << "als simulate: --confidence must be between 0.5 and 0.9999\n";
    return 2;
  }
  if (!shard.empty() && !parse_shard(shard, plan)) {
    std::cerr << "als simulate: --shard takes K/N with 1 <= K <= N <= " << kMaxShards << "\n";
    return 2;
  }
  for (const std::string& a : {plan.p1, plan.p2})
    if (!unattended("simulate", a)) return 2;
  plan.base = seed_or_random(vm);
  std::vector<std::vector<std::shared_ptr<Engine>>> engines;
  for (int t = 0; t < plan.threads; ++t) {
    auto e = open_engine(c);
    if (!e) return 2;
    engines.push_back({e});
  }
  const Engine& e = *engines[0][0];
  Totals all = empty_totals(engines[0]);
  std::atomic<long long> done{0};
  auto t0 = std::chrono::steady_clock::now();
  {
    Progress bar(done, plan.mine());
    play_games(engines, plan, 0, plan.mine(), all, done);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const VariantSums& st = all.v[0];
  json run = {{"seed", plan.base},   {"run_games", plan.games}, {"cards", e.set().name},
              {"cards_arg", c.cards}, {"rules", e.rule_names()}, {"content_hash", e.content_hash()},
              {"p1", plan.p1},        {"p2", plan.p2},           {"shard", {plan.shard_k + 1, plan.shard_n}}};
  if (!e.rules().params.empty()) run["params"] = params_json(e.rules().params);
  json out = stats_json(e, st, run, confidence);
  out["run"] = run;
  out["seconds"] = secs;
  out["games_per_second"] = st.games / std::max(secs, 1e-9);
  if (vm.count("json")) {
    std::cout << out.dump() << "\n";
    return report_failures(st);
  }
  print_table(e, st, out, confidence);
  std::cout << std::fixed << std::setprecision(0) << "  " << secs * 1000 << " ms, " << st.games / std::max(secs, 1e-9)
            << " games/s on " << plan.threads << " thread" << (plan.threads == 1 ? "" : "s") << "\n";
  return report_failures(st);
}

}  // namespace als::cli
