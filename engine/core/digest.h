// A state's digest: 64 bits (XXH64) of everything in it, field by field, for game records and
// for the tests that hold a change of code to the same games (digest.cpp).
#pragma once
#include <cstdint>

#include "state.h"

namespace als {

class Engine;

/// A 64-bit digest (XXH64) of everything in `s`, field by field: two states with equal digests
/// are, in practice, the same game at the same decision (game records). Enumerations are hashed
/// by fixed codes, names by their text: the digest of a state changes only with kDigestVersion.
/// Reads the state only (no script runs).
uint64_t digest(const Engine& e, const State& s);

/// The version of digest(): records carry it. Version 2 (knowledge by deduction, ruling 30) holds
/// each player's deductions and the knowledge bits they keep; version 1 was written before them.
inline constexpr int kDigestVersion = 2;

/// Which states of a record of digest version `version` a replay can check with digest(): every
/// state of this version; none of a later one; of version 1, every state but those from the first
/// action taken while a player knew a card of the other's hand to the end of that battle (where
/// version 1's knowledge, which forgot a hand card played facedown, and ruling 30's deductions
/// part; the reshuffle at the next battle joins them again). Reads the states only.
class DigestCheck {
 public:
  explicit DigestCheck(int version) : version_(version) {}
  /// Call with the state an action is about to be taken in.
  void before(const State& s);
  /// Whether the digest of `after`, the state that action led to, is comparable with the record's.
  bool comparable(const State& after);
  /// The states comparable() found not comparable so far.
  int skipped() const { return skipped_; }
  /// The record's digest version.
  int version() const { return version_; }

 private:
  int version_;
  int64_t unchecked_battle_ = -1;  // version 1: the battle whose remaining states are not comparable
  int skipped_ = 0;
};

}  // namespace als
