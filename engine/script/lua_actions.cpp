// The decision and effect verbs of `g` (lua_verbs.h): what an ability may ask a player and change
// (docs/modding.md). Each effect goes through the engine's verbs (core/verbs.cpp).
#include "lua_verbs.h"

namespace als::lua_verbs {

// g:choose_card(p, ids, {may=true}) -> the id player p chooses, or nil ("none", or no option)
int Verbs::choose_card(lua_State* L) {
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
int Verbs::choose_theater(lua_State* L) {
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
int Verbs::choose_option(lua_State* L) {
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
    joined += eng(L).interned().name(board(L), t);
    opts[n] = static_cast<uint16_t>(n);
    ++n;
  });
  if (n < 2) luaL_error(L, "g:choose_option: options must hold 2 to 8 texts (got %d)", n);
  const int ntexts = n;
  if (o.may) opts[n++] = kNone;
  int v = eng(L).ops().ask(ctx(L), p, DecisionKind::Option, opts, n, kNone, kNone, o.prompt, eng(L).interned().intern(board(L), joined));
  if (v < 0) set_dry_budget(L, kDryRunBudget);
  if (v < 0 || v == kNone || v >= ntexts) lua_pushnil(L);
  else lua_pushstring(L, eng(L).interned().name(board(L), texts[v]).c_str());
  return 1;
}

// g:choose_play(p) -> player p plays a card from hand (deploy or improvise, their choice);
// returns the id played, or nil if p has no card to play. Ruling 26.
int Verbs::choose_play(lua_State* L) {
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
  eng(L).ops().play(c, p, po.card, po.theater, !po.facedown);
  rt(L).push_id(po.card);
  check_interrupt(L);
  return 1;
}

// g:flip(id) -> true, or false when a rule or a ban refused it (API 3): turns a card on the
// board over (RB "Flip"); a card flipped faceup uses its ability
int Verbs::flip(lua_State* L) {
  lua_pushboolean(L, flip_card(L, on_board(L, 2)));
  return 1;
}

// A declared ability { flip = filter } (use("flip").one; docs/modding.md): the card's owner
// flips one card chosen from g:cards(filter); skipped when there is none (rulings 14, 16) or
// when the card has no owner (it is in the deck). Carried out here, without running Lua, by the
// code of g:owner, g:cards, g:choose_card and g:flip, so it resolves exactly as flip.lua's
// function does. Argument 1: the declaring card's index; argument 2, if given: the card whose
// ability it is (g:use_ability's `this`, API 5), whose owner flips.
int Verbs::declared_flip(lua_State* L) {
  AbilityCtx& c = ctx(L);
  int card = static_cast<int>(lua_tointeger(L, 1));
  const int self = lua_gettop(L) >= 2 ? static_cast<int>(lua_tointeger(L, 2)) : card;
  const CardLoc& l = c.s->b.card[self];
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

// g:use_ability(this, id): card id's instant ability resolves now, nested, as this card's own:
// `this` is the card whose ability is running; id's function gets (g, this) (API 5)
int Verbs::use_ability(lua_State* L) {
  AbilityCtx& c = ctx(L);
  Runtime& r = rt(L);
  const int self = r.check_card(2), other = r.check_card(3);
  if (c.depth == 0 || c.resolving[c.depth - 1].card != self)
    luaL_error(L, "g:use_ability: '%s' is not the card whose ability is running (pass this)", lua_tostring(L, 2));
  const CardDef& d = eng(L).set().cards[other];
  if (d.kind != Kind::Instant || !d.has_ability)
    luaL_error(L, "g:use_ability: %s has no instant ability (its kind is %s; g:ability_of says what it has)", d.id.c_str(),
               kind_name(d.kind));
  r.use_ability(c, self, other);
  return 0;
}

// g:move(id, theater) -> true, or false when a ban refused it (API 3): moves a card on the
// board to another theater, on top (RB "Move")
int Verbs::move(lua_State* L) {
  int c = on_board(L, 2), t = theater(L, 3);
  if (board(L).card[c].theater == t) luaL_error(L, "card '%s' is already in %s", lua_tostring(L, 2), lua_tostring(L, 3));
  lua_pushboolean(L, eng(L).ops().move(ctx(L), c, t));
  return 1;
}

// g:destroy(id): a card on the board or in a hand goes facedown to the bottom of the deck
// (RB "Destroy"; ruling 18; docs/modding.md, "Changing the game")
int Verbs::destroy(lua_State* L) {
  int c = rt(L).check_card(2);
  Zone z = board(L).card[c].zone;
  if (z != Zone::Board && z != Zone::Hand)
    luaL_error(L, "card '%s' is neither on the board nor in a hand", lua_tostring(L, 2));
  lua_pushboolean(L, eng(L).ops().destroy(ctx(L), c));  // (false: a may_destroy ban refused or a replacement replaced it, API 6)
  return 1;
}

// g:return_to_hand(id) -> true, or false when a replacement replaced it (API 6): a card on the
// board goes to the end of its owner's hand
int Verbs::return_to_hand(lua_State* L) {
  lua_pushboolean(L, eng(L).ops().return_card(ctx(L), on_board(L, 2)));
  return 1;
}

// g:draw(p) -> the id of the deck's top card, now held by player p for this ability, or nil
// if the deck is empty. A held card not played by the end of the ability returns on top.
int Verbs::draw(lua_State* L) {
  int c = eng(L).ops().draw(ctx(L), player(L, 2));
  if (c < 0) lua_pushnil(L);
  else rt(L).push_id(c);
  return 1;
}

// g:play(p, id, theater, "faceup"|"facedown") -> true, or false if destroyed as played.
// The card comes from p's hand, is held by p, or is a deck card p looked at during this
// ability; all normal rules apply, may_play functions included (ruling 17).
int Verbs::play(lua_State* L) {
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
  bool stayed = eng(L).ops().play(ctx(L), p, c, t, faceup);
  lua_pushboolean(L, stayed);
  return 1;
}

// g:allow_anywhere(p, "next_play"|"next_turn"): p may deploy to a non-matching theater on
// their next play (standard Air Drop, ruling 21) or during their next turn (original)
int Verbs::allow_anywhere(lua_State* L) {
  int p = player(L, 2);
  static const char* const when[] = {"next_play", "next_turn", nullptr};
  eng(L).ops().allow_anywhere(ctx(L), p, luaL_checkoption(L, 3, "next_play", when) == 1);
  return 0;
}

// g:extra_turn(p): p takes one more turn right after the current one (original Redeploy)
int Verbs::extra_turn(lua_State* L) {
  eng(L).ops().extra_turn(ctx(L), player(L, 2));
  return 0;
}

// g:add_tokens(p, theater, n): n supply tokens (+1 strength each) on p's side of a theater
int Verbs::add_tokens(lua_State* L) {
  int p = player(L, 2), t = theater(L, 3);
  lua_Integer n = integer(L, 4);
  int v = board(L).tokens[p][t];
  luaL_argcheck(L, n >= -kMaxTokens && n <= kMaxTokens && v + n >= 0 && v + n <= kMaxTokens, 4,
                "tokens must stay between 0 and 1000");
  eng(L).ops().add_tokens(ctx(L), p, t, static_cast<int>(n));
  return 0;
}

// ---- API 2 (docs/modding.md, "Verbs an ability may call on g") ----
// g:to_deck(id, "top"|"bottom"): a board or hand card goes facedown to the top or bottom of
// the deck; a deck card (one a player looked at) moves to the top or bottom
int Verbs::to_deck(lua_State* L) {
  int c = rt(L).check_card(2);
  static const char* const where[] = {"top", "bottom", nullptr};
  bool top = luaL_checkoption(L, 3, nullptr, where) == 0;
  Zone z = board(L).card[c].zone;
  if (z != Zone::Board && z != Zone::Hand && z != Zone::Deck)
    luaL_error(L, "card '%s' is neither on the board, in a hand nor in the deck", lua_tostring(L, 2));
  eng(L).ops().to_deck(ctx(L), c, top);
  return 0;
}

// g:look(p, n) -> the top n cards of the deck (fewer if it is shorter), top first; p now knows
// them and may play them with g:play during this ability; they stay in the deck
int Verbs::look(lua_State* L) { return top_cards(L, &Ops::look); }

// g:gain_vp(p, n): player p scores n VP now (0 <= n <= 10000); the game still ends only when a battle does
int Verbs::gain_vp(lua_State* L) {
  int p = player(L, 2);
  lua_Integer n = integer(L, 3);
  luaL_argcheck(L, n >= 0 && n <= kMaxVp, 3, "VP gained must be between 0 and 10000");
  eng(L).ops().gain_vp(ctx(L), p, static_cast<int>(n));
  return 0;
}

// g:lose_vp(p, n) -> the VP lost: player p loses n VP now (0 <= n <= 10000); a score never goes below 0
int Verbs::lose_vp(lua_State* L) {
  int p = player(L, 2);
  lua_Integer n = integer(L, 3);
  luaL_argcheck(L, n >= 0 && n <= kMaxVp, 3, "VP lost must be between 0 and 10000");
  lua_pushinteger(L, eng(L).ops().lose_vp(ctx(L), p, static_cast<int>(n)));
  return 1;
}

// g:log(text): a line in the game's event log, seen by both players (at most 200 characters)
int Verbs::log(lua_State* L) {
  size_t len = 0;
  const char* s = luaL_checklstring(L, 2, &len);
  std::string text;
  for (size_t i = 0; i < len && text.size() < 200; ++i) {
    unsigned char ch = static_cast<unsigned char>(s[i]);
    text += ch >= 0x20 && ch < 0x7f ? static_cast<char>(ch) : '?';  // plain text only
  }
  eng(L).ops().log(ctx(L), text);
  return 0;
}

// g:measure(name[, n]): n (default 1, -1000 to 1000) toward the designer's measure `name` (1 to
// 40 characters of a-z, 0-9 and _) in this game; als simulate, compare and sweep report its mean
// a game (docs/variants.md, "Measures of your own"). Changes nothing in the game; no seat reads it.
int Verbs::measure(lua_State* L) {
  size_t len = 0;
  const char* s = luaL_checklstring(L, 2, &len);
  const std::string name(s, len);
  luaL_argcheck(L, valid_measure_name(name), 2, "a measure's name is 1 to 40 characters of a-z, 0-9 and _");
  const lua_Integer n = lua_isnoneornil(L, 3) ? 1 : integer(L, 3);
  luaL_argcheck(L, n >= -kCounterLimit && n <= kCounterLimit, 3, "a measure's step must be between -1000 and 1000");
  eng(L).ops().measure(ctx(L), name, static_cast<int>(n));
  return 0;
}

// g:add_counter(target, name, n) -> the new value (n may be negative)
int Verbs::add_counter(lua_State* L) { return change_counter(L, true); }

// g:set_counter(target, name, n) -> n
int Verbs::set_counter(lua_State* L) { return change_counter(L, false); }

// g:give(id, p) -> true, or false if the card is p's already: a board card goes to the top of
// p's side of its theater, same face
int Verbs::give(lua_State* L) {
  int c = on_board(L, 2), p = player(L, 3);
  lua_pushboolean(L, eng(L).ops().give(ctx(L), c, p));
  return 1;
}

// g:deal(p, n) -> the ids p took from the top of the deck into hand, top first
int Verbs::deal(lua_State* L) { return top_cards(L, &Ops::deal); }

// g:reveal(ids, to): the cards `ids` (a list of at most 64, or one id; in a hand, on the board
// or in the deck) become known to `to`: 1, 2 or "both"; fires `revealed` for each card and the
// players who did not know it (API 4, docs/modding.md "Knowledge"). Returns nothing.
int Verbs::reveal(lua_State* L) {
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
  for (int i = 0; i < n; ++i) eng(L).ops().reveal(ctx(L), cards[i], to);
  return 0;
}

// g:to_hand(id, p) -> false if the card is in p's hand already; else it goes from the deck,
// either hand or the board to the end of p's hand (a board card facedown, as return_to_hand),
// p knows it; fires to_hand (card, player, from: a theater, "hand" or "deck") (API 4)
int Verbs::to_hand(lua_State* L) {
  const int c = rt(L).check_card(2);
  const int p = player(L, 3);
  const Zone z = board(L).card[c].zone;
  if (z != Zone::Hand && z != Zone::Board && z != Zone::Deck)
    luaL_error(L, "g:to_hand: card '%s' is not in the deck, a hand or on the board", lua_tostring(L, 2));
  lua_pushboolean(L, eng(L).ops().to_hand(ctx(L), c, p));
  return 1;
}

// g:effect(name, until, data): starts the running card's (or house rule's) lasting effect
// `name` until "turn_end", "next_turn_end" or "battle_end" (API 4: "own_next_turn_start",
// "own_next_turn_end", { turns = N }, "game_end"); data: at most 4 fields, each an integer, a
// boolean, a card id, a theater name or a player
int Verbs::effect(lua_State* L) {
  AbilityCtx& c = ctx(L);
  Runtime& r = rt(L);
  const int card = c.depth > 0 ? c.resolving[c.depth - 1].card : kNone;
  // The effects declared by the file whose script runs: a copier's, the card it copies or uses (API 5).
  const int source = c.depth > 0 ? c.resolving[c.depth - 1].source : kNone;
  const char* name = luaL_checkstring(L, 2);
  int def = r.find_effect(source, name);
  if (def < 0) {
    std::vector<std::string_view> known = r.effect_names(source);
    std::string msg = "g:effect: " + std::string(card == kNone ? "the house rules declare" : "this card declares") +
                      " no effect '" + std::string(name).substr(0, 64) + "'" + did_you_mean(name, known);
    luaL_error(L, "%s", msg.c_str());
  }
  int turns = 0;
  const Until until = until_arg(L, turns);
  Lasting e;
  e.card = static_cast<uint8_t>(card);
  e.effect = static_cast<uint8_t>(def);
  e.player = static_cast<uint8_t>(running_player(L));
  if (e.player == kNone && (until == Until::OwnNextTurnStart || until == Until::OwnNextTurnEnd))
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
    eng(L).ops().order_effect_data(board(L), e);  // the state does not depend on Lua's table order
  }
  lua_pushinteger(L, eng(L).ops().effect(c, e, until, turns));
  return 1;
}

// g:end_effect(id) -> true if the lasting effect with that id (g:effect's, data.id) lasted and
// ends now: it acts no more, its triggers due are dropped, views stop showing it (API 6)
int Verbs::end_effect(lua_State* L) {
  const lua_Integer id = integer(L, 2);
  lua_pushboolean(L, id >= 0 && id <= 255 && eng(L).ops().end_effect(ctx(L), static_cast<int>(id)));
  return 1;
}

}  // namespace als::lua_verbs
