// Checking a state read from outside (serialized bytes): every field the engine reads as an index,
// a count or a kind within its bounds for the game, before anything uses it.
#pragma once
#include <cstddef>
#include <string>

#include "engine.h"

namespace als {

/// What is wrong with `s` as a state of `e`'s game, or "" if nothing is: every card's place
/// (zone, owner, theater within the rules' theaters), the theaters' order, players and phases,
/// scores, tokens, the abilities due and their events, counters, lasting effects (their effect
/// among the set's), the battles' history, the ability being resolved (its answers, the pending
/// decision, its snapshot), every interned name below `names` (the size of the state's table of
/// names), the unused slots at their defaults and the location index matching the cards. A
/// state that passes may still be one no game reaches, but the engine reads nothing out of
/// bounds in it. Runs in O(size of State).
std::string state_problem(const Engine& e, const State& s, size_t names);

}  // namespace als
