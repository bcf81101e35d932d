// The names scripts give the state (counter names, prompts, end reasons, effect data fields):
// interned per game, so that the state holds numbers and texts and digests read the names. One
// table a game (GameNames), shared by an engine and its twins (Engine::twin), locked, as twins
// run in other threads (names.cpp). An Engine gives them through Engine::interned().
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "state.h"

namespace als {

/// The tables of names of an engine and its twins (names.cpp).
struct NameRegistry;
std::shared_ptr<NameRegistry> new_name_registry();

/// One game's table of names (Interned::game_names), released when this holder goes: names
/// interned per game, so nothing a game's scripts name outlives it (a fresh counter name on every
/// call fills no table across games). States carry only its number (id()). Move-only; the engine
/// that made it must outlive it.
class GameNames {
 public:
  GameNames() = default;
  GameNames(GameNames&& o) noexcept : reg_(o.reg_), id_(o.id_) { o.reg_ = nullptr, o.id_ = 0; }
  GameNames& operator=(GameNames&& o) noexcept {
    if (this != &o) release(), reg_ = o.reg_, id_ = o.id_, o.reg_ = nullptr, o.id_ = 0;
    return *this;
  }
  GameNames(const GameNames&) = delete;
  GameNames& operator=(const GameNames&) = delete;
  ~GameNames() { release(); }
  /// The table's number, for new_game and BoardCore::names; 0 for an empty holder.
  uint32_t id() const { return id_; }

 private:
  friend class Interned;
  GameNames(NameRegistry* reg, uint32_t id) : reg_(reg), id_(id) {}
  void release();  // forgets the table's names (cheap when no game made a table)
  NameRegistry* reg_ = nullptr;
  uint32_t id_ = 0;
};

/// The tables of names of one engine (and its twins): a view (one pointer).
class Interned {
 public:
  explicit Interned(NameRegistry& reg) : reg_(reg) {}
  /// The number of `name` in the table of `b`'s game (BoardCore::names), interned on first use.
  /// Throws ScriptError past 65,535 distinct names in one game. (A state read after its
  /// GameNames went finds a fresh, empty table.)
  uint16_t intern(const BoardCore& b, std::string_view name) const;
  /// The number of `name` in the table of `b`'s game, or 0 when it was never interned there
  /// (reading a counter: nothing is added).
  uint16_t find_name(const BoardCore& b, std::string_view name) const;
  /// Every name of `b`'s game, in id order (a serialized state carries them: its numbers are
  /// that table's): {""} for a game that named nothing yet.
  std::vector<std::string> names(const BoardCore& b) const;
  /// The name numbered `id` in the table of `b`'s game ("" for 0, or for a released table); a
  /// copy, as another thread may release a table.
  std::string name(const BoardCore& b, int id) const;
  /// A new table of names for one game, held by the returned value: pass its id() to new_game
  /// (or set BoardCore::names) and keep it as long as the game's states are read. What a game's
  /// scripts name then lives exactly as long as the game (table 0, the engine's own, never
  /// goes: it serves states no game holds a table for, as scenario set-ups).
  GameNames game_names() const;
  /// How many games' tables of names have gone (GameNames released) so far: a number interned
  /// in a table is that name's for as long as this count stays the same (a cache's check).
  uint64_t releases() const;
  /// The registry these tables live in (an engine's twins share their engine's): with a table's
  /// number and releases(), what a cached number is good for.
  const void* registry() const { return &reg_; }

 private:
  NameRegistry& reg_;
};

}  // namespace als
