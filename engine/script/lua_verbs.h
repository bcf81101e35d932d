// The verbs an ability calls on `g` (internal to engine/script): the helpers that read their
// arguments and push their results, and one static function a verb, declared here and defined by
// group in lua_queries.cpp (queries) and lua_actions.cpp (decisions and effects). binding.cpp
// registers them (kVerbs) behind one wrapper (dispatch).
#pragma once
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <lua.hpp>

#include "binding.h"
#include "engine.h"
#include "names.h"

namespace als::lua_verbs {

inline char kInterruptTag;  // the engine's signal that an ability is interrupted (a light userdata error)
// g:cards's filters: their names, and the index of each in Runtime::filter_name_.
// (Their texts: Runtime::kFilterText, in this order.)
enum Filter { kPlayer, kExcept, kUncovered, kCovered, kFaceup, kFacedown, kFlippable, kTheater, kAdjacent, kAdjacentTo, kTheaters };
static_assert(kTheaters + 1 == Runtime::kFilterNames);

struct Verbs {
  static Runtime& rt(lua_State* L) { return *static_cast<Runtime*>(sandbox_user(L)); }
  static AbilityCtx& ctx(lua_State* L) {
    AbilityCtx* c = rt(L).ctx();
    if (!c) luaL_error(L, "game verbs work only while an ability resolves");
    return *c;
  }
  static const Engine& eng(lua_State* L) { return *rt(L).engine(); }
  static Board& board(lua_State* L) { return ctx(L).s->b; }

  // An integer argument, strictly: "2" or 2.5 is an error, never converted.
  static lua_Integer integer(lua_State* L, int arg) {
    if (lua_isinteger(L, arg)) return lua_tointeger(L, arg);
    if (lua_type(L, arg) == LUA_TNUMBER)
      return luaL_argerror(L, arg, lua_pushfstring(L, "an integer is expected, got %s", lua_tostring(L, arg)));
    return luaL_typeerror(L, arg, "integer");
  }
  static int player(lua_State* L, int arg) {
    lua_Integer p = integer(L, arg);
    luaL_argcheck(L, p == 1 || p == 2, arg, "a player is 1 or 2");
    return static_cast<int>(p - 1);
  }
  static int theater(lua_State* L, int arg) {
    const char* name = luaL_checkstring(L, arg);
    int t = rt(L).find_theater(name);
    const Board& b = board(L);
    if (t < 0 || b.pos[t] >= b.ntheaters || b.order[b.pos[t]] != t) unknown_theater(L, name);
    return t;
  }
  // The error paths of the argument readers, kept out of line so that the readers stay small.
  [[noreturn, gnu::cold, gnu::noinline]] static void unknown_theater(lua_State* L, const char* name) {
    const Board& b = board(L);
    std::vector<std::string_view> names;
    for (int i = 0; i < b.ntheaters; ++i) names.push_back(eng(L).text().theater_name(b.order[i]));
    std::string msg = "unknown theater '" + std::string(name).substr(0, 64) + "'" + did_you_mean(name, names);
    luaL_error(L, "%s", msg.c_str());
    std::abort();  // not reached
  }
  [[noreturn, gnu::cold, gnu::noinline]] static void unknown_name(lua_State* L, const std::string& what,
                                                                  const std::string& name,
                                                                  std::span<const char* const> known,
                                                                  const char* after = "") {
    std::string msg = what + " '" + name.substr(0, 64) + "'" + did_you_mean(name, known) + after;
    luaL_error(L, "%s", msg.c_str());
    std::abort();  // not reached
  }
  static int on_board(lua_State* L, int arg) {
    int c = rt(L).check_card(arg);
    if (board(L).card[c].zone != Zone::Board) luaL_error(L, "card '%s' is not on the board", lua_tostring(L, arg));
    return c;
  }
  static void push_theater(lua_State* L, int t) {
    if (t == kNone) lua_pushnil(L);
    else rt(L).push_theater(t);
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
    if (!eng(L).rules().interrupt_flipped || c.depth == 0 || c.dry || c.resolving[c.depth - 1].card == kNone ||
        c.resolving[c.depth - 1].effect)  // a lasting effect acts whatever becomes of its card
      return;
    const CardLoc& l = c.s->b.card[c.resolving[c.depth - 1].card];
    if (l.zone != Zone::Board || !l.faceup) {
      lua_pushlightuserdata(L, &kInterruptTag);
      lua_error(L);
    }
  }

