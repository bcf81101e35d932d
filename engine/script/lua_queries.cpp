// The query verbs of `g` (lua_verbs.h): what an ability may read of the game (docs/modding.md).
#include "lua_verbs.h"

namespace als::lua_verbs {

// g:owner(id) -> 1|2, or nil for a card in the deck
int Verbs::owner(lua_State* L) {
  const CardLoc& l = board(L).card[rt(L).check_card(2)];
  if (l.zone == Zone::Deck) lua_pushnil(L);
  else lua_pushinteger(L, l.owner + 1);
  return 1;
}

// g:theater(id) -> theater name, or nil off the board
int Verbs::theater_of(lua_State* L) {
  const CardLoc& l = board(L).card[rt(L).check_card(2)];
  push_theater(L, l.zone == Zone::Board ? l.theater : kNone);
  return 1;
}

// g:theaters{except=name} -> theater names left to right, less `except` (nil: none left out)
int Verbs::theaters(lua_State* L) {
  const Board& b = board(L);
  int except = -1;
  if (lua_istable(L, 2) && raw_field(L, 2, "except") != LUA_TNIL) except = theater(L, lua_gettop(L));
  lua_createtable(L, b.ntheaters, 0);
  for (int i = 0, n = 0; i < b.ntheaters; ++i) {
    if (b.order[i] == except) continue;
    push_theater(L, b.order[i]);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// g:adjacent(theater) -> names of the theaters next to it (ruling 1); {} for nil
int Verbs::adjacent(lua_State* L) {
  const Board& b = board(L);
  lua_newtable(L);
  if (lua_isnoneornil(L, 2)) return 1;
  int t = theater(L, 2), n = 0;
  for (int i = 0; i < b.ntheaters; ++i)
    if (eng(L).adjacent(*ctx(L).s, t, b.order[i])) {
      push_theater(L, b.order[i]);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

// g:opponent(p) -> the other player
int Verbs::opponent(lua_State* L) {
  lua_pushinteger(L, 2 - player(L, 2));
  return 1;
}

// g:cards{player=, theater=, theaters=, adjacent_to=, adjacent=, uncovered=, covered=, faceup=,
//         facedown=, flippable=, except=} -> ids on the board, left to right, player 1 first, bottom to top.
// Only the keys present are read; every filter given must hold (theater filters intersect).
int Verbs::cards(lua_State* L) {
  Runtime::CardFilter f;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    read_filter(L, 2, f);
  }
  uint8_t out[kMaxCards];
  push_ids(L, out, select_cards(L, f, out));
  return 1;
}

// g:is_faceup(id) -> boolean (a card on the board)
int Verbs::is_faceup(lua_State* L) {
  lua_pushboolean(L, board(L).card[on_board(L, 2)].faceup);
  return 1;
}

// g:is_covered(id) -> boolean (a card on the board)
int Verbs::is_covered(lua_State* L) {
  lua_pushboolean(L, !eng(L).uncovered(*ctx(L).s, on_board(L, 2)));
  return 1;
}

// g:hand(p) -> ids in the order held
int Verbs::hand(lua_State* L) {
  uint8_t out[kMaxCards];
  int n = eng(L).zone(*ctx(L).s, Zone::Hand, player(L, 2), out);
  push_ids(L, out, n);
  return 1;
}

// g:deck_size() -> number of cards in the deck
int Verbs::deck_size(lua_State* L) {
  uint8_t out[kMaxCards];
  lua_pushinteger(L, eng(L).zone(*ctx(L).s, Zone::Deck, 0, out));
  return 1;
}

// g:strength(p, theater) -> player p's total there, all abilities counted
int Verbs::strength(lua_State* L) {
  int p = player(L, 2);
  lua_pushinteger(L, total(L, p, theater(L, 3)));
  return 1;
}

// g:card_strength(id) -> current strength of a card on the board
int Verbs::card_strength(lua_State* L) {
  lua_pushinteger(L, eng(L).card_strength(*ctx(L).s, on_board(L, 2)));
  return 1;
}

// g:printed_strength(id), g:type(id), g:kind(id): the card's printed data
int Verbs::printed_strength(lua_State* L) {
  lua_pushinteger(L, eng(L).set().cards[rt(L).check_card(2)].strength);
  return 1;
}

int Verbs::type(lua_State* L) {
  lua_pushstring(L, eng(L).set().cards[rt(L).check_card(2)].type.c_str());
  return 1;
}

int Verbs::kind(lua_State* L) {
  lua_pushstring(L, kind_name(eng(L).set().cards[rt(L).check_card(2)].kind));
  return 1;
}

// g:ability_of(id) -> { kind = "instant"|"ongoing"|"triggered"|"none", text = printed text,
// copies = whether it has a `copies` function } (API 5)
int Verbs::ability_of(lua_State* L) {
  const CardDef& d = eng(L).set().cards[rt(L).check_card(2)];
  lua_createtable(L, 0, 3);
  lua_pushstring(L, kind_name(d.kind));
  lua_setfield(L, -2, "kind");
  lua_pushlstring(L, d.text.data(), d.text.size());
  lua_setfield(L, -2, "text");
  lua_pushboolean(L, d.copies);
  lua_setfield(L, -2, "copies");
  return 1;
}

int Verbs::tokens(lua_State* L) {
  int p = player(L, 2), t = theater(L, 3);
  lua_pushinteger(L, board(L).tokens[p][t]);
  return 1;
}

// g:score(p) -> p's VP
int Verbs::score(lua_State* L) {
  lua_pushinteger(L, board(L).score[player(L, 2)]);
  return 1;
}

// g:vp_target() -> the VP that win the game
int Verbs::vp_target(lua_State* L) {
  lua_pushinteger(L, eng(L).rules().vp_target);
  return 1;
}

// g:param(name) -> the value of a param the set or a house rule declares (`params = {...}`), as
// loaded (--param, a spec's ?name=value): an integer when whole. An unknown name is an error
// naming the params there are.
int Verbs::param(lua_State* L) {
  const char* name = luaL_checkstring(L, 2);
  const auto& params = eng(L).rules().params;
  for (const auto& [known, v] : params)
    if (known == name) {
      if (v == std::floor(v)) lua_pushinteger(L, static_cast<lua_Integer>(v));
      else lua_pushnumber(L, v);
      return 1;
    }
  std::string all;
  for (const auto& [known, v] : params) all += (all.empty() ? "" : ", ") + known;
  return luaL_error(L, "g:param: no param '%s' (%s)", escape_controls(std::string(name).substr(0, 64)).c_str(),
                    all.empty() ? "the set and its rules declare none" : ("params: " + all).c_str());
}

// g:battle() -> the battle number
int Verbs::battle(lua_State* L) {
  lua_pushinteger(L, board(L).battle);
  return 1;
}

// g:turn_number() -> the turns begun in this battle: 1 at its first turn, 0 before it (a deal
// or battle_start hook) (API 4)
int Verbs::turn_number(lua_State* L) {
  lua_pushinteger(L, board(L).turn_number());
  return 1;
}

// g:battles() -> the battles decided so far, oldest first (at most the last 32): each
// { number, winner, how = "control" / "withdraw" / a battle_over reason, vp, first, scores =
// {vp1, vp2} after it } (API 4)
int Verbs::battles(lua_State* L) {
  const Board& b = board(L);
  lua_createtable(L, b.nhistory, 0);
  for (int i = 0; i < b.nhistory; ++i) {
    push_battle(L, eng(L), b, b.history[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

// g:first() -> the player holding the 1st-player Supreme Commander
int Verbs::first(lua_State* L) {
  lua_pushinteger(L, board(L).first + 1);
  return 1;
}

// g:turn() -> the player whose turn it is
int Verbs::turn(lua_State* L) {
  lua_pushinteger(L, board(L).turn + 1);
  return 1;
}

// g:controller(theater) -> who controls it now (ties and empty theaters: the 1st player; ruling 5)
int Verbs::controller(lua_State* L) {
  int t = theater(L, 2);
  lua_pushinteger(L, Engine::control(total(L, 0, t), total(L, 1, t), board(L).first) + 1);
  return 1;
}

// g:can_play(p, id, theater, "faceup"|"facedown") -> whether that play is allowed now: the
// rules (matching theater for faceup, unless a permission applies) and every may_play function
int Verbs::can_play(lua_State* L) {
  int p = player(L, 2), c = rt(L).check_card(3), t = theater(L, 4);
  static const char* const faces[] = {"faceup", "facedown", nullptr};
  bool faceup = luaL_checkoption(L, 5, nullptr, faces) == 0;
  lua_pushboolean(L, eng(L).may_play(*ctx(L).s, p, c, t, faceup));
  return 1;
}

// g:hand_size(p) -> cards in p's hand
int Verbs::hand_size(lua_State* L) {
  lua_pushinteger(L, eng(L).hand_size(*ctx(L).s, player(L, 2)));
  return 1;
}

// g:counter(target, name) -> the counter's value; 0 if never set (or the card left the board)
int Verbs::counter(lua_State* L) {
  int target = counter_target(L, 2, false);
  lua_pushinteger(L, eng(L).counter(*ctx(L).s, target, plain_text(L, 3, 24, "a counter's name", true, true)));
  return 1;
}

// g:knows(p, id) -> whether player p knows that card now (API 4; ruling 28)
int Verbs::knows(lua_State* L) {
  const int p = player(L, 2);
  lua_pushboolean(L, eng(L).knows(*ctx(L).s, p, rt(L).check_card(3)));
  return 1;
}

// g:deck() -> the deck's ids, top first (API 4: scripts are the rules and see everything)
int Verbs::deck(lua_State* L) {
  uint8_t out[kMaxCards];
  push_ids(L, out, eng(L).zone(*ctx(L).s, Zone::Deck, 0, out));
  return 1;
}

}  // namespace als::lua_verbs
