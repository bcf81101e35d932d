// Line coverage of a set's scripts (als cards --coverage): the lines of code each file holds, read
// from the functions the scripts keep, beside the lines run (sandbox_coverage).
#include <lua.hpp>

#include <unordered_set>

#include "binding.h"
#include "sandbox.h"

namespace als {

namespace {

// Walks every value reachable from the one on top of the stack (tables, their metatables, which
// hold a frozen table's contents, and functions' upvalues): each Lua function's active lines go
// to `out` under its file. Pops the value.
void walk(lua_State* L, std::unordered_set<const void*>& seen, LineSets& out) {
  const int t = lua_type(L, -1);
  if ((t != LUA_TTABLE && t != LUA_TFUNCTION) || !seen.insert(lua_topointer(L, -1)).second || !lua_checkstack(L, 8)) {
    lua_pop(L, 1);
    return;
  }
  const int v = lua_gettop(L);
  if (t == LUA_TFUNCTION) {
    if (!lua_iscfunction(L, v)) {
      lua_Debug ar;
      lua_pushvalue(L, v);
      lua_getinfo(L, ">SL", &ar);  // (pushes the table of its active lines)
      if (ar.source[0] == '@') {
        // (Its last line, the `end` of a function that may return before it, counts only when run.)
        std::set<int>& lines = out[std::string(ar.source + 1)];
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          const int line = static_cast<int>(lua_tointeger(L, -2));
          if (line != ar.lastlinedefined || ar.lastlinedefined == ar.linedefined) lines.insert(line);
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
    }
    for (int i = 1; lua_getupvalue(L, v, i); ++i) walk(L, seen, out);
  } else {
    lua_pushnil(L);
    while (lua_next(L, v)) {
      lua_pushvalue(L, -2);
      walk(L, seen, out);  // the key
      walk(L, seen, out);  // the value
    }
    if (lua_getmetatable(L, v)) walk(L, seen, out);
  }
  lua_pop(L, 1);
}

}  // namespace

void Runtime::keep_coverage(LineSets* lines) { sandbox_coverage(L_, lines); }

LineSets Runtime::code_lines() {
  LineSets all;
  std::unordered_set<const void*> seen;
  lua_pushvalue(L_, LUA_REGISTRYINDEX);
  walk(L_, seen, all);
  // The bundled libraries (scripts/lib) are the engine's, not the set's.
  const std::string bundled = lib_dirs_.empty() ? std::string() : lib_dirs_.back();
  for (auto it = all.begin(); it != all.end();)
    it = !bundled.empty() && it->first.rfind(bundled, 0) == 0 ? all.erase(it) : std::next(it);
  return all;
}

}  // namespace als
