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
#include "play/agents.h"
#include "play/match.h"

namespace als::cli {

namespace {

// Statistics of many games, as counts only, so that shards add up to exactly the numbers of one
// run (--merge) and threads change nothing.
struct Stats {
  long long games = 0, wins[2] = {0, 0}, vp[2] = {0, 0}, battles = 0, actions = 0;
  long long min_actions = 0, max_actions = 0;
  long long first_battle_wins = 0;                 // battles won by the 1st player
  std::vector<long long> withdrawals;              // by cards left in hand (the chart's rows)
  // per card: battles it was played faceup / facedown in, and battles its owner won when faceup
  std::vector<long long> faceup, facedown, faceup_wins;
  // battles by how they ended: "control", "withdraw" (counted apart: the common case costs no
  // lookup), or a battle_over hook's reason (API 3)
  long long control_ends = 0, withdraw_ends = 0;
  std::map<std::string, long long> reason_ends;
  std::map<std::string, long long> battle_ends() const {
    std::map<std::string, long long> all = reason_ends;
    if (control_ends) all["control"] += control_ends;
    if (withdraw_ends) all["withdraw"] += withdraw_ends;
    return all;
  }

  // Games a script failed in (not counted above), and the first of them by game number.
  long long failed = 0, first_failed = -1;
  uint64_t first_failed_seed = 0;
  std::string first_error;

  explicit Stats(size_t cards = 0) : withdrawals(7, 0), faceup(cards, 0), facedown(cards, 0), faceup_wins(cards, 0) {}
  /// Counts a failed game (number i of the run); keeps the one with the lowest number, so the
  /// result depends neither on threads nor on shards.
  void fail(long long i, uint64_t seed, const std::string& error) {
    ++failed;
    if (first_failed < 0 || i < first_failed) first_failed = i, first_failed_seed = seed, first_error = error;
  }
  void add(const Stats& o) {
    failed += o.failed;
    if (o.first_failed >= 0 && (first_failed < 0 || o.first_failed < first_failed))
      first_failed = o.first_failed, first_failed_seed = o.first_failed_seed, first_error = o.first_error;
    if (o.games && (!games || o.min_actions < min_actions)) min_actions = o.min_actions;
    max_actions = std::max(max_actions, o.max_actions);
    games += o.games, battles += o.battles, actions += o.actions, first_battle_wins += o.first_battle_wins;
    for (int p = 0; p < 2; ++p) wins[p] += o.wins[p], vp[p] += o.vp[p];
    for (size_t i = 0; i < withdrawals.size(); ++i) withdrawals[i] += o.withdrawals[i];
    control_ends += o.control_ends, withdraw_ends += o.withdraw_ends;
    for (const auto& [how, n] : o.reason_ends) reason_ends[how] += n;
    for (size_t c = 0; c < faceup.size(); ++c)
      faceup[c] += o.faceup[c], facedown[c] += o.facedown[c], faceup_wins[c] += o.faceup_wins[c];
  }
};

double ratio(long long a, long long b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; }

// Counts one game's battles, withdrawals and the cards played faceup and facedown in each battle.
class StatsListener : public MatchListener {
 public:
  explicit StatsListener(Stats& st) : st_(st) {}
  void start(const State& s) {
    up_[0] = up_[1] = down_[0] = down_[1] = 0;
    first_ = s.b.first;
  }
  void on_action(const Match& m, int, const Action&, const std::string&, const EventLog& log) override {
    for (const Event& ev : log.events) {
      if (ev.type == Event::Deploy) up_[ev.player] |= uint64_t{1} << ev.card;
      else if (ev.type == Event::Improvise) down_[ev.player] |= uint64_t{1} << ev.card;
      else if (ev.type == Event::Withdraw) ++st_.withdrawals[std::min<size_t>(static_cast<size_t>(ev.value), 6)];
      else if (ev.type == Event::BattleEnd) {
        ++st_.battles;
        if (ev.withdrew) ++st_.withdraw_ends;
        else if (ev.option > 0) count_reason(m.engine().name(ev.option));
        else ++st_.control_ends;
        st_.first_battle_wins += ev.player == first_;
        for (int q = 0; q < 2; ++q) {  // the cards played, bit by bit
          for (uint64_t b = up_[q]; b; b &= b - 1) {
            size_t c = static_cast<size_t>(__builtin_ctzll(b));
            ++st_.faceup[c], st_.faceup_wins[c] += ev.player == q;
          }
          for (uint64_t b = down_[q]; b; b &= b - 1) ++st_.facedown[static_cast<size_t>(__builtin_ctzll(b))];
        }
        up_[0] = up_[1] = down_[0] = down_[1] = 0;
        first_ = m.state().b.first;  // the next battle's (already dealt)
      }
    }
  }

