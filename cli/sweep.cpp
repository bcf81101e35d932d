// als sweep: finds the value of a param nearest a target (docs/variants.md, "Finding a value").
// Every value plays the same seeds; values are raced: once a value's distance to the target is
// worse than the best's with the requested confidence, it stops playing. Shards and --merge as
// for als compare; the report is sweep_report.cpp's.
#include "sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <thread>

#include <nlohmann/json.hpp>

#include "agents.h"
#include "jsonl.h"

namespace als::cli {

using nlohmann::json;

std::string parse_sweep_param(const std::string& text, SweepParam& out) {
  out = SweepParam{};
  const size_t eq = text.find('=');
  const std::string usage = "--param takes NAME=VALUES: a list (0,1,2,5) or a range of whole numbers (0..7), not '" +
                            escape_controls(text.substr(0, 80)) + "'";
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return usage;
  out.name = text.substr(0, eq);
  const std::string values = text.substr(eq + 1);
  auto number = [](const std::string& s, double& v) {
    char* end = nullptr;
    v = std::strtod(s.c_str(), &end);
    return !s.empty() && !*end && std::isfinite(v) && std::abs(v) <= kMaxParam;
  };
  if (const size_t dots = values.find(".."); dots != std::string::npos) {
    double lo = 0, hi = 0;
    if (!number(values.substr(0, dots), lo) || !number(values.substr(dots + 2), hi) || lo != std::floor(lo) ||
        hi != std::floor(hi) || hi < lo)
      return usage;
    if (hi - lo + 1 > static_cast<double>(kMaxSweepValues))
      return "--param " + out.name + ": at most " + std::to_string(kMaxSweepValues) + " values";
    for (double v = lo; v <= hi; ++v) out.values.push_back(v);
    return "";
  }
  size_t start = 0;
  while (start <= values.size()) {
    const size_t comma = std::min(values.find(',', start), values.size());
    double v = 0;
    if (!number(values.substr(start, comma - start), v)) return usage;
    if (std::find(out.values.begin(), out.values.end(), v) != out.values.end())
      return "--param " + out.name + ": the value " + values.substr(start, comma - start) + " is given twice";
    out.values.push_back(v);
    if (out.values.size() > kMaxSweepValues) return "--param " + out.name + ": at most " + std::to_string(kMaxSweepValues) + " values";
    start = comma + 1;
  }
  return "";
}

double Sweep::racing_alpha() const {
  const double others = static_cast<double>(std::max<size_t>(points.size(), 2) - 1);
  return (1 - c.confidence) / (others * looks);
}

bool Sweep::gap(size_t p, size_t b, double& gap, double& se) const {
  const TargetResult rp = c.target(target(), 0, p), rb = c.target(target(), 0, b);
  if (!rp.has || !rb.has) return false;
  // Each measure's standard error from its interval at `confidence` (half its width over z).
  const double z = stats::z_value(c.confidence);
  const double sp = (rp.measure.high - rp.measure.low) / (2 * z), sb = (rb.measure.high - rb.measure.low) / (2 * z);
  se = std::sqrt(sp * sp + sb * sb), gap = rp.distance.value - rb.distance.value;
  return true;
}

bool Sweep::farther(size_t p, size_t b) const {
  double g = 0, se = 0;
  if (!gap(p, b, g, se)) return false;
  if (se == 0) return g > 0;
  return g / se > stats::z_value(1 - 2 * racing_alpha());  // one-sided at racing_alpha
}

long Sweep::best() const {
  long b = -1;
  double d = 0;
  for (size_t p = 0; p < points.size(); ++p) {
    if (dropped_after[p] >= 0) continue;
    const TargetResult r = c.target(target(), 0, p);
    if (r.has && (b < 0 || r.distance.value < d)) b = static_cast<long>(p), d = r.distance.value;
  }
  return b;
}

long long Sweep::games_to_separate(size_t p, size_t b) const {
  double g = 0, se = 0;
  if (!gap(p, b, g, se) || g <= 0 || se <= 0) return -1;
  const long long n = std::min(c.runs[0].v[p].games, c.runs[0].v[b].games);
  const double ratio = stats::z_value(1 - 2 * racing_alpha()) * se / g;
  const double games = static_cast<double>(n) * ratio * ratio;
  return games > 1e15 ? -1 : static_cast<long long>(std::ceil(games));
}

std::string Sweep::edge_warning() const {
  const long b = best();
  if (b < 0) return "";
  for (size_t k = 0; k < params.size(); ++k) {
    const std::vector<double>& values = params[k].values;
    if (values.size() < 3) continue;
    const double v = points[static_cast<size_t>(b)][k];
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    if (v == *lo || v == *hi)
      return "the best, " + point_text(static_cast<size_t>(b)) + ", is at an edge of the range (" + params[k].name + "'s " +
             (v == *lo ? "smallest" : "largest") + " value tried): a value beyond it may be nearer the target; widen the range";
  }
  return "";
}

std::vector<size_t> Sweep::indistinguishable() const {
  std::vector<size_t> out;
  const long b = best();
  if (b < 0) return out;
  for (size_t p = 0; p < points.size(); ++p) {
    if (static_cast<long>(p) == b || dropped_after[p] >= 0 || !c.target(target(), 0, p).has) continue;
    if (!farther(p, static_cast<size_t>(b))) out.push_back(p);
  }
  return out;
}

namespace {

std::string value_text(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

}  // namespace

std::string Sweep::point_text(size_t p) const {
  std::string s;
  for (size_t k = 0; k < params.size(); ++k) s += (k ? ", " : "") + params[k].name + "=" + value_text(points[p][k]);
  return s;
}

namespace {

json point_params(const Sweep& s, size_t p) {
  ParamValues values;
  for (size_t k = 0; k < s.params.size(); ++k) values.emplace_back(s.params[k].name, s.points[p][k]);
  return params_json(values);
}

// The sums of a run (its values'), and a shard's at each look besides.
json sums_of(const Sweep& s, const json& values) {
  json out = {{"values", values}};
  if (s.look_sums.empty()) return out;
  json looks = json::array();
  for (const std::vector<VariantSums>& at : s.look_sums) {
    json one = json::array();
    for (const VariantSums& v : at) one.push_back(sums_json(v));
    looks.push_back(one);
  }
  out["looks"] = looks;
  return out;
}

json sweep_json(const Sweep& s, const json& run) {
  const Target& t = s.target();
  json values = json::array(), sums = json::array(), names = json::array();
  for (const SweepParam& p : s.params) names.push_back(p.name);
  for (size_t p = 0; p < s.points.size(); ++p) {
    const TargetResult r = s.c.target(t, 0, p);
    values.push_back({{"params", point_params(s, p)},
                      {"games", s.c.runs[0].v[p].games},
                      {"failed_games", s.c.runs[0].v[p].failed},
                      {"target", r.has ? json(r.target) : json(nullptr)},
                      {"measure", r.has ? interval_json(r.measure) : json(nullptr)},
                      {"distance", r.has ? interval_json(r.distance) : json(nullptr)},
                      {"dropped_after", s.dropped_after[p] >= 0 ? json(s.dropped_after[p]) : json(nullptr)}});
    sums.push_back(sums_json(s.c.runs[0].v[p]));
  }
  json best = nullptr, same = json::array(), separate = json::array();
  if (const long b = s.best(); b >= 0) {
    const TargetResult r = s.c.target(t, 0, static_cast<size_t>(b));
    best = {{"params", point_params(s, static_cast<size_t>(b))}, {"measure", interval_json(r.measure)},
            {"distance", interval_json(r.distance)}};
    for (size_t p : s.indistinguishable()) {
      same.push_back(point_params(s, p));
      const long long n = s.games_to_separate(p, static_cast<size_t>(b));
      separate.push_back(n < 0 ? json(nullptr) : json(n));
    }
  }
  return {{"spec", s.spec},
          {"agent", s.c.agents[0]},
          {"evaluations", evaluations_json(s.c)},
          {"seed", s.c.seed},
          {"confidence", s.c.confidence},
          {"racing_alpha", s.racing_alpha()},
          {"games_planned", s.planned},
          {"looks", s.looks},
          {"looks_taken", s.looks_taken},
          {"params", names},
          {"target", {{"measure", t.measure}, {"target", t.median ? json("median") : json(t.value)}}},
          {"values", values},
          {"best", best},
          {"indistinguishable", same},
          {"games_to_separate", separate},  // for each indistinguishable value, in its order (null: none would)
          {"edge_warning", s.edge_warning().empty() ? json(nullptr) : json(s.edge_warning())},
          {"run", run},
          {"sums", sums_of(s, sums)}};
}

void print_sweep(const Sweep& s) {
  std::ostream& out = std::cout;
  const Target& t = s.target();
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
                  : "about " + std::to_string(most) + " games a value would tell them all apart from the best, if their measures held")
        << "\n";
  if (const std::string w = s.edge_warning(); !w.empty()) out << "warning: " << w << "\n";
}

int looks_for_sweep(long long games) { return games / 16 >= 25 ? 5 : games / 4 >= 25 ? 3 : 1; }

// Drops the points farther from the target than the best (Sweep::farther).
void race(Sweep& s, long long played) {
  const long b = s.best();
  if (b < 0) return;
  for (size_t p = 0; p < s.points.size(); ++p)
    if (s.dropped_after[p] < 0 && static_cast<long>(p) != b && s.farther(p, static_cast<size_t>(b))) s.dropped_after[p] = played;
}

// Plays this shard's games of every point not dropped, look by look, racing between looks (not
// in a shard: its merge decides).
void play(Sweep& s, RunPlan plan, const std::vector<std::vector<std::shared_ptr<Engine>>>& engines) {
  const long long mine = plan.mine();
  std::atomic<long long> done{0};
  Progress bar(done, mine * static_cast<long long>(s.points.size()));
  long long from = 0;
  plan.p1 = plan.p2 = played_spec(s.c, 0);  // (one agent in every value: align_agents)
  for (int k = s.looks - 1; k >= 0; --k) {
    // The look after the run's first games >> k: this shard's games among them (all, for a whole run).
    const long long run_to = plan.games >> k;
    const long long to = run_to > plan.shard_k ? (run_to - plan.shard_k + plan.shard_n - 1) / plan.shard_n : 0;
    std::vector<size_t> alive;
    for (size_t p = 0; p < s.points.size(); ++p)
      if (s.dropped_after[p] < 0) alive.push_back(p);
    if (s.points.size() > 1 && alive.size() <= 1) break;  // one value remains: it is the answer
    std::vector<std::vector<std::shared_ptr<Engine>>> sub(engines.size());
    for (size_t t = 0; t < engines.size(); ++t)
      for (size_t p : alive) sub[t].push_back(engines[t][p]);
    Totals part = empty_totals(sub[0]);
    if (plan.games_out) {  // (the lines name the values alive now, in play_games' numbering)
      std::vector<std::string> names;
      for (size_t p : alive) names.push_back(s.point_text(p));
      plan.games_out->label(std::move(names), s.c.agents[0], plan.p1);
    }
    play_games(sub, plan, from, to, part, done);
    for (size_t i = 0; i < alive.size(); ++i) s.c.runs[0].v[alive[i]].add(part.v[i]);
    done += (to - from) * static_cast<long long>(s.points.size() - alive.size());  // (the bar counts dropped ones as done)
    from = to;
    ++s.looks_taken;
    if (plan.shard_n > 1) s.look_sums.push_back(s.c.runs[0].v);  // (a shard races nothing: --merge does)
    else if (k > 0) race(s, run_to);
  }
}

// --merge of shards that kept their looks' sums: the values raced look by look on the sums of
// every shard, as the whole run raced them (the same games at each look), each value's sums
// those of the look it was dropped at.
void race_merged(Sweep& s, const std::vector<std::vector<VariantSums>>& looks) {
  const int L = static_cast<int>(looks.size());
  s.looks_taken = 0;
  for (int k = 0; k < L; ++k) {
    std::vector<size_t> alive;
    for (size_t p = 0; p < s.points.size(); ++p)
      if (s.dropped_after[p] < 0) alive.push_back(p);
    if (s.points.size() > 1 && alive.size() <= 1) break;
    for (size_t p : alive) s.c.runs[0].v[p] = looks[static_cast<size_t>(k)][p];
    ++s.looks_taken;
    if (k < L - 1) race(s, s.planned >> (L - 1 - k));
  }
}

// The grid: every combination of the params' values, the first param varying slowest.
void make_points(Sweep& s) {
  s.points = {{}};
  for (const SweepParam& p : s.params) {
    std::vector<std::vector<double>> next;
    for (const auto& point : s.points)
      for (double v : p.values) {
        next.push_back(point);
        next.back().push_back(v);
      }
    s.points = std::move(next);
  }
}

// Loads one engine a point (one set a thread): the spec with the point's values. "" or why not.
std::string load_points(Sweep& s, int threads, std::vector<std::vector<std::shared_ptr<Engine>>>& engines) {
  Common base;
  std::string why;
  if (!parse_variant(s.spec, base, why)) return why;
  engines.assign(static_cast<size_t>(threads), {});
  for (size_t p = 0; p < s.points.size(); ++p) {
    ParamValues values = base.params;
    for (size_t k = 0; k < s.params.size(); ++k) values.emplace_back(s.params[k].name, s.points[p][k]);
    for (auto& per_thread : engines) {
      try {
        per_thread.push_back(load_engine(base.cards, base.rules, data_dir(), values));
      } catch (const LoadError& e) {
        return e.what();
      }
    }
    s.c.names.push_back(s.point_text(p));
  }
  s.c.engines = engines[0];
  s.c.runs.assign(1, empty_totals(s.c.engines));
  s.dropped_after.assign(s.points.size(), -1);
  return "";
}

// Reads the flags every sweep (a run, or a merge's first shard) has. "" or what is wrong.
std::string read_sweep(Sweep& s, const std::vector<std::string>& params, const std::string& target) {
  if (params.empty() || params.size() > 2) return "a sweep takes one or two --param NAME=VALUES";
  for (const std::string& text : params) {
    s.params.emplace_back();
    if (std::string e = parse_sweep_param(text, s.params.back()); !e.empty()) return e;
  }
  if (s.params.size() == 2 && s.params[0].name == s.params[1].name) return "--param " + s.params[0].name + " is given twice";
  if (s.params.size() == 2 && s.params[0].values.size() * s.params[1].values.size() > kMaxSweepValues)
    return "a grid of at most " + std::to_string(kMaxSweepValues) + " points";
  if (target.empty()) return "a sweep needs --target MEASURE=VALUE";
  s.c.targets.emplace_back();
  if (std::string e = parse_target(target, s.c.targets.back()); !e.empty()) return e;
  const std::string& a = s.c.agents[0];
  if (a.empty() || a == "human" || !make_agent(a, 0, 0)) return "agent '" + a + "' cannot play unattended (agents: " + computer_agents() + ")";
  make_points(s);
  return "";
}

int output(const Sweep& s, const json& run, bool as_json, const std::string& report) {
  if (!report.empty()) {
    try {
      write_sweep_report(report, s);
    } catch (const std::exception& e) {
      std::cerr << "als sweep: " << e.what() << "\n";
      return 2;
    }
  }
  if (as_json) std::cout << sweep_json(s, run).dump() << "\n";
  else print_sweep(s);
  int status = 0;
  for (size_t p = 0; p < s.points.size(); ++p)
    if (const VariantSums& v = s.c.runs[0].v[p]; v.failed) {
      std::cerr << "als sweep: " << s.point_text(p) << ": " << v.failed << " games failed and are not counted; the first: game "
                << v.first_failed << " (seed " << v.first_failed_seed << "): " << v.first_error << "\n";
      status = 1;
    }
  return status;
}

int merge(const std::vector<std::string>& files, bool as_json, const std::string& report) {
  Sweep s;
  json run;
  bool racing = true;  // every shard kept its looks' sums
  std::vector<std::vector<VariantSums>> merged;  // their sums, look by look
  int status = read_shards("sweep", files, run, [&](const json& j, bool first) -> std::string {
    const json& r = j["run"];
    if (first) {
      s.spec = r.at("spec").get<std::string>();
      s.c.agents = {r.at("agent").get<std::string>()};
      if (std::string e = check_confidence(r.at("confidence")); !e.empty()) return e;
      s.c.confidence = r["confidence"].get<double>();
      s.c.seed = r.at("seed").get<uint64_t>();
      s.planned = r.at("games").get<long long>();
      if (s.planned < 1 || s.planned > kMaxRunGames) return "its \"games\" is not a number of games from 1 to " + std::to_string(kMaxRunGames);
      if (std::string e = read_sweep(s, r.at("params").get<std::vector<std::string>>(), r.at("target").get<std::string>()); !e.empty())
        return e;
      std::vector<std::vector<std::shared_ptr<Engine>>> engines;
      if (std::string e = load_points(s, 1, engines); !e.empty()) return e;
      align_agents(s.c);
      const json& hashes = r.at("content_hashes");
      if (!hashes.is_array() || hashes.size() != s.points.size()) return "its content hashes do not match its values";
      for (size_t p = 0; p < s.points.size(); ++p)
        if (std::string e = check_content_hash(hashes[p], *s.c.engines[p], s.spec); !e.empty()) return e;
    }
    const json& sums = j["sums"].at("values");
    if (!sums.is_array() || sums.size() != s.points.size()) return "its sums do not have the shape of the others'";
    for (size_t p = 0; p < s.points.size(); ++p) s.c.runs[0].v[p].add(sums_from_json(sums[p], s.c.runs[0].v[p].cards()));
    // Each look's sums (shards since 2026-11-29), to race as the whole run: kept while every shard has them.
    const json* looks = j["sums"].contains("looks") ? &j["sums"]["looks"] : nullptr;
    const size_t want = static_cast<size_t>(looks_for_sweep(s.planned));
    if (!looks || !looks->is_array() || looks->size() != want) return racing = false, "";
    if (first) merged.assign(want, std::vector<VariantSums>(s.points.size(), VariantSums(s.c.runs[0].v[0].cards())));
    for (size_t k = 0; k < want; ++k) {
      const json& at = (*looks)[k];
      if (!at.is_array() || at.size() != s.points.size()) return "its looks' sums do not have the shape of the others'";
      for (size_t p = 0; p < s.points.size(); ++p) merged[k][p].add(sums_from_json(at[p], merged[k][p].cards()));
    }
    return "";
  });
  if (status) return status;
  s.looks = looks_for_sweep(s.planned);
  s.looks_taken = s.looks;
  if (racing) race_merged(s, merged);
  return output(s, run, as_json, report);  s.looks = looks_for_sweep(s.planned);
  s.looks_taken = s.looks;
  return output(s, run, as_json, report);
}

}  // namespace

int cmd_sweep(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als sweep options (finds the value of a param nearest a target)\n"
      "  SPEC is a variant as als compare takes it (SET+RULE..., ?NAME=VALUE for fixed params);\n"
      "  every value plays the same seeds, and a value clearly farther from the target than the\n"
      "  best stops playing (racing).\n"
      "  examples: als sweep docs/examples/tuning --param medic_strength=0..8 \\\n"
      "              --target cards.field_medic.faceup_win_rate=median\n"
      "            als sweep docs/examples/tuning+docs/examples/tuning/rules/momentum.lua \\\n"
      "              --param momentum_vp=0,1,2,4 --param medic_strength=2..6 --target decisiveness=0.7");
  std::vector<std::string> params, merge_files, spec;
  std::string target, shard, report, games_out;
  RunPlan plan;
  Sweep s;
  s.c.agents = {"greedy"};
  const int cores = static_cast<int>(std::max(1u, std::min(8u, std::thread::hardware_concurrency())));
  desc.add_options()("help,h", "show this help")(
      "param", po::value<std::vector<std::string>>(&params)->composing(),
      "NAME=VALUES: a param and its values, a list (0,1,2,5) or a range (0..7); once or twice (a grid)")(
      "target", po::value<std::string>(&target), "MEASURE=VALUE: what to come near (as als compare's --target)")(
      "agent", po::value<std::string>(&s.c.agents[0])->default_value("greedy"), ("the agent of both seats: " + agent_help()).c_str())(
      "games", po::value<long long>(&plan.games)->default_value(4000), "most games a value (racing may stop a value earlier)")(
      "seed", po::value<std::string>(), "seed of the run (0 to 2^64-1); random if absent")(
      "threads", po::value<int>(&plan.threads)->default_value(cores), "worker threads (the results do not depend on them)")(
      "confidence", po::value<double>(&s.c.confidence)->default_value(0.95, "0.95"),
      "confidence of the intervals and of dropping a value (0.5 to 0.9999)")(
      "json", "print one JSON document")("report", po::value<std::string>(&report), "FILE.html: write the report")(
      "games-out", po::value<std::string>(&games_out), "FILE: one JSON line a game (seed, value, agent, winner, score, measures)")(
      "shard", po::value<std::string>(&shard), "K/N: play only games K, K+N, ... of every value (no racing)")(
      "merge", po::value<std::vector<std::string>>(&merge_files)->multitoken(), "FILE...: add up the --json results of a run's shards")(
      "spec", po::value<std::vector<std::string>>(&spec), "SPEC (the word without --)");
  po::positional_options_description pos;
  pos.add("spec", -1);
  if (!parse(argc, argv, "sweep SPEC --param NAME=VALUES --target MEASURE=VALUE", desc, vm, &pos)) return 0;
  auto usage = [](const std::string& why) {
    std::cerr << "als sweep: " << why << "\n";
    return 2;
  };
  if (!(s.c.confidence >= 0.5 && s.c.confidence <= 0.9999)) return usage("--confidence must be between 0.5 and 0.9999");
  if (!merge_files.empty()) return merge(merge_files, vm.count("json") > 0, report);
  if (spec.size() != 1) return usage("name one SPEC, e.g. als sweep docs/examples/tuning --param medic_strength=0..8 --target ...");
  if (plan.games < 1 || plan.games > kMaxRunGames || plan.threads < 1 || plan.threads > 256)
    return usage("--games must be from 1 to " + std::to_string(kMaxRunGames) + " and --threads between 1 and 256");
  if (!shard.empty() && !parse_shard(shard, plan)) return usage("--shard takes K/N with 1 <= K <= N <= " + std::to_string(kMaxShards));
  s.spec = spec[0];
  if (std::string e = read_sweep(s, params, target); !e.empty()) return usage(e);
  plan.base = s.c.seed = seed_or_random(vm);
  s.planned = plan.games;
  std::vector<std::vector<std::shared_ptr<Engine>>> engines;
  if (std::string e = load_points(s, plan.threads, engines); !e.empty()) return usage(e);
  if (std::string e = check_target_cards(s.c); !e.empty()) return usage(e);
  align_agents(s.c);
  s.looks = looks_for_sweep(plan.games);
  GamesOut out;
  if (std::string why; !games_out.empty() && !out.open(games_out, why)) return usage(why);
  if (!games_out.empty()) plan.games_out = &out;
  play(s, plan, engines);
  if (std::string why; !out.close(why)) return usage(why);
  json hashes = json::array();
  for (const auto& e : s.c.engines) hashes.push_back(e->content_hash());
  const json run = {{"spec", s.spec},           {"params", params},     {"target", target},
                    {"agent", s.c.agents[0]},   {"seed", s.c.seed},     {"games", s.planned},
                    {"confidence", s.c.confidence}, {"content_hashes", hashes}, {"shard", {plan.shard_k + 1, plan.shard_n}}};
  return output(s, run, vm.count("json") > 0, report);
}

}  // namespace als::cli
