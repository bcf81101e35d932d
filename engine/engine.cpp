// The rules of Air, Land & Sea (Revised Edition rulebook, "RB"; ../shared/rulings.md numbers
// in comments). Hot path: legal, apply, strength and control never call Lua unless an instant
// ability resolves.
#include "engine.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <xxhash.h>

#include "script.h"

namespace als {

namespace {
inline uint64_t bit(int c) { return uint64_t{1} << c; }
inline int other(int p) { return 1 - p; }
}  // namespace

Engine::Engine() : rt_(std::make_unique<Runtime>()) {}
Engine::~Engine() = default;

// ---------------------------------------------------------------------------------------------
// Reading the board

int Engine::stack(const State& s, int player, int theater, uint8_t* out) const {
  const Board& b = s.b;
  int n = 0;
  for (int c = 0; c < b.ncards; ++c) {
    const CardLoc& l = b.card[c];
    if (l.zone != Zone::Board || l.owner != player || l.theater != theater) continue;
    int i = n++;
    while (i > 0 && b.card[out[i - 1]].seq > l.seq) {
      out[i] = out[i - 1];
      --i;
    }
    out[i] = static_cast<uint8_t>(c);
  }
  return n;
}

int Engine::zone(const State& s, Zone z, int player, uint8_t* out) const {
  const Board& b = s.b;
  int n = 0;
  for (int c = 0; c < b.ncards; ++c) {
    const CardLoc& l = b.card[c];
    if (l.zone != z || (z != Zone::Deck && l.owner != player)) continue;
    int i = n++;
    while (i > 0 && b.card[out[i - 1]].seq > l.seq) {
      out[i] = out[i - 1];
      --i;
    }
    out[i] = static_cast<uint8_t>(c);
  }
  return n;
}

static int hand_count(const Board& b, int p) {
  int n = 0;
  for (int c = 0; c < b.ncards; ++c) n += b.card[c].zone == Zone::Hand && b.card[c].owner == p;
  return n;
}

bool Engine::uncovered(const State& s, int card) const {
  const Board& b = s.b;
  const CardLoc& l = b.card[card];
  if (l.zone != Zone::Board) return false;
  for (int c = 0; c < b.ncards; ++c) {
    const CardLoc& o = b.card[c];
    if (o.zone == Zone::Board && o.owner == l.owner && o.theater == l.theater && o.seq > l.seq) return false;
  }
  return true;
}

bool Engine::adjacent(const State& s, int t1, int t2) const {
  if (t1 == kNone || t2 == kNone) return false;
  int d = s.b.pos[t1] - s.b.pos[t2];
  return d == 1 || d == -1;  // ruling 1: theaters in a row, no wrap-around
}

static bool in_scope(const Engine& e, const State& s, Scope sc, int from, int t) {
  switch (sc) {
    case Scope::Same: return from == t;
    case Scope::Adjacent: return e.adjacent(s, from, t);
    case Scope::Other: return from != t;
    case Scope::All: return true;
  }
  return false;
}

int Engine::base_strength(const Board& b, int card) const {
  return b.card[card].faceup ? set_.cards[card].strength : rules_.facedown_strength;  // ruling 6
}

// Rulings 6-8: faceup printed strength, facedown 2; SetStrength effects (Cover Fire, Escalation)
// replace it (the highest if several apply: nothing stacks), AddStrength effects add to it.
int Engine::card_strength(const State& s, int card) const {
  const Board& b = s.b;
  const CardLoc& l = b.card[card];
  int value = base_strength(b, card);
  int set_to = INT_MIN, add = 0;
  for (uint64_t m = effect_cards_; m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    const CardLoc& el = b.card[e];
    if (el.zone != Zone::Board || !el.faceup) continue;  // ruling 10
    for (const Effect& f : set_.cards[e].effects) {
      if (f.type != Effect::SetStrength && f.type != Effect::AddStrength) continue;
      bool hit = false;
      switch (f.target) {
        case Target::CoveredByThis:
          hit = l.owner == el.owner && l.theater == el.theater && l.seq < el.seq;
          break;
        case Target::OwnFacedown: hit = l.owner == el.owner && !l.faceup; break;
        case Target::OwnFaceup: hit = l.owner == el.owner && l.faceup; break;
        case Target::OwnInTheater: hit = l.owner == el.owner && l.theater == el.theater; break;
        case Target::AllFacedown: hit = !l.faceup; break;
      }
      if (!hit) continue;
      if (f.type == Effect::SetStrength) set_to = std::max(set_to, f.amount);
      else add += f.amount;
    }
  }
  return (set_to == INT_MIN ? value : set_to) + add;
}

// RB "Strength"; ruling 9: Support's bonus goes to the total, not to a card.
int Engine::strength(const State& s, int player, int theater) const {
  const Board& b = s.b;
  int total = b.tokens[player][theater];
  for (int c = 0; c < b.ncards; ++c) {
    const CardLoc& l = b.card[c];
    if (l.zone == Zone::Board && l.owner == player && l.theater == theater) total += card_strength(s, c);
  }
  for (uint64_t m = effect_cards_; m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    const CardLoc& el = b.card[e];
    if (el.zone != Zone::Board || !el.faceup || el.owner != player) continue;
    for (const Effect& f : set_.cards[e].effects)
      if (f.type == Effect::StrengthBonus && in_scope(*this, s, f.scope, el.theater, theater)) total += f.amount;
  }
  return total;
}

// Ruling 5: strictly higher total controls; ties and empty theaters go to the 1st player.
int Engine::controller(const State& s, int theater) const {
  int s0 = strength(s, 0, theater), s1 = strength(s, 1, theater);
  if (s0 > s1) return 0;
  if (s1 > s0) return 1;
  return s.b.first;
}

int Engine::to_act(const State& s) const {
  if (s.b.phase == Phase::Over) return -1;
  return s.r.active ? s.r.pending.player : s.b.turn;
}

DecisionKind Engine::decision_kind(const State& s) const {
  return s.r.active ? s.r.pending.kind : DecisionKind::Turn;
}

// ---------------------------------------------------------------------------------------------
// Legal actions

// RB "Deploy": faceup only to the matching theater, unless a permission says otherwise
// (Air Drop, ruling 21; Aerodrome, ruling 22).
int Engine::deploy_reach(const Board& b, int player) const {
  if (b.anywhere_next_play[player] || b.anywhere_turn[player] == 2) return INT_MAX;
  int reach = -1;
  for (uint64_t m = effect_cards_; m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    const CardLoc& el = b.card[e];
    if (el.zone != Zone::Board || !el.faceup || el.owner != player) continue;
    for (const Effect& f : set_.cards[e].effects)
      if (f.type == Effect::PlayAnywhere) reach = std::max(reach, f.amount);
  }
  return reach;
}

bool Engine::can_deploy(const Board& b, int player, int card, int theater) const {
  return theater_type_[card] == theater || set_.cards[card].strength <= deploy_reach(b, player);
}

static uint16_t encode_play(int card, int theater, bool facedown) {
  return static_cast<uint16_t>((facedown ? 1 << 15 : 0) | (card << 8) | theater);
}

void Engine::play_options(const State& s, int player, uint16_t* out, int& n) const {
  const Board& b = s.b;
  uint8_t hand[kMaxCards];
  int h = zone(s, Zone::Hand, player, hand);
  int reach = deploy_reach(b, player);
  n = 0;
  for (int i = 0; i < h; ++i) {
    bool anywhere = set_.cards[hand[i]].strength <= reach;
    for (int p = 0; p < b.ntheaters; ++p) {
      int t = b.order[p];
      if (n + 2 > kMaxOptions) throw ScriptError("too many options for one decision");
      if (anywhere || theater_type_[hand[i]] == t) out[n++] = encode_play(hand[i], t, false);
      out[n++] = encode_play(hand[i], t, true);
    }
  }
}

void Engine::legal(const State& s, std::vector<Action>& out) const {
  out.clear();
  const Board& b = s.b;
  if (b.phase == Phase::Over) return;
  if (s.r.active) {
    const Decision& d = s.r.pending;
    for (int i = 0; i < d.n; ++i) {
      if (d.kind == DecisionKind::Play) {
        uint16_t o = d.opt[i];
        out.push_back(Action{(o >> 15) ? Action::Improvise : Action::Deploy, static_cast<uint8_t>((o >> 8) & 0x7f),
                             static_cast<uint8_t>(o & 0xff), kNone});
      } else {
        out.push_back(Action{Action::Choose, kNone, kNone, d.opt[i]});
      }
    }
    return;
  }
  int p = b.turn;
  int reach = deploy_reach(b, p);
  for (int c = 0; c < b.ncards; ++c) {
    if (b.card[c].zone != Zone::Hand || b.card[c].owner != p) continue;
    bool anywhere = set_.cards[c].strength <= reach;
    for (int i = 0; i < b.ntheaters; ++i) {
      uint8_t t = b.order[i];
      if (anywhere || theater_type_[c] == t) out.push_back(Action{Action::Deploy, static_cast<uint8_t>(c), t, kNone});
      out.push_back(Action{Action::Improvise, static_cast<uint8_t>(c), t, kNone});
    }
  }
  out.push_back(Action{Action::Withdraw, kNone, kNone, kNone});  // ruling 3
}

bool Engine::is_legal(const State& s, const Action& a) const {
  const Board& b = s.b;
  if (b.phase == Phase::Over) return false;
  if (s.r.active) {
    const Decision& d = s.r.pending;
    uint16_t want;
    if (d.kind == DecisionKind::Play) {
      if (a.type != Action::Deploy && a.type != Action::Improvise) return false;
      if (a.card >= b.ncards || a.theater >= kMaxTheaters) return false;
      want = encode_play(a.card, a.theater, a.type == Action::Improvise);
    } else {
      if (a.type != Action::Choose) return false;
      want = a.option;
    }
    return std::find(d.opt, d.opt + d.n, want) != d.opt + d.n;
  }
  if (a.type == Action::Withdraw) return true;
  if (a.type == Action::Choose) return false;
  if (a.card >= b.ncards || a.theater >= kMaxTheaters || b.pos[a.theater] >= b.ntheaters ||
      b.order[b.pos[a.theater]] != a.theater)
    return false;
  const CardLoc& l = b.card[a.card];
  if (l.zone != Zone::Hand || l.owner != b.turn) return false;
  return a.type == Action::Improvise || can_deploy(b, b.turn, a.card, a.theater);
}

// ---------------------------------------------------------------------------------------------
// Changing the board

void Engine::emit(AbilityCtx* c, EventLog* log, Event e) const {
  if (c) {
    if (c->in_run && ++c->emitted <= c->s->r.events) return;  // shown before the last decision
    log = c->log;
  }
  if (log) log->events.push_back(e);
}

static uint8_t known_bits(const Board& b, int card) {
  return static_cast<uint8_t>(((b.known[0] >> card) & 1) | (((b.known[1] >> card) & 1) << 1));
}

void Engine::place(Board& b, int player, int card, int theater, bool faceup) const {
  CardLoc& l = b.card[card];
  l.zone = Zone::Board;
  l.owner = static_cast<uint8_t>(player);
  l.theater = static_cast<uint8_t>(theater);
  l.faceup = faceup;
  l.seq = b.seq_next++;  // covers what is there (RB "Covered Cards")
  b.known[player] |= bit(card);
  if (faceup) b.known[0] |= bit(card), b.known[1] |= bit(card);  // ruling 28
}

static void to_deck_bottom(Board& b, int card) {
  CardLoc& l = b.card[card];
  l.zone = Zone::Deck;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;
}

// Rulings 19-20: Blockade and Containment replace a play by its destruction.
bool Engine::destroyed_on_play(const Board& b, int card) const {
  const CardLoc& l = b.card[card];
  for (uint64_t m = effect_cards_; m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    const CardLoc& el = b.card[e];
    if (e == card || el.zone != Zone::Board || !el.faceup) continue;
    for (const Effect& f : set_.cards[e].effects) {
      if (f.type != Effect::DestroyPlays) continue;
      if (f.facedown_only && l.faceup) continue;
      if (f.who == 1 && l.owner != el.owner) continue;
      if (f.who == 2 && l.owner == el.owner) continue;
      bool hit;
      switch (f.scope) {
        case Scope::Same: hit = el.theater == l.theater; break;
        case Scope::Adjacent: {
          int d = b.pos[el.theater] - b.pos[l.theater];
          hit = d == 1 || d == -1;
          break;
        }
        case Scope::Other: hit = el.theater != l.theater; break;
        default: hit = true;
      }
      if (!hit) continue;
      if (f.occupied_at_least >= 0) {
        int occupied = 0;  // RB "Occupied": both players' cards, the played one not counted
        for (int c = 0; c < b.ncards; ++c)
          occupied += c != card && b.card[c].zone == Zone::Board && b.card[c].theater == l.theater;
        if (occupied < f.occupied_at_least) continue;
      }
      return true;
    }
  }
  return false;
}

void Engine::trigger(AbilityCtx* c, Board& b, int card) const {
  if (!set_.cards[card].has_ability || set_.cards[card].kind != Kind::Instant) return;
  if (c && c->depth > 0 && rules_.immediate_instants) {
    rt_->run_nested(*c, card);  // rulings 11-12 (original): at once, before the rest
    return;
  }
  if (b.qlen >= kMaxCards)
    throw ScriptError("card " + set_.cards[card].id + " (" + set_.cards[card].file + "): more than " +
                      std::to_string(kMaxCards) + " abilities due at once (an endless chain of flips?)");
  b.queue[b.qlen++] = static_cast<uint8_t>(card);  // ruling 11: first due, first resolved
}

bool Engine::op_play(AbilityCtx& c, int player, int card, int theater, bool faceup) const {
  Board& b = c.s->b;
  b.anywhere_next_play[player] = 0;  // ruling 21: the next play uses Air Drop's permission up
  place(b, player, card, theater, faceup);
  emit(&c, nullptr,
       Event{.type = faceup ? Event::Deploy : Event::Improvise, .player = static_cast<uint8_t>(player),
             .card = static_cast<uint8_t>(card), .theater = static_cast<uint8_t>(theater),
             .faceup = faceup, .known = known_bits(b, card)});
  if (destroyed_on_play(b, card)) {  // ruling 18: it never uses its ability
    to_deck_bottom(b, card);
    emit(&c, nullptr, Event{.type = Event::Destroy, .player = static_cast<uint8_t>(player),
                            .card = static_cast<uint8_t>(card), .theater = static_cast<uint8_t>(theater),
                            .known = known_bits(b, card)});
    return false;
  }
  if (faceup) trigger(&c, b, card);
  return true;
}

void Engine::op_flip(AbilityCtx& c, int card) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  l.faceup = !l.faceup;
  if (l.faceup) b.known[0] |= bit(card), b.known[1] |= bit(card);
  emit(&c, nullptr, Event{.type = Event::Flip, .player = l.owner, .card = static_cast<uint8_t>(card),
                          .theater = l.theater, .faceup = l.faceup, .known = known_bits(b, card)});
  if (l.faceup) trigger(&c, b, card);  // ruling 11: revealed instants take effect
}

