// als sweep: finds the value of a param nearest a target (docs/variants.md, "Finding a value").
// The lab runs it (engine/lab/sweep.h); this file reads the flags and prints the result.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "agents.h"
#include "cli.h"
#include "screen.h"
#include "sweep.h"
#include "tables.h"

namespace als::cli {

using nlohmann::json;

namespace {


// The value to pick (Sweep::recommended): of those the data cannot tell from the best, the one
// nearest the target at its interval's far end.
void recommendation(const Sweep& s, std::ostream& out) {
  const long p = s.recommended();
  if (p < 0) return;
  const TargetResult r = s.c.target(s.target(), 0, static_cast<size_t>(p));
  char far[64];
  if (s.target().rate()) std::snprintf(far, sizeof far, "%.1f pts", 100 * r.distance.high);
  else std::snprintf(far, sizeof far, "%.3g", r.distance.high);
  out << "recommended: " << s.point_text(static_cast<size_t>(p)) << "\n  (of these, the one its data put nearest the target: off "
      << far << " at most)\n";
  if (const std::string w = s.edge_warning(static_cast<size_t>(p), "the recommended value"); !w.empty() && p != s.best())
    out << wrapped("warning: " + w, 2, 80) << "\n";
}

void print_sweep(const Sweep& s) {
  std::ostream& out = std::cout;
  const lab::Target& t = s.target();
  const bool rate = t.rate();
  out << "als sweep: " << s.spec << "\nagent " << s.c.agents[0] << ", seed " << s.c.seed << "; how it values a position:\n";
  print_evaluations(out, s.c);
  out
      << "target " << t.measure << " = " << (t.median ? std::string("the median of the other cards") : value_text(t.value))
      << "\n" << std::lround(s.c.confidence * 100) << "% intervals; at most " << s.planned << " games a value; a value stops\n"
      << "once it is farther from the target than the best (p < " << std::setprecision(3) << s.racing_alpha()
      << ", one-sided:\n" << (1 - s.c.confidence) << " over " << s.points.size() - 1 << " other values and " << s.looks
      << " looks)\n";
  for (size_t p = 0; p < s.points.size(); ++p) {
    std::string label = s.point_text(p);
    if (label.size() > 21) label = label.substr(0, 20) + "~";
    const TargetResult r = s.c.target(t, 0, p);
    out << "  " << std::left << std::setw(21) << label << std::right << std::setw(7) << s.c.runs[0].v[p].games << "  ";
    if (!r.has) out << std::left << std::setw(31) << "n/a (no data)" << std::right;
    else {
      char off[64];
      if (rate) std::snprintf(off, sizeof off, "off %.1f pts", 100 * r.distance.value);
      else std::snprintf(off, sizeof off, "off %.3g", r.distance.value);
      out << std::setw(17) << interval_text(r.measure, rate) << "  " << std::left << std::setw(12) << off << std::right;
    }
    if (s.dropped_after[p] >= 0) out << " dropped at " << s.dropped_after[p];
    out << "\n";
  }
  const long b = s.best();
  if (b < 0) {
    out << "no value has data for " << t.measure << ": nothing decided\n";
    return;
  }
  out << "best: " << s.point_text(static_cast<size_t>(b)) << "\n";
  const std::vector<size_t> same = s.indistinguishable();
  std::string line = "not distinguishable from it:";
  if (same.empty()) line += " none";
  for (size_t k = 0; k < same.size(); ++k) {  // wrapped at 80 columns
    const std::string item = (k ? "; " : " ") + s.point_text(same[k]);
    if (line.size() + item.size() > 79) out << line << (k ? ";" : "") << "\n", line = "  " + item.substr(k ? 2 : 1);
    else line += item;
  }
  out << line << "\n";
  long long most = 0;
  bool never = false;
  for (size_t p : same) {
    const long long n = s.games_to_separate(p, static_cast<size_t>(b));
    if (n < 0) never = true;
    else most = std::max(most, n);
  }
  if (!same.empty())
    out << (never ? "some are as near the target as the best (their intervals hold it too): how many games would tell\n"
                    "  them apart cannot be estimated from these; more games narrow every interval"
                  : wrapped("about " + std::to_string(most) + " games a value would tell them all apart from the best, if their measures held", 2, 80))
        << "\n";
  if (const std::string w = s.edge_warning(); !w.empty()) out << wrapped("warning: " + w, 2, 80) << "\n";
  recommendation(s, out);
}

int output(const SweepRun& r, bool as_json, const std::string& report) {
  if (!report.empty()) {
    try {
      write_sweep_report(report, r.s);
    } catch (const std::exception& e) {
      std::cerr << "als sweep: " << e.what() << "\n";
      return 2;
    }
  }
  if (as_json) std::cout << sweep_json(r.s, r.run).dump() << "\n";
  else print_sweep(r.s);
  const std::vector<std::string> failed = failures(r.s);
  for (const std::string& line : failed) std::cerr << "als sweep: " << line << "\n";
  return failed.empty() ? 0 : 1;
}

}  // namespace

int cmd_sweep(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als sweep options (finds the value of a param nearest a target)\n"
      "  SPEC is a variant as als compare takes it (SET+RULE..., ?NAME=VALUE for fixed\n"
      "  params); every value plays the same seeds, and a value clearly farther from\n"
      "  the target than the best stops playing (racing).\n"
      "  examples: als sweep docs/examples/tuning --param medic_strength=0..8 \\\n"
      "              --target cards.field_medic.faceup_win_rate=median\n"
      "            als sweep \\\n"
      "              docs/examples/tuning+docs/examples/tuning/rules/momentum.lua \\\n"
      "              --param momentum_vp=0,1,2,4 --param medic_strength=2..6 \\\n"
      "              --target decisiveness=0.7");
  std::vector<std::string> spec;
  std::string report;
  SweepRequest r;
  const int cores = default_threads();
  desc.add_options()("help,h", "show this help")(
      "param", po::value<std::vector<std::string>>(&r.params)->composing(),
      "NAME=VALUES: a param and its values, a list (0,1,2,5) or a range (0..7); once or twice (a grid)")(
      "target", po::value<std::string>(&r.target), "MEASURE=VALUE: what to come near (as als compare's --target)")(
      "agent", po::value<std::string>(&r.agent)->default_value("greedy"), ("the agent of both seats: " + agent_help()).c_str())(
      "games", po::value<long long>(&r.games)->default_value(4000), "most games a value (racing may stop a value earlier)")(
      "seed", po::value<std::string>(), "seed of the run (0 to 2^64-1); random if absent")(
      "threads", po::value<int>(&r.threads)->default_value(cores), "worker threads (the results do not depend on them)")(
      "confidence", po::value<double>(&r.confidence)->default_value(0.95, "0.95"),
      "confidence of the intervals and of dropping a value (0.5 to 0.9999)")(
      "json", "print one JSON document")("report", po::value<std::string>(&report), "FILE.html: write the report")(
      "games-out", po::value<std::string>(&r.games_out), "FILE: one JSON line a game (seed, value, agent, winner, score, measures)")(
      "shard", po::value<std::string>(&r.shard), "K/N: play only games K, K+N, ... of every value (no racing)")(
      "merge", po::value<std::vector<std::string>>(&r.merge)->multitoken(), "FILE...: add up the --json results of a run's shards")(
      "spec", po::value<std::vector<std::string>>(&spec), "SPEC (the word without --)");
  po::positional_options_description pos;
  pos.add("spec", -1);
  if (!parse(argc, argv, "sweep SPEC --param NAME=VALUES --target MEASURE=VALUE", desc, vm, &pos)) return 0;
  r.spec = spec.size() == 1 ? spec[0] : "";
  r.data_dir = data_dir();
  if (r.merge.empty() && spec.size() == 1) r.seed = seed_or_random(vm);
  return refusing("sweep", [&] {
    check_outputs({{"--report", report}, {"--games-out", r.games_out}}, r.merge);
    ProgressBar bar;
    const SweepRun run = sweep(r, &bar);
    return output(run, vm.count("json") > 0, report);
  }, true);
}

}  // namespace als::cli
