#pragma once
#include <string>

#include "core/engine.h"
#include "script/loader.h"

namespace als::test {

inline std::shared_ptr<Engine> load(const std::string& cards = "standard", const std::vector<std::string>& rules = {}) {
  return load_engine(cards, rules, ALS_DATA_DIR);
}

/// Equality of two states: every field of every struct (State::operator==), so copies and
/// refused actions are checked for tokens, permissions, extra turns, the queue, the answers, the
/// pending decision and the snapshot too.
inline bool same(const State& x, const State& y) { return x == y; }

}  // namespace als::test