void Engine::op_move(AbilityCtx& c, int card, int theater) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  uint8_t from = l.theater;
  l.theater = static_cast<uint8_t>(theater);
  l.seq = b.seq_next++;  // RB "Move": on top of the cards there; not a play (ruling 25)
  emit(&c, nullptr, Event{.type = Event::Move, .player = l.owner, .card = static_cast<uint8_t>(card),
                          .theater = static_cast<uint8_t>(theater), .from = from, .faceup = l.faceup,
                          .known = known_bits(b, card)});
}

void Engine::op_destroy(AbilityCtx& c, int card) const {
  Board& b = c.s->b;
  uint8_t owner = b.card[card].owner, theater = b.card[card].theater;
  to_deck_bottom(b, card);  // ruling 18
  emit(&c, nullptr, Event{.type = Event::Destroy, .player = owner, .card = static_cast<uint8_t>(card),
                          .theater = theater, .known = known_bits(b, card)});
}

void Engine::op_return(AbilityCtx& c, int card) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  uint8_t from = l.theater;
  l.zone = Zone::Hand;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;  // ruling 26: to the end of the hand
  emit(&c, nullptr, Event{.type = Event::Return, .player = l.owner, .card = static_cast<uint8_t>(card),
                          .from = from, .known = known_bits(b, card)});
}

