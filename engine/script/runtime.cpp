// Running abilities, triggers, ongoing functions and hooks (the Scripts interface of abilities.h,
// implemented by Runtime: binding.h): the function of a due ability and its arguments, a
// protected run with its budgets, nesting and interruption, the read-only calls and the hooks.
#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

#include <lua.hpp>

#include "binding.h"
#include "engine.h"
#include "lua_verbs.h"
#include "names.h"

namespace als {

using lua_verbs::declared_flip_entry;
using lua_verbs::kInterruptTag;

namespace {
// What a script is told when a budget is spent (docs/security.md lists every limit).
const char* const kRunLimitMessage =
    "instruction limit exceeded: 5000000 in one ability, trigger or acting hook (an endless loop?)";
const char* const kFunctionLimitMessage =
    "instruction limit exceeded: 200000 in one ongoing function or answering hook (an endless loop?)";
const char* const kActionLimitMessage =
    "instruction limit exceeded: 20000000 for one action (all its abilities, triggers, hooks and ongoing "
    "functions together)";
static_assert(kCardLimits.instructions == 5'000'000 && kFunctionInstructions == 200'000 &&
              kActionInstructions == 20'000'000, "the limit messages name these numbers");
}  // namespace

// ---------------------------------------------------------------------------------------------
// Running abilities

// The house rules' triggers of one event (API 6): (g, nil, e) given to each rule's, in the
// rules' order (upvalue 1: the event's index). An error in one stops the run, as in any ability.
int Runtime::rule_triggers_entry(lua_State* L) {
  const int ev = static_cast<int>(lua_tointeger(L, lua_upvalueindex(1)));
  const Runtime& r = *static_cast<const Runtime*>(sandbox_user(L));
  for (const auto& rule : r.rule_triggers_) {
    if (rule.second[ev] == LUA_NOREF) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, rule.second[ev]);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_call(L, 3, 0);
  }
  return 0;
}

void Runtime::push_function(const Due& d, int effect) {
  int ref;
  if (effect >= 0) ref = lasting_trigger_ref_[static_cast<size_t>(effect)][static_cast<int>(d.what) - static_cast<int>(What::Played)];
  else if (d.what == What::HookTurnAction) [[unlikely]] {  // (API 5) the `run` of the action taken
    std::string texts[kMaxTurnActions];
    if (collect_turn_actions(*ctx_->s, d.event.player, texts, d.event.from) <= d.event.from)
      throw ScriptError("house rule turn_actions (" + hook_file_[static_cast<int>(Hook::TurnActions)].back() +
                        "): the action taken (action " + std::to_string(d.event.from + 1) + ") is no longer offered");
    return;
  }
  else if (is_hook(d.what)) ref = hook_of(d);
  else if (d.card == kNone) {  // the house rules' triggers of this event (API 6), run in order by one entry
    lua_pushinteger(L_, static_cast<int>(d.what) - static_cast<int>(What::Played));
    lua_pushcclosure(L_, rule_triggers_entry, 1);
    return;
  }
  else if (d.what == What::Instant) ref = ability_ref_[d.card];
  else ref = trigger_ref_[d.card][static_cast<int>(d.what) - static_cast<int>(What::Played)];
  lua_rawgeti(L_, LUA_REGISTRYINDEX, ref);
}

