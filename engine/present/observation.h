// Observations: what a seat sees (the facts of its projection, core/projection.h) laid out as
// numbers for programs, protocol 2's list of integers and the Python module's float tensor
// (observation.cpp). Built only from what the knowledge model lets the seat know (ruling 28).
#pragma once
#include <string>
#include <vector>

#include "engine.h"

namespace als {

/// Protocol 2's observation (docs/protocol.md): a flat list of observation_layout(e).size()
/// integers, built only from what `seat` (0 or 1) knows (knowledge.h) and what is public. Runs
/// the set's strength functions (ScriptError if one fails).
std::vector<int> observation(const Engine& e, const State& s, int seat);
/// The name of each position of observation(), in order ("card ID where", "position 1 theater", ...).
std::vector<std::string> observation_layout(const Engine& e);
/// The float observation of the Python module (docs/python.md, "Observation tensor"):
/// observation_tensor_size(e) floats written to `out`, built only from what `seat` (0 or 1)
/// knows and what is public: each card where the seat knows it (with its theater position,
/// face, strength, depth in its stack, covered, counters), each theater position, every stack
/// slot (occupied, faceup, known), the scores and counts, the pending question.
void observation_tensor(const Engine& e, const State& s, int seat, float* out);
/// The length of observation_tensor's output for `e`'s card set: depends on its cards and
/// theaters only.
int observation_tensor_size(const Engine& e);

}  // namespace als
