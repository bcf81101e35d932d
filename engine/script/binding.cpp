// The Lua binding: the verbs an ability calls on `g` (docs/modding.md lists every one), their
// table and their one wrapper, and the handle `g` scripts receive. The verbs themselves:
// lua_verbs.h (lua_queries.cpp, lua_actions.cpp); running abilities, triggers, ongoing functions
// and hooks: runtime.cpp; loading and validation: loader.cpp.
//
// Verbs come in three groups, registered in one table (kVerbs): queries read the game;
// decisions ask a player; effects change the game. One wrapper (dispatch) serves them all: it
// refuses decisions and effects in read-only calls (ongoing functions, answering hooks), turns
// effects into no-ops in the dry rest of a run, checks after each effect whether the running
// ability was interrupted (the first printing), and turns every C++ exception into a Lua error.
// Adding a verb is one function in Verbs (declared in lua_verbs.h, defined with its group) and
// one line in kVerbs (and a row in docs/modding.md).
#include "binding.h"

#include "lua_verbs.h"

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

#include "names.h"
#include "engine.h"

namespace als {



void Runtime::push_id(int card) { lua_rawgeti(L_, LUA_REGISTRYINDEX, id_ref_[static_cast<size_t>(card)]); }

int Runtime::check_card(int arg) {
  // (lua_tolstring takes what luaL_checkstring takes, a number made a string in place; only for
  // anything else is the library's check called, for its message.)
  const char* id = lua_tolstring(L_, arg, nullptr);
  if (!id) [[unlikely]] id = luaL_checkstring(L_, arg);
  int c = find_id(id);
  if (c < 0) unknown_card(id);
  return c;
}



int Runtime::find_id_by_text(const char* id) const { return eng_->set().find(id); }

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
  return eng_->text().theater_id(name);
}

int Runtime::hook_of(const Due& d) const {
  const std::vector<int>& refs = hook_ref_[static_cast<int>(acting_hook(d.what).hook)];
  if (hook_rule(d) >= refs.size())
    throw ScriptError(std::string("house rule ") + acting_hook(d.what).name + ": no rule number " + std::to_string(hook_rule(d) + 1));
  return refs[hook_rule(d)];
}

std::string Runtime::who(const Due& d, int effect) const {
  if (effect >= 0) {
    const LastingDef& e = lasting_defs_[static_cast<size_t>(effect)];
    if (e.card == kNone) return "effect " + e.name + " (house rule)";
    const CardDef& c = eng_->set().cards[static_cast<size_t>(e.card)];
    return "effect " + e.name + " of card " + c.id + " (" + c.file + ")";
  }
  if (d.card == kNone && is_trigger(d.what)) {  // the house rules' triggers (API 6)
    std::string files;
    for (const auto& [file, refs] : rule_triggers_)
      if (refs[static_cast<int>(d.what) - static_cast<int>(What::Played)] != LUA_NOREF) files += (files.empty() ? "" : ", ") + file;
    return "house rule trigger " + std::string(trigger_event(d.what).name) + " (" + files + ")";
  }
  if (d.card == kNone) {
    const HookKind& k = acting_hook(d.what);
    const std::vector<std::string>& files = hook_file_[static_cast<int>(k.hook)];
    size_t i = d.what == What::HookTurnAction && static_cast<size_t>(turn_action_rule_) < files.size()
                   ? static_cast<size_t>(turn_action_rule_) : files.size() - 1;
    if (d.what != What::HookTurnAction && hook_rule(d) < files.size()) i = hook_rule(d);  // an acting hook: its rule's
    return "house rule " + std::string(k.name) + " (" + files[i] + ")";
  }
  const CardDef& c = eng_->set().cards[d.card];
  return "card " + c.id + " (" + c.file + ")";
}

std::string Runtime::set_off_by(const Due& d) const {
  const uint8_t by = d.event.cause;
  if (!is_trigger(d.what) || by == kNone || by == kRuleCause || by == d.card || by >= eng_->set().cards.size()) return {};
  const CardDef& c = eng_->set().cards[by];
  return " (set off by card " + c.id + " (" + c.file + ")'s ability)";
}

