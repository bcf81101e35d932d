// Replacement effects' functions (API 6; docs/modding.md, "Replacement effects"): the `instead`
// tables of cards, lasting effects and house rules, read as the set loads, and each function run,
// nested in the ability whose verb would do the event, when the core asks (Engine::replaced).
#include <lua.hpp>

#include "binding.h"
#include "engine.h"
#include "errors.h"
#include "loader_impl.h"
#include "sandbox.h"

namespace als {

using namespace loader_impl;

uint8_t Runtime::read_instead(int idx, const std::string& where, InsteadRefs& refs) {
  lua_State* L = L_;
  idx = lua_absindex(L, idx);
  refs.fill(LUA_NOREF);
  if (!lua_istable(L, idx))
    throw LoadError(where + ": 'instead' must be a table { destroy = f, flip = f, move = f, return_to_hand = f }");
  check_fields(L, idx, std::span<const char* const>(kInsteadNames), where + ": instead");
  uint8_t mask = 0;
  for (int k = 0; k < static_cast<int>(Instead::Count); ++k) {
    const int ty = get_field(L, idx, kInsteadNames[k]);
    if (ty == LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    if (ty != LUA_TFUNCTION)
      throw LoadError(where + ": instead." + kInsteadNames[k] +
                      " must be a function(g, this, card, e) returning true when it replaced the event");
    refs[static_cast<size_t>(k)] = luaL_ref(L, LUA_REGISTRYINDEX);
    mask = static_cast<uint8_t>(mask | 1u << k);
  }
  if (!mask) throw LoadError(where + ": 'instead' names no event (destroy, flip, move or return_to_hand)");
  return mask;
}

void Runtime::read_card_instead(int c, CardDef& d, const std::string& w, int api) {
  lua_State* L = L_;
  InsteadRefs refs;
  refs.fill(LUA_NOREF);
  if (get_field(L, c, "instead") != LUA_TNIL) {
    if (api < 6) throw LoadError(w + ": 'instead' (replacement effects) needs api = 6 in set.lua");
    d.instead = read_instead(lua_gettop(L), w, refs);
  }
  lua_pop(L, 1);
  instead_ref_.push_back(refs);
}

bool Runtime::read_rule_instead(int t, Rules& r, const std::string& w) {
  lua_State* L = L_;
  const bool has = get_field(L, t, "instead") != LUA_TNIL;
  if (has) {
    InsteadRefs refs;
    const uint8_t kinds = read_instead(lua_gettop(L), w + ": rules", refs);
    r.instead |= kinds;
    rule_instead_.push_back(RuleInstead{w, refs, kinds});
  }
  lua_pop(L, 1);
  return has;
}

// The event's table `e` of a replacement: kind, card, player (its owner), from (where it is:
// a theater or "hand"), to (a move's theater) and cause (the ability doing it).
void Runtime::push_instead_event(const AbilityCtx& c, Instead k, int card, int to) {
  lua_State* L = L_;
  const CardLoc& l = c.s->b.card[card];
  lua_createtable(L, 0, 6);
  lua_pushstring(L, kInsteadNames[static_cast<int>(k)]);
  lua_setfield(L, -2, "kind");
  push_id(card);
  lua_setfield(L, -2, "card");
  lua_pushinteger(L, l.owner + 1);
  lua_setfield(L, -2, "player");
  if (l.zone == Zone::Hand) lua_pushliteral(L, "hand");
  else push_theater(l.theater);
  lua_setfield(L, -2, "from");
  if (to != kNone) {
    push_theater(to);
    lua_setfield(L, -2, "to");
  }
  if (c.depth > 0) {  // the ability doing it (a rule's: "rule")
    const uint8_t by = c.resolving[c.depth - 1].card;
    if (by == kNone) lua_pushliteral(L, "rule");
    else push_id(by);
    lua_setfield(L, -2, "cause");
  }
}

bool Runtime::run_instead(AbilityCtx& c, InsteadSource src, Instead k, int card, int to) {
  lua_State* L = L_;
  if (c.depth >= 31) luaL_error(L, "abilities nested too deeply");
  const Board& b = c.s->b;
  const size_t kind = static_cast<size_t>(k);
  int ref, self = kNone, uid = kNone;
  const Lasting* effect = nullptr;
  std::string who;
  switch (src.type) {
    case InsteadSource::Card:
      self = src.index;
      ref = instead_ref_[self][kind];
      who = eng_->set().cards[self].id;
      break;
    case InsteadSource::Effect:
      effect = &b.lasting[src.index];
      self = effect->card;
      uid = effect->uid;
      ref = lasting_instead_ref_[effect->effect][kind];
      who = "effect " + eng_->set().lasting[effect->effect].name + (self == kNone ? " (house rule)" : " of " + eng_->set().cards[self].id);
      break;
    default:
      ref = rule_instead_[src.index].refs[kind];
      who = "house rule (" + rule_instead_[src.index].file + ")";
  }
  if (self != kNone) ran_ |= uint64_t{1} << self;
  else rules_ran_ = true;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
  if (self == kNone) lua_pushnil(L);
  else push_id(self);
  push_id(card);
  push_instead_event(c, k, card, to);
  int nargs = 4;
  if (effect) push_data(b, *effect), ++nargs;
  c.resolving[c.depth] = AbilityCtx::Running{static_cast<uint8_t>(self), effect != nullptr, What::Instant,
                                             static_cast<uint8_t>(uid), static_cast<uint8_t>(self)};
  ++c.depth;
  c.totals_known = false;
  const int status = lua_pcall(L, nargs, 1, 0);
  --c.depth;
  c.totals_known = false;
  if (status != LUA_OK) {
    if (lua_type(L, -1) == LUA_TSTRING) {  // (a limit or an interruption goes on as it is)
      lua_pushfstring(L, "%s (instead.%s): %s", who.c_str(), kInsteadNames[kind], lua_tostring(L, -1));
      lua_remove(L, -2);
    }
    lua_error(L);
  }
  const int ty = lua_type(L, -1);
  const bool replaced = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (ty != LUA_TBOOLEAN && ty != LUA_TNIL && !c.dry)
    luaL_error(L, "%s (instead.%s): must return true (it replaced the event) or false, not a %s", who.c_str(),
               kInsteadNames[kind], lua_typename(L, ty));
  return replaced;
}

}  // namespace als
