// Loading and validating card sets and house rules (docs/modding.md): set.lua, one script per
// card, shared libraries (use), rules tables and their hooks. Everything a script returns is read
// raw inside a protected call, checked strictly (unknown fields refused with the nearest known
// name, numbers range-checked), then frozen: read-only, its upvalues put back after every call.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <span>

#include <lua.hpp>
#include <xxhash.h>

#include "loader.h"

#include "engine.h"
#include "files.h"
#include "names.h"
#include "binding.h"
#include "loader_impl.h"

namespace als {

using namespace loader_impl;

namespace {
// use(name) -> the value of <name>.lua from the set's own lib/, else the lib/ of the set it
// extends, else the bundled scripts/lib (docs/modding.md, "Shared Lua"). Loaded once per
// runtime, as text, in a sandbox environment of its own, and read-only once loaded.
int use_library(lua_State* L) {
  std::string err;
  const char* name = luaL_checkstring(L, 1);
  if (!valid_name(name)) return luaL_error(L, "use: '%s' is not a library name (lowercase letters, digits, _)", name);
  lua_getfield(L, LUA_REGISTRYINDEX, "als.libs");
  if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  auto* rt = static_cast<Runtime*>(sandbox_user(L));
  std::string path;
  for (const auto& d : rt->library_dirs()) {
    std::string p = (std::filesystem::path(d) / (std::string(name) + ".lua")).string();
    if (files::is_file(p)) {
      path = p;
      break;
    }
  }
  if (path.empty()) return luaL_error(L, "use: no library '%s' (looked in the set's lib/, its base's and scripts/lib)", name);
  try {
    run_file(L, rt->admit(path, "library " + std::string(name)), "library " + std::string(name));
  } catch (const std::exception& e) {
    err = e.what();
  }
  if (!err.empty()) return luaL_error(L, "%s", err.c_str());
  luaL_unref(L, LUA_REGISTRYINDEX, freeze(L, -1));  // a library is shared: read-only once loaded
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name);
  return 1;
}
}  // namespace

std::string Runtime::admit(const std::string& path, const std::string& what) const {
  std::string open = path;
  if (std::string why = policy_.may_open(open); !why.empty())
    throw LoadError(escape_controls(path.substr(0, 300)) + " (" + what + "): " + why);
  return open;
}

Runtime::Runtime() : L_(new_sandbox(kCardLimits)) {
  set_sandbox_user(L_, this);
  lua_newtable(L_);
  lua_setfield(L_, LUA_REGISTRYINDEX, "als.libs");
  lua_newtable(L_);
  lua_pushcfunction(L_, use_library);
  lua_setfield(L_, -2, "use");
  lua_setfield(L_, LUA_REGISTRYINDEX, "als.env_extras");
  publish_params(Rules{});  // `params` is a global of every script, empty until a set declares some
}
Runtime::~Runtime() { close_sandbox(L_); }


// ---------------------------------------------------------------------------------------------
// Loading


// A `triggers` table (at `tt`): EVENT = function, each event allowed by `api`; the functions'
// registry refs into `refs`, their events' bits into `mask`.
static void read_triggers(lua_State* L, int tt, int api, const std::string& where, std::array<int, kTriggerEvents>& refs,
                          uint16_t& mask) {
  std::vector<const char*> events;
  for (const TriggerEvent& k : kTriggerTable) events.push_back(k.name);
  check_fields(L, tt, events, where + ": triggers");
  for (int ev = 0; ev < kTriggerEvents; ++ev) {
    int fty = get_field(L, tt, kTriggerTable[ev].name);
    if (fty == LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    if (fty != LUA_TFUNCTION) throw LoadError(where + ": trigger '" + kTriggerTable[ev].name + "' must be a function");
    if (api < kTriggerTable[ev].api)
      throw LoadError(where + ": trigger '" + kTriggerTable[ev].name + "' needs api = " +
                      std::to_string(kTriggerTable[ev].api) + " in set.lua");
    refs[ev] = luaL_ref(L, LUA_REGISTRYINDEX);
    mask |= static_cast<uint16_t>(1u << ev);
  }
}

// A card file's or a house rule's `effects` table (API 3, docs/modding.md, "Effects that last"):
// NAME = { ongoing functions..., triggers = { EVENT = function } }, read in the order of the
// names (so that the definitions' numbers do not depend on Lua's table order).
void Runtime::read_effects(int idx, int card, int api, const std::string& w) {
  lua_State* L = L_;
  idx = lua_absindex(L, idx);
  if (api < 3) throw LoadError(w + ": 'effects' (lasting effects) need api = 3 in set.lua");
  if (!lua_istable(L, idx)) throw LoadError(w + ": 'effects' must be a table { NAME = { functions, triggers } }");
  std::vector<std::string> names;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING || !valid_name(lua_tostring(L, -1)) || lua_rawlen(L, -1) > 24)
      throw LoadError(w + ": 'effects' is named by words (lowercase letters, digits, _; at most 24)");
    names.emplace_back(lua_tostring(L, -1));
  }
  std::sort(names.begin(), names.end());
  std::vector<const char*> fields(std::begin(kFnNames), std::end(kFnNames));
  fields.push_back("triggers");
  fields.push_back("instead");
  for (const std::string& name : names) {
    std::string where = w + ": effect '" + name + "'";
    lua_getfield(L, idx, name.c_str());
    int e = lua_gettop(L);
    if (!lua_istable(L, e)) throw LoadError(where + " must be a table of functions and triggers");
    check_fields(L, e, fields, where);
    LastingDef d;
    d.card = card;
    d.name = name;
    std::array<int, static_cast<int>(Fn::Count)> fns;
    fns.fill(LUA_NOREF);
    std::array<int, kTriggerEvents> trig;
    trig.fill(LUA_NOREF);
    for (int f = 0; f < static_cast<int>(Fn::Count); ++f) {
      int ty = get_field(L, e, kFnNames[f]);
      if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        continue;
      }
      if (ty != LUA_TFUNCTION) throw LoadError(where + ": '" + kFnNames[f] + "' must be a function");
      if (api < kFnApi[f])
        throw LoadError(where + ": function '" + kFnNames[f] + "' needs api = " + std::to_string(kFnApi[f]) + " in set.lua");
      fns[f] = luaL_ref(L, LUA_REGISTRYINDEX);
      d.fns |= static_cast<uint8_t>(1u << f);
    }
    int ty = get_field(L, e, "triggers");
    if (ty == LUA_TTABLE) {
      read_triggers(L, lua_gettop(L), api, where, trig, d.triggers);
    } else if (ty != LUA_TNIL) {
      throw LoadError(where + ": 'triggers' must be a table of functions");
    }
    lua_pop(L, 1);  // triggers
    InsteadRefs instead;
    instead.fill(LUA_NOREF);
    if (get_field(L, e, "instead") != LUA_TNIL) {
      if (api < 6) throw LoadError(where + ": 'instead' (replacement effects) needs api = 6 in set.lua");
      d.instead = read_instead(lua_gettop(L), where, instead);
    }
    lua_pop(L, 2);  // instead, the effect
    if (!d.fns && !d.triggers && !d.instead) throw LoadError(where + " has no function and no trigger (nor 'instead', API 6)");
    if (lasting_defs_.size() >= 255) throw LoadError(where + ": at most 255 lasting effects in a set and its rules");
    lasting_defs_.push_back(std::move(d));
    lasting_fn_ref_.push_back(fns);
    lasting_trigger_ref_.push_back(trig);
    lasting_instead_ref_.push_back(instead);
  }
}

