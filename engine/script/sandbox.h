// The sandbox every untrusted script runs in (card scripts, libraries, house rules, scenario
// files): a restricted Lua 5.4 state with an instruction budget and a memory cap. It knows
// nothing of the game. docs/modding.md ("Safety") describes what scripts may use.
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "errors.h"
#include "rng.h"

struct lua_State;

namespace als {

struct ChanceTape;

/// Limits on untrusted scripts.
struct Limits {
  long long instructions;  // Lua VM instructions per call (C library loops are charged too)
  size_t memory;           // bytes for the whole Lua state
  size_t string_bytes;     // the longest string a script may make (so that comparing or copying
                           // one, which costs one instruction, stays cheap)
};
constexpr Limits kCardLimits{5'000'000, 8u << 20, 16u << 10};
constexpr Limits kScenarioLimits{500'000'000, 800u << 20, 16u << 10};  // docs/scenarios.md
/// Every string a script makes is charged one instruction per this many bytes.
constexpr size_t kStringBytesPerInstruction = 8;
/// Every error a script's pcall catches is charged this many instructions: a refusal (a verb's
/// message, the engine's unwinding) costs the machine about what this many instructions cost, so
/// that a loop of caught refusals ends within its budget's time as a plain loop does.
constexpr long long kCaughtErrorCost = 4096;
/// The largest script file that loads (bytes).
constexpr size_t kMaxScriptFile = 1u << 20;

/// Creates a sandboxed Lua state. Scripts see only: base (without load, loadfile, dofile,
/// collectgarbage, require, print; `pairs`/`next` in a reproducible order; `setmetatable`
/// refusing `__gc` and `__mode`; `rawset` refusing read-only tables), string (without dump;
/// pattern functions and `rep` charged to the budget), table (move, concat and sort rewritten in
/// Lua so their loops count; insert and remove in C, charged by the elements they move), math
/// (random from the sandbox's generator).
/// The string metatable is hidden. Throws std::bad_alloc if the state cannot be made.
lua_State* new_sandbox(const Limits& lim);
void close_sandbox(lua_State* L);
/// What every sandbox keeps first (the rest is the sandbox's own: sandbox_impl.h), its address in
/// the state's extra space: the host's pointer, read by every verb, so read inline here.
struct SandboxHead {
  void* user = nullptr;  // the host's pointer (the card runtime or the scenario runner)
};
/// The state's extra space (lua_getextraspace: the pointer-sized block just before the state;
/// sandbox.cpp checks LUA_EXTRASPACE), without including Lua here.
inline SandboxHead*& sandbox_head(lua_State* L) {
  return *reinterpret_cast<SandboxHead**>(reinterpret_cast<char*>(L) - sizeof(void*));
}
/// A pointer the host keeps with a sandbox (the card runtime or the scenario runner).
void set_sandbox_user(lua_State* L, void* user);
inline void* sandbox_user(lua_State* L) { return sandbox_head(L)->user; }
/// The sandbox's own generator behind math.random (its host reseeds it).
Rng& sandbox_rng(lua_State* L);
/// Chance nodes (chance.h): math.random(m, n) takes its outcomes from `tape` (nullptr: the
/// generator's) except while `*dry` (a run's dry rest). Set for a run, unset after it.
void sandbox_chance(lua_State* L, ChanceTape* tape, const bool* dry);
/// Resets the instruction budget for the next call. `message` is the error a script gets when
/// it is spent (default: "instruction limit exceeded (an endless loop?)"); it must outlive the call.
void set_budget(lua_State* L, long long instructions, const char* message = nullptr);
/// The budget of a run's dry rest (a decision is pending, docs/design.md): once `instructions`
/// are spent the run stops within 64 more by a signal no script's pcall catches, with no message
/// or traceback made (nothing reads them). The next set_budget ends it.
void set_dry_budget(lua_State* L, long long instructions);
/// Instructions charged since the sandbox was made (count hook, charge(), strings made): the
/// difference over a call is what it spent.
long long instructions_spent(lua_State* L);
/// Starts the count hook's period afresh (its next charge after a whole kHookEvery instructions),
/// so that what is spent from here on is a function of what runs from here on, not of the
/// state's history (a search's budget of the rules' work).
void restart_count(lua_State* L);
/// Line coverage (als cards --coverage): while `lines` is set, every line a script runs is added
/// to it under its file's path (a chunk's name without its '@'); nullptr stops it. Slower: only
/// for that check.
void sandbox_coverage(lua_State* L, std::map<std::string, std::set<int>, std::less<>>* lines);
/// The message of the error a protected call returned with `status` (on top of the stack): a
/// memory error that refused a string over the limit says so.
std::string error_message(lua_State* L, int status);
/// Takes `cost` instructions from the budget; raises the instruction-limit Lua error when it is
/// spent. For C code that loops on a script's behalf.
void charge(lua_State* L, long long cost);
/// Pushes a fresh environment table (the globals one script file sees).
void push_sandbox_env(lua_State* L);
/// Loads a text chunk (never bytecode) from a file into a fresh env and calls it with no
/// argument, leaving its first result on the stack. Throws LoadError naming file and line.
void run_file(lua_State* L, const std::string& path, const std::string& what);
/// A Lua error message with the traceback, for a pcall message handler.
int traceback_handler(lua_State* L);

/// Runs `fn` inside a protected Lua call under the current budget, so that whatever a script
/// value does when read (metamethods that error, loop or run out of memory) is caught. A C++
/// exception thrown by `fn` comes out unchanged in kind (LoadError, ScriptError, IllegalAction);
/// a Lua error comes out as LoadError(prefix + message).
void protect(lua_State* L, const std::function<void()>& fn, const std::string& prefix);

// ---- building tables for scripts ------------------------------------------------------------
// Each sets one field of the table on top of the stack (host code handing values to scripts).
void set_int(lua_State* L, const char* key, long long value);
void set_bool(lua_State* L, const char* key, bool value);
void set_string(lua_State* L, const char* key, const std::string& value);
/// Pushes a list (a sequence table) of strings, or of whole numbers.
void push_strings(lua_State* L, const std::vector<std::string>& v);
void push_ints(lua_State* L, const std::vector<int>& v);

// ---- read-only values (isolation between calls) --------------------------------------------
/// Deep-freezes the value at `idx`: every table reachable from it (through keys, values,
/// metatables and the upvalues of Lua functions) becomes read-only (writing raises an error),
/// and every upvalue of every Lua function reachable is recorded with its current value.
/// Returns a registry reference to that record, for restore_upvalues.
/// `writes` (if given) is set to whether any recorded function's code (or a function nested in
/// it) can assign one of those shared upvalues (writes_shared_upvalue): when none can, no call
/// can change them and nothing needs checking after calls.
int freeze(lua_State* L, int idx, bool* writes = nullptr);
/// Sets every upvalue recorded by `freeze` back to its recorded value, so that nothing a call
/// stored in an upvalue reaches the next call.
void restore_upvalues(lua_State* L, int record_ref);
/// Compares every upvalue recorded by `freeze` with its recorded value; on the first that
/// differs, puts them all back and returns "'NAME'" naming it; "" when none changed (section 11
/// of the card script contract: writing a shared variable is an error).
std::string changed_upvalue(lua_State* L, int record_ref);
/// Whether the Lua function at `idx`, or a function nested in it, has an instruction that
/// assigns one of the function's own upvalues (a variable it shares with the other functions of
/// its file), read from its bytecode (lua_dump). Nested functions' assignments to their own
/// locals' captures do not count.
bool writes_shared_upvalue(lua_State* L, int idx);
/// True if the table at `idx` is read-only (frozen).
bool is_frozen(lua_State* L, int idx);
/// Pushes the table whose raw contents hold the value at `idx`: the hidden contents of a frozen
/// table, else the value itself. For C code that reads script tables raw.
void push_contents(lua_State* L, int idx);

}  // namespace als