  // g:owner(id) -> 1|2, or nil for a card in the deck
  static int owner(lua_State* L);
  // g:theater(id) -> theater name, or nil off the board
  static int theater_of(lua_State* L);
  // g:theaters{except=name} -> theater names left to right, less `except` (nil: none left out)
  static int theaters(lua_State* L);
  // g:adjacent(theater) -> names of the theaters next to it (ruling 1); {} for nil
  static int adjacent(lua_State* L);
  // g:opponent(p) -> the other player
  static int opponent(lua_State* L);
  // Pushes t[name] read raw (a read-only table: its contents), returns its type.
  static int raw_field(lua_State* L, int t, const char* name) {
    push_contents(L, t);
    lua_pushstring(L, name);
    int ty = lua_rawget(L, -2);
    lua_remove(L, -2);
    return ty;
  }
  // Calls item(stack index) for each entry of the list argument `arg` (at most `max` entries,
  // read raw: a read-only table's contents), in order; the stack is left as it was.
  template <typename Item>
  static void each_item(lua_State* L, int arg, size_t max, const char* what, Item item) {
    luaL_checktype(L, arg, LUA_TTABLE);
    const int top = lua_gettop(L);
    push_contents(L, arg);
    size_t n = lua_rawlen(L, top + 1);
    if (n > max) luaL_error(L, "%s: a list of at most %d entries is expected", what, static_cast<int>(max));
    for (size_t i = 1; i <= n; ++i) {  // (each entry at top + 2: the index its errors name)
      lua_rawgeti(L, top + 1, static_cast<lua_Integer>(i));
      item(top + 2);
      lua_settop(L, top + 1);
    }
    lua_settop(L, top);
  }
  // The place of `k` in `names` (count of them, interned by the Runtime), or -1 (and for a null
  // `k`): by address first, as Lua interns short strings; then by text (a long one is not).
  static int name_index(const char* const* names, int count, const char* k) {
    if (!k) return -1;
    for (int i = 0; i < count; ++i)
      if (names[i] == k) return i;
    for (int i = 0; i < count; ++i)
      if (!std::strcmp(names[i], k)) return i;
    return -1;
  }
  // Reads the contents of a g:cards filter table (at stack index `contents`) into `f`.
  static void parse_filter(lua_State* L, int contents, Runtime::CardFilter& f) {
    Runtime& r = rt(L);
    auto only = [&](uint8_t mask) { f.theaters &= mask; };
    lua_pushnil(L);
    while (lua_next(L, contents)) {
      int v = lua_gettop(L);
      if (lua_type(L, v - 1) != LUA_TSTRING) luaL_error(L, "g:cards: filter names are strings");
      const char* k = lua_tostring(L, v - 1);
      const int which = name_index(r.filter_name_, Runtime::kFilterNames, k);
      bool on = lua_toboolean(L, v);
      switch (which) {
        case kPlayer: {
          lua_Integer p = lua_isinteger(L, v) ? lua_tointeger(L, v) : 0;
          if (p != 1 && p != 2) luaL_error(L, "g:cards: filter 'player' must be 1 or 2 (got %s)", luaL_tolstring(L, v, nullptr));
          f.player = static_cast<int>(p - 1);
          break;
        }
        case kExcept:
          if (lua_type(L, v) != LUA_TSTRING) luaL_error(L, "g:cards: filter 'except' must be a card id");
          f.except = r.check_card(v);
          break;
        case kUncovered: f.uncovered = on; break;
        case kCovered: f.covered = on; break;
        case kFaceup: f.faceup = on; break;
        case kFacedown: f.facedown = on; break;
        case kFlippable: f.flippable = on; break;
        case kTheater: only(static_cast<uint8_t>(1u << theater(L, v))); break;
        case kAdjacent: f.adjacent = f.adjacent || on; break;  // true: adjacent to this ability's card
        case kAdjacentTo:  // false: the card is off the board, no theater
          f.adjacent_to = lua_type(L, v) == LUA_TSTRING ? theater(L, v) : -1;
          break;
        case kTheaters: {
          uint8_t mask = 0;
          each_item(L, v, kMaxOptions, "g:cards: theaters",
                    [&](int i) { mask = static_cast<uint8_t>(mask | 1u << theater(L, i)); });
          only(mask);
          break;
        }
        default:
          unknown_name(L, "g:cards: unknown filter", k, Runtime::kFilterText,
                       " (filters: player, theater, theaters, adjacent_to, adjacent, uncovered, covered, faceup, "
                       "facedown, flippable, except)");
      }
      lua_pop(L, 1);
    }
  }
  // A g:cards filter: the table at stack index `idx` read into `f`. A read-only table's filter
  // never changes: it is parsed once and found again by its contents' address.
  static void read_filter(lua_State* L, int idx, Runtime::CardFilter& f) {
    Runtime& r = rt(L);
    push_contents(L, idx);
    int contents = lua_gettop(L);
    const void* key = lua_topointer(L, contents);
    if (key != lua_topointer(L, idx)) {  // a read-only table
      auto it = std::find_if(r.filter_cache_.begin(), r.filter_cache_.end(), [&](const auto& x) { return x.first == key; });
      if (it != r.filter_cache_.end()) {
        f = it->second;
      } else {
        parse_filter(L, contents, f);
        if (r.filter_cache_.size() < 64) {
          lua_rawgeti(L, LUA_REGISTRYINDEX, r.filter_cache_ref_);  // keeps the table (and its address) alive
          lua_pushvalue(L, contents);
          lua_pushboolean(L, 1);
          lua_rawset(L, -3);
          lua_pop(L, 1);
          r.filter_cache_.emplace_back(key, f);
        }
      }
    } else {
      parse_filter(L, contents, f);
    }
    lua_settop(L, contents - 1);
  }
  // The board cards a filter selects, in board order (theaters left to right, player 1 first,
  // bottom to top), each stack read from the board's location index. Returns how many.
  [[gnu::always_inline]] static inline int select_cards(lua_State* L, const Runtime::CardFilter& f, uint8_t* out) {
    const Engine& e = eng(L);
    AbilityCtx& c = ctx(L);
    const Board& b = c.s->b;
    bool uncovered = f.uncovered || (f.flippable && !e.rules().flip_covered);  // original: covered cards never flip
    uint8_t theaters = f.theaters;
    auto adjacent_to = [&](int t) {  // the theaters next to t (ruling 1), as a mask
      uint8_t mask = 0;
      for (int i = 0; i < b.ntheaters; ++i)
        if (e.adjacent(*c.s, t, b.order[i])) mask = static_cast<uint8_t>(mask | 1u << b.order[i]);
      return mask;
    };
    if (f.adjacent) {
      int mine = c.depth > 0 ? c.resolving[c.depth - 1].card : kNone;  // kNone: a hook
      theaters &= mine != kNone && b.card[mine].zone == Zone::Board ? adjacent_to(b.card[mine].theater) : 0;
    }
    if (f.adjacent_to != -2) theaters &= f.adjacent_to >= 0 ? adjacent_to(f.adjacent_to) : 0;
    uint8_t st[kMaxCards];
    int n = 0;
    const uint64_t except = f.except >= 0 ? ~(uint64_t{1} << f.except) : ~uint64_t{0};
    for (int i = 0; i < b.ntheaters; ++i) {
      int t = b.order[i];
      if (!((theaters >> t) & 1)) continue;
      for (int p = 0; p < 2; ++p) {
        if (f.player >= 0 && p != f.player) continue;
        int k = e.stack(*c.s, p, t, st);
        for (int j = 0; j < k; ++j) {
          bool top = j == k - 1, up = b.card[st[j]].faceup;
          if ((uncovered && !top) || (f.covered && top) || (f.faceup && !up) || (f.facedown && up) || !((except >> st[j]) & 1))
            continue;
          if (f.flippable && e.has_fn(Fn::MayFlip) && !e.may_flip(*c.s, st[j])) continue;  // a ban (API 3)
          out[n++] = st[j];
        }
      }
    }
    return n;
  }
  // g:cards{player=, theater=, theaters=, adjacent_to=, adjacent=, uncovered=, covered=, faceup=,
  //         facedown=, flippable=, except=} -> ids on the board, left to right, player 1 first, bottom to top.
  // Only the keys present are read; every filter given must hold (theater filters intersect).
  static int cards(lua_State* L);
  // g:is_faceup(id) -> boolean (a card on the board)
  static int is_faceup(lua_State* L);
  // g:is_covered(id) -> boolean (a card on the board)
  static int is_covered(lua_State* L);
  // g:hand(p) -> ids in the order held
  static int hand(lua_State* L);
  // g:deck_size() -> number of cards in the deck
  static int deck_size(lua_State* L);
  // Player p's total in theater t, all abilities counted (RB "Strength"). A hook checking every
  // theater reads them all at once (Engine::totals), kept in the run's context until a verb may
  // have changed them; with strength or total functions in play each total is computed as asked,
  // since those functions may read the game themselves.
  static int total(lua_State* L, int p, int t) {
    AbilityCtx& c = ctx(L);
    const Engine& e = eng(L);
    if (e.has_fn(Fn::Strength) || e.has_fn(Fn::Total)) return e.strength(*c.s, p, t);
    if (!c.totals_known) {
      e.totals(*c.s, c.totals);
      c.totals_known = true;
    }
    return c.totals[p][t];
  }
  // g:strength(p, theater) -> player p's total there, all abilities counted
  static int strength(lua_State* L);
  // g:card_strength(id) -> current strength of a card on the board
  static int card_strength(lua_State* L);
  // g:printed_strength(id), g:type(id), g:kind(id): the card's printed data
  static int printed_strength(lua_State* L);
  static int type(lua_State* L);
  static int kind(lua_State* L);
  // g:ability_of(id) -> { kind = ..., text = ..., copies = boolean } (API 5): what a card's ability is
  static int ability_of(lua_State* L);
  // g:use_ability(this, id): runs card id's instant ability now as this card's own (API 5)
  static int use_ability(lua_State* L);

