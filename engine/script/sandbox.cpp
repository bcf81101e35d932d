// The sandbox every untrusted script runs in: card scripts, libraries, house rules and scenario
// files (sandbox.h). Nothing here knows the game.
#include "sandbox.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <lua.hpp>

#include "files.h"

namespace als {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPooled = false;  // AddressSanitizer sees every block on its own
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kPooled = false;
#else
constexpr bool kPooled = true;
#endif
#else
constexpr bool kPooled = true;
#endif

// Small blocks (most of what an ability allocates: the tables verbs return, closures) come from
// free lists by size class, carved from 64 KiB chunks that are freed with the state: a
// malloc/free pair per table cost more than the verb that made it. One Lua state, one thread.
class Pool {
 public:
  static constexpr size_t kMaxSmall = 512, kGrain = 16, kChunk = 64 * 1024;
  Pool() = default;
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() {
    for (void* c : chunks_) std::free(c);
  }
  static bool small(size_t n) { return kPooled && n <= kMaxSmall; }
  void* get(size_t n) {
    size_t k = (n + kGrain - 1) / kGrain;
    if (void* p = free_[k]) {
      free_[k] = *static_cast<void**>(p);
      return p;
    }
    size_t size = k * kGrain;
    if (left_ < size) {
      void* c = std::malloc(kChunk);
      if (!c) return nullptr;
      chunks_.push_back(c);
      cur_ = static_cast<char*>(c);
      left_ = kChunk;
    }
    void* p = cur_;
    cur_ += size;
    left_ -= size;
    return p;
  }
  void put(void* p, size_t n) {
    size_t k = (n + kGrain - 1) / kGrain;
    *static_cast<void**>(p) = free_[k];
    free_[k] = p;
  }

