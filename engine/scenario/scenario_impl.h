// The scenario API's own parts, shared by its files (scenario.cpp: the runner, the game's
// methods and the globals; scenario_setup.cpp: setup(spec)). Not for use outside engine/scenario.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <lua.hpp>

#include "engine.h"
#include "errors.h"
#include "loader.h"
#include "view.h"

namespace als::scenario_impl {

/// A scenario's mistake (a bad argument, an illegal action): raised in Lua as the scenario's error.
[[noreturn]] inline void fail(const std::string& msg) { throw IllegalAction(msg); }

/// " (did you mean 'ID'?)": the set's card nearest to an unknown id (API 4's comforts); "" when
/// no card is near.
std::string nearest_card(const Engine& e, std::string_view id);

/// A list of strings at stack index `t`, read raw (no __len or __index runs) and bounded: no
/// list a scenario gives has more entries than a set has cards. `what` names it in the error.
std::vector<std::string> string_list(lua_State* L, int t, const char* what);

/// Pushes g:view's `deduced` (ruling 30): a list of { cards = {ids}, hands = {n1, n2}, board =
/// {"P:THEATER:N", ...}, deck = n, text = ... }, one a deduction of the view's seat.
void push_deduced(lua_State* L, const std::vector<DeducedView>& deduced);

/// The position setup(spec) describes, the spec the table at index 1 of L's stack; every field
/// checked (IllegalAction naming the field: "setup: hands must be ...").
State setup_position(lua_State* L, const Engine& e);

/// setup's and new_game's `params` (the table at index t): name = number, each from -kMaxParam to
/// kMaxParam, sorted by name (IllegalAction otherwise).
ParamValues param_table(lua_State* L, int t);

}  // namespace als::scenario_impl
