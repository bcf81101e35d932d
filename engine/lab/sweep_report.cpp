// als sweep --report: one self-contained HTML file (sweep.h). For one param, the measure against
// the value with its intervals and the target, and the distance likewise; for two, a heat map of
// the distance (each cell labelled, so it reads in grey scale). Inline SVG (svg.h), no script.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "svg.h"
#include "sweep.h"

namespace als::lab {

namespace {

std::string g_text(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

// One param: `what` (the measure, or its distance) against the value, with intervals; the
// target as a dashed line (the measure's plot), dropped values hollow.
std::string value_plot(const Sweep& s, bool distance) {
  const Target& t = s.target();
  const bool rate = t.rate();
  const std::vector<double>& xs = s.params[0].values;
  double lo = 1e300, hi = -1e300;
  std::vector<TargetResult> rs;
  for (size_t p = 0; p < s.points.size(); ++p) {
    rs.push_back(s.c.target(t, 0, p));
    if (!rs.back().has) continue;
    const stats::Interval& iv = distance ? rs.back().distance : rs.back().measure;
    lo = std::min(lo, iv.low), hi = std::max(hi, iv.high);
    if (!distance) lo = std::min(lo, rs.back().target), hi = std::max(hi, rs.back().target);
  }
  if (distance) lo = 0;
  if (lo > hi) lo = 0, hi = 1;
  const double W = 400, H = 230, L = 46, R = 12, T = 14, B = 40;
  const std::string caption = distance ? "Distance to the target against " + s.params[0].name
                                       : t.measure + " against " + s.params[0].name;
  Svg g(W, H, caption);
  const std::vector<double> yt = ticks(lo - (hi - lo) * 0.05, hi + (hi - lo) * 0.05 + 1e-9, 4);
  const auto [xmin, xmax] = std::minmax_element(xs.begin(), xs.end());
  const double x0 = *xmin, x1 = *xmax > *xmin ? *xmax : *xmin + 1;
  auto X = [&](double v) { return L + 8 + (W - L - R - 16) * (v - x0) / (x1 - x0); };
  auto Y = [&](double v) { return T + (H - T - B) * (1 - (v - yt.front()) / (yt.back() - yt.front())); };
  for (double y : yt) {
    g.line(L, Y(y), W - R, Y(y), "#e4e4e4");
    g.text(L - 4, Y(y) + 4, tick_text(y, yt.size() > 1 ? yt[1] - yt[0] : 1, rate), "end", 10);
  }
  g.line(L, H - B, W - R, H - B, "#000");
  const size_t every = std::max<size_t>(1, xs.size() / 10);
  for (size_t k = 0; k < xs.size(); k += every) g.text(X(xs[k]), H - B + 14, g_text(xs[k]), "middle", 10);
  g.text((L + W - R) / 2, H - 8, s.params[0].name, "middle", 11);
  if (!distance) {  // the target: one line, or a median's value at each point
    std::vector<std::pair<double, double>> line;
    for (size_t p = 0; p < s.points.size(); ++p)
      if (rs[p].has) line.emplace_back(X(s.points[p][0]), Y(rs[p].target));
    if (!t.median && !line.empty()) line = {{L, Y(t.value)}, {W - R, Y(t.value)}};
    for (size_t k = 1; k < line.size(); ++k) g.line(line[k - 1].first, line[k - 1].second, line[k].first, line[k].second, "#000", 1.4, "5 3");
    if (!line.empty()) g.text(W - R - 2, line.back().second - 4, t.median ? "target (median)" : "target", "end", 9);
  }
  const long best = s.best();
  for (size_t p = 0; p < s.points.size(); ++p) {
    if (!rs[p].has) continue;
    const stats::Interval& iv = distance ? rs[p].distance : rs[p].measure;
    const bool dropped = s.dropped_after[p] >= 0;
    const std::string colour = dropped ? "#999999" : kColours[0];
    const double x = X(s.points[p][0]);
    g.line(x, Y(iv.low), x, Y(iv.high), colour, 1.6);
    const std::string title = s.point_text(p) + ": " + fmt_value(iv.value, rate) + " (" + fmt_value(iv.low, rate) + " to " +
                              fmt_value(iv.high, rate) + ")" +
                              (dropped ? ", dropped after " + std::to_string(s.dropped_after[p]) + " games" : "") +
                              (static_cast<long>(p) == best ? ", the best" : "");
    if (dropped) g.rect(x - 3, Y(iv.value) - 3, 6, 6, "#fff", title, "#555");
    else g.marker(static_cast<long>(p) == best ? 6 : 0, x, Y(iv.value), static_cast<long>(p) == best ? 5.5 : 3.5, title);
  }
  return figure(distance ? "plot-distance" : "plot-measure", caption, g.str(),
                "Intervals at " + std::to_string(std::lround(s.c.confidence * 100)) +
                    "%. Hollow squares: values dropped by the racing; the star: the best.");
}

// Two params: a cell a point, shaded by its distance (lighter nearer), labelled with it.
std::string heat_map(const Sweep& s) {
  const Target& t = s.target();
  const bool rate = t.rate();
  const size_t rows = s.params[0].values.size(), cols = s.params[1].values.size();
  double near = 1e300, far = -1e300;  // the grid's nearest and farthest distances: the shades' range
  std::vector<TargetResult> rs;
  for (size_t p = 0; p < s.points.size(); ++p) {
    rs.push_back(s.c.target(t, 0, p));
    if (rs.back().has) near = std::min(near, rs.back().distance.value), far = std::max(far, rs.back().distance.value);
  }
  auto depth = [&](double d) { return far > near ? (d - near) / (far - near) : 0.0; };  // 0 nearest, 1 farthest
  const double L = 60, T = 30, cell_w = std::max(28.0, std::min(60.0, 330.0 / static_cast<double>(cols))),
               cell_h = std::max(16.0, std::min(30.0, 400.0 / static_cast<double>(rows)));
  const double W = L + cell_w * static_cast<double>(cols) + 10, H = T + cell_h * static_cast<double>(rows) + 30;
  Svg g(W, H, "Distance to the target for each " + s.params[0].name + " and " + s.params[1].name);
  const long best = s.best();
  for (size_t c = 0; c < cols; ++c)
    g.text(L + cell_w * (static_cast<double>(c) + 0.5), T - 6, g_text(s.params[1].values[c]), "middle", 10);
  g.text(L + cell_w * static_cast<double>(cols) / 2, H - 8, s.params[1].name + " (columns)", "middle", 11);
  g.text(4, 12, s.params[0].name + " (rows)", "start", 11);
  for (size_t r = 0; r < rows; ++r) {
    const double y = T + cell_h * static_cast<double>(r);
    g.text(L - 6, y + cell_h / 2 + 4, g_text(s.params[0].values[r]), "end", 10);
    for (size_t c = 0; c < cols; ++c) {
      const size_t p = r * cols + c;
      const double x = L + cell_w * static_cast<double>(c);
      std::string fill = "#ffffff", label = "n/a";
      if (rs[p].has) {
        const int shade = static_cast<int>(std::lround(240 - 170 * depth(rs[p].distance.value)));
        char hex[8];
        std::snprintf(hex, sizeof hex, "#%02x%02x%02x", shade, shade, shade);
        fill = hex;
        label = rate ? g_text(std::round(1000 * rs[p].distance.value) / 10) : g_text(std::round(1000 * rs[p].distance.value) / 1000);
      }
      const bool dropped = s.dropped_after[p] >= 0;
      g.rect(x, y, cell_w, cell_h, fill,
             s.point_text(p) + ": " + (rs[p].has ? "off by " + fmt_value(rs[p].distance.value, rate) : "no data") +
                 (dropped ? ", dropped after " + std::to_string(s.dropped_after[p]) + " games" : ""),
             static_cast<long>(p) == best ? "#000" : "#888");
      if (static_cast<long>(p) == best) g.rect(x + 1.5, y + 1.5, cell_w - 3, cell_h - 3, "none", "", "#000");
      const bool dark = rs[p].has && depth(rs[p].distance.value) > 0.6;
      g.text(x + cell_w / 2, y + cell_h / 2 + 4, dropped ? label + "x" : label, "middle", 9.5, dark ? "#fff" : "#000");
    }
  }
  return figure("plot-heat-map", "Distance to the target" + std::string(rate ? " (points)" : "") + ", each " +
                                     s.params[0].name + " and " + s.params[1].name,
                g.str(), "Lighter is nearer (from the grid's nearest to its farthest); the outlined cell is the best; x: "
                         "dropped by the racing.");
}

std::string values_table(const Sweep& s) {
  const bool rate = s.target().rate();
  std::ostringstream o;
  o << "<table class=\"values\"><thead><tr><th>value</th><th>games</th><th>measure</th><th>target</th>"
       "<th>distance</th><th></th></tr></thead><tbody>";
  const long best = s.best();
  for (size_t p = 0; p < s.points.size(); ++p) {
    const TargetResult r = s.c.target(s.target(), 0, p);
    auto iv = [&](const stats::Interval& i) {
      return fmt_value(i.value, rate) + " (" + fmt_value(i.low, rate) + " to " + fmt_value(i.high, rate) + ")";
    };
    o << "<tr" << (static_cast<long>(p) == best ? " class=\"sig\"" : "") << "><td>" << esc(s.point_text(p)) << "</td><td>"
      << s.c.runs[0].v[p].games << "</td><td>" << (r.has ? iv(r.measure) : "n/a") << "</td><td>"
      << (r.has ? fmt_value(r.target, rate) : "n/a") << "</td><td>" << (r.has ? iv(r.distance) : "n/a") << "</td><td>"
      << (static_cast<long>(p) == best ? "<strong>best</strong>"
          : s.dropped_after[p] >= 0 ? "dropped after " + std::to_string(s.dropped_after[p])
                                    : "")
      << "</td></tr>";
  }
  return o.str() + "</tbody></table>\n";
}

}  // namespace

void write_sweep_report(const std::string& path, const Sweep& s) {
  std::ostringstream h;
  const Target& t = s.target();
  const std::string title = "als sweep: " + s.spec;
  h << page_start(title) << "<p>Target <code>"
    << esc(t.measure) << "</code> = " << (t.median ? "the median of the set's other cards" : esc(g_text(t.value))) << ". Agent <code>"
    << esc(s.c.agents[0]) << "</code> in both seats, at most " << s.planned << " games a value on the same seeds (seed " << s.c.seed
    << "), " << std::lround(s.c.confidence * 100) << "% intervals. A value stopped playing once it was farther from the "
       "target than the best at p &lt; "
    << g_text(s.racing_alpha()) << " (one-sided; " << g_text(1 - s.c.confidence) << " corrected for the " << s.points.size() - 1
    << " other values and " << s.looks << " looks).</p>\n";
  const long best = s.best();
  if (best < 0) {
    h << "<p class=\"answer\">No value has data for this measure: nothing is decided.</p>\n";
  } else {
    const TargetResult r = s.c.target(t, 0, static_cast<size_t>(best));
    std::string same;
    for (size_t p : s.indistinguishable()) same += (same.empty() ? "" : "; ") + s.point_text(p);
    h << "<p class=\"answer\"><strong>Best: " << esc(s.point_text(static_cast<size_t>(best))) << "</strong>, "
      << esc(fmt_value(r.measure.value, t.rate())) << " (" << esc(fmt_value(r.measure.low, t.rate())) << " to "
      << esc(fmt_value(r.measure.high, t.rate())) << "). Not distinguishable from it: " << (same.empty() ? "none" : esc(same))
      << ".</p>\n";
    const long rec = s.recommended();
    const TargetResult q = s.c.target(t, 0, static_cast<size_t>(rec));
    h << "<p class=\"answer\"><strong>Recommended: " << esc(s.point_text(static_cast<size_t>(rec))) << "</strong>, of these the one "
      << "its data put nearest the target: off at most " << esc(fmt_value(q.distance.high, t.rate())) << ".</p>\n";
  }
  if (s.params.size() == 1) h << "<h2>Measure against value</h2>\n" << value_plot(s, false) << value_plot(s, true);
  else h << "<h2>Distance over the grid</h2>\n" << heat_map(s);
  h << "<h2>Every value</h2>\n" << values_table(s)
    << "<p class=\"note\">Made by als sweep. Shares use Wilson's interval, means a t interval; a distance's interval is "
       "the measure's interval's distance to the target (0 when it holds the target).</p>\n";
  write_page(path, h.str());
}

}  // namespace als::lab
