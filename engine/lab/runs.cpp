// Many games between computer agents (runs.h): what `als simulate`, `als compare` and `als
// sweep` share.
#include "runs.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include "agents.h"
#include "files.h"
#include "jsonl.h"
#include "loader.h"
#include "match.h"
#include "names.h"
#include "seeds.h"

namespace als::lab {

using nlohmann::json;

bool parse_shard(const std::string& text, RunPlan& plan) {
  char slash = 0;
  long long k = 0, n = 0;
  std::istringstream in(text);
  if (!(in >> k >> slash >> n) || slash != '/' || n < 1 || n > kMaxShards || k < 1 || k > n || !in.eof()) return false;
  plan.shard_k = k - 1, plan.shard_n = n;
  return true;
}

std::string parse_seed(const std::string& text, uint64_t& out) {
  uint64_t seed = 0;
  bool ok = !text.empty() && text.size() <= 20;
  for (char ch : text) {
    if (!ok) break;
    const unsigned d = static_cast<unsigned>(ch - '0');
    ok = d <= 9 && seed <= (UINT64_MAX - d) / 10;
    seed = seed * 10 + d;
  }
  if (!ok) return "--seed takes a whole number from 0 to 18446744073709551615, not '" + text + "'";
  out = seed;
  return "";
}

uint64_t random_seed() {
  std::random_device rd;
  return (static_cast<uint64_t>(rd()) << 32) ^ rd();
}

int default_threads() { return static_cast<int>(std::max(1u, std::min(8u, std::thread::hardware_concurrency()))); }

RunPlan plan_of(long long games, long long least, int threads, const std::string& shard) {
  RunPlan plan;
  plan.games = games, plan.threads = threads;
  if (games < least || games > kMaxRunGames || threads < 1 || threads > 256)
    throw Refused("--games must be from " + std::to_string(least) + " to " + std::to_string(kMaxRunGames) +
                  " and --threads between 1 and 256");
  if (!shard.empty() && !parse_shard(shard, plan))
    throw Refused("--shard takes K/N with 1 <= K <= N <= " + std::to_string(kMaxShards));
  return plan;
}

void Totals::add(const Totals& o) {
  for (size_t i = 0; i < v.size(); ++i) v[i].add(o.v[i]);
  for (size_t i = 0; i < pairs.size(); ++i) pairs[i].add(o.pairs[i]);
}

std::vector<std::pair<size_t, size_t>> common_cards(const Engine& a, const Engine& b) {
  std::vector<std::pair<size_t, size_t>> out;
  const auto& ca = a.set().cards;
  const auto& cb = b.set().cards;
  for (size_t i = 0; i < ca.size(); ++i)
    for (size_t j = 0; j < cb.size(); ++j)
      if (ca[i].id == cb[j].id) out.emplace_back(i, j);
  return out;
}

Totals empty_totals(const std::vector<std::shared_ptr<Engine>>& engines) {
  Totals t;
  for (const auto& e : engines) t.v.emplace_back(e->set().cards.size());
  for (size_t i = 1; i < engines.size(); ++i) t.pairs.emplace_back(common_cards(*engines[0], *engines[i]));
  return t;
}

void for_each_index(size_t threads, long long from, long long to, const std::function<void(size_t, long long)>& work) {
  std::atomic<long long> next{from};
  auto worker = [&](size_t t) {
    for (long long k; (k = next.fetch_add(1)) < to;) work(t, k);
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& th : pool) th.join();
}

std::string unattended_why(const std::string& spec) {
  if (std::string why = agent_spec_refusal(spec); !why.empty()) return why;
  if (spec != "human" && make_agent(spec, 0, 0)) return "";
  return "agent '" + spec + "' cannot play unattended (agents: " + computer_agents() + ")";
}

void check_outputs(const std::vector<std::pair<std::string, std::string>>& outputs, const std::vector<std::string>& inputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    const auto& [flag, file] = outputs[i];
    if (file.empty()) continue;
    if (std::string why = files::path_refusal(file); !why.empty()) throw Refused(flag + " " + why);
    const std::string shown = "'" + files::shown_path(file) + "'";
    for (size_t j = 0; j < i; ++j)
      if (!outputs[j].second.empty() && files::same_file(outputs[j].second, file))
        throw Refused(outputs[j].first + " and " + flag + " name the same file " + shown + ": give each its own");
    for (const std::string& in : inputs)
      if (files::same_file(in, file)) throw Refused(flag + " names " + shown + ", a file --merge reads: give it another");
  }
}

