// What the run commands (simulate, compare, sweep) print of the lab's results: tables of
// measures and cards, intervals as text, the agents' evaluations, and the progress bar.
#pragma once
#include <atomic>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "comparison.h"

namespace als::cli {

using namespace als::lab;

/// A progress bar on standard error while games are played, when it is a terminal: "[###...]
/// 1234/10000 games"; the lab's runs tell it their progress (lab::Watch). Its line is erased at
/// stop() (or destruction).
class ProgressBar : public Watch {
 public:
  ProgressBar() = default;
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  ~ProgressBar() override { stop(); }
  void start(const std::atomic<long long>& done, long long total) override;
  void stop() override;

 private:
  std::atomic<bool> finished_{false};
  std::thread thread_;
};

/// The measures of one or more variants as a table at most 79 columns wide: a row a measure, a
/// column a variant ("47.6% (46.4-48.8)": the value and its interval), three variants a block.
/// `names` heads the columns (none for a single unnamed variant).
void print_measures(std::ostream& out, const std::vector<std::string>& names,
                    const std::vector<const VariantSums*>& sums, double confidence);
/// The per-card table of one variant: battles played faceup and facedown, the share of them won,
/// and the share of battles the card was dealt in and not played.
void print_cards(std::ostream& out, const Engine& e, const VariantSums& s);
/// "47.6% (46.4-48.8)" for a rate, "2.68 (2.65-2.71)" for a mean.
std::string interval_text(const stats::Interval& i, bool rate);
/// Each agent as given, as played and how it values a position, a line each (wrapped at 80).
void print_evaluations(std::ostream& out, const Comparison& c);

}  // namespace als::cli
