// The loader's checks of what scripts return (loader_impl.h): fields read raw, texts with no
// control character, integers in range, unknown fields refused with the nearest known name,
// g:cards filters and ongoing effects parsed.
#include <algorithm>
#include <cstring>
#include <set>
#include <span>

#include <lua.hpp>

#include "binding.h"
#include "files.h"
#include "loader_impl.h"
#include "names.h"
#include "sandbox.h"

namespace als::loader_impl {
bool valid_name(const std::string& id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
  });
}

// A name as it may be shown in a message: bytes outside printable ASCII as \xNN.
std::string printable(const std::string& v) {
  std::string out;
  for (unsigned char ch : v) {
    if (ch >= 0x20 && ch < 0x7f) out += static_cast<char>(ch);
    else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", ch);
      out += buf;
    }
  }
  return out;
}

// Script tables are read raw (no metamethod runs) and through read-only tables' contents;
// the whole of loading runs inside protect(), so even a memory error is caught.
int get_field(lua_State* L, int t, const char* name) {
  if (lua_type(L, t) != LUA_TTABLE) {  // callers check first; never a raw read of a non-table
    lua_pushnil(L);
    return LUA_TNIL;
  }
  push_contents(L, t);
  lua_pushstring(L, name);
  int ty = lua_rawget(L, -2);
  lua_remove(L, -2);
  return ty;
}

// Every text a set gives is shown at terminals: a control character in it (an escape sequence
// could clear the screen, write the clipboard or fake a line of the game) is refused at load.
void check_text(const std::string& v, const std::string& where, const char* name) {
  if (size_t at = find_control(v); at != std::string::npos) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(v[at]));
    throw LoadError(where + ": field '" + name + "' holds a control character (byte " + byte + " at " +
                    std::to_string(at) + "): texts are shown at terminals");
  }
}

std::string field_string(lua_State* L, int t, const char* name, const std::string& where, bool required,
                         const std::string& def) {
  int ty = get_field(L, t, name);
  std::string v = def;
  if (ty == LUA_TSTRING) v = lua_tostring(L, -1);
  else if (ty != LUA_TNIL || required)
    throw LoadError(where + ": field '" + name + "' must be a string");
  lua_pop(L, 1);
  check_text(v, where, name);
  return v;
}

/// An integer field within [lo, hi] (a value outside is refused, never truncated).
int field_int(lua_State* L, int t, const char* name, const std::string& where, bool required, int def,
              long long lo, long long hi) {
  int ty = get_field(L, t, name);
  int v = def;
  if (ty == LUA_TNUMBER && lua_isinteger(L, -1)) {
    lua_Integer x = lua_tointeger(L, -1);
    if (x < lo || x > hi)
      throw LoadError(where + ": field '" + name + "' is " + std::to_string(x) + ", outside " + std::to_string(lo) +
                      ".." + std::to_string(hi));
    v = static_cast<int>(x);
  } else if (ty != LUA_TNIL || required) {
    throw LoadError(where + ": field '" + name + "' must be an integer");
  }
  lua_pop(L, 1);
  return v;
}

std::vector<std::string> field_strings(lua_State* L, int t, const char* name, const std::string& where,
                                       size_t max) {
  std::vector<std::string> out;
  int ty = get_field(L, t, name);
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    return out;
  }
  if (ty != LUA_TTABLE) throw LoadError(where + ": field '" + name + "' must be a list of strings");
  push_contents(L, -1);
  size_t n = lua_rawlen(L, -1);
  if (n > max) throw LoadError(where + ": field '" + name + "' lists more than " + std::to_string(max) + " entries");
  for (size_t i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, static_cast<lua_Integer>(i)) != LUA_TSTRING)
      throw LoadError(where + ": field '" + name + "' must be a list of strings");
    out.emplace_back(lua_tostring(L, -1));
    check_text(out.back(), where, name);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return out;
}