  // The heart of every decision: returns the answer already given on an earlier run, or stops
  // the ability with a pending decision (docs/design.md). Returns kNone for "none" and for an
  // impossible decision (no option, or none but "none": ruling 14).
  // Asks the question through the core (Ops::ask): the answer, or kNone for none and for a
  // question left pending (the rest of the run is dry, with the small budget of a dry run).
  static uint16_t decide(lua_State* L, int p, DecisionKind kind, uint16_t* opts, int n, int card_shown,
                         int about = kNone, int prompt = 0) {
    int v = eng(L).ops().ask(ctx(L), p, kind, opts, n, card_shown, about, prompt);
    if (v >= 0) return static_cast<uint16_t>(v);
    set_dry_budget(L, kDryRunBudget);
    return kNone;
  }
  // The options table of a decision verb (argument `arg`, nil for none), read in one pass: names
  // compared by their interned addresses; an option the verb does not take is an error.
  struct ChoiceOptions {
    bool may = false;
    int prompt = 0;     // prompt=: what the question is for (interned; API 3)
    int card = kNone;   // card=: the card shown with the decision
    int play = -1;      // play=: 0 "faceup", 1 "facedown"
    int about = kNone;  // about=: the card the question is about
  };
  static ChoiceOptions read_options(lua_State* L, int arg, const char* verb, bool theater_options) {
    ChoiceOptions o;
    if (lua_isnoneornil(L, arg)) return o;
    luaL_checktype(L, arg, LUA_TTABLE);
    const Runtime& r = rt(L);
    const int top = lua_gettop(L), t = top + 1;
    push_contents(L, arg);
    lua_pushnil(L);
    while (lua_next(L, t)) {
      int v = lua_gettop(L);
      const char* k = lua_type(L, v - 1) == LUA_TSTRING ? lua_tostring(L, v - 1) : nullptr;
      const int which = name_index(r.option_name_, Runtime::kOptionNames, k);
      if (which < 0 || (which > 1 && !theater_options))
        unknown_name(L, std::string(verb) + ": unknown option", luaL_tolstring(L, v - 1, nullptr),
                     std::span<const char* const>(Runtime::kOptionText, theater_options ? Runtime::kOptionNames : 2));
      switch (which) {
        case 0: o.may = lua_toboolean(L, v); break;
        case 1: o.prompt = plain_text(L, v, 80, "a prompt", false); break;
        case 2: o.card = rt(L).check_card(v); break;
        case 3: {
          static const char* const faces[] = {"faceup", "facedown", nullptr};
          o.play = luaL_checkoption(L, v, nullptr, faces);
          break;
        }
        default: o.about = rt(L).check_card(v); break;
      }
      lua_pop(L, 1);
    }
    lua_settop(L, top);
    return o;
  }

