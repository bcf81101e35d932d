// The Lua binding: the verbs an ability calls on `g` (docs/modding.md lists every one) and the
// running of abilities, triggers, ongoing functions and hooks (the Scripts interface of
// abilities.h). Loading and validation: loader.cpp.
//
// Verbs come in three groups, registered in one table (kVerbs): queries read the game;
// decisions ask a player; effects change the game. One wrapper (dispatch) serves them all: it
// refuses decisions and effects in read-only calls (ongoing functions, answering hooks), turns
// effects into no-ops in the dry rest of a run, checks after each effect whether the running
// ability was interrupted (the first printing), and turns every C++ exception into a Lua error.
// Adding a verb is one function in Verbs and one line in kVerbs (and a row in docs/modding.md).
#include "binding.h"

#include "names.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <span>
#include <stdexcept>
#include <utility>

#include <lua.hpp>

#include "engine.h"

namespace als {

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

namespace {
char kInterruptTag;  // the engine's signal that an ability is interrupted (a light userdata error)
// g:cards's filters: their names, and the index of each in Runtime::filter_name_.
// (Their texts: Runtime::kFilterText, in this order.)
enum Filter { kPlayer, kExcept, kUncovered, kCovered, kFaceup, kFacedown, kFlippable, kTheater, kAdjacent, kAdjacentTo, kTheaters };
static_assert(kTheaters + 1 == Runtime::kFilterNames);
}  // namespace

void Runtime::push_id(int card) { lua_rawgeti(L_, LUA_REGISTRYINDEX, id_ref_[static_cast<size_t>(card)]); }

int Runtime::check_card(int arg) {
  const char* id = luaL_checkstring(L_, arg);
  // Short Lua strings are interned: an id passed back by a script is the very string the engine
  // pushed, found by its address; the text is looked up only for anything else.
  for (size_t h = id_hash(id); id_slot_[h].ptr; h = (h + 1) & (kIdSlots - 1))
    if (id_slot_[h].ptr == id) return id_slot_[h].card;
  int c = eng_->set().find(id);
  if (c < 0) unknown_card(id);
  return c;
}

void Runtime::unknown_card(const char* id) {
  std::vector<std::string_view> ids;
  for (const CardDef& d : eng_->set().cards) ids.push_back(d.id);
  std::string msg = "unknown card '" + std::string(id).substr(0, 64) + "'" + did_you_mean(id, ids);
  luaL_error(L_, "%s", msg.c_str());
  std::abort();  // not reached
}

void Runtime::attach(const Engine& e) {
  eng_ = &e;
  intern_theaters(e.rules().theaters);
  // The message handler of every call from now on, kept at the bottom of the stack (not pushed
  // and moved into place for each call).
  lua_pushcfunction(L_, traceback_handler);
  handler_ = lua_gettop(L_);
}

void Runtime::intern_theaters(const std::vector<std::string>& names) {
  for (int ref : theater_ref_) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
  theater_ref_.clear();
  theater_ptr_.clear();
  for (const std::string& n : names) {
    theater_ptr_.push_back(lua_pushstring(L_, n.c_str()));
    theater_ref_.push_back(luaL_ref(L_, LUA_REGISTRYINDEX));
  }
}

void Runtime::push_theater(int t) { lua_rawgeti(L_, LUA_REGISTRYINDEX, theater_ref_[static_cast<size_t>(t)]); }

void Runtime::push_declared_filter(int card) {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, declared_flip_ref_[static_cast<size_t>(card)]);
}

int Runtime::find_theater(const char* name) const {
  for (size_t i = 0; i < theater_ptr_.size(); ++i)
    if (theater_ptr_[i] == name) return static_cast<int>(i);
  return eng_->theater_id(name);
}

std::string Runtime::who(const Due& d, int effect) const {
  if (effect >= 0) {
    const LastingDef& e = lasting_defs_[static_cast<size_t>(effect)];
    if (e.card == kNone) return "effect " + e.name + " (house rule)";
    const CardDef& c = eng_->set().cards[static_cast<size_t>(e.card)];
    return "effect " + e.name + " of card " + c.id + " (" + c.file + ")";
  }
  if (d.card == kNone) {
    const HookKind& k = acting_hook(d.what);
    return "house rule " + std::string(k.name) + " (" + hook_file_[static_cast<int>(k.hook)].back() + ")";
  }
  const CardDef& c = eng_->set().cards[d.card];
  return "card " + c.id + " (" + c.file + ")";
}

// ---------------------------------------------------------------------------------------------
// Verbs