/// " (line N)" where the value at `idx` is a Lua function, else "".
std::string line_of(lua_State* L, int idx) {
  if (!lua_isfunction(L, idx) || lua_iscfunction(L, idx)) return "";
  lua_Debug ar;
  lua_pushvalue(L, idx);
  if (!lua_getinfo(L, ">S", &ar) || ar.linedefined <= 0) return "";
  return " (line " + std::to_string(ar.linedefined) + ")";
}

/// Refuses a table field that is not in `known`, naming the nearest known one.
void check_fields(lua_State* L, int t, std::span<const char* const> known, const std::string& where) {
  push_contents(L, t);
  int c = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, c)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) throw LoadError(where + ": field names must be strings");
    std::string key = lua_tostring(L, -1);
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) throw LoadError(where + ": unknown field '" + key + "' (did you mean '" + nearest(key, known) + "'?)");
  }
  lua_pop(L, 1);
}
/// check_fields for a rules table: an unknown field's message names the nearest, then lists the
/// hooks and the fields a rules table has, and points a trigger event's name to `effects`.
void check_rules_fields(lua_State* L, int t, std::span<const char* const> known, const std::string& where) {
  try {
    check_fields(L, t, known, where);
  } catch (const LoadError& e) {
    push_contents(L, t);
    std::string bad;
    lua_pushnil(L);
    while (bad.empty() && lua_next(L, -2)) {
      lua_pop(L, 1);
      if (lua_type(L, -1) != LUA_TSTRING) continue;
      const std::string key = lua_tostring(L, -1);
      if (std::find_if(known.begin(), known.end(), [&](const char* k) { return key == k; }) == known.end()) bad = key;
    }
    if (!bad.empty()) lua_pop(L, 1);  // the key lua_next left
    lua_pop(L, 1);
    std::string hooks, fields;
    auto add = [](std::string& list, const char* k) { list += (list.empty() ? "" : ", ") + std::string(k); };
    std::set<std::string_view> listed;  // (battle_vp is both a field and a hook: named once, as a hook)
    for (const char* k : known) {
      if (!listed.insert(k).second) continue;
      const bool hook = std::any_of(std::begin(kHookTable), std::end(kHookTable),
                                    [&](const HookKind& h) { return std::string_view(h.name) == k; });
      add(hook ? hooks : fields, k);
    }
    std::string msg = std::string(e.what()) + "; a rules table's hooks are " + hooks + ", and its fields " + fields;
    for (const TriggerEvent& te : kTriggerTable)
      if (bad == te.name)
        msg += "; '" + bad + "' is a trigger event: a house rule reacts to it through a lasting effect's triggers (effects)";
    throw LoadError(msg);
  }
}

void check_fields(lua_State* L, int t, std::initializer_list<const char*> known, const std::string& where) {
  check_fields(L, t, std::span<const char* const>(known.begin(), known.size()), where);
}

