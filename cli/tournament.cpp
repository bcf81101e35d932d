// als tournament: a round robin between computer agents (docs/agents.md): each pair plays games
// in twos on one deal with the seats swapped, stops once a sequential test decides which is
// stronger (SPRT), and the report gives every pair's score with its Wilson interval and each
// agent's Elo (Bradley-Terry) with a bootstrap interval.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>

#include <map>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "rng.h"
#include "agents.h"
#include "match.h"
#include "statistics.h"
#include "runs.h"

namespace als::cli {

namespace {

using nlohmann::json;

/// A pair's results: wins of the first agent and of the second, games that failed, the SPRT's
/// verdict (+1 the first stronger, -1 the second, 0 undecided).
struct PairResult {
  size_t a = 0, b = 0;
  long long a_wins = 0, b_wins = 0, failed = 0;
  std::map<std::string, long long> failures[2];  // games agent a (0) or b (1) lost by failing (exec:), by kind
  int verdict = 0;
  double llr = 0;
  long long games() const { return a_wins + b_wins; }
};

/// The expected score of a player `elo` points stronger (the logistic Elo curve).
double expected(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

/// SPRT (Wald 1945) of H0: the first agent is `elo1` weaker against H1: `elo1` stronger, with
/// error rates `alpha` = `beta`: the log-likelihood ratio of the wins seen, and its verdict.
void sprt(PairResult& r, double elo1, double alpha) {
  const double p0 = expected(-elo1), p1 = expected(elo1);
  r.llr = static_cast<double>(r.a_wins) * std::log(p1 / p0) + static_cast<double>(r.b_wins) * std::log((1 - p1) / (1 - p0));
  const double upper = std::log((1 - alpha) / alpha), lower = std::log(alpha / (1 - alpha));
  r.verdict = r.llr >= upper ? 1 : r.llr <= lower ? -1 : 0;
}

/// Bradley-Terry strengths by Hunter's MM algorithm, as Elo (the first agent at 0). Each pair
/// counts half a win each way more than it played (a prior that keeps a clean sweep finite).
std::vector<double> bradley_terry(size_t n, const std::vector<PairResult>& pairs,
                                  const std::vector<std::pair<double, double>>& wins) {
  std::vector<double> r(n, 1.0);
  for (int it = 0; it < 2000; ++it) {
    std::vector<double> num(n, 0), den(n, 0);
    for (size_t k = 0; k < pairs.size(); ++k) {
      const PairResult& p = pairs[k];
      const double wa = wins[k].first + 0.5, wb = wins[k].second + 0.5, games = wa + wb;
      num[p.a] += wa, num[p.b] += wb;
      den[p.a] += games / (r[p.a] + r[p.b]), den[p.b] += games / (r[p.a] + r[p.b]);
    }
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      const double v = den[i] > 0 ? num[i] / den[i] : r[i];
      change = std::max(change, std::abs(v - r[i]) / r[i]);
      r[i] = v;
    }
    if (change < 1e-10) break;
  }
  std::vector<double> elo(n);
  for (size_t i = 0; i < n; ++i) elo[i] = 400 * std::log10(r[i] / r[0]);
  return elo;
}

/// The Elo of each agent in 400 parametric bootstrap replicates: each pair's wins redrawn from its
/// observed rate (smoothed by half a game each way), refitted; the generator seeded from the run's.
std::vector<std::vector<double>> bootstrap(size_t agents, const std::vector<PairResult>& pairs, uint64_t base) {
  std::vector<std::vector<double>> boot(agents);
  Rng rng(base ^ 0x5bd1e995);
  for (int rep = 0; rep < 400; ++rep) {
    std::vector<std::pair<double, double>> w;
    for (const PairResult& p : pairs) {
      const long long n = p.games();
      long long a = 0;
      const double rate = (static_cast<double>(p.a_wins) + 0.5) / (static_cast<double>(n) + 1);
      const auto cut = static_cast<uint64_t>(rate * (1u << 20));
      for (long long g = 0; g < n; ++g) a += rng.below(1u << 20) < cut;
      w.emplace_back(static_cast<double>(a), static_cast<double>(n - a));
    }
    const std::vector<double> e = bradley_terry(agents, pairs, w);
    for (size_t i = 0; i < agents; ++i) boot[i].push_back(e[i]);
  }
  return boot;
}

/// Plays games [from, to) of pair `p` (game k: deal game_seed(base, k / 2), the first agent in
/// seat 1 when k is even) on `threads` threads; adds the results to `p`.
void play_pair(const std::vector<std::shared_ptr<Engine>>& engines, const std::vector<std::string>& agents,
               uint64_t base, PairResult& p, long long from, long long to) {
  std::vector<PairResult> local(engines.size());
  for_each_index(engines.size(), from, to, [&](size_t t, long long k) {
    const uint64_t seed = game_seed(base, k / 2);
    const bool a_first = k % 2 == 0;
    auto x = make_agent(agents[a_first ? p.a : p.b], seed, 0), y = make_agent(agents[a_first ? p.b : p.a], seed, 1);
    Match::Options o;
    o.answer_during_runs = true, o.texts = false, o.log = false;
    try {
      Match m(*engines[t], seed, x.get(), y.get(), o);
      m.run();
      if (!m.over()) throw ScriptError(m.abandoned());
      const bool seat1_won = m.engine().result(m.state()).winner == 0;
      (seat1_won == a_first ? local[t].a_wins : local[t].b_wins)++;
      if (!m.agent_failure().empty()) ++local[t].failures[(m.failed_seat() == 0) == a_first ? 0 : 1][m.agent_failure()];
    } catch (const ScriptError&) {
      ++local[t].failed;
    }
  });
  for (const PairResult& l : local) {
    p.a_wins += l.a_wins, p.b_wins += l.b_wins, p.failed += l.failed;
    for (int side = 0; side < 2; ++side)
      for (const auto& [kind, k] : l.failures[side]) p.failures[side][kind] += k;
  }
}

/// Games each agent lost by failing (an exec: program that crashed, ran out of time or answered
/// illegally), by kind: {agent: {kind: games}}, agents that never failed left out.
std::map<std::string, std::map<std::string, long long>> agent_failures(const std::vector<std::string>& agents,
                                                                       const std::vector<PairResult>& pairs) {
  std::map<std::string, std::map<std::string, long long>> out;
  for (const PairResult& p : pairs)
    for (int side = 0; side < 2; ++side)
      for (const auto& [kind, k] : p.failures[side]) out[agents[side == 0 ? p.a : p.b]][kind] += k;
  return out;
}

std::vector<PairResult> every_pair(size_t agents) {
  std::vector<PairResult> pairs;
  for (size_t i = 0; i < agents; ++i)
    for (size_t j = i + 1; j < agents; ++j) {
      PairResult p;
      p.a = i, p.b = j;
      pairs.push_back(p);
    }
  return pairs;
}

void print_failures(const std::vector<std::string>& agents, const std::vector<PairResult>& pairs) {
  for (const auto& [agent, kinds] : agent_failures(agents, pairs)) {
    std::cout << "  games " << agent << " lost by failing:";
    for (const auto& [kind, k] : kinds) std::cout << " " << kind << " " << k;
    std::cout << "\n";
  }
}

/// Names at most `width` characters for rows: each as it is when it fits; else its start and end
/// around a '~' ("exec:python3 /ho~/agents/pimc.py"), and, where two still read the same, a
/// number after each ("#2"), so that no two rows look alike.
std::vector<std::string> short_names(const std::vector<std::string>& names, size_t width) {
  std::vector<std::string> out;
  for (const std::string& n : names) {
    if (n.size() <= width) out.push_back(n);
    else {
      const size_t head = (width - 1) / 3, tail = width - 1 - head;
      out.push_back(n.substr(0, head) + "~" + n.substr(n.size() - tail));
    }
  }
  for (size_t i = 0; i < out.size(); ++i) {
    std::vector<size_t> same;
    for (size_t j = 0; j < out.size(); ++j)
      if (out[j] == out[i]) same.push_back(j);
    if (same.size() < 2 || names[same[0]] == names[same[1]]) continue;  // (the same agent twice reads the same)
    for (size_t k = 0; k < same.size(); ++k) {
      const std::string tag = " #" + std::to_string(k + 1);
      std::string& o = out[same[k]];
      o = o.size() + tag.size() > width ? o.substr(0, width - tag.size()) + tag : o + tag;
    }
  }
  return out;
}

/// NAME=SPEC: the agent plays as SPEC and is shown as NAME; an agent without a label is shown by
/// its spec (short_names cuts its middle where it is too long for a row). Prints what is wrong
/// (two agents of one label, an agent that cannot play unattended) and returns false.
bool read_agents(const std::vector<std::string>& agents, std::vector<std::string>& names, std::vector<std::string>& specs) {
  for (const std::string& a : agents) {
    std::string label, spec;
    split_agent_label(a, label, spec);
    if (!label.empty() && std::find(names.begin(), names.end(), label) != names.end()) {
      std::cerr << "als tournament: two agents are named " << label << "\n";
      return false;
    }
    names.push_back(label.empty() ? spec : label), specs.push_back(spec);
    if (!unattended("tournament", spec)) return false;
  }
  return true;
}

std::string pct(const stats::Interval& i) {
  char b[48];
  std::snprintf(b, sizeof b, "%.0f%% (%.0f-%.0f)", 100 * i.value, 100 * i.low, 100 * i.high);
  return b;
}

}  // namespace

int cmd_tournament(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als tournament options (a round robin between computer agents: docs/agents.md)\n"
      "  examples: als tournament random greedy mcts --games 200\n"
      "            als tournament mcts:300 mcts:1200 --games 1000 --elo1 50 --json\n"
      "            als tournament greedy deep=mcts:iterations=2000 \\\n"
      "              \"pimc=exec:python3 pimc.py\"\n"
      "  An AGENT is a spec, or NAME=SPEC to show it as NAME.");
  add_common(desc, c, vm);
  add_param(desc, c.param_flags);
  std::vector<std::string> agents;
  long long games = 200;
  int threads = 1;
  double elo1 = 30, alpha = 0.05, confidence = 0.95;
  desc.add_options()("games", po::value<long long>(&games)->default_value(200), "most games a pair (even: seats swap)")(
      "threads", po::value<int>(&threads)->default_value(1), "worker threads (the results do not depend on them)")(
      "elo1", po::value<double>(&elo1)->default_value(30), "SPRT: the Elo difference a pair's test tells apart")(
      "alpha", po::value<double>(&alpha)->default_value(0.05, "0.05"), "SPRT: the chance of the wrong verdict")(
      "json", "print one JSON document")(
      "agent", po::value<std::vector<std::string>>(&agents), "AGENT... (the words without --): the players");
  po::positional_options_description pos;
  pos.add("agent", -1);
  if (!parse(argc, argv, "tournament AGENT AGENT...", desc, vm, &pos)) return 0;
  if (agents.size() < 2) {
    std::cerr << "als tournament: name at least two agents, e.g. als tournament random greedy mcts\n";
    return 2;
  }
  if (games < 2 || games > kMaxRunGames || threads < 1 || threads > 256 || !(elo1 > 0 && elo1 < 2000) || !(alpha > 0 && alpha < 0.5)) {
    std::cerr << "als tournament: --games 2 to " << kMaxRunGames << ", --threads 1 to 256, --elo1 above 0, --alpha between 0 and 0.5\n";
    return 2;
  }
  std::vector<std::string> names, specs;
  if (!read_agents(agents, names, specs)) return 2;
  const uint64_t base = seed_or_random(vm);
  std::vector<std::shared_ptr<Engine>> engines;
  for (int t = 0; t < threads; ++t) {
    auto e = open_engine(c);
    if (!e) return 2;
    engines.push_back(e);
  }
  // Every pair, in batches of 20 games (a fixed size: the same stops whatever the threads).
  std::vector<PairResult> pairs = every_pair(agents.size());
  long long failed = 0;
  for (PairResult& p : pairs) {
    for (long long from = 0; from < games && p.verdict == 0; from += 20) {
      play_pair(engines, specs, base, p, from, std::min(games, from + 20));
      sprt(p, elo1, alpha);
    }
    failed += p.failed;
  }
  // Elo with a parametric bootstrap: each pair's wins redrawn from its observed rate (smoothed by
  // half a game each way, so that a clean sweep still varies), refitted.
  std::vector<std::pair<double, double>> seen;
  for (const PairResult& p : pairs) seen.emplace_back(p.a_wins, p.b_wins);
  const std::vector<double> elo = bradley_terry(agents.size(), pairs, seen);
  const std::vector<std::vector<double>> boot = bootstrap(agents.size(), pairs, base);
  auto quantile = [](std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[static_cast<size_t>(std::clamp(q * static_cast<double>(v.size() - 1), 0.0, static_cast<double>(v.size() - 1)))];
  };
  if (vm.count("json")) {
    json jp = json::array(), je = json::array();
    for (const PairResult& p : pairs) {
      stats::Interval w = stats::wilson(p.a_wins, p.games(), confidence);
      jp.push_back({{"a", names[p.a]}, {"b", names[p.b]}, {"games", p.games()}, {"a_wins", p.a_wins},
                    {"b_wins", p.b_wins}, {"failed_games", p.failed},
                    {"a_failures", p.failures[0]}, {"b_failures", p.failures[1]},
                    {"a_win_rate", interval_json(w)},
                    {"sprt", p.verdict > 0 ? "a stronger" : p.verdict < 0 ? "b stronger" : "undecided"},
                    {"llr", p.llr}});
    }
    for (size_t i = 0; i < agents.size(); ++i)
      je.push_back({{"agent", names[i]}, {"spec", specs[i]}, {"elo", elo[i]}, {"low", quantile(boot[i], 0.025)},
                    {"high", quantile(boot[i], 0.975)}});
    std::cout << json{{"seed", base}, {"cards", engines[0]->set().name}, {"rules", engines[0]->rule_names()},
                      {"games_per_pair", games}, {"elo1", elo1}, {"alpha", alpha}, {"pairs", jp}, {"elo", je},
                      {"agent_failures", agent_failures(names, pairs)}}
                     .dump()
              << "\n";
    return failed ? 1 : 0;
  }
  const std::vector<std::string> shown = short_names(names, 40), half = short_names(names, 15);
  std::cout << "als tournament: " << agents.size() << " agents, at most " << games << " games a pair (seed " << base
            << ", cards " << engines[0]->set().name << ")\n\n  pair" << std::string(31, ' ') << "games  first's score\n";
  for (const PairResult& p : pairs) {
    std::string name = names[p.a] + " vs " + names[p.b];  // 2 + 34 + 6 + 2 + 14 + 17: 75 columns
    if (name.size() > 33) name = half[p.a] + " vs " + half[p.b];
    std::cout << "  " << std::left << std::setw(34) << name << std::right << std::setw(6) << p.games() << "  "
              << std::setw(14) << pct(stats::wilson(p.a_wins, p.games(), confidence))
              << (p.verdict > 0 ? "  first stronger" : p.verdict < 0 ? "  second stronger" : "  undecided") << "\n";
  }
  print_failures(shown, pairs);
  std::cout << "\n  Elo (Bradley-Terry, " << half[0] << " = 0; 95% bootstrap interval)\n";
  std::vector<size_t> order(agents.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return elo[x] > elo[y]; });
  for (size_t i : order) {
    const std::string& name = shown[i];
    char line[96];
    std::snprintf(line, sizeof line, "  %-40s %+6.0f (%+.0f to %+.0f)", name.c_str(), elo[i], quantile(boot[i], 0.025),
                  quantile(boot[i], 0.975));
    std::cout << line << "\n";
  }
  if (failed) std::cerr << "als tournament: " << failed << " games failed (a script error) and are not counted\n";
  return failed ? 1 : 0;
}

}  // namespace als::cli