void Runtime::read_rules_table(int t, Rules& r, const std::string& w, bool edited) {
  lua_State* L = L_;
  t = lua_absindex(L, t);
  std::vector<const char*> rule_fields(std::begin(kRuleFields), std::end(kRuleFields));
  for (const HookKind& k : kHookTable) rule_fields.push_back(k.name);
  check_rules_fields(L, t, rule_fields, w + ": rules");
  // House-rule hooks (docs/modding.md): functions, added after the earlier rules' of the same kind
  // (an answering hook runs after them, seeing their answer; an acting hook acts after them). A
  // function rule's table holds the last of each kind: kept as it is, replaced, or set to nil to
  // drop them all.
  bool any_hook = false;
  for (int h = 0; h < static_cast<int>(Hook::Count); ++h) {
    std::vector<int>& refs = hook_ref_[static_cast<size_t>(h)];
    int ty = get_field(L, t, kHookTable[h].name);
    if (ty == LUA_TNIL || (h == static_cast<int>(Hook::BattleVp) && ty == LUA_TNUMBER)) {
      lua_pop(L, 1);
      if (edited || ty == LUA_TNUMBER) {  // (a number: battle_vp the field, not the hook)
        for (int ref : refs) luaL_unref(L, LUA_REGISTRYINDEX, ref);
        refs.clear(), hook_file_[static_cast<size_t>(h)].clear();
        r.hooks &= static_cast<uint16_t>(~(1u << h));
      }
      continue;
    }
    if (ty != LUA_TFUNCTION) throw LoadError(w + ": rules field '" + kHookTable[h].name + "' must be a function");
    if (!refs.empty()) {  // the function rule's table gave back the last one as it was: kept
      lua_rawgeti(L, LUA_REGISTRYINDEX, refs.back());
      const bool same = lua_rawequal(L, -1, -2);
      lua_pop(L, 1);
      if (same) {
        lua_pop(L, 1);
        continue;
      }
    }
    if (refs.size() >= kMaxRuleHooks)
      throw LoadError(w + ": more than " + std::to_string(kMaxRuleHooks) + " rules with a '" + kHookTable[h].name + "' hook");
    refs.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
    hook_file_[static_cast<size_t>(h)].push_back(w);
    r.hooks |= static_cast<uint16_t>(1u << h);
    any_hook = true;
  }
  for (int h = 0; h < kActingHooks; ++h) r.acting[h] = static_cast<uint8_t>(hook_ref_[static_cast<size_t>(h)].size());
  // Triggers a house rule declares (API 6: with any set), acting as a board card's do.
  if (int ty = get_field(L, t, "triggers"); ty == LUA_TTABLE) {
    std::array<int, kTriggerEvents> refs;
    refs.fill(LUA_NOREF);
    uint16_t mask = 0;
    read_triggers(L, lua_gettop(L), kApiMax, w + ": rules", refs, mask);
    if (mask) {
      rule_triggers_.emplace_back(w, refs);
      r.triggers |= mask;
      any_hook = true;
    }
  } else if (ty != LUA_TNIL) {
    throw LoadError(w + ": rules field 'triggers' must be a table { EVENT = function(g, this, e) }");
  }
  lua_pop(L, 1);
  if (read_rule_instead(t, r, w)) any_hook = true;
  // Lasting effects a house rule declares (API 3: with any set), started by its hooks.
  if (get_field(L, t, "effects") != LUA_TNIL) {
    read_effects(lua_gettop(L), kNone, kApiMax, w + ": rules");  // (house rules: every API's names)
    any_hook = true;
  }
  lua_pop(L, 1);
  if (any_hook) {  // isolated like a card's functions
    bool writes = false;
    rules_upvalues_.push_back(freeze(L, t, &writes));
    rules_written_.push_back(writes);
    any_rules_written_ = any_rules_written_ || writes;
    rules_files_.push_back(w);
  }
  // Every battle scores at least 1 VP and the target is reachable, so every game ends.
  r.vp_target = field_int(L, t, "vp_target", w, false, r.vp_target, 1, kMaxVp);
  // battle_vp: a number is the VP of a battle played out; a function is the hook (docs/modding.md, "House-rule hooks").
  bool vp_hook = get_field(L, t, "battle_vp") == LUA_TFUNCTION;
  lua_pop(L, 1);
  if (!vp_hook) r.battle_vp = field_int(L, t, "battle_vp", w, false, r.battle_vp, 1, kMaxVp);
  r.hand_size = field_int(L, t, "hand_size", w, false, r.hand_size, 0, kMaxCards / 2);
  r.facedown_strength = field_int(L, t, "facedown_strength", w, false, r.facedown_strength, -kMaxStrength, kMaxStrength);
  r.rotation = field_int(L, t, "rotation", w, false, r.rotation, 0, kMaxTheaters - 1);
  r.max_actions = field_int(L, t, "max_actions", w, false, r.max_actions, 1, kMaxGameActions);
  std::string order = field_string(L, t, "instants", w, false, r.immediate_instants ? "immediate" : "queue");
  r.immediate_instants = pick<bool>(order, {{"queue", false}, {"immediate", true}}, w + ": instants");
  auto boolean = [&](const char* name, bool& v) {
    int ty = get_field(L, t, name);
    if (ty == LUA_TBOOLEAN) v = lua_toboolean(L, -1);
    else if (ty != LUA_TNIL) throw LoadError(w + ": field '" + name + "' must be a boolean");
    lua_pop(L, 1);
  };
  boolean("interrupt_flipped", r.interrupt_flipped);
  boolean("flip_covered", r.flip_covered);
  boolean("random_theater_order", r.random_theater_order);
  auto th = field_strings(L, t, "theaters", w, kMaxTheaters);
  if (get_field(L, t, "theaters") == LUA_TTABLE) r.theaters = th;
  lua_pop(L, 1);
  if (get_field(L, t, "withdraw_chart") != LUA_TNIL) {
    const std::string shape = w + ": withdraw_chart must be { {1st player's}, {2nd player's} }";
    if (!lua_istable(L, -1)) throw LoadError(shape);
    push_contents(L, -1);
    for (int seat = 0; seat < 2; ++seat) {
      if (lua_rawgeti(L, -1, seat + 1) != LUA_TTABLE) throw LoadError(shape);
      push_contents(L, -1);
      size_t n = lua_rawlen(L, -1);
      if (n == 0 || n > kMaxCards) throw LoadError(w + ": a withdraw_chart has 1 to " + std::to_string(kMaxCards) + " entries");
      std::vector<int> chart;
      for (size_t i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
        if (!lua_isinteger(L, -1)) throw LoadError(w + ": withdraw_chart entries must be integers");
        lua_Integer v = lua_tointeger(L, -1);
        if (v < 1 || v > kMaxVp)
          throw LoadError(w + ": withdraw_chart entry " + std::to_string(v) + " is outside 1.." + std::to_string(kMaxVp));
        chart.push_back(static_cast<int>(v));
        lua_pop(L, 1);
      }
      r.withdraw_chart[seat] = chart;
      lua_pop(L, 2);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

void Runtime::read_params(int t, Rules& r, const std::string& w) {
  lua_State* L = L_;
  t = lua_absindex(L, t);
  const int ty = get_field(L, t, "params");
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (ty != LUA_TTABLE) throw LoadError(w + ": 'params' must be a table of name = number");
  push_contents(L, -1);
  std::vector<std::pair<std::string, double>> found;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) != LUA_TSTRING) throw LoadError(w + ": params: each is name = number");
    if (found.size() >= kMaxParams) throw LoadError(w + ": at most " + std::to_string(kMaxParams) + " params in a set and its rules");
    size_t len = 0;
    const char* key = lua_tolstring(L, -2, &len);
    const std::string name(key, len);
    if (!valid_name(name) || name.size() > 32)
      throw LoadError(w + ": param name '" + printable(name) + "' must be 1 to 32 lowercase letters, digits and _");
    if (lua_type(L, -1) != LUA_TNUMBER) throw LoadError(w + ": param '" + name + "' must be a number");
    const double v = lua_tonumber(L, -1);
    if (!std::isfinite(v) || std::abs(v) > kMaxParam)
      throw LoadError(w + ": param '" + name + "' must be a number from -1e9 to 1e9");
    found.emplace_back(name, v);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  std::sort(found.begin(), found.end());  // (a table's order is not the file's: by name)
  for (auto& [name, value] : found) {
    for (const auto& [known, v] : r.params)
      if (known == name)
        throw LoadError(w + ": param '" + name + "' is declared twice (the set's and its rules' params share one namespace)");
    for (const auto& [given, v] : param_values_)
      if (given == name) value = v;  // the last one given wins
    r.params.emplace_back(name, value);
  }
  if (r.params.size() > kMaxParams) throw LoadError(w + ": at most " + std::to_string(kMaxParams) + " params in a set and its rules");
  publish_params(r);
}

void Runtime::publish_params(const Rules& r) {
  lua_State* L = L_;
  lua_getfield(L, LUA_REGISTRYINDEX, "als.env_extras");
  lua_createtable(L, 0, static_cast<int>(r.params.size()));
  for (const auto& [name, v] : r.params) {
    if (v == std::floor(v)) lua_pushinteger(L, static_cast<lua_Integer>(v));  // whole numbers are integers
    else lua_pushnumber(L, v);
    lua_setfield(L, -2, name.c_str());
  }
  freeze(L, lua_gettop(L));
  lua_setfield(L, -2, "params");
  lua_pop(L, 1);
}

void Runtime::push_rules_table(const Rules& r) {
  lua_State* L = L_;
  lua_newtable(L);
  set_int(L, "vp_target", r.vp_target);
  set_int(L, "battle_vp", r.battle_vp);
  set_int(L, "hand_size", r.hand_size);
  set_int(L, "facedown_strength", r.facedown_strength);
  set_int(L, "rotation", r.rotation);
  set_int(L, "max_actions", r.max_actions);
  set_string(L, "instants", r.immediate_instants ? "immediate" : "queue");
  set_bool(L, "interrupt_flipped", r.interrupt_flipped);
  set_bool(L, "flip_covered", r.flip_covered);
  set_bool(L, "random_theater_order", r.random_theater_order);
  push_strings(L, r.theaters);
  lua_setfield(L, -2, "theaters");
  lua_createtable(L, 2, 0);
  for (int seat = 0; seat < 2; ++seat) {
    push_ints(L, r.withdraw_chart[seat]);
    lua_rawseti(L, -2, seat + 1);
  }
  lua_setfield(L, -2, "withdraw_chart");
  for (int h = 0; h < static_cast<int>(Hook::Count); ++h) {
    if (!r.has(static_cast<Hook>(h))) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, hook_last(static_cast<Hook>(h)));
    lua_setfield(L, -2, kHookTable[h].name);
  }
}

