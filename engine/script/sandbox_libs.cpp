// The libraries scripts see in the sandbox (sandbox_impl.h): iteration in a reproducible order,
// raw access, string functions charged for the loops they run in C, the table library written in
// Lua (so that its loops count toward the budget), tostring and format.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <lua.hpp>

#include "sandbox.h"
#include "sandbox_impl.h"

namespace als::sandbox_impl {

// ---- reproducible iteration ------------------------------------------------------------------

struct Key {
  int cls;  // 0 number, 1 string, 2 boolean
  bool is_int;
  lua_Integer i;
  lua_Number d;
  const char* s;
  size_t len;
  int slot;  // index in the key list
};

bool key_less(const Key& a, const Key& b) {
  if (a.cls != b.cls) return a.cls < b.cls;
  switch (a.cls) {
    case 0:
      if (a.is_int && b.is_int) return a.i < b.i;
      return (a.is_int ? static_cast<long double>(a.i) : a.d) < (b.is_int ? static_cast<long double>(b.i) : b.d);
    case 1: {
      int c = std::memcmp(a.s, b.s, std::min(a.len, b.len));
      return c < 0 || (c == 0 && a.len < b.len);
    }
    default: return a.i < b.i;
  }
}

Key read_key(lua_State* L, int idx, int slot) {
  Key k{};
  k.slot = slot;
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
      k.cls = 0;
      k.is_int = lua_isinteger(L, idx);
      if (k.is_int) k.i = lua_tointeger(L, idx);
      else k.d = lua_tonumber(L, idx);
      break;
    case LUA_TSTRING: k.cls = 1; k.s = lua_tolstring(L, idx, &k.len); break;
    case LUA_TBOOLEAN: k.cls = 2; k.i = lua_toboolean(L, idx); break;
    default:
      luaL_error(L, "pairs/next: a table with a %s key cannot be iterated in a reproducible order",
                 luaL_typename(L, idx));
  }
  return k;
}

// Pushes the keys of the table at `t` (raw), sorted: numbers ascending, then strings in byte
// order, then false, true. Charges one instruction per key.
void push_sorted_keys(lua_State* L, int t) {
  t = lua_absindex(L, t);
  lua_newtable(L);
  int keys = lua_gettop(L);
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, ++n);
  }
  charge(L, n);
  std::vector<Key> v;
  v.reserve(static_cast<size_t>(n));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, keys, i);
    v.push_back(read_key(L, -1, i));  // strings stay alive in `keys`
    lua_pop(L, 1);
  }
  std::sort(v.begin(), v.end(), key_less);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    lua_rawgeti(L, keys, v[static_cast<size_t>(i)].slot);
    lua_rawseti(L, -2, i + 1);
  }
  lua_remove(L, keys);
}

// The iterator pairs returns: upvalues (sorted keys, contents, position).
int ordered_iter(lua_State* L) {
  lua_Integer pos = lua_tointeger(L, lua_upvalueindex(3));
  for (;;) {
    ++pos;
    if (lua_rawgeti(L, lua_upvalueindex(1), pos) == LUA_TNIL) return 1;  // the end: nil
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) {  // skip entries removed meanwhile
      lua_pushinteger(L, pos);
      lua_replace(L, lua_upvalueindex(3));
      return 2;
    }
    lua_pop(L, 2);
  }
}