 private:
  void* free_[kMaxSmall / kGrain + 1] = {};
  std::vector<void*> chunks_;
  char* cur_ = nullptr;
  size_t left_ = 0;
};

struct SandboxInfo {
  size_t used = 0;
  size_t limit = 0;
  size_t string_limit = 0;   // bytes of one string object (header included)
  bool string_refused = false;
  std::string string_message;
  long long budget = 0;
  long long spent = 0;
  const char* limit_message = nullptr;
  bool exhausted = false;
  Rng rng;  // math.random
  void* user = nullptr;
  Pool pool;
};

// Registry keys (addresses of these objects).
char kFrozenTag;   // in a frozen table's metatable: its hidden contents
char kEnvTag;      // in a frozen table's metatable: the table is a script's globals
char kSafeString;  // the string library scripts see (also behind the string metatable)
char kSafeTable;   // the table library scripts see
char kEnvs;        // set of every env table made (so freezing one can say "global")
char kMetaCopies;  // in a raw metatable copy made by setmetatable (whose __metatable is ours)
char kTrusted;     // set of the sandbox's own library values, never frozen or walked

SandboxInfo*& info_of(lua_State* L) { return *static_cast<SandboxInfo**>(lua_getextraspace(L)); }

void* limited_alloc(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* info = static_cast<SandboxInfo*>(ud);
  Pool& pool = info->pool;
  if (!ptr) {  // a new block (osize is then the kind of object: Lua's manual, lua_Alloc)
    if (nsize == 0) return nullptr;
    if (info->used + nsize > info->limit) return nullptr;  // a memory error in Lua
    if (osize == LUA_TSTRING) {  // a string costs by its length, and has a longest
      if (nsize > info->string_limit) {
        info->string_refused = true;
        return nullptr;
      }
      long long cost = static_cast<long long>(nsize / kStringBytesPerInstruction);
      info->budget -= cost;  // the count hook raises the error if this spent the budget
      info->spent += cost;
    }
    void* p = Pool::small(nsize) ? pool.get(nsize) : std::malloc(nsize);
    if (p) info->used += nsize;
    return p;
  }
  const size_t old = osize;
  if (nsize == 0) {  // freed
    if (Pool::small(old)) pool.put(ptr, old);
    else std::free(ptr);
    info->used -= old;
    return nullptr;
  }
  if (nsize > old && info->used - old + nsize > info->limit) return nullptr;  // a memory error in Lua
  void* p;  // resized
  if (!Pool::small(old) && !Pool::small(nsize)) {
    p = std::realloc(ptr, nsize);
  } else if (Pool::small(old) && Pool::small(nsize) &&
             (old + Pool::kGrain - 1) / Pool::kGrain == (nsize + Pool::kGrain - 1) / Pool::kGrain) {
    p = ptr;  // the same size class
  } else {
    p = Pool::small(nsize) ? pool.get(nsize) : std::malloc(nsize);
    if (!p && nsize <= old) {
      p = ptr;  // Lua counts on a shrink never failing: keep the block
    } else if (p) {
      std::memcpy(p, ptr, std::min(old, nsize));
      if (Pool::small(old)) pool.put(ptr, old);
      else std::free(ptr);
    }
  }
  if (p) info->used = info->used - old + nsize;
  return p;
}

constexpr int kHookEvery = 1000;

[[noreturn]] void limit_error(lua_State* L) {
  SandboxInfo* info = info_of(L);
  info->exhausted = true;
  luaL_error(L, "%s", info->limit_message ? info->limit_message : "instruction limit exceeded (an endless loop?)");
  std::abort();  // not reached: luaL_error does not return
}

void count_hook(lua_State* L, lua_Debug*) {
  SandboxInfo* info = info_of(L);
  info->budget -= kHookEvery;
  info->spent += kHookEvery;
  if (info->budget < 0) limit_error(L);
}

// pcall for scripts: it never swallows the engine's own signals (light userdata errors), an
// exhausted instruction budget or a memory error.
int safe_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (status != LUA_OK) {
    if (status == LUA_ERRMEM || info_of(L)->exhausted || lua_type(L, -1) == LUA_TLIGHTUSERDATA) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  return lua_gettop(L);
}

// math.random([m [, n]]) from the sandbox's generator; math.random(0) gives 64 random bits.
int sandbox_random(lua_State* L) {
  Rng& rng = info_of(L)->rng;
  lua_Integer lo = 1, hi;
  switch (lua_gettop(L)) {
    case 0: lua_pushnumber(L, static_cast<lua_Number>(rng.unit())); return 1;
    case 1:
      hi = luaL_checkinteger(L, 1);
      if (hi == 0) {
        lua_pushinteger(L, static_cast<lua_Integer>(rng.next()));
        return 1;
      }
      break;
    default: lo = luaL_checkinteger(L, 1); hi = luaL_checkinteger(L, 2);
  }
  luaL_argcheck(L, lo <= hi, 1, "interval is empty");
  uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);  // no signed overflow
  uint64_t r = span == UINT64_MAX ? rng.next() : rng.below(span + 1);
  lua_pushinteger(L, static_cast<lua_Integer>(static_cast<uint64_t>(lo) + r));
  return 1;
}

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

// ---- the table library, in Lua so that every loop counts toward the budget ------------------
const char* const kTableLib = R"lua(
local select, error, mtype, type, cconcat, ult, rawequal = ...
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

function T.insert(t, ...)
  tab(t, "insert")
  local e = #t + 1
  local n = select("#", ...)
  if n == 1 then
    t[e] = (...)
    return
  elseif n ~= 2 then
    error("wrong number of arguments to 'insert'", 2)
  end
  local pos, v = ...
  int(pos, 2, "insert")
  if ult(e, pos) or pos < 1 then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end

