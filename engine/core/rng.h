// The game's random generator: xoshiro256** 1.0 (Blackman & Vigna, 2018), seeded from a 64-bit
// seed through SplitMix64, with our own bounded draw (Lemire's multiply-shift with rejection)
// and Fisher-Yates shuffle, so that the same seed gives the same game on every machine and
// compiler (the standard library's distributions are not portable).
#pragma once
#include <cstdint>
#include <utility>

namespace als {

__extension__ typedef unsigned __int128 u128;

class Rng {
 public:
  Rng() { seed(0); }
  explicit Rng(uint64_t s) { seed(s); }

  /// Resets the state from a 64-bit seed (SplitMix64 expands it to 256 bits).
  void seed(uint64_t s) {
    for (auto& w : s_) {
      s += 0x9e3779b97f4a7c15ULL;
      uint64_t z = s;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      w = z ^ (z >> 31);
    }
  }

  /// The next 64 random bits.
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// A uniform double in [0, 1): the top 53 bits of next(), each value a multiple of 2^-53.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  /// A uniform integer in [0, n); n must be at least 1. Unbiased (rejection sampling).
  uint64_t below(uint64_t n) {
    // Lemire, "Fast Random Integer Generation in an Interval" (2019).
    u128 m = static_cast<u128>(next()) * n;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<u128>(next()) * n;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  /// Shuffles [first, first + n) in place (Fisher-Yates, from the last element down).
  template <typename T>
  void shuffle(T* first, size_t n) {
    for (size_t i = n; i > 1; --i) {
      size_t j = static_cast<size_t>(below(i));
      std::swap(first[i - 1], first[j]);
    }
  }

  bool operator==(const Rng&) const = default;
  /// One of the four words of the generator's state (for digests).
  uint64_t word(int i) const { return s_[i]; }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace als