int Engine::op_draw(AbilityCtx& c, int player) const {
  Board& b = c.s->b;
  int top = -1;
  for (int i = 0; i < b.ncards; ++i)
    if (b.card[i].zone == Zone::Deck && (top < 0 || b.card[i].seq < b.card[top].seq)) top = i;
  if (top < 0) return -1;
  CardLoc& l = b.card[top];
  l.zone = Zone::Held;  // ruling 23: in no hand and not in the deck; its owner sees it
  l.owner = static_cast<uint8_t>(player);
  b.known[player] |= bit(top);
  emit(&c, nullptr, Event{.type = Event::Draw, .player = static_cast<uint8_t>(player),
                          .card = static_cast<uint8_t>(top), .known = known_bits(b, top)});
  return top;
}

// ---------------------------------------------------------------------------------------------
// Turns, battles, the game

void Engine::start_battle(Board& b, bool first_battle) const {
  if (first_battle) {
    for (int i = 0; i < b.ntheaters; ++i) b.order[i] = static_cast<uint8_t>(i);
    if (rules_.random_theater_order) b.rng.shuffle(b.order, b.ntheaters);  // ruling 2
    b.first = static_cast<uint8_t>(b.rng.below(2));
  } else {
    for (int r = 0; r < rules_.rotation; ++r) {  // ruling 2: the rightmost moves to the far left
      uint8_t last = b.order[b.ntheaters - 1];
      std::memmove(b.order + 1, b.order, b.ntheaters - 1);
      b.order[0] = last;
    }
    b.first = static_cast<uint8_t>(other(b.first));  // exchange Supreme Commanders
  }
  for (int i = 0; i < b.ntheaters; ++i) b.pos[b.order[i]] = static_cast<uint8_t>(i);
  uint8_t deck[kMaxCards];
  for (int c = 0; c < b.ncards; ++c) deck[c] = static_cast<uint8_t>(c);
  b.rng.shuffle(deck, b.ncards);
  b.seq_next = 1;
  b.seq_top = 0;
  b.known[0] = b.known[1] = 0;
  int dealt = 0;
  for (int i = 0; i < b.ncards; ++i) {
    CardLoc& l = b.card[deck[i]];
    l.faceup = 0;
    l.theater = kNone;
    l.seq = b.seq_next++;
    if (dealt < 2 * rules_.hand_size) {  // alternately, the 1st player first
      l.zone = Zone::Hand;
      l.owner = static_cast<uint8_t>(dealt % 2 == 0 ? b.first : other(b.first));
      b.known[l.owner] |= bit(deck[i]);
      ++dealt;
    } else {
      l.zone = Zone::Deck;
      l.owner = 0;
    }
  }
  std::memset(b.anywhere_next_play, 0, sizeof b.anywhere_next_play);
  std::memset(b.anywhere_turn, 0, sizeof b.anywhere_turn);
  std::memset(b.extra_turns, 0, sizeof b.extra_turns);
  b.resume = kNone;
  std::memset(b.tokens, 0, sizeof b.tokens);
  b.qlen = 0;
  b.turn = b.first;
}