// Runs a house-rule file and leaves its table on the stack: the table it returns, or the rules
// table (with `r`'s values) its function edited. `check_nils`: a field the function set to nil is
// refused by name (a param's name mistyped: `rules.vp_target = params.win_vp` read nil).
bool Runtime::run_rules_file(const std::string& path, const Rules& r, bool check_nils) {
  lua_State* L = L_;
  run_file(L, admit(path, "rules"), "rules");
  if (lua_isfunction(L, -1)) {
    push_rules_table(r);
    lua_pushvalue(L, -1);
    lua_insert(L, -3);  // rules table, function, rules table
    lua_pushcfunction(L, traceback_handler);
    lua_insert(L, -3);
    if (lua_pcall(L, 1, 0, -3) != LUA_OK) {
      std::string msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error";
      throw LoadError(msg + " (rules)");
    }
    lua_pop(L, 1);
    if (check_nils)
      for (const char* field : kRuleFields) {
        const bool nil = lua_getfield(L, -1, field) == LUA_TNIL;  // (a plain table: no metamethods)
        lua_pop(L, 1);
        if (nil && std::string_view(field) != "params" && std::string_view(field) != "effects" &&
            std::string_view(field) != "triggers" && std::string_view(field) != "instead")  // (not given to it)
          throw LoadError(path + ": rules field '" + field + "' was set to nil (a param's name mistyped?)");
      }
    return true;
  }
  if (!lua_istable(L, -1)) throw LoadError(path + ": a rules script must return a function(rules) or a table of rules");
  return false;
}

