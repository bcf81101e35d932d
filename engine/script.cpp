// The Lua binding: loading card sets and house rules, and the verbs an ability calls on `g`.
// Every verb is documented in docs/modding.md. A verb never lets a C++ exception cross into Lua:
// each is wrapped by `verb<>` which turns it into a Lua error.
#include "script.h"

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <lua.hpp>
#include <xxhash.h>

#include "engine.h"
#include "files.h"

namespace als {

namespace {
char kInterruptTag;
bool valid_name(const std::string& id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
  });
}  // the engine's signal that an ability is interrupted (a light userdata error)

// A name as it may be shown in a message: bytes outside printable ASCII as \xNN.
std::string printable(const std::string& v) {
  std::string out;
  for (unsigned char ch : v) {
    if (ch >= 0x20 && ch < 0x7f) out += static_cast<char>(ch);
    else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", ch);
      out += buf;
    }
  }
  return out;
}

std::string kind_name(Kind k) { return k == Kind::Instant ? "instant" : k == Kind::Ongoing ? "ongoing" : "none"; }
}  // namespace

namespace {
// use(name) -> the value of scripts/lib/<name>.lua, Lua shared by cards (docs/modding.md).
// Loaded once per runtime, as text, in a sandbox environment of its own.
int use_library(lua_State* L) {
  std::string err;
  const char* name = luaL_checkstring(L, 1);
  if (!valid_name(name)) return luaL_error(L, "use: '%s' is not a library name (lowercase letters, digits, _)", name);
  lua_getfield(L, LUA_REGISTRYINDEX, "als.libs");
  if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  auto* rt = static_cast<Runtime*>(sandbox_user(L));
  std::string path = (std::filesystem::path(rt->data_dir()) / "scripts" / "lib" / (std::string(name) + ".lua")).string();
  try {
    run_file(L, path, "library " + std::string(name));
  } catch (const std::exception& e) {
    err = e.what();
  }
  if (!err.empty()) return luaL_error(L, "%s", err.c_str());
  rt->library_paths().push_back(path);
  luaL_unref(L, LUA_REGISTRYINDEX, freeze(L, -1));  // a library is shared: read-only once loaded
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name);
  return 1;
}
}  // namespace

Runtime::Runtime() : L_(new_sandbox(kCardLimits)) {
  set_sandbox_user(L_, this);
  lua_newtable(L_);
  lua_setfield(L_, LUA_REGISTRYINDEX, "als.libs");
  lua_newtable(L_);
  lua_pushcfunction(L_, use_library);
  lua_setfield(L_, -2, "use");
  lua_setfield(L_, LUA_REGISTRYINDEX, "als.env_extras");
}
Runtime::~Runtime() { close_sandbox(L_); }

void Runtime::push_id(int card) {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, ids_ref_);
  lua_rawgeti(L_, -1, card + 1);
  lua_remove(L_, -2);
}