  // A text a script gives the state (a prompt, an end reason): printable ASCII, 1 to `max`
  // characters (letters, digits, spaces and _ only when `word`), interned in the game's table of
  // names; with `read` only looked up (0 when the game never named it: reading adds nothing).
  // The last few texts are remembered by their string's address (Runtime::name_cache_): a prompt
  // asked at every pick is checked and interned once.
  static int plain_text(lua_State* L, int arg, size_t max, const char* what, bool word, bool read = false) {
    size_t len = 0;
    const char* t = lua_type(L, arg) == LUA_TSTRING ? lua_tolstring(L, arg, &len) : nullptr;
    if (!t) luaL_error(L, "%s must be a string (got %s)", what, luaL_typename(L, arg));
    arg = lua_absindex(L, arg);
    Runtime& r = rt(L);
    const Interned interned = eng(L).interned();
    const uint32_t names = board(L).names, rule = static_cast<uint32_t>(max) * 2 + (word ? 1 : 0);
    const uint64_t releases = interned.releases();
    const size_t at = (reinterpret_cast<uintptr_t>(t) >> 4) % Runtime::kNameCache;
    Runtime::NameCacheEntry& cached = r.name_cache_[at];
    if (cached.text == t && cached.registry == interned.registry() && cached.names == names && cached.rule == rule &&
        cached.releases == releases)
      return cached.id;
    bool ok = len >= 1 && len <= max;
    for (size_t i = 0; ok && i < len; ++i) {
      unsigned char ch = static_cast<unsigned char>(t[i]);
      ok = word ? (std::isalnum(ch) || ch == '_') : (ch >= 0x20 && ch < 0x7f);
    }
    if (!ok)
      luaL_error(L, "%s must be %s, 1 to %d characters", what,
                 word ? "a plain word (letters, digits, _)" : "printable ASCII text", static_cast<int>(max));
    // (A name only read is not remembered: a game may name it later.)
    if (read) return interned.find_name(board(L), std::string_view(t, len));
    const int id = interned.intern(board(L), std::string_view(t, len));
    cached = Runtime::NameCacheEntry{t, interned.registry(), names, rule, releases, id};
    lua_rawgeti(L, LUA_REGISTRYINDEX, r.name_pins_ref_);
    lua_pushvalue(L, arg);
    lua_rawseti(L, -2, static_cast<lua_Integer>(at) + 1);
    lua_pop(L, 1);
    return id;
  }
  // The arguments of a question over a list (g, p, list, options): the player, the list's items
  // read by `item` into `opts` (room for kMaxOptions, one kept for "none"), the options table.
  struct ListQuestion {
    int p;
    ChoiceOptions o;
  };
  template <class Item>
  static ListQuestion list_question(lua_State* L, const char* verb, bool theater_options, uint16_t* opts, int& n,
                                    Item item) {
    ListQuestion q{player(L, 2), read_options(L, 4, verb, theater_options)};
    each_item(L, 3, kMaxOptions - 1, verb, [&](int i) { opts[n++] = item(i); });
    return q;
  }
  // g:choose_card(p, ids, {may=true}) -> the id player p chooses, or nil ("none", or no option)
  static int choose_card(lua_State* L);
  // g:choose_theater(p, theaters, {may=true, card=id, play="faceup"|"facedown", about=id}) -> a
  // theater name, or nil; with `play`, only the theaters where p may play `card` that way are
  // offered (ruling 14)
  static int choose_theater(lua_State* L);
  // g:choose_option(p, options, {prompt=TEXT, may=true}) -> the text player p picks, or nil for
  // "none" (offered last with `may`). `options`: 2 to 8 distinct texts, printable ASCII, 1 to 40
  // characters each (API 4, docs/modding.md "Questions in words")
  static int choose_option(lua_State* L);
  // g:choose_play(p) -> player p plays a card from hand (deploy or improvise, their choice);
  // returns the id played, or nil if p has no card to play. Ruling 26.
  static int choose_play(lua_State* L);