void Engine::end_battle(Board& b, int winner, int vp, bool withdrew, EventLog* log) const {
  b.score[winner] += vp;  // vp <= kMaxVp and the game ends at vp_target <= kMaxVp: no overflow
  b.last = LastBattle{b.battle, static_cast<uint8_t>(winner), withdrew, vp};
  Event e{.type = Event::BattleEnd, .player = static_cast<uint8_t>(winner), .withdrew = withdrew,
          .value = b.battle, .vp = vp, .score = {b.score[0], b.score[1]}};
  emit(nullptr, log, e);
  if (b.score[winner] >= rules_.vp_target) {  // ruling 27
    b.phase = Phase::Over;
    b.winner = static_cast<uint8_t>(winner);
    e.type = Event::GameEnd;
    emit(nullptr, log, e);
    return;
  }
  ++b.battle;
  start_battle(b, false);
}

// Ruling 4: after a turn, the other player acts (an extra turn first, original Redeploy);
// a player with an empty hand is skipped; both hands empty ends the battle.
void Engine::end_turn(State& s, EventLog* log) const {
  Board& b = s.b;
  if (b.phase == Phase::Over) return;
  int cur = b.turn;
  if (b.anywhere_turn[cur] == 2) b.anywhere_turn[cur] = 0;
  // The normal order resumes after extra turns: an extra turn won during the opponent's turn
  // gives its owner two turns in a row (ruling 26, original).
  int normal = b.resume != kNone ? b.resume : other(cur);
  int next = normal;
  b.resume = kNone;
  for (int q : {cur, other(cur)}) {
    if (!b.extra_turns[q]) continue;
    --b.extra_turns[q];
    next = q;
    b.resume = static_cast<uint8_t>(normal);
    break;
  }
  int in_hand[2] = {0, 0};
  for (int c = 0; c < b.ncards; ++c)
    if (b.card[c].zone == Zone::Hand) ++in_hand[b.card[c].owner];
  for (;;) {
    if (in_hand[0] == 0 && in_hand[1] == 0) {
      int won[2] = {0, 0};
      for (int i = 0; i < b.ntheaters; ++i) ++won[controller(s, b.order[i])];
      int winner = won[0] > won[1] ? 0 : won[1] > won[0] ? 1 : b.first;
      end_battle(b, winner, rules_.battle_vp, false, log);
      return;
    }
    if (in_hand[next] > 0) break;
    emit(nullptr, log, Event{.type = Event::Skip, .player = static_cast<uint8_t>(next)});
    b.extra_turns[next] = 0;
    b.resume = kNone;
    next = other(next);
  }
  b.turn = static_cast<uint8_t>(next);
  if (b.anywhere_turn[next] == 1) b.anywhere_turn[next] = 2;  // Air Drop (original): this turn
}

