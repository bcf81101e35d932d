// The sandbox every untrusted script runs in: card scripts, house rules and scenario files.
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <lua.hpp>

#include "engine.h"
#include "script.h"

namespace als {

namespace {

struct SandboxInfo {
  size_t used = 0;
  size_t limit = 0;
  long long budget = 0;
  bool exhausted = false;
  Rng rng;  // math.random outside an ability (scenario files)
  void* user = nullptr;
};

SandboxInfo*& info_of(lua_State* L) { return *static_cast<SandboxInfo**>(lua_getextraspace(L)); }

void* limited_alloc(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* info = static_cast<SandboxInfo*>(ud);
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    std::free(ptr);
    info->used -= old;
    return nullptr;
  }
  if (nsize > old && info->used - old + nsize > info->limit) return nullptr;  // a memory error in Lua
  void* p = std::realloc(ptr, nsize);
  if (p) info->used = info->used - old + nsize;
  return p;
}

constexpr int kHookEvery = 1000;

void count_hook(lua_State* L, lua_Debug*) {
  SandboxInfo* info = info_of(L);
  info->budget -= kHookEvery;
  if (info->budget < 0) {
    info->exhausted = true;
    luaL_error(L, "instruction limit exceeded (an endless loop?)");
  }
}

// pcall for scripts: it never swallows the engine's own signals (a pending decision, an
// interrupted ability), an exhausted instruction budget or a memory error.
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

int sandbox_random(lua_State* L) {
  Rng& rng = info_of(L)->rng;
  lua_Integer lo = 1, hi;
  switch (lua_gettop(L)) {
    case 0: lua_pushnumber(L, static_cast<lua_Number>(rng.next() >> 11) * 0x1.0p-53); return 1;
    case 1: hi = luaL_checkinteger(L, 1); break;
    default: lo = luaL_checkinteger(L, 1); hi = luaL_checkinteger(L, 2);
  }
  luaL_argcheck(L, lo <= hi, 1, "interval is empty");
  lua_pushinteger(L, lo + static_cast<lua_Integer>(rng.below(static_cast<uint64_t>(hi - lo) + 1)));
  return 1;
}

void copy_fields(lua_State* L, int from, const char* const* names) {
  for (; *names; ++names) {
    lua_getfield(L, from, *names);
    lua_setfield(L, -2, *names);
  }
}

// Copies a library table from the real globals, less the names in `drop`.
void copy_library(lua_State* L, const char* lib, const char* const* drop) {
  lua_getglobal(L, lib);
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, -3)) {
    bool skip = false;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (const char* const* d = drop; *d; ++d) skip = skip || std::strcmp(lua_tostring(L, -2), *d) == 0;
    if (skip) {
      lua_pop(L, 1);
      continue;
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_settable(L, -4);
  }
  lua_remove(L, -2);
}

}  // namespace

lua_State* new_sandbox(const Limits& lim) {
  auto* info = new SandboxInfo;
  info->limit = lim.memory;
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
  // Hide the shared string metatable from scripts (getmetatable("") returns false).
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookEvery);
  info->budget = lim.instructions;
  return L;
}

void close_sandbox(lua_State* L) {
  if (!L) return;
  SandboxInfo* info = info_of(L);
  lua_close(L);
  delete info;
}

void set_budget(lua_State* L, long long instructions) {
  SandboxInfo* info = info_of(L);
  info->budget = instructions;
  info->exhausted = false;
}

void push_sandbox_env(lua_State* L) {
  static const char* const base[] = {"assert", "error",    "ipairs",   "next",   "pairs",        "select",
                                     "tonumber", "tostring", "type",   "rawequal", "rawget",
                                     "rawlen",   "rawset",   "setmetatable", "getmetatable", "_VERSION",
                                     nullptr};
  static const char* const no_string[] = {"dump", nullptr};
  static const char* const no_math[] = {"random", "randomseed", nullptr};
  static const char* const none[] = {nullptr};
  lua_newtable(L);
  lua_pushglobaltable(L);
  lua_insert(L, -2);
  copy_fields(L, -2, base);
  lua_remove(L, -2);
  lua_pushcfunction(L, safe_pcall);
  lua_setfield(L, -2, "pcall");
  copy_library(L, "string", no_string);
  lua_setfield(L, -2, "string");
  copy_library(L, "table", none);
  lua_setfield(L, -2, "table");
  copy_library(L, "math", no_math);
  lua_pushcfunction(L, sandbox_random);
  lua_setfield(L, -2, "random");
  lua_setfield(L, -2, "math");
  // Extra globals a host registered for this sandbox (the card runtime's `use`).
  if (lua_getfield(L, LUA_REGISTRYINDEX, "als.env_extras") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_settable(L, -5);
    }
  }
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, -2, "_G");
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

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(path + ": cannot open file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void run_file(lua_State* L, const std::string& path, const std::string& what) {
  std::string text = read_text_file(path);
  lua_pushcfunction(L, traceback_handler);
  int h = lua_gettop(L);
  std::string chunk = "@" + path;
  if (luaL_loadbufferx(L, text.data(), text.size(), chunk.c_str(), "t") != LUA_OK) {
    std::string msg = lua_tostring(L, -1);
    lua_pop(L, 2);
    throw LoadError(msg + (what.empty() ? "" : " (" + what + ")"));
  }
  push_sandbox_env(L);
  lua_setupvalue(L, -2, 1);
  if (lua_pcall(L, 0, 1, h) != LUA_OK) {
    std::string msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error while loading";
    lua_pop(L, 2);
    if (msg.compare(0, path.size(), path) != 0) msg = path + ": " + msg;  // e.g. "not enough memory"
    throw LoadError(msg + (what.empty() ? "" : " (" + what + ")"));
  }
  lua_remove(L, h);
}

}  // namespace als
