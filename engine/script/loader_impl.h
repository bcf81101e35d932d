// The loader's own parts, shared by its files (loader.cpp: sets, cards, rules and their hooks;
// loader_checks.cpp: the checks of what scripts return). Not for use outside engine/script.
// Every reader takes a table at stack index `t`, reads it raw (no metamethod runs) and throws
// LoadError with `where` (the file and card) and the field's name.
#pragma once
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "cardset.h"
#include "errors.h"

namespace als::loader_impl {

/// A card id, a library or a param name: lowercase letters, digits and _.
bool valid_name(const std::string& id);
/// A name as it may be shown in a message: bytes outside printable ASCII as \xNN.
std::string printable(const std::string& v);
/// Pushes t[name] (raw, through a read-only table's contents; nil for a non-table) and returns its type.
int get_field(lua_State* L, int t, const char* name);
/// Refuses a text with a control character (terminals show every text a set gives).
void check_text(const std::string& v, const std::string& where, const char* name);
/// A string field (`def` when absent and not `required`), checked by check_text.
std::string field_string(lua_State* L, int t, const char* name, const std::string& where, bool required,
                         const std::string& def = "");
/// An integer field within [lo, hi] (a value outside is refused, never truncated).
int field_int(lua_State* L, int t, const char* name, const std::string& where, bool required, int def,
              long long lo = -1'000'000, long long hi = 1'000'000);
/// A list of at most `max` strings (absent: empty).
std::vector<std::string> field_strings(lua_State* L, int t, const char* name, const std::string& where,
                                       size_t max = 256);
/// " (line N)" where the value at `idx` is a Lua function, else "".
std::string line_of(lua_State* L, int idx);
/// Refuses a table field that is not in `known`, naming the nearest known one.
void check_fields(lua_State* L, int t, std::span<const char* const> known, const std::string& where);
void check_fields(lua_State* L, int t, std::initializer_list<const char*> known, const std::string& where);
/// check_fields for a rules table: an unknown field's message names the nearest, then lists the
/// hooks and the fields a rules table has, and points a trigger event's name to `effects`.
void check_rules_fields(lua_State* L, int t, std::span<const char* const> known, const std::string& where);
/// Checks a g:cards filter table written in a card (a declared ability's): every name known,
/// every value of the right type, theaters and card ids that exist.
void check_filter(lua_State* L, int t, const std::string& where, const Rules& rules, const CardSet& set);
/// One ongoing effect declaration `name` = the table at `t` (docs/modding.md, "Ongoing").
Effect parse_effect(lua_State* L, const std::string& name, int t, const std::string& where);

constexpr int kMaxStrength = 99;   // printed strengths and effect amounts: totals can never overflow

/// The value `names` gives the text `v` (an enumeration read from a script); another text is
/// refused, listing the names.
template <typename E>
E pick(const std::string& v, std::initializer_list<std::pair<const char*, E>> names, const std::string& where) {
  std::string all;
  for (auto& [n, e] : names) {
    if (v == n) return e;
    all += std::string(all.empty() ? "" : ", ") + n;
  }
  throw LoadError(where + ": '" + v + "' is not one of " + all);
}

}  // namespace als::loader_impl
