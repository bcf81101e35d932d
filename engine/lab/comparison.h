// als compare (docs/variants.md): the result of comparing variants, shared by the command
// (compare.cpp: text and JSON) and its HTML report (report.cpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "runs.h"

namespace als::lab {

/// A measure's name in JSON: a game measure's ("battles_per_game"), a card measure's
/// ("faceup_win_rate", its card apart), or one of g:measure's ("custom.NAME"). `measure` is a
/// MeasureId, or a CardMeasureId when `card` is set; unused when `custom` is.
std::string measure_name(int measure, const std::string& card, const std::string& custom);
/// The same as a person reads it: "battles a game", "field_medic faceup_win_rate", "custom NAME".
std::string measure_label(int measure, const std::string& card, const std::string& custom);

/// One difference of a variant against the baseline: a game measure (card empty) or a card's.
struct DiffRow {
  size_t variant = 0;  // index among the variants (1 or more)
  size_t agent = 0;    // index among the agents (--agents); 0 for a skill gap's row
  int measure = 0;     // a MeasureId, or a CardMeasureId when `card` is set
  bool skill = false;  // the skill gap's row (--skill): `measure` unused
  std::string card;    // the card's id for a card measure
  std::string custom;  // g:measure's name for a measure of the designer's own (`measure` unused)
  bool rate = true;
  stats::Difference d;
  double p_adjusted = 1;
  bool significant = false;  // adjusted p below the level of a look
  bool negligible = false;   // its simultaneous interval lies within the measure's margin
  bool no_data = false;      // fewer than 2 paired games, or a side that never counted it: decides nothing
  /// The measure's name in JSON: "battles_per_game", a card measure's ("faceup_win_rate", with
  /// `card`), "custom.NAME", "skill_gap".
  std::string name() const { return skill ? "skill_gap" : measure_name(measure, card, custom); }
  /// The measure as a person reads it: "battles a game", "field_medic faceup_win_rate", "custom NAME".
  std::string label() const { return skill ? "skill gap" : measure_label(measure, card, custom); }
};

/// A --target MEASURE=VALUE: a game measure ("first_player_battle_win_rate=0.5") or a card's
/// ("cards.field_medic.faceup_win_rate=median": the median of the other cards of the variant's set).
struct Target {
  std::string text;     // as typed
  std::string measure;  // as named: "first_player_battle_win_rate", "cards.field_medic.faceup_win_rate"
  int game = -1;        // a MeasureId, or -1 for a card measure or one of g:measure's
  std::string custom;   // g:measure's name ("custom.NAME"): a mean a game
  std::string card;     // the card's id (a card measure)
  int card_measure = 0; // a CardMeasureId (a card measure)
  bool median = false;  // VALUE was `median`
  double value = 0;     // VALUE, unless `median`
  bool rate() const { return custom.empty() && (game < 0 || kMeasureInfo[game].rate); }
};
/// Reads a --target: "" or what is wrong with it.
std::string parse_target(const std::string& text, Target& out);

/// What one variant is, measured against a target: `has` false when it has no data for the
/// measure (no battle, the card not in its set or never played so).
struct TargetResult {
  bool has = false;
  double target = 0;          // the target's value (a median is the variant's own)
  stats::Interval measure;    // the measure and its interval
  stats::Interval distance;   // |measure - target| and its interval (0 when the interval holds the target)
};

/// The skill gap's sums (--skill WEAK,STRONG): per variant, games the strong agent won (y) of the
/// games played (n, seats alternated); each later variant paired with the baseline on the seeds
/// both completed.
struct SkillTotals {
  std::vector<stats::RatioSums> v;
  std::vector<stats::PairSums> pairs;
  std::vector<long long> failed;
  explicit SkillTotals(size_t variants = 0) : v(variants), pairs(variants ? variants - 1 : 0), failed(variants) {}
  void add(const SkillTotals& o);
};

/// Everything a comparison found.
struct Comparison {
  std::vector<std::string> names;                 // the labels (NAME=SPEC), or the specs as typed
  std::vector<std::string> specs;                 // as typed, the label removed: "standard+beginner"
  std::vector<std::string> typed;                 // as typed, the label included (a shard's header)
  std::vector<std::shared_ptr<Engine>> engines;   // one a variant
  std::vector<std::string> agents;                // --agent, or --agents A,B,...: each plays both seats,
                                                  // by its name (a NAME=SPEC's NAME, else its spec)
  std::vector<std::string> agent_specs;           // each agent's spec (empty: `agents` are the specs)
  std::vector<std::string> agents_typed;          // as given, labels included (the run's header)
  // One agent in every variant (align_agents): the spec each agent, then the skill's weak and strong
  // agents, plays as in every variant (value=none where its learned value reads some variants
  // only), and how it values a position, in words.
  std::vector<std::string> played, evaluation;
  std::vector<Totals> runs;                       // the sums under each agent
  std::string weak, strong;                       // --skill WEAK,STRONG (empty: none)
  SkillTotals skill;
  std::vector<Target> targets;
  std::vector<std::string> param_flags;           // --param NAME=VALUE, for every variant
  double confidence = 0.95;
  std::string correction = "holm";                // or "bh" (Benjamini-Hochberg)
  uint64_t seed = 0;
  long long planned = 0;    // --games
  int looks = 1;            // the looks planned (the level of each: (1 - confidence) / looks)
  int looks_taken = 0;
  bool stopped_early = false;
  std::vector<DiffRow> diffs;
  /// The significance level of each look.
  double alpha() const { return (1 - confidence) / looks; }
  bool has_skill() const { return !strong.empty(); }
  /// The variant's skill gap: the strong agent's share of the games, Wilson's interval.
  stats::Interval skill_gap(size_t variant) const;
  /// Variant v under agent a against target t, its intervals at `level` (0: `confidence`).
  TargetResult target(const Target& t, size_t agent, size_t variant, double level = 0) const;
  /// The variants in order of their distance to target t under agent a, those whose distance
  /// intervals overlap the group's first tied in one group; variants with no data left out.
  std::vector<std::vector<size_t>> ranking(const Target& t, size_t agent) const;
  /// About how many games a variant would tell a tied group apart under agent a (the ranking's
  /// test: distance intervals that no longer overlap), if the measures held: the games so far
  /// times the ratio of the intervals' half-widths to the gap, squared, the most over the group's
  /// pairs with its first; -1 where it cannot be estimated (two distances equal: both intervals
  /// hold the target), 0 for a group of one.
  long long games_to_untie(const Target& t, size_t agent, const std::vector<size_t>& tie) const;
};

/// Makes each agent (and the skill's two) the same player in every variant: an agent whose learned
/// value reads some of the variants' games but not all (a value is trained for one game) plays
/// every variant with value=none. Fills `played` and `evaluation` (agents first, then weak and
/// strong); needs `engines`.
void align_agents(Comparison& c);
/// Agent `a`'s spec as given, its label removed (an index into `agents`; agents.size() and + 1:
/// the skill's weak and strong agents), and the spec it plays as.
const std::string& given_spec(const Comparison& c, size_t a);
const std::string& played_spec(const Comparison& c, size_t a);
/// Each agent as given, as played and how it values a position ({"role", "agent", "plays_as",
/// "evaluation"}), for the JSON.
nlohmann::json evaluations_json(const Comparison& c);

/// "" or what is wrong with a card measure's target: its card is in no variant's set (checked once
/// the variants are loaded: `c.engines`).
std::string check_target_cards(const Comparison& c);


/// Whether the agents agree on a change (--agents): a measure of a variant that some agent finds
/// significantly changed; `agree` when every agent's difference points the same way. `verdict`:
/// "agree" (significant under every agent, the same way), "same way" (the same way, significant
/// under some), "unconfirmed" (another agent's estimate points the other way, not significantly),
/// "disagree" (significant both ways).
struct Agreement {
  size_t variant = 0;
  int measure = 0;          // as DiffRow
  std::string card;         // as DiffRow
  std::string custom;       // as DiffRow
  bool agree = false;
  const char* verdict = "";
  std::vector<int> sign;             // each agent's direction: +1, -1, or 0 (no change, no data)
  std::vector<char> significant;     // each agent's verdict
  std::string name() const { return measure_name(measure, card, custom); }
  std::string label() const { return measure_label(measure, card, custom); }
};
/// The measures some agent finds significantly changed, and whether the agents agree (empty with
/// one agent).
std::vector<Agreement> agreement(const Comparison& c);

/// Names short enough for a plot's labels (`width` characters): each name as it is when every
/// one fits; else, for names with no label, the parts that tell the variants apart (the folders
/// and ".lua" dropped, the parts every variant shares dropped, the middle cut), still distinct.
std::vector<std::string> plot_names(const std::vector<std::string>& names, size_t width);

/// Computes `c.diffs` from `c.totals`: every game measure, and every card measure of a card both
/// the baseline and the variant have; p-values corrected together (Holm or Benjamini-Hochberg).
void compute_differences(Comparison& c);
/// Whether every difference is decided: significant, or negligible.
bool all_decided(const Comparison& c);

/// Writes the self-contained HTML report (inline SVG, no script, nothing fetched). Throws
/// std::runtime_error if the file cannot be written.
void write_report(const std::string& path, const Comparison& c);

}  // namespace als::lab
