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

#include "compare.h"

namespace als::cli {

namespace {

const char* const kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};
const char* const kDashes[] = {"", "6 3", "2 2", "8 3 2 3", "4 4", "1 3", "10 2"};
constexpr int kStyles = 7;
// Grey-scale distinguishable fills for the end reasons' segments.
const char* const kFills[] = {"#2b2b2b", "#8a8a8a", "#d0d0d0", "#5c5c5c", "#b0b0b0", "#ececec", "#444444"};

std::string esc(const std::string& s) {
  std::string o;
  for (char ch : s) {
    switch (ch) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default: o += ch;
    }
  }
  return o;
}

std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", x);
  return b;
}

std::string fmt_value(double v, bool rate) {
  char b[32];
  if (rate) std::snprintf(b, sizeof b, "%.1f%%", 100 * v);
  else std::snprintf(b, sizeof b, std::abs(v) >= 100 ? "%.0f" : std::abs(v) >= 10 ? "%.1f" : "%.2f", v);
  return b;
}

/// An SVG drawing in user units (scaled to the page by its viewBox).
class Svg {
 public:
  Svg(double w, double h, const std::string& label) : w_(w), h_(h) {
    o_ << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << num(w) << " " << num(h)
       << "\" role=\"img\" aria-label=\"" << esc(label) << "\">";
  }
  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width = 1,
            const std::string& dash = "") {
    o_ << "<line x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2) << "\" y2=\"" << num(y2)
       << "\" stroke=\"" << stroke << "\" stroke-width=\"" << num(width) << "\"";
    if (!dash.empty()) o_ << " stroke-dasharray=\"" << dash << "\"";
    o_ << "/>";
  }
  void rect(double x, double y, double w, double h, const std::string& fill, const std::string& title = "",
            const char* stroke = "#000") {
    o_ << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(std::max(0.0, w)) << "\" height=\""
       << num(std::max(0.0, h)) << "\" fill=\"" << fill << "\" stroke=\"" << stroke << "\" stroke-width=\"0.5\">";
    if (!title.empty()) o_ << "<title>" << esc(title) << "</title>";
    o_ << "</rect>";
  }
  void text(double x, double y, const std::string& s, const char* anchor = "start", double size = 11,
            const std::string& fill = "#000") {
    o_ << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(size) << "\" text-anchor=\""
       << anchor << "\" fill=\"" << fill << "\">" << esc(s) << "</text>";
  }
  /// Variant v's marker at (x, y): circle, square, triangle, diamond, cross, triangle down, star.
  void marker(int v, double x, double y, double r = 4, const std::string& title = "") {
    const std::string c = kColours[v % kStyles];
    const std::string f = "fill=\"" + c + "\" stroke=\"#000\" stroke-width=\"0.6\"";
    o_ << "<g>";
    switch (v % kStyles) {
      case 0: o_ << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << num(r) << "\" " << f << "/>"; break;
      case 1: o_ << "<rect x=\"" << num(x - r) << "\" y=\"" << num(y - r) << "\" width=\"" << num(2 * r) << "\" height=\"" << num(2 * r) << "\" " << f << "/>"; break;
      case 2: poly({{x, y - r * 1.2}, {x + r * 1.1, y + r * 0.8}, {x - r * 1.1, y + r * 0.8}}, f); break;
      case 3: poly({{x, y - r * 1.3}, {x + r * 1.1, y}, {x, y + r * 1.3}, {x - r * 1.1, y}}, f); break;
      case 4: o_ << "<path d=\"M" << num(x - r) << " " << num(y - r) << "L" << num(x + r) << " " << num(y + r) << "M"
                 << num(x - r) << " " << num(y + r) << "L" << num(x + r) << " " << num(y - r) << "\" stroke=\"" << c
                 << "\" stroke-width=\"2.2\"/>"; break;
      case 5: poly({{x, y + r * 1.2}, {x + r * 1.1, y - r * 0.8}, {x - r * 1.1, y - r * 0.8}}, f); break;
      default: poly({{x, y - r * 1.3}, {x + r * 0.4, y - r * 0.4}, {x + r * 1.3, y}, {x + r * 0.4, y + r * 0.4},
                     {x, y + r * 1.3}, {x - r * 0.4, y + r * 0.4}, {x - r * 1.3, y}, {x - r * 0.4, y - r * 0.4}}, f);
    }
    if (!title.empty()) o_ << "<title>" << esc(title) << "</title>";
    o_ << "</g>";
  }
  void polyline(const std::vector<std::pair<double, double>>& pts, int v) {
    o_ << "<polyline fill=\"none\" stroke=\"" << kColours[v % kStyles] << "\" stroke-width=\"1.8\"";
    if (*kDashes[v % kStyles]) o_ << " stroke-dasharray=\"" << kDashes[v % kStyles] << "\"";
    o_ << " points=\"";
    for (const auto& [x, y] : pts) o_ << num(x) << "," << num(y) << " ";
    o_ << "\"/>";
  }
  std::string str() const { return o_.str() + "</svg>"; }
  double w() const { return w_; }
  double h() const { return h_; }

 private:
  void poly(const std::vector<std::pair<double, double>>& pts, const std::string& attrs) {
    o_ << "<polygon points=\"";
    for (const auto& [x, y] : pts) o_ << num(x) << "," << num(y) << " ";
    o_ << "\" " << attrs << "/>";
  }
  std::ostringstream o_;
  double w_, h_;
};