void Engine::run_resolution(State& s, EventLog* log) const {
  AbilityCtx c;
  c.eng = this;
  c.s = &s;
  c.log = log;
  Runtime::Outcome o = rt_->run(c, s.r.card);
  if (o == Runtime::Outcome::Pending) {
    s.r.events = c.emitted;
    return;
  }
  s.r.active = 0;
  Board& b = s.b;
  for (int i = 0; i < b.ncards; ++i) {  // a drawn card not played goes back on top of the deck
    if (b.card[i].zone != Zone::Held) continue;
    b.card[i].zone = Zone::Deck;
    b.card[i].seq = --b.seq_top;
  }
}

void Engine::resolve(State& s, EventLog* log) const {
  Board& b = s.b;
  int resolved = 0;
  while (!s.r.active && b.qlen > 0 && b.phase == Phase::Playing) {
    int card = b.queue[0];
    // An endless chain (an instant that flips itself faceup again) is refused, naming the card.
    if (++resolved > kMaxAbilitiesPerAction)
      throw ScriptError("card " + set_.cards[card].id + " (" + set_.cards[card].file + "): more than " +
                        std::to_string(kMaxAbilitiesPerAction) +
                        " abilities resolved for one action (an endless chain?); the action is refused");
    std::memmove(b.queue, b.queue + 1, --b.qlen);
    // Ruling 12: a due instant resolves even if flipped facedown meanwhile (standard); with
    // interruption (original) a facedown card's ability is gone.
    if (rules_.interrupt_flipped && !(b.card[card].zone == Zone::Board && b.card[card].faceup)) continue;
    s.r.active = 1;
    s.r.card = static_cast<uint8_t>(card);
    s.r.nanswers = 0;
    s.r.events = 0;
    s.r.snapshot = b;
    run_resolution(s, log);
  }
}

