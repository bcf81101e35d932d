// game_seed (seeds.h): SipHash-2-4 keyed by the run's seed.
#include "seeds.h"

#include <sodium.h>

namespace als {

uint64_t game_seed(uint64_t run_seed, uint64_t number) {
  static_assert(crypto_shorthash_KEYBYTES == 16 && crypto_shorthash_BYTES == 8);
  // The key: the run's seed, then 8 bytes naming this use of it (an agent's seed, serve's and the
  // game's own generator take the seed other ways).
  unsigned char key[16] = {0, 0, 0, 0, 0, 0, 0, 0, 'a', 'l', 's', ' ', 'r', 'u', 'n', 's'};
  unsigned char in[8], out[8];
  for (int i = 0; i < 8; ++i) {
    key[i] = static_cast<unsigned char>(run_seed >> (8 * i));
    in[i] = static_cast<unsigned char>(number >> (8 * i));
  }
  crypto_shorthash(out, in, sizeof in, key);
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(out[i]) << (8 * i);
  return v;
}

}  // namespace als
