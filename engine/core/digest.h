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

/// The version of digest(): records carry it, and a replay checks digests only of its own version.
inline constexpr int kDigestVersion = 1;

}  // namespace als