void Engine::apply(State& s, const Action& a, EventLog* log) const {
  State backup = s;
  size_t mark = log ? log->events.size() : 0;
  try {
    apply_unchecked(s, a, log);
  } catch (...) {
    s = backup;
    if (log) log->events.resize(mark);
    throw;
  }
}

void Engine::apply_unchecked(State& s, const Action& a, EventLog* log) const {
  if (!is_legal(s, a)) throw IllegalAction("illegal: " + action_text(s, a, -1) + " is not a legal action now");
  Board& b = s.b;
  if (s.r.active) {  // an answer: re-run the ability from its snapshot with one more answer
    Decision& d = s.r.pending;
    uint16_t opt = a.type == Action::Choose ? a.option : encode_play(a.card, a.theater, a.type == Action::Improvise);
    if (d.kind != DecisionKind::Play) {
      Event e{.type = Event::Choice, .player = d.player, .option = opt, .kind = static_cast<uint8_t>(d.kind)};
      if (d.kind == DecisionKind::Card && opt != kNone) e.card = static_cast<uint8_t>(opt), e.known = known_bits(b, opt);
      emit(nullptr, log, e);
    }
    if (s.r.nanswers >= kMaxAnswers) throw ScriptError("an ability asked more than 48 decisions");
    s.r.answers[s.r.nanswers++] = opt;
    s.b = s.r.snapshot;
    run_resolution(s, log);
  } else if (a.type == Action::Withdraw) {
    int p = b.turn, left = hand_count(b, p);
    const std::vector<int>& chart = rules_.withdraw_chart[p == b.first ? 0 : 1];  // cards.md charts
    int vp = chart.empty() ? rules_.battle_vp : chart[std::min<size_t>(left, chart.size() - 1)];
    emit(nullptr, log, Event{.type = Event::Withdraw, .player = static_cast<uint8_t>(p), .value = left});
    end_battle(b, other(p), vp, true, log);
    return;
  } else {
    AbilityCtx c;
    c.eng = this;
    c.s = &s;
    c.log = log;
    op_play(c, b.turn, a.card, a.theater, a.type == Action::Deploy);
  }
  resolve(s, log);
  if (!s.r.active) end_turn(s, log);
}

State Engine::blank() const {
  State s{};
  Board& b = s.b;
  b.ncards = static_cast<uint8_t>(set_.cards.size());
  b.ntheaters = static_cast<uint8_t>(rules_.theaters.size());
  for (int i = 0; i < b.ntheaters; ++i) b.order[i] = b.pos[i] = static_cast<uint8_t>(i);
  for (int c = 0; c < b.ncards; ++c) b.card[c] = CardLoc{Zone::Deck, 0, kNone, 0, b.seq_next++};
  return s;
}