void Runtime::load_rules(const std::string& path, Rules& rules) {
  lua_State* L = L_;
  Rules r = rules;
  // First the rule's own params, so that its fields may read them (`vp_target = params.win_vp`):
  // read_params publishes them, and the file runs again. A file that cannot run before they are
  // known (arithmetic on one) reads them in the one run below, as before.
  bool own_params = false;
  try {
    set_budget(L, kCardLimits.instructions);
    protect(L, [&] {
      run_rules_file(path, r, false);
      read_params(-1, r, path);
      lua_pop(L, 1);
    }, path + ": ");
    own_params = r.params.size() > rules.params.size();
  } catch (const LoadError&) {
    r = rules;
    publish_params(r);
  }
  Rules out = own_params ? r : rules;
  set_budget(L, kCardLimits.instructions);
  protect(L, [&] {
    const bool edited = run_rules_file(path, out, true);
    read_rules_table(-1, out, path, edited);
    if (!own_params) read_params(-1, out, path);
  }, path + ": ");
  rules = out;
}


namespace {
// "land_maneuver" -> "Land Maneuver": a card's display name when its file gives none.
std::string title_case(const std::string& id) {
  std::string out;
  bool start = true;
  for (char ch : id) {
    if (ch == '_') {
      out.push_back(' ');
      start = true;
      continue;
    }
    out.push_back(start && ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch);
    start = false;
  }
  return out;
}

// Cards that share a display name are told apart by type, as the printed Maneuvers are: each of
// them is named with its type first ("Maneuver" of type land: "Land Maneuver"), unless its name
// starts with it already.
void tell_names_apart(CardSet& set) {
  std::map<std::string, int> uses;
  for (const CardDef& d : set.cards) ++uses[d.name];
  for (CardDef& d : set.cards) {
    const std::string type = title_case(d.type);
    if (uses[d.name] > 1 && d.name.rfind(type + " ", 0) != 0 && d.name.size() + type.size() < 32) d.name = type + " " + d.name;
  }
}

// A card's display name as read: printable text of 1 to 32 characters (names need not be unique:
// the first printing calls its three Maneuvers "Maneuver"). Throws LoadError naming the file.
std::string display_name(const std::string& name, const std::string& where) {
  if (!printable_text(name, 32)) throw LoadError(where + ": name must be printable text of 1 to 32 characters");
  return name;
}
}  // namespace

void Runtime::load_set(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules) {
  std::string manifest = (std::filesystem::path(dir) / "set.lua").string();
  if (!files::exists(manifest)) throw LoadError(manifest + ": no such file (a card set needs set.lua)");
  std::string reading = manifest;  // the file being read, for messages
  protect(L_, [&] { load_set_protected(dir, data_dir, set, rules, reading); }, "");
}