/// Round tick values from one at or below lo to one at or above hi, about n steps apart.
std::vector<double> ticks(double lo, double hi, int n) {
  if (!(hi > lo)) hi = lo + 1;
  const double raw = (hi - lo) / n, mag = std::pow(10, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  std::vector<double> t;
  // From the tick at or below lo to the one at or above hi: the axis covers every value.
  const double first = std::floor(lo / step + 1e-9) * step, last = std::ceil(hi / step - 1e-9) * step;
  for (int k = 0; first + k * step <= last + 1e-9 * step; ++k) {
    const double x = first + k * step;
    t.push_back(std::abs(x) < 1e-12 * step ? 0 : x);
  }
  return t;
}

std::string tick_text(double x, double step_hint, bool pct) {
  char b[32];
  if (pct) std::snprintf(b, sizeof b, "%g%%", std::round(x * 1000) / 10);
  else if (step_hint >= 1) std::snprintf(b, sizeof b, "%.0f", x);
  else std::snprintf(b, sizeof b, "%g", std::round(x * 100) / 100);
  return b;
}

std::string figure(const std::string& id, const std::string& caption, const std::string& svg,
                   const std::string& note = "") {
  return "<figure class=\"plot\" id=\"" + id + "\"><figcaption>" + esc(caption) + "</figcaption>" + svg +
         (note.empty() ? "" : "<p class=\"note\">" + esc(note) + "</p>") + "</figure>\n";
}

/// Shares of each bucket of a histogram, one line a variant (lines with markers read in grey).
std::string histogram(const Comparison& c, const std::string& id, const std::string& caption,
                      std::vector<long long> VariantSums::*hist, double bucket_width, const std::string& xlabel) {
  // Buckets shown: from the first to the last any variant has.
  size_t lo = SIZE_MAX, hi = 0;
  for (const VariantSums& s : c.totals.v)
    for (size_t i = 0; i < (s.*hist).size(); ++i)
      if ((s.*hist)[i]) lo = std::min(lo, i), hi = std::max(hi, i);
  if (lo == SIZE_MAX) lo = hi = 0;
  double top = 0;
  std::vector<std::vector<double>> share;
  for (const VariantSums& s : c.totals.v) {
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
    const bool last = i + 1 == (c.totals.v[0].*hist).size();
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
               c.names[v] + ": " + std::to_string(i) + " " + fmt_value(share[v][i - lo], true));
  }
  return figure(id, caption, g.str());
}