// The arguments after `g`: (this) for an instant, (this, e) for a trigger, (player) for a turn
// hook, none for battle_start; a lasting effect's trigger: (this or nil, e, data).
int Runtime::push_arguments(const Due& d, int effect) {
  lua_State* L = L_;
  if (is_hook(d.what)) {  // an acting hook: (g[, player])
    if (!acting_hook(d.what).player_arg) return 0;
    lua_pushinteger(L, d.event.player + 1);
    return 1;
  }
  if (d.card == kNone) lua_pushnil(L);
  else push_id(d.card);
  if (d.what == What::Instant) {  // (g, this, how): API 6's how it came faceup
    if (eng_->set().api < 6) return 1;
    if (d.event.flipped) lua_pushliteral(L, "flipped");
    else lua_pushliteral(L, "played");
    return 2;
  }
  // A trigger: (g, this, e), e's fields those its row lists (event_kinds.h), from the event's facts.
  const EventFacts& ev = d.event;
  auto theater = [&](uint8_t t) {
    if (t == kHandTheater) lua_pushliteral(L, "hand");
    else if (t == kDeckPlace) lua_pushliteral(L, "deck");
    else push_theater(t);
  };
  auto player = [&](uint8_t p) { lua_pushinteger(L, p + 1); };
  const uint16_t f = trigger_event(d.what).fields;
  lua_createtable(L, 0, 4);
  lua_rawgeti(L, LUA_REGISTRYINDEX, event_meta_[static_cast<int>(d.what) - static_cast<int>(What::Played)]);
  lua_setmetatable(L, -2);
  auto set = [&](const char* name) { lua_setfield(L, -2, name); };
  if (ev.card != kNone) push_id(ev.card), set("card");
  if ((f & kFieldBy) && ev.by != kNone) push_id(ev.by), set("by");
  if ((f & kFieldPlayer) && ev.player != kNone) player(ev.player), set("player");  // (a card that left: its owner, our addition)
  if (f & kFieldTheater) theater(ev.theater), set("theater");
  if (f & kFieldFace) lua_pushstring(L, ev.faceup ? "faceup" : "facedown"), set("face");
  if (f & kFieldFrom) theater(ev.from), set("from");
  if (f & kFieldTo) theater(ev.theater), set("to");
  if (f & kFieldWinner) player(ev.player), set("winner");
  if (f & kFieldHow) {
    int reason = ctx_ ? ctx_->s->b.end_reason : 0;  // a battle_over hook's reason (API 3)
    if (reason && !ev.withdrew) lua_pushstring(L, eng_->interned().name(ctx_->s->b, reason).c_str());
    else lua_pushstring(L, ev.withdrew ? "withdraw" : "control");
    set("how");
  }
  if (f & kFieldFromPlayer) player(ev.from_player), set("from");
  if (f & kFieldShownTo) {  // (API 4)
    if (ev.shown_to == 3) lua_pushliteral(L, "both");
    else player(ev.shown_to == 2 ? 1 : 0);
    set("to");
  }
  if (ev.cause != kNone) {  // e.cause (API 3): the card whose ability caused it, or "rule"
    if (ev.cause == kRuleCause) lua_pushliteral(L, "rule");
    else push_id(ev.cause);
    set("cause");
  }
  if (effect < 0) return 2;
  const Lasting* e = eng_->find_lasting(*ctx_->s, d.effect);
  if (e) push_data(ctx_->s->b, *e);
  else lua_newtable(L);
  return 3;
}