// pairs(t): every key in a reproducible order (a frozen table: its contents).
int ordered_pairs(lua_State* L) {
  luaL_checkany(L, 1);
  if (!is_frozen(L, 1) && luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {  // the script's own __pairs
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  push_contents(L, 1);
  push_sorted_keys(L, -1);
  lua_insert(L, -2);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, ordered_iter, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// next(t [, k]) in the same order as pairs.
int ordered_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  push_contents(L, 1);
  int t = lua_gettop(L);
  push_sorted_keys(L, t);
  int keys = lua_gettop(L);
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, keys)), at = 0;
  if (!lua_isnil(L, 2)) {
    Key want = read_key(L, 2, 0);
    lua_Integer lo = 1, hi = n;
    while (lo <= hi) {  // binary search for the key
      lua_Integer mid = (lo + hi) / 2;
      lua_rawgeti(L, keys, mid);
      Key k = read_key(L, -1, 0);
      lua_pop(L, 1);
      if (key_less(k, want)) lo = mid + 1;
      else if (key_less(want, k)) hi = mid - 1;
      else {
        at = mid;
        break;
      }
    }
    if (at == 0) return luaL_error(L, "invalid key to 'next'");
  }
  for (lua_Integer i = at + 1; i <= n; ++i) {
    lua_rawgeti(L, keys, i);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, t) != LUA_TNIL) return 2;
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 1;
}

// ---- metatables, raw access ------------------------------------------------------------------

