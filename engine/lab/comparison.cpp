// What `als compare` computes from its sums (comparison.h): the differences and their correction,
// the skill gap, the distances to targets and their ranking, the agents' agreement; and how a
// comparison's variants and agents are named (labels, lists of agents, plots' short names).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "comparison.h"
#include <algorithm>
#include <functional>

#include "agents.h"

namespace als::lab {

void align_agents(Comparison& c) {
  std::vector<std::string> all;
  for (size_t a = 0; a < c.agents.size(); ++a) all.push_back(given_spec(c, a));
  if (c.has_skill()) all.push_back(c.weak), all.push_back(c.strong);
  c.played.clear(), c.evaluation.clear();
  for (const std::string& spec : all) {
    std::unique_ptr<Agent> agent = make_agent(spec, 0, 0);
    std::vector<std::string> reads, not_reads;  // the variants the learned value reads, and the others
    std::vector<std::string> recipes;           // how each read one was trained, in `reads`' order
    for (size_t v = 0; v < c.engines.size(); ++v) {
      const bool read = agent && agent->evaluation(*c.engines[v]) == "learned value";
      (read ? reads : not_reads).push_back(c.names[v]);
      if (read) recipes.push_back(agent->value_recipe(*c.engines[v]));
    }
    auto list = [](const std::vector<std::string>& names) {
      std::string out;
      for (size_t i = 0; i < names.size() && i < 3; ++i) out += (i ? ", " : "") + names[i];
      return names.size() > 3 ? out + " and " + std::to_string(names.size() - 3) + " more" : out;
    };
    if (!reads.empty() && !not_reads.empty()) {
      c.played.push_back(without_learned_value(spec));
      c.evaluation.push_back("playouts in every variant: value=none, since its learned value reads " + list(reads) +
                             " but not " + list(not_reads));
      continue;
    }
    // Values trained differently (the built-in network and one of als train's, or two budgets) are
    // two players: every variant then plays by playouts, the same player everywhere.
    if (std::adjacent_find(recipes.begin(), recipes.end(), std::not_equal_to<>()) != recipes.end()) {
      const size_t other = static_cast<size_t>(std::adjacent_find(recipes.begin(), recipes.end(), std::not_equal_to<>()) - recipes.begin()) + 1;
      c.played.push_back(without_learned_value(spec));
      c.evaluation.push_back("playouts in every variant: value=none, since its learned values were trained differently (" +
                             reads[0] + ": " + recipes[0] + "; " + reads[other] + ": " + recipes[other] + ")");
      continue;
    }
    c.played.push_back(spec);
    const std::string e = agent && !c.engines.empty() ? agent->evaluation(*c.engines[0]) : "";
    c.evaluation.push_back(e.empty() ? "no search, no learned value"
                                     : e + " in every variant" + (recipes.empty() ? "" : " (" + recipes[0] + ")"));
  }
}

nlohmann::json evaluations_json(const Comparison& c) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t a = 0; a < c.played.size(); ++a) {
    const char* role = a < c.agents.size() ? "agent" : a == c.agents.size() ? "skill_weak" : "skill_strong";
    const std::string& given = given_spec(c, a);
    out.push_back({{"role", role}, {"agent", given}, {"plays_as", c.played[a]}, {"evaluation", c.evaluation[a]}});
    if (a < c.agents.size() && c.agents[a] != given) out.back()["name"] = c.agents[a];  // NAME=SPEC
  }
  return out;
}

const std::string& given_spec(const Comparison& c, size_t a) {
  if (a < c.agents.size()) return a < c.agent_specs.size() ? c.agent_specs[a] : c.agents[a];
  return a == c.agents.size() ? c.weak : c.strong;
}

const std::string& played_spec(const Comparison& c, size_t a) { return a < c.played.size() ? c.played[a] : given_spec(c, a); }

