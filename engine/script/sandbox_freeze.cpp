// Read-only tables and upvalues (sandbox.h, "freezing"): a frozen table's contents hidden behind
// its metatable, setmetatable guarded, and the upvalues a function shares checked and restored.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <lua.hpp>

#include "sandbox.h"
#include "sandbox_impl.h"

namespace als::sandbox_impl {

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

}  // namespace als::sandbox_impl

namespace als {

using namespace sandbox_impl;

bool is_frozen(lua_State* L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return false;
  bool frozen = lua_rawgetp(L, -1, &kFrozenTag) != LUA_TNIL;
  lua_pop(L, 2);
  return frozen;
}

void push_contents(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_getmetatable(L, idx)) {  // (only a table's can hold the tag: frozen tables are tables)
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
