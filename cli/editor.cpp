// als editor: writes (or checks) the files a Lua editor and luacheck read, generated from the
// engine's tables (engine/scenario/editor.h; docs/modding.md, "Editors").
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "editor.h"

namespace als::cli {

namespace {

namespace fs = std::filesystem;

struct Wanted {
  fs::path path;
  std::string text;
};

// The .luarc.json and .luacheckrc of one folder; its library is `editor_dir`, relative to the
// folder when the folder is under `root` (the bundled tree: the files stay the same wherever it
// lies), else absolute.
void folder_files(const fs::path& folder, const fs::path& root, std::vector<Wanted>& out) {
  const fs::path abs_folder = fs::weakly_canonical(fs::absolute(folder));
  const fs::path abs_root = fs::weakly_canonical(fs::absolute(root));
  const fs::path abs_editor = abs_root / "editor";
  const fs::path inside = abs_folder.lexically_relative(abs_root);
  const bool bundled = !inside.empty() && *inside.begin() != "..";
  const fs::path library = bundled ? abs_editor.lexically_relative(abs_folder) : abs_editor;
  out.push_back({folder / ".luarc.json", luarc_json(library.generic_string())});
  out.push_back({folder / ".luacheckrc", luacheck_config()});
}

// Every bundled file: the definitions, the root's files, and each bundled set's and rules folder's.
std::vector<Wanted> bundled(const fs::path& root) {
  std::vector<Wanted> out;
  out.push_back({root / "editor" / "als.lua", lua_definitions()});
  folder_files(root, root, out);
  std::vector<fs::path> folders = {root / "scripts" / "rules"};
  for (const char* parent : {"cards", "docs/examples"}) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(root / parent, ec))
      if (entry.is_directory() && fs::exists(entry.path() / "set.lua")) folders.push_back(entry.path());
  }
  std::sort(folders.begin(), folders.end());
  for (const fs::path& f : folders) folder_files(f, root, out);
  return out;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return in ? s.str() : std::string("\x01 unreadable");
}

}  // namespace

int cmd_editor(int argc, char** argv) {
  po::options_description desc(
      "als editor [FOLDER] [options]\n"
      "Writes the files a Lua editor (lua-language-server) and luacheck read into FOLDER (default: the\n"
      "current folder): .luarc.json, whose library is the card API's definitions file (editor/als.lua\n"
      "of the bundled data), and .luacheckrc. They come from the engine's own tables of verbs, hooks\n"
      "and events.\n"
      "  examples: als editor my-set            (then open my-set in an editor; luacheck my-set)\n"
      "            als editor --bundled --check (the bundled files match the engine's tables)\n"
      "options");
  bool check = false, all = false;
  std::string folder = ".";
  desc.add_options()("help,h", "show this help")("check", po::bool_switch(&check),
                                                 "change nothing: exit 1 naming each file that differs from what would be written")(
      "bundled", po::bool_switch(&all), "the bundled files: editor/als.lua, and each bundled set's and the rules folder's")(
      "folder", po::value(&folder), "the folder to write into");
  po::positional_options_description pos;
  pos.add("folder", 1);
  po::variables_map vm;
  if (!parse(argc, argv, "editor", desc, vm, &pos)) return 0;
  const fs::path root = data_dir();
  std::vector<Wanted> files;
  if (all) {
    files = bundled(root);
  } else {
    if (!fs::is_directory(folder)) {
      std::cerr << "als editor: '" << folder << "' is not a folder\n";
      return 2;
    }
    folder_files(folder, root, files);
  }
  int differ = 0;
  for (const Wanted& w : files) {
    if (check) {
      if (read_all(w.path) != w.text) {
        std::cout << w.path.generic_string() << " differs from the engine's tables (als editor"
                  << (all ? " --bundled" : " " + folder) << " rewrites it)\n";
        ++differ;
      }
      continue;
    }
    std::ofstream out(w.path, std::ios::binary | std::ios::trunc);
    out << w.text;
    if (!out) {
      std::cerr << "als editor: cannot write " << w.path.generic_string() << "\n";
      return 2;
    }
    std::cout << "wrote " << w.path.generic_string() << "\n";
  }
  if (check && !differ) std::cout << files.size() << " files match the engine's tables\n";
  return differ ? 1 : 0;
}

}  // namespace als::cli