std::string check_target_cards(const Comparison& c) {
  for (const Target& t : c.targets) {
    if (t.card.empty()) continue;
    bool found = false;
    for (const auto& e : c.engines)
      for (const CardDef& d : e->set().cards) found = found || d.id == t.card;
    if (found) continue;
    std::string ids;
    if (!c.engines.empty())
      for (const CardDef& d : c.engines[0]->set().cards) ids += (ids.empty() ? "" : ", ") + d.id;
    return "--target " + t.text + ": no card '" + t.card + "' in any variant's set (cards: " + ids + ")";
  }
  return "";
}

std::string measure_name(int measure, const std::string& card, const std::string& custom) {
  if (!custom.empty()) return "custom." + custom;
  return card.empty() ? kMeasureInfo[measure].name : kCardMeasureNames[measure];
}

std::string measure_label(int measure, const std::string& card, const std::string& custom) {
  if (!custom.empty()) return "custom " + custom;
  return card.empty() ? kMeasureInfo[measure].label : card + " " + kCardMeasureNames[measure];
}

namespace {

/// How far from zero a difference may be and still count as no change, for early stopping: a
/// percentage point for game rates, two for card rates (fewer battles each), 1% of the
/// baseline's value for means.
double margin(const DiffRow& r, double baseline) {
  if (!r.card.empty()) return 0.02;
  if (r.rate) return 0.01;
  return std::max(0.01 * std::abs(baseline), 1e-9);
}

// A difference with no data decides nothing (a variant whose every game failed once stopped a
// run early as "every difference decided").
bool no_data(const stats::PairSums& s) { return s.a.games < 2 || s.a.n == 0 || s.b.n == 0; }

DiffRow row(size_t agent, size_t v, int m, bool rate, const stats::PairSums& s, double confidence) {
  DiffRow r;
  r.agent = agent, r.variant = v, r.measure = m, r.rate = rate;
  r.d = stats::paired_difference(s, confidence);
  r.no_data = no_data(s);
  return r;
}

}  // namespace

void SkillTotals::add(const SkillTotals& o) {
  for (size_t i = 0; i < v.size() && i < o.v.size(); ++i) v[i].add(o.v[i]), stats::add_checked(failed[i], o.failed[i]);
  for (size_t i = 0; i < pairs.size() && i < o.pairs.size(); ++i) pairs[i].add(o.pairs[i]);
}

void compute_differences(Comparison& c) {
  c.diffs.clear();
  std::vector<double> baseline;  // the baseline's value of each row (for margins)
  std::vector<long long> games;  // the paired games of each row (the t quantiles' degrees of freedom)
  // g:measure's names: a row each for every agent and variant alike (agreement() pairs the rows).
  std::set<std::string> custom;
  for (const Totals& t : c.runs)
    for (const VariantSums& s : t.v)
      for (const auto& entry : s.custom) custom.insert(entry.first);
  for (size_t a = 0; a < c.runs.size(); ++a)
    for (size_t v = 1; v < c.engines.size(); ++v) {
      const PairTotals& p = c.runs[a].pairs[v - 1];
      for (int m = 0; m < kMeasures; ++m) {
        const stats::PairSums& s = p.m[static_cast<size_t>(m)];
        c.diffs.push_back(row(a, v, m, kMeasureInfo[m].rate, s, c.confidence));
        baseline.push_back(s.a.ratio()), games.push_back(p.m[0].a.games);
      }
      for (size_t k = 0; k < p.cards.size(); ++k)
        for (int m = 0; m < kCardMeasures; ++m) {
          const stats::PairSums& s = p.card[k * kCardMeasures + static_cast<size_t>(m)];
          c.diffs.push_back(row(a, v, m, true, s, c.confidence));
          c.diffs.back().card = c.engines[0]->set().cards[p.cards[k].first].id;
          baseline.push_back(s.a.ratio()), games.push_back(p.m[0].a.games);
        }
      for (const std::string& name : custom) {  // a mean a game; n/a where a variant never counted it
        const stats::PairSums s = p.custom_measure(name);
        c.diffs.push_back(row(a, v, 0, false, s, c.confidence));
        DiffRow& r = c.diffs.back();
        r.custom = name;
        r.no_data = r.no_data || !p.custom.count(name) || !c.runs[a].v[0].custom.count(name) ||
                    !c.runs[a].v[v].custom.count(name);
        baseline.push_back(s.a.ratio()), games.push_back(p.m[0].a.games);
      }
    }
  if (c.has_skill())
    for (size_t v = 1; v < c.engines.size(); ++v) {
      c.diffs.push_back(row(0, v, 0, true, c.skill.pairs[v - 1], c.confidence));
      c.diffs.back().skill = true;
      baseline.push_back(c.skill.pairs[v - 1].a.ratio()), games.push_back(c.skill.pairs[v - 1].a.games);
    }
  std::vector<double> p;
  for (const DiffRow& r : c.diffs) p.push_back(r.d.p);
  const std::vector<double> adj = c.correction == "bh" ? stats::benjamini_hochberg(p) : stats::holm(p);
  // Negligible: the interval at the Bonferroni level over every difference (so that all of them
  // hold at once) lies within the margin: each difference's own interval, widened by the ratio of
  // the two t quantiles (a pair's games are the degrees of freedom of all its differences).
  const double simultaneous = 1 - c.alpha() / static_cast<double>(std::max<size_t>(c.diffs.size(), 1));
  for (size_t i = 0; i < c.diffs.size(); ++i) {
    DiffRow& r = c.diffs[i];
    r.p_adjusted = adj[i];
    r.significant = !r.no_data && adj[i] < c.alpha();
    const double n = static_cast<double>(games[i]);
    const double widen = n >= 2 ? stats::t_value(simultaneous, n - 1) / stats::t_value(c.confidence, n - 1) : 1.0;
    const double half = (r.d.high - r.d.delta) * widen, mg = margin(r, baseline[i]);
    r.negligible = !r.no_data && r.d.delta - half > -mg && r.d.delta + half < mg;
  }
}

