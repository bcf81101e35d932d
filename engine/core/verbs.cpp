// What each verb does to the board (engine.h, "the verbs"): play, flip, move, destroy, return,
// draw, look, VP, tokens, permissions, extra turns, reveals, counters, lasting effects, log lines.
// Each keeps the board consistent, records its event (emit, then fire) and fires the triggers of
// docs/modding.md, "Triggers". The binding (script/binding.cpp) changes a game only through them.
#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "board_ops.h"
#include "engine.h"
#include "knowledge.h"

namespace als {

using namespace board_ops;

// Each Ops function reads its engine through a local reference (`eng`), not the member `e_`: the
// board's byte stores may alias any object, so the member would be loaded again after each.

// ---------------------------------------------------------------------------------------------
// Changing the board. Every verb fires the trigger events of docs/modding.md, "Triggers" (resolve.cpp:
// fire); each event reaches the faceup cards with that trigger, and the card the event is about
// if it was faceup on the board just before.

// The first move or turn of the card a replacement runs for (API 6): it happened instead
// (Event::instead), and its place in the log is kept in case the replacement declines.
void Engine::emit_instead(AbilityCtx& c, const Event& e) const {
  Event marked = e;
  marked.instead = c.instead_of;
  c.instead_of = 0;
  const size_t before = c.log ? c.log->events.size() : 0;
  emit(&c, nullptr, marked);
  if (c.log && c.log->events.size() > before && c.log->events.back().instead)
    c.instead_at = static_cast<int>(c.log->events.size() - 1);
}

void Engine::flush_headers(AbilityCtx& c) const {
  uint32_t pending = c.deferred;
  c.deferred = 0;
  for (; pending; pending &= pending - 1) {
    const AbilityCtx::Header& h = c.headers[__builtin_ctz(pending)];
    emit(&c, nullptr, Event{.type = Event::Ability, .card = h.card, .value = h.value, .what = h.what});
  }
}

void Engine::emit(AbilityCtx* c, EventLog* log, const Event& e) const {
  // A trigger's first change: its line first (a g:measure count is no change: it shows nothing).
  if (c && c->deferred && e.type != Event::Measure) flush_headers(*c);
  if (c) {
    if (c->in_run && ++c->emitted <= c->s->r.events) return;  // shown before the last decision
    log = c->log;
  }
  // (A kind with no line is fired, never emitted: Engine::covered, fire_moment; but for a
  // g:measure count, kept only by a log that asks for it: kShownEvents leaves it out.)
  if (!log || !((log->kept_types >> e.type) & 1) || (event_kind(e.type).line == kNoLine && e.type != Event::Measure)) return;
  Event& out = log->events.emplace_back(e);
  if (!c || e.type == Event::Ability || e.type == Event::Interrupted) {
    // Who may read the ability's name: a hand trigger's card (API 5) is known to whom it is known.
    if (hand_triggers_any_ && c && out.card != kNone && out.value == 0 && is_hand_trigger(out.card, static_cast<What>(out.what)))
      [[unlikely]] {
      out.known = knowledge::knowers(c->s->b, out.card);
      out.player = c->s->b.card[out.card].owner;
      out.from = kHandTheater;
    }
    return;
  }
  // What an ability does names it as the cause ("flipped faceup (by air_maneuver)").
  if (c->depth > 0 && out.cause == kNone) {
    uint8_t card = c->resolving[c->depth - 1].card;
    out.cause = card != kNone ? card : kRuleCause;  // a house rule's hook, or an effect it started
    if (card != kNone && is_hand_trigger(card, c->resolving[c->depth - 1].what))
      out.cause_hidden = static_cast<uint8_t>(~knowledge::knowers(c->s->b, card) & 3);
  }
  // Who knows the card the event is about, after it: the knowledge model decides what each seat
  // reads of the event (every op_* emits after its change).
  if (out.card != kNone && out.card < c->s->b.ncards) out.known = knowledge::knowers(c->s->b, out.card);
}


// (Inlined in op_play, its one caller: the hot path of every play.)
[[gnu::always_inline]] inline void Engine::place(Board& b, int player, int card, int theater, bool faceup) const {
  CardLoc& l = b.card[card];
  // Who knows it now (ruling 28); a card of a hand played facedown: the other player loses it
  // among the hand's cards, keeping what can be deduced (ruling 30).
  knowledge::played(b, player, card, faceup, l.zone == Zone::Hand);
  l.zone = Zone::Board;
  l.owner = static_cast<uint8_t>(player);
  l.theater = static_cast<uint8_t>(theater);
  l.faceup = faceup;
  l.seq = b.seq_next++;  // covers what is there (RB "Covered Cards")
  b.reindex(card);
}

// Rulings 19-20: Blockade and Containment replace a play by its destruction; so does any
// destroys_play function (API 2).
namespace {
// Engine::destroys_play_at's body, inlined into destroyed_on_play too (every play asks it).
// `effects_of(t)`: the cards with effects of type t (copiers included); `copied(e)`: whose
// effects card e has (itself, or for a copier the card it copies, API 5; kNone: none), or
// nullptr when the set has no copier.
template <typename EffectsOf, typename Copied>
[[gnu::always_inline]] inline int declared_destroyer(const CardSet& set_, const EffectsOf& effects_of, const Copied& copied,
                                                     const State& s, int player, int card, int theater, bool faceup) {
  const Board& b = s.b;
  for (uint64_t m = effects_of(Effect::DestroyPlays); m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    const CardLoc& el = b.card[e];
    if (e == card || el.zone != Zone::Board || !el.faceup) continue;
    int from = e;
    if constexpr (!std::is_same_v<Copied, std::nullptr_t>) {
      from = copied(e);
      if (from == kNone) continue;
    }
    for (const Effect& f : set_.cards[from].effects) {
      if (f.type != Effect::DestroyPlays) continue;
      if (f.facedown_only && faceup) continue;
      if (f.who == 1 && player != el.owner) continue;
      if (f.who == 2 && player == el.owner) continue;
      bool hit;
      switch (f.scope) {
        case Scope::Same: hit = el.theater == theater; break;
        case Scope::Adjacent: {
          int d = b.pos[el.theater] - b.pos[theater];
          hit = d == 1 || d == -1;
          break;
        }
        case Scope::Other: hit = el.theater != theater; break;
        default: hit = true;
      }
      if (!hit) continue;
      if (f.occupied_at_least >= 0) {
        // RB "Occupied": both players' cards, the played one not counted
        int occupied = count_cards(b.in_theater(theater) & ~bit(card));
        if (occupied < f.occupied_at_least) continue;
      }
      return e;
    }
  }
  return -1;
}
}  // namespace

int Engine::destroys_play_at(const State& s, int player, int card, int theater, bool faceup) const {
  if (!copier_cards_) [[likely]]
    return declared_destroyer(set_, [this](Effect::Type t) { return effects_of(t); }, nullptr, s, player, card, theater,
                              faceup);
  return destroys_play_copying(s, player, card, theater, faceup);
}

// destroys_play_at with copiers in the set (API 5): a copier destroys as the card it copies.
[[gnu::noinline]] int Engine::destroys_play_copying(const State& s, int player, int card, int theater, bool faceup) const {
  return declared_destroyer(
      set_, [this](Effect::Type t) { return effects_of(t) | copier_cards_; }, [&](int e) { return copied(s, e); }, s, player,
      card, theater, faceup);
}

int Engine::destroyed_on_play(const State& s, int card) const {
  if (copier_cards_) [[unlikely]]
    return destroyed_on_play_copying(s, card);  // (a tail call: the hot path keeps no frame)
  const CardLoc& l = s.b.card[card];
  if (int e = declared_destroyer(set_, [this](Effect::Type t) { return effects_of(t); }, nullptr, s, l.owner, card, l.theater,
                                 l.faceup);
      e >= 0)
    return e;
  return destroyed_by_functions(s, card);
}

// destroyed_on_play with copiers in the set (API 5).
[[gnu::noinline]] int Engine::destroyed_on_play_copying(const State& s, int card) const {
  const CardLoc& l = s.b.card[card];
  if (int e = destroys_play_copying(s, l.owner, card, l.theater, l.faceup); e >= 0) return e;
  return destroyed_by_functions(s, card);
}

// The destroys_play functions of cards and lasting effects (API 2, 3): the first that says so.
[[gnu::always_inline]] inline int Engine::destroyed_by_functions(const State& s, int card) const {
  const Board& b = s.b;
  const CardLoc& l = b.card[card];
  if (fn_used(Fn::DestroysPlay)) {
    int args[4] = {card, l.owner, l.theater, l.faceup};
    uint8_t hs[kMaxCards];
    int n = holders(b, fn_cards_[static_cast<int>(Fn::DestroysPlay)], hs);
    for (int i = 0; i < n; ++i)
      if (scripts_->ongoing(s, hs[i], Fn::DestroysPlay, args, 0)) return hs[i];
    if (lasting_fn_[static_cast<int>(Fn::DestroysPlay)])
      for (int i = 0; i < b.nlasting; ++i) {
        const Lasting& e = b.lasting[i];
        if (((set_.lasting[e.effect].fns >> static_cast<int>(Fn::DestroysPlay)) & 1) && !b.lasting_ended(i) &&
            scripts_->lasting(s, i, Fn::DestroysPlay, args, 0))
          return e.card == kNone ? kRuleCause : e.card;
      }
  }
  return -1;
}

bool Ops::play(AbilityCtx& c, int player, int card, int theater, bool faceup) const {
  const Engine& eng = e_;
  Board& b = c.s->b;
  b.anywhere_next_play[player] = 0;  // ruling 21: the next play uses Air Drop's permission up
  int below = eng.fires(What::Covered) ? top_of(b, player, theater) : kNone;
  eng.place(b, player, card, theater, faceup);
  const Event played{.type = faceup ? Event::Deploy : Event::Improvise, .player = static_cast<uint8_t>(player),
                     .card = static_cast<uint8_t>(card), .theater = static_cast<uint8_t>(theater), .faceup = faceup};
  eng.emit(&c, nullptr, played);
  if (int by = eng.destroyed_on_play(*c.s, card); by >= 0) {  // ruling 18: no ability, no triggers of the play
    to_deck_bottom(b, card);
    eng.record(&c, b, Event{.type = Event::Destroy, .player = static_cast<uint8_t>(player), .card = static_cast<uint8_t>(card),
                        .theater = static_cast<uint8_t>(theater), .from = static_cast<uint8_t>(theater),
                        .by = static_cast<uint8_t>(by)});
    return false;
  }
  // A played card's own instant ability is due before the triggers its play fires.
  if (faceup && eng.set().cards[card].has_ability)  // (an instant's; API 6: an ongoing card's too)
    eng.due(&c, b, Due{.card = static_cast<uint8_t>(card)});
  eng.fire(&c, b, played);
  if (below != kNone) eng.covered(c, b, below, card);
  return true;
}

bool Engine::may_flip(const State& s, int card) const {
  bool allowed = rules_.flip_covered || uncovered(s, card);
  if (fn_used(Fn::MayFlip)) {
    int args[1] = {card};
    allowed = apply_fns(s, Fn::MayFlip, args, allowed) != 0;
  }
  return allowed;
}

bool Engine::may_destroy(const State& s, int card) const {
  if (!fn_used(Fn::MayDestroy)) return true;
  int args[1] = {card};
  return apply_fns(s, Fn::MayDestroy, args, 1) != 0;
}

bool Engine::may_move(const State& s, int card, int theater) const {
  if (!fn_used(Fn::MayMove)) return true;
  int args[2] = {card, theater};
  return apply_fns(s, Fn::MayMove, args, 1) != 0;
}

bool Ops::flip(AbilityCtx& c, int card) const {
  const Engine& eng = e_;
  if (!eng.may_flip(*c.s, card)) return false;
  if (eng.replaces(Instead::Flip) && eng.replaced(c, Instead::Flip, card, kNone)) [[unlikely]] return false;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  bool was = l.faceup;
  uint64_t key = board_key(b, card);
  l.faceup = !l.faceup;
  if (l.faceup) knowledge::make_public(b, card);
  const Event flip{.type = Event::Flip, .player = l.owner, .card = static_cast<uint8_t>(card), .theater = l.theater,
                   .faceup = l.faceup};
  eng.emit_change(c, flip);
  // ruling 11: a revealed instant takes effect
  if (l.faceup && eng.set().cards[card].has_ability)
    eng.due(&c, b, Due{.card = static_cast<uint8_t>(card), .event = {.flipped = 1}});
  eng.fire(&c, b, flip, Before{was, key});
  return true;
}

// The card that becomes uncovered when `card` leaves its stack (the one below it, if `card` was
// on top), or kNone. Call before the card leaves.
int Engine::uncovered_by_leaving(const Board& b, int card) const {
  if (!fires(What::Uncovered)) return kNone;
  const CardLoc& l = b.card[card];
  if (top_of(b, l.owner, l.theater) != card) return kNone;
  return top_of(b, l.owner, l.theater, card);
}

bool Ops::move(AbilityCtx& c, int card, int theater) const {
  const Engine& eng = e_;
  if (!eng.may_move(*c.s, card, theater)) return false;
  if (eng.replaces(Instead::Move) && eng.replaced(c, Instead::Move, card, theater)) [[unlikely]] return false;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  uint8_t from = l.theater;
  uint64_t key = board_key(b, card);
  int freed = eng.uncovered_by_leaving(b, card), below = eng.fires(What::Covered) ? top_of(b, l.owner, theater) : kNone;
  l.theater = static_cast<uint8_t>(theater);
  l.seq = b.seq_next++;  // RB "Move": on top of the cards there; not a play (ruling 25)
  b.reindex(card);
  eng.record_change(c, b,
         Event{.type = Event::Move, .player = l.owner, .card = static_cast<uint8_t>(card),
               .theater = static_cast<uint8_t>(theater), .from = from, .faceup = l.faceup},
         Before{l.faceup != 0, key});
  if (freed != kNone) eng.uncovered(c, b, freed);
  if (below != kNone) eng.covered(c, b, below, card);
  return true;
}

bool Ops::destroy(AbilityCtx& c, int card) const {
  const Engine& eng = e_;
  if (!eng.may_destroy(*c.s, card)) return false;
  if (eng.replaces(Instead::Destroy) && eng.replaced(c, Instead::Destroy, card, kNone)) [[unlikely]] return false;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  bool from_hand = l.zone == Zone::Hand;
  uint8_t owner = l.owner, theater = place_of(l);
  bool was = !from_hand && l.faceup;
  uint64_t key = from_hand ? 0 : board_key(b, card);
  int freed = from_hand ? kNone : eng.uncovered_by_leaving(b, card);
  if (from_hand) knowledge::leaves_hand(b, owner, card, false);  // ruling 30
  else left_board(b, card);  // ruling 29
  to_deck_bottom(b, card);  // ruling 18
  eng.record_change(c, b,
         Event{.type = Event::Destroy, .player = owner, .card = static_cast<uint8_t>(card),
               .theater = from_hand ? static_cast<uint8_t>(kNone) : theater, .from = theater},
         Before{was, key});
  if (freed != kNone) eng.uncovered(c, b, freed);
  return true;
}

bool Ops::return_card(AbilityCtx& c, int card) const {
  const Engine& eng = e_;
  if (eng.replaces(Instead::ReturnToHand) && eng.replaced(c, Instead::ReturnToHand, card, kNone)) [[unlikely]] return false;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  uint8_t from = l.theater;
  bool was = l.faceup;
  uint64_t key = board_key(b, card);
  int freed = eng.uncovered_by_leaving(b, card);
  leaves_board(b, card);
  l.zone = Zone::Hand;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;  // ruling 26: to the end of the hand
  b.reindex(card);
  eng.record_change(c, b, Event{.type = Event::Return, .player = l.owner, .card = static_cast<uint8_t>(card), .from = from},
         Before{was, key});
  if (freed != kNone) eng.uncovered(c, b, freed);
  return true;
}

void Ops::to_deck(AbilityCtx& c, int card, bool top) const {
  const Engine& eng = e_;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  const bool from_board = l.zone == Zone::Board, from_deck = l.zone == Zone::Deck;
  const uint8_t owner = from_deck ? kNone : l.owner;  // a deck card has no owner
  const uint8_t from = place_of(l);
  int freed = from_board ? eng.uncovered_by_leaving(b, card) : kNone;
  if (from_board) leaves_board(b, card);
  else if (l.zone == Zone::Hand) knowledge::leaves_hand(b, l.owner, card, false);  // ruling 30
  l.zone = Zone::Deck;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = top ? --b.seq_top : b.seq_next++;
  b.reindex(card);
  eng.record_change(c, b, Event{.type = Event::ToDeck, .player = owner, .card = static_cast<uint8_t>(card), .from = from,
                      .value = top});
  if (freed != kNone) eng.uncovered(c, b, freed);
}

int Ops::draw(AbilityCtx& c, int player) const {
  Board& b = c.s->b;
  int top = -1;
  for (uint64_t m = b.in_zone(Zone::Deck); m; m &= m - 1) {
    int i = __builtin_ctzll(m);
    if (top < 0 || b.card[i].seq < b.card[top].seq) top = i;
  }
  if (top < 0) return -1;
  CardLoc& l = b.card[top];
  l.zone = Zone::Held;  // ruling 23: in no hand and not in the deck; its owner sees it
  l.owner = static_cast<uint8_t>(player);
  b.reindex(top);
  knowledge::learn(b, player, top);
  e_.emit(&c, nullptr, Event{.type = Event::Draw, .player = static_cast<uint8_t>(player),
                          .card = static_cast<uint8_t>(top)});
  return top;
}

int Ops::look(AbilityCtx& c, int player, int n, uint8_t* out) const {
  const Engine& eng = e_;
  Board& b = c.s->b;
  int k = std::min(eng.zone(*c.s, Zone::Deck, 0, out), std::max(n, 0));
  for (int i = 0; i < k; ++i) {
    knowledge::learn(b, player, out[i]);
    c.looked[player] |= bit(out[i]);
    eng.emit(&c, nullptr, Event{.type = Event::Look, .player = static_cast<uint8_t>(player),
                            .card = out[i], .value = i + 1});
  }
  return k;
}

void Ops::gain_vp(AbilityCtx& c, int player, int vp) const {
  Board& b = c.s->b;
  b.score[player] = std::min(b.score[player] + vp, 4 * kMaxVp);  // the game ends when a battle does
  e_.emit(&c, nullptr, Event{.type = Event::Vp, .player = static_cast<uint8_t>(player), .value = vp,
                          .score = {b.score[0], b.score[1]}});
}

int Ops::lose_vp(AbilityCtx& c, int player, int vp) const {
  Board& b = c.s->b;
  const int lost = std::min(b.score[player], vp);
  b.score[player] -= lost;
  e_.emit(&c, nullptr, Event{.type = Event::Vp, .player = static_cast<uint8_t>(player), .value = -lost,
                          .score = {b.score[0], b.score[1]}});
  return lost;
}

void Ops::allow_anywhere(AbilityCtx& c, int player, bool whole_turn) const {
  if (c.deferred) e_.flush_headers(c);  // a change with no line of its own: the ability's line shows it
  Board& b = c.s->b;
  if (whole_turn) b.anywhere_turn[player] = 1;
  else b.anywhere_next_play[player] = 1;
}

void Ops::extra_turn(AbilityCtx& c, int player) const {
  if (c.deferred) e_.flush_headers(c);
  Board& b = c.s->b;
  b.extra_turns[player] = static_cast<uint8_t>(std::min(b.extra_turns[player] + 1, 255));
}

void Ops::add_tokens(AbilityCtx& c, int player, int theater, int n) const {
  int16_t& v = c.s->b.tokens[player][theater];
  if (n < -kMaxTokens || n > kMaxTokens || v + n < 0 || v + n > kMaxTokens)
    throw ScriptError("tokens must stay between 0 and " + std::to_string(kMaxTokens));
  v = static_cast<int16_t>(v + n);
  e_.emit(&c, nullptr, Event{.type = Event::Tokens, .player = static_cast<uint8_t>(player),
                          .theater = static_cast<uint8_t>(theater), .value = n});
}

void Ops::reveal(AbilityCtx& c, int card, int to) const {
  Board& b = c.s->b;
  uint8_t shown = 0;
  for (int p = 0; p < 2; ++p)
    if (((to >> p) & 1) && !knowledge::knows(b, p, card)) {
      knowledge::learn(b, p, card);
      shown = static_cast<uint8_t>(shown | 1 << p);
    }
  if (!shown) return;  // (each of them knew it: nothing happens)
  const CardLoc& l = b.card[card];
  e_.record(&c, b,
         Event{.type = Event::Reveal, .player = l.zone == Zone::Deck ? static_cast<uint8_t>(kNone) : l.owner,
               .card = static_cast<uint8_t>(card), .theater = place_of(l), .shown_to = shown});
}

bool Ops::to_hand(AbilityCtx& c, int card, int player) const {
  const Engine& eng = e_;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  if (l.zone == Zone::Hand && l.owner == player) return false;
  const bool from_board = l.zone == Zone::Board, from_deck = l.zone == Zone::Deck;
  const uint8_t from = place_of(l);
  const uint8_t old_owner = from_deck ? static_cast<uint8_t>(kNone) : l.owner;
  const bool was = from_board && l.faceup;
  const uint64_t key = from_board ? board_key(b, card) : 0;
  const int freed = from_board ? eng.uncovered_by_leaving(b, card) : kNone;
  if (from_board) leaves_board(b, card);
  else if (l.zone == Zone::Hand) knowledge::leaves_hand(b, l.owner, card, false);  // ruling 30
  l.zone = Zone::Hand;  // to the end of p's hand, facedown (as return_to_hand; ruling 26)
  l.owner = static_cast<uint8_t>(player);
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;
  b.reindex(card);
  knowledge::learn(b, player, card);  // (the player it was taken from keeps knowing it)
  eng.record_change(c, b,
         Event{.type = Event::ToHand, .player = static_cast<uint8_t>(player), .card = static_cast<uint8_t>(card),
               .from = from, .from_player = old_owner},
         Before{was, key});
  if (freed != kNone) eng.uncovered(c, b, freed);
  return true;
}

void Ops::measure(AbilityCtx& c, const std::string& name, int n) const {
  Event e{.type = Event::Measure, .value = n};
  e.text = name;
  e_.emit(&c, nullptr, std::move(e));
}

void Ops::log(AbilityCtx& c, const std::string& text) const {
  Event e{.type = Event::Log};
  e.text = text;
  e_.emit(&c, nullptr, std::move(e));
}

// ---------------------------------------------------------------------------------------------
// API 3: counters, change of side, dealing, lasting effects (docs/modding.md, "Card script API 3")

std::vector<std::pair<std::string, int>> Engine::counters_of(const State& s, int target) const {
  std::vector<std::pair<std::string, int>> out;
  for (int i = 0; i < s.b.ncounters; ++i)
    if (s.b.counters[i].target == target) out.emplace_back(interned().name(s.b, s.b.counters[i].name), s.b.counters[i].value);
  return out;
}

void Ops::set_counter(State& s, int target, int name, int value) const {
  Board& b = s.b;
  if (value < -kCounterLimit || value > kCounterLimit)
    throw ScriptError("a counter stays within -" + std::to_string(kCounterLimit) + ".." + std::to_string(kCounterLimit) +
                      " (" + e_.interned().name(s.b, name) + " would be " + std::to_string(value) + ")");
  int i = 0;
  while (i < b.ncounters && !(b.counters[i].target == target && b.counters[i].name == name)) ++i;
  if (value == 0) {  // not kept: the rest move down, the freed slot is zeroed
    if (i == b.ncounters) return;
    for (; i + 1 < b.ncounters; ++i) b.counters[i] = b.counters[i + 1];
    b.counters[--b.ncounters] = Counter{};
    return;
  }
  if (i == b.ncounters) {
    if (b.ncounters >= kMaxCounters)
      throw ScriptError("more than " + std::to_string(kMaxCounters) + " counters set at once (the engine's limit)");
    b.counters[b.ncounters++] = Counter{static_cast<uint8_t>(target), 0, static_cast<uint16_t>(name), 0};
  }
  b.counters[i].value = static_cast<int16_t>(value);
}

void Ops::set_counter(AbilityCtx& c, int target, int name, int value) const {
  const Engine& eng = e_;
  int before = eng.counter(*c.s, target, name);
  set_counter(*c.s, target, name, value);
  if (value == before) return;
  bool player = target >= kCounterPlayer;
  eng.emit(&c, nullptr, Event{.type = Event::Counter,
                          .player = static_cast<uint8_t>(player ? target - kCounterPlayer : c.s->b.card[target].owner),
                          .card = static_cast<uint8_t>(player ? kNone : target), .value = value, .vp = before,
                          .option = static_cast<uint16_t>(name), .text = eng.interned().name(c.s->b, name)});
}

bool Ops::give(AbilityCtx& c, int card, int player) const {
  const Engine& eng = e_;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  if (l.owner == player) return false;
  uint8_t from = l.owner, theater = l.theater;
  int freed = eng.uncovered_by_leaving(b, card), below = eng.fires(What::Covered) ? top_of(b, player, theater) : kNone;
  l.owner = static_cast<uint8_t>(player);
  l.seq = b.seq_next++;  // on top of the new owner's stack
  b.reindex(card);
  knowledge::learn(b, player, card);  // a player knows their own cards (ruling 28)
  eng.record_change(c, b,
         Event{.type = Event::Give, .player = static_cast<uint8_t>(player), .card = static_cast<uint8_t>(card),
               .theater = theater, .from_player = from, .faceup = l.faceup});
  if (freed != kNone) eng.uncovered(c, b, freed);
  if (below != kNone) eng.covered(c, b, below, card);
  return true;
}

int Ops::deal(AbilityCtx& c, int player, int n, uint8_t* out) const {
  const Engine& eng = e_;
  Board& b = c.s->b;
  int k = std::min(eng.zone(*c.s, Zone::Deck, 0, out), std::max(n, 0));
  for (int i = 0; i < k; ++i) {
    CardLoc& l = b.card[out[i]];
    l.zone = Zone::Hand;
    l.owner = static_cast<uint8_t>(player);
    l.seq = b.seq_next++;  // to the end of the hand
    b.reindex(out[i]);
    knowledge::learn(b, player, out[i]);
    eng.emit(&c, nullptr, Event{.type = Event::Deal, .player = static_cast<uint8_t>(player), .card = out[i]});
  }
  return k;
}

void Ops::begin_battle(State& s, EventLog* log) const {
  Board& b = s.b;
  if (b.turns > 0) --b.turns;  // (the first turn begins again below, as after a deal)
  if (b.battle_from > b.turns) b.battle_from = b.turns;
  b.step = Step::BattleStarting;
  if (e_.sets_off_[Event::BattleStart].any) e_.fire_moment(b, Event::BattleStart, b.first);
  Engine::Flow f;
  f.log = log;
  Engine::ActionScope scope(*e_.scripts_);
  e_.advance(s, f);
}

int Ops::effect(AbilityCtx& c, Lasting e, Until until, int turns) const {
  start_lasting(c.s->b, e, until, turns);
  e_.emit(&c, nullptr, Event{.type = Event::EffectStart, .card = e.card, .value = e.effect,
                          .vp = until == Until::NextTurnEnd ? 1 : until == Until::Turns ? turns : 0,
                          .option = static_cast<uint16_t>(until)});
  return e.uid;
}

bool Ops::end_effect(AbilityCtx& c, int uid) const {
  Board& b = c.s->b;
  for (int i = 0; i < b.nlasting; ++i) {
    const Lasting& e = b.lasting[i];
    if (e.uid != uid || b.lasting_ended(i)) continue;
    b.ended_lasting = static_cast<uint16_t>(b.ended_lasting | (1u << i));
    e_.emit(&c, nullptr, Event{.type = Event::EffectEnd, .card = e.card, .value = e.effect});
    return true;
  }
  return false;
}

void Ops::order_effect_data(const BoardCore& b, Lasting& e) const {
  const Engine& eng = e_;
  for (int i = 1; i < e.nfields; ++i)  // insertion: at most kMaxEffectData fields
    for (int j = i; j > 0 && eng.interned().name(b, e.key[j - 1]) > eng.interned().name(b, e.key[j]); --j) {
      std::swap(e.key[j - 1], e.key[j]);
      std::swap(e.type[j - 1], e.type[j]);
      std::swap(e.value[j - 1], e.value[j]);
    }
}

void Ops::start_lasting(Board& b, Lasting& e, Until until, int turns) const {
  const LastingDef& d = e_.set().lasting[e.effect];
  if (b.nlasting >= kMaxLasting)
    throw ScriptError("more than " + std::to_string(kMaxLasting) + " lasting effects at once (the engine's limit; effect " +
                      d.name + ")");
  for (bool taken = true; taken;) {  // a uid no lasting effect has (at most 16 of 256 are taken)
    e.uid = b.next_uid++;
    taken = std::any_of(b.lasting, b.lasting + b.nlasting, [&](const Lasting& l) { return l.uid == e.uid; });
  }
  const int later = until == Until::NextTurnEnd ? 1 : until == Until::Turns ? turns : 0;
  e.ends = until == Until::TurnEnd || until == Until::NextTurnEnd || until == Until::Turns
               ? static_cast<uint32_t>(std::min<int64_t>(int64_t{b.turns} + later, kUntilBattleEnd - 1))
               : kUntilBattleEnd;
  e.until = until;
  e.started = b.turns;
  e.started_turn = static_cast<uint32_t>(b.turn_number());
  b.lasting[b.nlasting++] = e;
}

// Whether lasting effect `e` ends at moment `m` (its turn moments: the turn now, b.turns, of b.turn).
static bool ends_now(const Lasting& e, const Board& b, Moment m) {
  switch (m) {
    case Moment::GameEnd: return true;
    case Moment::BattleEnd: return e.until != Until::GameEnd;
    case Moment::TurnStart: return e.until == Until::OwnNextTurnStart && e.player == b.turn && b.turns > e.started;
    case Moment::TurnEnd:
      if (e.until == Until::OwnNextTurnEnd) return e.player == b.turn && b.turns > e.started;
      return e.ends != kUntilBattleEnd && e.ends <= b.turns;
  }
  return false;
}

void Engine::end_lasting(State& s, Flow& f, Moment m) const {
  Board& b = s.b;
  int k = 0;
  for (int i = 0; i < b.nlasting; ++i) {
    const Lasting& e = b.lasting[i];
    if (b.lasting_ended(i)) continue;  // (ended by g:end_effect, its end already told)
    if (ends_now(e, b, m)) {
      emit(nullptr, f.log, Event{.type = Event::EffectEnd, .card = e.card, .value = e.effect});
      continue;
    }
    b.lasting[k++] = e;
  }
  for (int i = k; i < b.nlasting; ++i) b.lasting[i] = Lasting{};
  b.nlasting = static_cast<uint8_t>(k);
  b.ended_lasting = 0;
}

Scripts* Ops::scripts() const { return e_.scripts_.get(); }

// The decision protocol and the log, for the binding (resolve.cpp and above).
int Ops::ask(AbilityCtx& c, int player, DecisionKind kind, const uint16_t* opts, int n, int card_shown, int about,
             int prompt, int texts) const {
  return e_.ask(c, player, kind, opts, n, card_shown, about, prompt, texts);
}
void Ops::emit(AbilityCtx* c, EventLog* log, const Event& e) const { e_.emit(c, log, e); }
void Ops::flush_headers(AbilityCtx& c) const { e_.flush_headers(c); }

}  // namespace als