// ---------------------------------------------------------------------------------------------
// Verbs

using lua_verbs::Verbs;

namespace {

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
    {"ability_of", Verbs::ability_of, Group::Query, 5, "id string", "{kind: string, text: string, copies: boolean}",
     "What a card's ability is: its kind (as g:kind), its printed text, and whether it copies another card's."},
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
     "Turns a board card over (a card turned faceup uses its ability); false when a ban refused it or a replacement replaced it (API 6)."},
    {"move", Verbs::move, Group::Effect, 2, "id string, theater string", "boolean",
     "Moves a board card to another theater, on top; not a play. False when a ban refused it or a replacement replaced it (API 6)."},
    {"destroy", Verbs::destroy, Group::Effect, 2, "id string", "boolean",
     "A board or hand card goes facedown to the bottom of the deck (ruling 18); false when a may_destroy ban refused or a replacement replaced it (API 6)."},
    {"return_to_hand", Verbs::return_to_hand, Group::Effect, 2, "id string", "boolean",
     "A board card goes facedown to the end of its owner's hand; false when a replacement replaced it (API 6)."},
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
    {"lose_vp", Verbs::lose_vp, Group::Effect, 5, "p integer, n integer", "integer",
     "P loses n VP now (0 to 10,000); a score never goes below 0. Returns the VP lost."},
    {"use_ability", Verbs::use_ability, Group::Effect, 5, "this string, id string", "",
     "Card id's instant ability resolves now as this card's own (this: the card whose ability is running)."},
    {"log", Verbs::log, Group::Effect, 2, "text string", "",
     "A line in the game's log, seen by both players (printable ASCII, at most 200 characters)."},
    {"measure", Verbs::measure, Group::Effect, 2, "name string, n integer?", "",
     "Counts n (default 1, -1000 to 1000) toward your measure `name` (a-z, 0-9, _) in this game; simulate, compare and sweep report its mean a game. Changes nothing."},
    {"add_counter", Verbs::add_counter, Group::Effect, 3, "target string|integer, name string, n integer", "integer",
     "Adds n to counter `name` of a board card or a player; returns the new value (-1000 to 1000)."},
    {"set_counter", Verbs::set_counter, Group::Effect, 3, "target string|integer, name string, n integer", "integer",
     "Sets counter `name` of a board card or a player to n; returns n."},
    {"give", Verbs::give, Group::Effect, 3, "id string, p integer", "boolean",
     "A board card goes to the top of p's side of its theater, same face, and is p's; false if it is p's already."},
    {"deal", Verbs::deal, Group::Effect, 3, "p integer, n integer", "string[]",
     "P takes the top n cards of the deck into hand; their ids, top first."},
    {"effect", Verbs::effect, Group::Effect, 3, "name string, until als.Until, data? table", "integer",
     "Starts this card's (or house rule's) lasting effect `name` until `until`; data: at most 4 fields. Returns its id."},
    {"end_effect", Verbs::end_effect, Group::Effect, 6, "id integer", "boolean",
     "Ends lasting effect `id` (g:effect's, or data.id) now; false if no effect with that id lasts."},
    {"reveal", Verbs::reveal, Group::Effect, 4, "ids string|string[], to 1|2|\"both\"", "",
     "The cards become known to `to` (fires `revealed`); nothing else changes."},
    {"to_hand", Verbs::to_hand, Group::Effect, 4, "id string, p integer", "boolean",
     "A card from the deck, a hand or the board goes to the end of p's hand; false if it is there already."},
};

