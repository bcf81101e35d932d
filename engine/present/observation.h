// Observations: what a seat sees (the facts of its projection, core/projection.h) laid out as
// numbers for programs, protocol 2's list of integers and the Python module's float tensor
// (observation.cpp). Built only from what the knowledge model lets the seat know (ruling 28).
#pragma once
#include <string>
#include <vector>

#include "engine.h"
#include "projection.h"

namespace als {

/// Protocol 2's observation (docs/protocol.md): a flat list of observation_layout(e).size()
/// integers, rendered from seat projection `p` (p.seat 0 or 1, else std::invalid_argument) and
/// the rules' VP target.
std::vector<int> observation(const Engine& e, const Projection& p);
/// observation(e, project(e, s, seat)): runs the set's strength functions (ScriptError if one fails).
std::vector<int> observation(const Engine& e, const State& s, int seat);
/// The name of each position of observation(), in order ("card ID where", "position 1 theater", ...).
std::vector<std::string> observation_layout(const Engine& e);
/// The float observation of the Python module (docs/python.md, "Observation tensor"):
/// observation_tensor_size(e) floats written to `out`, rendered from seat projection `p` (p.seat
/// 0 or 1, else std::invalid_argument) and the rules' VP target: each card where the seat knows
/// it (with its theater position, face, strength, depth in its stack, covered, counters), each
/// theater position, every stack slot (occupied, faceup, known), the scores and counts, the
/// pending question.
void observation_tensor(const Engine& e, const Projection& p, float* out);
/// observation_tensor(e, project(e, s, seat), out): runs the set's strength functions (ScriptError).
void observation_tensor(const Engine& e, const State& s, int seat, float* out);
/// The length of observation_tensor's output for `e`'s card set: depends on its cards and
/// theaters only.
int observation_tensor_size(const Engine& e);

/// One named slice of a float tensor: where it starts, its shape (row-major: the slice's floats
/// are shape's product), and a name for each index of its last axis.
struct TensorSlice {
  std::string name;
  int start = 0;
  std::vector<int> shape;
  std::vector<std::string> columns;
};
/// observation_tensor's layout for `e`: its slices in order, from 0 to observation_tensor_size(e)
/// with no gap ("cards" [C, where... ], "theaters" [T, ...], "stacks" [2, T, depth, 3],
/// "globals", "question_kind", "question_asker", "question"). Rows of "cards" are the set's
/// cards in order; rows of "theaters" the positions left to right (its first T columns: which
/// theater, by the rules' names, stands there); columns are named as the
/// Python module's docs name them (docs/python.md, "Observation tensor").
std::vector<TensorSlice> observation_tensor_layout(const Engine& e);

}  // namespace als