/// One panel a measure: each variant's value and interval, a row each.
std::string measures_plot(const Comparison& c) {
  const size_t nv = c.names.size();
  const double W = 400, L = 128, R = 14, row = 15, pad = 15;
  const double panel = pad + row * static_cast<double>(nv) + 22;
  const double H = panel * static_cast<double>(kMeasures) + 6;
  Svg g(W, H, "The measures with their intervals");
  for (int m = 0; m < kMeasures; ++m) {
    const bool rate = kMeasureInfo[m].rate;
    double lo = 1e300, hi = -1e300;
    std::vector<stats::Interval> iv;
    for (const VariantSums& s : c.totals.v) {
      iv.push_back(s.measure(m, c.confidence));
      lo = std::min(lo, iv.back().low), hi = std::max(hi, iv.back().high);
    }
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
    for (size_t v = 0; v < nv; ++v) {
      const double y = top + pad + row * (static_cast<double>(v) + 0.5);
      g.text(L - 6, y + 4, c.names[v].size() > 20 ? c.names[v].substr(0, 19) + "~" : c.names[v], "end", 10, "#333");
      g.line(X(iv[v].low), y, X(iv[v].high), y, kColours[v % kStyles], 1.6);
      g.line(X(iv[v].low), y - 3, X(iv[v].low), y + 3, kColours[v % kStyles], 1.2);
      g.line(X(iv[v].high), y - 3, X(iv[v].high), y + 3, kColours[v % kStyles], 1.2);
      g.marker(static_cast<int>(v), X(iv[v].value), y, 3.5,
               c.names[v] + ": " + fmt_value(iv[v].value, rate) + " (" + fmt_value(iv[v].low, rate) + " to " +
                   fmt_value(iv[v].high, rate) + ")");
    }
  }
  return figure("plot-measures", "The measures, each with its " + std::to_string(std::lround(c.confidence * 100)) +
                                     "% interval (Wilson for shares, t for means)",
                g.str());
}

