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
#include "scenario_impl.h"
#include "question.h"
#include "view.h"

namespace als {

using scenario_impl::fail;
using scenario_impl::nearest_card;
using scenario_impl::push_deduced;
using scenario_impl::string_list;

std::shared_ptr<Engine> EngineCache::get(const std::string& cards, const std::vector<std::string>& rules,
                                         const ParamValues& params, const Policy& policy) {
  std::string key = policy.key() + "\n\n" + cards;
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
  auto e = load_engine(cards, rules, data_dir_, params, policy);
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
  // g:measure's counts so far (g:measures), by name.
  std::map<std::string, long long> measures;
  void show(const EventLog& log) {
    for (const Event& ev : log.events) {
      if (ev.type == Event::Measure) {  // counted, not shown (no seat reads it)
        if (measures.size() < 64 || measures.count(ev.text)) measures[ev.text] += ev.value;
        continue;
      }
      for (int p = 0; p < 2; ++p) show(p, eng->text().event_text(ev, p));
    }
  }
};

GameBox& box(lua_State* L) { return *static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta)); }

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

int card_arg(const GameBox& g, lua_State* L, int arg, const char* prefix = "") {
  const char* id = luaL_checkstring(L, arg);
  int c = g.eng->set().find(id);
  if (c < 0) fail(std::string(prefix) + "unknown card '" + std::string(id).substr(0, 64) + "'" + nearest_card(*g.eng, id));
  return c;
}

GameBox& push_game(lua_State* L, std::shared_ptr<Engine> eng, const State& s) {
  void* mem = lua_newuserdatauv(L, sizeof(GameBox), 0);
  auto* g = new (mem) GameBox{std::move(eng), s, {}, {}};
  luaL_setmetatable(L, kGameMeta);
  return *g;
}

// Applies `a`; the seats' lines get its events, or the acting seat the error it raised.
void apply(GameBox& g, const Action& a) {
  EventLog log;
  log.keep_battle_ends = false;
  log.kept_types |= uint64_t{1} << Event::Measure;
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
  const Question q = render_question(*g.eng, project(*g.eng, g.s, -1));
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
  std::string texts[kMaxTurnActions];  // (API 5) the turn actions' words: "action K" is the Kth
  if (const int n = g.eng->turn_actions(g.s, texts); n > 0) {
    push_strings(L, std::vector<std::string>(texts, texts + n));
    lua_setfield(L, -2, "actions");
  }
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
  push_deduced(L, v.deduced);
  lua_setfield(L, -2, "deduced");
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
// g:measures() -> { name = count, ... }: what g:measure counted so far in this game (a copy keeps its original's)
int g_measures(lua_State* L) {
  const GameBox& g = box(L);
  lua_createtable(L, 0, static_cast<int>(g.measures.size()));
  for (const auto& [name, count] : g.measures) {
    lua_pushinteger(L, count);
    lua_setfield(L, -2, name.c_str());
  }
  return 1;
}

// g:copy() -> an independent copy of the game (extension: states are values)
int g_copy(lua_State* L) {
  GameBox& g = box(L);
  GameBox& copy = push_game(L, g.eng, g.s);
  for (int p = 0; p < 2; ++p) copy.lines[p] = g.lines[p];
  copy.measures = g.measures;
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

// A relative path in a scenario is looked up from the scenario file's own folder first, then
// from the working directory; a bundled name stays a name.
std::string from_file(const Runner& r, const std::string& p, bool rule) {
  bool path = p.find('/') != std::string::npos || (rule && p.find(".lua") != std::string::npos) ||
              (!p.empty() && p[0] == '.');
  if (!path || p[0] == '/') return p;
  const std::filesystem::path mine = std::filesystem::path(r.display).parent_path() / p;
  if (rule ? files::is_file(mine) : files::is_dir(mine)) return mine.string();
  if (rule ? files::is_file(p) : files::is_dir(p)) return p;
  fail(std::string(rule ? "setup: no such rules file '" : "setup: no such card set folder '") + p.substr(0, 200) +
       "' (looked up from the scenario's folder, " + files::shown_path(mine.parent_path().string()) +
       ", and from the working directory, " + files::shown_path(std::filesystem::current_path().string()) + ")");
}

// The engine a setup or new_game spec names: its cards, rules and params, else the runner's.
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
    if (lua_getfield(L, spec, "params") != LUA_TNIL) params = scenario_impl::param_table(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  return r.cache->get(cards, rules, params);
}

// A position being set up from setup(spec)'s table (at index 1): each part of the spec one step.
// setup(spec) -> a game in the position spec describes (docs/scenarios.md)
int l_setup(lua_State* L) {
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  else {
    lua_settop(L, 0);
    lua_newtable(L);
  }
  std::shared_ptr<Engine> eng = engine_for(L, 1);
  State s = scenario_impl::setup_position(L, *eng);
  // battle_start = true (API 6): the position is a battle's beginning: its battle_start hooks
  // and the first turn's turn_start abilities run, as after a deal.
  const int ty = lua_getfield(L, 1, "battle_start");
  if (ty != LUA_TNIL && ty != LUA_TBOOLEAN) fail("setup: battle_start must be true or false");
  const bool begin = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (!begin) {
    push_game(L, std::move(eng), s);
    return 1;
  }
  EventLog log;
  log.keep_battle_ends = false;
  log.kept_types |= uint64_t{1} << Event::Measure;
  eng->ops().begin_battle(s, &log);
  push_game(L, std::move(eng), s).show(log);
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
  log.kept_types |= uint64_t{1} << Event::Measure;
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
    {"view", api<g_view>},         {"copy", api<g_copy>},             {"measures", api<g_measures>},
    {"tokens", api<g_tokens>},
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
