// als compare in the lab (compare.h): plays variants on the same seeds and finds what changed,
// with confidence (docs/variants.md); shards and --merge; the document --json prints.
#include "compare.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <nlohmann/json.hpp>

#include "agents.h"
#include "jsonl.h"
#include "match.h"
#include "seeds.h"

namespace als::lab {

using nlohmann::json;

namespace {

json null_or(bool has, const stats::Interval& i) { return has ? interval_json(i) : json(nullptr); }

json targets_json(const Comparison& c, size_t a, size_t v) {
  json out = json::array();
  for (const Target& t : c.targets) {
    const TargetResult r = c.target(t, a, v);
    json one = {{"measure", t.measure}, {"target", r.has || !t.median ? json(r.has ? r.target : t.value) : json(nullptr)},
                {"value", null_or(r.has, r.measure)}, {"distance", null_or(r.has, r.distance)}};
    if (t.median) one["median"] = true;
    out.push_back(one);
  }
  return out;
}

json variants_json(const Comparison& c) {
  json variants = json::array();
  for (size_t a = 0; a < c.runs.size(); ++a)
    for (size_t v = 0; v < c.engines.size(); ++v) {
      const VariantSums& s = c.runs[a].v[v];
      json one = {{"name", c.names[v]},  {"spec", c.specs[v]}, {"agent", c.agents[a]}, {"games", s.games},
                  {"battles", s.m[kBattlesPerGame].y}, {"failed_games", s.failed}};
      if (!c.engines[v]->rules().params.empty()) one["params"] = params_json(c.engines[v]->rules().params);
      one.update(variant_json(*c.engines[v], s, c.confidence));
      if (!c.targets.empty()) one["targets"] = targets_json(c, a, v);
      if (c.has_skill())
        one["skill"] = {{"weak", c.weak}, {"strong", c.strong}, {"games", c.skill.v[v].n},
                        {"gap", null_or(c.skill.v[v].n > 0, c.skill_gap(v))}};
      variants.push_back(one);
    }
  return variants;
}

json differences_json(const Comparison& c) {
  json diffs = json::array();
  for (const DiffRow& r : c.diffs) {
    auto num = [&](double x) { return r.no_data ? json(nullptr) : json(x); };
    json d = {{"variant", c.names[r.variant]}, {"baseline", c.names[0]},   {"measure", r.name()},
              {"agent", r.skill ? c.strong : c.agents[r.agent]},
              {"delta", num(r.d.delta)},       {"low", num(r.d.low)},       {"high", num(r.d.high)},
              {"significant", r.significant},  {"p", num(r.d.p)},           {"p_adjusted", num(r.p_adjusted)},
              {"negligible", r.negligible},    {"no_data", r.no_data}};
    if (!r.card.empty()) d["card"] = r.card;
    if (r.skill) d["weak"] = c.weak, d["strong"] = c.strong;
    diffs.push_back(d);
  }
  return diffs;
}

json ranking_json(const Comparison& c) {
  json out = json::array();
  for (const Target& t : c.targets)
    for (size_t a = 0; a < c.runs.size(); ++a) {
      json order = json::array(), untie = json::array();
      for (const auto& tie : c.ranking(t, a)) {
        json names = json::array();
        for (size_t v : tie) names.push_back(c.names[v]);
        order.push_back(names);
        const long long n = c.games_to_untie(t, a, tie);
        untie.push_back(n < 0 ? json(nullptr) : json(n));
      }
      out.push_back({{"measure", t.measure}, {"target", t.median ? json("median") : json(t.value)},
                     {"agent", c.agents[a]}, {"order", order},
                     {"games_to_untie", untie}});  // for each group of `order` (0: one variant; null: cannot be estimated)
    }
  return out;
}

json agreement_json(const Comparison& c) {
  json out = json::array();
  for (const Agreement& g : agreement(c)) {
    json dir = json::object(), sig = json::object();
    for (size_t a = 0; a < c.agents.size(); ++a) dir[c.agents[a]] = g.sign[a], sig[c.agents[a]] = g.significant[a] != 0;
    json one = {{"measure", g.name()}, {"variant", c.names[g.variant]}, {"agree", g.agree}, {"verdict", g.verdict},
                {"directions", dir}, {"significant", sig}};
    if (!g.card.empty()) one["card"] = g.card;
    out.push_back(one);
  }
  return out;
}

json skill_sums_json(const SkillTotals& s) {
  json v = json::array(), p = json::array();
  for (const auto& x : s.v) v.push_back(ratio_sums_json(x));
  for (const auto& x : s.pairs) p.push_back(pair_sums_json(x));
  return {{"variants", v}, {"pairs", p}, {"failed", s.failed}};
}

json totals_json(const Totals& t) {
  json sums = json::array(), pairs = json::array();
  for (const VariantSums& s : t.v) sums.push_back(sums_json(s));
  for (const PairTotals& p : t.pairs) pairs.push_back(pair_json(p));
  return {{"variants", sums}, {"pairs", pairs}};
}

}  // namespace

json comparison_json(const Comparison& c, const json& run) {
  // The sums for --merge: the first agent's as round 1 wrote them, every agent's under "agents".
  json sums = totals_json(c.runs[0]);
  if (c.runs.size() > 1) {
    sums["agents"] = json::array();
    for (const Totals& t : c.runs) sums["agents"].push_back(totals_json(t));
  }
  if (c.has_skill()) sums["skill"] = skill_sums_json(c.skill);
  json out = {{"confidence", c.confidence},
              {"agent", c.agents[0]},
              {"agents", c.agents},
              {"evaluations", evaluations_json(c)},
              {"seed", c.seed},
              {"correction", c.correction == "bh" ? "benjamini-hochberg" : "holm"},
              {"games_planned", c.planned},
              {"looks", c.looks},
              {"looks_taken", c.looks_taken},
              {"stopped_early", c.stopped_early},
              {"variants", variants_json(c)},
              {"differences", differences_json(c)},
              {"run", run},
              {"sums", sums}};
  if (!c.targets.empty()) out["ranking"] = ranking_json(c);
  if (c.runs.size() > 1) out["agreement"] = agreement_json(c);
  if (c.has_skill()) out["skill"] = {{"weak", c.weak}, {"strong", c.strong}};
  return out;
}

namespace {

// Plays the skill games [from, to) of this shard's games: on game i's seed, the strong agent in
// seat 1 when i is even and seat 2 when odd, the weak one in the other; adds to `into`.
void play_skill_games(const std::vector<std::vector<std::shared_ptr<Engine>>>& engines, const RunPlan& plan,
                      const std::string& weak, const std::string& strong, long long from, long long to,
                      SkillTotals& into, std::atomic<long long>& done) {
  const size_t variants = engines[0].size();
  Match::Options o;
  o.answer_during_runs = true;
  o.texts = false;
  o.keep_battle_ends = false;
  o.kept_types = 0;
  std::vector<std::vector<std::optional<Match>>> matches(engines.size());
  for (auto& m : matches) m.resize(variants);
  std::vector<SkillTotals> local(engines.size(), SkillTotals(variants));
  for_each_index(engines.size(), from, to, [&](size_t t, long long j) {
    const long long i = plan.shard_k + j * plan.shard_n;
    const uint64_t seed = game_seed(plan.base, i);
    const int seat = static_cast<int>(i % 2);  // the strong agent's
    std::vector<int> won(variants, -1);        // 1 strong won, 0 weak, -1 failed
    for (size_t v = 0; v < variants; ++v) {
      try {
        auto s = make_agent(strong, seed, seat), w = make_agent(weak, seed, 1 - seat);
        auto& m = matches[t][v];
        if (!m) m.emplace(*engines[t][v], seed, nullptr, nullptr, o);
        m->reset(seed, seat == 0 ? s.get() : w.get(), seat == 0 ? w.get() : s.get());
        m->run();
        if (!m->over()) throw ScriptError(m->abandoned());
        won[v] = m->engine().result(m->state()).winner == seat;
        local[t].v[v].add(won[v], 1);
      } catch (const ScriptError&) {
        ++local[t].failed[v];
      }
      ++done;
    }
    for (size_t v = 1; v < variants; ++v)
      if (won[0] >= 0 && won[v] >= 0) local[t].pairs[v - 1].add(won[0], 1, won[v], 1);
  });
  for (const SkillTotals& l : local) into.add(l);
}

// Loads each variant's engine (one set of engines a thread), its name and spec into `c`. Throws
// Refused for a spec that does not read or a name given twice, LoadError for a set that does not load.
void load_variants(const std::vector<std::string>& typed, const std::string& data_dir, int threads, Comparison& c,
                   std::vector<std::vector<std::shared_ptr<Engine>>>& engines) {
  engines.assign(static_cast<size_t>(threads), {});
  for (const std::string& text : typed) {
    VariantSpec v;
    std::string label, spec, why;
    if (!split_label(text, label, spec, why) || !parse_variant(spec, v, why)) throw Refused(why);
    v.param_flags = c.param_flags;
    const std::string name = label.empty() ? spec : label;
    if (std::find(c.names.begin(), c.names.end(), name) != c.names.end() && !label.empty())
      throw Refused("two variants are named " + name);
    c.names.push_back(name), c.specs.push_back(spec), c.typed.push_back(text);
    for (auto& per_thread : engines) per_thread.push_back(load_variant(v, data_dir));
  }
  c.engines = engines[0];
}

/// The looks planned for a run of `games` games: four (at 1/8, 1/4, 1/2 and all of them) when
/// the first has at least 50 games, else one at the end. A function of --games alone, so that
/// shards and their merge test at the same level as one run.
int looks_for(long long games) { return games / 8 >= 50 ? 4 : 1; }

// "" or what is wrong with the agents, skill and targets of a run (its flags, or a shard's header).
std::string check_study(const Comparison& c) {
  for (size_t k = 0; k < c.agents.size(); ++k)
    if (std::string why = unattended_why(given_spec(c, k)); !why.empty()) return why;
  for (size_t a = 0; a < c.agents.size(); ++a)
    for (size_t b = 0; b < a; ++b)
      if (c.agents[a] == c.agents[b]) return "--agents names " + c.agents[a] + " twice";
  for (const std::string* a : {&c.weak, &c.strong})
    if (c.has_skill() && (a->empty() || *a == "human" || !make_agent(*a, 0, 0)))
      return "--skill takes WEAK,STRONG, two agents that play unattended (agents: " + computer_agents() + ")";
  return "";
}

// The agents as given (NAME=SPEC or SPEC each): their names, specs and the typed list.
void set_agents(Comparison& c, const std::vector<std::string>& typed) {
  c.agents_typed = typed;
  c.agents.clear(), c.agent_specs.clear();
  for (const std::string& t : typed) {
    std::string label, spec;
    split_agent_label(t, label, spec);
    c.agents.push_back(label.empty() ? spec : label), c.agent_specs.push_back(spec);
  }
}

// Reads the study's flags or header: agents (one at least), skill "WEAK,STRONG", targets.
std::string read_study(Comparison& c, const std::string& skill, const std::vector<std::string>& targets) {
  if (!skill.empty()) {
    const std::vector<std::string> two = split_agents(skill);
    if (two.size() != 2) return "--skill takes WEAK,STRONG (two agents), not '" + skill + "'";
    c.weak = two[0], c.strong = two[1];
  }
  for (const std::string& t : targets) {
    c.targets.emplace_back();
    if (std::string e = parse_target(t, c.targets.back()); !e.empty()) return e;
  }
  return check_study(c);
}

// Sets up the run's sums (after the engines are loaded).
void start_sums(Comparison& c) {
  c.runs.assign(c.agents.size(), empty_totals(c.engines));
  c.skill = SkillTotals(c.has_skill() ? c.engines.size() : 0);
}

// The run's header (a shard's "run": what --merge checks and reads back).
json run_header(const Comparison& c, const RunPlan& plan) {
  json hashes = json::array(), targets = json::array();
  for (const auto& e : c.engines) hashes.push_back(e->content_hash());
  for (const Target& t : c.targets) targets.push_back(t.text);
  json run = {{"variants", c.typed},        {"agent", c.agents_typed[0]}, {"agents", c.agents_typed},
              {"seed", c.seed},             {"games", c.planned},         {"confidence", c.confidence},
              {"correction", c.correction}, {"content_hashes", hashes},   {"shard", {plan.shard_k + 1, plan.shard_n}}};
  if (!c.targets.empty()) run["targets"] = targets;
  if (c.has_skill()) run["skill"] = c.weak + "," + c.strong;
  if (!c.param_flags.empty()) run["params"] = c.param_flags;
  return run;
}

// Reads the first shard's header into `c`: its variants loaded and checked against their content
// hashes, agents, skill, targets, seed and games. "" or what is wrong.
std::string merge_header(const json& r, const std::string& data_dir, Comparison& c) {
  const std::vector<std::string> typed = r.at("variants").get<std::vector<std::string>>();
  if (typed.empty()) return "no variants";
  if (std::string e = check_confidence(r.at("confidence")); !e.empty()) return e;
  const json& hashes = r.at("content_hashes");
  if (!hashes.is_array() || hashes.size() != typed.size()) return "its content hashes do not match its variants";
  if (r.contains("params")) c.param_flags = r["params"].get<std::vector<std::string>>();
  for (const std::string& text : typed) {
    VariantSpec v;
    std::string label, spec, why;
    if (!split_label(text, label, spec, why) || !parse_variant(spec, v, why)) return why;
    c.names.push_back(label.empty() ? spec : label), c.specs.push_back(spec), c.typed.push_back(text);
    v.param_flags = c.param_flags;
    ParamValues params;
    if (!param_values(v, params, why)) return why;
    c.engines.push_back(load_engine(v.cards, v.rules, data_dir, params));  // LoadError: reported
    if (std::string e = check_content_hash(hashes[c.engines.size() - 1], *c.engines.back(), c.names.back()); !e.empty()) return e;
  }
  set_agents(c, r.contains("agents") ? r["agents"].get<std::vector<std::string>>() : std::vector<std::string>{r.at("agent").get<std::string>()});
  if (c.agents.empty() || c.agents.size() > 64) return "its agents are not 1 to 64 agents";
  const std::vector<std::string> targets = r.contains("targets") ? r["targets"].get<std::vector<std::string>>() : std::vector<std::string>{};
  if (std::string e = read_study(c, r.contains("skill") ? r["skill"].get<std::string>() : "", targets); !e.empty()) return e;
  align_agents(c);
  start_sums(c);
  c.seed = r.at("seed").get<uint64_t>();
  c.planned = r.at("games").get<long long>();
  if (c.planned < 1 || c.planned > kMaxRunGames) return "its \"games\" is not a number of games from 1 to " + std::to_string(kMaxRunGames);
  c.confidence = r.at("confidence").get<double>();
  c.correction = r.at("correction").get<std::string>();
  if (c.correction != "holm" && c.correction != "bh") return "its correction is not \"holm\" or \"bh\"";
  return "";
}

// Adds one shard's sums to `c` (shaped as the first's). "" or what is wrong.
std::string merge_sums(const json& sums, Comparison& c) {
  const size_t nv = c.names.size();
  auto totals = [&](const json& one, const Totals& shape) {
    const json& sv = one.at("variants");
    const json& sp = one.at("pairs");
    if (!sv.is_array() || sv.size() != nv || !sp.is_array() || sp.size() + 1 != nv)
      throw json::type_error::create(302, "sums of another shape", &one);
    Totals t;
    for (size_t v = 0; v < nv; ++v) t.v.push_back(sums_from_json(sv[v], shape.v[v].cards()));
    for (size_t v = 1; v < nv; ++v) t.pairs.push_back(pair_from_json(sp[v - 1], shape.pairs[v - 1].cards));
    return t;
  };
  std::vector<Totals> runs;
  if (c.agents.size() == 1) runs.push_back(totals(sums, c.runs[0]));
  else {
    const json& all = sums.at("agents");
    if (!all.is_array() || all.size() != c.agents.size()) return "its sums do not have the shape of the others'";
    for (size_t a = 0; a < all.size(); ++a) runs.push_back(totals(all[a], c.runs[a]));
  }
  SkillTotals skill(c.skill.v.size());
  if (c.has_skill()) {
    const json& s = sums.at("skill");
    const json &v = s.at("variants"), &p = s.at("pairs"), &f = s.at("failed");
    if (!v.is_array() || v.size() != nv || !p.is_array() || p.size() + 1 != nv || !f.is_array() || f.size() != nv)
      return "its skill sums do not have the shape of the others'";
    for (size_t i = 0; i < nv; ++i) {
      skill.v[i] = ratio_sums_from(v[i]);
      skill.failed[i] = f[i].get<long long>();
      if (skill.failed[i] < 0 || skill.v[i].y < 0 || skill.v[i].y > skill.v[i].n) return "its skill sums are not counts of games";
    }
    for (size_t i = 0; i + 1 < nv; ++i) skill.pairs[i] = pair_sums_from(p[i]);
  }
  for (size_t a = 0; a < runs.size(); ++a) c.runs[a].add(runs[a]);
  c.skill.add(skill);
  return "";
}

// Plays this shard's games under every agent (and the skill games), looking at the differences
// at 1/8, 1/4, 1/2 and all of them (or once at the end); stops early once every one is decided.
void play(Comparison& c, RunPlan plan, const std::vector<std::vector<std::shared_ptr<Engine>>>& engines, Watch* watch) {
  const long long mine = plan.mine();
  std::vector<long long> at;
  for (int k = c.looks - 1; k >= 0; --k) at.push_back(mine >> k);
  std::atomic<long long> done{0};
  const long long per_game = static_cast<long long>(c.names.size() * (c.agents.size() + (c.has_skill() ? 1 : 0)));
  Watching watching(watch, done, mine * per_game);
  long long from = 0;
  for (long long to : at) {
    for (size_t a = 0; a < c.agents.size(); ++a) {
      plan.p1 = plan.p2 = played_spec(c, a);  // (one agent in every variant: align_agents)
      if (plan.games_out) plan.games_out->label(c.names, c.agents[a], plan.p1);
      play_games(engines, plan, from, to, c.runs[a], done);
    }
    if (c.has_skill())
      play_skill_games(engines, plan, played_spec(c, c.agents.size()), played_spec(c, c.agents.size() + 1), from, to,
                       c.skill, done);
    from = to;
    ++c.looks_taken;
    compute_differences(c);
    if (plan.shard_n == 1 && c.looks_taken < c.looks && c.names.size() > 1 && all_decided(c)) {
      c.stopped_early = true;
      break;
    }
  }
}

}  // namespace

CompareRun compare(const CompareRequest& r, Watch* watch) {
  if (r.correction != "holm" && r.correction != "bh") throw Refused("--correction takes holm or bh, not '" + r.correction + "'");
  if (!(r.confidence >= 0.5 && r.confidence <= 0.9999)) throw Refused("--confidence must be between 0.5 and 0.9999");
  if (!r.merge.empty()) return merge_compare(r.merge, r.data_dir);
  if (r.variants.empty()) throw Refused("name the variants (the baseline first), e.g. als compare standard standard+beginner");
  RunPlan plan = plan_of(r.games, 1, r.threads, r.shard);
  CompareRun out;
  Comparison& c = out.c;
  c.confidence = r.confidence, c.correction = r.correction, c.param_flags = r.param_flags;
  set_agents(c, r.agents);
  if (c.agents.empty() || c.agents.size() > 64) throw Refused("name 1 to 64 agents");
  if (std::string e = read_study(c, r.skill, r.targets); !e.empty()) throw Refused(e);
  plan.base = c.seed = r.seed;
  c.planned = plan.games;
  std::vector<std::vector<std::shared_ptr<Engine>>> engines;
  load_variants(r.variants, r.data_dir, plan.threads, c, engines);
  if (std::string e = check_target_cards(c); !e.empty()) throw Refused(e);
  align_agents(c);
  start_sums(c);
  c.looks = looks_for(plan.games);
  GamesOut games_out;
  if (std::string why; !r.games_out.empty() && !games_out.open(r.games_out, why)) throw Refused(why);
  if (!r.games_out.empty()) plan.games_out = &games_out;
  play(c, plan, engines, watch);
  if (std::string why; !games_out.close(why)) throw Refused(why);
  out.run = run_header(c, plan);
  return out;
}

CompareRun merge_compare(const std::vector<std::string>& files, const std::string& data_dir) {
  CompareRun out;
  Comparison& c = out.c;
  read_shards("compare", files, out.run, [&](const json& j, bool first) -> std::string {
    if (first)
      if (std::string e = merge_header(j["run"], data_dir, c); !e.empty()) return e;
    return merge_sums(j["sums"], c);
  });
  c.looks = looks_for(c.planned);
  c.looks_taken = c.looks;
  compute_differences(c);
  return out;
}

std::vector<std::string> failures(const Comparison& c) {
  std::vector<std::string> lines;
  auto say = [&](size_t v, const std::string& under, long long failed, long long games, const VariantSums* s) {
    if (!failed) return;
    std::string line = c.names[v] + under + ": " + std::to_string(failed) + " game" + (failed == 1 ? "" : "s") +
                       " failed and are not counted";
    if (!games) line += " (every game: nothing about this variant is decided)";
    if (s)
      line += "; the first: game " + std::to_string(s->first_failed) + " (seed " + std::to_string(s->first_failed_seed) +
              "): " + s->first_error;
    lines.push_back(line);
  };
  for (size_t a = 0; a < c.runs.size(); ++a)
    for (size_t v = 0; v < c.names.size(); ++v) {
      const VariantSums& s = c.runs[a].v[v];
      say(v, c.runs.size() > 1 ? " under " + c.agents[a] : "", s.failed, s.games, &s);
    }
  if (c.has_skill())
    for (size_t v = 0; v < c.names.size(); ++v) say(v, " (skill games)", c.skill.failed[v], c.skill.v[v].n, nullptr);
  return lines;
}

}  // namespace als::lab
