// Computer players. An agent sees only what its player may see (ruling 28): the random agent
// looks at nothing but its own legal actions. Agents draw from their own generators, seeded from
// the game's seed and their seat, never from the game's.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine.h"
#include "rng.h"

namespace als {

class Agent {
 public:
  virtual ~Agent() = default;
  /// Picks one of `legal` (non-empty) for the player to act in `s`.
  virtual Action choose(const Engine& e, const State& s, const std::vector<Action>& legal) = 0;
};

/// Uniform over the legal actions other than withdraw (withdraw only when it is the only one).
class RandomAgent : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  Action choose(const Engine& e, const State& s, const std::vector<Action>& legal) override;

 private:
  Rng rng_;
};

/// The seed of the agent in `seat` (0 or 1) for a game seeded with `game_seed`.
uint64_t agent_seed(uint64_t game_seed, int seat);
/// Makes a computer agent by name ("random"); nullptr for an unknown name or "human".
std::unique_ptr<Agent> make_agent(const std::string& name, uint64_t game_seed, int seat);
/// The agent names `make_agent` knows, for messages.
std::vector<std::string> agent_names();

}  // namespace als