State Engine::new_game(uint64_t seed) const {
  State s = blank();
  s.b.rng.seed(seed);
  start_battle(s.b, true);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Text and views

int Engine::theater_id(std::string_view name) const {
  for (size_t i = 0; i < rules_.theaters.size(); ++i)
    if (rules_.theaters[i] == name) return static_cast<int>(i);
  return -1;
}

std::string Engine::card_label(const State& s, int card, int viewer) const {
  const Board& b = s.b;
  if (viewer < 0 || (b.known[viewer] >> card) & 1) return set_.cards[card].id;
  const CardLoc& l = b.card[card];
  if (l.zone == Zone::Board) {
    uint8_t st[kMaxCards];
    int n = stack(s, l.owner, l.theater, st);
    int i = static_cast<int>(std::find(st, st + n, card) - st);
    return std::to_string(l.owner + 1) + ":" + rules_.theaters[l.theater] + ":" + std::to_string(i + 1);
  }
  return "?";
}

std::string Engine::option_text(const State& s, DecisionKind kind, uint16_t opt, int viewer) const {
  const size_t ncards = set_.cards.size(), ntheaters = rules_.theaters.size();
  if (kind == DecisionKind::Play) {
    size_t card = (opt >> 8) & 0x7f, t = opt & 0xff;
    if (card >= ncards || t >= ntheaters) return "?";
    return std::string((opt >> 15) ? "improvise " : "deploy ") + set_.cards[card].id + " " + rules_.theaters[t];
  }
  if (opt == kNone) return "none";
  if (kind == DecisionKind::Theater) return opt < ntheaters ? rules_.theaters[opt] : "?";
  return opt < ncards ? card_label(s, opt, viewer) : "?";
}

std::string Engine::action_text(const State& s, const Action& a, int viewer) const {
  auto name = [&](int c) { return c < static_cast<int>(set_.cards.size()) ? card_label(s, c, viewer) : "?"; };
  auto th = [&](int t) { return t < static_cast<int>(rules_.theaters.size()) ? rules_.theaters[t] : "?"; };
  switch (a.type) {
    case Action::Deploy: return "deploy " + name(a.card) + " " + th(a.theater);
    case Action::Improvise: return "improvise " + name(a.card) + " " + th(a.theater);
    case Action::Withdraw: return "withdraw";
    case Action::Choose:
      return "choose " + option_text(s, s.r.active ? s.r.pending.kind : DecisionKind::Card, a.option, viewer);
  }
  return "?";
}

void Engine::compute_sort_keys() {
  auto keys = [](const std::vector<std::string>& names, std::vector<int>& key, int& none_key) {
    std::vector<int> idx(names.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
    std::sort(idx.begin(), idx.end(), [&](int a, int b) { return names[a] < names[b]; });
    key.assign(names.size(), 0);
    none_key = 0;
    for (size_t r = 0; r < idx.size(); ++r) {
      key[idx[r]] = 2 * static_cast<int>(r) + 1;
      if (names[idx[r]] < "none") none_key = 2 * static_cast<int>(r) + 2;
    }
  };
  std::vector<std::string> ids;
  for (const auto& c : set_.cards) ids.push_back(c.id);
  keys(ids, card_key_, card_none_key_);
  keys(rules_.theaters, theater_key_, theater_none_key_);
}

// Sorts a decision's options in the plain string order of their omniscient texts (scenario-api.md).
void Engine::sort_options(const State&, Decision& d) const {
  auto key = [&](uint16_t o) -> int {
    switch (d.kind) {
      case DecisionKind::Card: return o == kNone ? card_none_key_ : card_key_[o];
      case DecisionKind::Theater: return o == kNone ? theater_none_key_ : theater_key_[o];
      default:  // "deploy ID T" < "improvise ID T"; then by id, then by theater
        return ((o >> 15) << 24) | (card_key_[(o >> 8) & 0x7f] << 12) | theater_key_[o & 0xff];
    }
  };
  std::sort(d.opt, d.opt + d.n, [&](uint16_t x, uint16_t y) { return key(x) < key(y); });
}

Action Engine::parse_action(const State& s, std::string_view text, int viewer) const {
  std::vector<Action> acts;
  legal(s, acts);
  for (const Action& a : acts)
    if (action_text(s, a, viewer) == text) return a;
  // "choose ACTION" answers a play decision or a turn with an action text (scenario-api.md).
  if (text.substr(0, 7) == "choose ") {
    std::string_view rest = text.substr(7);
    for (const Action& a : acts)
      if (a.type != Action::Choose && action_text(s, a, viewer) == rest) return a;
  }
  if (s.b.phase == Phase::Over) throw IllegalAction("illegal: the game is over");
  throw IllegalAction("illegal: '" + std::string(text) + "' is not a legal action now");
}

std::string Engine::event_text(const Event& e, int viewer) const {
  auto pl = [](int p) { return "player " + std::to_string(p + 1); };
  bool known = viewer < 0 || ((e.known >> viewer) & 1);
  std::string card = e.card == kNone ? "" : known ? set_.cards[e.card].id : "a facedown card";
  auto th = [&](int t) { return t == kNone ? std::string("?") : rules_.theaters[t]; };
  switch (e.type) {
    case Event::Deploy: return pl(e.player) + " deploys " + card + " to " + th(e.theater);
    case Event::Improvise:
      return pl(e.player) + " improvises " + (known ? set_.cards[e.card].id + " facedown" : "a card facedown") +
             " to " + th(e.theater);
    case Event::Withdraw:
      return pl(e.player) + " withdraws with " + std::to_string(e.value) + " card" + (e.value == 1 ? "" : "s") +
             " in hand";
    case Event::Destroy: return card + " of " + pl(e.player) + " is destroyed (to the bottom of the deck)";
    case Event::Flip:
      return (known ? card : "a facedown card") + " of " + pl(e.player) + " in " + th(e.theater) + " is flipped " +
             (e.faceup ? "faceup" : "facedown");
    case Event::Move: return card + " of " + pl(e.player) + " moves from " + th(e.from) + " to " + th(e.theater);
    case Event::Return: return pl(e.player) + " returns " + card + " from " + th(e.from) + " to hand";
    case Event::Draw: return pl(e.player) + " draws " + (known ? set_.cards[e.card].id : "a card") + " from the deck";
    case Event::Ability: return set_.cards[e.card].id + ": " + set_.cards[e.card].text;
    case Event::Interrupted: return set_.cards[e.card].id + "'s ability is interrupted (flipped facedown)";
    case Event::Choice: {
      std::string what = e.option == kNone ? "none"
                         : e.kind == static_cast<uint8_t>(DecisionKind::Theater) ? rules_.theaters[e.option]
                                                                                  : card;
      return pl(e.player) + " chooses " + what;
    }
    case Event::Skip: return pl(e.player) + " has no cards left and is skipped";
    case Event::Tokens:
      return pl(e.player) + (e.value >= 0 ? " places " : " removes ") + std::to_string(std::abs(e.value)) +
             " supply token" + (std::abs(e.value) == 1 ? "" : "s") + " in " + th(e.theater);
    case Event::BattleEnd:
      return "battle " + std::to_string(e.value) + ": " + pl(e.player) + " wins " + std::to_string(e.vp) + " VP " +
             (e.withdrew ? "(opponent withdrew)" : "(theaters controlled)") + ", score " +
             std::to_string(e.score[0]) + "-" + std::to_string(e.score[1]);
    case Event::GameEnd:
      return "game over: " + pl(e.player) + " wins " + std::to_string(e.score[0]) + "-" + std::to_string(e.score[1]);
  }
  return "?";
}

namespace {
// Appends plain values to a byte buffer, so that a digest never reads padding.
struct Bytes {
  std::vector<uint8_t> v;
  template <typename T>
  void put(const T& x) {
    static_assert(std::is_integral_v<T> || std::is_enum_v<T>);
    const auto* p = reinterpret_cast<const uint8_t*>(&x);
    v.insert(v.end(), p, p + sizeof x);
  }
  void board(const Board& b) {
    put(b.ncards);
    put(b.ntheaters);
    for (int c = 0; c < b.ncards; ++c) {
      const CardLoc& l = b.card[c];
      put(l.zone), put(l.owner), put(l.theater), put(l.faceup), put(l.seq);
    }
    for (int i = 0; i < b.ntheaters; ++i) put(b.order[i]);
    put(b.first), put(b.turn), put(b.phase), put(b.winner), put(b.battle);
    put(b.score[0]), put(b.score[1]), put(b.seq_top), put(b.seq_next), put(b.known[0]), put(b.known[1]);
    for (int p = 0; p < 2; ++p) {
      put(b.anywhere_next_play[p]), put(b.anywhere_turn[p]), put(b.extra_turns[p]);
      for (int t = 0; t < kMaxTheaters; ++t) put(b.tokens[p][t]);
    }
    put(b.resume), put(b.qlen);
    for (int i = 0; i < b.qlen; ++i) put(b.queue[i]);
    put(b.last.number), put(b.last.winner), put(b.last.withdrew), put(b.last.vp);
    for (int i = 0; i < 4; ++i) put(b.rng.word(i));
  }
};
}  // namespace

uint64_t Engine::digest(const State& s) const {
  Bytes out;
  out.board(s.b);
  out.put(s.r.active);
  if (s.r.active) {
    out.put(s.r.card), out.put(s.r.nanswers);
    for (int i = 0; i < s.r.nanswers; ++i) out.put(s.r.answers[i]);
    const Decision& d = s.r.pending;
    out.put(d.player), out.put(d.kind), out.put(d.card), out.put(d.n);
    for (int i = 0; i < d.n; ++i) out.put(d.opt[i]);
    out.board(s.r.snapshot);
  }
  return XXH64(out.v.data(), out.v.size(), 0);
}

View Engine::view(const State& s, int viewer) const {
  const Board& b = s.b;
  View v;
  v.viewer = viewer;
  uint8_t buf[kMaxCards];
  auto label = [&](int c) -> std::string {
    bool known = (b.known[viewer] >> c) & 1;
    if (b.card[c].zone == Zone::Board && !b.card[c].faceup) return known ? "~" + set_.cards[c].id : "~?";
    return known ? set_.cards[c].id : "?";
  };
  for (int i = 0; i < b.ntheaters; ++i) v.theaters.push_back(rules_.theaters[b.order[i]]);
  for (int p = 0; p < 2; ++p) {
    int n = zone(s, Zone::Hand, p, buf);
    for (int i = 0; i < n; ++i) v.hand[p].push_back(p == viewer ? set_.cards[buf[i]].id : label(buf[i]));
    v.stacks[p].resize(b.ntheaters);
    v.strength[p].resize(b.ntheaters);
    for (int i = 0; i < b.ntheaters; ++i) {
      int k = stack(s, p, b.order[i], buf);
      for (int j = 0; j < k; ++j) v.stacks[p][i].push_back(label(buf[j]));
      v.strength[p][i] = strength(s, p, b.order[i]);
      v.tokens[p].push_back(b.tokens[p][b.order[i]]);
    }
    v.score[p] = b.score[p];
  }
  for (int i = 0; i < b.ntheaters; ++i) v.controller.push_back(controller(s, b.order[i]));
  int n = zone(s, Zone::Deck, 0, buf);
  v.deck_size = n;
  for (int i = 0; i < n; ++i)
    if ((b.known[viewer] >> buf[i]) & 1) v.deck_known.push_back(set_.cards[buf[i]].id);
  for (int c = 0; c < b.ncards; ++c)
    if (b.card[c].zone == Zone::Held && b.card[c].owner == viewer) v.held = set_.cards[c].id;
  v.first = b.first;
  v.battle = b.battle;
  v.to_act = to_act(s);
  return v;
}

}  // namespace als