bool all_decided(const Comparison& c) {
  // A measure of the designer's own that a variant never counts (a card only the variant has) has
  // no difference to decide; every other row without data keeps the run going.
  return std::all_of(c.diffs.begin(), c.diffs.end(),
                     [](const DiffRow& r) { return r.significant || r.negligible || (r.no_data && !r.custom.empty()); });
}

stats::Interval Comparison::skill_gap(size_t v) const {
  return stats::wilson(skill.v[v].y, skill.v[v].n, confidence);
}

std::string parse_target(const std::string& text, Target& out) {
  out = Target{};
  out.text = text;
  const size_t eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return "--target takes MEASURE=VALUE (first_player_battle_win_rate=0.5, cards.ID.faceup_win_rate=median, "
           "custom.NAME=2), not '" + text + "'";
  out.measure = text.substr(0, eq);
  const std::string value = text.substr(eq + 1);
  if (out.measure.rfind("custom.", 0) == 0) {  // one of g:measure's: its mean a game
    out.custom = out.measure.substr(7);
    if (!valid_measure_name(out.custom))
      return "--target " + text + ": a measure of your own is custom.NAME, NAME as g:measure names it (a-z, 0-9, _)";
  } else if (out.measure.rfind("cards.", 0) == 0) {
    const size_t dot = out.measure.rfind('.');
    out.card = out.measure.substr(6, dot > 6 ? dot - 6 : 0);
    const std::string m = out.measure.substr(dot + 1);
    out.card_measure = -1;
    for (int k = 0; k < kCardMeasures; ++k)
      if (m == kCardMeasureNames[k]) out.card_measure = k;
    if (out.card.empty() || out.card_measure < 0)
      return "--target " + text + ": a card measure is cards.ID.MEASURE, MEASURE one of faceup_win_rate, "
             "facedown_win_rate, unplayed_rate";
  } else {
    for (int m = 0; m < kMeasures; ++m)
      if (out.measure == kMeasureInfo[m].name) out.game = m;
    if (out.game < 0) {
      std::string all;
      for (int m = 0; m < kMeasures; ++m) all += std::string(m ? ", " : "") + kMeasureInfo[m].name;
      return "--target " + text + ": no measure '" + out.measure + "' (measures: " + all + ", or cards.ID.MEASURE)";
    }
  }
  if (value == "median") {
    if (out.game >= 0 || !out.custom.empty())
      return "--target " + text + ": median is the median of a set's other cards: a card measure's target";
    out.median = true;
    return "";
  }
  char* end = nullptr;
  out.value = std::strtod(value.c_str(), &end);
  if (*end || !std::isfinite(out.value)) return "--target " + text + ": the value is a number or median";
  if (out.rate() && (out.value < 0 || out.value > 1)) return "--target " + text + ": a rate's target is from 0 to 1";
  return "";
}

