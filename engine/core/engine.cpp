// The rules of Air, Land & Sea: the board, strength and control, legal actions, and what each
// verb does to the board (Revised Edition rulebook, "RB"; ruling numbers as in docs/rulings.md).
// Hot path: legal, strength and control call no script unless a card of the set has an ongoing
// function (API 2). Abilities due, triggers, hooks and the turn sequence: resolve.cpp.
#include "engine.h"
#include "knowledge.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <xxhash.h>

namespace als {

namespace {
inline uint64_t bit(int c) { return uint64_t{1} << c; }
inline int other(int p) { return 1 - p; }
constexpr int kMaxFnValue = 1'000'000;  // strengths and totals a function may return
}  // namespace

Engine::Engine(CardSet set, Rules rules, std::vector<std::string> rule_names, std::string content_hash,
               std::unique_ptr<Scripts> scripts)
    : set_(std::move(set)),
      rules_(std::move(rules)),
      rule_names_(std::move(rule_names)),
      hash_(std::move(content_hash)),
      scripts_(std::move(scripts)) {
  // The loader checks everything with messages naming files; these are the core's own invariants.
  auto bad = [&](const std::string& why) { throw LoadError(set_.dir + ": " + why); };
  if (!scripts_) bad("an engine needs its scripts");
  if (rules_.theaters.empty() || rules_.theaters.size() > static_cast<size_t>(kMaxTheaters))
    bad("between 1 and " + std::to_string(kMaxTheaters) + " theaters are needed");
  if (set_.cards.size() > static_cast<size_t>(kMaxCards))
    bad("at most " + std::to_string(kMaxCards) + " cards in a set");
  if (rules_.hand_size < 0 || 2 * static_cast<size_t>(rules_.hand_size) > set_.cards.size())
    bad("hand_size " + std::to_string(rules_.hand_size) + " needs more cards than the set has");
  for (size_t c = 0; c < set_.cards.size(); ++c) {
    CardDef& d = set_.cards[c];
    d.type_theater = theater_id(d.type);
    if (d.type_theater < 0) bad("card " + d.id + ": type '" + d.type + "' names no theater");
    theater_type_.push_back(d.type_theater);
    printed_strength_[c] = d.strength;
    uint64_t b = bit(static_cast<int>(c));
    if (!d.effects.empty()) effect_cards_ |= b;
    for (const Effect& f : d.effects) effect_type_cards_[f.type] |= b;
    for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
      if ((d.fns >> i) & 1) fn_cards_[i] |= b, fn_cards_any_ |= b;
    for (int ev = 0; ev < kTriggerEvents; ++ev)
      if ((d.triggers >> ev) & 1) trigger_cards_[ev] |= b;
  }
  if (set_.lasting.size() > 255) bad("at most 255 lasting effects");
  for (const LastingDef& d : set_.lasting) {
    for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
      if ((d.fns >> i) & 1) lasting_fn_[i] = true;
    for (int ev = 0; ev < kTriggerEvents; ++ev)
      if ((d.triggers >> ev) & 1) lasting_trigger_[ev] = true;
  }
  for (int i = 0; i < static_cast<int>(Fn::Count); ++i) {
    fn_used_[i] = fn_cards_[i] != 0 || lasting_fn_[i];
    fn_any_ = fn_any_ || fn_used_[i];
  }
  // Lasting effects come and go with g:effect: a set that has them is scripted throughout.
  scripted_ = fn_any_ || rules_.hooks != 0 || !set_.lasting.empty();
  for (int ev = 0; ev < kTriggerEvents; ++ev) {
    fires_[ev] = trigger_cards_[ev] != 0 || lasting_trigger_[ev];
    scripted_ = scripted_ || fires_[ev];
  }
  for (int t = 0; t < kEventKindCount; ++t) {
    const EventKind& k = kEventKinds[t];
    SetsOff& so = sets_off_[t];
    if (k.hook != Hook::Count && rules_.has(k.hook)) so.hook = kHookTable[static_cast<int>(k.hook)].due;
    if (k.trigger != What::Instant && fires(k.trigger)) so.trigger = k.trigger;
    so.any = so.hook != What::Instant || so.trigger != What::Instant;
  }
  compute_sort_keys();
  make_blank();
  scripts_->attach(*this);
}

Engine::~Engine() = default;

// ---------------------------------------------------------------------------------------------
// Reading the board

// The cards of mask `m` in order of seq (bottom to top, hand order, deck top first) into `out`.
static int by_seq(const Board& b, uint64_t m, uint8_t* out) {
  int n = 0;
  for (; m; m &= m - 1) {
    int c = __builtin_ctzll(m);
    int i = n++;
    while (i > 0 && b.card[out[i - 1]].seq > b.card[c].seq) {
      out[i] = out[i - 1];
      --i;
    }
    out[i] = static_cast<uint8_t>(c);
  }
  return n;
}

int Engine::stack(const State& s, int player, int theater, uint8_t* out) const {
  return by_seq(s.b, s.b.in_stack(player, theater), out);
}

int Engine::zone(const State& s, Zone z, int player, uint8_t* out) const {
  return by_seq(s.b, z == Zone::Deck ? s.b.in_zone(z) : s.b.in_zone(z) & s.b.owned_by(player), out);
}

static int hand_count(const Board& b, int p) { return count_cards(b.in_hand(p)); }

bool Engine::uncovered(const State& s, int card) const {
  const Board& b = s.b;
  const CardLoc& l = b.card[card];
  if (l.zone != Zone::Board) return false;
  for (uint64_t m = b.in_stack(l.owner, l.theater); m; m &= m - 1)
    if (b.card[__builtin_ctzll(m)].seq > l.seq) return false;
  return true;
}

bool Engine::adjacent(const State& s, int t1, int t2) const {
  if (t1 == kNone || t2 == kNone) return false;
  int d = s.b.pos[t1] - s.b.pos[t2];
  return d == 1 || d == -1;  // ruling 1: theaters in a row, no wrap-around
}

int Engine::hand_size(const State& s, int player) const { return hand_count(s.b, player); }

int Engine::withdraw_vp(const State& s, int player, int cards_left) const {
  const std::vector<int>& chart = rules_.withdraw_chart[player == s.b.first ? 0 : 1];
  if (chart.empty()) return rules_.battle_vp;
  return chart[std::min<size_t>(static_cast<size_t>(std::max(cards_left, 0)), chart.size() - 1)];
}

void Engine::hands_held(const Board& b, bool out[2]) const {
  out[0] = b.in_hand(0) != 0;
  out[1] = b.in_hand(1) != 0;
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

int Engine::holders(const Board& b, uint64_t mask, uint8_t* out) const {
  int n = 0;
  for (uint64_t m = mask; m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    if (b.card[e].zone != Zone::Board || !b.card[e].faceup) continue;  // ruling 10
    int i = n++;
    while (i > 0 && board_key(b, out[i - 1]) > board_key(b, e)) {
      out[i] = out[i - 1];
      --i;
    }
    out[i] = static_cast<uint8_t>(e);
  }
  return n;
}

// API 2 ongoing functions: each faceup holder in board order, each seeing the previous result.
// Then the functions of lasting effects, in the order they started (API 3). `step(card, slot,
// before, after)` hears each function's change (slot: a lasting effect's, or -1 for a card's).
template <class Step>
int Engine::apply_fns_steps(const State& s, Fn fn, const int* args, int value, Step step) const {
  uint8_t hs[kMaxCards];
  int n = holders(s.b, fn_cards_[static_cast<int>(fn)], hs);
  auto check = [&](int card) {
    if ((fn == Fn::Strength || fn == Fn::Total) && (value < -kMaxFnValue || value > kMaxFnValue))
      throw ScriptError((card == kNone ? std::string("house rule") : "card " + set_.cards[card].id + " (" + set_.cards[card].file + ")") +
                        ": its " + (fn == Fn::Strength ? "strength" : "total") + " function returned " +
                        std::to_string(value) + ", outside -1000000..1000000");
  };
  for (int i = 0; i < n; ++i) {
    const int before = value;
    value = scripts_->ongoing(s, hs[i], fn, args, value);
    check(hs[i]);
    step(hs[i], -1, before, value);
    if (fn == Fn::DestroysPlay && value) return value;  // one is enough
  }
  if (lasting_fn_[static_cast<int>(fn)])
    for (int i = 0; i < s.b.nlasting; ++i) {
      const Lasting& l = s.b.lasting[i];
      if (!((set_.lasting[l.effect].fns >> static_cast<int>(fn)) & 1)) continue;
      const int before = value;
      value = scripts_->lasting(s, i, fn, args, value);
      check(set_.lasting[l.effect].card);
      step(l.card, i, before, value);
      if (fn == Fn::DestroysPlay && value) return value;
    }
  return value;
}

int Engine::apply_fns(const State& s, Fn fn, const int* args, int value) const {
  return apply_fns_steps(s, fn, args, value, [](int, int, int, int) {});
}

// What adds to `player`'s total in `theater` beyond the cards, by source (the projection's
// bonuses): tokens, each declared bonus reaching it (ruling 9, board order), then each total
// function's change (API 2), in the order the functions run. The amounts sum to
// strength() minus the cards' strengths.
void Engine::bonuses(const State& s, int player, int theater, std::vector<Bonus>& out) const {
  out.clear();
  const Board& b = s.b;
  if (const int n = b.tokens[player][theater]) out.push_back(Bonus{.source = Bonus::Source::Tokens, .amount = n});
  int total = b.tokens[player][theater];
  uint8_t hs[kMaxCards];
  const int n = holders(b, effects_of(Effect::StrengthBonus), hs);
  for (int i = 0; i < n; ++i) {
    const CardLoc& el = b.card[hs[i]];
    if (el.owner != player) continue;
    for (const Effect& f : set_.cards[hs[i]].effects)
      if (f.type == Effect::StrengthBonus && in_scope(*this, s, f.scope, el.theater, theater)) {
        out.push_back(Bonus{.source = Bonus::Source::Declared, .amount = f.amount, .card = hs[i], .from = el.theater});
        total += f.amount;
      }
  }
  if (!fn_used(Fn::Total)) return;
  for (uint64_t m = b.in_stack(player, theater); m; m &= m - 1) total += card_strength(s, __builtin_ctzll(m));
  int args[2] = {player, theater};
  apply_fns_steps(s, Fn::Total, args, total, [&](int card, int slot, int before, int after) {
    if (after == before) return;
    Bonus x{.source = Bonus::Source::Scripted, .amount = after - before};
    if (slot >= 0) x.effect = b.lasting[slot].effect;
    if (card != kNone) x.card = card, x.from = slot >= 0 ? -1 : b.card[card].theater;
    out.push_back(x);
  });
}

namespace {
// Whether a SetStrength or AddStrength effect of the card at `el` reaches the card at `l` (rulings 6-8).
inline bool strength_reaches(const Effect& f, const CardLoc& l, const CardLoc& el) {
  switch (f.target) {
    case Target::CoveredByThis: return l.owner == el.owner && l.theater == el.theater && l.seq < el.seq;
    case Target::OwnFacedown: return l.owner == el.owner && !l.faceup;
    case Target::OwnFaceup: return l.owner == el.owner && l.faceup;
    case Target::OwnInTheater: return l.owner == el.owner && l.theater == el.theater;
    case Target::AllFacedown: return !l.faceup;
  }
  return false;
}
}  // namespace

// Rulings 6-8: faceup printed strength, facedown 2; SetStrength effects (Cover Fire, Escalation)
// replace it (the highest if several apply: nothing stacks), AddStrength effects add to it;
// then the strength functions (API 2).
int Engine::card_strength(const State& s, int card) const {
  const Board& b = s.b;
  const CardLoc& l = b.card[card];
  int value = base_strength(b, card);
  int set_to = INT_MIN, add = 0;
  each_effect_in_play(b, kStrengthEffects, [&](const CardLoc& el, const Effect& f) {
    if (!strength_reaches(f, l, el)) return;
    if (f.type == Effect::SetStrength) set_to = std::max(set_to, f.amount);
    else add += f.amount;
  });
  value = (set_to == INT_MIN ? value : set_to) + add;
  if (fn_used(Fn::Strength)) {
    int args[1] = {card};
    value = apply_fns(s, Fn::Strength, args, value);
  }
  return value;
}

// Ruling 9: the StrengthBonus effects (Support) of `player`'s faceup cards that reach `theater`.
int Engine::strength_bonus(const State& s, int player, int theater) const {
  int total = 0;
  each_effect_in_play(s.b, 1u << Effect::StrengthBonus, [&](const CardLoc& el, const Effect& f) {
    if (el.owner == player && in_scope(*this, s, f.scope, el.theater, theater)) total += f.amount;
  });
  return total;
}

// RB "Strength"; ruling 9: Support's bonus goes to the total, not to a card; then the total
// functions (API 2).
int Engine::strength(const State& s, int player, int theater) const {
  const Board& b = s.b;
  int total = b.tokens[player][theater] + strength_bonus(s, player, theater);
  for (uint64_t m = b.in_stack(player, theater); m; m &= m - 1) total += card_strength(s, __builtin_ctzll(m));
  if (fn_used(Fn::Total)) {
    int args[2] = {player, theater};
    total = apply_fns(s, Fn::Total, args, total);
  }
  return total;
}

// strength() of both players in every theater at once: the strength effects in play are found
// once, not once a card (the search's policy reads every total at every turn).
void Engine::totals(const State& s, int out[2][kMaxTheaters]) const {
  const Board& b = s.b;
  if (fn_used(Fn::Strength) || fn_used(Fn::Total)) {  // functions see one card or one total at a time
    for (int i = 0; i < b.ntheaters; ++i)
      for (int p = 0; p < 2; ++p) out[p][b.order[i]] = strength(s, p, b.order[i]);
    return;
  }
  for (int i = 0; i < b.ntheaters; ++i)
    for (int p = 0; p < 2; ++p) out[p][b.order[i]] = b.tokens[p][b.order[i]];
  each_effect_in_play(b, 1u << Effect::StrengthBonus, [&](const CardLoc& el, const Effect& f) {  // ruling 9
    for (int i = 0; i < b.ntheaters; ++i)
      if (in_scope(*this, s, f.scope, el.theater, b.order[i])) out[el.owner][b.order[i]] += f.amount;
  });
  struct InPlay {
    const Effect* f;
    const CardLoc* at;
  };
  InPlay in_play[kMaxCards];  // the SetStrength and AddStrength effects in play
  int n = 0;
  bool all_fit = true;
  each_effect_in_play(b, kStrengthEffects, [&](const CardLoc& el, const Effect& f) {
    if (n < kMaxCards) in_play[n++] = {&f, &el};
    else all_fit = false;
  });
  for (uint64_t m = b.in_zone(Zone::Board); m; m &= m - 1) {
    const int c = __builtin_ctzll(m);
    const CardLoc& l = b.card[c];
    int value;
    if (n == 0) {
      value = base_strength(b, c);
    } else if (!all_fit) {
      value = card_strength(s, c);
    } else {
      int set_to = INT_MIN, add = 0;
      for (int k = 0; k < n; ++k) {
        if (!strength_reaches(*in_play[k].f, l, *in_play[k].at)) continue;
        if (in_play[k].f->type == Effect::SetStrength) set_to = std::max(set_to, in_play[k].f->amount);
        else add += in_play[k].f->amount;
      }
      value = (set_to == INT_MIN ? base_strength(b, c) : set_to) + add;
    }
    out[l.owner][l.theater] += value;
  }
}

// Ruling 5: strictly higher total controls; ties and empty theaters go to the 1st player.
int Engine::controller(const State& s, int theater) const {
  return control(strength(s, 0, theater), strength(s, 1, theater), s.b.first);
}

// ---------------------------------------------------------------------------------------------
// Legal actions

// RB "Deploy": faceup only to the matching theater, unless a permission says otherwise
// (Air Drop, ruling 21; Aerodrome, ruling 22).
int Engine::deploy_reach(const Board& b, int player) const {
  if (b.anywhere_next_play[player] || b.anywhere_turn[player] == 2) return INT_MAX;
  int reach = -1;
  each_effect_in_play(b, 1u << Effect::PlayAnywhere, [&](const CardLoc& el, const Effect& f) {
    if (el.owner == player) reach = std::max(reach, f.amount);
  });
  return reach;
}

bool Engine::deploy_allowed(const Board& b, int player, int card, int theater) const {
  return theater_type_[card] == theater || set_.cards[card].strength <= deploy_reach(b, player);
}

bool Engine::may_play(const State& s, int player, int card, int theater, bool faceup) const {
  bool allowed = !faceup || deploy_allowed(s.b, player, card, theater);
  if (fn_used(Fn::MayPlay)) {
    int args[4] = {player, card, theater, faceup};
    allowed = apply_fns(s, Fn::MayPlay, args, allowed) != 0;
  }
  return allowed;
}

bool Engine::may_withdraw(const State& s, int player) const {
  if (!fn_used(Fn::MayWithdraw)) return true;  // ruling 3
  int args[1] = {player};
  return apply_fns(s, Fn::MayWithdraw, args, 1) != 0;
}

static uint16_t encode_play(int card, int theater, bool facedown) {
  return PlayOption{static_cast<uint8_t>(card), static_cast<uint8_t>(theater), facedown}.code();
}

void Engine::play_options(const State& s, int player, uint16_t* out, int& n) const {
  const Board& b = s.b;
  uint8_t hand[kMaxCards];
  int h = zone(s, Zone::Hand, player, hand);
  bool fns = fn_used(Fn::MayPlay);
  int reach = deploy_reach(b, player);
  n = 0;
  for (int i = 0; i < h; ++i) {
    bool anywhere = set_.cards[hand[i]].strength <= reach;
    for (int p = 0; p < b.ntheaters; ++p) {
      int t = b.order[p];
      if (n + 2 > kMaxOptions) throw ScriptError("too many options for one decision");
      if (fns) {
        if (may_play(s, player, hand[i], t, true)) out[n++] = encode_play(hand[i], t, false);
        if (may_play(s, player, hand[i], t, false)) out[n++] = encode_play(hand[i], t, true);
        continue;
      }
      if (anywhere || theater_type_[hand[i]] == t) out[n++] = encode_play(hand[i], t, false);
      out[n++] = encode_play(hand[i], t, true);
    }
  }
}

void Engine::legal(const State& s, std::vector<Action>& out) const {
  const Board& b = s.b;
  if (b.phase == Phase::Over || s.r.active || fn_any_) out.clear();
  if (b.phase == Phase::Over) return;
  if (s.r.active) {
    const Decision& d = s.r.pending;
    uint16_t opt[kMaxOptions];
    int n = options(d, opt);
    out.resize(n);
    for (int i = 0; i < n; ++i) {
      uint16_t o = opt[i];
      PlayOption po = PlayOption::decode(o);
      out[i] = d.kind == DecisionKind::Play
                   ? Action{po.facedown ? Action::Improvise : Action::Deploy, po.card, po.theater, kNone}
                   : Action{Action::Choose, kNone, kNone, o};
    }
    return;
  }
  int p = b.turn;
  if (fn_any_) {  // API 2: every play asks the may_play functions
    for (int c = 0; c < b.ncards; ++c) {
      if (b.card[c].zone != Zone::Hand || b.card[c].owner != p) continue;
      for (int i = 0; i < b.ntheaters; ++i) {
        uint8_t t = b.order[i];
        if (may_play(s, p, c, t, true)) out.push_back(Action{Action::Deploy, static_cast<uint8_t>(c), t, kNone});
        if (may_play(s, p, c, t, false)) out.push_back(Action{Action::Improvise, static_cast<uint8_t>(c), t, kNone});
      }
    }
    // Ruling 3; a may_withdraw function may take it away, but a player with no other action
    // keeps it (a turn always has an action).
    if (out.empty() || may_withdraw(s, p)) out.push_back(Action{Action::Withdraw, kNone, kNone, kNone});
    return;
  }
  // The hot path: the hand from the location index, each card's plays, then one copy into `out`.
  const uint64_t hand = b.in_hand(p);
  // Written into raw storage (nothing constructed twice), then copied into `out` in one go.
  alignas(Action) unsigned char raw[(2 * kMaxCards * kMaxTheaters + 1) * sizeof(Action)];
  Action* const first = reinterpret_cast<Action*>(raw);
  Action* o = first;  // Actions are implicit-lifetime: the bytes hold them once written
  int reach = deploy_reach(b, p);
  for (uint64_t m = hand; m; m &= m - 1) {
    uint8_t c = static_cast<uint8_t>(__builtin_ctzll(m));
    bool anywhere = set_.cards[c].strength <= reach;
    int type = theater_type_[c];
    for (int i = 0; i < b.ntheaters; ++i) {
      uint8_t t = b.order[i];
      *o = Action{Action::Deploy, c, t, kNone};  // kept only where it may go (no branch to mispredict)
      o += anywhere || type == t;
      *o++ = Action{Action::Improvise, c, t, kNone};
    }
  }
  *o++ = Action{Action::Withdraw, kNone, kNone, kNone};  // ruling 3
  out.assign(first, o);
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
    // (a play's card and theater were bounded above; any other option must be one of the set's)
    const int bound = d.kind == DecisionKind::Card ? kMaxCards : d.kind == DecisionKind::Option ? kMaxOptionTexts : kMaxTheaters;
    if (d.kind != DecisionKind::Play && want != kNone && want >= bound) return false;
    return d.has(want);
  }
  if (a.type == Action::Withdraw) {
    if (!fn_any_) return true;
    std::vector<Action> acts;
    legal(s, acts);
    return acts.back().type == Action::Withdraw;
  }
  if (a.type == Action::Choose) return false;
  if (a.card >= b.ncards || a.theater >= kMaxTheaters || b.pos[a.theater] >= b.ntheaters ||
      b.order[b.pos[a.theater]] != a.theater)
    return false;
  const CardLoc& l = b.card[a.card];
  if (l.zone != Zone::Hand || l.owner != b.turn) return false;
  if (!fn_any_) return a.type == Action::Improvise || deploy_allowed(b, b.turn, a.card, a.theater);
  return may_play(s, b.turn, a.card, a.theater, a.type == Action::Deploy);
}

// ---------------------------------------------------------------------------------------------
// Changing the board. Every verb fires the trigger events of docs/modding.md, "Triggers" (resolve.cpp:
// fire); each event reaches the faceup cards with that trigger, and the card the event is about
// if it was faceup on the board just before.

void Engine::flush_headers(AbilityCtx& c) const {
  uint32_t pending = c.deferred;
  c.deferred = 0;
  for (; pending; pending &= pending - 1) {
    const AbilityCtx::Header& h = c.headers[__builtin_ctz(pending)];
    emit(&c, nullptr, Event{.type = Event::Ability, .card = h.card, .value = h.value, .what = h.what});
  }
}

void Engine::emit(AbilityCtx* c, EventLog* log, const Event& e) const {
  if (c && c->deferred) flush_headers(*c);  // a trigger's first change: its line first
  if (c) {
    if (c->in_run && ++c->emitted <= c->s->r.events) return;  // shown before the last decision
    log = c->log;
  }
  // (A kind with no line is fired, never emitted: Engine::covered, fire_moment.)
  if (!log || !((log->kept_types >> e.type) & 1) || event_kind(e.type).line == kNoLine) return;
  Event& out = log->events.emplace_back(e);
  if (!c || e.type == Event::Ability || e.type == Event::Interrupted) return;
  // What an ability does names it as the cause ("flipped faceup (by air_maneuver)").
  if (c->depth > 0 && out.cause == kNone) {
    uint8_t card = c->resolving[c->depth - 1].card;
    out.cause = card != kNone ? card : kRuleCause;  // a house rule's hook, or an effect it started
  }
  // Who knows the card the event is about, after it: the knowledge model decides what each seat
  // reads of the event (every op_* emits after its change).
  if (out.card != kNone && out.card < c->s->b.ncards) out.known = knowledge::knowers(c->s->b, out.card);
}


// (Inlined in op_play, its one caller: the hot path of every play.)
[[gnu::always_inline]] inline void Engine::place(Board& b, int player, int card, int theater, bool faceup) const {
  CardLoc& l = b.card[card];
  const bool from_hand = l.zone == Zone::Hand;
  l.zone = Zone::Board;
  l.owner = static_cast<uint8_t>(player);
  l.theater = static_cast<uint8_t>(theater);
  l.faceup = faceup;
  l.seq = b.seq_next++;  // covers what is there (RB "Covered Cards")
  b.reindex(card);
  knowledge::learn(b, player, card);
  if (faceup) knowledge::make_public(b, card);  // ruling 28
  // A card the other player knew in this hand, played facedown, is lost among the hand's cards.
  else if (from_hand) knowledge::forget(b, 1 - player, card);
}

// Where a card lies, as an event's `theater` or `from` says it: its theater on the board,
// kDeckPlace in the deck, kHandTheater in a hand (or held by an ability).
static uint8_t place_of(const CardLoc& l) {
  return l.zone == Zone::Board ? l.theater : l.zone == Zone::Deck ? kDeckPlace : kHandTheater;
}

// A card leaving the board loses its counters (API 3). Costs one test when none is set.
// Keeps the counters `keep` accepts, in order; the freed slots go back to zero.
template <typename Keep>
static void keep_counters(Board& b, Keep keep) {
  int k = 0;
  for (int i = 0; i < b.ncounters; ++i)
    if (keep(b.counters[i])) b.counters[k++] = b.counters[i];
  for (int i = k; i < b.ncounters; ++i) b.counters[i] = Counter{};
  b.ncounters = static_cast<uint8_t>(k);
}

static void clear_counters(Board& b, int card) {
  if (b.ncounters) keep_counters(b, [card](const Counter& c) { return c.target != card; });
}

static void to_deck_bottom(Board& b, int card) {
  clear_counters(b, card);
  CardLoc& l = b.card[card];
  l.zone = Zone::Deck;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;
  b.reindex(card);
}

// The top card of player p's stack in a theater, or kNone.
static int top_of(const Board& b, int player, int theater, int except = kNone) {
  int top = kNone;
  uint64_t m = b.in_stack(player, theater);
  if (except != kNone) m &= ~bit(except);
  for (; m; m &= m - 1) {
    int c = __builtin_ctzll(m);
    if (top == kNone || b.card[c].seq > b.card[top].seq) top = c;
  }
  return top;
}

// Rulings 19-20: Blockade and Containment replace a play by its destruction; so does any
// destroys_play function (API 2).
namespace {
// Engine::destroys_play_at's body, inlined into destroyed_on_play too (every play asks it).
template <typename EffectsOf>
[[gnu::always_inline]] inline int declared_destroyer(const CardSet& set_, const EffectsOf& effects_of, const State& s,
                                                     int player, int card, int theater, bool faceup) {
  const Board& b = s.b;
  for (uint64_t m = effects_of(Effect::DestroyPlays); m; m &= m - 1) {
    int e = __builtin_ctzll(m);
    const CardLoc& el = b.card[e];
    if (e == card || el.zone != Zone::Board || !el.faceup) continue;
    for (const Effect& f : set_.cards[e].effects) {
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
  return declared_destroyer(set_, [this](Effect::Type t) { return effects_of(t); }, s, player, card, theater, faceup);
}

int Engine::destroyed_on_play(const State& s, int card) const {
  const Board& b = s.b;
  const CardLoc& l = b.card[card];
  if (int e = declared_destroyer(set_, [this](Effect::Type t) { return effects_of(t); }, s, l.owner, card, l.theater, l.faceup);
      e >= 0)
    return e;
  if (fn_used(Fn::DestroysPlay)) {
    int args[4] = {card, l.owner, l.theater, l.faceup};
    uint8_t hs[kMaxCards];
    int n = holders(b, fn_cards_[static_cast<int>(Fn::DestroysPlay)], hs);
    for (int i = 0; i < n; ++i)
      if (scripts_->ongoing(s, hs[i], Fn::DestroysPlay, args, 0)) return hs[i];
    if (lasting_fn_[static_cast<int>(Fn::DestroysPlay)])
      for (int i = 0; i < b.nlasting; ++i) {
        const Lasting& e = b.lasting[i];
        if (((set_.lasting[e.effect].fns >> static_cast<int>(Fn::DestroysPlay)) & 1) &&
            scripts_->lasting(s, i, Fn::DestroysPlay, args, 0))
          return e.card == kNone ? kRuleCause : e.card;
      }
  }
  return -1;
}

bool Engine::op_play(AbilityCtx& c, int player, int card, int theater, bool faceup) const {
  Board& b = c.s->b;
  b.anywhere_next_play[player] = 0;  // ruling 21: the next play uses Air Drop's permission up
  int below = fires(What::Covered) ? top_of(b, player, theater) : kNone;
  place(b, player, card, theater, faceup);
  const Event played{.type = faceup ? Event::Deploy : Event::Improvise, .player = static_cast<uint8_t>(player),
                     .card = static_cast<uint8_t>(card), .theater = static_cast<uint8_t>(theater), .faceup = faceup};
  emit(&c, nullptr, played);
  if (int by = destroyed_on_play(*c.s, card); by >= 0) {  // ruling 18: no ability, no triggers of the play
    to_deck_bottom(b, card);
    record(&c, b, Event{.type = Event::Destroy, .player = static_cast<uint8_t>(player), .card = static_cast<uint8_t>(card),
                        .theater = static_cast<uint8_t>(theater), .from = static_cast<uint8_t>(theater),
                        .by = static_cast<uint8_t>(by)});
    return false;
  }
  // A played card's own instant ability is due before the triggers its play fires.
  if (faceup && set_.cards[card].has_ability && set_.cards[card].kind == Kind::Instant)
    due(&c, b, Due{.card = static_cast<uint8_t>(card)});
  fire(&c, b, played);
  if (below != kNone) covered(c, b, below, card);
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

bool Engine::may_move(const State& s, int card, int theater) const {
  if (!fn_used(Fn::MayMove)) return true;
  int args[2] = {card, theater};
  return apply_fns(s, Fn::MayMove, args, 1) != 0;
}

bool Engine::op_flip(AbilityCtx& c, int card) const {
  if (!may_flip(*c.s, card)) return false;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  bool was = l.faceup;
  uint64_t key = board_key(b, card);
  l.faceup = !l.faceup;
  if (l.faceup) knowledge::make_public(b, card);
  const Event flip{.type = Event::Flip, .player = l.owner, .card = static_cast<uint8_t>(card), .theater = l.theater,
                   .faceup = l.faceup};
  emit(&c, nullptr, flip);
  // ruling 11: a revealed instant takes effect
  if (l.faceup && set_.cards[card].has_ability && set_.cards[card].kind == Kind::Instant)
    due(&c, b, Due{.card = static_cast<uint8_t>(card)});
  fire(&c, b, flip, Before{was, key});
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

bool Engine::op_move(AbilityCtx& c, int card, int theater) const {
  if (!may_move(*c.s, card, theater)) return false;
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  uint8_t from = l.theater;
  uint64_t key = board_key(b, card);
  int freed = uncovered_by_leaving(b, card), below = fires(What::Covered) ? top_of(b, l.owner, theater) : kNone;
  l.theater = static_cast<uint8_t>(theater);
  l.seq = b.seq_next++;  // RB "Move": on top of the cards there; not a play (ruling 25)
  b.reindex(card);
  record(&c, b,
         Event{.type = Event::Move, .player = l.owner, .card = static_cast<uint8_t>(card),
               .theater = static_cast<uint8_t>(theater), .from = from, .faceup = l.faceup},
         Before{l.faceup != 0, key});
  if (freed != kNone) uncovered(c, b, freed);
  if (below != kNone) covered(c, b, below, card);
  return true;
}

void Engine::op_destroy(AbilityCtx& c, int card) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  bool from_hand = l.zone == Zone::Hand;
  uint8_t owner = l.owner, theater = place_of(l);
  bool was = !from_hand && l.faceup;
  uint64_t key = from_hand ? 0 : board_key(b, card);
  int freed = from_hand ? kNone : uncovered_by_leaving(b, card);
  to_deck_bottom(b, card);  // ruling 18
  record(&c, b,
         Event{.type = Event::Destroy, .player = owner, .card = static_cast<uint8_t>(card),
               .theater = from_hand ? static_cast<uint8_t>(kNone) : theater, .from = theater},
         Before{was, key});
  if (freed != kNone) uncovered(c, b, freed);
}

void Engine::op_return(AbilityCtx& c, int card) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  uint8_t from = l.theater;
  bool was = l.faceup;
  uint64_t key = board_key(b, card);
  int freed = uncovered_by_leaving(b, card);
  clear_counters(b, card);
  l.zone = Zone::Hand;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;  // ruling 26: to the end of the hand
  b.reindex(card);
  record(&c, b, Event{.type = Event::Return, .player = l.owner, .card = static_cast<uint8_t>(card), .from = from},
         Before{was, key});
  if (freed != kNone) uncovered(c, b, freed);
}

void Engine::op_to_deck(AbilityCtx& c, int card, bool top) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  const bool from_board = l.zone == Zone::Board, from_deck = l.zone == Zone::Deck;
  const uint8_t owner = from_deck ? kNone : l.owner;  // a deck card has no owner
  const uint8_t from = place_of(l);
  int freed = from_board ? uncovered_by_leaving(b, card) : kNone;
  if (from_board) clear_counters(b, card);
  l.zone = Zone::Deck;
  l.faceup = 0;
  l.theater = kNone;
  l.seq = top ? --b.seq_top : b.seq_next++;
  b.reindex(card);
  record(&c, b, Event{.type = Event::ToDeck, .player = owner, .card = static_cast<uint8_t>(card), .from = from,
                      .value = top});
  if (freed != kNone) uncovered(c, b, freed);
}

int Engine::op_draw(AbilityCtx& c, int player) const {
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
  emit(&c, nullptr, Event{.type = Event::Draw, .player = static_cast<uint8_t>(player),
                          .card = static_cast<uint8_t>(top)});
  return top;
}

int Engine::op_look(AbilityCtx& c, int player, int n, uint8_t* out) const {
  Board& b = c.s->b;
  int k = std::min(zone(*c.s, Zone::Deck, 0, out), std::max(n, 0));
  for (int i = 0; i < k; ++i) {
    knowledge::learn(b, player, out[i]);
    c.looked[player] |= bit(out[i]);
    emit(&c, nullptr, Event{.type = Event::Look, .player = static_cast<uint8_t>(player),
                            .card = out[i], .value = i + 1});
  }
  return k;
}

void Engine::op_gain_vp(AbilityCtx& c, int player, int vp) const {
  Board& b = c.s->b;
  b.score[player] = std::min(b.score[player] + vp, 4 * kMaxVp);  // the game ends when a battle does
  emit(&c, nullptr, Event{.type = Event::Vp, .player = static_cast<uint8_t>(player), .value = vp,
                          .score = {b.score[0], b.score[1]}});
}

void Engine::op_allow_anywhere(AbilityCtx& c, int player, bool whole_turn) const {
  if (c.deferred) flush_headers(c);  // a change with no line of its own: the ability's line shows it
  Board& b = c.s->b;
  if (whole_turn) b.anywhere_turn[player] = 1;
  else b.anywhere_next_play[player] = 1;
}

void Engine::op_extra_turn(AbilityCtx& c, int player) const {
  if (c.deferred) flush_headers(c);
  Board& b = c.s->b;
  b.extra_turns[player] = static_cast<uint8_t>(std::min(b.extra_turns[player] + 1, 255));
}

void Engine::op_add_tokens(AbilityCtx& c, int player, int theater, int n) const {
  int16_t& v = c.s->b.tokens[player][theater];
  if (n < -kMaxTokens || n > kMaxTokens || v + n < 0 || v + n > kMaxTokens)
    throw ScriptError("tokens must stay between 0 and " + std::to_string(kMaxTokens));
  v = static_cast<int16_t>(v + n);
  emit(&c, nullptr, Event{.type = Event::Tokens, .player = static_cast<uint8_t>(player),
                          .theater = static_cast<uint8_t>(theater), .value = n});
}

void Engine::op_reveal(AbilityCtx& c, int card, int to) const {
  Board& b = c.s->b;
  uint8_t shown = 0;
  for (int p = 0; p < 2; ++p)
    if (((to >> p) & 1) && !knowledge::knows(b, p, card)) {
      knowledge::learn(b, p, card);
      shown = static_cast<uint8_t>(shown | 1 << p);
    }
  if (!shown) return;  // (each of them knew it: nothing happens)
  const CardLoc& l = b.card[card];
  record(&c, b,
         Event{.type = Event::Reveal, .player = l.zone == Zone::Deck ? static_cast<uint8_t>(kNone) : l.owner,
               .card = static_cast<uint8_t>(card), .theater = place_of(l), .shown_to = shown});
}

bool Engine::op_to_hand(AbilityCtx& c, int card, int player) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  if (l.zone == Zone::Hand && l.owner == player) return false;
  const bool from_board = l.zone == Zone::Board, from_deck = l.zone == Zone::Deck;
  const uint8_t from = place_of(l);
  const uint8_t old_owner = from_deck ? static_cast<uint8_t>(kNone) : l.owner;
  const bool was = from_board && l.faceup;
  const uint64_t key = from_board ? board_key(b, card) : 0;
  const int freed = from_board ? uncovered_by_leaving(b, card) : kNone;
  if (from_board) clear_counters(b, card);
  l.zone = Zone::Hand;  // to the end of p's hand, facedown (as return_to_hand; ruling 26)
  l.owner = static_cast<uint8_t>(player);
  l.faceup = 0;
  l.theater = kNone;
  l.seq = b.seq_next++;
  b.reindex(card);
  knowledge::learn(b, player, card);  // (the player it was taken from keeps knowing it)
  record(&c, b,
         Event{.type = Event::ToHand, .player = static_cast<uint8_t>(player), .card = static_cast<uint8_t>(card),
               .from = from, .from_player = old_owner},
         Before{was, key});
  if (freed != kNone) uncovered(c, b, freed);
  return true;
}

void Engine::op_log(AbilityCtx& c, const std::string& text) const {
  Event e{.type = Event::Log};
  e.text = text;
  emit(&c, nullptr, std::move(e));
}

// ---------------------------------------------------------------------------------------------
// API 3: counters, change of side, dealing, lasting effects (docs/modding.md, "Card script API 3")

std::vector<std::pair<std::string, int>> Engine::counters_of(const State& s, int target) const {
  std::vector<std::pair<std::string, int>> out;
  for (int i = 0; i < s.b.ncounters; ++i)
    if (s.b.counters[i].target == target) out.emplace_back(name(s.b, s.b.counters[i].name), s.b.counters[i].value);
  return out;
}

void Engine::set_counter(State& s, int target, int name, int value) const {
  Board& b = s.b;
  if (value < -kCounterLimit || value > kCounterLimit)
    throw ScriptError("a counter stays within -" + std::to_string(kCounterLimit) + ".." + std::to_string(kCounterLimit) +
                      " (" + this->name(s.b, name) + " would be " + std::to_string(value) + ")");
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

void Engine::op_set_counter(AbilityCtx& c, int target, int name, int value) const {
  int before = counter(*c.s, target, name);
  set_counter(*c.s, target, name, value);
  if (value == before) return;
  bool player = target >= kCounterPlayer;
  emit(&c, nullptr, Event{.type = Event::Counter,
                          .player = static_cast<uint8_t>(player ? target - kCounterPlayer : c.s->b.card[target].owner),
                          .card = static_cast<uint8_t>(player ? kNone : target), .value = value, .vp = before,
                          .option = static_cast<uint16_t>(name), .text = this->name(c.s->b, name)});
}

bool Engine::op_give(AbilityCtx& c, int card, int player) const {
  Board& b = c.s->b;
  CardLoc& l = b.card[card];
  if (l.owner == player) return false;
  uint8_t from = l.owner, theater = l.theater;
  int freed = uncovered_by_leaving(b, card), below = fires(What::Covered) ? top_of(b, player, theater) : kNone;
  l.owner = static_cast<uint8_t>(player);
  l.seq = b.seq_next++;  // on top of the new owner's stack
  b.reindex(card);
  knowledge::learn(b, player, card);  // a player knows their own cards (ruling 28)
  record(&c, b,
         Event{.type = Event::Give, .player = static_cast<uint8_t>(player), .card = static_cast<uint8_t>(card),
               .theater = theater, .from_player = from, .faceup = l.faceup});
  if (freed != kNone) uncovered(c, b, freed);
  if (below != kNone) covered(c, b, below, card);
  return true;
}

int Engine::op_deal(AbilityCtx& c, int player, int n, uint8_t* out) const {
  Board& b = c.s->b;
  int k = std::min(zone(*c.s, Zone::Deck, 0, out), std::max(n, 0));
  for (int i = 0; i < k; ++i) {
    CardLoc& l = b.card[out[i]];
    l.zone = Zone::Hand;
    l.owner = static_cast<uint8_t>(player);
    l.seq = b.seq_next++;  // to the end of the hand
    b.reindex(out[i]);
    knowledge::learn(b, player, out[i]);
    emit(&c, nullptr, Event{.type = Event::Deal, .player = static_cast<uint8_t>(player), .card = out[i]});
  }
  return k;
}

void Engine::op_effect(AbilityCtx& c, Lasting e, Until until, int turns) const {
  start_lasting(c.s->b, e, until, turns);
  emit(&c, nullptr, Event{.type = Event::EffectStart, .card = e.card, .value = e.effect,
                          .vp = until == Until::NextTurnEnd ? 1 : until == Until::Turns ? turns : 0,
                          .option = static_cast<uint16_t>(until)});
}

void Engine::order_effect_data(const BoardCore& b, Lasting& e) const {
  for (int i = 1; i < e.nfields; ++i)  // insertion: at most kMaxEffectData fields
    for (int j = i; j > 0 && name(b, e.key[j - 1]) > name(b, e.key[j]); --j) {
      std::swap(e.key[j - 1], e.key[j]);
      std::swap(e.type[j - 1], e.type[j]);
      std::swap(e.value[j - 1], e.value[j]);
    }
}

void Engine::start_lasting(Board& b, Lasting& e, Until until, int turns) const {
  const LastingDef& d = set_.lasting[e.effect];
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
    if (ends_now(e, b, m)) {
      emit(nullptr, f.log, Event{.type = Event::EffectEnd, .card = e.card, .value = e.effect});
      continue;
    }
    b.lasting[k++] = e;
  }
  for (int i = k; i < b.nlasting; ++i) b.lasting[i] = Lasting{};
  b.nlasting = static_cast<uint8_t>(k);
}

// ---------------------------------------------------------------------------------------------
// Battles and games

void Engine::battle_started(Board& b, EventLog* log) const {
  if (log && ((log->kept_types >> Event::BattleStart) & 1)) {
    Event e{.type = Event::BattleStart, .player = b.first, .value = static_cast<int>(b.battle)};
    for (int i = 0; i < b.ntheaters; ++i) e.text += (i ? " " : "") + rules_.theaters[b.order[i]];
    emit(nullptr, log, e);
  }
  if (sets_off_[Event::Dealing].any) fire_moment(b, Event::Dealing, b.first);  // the deal hook (API 4), first
  if (sets_off_[Event::BattleStart].any) fire_moment(b, Event::BattleStart, b.first);  // the battle_start hook
}

void Engine::start_battle(Board& b, bool first_battle) const {
  if (first_battle) {
    for (int i = 0; i < b.ntheaters; ++i) b.order[i] = static_cast<uint8_t>(i);
    if (rules_.random_theater_order) b.game_rng().shuffle(b.order, b.ntheaters);  // ruling 2
    b.first = static_cast<uint8_t>(b.game_rng().below(2));
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
  b.game_rng().shuffle(deck, b.ncards);
  b.seq_next = 1;
  b.seq_top = 0;
  knowledge::forget_all(b);
  int dealt = 0;
  const int to_deal = rules_.has(Hook::Deal) ? 0 : 2 * rules_.hand_size;  // a deal hook deals instead (API 4)
  for (int i = 0; i < b.ncards; ++i) {
    CardLoc& l = b.card[deck[i]];
    l.faceup = 0;
    l.theater = kNone;
    l.seq = b.seq_next++;
    if (dealt < to_deal) {  // alternately, the 1st player first
      l.zone = Zone::Hand;
      l.owner = static_cast<uint8_t>(dealt % 2 == 0 ? b.first : other(b.first));
      knowledge::learn(b, l.owner, deck[i]);
      ++dealt;
    } else {
      l.zone = Zone::Deck;
      l.owner = 0;
    }
  }
  b.reindex();
  std::memset(b.anywhere_next_play, 0, sizeof b.anywhere_next_play);
  std::memset(b.anywhere_turn, 0, sizeof b.anywhere_turn);
  std::memset(b.extra_turns, 0, sizeof b.extra_turns);
  b.resume = kNone;
  std::memset(b.tokens, 0, sizeof b.tokens);
  // A new battle: no card is on the board, so no card keeps a counter; players' counters last.
  // (Lasting effects have ended already: score_battle ends all but those lasting to the game's
  // end, with their log lines.)
  keep_counters(b, [](const Counter& c) { return c.target >= kCounterPlayer; });
  b.end_reason = 0;
  b.battle_from = b.turns;
  for (int i = 0; i < b.qlen; ++i) b.queue[i] = Due{};  // unused slots stay at their default
  b.qlen = 0;
  b.turn = b.first;
  b.step = Step::BattleStarting;
}

void Engine::make_blank() {
  blank_ = std::make_unique<State>();
  Board& b = blank_->b;
  b.ncards = static_cast<uint8_t>(set_.cards.size());
  b.ntheaters = static_cast<uint8_t>(rules_.theaters.size());
  for (int i = 0; i < b.ntheaters; ++i) b.order[i] = b.pos[i] = static_cast<uint8_t>(i);
  for (int c = 0; c < b.ncards; ++c) b.card[c] = CardLoc{Zone::Deck, 0, kNone, 0, b.seq_next++};
  b.reindex();
}

State Engine::blank() const { return *blank_; }

State Engine::new_game(uint64_t seed, EventLog* log, uint32_t names) const {
  State s = blank();
  new_game(s, seed, log, names);
  return s;
}

void Engine::new_game(State& s, uint64_t seed, EventLog* log, uint32_t names) const {
  copy_state(s, *blank_);  // the lists of a blank state are empty: a copy of its fixed parts
  s.b.names = names;
  s.b.game_rng().seed(seed);
  start_battle(s.b, true);
  battle_started(s.b, log);
  Flow f;
  f.log = log;
  ActionScope scope(*scripts_);
  advance(s, f);  // battle_start and the first turn_start abilities
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

std::vector<std::string> Engine::option_texts(const BoardCore& b, const Decision& d) const {
  std::vector<std::string> out;
  if (d.kind != DecisionKind::Option || !d.texts) return out;
  const std::string joined = name(b, d.texts);
  for (size_t from = 0;;) {
    const size_t end = joined.find('\n', from);
    out.push_back(joined.substr(from, end - from));
    if (end == std::string::npos) return out;
    from = end + 1;
  }
}

int Engine::options(const Decision& d, uint16_t* out) const {
  // The set bits, decoded, each with a key giving the order of the texts (compute_sort_keys);
  // then an insertion sort: decisions have a handful of options.
  int keys[kMaxOptions];
  int n = 0;
  for (int w = 0; w < kOptionWords; ++w)
    for (uint64_t m = d.opts[w]; m; m &= m - 1) {
      int bit = w * 64 + __builtin_ctzll(m);
      uint16_t o;
      int k;
      if (bit == kNoneBit) {
        o = kNone;
        k = d.kind == DecisionKind::Theater ? theater_none_key_ : d.kind == DecisionKind::Option ? kNoneBit : card_none_key_;
      } else if (d.kind == DecisionKind::Play) {  // "deploy ID T" < "improvise ID T"; then by id, then by theater
        PlayOption po = PlayOption::from_bit(bit);
        o = po.code();
        k = ((po.facedown ? 1 : 0) << 24) | (card_key_[po.card] << 12) | theater_key_[po.theater];
      } else if (d.kind == DecisionKind::Option) {  // the script's order, "none" last
        o = static_cast<uint16_t>(bit);
        k = bit;
      } else {
        o = static_cast<uint16_t>(bit);
        k = d.kind == DecisionKind::Theater ? theater_key_[bit] : card_key_[bit];
      }
      int j = n++;
      for (; j > 0 && keys[j - 1] > k; --j) keys[j] = keys[j - 1], out[j] = out[j - 1];
      keys[j] = k;
      out[j] = o;
    }
  return n;
}


namespace {
// The digest's codes of the state's enumerations: fixed numbers, never an enumerator's position,
// so that adding or reordering enumerators leaves every recorded digest valid. A new enumerator
// takes a new code; changing a code changes kDigestVersion (records of another version replay
// without their digests checked).
uint8_t digest_code(Zone z) {
  switch (z) {
    case Zone::Deck: return 0;
    case Zone::Hand: return 1;
    case Zone::Board: return 2;
    case Zone::Held: return 3;
    case Zone::Out: return 4;
  }
  return 255;
}
uint8_t digest_code(Phase p) { return p == Phase::Over ? 1 : 0; }
uint8_t digest_code(Step s) {
  switch (s) {
    case Step::Action: return 0;
    case Step::AfterAction: return 1;
    case Step::TurnEnded: return 2;
    case Step::TurnStarting: return 3;
    case Step::BattleDecided: return 4;
    case Step::BattleStarting: return 5;
  }
  return 255;
}
uint8_t digest_code(DecisionKind k) {
  switch (k) {
    case DecisionKind::Turn: return 0;
    case DecisionKind::Card: return 1;
    case DecisionKind::Theater: return 2;
    case DecisionKind::Play: return 3;
    case DecisionKind::Option: return 4;  // API 4
  }
  return 255;
}
uint8_t digest_code(DataType t) {
  switch (t) {
    case DataType::Int: return 0;
    case DataType::Bool: return 1;
    case DataType::Card: return 2;
    case DataType::Theater: return 3;
  }
  return 255;
}
uint8_t digest_code(Until u) {
  switch (u) {
    case Until::TurnEnd: return 0;
    case Until::NextTurnEnd: return 1;
    case Until::BattleEnd: return 2;
    case Until::OwnNextTurnStart: return 3;  // API 4
    case Until::OwnNextTurnEnd: return 4;
    case Until::Turns: return 5;
    case Until::GameEnd: return 6;
  }
  return 255;
}
uint8_t digest_code(What w) {
  if (is_trigger(w)) return trigger_event(w).code;
  switch (w) {
    case What::HookBattleStart: return 12;
    case What::HookTurnStart: return 13;
    case What::HookTurnEnd: return 14;
    case What::HookDeal: return 16;
    default: return 0;  // What::Instant
  }
}

// Appends plain values to a byte buffer, so that a digest never reads padding. Enumerations go
// in by their fixed codes (digest_code).
struct Bytes {
  std::vector<uint8_t> v;
  template <typename T>
  void put(const T& x) {
    if constexpr (std::is_enum_v<T>) {
      const uint8_t c = digest_code(x);
      v.push_back(c);
    } else {
      static_assert(std::is_integral_v<T>);
      const auto* p = reinterpret_cast<const uint8_t*>(&x);
      v.insert(v.end(), p, p + sizeof x);
    }
  }
  // A due as digest version 1 lays it out: the event's theater, `from` and `from_player` share
  // one byte (a trigger's row has at most one of them, beside `to`), face and how another.
  void due(const Due& d) {
    const EventFacts& e = d.event;
    const uint16_t f = is_trigger(d.what) ? trigger_event(d.what).fields : 0;
    const uint8_t place = f & kFieldTheater ? e.theater : f & kFieldFrom ? e.from : f & kFieldFromPlayer ? e.from_player : kNone;
    const uint8_t to = f & kFieldTo ? e.theater : kNone,
                  face = static_cast<uint8_t>(e.faceup | e.withdrew | e.shown_to << 2);  // (shown_to: API 4)
    put(d.card), put(d.what), put(e.card), put(e.player), put(place), put(to), put(e.by), put(face);
    put(e.cause), put(d.effect);
  }
  // A turn or battle count as version 1 laid it out (16 bits) while it fits: kUntilBattleEnd as 0xffff,
  // a count from 0xfffe on as 0xfffe and its 32 bits (counters were 16 bits wide until issue 36).
  void turn(uint32_t t) {
    if (t == kUntilBattleEnd) return put(uint16_t{0xffff});
    put(static_cast<uint16_t>(std::min<uint32_t>(t, 0xfffe)));
    if (t >= 0xfffe) put(t);
  }
  void text(const std::string& s) {
    put(static_cast<uint32_t>(s.size()));
    v.insert(v.end(), s.begin(), s.end());
  }
  // A board; `queue`: its abilities due (a snapshot's are the first qlen of the board's).
  // `lasting`: its lasting effects (a snapshot's are the first nlasting of the board's).
  void board(const BoardCore& b, const Due* queue, const Lasting* lasting) {
    put(b.ncards);
    put(b.ntheaters);
    for (int c = 0; c < b.ncards; ++c) {
      const CardLoc& l = b.card[c];
      put(l.zone), put(l.owner), put(l.theater), put(l.faceup), put(l.seq);
    }
    for (int i = 0; i < b.ntheaters; ++i) put(b.order[i]);
    put(b.first), put(b.turn), put(b.phase), put(b.winner), turn(b.battle);
    put(b.score[0]), put(b.score[1]), put(b.seq_top), put(b.seq_next), put(b.known[0]), put(b.known[1]);
    for (int p = 0; p < 2; ++p) {
      put(b.anywhere_next_play[p]), put(b.anywhere_turn[p]), put(b.extra_turns[p]);
      for (int t = 0; t < kMaxTheaters; ++t) put(b.tokens[p][t]);
    }
    put(b.resume), put(b.qlen), put(b.step), put(b.end_winner), put(b.end_withdrew), put(b.end_cards_left);
    for (int i = 0; i < b.qlen; ++i) due(queue[i]);
    turn(b.last.number), put(b.last.winner), put(b.last.withdrew), put(b.last.vp);
    // API 3: names by their text (numbers are per engine)
    text(eng.name(b, b.last.reason)), text(eng.name(b, b.end_reason));
    turn(b.turns), put(b.ncounters), put(b.nlasting), put(b.next_uid);
    for (int i = 0; i < b.ncounters; ++i) put(b.counters[i].target), text(eng.name(b, b.counters[i].name)), put(b.counters[i].value);
    // API 4's parts (a set of API 4, or an effect with an API 4 moment): version 1's bytes are
    // unchanged for the games of API 1 to 3, whose records keep checking their digests.
    const bool api4 = eng.set().api >= 4;
    for (int i = 0; i < b.nlasting; ++i) {
      const Lasting& e = lasting[i];
      put(e.card), put(e.effect), put(e.uid), turn(e.ends), put(e.nfields);
      for (int k = 0; k < e.nfields; ++k) put(e.type[k]), text(eng.name(b, e.key[k])), put(e.value[k]);
      if (api4 || e.until > Until::BattleEnd) put(e.until), put(e.player), turn(e.started), turn(e.started_turn);
    }
    if (api4) turn(b.battle_from);
    for (int i = 0; i < 4; ++i) put(b.rng_state().word(i));
  }
  const Engine& eng;
};
}  // namespace

uint64_t Engine::digest(const State& s) const {
  Bytes out{{}, *this};
  out.board(s.b, s.b.queue, s.b.lasting);
  if (set_.api >= 4) {  // API 4: the battles decided and a game_over hook's reason
    out.put(s.b.nhistory);
    for (int i = 0; i < s.b.nhistory; ++i) {
      const BattleRecord& h = s.b.history[i];
      out.turn(h.number), out.put(h.winner), out.put(h.first), out.put(h.withdrew), out.put(h.vp);
      out.put(h.scores[0]), out.put(h.scores[1]), out.text(name(s.b, h.reason));
    }
    out.text(name(s.b, s.b.game_reason));
  } else if (s.b.game_reason) {
    out.text(name(s.b, s.b.game_reason));
  }
  out.put(s.r.active);
  if (s.r.active) {
    out.due(s.r.due);
    out.put(s.r.nanswers);
    for (int i = 0; i < s.r.nanswers; ++i) out.put(s.r.answers[i]);
    const Decision& d = s.r.pending;
    uint16_t opt[kMaxOptions];
    int n = options(d, opt);
    out.put(d.player), out.put(d.kind), out.put(d.card), out.put(d.about), out.put(d.n);
    out.text(name(s.b, d.prompt));
    for (int i = 0; i < n; ++i) out.put(opt[i]);
    if (d.kind == DecisionKind::Option) out.text(name(s.b, d.texts));  // API 4 (other kinds keep version 1's bytes)
    out.board(s.r.snapshot, s.b.queue, s.b.lasting);
  }
  return XXH64(out.v.data(), out.v.size(), 0);
}


}  // namespace als