void push_battle(lua_State* L, const Engine& e, const BoardCore& b, const BattleRecord& h) {
  lua_createtable(L, 0, 6);
  auto set_int = [&](const char* k, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
  };
  set_int("number", h.number);
  set_int("winner", h.winner + 1);
  lua_pushstring(L, h.withdrew ? "withdraw" : h.reason ? e.interned().name(b, h.reason).c_str() : "control");
  lua_setfield(L, -2, "how");
  set_int("vp", h.vp);
  set_int("first", h.first + 1);
  lua_createtable(L, 2, 0);
  for (int p = 0; p < 2; ++p) {
    lua_pushinteger(L, h.scores[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "scores");
}

void Runtime::push_data(const BoardCore& b, const Lasting& e) {
  lua_State* L = L_;
  lua_createtable(L, 0, e.nfields + 3);
  lua_pushinteger(L, e.uid);  // API 6: the id g:effect returned, for g:end_effect (a field of the script's own wins)
  lua_setfield(L, -2, "id");
  if (eng_->set().api >= 4) {  // API 4: who started it and when (a field of the script's own of the same name wins)
    if (e.player != kNone) {
      lua_pushinteger(L, e.player + 1);
      lua_setfield(L, -2, "player");
    }
    lua_pushinteger(L, e.started_turn);
    lua_setfield(L, -2, "started_turn");
  }
  for (int k = 0; k < e.nfields; ++k) {
    switch (e.type[k]) {
      case DataType::Int: lua_pushinteger(L, e.value[k]); break;
      case DataType::Bool: lua_pushboolean(L, e.value[k]); break;
      case DataType::Card: push_id(e.value[k]); break;
      case DataType::Theater: push_theater(e.value[k]); break;
    }
    lua_setfield(L, -2, eng_->interned().name(b, e.key[k]).c_str());
  }
}

int Runtime::find_effect(int card, std::string_view name) const {
  for (size_t i = 0; i < lasting_defs_.size(); ++i)
    if (lasting_defs_[i].card == card && lasting_defs_[i].name == name) return static_cast<int>(i);
  return -1;
}

std::vector<std::string_view> Runtime::effect_names(int card) const {
  std::vector<std::string_view> out;
  for (const LastingDef& d : lasting_defs_)
    if (d.card == card) out.push_back(d.name);
  return out;
}

int Runtime::run_protected(AbilityCtx& c, const Due& d, bool top_level) {
  lua_State* L = L_;
  int effect = -1;  // a lasting effect's trigger: its definition
  if (d.effect != kNone) {
    const Lasting* e = eng_->find_lasting(*c.s, d.effect);
    if (!e) return LUA_OK;  // it ended before its trigger resolved
    effect = e->effect;
  }
  // At the top level the handler kept by attach() serves (stack indexes are a frame's own: a run
  // nested in a verb's call pushes its own).
  if (!top_level) lua_pushcfunction(L, traceback_handler);
  const int handler = top_level ? handler_ : lua_gettop(L);
  const int top = lua_gettop(L);
  int nargs;
  int source = d.card;
  // A copier's trigger runs the copied card's (API 5); a trigger with nothing to run (a copy of a
  // card without it, or a determinization's renamed hand trigger card) does nothing.
  if ((eng_->has_copiers() || eng_->has_hand_triggers()) && is_trigger(d.what) && effect < 0 && d.card != kNone) [[unlikely]] {
    if (copies_ref_[d.card] != LUA_NOREF) source = copied(*c.s, d.card);
    if (source == kNone || trigger_ref_[source][static_cast<int>(d.what) - static_cast<int>(What::Played)] == LUA_NOREF) {
      if (!top_level) lua_pop(L, 1);  // (the handler)
      return LUA_OK;
    }
  }
  bool declared = d.what == What::Instant && declared_flip_ref_[d.card] != LUA_NOREF;
  if (declared) {  // no Lua of the card's runs (and none of its upvalues to put back)
    lua_pushcfunction(L, declared_flip_entry);
    lua_pushinteger(L, d.card);
    nargs = 1;
  } else {
    if (source == d.card) [[likely]] {
      push_function(d, effect);
    } else {  // a copier's trigger: the copied card's function
      Due from = d;
      from.card = static_cast<uint8_t>(source);
      push_function(from, effect);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
    nargs = 1 + push_arguments(d, effect);
    if (d.card != kNone) ran_ |= uint64_t{1} << d.card | uint64_t{1} << source;
    else rules_ran_ = true;
  }
  c.totals_known = false;  // the game may have changed since the context's last run
  c.resolving[c.depth] = AbilityCtx::Running{d.card, d.effect != kNone, d.what, d.effect, static_cast<uint8_t>(source)};
  if (is_trigger(d.what) || is_hook(d.what)) {  // written once it changes something or asks
    c.headers[c.depth] = AbilityCtx::Header{d.card, static_cast<uint8_t>(d.what), effect + 1};
    c.deferred |= 1u << c.depth;
    ++c.depth;
  } else {
    ++c.depth;
    eng_->ops().emit(&c, nullptr, Event{.type = Event::Ability, .card = d.card, .value = effect + 1,
                                  .what = static_cast<uint8_t>(d.what)});
  }
  int status = lua_pcall(L, nargs, 0, handler);
  --c.depth;
  c.deferred &= ~(1u << c.depth);  // never written: the run changed nothing
  if (status != LUA_OK && lua_touserdata(L, -1) == &kInterruptTag) {
    eng_->ops().emit(&c, nullptr, Event{.type = Event::Interrupted, .card = d.card, .what = static_cast<uint8_t>(d.what)});
    status = LUA_OK;
    lua_pop(L, 1);
  }
  if (status == LUA_OK) lua_settop(L, top_level ? top : top - 1);  // (no results)
  else if (!top_level) lua_remove(L, handler);                       // the error object stays on top
  return status;
}

Scripts::Outcome Runtime::run(AbilityCtx& c, const Due& d) {
  if (ctx_)  // a Chooser (called during a run) applied an action on this engine
    throw std::logic_error("an ability is running on this engine: a Chooser may not apply actions or run scripts");
  if (c.depth >= 31) throw ScriptError("abilities nested too deeply");
  const Lasting* lasting = d.effect != kNone ? eng_->find_lasting(*c.s, d.effect) : nullptr;
  const int effect = lasting ? lasting->effect : -1;  // for messages
  ctx_ = &c;
  using_ = 0;
  c.in_run = true;
  c.rerun_mismatch = false;
  c.rng = &sandbox_rng(L_);
  start_budget(kCardLimits.instructions, kRunLimitMessage);
  sandbox_rng(L_) = c.s->b.lend_rng();
  ChanceTape* const tape = eng_->chance_tape();  // (chance nodes: math.random's outcomes)
  if (tape) sandbox_chance(L_, tape, &c.dry);
  int status;
  try {
    status = run_protected(c, d, true);
  } catch (...) {
    ctx_ = nullptr;
    if (tape) sandbox_chance(L_, nullptr, nullptr);
    end_budget();
    restore_after_run();
    c.s->b.take_back_rng(sandbox_rng(L_));
    throw;
  }
  ctx_ = nullptr;
  if (tape) sandbox_chance(L_, nullptr, nullptr);
  end_budget();
  std::string wrote = restore_after_run();
  c.s->b.take_back_rng(sandbox_rng(L_));
  if (!wrote.empty()) {  // section 11: a shared variable written is an error (the action is refused)
    if (status != LUA_OK) lua_pop(L_, 1);
    throw ScriptError(wrote);
  }
  if (c.dry) {  // a decision is pending; whatever the dry rest of the run did is ignored
    if (status != LUA_OK) lua_pop(L_, 1);
    return Outcome::Pending;
  }
  if (status == LUA_OK) return Outcome::Done;
  std::string msg = error_message(L_, status);
  lua_pop(L_, 1);
  // (The kind of error crosses the Lua calls it unwound: a determinization's search redraws at it.)
  if (c.rerun_mismatch) throw RerunMismatch(who(d, effect) + set_off_by(d) + ": " + msg);
  throw ScriptError(who(d, effect) + set_off_by(d) + ": " + msg);
}

void Runtime::start_budget(long long per_call, const char* message) {
  spent_at_start_ = instructions_spent(L_);
  if (action_left_ >= 0 && action_left_ < per_call) set_budget(L_, action_left_, kActionLimitMessage);
  else set_budget(L_, per_call, message);
}

void Runtime::end_budget() {
  if (action_left_ >= 0) action_left_ = std::max(0LL, action_left_ - (instructions_spent(L_) - spent_at_start_));
}

// Only files whose code can assign a shared variable are checked (freeze() read their bytecode):
// for the others no call can change one, and nothing is done.
std::string Runtime::restore_after_run() {
  if (!(ran_ & upvalues_written_) && !(rules_ran_ && any_rules_written_)) {  // the usual case: nothing to check
    ran_ = 0;
    rules_ran_ = false;
    return {};
  }
  std::string wrote;
  auto message = [&](const std::string& who, const std::string& name) {
    return who + ": assigns " + name +
           ", a variable the file's functions share; a script keeps nothing between calls "
           "(keep memory in counters: g:add_counter)";
  };
  for (uint64_t m = ran_ & upvalues_written_; m; m &= m - 1) {
    int card = __builtin_ctzll(m);
    std::string name = changed_upvalue(L_, upvalues_ref_[static_cast<size_t>(card)]);
    if (!name.empty() && wrote.empty()) wrote = message(who(Due{.card = static_cast<uint8_t>(card)}), name);
  }
  ran_ = 0;
  if (rules_ran_)
    for (size_t i = 0; i < rules_upvalues_.size(); ++i) {
      if (!rules_written_[i]) continue;
      std::string name = changed_upvalue(L_, rules_upvalues_[i]);
      if (!name.empty() && wrote.empty()) wrote = message("house rule (" + rules_files_[i] + ")", name);
    }
  rules_ran_ = false;
  return wrote;
}

void Runtime::run_nested(AbilityCtx& c, const Due& d) {
  if (c.depth >= 31) luaL_error(L_, "abilities nested too deeply");
  if (run_protected(c, d, false) != LUA_OK) {
    if (c.dry) lua_pop(L_, 1);  // the dry rest of a run: errors do not matter
    else lua_error(L_);         // an error goes on up to the outermost ability
  }
}

void Runtime::use_ability(AbilityCtx& c, int self, int other) {
  lua_State* L = L_;
  if (using_ >= kMaxUseDepth)
    luaL_error(L, "g:use_ability: more than %d abilities used within one another (a card using its own ability?)", kMaxUseDepth);
  AbilityCtx::Running& run = c.resolving[c.depth - 1];
  const uint8_t saved = run.source;
  run.source = static_cast<uint8_t>(other);
  ran_ |= uint64_t{1} << other;
  int nargs;
  if (declared_flip_ref_[other] != LUA_NOREF) {  // a declared flip: other's filter, self's owner and place
    lua_pushcfunction(L, declared_flip_entry);
    lua_pushinteger(L, other);
    lua_pushinteger(L, self);
    nargs = 2;
  } else {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ability_ref_[other]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
    push_id(self);
    nargs = 2;
    if (eng_->set().api >= 6) lua_pushliteral(L, "copied"), ++nargs;  // (API 6's how)
  }
  ++using_;
  const int status = lua_pcall(L, nargs, 0, 0);
  --using_;
  run.source = saved;
  if (status != LUA_OK) lua_error(L);  // the same error object: an interruption, a limit, a message
}

// ---- read-only calls: ongoing functions and answering hooks --------------------------------------

std::string Runtime::caller_text(const Caller& c) const {
  if (c.hook >= 0) {  // (an answering hook: the one of its kind running; an acting one: the last)
    const std::vector<std::string>& files = hook_file_[static_cast<size_t>(c.hook)];
    const size_t i = composes(static_cast<Hook>(c.hook)) && static_cast<size_t>(hook_running_) < files.size()
                         ? static_cast<size_t>(hook_running_)
                         : files.size() - 1;
    return "house rule " + std::string(kHookTable[c.hook].name) + " (" + (files.empty() ? std::string() : files[i]) + ")";
  }
  return who(Due{.card = static_cast<uint8_t>(c.card)}, c.effect);
}

void Runtime::call_read_only(const State& s, int nargs, const Caller& caller, uint64_t ran, int nresults) {
  lua_State* L = L_;
  AbilityCtx rc;
  rc.eng = eng_;
  rc.s = const_cast<State*>(&s);  // read-only: every verb that would write refuses (dispatch)
  rc.read_only = true;
  AbilityCtx* saved = ctx_;
  bool outer = saved == nullptr;
  ctx_ = &rc;
  in_fn_ = true;
  if (outer) {
    start_budget(kFunctionInstructions, kFunctionLimitMessage);
    sandbox_rng(L) = s.b.rng_state();  // math.random reads the game's generator but never advances it
  }
  int base = lua_gettop(L) - nargs;  // the function; then its one result
  if (!outer) {  // nested in a verb's call: a handler of this frame's own, below the function
    lua_pushcfunction(L, traceback_handler);
    lua_insert(L, base);
    ++base;
  }
  int status = lua_pcall(L, nargs, nresults, outer ? handler_ : base - 1);
  in_fn_ = false;
  ctx_ = saved;
  ran_ |= ran;
  if (!ran) rules_ran_ = true;
  std::string wrote;
  if (outer) {
    end_budget();
    wrote = restore_after_run();
  }
  const int below = outer ? base - 1 : base - 2;  // the stack as it was before the call
  if (status != LUA_OK) {
    std::string msg = error_message(L, status);
    lua_settop(L, below);
    throw ScriptError(caller_text(caller) + ": " + msg);
  }
  if (!wrote.empty()) {
    lua_settop(L, below);
    throw ScriptError(wrote);
  }
  if (!outer) lua_remove(L, base - 1);  // the handler; the results stay on top
}

int Runtime::push_fn_args(Fn fn, const int* args, int value) {
  lua_State* L = L_;
  auto face = [&](int up) { lua_pushstring(L, up ? "faceup" : "facedown"); };
  switch (fn) {
    case Fn::Strength:  // (card, value)
      push_id(args[0]);
      lua_pushinteger(L, value);
      return 2;
    case Fn::Total:  // (player, theater, value)
      lua_pushinteger(L, args[0] + 1);
      push_theater(args[1]);
      lua_pushinteger(L, value);
      return 3;
    case Fn::MayPlay:  // (player, card, theater, face, allowed)
      lua_pushinteger(L, args[0] + 1);
      push_id(args[1]);
      push_theater(args[2]);
      face(args[3]);
      lua_pushboolean(L, value);
      return 5;
    case Fn::MayWithdraw:  // (player, allowed)
      lua_pushinteger(L, args[0] + 1);
      lua_pushboolean(L, value);
      return 2;
    case Fn::DestroysPlay:  // (card, player, theater, face)
      push_id(args[0]);
      lua_pushinteger(L, args[1] + 1);
      push_theater(args[2]);
      face(args[3]);
      return 4;
    case Fn::MayFlip:  // (card, allowed)
      push_id(args[0]);
      lua_pushboolean(L, value);
      return 2;
    case Fn::MayDestroy:  // (card, allowed)
      push_id(args[0]);
      lua_pushboolean(L, value);
      return 2;
    case Fn::MayMove:  // (card, to, allowed)
      push_id(args[0]);
      push_theater(args[1]);
      lua_pushboolean(L, value);
      return 3;
    default: return 0;
  }
}

int Runtime::fn_result(Fn fn, const Caller& caller) {
  lua_State* L = L_;
  int result;
  if (fn == Fn::Strength || fn == Fn::Total) {
    if (!lua_isinteger(L, -1)) {
      std::string got = luaL_typename(L, -1);
      lua_pop(L, 1);
      throw ScriptError(caller_text(caller) + ": its " + kFnNames[static_cast<int>(fn)] + " function must return an integer (got " + got + ")");
    }
    lua_Integer v = lua_tointeger(L, -1);
    result = static_cast<int>(std::clamp<lua_Integer>(v, INT32_MIN, INT32_MAX));
  } else {
    if (!lua_isboolean(L, -1)) {
      std::string got = luaL_typename(L, -1);
      lua_pop(L, 1);
      throw ScriptError(caller_text(caller) + ": its " + kFnNames[static_cast<int>(fn)] + " function must return a boolean (got " + got + ")");
    }
    result = lua_toboolean(L, -1);
  }
  lua_pop(L, 1);
  return result;
}

int Runtime::ongoing(const State& s, int holder, Fn fn, const int* args, int value) {
  if (in_fn_) return value;  // inside a function, queries count declarations only: no recursion
  lua_State* L = L_;
  int source = holder;  // whose function runs: a copier's, the card it copies (API 5)
  if (copies_ref_[holder] != LUA_NOREF) {
    source = copied(s, holder);
    if (source == kNone || fn_ref_[source][static_cast<int>(fn)] == LUA_NOREF) return value;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, fn_ref_[source][static_cast<int>(fn)]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
  push_id(holder);
  int nargs = 2 + push_fn_args(fn, args, value);
  const Caller who{holder, -1, -1};  // its name is made only for an error message
  call_read_only(s, nargs, who, uint64_t{1} << holder | uint64_t{1} << source);
  return fn_result(fn, who);
}

// A card's own `may_play` (API 6): (g, this, player, theater, face, allowed) -> boolean, read-only.
int Runtime::own_may_play(const State& s, int card, const int* args, int allowed) {
  if (in_fn_) return allowed;  // inside a function, queries count declarations only: no recursion
  lua_State* L = L_;
  lua_rawgeti(L, LUA_REGISTRYINDEX, own_may_play_ref_[card]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
  push_id(card);
  lua_pushinteger(L, args[0] + 1);
  push_theater(args[2]);
  lua_pushstring(L, args[3] ? "faceup" : "facedown");
  lua_pushboolean(L, allowed);
  const Caller who{card, -1, -1};
  call_read_only(s, 6, who, uint64_t{1} << card);
  return fn_result(Fn::MayPlay, who);
}

// A copier's `copies` (API 5): (g, this) -> a card id or nil, read-only; a copier it names is
// followed (at most kMaxCopyChain steps; a loop copies nothing).
int Runtime::copied(const State& s, int card) {
  if (in_fn_) return kNone;
  lua_State* L = L_;
  constexpr int kMaxCopyChain = 8;
  int at = card;
  for (int step = 0; step < kMaxCopyChain; ++step) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, copies_ref_[at]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
    push_id(at);
    const Caller who{at, -1, -1};
    call_read_only(s, 2, who, uint64_t{1} << at);
    int next = kNone;
    if (lua_type(L, -1) == LUA_TSTRING) {
      next = find_id(lua_tostring(L, -1));
      if (next < 0) {
        const std::string got = std::string(lua_tostring(L, -1)).substr(0, 64);
        lua_pop(L, 1);
        throw ScriptError(caller_text(who) + ": its copies function returned '" + got + "', which names no card of the set");
      }
    } else if (!lua_isnil(L, -1)) {
      const std::string got = luaL_typename(L, -1);
      lua_pop(L, 1);
      throw ScriptError(caller_text(who) + ": its copies function must return a card id or nil (got " + got + ")");
    }
    lua_pop(L, 1);
    if (next == kNone || next == card) return kNone;  // nothing, or itself (a loop)
    if (copies_ref_[next] == LUA_NOREF) return next;
    at = next;  // a copier copying a copier: what that one copies
  }
  return kNone;
}

// A lasting effect's function: (g, this or nil, the function's arguments, data) (API 3).
int Runtime::lasting(const State& s, int slot, Fn fn, const int* args, int value) {
  if (in_fn_) return value;
  lua_State* L = L_;
  const Lasting& e = s.b.lasting[slot];
  lua_rawgeti(L, LUA_REGISTRYINDEX, lasting_fn_ref_[e.effect][static_cast<int>(fn)]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
  if (e.card == kNone) lua_pushnil(L);
  else push_id(e.card);
  int nargs = 2 + push_fn_args(fn, args, value);
  push_data(s.b, e);
  ++nargs;
  const Caller who{e.card, e.effect, -1};
  call_read_only(s, nargs, who, e.card == kNone ? 0 : uint64_t{1} << e.card);
  return fn_result(fn, who);
}

// A reason a hook gave (the string at the top of the stack, popped): printable text of 1 to 40
// characters; 0 for the engine's own words ("withdraw", "control"), else interned.
int Runtime::hook_reason(const BoardCore& b, const Caller& who) {
  size_t len = 0;
  const char* t = lua_tolstring(L_, -1, &len);
  std::string reason(t, len);
  lua_pop(L_, 1);
  if (!printable_text(reason, 40)) throw ScriptError(caller_text(who) + ": a reason must be printable text of 1 to 40 characters");
  if (reason == "withdraw" || reason == "control") return 0;  // the engine's own words
  return eng_->interned().intern(b, reason);
}

// Pushes the i-th rule's hook of its kind (`refs`) and `g`, for an answering hook's call (its
// errors then name that rule's file).
void Runtime::push_hook(const std::vector<int>& refs, size_t i) {
  hook_running_ = static_cast<int>(i);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, refs[i]);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, game_ref_);
}

// game_over returns nil or false (no answer: the answer before it stands), or a player and
// optionally a reason (API 4). Every rule's runs, in order, each given the answer before it
// (g, winner or nil, reason or nil): the last answer ends the game (-1: it goes on).
int Runtime::game_over(const State& s, int& reason) {
  reason = 0;
  if (in_fn_) return -1;
  int winner = -1;
  const auto& refs = hook_ref_[static_cast<int>(Hook::GameOver)];
  for (size_t i = 0; i < refs.size(); ++i) {
    push_hook(refs, i);
    if (winner >= 0) lua_pushinteger(L_, winner + 1);
    else lua_pushnil(L_);
    if (winner >= 0 && reason) lua_pushstring(L_, eng_->interned().name(s.b, reason).c_str());
    else lua_pushnil(L_);
    const Caller who{kNone, -1, static_cast<int>(Hook::GameOver)};
    call_read_only(s, 3, who, 0, 2);
    if (lua_isnoneornil(L_, -2) || (lua_isboolean(L_, -2) && !lua_toboolean(L_, -2))) {
      lua_pop(L_, 2);
      continue;
    }
    const lua_Integer p = lua_isinteger(L_, -2) ? lua_tointeger(L_, -2) : 0;
    if (p != 1 && p != 2) {
      lua_pop(L_, 2);
      throw ScriptError(caller_text(who) + ": must return nil, false, or the winning player (1 or 2) and a reason");
    }
    reason = 0;
    if (lua_type(L_, -1) == LUA_TSTRING) {
      reason = hook_reason(s.b, who);
    } else {
      const bool none = lua_isnil(L_, -1);
      lua_pop(L_, 1);
      if (!none) {
        lua_pop(L_, 1);
        throw ScriptError(caller_text(who) + ": its second result, the reason, must be a string");
      }
    }
    lua_pop(L_, 1);
    winner = static_cast<int>(p - 1);
  }
  if (winner < 0) reason = 0;
  return winner;
}

namespace {
// `text` as typing reads it: lowercase, its words (split at spaces) joined by one space.
std::string folded_text(const std::string& text) {
  std::string out;
  bool space = false;
  for (char ch : text) {
    if (ch == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ', space = false;
    out += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  }
  return out;
}
}  // namespace

// turn_actions (API 5): each rule's hook returns nil or a list of {text = TEXT, run = function};
// the lists are joined in the rules' order. A text is printable, 1 to 40 characters, distinct,
// and reads as no other action ("withdraw", "deploy ...", "action K", ...).
int Runtime::collect_turn_actions(const State& s, int player, std::string* texts, int want) {
  if (in_fn_) return 0;
  int n = 0;
  const auto& refs = hook_ref_[static_cast<int>(Hook::TurnActions)];
  for (size_t i = 0; i < refs.size(); ++i) {
    push_hook(refs, i);
    lua_pushinteger(L_, player + 1);
    const Caller who{kNone, -1, static_cast<int>(Hook::TurnActions)};
    call_read_only(s, 2, who, 0);
    const int list = lua_gettop(L_);
    if (lua_isnil(L_, list)) {
      lua_pop(L_, 1);
      continue;
    }
    auto fail = [&](const std::string& what) {
      lua_settop(L_, list - 1);
      throw ScriptError(caller_text(who) + ": " + what);
    };
    if (!lua_istable(L_, list)) fail("must return nil or a list of actions, each {text = TEXT, run = function}");
    const lua_Integer len = static_cast<lua_Integer>(lua_rawlen(L_, list));
    for (lua_Integer j = 1; j <= len; ++j) {
      const std::string place = "action " + std::to_string(j);
      if (n == kMaxTurnActions) fail("offers more than 8 actions at one turn (every rule's together)");
      lua_rawgeti(L_, list, j);
      if (!lua_istable(L_, -1)) fail(place + " must be a table {text = TEXT, run = function}");
      lua_pushliteral(L_, "text");  // (raw reads: no metamethod of the script's runs outside its budget)
      lua_rawget(L_, -2);
      const char* t = lua_type(L_, -1) == LUA_TSTRING ? lua_tostring(L_, -1) : nullptr;
      std::string text = t ? t : "";
      lua_pop(L_, 1);
      if (!t || !printable_text(text, 40)) fail(place + "'s text must be printable text of 1 to 40 characters");
      // Compared as typing reads them: in any case, words split at spaces (the terminal's matching).
      const std::string read = folded_text(text);
      for (const char* word : {"deploy ", "improvise ", "choose ", "option ", "action "})
        if (read.rfind(word, 0) == 0) fail("the action text '" + text + "' reads as another action (it begins '" + word + "')");
      if (read == "withdraw") fail("the action text '" + text + "' reads as another action (withdraw)");
      for (int k = 0; k < n; ++k)
        if (folded_text(texts[k]) == read) fail("two actions have the text '" + text + "' (in any case)");
      lua_pushliteral(L_, "run");
      if (lua_rawget(L_, -2) != LUA_TFUNCTION) fail("the action '" + text + "' must have run = function(g, player)");
      texts[n] = std::move(text);
      if (n == want) {  // its run function stays, the rest goes
        turn_action_rule_ = static_cast<int>(i);
        lua_replace(L_, list);
        lua_settop(L_, list);
        return n + 1;
      }
      lua_pop(L_, 2);
      ++n;
    }
    lua_pop(L_, 1);
  }
  return n;
}

int Runtime::turn_actions(const State& s, int player, std::string* texts) { return collect_turn_actions(s, player, texts, -1); }

long long Runtime::work() const { return instructions_spent(L_); }


// battle_over returns true, false (nil) or a reason (API 3): -1 not over, 0 over, else the reason.
// Every rule's runs, in order, each given the answer before it (g, true or a reason, or nil);
// false or nil keeps that answer, and the last answer stands.
int Runtime::battle_over(const State& s) {
  if (in_fn_) return -1;
  int answer = -1;
  const auto& refs = hook_ref_[static_cast<int>(Hook::BattleOver)];
  for (size_t i = 0; i < refs.size(); ++i) {
    push_hook(refs, i);
    if (answer > 0) lua_pushstring(L_, eng_->interned().name(s.b, answer).c_str());
    else if (answer == 0) lua_pushboolean(L_, 1);
    else lua_pushnil(L_);
    const Caller who{kNone, -1, static_cast<int>(Hook::BattleOver)};
    call_read_only(s, 2, who, 0);
    if (lua_type(L_, -1) == LUA_TSTRING) {
      answer = hook_reason(s.b, who);
      continue;
    }
    if (!lua_isboolean(L_, -1) && !lua_isnil(L_, -1)) {
      lua_pop(L_, 1);
      throw ScriptError(caller_text(who) + ": must return true, false or a reason (a string)");
    }
    if (lua_toboolean(L_, -1)) answer = 0;
    lua_pop(L_, 1);
  }
  return answer;
}

// Every rule's battle_winner runs, in order, each given the winner the one before it answered.
int Runtime::battle_winner(const State& s, int winner) {
  const auto& refs = hook_ref_[static_cast<int>(Hook::BattleWinner)];
  for (size_t i = 0; i < refs.size(); ++i) {
    push_hook(refs, i);
    lua_pushinteger(L_, winner + 1);
    const Caller who{kNone, -1, static_cast<int>(Hook::BattleWinner)};
    call_read_only(s, 2, who, 0);
    lua_Integer p = lua_isinteger(L_, -1) ? lua_tointeger(L_, -1) : 0;
    lua_pop(L_, 1);
    if (p != 1 && p != 2) throw ScriptError(caller_text(who) + ": must return the winning player, 1 or 2");
    winner = static_cast<int>(p - 1);
  }
  return winner;
}

// Every rule's battle_vp runs, in order, each given the VP the one before it answered.
int Runtime::battle_vp(const State& s, int winner, bool withdrew, int reason, int cards_left, int vp) {
  const auto& refs = hook_ref_[static_cast<int>(Hook::BattleVp)];
  for (size_t i = 0; i < refs.size(); ++i) {
    push_hook(refs, i);
    lua_pushinteger(L_, winner + 1);
    if (reason && !withdrew) lua_pushstring(L_, eng_->interned().name(s.b, reason).c_str());
    else lua_pushstring(L_, withdrew ? "withdraw" : "control");
    lua_pushinteger(L_, cards_left);
    lua_pushinteger(L_, vp);
    const Caller who{kNone, -1, static_cast<int>(Hook::BattleVp)};
    call_read_only(s, 5, who, 0);
    if (!lua_isinteger(L_, -1)) {
      lua_pop(L_, 1);
      throw ScriptError(caller_text(who) + ": must return an integer number of VP");
    }
    lua_Integer v = lua_tointeger(L_, -1);
    lua_pop(L_, 1);
    if (v < 0 || v > kMaxVp) throw ScriptError(caller_text(who) + ": returned " + std::to_string(v) + " VP (0 to 10000)");
    vp = static_cast<int>(v);
  }
  return vp;
}

}  // namespace als