void Runtime::load_set_protected(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules,
                                 std::string& reading) {
  const std::string manifest = reading;
  std::vector<std::string> bases;
  std::vector<std::string> ids = read_manifest(dir, data_dir, manifest, set, rules, bases);
  index_ids(ids, manifest, set);
  for (const std::string& id : ids) load_card(id, dir, bases, set, rules, reading);
  tell_names_apart(set);
  make_handle();  // the game handle `g` handed to abilities
}

std::vector<std::string> Runtime::read_manifest(const std::string& dir, const std::string& data_dir,
                                                const std::string& manifest, CardSet& set, Rules& rules,
                                                std::vector<std::string>& bases) {
  lua_State* L = L_;
  set_budget(L, kCardLimits.instructions);
  run_file(L, admit(manifest, "set"), "set");
  if (!lua_istable(L, -1)) throw LoadError(manifest + ": set.lua must return a table");
  int t = lua_gettop(L);
  check_fields(L, t, {"name", "api", "description", "theaters", "cards", "rules", "extends", "params"}, manifest);
  set.dir = dir;
  set.name = field_string(L, t, "name", manifest, true);
  set.api = field_int(L, t, "api", manifest, true, 0, 0, 1000);
  if (set.api < kApiMin || set.api > kApiMax)
    throw LoadError(manifest + ": the set targets script API " + std::to_string(set.api) + ", this engine reads API " +
                    std::to_string(kApiMin) + " to " + std::to_string(kApiMax));
  rules.theaters = field_strings(L, t, "theaters", manifest, kMaxTheaters);
  if (rules.theaters.empty()) throw LoadError(manifest + ": field 'theaters' must list at least one theater");
  if (get_field(L, t, "rules") != LUA_TNIL) {
    if (!lua_istable(L, -1)) throw LoadError(manifest + ": field 'rules' must be a table");
    read_rules_table(-1, rules, manifest, false);
    read_params(-1, rules, manifest);
  }
  lua_pop(L, 1);
  publish_params(rules);  // `params` is always there (empty when nothing declares any)
  read_params(t, rules, manifest);
  std::vector<std::string> ids = field_strings(L, t, "cards", manifest, kMaxCards + 1);
  std::string base = field_string(L, t, "extends", manifest, false);
  lua_pop(L, 1);
  bases = extends_chain(dir, data_dir, manifest, base);
  // use(name) looks in the set's own lib/, then in the sets it extends, nearest first, then in scripts/lib.
  lib_dirs_ = {(std::filesystem::path(dir) / "lib").string()};
  for (const std::string& b : bases) lib_dirs_.push_back((std::filesystem::path(b) / "lib").string());
  lib_dirs_.push_back((std::filesystem::path(data_dir) / "scripts" / "lib").string());
  if (ids.empty()) throw LoadError(manifest + ": field 'cards' must list the set's card ids");
  if (ids.size() > static_cast<size_t>(kMaxCards))
    throw LoadError(manifest + ": a set may have at most " + std::to_string(kMaxCards) + " cards");
  return ids;
}

void Runtime::index_ids(const std::vector<std::string>& ids, const std::string& manifest, CardSet& set) {
  lua_State* L = L_;
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string& id = ids[i];
    if (!valid_name(id) || id.size() > 32 || id == "none")
      throw LoadError(manifest + ": card id '" + printable(id) + "' must be 1 to 32 lowercase letters, digits and _ (not 'none')");
    if (set.index.count(id)) throw LoadError(manifest + ": card id '" + id + "' is listed twice");
    set.index[id] = static_cast<int>(i);
    const char* ptr = lua_pushstring(L, id.c_str());  // interned; kept alive by its reference
    id_ref_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
    size_t h = id_hash(ptr);
    while (id_slot_[h].ptr) h = (h + 1) & (kIdSlots - 1);
    id_slot_[h] = IdSlot{ptr, static_cast<int>(i)};
  }
}

// A card's `ability`: a function, a declaration { flip = filter }, or none (a card without an instant).
void Runtime::read_ability(int c, CardDef& d, const std::string& w, const CardSet& set, const Rules& rules) {
  lua_State* L = L_;
  int ty = get_field(L, c, "ability");
  // API 6: an ongoing card may have one too, resolving as an instant's does when it comes faceup
  // (a copier printed as ongoing: "while faceup, this card has the ability of the card it covers").
  if ((ty == LUA_TFUNCTION || ty == LUA_TTABLE) && d.kind == Kind::Ongoing && set.api < 6)
    throw LoadError(w + ": an ongoing card's 'ability' (resolving as it comes faceup) needs api = 6 in set.lua");
  const bool may = d.kind == Kind::Instant || (d.kind == Kind::Ongoing && set.api >= 6);
  if (ty == LUA_TFUNCTION) {
    if (!may) throw LoadError(w + ": only an instant card has an 'ability' function (or, with api = 6, an ongoing one)");
    d.has_ability = true;
    ability_ref_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
    declared_flip_ref_.push_back(LUA_NOREF);
  } else if (ty == LUA_TTABLE) {  // a declared ability: { flip = filter } (use("flip").one)
    if (!may) throw LoadError(w + ": only an instant card has an 'ability' (or, with api = 6, an ongoing one)");
    int a = lua_gettop(L);
    check_fields(L, a, {"flip"}, w + ": ability");
    if (get_field(L, a, "flip") != LUA_TTABLE)
      throw LoadError(w + ": a declared ability is { flip = filter }, with a g:cards filter table");
    check_filter(L, lua_gettop(L), w + ": ability 'flip'", rules, set);
    d.has_ability = true;
    declared_flip_ref_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
    ability_ref_.push_back(LUA_NOREF);
    lua_pop(L, 1);  // the declaration
  } else {
    if (ty != LUA_TNIL) throw LoadError(w + ": 'ability' must be a function(g, card) or a declaration { flip = filter }");
    if (d.kind == Kind::Instant) throw LoadError(w + ": an instant card needs an 'ability' function");
    lua_pop(L, 1);
    ability_ref_.push_back(LUA_NOREF);
    declared_flip_ref_.push_back(LUA_NOREF);
  }
}

