// als simulate's runs in the lab (simulate.h): many games between two agents, their statistics,
// shards and --merge.
#include "simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>
#include <optional>

#include "agents.h"
#include "jsonl.h"

namespace als::lab {

using nlohmann::json;

namespace {

double ratio(long long a, long long b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; }

using nlohmann::json;

// The statistics of a run as JSON: the counts (as before measures existed), the measures with
// their intervals (docs/variants.md's shape for one variant), and the sums that --merge adds up.
}  // namespace

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
  json v = variant_json(e, st, confidence);  // docs/variants.md's shape, its "cards" renamed: "cards" is the set
  j["measures"] = v["measures"], j["end_reasons"] = v["end_reasons"], j["card_measures"] = v["cards"];
  j["setup_decisions_per_game"] = v["setup_decisions_per_game"], j["custom_measures"] = v["custom_measures"];
  j["sums"] = sums_json(st);
  if (st.first_failed >= 0)
    j["first_failure"] = {{"game", st.first_failed}, {"seed", st.first_failed_seed}, {"error", st.first_error}};
  if (st.first_agent_failed >= 0)
    j["first_agent_failure"] = {{"game", st.first_agent_failed}, {"error", st.first_agent_error}};
  return j;
}

// --merge: reads the --json results of shards and adds them up.
SimulateRun merge_simulate(const std::vector<std::string>& files, const std::string& data_dir) {
  std::shared_ptr<Engine> eng;
  std::optional<VariantSums> total;
  json run;
  double confidence = 0.95;
  read_shards("simulate", files, run, [&](const json& j, bool first) {
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
      eng = load_engine(r.at("cards_arg").get<std::string>(), r.at("rules").get<std::vector<std::string>>(), data_dir,
                        r.contains("params") ? params_from_json(r["params"]) : ParamValues{});
      if (std::string e = check_content_hash(r.at("content_hash"), *eng, r["cards_arg"].get<std::string>()); !e.empty()) return e;
      total.emplace(eng->set().cards.size());
    }
    total->add(sums_from_json(j["sums"], total->cards()));
    return std::string();
  });
  json out = stats_json(*eng, *total, run, confidence);
  out["run"] = run;
  return {eng, *total, confidence, out};
}

SimulateRun simulate(const SimulateRequest& r, Watch* watch) {
  if (!r.merge.empty()) return merge_simulate(r.merge, r.data_dir);
  if (!r.games) throw Refused("--games N is required (or --merge FILE...)");
  RunPlan plan = plan_of(*r.games, 0, r.threads, r.shard);
  // NAME=SPEC: the seat plays SPEC and is shown as NAME (the run's "p1", with "p1_spec").
  std::string names[2], label;
  split_agent_label(r.p1, label, plan.p1);
  names[0] = label.empty() ? plan.p1 : label;
  split_agent_label(r.p2, label, plan.p2);
  names[1] = label.empty() ? plan.p2 : label;
  plan.base = r.seed;
  if (!(r.confidence >= 0.5 && r.confidence <= 0.9999)) throw Refused("--confidence must be between 0.5 and 0.9999");
  for (const std::string& a : {plan.p1, plan.p2})
    if (std::string why = unattended_why(a); !why.empty()) throw Refused(why);
  std::vector<std::vector<std::shared_ptr<Engine>>> engines;
  for (int t = 0; t < plan.threads; ++t) engines.push_back({load_variant(r.variant, r.data_dir)});
  const Engine& e = *engines[0][0];
  Totals all = empty_totals(engines[0]);
  std::atomic<long long> done{0};
  auto t0 = std::chrono::steady_clock::now();
  {
    Watching watching(watch, done, plan.mine());
    play_games(engines, plan, 0, plan.mine(), all, done);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const VariantSums& st = all.v[0];
  json run = {{"seed", plan.base},   {"run_games", plan.games}, {"cards", e.set().name},
              {"cards_arg", r.variant.cards}, {"rules", e.rule_names()}, {"content_hash", e.content_hash()},
              {"p1", names[0]},       {"p2", names[1]},          {"shard", {plan.shard_k + 1, plan.shard_n}}};
  if (names[0] != plan.p1 || names[1] != plan.p2) run["p1_spec"] = plan.p1, run["p2_spec"] = plan.p2;
  if (!e.rules().params.empty()) run["params"] = params_json(e.rules().params);
  json out = stats_json(e, st, run, r.confidence);
  out["run"] = run;
  out["seconds"] = secs;
  out["games_per_second"] = st.games / std::max(secs, 1e-9);
  return {engines[0][0], st, r.confidence, out};
}

std::string failure(const VariantSums& st) {
  if (!st.failed) return "";
  return std::to_string(st.failed) + " game" + (st.failed == 1 ? "" : "s") + " failed and are not counted; the first: game " +
         std::to_string(st.first_failed) + " (seed " + std::to_string(st.first_failed_seed) + "): " + st.first_error;
}

}  // namespace als::lab
