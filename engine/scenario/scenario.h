// Scripted rule tests (docs/scenarios.md): runs one test file in a fresh sandbox and
// reports each scenario. The engine prints nothing: output lines go to a callback.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine.h"
#include "loader.h"
#include "sandbox.h"

namespace als {

struct ScenarioOptions {
  std::string cards = "standard";    // the runner's --cards
  std::vector<std::string> rules;    // the runner's --rules
  std::string data_dir;
  Limits limits = kScenarioLimits;   // per file (fuzzing uses a card's, to move on faster)
};

/// Engines by card set and rules, shared by the files of one run (als test) or the games of one
/// session (als serve). At most `capacity` are kept: the one used least recently goes first (a
/// game still holds its own).
class EngineCache {
 public:
  explicit EngineCache(std::string data_dir, size_t capacity = 64)
      : data_dir_(std::move(data_dir)), capacity_(capacity) {}
  /// Throws LoadError. `params`: values for declared params; `policy`: who named the set and
  /// rules (load_engine). Engines loaded under different policies are kept apart.
  std::shared_ptr<Engine> get(const std::string& cards, const std::vector<std::string>& rules,
                              const ParamValues& params = {}, const Policy& policy = Policy::user());
  size_t size() const { return engines_.size(); }

 private:
  std::string data_dir_;
  size_t capacity_;
  std::map<std::string, std::pair<std::shared_ptr<Engine>, uint64_t>> engines_;  // key -> engine, last use
  uint64_t uses_ = 0;
};

struct ScenarioResult {
  int passed = 0;
  int failed = 0;
  bool load_error = false;
};

/// Runs the scenarios of one file. `display` is the path as the user reached it. Each output
/// line (FAIL, ERROR, print) is handed to `out` without its newline.
ScenarioResult run_scenario_file(const std::string& path, const std::string& display, const ScenarioOptions& opt,
                                 EngineCache& cache, const std::function<void(const std::string&)>& out);
/// The same for a file's text already read (fuzz targets, tests).
ScenarioResult run_scenario_text(const std::string& text, const std::string& display, const ScenarioOptions& opt,
                                 EngineCache& cache, const std::function<void(const std::string&)>& out);

/// The globals a scenario file may read besides a card script's (scenario, setup, new_game,
/// print, check, check_eq, check_error), read off a scenario environment, sorted.
std::vector<std::string> scenario_globals();
/// The methods of a scenario's game object (g:deploy, g:view, ...), sorted.
std::vector<std::string> test_game_methods();

}  // namespace als
