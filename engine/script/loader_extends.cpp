// A set's `extends` chain (docs/modding.md, "Sets that extend sets"): the folders of the sets it
// extends, nearest first, read link by link from each set.lua's `extends`.
#include <algorithm>
#include <filesystem>

#include <lua.hpp>

#include "binding.h"
#include "files.h"
#include "loader_impl.h"
#include "sandbox.h"

namespace als {

using namespace loader_impl;

std::vector<std::string> Runtime::extends_chain(const std::string& dir, const std::string& data_dir,
                                               const std::string& manifest, const std::string& first) {
  namespace fs = std::filesystem;
  constexpr size_t kMaxExtends = 16;
  std::vector<std::string> bases;
  std::error_code ec;
  std::vector<std::string> seen = {fs::weakly_canonical(dir, ec).string()};  // (links followed: one set, one name)
  std::string from_dir = dir, from_file = manifest, base = first;
  while (!base.empty()) {
    const bool name = base.find('/') == std::string::npos && !files::is_dir(fs::path(from_dir) / base);
    const std::string base_dir = (name ? fs::path(data_dir) / "cards" / base : fs::path(from_dir) / base).string();
    admit((fs::path(base_dir) / "set.lua").string(), "the set " + from_file + " extends");  // before anything is said of it
    if (!files::exists(fs::path(base_dir) / "set.lua"))
      throw LoadError(from_file + ": 'extends' names '" + base + "', which is not a card set (" +
                      (name ? "a bundled set's name: " : "a folder relative to " + from_dir + ": ") + base_dir + ")");
    const std::string key = fs::weakly_canonical(base_dir, ec).string();
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      std::string cycle;
      for (const std::string& s : seen) cycle += files::shown_path(s) + " extends ";
      throw LoadError(from_file + ": 'extends' makes a cycle: " + cycle + files::shown_path(key));
    }
    if (bases.size() >= kMaxExtends)
      throw LoadError(manifest + ": 'extends' chains through more than " + std::to_string(kMaxExtends) + " sets");
    seen.push_back(key);
    bases.push_back(base_dir);
    // The next link: that set's own `extends` (its other fields are its own business).
    from_file = (fs::path(base_dir) / "set.lua").string();
    from_dir = base_dir;
    lua_State* L = L_;
    set_budget(L, kCardLimits.instructions);
    run_file(L, admit(from_file, "set"), "set");
    if (!lua_istable(L, -1)) throw LoadError(from_file + ": set.lua must return a table");
    base = field_string(L, lua_gettop(L), "extends", from_file, false);
    lua_pop(L, 1);
  }
  return bases;
}

}  // namespace als
