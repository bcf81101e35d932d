// A variant as typed, its params, and loading it (variants.h).
#include "variants.h"

#include <cmath>
#include <cctype>
#include <cstdlib>

#include "agents.h"
#include "errors.h"

namespace als::lab {

bool parse_params(const std::string& text, ParamValues& out, std::string& why) {
  size_t start = 0;
  while (true) {
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string part = text.substr(start, comma - start);
    const size_t eq = part.find('=');
    char* end = nullptr;
    const double v = eq == std::string::npos ? 0 : std::strtod(part.c_str() + eq + 1, &end);
    if (eq == std::string::npos || eq == 0 || eq + 1 == part.size() || *end || !std::isfinite(v) ||
        std::abs(v) > kMaxParam) {
      why = escape_controls(part.substr(0, 80));
      why.insert(0, 1, '\'').append("' is not NAME=VALUE (a number from -1e9 to 1e9)");
      return false;
    }
    out.emplace_back(part.substr(0, eq), v);
    if (comma == text.size()) return true;
    start = comma + 1;
  }
}

bool param_values(const VariantSpec& c, ParamValues& out, std::string& why) {
  out.clear();
  for (const std::string& f : c.param_flags)
    if (!parse_params(f, out, why)) {
      why = "--param " + why;
      return false;
    }
  out.insert(out.end(), c.params.begin(), c.params.end());
  return true;
}

bool parse_variant(const std::string& typed, VariantSpec& out, std::string& why) {
  const size_t ask = typed.find('?');
  const std::string spec = typed.substr(0, ask);
  out.params.clear();
  if (ask != std::string::npos && !parse_params(typed.substr(ask + 1), out.params, why)) {
    why = "'" + typed + "': " + why;
    return false;
  }
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t plus; (plus = spec.find('+', start)) != std::string::npos; start = plus + 1)
    parts.push_back(spec.substr(start, plus - start));
  parts.push_back(spec.substr(start));
  for (const std::string& p : parts)
    if (p.empty()) {
      why = "'" + spec + "' is not SET or SET+RULE+RULE... (an empty part)";
      return false;
    }
  out.cards = parts[0];
  out.rules.assign(parts.begin() + 1, parts.end());
  return true;
}

std::shared_ptr<Engine> load_variant(const VariantSpec& v, const std::string& data_dir) {
  ParamValues params;
  std::string why;
  if (!param_values(v, params, why)) throw LoadError(why);
  return load_engine(v.cards, v.rules, data_dir, params);
}

bool split_label(const std::string& text, std::string& label, std::string& spec, std::string& why) {
  const size_t eq = text.find('='), stop = text.find_first_of("/+?");
  label.clear();
  spec = text;
  if (eq == std::string::npos || (stop != std::string::npos && stop < eq)) return true;
  label = text.substr(0, eq), spec = text.substr(eq + 1);
  if (label.empty() || spec.empty()) {
    why = "'" + text + "' is not NAME=SPEC (an empty " + (label.empty() ? "name" : "spec") + ")";
    return false;
  }
  return true;
}

namespace {
// Whether `spec` names an agent of the registry (options and all).
bool is_agent(const std::string& spec) {
  try {
    return make_agent(spec, 0, 0) != nullptr;
  } catch (const std::exception&) {
    return false;
  }
}
}  // namespace

void split_agent_label(const std::string& text, std::string& label, std::string& spec) {
  const size_t eq = text.find('=');
  label.clear();
  spec = text;
  if (eq == std::string::npos || eq == 0) return;
  for (size_t i = 0; i < eq; ++i) {
    const unsigned char ch = static_cast<unsigned char>(text[i]);
    if (!std::isalnum(ch) && ch != '_' && ch != '-' && ch != '.') return;
  }
  label = text.substr(0, eq), spec = text.substr(eq + 1);
}

std::vector<std::string> split_agents(const std::string& list) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    std::string part = list.substr(start, comma - start);
    // "key=value" with no ':' continues the agent before it (its options are comma-separated),
    // unless it is an agent with a label ("strong=greedy": its value names an agent).
    std::string label, spec;
    split_agent_label(part, label, spec);
    if (!out.empty() && part.find('=') != std::string::npos && part.find(':') == std::string::npos &&
        out.back().find(':') != std::string::npos && !is_agent(spec))
      out.back() += "," + part;
    else
      out.push_back(part);
    start = comma + 1;
  }
  return out;
}

}  // namespace als::lab