namespace {

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
    for (int i = 0; i < b.ntheaters; ++i) names.push_back(eng(L).theater_name(b.order[i]));
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
  // Calls item(stack index) for each entry of the list argument `arg` (at most `max` entries,
  // read raw: a read-only table's contents), in order; the stack is left as it was.
  template <typename Item>
  static void each_item(lua_State* L, int arg, size_t max, const char* what, Item item) {
    luaL_checktype(L, arg, LUA_TTABLE);
    push_contents(L, arg);
    size_t n = lua_rawlen(L, -1);
    if (n > max) luaL_error(L, "%s: a list of at most %d entries is expected", what, static_cast<int>(max));
    for (size_t i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
      item(lua_gettop(L));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  // Reads the contents of a g:cards filter table (at stack index `contents`) into `f`.
  static void parse_filter(lua_State* L, int contents, Runtime::CardFilter& f) {
    Runtime& r = rt(L);
    auto only = [&](uint8_t mask) { f.theaters &= mask; };
    lua_pushnil(L);
    while (lua_next(L, contents)) {
      int v = lua_gettop(L);
      if (lua_type(L, v - 1) != LUA_TSTRING) luaL_error(L, "g:cards: filter names are strings");
      // Filter names are short strings, which Lua interns: compare the pointers.
      const char* k = lua_tostring(L, v - 1);
      int which = -1;
      for (int i = 0; i < Runtime::kFilterNames && which < 0; ++i)
        if (r.filter_name_[i] == k) which = i;
      for (int i = 0; i < Runtime::kFilterNames && which < 0; ++i)  // (a long string is not interned)
        if (!std::strcmp(r.filter_name_[i], k)) which = i;
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
  static int cards(lua_State* L) {
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
  static int strength(lua_State* L) {
    int p = player(L, 2);
    lua_pushinteger(L, total(L, p, theater(L, 3)));
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
    lua_pushstring(L, kind_name(eng(L).set().cards[rt(L).check_card(2)].kind));
    return 1;
  }

  // The heart of every decision: returns the answer already given on an earlier run, or stops
  // the ability with a pending decision (docs/design.md). Returns kNone for "none" and for an
  // impossible decision (no option, or none but "none": ruling 14).
  // Asks the question through the core (Engine::ask): the answer, or kNone for none and for a
  // question left pending (the rest of the run is dry, with the small budget of a dry run).
  static uint16_t decide(lua_State* L, int p, DecisionKind kind, uint16_t* opts, int n, int card_shown,
                         int about = kNone, int prompt = 0) {
    int v = eng(L).ask(ctx(L), p, kind, opts, n, card_shown, about, prompt);
    if (v >= 0) return static_cast<uint16_t>(v);
    set_budget(L, kDryRunBudget);
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
    push_contents(L, arg);
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
      int v = lua_gettop(L);
      const char* k = lua_type(L, v - 1) == LUA_TSTRING ? lua_tostring(L, v - 1) : nullptr;
      int which = -1;
      for (int i = 0; k && i < Runtime::kOptionNames && which < 0; ++i)
        if (r.option_name_[i] == k || !std::strcmp(r.option_name_[i], k)) which = i;
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
    lua_pop(L, 1);
    return o;
  }

  // A text a script gives the state (a prompt, an end reason): printable ASCII, 1 to `max`
  // characters (letters, digits, spaces and _ only when `word`), interned in the game's table of
  // names; with `read` only looked up (0 when the game never named it: reading adds nothing).
  static int plain_text(lua_State* L, int arg, size_t max, const char* what, bool word, bool read = false) {
    size_t len = 0;
    const char* t = lua_type(L, arg) == LUA_TSTRING ? lua_tolstring(L, arg, &len) : nullptr;
    if (!t) luaL_error(L, "%s must be a string (got %s)", what, luaL_typename(L, arg));
    bool ok = len >= 1 && len <= max;
    for (size_t i = 0; ok && i < len; ++i) {
      unsigned char ch = static_cast<unsigned char>(t[i]);
      ok = word ? (std::isalnum(ch) || ch == '_') : (ch >= 0x20 && ch < 0x7f);
    }
    if (!ok)
      luaL_error(L, "%s must be %s, 1 to %d characters", what,
                 word ? "a plain word (letters, digits, _)" : "printable ASCII text", static_cast<int>(max));
    return read ? eng(L).find_name(board(L), std::string_view(t, len)) : eng(L).intern(board(L), std::string_view(t, len));
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
  static int choose_card(lua_State* L) {
    uint16_t opts[kMaxOptions];
    int n = 0;
    ListQuestion q = list_question(L, "g:choose_card", false, opts, n,
                                   [&](int i) { return static_cast<uint16_t>(rt(L).check_card(i)); });
    if (n > 0 && q.o.may) opts[n++] = kNone;
    uint16_t v = decide(L, q.p, DecisionKind::Card, opts, n, kNone, kNone, q.o.prompt);
    if (v == kNone) lua_pushnil(L);
    else rt(L).push_id(v);
    return 1;
  }
  // g:choose_theater(p, theaters, {may=true, card=id, play="faceup"|"facedown", about=id}) -> a
  // theater name, or nil; with `play`, only the theaters where p may play `card` that way are
  // offered (ruling 14)
  static int choose_theater(lua_State* L) {
    uint16_t opts[kMaxOptions];
    int n = 0;
    ListQuestion q = list_question(L, "g:choose_theater", true, opts, n,
                                   [&](int i) { return static_cast<uint16_t>(theater(L, i)); });
    const int p = q.p;
    const ChoiceOptions& o = q.o;
    if (o.play >= 0) {
      if (o.card == kNone) luaL_error(L, "g:choose_theater: option 'play' needs 'card'");
      int k = 0;
      for (int i = 0; i < n; ++i)
        if (eng(L).may_play(*ctx(L).s, p, o.card, opts[i], o.play == 0)) opts[k++] = opts[i];
      n = k;
    }
    if (n > 0 && o.may) opts[n++] = kNone;
    uint16_t v = decide(L, p, DecisionKind::Theater, opts, n, o.card, o.about, o.prompt);
    push_theater(L, v);
    return 1;
  }
  // g:choose_option(p, options, {prompt=TEXT, may=true}) -> the text player p picks, or nil for
  // "none" (offered last with `may`). `options`: 2 to 8 distinct texts, printable ASCII, 1 to 40
  // characters each (API 4, docs/modding.md "Questions in words")
  static int choose_option(lua_State* L) {
    const int p = player(L, 2);
    ChoiceOptions o = read_options(L, 4, "g:choose_option", false);
    uint16_t texts[kMaxOptionTexts] = {}, opts[kMaxOptionTexts + 1];
    std::string joined;  // the decision keeps them as one name, joined by '\n'
    int n = 0;
    luaL_checktype(L, 3, LUA_TTABLE);
    each_item(L, 3, kMaxOptionTexts, "g:choose_option: options", [&](int i) {
      const uint16_t t = static_cast<uint16_t>(plain_text(L, i, 40, "an option of g:choose_option", false));
      for (int k = 0; k < n; ++k)
        if (texts[k] == t) luaL_error(L, "g:choose_option: option '%s' is given twice", lua_tostring(L, i));
      if (o.may && std::string_view(lua_tostring(L, i)) == "none")
        luaL_error(L, "g:choose_option: 'none' is the answer `may` adds; give the option another text");
      texts[n] = t;
      if (n) joined += '\n';
      joined += eng(L).name(board(L), t);
      opts[n] = static_cast<uint16_t>(n);
      ++n;
    });
    if (n < 2) luaL_error(L, "g:choose_option: options must hold 2 to 8 texts (got %d)", n);
    const int ntexts = n;
    if (o.may) opts[n++] = kNone;
    int v = eng(L).ask(ctx(L), p, DecisionKind::Option, opts, n, kNone, kNone, o.prompt, eng(L).intern(board(L), joined));
    if (v < 0) set_budget(L, kDryRunBudget);
    if (v < 0 || v == kNone || v >= ntexts) lua_pushnil(L);
    else lua_pushstring(L, eng(L).name(board(L), texts[v]).c_str());
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
    PlayOption po = PlayOption::decode(v);
    eng(L).op_play(c, p, po.card, po.theater, !po.facedown);
    rt(L).push_id(po.card);
    check_interrupt(L);
    return 1;
  }

  // g:flip(id) -> true, or false when a rule or a ban refused it (API 3): turns a card on the
  // board over (RB "Flip"); a card flipped faceup uses its ability
  static int flip(lua_State* L) {
    lua_pushboolean(L, flip_card(L, on_board(L, 2)));
    return 1;
  }
  static bool flip_card(lua_State* L, int c) {
    // Before API 3 a covered card under flip_covered = false is an error, not a refusal.
    if (eng(L).set().api < 3 && !eng(L).rules().flip_covered && !eng(L).uncovered(*ctx(L).s, c))
      luaL_error(L, "card '%s' is covered, and covered cards can never be flipped", eng(L).set().cards[c].id.c_str());
    return eng(L).op_flip(ctx(L), c);
  }
  // A declared ability { flip = filter } (use("flip").one; docs/modding.md): the card's owner
  // flips one card chosen from g:cards(filter); skipped when there is none (rulings 14, 16) or
  // when the card has no owner (it is in the deck). Carried out here, without running Lua, by the
  // code of g:owner, g:cards, g:choose_card and g:flip, so it resolves exactly as flip.lua's
  // function does. Argument 1: the card's index.
  static int declared_flip(lua_State* L) {
    AbilityCtx& c = ctx(L);
    int card = static_cast<int>(lua_tointeger(L, 1));
    const CardLoc& l = c.s->b.card[card];
    if (l.zone == Zone::Deck) return 0;
    int p = l.owner;
    Runtime::CardFilter f;
    rt(L).push_declared_filter(card);
    read_filter(L, lua_gettop(L), f);
    lua_pop(L, 1);
    f.flippable = true;  // a card that may not flip is not offered (API 3 bans; covered, in the original)
    uint8_t out[kMaxCards];
    int n = select_cards(L, f, out);
    uint16_t opts[kMaxCards];
    std::copy(out, out + n, opts);
    uint16_t v = decide(L, p, DecisionKind::Card, opts, n, kNone);
    if (v == kNone || c.dry) return 0;
    flip_card(L, v);
    check_interrupt(L);
    return 0;
  }
  // g:move(id, theater) -> true, or false when a ban refused it (API 3): moves a card on the
  // board to another theater, on top (RB "Move")
  static int move(lua_State* L) {
    int c = on_board(L, 2), t = theater(L, 3);
    if (board(L).card[c].theater == t) luaL_error(L, "card '%s' is already in %s", lua_tostring(L, 2), lua_tostring(L, 3));
    lua_pushboolean(L, eng(L).op_move(ctx(L), c, t));
    return 1;
  }
  // g:destroy(id): a card on the board or in a hand goes facedown to the bottom of the deck
  // (RB "Destroy"; ruling 18; docs/modding.md, "Changing the game")
  static int destroy(lua_State* L) {
    int c = rt(L).check_card(2);
    Zone z = board(L).card[c].zone;
    if (z != Zone::Board && z != Zone::Hand)
      luaL_error(L, "card '%s' is neither on the board nor in a hand", lua_tostring(L, 2));
    eng(L).op_destroy(ctx(L), c);
    return 0;
  }
  // g:return_to_hand(id): a card on the board goes to the end of its owner's hand
  static int return_to_hand(lua_State* L) {
    eng(L).op_return(ctx(L), on_board(L, 2));
    return 0;
  }
  // g:draw(p) -> the id of the deck's top card, now held by player p for this ability, or nil
  // if the deck is empty. A held card not played by the end of the ability returns on top.
  static int draw(lua_State* L) {
    int c = eng(L).op_draw(ctx(L), player(L, 2));
    if (c < 0) lua_pushnil(L);
    else rt(L).push_id(c);
    return 1;
  }
  // g:play(p, id, theater, "faceup"|"facedown") -> true, or false if destroyed as played.
  // The card comes from p's hand, is held by p, or is a deck card p looked at during this
  // ability; all normal rules apply, may_play functions included (ruling 17).
  static int play(lua_State* L) {
    int p = player(L, 2), c = rt(L).check_card(3), t = theater(L, 4);
    static const char* const faces[] = {"faceup", "facedown", nullptr};
    bool faceup = luaL_checkoption(L, 5, nullptr, faces) == 0;
    AbilityCtx& cx = ctx(L);
    const CardLoc& l = board(L).card[c];
    bool looked = l.zone == Zone::Deck && ((cx.looked[p] >> c) & 1);  // g:look during this ability
    if (!looked && ((l.zone != Zone::Hand && l.zone != Zone::Held) || l.owner != p))
      luaL_error(L, "card '%s' is not in player %d's hand (nor a deck card they looked at)", lua_tostring(L, 3), p + 1);
    if (!eng(L).may_play(*cx.s, p, c, t, faceup))
      luaL_error(L, "card '%s' may not be played %s to %s", lua_tostring(L, 3), faceup ? "faceup" : "facedown",
                 lua_tostring(L, 4));
    bool stayed = eng(L).op_play(ctx(L), p, c, t, faceup);
    lua_pushboolean(L, stayed);
    return 1;
  }
  // g:allow_anywhere(p, "next_play"|"next_turn"): p may deploy to a non-matching theater on
  // their next play (standard Air Drop, ruling 21) or during their next turn (original)
  static int allow_anywhere(lua_State* L) {
    int p = player(L, 2);
    static const char* const when[] = {"next_play", "next_turn", nullptr};
    eng(L).op_allow_anywhere(ctx(L), p, luaL_checkoption(L, 3, "next_play", when) == 1);
    return 0;
  }
  // g:extra_turn(p): p takes one more turn right after the current one (original Redeploy)
  static int extra_turn(lua_State* L) {
    eng(L).op_extra_turn(ctx(L), player(L, 2));
    return 0;
  }
  // g:add_tokens(p, theater, n): n supply tokens (+1 strength each) on p's side of a theater
  static int add_tokens(lua_State* L) {
    int p = player(L, 2), t = theater(L, 3);
    lua_Integer n = integer(L, 4);
    int v = board(L).tokens[p][t];
    luaL_argcheck(L, n >= -kMaxTokens && n <= kMaxTokens && v + n >= 0 && v + n <= kMaxTokens, 4,
                  "tokens must stay between 0 and 1000");
    eng(L).op_add_tokens(ctx(L), p, t, static_cast<int>(n));
    return 0;
  }
  static int tokens(lua_State* L) {
    int p = player(L, 2), t = theater(L, 3);
    lua_pushinteger(L, board(L).tokens[p][t]);
    return 1;
  }

  // ---- API 2 (docs/modding.md, "Verbs an ability may call on g") ----
  // g:to_deck(id, "top"|"bottom"): a board or hand card goes facedown to the top or bottom of
  // the deck; a deck card (one a player looked at) moves to the top or bottom
  static int to_deck(lua_State* L) {
    int c = rt(L).check_card(2);
    static const char* const where[] = {"top", "bottom", nullptr};
    bool top = luaL_checkoption(L, 3, nullptr, where) == 0;
    Zone z = board(L).card[c].zone;
    if (z != Zone::Board && z != Zone::Hand && z != Zone::Deck)
      luaL_error(L, "card '%s' is neither on the board, in a hand nor in the deck", lua_tostring(L, 2));
    eng(L).op_to_deck(ctx(L), c, top);
    return 0;
  }
  // (g, p, n): `op` takes up to n cards from the top of the deck for player p; pushes their ids.
  template <typename Op>
  static int top_cards(lua_State* L, Op op) {
    int p = player(L, 2);
    lua_Integer n = integer(L, 3);
    luaL_argcheck(L, n >= 0, 3, "n must not be negative");
    uint8_t out[kMaxCards];
    int k = (eng(L).*op)(ctx(L), p, static_cast<int>(std::min<lua_Integer>(n, kMaxCards)), out);
    push_ids(L, out, k);
    return 1;
  }
  // g:look(p, n) -> the top n cards of the deck (fewer if it is shorter), top first; p now knows
  // them and may play them with g:play during this ability; they stay in the deck
  static int look(lua_State* L) { return top_cards(L, &Engine::op_look); }
  // g:gain_vp(p, n): player p scores n VP now (0 <= n <= 10000); the game still ends only when a battle does
  static int gain_vp(lua_State* L) {
    int p = player(L, 2);
    lua_Integer n = integer(L, 3);
    luaL_argcheck(L, n >= 0 && n <= kMaxVp, 3, "VP gained must be between 0 and 10000");
    eng(L).op_gain_vp(ctx(L), p, static_cast<int>(n));
    return 0;
  }
  // g:log(text): a line in the game's event log, seen by both players (at most 200 characters)
  static int log(lua_State* L) {
    size_t len = 0;
    const char* s = luaL_checklstring(L, 2, &len);
    std::string text;
    for (size_t i = 0; i < len && text.size() < 200; ++i) {
      unsigned char ch = static_cast<unsigned char>(s[i]);
      text += ch >= 0x20 && ch < 0x7f ? static_cast<char>(ch) : '?';  // plain text only
    }
    eng(L).op_log(ctx(L), text);
    return 0;
  }
  // g:score(p) -> p's VP
  static int score(lua_State* L) {
    lua_pushinteger(L, board(L).score[player(L, 2)]);
    return 1;
  }
  // g:vp_target() -> the VP that win the game
  static int vp_target(lua_State* L) {
    lua_pushinteger(L, eng(L).rules().vp_target);
    return 1;
  }
  // g:param(name) -> the value of a param the set or a house rule declares (`params = {...}`), as
  // loaded (--param, a spec's ?name=value): an integer when whole. An unknown name is an error
  // naming the params there are.
  static int param(lua_State* L) {
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
  static int battle(lua_State* L) {
    lua_pushinteger(L, board(L).battle);
    return 1;
  }
  // g:turn_number() -> the turns begun in this battle: 1 at its first turn, 0 before it (a deal
  // or battle_start hook) (API 4)
  static int turn_number(lua_State* L) {
    lua_pushinteger(L, board(L).turn_number());
    return 1;
  }
  // g:battles() -> the battles decided so far, oldest first (at most the last 32): each
  // { number, winner, how = "control" / "withdraw" / a battle_over reason, vp, first, scores =
  // {vp1, vp2} after it } (API 4)
  static int battles(lua_State* L) {
    const Board& b = board(L);
    lua_createtable(L, b.nhistory, 0);
    for (int i = 0; i < b.nhistory; ++i) {
      push_battle(L, eng(L), b, b.history[i]);
      lua_rawseti(L, -2, i + 1);
    }
    return 1;
  }
  // g:first() -> the player holding the 1st-player Supreme Commander
  static int first(lua_State* L) {
    lua_pushinteger(L, board(L).first + 1);
    return 1;
  }
  // g:turn() -> the player whose turn it is
  static int turn(lua_State* L) {
    lua_pushinteger(L, board(L).turn + 1);
    return 1;
  }
  // g:controller(theater) -> who controls it now (ties and empty theaters: the 1st player; ruling 5)
  static int controller(lua_State* L) {
    int t = theater(L, 2);
    lua_pushinteger(L, Engine::control(total(L, 0, t), total(L, 1, t), board(L).first) + 1);
    return 1;
  }
  // g:can_play(p, id, theater, "faceup"|"facedown") -> whether that play is allowed now: the
  // rules (matching theater for faceup, unless a permission applies) and every may_play function
  static int can_play(lua_State* L) {
    int p = player(L, 2), c = rt(L).check_card(3), t = theater(L, 4);
    static const char* const faces[] = {"faceup", "facedown", nullptr};
    bool faceup = luaL_checkoption(L, 5, nullptr, faces) == 0;
    lua_pushboolean(L, eng(L).may_play(*ctx(L).s, p, c, t, faceup));
    return 1;
  }
  // g:hand_size(p) -> cards in p's hand
  static int hand_size(lua_State* L) {
    lua_pushinteger(L, eng(L).hand_size(*ctx(L).s, player(L, 2)));
    return 1;
  }

  // ---- API 3 (docs/modding.md, "Card script API 3") ----
  // A counter's target: a player 1 or 2, or a card id (on the board, when `on_board_only`).
  static int counter_target(lua_State* L, int arg, bool on_board_only) {
    if (lua_type(L, arg) == LUA_TNUMBER) return kCounterPlayer + player(L, arg);
    return on_board_only ? on_board(L, arg) : rt(L).check_card(arg);
  }
  // g:counter(target, name) -> the counter's value; 0 if never set (or the card left the board)
  static int counter(lua_State* L) {
    int target = counter_target(L, 2, false);
    lua_pushinteger(L, eng(L).counter(*ctx(L).s, target, plain_text(L, 3, 24, "a counter's name", true, true)));
    return 1;
  }
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
    eng(L).op_set_counter(ctx(L), target, name, static_cast<int>(v));
    lua_pushinteger(L, v);
    return 1;
  }
  // g:add_counter(target, name, n) -> the new value (n may be negative)
  static int add_counter(lua_State* L) { return change_counter(L, true); }
  // g:set_counter(target, name, n) -> n
  static int set_counter(lua_State* L) { return change_counter(L, false); }
  // g:give(id, p) -> true, or false if the card is p's already: a board card goes to the top of
  // p's side of its theater, same face
  static int give(lua_State* L) {
    int c = on_board(L, 2), p = player(L, 3);
    lua_pushboolean(L, eng(L).op_give(ctx(L), c, p));
    return 1;
  }
  // g:deal(p, n) -> the ids p took from the top of the deck into hand, top first
  static int deal(lua_State* L) { return top_cards(L, &Engine::op_deal); }
  // g:reveal(ids, to): the cards `ids` (a list of at most 64, or one id; in a hand, on the board
  // or in the deck) become known to `to`: 1, 2 or "both"; fires `revealed` for each card and the
  // players who did not know it (API 4, docs/modding.md "Knowledge"). Returns nothing.
  static int reveal(lua_State* L) {
    int to;
    if (lua_type(L, 3) == LUA_TSTRING && std::string_view(lua_tostring(L, 3)) == "both") to = 3;
    else if (lua_type(L, 3) == LUA_TSTRING) return luaL_argerror(L, 3, "`to` is 1, 2 or \"both\"");
    else to = 1 << player(L, 3);
    uint8_t cards[kMaxCards];
    int n = 0;
    auto one = [&](int arg) {
      const int c = rt(L).check_card(arg);
      const Zone z = board(L).card[c].zone;
      if (z != Zone::Hand && z != Zone::Board && z != Zone::Deck && z != Zone::Held)
        luaL_error(L, "g:reveal: card '%s' is not in a hand, on the board or in the deck", lua_tostring(L, arg));
      cards[n++] = static_cast<uint8_t>(c);
    };
    if (lua_type(L, 2) == LUA_TSTRING) one(2);
    else each_item(L, 2, kMaxCards, "g:reveal: ids", one);
    for (int i = 0; i < n; ++i) eng(L).op_reveal(ctx(L), cards[i], to);
    return 0;
  }
  // g:to_hand(id, p) -> false if the card is in p's hand already; else it goes from the deck,
  // either hand or the board to the end of p's hand (a board card facedown, as return_to_hand),
  // p knows it; fires to_hand (card, player, from: a theater, "hand" or "deck") (API 4)
  static int to_hand(lua_State* L) {
    const int c = rt(L).check_card(2);
    const int p = player(L, 3);
    const Zone z = board(L).card[c].zone;
    if (z != Zone::Hand && z != Zone::Board && z != Zone::Deck)
      luaL_error(L, "g:to_hand: card '%s' is not in the deck, a hand or on the board", lua_tostring(L, 2));
    lua_pushboolean(L, eng(L).op_to_hand(ctx(L), c, p));
    return 1;
  }
  // g:knows(p, id) -> whether player p knows that card now (API 4; ruling 28)
  static int knows(lua_State* L) {
    const int p = player(L, 2);
    lua_pushboolean(L, eng(L).knows(*ctx(L).s, p, rt(L).check_card(3)));
    return 1;
  }
  // g:deck() -> the deck's ids, top first (API 4: scripts are the rules and see everything)
  static int deck(lua_State* L) {
    uint8_t out[kMaxCards];
    push_ids(L, out, eng(L).zone(*ctx(L).s, Zone::Deck, 0, out));
    return 1;
  }
  // g:effect's `until` (argument 3): a moment's name, or { turns = N } (N: 1 to 12) into `turns`.
  static Engine::Until until_arg(lua_State* L, int& turns) {
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
      return Engine::Until::Turns;
    }
    const char* u = luaL_checkstring(L, 3);
    const int ui = until_named(u);
    if (ui < 0) unknown_name(L, "g:effect: unknown duration", u, kUntilNames, kList);
    return static_cast<Engine::Until>(ui);
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
  // boolean, a card id, a theater name or a player
  static int effect(lua_State* L) {
    AbilityCtx& c = ctx(L);
    Runtime& r = rt(L);
    const int card = c.depth > 0 ? c.resolving[c.depth - 1].card : kNone;
    const char* name = luaL_checkstring(L, 2);
    int def = r.find_effect(card, name);
    if (def < 0) {
      std::vector<std::string_view> known = r.effect_names(card);
      std::string msg = "g:effect: " + std::string(card == kNone ? "the house rules declare" : "this card declares") +
                        " no effect '" + std::string(name).substr(0, 64) + "'" + did_you_mean(name, known);
      luaL_error(L, "%s", msg.c_str());
    }
    int turns = 0;
    const Engine::Until until = until_arg(L, turns);
    Lasting e;
    e.card = static_cast<uint8_t>(card);
    e.effect = static_cast<uint8_t>(def);
    e.player = static_cast<uint8_t>(running_player(L));
    if (e.player == kNone && (until == Engine::Until::OwnNextTurnStart || until == Engine::Until::OwnNextTurnEnd))
      luaL_error(L, "g:effect: '%s' needs a player whose next turn it waits for, and a house rule (or a card in the deck) "
                 "has none: use { turns = N }", lua_tostring(L, 3));
    if (!lua_isnoneornil(L, 4)) {
      luaL_checktype(L, 4, LUA_TTABLE);
      push_contents(L, 4);
      int t = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, t)) {
        int v = lua_gettop(L);
        if (e.nfields >= kMaxEffectData) luaL_error(L, "g:effect: data holds at most %d fields", kMaxEffectData);
        if (lua_type(L, v - 1) != LUA_TSTRING) luaL_error(L, "g:effect: data fields are named by words");
        int k = e.nfields;
        e.key[k] = static_cast<uint16_t>(plain_text(L, v - 1, 24, "a data field's name", true));
        if (lua_isinteger(L, v)) {
          lua_Integer x = lua_tointeger(L, v);
          if (x < INT32_MIN || x > INT32_MAX) luaL_error(L, "g:effect: data field '%s' is out of range", lua_tostring(L, v - 1));
          e.type[k] = DataType::Int, e.value[k] = static_cast<int32_t>(x);
        } else if (lua_isboolean(L, v)) {
          e.type[k] = DataType::Bool, e.value[k] = lua_toboolean(L, v);
        } else if (lua_type(L, v) == LUA_TSTRING && eng(L).set().find(lua_tostring(L, v)) >= 0) {
          e.type[k] = DataType::Card, e.value[k] = eng(L).set().find(lua_tostring(L, v));
        } else if (lua_type(L, v) == LUA_TSTRING) {
          e.type[k] = DataType::Theater, e.value[k] = theater(L, v);
        } else {
          luaL_error(L, "g:effect: data field '%s' must be an integer, a boolean, a card id, a theater name or a player",
                     lua_tostring(L, v - 1));
        }
        ++e.nfields;
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
      eng(L).order_effect_data(board(L), e);  // the state does not depend on Lua's table order
    }
    eng(L).op_effect(c, e, until, turns);
    return 0;
  }
};


enum class Group : uint8_t { Query, Decision, Effect };
// One verb of `g`: its binding, and what the editor files say of it (als editor: the Lua
// definitions file's ---@param and ---@return lines and doc; docs/modding.md says the same in
// prose). `params`: "name type" pairs, comma-separated, a `?` after an optional one's name, in
// LuaLS type syntax; `returns`: a LuaLS type, "" for none.
struct VerbDef {
  const char* name;
  lua_CFunction fn;
  Group group;
  int api;  // the API that introduced it
  const char* params;
  const char* returns;
  const char* doc;
};

constexpr VerbDef kVerbs[] = {
    // queries
    {"owner", Verbs::owner, Group::Query, 2, "id string", "integer?",
     "The player (1 or 2) whose hand or side holds the card; nil in the deck."},
    {"theater", Verbs::theater_of, Group::Query, 2, "id string", "string?",
     "The theater a card is in, or nil off the board."},
    {"theaters", Verbs::theaters, Group::Query, 2, "filter? {except: string?}", "string[]",
     "Theater names left to right, less `except`."},
    {"adjacent", Verbs::adjacent, Group::Query, 2, "theater string?", "string[]",
     "The theaters next to it (ruling 1); {} for nil."},
    {"opponent", Verbs::opponent, Group::Query, 2, "p integer", "integer", "The other player."},
    {"cards", Verbs::cards, Group::Query, 2, "filter? als.CardFilter", "string[]",
     "Ids of board cards, theaters left to right, player 1 before 2, bottom to top; every filter given must hold."},
    {"is_faceup", Verbs::is_faceup, Group::Query, 2, "id string", "boolean", "Whether a board card is faceup."},
    {"is_covered", Verbs::is_covered, Group::Query, 2, "id string", "boolean", "Whether a board card is covered."},
    {"hand", Verbs::hand, Group::Query, 2, "p integer", "string[]", "Player p's hand, in the order held."},
    {"deck_size", Verbs::deck_size, Group::Query, 2, "", "integer", "Cards left in the deck."},
    {"strength", Verbs::strength, Group::Query, 2, "p integer, theater string", "integer",
     "Player p's total strength in a theater, all abilities counted."},
    {"card_strength", Verbs::card_strength, Group::Query, 2, "id string", "integer", "A board card's current strength."},
    {"printed_strength", Verbs::printed_strength, Group::Query, 2, "id string", "integer", "The card's printed strength."},
    {"type", Verbs::type, Group::Query, 2, "id string", "string", "The card's printed type (its theater)."},
    {"kind", Verbs::kind, Group::Query, 2, "id string", "string",
     "The card's kind: \"instant\", \"ongoing\", \"triggered\" or \"none\"."},
    {"tokens", Verbs::tokens, Group::Query, 2, "p integer, theater string", "integer", "Supply tokens on p's side of a theater."},
    {"score", Verbs::score, Group::Query, 2, "p integer", "integer", "Player p's VP."},
    {"vp_target", Verbs::vp_target, Group::Query, 2, "", "integer", "The VP that win the game."},
    {"battle", Verbs::battle, Group::Query, 2, "", "integer", "The battle number."},
    {"turn_number", Verbs::turn_number, Group::Query, 4, "", "integer",
     "The turns begun in this battle: 1 at its first turn, 0 before it (a deal or battle_start hook)."},
    {"param", Verbs::param, Group::Query, 4, "name string", "number",
     "The value of a param the set or a house rule declares (params = {...}), as loaded (--param); any set."},
    {"battles", Verbs::battles, Group::Query, 4, "", "als.Battle[]",
     "The battles decided so far, oldest first (the most recent 32)."},
    {"first", Verbs::first, Group::Query, 2, "", "integer", "The player holding the 1st-player Supreme Commander."},
    {"turn", Verbs::turn, Group::Query, 2, "", "integer", "The player whose turn it is."},
    {"controller", Verbs::controller, Group::Query, 2, "theater string", "integer",
     "Who controls the theater now (ties and empty theaters: the 1st player; ruling 5)."},
    {"hand_size", Verbs::hand_size, Group::Query, 2, "p integer", "integer", "Cards in player p's hand."},
    {"counter", Verbs::counter, Group::Query, 3, "target string|integer, name string", "integer",
     "Counter `name` of a board card or a player; 0 if never set."},
    {"can_play", Verbs::can_play, Group::Query, 2, "p integer, id string, theater string, face \"faceup\"|\"facedown\"",
     "boolean", "Whether that play is allowed now: the rules and every may_play function."},
    {"knows", Verbs::knows, Group::Query, 4, "p integer, id string", "boolean",
     "Whether player p knows that card where it lies now (ruling 28)."},
    {"deck", Verbs::deck, Group::Query, 4, "", "string[]",
     "The deck's ids, top first (scripts see everything; players see what g:reveal shows)."},
    // decisions
    {"choose_card", Verbs::choose_card, Group::Decision, 2, "p integer, ids string[], options? {may: boolean?, prompt: string?}",
     "string?", "Player p picks one of `ids`; with `may`, \"none\" is offered too and returns nil."},
    {"choose_theater", Verbs::choose_theater, Group::Decision, 2,
     "p integer, theaters string[], options? {may: boolean?, prompt: string?, card: string?, play: \"faceup\"|\"facedown\"|nil, about: string?}",
     "string?", "Player p picks a theater; with `play`, only those where p may play `card` that way."},
    {"choose_play", Verbs::choose_play, Group::Decision, 2, "p integer", "string?",
     "Player p plays a card from hand, deploy or improvise (ruling 26); the id, or nil if p has no card."},
    {"choose_option", Verbs::choose_option, Group::Decision, 4, "p integer, options string[], opts? {may: boolean?, prompt: string?}",
     "string?", "Player p picks one of 2 to 8 texts (1 to 40 printable characters); returns it, or nil for \"none\" with `may`."},
    // effects
    {"flip", Verbs::flip, Group::Effect, 2, "id string", "boolean",
     "Turns a board card over (a card turned faceup uses its ability); false when a ban refused it."},
    {"move", Verbs::move, Group::Effect, 2, "id string, theater string", "boolean",
     "Moves a board card to another theater, on top; not a play. False when a ban refused it."},
    {"destroy", Verbs::destroy, Group::Effect, 2, "id string", "",
     "A board or hand card goes facedown to the bottom of the deck (ruling 18)."},
    {"return_to_hand", Verbs::return_to_hand, Group::Effect, 2, "id string", "",
     "A board card goes facedown to the end of its owner's hand."},
    {"draw", Verbs::draw, Group::Effect, 2, "p integer", "string?",
     "The deck's top card, held by p for this ability (back on top if not played); nil if the deck is empty."},
    {"play", Verbs::play, Group::Effect, 2, "p integer, id string, theater string, face \"faceup\"|\"facedown\"", "boolean",
     "Plays a card of p's hand, held or looked at, by the normal rules; false if destroyed as played."},
    {"allow_anywhere", Verbs::allow_anywhere, Group::Effect, 2, "p integer, when \"next_play\"|\"next_turn\"", "",
     "P may deploy to a non-matching theater on their next play or during their next turn."},
    {"extra_turn", Verbs::extra_turn, Group::Effect, 2, "p integer", "", "P takes one more turn right after the current one."},
    {"add_tokens", Verbs::add_tokens, Group::Effect, 2, "p integer, theater string, n integer", "",
     "Puts n supply tokens (+1 strength each) on p's side of a theater; negative n removes."},
    {"to_deck", Verbs::to_deck, Group::Effect, 2, "id string, where \"top\"|\"bottom\"", "",
     "A board or hand card goes facedown to the top or bottom of the deck; a deck card moves there."},
    {"look", Verbs::look, Group::Effect, 2, "p integer, n integer", "string[]",
     "The top n cards of the deck, top first: p now knows them and may play one with g:play during this ability."},
    {"gain_vp", Verbs::gain_vp, Group::Effect, 2, "p integer, n integer", "", "P scores n VP now (0 to 10,000)."},
    {"log", Verbs::log, Group::Effect, 2, "text string", "",
     "A line in the game's log, seen by both players (printable ASCII, at most 200 characters)."},
    {"add_counter", Verbs::add_counter, Group::Effect, 3, "target string|integer, name string, n integer", "integer",
     "Adds n to counter `name` of a board card or a player; returns the new value (-1000 to 1000)."},
    {"set_counter", Verbs::set_counter, Group::Effect, 3, "target string|integer, name string, n integer", "integer",
     "Sets counter `name` of a board card or a player to n; returns n."},
    {"give", Verbs::give, Group::Effect, 3, "id string, p integer", "boolean",
     "A board card goes to the top of p's side of its theater, same face, and is p's; false if it is p's already."},
    {"deal", Verbs::deal, Group::Effect, 3, "p integer, n integer", "string[]",
     "P takes the top n cards of the deck into hand; their ids, top first."},
    {"effect", Verbs::effect, Group::Effect, 3, "name string, until als.Until, data? table", "",
     "Starts this card's (or house rule's) lasting effect `name` until `until`; data: at most 4 fields."},
    {"reveal", Verbs::reveal, Group::Effect, 4, "ids string|string[], to 1|2|\"both\"", "",
     "The cards become known to `to` (fires `revealed`); nothing else changes."},
    {"to_hand", Verbs::to_hand, Group::Effect, 4, "id string, p integer", "boolean",
     "A card from the deck, a hand or the board goes to the end of p's hand; false if it is there already."},
};

// The one wrapper of every verb (its index in kVerbs, at compile time). No C++ exception crosses
// into Lua.
template <size_t I>
int dispatch(lua_State* L) {
  constexpr const VerbDef& v = kVerbs[I];
  try {
    if constexpr (v.group != Group::Query) {
      AbilityCtx& c = Verbs::ctx(L);
      if (c.read_only)
        return luaL_error(L, "g:%s %s, which an ongoing function or an answering hook may not do (g is read-only there)",
                          v.name, v.group == Group::Effect ? "changes the game" : "asks a player");
      if (c.dry) {  // the dry rest of a run changes nothing, and asks nothing: no answer is known
        if constexpr (v.group == Group::Effect) return 0;
        lua_pushnil(L);  // a decision's "none" (what decide() gives in a dry run, arguments unread)
        return 1;
      }
    }
    int n = v.fn(L);
    if constexpr (v.group != Group::Query) Verbs::ctx(L).totals_known = false;  // the game may have changed
    if constexpr (v.group == Group::Effect) Verbs::check_interrupt(L);
    return n;
  } catch (const std::exception& e) {
    lua_pushstring(L, e.what());
  }
  return lua_error(L);
}

// The Lua entry of a declared flip ability (run_protected calls it as an ability's function).
int declared_flip_entry(lua_State* L) {
  try {
    Verbs::ctx(L).totals_known = false;  // (it changes the game without a verb's call)
    return Verbs::declared_flip(L);
  } catch (const std::exception& e) {
    lua_pushstring(L, e.what());
  }
  return lua_error(L);
}

template <size_t... I>
constexpr std::array<lua_CFunction, sizeof...(I)> dispatchers(std::index_sequence<I...>) {
  return {dispatch<I>...};
}
constexpr auto kDispatch = dispatchers(std::make_index_sequence<std::size(kVerbs)>());

}  // namespace

namespace {
// The __index of the verbs table, for a name it does not have: (verbs, name) -> error.
int unknown_verb(lua_State* L) {
  std::string name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
  std::vector<std::string_view> verbs;
  for (const VerbDef& v : kVerbs) verbs.push_back(v.name);
  std::string msg = "g:" + name.substr(0, 64) + " is not a verb" + did_you_mean(name, verbs);
  return luaL_error(L, "%s", msg.c_str());
}
}  // namespace

void Runtime::make_handle() {
  lua_State* L = L_;
  lua_newuserdatauv(L, 0, 0);
  lua_newtable(L);
  lua_createtable(L, 0, static_cast<int>(std::size(kVerbs)));
  for (size_t i = 0; i < std::size(kVerbs); ++i) {
    lua_pushcfunction(L, kDispatch[i]);
    lua_setfield(L, -2, kVerbs[i].name);
  }
  // A name that is no verb (g:flp) is an error naming the nearest verb, not a call of nil.
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, unknown_verb);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  game_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  // g:cards: the filter names as interned strings, and the cache of read-only filter tables.
  for (int i = 0; i < kFilterNames; ++i) {
    filter_name_[i] = lua_pushstring(L, Runtime::kFilterText[i]);
    luaL_ref(L, LUA_REGISTRYINDEX);  // kept alive: its address is compared
  }
  for (int i = 0; i < kOptionNames; ++i) {
    option_name_[i] = lua_pushstring(L, kOptionText[i]);
    luaL_ref(L, LUA_REGISTRYINDEX);  // kept alive: its address is compared
  }
  lua_newtable(L);
  filter_cache_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

// ---------------------------------------------------------------------------------------------
// Running abilities

void Runtime::push_function(const Due& d, int effect) {
  int ref;
  if (effect >= 0) ref = lasting_trigger_ref_[static_cast<size_t>(effect)][static_cast<int>(d.what) - static_cast<int>(What::Played)];
  else if (is_hook(d.what)) ref = hook_last(acting_hook(d.what).hook);
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
  if (d.what == What::Instant) return 1;
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
    if (reason && !ev.withdrew) lua_pushstring(L, eng_->name(ctx_->s->b, reason).c_str());
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

std::vector<VerbSpec> verb_specs() {
  std::vector<VerbSpec> out;
  for (const VerbDef& v : kVerbs)
    out.push_back({v.name, v.group == Group::Query ? "query" : v.group == Group::Decision ? "decision" : "effect", v.api,
                   v.params, v.returns, v.doc});
  return out;
}

std::map<std::string, std::vector<std::string>> script_globals() {
  Runtime r;
  return r.env_globals();
}

std::map<std::string, std::vector<std::string>> Runtime::env_globals() const {
  lua_State* L = L_;
  std::map<std::string, std::vector<std::string>> out;
  push_sandbox_env(L);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      std::vector<std::string>& fields = out[lua_tostring(L, -2)];
      if (lua_type(L, -1) == LUA_TTABLE && std::string_view(lua_tostring(L, -2)) != "_G") {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          if (lua_type(L, -2) == LUA_TSTRING) fields.push_back(lua_tostring(L, -2));
          lua_pop(L, 1);
        }
        std::sort(fields.begin(), fields.end());
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return out;
}

void push_battle(lua_State* L, const Engine& e, const BoardCore& b, const BattleRecord& h) {
  lua_createtable(L, 0, 6);
  auto set_int = [&](const char* k, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
  };
  set_int("number", h.number);
  set_int("winner", h.winner + 1);
  lua_pushstring(L, h.withdrew ? "withdraw" : h.reason ? e.name(b, h.reason).c_str() : "control");
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
  lua_createtable(L, 0, e.nfields + 2);
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
    lua_setfield(L, -2, eng_->name(b, e.key[k]).c_str());
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
  bool declared = d.what == What::Instant && declared_flip_ref_[d.card] != LUA_NOREF;
  if (declared) {  // no Lua of the card's runs (and none of its upvalues to put back)
    lua_pushcfunction(L, declared_flip_entry);
    lua_pushinteger(L, d.card);
    nargs = 1;
  } else {
    push_function(d, effect);
    lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
    nargs = 1 + push_arguments(d, effect);
    if (d.card != kNone) ran_ |= uint64_t{1} << d.card;
    else rules_ran_ = true;
  }
  c.totals_known = false;  // the game may have changed since the context's last run
  c.resolving[c.depth] = AbilityCtx::Running{d.card, d.effect != kNone, d.what, d.effect};
  if (is_trigger(d.what) || is_hook(d.what)) {  // written once it changes something or asks
    c.headers[c.depth] = AbilityCtx::Header{d.card, static_cast<uint8_t>(d.what), effect + 1};
    c.deferred |= 1u << c.depth;
    ++c.depth;
  } else {
    ++c.depth;
    eng_->emit(&c, nullptr, Event{.type = Event::Ability, .card = d.card, .value = effect + 1,
                                  .what = static_cast<uint8_t>(d.what)});
  }
  int status = lua_pcall(L, nargs, 0, handler);
  --c.depth;
  c.deferred &= ~(1u << c.depth);  // never written: the run changed nothing
  if (status != LUA_OK && lua_touserdata(L, -1) == &kInterruptTag) {
    eng_->emit(&c, nullptr, Event{.type = Event::Interrupted, .card = d.card, .what = static_cast<uint8_t>(d.what)});
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
  c.in_run = true;
  c.rng = &sandbox_rng(L_);
  start_budget(kCardLimits.instructions, kRunLimitMessage);
  sandbox_rng(L_) = c.s->b.lend_rng();
  int status;
  try {
    status = run_protected(c, d, true);
  } catch (...) {
    ctx_ = nullptr;
    end_budget();
    restore_after_run();
    c.s->b.take_back_rng(sandbox_rng(L_));
    throw;
  }
  ctx_ = nullptr;
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
  throw ScriptError(who(d, effect) + ": " + msg);
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

// ---- read-only calls: ongoing functions and answering hooks --------------------------------------

std::string Runtime::caller_text(const Caller& c) const {
  if (c.hook >= 0) {  // (an answering hook: the one of its kind running; an acting one: the last)
    const std::vector<std::string>& files = hook_file_[static_cast<size_t>(c.hook)];
    const size_t i = kHookTable[c.hook].due == What::Instant && static_cast<size_t>(hook_running_) < files.size()
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
  lua_rawgeti(L, LUA_REGISTRYINDEX, fn_ref_[holder][static_cast<int>(fn)]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref_);
  push_id(holder);
  int nargs = 2 + push_fn_args(fn, args, value);
  const Caller who{holder, -1, -1};  // its name is made only for an error message
  call_read_only(s, nargs, who, uint64_t{1} << holder);
  return fn_result(fn, who);
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
  return eng_->intern(b, reason);
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
    if (winner >= 0 && reason) lua_pushstring(L_, eng_->name(s.b, reason).c_str());
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
    if (answer > 0) lua_pushstring(L_, eng_->name(s.b, answer).c_str());
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
    if (reason && !withdrew) lua_pushstring(L_, eng_->name(s.b, reason).c_str());
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