int Runtime::check_card(int arg) {
  const char* id = luaL_checkstring(L_, arg);
  // Short Lua strings are interned: an id passed back by a script is usually the very string
  // the engine pushed, so compare pointers before hashing.
  for (size_t i = 0; i < id_ptr_.size(); ++i)
    if (id_ptr_[i] == id) return static_cast<int>(i);
  int c = eng_->set().find(id);
  if (c < 0) luaL_error(L_, "unknown card '%s'", id);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Verbs

struct Verbs {
  static Runtime& rt(lua_State* L) { return *static_cast<Runtime*>(sandbox_user(L)); }
  static AbilityCtx& ctx(lua_State* L) {
    AbilityCtx* c = rt(L).ctx();
    if (!c) luaL_error(L, "game verbs work only while an ability resolves");
    return *c;
  }
  static const Engine& eng(lua_State* L) { return *rt(L).engine(); }
  static Board& board(lua_State* L) { return ctx(L).s->b; }

  static int player(lua_State* L, int arg) {
    lua_Integer p = luaL_checkinteger(L, arg);
    luaL_argcheck(L, p == 1 || p == 2, arg, "a player is 1 or 2");
    return static_cast<int>(p - 1);
  }
  static int theater(lua_State* L, int arg) {
    const char* name = luaL_checkstring(L, arg);
    int t = eng(L).theater_id(name);
    const Board& b = board(L);
    if (t < 0 || b.pos[t] >= b.ntheaters || b.order[b.pos[t]] != t) luaL_error(L, "unknown theater '%s'", name);
    return t;
  }
  static int on_board(lua_State* L, int arg) {
    int c = rt(L).check_card(arg);
    if (board(L).card[c].zone != Zone::Board) luaL_error(L, "card '%s' is not on the board", lua_tostring(L, arg));
    return c;
  }
  static void push_theater(lua_State* L, int t) {
    if (t == kNone) lua_pushnil(L);
    else lua_pushstring(L, eng(L).theater_name(t).c_str());
  }
  static void push_ids(lua_State* L, const uint8_t* cards, int n) {
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; ++i) {
      rt(L).push_id(cards[i]);
      lua_rawseti(L, -2, i + 1);
    }
  }
  // After a verb that changes the board: an interrupted ability stops here (original, ruling 12).
  static void check_interrupt(lua_State* L) {
    AbilityCtx& c = ctx(L);
    if (!eng(L).rules().interrupt_flipped || c.depth == 0 || c.dry) return;
    const CardLoc& l = c.s->b.card[c.resolving[c.depth - 1]];
    if (l.zone != Zone::Board || !l.faceup) {
      lua_pushlightuserdata(L, &kInterruptTag);
      lua_error(L);
    }
  }

  // g:owner(id) -> 1|2, or nil for a card in the deck
  static int owner(lua_State* L) {
    const CardLoc& l = board(L).card[rt(L).check_card(2)];
    if (l.zone == Zone::Deck) lua_pushnil(L);
    else lua_pushinteger(L, l.owner + 1);
    return 1;
  }
  // g:theater(id) -> theater name, or nil off the board
  static int theater_of(lua_State* L) {
    const CardLoc& l = board(L).card[rt(L).check_card(2)];
    push_theater(L, l.zone == Zone::Board ? l.theater : kNone);
    return 1;
  }
  // g:theaters{except=name} -> theater names left to right, less `except` (nil: none left out)
  static int theaters(lua_State* L) {
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
  static int adjacent(lua_State* L) {
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
  static int opponent(lua_State* L) {
    lua_pushinteger(L, 2 - player(L, 2));
    return 1;
  }
  // Pushes t[name] read raw (a read-only table: its contents), returns its type.
  static int raw_field(lua_State* L, int t, const char* name) {
    push_contents(L, t);
    lua_pushstring(L, name);
    int ty = lua_rawget(L, -2);
    lua_remove(L, -2);
    return ty;
  }
  static bool flag(lua_State* L, int t, const char* name) {
    raw_field(L, t, name);
    bool v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
  }
  // Pushes the contents of the list argument `arg` and returns its length, at most `max`.
  static size_t list_arg(lua_State* L, int arg, size_t max, const char* what) {
    luaL_checktype(L, arg, LUA_TTABLE);
    push_contents(L, arg);
    size_t n = lua_rawlen(L, -1);
    if (n > max) luaL_error(L, "%s: a list of at most %d entries is expected", what, static_cast<int>(max));
    return n;
  }
  // g:cards{player=, theater=, theaters=, adjacent_to=, adjacent=, uncovered=, covered=, faceup=,
  //         facedown=, flippable=, except=} -> ids on the board, left to right, player 1 first, bottom to top
  static int cards(lua_State* L) {
    const Engine& e = eng(L);
    const State& s = *ctx(L).s;
    const Board& b = s.b;
    int want_player = -1, except = -1;
    bool theater_ok[kMaxTheaters];
    std::fill(theater_ok, theater_ok + kMaxTheaters, true);
    bool uncovered = false, covered = false, faceup = false, facedown = false, flippable = false;
    if (!lua_isnoneornil(L, 2)) {
      luaL_checktype(L, 2, LUA_TTABLE);
      // Only the keys present are read; every filter given must hold (theater filters intersect).
      auto only = [&](const bool* mask) {
        for (int t = 0; t < kMaxTheaters; ++t) theater_ok[t] = theater_ok[t] && mask[t];
      };
      bool mask[kMaxTheaters];
      push_contents(L, 2);
      int filters = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, filters)) {
        int v = lua_gettop(L);
        if (lua_type(L, v - 1) != LUA_TSTRING) luaL_error(L, "g:cards: filter keys are names");
        const char* k = lua_tostring(L, v - 1);
        bool on = lua_toboolean(L, v);
        if (!std::strcmp(k, "player")) want_player = player(L, v);
        else if (!std::strcmp(k, "except")) except = rt(L).check_card(v);
        else if (!std::strcmp(k, "uncovered")) uncovered = on;
        else if (!std::strcmp(k, "covered")) covered = on;
        else if (!std::strcmp(k, "faceup")) faceup = on;
        else if (!std::strcmp(k, "facedown")) facedown = on;
        else if (!std::strcmp(k, "flippable")) flippable = on;
        else if (!std::strcmp(k, "theater")) {
          std::fill(mask, mask + kMaxTheaters, false);
          mask[theater(L, v)] = true;
          only(mask);
        } else if (!std::strcmp(k, "adjacent")) {  // true: adjacent to this ability's card
          if (on) {
            AbilityCtx& c = ctx(L);
            const CardLoc& me = b.card[c.depth > 0 ? c.resolving[c.depth - 1] : 0];
            std::fill(mask, mask + kMaxTheaters, false);
            if (c.depth > 0 && me.zone == Zone::Board)
              for (int i = 0; i < b.ntheaters; ++i) mask[b.order[i]] = e.adjacent(s, me.theater, b.order[i]);
            only(mask);
          }
        } else if (!std::strcmp(k, "adjacent_to")) {
          std::fill(mask, mask + kMaxTheaters, false);
          if (lua_type(L, v) == LUA_TSTRING) {  // false: the card is off the board, no theater
            int t = theater(L, v);
            for (int i = 0; i < b.ntheaters; ++i) mask[b.order[i]] = e.adjacent(s, t, b.order[i]);
          }
          only(mask);
        } else if (!std::strcmp(k, "theaters")) {
          size_t n = list_arg(L, v, kMaxOptions, "g:cards: theaters");
          std::fill(mask, mask + kMaxTheaters, false);
          for (size_t i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
            mask[theater(L, lua_gettop(L))] = true;
            lua_pop(L, 1);
          }
          lua_pop(L, 1);
          only(mask);
        } else {
          luaL_error(L, "g:cards: unknown filter '%s'", k);
        }
        lua_pop(L, 1);
      }
    }
    if (flippable && !e.rules().flip_covered) uncovered = true;  // original: covered cards never flip
    uint8_t out[kMaxCards], st[kMaxCards];
    int n = 0;
    for (int i = 0; i < b.ntheaters; ++i) {
      int t = b.order[i];
      if (!theater_ok[t]) continue;
      for (int p = 0; p < 2; ++p) {
        if (want_player >= 0 && p != want_player) continue;
        int k = e.stack(s, p, t, st);
        for (int j = 0; j < k; ++j) {
          const CardLoc& l = b.card[st[j]];
          bool top = j == k - 1;
          if ((uncovered && !top) || (covered && top) || (faceup && !l.faceup) || (facedown && l.faceup) ||
              st[j] == except)
            continue;
          out[n++] = st[j];
        }
      }
    }
    push_ids(L, out, n);
    return 1;
  }
  // g:is_faceup(id) -> boolean (a card on the board)
  static int is_faceup(lua_State* L) {
    lua_pushboolean(L, board(L).card[on_board(L, 2)].faceup);
    return 1;
  }
  // g:is_covered(id) -> boolean (a card on the board)
  static int is_covered(lua_State* L) {
    lua_pushboolean(L, !eng(L).uncovered(*ctx(L).s, on_board(L, 2)));
    return 1;
  }
  // g:hand(p) -> ids in the order held
  static int hand(lua_State* L) {
    uint8_t out[kMaxCards];
    int n = eng(L).zone(*ctx(L).s, Zone::Hand, player(L, 2), out);
    push_ids(L, out, n);
    return 1;
  }
  // g:deck_size() -> number of cards in the deck
  static int deck_size(lua_State* L) {
    uint8_t out[kMaxCards];
    lua_pushinteger(L, eng(L).zone(*ctx(L).s, Zone::Deck, 0, out));
    return 1;
  }
  // g:strength(p, theater) -> player p's total there, all abilities counted
  static int strength(lua_State* L) {
    int p = player(L, 2);
    lua_pushinteger(L, eng(L).strength(*ctx(L).s, p, theater(L, 3)));
    return 1;
  }
  // g:card_strength(id) -> current strength of a card on the board
  static int card_strength(lua_State* L) {
    lua_pushinteger(L, eng(L).card_strength(*ctx(L).s, on_board(L, 2)));
    return 1;
  }
  // g:printed_strength(id), g:type(id), g:kind(id): the card's printed data
  static int printed_strength(lua_State* L) {
    lua_pushinteger(L, eng(L).set().cards[rt(L).check_card(2)].strength);
    return 1;
  }
  static int type(lua_State* L) {
    lua_pushstring(L, eng(L).set().cards[rt(L).check_card(2)].type.c_str());
    return 1;
  }
  static int kind(lua_State* L) {
    lua_pushstring(L, kind_name(eng(L).set().cards[rt(L).check_card(2)].kind).c_str());
    return 1;
  }

  // The heart of every decision: returns the answer already given on an earlier run, or stops
  // the ability with a pending decision (docs/design.md). Returns kNone for "none" and for an
  // impossible decision (no option, or none but "none": cards.md).
  static uint16_t decide(lua_State* L, int p, DecisionKind kind, uint16_t* opts, int n, int card_shown) {
    AbilityCtx& c = ctx(L);
    State& s = *c.s;
    if (c.dry) return kNone;
    std::sort(opts, opts + n);
    n = static_cast<int>(std::unique(opts, opts + n) - opts);
    if (n == 0 || (n == 1 && opts[0] == kNone)) return kNone;
    if (c.cursor < s.r.nanswers) {
      uint16_t v = s.r.answers[c.cursor++];
      if (!std::binary_search(opts, opts + n, v))
        luaL_error(L, "the ability asked a different question when re-run (a script must depend only on the game)");
      return v;
    }
    Decision& d = s.r.pending;
    d.player = static_cast<uint8_t>(p);
    d.kind = kind;
    d.card = static_cast<uint8_t>(card_shown);
    d.n = static_cast<uint8_t>(n);
    std::copy(opts, opts + n, d.opt);
    eng(L).sort_options(s, d);
    c.dry = true;
    set_budget(L, kDryRunBudget);
    return kNone;
  }
  static bool may(lua_State* L, int arg) { return lua_istable(L, arg) && flag(L, arg, "may"); }

  // g:choose_card(p, ids, {may=true}) -> the id player p chooses, or nil ("none", or no option)
  static int choose_card(lua_State* L) {
    int p = player(L, 2);
    uint16_t opts[kMaxOptions];
    int n = 0;
    size_t len = list_arg(L, 3, kMaxOptions - 1, "g:choose_card");
    for (size_t i = 1; i <= len; ++i) {
      lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
      opts[n++] = static_cast<uint16_t>(rt(L).check_card(lua_gettop(L)));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (n > 0 && may(L, 4)) opts[n++] = kNone;
    uint16_t v = decide(L, p, DecisionKind::Card, opts, n, kNone);
    if (v == kNone) lua_pushnil(L);
    else rt(L).push_id(v);
    return 1;
  }
  // g:choose_theater(p, theaters, {may=true, card=id}) -> a theater name, or nil
  static int choose_theater(lua_State* L) {
    int p = player(L, 2);
    uint16_t opts[kMaxOptions];
    int n = 0, shown = kNone;
    size_t len = list_arg(L, 3, kMaxOptions - 1, "g:choose_theater");
    for (size_t i = 1; i <= len; ++i) {
      lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
      opts[n++] = static_cast<uint16_t>(theater(L, lua_gettop(L)));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (n > 0 && may(L, 4)) opts[n++] = kNone;
    if (lua_istable(L, 4)) {
      if (raw_field(L, 4, "card") != LUA_TNIL) shown = rt(L).check_card(lua_gettop(L));
      lua_pop(L, 1);
    }
    uint16_t v = decide(L, p, DecisionKind::Theater, opts, n, shown);
    push_theater(L, v);
    return 1;
  }
  // g:choose_play(p) -> player p plays a card from hand (deploy or improvise, their choice);
  // returns the id played, or nil if p has no card to play. Ruling 26.
  static int choose_play(lua_State* L) {
    int p = player(L, 2);
    AbilityCtx& c = ctx(L);
    uint16_t opts[kMaxOptions];
    int n = 0;
    eng(L).play_options(*c.s, p, opts, n);
    uint16_t v = decide(L, p, DecisionKind::Play, opts, n, kNone);
    if (v == kNone) {
      lua_pushnil(L);
      return 1;
    }
    int card = (v >> 8) & 0x7f;
    eng(L).op_play(c, p, card, v & 0xff, !(v >> 15));
    rt(L).push_id(card);
    check_interrupt(L);
    return 1;
  }

  // g:flip(id): turns a card on the board over (RB "Flip"); a card flipped faceup uses its ability
  static int flip(lua_State* L) {
    if (ctx(L).dry) return 0;
    int c = on_board(L, 2);
    if (!eng(L).rules().flip_covered && !eng(L).uncovered(*ctx(L).s, c))
      luaL_error(L, "card '%s' is covered, and covered cards can never be flipped", lua_tostring(L, 2));
    eng(L).op_flip(ctx(L), c);
    check_interrupt(L);
    return 0;
  }
  // g:move(id, theater): moves a card on the board to another theater, on top (RB "Move")
  static int move(lua_State* L) {
    if (ctx(L).dry) return 0;
    int c = on_board(L, 2), t = theater(L, 3);
    if (board(L).card[c].theater == t) luaL_error(L, "card '%s' is already in %s", lua_tostring(L, 2), lua_tostring(L, 3));
    eng(L).op_move(ctx(L), c, t);
    check_interrupt(L);
    return 0;
  }
  // g:destroy(id): a card on the board goes facedown to the bottom of the deck (RB "Destroy")
  static int destroy(lua_State* L) {
    if (ctx(L).dry) return 0;
    eng(L).op_destroy(ctx(L), on_board(L, 2));
    check_interrupt(L);
    return 0;
  }
  // g:return_to_hand(id): a card on the board goes to the end of its owner's hand
  static int return_to_hand(lua_State* L) {
    if (ctx(L).dry) return 0;
    eng(L).op_return(ctx(L), on_board(L, 2));
    check_interrupt(L);
    return 0;
  }
  // g:draw(p) -> the id of the deck's top card, now held by player p for this ability, or nil
  // if the deck is empty. A held card not played by the end of the ability returns on top.
  static int draw(lua_State* L) {
    if (ctx(L).dry) return lua_pushnil(L), 1;
    int c = eng(L).op_draw(ctx(L), player(L, 2));
    if (c < 0) lua_pushnil(L);
    else rt(L).push_id(c);
    return 1;
  }
  // g:play(p, id, theater, "faceup"|"facedown") -> true, or false if destroyed as played.
  // The card comes from p's hand or is held by p; all normal rules apply (ruling 17).
  static int play(lua_State* L) {
    if (ctx(L).dry) return lua_pushboolean(L, 0), 1;
    int p = player(L, 2), c = rt(L).check_card(3), t = theater(L, 4);
    static const char* const faces[] = {"faceup", "facedown", nullptr};
    bool faceup = luaL_checkoption(L, 5, nullptr, faces) == 0;
    Board& b = board(L);
    const CardLoc& l = b.card[c];
    if ((l.zone != Zone::Hand && l.zone != Zone::Held) || l.owner != p)
      luaL_error(L, "card '%s' is not in player %d's hand", lua_tostring(L, 3), p + 1);
    if (faceup && !eng(L).can_deploy(b, p, c, t))
      luaL_error(L, "card '%s' may not be played faceup to %s", lua_tostring(L, 3), lua_tostring(L, 4));
    bool stayed = eng(L).op_play(ctx(L), p, c, t, faceup);
    lua_pushboolean(L, stayed);
    check_interrupt(L);
    return 1;
  }
  // g:allow_anywhere(p, "next_play"|"next_turn"): p may deploy to a non-matching theater on
  // their next play (standard Air Drop, ruling 21) or during their next turn (original)
  static int allow_anywhere(lua_State* L) {
    if (ctx(L).dry) return 0;
    int p = player(L, 2);
    static const char* const when[] = {"next_play", "next_turn", nullptr};
    if (luaL_checkoption(L, 3, "next_play", when) == 0) board(L).anywhere_next_play[p] = 1;
    else board(L).anywhere_turn[p] = 1;
    return 0;
  }
  // g:extra_turn(p): p takes one more turn right after the current one (original Redeploy)
  static int extra_turn(lua_State* L) {
    if (ctx(L).dry) return 0;
    int p = player(L, 2);
    ++board(L).extra_turns[p];
    return 0;
  }
  // g:add_tokens(p, theater, n): n supply tokens (+1 strength each) on p's side of a theater
  static int add_tokens(lua_State* L) {
    if (ctx(L).dry) return 0;
    int p = player(L, 2), t = theater(L, 3);
    lua_Integer n = luaL_checkinteger(L, 4);
    int16_t& v = board(L).tokens[p][t];
    luaL_argcheck(L, n >= -1000 && n <= 1000 && v + n >= 0 && v + n <= 1000, 4, "tokens must stay between 0 and 1000");
    v = static_cast<int16_t>(v + n);
    eng(L).emit(&ctx(L), nullptr, Event{.type = Event::Tokens, .player = static_cast<uint8_t>(p),
                                        .theater = static_cast<uint8_t>(t), .value = static_cast<int>(n)});
    return 0;
  }
  static int tokens(lua_State* L) {
    int p = player(L, 2), t = theater(L, 3);
    lua_pushinteger(L, board(L).tokens[p][t]);
    return 1;
  }
};

// Wraps a verb so that no C++ exception crosses into Lua. (No object with a destructor lives in
// this frame: a Lua error thrown through it then needs no landing pad, which keeps unwinding cheap.)
template <lua_CFunction F>
int verb(lua_State* L) {
  try {
    return F(L);
  } catch (const std::exception& e) {
    lua_pushstring(L, e.what());
  }
  return lua_error(L);
}

static const luaL_Reg kVerbs[] = {
    {"owner", verb<Verbs::owner>},
    {"theater", verb<Verbs::theater_of>},
    {"theaters", verb<Verbs::theaters>},
    {"adjacent", verb<Verbs::adjacent>},
    {"opponent", verb<Verbs::opponent>},
    {"cards", verb<Verbs::cards>},
    {"is_faceup", verb<Verbs::is_faceup>},
    {"is_covered", verb<Verbs::is_covered>},
    {"hand", verb<Verbs::hand>},
    {"deck_size", verb<Verbs::deck_size>},
    {"strength", verb<Verbs::strength>},
    {"card_strength", verb<Verbs::card_strength>},
    {"printed_strength", verb<Verbs::printed_strength>},
    {"type", verb<Verbs::type>},
    {"kind", verb<Verbs::kind>},
    {"choose_card", verb<Verbs::choose_card>},
    {"choose_theater", verb<Verbs::choose_theater>},
    {"choose_play", verb<Verbs::choose_play>},
    {"flip", verb<Verbs::flip>},
    {"move", verb<Verbs::move>},
    {"destroy", verb<Verbs::destroy>},
    {"return_to_hand", verb<Verbs::return_to_hand>},
    {"draw", verb<Verbs::draw>},
    {"play", verb<Verbs::play>},
    {"allow_anywhere", verb<Verbs::allow_anywhere>},
    {"extra_turn", verb<Verbs::extra_turn>},
    {"add_tokens", verb<Verbs::add_tokens>},
    {"tokens", verb<Verbs::tokens>},
    {nullptr, nullptr},
};

// ---------------------------------------------------------------------------------------------
// Running abilities

int Runtime::run_protected(AbilityCtx& c, int card) {
  lua_State* L = L_;
  lua_pushcfunction(L, traceback_handler);
  int h = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ability_ref_[card]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
  push_id(card);
  c.resolving[c.depth++] = static_cast<uint8_t>(card);
  ran_ |= uint64_t{1} << card;
  eng_->emit(&c, nullptr, Event{.type = Event::Ability, .card = static_cast<uint8_t>(card)});
  int status = lua_pcall(L, 2, 0, h);
  --c.depth;
  if (status != LUA_OK && lua_touserdata(L, -1) == &kInterruptTag) {
    eng_->emit(&c, nullptr, Event{.type = Event::Interrupted, .card = static_cast<uint8_t>(card)});
    status = LUA_OK;
    lua_pop(L, 1);
  }
  lua_remove(L, h);
  return status;
}

Runtime::Outcome Runtime::run(AbilityCtx& c, int card) {
  if (c.depth >= 31) throw ScriptError("abilities nested too deeply");
  ctx_ = &c;
  c.in_run = true;
  set_budget(L_, kCardLimits.instructions);
  sandbox_rng(L_) = c.s->b.rng;
  int status;
  try {
    status = run_protected(c, card);
  } catch (...) {
    ctx_ = nullptr;
    restore_after_run();
    throw;
  }
  ctx_ = nullptr;
  restore_after_run();
  c.s->b.rng = sandbox_rng(L_);
  if (c.dry) {  // a decision is pending; whatever the dry rest of the run did is ignored
    if (status != LUA_OK) lua_pop(L_, 1);
    return Outcome::Pending;
  }
  if (status == LUA_OK) return Outcome::Done;
  std::string msg = lua_type(L_, -1) == LUA_TSTRING ? lua_tostring(L_, -1) : "error object is not a string";
  lua_pop(L_, 1);
  const CardDef& d = eng_->set().cards[card];
  throw ScriptError("card " + d.id + " (" + d.file + "): " + msg);
}

void Runtime::restore_after_run() {
  for (uint64_t m = ran_; m; m &= m - 1) restore_upvalues(L_, upvalues_ref_[__builtin_ctzll(m)]);
  ran_ = 0;
}

void Runtime::run_nested(AbilityCtx& c, int card) {
  if (c.depth >= 31) luaL_error(L_, "abilities nested too deeply");
  if (run_protected(c, card) != LUA_OK) {
    if (c.dry) lua_pop(L_, 1);  // the dry rest of a run: errors do not matter
    else lua_error(L_);         // an error goes on up to the outermost ability
  }
}

// ---------------------------------------------------------------------------------------------
// Loading

namespace {

// Script tables are read raw (no metamethod runs) and through read-only tables' contents;
// the whole of loading runs inside protect(), so even a memory error is caught.
int get_field(lua_State* L, int t, const char* name) {
  push_contents(L, t);
  lua_pushstring(L, name);
  int ty = lua_rawget(L, -2);
  lua_remove(L, -2);
  return ty;
}

std::string field_string(lua_State* L, int t, const char* name, const std::string& where, bool required,
                         const std::string& def = "") {
  int ty = get_field(L, t, name);
  std::string v = def;
  if (ty == LUA_TSTRING) v = lua_tostring(L, -1);
  else if (ty != LUA_TNIL || required)
    throw LoadError(where + ": field '" + name + "' must be a string");
  lua_pop(L, 1);
  return v;
}

/// An integer field within [lo, hi] (a value outside is refused, never truncated).
int field_int(lua_State* L, int t, const char* name, const std::string& where, bool required, int def,
              long long lo = -1'000'000, long long hi = 1'000'000) {
  int ty = get_field(L, t, name);
  int v = def;
  if (ty == LUA_TNUMBER && lua_isinteger(L, -1)) {
    lua_Integer x = lua_tointeger(L, -1);
    if (x < lo || x > hi)
      throw LoadError(where + ": field '" + name + "' is " + std::to_string(x) + ", outside " + std::to_string(lo) +
                      ".." + std::to_string(hi));
    v = static_cast<int>(x);
  } else if (ty != LUA_TNIL || required) {
    throw LoadError(where + ": field '" + name + "' must be an integer");
  }
  lua_pop(L, 1);
  return v;
}

std::vector<std::string> field_strings(lua_State* L, int t, const char* name, const std::string& where,
                                       size_t max = 256) {
  std::vector<std::string> out;
  int ty = get_field(L, t, name);
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    return out;
  }
  if (ty != LUA_TTABLE) throw LoadError(where + ": field '" + name + "' must be a list of strings");
  push_contents(L, -1);
  size_t n = lua_rawlen(L, -1);
  if (n > max) throw LoadError(where + ": field '" + name + "' lists more than " + std::to_string(max) + " entries");
  for (size_t i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, static_cast<lua_Integer>(i)) != LUA_TSTRING)
      throw LoadError(where + ": field '" + name + "' must be a list of strings");
    out.emplace_back(lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return out;
}

/// The known name closest to `word` (edit distance), for "did you mean" messages.
std::string nearest(const std::string& word, std::initializer_list<const char*> known) {
  std::string best;
  size_t best_d = SIZE_MAX;
  for (const char* k : known) {
    std::string b = k;
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= word.size(); ++i) {
      size_t diag = row[0];
      row[0] = i;
      for (size_t j = 1; j <= b.size(); ++j) {
        size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (word[i - 1] == b[j - 1] ? 0 : 1)});
        diag = up;
      }
    }
    if (row[b.size()] < best_d) best_d = row[b.size()], best = b;
  }
  return best;
}

