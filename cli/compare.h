// als compare (docs/variants.md): the result of comparing variants, shared by the command
// (compare.cpp: text and JSON) and its HTML report (report.cpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "runs.h"

namespace als::cli {

/// One difference of a variant against the baseline: a game measure (card empty) or a card's.
struct DiffRow {
  size_t variant = 0;  // index among the variants (1 or more)
  int measure = 0;     // a MeasureId, or a CardMeasureId when `card` is set
  std::string card;    // the card's id for a card measure
  bool rate = true;
  stats::Difference d;
  double p_adjusted = 1;
  bool significant = false;  // adjusted p below the level of a look
  bool negligible = false;   // its simultaneous interval lies within the measure's margin
  bool no_data = false;      // fewer than 2 paired games, or a side that never counted it: decides nothing
  const char* name() const { return card.empty() ? kMeasureInfo[measure].name : kCardMeasureNames[measure]; }
};

/// Everything a comparison found.
struct Comparison {
  std::vector<std::string> names;                 // as typed: "standard", "standard+beginner"
  std::vector<std::shared_ptr<Engine>> engines;   // one a variant
  Totals totals;
  double confidence = 0.95;
  std::string correction = "holm";                // or "bh" (Benjamini-Hochberg)
  std::string agent;
  uint64_t seed = 0;
  long long planned = 0;    // --games
  int looks = 1;            // the looks planned (the level of each: (1 - confidence) / looks)
  int looks_taken = 0;
  bool stopped_early = false;
  std::vector<DiffRow> diffs;
  /// The significance level of each look.
  double alpha() const { return (1 - confidence) / looks; }
};

/// Computes `c.diffs` from `c.totals`: every game measure, and every card measure of a card both
/// the baseline and the variant have; p-values corrected together (Holm or Benjamini-Hochberg).
void compute_differences(Comparison& c);
/// Whether every difference is decided: significant, or negligible.
bool all_decided(const Comparison& c);

/// Writes the self-contained HTML report (inline SVG, no script, nothing fetched). Throws
/// std::runtime_error if the file cannot be written.
void write_report(const std::string& path, const Comparison& c);

}  // namespace als::cli
