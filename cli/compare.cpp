// als compare: plays variants on the same seeds and reports what changed, with confidence
// (docs/variants.md); shards and --merge; the HTML report is report.cpp's.
#include "compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <thread>

#include <nlohmann/json.hpp>

#include "jsonl.h"
#include "agents.h"

namespace als::cli {

using nlohmann::json;

namespace {

/// How far from zero a difference may be and still count as no change, for early stopping: a
/// percentage point for game rates, two for card rates (fewer battles each), 1% of the
/// baseline's value for means.
double margin(const DiffRow& r, double baseline) {
  if (!r.card.empty()) return 0.02;
  if (r.rate) return 0.01;
  return std::max(0.01 * std::abs(baseline), 1e-9);
}

}  // namespace

void compute_differences(Comparison& c) {
  // A difference with no data decides nothing (a variant whose every game failed once stopped a
  // run early as "every difference decided").
  auto no_data = [](const stats::PairSums& s) { return s.a.games < 2 || s.a.n == 0 || s.b.n == 0; };
  c.diffs.clear();
  std::vector<double> baseline;  // the baseline's value of each row (for margins)
  for (size_t v = 1; v < c.engines.size(); ++v) {
    const PairTotals& p = c.totals.pairs[v - 1];
    for (int m = 0; m < kMeasures; ++m) {
      DiffRow r;
      r.variant = v, r.measure = m, r.rate = kMeasureInfo[m].rate;
      r.d = stats::paired_difference(p.m[static_cast<size_t>(m)], c.confidence);
      r.no_data = no_data(p.m[static_cast<size_t>(m)]);
      c.diffs.push_back(r);
      baseline.push_back(p.m[static_cast<size_t>(m)].a.ratio());
    }
    for (size_t k = 0; k < p.cards.size(); ++k)
      for (int m = 0; m < kCardMeasures; ++m) {
        const stats::PairSums& s = p.card[k * kCardMeasures + static_cast<size_t>(m)];
        DiffRow r;
        r.variant = v, r.measure = m, r.rate = true;
        r.card = c.engines[0]->set().cards[p.cards[k].first].id;
        r.d = stats::paired_difference(s, c.confidence);
        r.no_data = no_data(s);
        c.diffs.push_back(r);
        baseline.push_back(s.a.ratio());
      }
  }
  std::vector<double> p;
  for (const DiffRow& r : c.diffs) p.push_back(r.d.p);
  const std::vector<double> adj = c.correction == "bh" ? stats::benjamini_hochberg(p) : stats::holm(p);
  // Negligible: the interval at the Bonferroni level over every difference (so that all of them
  // hold at once) lies within the margin: each difference's own interval, widened by the ratio of
  // the two t quantiles (a pair's games are the degrees of freedom of all its differences).
  const double simultaneous = 1 - c.alpha() / static_cast<double>(std::max<size_t>(c.diffs.size(), 1));
  std::vector<double> widen(c.engines.size(), 1.0);
  for (size_t v = 1; v < c.engines.size(); ++v) {
    const double games = static_cast<double>(c.totals.pairs[v - 1].m[0].a.games);
    if (games >= 2) widen[v] = stats::t_value(simultaneous, games - 1) / stats::t_value(c.confidence, games - 1);
  }
  for (size_t row = 0; row < c.diffs.size(); ++row) {
    DiffRow& r = c.diffs[row];
    r.p_adjusted = adj[row];
    r.significant = !r.no_data && adj[row] < c.alpha();
    const double half = (r.d.high - r.d.delta) * widen[r.variant], mg = margin(r, baseline[row]);
    r.negligible = !r.no_data && r.d.delta - half > -mg && r.d.delta + half < mg;
  }
}

bool all_decided(const Comparison& c) {
  return std::all_of(c.diffs.begin(), c.diffs.end(), [](const DiffRow& r) { return r.significant || r.negligible; });
}

namespace {

json comparison_json(const Comparison& c, const json& run) {
  json variants = json::array(), diffs = json::array(), sums = json::array(), pairs = json::array();
  for (size_t v = 0; v < c.engines.size(); ++v) {
    const VariantSums& s = c.totals.v[v];
    json one = {{"name", c.names[v]}, {"games", s.games}, {"battles", s.m[kBattlesPerGame].y}, {"failed_games", s.failed}};
    one.update(variant_json(*c.engines[v], s, c.confidence));
    variants.push_back(one);
    sums.push_back(sums_json(s));
  }
  for (const PairTotals& p : c.totals.pairs) pairs.push_back(pair_json(p));
  for (const DiffRow& r : c.diffs) {
    json d = {{"variant", c.names[r.variant]}, {"baseline", c.names[0]}, {"measure", r.name()},
              {"delta", r.d.delta},            {"low", r.d.low},          {"high", r.d.high},
              {"significant", r.significant},  {"p", r.d.p},              {"p_adjusted", r.p_adjusted},
              {"negligible", r.negligible}};
    if (!r.card.empty()) d["card"] = r.card;
    diffs.push_back(d);
  }
  return {{"confidence", c.confidence},
          {"agent", c.agent},
          {"seed", c.seed},
          {"correction", c.correction == "bh" ? "benjamini-hochberg" : "holm"},
          {"games_planned", c.planned},
          {"looks", c.looks},
          {"looks_taken", c.looks_taken},
          {"stopped_early", c.stopped_early},
          {"variants", variants},
          {"differences", diffs},
          {"run", run},
          {"sums", {{"variants", sums}, {"pairs", pairs}}}};
}

std::string signed_text(const DiffRow& r) {
  char buf[96];
  if (r.rate)
    std::snprintf(buf, sizeof buf, "%+.1f pts (%+.1f to %+.1f)", 100 * r.d.delta, 100 * r.d.low, 100 * r.d.high);
  else
    std::snprintf(buf, sizeof buf, "%+.3g (%+.3g to %+.3g)", r.d.delta, r.d.low, r.d.high);
  return buf;
}

void print_text(const Comparison& c) {
  std::ostream& out = std::cout;
  const VariantSums& base = c.totals.v[0];
  out << "als compare: " << base.games << " games a variant on the same seeds (seed " << c.seed << "), agent "
      << c.agent << "\n";
  if (c.stopped_early)
    out << "stopped early at look " << c.looks_taken << " of " << c.looks << " (of " << c.planned
        << " games): every difference decided\n";
  std::vector<const VariantSums*> sums;
  for (const VariantSums& s : c.totals.v) sums.push_back(&s);
  print_measures(out, c.names, sums, c.confidence);
  out << "  battles ended by\n";
  for (size_t v = 0; v < c.names.size(); ++v) {
    out << "    " << c.names[v] << ":";
    for (const auto& [how, k] : reasons_shown(c.totals.v[v].end_reasons(), 12))
      out << " " << how << " " << std::fixed << std::setprecision(1)
          << 100.0 * static_cast<double>(k) / static_cast<double>(std::max<long long>(1, c.totals.v[v].m[kBattlesPerGame].y))
          << "%";
    out << "\n";
  }
  const bool hooked = std::any_of(c.totals.v.begin(), c.totals.v.end(), [](const VariantSums& s) { return !s.game_reasons.empty(); });
  if (hooked) {  // a game_over hook ended games (API 4)
    out << "  games ended by\n";
    for (size_t v = 0; v < c.names.size(); ++v) {
      out << "    " << c.names[v] << ":";
      for (const auto& [why, k] : reasons_shown(c.totals.v[v].game_ends(), 12))
        out << " " << why << " " << std::fixed << std::setprecision(1)
            << 100.0 * static_cast<double>(k) / static_cast<double>(std::max<long long>(1, c.totals.v[v].games)) << "%";
      out << "\n";
    }
  }
  if (c.diffs.empty()) return;
  out << "differences from " << c.names[0] << ", " << std::lround(c.confidence * 100) << "% intervals\n"
      << "(significant: after " << (c.correction == "bh" ? "Benjamini-Hochberg" : "Holm") << " over " << c.diffs.size()
      << " differences" << (c.looks > 1 ? " and " + std::to_string(c.looks) + " looks" : "") << ": p below "
      << std::defaultfloat << std::setprecision(4) << c.alpha() << ")\n";
  for (size_t v = 1; v < c.names.size(); ++v) {
    out << "  " << c.names[v] << "\n";
    int cards = 0, flagged = 0;
    for (const DiffRow& r : c.diffs) {
      if (r.variant != v) continue;
      if (!r.card.empty()) {
        ++cards;
        if (!r.significant) continue;
        ++flagged;
      }
      std::string label = r.card.empty() ? kMeasureInfo[r.measure].label : r.card + " " + kCardMeasureNames[r.measure];
      if (label.size() > 30) label = label.substr(0, 29) + "~";
      out << "    " << std::left << std::setw(31) << label << std::setw(34) << signed_text(r) << std::right
          << (r.significant ? "significant" : r.negligible ? "no change" : "") << "\n";
    }
    out << "    " << flagged << " of " << cards << " card measures differ significantly"
        << (flagged ? " (listed above)" : "") << "\n";
  }
}

// Reads the failures of each variant to standard error; 1 if any.
int report_failures(const Comparison& c) {
  int status = 0;
  for (size_t v = 0; v < c.names.size(); ++v) {
    const VariantSums& s = c.totals.v[v];
    if (!s.failed) continue;
    std::cerr << "als compare: " << c.names[v] << ": " << s.failed << " game" << (s.failed == 1 ? "" : "s")
              << " failed and are not counted; the first: game " << s.first_failed << " (seed " << s.first_failed_seed
              << "): " << s.first_error << "\n";
    status = 1;
  }
  return status;
}

// Loads each variant's engine (one set of engines a thread); prints the error and returns false.
bool load_variants(const std::vector<std::string>& names, int threads,
                   std::vector<std::vector<std::shared_ptr<Engine>>>& engines) {
  engines.assign(static_cast<size_t>(threads), {});
  for (const std::string& name : names) {
    Common c;
    std::string why;
    if (!parse_variant(name, c, why)) {
      std::cerr << "als compare: " << why << "\n";
      return false;
    }
    for (auto& per_thread : engines) {
      auto e = open_engine(c);
      if (!e) return false;
      per_thread.push_back(e);
    }
  }
  return true;
}

int output(const Comparison& c, const json& run, bool as_json, const std::string& report) {
  if (!report.empty()) {
    try {
      write_report(report, c);
    } catch (const std::exception& e) {
      std::cerr << "als compare: " << e.what() << "\n";
      return 2;
    }
  }
  if (as_json) std::cout << comparison_json(c, run).dump() << "\n";
  else print_text(c);
  return report_failures(c);
}

/// The looks planned for a run of `games` games: four (at 1/8, 1/4, 1/2 and all of them) when
/// the first has at least 50 games, else one at the end. A function of --games alone, so that
/// shards and their merge test at the same level as one run.
int looks_for(long long games) { return games / 8 >= 50 ? 4 : 1; }

int merge(const std::vector<std::string>& files, bool as_json, const std::string& report) {
  Comparison c;
  json run;
  int status = read_shards("compare", files, run, [&](const json& j, bool first) -> std::string {
    const json& r = j["run"];
    if (first) {
      c.names = r.at("variants").get<std::vector<std::string>>();
      if (c.names.empty()) return "no variants";
      if (std::string e = check_confidence(r.at("confidence")); !e.empty()) return e;
      const json& hashes = r.at("content_hashes");
      if (!hashes.is_array() || hashes.size() != c.names.size()) return "its content hashes do not match its variants";
      for (const std::string& name : c.names) {
        Common v;
        std::string why;
        if (!parse_variant(name, v, why)) return why;
        c.engines.push_back(load_engine(v.cards, v.rules, data_dir()));  // LoadError: reported
        if (std::string e = check_content_hash(hashes[c.engines.size() - 1], *c.engines.back(), name); !e.empty()) return e;
      }
      c.totals = empty_totals(c.engines);
      c.agent = r.at("agent").get<std::string>();
      c.seed = r.at("seed").get<uint64_t>();
      c.planned = r.at("games").get<long long>();
      if (c.planned < 1 || c.planned > kMaxRunGames) return "its \"games\" is not a number of games from 1 to " + std::to_string(kMaxRunGames);
      c.confidence = r.at("confidence").get<double>();
      c.correction = r.at("correction").get<std::string>();
      if (c.correction != "holm" && c.correction != "bh") return "its correction is not \"holm\" or \"bh\"";
    }
    const json& sv = j["sums"].at("variants");
    const json& sp = j["sums"].at("pairs");
    if (!sv.is_array() || sv.size() != c.names.size() || !sp.is_array() || sp.size() + 1 != c.names.size())
      return "its sums do not have the shape of the others'";
    Totals t;
    for (size_t v = 0; v < c.names.size(); ++v) t.v.push_back(sums_from_json(sv[v], c.totals.v[v].cards()));
    for (size_t v = 1; v < c.names.size(); ++v) t.pairs.push_back(pair_from_json(sp[v - 1], c.totals.pairs[v - 1].cards));
    c.totals.add(t);
    return "";
  });
  if (status) return status;
  c.looks = looks_for(c.planned);
  c.looks_taken = c.looks;
  compute_differences(c);
  return output(c, run, as_json, report);
}

}  // namespace

int cmd_compare(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als compare options (plays variants on the same seeds and reports what changed)\n"
      "  A VARIANT is SET or SET+RULE+RULE..., each a bundled name or a path; the first\n"
      "  is the baseline. Every variant plays the same seeds: differences are paired.\n"
      "  examples: als compare standard standard+beginner --report r.html\n"
      "            als compare standard standard+long-war --agent mcts:200 --games 2000\n"
      "            als compare standard standard+beginner --seed 5 --shard 2/8 --json");
  std::vector<std::string> names, merge_files;
  RunPlan plan;
  Comparison c;
  std::string shard, report;
  const int cores = static_cast<int>(std::max(1u, std::min(8u, std::thread::hardware_concurrency())));
  desc.add_options()("help,h", "show this help")(
      "games", po::value<long long>(&plan.games)->default_value(10000), "most games a variant (it may stop earlier)")(
      "agent", po::value<std::string>(&c.agent)->default_value("greedy"),
      ("the agent of both seats: " + agent_help()).c_str())(
      "seed", po::value<std::string>(), "seed of the run (0 to 2^64-1); random if absent")(
      "threads", po::value<int>(&plan.threads)->default_value(cores), "worker threads (the results do not depend on them)")(
      "confidence", po::value<double>(&c.confidence)->default_value(0.95, "0.95"),
      "confidence of the intervals and of the tests (0.5 to 0.9999)")(
      "correction", po::value<std::string>(&c.correction)->default_value("holm"),
      "holm (no false positive, 95% of runs) or bh (Benjamini-Hochberg: 5% of flags false)")(
      "json", "print one JSON document")("report", po::value<std::string>(&report), "FILE.html: write the report")(
      "shard", po::value<std::string>(&shard), "K/N: play only games K, K+N, K+2N, ... of the run (no early stop)")(
      "merge", po::value<std::vector<std::string>>(&merge_files)->multitoken(),
      "FILE...: add up the --json results of a run's shards")(
      "variant", po::value<std::vector<std::string>>(&names), "VARIANT... (the words without --): the variants");
  po::positional_options_description pos;
  pos.add("variant", -1);
  if (!parse(argc, argv, "compare VARIANT VARIANT...", desc, vm, &pos)) return 0;
  if (c.correction != "holm" && c.correction != "bh") {
    std::cerr << "als compare: --correction takes holm or bh, not '" << c.correction << "'\n";
    return 2;
  }
  if (!(c.confidence >= 0.5 && c.confidence <= 0.9999)) {
    std::cerr << "als compare: --confidence must be between 0.5 and 0.9999\n";
    return 2;
  }
  if (!merge_files.empty()) return merge(merge_files, vm.count("json") > 0, report);
  if (names.empty()) {
    std::cerr << "als compare: name the variants (the baseline first), e.g. als compare standard standard+beginner\n";
    return 2;
  }
  if (plan.games < 1 || plan.games > kMaxRunGames || plan.threads < 1 || plan.threads > 256) {
    std::cerr << "als compare: --games must be from 1 to " << kMaxRunGames << " and --threads between 1 and 256\n";
    return 2;
  }
  if (!shard.empty() && !parse_shard(shard, plan)) {
    std::cerr << "als compare: --shard takes K/N with 1 <= K <= N <= " << kMaxShards << "\n";
    return 2;
  }
  if (!unattended("compare", c.agent)) return 2;
  plan.p1 = plan.p2 = c.agent;
  plan.base = c.seed = seed_or_random(vm);
  c.names = names;
  c.planned = plan.games;
  std::vector<std::vector<std::shared_ptr<Engine>>> engines;
  if (!load_variants(names, plan.threads, engines)) return 2;
  c.engines = engines[0];
  c.totals = empty_totals(c.engines);
  c.looks = looks_for(plan.games);
  // The looks in this shard's games: 1/8, 1/4, 1/2 and all of them (or all at once).
  const long long mine = plan.mine();
  std::vector<long long> at;
  for (int k = c.looks - 1; k >= 0; --k) at.push_back(mine >> k);
  std::atomic<long long> done{0};
  {
    Progress bar(done, mine * static_cast<long long>(names.size()));
    long long from = 0;
    for (long long to : at) {
      play_games(engines, plan, from, to, c.totals, done);
      from = to;
      ++c.looks_taken;
      compute_differences(c);
      if (plan.shard_n == 1 && c.looks_taken < c.looks && c.names.size() > 1 && all_decided(c)) {
        c.stopped_early = true;
        break;
      }
    }
  }
  json hashes = json::array();
  for (const auto& e : c.engines) hashes.push_back(e->content_hash());
  json run = {{"variants", c.names},       {"agent", c.agent},           {"seed", c.seed},
              {"games", c.planned},        {"confidence", c.confidence}, {"correction", c.correction},
              {"content_hashes", hashes}, {"shard", {plan.shard_k + 1, plan.shard_n}}};
  return output(c, run, vm.count("json") > 0, report);
}

}  // namespace als::cli
