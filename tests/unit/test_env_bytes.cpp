// Serialized states (EnvState::serialize / deserialize, the Python module's bytes) as untrusted
// input (issue 52): every real state round-trips, a changed byte is refused, and bytes forged to
// pass the checksum are either refused or safe to read: every reader of the state runs on them
// without reading out of bounds (the sanitizer build runs this test).
#include <catch2/catch.hpp>

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "env.h"
#include "errors.h"
#include "helpers.h"
#include "rng.h"

using namespace als;

namespace {

std::shared_ptr<const EnvGame> game_of(const std::string& cards) {
  return std::make_shared<const EnvGame>(test::load(cards), "");
}

// States along a few random games: every one, from the deal to the end.
std::vector<EnvState> states_of(const std::shared_ptr<const EnvGame>& g, int games, uint64_t seed) {
  std::vector<EnvState> out;
  Rng rng(seed);
  for (int k = 0; k < games; ++k) {
    EnvState s(g, seed * 1000 + static_cast<uint64_t>(k));
    out.push_back(s);
    for (int n = 0; n < 400 && !s.is_terminal(); ++n) {
      const std::vector<int> legal = s.legal_actions();
      s.apply_action(legal[rng.below(legal.size())]);
      out.push_back(s);
    }
  }
  return out;
}

// Everything a program can read of a state, for both players.
void read_all(const EnvState& s) {
  const EnvGame& g = s.game();
  std::vector<float> obs(static_cast<size_t>(g.observation_tensor_size())),
      info(static_cast<size_t>(g.information_state_tensor_size()));
  for (int p = 0; p < 2; ++p) {
    s.observation_tensor(p, obs.data());
    (void)s.observation_string(p);
    try {
      s.information_state_tensor(p, info.data());
      (void)s.information_state_string(p);
    } catch (const EnvError&) {  // (a resampled world: the other player's history is not known)
    }
  }
  (void)s.returns();
  if (s.is_terminal()) return;
  const std::vector<int> legal = s.legal_actions();
  if (legal.empty()) return;
  for (int id : legal) (void)s.action_to_string(s.current_player(), id);
  EnvState next = s;
  try {
    next.apply_action(legal.front());
  } catch (const EnvError&) {  // (a script refusing the state it finds: a clean refusal)
  }
}

// `bytes` with their checksum (the last 8 bytes) made right again, as a forger would.
std::string forged(std::string bytes) {
  const uint64_t sum = XXH3_64bits(bytes.data(), bytes.size() - 8);
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
  return bytes;
}

}  // namespace

TEST_CASE("serialized states: every state of every bundled kind of set round-trips") {
  for (const std::string& cards : std::vector<std::string>{"standard", "original", std::string(ALS_DATA_DIR) + "/docs/examples/frontier",
                                  std::string(ALS_DATA_DIR) + "/tests/sets/api4"}) {
    INFO(cards);
    const auto g = game_of(cards);
    int n = 0;
    int unknown = 0;  // resampled worlds whose history holds an action the player did not know (-1)
    for (const EnvState& s : states_of(g, 6, 3)) {
      const EnvState back = EnvState::deserialize(g, s.serialize());
      REQUIRE(back == s);
      if (!s.is_terminal()) {  // a resampled world too (the search's determinization)
        const EnvState world = s.resample_from_infostate(s.current_player(), 7);
        unknown += std::count(world.history().begin(), world.history().end(), -1) > 0;
        REQUIRE(EnvState::deserialize(g, world.serialize()) == world);
      }
      ++n;
    }
    CHECK(n > 100);
    CHECK(unknown > 0);
  }
}

TEST_CASE("serialized states: a changed byte is refused, wherever it is") {
  const auto g = game_of("standard");
  const std::vector<EnvState> states = states_of(g, 1, 5);
  const std::string bytes = states[states.size() / 2].serialize();
  for (size_t at = 0; at < bytes.size(); at += 3) {
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 0x41);
    CHECK_THROWS_AS(EnvState::deserialize(g, bad), EnvError);
  }
}

TEST_CASE("serialized states: bytes forged past the checksum are refused or safe to read") {
  // Each byte of a mid-game state's bytes (the engine's state, the steps, the rest) set to values
  // a forger would try: whatever deserialize accepts, every reader runs on (the sanitizer build
  // fails on any read out of bounds). A theater of 254 in a step once wrote past the tensor.
  for (const std::string& cards : std::vector<std::string>{"standard", std::string(ALS_DATA_DIR) + "/docs/examples/frontier"}) {
    INFO(cards);
    const auto g = game_of(cards);
    const std::vector<EnvState> states = states_of(g, 1, 7);
    const std::string bytes = states[states.size() / 2].serialize();
    int refused = 0, accepted = 0;
    for (size_t at = 0; at + 8 < bytes.size(); ++at)
      for (const unsigned char v : {0x00, 0x01, 0x07, 0x80, 0xfe, 0xff}) {
        if (static_cast<unsigned char>(bytes[at]) == v) continue;
        std::string bad = bytes;
        bad[at] = static_cast<char>(v);
        try {
          const EnvState s = EnvState::deserialize(g, forged(bad));
          ++accepted;
          read_all(s);
        } catch (const EnvError&) {
          ++refused;
        }
      }
    CHECK(refused > 0);
    INFO("accepted " << accepted << ", refused " << refused);
    CHECK(accepted + refused > 1000);
  }
}
