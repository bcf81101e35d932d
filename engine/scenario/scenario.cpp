// The scripted rule test API (docs/scenarios.md). Each binding catches C++ exceptions
// and raises them as Lua errors, so nothing crosses the Lua boundary unconverted.
#include "scenario.h"

#include "knowledge.h"
#include "names.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>

#include <lua.hpp>

#include "files.h"
#include "sandbox.h"
#include "binding.h"
#include "loader.h"
#include "view.h"

namespace als {

std::shared_ptr<Engine> EngineCache::get(const std::string& cards, const std::vector<std::string>& rules,
                                         const ParamValues& params) {
  std::string key = cards;
  for (const auto& r : rules) key += "\n" + r;
  for (const auto& [name, v] : params) {
    char value[40];
    std::snprintf(value, sizeof value, "%.17g", v);
    key += "\t" + name + "=" + value;
  }
  auto it = engines_.find(key);
  if (it != engines_.end()) {
    it->second.second = ++uses_;
    return it->second.first;
  }
  auto e = load_engine(cards, rules, data_dir_, params);
  if (engines_.size() >= capacity_) {  // the least recently used goes
    auto oldest = engines_.begin();
    for (auto i = engines_.begin(); i != engines_.end(); ++i)
      if (i->second.second < oldest->second.second) oldest = i;
    engines_.erase(oldest);
  }
  engines_[key] = {e, ++uses_};
  return e;
}

namespace {

const char* const kGameMeta = "als.game";

struct Scenario {
  std::string name;
  int ref;
  int line;
};

struct Runner {
  std::string chunk;    // "@" + display path
  std::string display;
  const ScenarioOptions* opt;
  EngineCache* cache;
  const std::function<void(const std::string&)>* out;
  std::vector<Scenario> scenarios;
  bool running = false;  // scenarios are running: registering more is refused
  int fail_line = 0;
};

Runner& runner(lua_State* L) { return *static_cast<Runner*>(sandbox_user(L)); }

struct GameBox {
  std::shared_ptr<Engine> eng;
  State s;
  // Every line shown to each seat so far (g:messages): events as that seat reads them, and
  // errors its actions raised, redacted for it. At most kMaxLines each (the oldest go first).
  std::vector<std::string> lines[2];
  static constexpr size_t kMaxLines = 20'000;
  void show(int seat, std::string line) {
    std::vector<std::string>& v = lines[seat];
    if (v.size() >= kMaxLines) v.erase(v.begin(), v.begin() + static_cast<long>(kMaxLines / 2));
    v.push_back(std::move(line));
  }
  void show(const EventLog& log) {
    for (const Event& ev : log.events)
      for (int p = 0; p < 2; ++p) show(p, eng->text().event_text(ev, p));
  }
};

GameBox& box(lua_State* L) { return *static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta)); }

[[noreturn]] void fail(const std::string& msg) { throw IllegalAction(msg); }

int player_arg(lua_State* L, int arg) {
  lua_Integer p = luaL_checkinteger(L, arg);
  if (p != 1 && p != 2) fail("a player is 1 or 2");
  return static_cast<int>(p - 1);
}

int theater_arg(const GameBox& g, lua_State* L, int arg) {
  const char* name = luaL_checkstring(L, arg);
  int t = g.eng->text().theater_id(name);
  if (t < 0 || g.s.b.pos[t] >= g.s.b.ntheaters) fail(std::string("unknown theater '") + name + "'");
  return t;
}

// " (did you mean 'ID'?)": the set's card nearest to an unknown id (API 4's comforts).
std::string nearest_card(const Engine& e, std::string_view id) {
  std::vector<std::string_view> ids;
  for (const CardDef& d : e.set().cards) ids.push_back(d.id);
  return did_you_mean(id, ids);
}

int card_arg(const GameBox& g, lua_State* L, int arg, const char* prefix = "") {
  const char* id = luaL_checkstring(L, arg);
  int c = g.eng->set().find(id);
  if (c < 0) fail(std::string(prefix) + "unknown card '" + std::string(id).substr(0, 64) + "'" + nearest_card(*g.eng, id));
  return c;
}

