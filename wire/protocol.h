// The messages of protocol 2 that more than one command writes (docs/protocol.md): a seat's
// view, the set's card table. als serve sends them to clients; exec: agents to their programs.
#pragma once
#include <nlohmann/json.hpp>

#include "engine.h"
#include "question.h"
#include "view.h"

namespace als::cli::protocol {

/// A seat's view (ruling 28) as JSON (docs/protocol.md, "The view"), rendered from its
/// projection `p`: a card the seat may not identify is "?" (with "~" before it when facedown);
/// `bonuses` typed by source; `withdraw_vp`: what the seat's withdrawing now would give the opponent.
nlohmann::json view_json(const Engine& e, const Projection& p);

/// Adds to a `decision` message the question an ability asks (`ability`, and `card`, `prompt`,
/// `options` where it has them), as Engine::question gives it for the seat; nothing at a turn.
void add_question(nlohmann::json& decision, const Question& q);

/// card id -> {name, type, strength, kind, text}: the `game` message's card_table.
nlohmann::json card_table_json(const Engine& e);

/// `n` bytes at `data` as base64 (RFC 4648, with padding: libsodium's original variant), for a
/// JSON string: a serialized state, a float tensor.
std::string base64(const void* data, size_t n);

/// The Python module's observation tensor of `seat` (observation.h), as base64 of its float32
/// values, little-endian: a decision's `observation_tensor_base64`.
std::string observation_tensor_base64(const Engine& e, const State& s, int seat);

/// The Python module's observation tensor layout (observation_tensor_layout) as JSON: a list of
/// {name, start, shape, columns}, as Game.observation_layout() gives it.
nlohmann::json observation_tensor_layout_json(const Engine& e);

}  // namespace als::cli::protocol