function T.remove(t, pos)
  tab(t, "remove")
  local size = #t
  if pos == nil then pos = size else int(pos, 2, "remove") end
  if pos ~= size and ult(size, pos - 1) then
    error("bad argument #2 to 'remove' (position out of bounds)", 2)
  end
  local v = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
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

  // table: pack and unpack from the library (bounded by the stack), the rest in Lua.
  if (luaL_loadbufferx(L, kTableLib, std::strlen(kTableLib), "=table", "t") != LUA_OK) lua_error(L);
  lua_getglobal(L, "select");
  lua_getglobal(L, "error");
  lua_getglobal(L, "math");
  lua_getfield(L, -1, "type");
  lua_remove(L, -2);
  lua_getglobal(L, "type");
  lua_getglobal(L, "table");
  lua_getfield(L, -1, "concat");
  lua_remove(L, -2);
  lua_getglobal(L, "math");
  lua_getfield(L, -1, "ult");
  lua_remove(L, -2);
  lua_getglobal(L, "rawequal");
  // The chunk reads math.maxinteger from its own globals: give it the real ones.
  lua_call(L, 7, 1);
  lua_getglobal(L, "table");
  for (const char* k : {"pack", "unpack"}) {
    lua_getfield(L, -1, k);
    lua_setfield(L, -3, k);
  }
  lua_pop(L, 1);
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

// ---- freezing --------------------------------------------------------------------------------

int readonly_error(lua_State* L) {
  bool env = false;
  if (lua_getmetatable(L, 1)) {
    env = lua_rawgetp(L, -1, &kEnvTag) != LUA_TNIL;
    lua_pop(L, 2);
  }
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
  if (env)
    return luaL_error(L, "global '%s' is read-only once the script has loaded (keep game state in the game)", key);
  return luaL_error(L,
                    "attempt to change a read-only table (key '%s'): tables a script keeps between calls and "
                    "shared libraries are read-only once loaded",
                    key);
}

int frozen_len(lua_State* L) {
  push_contents(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// Makes the table at `t` (not yet frozen) read-only in place: its entries move to a hidden
// contents table; reads go through __index, writes raise an error.
void freeze_table(lua_State* L, int t) {
  lua_newtable(L);
  int contents = lua_gettop(L);
  // move the entries (collect keys first: assigning new keys during lua_next is not allowed)
  lua_newtable(L);
  int keys = lua_gettop(L);
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, contents);
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, ++n);
  }
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, keys, i);
    lua_pushnil(L);
    lua_rawset(L, t);
  }
  lua_pop(L, 1);  // keys
  lua_newtable(L);  // the new metatable
  int mt = lua_gettop(L);
  if (lua_getmetatable(L, t)) {  // the old one: its metamethods stay (it is a raw, read-only copy)
    int old = lua_gettop(L);
    copy_into(L, old, mt);
    lua_pushvalue(L, old);
    lua_setmetatable(L, contents);  // and __index chains keep working behind the contents
    lua_pop(L, 1);
  }
  lua_pushvalue(L, contents);
  lua_setfield(L, mt, "__index");
  lua_pushcfunction(L, readonly_error);
  lua_setfield(L, mt, "__newindex");
  lua_pushcfunction(L, frozen_len);
  lua_setfield(L, mt, "__len");
  lua_pushboolean(L, 0);
  lua_setfield(L, mt, "__metatable");
  lua_pushnil(L);
  lua_setfield(L, mt, "__pairs");
  lua_pushvalue(L, contents);
  lua_rawsetp(L, mt, &kFrozenTag);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kEnvs);
  lua_pushvalue(L, t);
  bool env = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  if (env) {
    lua_pushboolean(L, 1);
    lua_rawsetp(L, mt, &kEnvTag);
  }
  lua_setmetatable(L, t);
  lua_pop(L, 1);  // contents
}