GameBox& push_game(lua_State* L, std::shared_ptr<Engine> eng, const State& s) {
  void* mem = lua_newuserdatauv(L, sizeof(GameBox), 0);
  auto* g = new (mem) GameBox{std::move(eng), s, {}};
  luaL_setmetatable(L, kGameMeta);
  return *g;
}

// Applies `a`; the seats' lines get its events, or the acting seat the error it raised.
void apply(GameBox& g, const Action& a) {
  EventLog log;
  log.keep_battle_ends = false;
  const int actor = g.eng->to_act(g.s);
  try {
    g.eng->apply(g.s, a, &log);
  } catch (const std::exception& e) {
    if (actor == 0 || actor == 1) g.show(actor, g.eng->text().message_for(g.s, actor, e.what()));
    throw;
  }
  g.show(log);
}

std::vector<std::string> legal_texts(const GameBox& g) {
  std::vector<Action> acts;
  g.eng->legal(g.s, acts);
  std::vector<std::string> out;
  for (const Action& a : acts) out.push_back(g.eng->text().action_text(g.s, a, -1));
  std::sort(out.begin(), out.end());
  return out;
}

// The decision pending, for a scenario's error messages: its options as g:decision() gives them.
std::vector<std::string> decision_options(const GameBox& g) {
  const DecisionKind k = g.eng->decision_kind(g.s);
  if (k == DecisionKind::Turn || k == DecisionKind::Play) return legal_texts(g);
  std::vector<std::string> opts;
  uint16_t opt[kMaxOptions];
  for (int i = 0, n = g.eng->options(g.s.r.pending, opt); i < n; ++i) opts.push_back(g.eng->text().option_text(g.s, k, opt[i], -1));
  if (k != DecisionKind::Option) std::sort(opts.begin(), opts.end());  // texts: the script's order, none last
  return opts;
}

// "player 1 answers ambush's card question (g:choose one of: heavy_tanks, none)", or "" at a turn.
std::string pending_question(const GameBox& g) {
  const Question q = g.eng->text().question(g.s, -1);
  if (!q.asked) return "";
  std::string opts;
  for (const std::string& o : decision_options(g)) opts += (opts.empty() ? "" : ", ") + o;
  return "player " + std::to_string(q.player + 1) + " answers " + q.ability + "'s " + decision_kind_name(q.kind) +
         " question (g:choose one of: " + opts + ")";
}

// ---- game methods -------------------------------------------------------------------------

// A turn action while a question is pending says so (a play decision takes plays too).
void no_question_pending(const GameBox& g, const char* what) {
  if (!g.s.r.active || g.eng->decision_kind(g.s) == DecisionKind::Play) return;
  fail(std::string("illegal: ") + what + " while a question is pending: " + pending_question(g));
}