namespace {

// The index of card `id` in the variant's set, or -1.
long card_index(const Engine& e, const std::string& id) {
  const auto& cards = e.set().cards;
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<long>(i);
  return -1;
}

// The median of a card measure over the set's other cards that have data (0 when none has).
double median_of_others(const VariantSums& s, size_t card, int measure, double confidence) {
  std::vector<double> x;
  for (size_t c = 0; c < s.cards(); ++c)
    if (c != card && s.has_card(c, measure)) x.push_back(s.card_measure(c, measure, confidence).value);
  if (x.empty()) return 0;
  std::sort(x.begin(), x.end());
  const size_t h = x.size() / 2;
  return x.size() % 2 ? x[h] : (x[h - 1] + x[h]) / 2;
}

}  // namespace

TargetResult Comparison::target(const Target& t, size_t a, size_t v, double level) const {
  const double confidence = level > 0 ? level : this->confidence;
  TargetResult r;
  const VariantSums& s = runs[a].v[v];
  if (!t.custom.empty()) {  // g:measure's: no data where no game of the variant counted it
    if (!s.custom.count(t.custom)) return r;
    r.measure = stats::ratio_t(s.custom_measure(t.custom), confidence);
    r.target = t.value;
  } else if (t.game >= 0) {
    if (!s.has(t.game)) return r;
    r.measure = s.measure(t.game, confidence);
    r.target = t.value;
  } else {
    const long card = card_index(*engines[v], t.card);
    if (card < 0 || !s.has_card(static_cast<size_t>(card), t.card_measure)) return r;
    r.measure = s.card_measure(static_cast<size_t>(card), t.card_measure, confidence);
    r.target = t.median ? median_of_others(s, static_cast<size_t>(card), t.card_measure, confidence) : t.value;
  }
  r.has = true;
  const double lo = r.measure.low - r.target, hi = r.measure.high - r.target;
  r.distance.value = std::abs(r.measure.value - r.target);
  r.distance.low = lo <= 0 && hi >= 0 ? 0 : std::min(std::abs(lo), std::abs(hi));
  r.distance.high = std::max(std::abs(lo), std::abs(hi));
  return r;
}

std::vector<std::vector<size_t>> Comparison::ranking(const Target& t, size_t a) const {
  std::vector<std::pair<TargetResult, size_t>> rs;
  for (size_t v = 0; v < engines.size(); ++v)
    if (TargetResult r = target(t, a, v); r.has) rs.emplace_back(r, v);
  std::stable_sort(rs.begin(), rs.end(), [](const auto& x, const auto& y) { return x.first.distance.value < y.first.distance.value; });
  std::vector<std::vector<size_t>> order;
  const TargetResult* head = nullptr;  // the current group's first (closest)
  for (const auto& [r, v] : rs) {
    if (!head || r.distance.low > head->distance.high) {
      order.emplace_back();
      head = &r;
    }
    order.back().push_back(v);
  }
  return order;
}

long long Comparison::games_to_untie(const Target& t, size_t a, const std::vector<size_t>& tie) const {
  long long most = 0;
  if (tie.size() < 2) return 0;
  const TargetResult head = target(t, a, tie[0]);
  for (size_t k = 1; k < tie.size(); ++k) {
    const TargetResult r = target(t, a, tie[k]);
    const double gap = r.distance.value - head.distance.value;
    const double halves = (head.measure.high - head.measure.low + r.measure.high - r.measure.low) / 2;
    if (gap <= 0 || halves <= 0) return -1;
    const long long n = std::min(runs[a].v[tie[0]].games, runs[a].v[tie[k]].games);
    const double games = static_cast<double>(n) * (halves / gap) * (halves / gap);
    if (games > 1e15) return -1;
    most = std::max(most, static_cast<long long>(std::ceil(games)));
  }
  return most;
}

