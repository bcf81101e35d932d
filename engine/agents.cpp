#include "agents.h"

namespace als {

Action RandomAgent::choose(const Engine&, const State&, const std::vector<Action>& legal) {
  size_t n = legal.size();
  if (n > 1 && legal.back().type == Action::Withdraw) --n;  // a turn's withdraw is listed last
  return legal[rng_.below(n)];
}

uint64_t agent_seed(uint64_t game_seed, int seat) {
  return game_seed ^ (0xa0761d6478bd642fULL * static_cast<uint64_t>(seat + 1)) ^ 0xe7037ed1a0b428dbULL;
}

std::unique_ptr<Agent> make_agent(const std::string& name, uint64_t game_seed, int seat) {
  if (name == "random") return std::make_unique<RandomAgent>(agent_seed(game_seed, seat));
  return nullptr;
}

std::vector<std::string> agent_names() { return {"human", "random"}; }

}  // namespace als