int g_play(lua_State* L, Action::Type type) {
  GameBox& g = box(L);
  no_question_pending(g, type == Action::Deploy ? "deploy" : "improvise");
  Action a{type, static_cast<uint8_t>(card_arg(g, L, 2, "illegal: ")), kNone, kNone};
  const char* tn = luaL_checkstring(L, 3);
  int t = g.eng->text().theater_id(tn);
  if (t < 0) fail(std::string("illegal: unknown theater '") + tn + "'");
  a.theater = static_cast<uint8_t>(t);
  apply(g, a);
  return 0;
}
int g_deploy(lua_State* L) { return g_play(L, Action::Deploy); }
int g_improvise(lua_State* L) { return g_play(L, Action::Improvise); }
int g_withdraw(lua_State* L) {
  no_question_pending(box(L), "withdraw");
  apply(box(L), Action{});
  return 0;
}
int g_choose(lua_State* L) {
  GameBox& g = box(L);
  std::string opt = luaL_checkstring(L, 2);
  Action a;
  try {
    a = g.eng->text().parse_action(g.s, "choose " + opt, -1);
  } catch (const IllegalAction&) {
    try {
      a = g.eng->text().parse_action(g.s, opt, -1);  // a play decision or a turn: the option is an action
    } catch (const IllegalAction& e) {
      if (g.eng->to_act(g.s) < 0) throw;  // the game is over
      const std::string q = pending_question(g);
      std::string legal;
      for (const std::string& o : decision_options(g)) legal += (legal.empty() ? "" : ", ") + o;
      fail("illegal: '" + opt.substr(0, 64) + "' is not an answer now; " +
           (q.empty() ? "it is player " + std::to_string(g.eng->to_act(g.s) + 1) + "'s turn (legal: " + legal + ")" : q));
    }
  }
  apply(g, a);
  return 0;
}
int g_act(lua_State* L) {
  GameBox& g = box(L);
  Action a;
  try {
    a = g.eng->text().parse_action(g.s, luaL_checkstring(L, 2), -1);
  } catch (const IllegalAction& e) {
    const std::string q = pending_question(g);
    if (q.empty()) throw;
    fail(std::string(e.what()) + "; " + q);
  }
  apply(g, a);
  return 0;
}
int g_legal(lua_State* L) {
  push_strings(L, legal_texts(box(L)));
  return 1;
}
int g_decision(lua_State* L) {
  GameBox& g = box(L);
  int p = g.eng->to_act(g.s);
  if (p < 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_newtable(L);
  lua_pushinteger(L, p + 1);
  lua_setfield(L, -2, "player");
  DecisionKind k = g.eng->decision_kind(g.s);
  lua_pushstring(L, decision_kind_name(k));
  lua_setfield(L, -2, "kind");
  push_strings(L, decision_options(g));
  lua_setfield(L, -2, "options");
  if (g.s.r.active && g.s.r.pending.card != kNone) {
    lua_pushstring(L, g.eng->set().cards[g.s.r.pending.card].id.c_str());
    lua_setfield(L, -2, "card");
  }
  if (g.s.r.active && g.s.r.pending.prompt) set_string(L, "prompt", g.eng->interned().name(g.s.b, g.s.r.pending.prompt));
  return 1;
}
// A counter's target: a player 1 or 2, or a card id.
int counter_target(GameBox& g, lua_State* L, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) return kCounterPlayer + player_arg(L, arg);
  int c = g.eng->set().find(luaL_checkstring(L, arg));
  if (c < 0) fail(std::string("unknown card '") + lua_tostring(L, arg) + "'");
  return c;
}
// g:counter(target, name) -> the counter's value, 0 if never set (API 3)
int g_counter(lua_State* L) {
  GameBox& g = box(L);
  int target = counter_target(g, L, 2);
  std::string name = luaL_checkstring(L, 3);
  int value = 0;
  for (const auto& [n, v] : g.eng->counters_of(g.s, target))
    if (n == name) value = v;
  lua_pushinteger(L, value);
  return 1;
}
// g:owner(id) -> the player whose side or hand holds the card; nil in the deck (API 3)
int g_owner(lua_State* L) {
  GameBox& g = box(L);
  int c = g.eng->set().find(luaL_checkstring(L, 2));
  if (c < 0) fail(std::string("unknown card '") + lua_tostring(L, 2) + "'");
  const CardLoc& l = g.s.b.card[c];
  if (l.zone == Zone::Deck || l.zone == Zone::Out) lua_pushnil(L);
  else lua_pushinteger(L, l.owner + 1);
  return 1;
}
int g_to_act(lua_State* L) {
  GameBox& g = box(L);
  int p = g.eng->to_act(g.s);
  if (p < 0) lua_pushnil(L);
  else lua_pushinteger(L, p + 1);
  return 1;
}
int g_strength(lua_State* L) {
  GameBox& g = box(L);
  int p = player_arg(L, 2);
  lua_pushinteger(L, g.eng->strength(g.s, p, theater_arg(g, L, 3)));
  return 1;
}
int g_card_strength(lua_State* L) {
  GameBox& g = box(L);
  int c = card_arg(g, L, 2);
  if (g.s.b.card[c].zone != Zone::Board) fail("card '" + g.eng->set().cards[c].id + "' is not on the board");
  lua_pushinteger(L, g.eng->card_strength(g.s, c));
  return 1;
}
int g_controller(lua_State* L) {
  GameBox& g = box(L);
  lua_pushinteger(L, g.eng->controller(g.s, theater_arg(g, L, 2)) + 1);
  return 1;
}
int g_stack(lua_State* L) {
  GameBox& g = box(L);
  int p = player_arg(L, 2), t = theater_arg(g, L, 3);
  uint8_t st[kMaxCards];
  int n = g.eng->stack(g.s, p, t, st);
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.push_back((g.s.b.card[st[i]].faceup ? "" : "~") + g.eng->set().cards[st[i]].id);
  push_strings(L, v);
  return 1;
}
int push_zone(lua_State* L, const GameBox& g, Zone z, int p) {
  uint8_t st[kMaxCards];
  int n = g.eng->zone(g.s, z, p, st);
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.push_back(g.eng->set().cards[st[i]].id);
  push_strings(L, v);
  return 1;
}
int g_hand(lua_State* L) {
  GameBox& g = box(L);
  return push_zone(L, g, Zone::Hand, player_arg(L, 2));
}
int g_deck(lua_State* L) { return push_zone(L, box(L), Zone::Deck, 0); }
// g:knows(p, id): whether player p knows that card now (API 4, the verb of the same name)
int g_knows(lua_State* L) {
  GameBox& g = box(L);
  const int p = player_arg(L, 2);
  lua_pushboolean(L, g.eng->knows(g.s, p, card_arg(g, L, 3)));
  return 1;
}
int g_theaters(lua_State* L) {
  GameBox& g = box(L);
  std::vector<std::string> v;
  for (int i = 0; i < g.s.b.ntheaters; ++i) v.push_back(g.eng->text().theater_name(g.s.b.order[i]));
  push_strings(L, v);
  return 1;
}
int g_first(lua_State* L) {
  lua_pushinteger(L, box(L).s.b.first + 1);
  return 1;
}
int g_score(lua_State* L) {
  GameBox& g = box(L);
  lua_pushinteger(L, g.s.b.score[player_arg(L, 2)]);
  return 1;
}
int g_battle(lua_State* L) {
  lua_pushinteger(L, box(L).s.b.battle);
  return 1;
}
// g:turn_number() -> the turns begun in this battle (API 4)
int g_turn_number(lua_State* L) {
  lua_pushinteger(L, box(L).s.b.turn_number());
  return 1;
}
int g_last_battle(lua_State* L) {
  const LastBattle& lb = box(L).s.b.last;
  if (lb.number == 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_newtable(L);
  lua_pushinteger(L, lb.number);
  lua_setfield(L, -2, "number");
  lua_pushinteger(L, lb.winner + 1);
  lua_setfield(L, -2, "winner");
  lua_pushinteger(L, lb.vp);
  lua_setfield(L, -2, "vp");
  if (lb.reason && !lb.withdrew) lua_pushstring(L, box(L).eng->interned().name(box(L).s.b, lb.reason).c_str());  // a battle_over hook's (API 3)
  else lua_pushstring(L, lb.withdrew ? "withdraw" : "control");
  lua_setfield(L, -2, "reason");
  return 1;
}
int g_game_over(lua_State* L) {
  lua_pushboolean(L, box(L).s.b.phase == Phase::Over);
  return 1;
}
// g:battles() -> the battles decided so far, oldest first (API 4, as the verb)
int g_battles(lua_State* L) {
  GameBox& g = box(L);
  const Board& b = g.s.b;
  lua_createtable(L, b.nhistory, 0);
  for (int i = 0; i < b.nhistory; ++i) {
    push_battle(L, *g.eng, b, b.history[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}
// g:game_result() -> nil while the game goes on; then { winner = p, reason = text or nil,
// scores = {vp1, vp2} } (API 4)
int g_game_result(lua_State* L) {
  GameBox& g = box(L);
  const GameResult r = g.eng->result(g.s);
  if (!r.over) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, r.winner + 1);
  lua_setfield(L, -2, "winner");
  if (!r.reason.empty()) set_string(L, "reason", r.reason);
  lua_createtable(L, 2, 0);
  for (int p = 0; p < 2; ++p) {
    lua_pushinteger(L, r.score[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "scores");
  return 1;
}
int g_winner(lua_State* L) {
  const Board& b = box(L).s.b;
  if (b.phase == Phase::Over) lua_pushinteger(L, b.winner + 1);
  else lua_pushnil(L);
  return 1;
}
int g_view(lua_State* L) {
  GameBox& g = box(L);
  View v = view_of(*g.eng, g.s, player_arg(L, 2));
  lua_newtable(L);
  lua_newtable(L);
  for (int p = 0; p < 2; ++p) {
    push_strings(L, v.hand[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "hands");
  lua_newtable(L);
  for (int p = 0; p < 2; ++p) {
    lua_newtable(L);
    for (size_t i = 0; i < v.theaters.size(); ++i) {
      push_strings(L, v.stacks[p][i]);
      lua_setfield(L, -2, v.theaters[i].c_str());
    }
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "board");
  set_int(L, "deck_size", v.deck_size);
  push_strings(L, v.deck_known);
  lua_setfield(L, -2, "deck_known");
  lua_createtable(L, static_cast<int>(v.deck_positions.size()), 0);  // (API 4) {id = ..., position = n}
  for (size_t i = 0; i < v.deck_positions.size(); ++i) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, v.deck_known[i].c_str());
    lua_setfield(L, -2, "id");
    lua_pushinteger(L, v.deck_positions[i]);
    lua_setfield(L, -2, "position");
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "deck_positions");
  push_strings(L, v.theaters);
  lua_setfield(L, -2, "theaters");
  if (!v.held.empty()) set_string(L, "held", v.held);
  push_ints(L, {v.score[0], v.score[1]});
  lua_setfield(L, -2, "score");
  set_int(L, "first", v.first + 1);
  set_int(L, "battle", v.battle);
  // counters (public; API 3): [1] and [2] the players', [label] a board card's (its id, or its
  // place "P:THEATER:N" when the viewer does not know it)
  lua_newtable(L);
  auto push_counters = [&](const std::vector<std::pair<std::string, int>>& cs) {
    lua_newtable(L);
    for (const auto& [n, val] : cs) set_int(L, n.c_str(), val);
  };
  for (int p = 0; p < 2; ++p) {
    push_counters(v.player_counters[p]);
    lua_rawseti(L, -2, p + 1);
  }
  for (int c = 0; c < g.s.b.ncards; ++c) {
    if (g.s.b.card[c].zone != Zone::Board) continue;
    auto cs = g.eng->counters_of(g.s, c);
    if (cs.empty()) continue;
    push_counters(cs);
    lua_setfield(L, -2, g.eng->text().card_label(g.s, c, v.viewer).c_str());
  }
  lua_setfield(L, -2, "counters");
  push_strings(L, v.effects);
  lua_setfield(L, -2, "effects");
  return 1;
}
// g:copy() -> an independent copy of the game (extension: states are values)
int g_copy(lua_State* L) {
  GameBox& g = box(L);
  GameBox& copy = push_game(L, g.eng, g.s);
  for (int p = 0; p < 2; ++p) copy.lines[p] = g.lines[p];
  return 1;
}
// g:messages(p) -> every line shown to seat p so far (log lines, results, errors), as that seat
// reads them: a card p does not know is never named (API 4)
int g_messages(lua_State* L) {
  GameBox& g = box(L);
  push_strings(L, g.lines[player_arg(L, 2)]);
  return 1;
}
// g:tokens(p, theater) -> supply tokens on p's side there (extension)
int g_tokens(lua_State* L) {
  GameBox& g = box(L);
  int p = player_arg(L, 2);
  lua_pushinteger(L, g.s.b.tokens[p][theater_arg(g, L, 3)]);
  return 1;
}
int g_gc(lua_State* L) {
  static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta))->~GameBox();
  return 0;
}
int g_tostring(lua_State* L) {
  GameBox& g = box(L);
  lua_pushfstring(L, "game (battle %d)", static_cast<int>(g.s.b.battle));
  return 1;
}

// ---- globals ------------------------------------------------------------------------------

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

// A relative path in a scenario is looked up from the scenario file's own folder first, then
// from the working directory; a bundled name stays a name.
std::string from_file(const Runner& r, const std::string& p, bool rule) {
  bool path = p.find('/') != std::string::npos || (rule && p.find(".lua") != std::string::npos) ||
              (!p.empty() && p[0] == '.');
  if (!path || p[0] == '/') return p;
  std::filesystem::path mine = std::filesystem::path(r.display).parent_path() / p;
  return (rule ? files::is_file(mine) : files::is_dir(mine)) ? mine.string() : p;
}

// setup{ params = { name = number, ... } }: values for the params the set and rules declare, by
// name (in name order: a table has no other).
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

std::shared_ptr<Engine> engine_for(lua_State* L, int spec) {
  Runner& r = runner(L);
  std::string cards = r.opt->cards;
  std::vector<std::string> rules = r.opt->rules;
  ParamValues params;
  if (lua_istable(L, spec)) {
    if (lua_getfield(L, spec, "cards") != LUA_TNIL) cards = from_file(r, luaL_checkstring(L, -1), false);
    lua_pop(L, 1);
    if (lua_getfield(L, spec, "rules") != LUA_TNIL) {
      for (const auto& x : string_list(L, lua_gettop(L), "rules")) rules.push_back(from_file(r, x, true));
    }
    lua_pop(L, 1);
    if (lua_getfield(L, spec, "params") != LUA_TNIL) params = param_table(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  return r.cache->get(cards, rules, params);
}

// A position being set up from setup(spec)'s table (at index 1): each part of the spec one step.
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

// setup(spec) -> a game in the position spec describes (docs/scenarios.md)
int l_setup(lua_State* L) {
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  else {
    lua_settop(L, 0);
    lua_newtable(L);
  }
  std::shared_ptr<Engine> eng = engine_for(L, 1);
  State s = eng->blank();
  Setup setup{L, *eng, s, std::vector<bool>(s.b.ncards, false)};
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
  push_game(L, std::move(eng), s);
  return 1;
}

// new_game{seed=, cards=, rules=} -> a game dealt for battle 1
int l_new_game(lua_State* L) {
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  std::shared_ptr<Engine> eng = engine_for(L, 1);
  uint64_t seed;
  if (lua_istable(L, 1) && lua_getfield(L, 1, "seed") != LUA_TNIL) {
    if (!lua_isinteger(L, -1)) fail("new_game: seed must be an integer");
    seed = static_cast<uint64_t>(lua_tointeger(L, -1));
  } else {
    seed = (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  }
  EventLog log;
  log.keep_battle_ends = false;
  State s = eng->new_game(seed, &log);
  push_game(L, std::move(eng), s).show(log);
  return 1;
}

// scenario(name, fn): registers one test
int l_scenario(lua_State* L) {
  Runner& r = runner(L);
  if (r.running) fail("scenario() may only be called while the file loads, not inside a scenario");
  std::string name = luaL_checkstring(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_Debug ar;
  int line = 0;
  if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) line = ar.currentline;
  lua_pushvalue(L, 2);
  r.scenarios.push_back(Scenario{name, luaL_ref(L, LUA_REGISTRYINDEX), line});
  return 0;
}

int l_print(lua_State* L) {
  std::string line;
  for (int i = 1, n = lua_gettop(L); i <= n; ++i) {
    if (i > 1) line += "\t";
    line += luaL_tolstring(L, i, nullptr);
    lua_pop(L, 1);
  }
  (*runner(L).out)(line);
  return 0;
}

template <lua_CFunction F>
int api(lua_State* L) {
  std::string err;
  try {
    return F(L);
  } catch (const std::exception& e) {
    err = e.what();
  }
  return luaL_error(L, "%s", err.c_str());
}

const luaL_Reg kGameMethods[] = {
    {"deploy", api<g_deploy>},     {"improvise", api<g_improvise>},   {"withdraw", api<g_withdraw>},
    {"choose", api<g_choose>},     {"act", api<g_act>},               {"legal", api<g_legal>},
    {"decision", api<g_decision>}, {"to_act", api<g_to_act>},         {"strength", api<g_strength>},
    {"card_strength", api<g_card_strength>}, {"controller", api<g_controller>}, {"stack", api<g_stack>},
    {"hand", api<g_hand>},         {"deck", api<g_deck>},             {"theaters", api<g_theaters>},
    {"first", api<g_first>},       {"score", api<g_score>},           {"battle", api<g_battle>},
    {"last_battle", api<g_last_battle>}, {"game_over", api<g_game_over>}, {"winner", api<g_winner>},
    {"view", api<g_view>},         {"copy", api<g_copy>},             {"tokens", api<g_tokens>},
    {"counter", api<g_counter>},   {"owner", api<g_owner>},           {"knows", api<g_knows>},
    {"messages", api<g_messages>}, {"turn_number", api<g_turn_number>}, {"battles", api<g_battles>},
    {"game_result", api<g_game_result>},
    {nullptr, nullptr}};

// The checks, in Lua: deep equality and a readable rendering of values.
const char* const kPrelude = R"lua(
local function render(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 8 then return "{...}" end
  local n, parts = #v, {}
  for i = 1, n do parts[#parts + 1] = render(v[i], depth + 1) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. render(k, depth + 1) .. "]"
    parts[#parts + 1] = key .. " = " .. render(v[k], depth + 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function equal(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in pairs(a) do if not equal(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

function check(cond, msg)
  if not cond then error(msg or "check failed", 2) end
end

function check_eq(actual, expected, msg)
  if not equal(actual, expected) then
    error((msg and msg .. ": " or "") .. "expected " .. render(expected) .. ", got " .. render(actual), 2)
  end
end

function check_error(fn, pattern)
  local ok, err = pcall(fn)
  if ok then error("expected an error containing '" .. tostring(pattern) .. "', but there was none", 2) end
  err = tostring(err)
  if pattern and not string.find(err, pattern, 1, true) then
    error("expected an error containing '" .. pattern .. "', got '" .. err .. "'", 2)
  end
end
)lua";

std::string strip_position(const std::string& msg, const std::string& display) {
  std::string p = display + ":";
  if (msg.compare(0, p.size(), p) != 0) return msg;
  size_t i = p.size();
  while (i < msg.size() && isdigit(static_cast<unsigned char>(msg[i]))) ++i;
  if (i > p.size() && msg.compare(i, 2, ": ") == 0) return msg.substr(i + 2);
  return msg;
}

int scenario_handler(lua_State* L) {
  Runner& r = runner(L);
  r.fail_line = 0;
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (r.chunk == ar.source) {
      r.fail_line = ar.currentline;
      break;
    }
  }
  std::string msg = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1)
                    : lua_type(L, 1) == LUA_TNIL  ? "error (nil)"
                                                  : luaL_tolstring(L, 1, nullptr);
  lua_pushstring(L, strip_position(msg, r.display).c_str());
  return 1;
}

// A scenario file's environment (the sandbox's, the scenario globals and the checks of the
// prelude), pushed; false with `error` set if the prelude does not load.
bool push_scenario_env(lua_State* L, std::string& error) {
  push_sandbox_env(L);
  const int env = lua_gettop(L);
  const luaL_Reg globals[] = {{"scenario", api<l_scenario>}, {"setup", api<l_setup>},
                              {"new_game", api<l_new_game>}, {"print", api<l_print>},
                              {nullptr, nullptr}};
  lua_pushvalue(L, env);
  luaL_setfuncs(L, globals, 0);
  lua_pop(L, 1);
  if (luaL_loadbufferx(L, kPrelude, std::strlen(kPrelude), "=als", "t") != LUA_OK) {
    error = lua_tostring(L, -1);
    lua_pop(L, 1);
    return false;
  }
  lua_pushvalue(L, env);
  lua_setupvalue(L, -2, 1);
  lua_call(L, 0, 0);
  return true;
}

}  // namespace

std::vector<std::string> scenario_globals() {
  lua_State* L = new_sandbox(kScenarioLimits);
  std::vector<std::string> plain, all;
  auto keys = [&](std::vector<std::string>& out) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) == LUA_TSTRING) out.push_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    std::sort(out.begin(), out.end());
  };
  push_sandbox_env(L);
  keys(plain);
  std::string error;
  if (push_scenario_env(L, error)) keys(all);
  close_sandbox(L);
  std::vector<std::string> out;
  std::set_difference(all.begin(), all.end(), plain.begin(), plain.end(), std::back_inserter(out));
  return out;
}

std::vector<std::string> test_game_methods() {
  std::vector<std::string> out;
  for (const luaL_Reg* r = kGameMethods; r->name; ++r) out.push_back(r->name);
  std::sort(out.begin(), out.end());
  return out;
}

ScenarioResult run_scenario_file(const std::string& path, const std::string& display, const ScenarioOptions& opt,
                                 EngineCache& cache, const std::function<void(const std::string&)>& out) {
  std::string text;
  try {
    text = read_text_file(path, kMaxScriptFile);
  } catch (const LoadError& e) {
    std::string why = e.what();
    if (why.compare(0, path.size() + 2, path + ": ") == 0) why = why.substr(path.size() + 2);
    out("ERROR " + display + ":0: " + why);
    ScenarioResult res;
    res.load_error = true;
    return res;
  }
  return run_scenario_text(text, display, opt, cache, out);
}

ScenarioResult run_scenario_text(const std::string& text, const std::string& display, const ScenarioOptions& opt,
                                 EngineCache& cache, const std::function<void(const std::string&)>& out) {
  ScenarioResult res;
  Runner r;
  r.chunk = "@" + display;
  r.display = display;
  r.opt = &opt;
  r.cache = &cache;
  r.out = &out;
  lua_State* L = new_sandbox(opt.limits);
  set_sandbox_user(L, &r);
  struct Closer {
    lua_State* L;
    ~Closer() { close_sandbox(L); }
  } closer{L};

  luaL_newmetatable(L, kGameMeta);
  lua_newtable(L);
  luaL_setfuncs(L, kGameMethods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, g_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, g_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  std::string internal;
  if (!push_scenario_env(L, internal)) {
    out("ERROR " + display + ":0: internal: " + internal);
    res.load_error = true;
    return res;
  }
  const int env = lua_gettop(L);

  lua_pushcfunction(L, scenario_handler);
  int h = lua_gettop(L);
  set_budget(L, opt.limits.instructions);
  if (luaL_loadbufferx(L, text.data(), text.size(), r.chunk.c_str(), "t") != LUA_OK) {
    std::string msg = lua_tostring(L, -1);
    std::string rest = strip_position(msg, display);
    int line = 0;
    if (rest != msg) line = std::atoi(msg.c_str() + display.size() + 1);
    out("ERROR " + display + ":" + std::to_string(line) + ": " + rest);
    res.load_error = true;
    return res;
  }
  lua_pushvalue(L, env);
  lua_setupvalue(L, -2, 1);
  if (lua_pcall(L, 0, 0, h) != LUA_OK) {
    out("ERROR " + display + ":" + std::to_string(r.fail_line) + ": " + lua_tostring(L, -1));
    res.load_error = true;
    return res;
  }
  r.running = true;
  for (const Scenario& sc : r.scenarios) {
    set_budget(L, opt.limits.instructions);
    r.fail_line = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, sc.ref);
    int status = lua_pcall(L, 0, 0, h);
    if (status == LUA_OK) {
      ++res.passed;
      continue;
    }
    std::string msg = status == LUA_ERRMEM ? error_message(L, status)
                      : lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error";
    lua_pop(L, 1);
    int line = r.fail_line ? r.fail_line : sc.line;
    out("FAIL " + display + ":" + std::to_string(line) + " " + sc.name + ": " + msg);
    ++res.failed;
    lua_gc(L, LUA_GCCOLLECT);
  }
  return res;
}

}  // namespace als