// A card's `hand_triggers` table (API 5): EVENT = function(g, this, e), active while the card is
// in its owner's hand. Their refs go into the card's trigger refs (`trig`): an event has a
// trigger or a hand trigger, never both.
void Runtime::read_hand_triggers(int c, CardDef& d, const std::string& w, int api, std::array<int, kTriggerEvents>& trig) {
  lua_State* L = L_;
  const int ty = get_field(L, c, "hand_triggers");
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (ty != LUA_TTABLE) throw LoadError(w + ": 'hand_triggers' must be a table of functions");
  if (api < 5) throw LoadError(w + ": hand_triggers need api = 5 in set.lua");
  std::array<int, kTriggerEvents> refs;
  refs.fill(LUA_NOREF);
  uint16_t mask = 0;
  read_triggers(L, lua_gettop(L), api, w + " (hand)", refs, mask);
  lua_pop(L, 1);
  if (const uint16_t both = mask & d.triggers) {
    const int ev = __builtin_ctz(both);
    throw LoadError(w + ": '" + kTriggerTable[ev].name + "' is both a trigger and a hand trigger (a card has one or the other for an event)");
  }
  for (int ev = 0; ev < kTriggerEvents; ++ev)
    if ((mask >> ev) & 1) trig[static_cast<size_t>(ev)] = refs[static_cast<size_t>(ev)];
  d.hand_triggers = mask;
}

// A card's `copies` function (API 5): read-only, it names the card whose ongoing effects and
// triggers this card has while faceup. Such a card has none of its own; its kind is "ongoing"
// ("instant" when it has an instant ability too).
void Runtime::read_copies(int c, CardDef& d, const std::string& w, int api) {
  lua_State* L = L_;
  const int ty = get_field(L, c, "copies");
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    copies_ref_.push_back(LUA_NOREF);
    return;
  }
  if (ty != LUA_TFUNCTION) throw LoadError(w + ": 'copies' must be a function(g, this) returning a card id or nil");
  if (api < 5) throw LoadError(w + ": 'copies' needs api = 5 in set.lua");
  if (d.kind != Kind::Ongoing && d.kind != Kind::Instant)
    throw LoadError(w + ": a card whose ability is 'copies' is kind = \"ongoing\" (\"instant\" with an instant ability too)");
  if (d.fns || !d.effects.empty() || d.triggers || d.hand_triggers)
    throw LoadError(w + ": a card that copies has the ongoing effects and triggers of the card it copies, none of its own "
                        "('copies' goes without 'ongoing', 'triggers' and 'hand_triggers')");
  d.copies = true;
  copies_ref_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
}

// A card's own `may_play` (API 6): the terms of its own play, read wherever the rules check one.
void Runtime::read_own_may_play(int c, CardDef& d, const std::string& w, int api) {
  lua_State* L = L_;
  const int ty = get_field(L, c, "may_play");
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    own_may_play_ref_.push_back(LUA_NOREF);
    return;
  }
  if (ty != LUA_TFUNCTION)
    throw LoadError(w + ": 'may_play' must be a function(g, this, player, theater, face, allowed) returning a boolean");
  if (api < 6) throw LoadError(w + ": a card's own 'may_play' needs api = 6 in set.lua");
  d.own_may_play = true;
  own_may_play_ref_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
}

// A card's `ongoing` table: declared effects and ongoing functions (API 2).
void Runtime::read_ongoing(int c, CardDef& d, const std::string& w, int api,
                           std::array<int, static_cast<int>(Fn::Count)>& fns) {
  lua_State* L = L_;
  int ty = get_field(L, c, "ongoing");
  if (ty == LUA_TTABLE) {
    if (d.kind != Kind::Ongoing) throw LoadError(w + ": only an ongoing card has 'ongoing' effects");
    push_contents(L, -1);
    lua_remove(L, -2);
    int o = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, o)) {
      std::string name;
      if (lua_type(L, -2) == LUA_TSTRING) name = lua_tostring(L, -2);
      else if (lua_type(L, -1) != LUA_TTABLE)
        throw LoadError(w + ": 'ongoing' holds a " + luaL_typename(L, -1) +
                        " where an effect table { effect = ... } or a named function is expected");
      else name = field_string(L, lua_gettop(L), "effect", w, true);
      int fn = -1;
      for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
        if (name == kFnNames[i]) fn = i;
      if (fn >= 0) {  // an ongoing function (API 2)
        if (!lua_isfunction(L, -1)) throw LoadError(w + ": ongoing '" + name + "' must be a function" + line_of(L, -1));
        if (api < kFnApi[fn])
          throw LoadError(w + ": ongoing function '" + name + "' needs api = " + std::to_string(kFnApi[fn]) + " in set.lua");
        lua_pushvalue(L, -1);
        fns[fn] = luaL_ref(L, LUA_REGISTRYINDEX);
        d.fns |= static_cast<uint8_t>(1u << fn);
      } else {
        d.effects.push_back(parse_effect(L, name, lua_gettop(L), w));
      }
      lua_pop(L, 1);
    }
  } else if (ty != LUA_TNIL) {
    throw LoadError(w + ": 'ongoing' must be a table of effects");
  }
  lua_pop(L, 1);
}

