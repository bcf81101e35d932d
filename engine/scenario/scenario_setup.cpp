// A scenario's setup(spec) (docs/scenarios.md, "Positions"): the position a spec describes,
// field by field, each checked with a message that names the field (scenario_impl.h).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <lua.hpp>

#include "engine.h"
#include "knowledge.h"
#include "names.h"
#include "sandbox.h"
#include "scenario_impl.h"

namespace als::scenario_impl {

std::string nearest_card(const Engine& e, std::string_view id) {
  std::vector<std::string_view> ids;
  for (const CardDef& d : e.set().cards) ids.push_back(d.id);
  return did_you_mean(id, ids);
}

// A list of strings, read raw (no __len or __index runs) and bounded: no list a scenario gives
// has more entries than a set has cards (a __len of 2^31 once made this allocate 2 GB).
std::vector<std::string> string_list(lua_State* L, int t, const char* what) {
  std::vector<std::string> out;
  if (!lua_istable(L, t)) fail(std::string(what) + " must be a list of strings");
  lua_Unsigned n = lua_rawlen(L, t);
  if (n > static_cast<lua_Unsigned>(kMaxCards))
    fail(std::string(what) + " has " + std::to_string(n) + " entries (at most " + std::to_string(kMaxCards) + ")");
  for (lua_Integer i = 1; i <= static_cast<lua_Integer>(n); ++i) {
    if (lua_rawgeti(L, t, i) != LUA_TSTRING) fail(std::string(what) + " must be a list of strings");
    out.emplace_back(lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  return out;
}

namespace {

struct Setup {
  lua_State* L;
  const Engine& e;
  State& s;
  std::vector<bool> placed;  // cards placed so far: a card appears once in the whole spec

  int place_id(const std::string& id) {
    int c = e.set().find(id);
    if (c < 0) fail("setup: unknown card '" + id.substr(0, 64) + "'" + nearest_card(e, id));
    if (placed[c]) fail("setup: card '" + id + "' appears twice");
    placed[c] = true;
    return c;
  }
  lua_Integer int_field(const char* name, lua_Integer def, lua_Integer lo, lua_Integer hi) {
    lua_Integer v = def;
    if (lua_getfield(L, 1, name) != LUA_TNIL) {
      if (!lua_isinteger(L, -1)) fail(std::string("setup: ") + name + " must be an integer");
      v = lua_tointeger(L, -1);
      if (v < lo || v > hi)
        fail(std::string("setup: ") + name + " must be between " + std::to_string(lo) + " and " + std::to_string(hi));
    }
    lua_pop(L, 1);
    return v;
  }
  void theaters();
  void turn();
  void hands();
  void board();
  void side(int p, int t);
  void deck();
  void score();
  void counters();
  int counter_target();
  void known();
  void effects();
  void effect(int index);
  void battles();
  BattleRecord battle_entry(int index);
  Until until_field(int& turns);
  void effect_data(Lasting& l);
  /// spec[field] = { [1] = {ids...}, [2] = {ids...} }: calls f(player, id) for each id, in order.
  template <typename F>
  void player_lists(const char* field, const char* shape, const char* what, F f);
};

template <typename F>
void Setup::player_lists(const char* field, const char* shape, const char* what, F f) {
  if (lua_getfield(L, 1, field) != LUA_TNIL) {
    int t = lua_gettop(L);
    if (!lua_istable(L, t)) fail(std::string("setup: ") + field + " must be " + shape);
    for (int p = 0; p < 2; ++p) {
      if (lua_geti(L, t, p + 1) != LUA_TNIL)
        for (const std::string& id : string_list(L, lua_gettop(L), what)) f(p, id);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

void Setup::theaters() {
  Board& b = s.b;
  std::vector<std::string> names = e.rules().theaters;
  if (lua_getfield(L, 1, "theaters") != LUA_TNIL) names = string_list(L, lua_gettop(L), "setup: theaters");
  lua_pop(L, 1);
  if (names.empty() || names.size() > static_cast<size_t>(kMaxTheaters)) fail("setup: theaters must list 1 to 6 names");
  std::fill(b.pos, b.pos + kMaxTheaters, kNone);
  b.ntheaters = static_cast<uint8_t>(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    int t = e.text().theater_id(names[i]);
    if (t < 0) fail("setup: unknown theater '" + names[i] + "'");
    if (b.pos[t] != kNone) fail("setup: theater '" + names[i] + "' appears twice");
    b.order[i] = static_cast<uint8_t>(t);
    b.pos[t] = static_cast<uint8_t>(i);
  }
}

void Setup::turn() {
  Board& b = s.b;
  int first = static_cast<int>(int_field("first", 1, 1, 2));
  if (first != 1 && first != 2) fail("setup: first must be 1 or 2");
  int turn = static_cast<int>(int_field("turn", first, 1, 2));
  if (turn != 1 && turn != 2) fail("setup: turn must be 1 or 2");
  b.first = static_cast<uint8_t>(first - 1);
  b.turn = static_cast<uint8_t>(turn - 1);
  b.battle = static_cast<uint32_t>(int_field("battle", 1, 1, kMaxGameActions));
  b.turns = static_cast<uint32_t>(int_field("turn_number", 1, 1, kMaxGameActions));  // API 4: g:turn_number()
  b.battle_from = 0;
  b.game_rng().seed(static_cast<uint64_t>(int_field("seed", 1, LUA_MININTEGER, LUA_MAXINTEGER)));
  b.seq_next = 1;
}

void Setup::hands() {
  Board& b = s.b;
  player_lists("hands", "{ {ids...}, {ids...} }", "setup: a hand", [&](int p, const std::string& id) {
    int c = place_id(id);
    b.card[c] = CardLoc{Zone::Hand, static_cast<uint8_t>(p), kNone, 0, b.seq_next++};
    knowledge::learn(b, p, c);
  });
}

// Player p's side (the table at `t`): its theaters checked, then placed left to right so that
// the placement order is stable.
void Setup::side(int p, int t) {
  Board& b = s.b;
  if (!lua_istable(L, t)) fail("setup: board[" + std::to_string(p + 1) + "] must be a table");
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) fail("setup: board keys must be theater names");
    std::string tn = lua_tostring(L, -1);
    int th = e.text().theater_id(tn);
    if (th < 0 || b.pos[th] == kNone) fail("setup: unknown theater '" + tn + "'");
  }
  for (int i = 0; i < b.ntheaters; ++i) {
    const std::string& tn = e.text().theater_name(b.order[i]);
    if (lua_getfield(L, t, tn.c_str()) != LUA_TNIL) {
      for (std::string id : string_list(L, lua_gettop(L), "setup: a board stack")) {
        bool down = !id.empty() && id[0] == '~';
        if (down) id = id.substr(1);
        int c = place_id(id);
        b.card[c] = CardLoc{Zone::Board, static_cast<uint8_t>(p), b.order[i], static_cast<uint8_t>(!down), b.seq_next++};
        knowledge::learn(b, p, c);
        if (!down) knowledge::make_public(b, c);  // ruling 28
      }
    }
    lua_pop(L, 1);
  }
}

void Setup::board() {
  if (lua_getfield(L, 1, "board") != LUA_TNIL) {
    int bt = lua_gettop(L);
    if (!lua_istable(L, bt)) fail("setup: board must be { [1] = {theater = {ids...}}, [2] = {...} }");
    for (int p = 0; p < 2; ++p) {
      if (lua_geti(L, bt, p + 1) != LUA_TNIL) side(p, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

// The deck: listed ids top first; without a list every card not placed, in set order.
void Setup::deck() {
  Board& b = s.b;
  bool deck_listed = lua_getfield(L, 1, "deck") != LUA_TNIL;
  std::vector<int> deck;
  if (deck_listed)
    for (const std::string& id : string_list(L, lua_gettop(L), "setup: deck")) deck.push_back(place_id(id));
  lua_pop(L, 1);
  for (int c = 0; c < b.ncards; ++c)
    if (!placed[c]) {
      if (deck_listed) b.card[c] = CardLoc{Zone::Out, 0, kNone, 0, 0};
      else deck.push_back(c);
    }
  for (int c : deck) b.card[c] = CardLoc{Zone::Deck, 0, kNone, 0, b.seq_next++};
  b.reindex();
}

void Setup::score() {
  if (lua_getfield(L, 1, "score") != LUA_TNIL) {
    if (!lua_istable(L, -1)) fail("setup: score must be {vp1, vp2}");
    for (int p = 0; p < 2; ++p) {
      lua_geti(L, -1, p + 1);
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > kMaxVp)
        fail("setup: score must be {vp1, vp2}, each 0 to " + std::to_string(kMaxVp));
      s.b.score[p] = static_cast<int32_t>(lua_tointeger(L, -1));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

// The target of the counters entry whose key is at -2: a board card's id or a player.
int Setup::counter_target() {
  if (lua_type(L, -2) == LUA_TNUMBER) {
    lua_Integer p = lua_isinteger(L, -2) ? lua_tointeger(L, -2) : 0;
    if (p != 1 && p != 2) fail("setup: a counters target is a card id or a player 1 or 2");
    return kCounterPlayer + static_cast<int>(p - 1);
  }
  if (lua_type(L, -2) != LUA_TSTRING) fail("setup: a counters target is a card id or a player 1 or 2");
  int target = e.set().find(lua_tostring(L, -2));
  if (target < 0) fail(std::string("setup: counters: unknown card '") + lua_tostring(L, -2) + "'");
  if (s.b.card[target].zone != Zone::Board)
    fail(std::string("setup: counters: card '") + lua_tostring(L, -2) + "' is not on the board");
  return target;
}

// Counters (API 3): { [target] = { name = n, ... } }, target a board card's id or a player.
void Setup::counters() {
  if (lua_getfield(L, 1, "counters") != LUA_TNIL) {
    int ct = lua_gettop(L);
    if (!lua_istable(L, ct)) fail("setup: counters must be { [target] = { name = n } }");
    lua_pushnil(L);
    int entries = 0;
    while (lua_next(L, ct)) {
      if (++entries > kMaxCounters) fail("setup: counters names more targets than counters may be set");
      const int target = counter_target();
      if (!lua_istable(L, -1)) fail("setup: counters must be { [target] = { name = n } }");
      int nt = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, nt)) {
        size_t len = 0;
        const char* name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : nullptr;
        bool word = name && len >= 1 && len <= 24;
        for (size_t i = 0; word && i < len; ++i) word = std::isalnum(static_cast<unsigned char>(name[i])) || name[i] == '_';
        if (!word) fail("setup: a counter's name is a plain word (letters, digits, _; at most 24)");
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < -kCounterLimit || lua_tointeger(L, -1) > kCounterLimit)
          fail(std::string("setup: counter '") + name + "' must be an integer within -1000..1000");
        e.ops().set_counter(s, target, e.interned().intern(s.b, std::string_view(name, len)), static_cast<int>(lua_tointeger(L, -1)));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

// known = { [p] = {ids...} } (API 4): cards player p knows besides what the rules make known.
void Setup::known() {
  player_lists("known", "{ [1] = {ids...}, [2] = {ids...} }", "setup: known", [&](int p, const std::string& id) {
    int c = e.set().find(id);
    if (c < 0) fail("setup: known: unknown card '" + id.substr(0, 64) + "'" + nearest_card(e, id));
    if (s.b.card[c].zone == Zone::Out) fail("setup: known: card '" + id + "' is not in the game");
    knowledge::learn(s.b, p, c);
  });
}

// effects = { {name = N, owner = id or "rule", ["until"] = U, data = {...}}, ... } (API 4): lasting
// effects in force, as g:effect would have started them now (data.player: the card's owner).
void Setup::effects() {
  if (lua_getfield(L, 1, "effects") != LUA_TNIL) {
    if (!lua_istable(L, -1)) fail("setup: effects must be a list of { name = N, owner = id or \"rule\", until = U, data = {...} }");
    const int list = lua_gettop(L);
    for (lua_Integer i = 1, n = static_cast<lua_Integer>(lua_rawlen(L, list)); i <= n; ++i) {
      lua_rawgeti(L, list, i);
      if (!lua_istable(L, -1)) fail("setup: effects[" + std::to_string(i) + "] must be a table");
      effect(static_cast<int>(i));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

// One entry of effects (the table on top of the stack).
void Setup::effect(int index) {
  const int t = lua_gettop(L);
  const std::string where = "setup: effects[" + std::to_string(index) + "]";
  lua_getfield(L, t, "owner");
  int card = kNone;
  if (!(lua_type(L, -1) == LUA_TSTRING && std::string_view(lua_tostring(L, -1)) == "rule")) {
    if (lua_type(L, -1) != LUA_TSTRING) fail(where + ": owner is a card id or \"rule\"");
    card = e.set().find(lua_tostring(L, -1));
    if (card < 0) fail(where + ": unknown card '" + std::string(lua_tostring(L, -1)).substr(0, 64) + "'" + nearest_card(e, lua_tostring(L, -1)));
  }
  lua_pop(L, 1);
  lua_getfield(L, t, "name");
  const std::string name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 1);
  const auto& defs = e.set().lasting;
  std::vector<std::string_view> known;
  int def = -1;
  for (size_t i = 0; i < defs.size(); ++i)
    if (defs[i].card == card) {
      known.push_back(defs[i].name);
      if (defs[i].name == name) def = static_cast<int>(i);
    }
  if (def < 0)
    fail(where + ": " + (card == kNone ? std::string("the house rules declare") : "card '" + e.set().cards[card].id + "' declares") +
         " no effect '" + name.substr(0, 64) + "'" + did_you_mean(name, known));
  Lasting l;
  l.card = static_cast<uint8_t>(card);
  l.effect = static_cast<uint8_t>(def);
  const CardLoc& at = card == kNone ? CardLoc{} : s.b.card[card];
  l.player = card == kNone || at.zone == Zone::Deck || at.zone == Zone::Out ? kNone : at.owner;
  int turns = 0;
  const Until until = until_field(turns);
  if (l.player == kNone && (until == Until::OwnNextTurnStart || until == Until::OwnNextTurnEnd))
    fail(where + ": " + kUntilNames[static_cast<int>(until)] + " needs a player (a card in a hand or on the board)");
  effect_data(l);
  try {
    e.ops().start_lasting(s.b, l, until, turns);
  } catch (const ScriptError& err) {
    fail(where + ": " + err.what());
  }
}

// The entry's until (default "battle_end"): a moment's name or { turns = N }.
Until Setup::until_field(int& turns) {
  const std::string where = "setup: effects: until";
  Until u = Until::BattleEnd;
  const int t = lua_gettop(L);
  lua_getfield(L, t, "until");
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "turns");
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > kMaxEffectTurns)
      fail(where + ": { turns = N } takes N from 1 to " + std::to_string(kMaxEffectTurns));
    turns = static_cast<int>(lua_tointeger(L, -1));
    u = Until::Turns;
    lua_pop(L, 1);
  } else if (!lua_isnil(L, -1)) {
    const std::string name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    const int k = until_named(name);
    if (k < 0) fail(where + ": unknown duration '" + name.substr(0, 64) + "'" + did_you_mean(name, kUntilNames) + " (" + kUntilList + ")");
    u = static_cast<Until>(k);
  }
  lua_pop(L, 1);
  return u;
}

// The entry's data: at most 4 fields, each an integer, a boolean, a card id or a theater name.
void Setup::effect_data(Lasting& l) {
  const int t = lua_gettop(L);
  if (lua_getfield(L, t, "data") != LUA_TNIL) {
    if (!lua_istable(L, -1)) fail("setup: effects: data must be a table");
    const int d = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, d)) {
      if (l.nfields >= kMaxEffectData) fail("setup: effects: data holds at most " + std::to_string(kMaxEffectData) + " fields");
      if (lua_type(L, -2) != LUA_TSTRING) fail("setup: effects: data fields are named by words");
      const int k = l.nfields++;
      l.key[k] = e.interned().intern(s.b, lua_tostring(L, -2));
      const char* text = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
      if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= INT32_MIN && lua_tointeger(L, -1) <= INT32_MAX)
        l.type[k] = DataType::Int, l.value[k] = static_cast<int32_t>(lua_tointeger(L, -1));
      else if (lua_isboolean(L, -1)) l.type[k] = DataType::Bool, l.value[k] = lua_toboolean(L, -1);
      else if (text && e.set().find(text) >= 0) l.type[k] = DataType::Card, l.value[k] = e.set().find(text);
      else if (text && e.text().theater_id(text) >= 0) l.type[k] = DataType::Theater, l.value[k] = e.text().theater_id(text);
      else fail(std::string("setup: effects: data field '") + lua_tostring(L, -2) + "' must be an integer, a boolean, a card id or a theater");
      lua_pop(L, 1);
    }
    e.ops().order_effect_data(s.b, l);  // as g:effect keeps them
  }
  lua_pop(L, 1);
}

// battles = { {winner = p, how = "control", vp = n, first = p}, ... } (API 4): the battles decided
// before this position, oldest first; each one's scores are worked out backwards from `score`.
// Without `battle`, this is battle #battles + 1.
void Setup::battles() {
  if (lua_getfield(L, 1, "battles") != LUA_TNIL) {
    if (!lua_istable(L, -1)) fail("setup: battles must be a list of { winner = p, how = h, vp = n, first = p }");
    const int list = lua_gettop(L);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, list));
    if (n > kMaxHistory) fail("setup: battles holds at most " + std::to_string(kMaxHistory) + " battles");
    Board& b = s.b;
    b.nhistory = 0;
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, list, i);
      b.history[b.nhistory++] = battle_entry(static_cast<int>(i));
      lua_pop(L, 1);
    }
    int32_t score[2] = {b.score[0], b.score[1]};  // backwards: the last battle's scores are today's
    for (int i = b.nhistory - 1; i >= 0; --i) {
      BattleRecord& h = b.history[i];
      h.scores[0] = score[0], h.scores[1] = score[1];
      score[h.winner] -= h.vp;
      if (score[h.winner] < 0) fail("setup: battles award more VP than score holds");
    }
    lua_getfield(L, 1, "battle");
    const bool numbered = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!numbered) b.battle = static_cast<uint32_t>(n + 1);
    for (int i = 0; i < b.nhistory; ++i) b.history[i].number = static_cast<uint32_t>(b.battle - b.nhistory + i);
    if (b.nhistory) {
      const BattleRecord& h = b.history[b.nhistory - 1];
      b.last = LastBattle{h.number, h.winner, h.withdrew, h.reason, h.vp};
    }
  }
  lua_pop(L, 1);
}

// One entry of battles (the table on top of the stack).
BattleRecord Setup::battle_entry(int index) {
  const std::string where = "setup: battles[" + std::to_string(index) + "]";
  if (!lua_istable(L, -1)) fail(where + " must be { winner = p, how = h, vp = n, first = p }");
  const int t = lua_gettop(L);
  auto player = [&](const char* k, int def) {
    lua_getfield(L, t, k);
    int p = def;
    if (!lua_isnil(L, -1)) {
      p = lua_isinteger(L, -1) ? static_cast<int>(lua_tointeger(L, -1)) : 0;
      if (p != 1 && p != 2) fail(where + ": " + k + " must be 1 or 2");
    }
    lua_pop(L, 1);
    return p;
  };
  BattleRecord h;
  h.winner = static_cast<uint8_t>(player("winner", 0) - 1);
  if (h.winner > 1) fail(where + ": winner must be 1 or 2");
  h.first = static_cast<uint8_t>(player("first", 1) - 1);
  lua_getfield(L, t, "vp");
  if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > kMaxVp)
    fail(where + ": vp must be an integer from 0 to " + std::to_string(kMaxVp));
  h.vp = static_cast<int32_t>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  lua_getfield(L, t, "how");
  const std::string how = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "control";
  lua_pop(L, 1);
  if (!printable_text(how, 40)) fail(where + ": how is \"control\", \"withdraw\" or a reason of 1 to 40 printable characters");
  h.withdrew = how == "withdraw";
  h.reason = how == "withdraw" || how == "control" ? 0 : e.interned().intern(s.b, how);
  return h;
}

}  // namespace

ParamValues param_table(lua_State* L, int t) {
  if (!lua_istable(L, t)) fail("setup: params must be a table of name = number");
  ParamValues out;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TNUMBER || !std::isfinite(lua_tonumber(L, -1)) ||
        std::abs(lua_tonumber(L, -1)) > kMaxParam)
      fail("setup: params must be a table of name = number (from -1e9 to 1e9)");
    out.emplace_back(lua_tostring(L, -2), lua_tonumber(L, -1));
    lua_pop(L, 1);
  }
  std::sort(out.begin(), out.end());
  return out;
}

State setup_position(lua_State* L, const Engine& e) {
  State s = e.blank();
  Setup setup{L, e, s, std::vector<bool>(s.b.ncards, false)};
  setup.theaters();
  setup.turn();
  setup.hands();
  setup.board();
  setup.deck();
  setup.score();
  setup.counters();
  setup.known();
  setup.effects();
  setup.battles();
  return s;
}

// view.deduced (ruling 30): { {cards = {ids}, hands = {n1, n2}, board = {"P:THEATER:N", ...}, deck = n, text = ...}, ... }
void push_deduced(lua_State* L, const std::vector<DeducedView>& deduced) {
  lua_createtable(L, static_cast<int>(deduced.size()), 0);
  for (size_t i = 0; i < deduced.size(); ++i) {
    const DeducedView& d = deduced[i];
    lua_createtable(L, 0, 5);
    push_strings(L, d.cards);
    lua_setfield(L, -2, "cards");
    push_ints(L, {d.hand[0], d.hand[1]});
    lua_setfield(L, -2, "hands");
    push_strings(L, d.board);
    lua_setfield(L, -2, "board");
    set_int(L, "deck", d.deck);
    set_string(L, "text", d.text);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

}  // namespace als::scenario_impl