// setmetatable(t, mt): finalizers (__gc) and weak tables (__mode) are refused: both depend on
// when the collector runs, so they could carry state between calls and make games differ.
// The metatable itself becomes read-only (so that `mt.__mode = "k"` cannot come later); what is
// installed is a raw copy of it (metamethods are read raw), whose __metatable is the read-only
// table, so getmetatable(t) returns it.
int safe_setmetatable(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  int t = lua_type(L, 2);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  lua_settop(L, 2);
  if (is_frozen(L, 1)) return luaL_error(L, "cannot change the metatable of a read-only table");
  if (lua_getmetatable(L, 1)) {  // a metatable the script protected with __metatable stays
    bool ours = lua_rawgetp(L, -1, &kMetaCopies) != LUA_TNIL;
    lua_pop(L, 1);
    lua_pushliteral(L, "__metatable");
    if (!ours && lua_rawget(L, -2) != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
  }
  if (t == LUA_TNIL) {
    lua_setmetatable(L, 1);
    return 1;
  }
  if (!is_frozen(L, 2)) {
    for (const char* field : {"__gc", "__mode"}) {
      lua_pushstring(L, field);
      if (lua_rawget(L, 2) != LUA_TNIL)
        return luaL_error(L, "setmetatable: '%s' is not allowed in scripts (it depends on garbage collection)", field);
      lua_pop(L, 1);
    }
    freeze_table(L, 2);
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "als.metacopies");
  int cache = lua_gettop(L);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, cache) == LUA_TNIL) {
    lua_pop(L, 1);
    push_contents(L, 2);
    int contents = lua_gettop(L);
    lua_newtable(L);
    int copy = lua_gettop(L);
    copy_into(L, contents, copy);
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, copy) == LUA_TNIL) {
      lua_pushliteral(L, "__metatable");
      lua_pushvalue(L, 2);
      lua_rawset(L, copy);
      lua_pushboolean(L, 1);
      lua_rawsetp(L, copy, &kMetaCopies);  // ours: setmetatable may replace it
    }
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, copy);
    lua_rawset(L, cache);
    lua_replace(L, contents);
    lua_settop(L, contents);
  }
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

lua_State* new_sandbox(const Limits& lim) {
  auto* info = new SandboxInfo;
  info->limit = lim.memory;
  // A string object is its text plus a header of at most 32 bytes (Lua 5.4's TString).
  info->string_limit = lim.string_bytes + 32;
  info->string_message = "a string longer than " + std::to_string(lim.string_bytes) +
                         " bytes (the longest a script may make)";
  lua_State* L = lua_newstate(limited_alloc, info);
  if (!L) {
    delete info;
    throw std::bad_alloc();
  }
  info_of(L) = info;
  luaL_requiref(L, "_G", luaopen_base, 1);
  luaL_requiref(L, "string", luaopen_string, 1);
  luaL_requiref(L, "table", luaopen_table, 1);
  luaL_requiref(L, "math", luaopen_math, 1);
  lua_pop(L, 4);
  lua_newtable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kEnvs);
  // The copies setmetatable makes of frozen metatables, by metatable: weak keys, so that a
  // metatable no script holds any more takes its copy with it (a strong cache grew with every
  // call until cards failed for want of memory, at a point that depended on the process's past).
  // Scripts cannot see the copies, so when they go is not observable.
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, "als.metacopies");
  build_libraries(L);
  // Generational: the few tables an ability makes die young, and the scripts (most of the heap)
  // are not traversed again at every cycle (default parameters: larger ones measured slower).
  lua_gc(L, LUA_GCGEN, 0, 0);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookEvery);
  info->budget = lim.instructions;
  return L;
}

void close_sandbox(lua_State* L) {
  if (!L) return;
  SandboxInfo* info = info_of(L);
  lua_close(L);  // no script finalizer can run here: __gc is refused
  delete info;
}

void set_budget(lua_State* L, long long instructions, const char* message) {
  SandboxInfo* info = info_of(L);
  info->budget = instructions;
  info->limit_message = message;
  info->exhausted = false;
  info->string_refused = false;
}

long long instructions_spent(lua_State* L) { return info_of(L)->spent; }

void restart_count(lua_State* L) { lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookEvery); }

std::string error_message(lua_State* L, int status) {
  SandboxInfo* info = info_of(L);
  if (status == LUA_ERRMEM && info->string_refused) return info->string_message;
  // A script's message is shown at terminals: its control characters as \xNN.
  return lua_type(L, -1) == LUA_TSTRING ? escape_controls(lua_tostring(L, -1)) : "error object is not a string";
}

void charge(lua_State* L, long long cost) {
  SandboxInfo* info = info_of(L);
  if (cost < 0 || cost > info->budget) {
    info->budget = -1;
    limit_error(L);
  }
  info->budget -= cost;
  info->spent += cost;
}