 private:
  // A battle ended with a hook's reason: rare, kept out of the loop over events.
  [[gnu::noinline, gnu::cold]] void count_reason(const std::string& reason) { ++st_.reason_ends[reason]; }
  Stats& st_;
  uint64_t up_[2] = {0, 0}, down_[2] = {0, 0};  // cards played this battle, by owner
  int first_ = 0;
};

// Plays game `seed` on `m` (reset to it) and adds it to `st`; `one` is the listener's own
// statistics of this game, added only when it ends. Throws ScriptError when a script fails (or
// the game does not end): nothing of that game is counted but the failure.
void play_one(Match& m, StatsListener& counts, Stats& one, const std::string& p1, const std::string& p2, uint64_t seed,
              Stats& st) {
  auto a1 = make_agent(p1, seed, 0), a2 = make_agent(p2, seed, 1);
  m.reset(seed, a1.get(), a2.get());
  one.battles = one.first_battle_wins = 0;
  std::fill(one.withdrawals.begin(), one.withdrawals.end(), 0);
  one.control_ends = one.withdraw_ends = 0;
  one.reason_ends.clear();
  std::fill(one.faceup.begin(), one.faceup.end(), 0);
  std::fill(one.facedown.begin(), one.facedown.end(), 0);
  std::fill(one.faceup_wins.begin(), one.faceup_wins.end(), 0);
  counts.start(m.state());
  m.run();
  if (!m.over()) throw ScriptError(m.abandoned());
  st.add(one);
  const State& s = m.state();
  long long actions = m.actions() + m.answered();  // the decisions answered during runs count too
  if (!st.games || actions < st.min_actions) st.min_actions = actions;
  st.max_actions = std::max(st.max_actions, actions);
  ++st.games;
  ++st.wins[s.b.winner];
  st.actions += actions;
  for (int p = 0; p < 2; ++p) st.vp[p] += s.b.score[p];
}

using nlohmann::json;

json stats_json(const Engine& e, const Stats& st, const json& run) {
  json cards = json::array();
  for (size_t c = 0; c < st.faceup.size(); ++c)
    cards.push_back({{"id", e.set().cards[c].id},
                     {"faceup_battles", st.faceup[c]},
                     {"facedown_battles", st.facedown[c]},
                     {"faceup_wins", st.faceup_wins[c]},
                     {"faceup_win_rate", ratio(st.faceup_wins[c], st.faceup[c])}});
  double n = static_cast<double>(std::max<long long>(st.games, 1));
  json j = run;
  j.update({{"games", st.games},
            {"wins", {st.wins[0], st.wins[1]}},
            {"win_rate", {ratio(st.wins[0], st.games), ratio(st.wins[1], st.games)}},
            {"vp", {st.vp[0], st.vp[1]}},
            {"mean_vp", {st.vp[0] / n, st.vp[1] / n}},
            {"battles", st.battles},
            {"battles_per_game", st.battles / n},
            {"first_player_battle_wins", st.first_battle_wins},
            {"first_player_battle_win_rate", ratio(st.first_battle_wins, st.battles)},
            {"actions", st.actions},
            {"actions_per_game", st.actions / n},
            {"min_actions", st.min_actions},
            {"max_actions", st.max_actions},
            {"withdrawals_by_cards_left", st.withdrawals},
            {"withdrawals", std::accumulate(st.withdrawals.begin(), st.withdrawals.end(), 0LL)},
            {"battle_ends", st.battle_ends()},
            {"failed_games", st.failed},
            {"card_stats", cards}});
  if (st.first_failed >= 0)
    j["first_failure"] = {{"game", st.first_failed}, {"seed", st.first_failed_seed}, {"error", st.first_error}};
  return j;
}

void print_table(const Stats& st, const json& j) {
  double n = static_cast<double>(std::max<long long>(st.games, 1));
  std::cout << std::fixed << std::setprecision(1) << st.games << " games (seed " << j["seed"].get<uint64_t>()
            << ", cards " << j["cards"].get<std::string>();
  for (const auto& r : j["rules"]) std::cout << ", rules " << r.get<std::string>();
  std::cout << "), player 1 " << j["p1"].get<std::string>() << " vs player 2 " << j["p2"].get<std::string>() << "\n"
            << "  player 1 wins " << st.wins[0] << " (" << 100.0 * st.wins[0] / n << "%), player 2 wins " << st.wins[1]
            << " (" << 100.0 * st.wins[1] / n << "%)\n"
            << std::setprecision(2) << "  mean VP " << st.vp[0] / n << " - " << st.vp[1] / n << ", "
            << st.battles / n << " battles a game; the 1st player won " << std::setprecision(1)
            << 100.0 * ratio(st.first_battle_wins, st.battles) << "% of battles\n"
            << std::setprecision(2) << "  game length: " << st.actions / n << " actions (" << st.min_actions << " to "
            << st.max_actions << ")\n"
            << "  withdrawals by cards left (0 1 2 3 4 5 6+):";
  for (long long w : st.withdrawals) std::cout << " " << w;
  std::cout << "\n  battles ended by:";
  for (const auto& [how, n] : st.battle_ends()) std::cout << " " << how << " " << n;
  std::cout << "\n  " << std::left << std::setw(18) << "card" << std::right << std::setw(10) << "faceup"
            << std::setw(10) << "facedown" << "  won when faceup\n";
  for (const auto& c : j["card_stats"])
    std::cout << "  " << std::left << std::setw(18) << c["id"].get<std::string>() << std::right << std::setw(10)
              << c["faceup_battles"].get<long long>() << std::setw(10) << c["facedown_battles"].get<long long>()
              << std::setw(14) << std::setprecision(1) << 100.0 * c["faceup_win_rate"].get<double>() << "%\n";
}

// After the statistics: the games a script failed in, and the first of them, on standard error.
// Exit 1 if any (the statistics count the other games).
int report_failures(const Stats& st) {
  if (!st.failed) return 0;
  std::cerr << "als simulate: " << st.failed << " game" << (st.failed == 1 ? "" : "s")
            << " failed and are not counted; the first: game " << st.first_failed << " (seed " << st.first_failed_seed
            << "): " << st.first_error << "\n";
  return 1;
}

// --merge: reads the --json results of shards and adds them up.
int merge(const std::vector<std::string>& files, bool as_json) {
  std::shared_ptr<Engine> eng;
  Stats total;
  json run;
  std::vector<bool> shards;
  for (const std::string& f : files) {
    std::string text;
    if (!read_input("simulate", f, text)) return 2;
    json j;
    std::string why;
    auto bad = [&](const std::string& why) {
      std::cerr << "als simulate --merge: " << f << ": " << why << "\n";
      return 2;
    };
    if (!parse_json(text, j, why)) return bad("not the --json output of als simulate (" + why + ")");
    if (!j.is_object() || !j.contains("run") || !j["run"].is_object() || !j.contains("card_stats") ||
        !j["card_stats"].is_array())
      return bad("not the --json output of als simulate");
    json r = j["run"];
    try {
      int k = r.at("shard").at(0).get<int>(), n = r.at("shard").at(1).get<int>();
      if (run.is_null()) {
        run = r;
        shards.assign(static_cast<size_t>(n), false);
        total = Stats(j["card_stats"].size());
      } else {
        json a = run, b = r;
        a.erase("shard"), b.erase("shard");
        if (a != b) return bad("a shard of another run (seed, games, cards, rules or agents differ)");
      }
      if (n != static_cast<int>(shards.size()) || k < 1 || k > n || shards[static_cast<size_t>(k - 1)])
        return bad("shard " + std::to_string(k) + "/" + std::to_string(n) + " is repeated or does not fit");
      shards[static_cast<size_t>(k - 1)] = true;
      Stats st(j["card_stats"].size());
      st.games = j.at("games").get<long long>();
      for (int p = 0; p < 2; ++p) st.wins[p] = j.at("wins").at(p).get<long long>(), st.vp[p] = j.at("vp").at(p).get<long long>();
      st.battles = j.at("battles").get<long long>();
      st.actions = j.at("actions").get<long long>();
      st.min_actions = j.at("min_actions").get<long long>();
      st.max_actions = j.at("max_actions").get<long long>();
      st.first_battle_wins = j.at("first_player_battle_wins").get<long long>();
      st.withdrawals = j.at("withdrawals_by_cards_left").get<std::vector<long long>>();
      st.failed = j.value("failed_games", 0LL);
      if (auto b = j.find("battle_ends"); b != j.end()) {
        st.reason_ends = b->get<std::map<std::string, long long>>();
        st.control_ends = st.reason_ends["control"], st.withdraw_ends = st.reason_ends["withdraw"];
        st.reason_ends.erase("control"), st.reason_ends.erase("withdraw");
      }
      if (auto f = j.find("first_failure"); f != j.end())
        st.first_failed = f->at("game").get<long long>(), st.first_failed_seed = f->at("seed").get<uint64_t>(),
        st.first_error = f->at("error").get<std::string>();
      for (size_t c = 0; c < st.faceup.size(); ++c) {
        const json& x = j["card_stats"][c];
        st.faceup[c] = x.at("faceup_battles").get<long long>();
        st.facedown[c] = x.at("facedown_battles").get<long long>();
        st.faceup_wins[c] = x.at("faceup_wins").get<long long>();
      }
      if (st.withdrawals.size() != total.withdrawals.size() || st.faceup.size() != total.faceup.size())
        return bad("its statistics do not have the same shape as the others'");
      total.add(st);
      if (!eng) {
        std::vector<std::string> rules = r.at("rules").get<std::vector<std::string>>();
        eng = load_engine(r.at("cards_arg").get<std::string>(), rules, data_dir());
      }
    } catch (const json::exception&) {
      return bad("a field is missing or of the wrong type");
    } catch (const LoadError& e) {
      return bad(std::string("its card set does not load here: ") + e.what());
    }
  }
  for (size_t k = 0; k < shards.size(); ++k)
    if (!shards[k]) std::cerr << "als simulate --merge: shard " << k + 1 << "/" << shards.size() << " is missing\n";
  if (std::find(shards.begin(), shards.end(), false) != shards.end()) return 2;
  run["shard"] = {1, 1};
  json out = stats_json(*eng, total, run);
  out["run"] = run;
  if (as_json) std::cout << out.dump() << "\n";
  else print_table(total, out);
  return report_failures(total);
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
  long long games = 0;
  int threads = 1;
  std::string p1, p2, shard;
  std::vector<std::string> merge_files;
  desc.add_options()("games", po::value<long long>(&games), "number of games (of the whole run, all shards)")(
      "p1", po::value<std::string>(&p1)->default_value("random"), ("agent of player 1: " + agent_help()).c_str())(
      "p2", po::value<std::string>(&p2)->default_value("random"), "agent of player 2")(
      "threads", po::value<int>(&threads)->default_value(1), "worker threads (the results do not depend on them)")(
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
  if (games < 0 || threads < 1 || threads > 256) {
    std::cerr << "als simulate: --games must be >= 0 and --threads between 1 and 256\n";
    return 2;
  }
  long long shard_k = 0, shard_n = 1;
  if (!shard.empty()) {
    char slash = 0;
    std::istringstream in(shard);
    if (!(in >> shard_k >> slash >> shard_n) || slash != '/' || shard_n < 1 || shard_k < 1 || shard_k > shard_n ||
        !in.eof()) {
      std::cerr << "als simulate: --shard takes K/N with 1 <= K <= N\n";
      return 2;
    }
    --shard_k;
  }
  for (const std::string& a : {p1, p2})
    if (a == "human" || !make_agent(a, 0, 0)) {
      std::cerr << "als simulate: agent '" << a << "' cannot play unattended (agents: " << computer_agents() << ")\n";
      return 2;
    }
  uint64_t base = seed_or_random(vm);
  std::vector<std::shared_ptr<Engine>> engines;
  for (int t = 0; t < threads; ++t) {
    auto e = open_engine(c);
    if (!e) return 2;
    engines.push_back(e);
  }
  const size_t ncards = engines[0]->set().cards.size();
  std::atomic<long long> next{0}, done{0};
  std::vector<Stats> stats(static_cast<size_t>(threads), Stats(ncards));
  auto t0 = std::chrono::steady_clock::now();
  long long mine = games / shard_n + (shard_k < games % shard_n ? 1 : 0);  // games of this shard
  auto work = [&](int t) {
    const Engine& e = *engines[static_cast<size_t>(t)];
    Stats& st = stats[static_cast<size_t>(t)];
    Match::Options o;
    o.answer_during_runs = true;  // pure agents answer abilities' decisions during their runs
    o.texts = false;
    o.keep_battle_ends = false;   // the statistics read these events only
    o.kept_types = 1u << Event::Deploy | 1u << Event::Improvise | 1u << Event::Withdraw | 1u << Event::BattleEnd;
    std::optional<Match> m;
    Stats one(ncards);  // the game being played
    StatsListener counts(one);
    for (long long j; (j = next.fetch_add(1)) < mine;) {
      long long i = shard_k + j * shard_n;  // the run's game number
      uint64_t seed = game_seed(base, i);
      try {
        if (!m) {
          m.emplace(e, seed, nullptr, nullptr, o);
          m->listen(&counts);
        }
        play_one(*m, counts, one, p1, p2, seed, st);
      } catch (const ScriptError& ex) {  // counted, and the run goes on
        st.fail(i, seed, ex.what());
      }
      ++done;
    }
  };
  // A progress line on stderr when it is a terminal.
  std::atomic<bool> finished{false};
  std::thread progress([&] {
    if (!isatty(2)) return;
    while (!finished) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      long long d = done;
      int width = 30, filled = mine ? static_cast<int>(width * d / mine) : width;
      std::cerr << "\r[" << std::string(static_cast<size_t>(filled), '#') << std::string(static_cast<size_t>(width - filled), '.')
                << "] " << d << "/" << mine << " games" << std::flush;
    }
    std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
  });
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  finished = true;
  progress.join();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  Stats all(ncards);
  for (auto& st : stats) all.add(st);
  const Engine& e = *engines[0];
  json run = {{"seed", base},           {"run_games", games},       {"cards", e.set().name},
              {"cards_arg", c.cards},   {"rules", e.rule_names()}, {"content_hash", e.content_hash()},
              {"p1", p1},               {"p2", p2},                 {"shard", {shard_k + 1, shard_n}}};
  json out = stats_json(e, all, run);
  out["run"] = run;
  out["seconds"] = secs;
  out["games_per_second"] = all.games / std::max(secs, 1e-9);
  if (vm.count("json")) {
    std::cout << out.dump() << "\n";
    return report_failures(all);
  }
  print_table(all, out);
  std::cout << std::fixed << std::setprecision(0) << "  " << secs * 1000 << " ms, " << all.games / std::max(secs, 1e-9)
            << " games/s on " << threads << " thread" << (threads == 1 ? "" : "s") << "\n";
  return report_failures(all);
}

}  // namespace als::cli