// One card's file: its fields, ability, ongoing effects and functions, triggers and lasting effects;
// then its tables are frozen.
void Runtime::load_card(const std::string& id, const std::string& dir, const std::vector<std::string>& bases, CardSet& set,
                        const Rules& rules, std::string& reading) {
  lua_State* L = L_;
  std::array<int, kTriggerEvents> trig;
  trig.fill(LUA_NOREF);
  std::array<int, static_cast<int>(Fn::Count)> fns;
  fns.fill(LUA_NOREF);
  CardDef d;
  d.id = id;
  d.file = (std::filesystem::path(dir) / (id + ".lua")).string();
  for (size_t i = 0; i < bases.size() && !files::exists(d.file); ++i)
    d.file = (std::filesystem::path(bases[i]) / (id + ".lua")).string();
  std::string w = d.file + " (card " + id + ")";
  if (!files::exists(d.file)) {
    std::string where;
    for (const std::string& b : bases) where += ", nor in " + files::shown_path(b) + " (extended)";
    throw LoadError((std::filesystem::path(dir) / (id + ".lua")).string() + ": no such file (card " + id +
                    " has no script in the set's folder" + where + ")");
  }
  set_budget(L, kCardLimits.instructions);
  reading = d.file;
  run_file(L, admit(d.file, "card " + id), "card " + id);
  if (!lua_istable(L, -1)) throw LoadError(w + ": a card script must return a table");
  int c = lua_gettop(L);
  check_fields(L, c, std::span<const char* const>(kCardFields), w);
  d.name = display_name(field_string(L, c, "name", w, false, title_case(id)), w);
  d.type = field_string(L, c, "type", w, true);
  d.strength = field_int(L, c, "strength", w, true, 0, -kMaxStrength, kMaxStrength);
  d.kind = pick<Kind>(field_string(L, c, "kind", w, false, "none"),
                      {{"instant", Kind::Instant}, {"ongoing", Kind::Ongoing}, {"triggered", Kind::Triggered},
                       {"none", Kind::None}},
                      w + ": kind");
  if (d.kind == Kind::Triggered && set.api < 3) throw LoadError(w + ": kind 'triggered' needs api = 3 in set.lua");
  d.text = field_string(L, c, "text", w, false, "");
  read_ability(c, d, w, set, rules);
  read_ongoing(c, d, w, set.api, fns);
  // Triggered abilities (API 2): triggers = { EVENT = function(g, this, e) ... end }
  int ty = get_field(L, c, "triggers");
  if (ty == LUA_TTABLE) {
    if (set.api < 2) throw LoadError(w + ": triggers need api = 2 in set.lua");
    // API 3: a triggered card, and an instant card too (active while faceup on the board).
    if (d.kind != Kind::Ongoing && d.kind != Kind::Triggered && !(d.kind == Kind::Instant && set.api >= 3))
      throw LoadError(w + (set.api >= 3 ? ": a card without ability has no triggers"
                                        : ": only an ongoing card has triggers (an instant card's need api = 3)"));
    read_triggers(L, lua_gettop(L), set.api, w, trig, d.triggers);
  } else if (ty != LUA_TNIL) {
    throw LoadError(w + ": 'triggers' must be a table of functions");
  }
  lua_pop(L, 1);
  read_hand_triggers(c, d, w, set.api, trig);
  if (get_field(L, c, "effects") != LUA_TNIL) read_effects(lua_gettop(L), static_cast<int>(set.cards.size()), set.api, w);
  read_copies(c, d, w, set.api);
  read_own_may_play(c, d, w, set.api);
  read_card_instead(c, d, w, set.api);
  if (d.kind == Kind::Triggered && !d.triggers && !d.hand_triggers)
    throw LoadError(w + ": a triggered card needs 'triggers' or 'hand_triggers'");
  if (d.kind == Kind::Ongoing && d.effects.empty() && !d.fns && !d.triggers && !d.copies && !d.has_ability && !d.instead)
    throw LoadError(w + ": an ongoing card needs 'ongoing' effects or functions, triggers, or 'copies' (API 6: or 'instead')");
  // From now on the card's tables are read-only and its functions' upvalues are put back
  // after every call: nothing one call leaves behind reaches the next.
  trigger_ref_.push_back(trig);
  fn_ref_.push_back(fns);
  bool writes = false;
  upvalues_ref_.push_back(freeze(L, c, &writes));
  if (writes) upvalues_written_ |= uint64_t{1} << set.cards.size();
  lua_pop(L, 1);
  set.cards.push_back(std::move(d));
}

// ---------------------------------------------------------------------------------------------

void check_param_names(const ParamValues& given, const std::vector<std::pair<std::string, double>>& declared) {
  for (const auto& one : given) {
    const std::string& name = one.first;
    if (std::any_of(declared.begin(), declared.end(), [&](const auto& d) { return d.first == name; })) continue;
    std::string all, nearest;
    size_t best = 3;  // at most two edits away
    for (const auto& [known, v] : declared) {
      all += (all.empty() ? "" : ", ") + known;
      if (size_t d = edit_distance(known, name); d < best) best = d, nearest = known;
    }
    throw LoadError("no param '" + printable(name) + "'" + (nearest.empty() ? "" : " (did you mean '" + nearest + "'?)") +
                    (all.empty() ? ": the set and its rules declare none" : "; params: " + all));
  }
}