// The one wrapper of every verb (its index in kVerbs, at compile time). No C++ exception crosses
// into Lua.
// docs/modding.md: a verb of API 3 or later is for card scripts of sets declaring that API or a
// later one (house rules may use every verb). The running card is the innermost ability's.
[[gnu::cold, gnu::noinline]] int api_refused(lua_State* L, const char* verb, int api) {
  const Engine& e = Verbs::eng(L);
  const AbilityCtx& c = *Verbs::rt(L).ctx();
  const CardDef& card = e.set().cards[c.resolving[c.depth - 1].card];
  return luaL_error(L, "g:%s needs api = %d in set.lua (set %s declares api = %d; card %s)", verb, api,
                    e.set().name.c_str(), e.set().api, card.id.c_str());
}
inline bool api_allows(lua_State* L, int api) {
  const AbilityCtx* c = Verbs::rt(L).ctx();
  if (!c || c->depth == 0) return true;  // an ongoing function or an answering hook: checked where the card loads
  const uint8_t card = c->resolving[c->depth - 1].card;
  return card == kNone || Verbs::eng(L).set().api >= api;
}

template <size_t I>
int dispatch(lua_State* L) {
  constexpr const VerbDef& v = kVerbs[I];
  try {
    if constexpr (v.api >= 3)
      if (!api_allows(L, v.api)) [[unlikely]] return api_refused(L, v.name, v.api);
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

}  // namespace

// The Lua entry of a declared flip ability (run_protected calls it as an ability's function).
int lua_verbs::declared_flip_entry(lua_State* L) {
  try {
    Verbs::ctx(L).totals_known = false;  // (it changes the game without a verb's call)
    return Verbs::declared_flip(L);
  } catch (const std::exception& e) {
    lua_pushstring(L, e.what());
  }
  return lua_error(L);
}

namespace {

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

namespace {
// Whether `name` is a field an event of a trigger row with EventField bits `f` may have (the
// names of kEventFieldDocs, `card` and `cause` for every row; some are nil in a given event).
bool is_event_field(uint16_t f, std::string_view name) {
  if (name == "card" || name == "cause") return true;
  for (const EventFieldDoc& d : kEventFieldDocs)
    if ((f & d.bit) && name == d.name) return true;
  return false;
}
// Those names, in the order of kEventFieldDocs between `card` and `cause` (for the error).
std::vector<std::string_view> event_fields(uint16_t f) {
  std::vector<std::string_view> out{"card"};
  for (const EventFieldDoc& d : kEventFieldDocs)
    if (f & d.bit) out.push_back(d.name);
  out.push_back("cause");
  return out;
}
// The __index of a trigger's `e` (upvalue: the row's index in kTriggerTable): a field the row
// has but this event lacks is nil; any other name is an error naming the nearest field.
int unknown_event_field(lua_State* L) {
  try {
    const TriggerEvent& t = kTriggerTable[lua_tointeger(L, lua_upvalueindex(1))];
    if (lua_type(L, 2) == LUA_TSTRING && is_event_field(t.fields, lua_tostring(L, 2))) return 0;  // (nil)
    const std::vector<std::string_view> fields = event_fields(t.fields);
    const std::string name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
    std::string list;
    for (std::string_view n : fields) list += (list.empty() ? "" : ", ") + std::string(n);
    const std::string msg = "e." + name.substr(0, 64) + " is not a field of a '" + t.name + "' event" +
                            did_you_mean(name, fields) + " (its fields: " + list + ")";
    lua_pushstring(L, msg.c_str());
  } catch (const std::exception& e) {
    lua_pushstring(L, e.what());
  }
  return lua_error(L);
}
}  // namespace

void Runtime::make_event_metatables() {
  lua_State* L = L_;
  for (int i = 0; i < kTriggerEvents; ++i) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, i);
    lua_pushcclosure(L, unknown_event_field, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");  // scripts can neither read nor replace it
    event_meta_[static_cast<size_t>(i)] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
}

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
  // Strings the binding pushes on its own (an instant's `how`, data.id: API 6), kept alive: made
  // afresh after a collection, a string's allocation would be charged again (the sandbox charges
  // strings by length), and a search's work would depend on when the collector ran.
  for (const char* s : {"played", "flipped", "copied", "id", "kind", "destroy", "flip", "move", "return_to_hand", "hand", "rule"}) {
    lua_pushstring(L, s);
    luaL_ref(L, LUA_REGISTRYINDEX);
  }
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
  lua_createtable(L, kNameCache, 0);
  name_pins_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  make_event_metatables();
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

}  // namespace als
