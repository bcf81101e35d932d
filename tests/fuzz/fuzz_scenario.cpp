// libFuzzer target: scenario files (`als test`). Any text must load or be reported as an ERROR or
// FAIL line; the scenario sandbox is given a card's limits so that loops end quickly.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "scenario.h"

using namespace als;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static ScenarioOptions opt = [] {
    ScenarioOptions o;
    o.data_dir = ALS_DATA_DIR;
    o.limits = kCardLimits;
    return o;
  }();
  static EngineCache cache(ALS_DATA_DIR);
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    run_scenario_text(text, "fuzz.lua", opt, cache, [](const std::string&) {});
  } catch (const LoadError&) {  // a bad `cards` or `rules` in setup{}: reported by the runner's caller
  }
  return 0;
}
