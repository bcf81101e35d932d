// "Did you mean": the known name nearest a mistyped one, for messages that name the fix (a
// field, a verb, a card, a theater, an option).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace als {

/// The edit distance between two words (insertions, deletions, substitutions).
inline size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

/// The name of `known` (any range of things convertible to std::string_view) closest to `word`;
/// "" when `known` is empty. Ties go to the first.
template <class Range>
std::string nearest(std::string_view word, const Range& known) {
  std::string best;
  size_t best_d = SIZE_MAX;
  for (const auto& k : known)
    if (size_t d = edit_distance(word.substr(0, 64), std::string_view(k)); d < best_d) best_d = d, best = std::string(k);
  return best;
}
inline std::string nearest(std::string_view word, std::initializer_list<const char*> known) {
  return nearest(word, std::vector<std::string_view>(known.begin(), known.end()));
}

/// Whether `text` is printable ASCII of 1 to `max` characters: what a script or a file may give
/// as a reason, a prompt or an option's text (it is shown at terminals as it is).
inline bool printable_text(std::string_view text, size_t max) {
  if (text.empty() || text.size() > max) return false;
  for (char ch : text)
    if (ch < 0x20 || ch >= 0x7f) return false;
  return true;
}

/// " (did you mean 'NAME'?)" for the nearest of `known`, or "" when there is none.
template <class Range>
std::string did_you_mean(std::string_view word, const Range& known) {
  std::string n = nearest(word, known);
  return n.empty() ? "" : " (did you mean '" + n + "'?)";
}

/// "1st", "2nd", "3rd", "4th", ..., "11th", "21st".
inline std::string ordinal(int n) {
  const int t = n % 100, u = n % 10;
  const char* suffix = t >= 11 && t <= 13 ? "th" : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

}  // namespace als
