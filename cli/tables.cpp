// What the run commands print of the lab's results (tables.h).
#include "tables.h"

#include <algorithm>
#include <optional>
#include <set>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>

#include <unistd.h>

#include "screen.h"

namespace als::cli {

void ProgressBar::start(const std::atomic<long long>& done, long long total) {
  stop();
  if (!isatty(2)) return;
  finished_ = false;
  thread_ = std::thread([this, &done, total] {
    while (!finished_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const long long d = done;
      const int width = 30, filled = total ? static_cast<int>(width * std::min(d, total) / total) : width;
      std::cerr << "\r[" << std::string(static_cast<size_t>(filled), '#')
                << std::string(static_cast<size_t>(width - filled), '.') << "] " << d << "/" << total << " games"
                << std::flush;
    }
    std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
  });
}

void ProgressBar::stop() {
  finished_ = true;
  if (thread_.joinable()) thread_.join();
}

std::string interval_text(const stats::Interval& i, bool rate) {
  char buf[96];
  if (rate) {  // percentages with one decimal, "100" for what rounds to it (at most 17 characters)
    auto pct = [](double x) {
      char b[24];
      x *= 100;
      if (x >= 99.95) return std::string("100");
      std::snprintf(b, sizeof b, "%.1f", std::max(0.0, x));
      return std::string(b);
    };
    std::snprintf(buf, sizeof buf, "%s%% (%s-%s)", pct(i.value).c_str(), pct(i.low).c_str(), pct(i.high).c_str());
  } else {  // three or four significant digits
    const double a = std::abs(i.value);
    const int d = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    std::snprintf(buf, sizeof buf, "%.*f (%.*f-%.*f)", d, i.value, d, i.low, d, i.high);
  }
  return buf;
}


void print_measures(std::ostream& out, const std::vector<std::string>& names,
                    const std::vector<const VariantSums*>& sums, double confidence) {
  constexpr int kLabel = 25, kCell = 18;  // 2 + 23 + 3 * 18 = 79 columns
  auto cell = [](const std::string& s) { return s.size() > kCell - 1 ? s.substr(0, kCell - 2) + "~" : s; };
  for (size_t from = 0; from < sums.size(); from += 3) {
    const size_t to = std::min(sums.size(), from + 3);
    out << "  " << std::left << std::setw(names.empty() ? 0 : kLabel - 2)
        << (std::to_string(static_cast<int>(std::lround(confidence * 100))) + "% intervals");
    for (size_t v = from; v < to && v < names.size(); ++v) out << std::right << std::setw(kCell) << cell(names[v]);
    out << "\n";
    for (int m = 0; m < kMeasures; ++m) {
      out << "  " << std::left << std::setw(kLabel - 2) << kMeasureInfo[m].label;
      for (size_t v = from; v < to; ++v)
        out << std::right << std::setw(kCell)
            << (sums[v]->has(m) ? interval_text(sums[v]->measure(m, confidence), kMeasureInfo[m].rate) : "n/a");
      out << "\n";
    }
    // A row of means a game: `sums_of(v)` the variant's sums, or null for n/a.
    // (A label too long for its column, "custom NAME" with a long name, is written whole on a
    // line of its own, its figures below it: two names never read alike.)
    auto mean_row = [&](const std::string& label, auto sums_of) {
      if (label.size() > static_cast<size_t>(kLabel - 3)) out << "  " << label << "\n";
      out << "  " << std::left << std::setw(kLabel - 2) << (label.size() > static_cast<size_t>(kLabel - 3) ? "" : label);
      for (size_t v = from; v < to; ++v) {
        const std::optional<stats::RatioSums> s = sums_of(*sums[v]);
        out << std::right << std::setw(kCell) << (s ? interval_text(stats::ratio_t(*s, confidence), false) : "n/a");
      }
      out << "\n";
    };
    // g:measure's counts (n/a: a variant that never counted it).
    std::set<std::string> names;
    for (size_t v = from; v < to; ++v)
      for (const auto& entry : sums[v]->custom) names.insert(entry.first);
    for (const std::string& name : names)
      mean_row("custom " + name, [&](const VariantSums& s) {
        return s.custom.count(name) ? std::optional(s.custom_measure(name)) : std::nullopt;
      });
    // Decisions setting battles up (a draft's picks), where a variant has any: not actions.
    if (std::any_of(sums.begin() + static_cast<long>(from), sums.begin() + static_cast<long>(to),
                    [](const VariantSums* s) { return s->setup.y > 0; }))
      mean_row("setup decisions a game", [](const VariantSums& s) {
        return s.setup.games ? std::optional(s.setup) : std::nullopt;
      });
  }
}

void print_cards(std::ostream& out, const Engine& e, const VariantSums& s) {
  out << "  " << std::left << std::setw(18) << "card" << std::right << std::setw(8) << "faceup" << std::setw(10)
      << "facedown" << std::setw(14) << "won faceup" << std::setw(14) << "won facedown" << std::setw(10) << "unplayed"
      << "\n";
  auto pct = [](long long y, long long n) {
    char buf[16];
    if (!n) return std::string("n/a");  // no data
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(y) / static_cast<double>(n));
    return std::string(buf);
  };
  for (size_t c = 0; c < s.cards(); ++c) {
    const size_t i = c * kCardMeasures;
    out << "  " << std::left << std::setw(18) << e.set().cards[c].id << std::right << std::setw(8)
        << s.card_n[i + kFaceupWinRate] << std::setw(10) << s.card_n[i + kFacedownWinRate] << std::setw(14)
        << pct(s.card_y[i + kFaceupWinRate], s.card_n[i + kFaceupWinRate]) << std::setw(14)
        << pct(s.card_y[i + kFacedownWinRate], s.card_n[i + kFacedownWinRate]) << std::setw(10)
        << pct(s.card_y[i + kUnplayedRate], s.card_n[i + kUnplayedRate]) << "\n";
  }
}

void print_evaluations(std::ostream& out, const Comparison& c) {
  for (size_t a = 0; a < c.played.size(); ++a) {
    const std::string& given = given_spec(c, a);
    const bool named = a < c.agents.size() && c.agents[a] != given;  // NAME=SPEC
    const std::string line = std::string(a < c.agents.size() ? "" : a == c.agents.size() ? "skill's weak " : "skill's strong ") +
                             (named ? c.agents[a] + " = " : "") + given +
                             (c.played[a] != given ? " (played as " + c.played[a] + ")" : "") + ": " + c.evaluation[a];
    out << "  " << wrapped(line, 4, 78) << "\n";  // (the text is read at 80 columns)
  }
}

}  // namespace als::cli