void play_games(const std::vector<std::vector<std::shared_ptr<Engine>>>& engines, const RunPlan& plan,
                long long from, long long to, Totals& into, std::atomic<long long>& done) {
  const size_t variants = engines[0].size();
  Match::Options o;
  o.answer_during_runs = true;  // agents answer what they may inside the abilities' runs (answers_inside)
  o.texts = false;
  o.keep_battle_ends = false;  // the counters read these events only
  o.kept_types = GameCounter::kEventTypes;
  // Each thread's sums, and its matches and counters (one a variant, made at its first game).
  struct Worker {
    std::vector<std::optional<Match>> m;
    std::vector<std::unique_ptr<GameCounter>> counts;
    std::vector<char> ok;
  };
  std::vector<Worker> workers(engines.size());
  std::vector<Totals> local(engines.size(), empty_totals(engines[0]));
  for_each_index(engines.size(), from, to, [&](size_t t, long long j) {
    Worker& w = workers[t];
    if (w.counts.empty()) {
      w.m.resize(variants), w.ok.resize(variants);
      for (const auto& e : engines[t]) w.counts.push_back(std::make_unique<GameCounter>(e->set().cards.size()));
    }
    Totals& tot = local[t];
    const long long i = plan.shard_k + j * plan.shard_n;  // the run's game number
    const uint64_t seed = game_seed(plan.base, i);
    for (size_t v = 0; v < variants; ++v) {
      w.ok[v] = 0;
      try {
        auto a1 = make_agent(plan.p1, seed, 0), a2 = make_agent(plan.p2, seed, 1);
        if (!w.m[v]) {
          w.m[v].emplace(*engines[t][v], seed, nullptr, nullptr, o);
          w.m[v]->listen(w.counts[v].get());
        }
        Match& m = *w.m[v];
        m.reset(seed, a1.get(), a2.get());
        w.counts[v]->start(m);
        m.run();
        if (!m.over()) throw ScriptError(m.abandoned());
        w.counts[v]->finish(m);
        tot.v[v].add(w.counts[v]->tally());
        if (plan.games_out) plan.games_out->write(i, seed, v, w.counts[v]->tally());
        if (!m.agent_failure().empty()) [[unlikely]]
          tot.v[v].agent_failed(i, escape_controls(m.agent_failure_detail().substr(0, 1000)));
        w.ok[v] = 1;
      } catch (const ScriptError& ex) {  // counted, and the run goes on
        tot.v[v].fail(i, seed, ex.what());
      }
      ++done;
    }
    for (size_t v = 1; v < variants; ++v)
      if (w.ok[0] && w.ok[v]) tot.pairs[v - 1].add(w.counts[0]->tally(), w.counts[v]->tally());
  });
  for (const Totals& l : local) into.add(l);
}

bool GamesOut::open(const std::string& path, std::string& why) {
  path_ = path;
  if (why = files::path_refusal(path); !why.empty()) return false;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) return why = path + ": cannot write (" + std::strerror(errno) + ")", false;
  return true;
}

void GamesOut::label(std::vector<std::string> variants, std::string agent, std::string plays_as) {
  variants_ = std::move(variants), agent_ = std::move(agent), plays_as_ = std::move(plays_as);
}

void GamesOut::write(long long game, uint64_t seed, size_t v, const GameTally& t) {
  json line = {{"game", game}, {"seed", seed}, {"variant", variants_[v]}, {"agent", agent_}, {"plays_as", plays_as_},
               {"winner", t.winner + 1}, {"score", {t.vp[0], t.vp[1]}}};
  for (int m = 0; m < kMeasures; ++m)  // the measure's value in this game (null: nothing to count)
    line[kMeasureInfo[m].name] = t.n[m] ? json(static_cast<double>(t.y[m]) / static_cast<double>(t.n[m])) : json(nullptr);
  line["setup_decisions"] = t.setup;
  line["custom"] = t.custom;  // g:measure's counts this game (a name not counted: absent)
  line["agent_failure"] = t.agent_failure.empty() ? json(nullptr) : json(t.agent_failure);
  const std::string text = line.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  const std::lock_guard<std::mutex> hold(lock_);
  std::fputs(text.c_str(), file_);
}