void push_sandbox_env(lua_State* L) {
  static const char* const base[] = {"assert", "error",        "ipairs",   "select", "tonumber",
                                     "type",   "rawequal", "getmetatable", "_VERSION", nullptr};
  lua_newtable(L);
  lua_pushglobaltable(L);
  lua_insert(L, -2);
  copy_fields(L, -2, base);
  lua_remove(L, -2);
  const luaL_Reg own[] = {{"pcall", safe_pcall},   {"pairs", ordered_pairs},   {"next", ordered_next},
                          {"tostring", safe_tostring},
                          {"setmetatable", safe_setmetatable}, {"rawset", safe_rawset},
                          {"rawget", safe_rawget}, {"rawlen", safe_rawlen}, {nullptr, nullptr}};
  luaL_setfuncs(L, own, 0);
  push_copy(L, &kSafeString);
  lua_setfield(L, -2, "string");
  push_copy(L, &kSafeTable);
  lua_setfield(L, -2, "table");
  lua_getglobal(L, "math");
  lua_newtable(L);
  copy_into(L, -2, -1);
  lua_remove(L, -2);
  lua_pushnil(L);
  lua_setfield(L, -2, "randomseed");
  lua_pushcfunction(L, sandbox_random);
  lua_setfield(L, -2, "random");
  lua_setfield(L, -2, "math");
  // Extra globals a host registered for this sandbox (the card runtime's `use`).
  if (lua_getfield(L, LUA_REGISTRYINDEX, "als.env_extras") == LUA_TTABLE) copy_into(L, -1, -2);
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, -2, "_G");
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kEnvs);
  lua_pushvalue(L, -2);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

void set_sandbox_user(lua_State* L, void* user) { info_of(L)->user = user; }
void* sandbox_user(lua_State* L) { return info_of(L)->user; }
Rng& sandbox_rng(lua_State* L) { return info_of(L)->rng; }

