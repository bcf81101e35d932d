// The names scripts give the state, one table a game (interned.h).
#include <atomic>
#include <deque>
#include <mutex>
#include <string_view>
#include <unordered_map>

#include "errors.h"
#include "interned.h"

namespace als {

// ---- names scripts give the state, and the engine's twins that share them -------------------

namespace {
// Looked up by a string_view: a lookup makes no string (a prompt is interned at every question).
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
struct NameTable {
  std::deque<std::string> list{""};  // a deque: a name read stays where it is as the table grows
  std::unordered_map<std::string, uint16_t, NameHash, std::equal_to<>> ids;
};
}  // namespace

// Table 0 is the engine's own; every other is one game's, made on its first name. `next` gives
// every holder a number of its own (wrapping after 2^32 holders, skipping 0).
struct NameRegistry {
  std::mutex lock;
  std::unordered_map<uint32_t, NameTable> tables{{0, NameTable{}}};  // (node-based: a name read stays put)
  std::atomic<uint32_t> next{1};
  std::atomic<size_t> game_tables{0};  // tables other than 0: none, and a holder's release costs one load
  std::atomic<uint64_t> releases{0};   // tables released so far (Interned::releases)
};

std::shared_ptr<NameRegistry> new_name_registry() { return std::make_shared<NameRegistry>(); }

GameNames Interned::game_names() const {
  uint32_t id = reg_.next.fetch_add(1, std::memory_order_relaxed);
  if (id == 0) id = reg_.next.fetch_add(1, std::memory_order_relaxed);
  return GameNames(&reg_, id);
}

void GameNames::release() {
  if (reg_ && reg_->game_tables.load(std::memory_order_relaxed)) {
    std::lock_guard<std::mutex> hold(reg_->lock);
    if (reg_->tables.erase(id_)) {
      reg_->game_tables.fetch_sub(1, std::memory_order_relaxed);
      reg_->releases.fetch_add(1, std::memory_order_release);
    }
  }
  reg_ = nullptr, id_ = 0;
}

uint64_t Interned::releases() const { return reg_.releases.load(std::memory_order_acquire); }

std::string Interned::name(const BoardCore& b, int id) const {
  std::lock_guard<std::mutex> hold(reg_.lock);
  auto t = reg_.tables.find(b.names);
  if (t == reg_.tables.end() || id <= 0 || static_cast<size_t>(id) >= t->second.list.size()) return {};
  return t->second.list[static_cast<size_t>(id)];
}

std::vector<std::string> Interned::names(const BoardCore& b) const {
  std::lock_guard<std::mutex> hold(reg_.lock);
  auto t = reg_.tables.find(b.names);
  if (t == reg_.tables.end()) return {""};
  return std::vector<std::string>(t->second.list.begin(), t->second.list.end());
}

uint16_t Interned::find_name(const BoardCore& b, std::string_view name) const {
  std::lock_guard<std::mutex> hold(reg_.lock);
  auto t = reg_.tables.find(b.names);
  if (t == reg_.tables.end()) return 0;
  auto it = t->second.ids.find(name);
  return it == t->second.ids.end() ? 0 : it->second;
}

uint16_t Interned::intern(const BoardCore& b, std::string_view name) const {
  NameRegistry& reg = reg_;
  std::lock_guard<std::mutex> hold(reg.lock);
  auto found = reg.tables.find(b.names);
  if (found == reg.tables.end()) {
    found = reg.tables.emplace(b.names, NameTable{}).first;
    reg.game_tables.fetch_add(1, std::memory_order_relaxed);
  }
  NameTable& t = found->second;
  auto it = t.ids.find(name);
  if (it != t.ids.end()) return it->second;
  if (t.list.size() > 65535) throw ScriptError("more than 65,535 distinct names (counters, prompts, reasons) in one game");
  uint16_t id = static_cast<uint16_t>(t.list.size());
  t.list.emplace_back(name);
  t.ids.emplace(std::string(name), id);
  return id;
}

}  // namespace als