bool GamesOut::close(std::string& why) {
  if (!file_) return true;
  const bool ok = std::fflush(file_) == 0 && !std::ferror(file_);
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!ok || !closed) return why = path_ + ": cannot write (" + std::strerror(errno) + ")", false;
  return true;
}

json ratio_sums_json(const stats::RatioSums& s) { return {s.games, s.y, s.n, s.yy, s.nn, s.yn}; }

namespace {
// A count a shard gives: an integer from 0 up (a negative one is no count of games).
long long count_from(const json& j) {
  const long long k = j.is_number_integer() ? j.get<long long>() : -1;
  if (k < 0) throw json::type_error::create(302, "a count that is not a whole number from 0 up", &j);
  return k;
}
}  // namespace

stats::RatioSums ratio_sums_from(const json& j) {
  stats::RatioSums s;
  long long* f[] = {&s.games, &s.y, &s.n, &s.yy, &s.nn, &s.yn};
  if (!j.is_array() || j.size() != 6) throw json::type_error::create(302, "ratio sums are 6 numbers", &j);
  for (size_t i = 0; i < 6; ++i) *f[i] = i == 1 || i == 5 ? j.at(i).get<long long>() : count_from(j.at(i));  // (y may be below 0)
  return s;
}

namespace {

// A list of `n` counts.
std::vector<long long> counts(const json& j, size_t n) {
  if (!j.is_array() || j.size() != n) throw json::type_error::create(302, "a list of another length", &j);
  std::vector<long long> v;
  v.reserve(n);
  for (const json& x : j) v.push_back(count_from(x));
  return v;
}

}  // namespace

// g:measure's sums of a shard: {"names": {name: sums}, "dropped": n}; read back checking each
// name as the verb does (a shard is untrusted) and at most kMaxCustomMeasures of them.
json custom_sums_json(const VariantSums& s) {
  json names = json::object();
  for (const auto& [name, sums] : s.custom) names[name] = ratio_sums_json(sums);
  return {{"names", names}, {"dropped", s.custom_dropped}};
}
void custom_sums_from(const json& j, VariantSums& s) {
  const json& names = j.at("names");
  if (!names.is_object() || names.size() > kMaxCustomMeasures) throw json::type_error::create(302, "measures of another shape", &names);
  for (const auto& [name, sums] : names.items()) {
    if (!valid_measure_name(name))
      throw json::type_error::create(302, "a measure's name", &names);
    s.custom[name] = ratio_sums_from(sums);
  }
  s.custom_dropped = count_from(j.at("dropped"));
}

json sums_json(const VariantSums& s) {
  json m = json::array();
  for (const auto& r : s.m) m.push_back(ratio_sums_json(r));
  json j = {{"games", s.games},
            {"wins", {s.wins[0], s.wins[1]}},
            {"vp", {s.vp[0], s.vp[1]}},
            {"min_actions", s.min_actions},
            {"max_actions", s.max_actions},
            {"measures", m},
            {"setup", ratio_sums_json(s.setup)},
            {"custom", custom_sums_json(s)},
            {"card_y", s.card_y},
            {"card_n", s.card_n},
            {"battles_hist", s.battles_hist},
            {"actions_hist", s.actions_hist},
            {"vp_hist", s.vp_hist},
            {"withdrawals", s.withdrawals},
            {"control_ends", s.control_ends},
            {"withdraw_ends", s.withdraw_ends},
            {"reason_ends", s.reason_ends},
            {"game_reasons", s.game_reasons},
            {"agent_failures", s.agent_failures},
            {"failed", s.failed}};
  if (s.first_failed >= 0)
    j["first_failure"] = {{"game", s.first_failed}, {"seed", s.first_failed_seed}, {"error", s.first_error}};
  if (s.first_agent_failed >= 0)
    j["first_agent_failure"] = {{"game", s.first_agent_failed}, {"error", s.first_agent_error}};
  return j;
}

