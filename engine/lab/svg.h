// Drawing for the HTML reports of als compare and als sweep (report.cpp, sweep_report.cpp): inline
// SVG with no script or font, one colour, marker and dash a series (the Okabe-Ito palette, safe
// for colour-blind readers, and readable in grey scale), axes with round ticks, figures.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "files.h"

namespace als::lab {

inline const char* const kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};
inline const char* const kDashes[] = {"", "6 3", "2 2", "8 3 2 3", "4 4", "1 3", "10 2"};
inline constexpr int kStyles = 7;
// Grey-scale distinguishable fills for the end reasons' segments.
inline const char* const kFills[] = {"#2b2b2b", "#8a8a8a", "#d0d0d0", "#5c5c5c", "#b0b0b0", "#ececec", "#444444"};

inline std::string esc(const std::string& s) {
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

inline std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", x);
  return b;
}

inline std::string fmt_value(double v, bool rate) {
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
inline std::vector<double> ticks(double lo, double hi, int n) {
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

inline std::string tick_text(double x, double step_hint, bool pct) {
  char b[32];
  if (pct) std::snprintf(b, sizeof b, "%g%%", std::round(x * 1000) / 10);
  else if (step_hint >= 1) std::snprintf(b, sizeof b, "%.0f", x);
  else std::snprintf(b, sizeof b, "%g", std::round(x * 100) / 100);
  return b;
}

inline std::string figure(const std::string& id, const std::string& caption, const std::string& svg,
                   const std::string& note = "") {
  return "<figure class=\"plot\" id=\"" + id + "\"><figcaption>" + esc(caption) + "</figcaption>" + svg +
         (note.empty() ? "" : "<p class=\"note\">" + esc(note) + "</p>") + "</figure>\n";
}


/// The stylesheet of every report page (inline in its <head>).
inline const char* const kPageStyle =
    "body{font-family:sans-serif;margin:0 auto;padding:0 12px 24px;max-width:760px;color:#111;background:#fff;"
    "line-height:1.4;overflow-wrap:anywhere}\n"
    "h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #999}h3{font-size:1em}\n"
    "h2.agent{font-size:1.2em;border-bottom:3px double #333}\n"
    "figure.plot{margin:1em 0}figure.plot svg{width:100%;max-width:640px;height:auto;display:block}\n"
    "figcaption{font-weight:bold;margin-bottom:.3em}.note{font-size:.9em;color:#333}\n"
    "ul.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1.2em}"
    "ul.legend svg{width:28px;height:20px;vertical-align:middle}\n"
    "table{border-collapse:collapse;font-size:.85em;width:100%;display:block;overflow-x:auto}"
    "td,th{border-bottom:1px solid #ccc;padding:3px 6px;text-align:left;white-space:nowrap}"
    "tr.sig td{background:#eee}\n"
    "section.verdict{border:2px solid #333;padding:4px 12px;margin:1em 0;background:#f6f6f6}"
    "section.verdict h2{margin-top:.4em;border:0}section.verdict ul{padding-left:1.2em;margin:.4em 0}\n";

/// The start of a report page: its head (the title, the stylesheet) and an h1 of the title.
inline std::string page_start(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" +
         esc(title) + "</title><style>\n" + kPageStyle + "</style></head><body>\n<h1>" + esc(title) + "</h1>\n";
}

/// Writes a report page (the end of the body added); throws std::runtime_error if it cannot.
inline void write_page(const std::string& path, const std::string& html) {
  if (std::string why = files::path_refusal(path); !why.empty()) throw std::runtime_error("cannot write the report " + why);
  std::ofstream f(path, std::ios::binary);
  f << html << "</body></html>\n";
  f.flush();
  if (!f) throw std::runtime_error("cannot write the report " + files::shown_path(path));
}

}  // namespace als::lab