/// End reasons: a stacked bar a variant, each reason's share of the variant's battles.
std::string reasons_plot(const Comparison& c) {
  // The reasons each variant shows (at most 8: a rule may give a fresh reason every game), control
  // and withdraw first; each variant's own "N other reasons" is its rest.
  std::vector<std::string> reasons;
  std::set<std::string> seen;
  std::vector<std::map<std::string, long long>> shown;
  for (const VariantSums& s : c.totals.v) {
    shown.emplace_back();
    const std::map<std::string, long long> all = s.end_reasons();
    for (const auto& [how, k] : reasons_shown(all, 8)) {
      const bool rest = how.find(" other reasons") != std::string::npos && !all.count(how);
      const std::string key = rest ? "other reasons" : how;
      shown.back()[key] += k;
      if (seen.insert(key).second) reasons.push_back(key);
    }
  }
  std::stable_sort(reasons.begin(), reasons.end(), [](const std::string& a, const std::string& b) {
    auto rank = [](const std::string& s) { return s == "control" ? 0 : s == "withdraw" ? 1 : s == "other reasons" ? 3 : 2; };
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
    g.text(L - 6, y + bar / 2 + 4, c.names[v].size() > 20 ? c.names[v].substr(0, 19) + "~" : c.names[v], "end", 10);
    double x = L;
    for (size_t r = 0; r < reasons.size(); ++r) {
      auto it = ends.find(reasons[r]);
      const double share = it == ends.end() || !total ? 0 : static_cast<double>(it->second) / total;
      const double w = (W - L - R) * share;
      g.rect(x, y, w, bar, kFills[r % kStyles], c.names[v] + ": " + reasons[r] + " " + fmt_value(share, true));
      if (w > 34) g.text(x + w / 2, y + bar / 2 + 4, fmt_value(share, true), "middle", 10, r % kStyles == 0 || r % kStyles == 3 || r % kStyles == 6 ? "#fff" : "#000");
      x += w;
    }
  }
  const double ly = T + (bar + gap) * static_cast<double>(nv) + 6;
  for (size_t r = 0; r < reasons.size(); ++r) {
    const double lx = L + static_cast<double>(r % 3) * 90, yy = ly + 16 * static_cast<double>(r / 3);
    g.rect(lx, yy, 12, 12, kFills[r % kStyles]);
    g.text(lx + 16, yy + 10, reasons[r], "start", 10);
  }
  return figure("plot-end-reasons", "How battles ended (share of each variant's battles)", g.str());
}

/// Per-card win rates (faceup or facedown) as dots with intervals, a row a card.
std::string cards_plot(const Comparison& c, int measure, const std::string& id, const std::string& caption) {
  std::vector<std::string> ids;  // cards of any variant, the baseline's order first
  for (const auto& e : c.engines)
    for (const auto& card : e->set().cards)
      if (std::find(ids.begin(), ids.end(), card.id) == ids.end()) ids.push_back(card.id);
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
  for (size_t k = 0; k < ids.size(); ++k) {
    const double y0 = T + row * static_cast<double>(k);
    g.text(L - 6, y0 + row / 2 + 4, ids[k], "end", 10);
    for (size_t v = 0; v < nv; ++v) {
      const auto& cards = c.engines[v]->set().cards;
      auto it = std::find_if(cards.begin(), cards.end(), [&](const CardDef& d) { return d.id == ids[k]; });
      if (it == cards.end()) continue;
      const size_t ci = static_cast<size_t>(it - cards.begin());
      const stats::Interval iv = c.totals.v[v].card_measure(ci, measure, c.confidence);
      if (!c.totals.v[v].card_n[ci * kCardMeasures + static_cast<size_t>(measure)]) continue;  // never played so
      const double y = y0 + 3 + sub * (static_cast<double>(v) + 0.5);
      g.line(X(iv.low), y, X(iv.high), y, kColours[v % kStyles], 1.3);
      g.marker(static_cast<int>(v), X(iv.value), y, 2.8,
               c.names[v] + ": " + ids[k] + " " + fmt_value(iv.value, true) + " (" + fmt_value(iv.low, true) + " to " +
                   fmt_value(iv.high, true) + ")");
    }
  }
  return figure(id, caption, g.str());
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

std::string differences_table(const Comparison& c) {
  std::ostringstream o;
  for (size_t v = 1; v < c.names.size(); ++v) {
    o << "<h3>" << esc(c.names[v]) << "</h3>\n<table class=\"diffs\"><thead><tr><th>measure</th><th>difference</th>"
         "<th>interval</th><th>adjusted p</th><th></th></tr></thead><tbody>";
    int hidden = 0, shown = 0;
    for (const DiffRow& r : c.diffs) {
      if (r.variant != v) continue;
      if (!r.card.empty() && !r.significant) {
        ++hidden;
        continue;
      }
      shown += !r.card.empty();
      char p[32], d[40], lo[40], hi[40];
      if (r.p_adjusted < 1e-16) std::snprintf(p, sizeof p, "&lt; 1e-16");  // beyond a double's resolution
      else std::snprintf(p, sizeof p, r.p_adjusted < 1e-4 ? "%.1e" : "%.4f", r.p_adjusted);
      const double k = r.rate ? 100 : 1;
      std::snprintf(d, sizeof d, r.rate ? "%+.1f pts" : "%+.3g", k * r.d.delta);
      std::snprintf(lo, sizeof lo, r.rate ? "%+.1f" : "%+.3g", k * r.d.low);
      std::snprintf(hi, sizeof hi, r.rate ? "%+.1f" : "%+.3g", k * r.d.high);
      o << "<tr" << (r.significant ? " class=\"sig\"" : "") << "><td>"
        << esc(r.card.empty() ? kMeasureInfo[r.measure].label : r.card + " " + kCardMeasureNames[r.measure]) << "</td><td>"
        << d << "</td><td>" << lo << " to " << hi << "</td><td>" << p << "</td><td>"
        << (r.significant ? "<strong>significant</strong>" : r.negligible ? "no change" : "undecided") << "</td></tr>";
    }
    o << "</tbody></table>\n<p class=\"note\">" << hidden << " card measures not significantly different are not listed"
      << (shown ? "" : "; no card measure differs significantly") << ".</p>\n";
  }
  return o.str();
}

}  // namespace

void write_report(const std::string& path, const Comparison& c) {
  std::ostringstream h;
  const VariantSums& base = c.totals.v[0];
  std::string title = "als compare: ";
  for (size_t v = 0; v < c.names.size(); ++v) title += (v ? " vs " : "") + c.names[v];
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>"
    << esc(title)
    << "</title><style>\n"
       "body{font-family:sans-serif;margin:0 auto;padding:0 12px 24px;max-width:760px;color:#111;background:#fff;"
       "line-height:1.4;overflow-wrap:anywhere}\n"
       "h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #999}h3{font-size:1em}\n"
       "figure.plot{margin:1em 0}figure.plot svg{width:100%;max-width:640px;height:auto;display:block}\n"
       "figcaption{font-weight:bold;margin-bottom:.3em}.note{font-size:.9em;color:#333}\n"
       "ul.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1.2em}"
       "ul.legend svg{width:28px;height:20px;vertical-align:middle}\n"
       "table{border-collapse:collapse;font-size:.85em;width:100%;display:block;overflow-x:auto}"
       "td,th{border-bottom:1px solid #ccc;padding:3px 6px;text-align:left;white-space:nowrap}"
       "tr.sig td{background:#eee}\n"
       "</style></head><body>\n<h1>"
    << esc(title) << "</h1>\n<p>" << base.games << " games a variant on the same seeds (seed " << c.seed
    << "), agent <code>" << esc(c.agent) << "</code> in both seats; " << std::lround(c.confidence * 100)
    << "% intervals; a difference is significant after the "
    << (c.correction == "bh" ? "Benjamini-Hochberg" : "Holm") << " correction over " << c.diffs.size()
    << " differences" << (c.looks > 1 ? " and " + std::to_string(c.looks) + " looks" : "")
    << " (its adjusted p below " << c.alpha() << ").";
  if (c.stopped_early)
    h << " The run stopped early, at look " << c.looks_taken << " of " << c.looks
      << ": every difference was decided (significant, or within its margin of no change).";
  h << "</p>\n" << legend(c);
  if (!c.diffs.empty()) h << "<h2>What changed</h2>\n" << differences_table(c);
  h << "<h2>Measures</h2>\n" << measures_plot(c) << "<h2>Game length</h2>\n"
    << histogram(c, "plot-battles", "Battles a game (share of games)", &VariantSums::battles_hist, 1, "battles a game")
    << histogram(c, "plot-actions", "Actions a game (share of games)", &VariantSums::actions_hist, kActionBucket,
                 "actions a game (buckets of " + std::to_string(kActionBucket) + ")")
    << "<h2>VP a battle</h2>\n"
    << histogram(c, "plot-vp", "VP a battle awarded (share of battles)", &VariantSums::vp_hist, 1, "VP")
    << "<h2>How battles ended</h2>\n" << reasons_plot(c) << "<h2>Cards</h2>\n"
    << cards_plot(c, kFaceupWinRate, "plot-cards-faceup", "Cards played faceup: the battle won")
    << cards_plot(c, kFacedownWinRate, "plot-cards-facedown", "Cards played facedown: the battle won")
    << "<p class=\"note\">Made by als compare. Shares use Wilson's interval, means a t interval; differences are "
       "paired by seed.</p>\n</body></html>\n";
  std::ofstream f(path, std::ios::binary);
  f << h.str();
  f.flush();
  if (!f) throw std::runtime_error("cannot write the report " + path);
}

}  // namespace als::cli