// A shard's counts by reason: each reason printable text of 1 to 40 characters, as hooks give them
// (a shard is untrusted: what a terminal would print is checked here).
// (Nor blank, nor with spaces at its ends, nor the engine's own "control" and "withdraw".)
static std::map<std::string, long long> reasons_from(const json& j) {
  std::map<std::string, long long> m;
  if (!j.is_object()) throw json::type_error::create(302, "reasons are an object", &j);
  for (const auto& [why, k] : j.items()) {
    if (!printable_text(why, 40) || why.front() == ' ' || why.back() == ' ' || why == "control" || why == "withdraw")
      throw json::type_error::create(302, "a reason that is not printable text of 1 to 40 characters", &j);
    m.emplace_hint(m.end(), why, count_from(k));  // (an object's keys come sorted: linear)
  }
  return m;
}

VariantSums sums_from_json(const json& j, size_t cards) {
  VariantSums s(cards);
  s.games = count_from(j.at("games"));
  for (int p = 0; p < 2; ++p) s.wins[p] = count_from(j.at("wins").at(p)), s.vp[p] = count_from(j.at("vp").at(p));
  s.min_actions = count_from(j.at("min_actions"));
  s.max_actions = count_from(j.at("max_actions"));
  const json& m = j.at("measures");
  if (!m.is_array() || m.size() != kMeasures) throw json::type_error::create(302, "measures of another shape", &m);
  for (size_t i = 0; i < kMeasures; ++i) s.m[i] = ratio_sums_from(m[i]);
  if (j.contains("setup")) s.setup = ratio_sums_from(j.at("setup"));  // (shards before 2026-12-03: none)
  if (j.contains("custom")) custom_sums_from(j.at("custom"), s);
  s.card_y = counts(j.at("card_y"), s.card_y.size());
  s.card_n = counts(j.at("card_n"), s.card_n.size());
  s.battles_hist = counts(j.at("battles_hist"), s.battles_hist.size());
  s.actions_hist = counts(j.at("actions_hist"), s.actions_hist.size());
  s.vp_hist = counts(j.at("vp_hist"), s.vp_hist.size());
  s.withdrawals = counts(j.at("withdrawals"), s.withdrawals.size());
  s.control_ends = count_from(j.at("control_ends"));
  s.withdraw_ends = count_from(j.at("withdraw_ends"));
  s.reason_ends = reasons_from(j.at("reason_ends"));
  if (auto g = j.find("game_reasons"); g != j.end()) s.game_reasons = reasons_from(*g);  // (API 4; older shards have none)
  if (auto g = j.find("agent_failures"); g != j.end()) s.agent_failures = reasons_from(*g);  // (exec: agents; older have none)
  s.failed = count_from(j.at("failed"));
  if (auto f = j.find("first_failure"); f != j.end())
    s.first_failed = count_from(f->at("game")), s.first_failed_seed = f->at("seed").get<uint64_t>(),
    s.first_error = f->at("error").get<std::string>().substr(0, 4096);
  if (auto f = j.find("first_agent_failure"); f != j.end())  // (older shards have none)
    s.first_agent_failed = count_from(f->at("game")), s.first_agent_error = f->at("error").get<std::string>().substr(0, 4096);
  return s;
}

json pair_sums_json(const stats::PairSums& p) {
  json j = ratio_sums_json(p.a);
  for (long long x : ratio_sums_json(p.b)) j.push_back(x);
  for (long long x : {p.ya_yb, p.ya_nb, p.na_yb, p.na_nb}) j.push_back(x);
  return j;
}
stats::PairSums pair_sums_from(const json& j) {
  if (!j.is_array() || j.size() != 16) throw json::type_error::create(302, "paired sums are 16 numbers", &j);
  stats::PairSums p;
  p.a = ratio_sums_from(json(std::vector<json>(j.begin(), j.begin() + 6)));
  p.b = ratio_sums_from(json(std::vector<json>(j.begin() + 6, j.begin() + 12)));
  p.ya_yb = j[12].get<long long>(), p.ya_nb = j[13].get<long long>(), p.na_yb = j[14].get<long long>(),
  p.na_nb = j[15].get<long long>();
  return p;
}

