#include "input.h"

#include <algorithm>
#include <sstream>

namespace als::cli {

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& x : v) out += (out.empty() ? "" : sep) + x;
  return out;
}

namespace {

// Whether the typed words stand for the action's words: each a prefix of one of them, in order,
// the first of the first ("dep cover" for "deploy cover_fire land"); words may be left out only
// after the first.
bool stands_for(const std::vector<std::string>& in, const std::vector<std::string>& action) {
  if (in.empty() || action.empty() || action[0].rfind(in[0], 0) != 0) return false;
  size_t k = 1;
  for (size_t i = 1; i < in.size(); ++i) {
    while (k < action.size() && action[k].rfind(in[i], 0) != 0) ++k;
    if (k == action.size()) return false;
    ++k;
  }
  return true;
}

// The fewest edits (a letter inserted, deleted or changed, two neighbours swapped) that turn the
// typed word `a` into a prefix of the action's word `b`: "dpe" is 1 from "dep(loy)".
size_t edits_to_prefix(const std::string& a, const std::string& b) {
  const size_t m = a.size(), n = b.size();
  std::vector<std::vector<size_t>> d(m + 1, std::vector<size_t>(n + 1));
  for (size_t i = 0; i <= m; ++i) d[i][0] = i;
  for (size_t j = 0; j <= n; ++j) d[0][j] = j;
  for (size_t i = 1; i <= m; ++i)
    for (size_t j = 1; j <= n; ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  size_t best = m;
  for (size_t j = 0; j <= n; ++j) best = std::min(best, d[m][j]);
  return best;
}

// How far a typed word is from an action's word: 0 a prefix of it; 1 its letters in order with the
// same first letter ("hvy" in "heavy_tanks"), or one edit from a prefix; else too far.
size_t word_distance(const std::string& typed, const std::string& word) {
  if (word.rfind(typed, 0) == 0) return 0;
  if (!typed.empty() && !word.empty() && typed[0] == word[0]) {
    size_t k = 0;
    for (char ch : word)
      if (k < typed.size() && ch == typed[k]) ++k;
    if (k == typed.size()) return 1;
  }
  return typed.size() >= 3 && edits_to_prefix(typed, word) <= 1 ? 1 : 99;
}

// One way of typing an action: its text in one of its forms (ids or display names, lowercase),
// and the action's index.
struct Form {
  std::vector<std::string> words;
  size_t action;
};

// Appends `i` to `v` unless it is there.
void add_once(std::vector<int>& v, size_t i) {
  if (std::find(v.begin(), v.end(), static_cast<int>(i)) == v.end()) v.push_back(static_cast<int>(i));
}

// The actions a mistyped input most likely meant ("dpe hvy": the deploys of the heavy cards):
// each typed word matched, in order, to a word of the action at most one slip away, the fewest
// slips in all; none when a word matches nothing.
std::vector<int> likely_meant(const std::vector<std::string>& in, const std::vector<Form>& forms) {
  std::vector<int> best;
  size_t least = in.size() + 1;  // at most a slip a word
  for (const Form& f : forms) {
    const std::vector<std::string>& tw = f.words;
    size_t cost = 0, k = 0;
    for (const std::string& w : in) {  // the first word with the action's first, the others in order
      size_t here = 99;
      while (k < tw.size() && (here = word_distance(w, tw[k])) > 1 && &w != &in.front()) ++k;
      if (k == tw.size() || here > 1) {
        cost = 99;
        break;
      }
      cost += here, ++k;
    }
    if (cost < least) least = cost, best.clear();
    if (cost == least) add_once(best, f.action);
  }
  return best;
}

// Matches typed words against the actions' forms: a text itself; else each word a prefix of the
// form's word at the same place; else (fewer words) each a prefix of one of its words, in order.
// One action hit is the action; several are listed (the first 8, as `shown`), none is an error.
int match(const std::string& input, const std::vector<Form>& forms, const std::vector<std::string>& shown,
          std::string& why) {
  auto in = words(input);
  std::vector<int> hits, loose;
  for (const Form& f : forms) {
    const std::vector<std::string>& tw = f.words;
    if (join(tw, " ") == input) return static_cast<int>(f.action);
    bool ok = tw.size() == in.size();
    for (size_t k = 0; k < tw.size() && ok; ++k) ok = tw[k].rfind(in[k], 0) == 0;
    if (ok) add_once(hits, f.action);
    else if (in.size() < tw.size() && stands_for(in, tw)) add_once(loose, f.action);
  }
  if (hits.empty()) hits = loose;
  if (hits.size() == 1) return hits[0];
  if (hits.empty()) {
    why = "'" + input + "' is not a legal action now (type a number, an action, or help)";
    if (const std::vector<int> meant = likely_meant(in, forms); !meant.empty() && meant.size() <= 4) {
      why += "; did you mean";
      for (int h : meant) why += " [" + shown[static_cast<size_t>(h)] + "]";
      why += "?";
    }
  } else {
    why = "'" + input + "' could be:";
    for (size_t h = 0; h < hits.size() && h < 8; ++h) why += " [" + shown[static_cast<size_t>(hits[h])] + "]";
    if (hits.size() > 8) why += " and " + std::to_string(hits.size() - 8) + " more";
  }
  return -1;
}

}  // namespace

std::string lowercase(std::string v) {
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return v;
}

Input parse_input(const std::string& typed, const std::vector<std::string>& texts, bool choice,
                  const std::vector<std::string>& named, const std::vector<std::string>& listed) {
  Input r;
  // ids, theaters and commands are lowercase: typing is case-insensitive
  auto w = words(lowercase(typed));
  if (w.empty()) return r;
  if (w[0] == "help" || w[0] == "hand" || w[0] == "board" || w[0] == "rules" || w[0] == "hint" || w[0] == "undo" ||
      w[0] == "last") {
    r.kind = Input::Command;
    r.command = w;
    return r;
  }
  std::string input = join(w, " ");
  if (std::all_of(input.begin(), input.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    size_t n = input.size() > 9 ? 0 : std::stoul(input);  // at most 9 digits: no overflow
    if (n >= 1 && n <= texts.size()) {
      r.kind = Input::Action;
      r.index = static_cast<int>(n - 1);
    } else {
      r.kind = Input::Error;
      r.why = "no action numbered " + input + " (1 to " + std::to_string(texts.size()) + ")";
    }
    return r;
  }
  std::vector<Form> forms;
  for (size_t k = 0; k < texts.size(); ++k) {
    forms.push_back({words(texts[k]), k});
    if (k < named.size() && lowercase(named[k]) != texts[k]) forms.push_back({words(lowercase(named[k])), k});
  }
  const std::vector<std::string>& shown = listed.size() == texts.size() ? listed : named.size() == texts.size() ? named : texts;
  int i = match(input, forms, shown, r.why);
  if (i < 0 && choice && input.rfind("choose ", 0) != 0) i = match("choose " + input, forms, shown, r.why);
  r.kind = i >= 0 ? Input::Action : Input::Error;
  r.index = i;
  return r;
}

}  // namespace als::cli