std::vector<Agreement> agreement(const Comparison& c) {
  std::vector<Agreement> out;
  const size_t agents = c.runs.size();
  if (agents < 2) return out;
  // Rows come agent by agent in the same order: row i of agent 0 is row i + k * per of agent k.
  size_t per = 0;
  while (per < c.diffs.size() && !c.diffs[per].skill && c.diffs[per].agent == 0) ++per;
  for (size_t i = 0; i < per; ++i) {
    Agreement g;
    g.variant = c.diffs[i].variant, g.measure = c.diffs[i].measure, g.card = c.diffs[i].card, g.custom = c.diffs[i].custom;
    bool any = false;
    int way = 0;
    g.agree = true;
    for (size_t a = 0; a < agents; ++a) {
      const DiffRow& r = c.diffs[i + a * per];
      const int sign = r.no_data ? 0 : r.d.delta > 0 ? 1 : r.d.delta < 0 ? -1 : 0;
      g.sign.push_back(sign);
      g.significant.push_back(r.significant);
      if (r.significant) {
        any = true;
        if (way && sign != way) g.agree = false;
        way = sign;
      }
    }
    if (!any) continue;
    const bool both_ways = !g.agree;  // significant in opposite directions
    for (int s : g.sign) g.agree = g.agree && s == way;
    const bool all = std::all_of(g.significant.begin(), g.significant.end(), [](char x) { return x != 0; });
    g.verdict = both_ways ? "disagree" : !g.agree ? "unconfirmed" : all ? "agree" : "same way";
    out.push_back(g);
  }
  return out;
}

namespace {

std::vector<std::string> parts_of(const std::string& spec) {
  std::vector<std::string> p;
  size_t start = 0;
  for (size_t plus; (plus = spec.find('+', start)) != std::string::npos; start = plus + 1) p.push_back(spec.substr(start, plus - start));
  p.push_back(spec.substr(start));
  for (std::string& s : p) {  // a path's last part, without ".lua"
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    if (size_t slash = s.rfind('/'); slash != std::string::npos) s = s.substr(slash + 1);
    if (s.size() > 4 && s.compare(s.size() - 4, 4, ".lua") == 0) s.resize(s.size() - 4);
  }
  return p;
}

std::string cut_middle(const std::string& s, size_t width) {
  if (s.size() <= width || width < 5) return s.substr(0, std::max<size_t>(width, 1));
  const size_t head = (width - 1) / 2, tail = width - 1 - head;
  return s.substr(0, head) + "~" + s.substr(s.size() - tail);
}

}  // namespace

std::vector<std::string> plot_names(const std::vector<std::string>& names, size_t width) {
  if (std::all_of(names.begin(), names.end(), [&](const std::string& n) { return n.size() <= width; })) return names;
  std::vector<std::vector<std::string>> parts;
  for (const std::string& n : names) parts.push_back(parts_of(n));
  std::vector<std::string> out;
  for (size_t v = 0; v < names.size(); ++v) {
    if (names[v].size() <= width) {
      out.push_back(names[v]);
      continue;
    }
    // Drop the parts every variant has at the same place (the set, shared rules), unless nothing is left.
    std::string s;
    for (size_t k = 0; k < parts[v].size(); ++k) {
      bool shared = names.size() > 1;
      for (size_t u = 0; u < names.size() && shared; ++u) shared = k < parts[u].size() && parts[u][k] == parts[v][k];
      if (shared && parts[v].size() > 1) continue;
      s += (s.empty() && k == 0 ? "" : "+") + parts[v][k];
    }
    if (s.empty()) s = parts[v][0];
    out.push_back(cut_middle(s, width));
  }
  // Still distinct? Else number them.
  std::set<std::string> seen(out.begin(), out.end());
  if (seen.size() != out.size())
    for (size_t v = 0; v < out.size(); ++v) {
      const std::string tag = std::to_string(v + 1) + ":";
      out[v] = tag + cut_middle(out[v], width > tag.size() + 1 ? width - tag.size() : 1);
    }
  return out;
}

}  // namespace als::lab