std::shared_ptr<Engine> load_engine(const std::string& cards, const std::vector<std::string>& rules,
                                    const std::string& data_dir, const ParamValues& params, const Policy& policy) {
  namespace fs = std::filesystem;
  auto rt = std::make_unique<Runtime>();
  rt->set_param_values(params);
  rt->set_policy(policy.also(data_dir));  // the bundled sets, rules and libraries are always there
  // A bare name is a bundled set if there is one by that name, else a folder here.
  std::string dir = cards;
  bool is_name = cards.find('/') == std::string::npos && !cards.empty() && cards[0] != '.';
  if (is_name && (files::is_dir(fs::path(data_dir) / "cards" / cards) || !files::is_dir(cards)))
    dir = (fs::path(data_dir) / "cards" / cards).string();
  else
    is_name = false;
  if (std::string why = files::path_too_long(dir); !why.empty())
    throw LoadError("card set '" + dir.substr(0, 80) + "...': " + why);
  if (!files::is_dir(dir))
    throw LoadError(is_name ? "unknown card set '" + cards + "' (no folder " + dir + ")" : dir + ": no such card-set folder");
  rt->set_data_dir(data_dir);
  CardSet set;
  Rules ru;
  rt->load_set(dir, data_dir, set, ru);
  set.theaters = ru.theaters;
  std::vector<std::string> rule_names, rule_paths;
  for (const std::string& r : rules) {
    std::string path = r;
    bool rname = r.find('/') == std::string::npos && r.find(".lua") == std::string::npos;
    if (rname) path = (fs::path(data_dir) / "scripts" / "rules" / (r + ".lua")).string();
    if (std::string why = files::path_too_long(path); !why.empty())
      throw LoadError("house rule '" + path.substr(0, 80) + "...': " + why);
    if (!files::is_file(path))
      throw LoadError(rname ? "unknown house rule '" + r + "' (no file " + path + ")"
                            : path + ": no such rules file" +
                                  (fs::path(path).is_relative() ? " (a path relative to the working directory, " +
                                                                      files::shown_path(fs::current_path().string()) + ")"
                                                                : std::string()));
    rt->load_rules(path, ru);
    rule_names.push_back(r);
    rule_paths.push_back(path);
  }
  check_param_names(params, ru.params);
  std::string manifest = (fs::path(dir) / "set.lua").string();
  auto bad = [&](const std::string& m) { throw LoadError(dir + ": " + m); };
  if (ru.theaters.empty() || ru.theaters.size() > static_cast<size_t>(kMaxTheaters))
    bad("between 1 and " + std::to_string(kMaxTheaters) + " theaters are needed");
  for (size_t i = 0; i < ru.theaters.size(); ++i) {
    // Names appear in action texts, records and the protocol: plain lowercase words only.
    if (!valid_name(ru.theaters[i]) || ru.theaters[i].size() > 32 || ru.theaters[i] == "none")
      bad("theater name '" + printable(ru.theaters[i]) + "' must be 1 to 32 lowercase letters, digits or _ (not 'none')");
    for (size_t j = 0; j < i; ++j)
      if (ru.theaters[i] == ru.theaters[j]) bad("theater '" + ru.theaters[i] + "' is named twice");
  }
  if (ru.hand_size < 0 || 2 * static_cast<size_t>(ru.hand_size) > set.cards.size())
    bad("hand_size " + std::to_string(ru.hand_size) + " needs more cards than the set has");
  for (const CardDef& d : set.cards) {
    if (std::find(ru.theaters.begin(), ru.theaters.end(), d.type) != ru.theaters.end()) continue;
    // A theater of set.lua that no card uses, close to this type: the typo is in set.lua.
    for (const auto& name : set.theaters) {
      bool used = std::any_of(set.cards.begin(), set.cards.end(), [&](const CardDef& x) { return x.type == name; });
      if (!used && edit_distance(name, d.type) <= 2)
        throw LoadError(manifest + ": theater '" + name + "' is the type of no card, but card " + d.id +
                        " has type '" + d.type + "' (a typo in set.lua's theaters?)");
    }
    std::string all;
    for (const auto& name : ru.theaters) all += (all.empty() ? "" : ", ") + name;
    throw LoadError(d.file + " (card " + d.id + "): type '" + d.type + "' names no theater (theaters: " + all + ")");
  }
  // The content hash: set.lua, the cards in set order, the libraries, then the rules files in order.
  XXH64_state_t* h = XXH64_createState();
  XXH64_reset(h, 0);
  auto add = [&](const std::string& path) {
    std::string text = read_text_file(rt->admit(path, "a file of the set"), kMaxScriptFile);
    XXH64_update(h, text.data(), text.size());
  };
  add(manifest);
  for (const auto& d : set.cards) add(d.file);
  // Every library the set can reach (use() may load one only at run time), folder by folder in
  // use()'s order, files in name order: a game replays only against the same libraries.
  for (const auto& dir : rt->library_dirs()) {
    std::vector<std::string> libs;
    std::error_code ec;
    if (files::is_dir(dir))
      for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == ".lua" && files::is_file(entry.path())) libs.push_back(entry.path().string());
    std::sort(libs.begin(), libs.end());
    for (const auto& path : libs) {
      XXH64_update(h, path.data() + dir.size(), path.size() - dir.size());  // the name counts too
      add(path);
    }
  }
  for (const auto& path : rule_paths) add(path);
  for (const auto& [name, value] : ru.params) {  // a variant's params are part of what it is
    char text[96];
    std::snprintf(text, sizeof text, "param %s=%.17g\n", name.c_str(), value);
    XXH64_update(h, text, std::strlen(text));
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(XXH64_digest(h)));
  XXH64_freeState(h);
  set.lasting = rt->lasting_defs();  // the cards' lasting effects, then the house rules'
  auto engine = std::make_shared<Engine>(std::move(set), std::move(ru), std::move(rule_names), hex, std::move(rt));
  // Its twin (a search's second thread) is the same files loaded again: Engine::twin refuses it
  // if they changed in between.
  engine->set_twin_maker([cards, rules, data_dir, params, policy] { return load_engine(cards, rules, data_dir, params, policy); });
  return engine;
}

}  // namespace als
