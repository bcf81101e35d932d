// Reading JSON from untrusted sources (als serve's messages, game records, shards' results):
// lines read with a bound on their length before they are stored, and JSON parsed with a bound
// on its nesting and no repeated key, so that nothing downstream recurses deeply or reads a
// value other tools would read differently.
#pragma once
#include <cstddef>
#include <istream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace als::lab {

/// The deepest nesting of arrays and objects accepted.
constexpr int kMaxJsonDepth = 64;

/// Reads one line (without its newline) into `out`, keeping at most `max` bytes: the rest of a
/// longer line is read and dropped, and `too_long` set. False at the end of input with nothing
/// read. Memory stays bounded by `max` whatever the line's length.
bool read_bounded_line(std::istream& in, std::string& out, size_t max, bool& too_long);

/// Parses `text` as one JSON value into `out`. False, with `why` set (a short reason that never
/// quotes the text), for text that is not JSON, nesting deeper than kMaxJsonDepth, or an object
/// with a key twice.
bool parse_json(const std::string& text, nlohmann::json& out, std::string& why);

/// Param values as JSON ({"name": value} in the given order, whole numbers as integers), for
/// records, run headers and sweeps; and back from an untrusted document: throws
/// nlohmann::json::exception for anything but an object of numbers from -kMaxParam to kMaxParam.
/// (The type is the loader's ParamValues, spelled out so that this header needs no engine one.)
nlohmann::json params_json(const std::vector<std::pair<std::string, double>>& params);
std::vector<std::pair<std::string, double>> params_from_json(const nlohmann::json& j);

}  // namespace als::lab
