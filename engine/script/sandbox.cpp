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
#include "sandbox_impl.h"

static_assert(LUA_EXTRASPACE == sizeof(void*), "sandbox_head reads the extra space as one pointer");

namespace als {

namespace sandbox_impl {
char kFrozenTag, kEnvTag, kSafeString, kSafeTable, kEnvs, kMetaCopies, kTrusted;
}  // namespace sandbox_impl

using namespace sandbox_impl;

namespace {

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

char kDryStop;  // the signal that stops a run's dry rest (set_dry_budget)

[[noreturn]] void limit_error(lua_State* L) {
  SandboxInfo* info = info_of(L);
  info->exhausted = true;
  if (info->quiet) {  // nothing reads the message of a dry rest's end: no text made, no traceback
    lua_pushlightuserdata(L, &kDryStop);
    lua_error(L);
  }
  luaL_error(L, "%s", info->limit_message ? info->limit_message : "instruction limit exceeded (an endless loop?)");
  std::abort();  // not reached: luaL_error does not return
}

// The count hook, called every `Every` instructions. A run's dry rest is counted more finely
// (kDryHookEvery), so that it stops within a few dozen instructions of its budget (set_dry_budget).
template <int Every>
void count_every(lua_State* L, lua_Debug*) {
  SandboxInfo* info = info_of(L);
  info->budget -= Every;
  info->spent += Every;
  if (info->budget < 0) limit_error(L);
}
constexpr lua_Hook count_hook = count_every<kHookEvery>;
constexpr int kDryHookEvery = 64;

// The same with line events too, while line coverage is kept (sandbox_coverage): each line run,
// by its chunk's name.
template <int Every>
void count_and_lines(lua_State* L, lua_Debug* ar) {
  if (ar->event != LUA_HOOKLINE) return count_every<Every>(L, ar);
  SandboxInfo* info = info_of(L);
  if (!info->coverage || !lua_getinfo(L, "S", ar) || ar->source[0] != '@') return;
  auto it = info->coverage->find(std::string_view(ar->source + 1));
  if (it == info->coverage->end()) it = info->coverage->emplace(std::string(ar->source + 1), std::set<int>{}).first;
  it->second.insert(ar->currentline);
}

// Installs the counting hook of `Every` instructions (with line events while coverage is kept).
template <int Every>
void install_hook(lua_State* L) {
  if (info_of(L)->coverage) [[unlikely]]
    lua_sethook(L, count_and_lines<Every>, LUA_MASKCOUNT | LUA_MASKLINE, Every);
  else
    lua_sethook(L, count_every<Every>, LUA_MASKCOUNT, Every);
}

// pcall for scripts: it never swallows the engine's own signals (light userdata errors), an
// exhausted instruction budget or a memory error; an error it catches costs kCaughtErrorCost.
int safe_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (status != LUA_OK) {
    if (status == LUA_ERRMEM || info_of(L)->exhausted || lua_type(L, -1) == LUA_TLIGHTUSERDATA) return lua_error(L);
    charge(L, kCaughtErrorCost);
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
  SandboxInfo* info = info_of(L);
  Rng& rng = info->rng;
  ChanceTape* tape = info->tape && !(info->dry && *info->dry) ? info->tape : nullptr;
  lua_Integer lo = 1, hi;
  switch (lua_gettop(L)) {
    case 0:
      if (tape) return luaL_error(L, "math.random() has no chance outcomes: under chance nodes draw with math.random(m, n)");
      lua_pushnumber(L, static_cast<lua_Number>(rng.unit()));
      return 1;
    case 1:
      hi = luaL_checkinteger(L, 1);
      if (hi == 0) {
        if (tape) return luaL_error(L, "math.random(0) has no chance outcomes: under chance nodes draw with math.random(m, n)");
        lua_pushinteger(L, static_cast<lua_Integer>(rng.next()));
        return 1;
      }
      break;
    default: lo = luaL_checkinteger(L, 1); hi = luaL_checkinteger(L, 2);
  }
  luaL_argcheck(L, lo <= hi, 1, "interval is empty");
  uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);  // no signed overflow
  if (tape && span >= ChanceTape::kMaxScriptOutcomes)
    return luaL_error(L, "math.random(m, n) draws among at most %d values under chance nodes",
                      static_cast<int>(ChanceTape::kMaxScriptOutcomes));
  uint64_t r = span == UINT64_MAX ? rng.next() : rng.below(span + 1);
  if (tape) {  // (the generator drew: it keeps in step with the sampled game)
    uint32_t out = 0;
    bool ok;
    try {
      ok = tape->take(static_cast<uint32_t>(span + 1), static_cast<uint32_t>(r), ChanceWhat::Script, out);
    } catch (const std::exception& e) {
      return luaL_error(L, "%s", e.what());
    }
    if (!ok) return luaL_error(L, "a chance node: the run needs the outcome of math.random");
    r = out;
  }
  lua_pushinteger(L, static_cast<lua_Integer>(static_cast<uint64_t>(lo) + r));
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
  sandbox_head(L) = info;
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
  if (info->quiet) {  // after a dry rest: the ordinary count again
    info->quiet = false;
    restart_count(L);
  }
}

void set_dry_budget(lua_State* L, long long instructions) {
  set_budget(L, instructions);
  info_of(L)->quiet = true;
  install_hook<kDryHookEvery>(L);
}

long long instructions_spent(lua_State* L) { return info_of(L)->spent; }

void restart_count(lua_State* L) { install_hook<kHookEvery>(L); }

void sandbox_coverage(lua_State* L, std::map<std::string, std::set<int>, std::less<>>* lines) {
  info_of(L)->coverage = lines;
  if (!info_of(L)->quiet) restart_count(L);
}

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
Rng& sandbox_rng(lua_State* L) { return info_of(L)->rng; }

void sandbox_chance(lua_State* L, ChanceTape* tape, const bool* dry) {
  info_of(L)->tape = tape;
  info_of(L)->dry = dry;
}

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

}  // namespace als
