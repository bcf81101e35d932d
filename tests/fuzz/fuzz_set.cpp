// libFuzzer target: card sets as the loader reads them. The input is one card script; it is
// loaded in a two-card set beside a plain card, then, if it loads, one game is played with it by
// random agents. Loading may only fail with LoadError and playing only with ScriptError.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "play/agents.h"
#include "core/engine.h"
#include "script/loader.h"

using namespace als;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("als-fuzz-set-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    std::ofstream(d / "set.lua") << "return { name = 'fuzz', api = 1, theaters = { 'air', 'land', 'sea' },\n"
                                    "  rules = { hand_size = 2 }, cards = { 'plain', 'other', 'fuzzed', 'spare' } }\n";
    std::ofstream(d / "plain.lua") << "return { type = 'air', strength = 1 }\n";
    std::ofstream(d / "other.lua") << "return { type = 'land', strength = 4 }\n";
    std::ofstream(d / "spare.lua") << "return { type = 'land', strength = 2 }\n";
    return d;
  }();
  std::ofstream(dir / "fuzzed.lua", std::ios::trunc).write(reinterpret_cast<const char*>(data),
                                                           static_cast<std::streamsize>(size));
  std::shared_ptr<Engine> eng;
  try {
    eng = load_engine(dir.string(), {}, ALS_DATA_DIR);
  } catch (const LoadError&) {
    return 0;
  }
  State s = eng->new_game(size);
  RandomAgent agent(size * 7 + 1);
  std::vector<Action> acts;
  try {
    for (int steps = 0; eng->to_act(s) >= 0 && steps < 500; ++steps) {
      eng->legal(s, acts);
      eng->apply(s, agent.choose(*eng, s, acts));
    }
  } catch (const ScriptError&) {
  }
  return 0;
}