/// Checks a g:cards filter table written in a card (a declared ability's): every name known,
/// every value of the right type, theaters and card ids that exist. Throws LoadError.
void check_filter(lua_State* L, int t, const std::string& where, const Rules& rules, const CardSet& set) {
  check_fields(L, t, Runtime::kFilterText, where);
  push_contents(L, t);
  int c = lua_gettop(L);
  auto theater_name = [&](int v, const std::string& name) {
    std::string th = lua_type(L, v) == LUA_TSTRING ? lua_tostring(L, v) : "";
    if (std::find(rules.theaters.begin(), rules.theaters.end(), th) == rules.theaters.end())
      throw LoadError(where + ": filter '" + name + "' must name a theater of the set");
  };
  lua_pushnil(L);
  while (lua_next(L, c)) {
    int v = lua_gettop(L);
    std::string name = lua_tostring(L, v - 1);
    if (name == "player") {
      if (!lua_isinteger(L, v) || (lua_tointeger(L, v) != 1 && lua_tointeger(L, v) != 2))
        throw LoadError(where + ": filter 'player' must be 1 or 2");
    } else if (name == "except") {
      if (lua_type(L, v) != LUA_TSTRING || set.find(lua_tostring(L, v)) < 0)
        throw LoadError(where + ": filter 'except' must be a card id of the set");
    } else if (name == "theater") {
      theater_name(v, name);
    } else if (name == "adjacent_to") {
      if (!(lua_isboolean(L, v) && !lua_toboolean(L, v))) theater_name(v, name);
    } else if (name == "theaters") {
      if (!lua_istable(L, v)) throw LoadError(where + ": filter 'theaters' must be a list of theater names");
      push_contents(L, v);
      for (lua_Integer i = 1, n = static_cast<lua_Integer>(lua_rawlen(L, -1)); i <= n; ++i) {
        lua_rawgeti(L, -1, i);
        theater_name(lua_gettop(L), name);
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    } else if (!lua_isboolean(L, v)) {
      throw LoadError(where + ": filter '" + name + "' must be true or false");
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

Effect parse_effect(lua_State* L, const std::string& name, int t, const std::string& where) {
  std::string w = where + ": ongoing effect '" + name + "'";
  if (!lua_istable(L, t)) throw LoadError(w + " must be a table");
  // Unknown keys are refused, per effect, so that a typo never silently disables an ability.
  if (name == "bonus") check_fields(L, t, {"effect", "theaters", "amount"}, w);
  else if (name == "set_strength") check_fields(L, t, {"effect", "cards", "value"}, w);
  else if (name == "add_strength") check_fields(L, t, {"effect", "cards", "by"}, w);
  else if (name == "play_anywhere") check_fields(L, t, {"effect", "max_strength"}, w);
  else if (name == "destroy_plays") check_fields(L, t, {"effect", "facedown", "theaters", "occupied_at_least", "whose"}, w);
  auto scope = [&](const char* def) {
    return pick<Scope>(field_string(L, t, "theaters", w, false, def),
                       {{"same", Scope::Same}, {"adjacent", Scope::Adjacent}, {"other", Scope::Other}, {"all", Scope::All}},
                       w);
  };
  auto target = [&]() {
    return pick<Target>(field_string(L, t, "cards", w, true),
                        {{"covered_by_this", Target::CoveredByThis},
                         {"own_facedown", Target::OwnFacedown},
                         {"own_faceup", Target::OwnFaceup},
                         {"own_in_theater", Target::OwnInTheater},
                         {"all_facedown", Target::AllFacedown}},
                        w);
  };
  Effect e{};
  if (name == "bonus") {
    e.type = Effect::StrengthBonus;
    e.scope = scope("same");
    e.amount = field_int(L, t, "amount", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "set_strength") {
    e.type = Effect::SetStrength;
    e.target = target();
    e.amount = field_int(L, t, "value", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "add_strength") {
    e.type = Effect::AddStrength;
    e.target = target();
    e.amount = field_int(L, t, "by", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "play_anywhere") {
    e.type = Effect::PlayAnywhere;
    e.amount = field_int(L, t, "max_strength", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "destroy_plays") {
    e.type = Effect::DestroyPlays;
    e.scope = scope("all");
    get_field(L, t, "facedown");
    e.facedown_only = lua_toboolean(L, -1);
    lua_pop(L, 1);
    e.occupied_at_least = field_int(L, t, "occupied_at_least", w, false, -1, 0, kMaxCards);
    e.who = pick<int>(field_string(L, t, "whose", w, false, "any"), {{"any", 0}, {"own", 1}, {"opponent", 2}}, w);
  } else {
    std::vector<std::string_view> known(std::begin(kEffectNames), std::end(kEffectNames));
    known.insert(known.end(), std::begin(kFnNames), std::end(kFnNames));
    throw LoadError(w + ": unknown effect (did you mean '" + nearest(name, known) +
                    "'? effects: bonus, set_strength, add_strength, play_anywhere, destroy_plays; functions: strength, "
                    "total, may_play, may_withdraw, destroys_play)");
  }
  return e;
}

}  // namespace als::loader_impl
