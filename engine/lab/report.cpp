// als compare --report: one self-contained HTML file (compare.h). Plots are inline SVG drawn
// here: no script, font or style is fetched from anywhere. Each variant has a colour (the
// Okabe-Ito palette, safe for colour-blind readers), a marker shape and a dash pattern, so the
// plots read in grey scale too; every plot is scaled by its viewBox to the page's width (a phone's
// included).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "comparison.h"
#include "svg.h"

namespace als::lab {

namespace {

/// One agent's part of a comparison as the plots draw it: its sums, the variants' short names,
/// the suffix that keeps its plots' ids unique ("" for the first agent).
struct View {
  const Comparison& c;
  const Totals& t;
  size_t agent;
  std::vector<std::string> names;
  std::string id;
  View(const Comparison& comparison, size_t a)
      : c(comparison), t(comparison.runs[a]), agent(a), names(plot_names(comparison.names, 20)),
        id(a ? std::to_string(a + 1).insert(0, 1, '-') : std::string()) {}
};

/// Shares of each bucket of a histogram, one line a variant (lines with markers read in grey).
std::string histogram(const View& w, const std::string& id, const std::string& caption,
                      std::vector<long long> VariantSums::*hist, double bucket_width, const std::string& xlabel) {
  const Totals& t = w.t;
  // Buckets shown: from the first to the last any variant has.
  size_t lo = SIZE_MAX, hi = 0;
  for (const VariantSums& s : t.v)
    for (size_t i = 0; i < (s.*hist).size(); ++i)
      if ((s.*hist)[i]) lo = std::min(lo, i), hi = std::max(hi, i);
  if (lo == SIZE_MAX) lo = hi = 0;
  double top = 0;
  std::vector<std::vector<double>> share;
  for (const VariantSums& s : t.v) {
    long long total = 0;
    for (long long k : s.*hist) total += k;
    std::vector<double> sh;
    for (size_t i = lo; i <= hi; ++i) sh.push_back(total ? static_cast<double>((s.*hist)[i]) / static_cast<double>(total) : 0);
    top = std::max(top, *std::max_element(sh.begin(), sh.end()));
    share.push_back(sh);
  }
  const double W = 400, H = 220, L = 40, R = 10, T = 12, B = 40;
  Svg g(W, H, caption);
  const std::vector<double> yt = ticks(0, std::max(top, 0.01), 4);
  const double ymax = yt.back();
  auto X = [&](size_t i) { return L + (W - L - R) * (hi == lo ? 0.5 : static_cast<double>(i - lo) / static_cast<double>(hi - lo)); };
  auto Y = [&](double v) { return T + (H - T - B) * (1 - v / ymax); };
  for (double t : yt) {
    g.line(L, Y(t), W - R, Y(t), "#ddd");
    g.text(L - 4, Y(t) + 4, tick_text(t, 0, true), "end", 10);
  }
  const size_t every = std::max<size_t>(1, (hi - lo + 1) / 10);
  for (size_t i = lo; i <= hi; i += every) {
    const bool last = i + 1 == (t.v[0].*hist).size();
    std::string label = std::to_string(static_cast<long long>(static_cast<double>(i) * bucket_width));
    if (last) label += "+";
    g.line(X(i), H - B, X(i), H - B + 4, "#000");
    g.text(X(i), H - B + 15, label, "middle", 10);
  }
  g.line(L, H - B, W - R, H - B, "#000");
  g.text((L + W - R) / 2, H - 6, xlabel, "middle", 11);
  for (size_t v = 0; v < share.size(); ++v) {
    std::vector<std::pair<double, double>> pts;
    for (size_t i = lo; i <= hi; ++i) pts.emplace_back(X(i), Y(share[v][i - lo]));
    g.polyline(pts, static_cast<int>(v));
    for (size_t i = lo; i <= hi; ++i)
      g.marker(static_cast<int>(v), X(i), Y(share[v][i - lo]), 3,
               w.names[v] + ": " + std::to_string(i) + " " + fmt_value(share[v][i - lo], true));
  }
  return figure(id + w.id, caption, g.str());
}

/// One panel a measure: each variant's value and interval, a row each.
std::string measures_plot(const View& w) {
  const Comparison& c = w.c;
  const size_t nv = c.names.size();
  const double W = 400, L = 128, R = 14, row = 15, pad = 15;
  const double panel = pad + row * static_cast<double>(nv) + 22;
  const double H = panel * static_cast<double>(kMeasures) + 6;
  Svg g(W, H, "The measures with their intervals");
  for (int m = 0; m < kMeasures; ++m) {
    const bool rate = kMeasureInfo[m].rate;
    double lo = 1e300, hi = -1e300;
    std::vector<double> goals;  // the targets set on this measure (--target)
    for (const Target& t : c.targets)
      if (t.game == m) goals.push_back(t.value), lo = std::min(lo, t.value), hi = std::max(hi, t.value);
    std::vector<stats::Interval> iv;
    for (const VariantSums& s : w.t.v) {
      iv.push_back(s.measure(m, c.confidence));
      if (s.has(m)) lo = std::min(lo, iv.back().low), hi = std::max(hi, iv.back().high);
    }
    if (lo > hi) lo = 0, hi = rate ? 1 : 1;  // no variant has data
    const double span = std::max(hi - lo, rate ? 0.02 : std::max(0.02 * std::abs(hi), 0.05));
    const std::vector<double> xt = ticks(lo - span * 0.15, hi + span * 0.15, 4);
    const double x0 = xt.front(), x1 = xt.back();
    auto X = [&](double v) { return L + (W - L - R) * (v - x0) / (x1 - x0); };
    const double top = 6 + panel * m;
    g.text(4, top + pad - 2, kMeasureInfo[m].label, "start", 11.5);
    const double axis = top + pad + row * static_cast<double>(nv) + 2;
    g.line(L, axis, W - R, axis, "#000");
    for (double t : xt) {
      g.line(X(t), top + pad - 6, X(t), axis, "#e4e4e4");
      g.text(X(t), axis + 12, tick_text(t, xt.size() > 1 ? xt[1] - xt[0] : 1, rate), "middle", 10);
    }
    for (double goal : goals) {
      g.line(X(goal), top + pad - 6, X(goal), axis, "#000", 1.4, "5 3");
      g.text(X(goal), top + pad - 7, "target", "middle", 9);
    }
    for (size_t v = 0; v < nv; ++v) {
      if (!w.t.v[v].has(m)) {  // no data
        g.text(L + 4, top + pad + row * (static_cast<double>(v) + 0.5) + 4, w.names[v] + ": n/a (no data)", "start", 10, "#333");
        continue;
      }
      const double y = top + pad + row * (static_cast<double>(v) + 0.5);
      g.text(L - 6, y + 4, w.names[v], "end", 10, "#333");
      g.line(X(iv[v].low), y, X(iv[v].high), y, kColours[v % kStyles], 1.6);
      g.line(X(iv[v].low), y - 3, X(iv[v].low), y + 3, kColours[v % kStyles], 1.2);
      g.line(X(iv[v].high), y - 3, X(iv[v].high), y + 3, kColours[v % kStyles], 1.2);
      g.marker(static_cast<int>(v), X(iv[v].value), y, 3.5,
               w.names[v] + ": " + fmt_value(iv[v].value, rate) + " (" + fmt_value(iv[v].low, rate) + " to " +
                   fmt_value(iv[v].high, rate) + ")");
    }
  }
  return figure("plot-measures" + w.id, "The measures, each with its " + std::to_string(std::lround(c.confidence * 100)) +
                                     "% interval (Wilson for shares, t for means)" +
                                     (std::any_of(c.targets.begin(), c.targets.end(), [](const Target& t) { return t.game >= 0; })
                                          ? "; dashed: the target"
                                          : ""),
                g.str());
}

/// End reasons: a stacked bar a variant, each reason's share of the variant's battles.
std::string reasons_plot(const View& w) {
  const Comparison& c = w.c;
  // The reasons each variant shows (at most 8: a rule may give a fresh reason every game), control
  // and withdraw first; each variant's own rest is one segment, "other reasons", last. (Its key
  // holds a control character, which no reason has: reasons are printable text.)
  const std::string kRest = "\x1f";
  auto label = [&](const std::string& key) { return key == kRest ? std::string("other reasons") : key; };
  std::vector<std::string> reasons;
  std::set<std::string> seen;
  std::vector<std::map<std::string, long long>> shown;
  for (const VariantSums& s : w.t.v) {
    shown.emplace_back();
    ShownReasons r = shown_reasons(s.end_reasons(), 8);
    if (r.others) r.shown.emplace_back(kRest, r.rest);
    for (const auto& [key, k] : r.shown) {
      shown.back()[key] += k;
      if (seen.insert(key).second) reasons.push_back(key);
    }
  }
  std::stable_sort(reasons.begin(), reasons.end(), [&](const std::string& a, const std::string& b) {
    auto rank = [&](const std::string& s) { return s == "control" ? 0 : s == "withdraw" ? 1 : s == kRest ? 3 : 2; };
    return rank(a) < rank(b);
  });
  const size_t nv = c.names.size();
  const double W = 400, L = 118, R = 10, bar = 22, gap = 10, T = 8;
  const double legend_rows = std::ceil(static_cast<double>(reasons.size()) / 3.0);
  const double H = T + (bar + gap) * static_cast<double>(nv) + 18 + 16 * legend_rows;
  Svg g(W, H, "How battles ended");
  for (size_t v = 0; v < nv; ++v) {
    const auto& ends = shown[v];
    double total = 0;
    for (const auto& [how, k] : ends) total += static_cast<double>(k);
    const double y = T + (bar + gap) * static_cast<double>(v);
    g.text(L - 6, y + bar / 2 + 4, w.names[v], "end", 10);
    double x = L;
    for (size_t r = 0; r < reasons.size(); ++r) {
      auto it = ends.find(reasons[r]);
      const double share = it == ends.end() || !total ? 0 : static_cast<double>(it->second) / total;
      const double wd = (W - L - R) * share;
      g.rect(x, y, wd, bar, kFills[r % kStyles], w.names[v] + ": " + label(reasons[r]) + " " + fmt_value(share, true));
      if (wd > 34) g.text(x + wd / 2, y + bar / 2 + 4, fmt_value(share, true), "middle", 10, r % kStyles == 0 || r % kStyles == 3 || r % kStyles == 6 ? "#fff" : "#000");
      x += wd;
    }
  }
  const double ly = T + (bar + gap) * static_cast<double>(nv) + 6;
  for (size_t r = 0; r < reasons.size(); ++r) {
    const double lx = L + static_cast<double>(r % 3) * 90, yy = ly + 16 * static_cast<double>(r / 3);
    g.rect(lx, yy, 12, 12, kFills[r % kStyles]);
    g.text(lx + 16, yy + 10, label(reasons[r]), "start", 10);
  }
  return figure("plot-end-reasons" + w.id, "How battles ended (share of each variant's battles)", g.str());
}

/// Per-card win rates (faceup or facedown) as dots with intervals, a row a card.
std::string cards_plot(const View& w, int measure, const std::string& id, const std::string& caption) {
  const Comparison& c = w.c;
  std::vector<std::string> ids, names;  // cards of any variant, the baseline's order first; names as a person reads them
  for (const auto& e : c.engines)
    for (const auto& card : e->set().cards)
      if (std::find(ids.begin(), ids.end(), card.id) == ids.end()) ids.push_back(card.id), names.push_back(card.name);
  const size_t nv = c.names.size();
  const double W = 400, L = 104, R = 12, sub = 8, T = 8;
  const double row = sub * static_cast<double>(nv) + 6;
  const double H = T + row * static_cast<double>(ids.size()) + 30;
  Svg g(W, H, caption);
  auto X = [&](double v) { return L + (W - L - R) * v; };
  const double bottom = T + row * static_cast<double>(ids.size());
  for (size_t k = 1; k < ids.size(); k += 2) g.rect(2, T + row * static_cast<double>(k), W - 4, row, "#f2f2f2", "", "none");
  for (double t : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    g.line(X(t), T, X(t), bottom, t == 0.5 ? "#888" : "#e4e4e4", t == 0.5 ? 1.2 : 1, t == 0.5 ? "3 3" : "");
    g.text(X(t), bottom + 13, tick_text(t, 0, true), "middle", 9.5);
  }
  g.line(L, bottom, W - R, bottom, "#000");
  g.text((L + W - R) / 2, bottom + 27, "share of battles won by the player who played it", "middle", 10.5);
  int targets = 0;
  for (size_t k = 0; k < ids.size(); ++k) {
    const double y0 = T + row * static_cast<double>(k);
    g.text(L - 6, y0 + row / 2 + 4, names[k], "end", 10);
    for (size_t v = 0; v < nv; ++v) {
      const auto& cards = c.engines[v]->set().cards;
      auto it = std::find_if(cards.begin(), cards.end(), [&](const CardDef& d) { return d.id == ids[k]; });
      if (it == cards.end()) continue;
      const size_t ci = static_cast<size_t>(it - cards.begin());
      const double y = y0 + 3 + sub * (static_cast<double>(v) + 0.5);
      for (const Target& t : c.targets)  // a target on this card's measure: a dashed tick a variant
        if (t.game < 0 && t.card == ids[k] && t.card_measure == measure)
          if (const TargetResult r = c.target(t, w.agent, v); r.has) {
            g.line(X(r.target), y - 4, X(r.target), y + 4, "#000", 1.4, "2 1");
            ++targets;
          }
      const stats::Interval iv = w.t.v[v].card_measure(ci, measure, c.confidence);
      if (!w.t.v[v].has_card(ci, measure)) continue;  // never played so
      g.line(X(iv.low), y, X(iv.high), y, kColours[v % kStyles], 1.3);
      g.marker(static_cast<int>(v), X(iv.value), y, 2.8,
               w.names[v] + ": " + names[k] + " (" + ids[k] + ") " + fmt_value(iv.value, true) + " (" + fmt_value(iv.low, true) + " to " +
                   fmt_value(iv.high, true) + ")");
    }
  }
  return figure(id + w.id, caption, g.str(), targets ? "The black tick on a card's row is its target." : "");
}

std::string legend(const Comparison& c) {
  std::string s = "<ul class=\"legend\">";
  for (size_t v = 0; v < c.names.size(); ++v) {
    Svg g(20, 14, "");
    g.line(1, 7, 19, 7, kColours[v % kStyles], 1.8, kDashes[v % kStyles]);
    g.marker(static_cast<int>(v), 10, 7, 4);
    s += "<li>" + g.str() + " " + esc(c.names[v]) + (v == 0 ? " (baseline)" : "") + "</li>";
  }
  return s + "</ul>\n";
}

// A difference's cells: its value, interval, adjusted p and verdict.
std::string difference_cells(const DiffRow& r) {
  char p[32], d[40], lo[40], hi[40];
  if (r.p_adjusted < 1e-16) std::snprintf(p, sizeof p, "&lt; 1e-16");  // beyond a double's resolution
  else std::snprintf(p, sizeof p, r.p_adjusted < 1e-4 ? "%.1e" : "%.4f", r.p_adjusted);
  const double k = r.rate ? 100 : 1;
  std::snprintf(d, sizeof d, r.rate ? "%+.1f pts" : "%+.3g", k * r.d.delta);
  std::snprintf(lo, sizeof lo, r.rate ? "%+.1f" : "%+.3g", k * r.d.low);
  std::snprintf(hi, sizeof hi, r.rate ? "%+.1f" : "%+.3g", k * r.d.high);
  return std::string("<td>") + d + "</td><td>" + lo + " to " + hi + "</td><td>" + p + "</td><td>" +
         (r.significant ? "<strong>significant</strong>" : r.negligible ? "no change" : "undecided") + "</td>";
}

// The differences of each variant under one agent. Not shown, but counted: rows with no data, rows
// with no difference at all (every paired game the same), card measures not significantly different.
std::string differences_table(const View& w) {
  const Comparison& c = w.c;
  std::ostringstream o;
  for (size_t v = 1; v < c.names.size(); ++v) {
    o << "<h3>" << esc(c.names[v]) << "</h3>\n<table class=\"diffs\"><thead><tr><th>measure</th><th>difference</th>"
         "<th>interval</th><th>adjusted p</th><th></th></tr></thead><tbody>";
    int no_data = 0, none = 0, cards = 0;
    for (const DiffRow& r : c.diffs) {
      if (r.variant != v || r.agent != w.agent || r.skill) continue;
      if (r.no_data) ++no_data;
      else if (r.d.delta == 0 && r.d.low == 0 && r.d.high == 0) ++none;
      else if (!r.card.empty() && !r.significant) ++cards;
      else {
        o << "<tr" << (r.significant ? " class=\"sig\"" : "") << "><td>"
          << esc(r.label()) << "</td>"
          << difference_cells(r) << "</tr>";
      }
    }
    o << "</tbody></table>\n<p class=\"note not-shown\">Not shown: " << no_data + none + cards << " rows ("
      << cards << " card measures not significantly different, " << none << " with no difference at all, " << no_data
      << " with no data).</p>\n";
  }
  return o.str();
}

// The agents' agreement (--agents): each change some agent finds significant, its direction
// under each agent.
std::string agreement_table(const Comparison& c) {
  const std::vector<Agreement> all = agreement(c);
  std::ostringstream o;
  o << "<h2>Do the agents agree?</h2>\n<table class=\"agreement\"><thead><tr><th>variant</th><th>measure</th>";
  for (const std::string& a : c.agents) o << "<th>" << esc(a) << "</th>";
  o << "<th></th></tr></thead><tbody>";
  // Only the rows where the agents do not all agree; the cards' folded below the game measures'.
  auto row = [&](const Agreement& g) {
    std::ostringstream r;
    r << "<tr class=\"sig\"><td>" << esc(c.names[g.variant]) << "</td><td>"
      << esc(g.label()) << "</td>";
    for (size_t a = 0; a < g.sign.size(); ++a)
      r << "<td>" << (g.sign[a] > 0 ? "up" : g.sign[a] < 0 ? "down" : "no change") << (g.significant[a] ? " (significant)" : "")
        << "</td>";
    r << "<td><strong>" << g.verdict << "</strong></td></tr>";
    return r.str();
  };
  size_t agreed = 0, card_rows = 0;
  std::string cards;
  for (const Agreement& g : all) {
    if (g.agree) ++agreed;
    else if (!g.card.empty()) cards += row(g), ++card_rows;
    else o << row(g);
  }
  o << "</tbody></table>\n";
  if (card_rows)
    o << "<details class=\"cards\"><summary>" << card_rows << " card measure" << (card_rows == 1 ? "" : "s")
      << " on which the agents do not all agree</summary><table class=\"agreement\"><tbody>" << cards << "</tbody></table></details>\n";
  o << "<p class=\"note\">" << all.size() << " changes are significant under at least one agent; shown: the "
    << all.size() - agreed << " on which the agents do not all agree (" << agreed
    << " on which they agree are not shown). <em>agree</em>: significant under every agent, the same "
       "way; <em>same way</em>: every agent's difference points the same way, significant under some; "
       "<em>unconfirmed</em>: another agent's estimate points the other way, not significantly; <em>disagree</em>: "
       "significant both ways.</p>\n";
  return o.str();
}

// The skill gap (--skill): each variant's, and its difference from the baseline's.
std::string skill_section(const Comparison& c) {
  std::ostringstream o;
  o << "<h2>Skill gap</h2>\n<p>The share of games <code>" << esc(c.strong) << "</code> wins against <code>" << esc(c.weak)
    << "</code>, seats alternated, on the same seeds: does the variant reward better play?</p>\n"
       "<table class=\"skill\"><thead><tr><th>variant</th><th>skill gap</th><th>difference</th><th>interval</th>"
       "<th>adjusted p</th><th></th></tr></thead><tbody>";
  for (size_t v = 0; v < c.names.size(); ++v) {
    const stats::Interval g = c.skill_gap(v);
    o << "<tr><td>" << esc(c.names[v]) << "</td><td>"
      << (c.skill.v[v].n ? fmt_value(g.value, true) + " (" + fmt_value(g.low, true) + " to " + fmt_value(g.high, true) + ")" : "n/a")
      << "</td>";
    bool row = false;
    for (const DiffRow& r : c.diffs)
      if (r.skill && r.variant == v) o << (r.no_data ? "<td>n/a</td><td></td><td></td><td></td>" : difference_cells(r)), row = true;
    if (!row) o << "<td>(baseline)</td><td></td><td></td><td></td>";
    o << "</tr>";
  }
  return o.str() + "</tbody></table>\n";
}

// One plot a target and agent: each variant's measure with its interval, the target's line, and
// the ranking by distance.
std::string target_plot(const View& w, const Target& t, size_t k) {
  const Comparison& c = w.c;
  const size_t nv = c.names.size();
  const double W = 400, L = 128, R = 14, row = 16, T = 18;
  const double H = T + row * static_cast<double>(nv) + 24;
  Svg g(W, H, "Target " + t.measure);
  std::vector<TargetResult> rs;
  double lo = 1e300, hi = -1e300;
  for (size_t v = 0; v < nv; ++v) {
    rs.push_back(c.target(t, w.agent, v));
    if (rs.back().has)
      lo = std::min({lo, rs.back().measure.low, rs.back().target}), hi = std::max({hi, rs.back().measure.high, rs.back().target});
  }
  if (lo > hi) lo = 0, hi = 1;
  const double span = std::max(hi - lo, t.rate() ? 0.02 : 0.05);
  const std::vector<double> xt = ticks(lo - span * 0.15, hi + span * 0.15, 4);
  auto X = [&](double x) { return L + (W - L - R) * (x - xt.front()) / (xt.back() - xt.front()); };
  const double axis = T + row * static_cast<double>(nv);
  g.line(L, axis, W - R, axis, "#000");
  for (double x : xt) {
    g.line(X(x), T - 4, X(x), axis, "#e4e4e4");
    g.text(X(x), axis + 12, tick_text(x, xt.size() > 1 ? xt[1] - xt[0] : 1, t.rate()), "middle", 10);
  }
  if (!t.median) {
    g.line(X(t.value), T - 6, X(t.value), axis, "#000", 1.4, "5 3");
    g.text(X(t.value), T - 8, "target", "middle", 9);
  }
  for (size_t v = 0; v < nv; ++v) {
    const double y = T + row * (static_cast<double>(v) + 0.5);
    g.text(L - 6, y + 4, w.names[v], "end", 10, "#333");
    const TargetResult& r = rs[v];
    if (!r.has) {
      g.text(L + 4, y + 4, "n/a (no data)", "start", 10, "#333");
      continue;
    }
    if (t.median) g.line(X(r.target), y - 6, X(r.target), y + 6, "#000", 1.4, "2 1");
    g.line(X(r.measure.low), y, X(r.measure.high), y, kColours[v % kStyles], 1.6);
    g.marker(static_cast<int>(v), X(r.measure.value), y, 3.5,
             w.names[v] + ": " + fmt_value(r.measure.value, t.rate()) + ", off the target by " +
                 fmt_value(r.distance.value, t.rate()) + " (" + fmt_value(r.distance.low, t.rate()) + " to " +
                 fmt_value(r.distance.high, t.rate()) + ")");
  }
  std::string order;
  int place = 0;
  for (const auto& tie : c.ranking(t, w.agent)) {
    std::string names;
    for (size_t v : tie) names += (names.empty() ? "" : " = ") + c.names[v];
    ++place;
    order += (place > 1 ? "; " : "") + std::to_string(place) + ". " + names;
  }
  const std::string goal = t.median ? "the median of the set's other cards (a tick a variant)" : fmt_value(t.value, t.rate());
  return figure("plot-target-" + std::to_string(k + 1) + w.id, "Target: " + t.measure + " = " + goal,
                g.str(), "Nearest first (tied where the distances' intervals overlap): " + order + ".");
}

// A target's answer under agent a, with its precision: the nearest (or the tied group, and about
// how many games a variant would tell it apart), then the others in order.
std::string target_verdict(const Comparison& c, const Target& t, size_t a) {
  std::ostringstream o;
  o << "<li><strong>" << esc(t.measure) << " = " << esc(t.median ? std::string("the median of the others") : fmt_value(t.value, t.rate()))
    << "</strong>" << (c.agents.size() > 1 ? " under <code>" + esc(c.agents[a]) + "</code>" : "") << ": ";
  const std::vector<std::vector<size_t>> rank = c.ranking(t, a);
  if (rank.empty()) return o.str() + "no variant has data.</li>";
  auto names = [&](const std::vector<size_t>& tie) {
    std::string s;
    for (size_t v : tie) s += (s.empty() ? "" : " = ") + c.names[v];
    return s;
  };
  const TargetResult r = c.target(t, a, rank[0][0]);
  if (rank[0].size() == 1) {
    o << "nearest <strong>" << esc(c.names[rank[0][0]]) << "</strong>, off by " << esc(fmt_value(r.distance.value, t.rate())) << " ("
      << esc(fmt_value(r.distance.low, t.rate())) << " to " << esc(fmt_value(r.distance.high, t.rate())) << ")";
  } else {
    const long long n = c.games_to_untie(t, a, rank[0]);
    o << "<strong>" << esc(names(rank[0])) << "</strong> not distinguishable; "
      << (n < 0 ? std::string("their intervals hold the target: no estimate of the games to decide")
                : "about " + std::to_string(n) + " games a variant would decide");
  }
  for (size_t k = 1; k < rank.size(); ++k) o << (k == 1 ? "; then " : ", then ") << esc(names(rank[k]));
  return o.str() + ".</li>";
}

// The largest significant changes, by adjusted p (game measures before cards), five at most.
std::string verdict_changes(const Comparison& c) {
  std::vector<const DiffRow*> changes;
  for (const DiffRow& r : c.diffs)
    if (r.significant && !r.skill) changes.push_back(&r);
  std::stable_sort(changes.begin(), changes.end(), [](const DiffRow* x, const DiffRow* y) {
    return std::make_pair(!x->card.empty(), x->p_adjusted) < std::make_pair(!y->card.empty(), y->p_adjusted);
  });
  std::ostringstream o;
  if (changes.empty() && c.names.size() > 1) o << "<li>No significant change from " << esc(c.names[0]) << ".</li>";
  for (size_t k = 0; k < changes.size() && k < 5; ++k) {
    const DiffRow& r = *changes[k];
    const double m = r.rate ? 100 : 1;
    char d[96];
    std::snprintf(d, sizeof d, r.rate ? "%+.1f pts (%+.1f to %+.1f)" : "%+.3g (%+.3g to %+.3g)", m * r.d.delta, m * r.d.low, m * r.d.high);
    o << "<li>" << esc(c.names[r.variant]) << (c.agents.size() > 1 ? " under <code>" + esc(c.agents[r.agent]) + "</code>" : "")
      << ": " << esc(r.label()) << " <strong>" << d
      << "</strong></li>";
  }
  if (changes.size() > 5) o << "<li>... and " << changes.size() - 5 << " more significant changes (below).</li>";
  return o.str();
}

// The verdict (issue 51): what a designer decides by, the full width of the first screen: each
// target's answer with its precision, the skill gap, and the largest significant changes.
std::string verdict_box(const Comparison& c) {
  std::ostringstream o;
  o << "<section class=\"verdict\" id=\"verdict\"><h2>Verdict</h2>\n<ul>";
  for (const Target& t : c.targets)
    for (size_t a = 0; a < c.agents.size(); ++a) o << target_verdict(c, t, a);
  if (c.has_skill()) {  // each variant's gap, and how it differs from the baseline's
    o << "<li>Skill gap (<code>" << esc(c.strong) << "</code>'s share of its games against <code>" << esc(c.weak) << "</code>): ";
    for (size_t v = 0; v < c.names.size(); ++v) {
      const stats::Interval g = c.skill_gap(v);
      o << (v ? "; " : "") << esc(c.names[v]) << " "
        << (c.skill.v[v].n ? fmt_value(g.value, true) + " (" + fmt_value(g.low, true) + " to " + fmt_value(g.high, true) + ")" : "n/a");
      for (const DiffRow& r : c.diffs) {
        if (!r.skill || r.variant != v || r.no_data) continue;
        char d[32];
        std::snprintf(d, sizeof d, "%+.1f pts", 100 * r.d.delta);
        o << ", " << (r.significant ? "<strong>significantly " + std::string(r.d.delta > 0 ? "larger" : "smaller") + "</strong>"
                                    : std::string(r.negligible ? "no change" : "not told apart"))
          << " (" << d << ")";
      }
    }
    o << ".</li>";
  }
  return o.str() + verdict_changes(c) + "</ul></section>\n";
}

}  // namespace

namespace {

// One agent's sections: what changed, the measures, game length, VP, end reasons, cards. With
// several agents each heading names the agent.
std::string agent_section(const View& w) {
  const Comparison& c = w.c;
  const std::string under = c.agents.size() > 1 ? " under " + c.agents[w.agent] : "";
  std::ostringstream h;
  if (c.agents.size() > 1) h << "<h2 class=\"agent\">Agent <code>" << esc(c.agents[w.agent]) << "</code> in both seats</h2>\n";
  if (c.names.size() > 1) h << "<h2>What changed" << esc(under) << "</h2>\n" << differences_table(w);
  h << "<h2>Measures" << esc(under) << "</h2>\n" << measures_plot(w) << "<h2>Game length" << esc(under) << "</h2>\n"
    << histogram(w, "plot-battles", "Battles a game (share of games)", &VariantSums::battles_hist, 1, "battles a game")
    << histogram(w, "plot-actions", "Actions a game (share of games)", &VariantSums::actions_hist, kActionBucket,
                 "actions a game (buckets of " + std::to_string(kActionBucket) + ")")
    << "<h2>VP a battle" << esc(under) << "</h2>\n"
    << histogram(w, "plot-vp", "VP a battle awarded (share of battles)", &VariantSums::vp_hist, 1, "VP")
    << "<h2>How battles ended" << esc(under) << "</h2>\n" << reasons_plot(w) << "<h2>Cards" << esc(under) << "</h2>\n"
    << cards_plot(w, kFaceupWinRate, "plot-cards-faceup", "Cards played faceup: the battle won")
    << cards_plot(w, kFacedownWinRate, "plot-cards-facedown", "Cards played facedown: the battle won");
  return h.str();
}


}  // namespace

void write_report(const std::string& path, const Comparison& c) {
  std::ostringstream h;
  const VariantSums& base = c.runs[0].v[0];
  std::string title = "als compare: ", agents;
  for (size_t v = 0; v < c.names.size(); ++v) title += (v ? " vs " : "") + c.names[v];
  for (size_t a = 0; a < c.agents.size(); ++a) agents += (a ? ", " : "") + ("<code>" + esc(c.agents[a]) + "</code>");
  h << page_start(title) << "<p class=\"intro\">" << base.games << " games a variant on the same seeds (seed " << c.seed << "), agent" << (c.agents.size() > 1 ? "s " : " ")
    << agents << " in both seats; " << std::lround(c.confidence * 100)
    << "% intervals; a difference is significant after the "
    << (c.correction == "bh" ? "Benjamini-Hochberg" : "Holm") << " correction over " << c.diffs.size()
    << " differences" << (c.looks > 1 ? " and " + std::to_string(c.looks) + " looks" : "")
    << " (its adjusted p below " << c.alpha() << ").";
  if (c.stopped_early)
    h << " The run stopped early, at look " << c.looks_taken << " of " << c.looks
      << ": every difference was decided (significant, or within its margin of no change).";
  h << "</p>\n" << verdict_box(c) << "<p class=\"evaluations\">How each agent values a position (the same player in every variant):";
  for (size_t a = 0; a < c.played.size(); ++a) {
    const std::string& given = given_spec(c, a);
    h << "<br><code>" << esc(given) << "</code>"
      << (c.played[a] != given ? " (played as <code>" + esc(c.played[a]) + "</code>)" : "") << ": " << esc(c.evaluation[a]);
  }
  h << "</p>\n" << legend(c);
  if (c.agents.size() > 1 && c.names.size() > 1) h << agreement_table(c);
  if (c.has_skill()) h << skill_section(c);
  if (!c.targets.empty()) {
    h << "<h2>Targets</h2>\n";
    for (size_t a = 0; a < c.agents.size(); ++a) {
      if (c.agents.size() > 1) h << "<h3>Under <code>" << esc(c.agents[a]) << "</code></h3>\n";
      for (size_t k = 0; k < c.targets.size(); ++k) h << target_plot(View(c, a), c.targets[k], k);
    }
  }
  for (size_t a = 0; a < c.agents.size(); ++a) h << agent_section(View(c, a));
  h << "<p class=\"note\">Made by als compare. Shares use Wilson's interval, means a t interval; differences are "
       "paired by seed. A distance to a target is the measure's interval's distance to it (0 when it holds the target).</p>\n";
  write_page(path, h.str());
}

}  // namespace als::lab