/// Refuses a table field that is not in `known`, naming the nearest known one.
void check_fields(lua_State* L, int t, std::initializer_list<const char*> known, const std::string& where) {
  push_contents(L, t);
  int c = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, c)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) throw LoadError(where + ": field names must be strings");
    std::string key = lua_tostring(L, -1);
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) throw LoadError(where + ": unknown field '" + key + "' (did you mean '" + nearest(key, known) + "'?)");
  }
  lua_pop(L, 1);
}

constexpr int kMaxStrength = 99;   // printed strengths and effect amounts: totals can never overflow

template <typename E>
E pick(const std::string& v, std::initializer_list<std::pair<const char*, E>> names, const std::string& where) {
  std::string all;
  for (auto& [n, e] : names) {
    if (v == n) return e;
    all += std::string(all.empty() ? "" : ", ") + n;
  }
  throw LoadError(where + ": '" + v + "' is not one of " + all);
}

Effect parse_effect(lua_State* L, const std::string& name, int t, const std::string& where) {
  std::string w = where + ": ongoing effect '" + name + "'";
  if (!lua_istable(L, t)) throw LoadError(w + " must be a table");
  // Unknown keys are refused so that a typo never silently disables an ability.
  check_fields(L, t, {"effect", "theaters", "amount", "cards", "value", "by", "max_strength", "facedown",
                      "occupied_at_least", "whose"},
               w);
  auto scope = [&](const char* def) {
    return pick<Scope>(field_string(L, t, "theaters", w, false, def),
                       {{"same", Scope::Same}, {"adjacent", Scope::Adjacent}, {"other", Scope::Other}, {"all", Scope::All}},
                       w);
  };
  auto target = [&]() {
    return pick<Target>(field_string(L, t, "cards", w, true),
                        {{"covered_by_this", Target::CoveredByThis},
                         {"own_facedown", Target::OwnFacedown},
                         {"own_faceup", Target::OwnFaceup},
                         {"own_in_theater", Target::OwnInTheater},
                         {"all_facedown", Target::AllFacedown}},
                        w);
  };
  Effect e{};
  if (name == "bonus") {
    e.type = Effect::StrengthBonus;
    e.scope = scope("same");
    e.amount = field_int(L, t, "amount", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "set_strength") {
    e.type = Effect::SetStrength;
    e.target = target();
    e.amount = field_int(L, t, "value", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "add_strength") {
    e.type = Effect::AddStrength;
    e.target = target();
    e.amount = field_int(L, t, "by", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "play_anywhere") {
    e.type = Effect::PlayAnywhere;
    e.amount = field_int(L, t, "max_strength", w, true, 0, -kMaxStrength, kMaxStrength);
  } else if (name == "destroy_plays") {
    e.type = Effect::DestroyPlays;
    e.scope = scope("all");
    get_field(L, t, "facedown");
    e.facedown_only = lua_toboolean(L, -1);
    lua_pop(L, 1);
    e.occupied_at_least = field_int(L, t, "occupied_at_least", w, false, -1, 0, kMaxCards);
    e.who = pick<int>(field_string(L, t, "whose", w, false, "any"), {{"any", 0}, {"own", 1}, {"opponent", 2}}, w);
  } else {
    throw LoadError(w + ": unknown effect (bonus, set_strength, add_strength, play_anywhere, destroy_plays)");
  }
  return e;
}

}  // namespace

void Runtime::read_rules_table(int t, Rules& r, const std::string& w) {
  lua_State* L = L_;
  t = lua_absindex(L, t);
  check_fields(L, t,
               {"vp_target", "battle_vp", "withdraw_chart", "hand_size", "facedown_strength", "instants",
                "interrupt_flipped", "flip_covered", "rotation", "theaters", "random_theater_order"},
               w + ": rules");
  // Every battle scores at least 1 VP and the target is reachable, so every game ends.
  r.vp_target = field_int(L, t, "vp_target", w, false, r.vp_target, 1, kMaxVp);
  r.battle_vp = field_int(L, t, "battle_vp", w, false, r.battle_vp, 1, kMaxVp);
  r.hand_size = field_int(L, t, "hand_size", w, false, r.hand_size, 0, kMaxCards / 2);
  r.facedown_strength = field_int(L, t, "facedown_strength", w, false, r.facedown_strength, -kMaxStrength, kMaxStrength);
  r.rotation = field_int(L, t, "rotation", w, false, r.rotation, 0, kMaxTheaters - 1);
  std::string order = field_string(L, t, "instants", w, false, r.immediate_instants ? "immediate" : "queue");
  r.immediate_instants = pick<bool>(order, {{"queue", false}, {"immediate", true}}, w + ": instants");
  auto boolean = [&](const char* name, bool& v) {
    int ty = get_field(L, t, name);
    if (ty == LUA_TBOOLEAN) v = lua_toboolean(L, -1);
    else if (ty != LUA_TNIL) throw LoadError(w + ": field '" + name + "' must be a boolean");
    lua_pop(L, 1);
  };
  boolean("interrupt_flipped", r.interrupt_flipped);
  boolean("flip_covered", r.flip_covered);
  boolean("random_theater_order", r.random_theater_order);
  auto th = field_strings(L, t, "theaters", w, kMaxTheaters);
  if (get_field(L, t, "theaters") == LUA_TTABLE) r.theaters = th;
  lua_pop(L, 1);
  if (get_field(L, t, "withdraw_chart") != LUA_TNIL) {
    const std::string shape = w + ": withdraw_chart must be { {1st player's}, {2nd player's} }";
    if (!lua_istable(L, -1)) throw LoadError(shape);
    push_contents(L, -1);
    for (int seat = 0; seat < 2; ++seat) {
      if (lua_rawgeti(L, -1, seat + 1) != LUA_TTABLE) throw LoadError(shape);
      push_contents(L, -1);
      size_t n = lua_rawlen(L, -1);
      if (n == 0 || n > kMaxCards) throw LoadError(w + ": a withdraw_chart has 1 to " + std::to_string(kMaxCards) + " entries");
      std::vector<int> chart;
      for (size_t i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
        if (!lua_isinteger(L, -1)) throw LoadError(w + ": withdraw_chart entries must be integers");
        lua_Integer v = lua_tointeger(L, -1);
        if (v < 1 || v > kMaxVp)
          throw LoadError(w + ": withdraw_chart entry " + std::to_string(v) + " is outside 1.." + std::to_string(kMaxVp));
        chart.push_back(static_cast<int>(v));
        lua_pop(L, 1);
      }
      r.withdraw_chart[seat] = chart;
      lua_pop(L, 2);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

void Runtime::push_rules_table(const Rules& r) {
  lua_State* L = L_;
  lua_newtable(L);
  auto num = [&](const char* k, int v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
  };
  num("vp_target", r.vp_target);
  num("battle_vp", r.battle_vp);
  num("hand_size", r.hand_size);
  num("facedown_strength", r.facedown_strength);
  num("rotation", r.rotation);
  lua_pushstring(L, r.immediate_instants ? "immediate" : "queue");
  lua_setfield(L, -2, "instants");
  lua_pushboolean(L, r.interrupt_flipped);
  lua_setfield(L, -2, "interrupt_flipped");
  lua_pushboolean(L, r.flip_covered);
  lua_setfield(L, -2, "flip_covered");
  lua_pushboolean(L, r.random_theater_order);
  lua_setfield(L, -2, "random_theater_order");
  lua_newtable(L);
  for (size_t i = 0; i < r.theaters.size(); ++i) {
    lua_pushstring(L, r.theaters[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "theaters");
  lua_newtable(L);
  for (int seat = 0; seat < 2; ++seat) {
    lua_newtable(L);
    for (size_t i = 0; i < r.withdraw_chart[seat].size(); ++i) {
      lua_pushinteger(L, r.withdraw_chart[seat][i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_rawseti(L, -2, seat + 1);
  }
  lua_setfield(L, -2, "withdraw_chart");
}

void Runtime::load_rules(const std::string& path, Rules& rules) {
  lua_State* L = L_;
  set_budget(L, kCardLimits.instructions);
  Rules r = rules;
  protect(L, [&] {
    run_file(L, path, "rules");
    if (lua_isfunction(L, -1)) {
      push_rules_table(r);
      lua_pushvalue(L, -1);
      lua_insert(L, -3);  // rules table, function, rules table
      lua_pushcfunction(L, traceback_handler);
      lua_insert(L, -3);
      if (lua_pcall(L, 1, 0, -3) != LUA_OK) {
        std::string msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error";
        throw LoadError(msg + " (rules)");
      }
      lua_pop(L, 1);
    } else if (!lua_istable(L, -1)) {
      throw LoadError(path + ": a rules script must return a function(rules) or a table of rules");
    }
    read_rules_table(-1, r, path);
  }, path + ": ");
  rules = r;
}

constexpr int kApiVersion = 1;

void Runtime::load_set(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules) {
  std::string manifest = (std::filesystem::path(dir) / "set.lua").string();
  if (!files::exists(manifest)) throw LoadError(manifest + ": no such file (a card set needs set.lua)");
  std::string reading = manifest;  // the file being read, for messages
  protect(L_, [&] { load_set_protected(dir, data_dir, set, rules, reading); }, "");
}

void Runtime::load_set_protected(const std::string& dir, const std::string& data_dir, CardSet& set, Rules& rules,
                                 std::string& reading) {
  lua_State* L = L_;
  std::string manifest = reading;
  set_budget(L, kCardLimits.instructions);
  run_file(L, manifest, "set");
  if (!lua_istable(L, -1)) throw LoadError(manifest + ": set.lua must return a table");
  int t = lua_gettop(L);
  check_fields(L, t, {"name", "api", "description", "theaters", "cards", "rules", "extends"}, manifest);
  set.dir = dir;
  set.name = field_string(L, t, "name", manifest, true);
  set.api = field_int(L, t, "api", manifest, true, 0, 0, 1000);
  if (set.api != kApiVersion)
    throw LoadError(manifest + ": the set targets script API " + std::to_string(set.api) + ", this engine has API " +
                    std::to_string(kApiVersion));
  rules.theaters = field_strings(L, t, "theaters", manifest, kMaxTheaters);
  if (rules.theaters.empty()) throw LoadError(manifest + ": field 'theaters' must list at least one theater");
  if (get_field(L, t, "rules") != LUA_TNIL) {
    if (!lua_istable(L, -1)) throw LoadError(manifest + ": field 'rules' must be a table");
    read_rules_table(-1, rules, manifest);
  }
  lua_pop(L, 1);
  std::vector<std::string> ids = field_strings(L, t, "cards", manifest, kMaxCards + 1);
  std::string base = field_string(L, t, "extends", manifest, false);
  lua_pop(L, 1);
  std::string base_dir;
  if (!base.empty()) {
    namespace fs = std::filesystem;
    bool name = base.find('/') == std::string::npos && !files::is_dir(fs::path(dir) / base);
    base_dir = (name ? fs::path(data_dir) / "cards" / base : fs::path(dir) / base).string();
    if (!files::exists(fs::path(base_dir) / "set.lua"))
      throw LoadError(manifest + ": 'extends' names '" + base + "', which is not a card set (" + base_dir + ")");
  }
  if (ids.empty()) throw LoadError(manifest + ": field 'cards' must list the set's card ids");
  if (ids.size() > static_cast<size_t>(kMaxCards))
    throw LoadError(manifest + ": a set may have at most " + std::to_string(kMaxCards) + " cards");

  lua_newtable(L);  // ids array
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string& id = ids[i];
    if (!valid_name(id) || id.size() > 32 || id == "none")
      throw LoadError(manifest + ": card id '" + printable(id) + "' must be 1 to 32 lowercase letters, digits and _ (not 'none')");
    if (set.index.count(id)) throw LoadError(manifest + ": card id '" + id + "' is listed twice");
    set.index[id] = static_cast<int>(i);
    id_ptr_.push_back(lua_pushstring(L, id.c_str()));  // kept alive by the ids table
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  ids_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);

  for (const std::string& id : ids) {
    CardDef d;
    d.id = id;
    d.file = (std::filesystem::path(dir) / (id + ".lua")).string();
    if (!files::exists(d.file) && !base_dir.empty())
      d.file = (std::filesystem::path(base_dir) / (id + ".lua")).string();
    std::string w = d.file + " (card " + id + ")";
    if (!files::exists(d.file))
      throw LoadError((std::filesystem::path(dir) / (id + ".lua")).string() + ": no such file (card " + id +
                      " has no script)");
    set_budget(L, kCardLimits.instructions);
    reading = d.file;
    run_file(L, d.file, "card " + id);
    if (!lua_istable(L, -1)) throw LoadError(w + ": a card script must return a table");
    int c = lua_gettop(L);
    check_fields(L, c, {"name", "type", "strength", "kind", "text", "ability", "ongoing"}, w);
    d.name = field_string(L, c, "name", w, false, id);
    d.type = field_string(L, c, "type", w, true);
    d.strength = field_int(L, c, "strength", w, true, 0, -kMaxStrength, kMaxStrength);
    d.kind = pick<Kind>(field_string(L, c, "kind", w, false, "none"),
                        {{"instant", Kind::Instant}, {"ongoing", Kind::Ongoing}, {"none", Kind::None}}, w + ": kind");
    d.text = field_string(L, c, "text", w, false, "");
    int ty = get_field(L, c, "ability");
    if (ty == LUA_TFUNCTION) {
      if (d.kind != Kind::Instant) throw LoadError(w + ": only an instant card has an 'ability' function");
      d.has_ability = true;
      ability_ref_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
    } else {
      if (ty != LUA_TNIL) throw LoadError(w + ": 'ability' must be a function(g, card)");
      if (d.kind == Kind::Instant) throw LoadError(w + ": an instant card needs an 'ability' function");
      lua_pop(L, 1);
      ability_ref_.push_back(LUA_NOREF);
    }
    ty = get_field(L, c, "ongoing");
    if (ty == LUA_TTABLE) {
      if (d.kind != Kind::Ongoing) throw LoadError(w + ": only an ongoing card has 'ongoing' effects");
      push_contents(L, -1);
      lua_remove(L, -2);
      int o = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, o)) {
        std::string name;
        if (lua_type(L, -2) == LUA_TSTRING) name = lua_tostring(L, -2);
        else name = field_string(L, lua_gettop(L), "effect", w, true);
        d.effects.push_back(parse_effect(L, name, lua_gettop(L), w));
        lua_pop(L, 1);
      }
    } else if (ty != LUA_TNIL) {
      throw LoadError(w + ": 'ongoing' must be a table of effects");
    }
    lua_pop(L, 1);
    if (d.kind == Kind::Ongoing && d.effects.empty()) throw LoadError(w + ": an ongoing card needs 'ongoing' effects");
    // From now on the card's tables are read-only and its functions' upvalues are put back
    // after every call: nothing one call leaves behind reaches the next.
    upvalues_ref_.push_back(freeze(L, c));
    lua_pop(L, 1);
    set.cards.push_back(std::move(d));
  }

  // The game handle `g` handed to abilities.
  lua_newuserdatauv(L, 0, 0);
  lua_newtable(L);
  lua_newtable(L);
  luaL_setfuncs(L, kVerbs, 0);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  game_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

// ---------------------------------------------------------------------------------------------

std::shared_ptr<Engine> Engine::load(const std::string& cards, const std::vector<std::string>& rules,
                                     const std::string& data_dir) {
  namespace fs = std::filesystem;
  std::shared_ptr<Engine> e(new Engine());
  // A bare name is a bundled set if there is one by that name, else a folder here.
  std::string dir = cards;
  bool is_name = cards.find('/') == std::string::npos && !cards.empty() && cards[0] != '.';
  if (is_name && (files::is_dir(fs::path(data_dir) / "cards" / cards) || !files::is_dir(cards)))
    dir = (fs::path(data_dir) / "cards" / cards).string();
  else
    is_name = false;
  if (!files::is_dir(dir))
    throw LoadError(is_name ? "unknown card set '" + cards + "' (no folder " + dir + ")" : dir + ": no such card-set folder");
  e->rt_->bind(e.get());
  e->rt_->set_data_dir(data_dir);
  e->rt_->load_set(dir, data_dir, e->set_, e->rules_);
  std::vector<std::string> rule_paths;
  for (const std::string& r : rules) {
    std::string path = r;
    bool rname = r.find('/') == std::string::npos && r.find(".lua") == std::string::npos;
    if (rname) path = (fs::path(data_dir) / "scripts" / "rules" / (r + ".lua")).string();
    if (!files::is_file(path))
      throw LoadError(rname ? "unknown house rule '" + r + "' (no file " + path + ")" : path + ": no such rules file");
    e->rt_->load_rules(path, e->rules_);
    e->rule_names_.push_back(r);
    rule_paths.push_back(path);
  }
  const Rules& ru = e->rules_;
  auto bad = [&](const std::string& m) { throw LoadError(dir + ": " + m); };
  if (ru.theaters.empty() || ru.theaters.size() > static_cast<size_t>(kMaxTheaters))
    bad("between 1 and " + std::to_string(kMaxTheaters) + " theaters are needed");
  for (size_t i = 0; i < ru.theaters.size(); ++i) {
    // Names appear in action texts, records and the protocol: plain lowercase words only.
    if (!valid_name(ru.theaters[i]) || ru.theaters[i].size() > 32 || ru.theaters[i] == "none")
      bad("theater name '" + printable(ru.theaters[i]) + "' must be 1 to 32 lowercase letters, digits or _ (not 'none')");
    for (size_t j = 0; j < i; ++j)
      if (ru.theaters[i] == ru.theaters[j]) bad("theater '" + ru.theaters[i] + "' is named twice");
  }
  if (ru.hand_size < 0 || 2 * static_cast<size_t>(ru.hand_size) > e->set_.cards.size())
    bad("hand_size " + std::to_string(ru.hand_size) + " needs more cards than the set has");
  if (ru.vp_target < 1) bad("vp_target must be at least 1");
  if (ru.rotation < 0) bad("rotation must not be negative");
  for (size_t c = 0; c < e->set_.cards.size(); ++c) {
    CardDef& d = e->set_.cards[c];
    int t = e->theater_id(d.type);
    if (t < 0)
      throw LoadError(d.file + " (card " + d.id + "): type '" + d.type + "' names no theater (theaters: " + [&] {
        std::string all;
        for (const auto& name : ru.theaters) all += (all.empty() ? "" : ", ") + name;
        return all;
      }() + ")");
    d.type_theater = t;
    e->theater_type_.push_back(d.type_theater);
    if (!d.effects.empty()) e->effect_cards_ |= uint64_t{1} << c;
  }
  e->compute_sort_keys();
  // The content hash: set.lua, the cards in set order, then the rules files in order.
  XXH64_state_t* h = XXH64_createState();
  XXH64_reset(h, 0);
  auto add = [&](const std::string& path) {
    std::string text = read_text_file(path);
    XXH64_update(h, text.data(), text.size());
  };
  add((fs::path(dir) / "set.lua").string());
  for (const auto& d : e->set_.cards) add(d.file);
  for (const auto& path : e->rt_->library_paths()) add(path);
  for (const auto& path : rule_paths) add(path);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(XXH64_digest(h)));
  XXH64_freeState(h);
  e->hash_ = hex;
  return e;
}

}  // namespace als