int traceback_handler(lua_State* L) {
  if (lua_type(L, 1) == LUA_TLIGHTUSERDATA) return 1;  // the engine's own signals pass unchanged
  const char* msg = lua_tostring(L, 1);
  if (!msg) msg = luaL_tolstring(L, 1, nullptr);
  if (std::strstr(msg, "stack traceback:")) {
    lua_pushstring(L, msg);
    return 1;
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

void set_int(lua_State* L, const char* key, long long value) {
  lua_pushinteger(L, value);
  lua_setfield(L, -2, key);
}
void set_bool(lua_State* L, const char* key, bool value) {
  lua_pushboolean(L, value);
  lua_setfield(L, -2, key);
}
void set_string(lua_State* L, const char* key, const std::string& value) {
  lua_pushlstring(L, value.data(), value.size());
  lua_setfield(L, -2, key);
}
void push_strings(lua_State* L, const std::vector<std::string>& v) {
  lua_createtable(L, static_cast<int>(v.size()), 0);
  for (size_t i = 0; i < v.size(); ++i) {
    lua_pushlstring(L, v[i].data(), v[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}
void push_ints(lua_State* L, const std::vector<int>& v) {
  lua_createtable(L, static_cast<int>(v.size()), 0);
  for (size_t i = 0; i < v.size(); ++i) {
    lua_pushinteger(L, v[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

void run_file(lua_State* L, const std::string& path, const std::string& what) {
  std::string text = read_text_file(path, kMaxScriptFile);
  lua_pushcfunction(L, traceback_handler);
  int h = lua_gettop(L);
  std::string chunk = "@" + path;
  if (luaL_loadbufferx(L, text.data(), text.size(), chunk.c_str(), "t") != LUA_OK) {
    std::string msg = lua_type(L, -1) == LUA_TSTRING ? escape_controls(lua_tostring(L, -1)) : "cannot load";
    lua_pop(L, 2);
    if (msg.compare(0, path.size(), path) != 0) msg = path + ": " + msg;
    throw LoadError(msg + (what.empty() ? "" : " (" + what + ")"));
  }
  push_sandbox_env(L);
  lua_setupvalue(L, -2, 1);
  if (lua_pcall(L, 0, 1, h) != LUA_OK) {
    std::string msg = lua_type(L, -1) == LUA_TSTRING ? escape_controls(lua_tostring(L, -1)) : "error while loading";
    lua_pop(L, 2);
    if (msg.compare(0, path.size(), path) != 0) msg = path + ": " + msg;  // e.g. "not enough memory"
    throw LoadError(msg + (what.empty() ? "" : " (" + what + ")"));
  }
  lua_remove(L, h);
}

namespace {
struct ProtectedCall {
  const std::function<void()>* fn = nullptr;
  enum { None, Load, Script, Illegal, Other } kind = None;
  std::string message;
};
int protected_trampoline(lua_State* L) {
  auto* pc = static_cast<ProtectedCall*>(lua_touserdata(L, 1));
  lua_pop(L, 1);
  try {
    (*pc->fn)();
    return 0;
  } catch (const LoadError& e) {
    pc->kind = ProtectedCall::Load, pc->message = e.what();
  } catch (const ScriptError& e) {
    pc->kind = ProtectedCall::Script, pc->message = e.what();
  } catch (const IllegalAction& e) {
    pc->kind = ProtectedCall::Illegal, pc->message = e.what();
  } catch (const std::exception& e) {
    pc->kind = ProtectedCall::Other, pc->message = e.what();
  }
  lua_pushlightuserdata(L, pc);  // outside the handler: no C++ exception is live while Lua unwinds
  return lua_error(L);
}
}  // namespace

void protect(lua_State* L, const std::function<void()>& fn, const std::string& prefix) {
  ProtectedCall pc;
  pc.fn = &fn;
  int top = lua_gettop(L);
  lua_pushcfunction(L, protected_trampoline);
  lua_pushlightuserdata(L, &pc);
  int status = lua_pcall(L, 1, 0, 0);
  if (status == LUA_OK) return;
  std::string msg;
  if (lua_touserdata(L, -1) == &pc) msg = pc.message;
  else if (status == LUA_ERRMEM || lua_type(L, -1) == LUA_TSTRING) msg = error_message(L, status);
  else msg = "error while reading a script value";
  bool was_lua = lua_touserdata(L, -1) != &pc;
  lua_settop(L, top);
  if (was_lua) throw LoadError(prefix + msg);
  switch (pc.kind) {
    case ProtectedCall::Script: throw ScriptError(msg);
    case ProtectedCall::Illegal: throw IllegalAction(msg);
    default: throw LoadError(msg);
  }
}

bool is_frozen(lua_State* L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return false;
  bool frozen = lua_rawgetp(L, -1, &kFrozenTag) != LUA_TNIL;
  lua_pop(L, 2);
  return frozen;
}

void push_contents(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TTABLE && lua_getmetatable(L, idx)) {
    if (lua_rawgetp(L, -1, &kFrozenTag) != LUA_TNIL) {
      lua_remove(L, -2);
      return;
    }
    lua_pop(L, 2);
  }
  lua_pushvalue(L, idx);
}

namespace {
// A reader of Lua 5.4's precompiled chunks (the format of lua_dump, ldump.c), enough to walk the
// function prototypes: their code, upvalue descriptors and nested functions.
struct ChunkReader {
  const std::string& b;
  size_t p = 0;
  bool ok = true;
  uint8_t byte() {
    if (p >= b.size()) return ok = false, 0;
    return static_cast<uint8_t>(b[p++]);
  }
  size_t size() {  // loadUnsigned: 7 bits a byte, most significant first, the last with bit 7 set
    size_t x = 0;
    for (int n = 0; n < 10 && ok; ++n) {
      uint8_t c = byte();
      x = (x << 7) | (c & 0x7f);
      if (c & 0x80) return x;
    }
    ok = false;
    return 0;
  }
  void skip(size_t n) {
    if (n > b.size() - p) ok = false, p = b.size();
    else p += n;
  }
  void string() {
    size_t n = size();
    if (n) skip(n - 1);
  }
  // One function; `shared[i]`: whether its upvalue i is a shared variable of the file. Returns
  // whether it or a nested function assigns a shared upvalue.
  bool function(const std::vector<bool>& shared_of_parent, bool top) {
    string();  // source
    size();    // linedefined
    size();    // lastlinedefined
    skip(3);   // numparams, is_vararg, maxstacksize
    size_t ncode = size();
    size_t code_at = p;
    skip(ncode * 4);
    size_t nk = size();
    for (size_t i = 0; i < nk && ok; ++i) {
      uint8_t t = byte();
      if (t == 3 || t == 19) skip(8);            // an integer, a float
      else if (t == 4 || t == 20) string();      // a short or long string
      else if (t != 0 && t != 1 && t != 17) ok = false;  // nil, false, true
    }
    size_t nup = size();
    std::vector<bool> shared(nup, top);
    for (size_t i = 0; i < nup && ok; ++i) {
      uint8_t instack = byte(), idx = byte();
      byte();  // kind
      if (!top) shared[i] = !instack && idx < shared_of_parent.size() && shared_of_parent[idx];
    }
    bool writes = false;
    for (size_t i = 0; i < ncode && ok; ++i) {
      uint32_t ins = static_cast<uint8_t>(b[code_at + 4 * i]) | static_cast<uint32_t>(static_cast<uint8_t>(b[code_at + 4 * i + 1])) << 8 |
                     static_cast<uint32_t>(static_cast<uint8_t>(b[code_at + 4 * i + 2])) << 16 |
                     static_cast<uint32_t>(static_cast<uint8_t>(b[code_at + 4 * i + 3])) << 24;
      const uint32_t kSetUpval = 10;  // OP_SETUPVAL (lopcodes.h, 5.4): UpValue[B] := R[A]
      if ((ins & 0x7f) == kSetUpval) {
        size_t upv = (ins >> 16) & 0xff;
        if (upv >= shared.size() || shared[upv]) writes = true;
      }
    }
    size_t np = size();
    for (size_t i = 0; i < np && ok; ++i) writes = function(shared, false) || writes;
    size_t nline = size();  // debug information
    skip(nline);
    size_t nabs = size();
    for (size_t i = 0; i < nabs && ok; ++i) size(), size();
    size_t nloc = size();
    for (size_t i = 0; i < nloc && ok; ++i) string(), size(), size();
    size_t nupn = size();
    for (size_t i = 0; i < nupn && ok; ++i) string();
    return writes;
  }
};

int dump_writer(lua_State*, const void* p, size_t sz, void* ud) {
  static_cast<std::string*>(ud)->append(static_cast<const char*>(p), sz);
  return 0;
}
}  // namespace

bool writes_shared_upvalue(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TFUNCTION || lua_iscfunction(L, idx)) return false;
  std::string chunk;
  lua_pushvalue(L, idx);
  lua_dump(L, dump_writer, &chunk, 1);
  lua_pop(L, 1);
  // The header: signature, version, format, data, sizes, two check numbers; then the number of
  // upvalues of the main function.
  ChunkReader r{chunk};
  r.skip(4 + 1 + 1 + 6 + 3 + 8 + 8);
  r.byte();
  bool writes = r.function({}, true);
  return writes || !r.ok;  // a chunk this reader does not follow: assume it writes (safe)
}

int freeze(lua_State* L, int idx, bool* writes) {
  idx = lua_absindex(L, idx);
  lua_checkstack(L, 16);
  push_copy(L, &kTrusted);  // visited: the trusted library values are never walked
  int visited = lua_gettop(L);
  lua_newtable(L);  // record: f, i, value, f, i, value, ...
  int record = lua_gettop(L);
  lua_newtable(L);  // work list
  int work = lua_gettop(L);
  int nwork = 0, nrec = 0;
  auto push_work = [&] { lua_rawseti(L, work, ++nwork); };  // pops the value
  auto mark = [&](int i) {
    lua_pushvalue(L, i);
    lua_pushboolean(L, 1);
    lua_rawset(L, visited);
  };
  lua_pushvalue(L, idx);
  push_work();
  while (nwork > 0) {
    lua_rawgeti(L, work, nwork);
    lua_pushnil(L);
    lua_rawseti(L, work, nwork--);
    int v = lua_gettop(L);
    int type = lua_type(L, v);
    bool walk = type == LUA_TTABLE || (type == LUA_TFUNCTION && !lua_iscfunction(L, v));
    if (walk) {
      lua_pushvalue(L, v);
      walk = lua_rawget(L, visited) == LUA_TNIL;
      lua_pop(L, 1);
    }
    if (!walk) {
      lua_pop(L, 1);
      continue;
    }
    mark(v);
    if (type == LUA_TTABLE) {
      if (!is_frozen(L, v)) {
        if (lua_getmetatable(L, v)) {
          // A metatable set by a script is our raw copy of a read-only table: walk that table.
          if (lua_rawgetp(L, -1, &kMetaCopies) != LUA_TNIL) {
            lua_pop(L, 1);
            lua_getfield(L, -1, "__metatable");
            lua_remove(L, -2);
          } else {
            lua_pop(L, 1);
          }
          push_work();
        }
        freeze_table(L, v);
      }
      lua_getmetatable(L, v);  // the read-only metatable: metamethods kept from the old one
      int mt = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, mt)) {
        if (lua_type(L, -2) == LUA_TSTRING && !std::strcmp(lua_tostring(L, -2), "__index")) {
          lua_pop(L, 1);
          continue;
        }
        push_work();
      }
      lua_pop(L, 1);
      push_contents(L, v);
      int c = lua_gettop(L);
      mark(c);  // the hidden contents are never frozen themselves
      lua_pushnil(L);
      while (lua_next(L, c)) {
        push_work();
        lua_pushvalue(L, -1);
        push_work();
      }
      lua_pop(L, 1);
    } else {
      if (writes && !*writes && lua_getupvalue(L, v, 1)) {  // a function with upvalues: may it write one?
        lua_pop(L, 1);
        *writes = writes_shared_upvalue(L, v);
      }
      for (int i = 1;; ++i) {
        if (!lua_getupvalue(L, v, i)) break;
        int u = lua_gettop(L);
        lua_pushvalue(L, v);
        lua_rawseti(L, record, ++nrec);
        lua_pushinteger(L, i);
        lua_rawseti(L, record, ++nrec);
        lua_pushvalue(L, u);
        lua_rawseti(L, record, ++nrec);
        push_work();
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);  // work
  int ref = luaL_ref(L, LUA_REGISTRYINDEX);  // record
  lua_pop(L, 1);  // visited
  return ref;
}

std::string changed_upvalue(lua_State* L, int record_ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, record_ref);
  int rec = lua_gettop(L);
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, rec));
  std::string name;
  for (lua_Integer k = 1; k + 2 <= n && name.empty(); k += 3) {
    lua_rawgeti(L, rec, k);
    lua_rawgeti(L, rec, k + 1);
    int i = static_cast<int>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    const char* up = lua_getupvalue(L, -1, i);
    lua_rawgeti(L, rec, k + 2);
    if (up && !lua_rawequal(L, -1, -2)) name = std::string("'") + (*up ? up : "?") + "'";
    lua_pop(L, up ? 3 : 2);
  }
  lua_pop(L, 1);
  if (!name.empty()) restore_upvalues(L, record_ref);
  return name;
}

void restore_upvalues(lua_State* L, int record_ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, record_ref);
  int rec = lua_gettop(L);
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, rec));
  for (lua_Integer k = 1; k + 2 <= n; k += 3) {
    lua_rawgeti(L, rec, k);
    lua_rawgeti(L, rec, k + 2);
    lua_rawgeti(L, rec, k + 1);
    int i = static_cast<int>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    lua_setupvalue(L, -2, i);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

}  // namespace als
