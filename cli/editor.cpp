// als editor: writes (or checks) the files a Lua editor and luacheck read, generated from the
// engine's tables (engine/scenario/editor.h; docs/modding.md, "Editors").
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "editor.h"
#include "errors.h"
#include "files.h"

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
  out.push_back({folder / ".luacheckrc", luacheck_config(is_test_folder_name(abs_folder.filename().string()))});
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

// A file's text as --check compares it: a regular file's (never a link's target, a FIFO or a
// device: those differ), or "" with `ok` false.
std::string read_regular(const fs::path& p, bool& ok) {
  struct stat st {};
  ok = ::lstat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  if (!ok) return "";
  try {
    return read_text_file(p.string(), 16u << 20);
  } catch (const LoadError&) {
    ok = false;
    return "";
  }
}

// Whether a file's text is one als editor wrote: it holds the marker, or it is a .luarc.json as
// releases before the marker wrote them (the same lines, without "$comment").
bool written_by_editor(const std::string& text) {
  if (text.find(kEditorMarker) != std::string::npos) return true;
  const std::string now = luarc_json("LIBRARY");
  const size_t comment = now.find("  \"$comment\"");
  const std::string old = now.substr(0, comment) + now.substr(now.find('\n', comment) + 1);
  const size_t lib = old.find("LIBRARY");
  const std::string head = old.substr(0, lib), tail = old.substr(lib + 7);
  return text.size() >= head.size() + tail.size() && text.compare(0, head.size(), head) == 0 &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0 &&
         text.find('\n', head.size()) == text.size() - tail.size() + tail.find('\n');
}

// Why `p` may not be written ("" if it may): a symbolic link (never written through, --force or
// not), not a regular file, or a file als editor did not write (no marker line) unless `force`.
std::string refusal(const fs::path& p, bool force) {
  struct stat st {};
  if (::lstat(p.c_str(), &st) != 0)
    return errno == ENOENT ? "" : std::string("cannot be examined (") + std::strerror(errno) + ")";
  if (S_ISLNK(st.st_mode)) return "a symbolic link (als editor writes no file through a link; remove the link to have it written)";
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  if (force) return "";
  bool ok = false;
  const std::string text = read_regular(p, ok);
  if (!ok) return "cannot be read";
  if (!written_by_editor(text))
    return std::string("not written by als editor (it has no line '") + kEditorMarker + "'): --force replaces it";
  return "";
}

// Writes `text` to `p` through a temporary file beside it renamed over it: a rename replaces a
// link itself, never its target, so no file elsewhere is written even if one appears meanwhile.
bool write_replacing(const fs::path& p, const std::string& text, std::string& err) {
  std::string tmp = p.string() + ".als-editor-XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) return err = std::strerror(errno), false;
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  const bool wrote = done == text.size() && ::fchmod(fd, 0644) == 0;
  const int saved = errno;
  if (::close(fd) != 0 || !wrote || ::rename(tmp.c_str(), p.c_str()) != 0) {
    err = std::strerror(wrote ? errno : saved);
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace

int cmd_editor(int argc, char** argv) {
  po::options_description desc(
      "als editor [FOLDER] [options]\n"
      "Writes the files a Lua editor (lua-language-server) and luacheck read into\n"
      "FOLDER (default: the current folder): .luarc.json, whose library is the card\n"
      "API's definitions file (editor/als.lua of the bundled data), and .luacheckrc.\n"
      "They come from the engine's own tables of verbs, hooks and events.\n"
      "  examples: als editor my-set  (then open my-set in an editor; luacheck my-set)\n"
      "            als editor --bundled --check  (the bundled files match the tables)\n"
      "options");
  bool check = false, all = false, force = false;
  std::string folder = ".";
  desc.add_options()("help,h", "show this help")("check", po::bool_switch(&check),
                                                 "change nothing: exit 1 naming each file that differs from what would be written")(
      "bundled", po::bool_switch(&all), "the bundled files: editor/als.lua, and each bundled set's and the rules folder's")(
      "force", po::bool_switch(&force),
      "replace a file als editor did not write (one without its marker line); a symbolic link is never written through")(
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
    if (!path_ok("editor", folder)) return 2;
    if (!files::is_dir(folder)) {
      std::cerr << "als editor: '" << files::shown_path(folder) << "' is not a folder\n";
      return 2;
    }
    folder_files(folder, root, files);
  }
  int differ = 0, skipped = 0;
  for (const Wanted& w : files) {
    if (check) {
      bool ok = false;
      if (read_regular(w.path, ok) != w.text || !ok) {
        std::cout << w.path.generic_string() << " differs from the engine's tables (als editor"
                  << (all ? " --bundled" : " " + folder) << " rewrites it)\n";
        ++differ;
      }
      continue;
    }
    if (std::string why = refusal(w.path, force); !why.empty()) {
      std::cerr << "als editor: skipped " << w.path.generic_string() << ": " << why << "\n";
      ++skipped;
      continue;
    }
    if (std::string err; !write_replacing(w.path, w.text, err)) {
      std::cerr << "als editor: cannot write " << w.path.generic_string() << " (" << err << ")\n";
      return 2;
    }
    std::cout << "wrote " << w.path.generic_string() << "\n";
  }
  if (skipped) return 1;
  if (check && !differ) std::cout << files.size() << " files match the engine's tables\n";
  return differ ? 1 : 0;
}

}  // namespace als::cli