  // g:flip(id) -> true, or false when a rule or a ban refused it (API 3): turns a card on the
  // board over (RB "Flip"); a card flipped faceup uses its ability
  static int flip(lua_State* L);
  static bool flip_card(lua_State* L, int c) {
    // Before API 3 a covered card under flip_covered = false is an error, not a refusal.
    if (eng(L).set().api < 3 && !eng(L).rules().flip_covered && !eng(L).uncovered(*ctx(L).s, c))
      luaL_error(L, "card '%s' is covered, and covered cards can never be flipped", eng(L).set().cards[c].id.c_str());
    return eng(L).ops().flip(ctx(L), c);
  }
  // A declared ability { flip = filter } (use("flip").one; docs/modding.md): the card's owner
  // flips one card chosen from g:cards(filter); skipped when there is none (rulings 14, 16) or
  // when the card has no owner (it is in the deck). Carried out here, without running Lua, by the
  // code of g:owner, g:cards, g:choose_card and g:flip, so it resolves exactly as flip.lua's
  // function does. Argument 1: the card's index.
  static int declared_flip(lua_State* L);
  // g:move(id, theater) -> true, or false when a ban refused it (API 3): moves a card on the
  // board to another theater, on top (RB "Move")
  static int move(lua_State* L);
  // g:destroy(id): a card on the board or in a hand goes facedown to the bottom of the deck
  // (RB "Destroy"; ruling 18; docs/modding.md, "Changing the game")
  static int destroy(lua_State* L);
  // g:return_to_hand(id): a card on the board goes to the end of its owner's hand
  static int return_to_hand(lua_State* L);
  // g:draw(p) -> the id of the deck's top card, now held by player p for this ability, or nil
  // if the deck is empty. A held card not played by the end of the ability returns on top.
  static int draw(lua_State* L);
  // g:play(p, id, theater, "faceup"|"facedown") -> true, or false if destroyed as played.
  // The card comes from p's hand, is held by p, or is a deck card p looked at during this
  // ability; all normal rules apply, may_play functions included (ruling 17).
  static int play(lua_State* L);
  // g:allow_anywhere(p, "next_play"|"next_turn"): p may deploy to a non-matching theater on
  // their next play (standard Air Drop, ruling 21) or during their next turn (original)
  static int allow_anywhere(lua_State* L);
  // g:extra_turn(p): p takes one more turn right after the current one (original Redeploy)
  static int extra_turn(lua_State* L);
  // g:add_tokens(p, theater, n): n supply tokens (+1 strength each) on p's side of a theater
  static int add_tokens(lua_State* L);
  static int tokens(lua_State* L);

