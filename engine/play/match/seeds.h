// Seeds of a run's games: the one function every command and module derives a game's seed with.
#pragma once
#include <cstdint>

namespace als {

/// The seed of game `number` (0, 1, 2, ...) of a run seeded with `run_seed`: SipHash-2-4
/// (libsodium's crypto_shorthash), keyed by the run's seed, over the game's number. A keyed
/// pseudorandom function, so
/// - runs with different seeds share no game (two runs share a game seed with chance about
///   2^-64 per pair of games, as two independent random seeds would: `--seed 2` and `--seed 3`
///   are independent samples), and
/// - a game's seed revealed at its end tells nothing about another game's (`als serve`).
/// Used by simulate, compare, sweep, tournament, serve (`--seed`), `als.VectorEnv` and
/// `als.game_seed`; the same on every machine. A game record keeps its game's own seed, so
/// records replay whatever derived it.
uint64_t game_seed(uint64_t run_seed, uint64_t number);

}  // namespace als
