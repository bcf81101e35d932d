// als compare: plays variants on the same seeds and reports what changed, with confidence
// (docs/variants.md). The lab runs it (engine/lab/compare.h: the games, shards, --merge, the
// JSON, the report); this file reads the flags into its request and prints the result.
#include "cli.h"
#include "compare.h"
#include "screen.h"
#include "tables.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "agents.h"

namespace als::cli {

using nlohmann::json;

namespace {

std::string signed_text(const DiffRow& r) {
  if (r.no_data) return "n/a (no data)";
  char buf[96];
  if (r.rate)
    std::snprintf(buf, sizeof buf, "%+.1f pts (%+.1f to %+.1f)", 100 * r.d.delta, 100 * r.d.low, 100 * r.d.high);
  else
    std::snprintf(buf, sizeof buf, "%+.3g (%+.3g to %+.3g)", r.d.delta, r.d.low, r.d.high);
  return buf;
}

std::string cut(const std::string& s, size_t width) { return s.size() > width ? s.substr(0, width - 1) + "~" : s; }

// Each variant's battles (and games, if a game_over hook ended some) by how they ended.
void print_ends(std::ostream& out, const Comparison& c, const Totals& t) {
  auto line = [&](size_t v, const std::map<std::string, long long>& all, long long of) {
    out << "    " << cut(c.names[v], 24) << ":";
    for (const auto& [how, k] : reasons_shown(all, 12))
      out << " " << how << " " << std::fixed << std::setprecision(1)
          << 100.0 * static_cast<double>(k) / static_cast<double>(std::max<long long>(1, of)) << "%";
    out << "\n";
  };
  out << "  battles ended by\n";
  for (size_t v = 0; v < c.names.size(); ++v) line(v, t.v[v].end_reasons(), t.v[v].m[kBattlesPerGame].y);
  if (std::any_of(t.v.begin(), t.v.end(), [](const VariantSums& s) { return !s.game_reasons.empty(); })) {
    out << "  games ended by\n";  // a game_over hook ended games (API 4)
    for (size_t v = 0; v < c.names.size(); ++v) line(v, t.v[v].game_ends(), t.v[v].games);
  }
  out << std::defaultfloat;
}

// The differences of each variant under agent a: the game measures, and the card measures that
// differ significantly.
void print_differences(std::ostream& out, const Comparison& c, size_t a) {
  for (size_t v = 1; v < c.names.size(); ++v) {
    out << "  " << c.names[v] << "\n";
    int cards = 0, flagged = 0;
    std::string no_data;  // card measures with no data in either variant: n/a (docs/variants.md), named
    int unnamed = 0;
    for (const DiffRow& r : c.diffs) {
      if (r.variant != v || r.agent != a || r.skill) continue;
      if (!r.card.empty()) {
        ++cards;
        if (r.no_data) {
          if (no_data.size() < 160) no_data += (no_data.empty() ? "" : ", ") + r.card + " " + kCardMeasureNames[r.measure];
          else ++unnamed;
        }
        if (!r.significant) continue;
        ++flagged;
      }
      // A label too long for its column (a g:measure name of up to 40 characters) is written whole
      // on a line of its own, its figures below it: two names never read alike.
      std::string label = r.label();
      if (label.size() > 30) out << "    " << label << "\n", label.clear();
      out << "    " << std::left << std::setw(31) << label << std::setw(34) << signed_text(r) << std::right
          << (r.significant ? "significant" : r.negligible ? "no change" : "") << "\n";
    }
    out << "    " << flagged << " of " << cards << " card measures differ significantly"
        << (flagged ? " (listed above)" : "") << "\n";
    if (!no_data.empty())
      out << wrapped("    n/a (no data): " + no_data + (unnamed ? " and " + std::to_string(unnamed) + " more" : ""), 6, 80)
          << "\n";
  }
}

void print_agreement(std::ostream& out, const Comparison& c) {
  const std::vector<Agreement> all = agreement(c);
  out << "do the agents agree? (the changes some agent finds: + up, - down, * significant)\n";
  if (all.empty()) out << "  no agent finds a significant change\n";
  for (const Agreement& g : all) {
    std::string ways;
    for (size_t a = 0; a < g.sign.size(); ++a)
      ways += std::string(a ? " " : "") + (g.sign[a] > 0 ? "+" : g.sign[a] < 0 ? "-" : "0") + (g.significant[a] ? "*" : "");
    const std::string what = g.label();
    out << "  " << std::left << std::setw(16) << cut(c.names[g.variant], 15) << std::setw(31) << cut(what, 30)
        << std::setw(18) << ways << (g.agree ? "" : "! ") << g.verdict << std::right << "\n";
  }
  out << "  (directions in the order of --agents: ";
  for (size_t a = 0; a < c.agents.size(); ++a) out << (a ? ", " : "") << c.agents[a];
  out << ")\n";
}

void print_skill(std::ostream& out, const Comparison& c) {
  out << "skill gap: the share of games " << c.strong << " wins against " << c.weak << "\n"
      << "  (seats alternated, the same seeds; Wilson's interval; * significant)\n";
  for (size_t v = 0; v < c.names.size(); ++v) {
    out << "  " << std::left << std::setw(22) << cut(c.names[v], 21) << std::right << std::setw(18)
        << (c.skill.v[v].n ? interval_text(c.skill_gap(v), true) : "n/a");
    for (const DiffRow& r : c.diffs)
      if (r.skill && r.variant == v)
        out << "   " << signed_text(r) << (r.significant ? " *" : "");
    out << "\n";
  }
}

std::string distance_text(const TargetResult& r, bool rate) {
  if (!r.has) return "n/a (no data)";
  char off[64];
  if (rate)  // a distance between shares is in percentage points
    std::snprintf(off, sizeof off, "%.1f pts (%.1f-%.1f)", 100 * r.distance.value, 100 * r.distance.low, 100 * r.distance.high);
  else
    std::snprintf(off, sizeof off, "%s", interval_text(r.distance, false).c_str());
  return interval_text(r.measure, rate) + "  off by " + off;
}

void print_targets(std::ostream& out, const Comparison& c) {
  for (const lab::Target& t : c.targets)
    for (size_t a = 0; a < c.runs.size(); ++a) {
      char value[32];
      std::snprintf(value, sizeof value, t.rate() ? "%.1f%%" : "%.3g", t.rate() ? 100 * t.value : t.value);
      out << "target " << t.measure << " = " << (t.median ? "median of the others" : value)
          << (c.runs.size() > 1 ? " under " + c.agents[a] : "") << "\n"
          << "  nearest first; = tied (the distances' intervals overlap)\n";
      int place = 0;
      for (const auto& tie : c.ranking(t, a)) {
        ++place;
        for (size_t k = 0; k < tie.size(); ++k)
          out << "  " << std::setw(2) << (k ? std::string("=") : std::to_string(place)) << " " << std::left << std::setw(20)
              << cut(c.names[tie[k]], 19) << std::right << distance_text(c.target(t, a, tie[k]), t.rate()) << "\n";
        if (tie.size() < 2) continue;
        const long long n = c.games_to_untie(t, a, tie);
        out << "     tied: "
            << (n < 0 ? "their intervals hold the target; no estimate of the games to decide"
                      : "about " + std::to_string(n) + " games a variant would decide (if the measures held)")
            << "\n";
      }
      for (size_t v = 0; v < c.names.size(); ++v)
        if (!c.target(t, a, v).has) out << "   - " << c.names[v] << ": no data\n";
    }
}

void print_text(const Comparison& c) {
  std::ostream& out = std::cout;
  const VariantSums& base = c.runs[0].v[0];
  out << "als compare: " << base.games << " games a variant on the same seeds (seed " << c.seed << "), agent"
      << (c.agents.size() > 1 ? "s\n  " : " ");
  for (size_t a = 0; a < c.agents.size(); ++a) out << (a ? ", " : "") << c.agents[a];
  out << "\nhow each agent values a position:\n";
  print_evaluations(out, c);
  if (c.stopped_early)
    out << "stopped early at look " << c.looks_taken << " of " << c.looks << " (of " << c.planned
        << " games): every difference decided\n";
  for (size_t a = 0; a < c.runs.size(); ++a) {
    if (c.runs.size() > 1) out << "under " << c.agents[a] << " (both seats)\n";
    std::vector<const VariantSums*> sums;
    for (const VariantSums& s : c.runs[a].v) sums.push_back(&s);
    print_measures(out, c.names, sums, c.confidence);
    print_ends(out, c, c.runs[a]);
    if (c.names.size() < 2) continue;
    out << "differences from " << c.names[0] << (c.runs.size() > 1 ? " under " + c.agents[a] : "") << ", "
        << std::lround(c.confidence * 100) << "% intervals\n"
        << "(significant: after " << (c.correction == "bh" ? "Benjamini-Hochberg" : "Holm") << " over " << c.diffs.size()
        << " differences" << (c.looks > 1 ? " and " + std::to_string(c.looks) + " looks" : "") << ": p below "
        << std::setprecision(4) << c.alpha() << ")\n";
    print_differences(out, c, a);
  }
  if (c.runs.size() > 1 && c.names.size() > 1) print_agreement(out, c);
  if (c.has_skill()) print_skill(out, c);
  print_targets(out, c);
}

// Writes the report (if asked), then the document or the text, then the failures on standard
// error: 0, or 1 if a game failed, or 2 if the report cannot be written.
int output(const CompareRun& r, bool as_json, const std::string& report) {
  if (!report.empty()) {
    try {
      write_report(report, r.c);
    } catch (const std::exception& e) {
      std::cerr << "als compare: " << e.what() << "\n";
      return 2;
    }
  }
  if (as_json) std::cout << comparison_json(r.c, r.run).dump() << "\n";
  else print_text(r.c);
  const std::vector<std::string> failed = failures(r.c);
  for (const std::string& line : failed) std::cerr << "als compare: " << line << "\n";
  return failed.empty() ? 0 : 1;
}

}  // namespace

int cmd_compare(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als compare options (plays variants on the same seeds and reports what changed)\n"
      "  A VARIANT is [NAME=]SET or [NAME=]SET+RULE+RULE..., each a bundled name or a\n"
      "  path; the first is the baseline. Every variant plays the same seeds:\n"
      "  differences are paired.\n"
      "  examples: als compare standard standard+beginner --report r.html\n"
      "            als compare standard beg=standard+beginner --agents greedy,mcts:200\n"
      "            als compare standard standard+long-war \\\n"
      "              --target first_player_battle_win_rate=0.5\n"
      "            als compare standard standard+beginner --skill random,greedy\n"
      "            als compare standard standard+beginner --seed 5 --shard 2/8 --json");
  std::vector<std::string> names;
  CompareRequest r;
  std::string report, agent, agents;
  const int cores = default_threads();
  desc.add_options()("help,h", "show this help")(
      "games", po::value<long long>(&r.games)->default_value(10000), "most games a variant (it may stop earlier)")(
      "agent", po::value<std::string>(&agent)->default_value("greedy"),
      ("the agent of both seats: " + agent_help()).c_str())(
      "agents", po::value<std::string>(&agents), "A,B,...: play every variant under each agent (both seats)")(
      "target", po::value<std::vector<std::string>>(&r.targets),
      "MEASURE=VALUE (repeatable): rank the variants by their distance to it; VALUE a number, or median "
      "for a card measure (cards.ID.faceup_win_rate=median)")(
      "skill", po::value<std::string>(&r.skill), "WEAK,STRONG: each variant's skill gap, the share of games STRONG wins")(
      "param", po::value<std::vector<std::string>>(&r.param_flags)->composing(),
      "NAME=VALUE: a param's value in every variant (a variant's own SPEC?NAME=VALUE wins); repeatable")(
      "seed", po::value<std::string>(), "seed of the run (0 to 2^64-1); random if absent")(
      "threads", po::value<int>(&r.threads)->default_value(cores), "worker threads (the results do not depend on them)")(
      "confidence", po::value<double>(&r.confidence)->default_value(0.95, "0.95"),
      "confidence of the intervals and of the tests (0.5 to 0.9999)")(
      "correction", po::value<std::string>(&r.correction)->default_value("holm"),
      "holm (no false positive, 95% of runs) or bh (Benjamini-Hochberg: 5% of flags false)")(
      "json", "print one JSON document")("report", po::value<std::string>(&report), "FILE.html: write the report")(
      "games-out", po::value<std::string>(&r.games_out), "FILE: one JSON line a game (seed, variant, agent, winner, score, measures)")(
      "shard", po::value<std::string>(&r.shard), "K/N: play only games K, K+N, K+2N, ... of the run (no early stop)")(
      "merge", po::value<std::vector<std::string>>(&r.merge)->multitoken(),
      "FILE...: add up the --json results of a run's shards")(
      "variant", po::value<std::vector<std::string>>(&names), "VARIANT... (the words without --): the variants");
  po::positional_options_description pos;
  pos.add("variant", -1);
  if (!parse(argc, argv, "compare VARIANT VARIANT...", desc, vm, &pos)) return 0;
  if (vm.count("agents") && !vm["agent"].defaulted()) {
    std::cerr << "als compare: give --agent or --agents, not both\n";
    return 2;
  }
  r.agents = vm.count("agents") ? split_agents(agents) : std::vector<std::string>{agent};
  r.variants = names;
  r.data_dir = data_dir();
  if (r.merge.empty() && !names.empty()) r.seed = seed_or_random(vm);
  return refusing("compare", [&] {
    check_outputs({{"--report", report}, {"--games-out", r.games_out}}, r.merge);
    ProgressBar bar;
    const CompareRun run = compare(r, &bar);
    return output(run, vm.count("json") > 0, report);
  });
}

}  // namespace als::cli
