// Helpers every command shares (cli.h): options, seeds, the data folder, loading an engine.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "files.h"
#include "names.h"
#include "runs.h"

namespace als::cli {

namespace fs = std::filesystem;

void add_common(po::options_description& desc, Common& c, po::variables_map&) {
  desc.add_options()("help,h", "show this help")(
      "cards", po::value<std::string>(&c.cards)->default_value("standard"),
      "card set: a bundled name (standard, original) or a folder")(
      "rules", po::value<std::vector<std::string>>(&c.rules)->composing(),
      "house rule: a bundled name (beginner, long-war, spotter) or a .lua file; repeatable, applied in order")(
      "seed", po::value<std::string>(), "seed of the game's random generator (0 to 2^64-1); random if absent");
}

void add_param(po::options_description& desc, std::vector<std::string>& flags) {
  desc.add_options()("param", po::value<std::vector<std::string>>(&flags)->composing(),
                     "NAME=VALUE: the value of a param the set or a rule declares (params = {...}); repeatable");
}

bool read_input(const char* command, const std::string& path, std::string& text) {
  try {
    text = read_text_file(path, 64u << 20);
    return true;
  } catch (const LoadError& e) {
    std::cerr << "als " << command << ": " << e.what() << "\n";
    return false;
  }
}

bool path_ok(const char* command, const std::string& path) {
  const std::string why = files::path_refusal(path);
  if (!why.empty()) std::cerr << "als " << command << ": " << why << "\n";
  return why.empty();
}

uint64_t seed_or_random(const po::variables_map& vm) {
  if (!vm.count("seed")) return random_seed();
  uint64_t seed = 0;
  if (std::string why = parse_seed(vm["seed"].as<std::string>(), seed); !why.empty()) throw po::error(why);
  return seed;
}

namespace {
// A command's help at 80 columns (boost wraps only the options' descriptions): a longer line breaks
// between words, its rest indented four past the line's own indent, so that an 80x24 terminal
// never breaks a word or an example in two.
std::string help_at_80(const std::string& text) {
  constexpr size_t kWidth = 80;
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    const size_t indent = std::min(line.find_first_not_of(' '), size_t{40});
    while (line.size() > kWidth) {
      size_t cut = line.rfind(' ', kWidth);
      if (cut == std::string::npos || cut <= indent + 4) cut = line.find(' ', kWidth);  // one long word: whole
      if (cut == std::string::npos) break;
      out += line.substr(0, line.find_last_not_of(' ', cut) + 1) + "\n";
      const size_t next = line.find_first_not_of(' ', cut);
      line = std::string(indent + 4, ' ') + (next == std::string::npos ? "" : line.substr(next));
    }
    out += line + "\n";
  }
  return out;
}
}  // namespace

bool parse(int argc, char** argv, const std::string& command, po::options_description& desc, po::variables_map& vm,
           const po::positional_options_description* pos) {
  if (!desc.find_nothrow("help", false)) desc.add_options()("help,h", "show this help");  // every command has it
  // Every command that plays a search takes the values folder (ValueNet::values_dir, als train).
  bool plays = false;
  for (const char* key : {"p1", "p2", "agent", "agents", "level", "seed", "iterations"}) plays |= desc.find_nothrow(key, false) != nullptr;
  if (plays && !desc.find_nothrow("values", false))
    desc.add_options()("values", po::value<std::string>(),
                       "the folder of learned values als train writes (default: $ALS_VALUES, else ~/.local/share/als/values)");
  po::command_line_parser parser(argc, argv);
  parser.options(desc);
  // A command without positional arguments refuses a stray word instead of ignoring it.
  po::positional_options_description none;
  parser.positional(pos ? *pos : none);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    std::ostringstream help;
    help << desc;
    std::cout << "usage: als " << command << " [options]\n" << help_at_80(help.str());
    return false;
  }
  po::notify(vm);
  if (vm.count("values")) {
    const std::string dir = vm["values"].as<std::string>();
    if (std::string why = files::path_refusal(dir); !why.empty() || dir.empty())
      throw po::error("--values: " + (dir.empty() ? std::string("a folder") : why));
    setenv("ALS_VALUES", dir.c_str(), 1);  // (read where a search looks its game's value up)
  }
  return true;
}

std::string data_dir() {
  if (const char* d = std::getenv("ALS_DATA_DIR"); d && *d) return d;
  // An installed als (meson install, any --prefix or DESTDIR) finds its data beside it:
  // PREFIX/bin/als reads PREFIX/share/als (pip install: VENV/bin/als reads VENV/als). A build
  // that is not installed reads the source tree.
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path beside = exe.parent_path().parent_path() / "share" / "als";
    if (files::is_dir(beside / "cards")) return beside.string();
    beside = exe.parent_path().parent_path() / "als";  // pip install: a virtual environment's VENV/als
    if (files::is_dir(beside / "cards")) return beside.string();
  }
  if (files::is_dir(fs::path(ALS_DATA_DIR) / "cards")) return ALS_DATA_DIR;
  return ALS_INSTALLED_DATA_DIR;
}

std::shared_ptr<Engine> open_engine(const Common& c) {
  try {
    return load_variant(c, data_dir());
  } catch (const LoadError& e) {
    std::cerr << "als: " << e.what() << "\n";
  }
  return nullptr;
}

bool unattended(const char* command, const std::string& spec) {
  const std::string why = unattended_why(spec);
  if (!why.empty()) std::cerr << "als " << command << ": " << why << "\n";
  return why.empty();
}

int refusing(const char* command, const std::function<int()>& body, bool name_load) {
  try {
    return body();
  } catch (const Refused& e) {
    std::cerr << "als " << command << (e.context().empty() ? "" : " " + e.context()) << ": " << e.what() << "\n";
  } catch (const LoadError& e) {
    std::cerr << "als" << (name_load ? std::string(" ") + command : std::string()) << ": " << e.what() << "\n";
  }
  return 2;
}

int run_command(const char* name, int (*run)(int, char**), int argc, char** argv) {
  try {
    int rc = run(argc, argv);
    // What was printed must have been written: a full disk or a closed pipe is an error, not a
    // silently truncated result.
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "als " << name << ": cannot write the output (" << std::strerror(errno) << ")\n";
      return 2;
    }
    return rc;
  } catch (const po::error& e) {
    std::cerr << "als " << name << ": " << e.what() << " (see als " << name << " --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "als " << name << ": " << e.what() << "\n";
    return 2;
  }
}

int cmd_web_program(int argc, char** argv) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::string program = (ec ? std::filesystem::path(".") : self.parent_path()) / "als-web";
  if (access(program.c_str(), X_OK) != 0) {
    std::cerr << "als web: the page's server is a program of its own, als-web, which is not built here (" << files::shown_path(program)
              << "): ./bootstrap.sh web builds it and starts a game in the browser (or: meson compile -C build als-web)\n";
    return 2;
  }
  std::vector<char*> args{const_cast<char*>("als-web")};
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  std::cout.flush();
  execv(program.c_str(), args.data());
  std::cerr << "als web: cannot run " << files::shown_path(program) << " (" << std::strerror(errno) << ")\n";
  return 2;
}

}  // namespace als::cli
