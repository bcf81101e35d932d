// als sweep: finds the value of a param nearest a target (docs/variants.md, "Finding a value").
// Every value plays the same seeds; values are raced: once a value's distance to the target is
// worse than the best's with the requested confidence, it stops playing. Shards and --merge as
// for als compare; the report is sweep_report.cpp's.
#include "sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "agents.h"
#include "jsonl.h"

namespace als::lab {

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
  return b < 0 ? "" : edge_warning(static_cast<size_t>(b), "the best");
}

std::string Sweep::edge_warning(size_t p, const std::string& role) const {
  for (size_t k = 0; k < params.size(); ++k) {
    const std::vector<double>& values = params[k].values;
    if (values.size() < 3) continue;
    const double v = points[p][k];
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    if (v == *lo || v == *hi)
      return role + ", " + point_text(p) + ", is at an edge of the range (" + params[k].name + "'s " +
             (v == *lo ? "smallest" : "largest") + " value tried): a value beyond it may be nearer the target; widen the range";
  }
  return "";
}

long Sweep::recommended() const {
  const long b = best();
  if (b < 0) return -1;
  std::vector<size_t> candidates = indistinguishable();
  candidates.insert(candidates.begin(), static_cast<size_t>(b));
  long pick = -1;
  stats::Interval at;
  for (size_t p : candidates) {
    const stats::Interval d = c.target(target(), 0, p).distance;
    if (pick < 0 || d.high < at.high || (d.high == at.high && (d.value < at.value || (d.value == at.value && static_cast<long>(p) < pick))))
      pick = static_cast<long>(p), at = d;
  }
  return pick;
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

std::string value_text(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

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

// The recommended point (Sweep::recommended), with its measure, distance and any edge warning.
json recommended_json(const Sweep& s) {
  const long p = s.recommended();
  if (p < 0) return nullptr;
  const TargetResult r = s.c.target(s.target(), 0, static_cast<size_t>(p));
  const std::string w = s.edge_warning(static_cast<size_t>(p), "the recommended value");
  return {{"params", point_params(s, static_cast<size_t>(p))}, {"measure", interval_json(r.measure)},
          {"distance", interval_json(r.distance)}, {"edge_warning", w.empty() ? json(nullptr) : json(w)}};
}

}  // namespace

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
          {"recommended", recommended_json(s)},
          {"run", run},
          {"sums", sums_of(s, sums)}};
}

namespace {

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
void play(Sweep& s, RunPlan plan, const std::vector<std::vector<std::shared_ptr<Engine>>>& engines, Watch* watch) {
  const long long mine = plan.mine();
  std::atomic<long long> done{0};
  Watching watching(watch, done, mine * static_cast<long long>(s.points.size()));
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
std::string load_points(Sweep& s, const std::string& data_dir, int threads, std::vector<std::vector<std::shared_ptr<Engine>>>& engines) {
  VariantSpec base;
  std::string why;
  if (!parse_variant(s.spec, base, why)) return why;
  engines.assign(static_cast<size_t>(threads), {});
  for (size_t p = 0; p < s.points.size(); ++p) {
    ParamValues values = base.params;
    for (size_t k = 0; k < s.params.size(); ++k) values.emplace_back(s.params[k].name, s.points[p][k]);
    for (auto& per_thread : engines) {
      try {
        per_thread.push_back(load_engine(base.cards, base.rules, data_dir, values));
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
  if (std::string why = unattended_why(a); !why.empty()) return why;
  make_points(s);
  return "";
}

}  // namespace

SweepRun merge_sweep(const std::vector<std::string>& files, const std::string& data_dir) {
  SweepRun out;
  Sweep& s = out.s;
  json& run = out.run;
  bool racing = true;  // every shard kept its looks' sums
  std::vector<std::vector<VariantSums>> merged;  // their sums, look by look
  read_shards("sweep", files, run, [&](const json& j, bool first) -> std::string {
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
      if (std::string e = load_points(s, data_dir, 1, engines); !e.empty()) return e;
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
  s.looks = looks_for_sweep(s.planned);
  s.looks_taken = s.looks;
  if (racing) race_merged(s, merged);
  return out;
}

SweepRun sweep(const SweepRequest& r, Watch* watch) {
  if (!(r.confidence >= 0.5 && r.confidence <= 0.9999)) throw Refused("--confidence must be between 0.5 and 0.9999");
  if (!r.merge.empty()) return merge_sweep(r.merge, r.data_dir);
  if (r.spec.empty()) throw Refused("name one SPEC, e.g. als sweep docs/examples/tuning --param medic_strength=0..8 --target ...");
  RunPlan plan = plan_of(r.games, 1, r.threads, r.shard);
  SweepRun out;
  Sweep& s = out.s;
  s.c.agents = {r.agent};
  s.c.confidence = r.confidence;
  s.spec = r.spec;
  if (std::string e = read_sweep(s, r.params, r.target); !e.empty()) throw Refused(e);
  plan.base = s.c.seed = r.seed;
  s.planned = plan.games;
  std::vector<std::vector<std::shared_ptr<Engine>>> engines;
  if (std::string e = load_points(s, r.data_dir, plan.threads, engines); !e.empty()) throw Refused(e);
  if (std::string e = check_target_cards(s.c); !e.empty()) throw Refused(e);
  align_agents(s.c);
  s.looks = looks_for_sweep(plan.games);
  GamesOut games_out;
  if (std::string why; !r.games_out.empty() && !games_out.open(r.games_out, why)) throw Refused(why);
  if (!r.games_out.empty()) plan.games_out = &games_out;
  play(s, plan, engines, watch);
  if (std::string why; !games_out.close(why)) throw Refused(why);
  json hashes = json::array();
  for (const auto& e : s.c.engines) hashes.push_back(e->content_hash());
  out.run = {{"spec", s.spec},           {"params", r.params},   {"target", r.target},
             {"agent", s.c.agents[0]},   {"seed", s.c.seed},     {"games", s.planned},
             {"confidence", s.c.confidence}, {"content_hashes", hashes}, {"shard", {plan.shard_k + 1, plan.shard_n}}};
  return out;
}

std::vector<std::string> failures(const Sweep& s) {
  std::vector<std::string> lines;
  for (size_t p = 0; p < s.points.size(); ++p)
    if (const VariantSums& v = s.c.runs[0].v[p]; v.failed)
      lines.push_back(s.point_text(p) + ": " + std::to_string(v.failed) + " games failed and are not counted; the first: game " +
                      std::to_string(v.first_failed) + " (seed " + std::to_string(v.first_failed_seed) + "): " + v.first_error);
  return lines;
}

}  // namespace als::lab
