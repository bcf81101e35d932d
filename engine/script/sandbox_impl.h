// The sandbox's own parts, shared by its files (sandbox.cpp: the Lua state, its allocator and
// budget, running files; sandbox_libs.cpp: the libraries scripts see; sandbox_freeze.cpp:
// read-only tables and upvalues). Not for use outside engine/script/sandbox*.cpp.
#pragma once
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <lua.hpp>

#include "chance.h"
#include "rng.h"

namespace als::sandbox_impl {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kPooled = false;  // AddressSanitizer sees every block on its own
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kPooled = false;
#else
inline constexpr bool kPooled = true;
#endif
#else
inline constexpr bool kPooled = true;
#endif

// Small blocks (most of what an ability allocates: the tables verbs return, closures) come from
// free lists by size class, carved from 64 KiB chunks that are freed with the state: a
// malloc/free pair per table cost more than the verb that made it. One Lua state, one thread.
class Pool {
 public:
  static constexpr size_t kMaxSmall = 512, kGrain = 16, kChunk = 64 * 1024;
  Pool() = default;
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() {
    for (void* c : chunks_) std::free(c);
  }
  static bool small(size_t n) { return kPooled && n <= kMaxSmall; }
  void* get(size_t n) {
    size_t k = (n + kGrain - 1) / kGrain;
    if (void* p = free_[k]) {
      free_[k] = *static_cast<void**>(p);
      return p;
    }
    size_t size = k * kGrain;
    if (left_ < size) {
      void* c = std::malloc(kChunk);
      if (!c) return nullptr;
      chunks_.push_back(c);
      cur_ = static_cast<char*>(c);
      left_ = kChunk;
    }
    void* p = cur_;
    cur_ += size;
    left_ -= size;
    return p;
  }
  void put(void* p, size_t n) {
    size_t k = (n + kGrain - 1) / kGrain;
    *static_cast<void**>(p) = free_[k];
    free_[k] = p;
  }

 private:
  void* free_[kMaxSmall / kGrain + 1] = {};
  std::vector<void*> chunks_;
  char* cur_ = nullptr;
  size_t left_ = 0;
};

struct SandboxInfo : SandboxHead {
  size_t used = 0;
  size_t limit = 0;
  size_t string_limit = 0;   // bytes of one string object (header included)
  bool string_refused = false;
  std::string string_message;
  long long budget = 0;
  long long spent = 0;
  const char* limit_message = nullptr;
  bool exhausted = false;
  bool quiet = false;  // the budget of a run's dry rest (set_dry_budget): spent, the run just stops
  Rng rng;  // math.random
  // Chance nodes (chance.h): while an ability runs under a chance tape, math.random(m, n) takes
  // its outcome from it, except in a run's dry rest (*dry), whose values nothing keeps.
  ChanceTape* tape = nullptr;
  const bool* dry = nullptr;
  Pool pool;
  // Line coverage (als cards --coverage; sandbox_coverage): the lines run, by chunk name, while set.
  std::map<std::string, std::set<int>, std::less<>>* coverage = nullptr;
};

// Registry keys (addresses of these objects).
extern char kFrozenTag;   // in a frozen table's metatable: its hidden contents
extern char kEnvTag;      // in a frozen table's metatable: the table is a script's globals
extern char kSafeString;  // the string library scripts see (also behind the string metatable)
extern char kSafeTable;   // the table library scripts see
extern char kEnvs;        // set of every env table made (so freezing one can say "global")
extern char kMetaCopies;  // in a raw metatable copy made by setmetatable (whose __metatable is ours)
extern char kTrusted;     // set of the sandbox's own library values, never frozen or walked

// (The extra space holds the SandboxHead of the state's SandboxInfo: sandbox_head.)
inline SandboxInfo* info_of(lua_State* L) { return static_cast<SandboxInfo*>(sandbox_head(L)); }

// sandbox_libs.cpp
/// Puts the libraries scripts see into L's registry (the safe string and table libraries, the
/// ordered pairs, the charged pattern functions, tostring and format), and trusts them.
void build_libraries(lua_State* L);
// The base functions a script's globals replace (push_sandbox_env): pairs and next in a
// reproducible order, tostring, and raw access that refuses frozen tables.
int ordered_pairs(lua_State* L);
int ordered_next(lua_State* L);
int safe_tostring(lua_State* L);
int safe_rawset(lua_State* L);
int safe_rawget(lua_State* L);
int safe_rawlen(lua_State* L);
void copy_fields(lua_State* L, int from, const char* const* names);
/// Sets to[k] = v (raw) for every entry of the table `from` (raw); both are stack indices.
void copy_into(lua_State* L, int from, int to);
/// A fresh shallow copy of a registry table.
void push_copy(lua_State* L, const void* key);

// sandbox_freeze.cpp
int safe_setmetatable(lua_State* L);

}  // namespace als::sandbox_impl
