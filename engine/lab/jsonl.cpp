// Bounded JSON from untrusted sources (jsonl.h): lines, nesting, repeated keys, params.
#include "jsonl.h"

#include "loader.h"

#include <cmath>
#include <set>
#include <vector>

namespace als::lab {

bool read_bounded_line(std::istream& in, std::string& out, size_t max, bool& too_long) {
  out.clear();
  too_long = false;
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    int ch = buf->sbumpc();
    if (ch == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (ch == '\n') return true;
    if (out.size() < max) out.push_back(static_cast<char>(ch));
    else too_long = true;
  }
}

bool parse_json(const std::string& text, nlohmann::json& out, std::string& why) {
  using nlohmann::json;
  why.clear();
  std::vector<std::set<std::string>> keys;  // the keys seen in each object being read
  auto check = [&](int depth, json::parse_event_t event, json& parsed) {
    if (!why.empty()) return false;
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (depth >= kMaxJsonDepth) why = "nested more than " + std::to_string(kMaxJsonDepth) + " deep";
        if (event == json::parse_event_t::object_start) keys.emplace_back();
        break;
      case json::parse_event_t::object_end:
        if (!keys.empty()) keys.pop_back();
        break;
      case json::parse_event_t::key:
        if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second)
          why = "a key appears twice in one object";
        break;
      default: break;
    }
    return why.empty();
  };
  out = json::parse(text, check, false);
  if (!why.empty()) {
    out = nullptr;
    return false;
  }
  if (out.is_discarded()) {
    why = "not JSON";
    return false;
  }
  return true;
}

using nlohmann::json;

json params_json(const ParamValues& params) {
  json j = json::object();
  for (const auto& [name, v] : params) j[name] = v == std::floor(v) ? json(static_cast<long long>(v)) : json(v);
  return j;
}

ParamValues params_from_json(const json& j) {
  if (!j.is_object()) throw json::type_error::create(302, "params are an object of numbers", &j);
  ParamValues out;
  for (const auto& [name, v] : j.items()) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || std::abs(v.get<double>()) > kMaxParam)
      throw json::type_error::create(302, "a param that is not a number from -1e9 to 1e9", &j);
    out.emplace_back(name, v.get<double>());
  }
  return out;
}

}  // namespace als::lab
