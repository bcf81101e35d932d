// libFuzzer target: what a browser's page sends als web (web/web_game.h, WebGame::receive), a line
// a message, from either seat of a game between two people (the seat alternating by line), the
// first byte choosing the deal. Any input must end in an error or a change of the game, never a
// crash or an exception, and every message after it must render.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

#include "loader.h"
#include "web_game.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static std::shared_ptr<als::Engine> eng = als::load_engine("standard", {}, ALS_DATA_DIR);
  if (size == 0) return 0;
  als::web::GameSetup setup;
  setup.agents[0] = "human", setup.agents[1] = data[0] & 1 ? "human" : "random";
  setup.seed = data[0];
  setup.data_dir = ALS_DATA_DIR, setup.cards = "standard";
  setup.hint_agent = "mcts:iterations=20";  // (a hint a message: kept cheap)
  als::web::WebGame game(*eng, setup);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  std::string line, out;
  for (int seat = 0; std::getline(in, line); seat = 1 - seat) {
    const auto reply = game.receive(seat, line, 4096, out);
    if (reply == als::web::WebGame::Reply::Error && out.empty()) std::abort();  // an error says why
    (void)game.message(0).dump();
    if (game.human(1)) (void)game.message(1).dump();
  }
  return 0;
}