json pair_json(const PairTotals& p) {
  json m = json::array(), c = json::array();
  for (const auto& s : p.m) m.push_back(pair_sums_json(s));
  for (const auto& s : p.card) c.push_back(pair_sums_json(s));
  json custom = json::object();
  for (const auto& [name, sums] : p.custom) custom[name] = pair_sums_json(sums);
  return {{"measures", m}, {"cards", c}, {"custom", custom}};
}

PairTotals pair_from_json(const json& j, std::vector<std::pair<size_t, size_t>> cards) {
  PairTotals p(std::move(cards));
  const json& m = j.at("measures");
  const json& c = j.at("cards");
  if (!m.is_array() || m.size() != p.m.size() || !c.is_array() || c.size() != p.card.size())
    throw json::type_error::create(302, "paired sums of another shape", &j);
  for (size_t i = 0; i < p.m.size(); ++i) p.m[i] = pair_sums_from(m[i]);
  for (size_t i = 0; i < p.card.size(); ++i) p.card[i] = pair_sums_from(c[i]);
  if (j.contains("custom")) {  // g:measure's (older shards have none)
    const json& custom = j.at("custom");
    if (!custom.is_object() || custom.size() > 2 * kMaxCustomMeasures)
      throw json::type_error::create(302, "paired custom measures are at most 64 names", &custom);
    for (const auto& [name, sums] : custom.items()) {
      if (!valid_measure_name(name)) throw json::type_error::create(302, "a custom measure's name is a-z, 0-9 and _", &custom);
      p.custom[name] = pair_sums_from(sums);
    }
  }
  return p;
}

namespace {
// Whether any string of `j` (keys included) holds a character a terminal would obey.
bool has_control(const json& j) {
  if (j.is_string()) return find_control(j.get_ref<const std::string&>()) != std::string::npos;
  if (j.is_object()) {
    for (const auto& [k, v] : j.items())
      if (find_control(k) != std::string::npos || has_control(v)) return true;
  } else if (j.is_array()) {
    for (const json& v : j)
      if (has_control(v)) return true;
  }
  return false;
}

// "" or what is wrong with a shard's "shard": [K, N] and "seed".
std::string check_header(const json& r) {
  const json& sh = r.at("shard");
  if (!sh.is_array() || sh.size() != 2 || !sh[0].is_number_integer() || !sh[1].is_number_integer() ||
      sh[1].get<long long>() < 1 || sh[1].get<long long>() > kMaxShards || sh[0].get<long long>() < 1 ||
      sh[0].get<long long>() > sh[1].get<long long>())
    return "its \"shard\" is not [K, N] with 1 <= K <= N <= " + std::to_string(kMaxShards);
  if (!r.at("seed").is_number_unsigned()) return "its \"seed\" is not a number from 0 to 2^64 - 1";
  return "";
}

// The missing shards as one line: the first ten, and how many in all.
std::string missing_text(const std::vector<bool>& shards) {
  std::string list;
  long long missing = 0;
  for (size_t k = 0; k < shards.size(); ++k)
    if (!shards[k] && ++missing <= 10) list += (missing > 1 ? ", " : "") + std::to_string(k + 1) + "/" + std::to_string(shards.size());
  if (missing == 1) return "shard " + list + " is missing";
  if (missing > 10) list += " and " + std::to_string(missing - 10) + " more";
  return std::to_string(missing) + " of " + std::to_string(shards.size()) + " shards are missing: " + list;
}
}  // namespace

std::string check_confidence(const json& value) {
  if (!value.is_number() || !(value.get<double>() >= 0.5 && value.get<double>() <= 0.9999))
    return "its confidence is not a number from 0.5 to 0.9999 (as --confidence takes)";
  return "";
}

