// libFuzzer target: card sets and house rules as the loader reads them. The input is one card
// script, loaded in a set of the newest API (kApiMax: ongoing functions, triggers, counters, lasting
// effects, bans, reveals, cards to any hand, hand triggers, copies, turn actions; scripts of every
// earlier API load in it as well) beside plain cards; or, when it
// starts with "-- House rule", a house rule (hooks) loaded with that set. If it loads, one game is
// played by random agents. Loading may only fail with LoadError and playing only with ScriptError.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "agents.h"
#include "binding.h"
#include "engine.h"
#include "loader.h"

using namespace als;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The set's folder, removed at exit (its name is kept on the heap: statics are gone by then).
  static const std::filesystem::path& dir = *[] {
    auto* d = new std::filesystem::path(std::filesystem::temp_directory_path() / ("als-fuzz-set-" + std::to_string(::getpid())));
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(std::filesystem::temp_directory_path() / ("als-fuzz-set-" + std::to_string(::getpid())), ec);
    });
    std::filesystem::create_directories(*d);
    std::ofstream(*d / "set.lua") << "return { name = 'fuzz', api = " << kApiMax << ", theaters = { 'air', 'land', 'sea' },\n"
                                    "  rules = { hand_size = 2 }, cards = { 'plain', 'other', 'fuzzed', 'spare' } }\n";
    std::ofstream(*d / "plain.lua") << "return { type = 'air', strength = 1 }\n";
    std::ofstream(*d / "other.lua") << "return { type = 'land', strength = 4 }\n";
    std::ofstream(*d / "spare.lua") << "return { type = 'land', strength = 2 }\n";
    return d;
  }();
  const std::string input(reinterpret_cast<const char*>(data), size);
  const bool rules = input.rfind("-- House rule", 0) == 0;
  std::ofstream(dir / "fuzzed.lua", std::ios::trunc)
      << (rules ? "return { type = 'sea', strength = 3 }\n" : input);
  std::ofstream(dir / "rules.lua", std::ios::trunc) << (rules ? input : "return {}\n");
  std::shared_ptr<Engine> eng;
  try {
    eng = load_engine(dir.string(), {(dir / "rules.lua").string()}, ALS_DATA_DIR);
  } catch (const LoadError&) {
    return 0;
  }
  RandomAgent agent(size * 7 + 1);
  std::vector<Action> acts;
  try {
    State s = eng->new_game(size);
    for (int steps = 0; eng->to_act(s) >= 0 && steps < 500; ++steps) {
      eng->legal(s, acts);
      eng->apply(s, agent.choose(*eng, s, acts));
    }
  } catch (const ScriptError&) {
  }
  return 0;
}
