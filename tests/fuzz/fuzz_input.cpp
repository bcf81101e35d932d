// libFuzzer target: what a human types at a decision. The first 8 bytes seed a game; each
// following line is parsed as typed input (cli/input.h) and as an exact action text
// (Engine::parse_action), and applied when it names a legal action. Neither parser may crash,
// throw anything but IllegalAction, or pick an action that is not offered.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "engine.h"
#include "input.h"
#include "loader.h"

using namespace als;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto eng = load_engine("standard", {}, ALS_DATA_DIR);
  const Engine& e = *eng;
  uint64_t seed = 0;
  std::memcpy(&seed, data, std::min<size_t>(size, 8));
  State s = e.new_game(seed);
  std::string text(reinterpret_cast<const char*>(data) + std::min<size_t>(size, 8), size - std::min<size_t>(size, 8));
  std::vector<Action> acts;
  size_t at = 0;
  for (int steps = 0; at < text.size() && steps < 200 && e.to_act(s) >= 0; ++steps) {
    size_t nl = text.find('\n', at);
    std::string line = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? text.size() : nl + 1;
    int p = e.to_act(s);
    e.legal(s, acts);
    std::vector<std::string> texts;
    for (const Action& a : acts) texts.push_back(e.text().action_text(s, a, p));
    DecisionKind k = e.decision_kind(s);
    cli::Input in = cli::parse_input(line, texts, k == DecisionKind::Card || k == DecisionKind::Theater);
    if (in.kind == cli::Input::Action && (in.index < 0 || static_cast<size_t>(in.index) >= acts.size())) std::abort();
    try {
      Action a = e.text().parse_action(s, line, p);
      if (!e.is_legal(s, a)) std::abort();
    } catch (const IllegalAction&) {
    }
    if (in.kind == cli::Input::Action) {
      try {
        e.apply(s, acts[static_cast<size_t>(in.index)]);
      } catch (const ScriptError&) {
      }
    }
  }
  return 0;
}