std::string check_content_hash(const json& stated, const Engine& e, const std::string& variant) {
  if (!stated.is_string() || stated.get<std::string>() != e.content_hash())
    return "the files of " + variant + " changed since the shard ran (its content hash " +
           (stated.is_string() ? stated.get<std::string>().substr(0, 16) : std::string("is missing")) + ", here " +
           e.content_hash() + ")";
  return "";
}

void read_shards(const char* command, const std::vector<std::string>& files, json& run,
                 const std::function<std::string(const json& doc, bool first)>& add) {
  std::vector<bool> shards;
  for (const std::string& f : files) {
    auto bad = [&](const std::string& why) { throw Refused(escape_controls(f) + ": " + why, "--merge"); };
    std::string text, why;
    try {
      text = read_text_file(f, 64u << 20);
    } catch (const LoadError& e) {
      throw Refused(e.what());
    }
    json j;
    if (!parse_json(text, j, why)) bad(std::string("not the --json output of als ") + command + " (" + why + ")");
    if (!j.is_object() || !j.contains("run") || !j["run"].is_object() || !j.contains("sums") || !j["sums"].is_object())
      bad(std::string("not the --json output of als ") + command + " (of this version)");
    if (has_control(j)) bad("a text in it holds a control character (an escape sequence?): not the output of a run");
    try {
      const json& r = j["run"];
      if (std::string e = check_header(r); !e.empty()) bad(e);
      const long long k = r["shard"][0].get<long long>(), n = r["shard"][1].get<long long>();
      const bool first = run.is_null();
      if (first) {
        run = r;
        shards.assign(static_cast<size_t>(n), false);
      } else {
        json a = run, b = r;
        a.erase("shard"), b.erase("shard");
        if (a != b) bad("a shard of another run (its seed, games, variants or agents differ)");
      }
      if (n != static_cast<long long>(shards.size()) || shards[static_cast<size_t>(k - 1)])
        bad("shard " + std::to_string(k) + "/" + std::to_string(n) + " is repeated or does not fit");
      shards[static_cast<size_t>(k - 1)] = true;
      if (std::string e = add(j, first); !e.empty()) bad(e);
    } catch (const json::exception&) {
      bad("a field is missing or of the wrong type");
    } catch (const LoadError& e) {
      bad(std::string("its card set does not load here: ") + e.what());
    } catch (const std::overflow_error&) {
      bad("its sums overflow when added to the others' (a count past 2^63): not the output of a run");
    }
  }
  if (std::find(shards.begin(), shards.end(), false) != shards.end()) throw Refused(missing_text(shards), "--merge");
  run["shard"] = {1, 1};
}

json interval_json(const stats::Interval& i) { return {{"value", i.value}, {"low", i.low}, {"high", i.high}}; }

json variant_json(const Engine& e, const VariantSums& s, double confidence) {
  json measures = json::object(), cards = json::object();
  // A measure with no data (no battle, a card never dealt or never played so) is null.
  for (int i = 0; i < kMeasures; ++i)
    measures[kMeasureInfo[i].name] = s.has(i) ? interval_json(s.measure(i, confidence)) : json(nullptr);
  for (size_t c = 0; c < s.cards(); ++c) {
    json one = json::object();
    for (int k = 0; k < kCardMeasures; ++k)
      one[kCardMeasureNames[k]] = s.has_card(c, k) ? interval_json(s.card_measure(c, k, confidence)) : json(nullptr);
    cards[e.set().cards[c].id] = one;
  }
  // Decisions setting battles up (a deal or battle_start hook's questions: a draft's picks), a
  // game: counted apart from actions_per_game and branching_factor, not among the contract's measures.
  const json setup = s.setup.games ? interval_json(stats::count_t(s.setup, confidence)) : json(nullptr);
  // g:measure's counts, a mean a game each with its t interval (docs/variants.md, "Measures of your own").
  json custom = json::object();
  for (const auto& entry : s.custom) custom[entry.first] = interval_json(stats::ratio_t(s.custom_measure(entry.first), confidence));
  return {{"measures", measures}, {"setup_decisions_per_game", setup}, {"custom_measures", custom}, {"end_reasons", s.end_reasons()},
          {"game_ends", s.game_ends()}, {"agent_failures", s.agent_failures}, {"cards", cards}};
}

}  // namespace als::lab
