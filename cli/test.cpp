// als test: scripted rule tests (docs/scenarios.md), file by file.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "files.h"
#include "scenario.h"

namespace als::cli {

namespace fs = std::filesystem;

int cmd_test(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als test options (scripted rule tests: docs/scenarios.md)\n"
      "  examples: als test tests/rules\n"
      "            als test --cards original my-tests/reinforce.lua\n"
      "  prints FAIL/ERROR lines and 'N passed, N failed'; exit 0 all passed,\n"
      "  1 a failure, 2 a file that did not load");
  add_common(desc, c, vm);
  std::vector<std::string> paths;
  desc.add_options()("path", po::value<std::vector<std::string>>(&paths), "test files or folders");
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse(argc, argv, "test PATH...", desc, vm, &pos)) return 0;
  if (vm.count("seed")) {
    std::cerr << "als test: --seed does not apply (a scenario sets its own: setup{seed = N}, new_game{seed = N})\n";
    return 2;
  }
  if (paths.empty()) {
    std::cerr << "als test: no PATH given (a .lua file or a folder of them)\n";
    return 2;
  }
  std::vector<std::pair<std::string, std::string>> files;  // path, display
  for (const std::string& p : paths) {
    if (!path_ok("test", p)) return 2;
    std::error_code ec;
    if (files::is_dir(p)) {
      std::vector<std::string> found;
      // A folder with a set.lua is a card set, not scenarios: it is not searched.
      if (files::exists(fs::path(p) / "set.lua")) continue;
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec)) {
        if (it->is_directory(ec) && files::exists(it->path() / "set.lua")) {
          it.disable_recursion_pending();
          continue;
        }
        if (it->is_regular_file(ec) && it->path().extension() == ".lua") found.push_back(it->path().string());
      }
      std::sort(found.begin(), found.end());
      for (auto& f : found) files.emplace_back(f, f);
    } else if (files::is_file(p)) {
      files.emplace_back(p, p);
    } else {
      std::cerr << "als test: " << p << ": no such file or folder\n";
      return 2;
    }
  }
  ScenarioOptions opt;
  opt.cards = c.cards;
  opt.rules = c.rules;
  opt.data_dir = data_dir();
  EngineCache cache(opt.data_dir);
  try {
    cache.get(opt.cards, opt.rules);  // a bad --cards or --rules is a usage error
  } catch (const LoadError& e) {
    std::cerr << "als test: " << e.what() << "\n";
    return 2;
  }
  int passed = 0, failed = 0;
  bool load_error = false;
  auto out = [](const std::string& line) { std::cout << line << "\n" << std::flush; };
  for (auto& [path, display] : files) {
    ScenarioResult r = run_scenario_file(path, display, opt, cache, out);
    passed += r.passed;
    failed += r.failed;
    load_error = load_error || r.load_error;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return load_error ? 2 : failed ? 1 : 0;
}

}  // namespace als::cli