int safe_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (is_frozen(L, 1)) return luaL_error(L, "rawset: the table is read-only");
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}
int safe_rawget(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  push_contents(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  return 1;
}
int safe_rawlen(lua_State* L) {
  int t = lua_type(L, 1);
  luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
  push_contents(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// ---- string functions that loop in C -----------------------------------------------------------

// The worst case of Lua's backtracking matcher: each quantifier (* + - ?), %b and back-reference
// multiplies the steps by up to n + 1. Charged before the match, so a pattern that could run
// for hours is refused at once.
long long pattern_cost(const char* p, size_t m, size_t n) {
  int k = 0;
  bool special = false;
  for (size_t i = 0; i < m; ++i) {
    char ch = p[i];
    if (ch == '%' && i + 1 < m) {
      char nx = p[++i];
      if (nx == 'b' || (nx >= '1' && nx <= '9')) ++k;
      special = true;
    } else if (ch == '*' || ch == '+' || ch == '-' || ch == '?') {
      ++k;
      special = true;
    } else if (ch == '[' || ch == '.' || ch == '^' || ch == '$' || ch == '(') {
      special = true;
    }
  }
  if (!special) return static_cast<long long>(n + m + 1);
  constexpr long long kCap = 1LL << 60;
  long long cost = static_cast<long long>(m + 1);
  for (int i = 0; i <= k; ++i) {
    if (cost > kCap / static_cast<long long>(n + 1)) return kCap;
    cost *= static_cast<long long>(n + 1);
  }
  return cost;
}

// string.find / match / gmatch / gsub: charged, then the library function (upvalue 1).
int charged_pattern(lua_State* L) {
  size_t n = 0, m = 0;
  luaL_checklstring(L, 1, &n);
  const char* p = luaL_checklstring(L, 2, &m);
  bool plain = lua_toboolean(L, 4) && lua_isinteger(L, 3);  // find(s, p, init, plain)
  charge(L, plain ? static_cast<long long>(n + m + 1) : pattern_cost(p, m, n));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// string.rep: an empty result needs no loop (the library would spin n times); the rest is charged.
int charged_rep(lua_State* L) {
  size_t l = 0, lsep = 0;
  luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  charge(L, n / 8);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// table.insert and table.remove for scripts: the library's behaviour (the same errors, `#t` and
// t[i] through their metamethods), with the elements a call moves charged to the instruction
// budget before they move, one instruction each: a table whose __len claims 2^60 is refused at
// once. In C because they are the idiom of every list a script keeps (a draft's pool): in Lua
// each call ran some forty instructions and three library calls.
namespace {
void table_arg(lua_State* L, const char* name) {
  if (lua_type(L, 1) != LUA_TTABLE)
    luaL_error(L, "bad argument #1 to '%s' (table expected, got %s)", name,
               lua_isnone(L, 1) ? "nil" : luaL_typename(L, 1));
}
lua_Integer integer_arg(lua_State* L, int arg, const char* name) {
  if (!lua_isinteger(L, arg))
    luaL_error(L, "bad argument #%d to '%s' (number has no integer representation)", arg, name);
  return lua_tointeger(L, arg);
}
// The list at index 1: #t, t[i] and t[i] = (top) through its metamethods, or raw when it has no
// metatable (the same, at a third of the cost).
struct List {
  lua_State* L;
  bool raw;
  explicit List(lua_State* l) : L(l), raw(!lua_getmetatable(l, 1)) {
    if (!raw) lua_pop(L, 1);
  }
  lua_Integer len() const { return raw ? static_cast<lua_Integer>(lua_rawlen(L, 1)) : luaL_len(L, 1); }
  void get(lua_Integer i) const { raw ? static_cast<void>(lua_rawgeti(L, 1, i)) : static_cast<void>(lua_geti(L, 1, i)); }
  void set(lua_Integer i) const { raw ? lua_rawseti(L, 1, i) : lua_seti(L, 1, i); }
};
}  // namespace

// table.insert(t, v) appends; table.insert(t, pos, v), 1 <= pos <= #t + 1, moves t[pos..#t] up.
int safe_insert(lua_State* L) {
  table_arg(L, "insert");
  const int n = lua_gettop(L) - 1;
  const List t(L);
  // #t + 1 wraps as Lua's integers do (a __len of math.maxinteger).
  const lua_Integer e = static_cast<lua_Integer>(static_cast<lua_Unsigned>(t.len()) + 1u);
  if (n == 1) {
    t.set(e);  // t[e] = v (the value on top)
    return 0;
  }
  if (n != 2) return luaL_error(L, "wrong number of arguments to 'insert'");
  const lua_Integer pos = integer_arg(L, 2, "insert");
  if (static_cast<lua_Unsigned>(e) < static_cast<lua_Unsigned>(pos) || pos < 1)
    return luaL_error(L, "bad argument #2 to 'insert' (position out of bounds)");
  if (e > pos) charge(L, e - pos);
  for (lua_Integer i = e; i > pos; --i) {
    t.get(i - 1);
    t.set(i);  // t[i] = t[i - 1]
  }
  t.set(pos);  // t[pos] = v (on top)
  return 0;
}

// table.remove(t [, pos]) -> t[pos] (pos defaults to #t; 1 <= pos <= #t + 1, or #t), moving
// t[pos + 1..#t] down.
int safe_remove(lua_State* L) {
  table_arg(L, "remove");
  const List t(L);
  const lua_Integer size = t.len();
  lua_Integer pos = lua_isnoneornil(L, 2) ? size : integer_arg(L, 2, "remove");
  if (pos != size && static_cast<lua_Unsigned>(pos) - 1u > static_cast<lua_Unsigned>(size))
    return luaL_error(L, "bad argument #2 to 'remove' (position out of bounds)");
  if (size > pos) charge(L, size - pos);
  t.get(pos);
  for (; pos < size; ++pos) {
    t.get(pos + 1);
    t.set(pos);  // t[pos] = t[pos + 1]
  }
  lua_pushnil(L);
  t.set(pos);
  return 1;
}

// ---- the table library: move, concat and sort in Lua so that every loop counts toward the ----
// ---- budget; insert and remove in C (above), charged by the elements they move ------------
const char* const kTableLib = R"lua(
local error, mtype, type, cconcat, rawequal = ...
local T = {}

local function tab(t, name)
  if type(t) ~= "table" then
    error("bad argument #1 to '" .. name .. "' (table expected, got " .. type(t) .. ")", 3)
  end
end
local function int(v, n, name)
  if mtype(v) ~= "integer" then
    error("bad argument #" .. n .. " to '" .. name .. "' (number has no integer representation)", 3)
  end
  return v
end

function T.move(a1, f, e, t, a2)
  tab(a1, "move")
  if a2 == nil then a2 = a1 else tab(a2, "move") end
  int(f, 2, "move"); int(e, 3, "move"); int(t, 4, "move")
  if e >= f then
    if not (f > 0 or e < math.maxinteger + f) then error("bad argument #3 to 'move' (too many elements to move)", 2) end
    local n = e - f
    if t > math.maxinteger - n then error("bad argument #4 to 'move' (destination wrap around)", 2) end
    if t > e or t <= f or not rawequal(a1, a2) then
      for i = 0, n do a2[t + i] = a1[f + i] end
    else
      for i = n, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
end

function T.concat(t, sep, i, j)
  tab(t, "concat")
  if sep == nil then sep = "" end
  if i == nil then i = 1 end
  if j == nil then j = #t end
  local parts, n = {}, 0
  for k = i, j do
    local v = t[k]
    local ty = type(v)
    if ty ~= "string" and ty ~= "number" then
      error("invalid value (at index " .. k .. ") in table for 'concat'", 2)
    end
    n = n + 1
    parts[n] = v
  end
  return cconcat(parts, sep)
end

-- A stable merge sort: the same input always gives the same order (the library's quicksort
-- picks pivots from the clock for large arrays).
function T.sort(t, lt)
  tab(t, "sort")
  if lt == nil then lt = function(a, b) return a < b end
  elseif type(lt) ~= "function" then error("bad argument #2 to 'sort' (function expected)", 2) end
  local n = #t
  local a, b = {}, {}
  for i = 1, n do a[i] = t[i] end
  local width = 1
  while width < n do
    local lo = 1
    while lo <= n do
      local mid, hi = lo + width, lo + 2 * width
      if mid > n + 1 then mid = n + 1 end
      if hi > n + 1 then hi = n + 1 end
      local l, r, k = lo, mid, lo
      while l < mid and r < hi do
        if lt(a[r], a[l]) then b[k] = a[r]; r = r + 1 else b[k] = a[l]; l = l + 1 end
        k = k + 1
      end
      while l < mid do b[k] = a[l]; l = l + 1; k = k + 1 end
      while r < hi do b[k] = a[r]; r = r + 1; k = k + 1 end
      lo = hi
    end
    a, b = b, a
    width = width * 2
  end
  for i = 1, n do t[i] = a[i] end
end

return T
)lua";

// The text of a NaN is "-nan" or "nan" depending on the processor (the sign bit of 0/0): every
// text a script can get from a number through these functions says "nan".
void normalise_nan(std::string& text) {
  for (size_t at; (at = text.find("-nan")) != std::string::npos;) text.erase(at, 1);
  for (size_t at; (at = text.find("-NAN")) != std::string::npos;) text.erase(at, 1);
}

// tostring for scripts: the same, except that tables, functions and other objects without a
// __tostring metamethod are their type's name ("table"), never an address (which differs from
// one process to the next), and NaN is "nan".
int safe_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  int t = lua_type(L, 1);
  bool object = t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
                t == LUA_TLIGHTUSERDATA;
  if (object) {
    if (luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
      lua_pushstring(L, luaL_typename(L, 1));
      return 1;
    }
    lua_pop(L, 1);
  }
  size_t len = 0;
  const char* text = luaL_tolstring(L, 1, &len);
  if (t == LUA_TNUMBER && std::memchr(text, 'n', len)) {
    std::string fixed(text, len);
    normalise_nan(fixed);
    lua_pushlstring(L, fixed.data(), fixed.size());
  }
  return 1;
}

// string.format for scripts: %p (an address) is refused, and NaN reads "nan".
int safe_format(lua_State* L) {
  size_t len = 0;
  const char* fmt = luaL_checklstring(L, 1, &len);
  for (size_t i = 0; i + 1 < len; ++i) {
    if (fmt[i] != '%') continue;
    size_t j = i + 1;
    if (fmt[j] == '%') {
      i = j;
      continue;
    }
    while (j < len && std::strchr("-+ #0123456789.", fmt[j])) ++j;
    if (j < len && fmt[j] == 'p') return luaL_error(L, "string.format: '%%p' (an address) is not allowed in scripts");
    i = j;
  }
  int n = lua_gettop(L);
  for (int i = 2; i <= n; ++i) {  // an object for %s reads as tostring gives it: no address
    int t = lua_type(L, i);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD || t == LUA_TLIGHTUSERDATA) {
      lua_pushcfunction(L, safe_tostring);
      lua_pushvalue(L, i);
      lua_call(L, 1, 1);
      lua_replace(L, i);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, 1);
  size_t out_len = 0;
  const char* out = lua_tolstring(L, -1, &out_len);
  if (std::memchr(out, 'n', out_len) || std::memchr(out, 'N', out_len)) {
    std::string fixed(out, out_len);
    normalise_nan(fixed);
    if (fixed.size() != out_len) lua_pushlstring(L, fixed.data(), fixed.size());
  }
  return 1;
}

// Builds the safe string and table libraries once per state, kept in the registry.
void build_libraries(lua_State* L) {
  // string: everything but dump; pattern functions and rep charged.
  lua_getglobal(L, "string");
  int real = lua_gettop(L);
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, real)) {
    const char* k = lua_tostring(L, -2);
    if (!std::strcmp(k, "dump")) {
      lua_pop(L, 1);
      continue;
    }
    bool pattern = !std::strcmp(k, "find") || !std::strcmp(k, "match") || !std::strcmp(k, "gmatch") ||
                   !std::strcmp(k, "gsub");
    if (pattern) lua_pushcclosure(L, charged_pattern, 1);
    else if (!std::strcmp(k, "rep")) lua_pushcclosure(L, charged_rep, 1);
    else if (!std::strcmp(k, "format")) lua_pushcclosure(L, safe_format, 1);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kSafeString);
  lua_pop(L, 1);
  // Strings' methods ("x"):rep(...) go through the same safe table.
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kSafeString);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // getmetatable("") is false
  lua_pop(L, 2);

  // table: pack and unpack from the library (bounded by the stack), insert and remove in C
  // (charged), the rest in Lua.
  if (luaL_loadbufferx(L, kTableLib, std::strlen(kTableLib), "=table", "t") != LUA_OK) lua_error(L);
  lua_getglobal(L, "error");
  lua_getglobal(L, "math");
  lua_getfield(L, -1, "type");
  lua_remove(L, -2);
  lua_getglobal(L, "type");
  lua_getglobal(L, "table");
  lua_getfield(L, -1, "concat");
  lua_remove(L, -2);
  lua_getglobal(L, "rawequal");
  // The chunk reads math.maxinteger from its own globals: give it the real ones.
  lua_call(L, 5, 1);
  lua_getglobal(L, "table");
  for (const char* k : {"pack", "unpack"}) {
    lua_getfield(L, -1, k);
    lua_setfield(L, -3, k);
  }
  lua_pop(L, 1);
  lua_pushcfunction(L, safe_insert);
  lua_setfield(L, -2, "insert");
  lua_pushcfunction(L, safe_remove);
  lua_setfield(L, -2, "remove");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kSafeTable);
  // Trusted values: the Lua table functions (their _ENV is the real globals) and the tables
  // behind them. Freezing never walks into these.
  lua_newtable(L);
  int trusted = lua_gettop(L);
  auto trust = [&] {
    lua_pushboolean(L, 1);
    lua_rawset(L, trusted);
  };
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kSafeTable);
  lua_pushnil(L);
  while (lua_next(L, -2)) trust();  // trusted[function] = true; the key stays for lua_next
  lua_pop(L, 1);
  lua_pushglobaltable(L);
  trust();
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kSafeString);
  trust();
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kTrusted);
}

void copy_fields(lua_State* L, int from, const char* const* names) {
  for (; *names; ++names) {
    lua_getfield(L, from, *names);
    lua_setfield(L, -2, *names);
  }
}

// Sets to[k] = v (raw) for every entry of the table `from` (raw); both are stack indices.
void copy_into(lua_State* L, int from, int to) {
  from = lua_absindex(L, from);
  to = lua_absindex(L, to);
  lua_pushnil(L);
  while (lua_next(L, from)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, to);
  }
}

// A fresh shallow copy of a registry table.
void push_copy(lua_State* L, const void* key) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, key);
  lua_newtable(L);
  copy_into(L, -2, -1);
  lua_remove(L, -2);
}

}  // namespace als::sandbox_impl
