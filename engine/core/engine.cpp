// The rules of Air, Land & Sea: the board, strength and control, legal actions, battles and new
// games (Revised Edition rulebook, "RB"; ruling numbers as in docs/rulings.md). Hot path: legal,
// strength and control call no script unless a card of the set has an ongoing function (API 2).
// What each verb does: verbs.cpp. Abilities due, triggers, hooks and the turn sequence:
// resolve.cpp. The digest: digest.cpp.
#include "board_ops.h"
#include "engine.h"
#include "knowledge.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace als {

using namespace board_ops;

namespace {
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
    d.type_theater = text().theater_id(d.type);
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
    if (d.copies) copier_cards_ |= b;
    if (d.own_may_play) own_may_play_cards_ |= b;
    for (int k = 0; k < static_cast<int>(Instead::Count); ++k)
      if ((d.instead >> k) & 1) instead_cards_[k] |= b;
    instead_any_ |= d.instead;
    for (int ev = 0; ev < kTriggerEvents; ++ev)
      if ((d.hand_triggers >> ev) & 1) hand_trigger_cards_[ev] |= b, hand_triggers_any_ = true;
  }
  // A copier (API 5) holds every function and trigger some card of the set has: which of them
  // acts is the copied card's business, asked when it would run (Scripts::copied).
  if (copier_cards_) {
    for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
      if (fn_cards_[i]) fn_cards_[i] |= copier_cards_, fn_cards_any_ |= copier_cards_;
    for (int ev = 0; ev < kTriggerEvents; ++ev)
      if (trigger_cards_[ev]) trigger_cards_[ev] |= copier_cards_;
  }
  if (set_.lasting.size() > 255) bad("at most 255 lasting effects");
  for (const LastingDef& d : set_.lasting) {
    for (int i = 0; i < static_cast<int>(Fn::Count); ++i)
      if ((d.fns >> i) & 1) lasting_fn_[i] = true;
    for (int ev = 0; ev < kTriggerEvents; ++ev)
      if ((d.triggers >> ev) & 1) lasting_trigger_[ev] = true;
    lasting_instead_ |= d.instead;
  }
  instead_any_ |= lasting_instead_;
  instead_any_ |= rules_.instead;
  for (int i = 0; i < static_cast<int>(Fn::Count); ++i) {
    fn_used_[i] = fn_cards_[i] != 0 || lasting_fn_[i] || (i == static_cast<int>(Fn::MayPlay) && own_may_play_cards_);
    fn_any_ = fn_any_ || fn_used_[i];
  }
  // Lasting effects come and go with g:effect: a set that has them is scripted throughout.
  slow_legal_ = fn_any_ || rules_.has(Hook::TurnActions);
  scripted_ = fn_any_ || rules_.hooks != 0 || !set_.lasting.empty() || copier_cards_ != 0;
  for (int ev = 0; ev < kTriggerEvents; ++ev) {
    fires_[ev] = trigger_cards_[ev] != 0 || lasting_trigger_[ev] || hand_trigger_cards_[ev] != 0 || ((rules_.triggers >> ev) & 1);
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
      if (!((set_.lasting[l.effect].fns >> static_cast<int>(fn)) & 1) || s.b.lasting_ended(i)) continue;
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
  const int n = holders(b, effects_of(Effect::StrengthBonus) | copier_cards_, hs);
  for (int i = 0; i < n; ++i) {
    const CardLoc& el = b.card[hs[i]];
    if (el.owner != player) continue;
    const int from = copied(s, hs[i]);  // a copier's: the copied card's (API 5)
    if (from == kNone) continue;
    for (const Effect& f : set_.cards[from].effects)
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
  each_effect_in_play(s, kStrengthEffects, [&](const CardLoc& el, const Effect& f) {
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
  each_effect_in_play(s, 1u << Effect::StrengthBonus, [&](const CardLoc& el, const Effect& f) {
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
void Engine::totals(const State& s, int out[2][kMaxTheaters], int* strengths) const {
  if (strengths) [[unlikely]] totals_of<true>(s, out, strengths);  // (a projection's: each card's strength too)
  else totals_of<false>(s, out, nullptr);
}

template <bool kStrengths>
void Engine::totals_of(const State& s, int out[2][kMaxTheaters], int* strengths) const {
  const Board& b = s.b;
  if (fn_used(Fn::Strength) || fn_used(Fn::Total)) {  // functions see one card or one total at a time
    for (int i = 0; i < b.ntheaters; ++i)
      for (int p = 0; p < 2; ++p) out[p][b.order[i]] = strength(s, p, b.order[i]);
    if constexpr (kStrengths)
      for (uint64_t m = b.in_zone(Zone::Board); m; m &= m - 1) strengths[__builtin_ctzll(m)] = card_strength(s, __builtin_ctzll(m));
    return;
  }
  for (int i = 0; i < b.ntheaters; ++i)
    for (int p = 0; p < 2; ++p) out[p][b.order[i]] = b.tokens[p][b.order[i]];
  each_effect_in_play(s, 1u << Effect::StrengthBonus, [&](const CardLoc& el, const Effect& f) {  // ruling 9
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
  each_effect_in_play(s, kStrengthEffects, [&](const CardLoc& el, const Effect& f) {
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
    if constexpr (kStrengths) strengths[c] = value;
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
// `copying`: the copiers' effects too (API 5), for a set that has some.
template <bool copying>
int Engine::reach_of(const State& s, int player) const {
  const Board& b = s.b;
  if (b.anywhere_next_play[player] || b.anywhere_turn[player] == 2) return INT_MAX;
  int reach = -1;
  auto take = [&](const CardLoc& el, const Effect& f) {
    if (el.owner == player) reach = std::max(reach, f.amount);
  };
  if constexpr (copying) each_effect_in_play(s, 1u << Effect::PlayAnywhere, take);
  else each_declared_effect(b, 1u << Effect::PlayAnywhere, take);
  return reach;
}

int Engine::deploy_reach(const State& s, int player) const {
  if (copier_cards_) [[unlikely]]
    return deploy_reach_copying(s, player);  // (a tail call: the hot path keeps no frame)
  return reach_of<false>(s, player);
}

// deploy_reach with copiers in the set (API 5): a copier permits as the card it copies.
[[gnu::noinline]] int Engine::deploy_reach_copying(const State& s, int player) const { return reach_of<true>(s, player); }

bool Engine::deploy_allowed(const State& s, int player, int card, int theater) const {
  return theater_type_[card] == theater || set_.cards[card].strength <= deploy_reach(s, player);
}

bool Engine::may_play(const State& s, int player, int card, int theater, bool faceup) const {
  bool allowed = !faceup || deploy_allowed(s, player, card, theater);
  if (fn_used(Fn::MayPlay)) {
    int args[4] = {player, card, theater, faceup};
    // The card's own terms first (API 6), then the board's functions and the effects narrow them.
    if ((own_may_play_cards_ >> card) & 1) [[unlikely]] {
      allowed = scripts_->own_may_play(s, card, args, allowed) != 0;
    }
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
  int reach = deploy_reach(s, player);
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
  if (b.phase == Phase::Over || s.r.active || slow_legal_) out.clear();
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
  if (slow_legal_) {  // API 2: every play asks the may_play functions (API 5: and turn actions are added)
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
    if (rules_.has(Hook::TurnActions)) [[unlikely]] add_turn_actions(s, out);
    if (out.empty() || may_withdraw(s, p)) out.push_back(Action{Action::Withdraw, kNone, kNone, kNone});
    return;
  }
  // The hot path: the hand from the location index, each card's plays, then one copy into `out`.
  const uint64_t hand = b.in_hand(p);
  // Written into raw storage (nothing constructed twice), then copied into `out` in one go.
  alignas(Action) unsigned char raw[(2 * kMaxCards * kMaxTheaters + 1) * sizeof(Action)];
  Action* const first = reinterpret_cast<Action*>(raw);
  Action* o = first;  // Actions are implicit-lifetime: the bytes hold them once written
  int reach = deploy_reach(s, p);
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

[[gnu::noinline]] void Engine::add_turn_actions(const State& s, std::vector<Action>& out) const {
  for (int k = 0, n = turn_actions(s, nullptr); k < n; ++k) out.push_back(Action{Action::Rule, kNone, kNone, static_cast<uint16_t>(k)});
}

[[gnu::noinline]] bool Engine::turn_action_legal(const State& s, const Action& a) const {
  return a.option < turn_actions(s, nullptr);
}

int Engine::turn_actions(const State& s, std::string* texts) const {
  if (!rules_.has(Hook::TurnActions) || s.b.phase == Phase::Over || s.r.active) return 0;
  std::string scratch[kMaxTurnActions];
  return scripts_->turn_actions(s, s.b.turn, texts ? texts : scratch);
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
  if (a.type >= Action::Choose) [[unlikely]] return a.type == Action::Rule && turn_action_legal(s, a);
  if (a.card >= b.ncards || a.theater >= kMaxTheaters || b.pos[a.theater] >= b.ntheaters ||
      b.order[b.pos[a.theater]] != a.theater)
    return false;
  const CardLoc& l = b.card[a.card];
  if (l.zone != Zone::Hand || l.owner != b.turn) return false;
  if (!fn_any_) return a.type == Action::Improvise || deploy_allowed(s, b.turn, a.card, a.theater);
  return may_play(s, b.turn, a.card, a.theater, a.type == Action::Deploy);
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
    if (rules_.random_theater_order) {  // ruling 2
      if (chance_) [[unlikely]] shuffle(b, b.order, b.ntheaters, ChanceWhat::TheaterOrder);
      else b.game_rng().shuffle(b.order, b.ntheaters);
    }
    b.first = static_cast<uint8_t>(chance_ ? draw(b, 2, ChanceWhat::FirstPlayer) : b.game_rng().below(2));
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
  if (chance_) [[unlikely]] shuffle(b, deck, b.ncards, ChanceWhat::Deal);  // (the sampled game's shuffle, a draw at a time)
  else b.game_rng().shuffle(deck, b.ncards);
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
      knowledge::learn_dealt(b, l.owner, deck[i]);  // (no deduction is kept: forget_all above)
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

uint32_t Engine::draw(Board& b, uint32_t n, ChanceWhat what, const uint8_t* among) const {
  const uint32_t own = static_cast<uint32_t>(b.game_rng().below(n));  // (drawn in any case: the generator keeps in step)
  if (!chance_) return own;
  uint32_t out = own;
  if (!chance_->take(n, own, what, out)) {
    if (among) chance_->among.assign(among, among + n);
    throw ChanceStop();
  }
  return out;
}

void Engine::shuffle(Board& b, uint8_t* first, int n, ChanceWhat what) const {
  for (int i = n; i > 1; --i) {  // Rng::shuffle's order: from the last position down
    const uint32_t j = draw(b, static_cast<uint32_t>(i), what, first);
    std::swap(first[i - 1], first[j]);
  }
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

std::shared_ptr<Engine> Engine::twin() const {
  if (!twin_maker_) return nullptr;
  std::shared_ptr<Engine> t = twin_maker_();
  if (!t || t->content_hash() != hash_ || t->set_.cards.size() != set_.cards.size()) return nullptr;
  t->names_ = names_;
  return t;
}

}  // namespace als