  // ---- API 2 (docs/modding.md, "Verbs an ability may call on g") ----
  // g:to_deck(id, "top"|"bottom"): a board or hand card goes facedown to the top or bottom of
  // the deck; a deck card (one a player looked at) moves to the top or bottom
  static int to_deck(lua_State* L);
  // (g, p, n): `op` takes up to n cards from the top of the deck for player p; pushes their ids.
  template <typename Op>
  static int top_cards(lua_State* L, Op op) {
    int p = player(L, 2);
    lua_Integer n = integer(L, 3);
    luaL_argcheck(L, n >= 0, 3, "n must not be negative");
    uint8_t out[kMaxCards];
    int k = (eng(L).ops().*op)(ctx(L), p, static_cast<int>(std::min<lua_Integer>(n, kMaxCards)), out);
    push_ids(L, out, k);
    return 1;
  }
  // g:look(p, n) -> the top n cards of the deck (fewer if it is shorter), top first; p now knows
  // them and may play them with g:play during this ability; they stay in the deck
  static int look(lua_State* L);
  // g:gain_vp(p, n): player p scores n VP now (0 <= n <= 10000); the game still ends only when a battle does
  static int gain_vp(lua_State* L);
  // g:lose_vp(p, n) -> the VP lost: p loses n VP now (0 <= n <= 10000), a score never below 0 (API 5)
  static int lose_vp(lua_State* L);
  // g:log(text): a line in the game's event log, seen by both players (at most 200 characters)
  static int log(lua_State* L);
  // g:measure(name[, n]): n (default 1) toward the designer's measure `name` in this game
  static int measure(lua_State* L);
  // g:score(p) -> p's VP
  static int score(lua_State* L);
  // g:vp_target() -> the VP that win the game
  static int vp_target(lua_State* L);
  // g:param(name) -> the value of a param the set or a house rule declares (`params = {...}`), as
  // loaded (--param, a spec's ?name=value): an integer when whole. An unknown name is an error
  // naming the params there are.
  static int param(lua_State* L);
  // g:battle() -> the battle number
  static int battle(lua_State* L);
  // g:turn_number() -> the turns begun in this battle: 1 at its first turn, 0 before it (a deal
  // or battle_start hook) (API 4)
  static int turn_number(lua_State* L);
  // g:battles() -> the battles decided so far, oldest first (at most the last 32): each
  // { number, winner, how = "control" / "withdraw" / a battle_over reason, vp, first, scores =
  // {vp1, vp2} after it } (API 4)
  static int battles(lua_State* L);
  // g:first() -> the player holding the 1st-player Supreme Commander
  static int first(lua_State* L);
  // g:turn() -> the player whose turn it is
  static int turn(lua_State* L);
  // g:controller(theater) -> who controls it now (ties and empty theaters: the 1st player; ruling 5)
  static int controller(lua_State* L);
  // g:can_play(p, id, theater, "faceup"|"facedown") -> whether that play is allowed now: the
  // rules (matching theater for faceup, unless a permission applies) and every may_play function
  static int can_play(lua_State* L);
  // g:hand_size(p) -> cards in p's hand
  static int hand_size(lua_State* L);

  // ---- API 3 (docs/modding.md, "Card script API 3") ----
  // A counter's target: a player 1 or 2, or a card id (on the board, when `on_board_only`).
  static int counter_target(lua_State* L, int arg, bool on_board_only) {
    if (lua_type(L, arg) == LUA_TNUMBER) return kCounterPlayer + player(L, arg);
    return on_board_only ? on_board(L, arg) : rt(L).check_card(arg);
  }
  // g:counter(target, name) -> the counter's value; 0 if never set (or the card left the board)
  static int counter(lua_State* L);
  static int change_counter(lua_State* L, bool add) {
    int target = counter_target(L, 2, true), name = plain_text(L, 3, 24, "a counter's name", true);
    const lua_Integer n = integer(L, 4);
    // The amount is checked before it is added (a counter is within -1000..1000, so an amount
    // past twice that is refused as it stands: no overflow of `counter + n`).
    if (n < -2 * kCounterLimit || n > 2 * kCounterLimit)
      luaL_error(L, "counter '%s' would be %I, outside -1000..1000", lua_tostring(L, 3), n);
    const lua_Integer v = add ? eng(L).counter(*ctx(L).s, target, name) + n : n;
    if (v < -kCounterLimit || v > kCounterLimit)
      luaL_error(L, "counter '%s' would be %I, outside -1000..1000", lua_tostring(L, 3), v);
    eng(L).ops().set_counter(ctx(L), target, name, static_cast<int>(v));
    lua_pushinteger(L, v);
    return 1;
  }
  // g:add_counter(target, name, n) -> the new value (n may be negative)
  static int add_counter(lua_State* L);
  // g:set_counter(target, name, n) -> n
  static int set_counter(lua_State* L);
  // g:give(id, p) -> true, or false if the card is p's already: a board card goes to the top of
  // p's side of its theater, same face
  static int give(lua_State* L);
  // g:deal(p, n) -> the ids p took from the top of the deck into hand, top first
  static int deal(lua_State* L);
  // g:reveal(ids, to): the cards `ids` (a list of at most 64, or one id; in a hand, on the board
  // or in the deck) become known to `to`: 1, 2 or "both"; fires `revealed` for each card and the
  // players who did not know it (API 4, docs/modding.md "Knowledge"). Returns nothing.
  static int reveal(lua_State* L);
  // g:to_hand(id, p) -> false if the card is in p's hand already; else it goes from the deck,
  // either hand or the board to the end of p's hand (a board card facedown, as return_to_hand),
  // p knows it; fires to_hand (card, player, from: a theater, "hand" or "deck") (API 4)
  static int to_hand(lua_State* L);
  // g:knows(p, id) -> whether player p knows that card now (API 4; ruling 28)
  static int knows(lua_State* L);
  // g:deck() -> the deck's ids, top first (API 4: scripts are the rules and see everything)
  static int deck(lua_State* L);
  // g:effect's `until` (argument 3): a moment's name, or { turns = N } (N: 1 to 12) into `turns`.
  static Until until_arg(lua_State* L, int& turns) {
    static const std::string list = std::string(" (") + kUntilList + ")";
    const char* kList = list.c_str();
    if (lua_type(L, 3) == LUA_TTABLE) {  // { turns = N } (API 4)
      push_contents(L, 3);
      lua_pushnil(L);
      bool seen = false;
      while (lua_next(L, -2)) {
        static const char* const fields[] = {"turns"};
        const char* k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : nullptr;
        if (!k || std::string_view(k) != "turns")
          unknown_name(L, "g:effect: unknown duration field", luaL_tolstring(L, -2, nullptr), fields, kList);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > kMaxEffectTurns)
          luaL_error(L, "g:effect: turns must be an integer from 1 to %d", kMaxEffectTurns);
        turns = static_cast<int>(lua_tointeger(L, -1));
        seen = true;
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
      if (!seen) luaL_error(L, "g:effect: a duration table is { turns = N }, N from 1 to %d", kMaxEffectTurns);
      return Until::Turns;
    }
    const char* u = luaL_checkstring(L, 3);
    const int ui = until_named(u);
    if (ui < 0) unknown_name(L, "g:effect: unknown duration", u, kUntilNames, kList);
    return static_cast<Until>(ui);
  }
  // The player whose ability is running (data.player, API 4): a lasting effect's trigger: that
  // effect's; a card's ability: its card's owner (kNone in the deck); a house rule: kNone.
  static int running_player(lua_State* L) {
    AbilityCtx& c = ctx(L);
    if (c.depth == 0) return kNone;
    const AbilityCtx::Running& r = c.resolving[c.depth - 1];
    if (r.uid != kNone)
      if (const Lasting* l = eng(L).find_lasting(*c.s, r.uid)) return l->player;
    if (r.card == kNone) return kNone;
    const CardLoc& l = board(L).card[r.card];
    return l.zone == Zone::Deck || l.zone == Zone::Out ? kNone : l.owner;
  }
  // g:effect(name, until, data): starts the running card's (or house rule's) lasting effect
  // `name` until "turn_end", "next_turn_end" or "battle_end" (API 4: "own_next_turn_start",
  // "own_next_turn_end", { turns = N }, "game_end"); data: at most 4 fields, each an integer, a
  // boolean, a card id, a theater name or a player. Returns the effect's id (API 6: data.id).
  static int effect(lua_State* L);
  // g:end_effect(id) -> whether a lasting effect with that id lasted: it ends now (API 6).
  static int end_effect(lua_State* L);
};

/// The Lua entry of a declared flip ability (run_protected calls it as an ability's function).
int declared_flip_entry(lua_State* L);

}  // namespace als::lua_verbs
