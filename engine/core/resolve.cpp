// Resolution: abilities due (instants, triggers, acting house-rule hooks), the queue they wait
// in, re-running an ability from its snapshot when a decision is answered, nesting under
// `instants = "immediate"`, and the sequence of turns and battles that fires turn and battle
// events (docs/design.md, "Abilities that wait"; docs/modding.md, "Triggers" and "House-rule hooks"; rulings 4, 11, 12, 27).
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "engine.h"
#include "board_ops.h"
#include "knowledge.h"

namespace als {

using board_ops::other;

// Ruling 11: an ability due waits in the queue, first due first resolved; with immediate
// instants (the first printing, ruling 12) one that becomes due while another resolves runs at
// once, nested.
void Engine::due(AbilityCtx* c, Board& b, const Due& d) const {
  if (c && c->depth > 0 && rules_.immediate_instants) {
    scripts_->run_nested(*c, d);
    return;
  }
  if (b.qlen >= kMaxDue) {
    const CardDef* card = d.card == kNone ? nullptr : &set_.cards[d.card];
    throw ScriptError((card ? "card " + card->id + " (" + card->file + "): " : std::string("house rule: ")) +
                      "more than " + std::to_string(kMaxDue) + " abilities due at once (an endless chain of flips?)");
  }
  b.queue[b.qlen++] = d;
}

// The facts of `e` a trigger keeps: the fields of the record its row lists (event_kinds.h).
static EventFacts facts_of(const Event& e, uint16_t fields) {
  auto keep = [fields](uint16_t bits, uint8_t v) { return (fields & bits) ? v : static_cast<uint8_t>(kNone); };
  EventFacts x;
  x.card = e.card;
  x.player = keep(kFieldPlayer | kFieldWinner, e.player);
  x.theater = keep(kFieldTheater | kFieldTo, e.theater);
  x.from = keep(kFieldFrom, e.from);
  x.from_player = keep(kFieldFromPlayer, e.from_player);
  x.by = keep(kFieldBy, e.by);
  x.faceup = (fields & kFieldFace) && e.faceup;
  x.withdrew = (fields & kFieldHow) && e.withdrew;
  x.shown_to = (fields & kFieldShownTo) ? e.shown_to & 3 : 0;
  return x;
}

void Engine::fire_event(AbilityCtx* c, Board& b, const Event& e, Before before) const {
  const SetsOff so = sets_off_[e.type];
  if (so.hook != What::Instant) queue_hook(c, b, so.hook, e.player);
  const What ev = so.trigger;
  if (ev == What::Instant) return;
  const int bitno = static_cast<int>(ev) - static_cast<int>(What::Played);
  const uint64_t mask = trigger_cards_[bitno];
  uint8_t hs[kMaxCards];
  int n = holders(b, mask, hs);
  // The card the event is about fires too if it was faceup on the board just before, in its place then.
  const int about = e.card;
  bool add = before.faceup && about != kNone && ((mask >> about) & 1) && std::find(hs, hs + n, about) == hs + n;
  Due data{.what = ev, .event = facts_of(e, trigger_event(ev).fields)};
  if (c && c->depth > 0) {  // e.cause: the ability running (API 3)
    uint8_t by = c->resolving[c->depth - 1].card;
    data.event.cause = by != kNone ? by : kRuleCause;
  }
  bool added = false;
  for (int i = 0; i <= n; ++i) {
    if (add && !added && (i == n || board_key(b, hs[i]) > before.key)) {
      data.card = static_cast<uint8_t>(about);
      due(c, b, data);
      added = true;
    }
    if (i == n) break;
    data.card = hs[i];
    due(c, b, data);
  }
  if (const uint64_t in_hand = hand_trigger_cards_[bitno] & b.in_zone(Zone::Hand)) [[unlikely]]
    for (uint64_t m = in_hand; m; m &= m - 1) {  // hand triggers (API 5), in card order
      data.card = static_cast<uint8_t>(__builtin_ctzll(m));
      due(c, b, data);
    }
  if (lasting_trigger_[bitno] && b.nlasting) fire_lasting(c, b, data);
  if ((rules_.triggers >> bitno) & 1) [[unlikely]] {  // the house rules' triggers (API 6): one due runs them all, in order
    data.card = kNone;
    data.effect = kNone;
    due(c, b, data);
  }
}

// A lasting effect's trigger fires whatever became of its card, after the board cards' (API 3).
void Engine::fire_lasting(AbilityCtx* c, Board& b, Due data) const {
  const int bitno = static_cast<int>(data.what) - static_cast<int>(What::Played);
  for (int i = 0; i < b.nlasting; ++i) {
    const Lasting& l = b.lasting[i];
    if (!((set_.lasting[l.effect].triggers >> bitno) & 1) || b.lasting_ended(i)) continue;
    data.card = l.card;
    data.effect = l.uid;
    due(c, b, data);
  }
}

[[gnu::noinline]] void Engine::fire_moment(Board& b, Event::Type type, int player, bool withdrew) const {
  fire(nullptr, b, Event{.type = type, .player = static_cast<uint8_t>(player), .withdrew = withdrew});
}

// An acting house-rule hook (deal, battle_start, turn_start, turn_end) comes due before the
// cards' triggers of the same event.
void Engine::queue_hook(AbilityCtx* c, Board& b, What hook, int player) const {
  // Every rule's hook of the kind, in the rules' order: the i-th as event.from = i (the first as
  // kNone, as when a single rule's hook ran).
  const int n = rules_.acting[static_cast<int>(hook) - static_cast<int>(What::HookBattleStart)];
  for (int i = 0; i < n; ++i)
    due(c, b, Due{.what = hook, .event = {.player = static_cast<uint8_t>(player), .from = static_cast<uint8_t>(i == 0 ? kNone : i)}});
}

void Engine::run_resolution(State& s, EventLog* log, Chooser* ask) const {
  AbilityCtx c;
  c.eng = this;
  c.s = &s;
  c.log = log;
  c.ask = ask;
  Scripts::Outcome o = scripts_->run(c, s.r.due);
  if (o == Scripts::Outcome::Pending) {
    s.r.events = c.emitted;
    return;
  }
  s.r.active = 0;
  Board& b = s.b;
  for (uint64_t m = b.in_zone(Zone::Held); m; m &= m - 1) {  // a drawn card not played goes back on top of the deck
    int i = __builtin_ctzll(m);
    b.card[i].zone = Zone::Deck;
    b.card[i].seq = --b.seq_top;
    b.reindex(i);
  }
}

// With hand triggers in the set (API 5): a hand trigger due whose card has left its owner's
// hand has nothing to do. (A due whose card a determinization renamed to one without the
// trigger runs nothing either: the scripts find no function for it, Runtime::run_protected.)
bool Engine::skip_hand_due(const Board& b, const Due& d) const {
  return d.card != kNone && d.effect == kNone && is_hand_trigger(d.card, d.what) && b.card[d.card].zone != Zone::Hand;
}

bool Engine::hidden_from(const State& s, int seat, int card, What what) const {
  return seat >= 0 && card != kNone && is_hand_trigger(card, what) && !knowledge::knows(s.b, seat, card);
}

void Engine::resolve(State& s, Flow& f) const {
  Board& b = s.b;
  while (!s.r.active && b.qlen > 0 && b.phase == Phase::Playing) {
    Due d = b.pop_due();
    // An endless chain (an instant that flips itself faceup again) is refused, naming the card.
    if (++f.resolved > kMaxAbilitiesPerAction)
      throw ScriptError((d.card == kNone ? std::string("house rule")
                                         : "card " + set_.cards[d.card].id + " (" + set_.cards[d.card].file + ")") +
                        ": more than " + std::to_string(kMaxAbilitiesPerAction) +
                        " abilities resolved for one action (an endless chain?); the action is refused");
    // Ruling 12: an ability due resolves even if its card was flipped facedown meanwhile
    // (standard); with interruption (original) a facedown card's ability is gone.
    if (hand_triggers_any_ && skip_hand_due(b, d)) [[unlikely]] continue;
    if (d.card != kNone && d.effect == kNone && rules_.interrupt_flipped &&
        !(b.card[d.card].zone == Zone::Board && b.card[d.card].faceup) && !is_hand_trigger(d.card, d.what))
      continue;
    if (d.effect != kNone && !find_lasting(s, d.effect)) continue;  // the effect ended meanwhile
    // Ruling 29: an instant whose card left the board before its turn came does not resolve.
    if (d.what == What::Instant && d.card != kNone && d.effect == kNone &&
        (d.event.left_board || b.card[d.card].zone != Zone::Board))
      continue;
    s.r.active = 1;
    s.r.due = d;
    s.r.nanswers = 0;
    s.r.events = 0;
    if (chance_) chance_->run_from = chance_->at;  // its draws are replayed when its questions are answered
    copy_core(s.r.snapshot, b);  // the core: the queue keeps its first qlen entries while the ability runs
    run_resolution(s, f.log, f.ask);
  }
}

// Ruling 27: the chart's VP or the battle's, then the battle_vp hook (engine.h).
int Engine::scored_vp(const State& s, int winner, bool withdrew, int cards_left, uint32_t reason) const {
  int vp = withdrew ? withdraw_vp(s, other(winner), cards_left) : rules_.battle_vp;
  if (rules_.has(Hook::BattleVp)) {
    vp = scripts_->battle_vp(s, winner, withdrew, reason, withdrew ? cards_left : 0, vp);
    if (vp < 0 || vp > kMaxVp)
      throw ScriptError("house rule: battle_vp returned " + std::to_string(vp) + " (0 to " + std::to_string(kMaxVp) + ")");
  }
  return vp;
}

// Ruling 27 and docs/modding.md, "House-rule hooks": a decided battle is scored (battle_vp may change the VP); the
// game ends when a player has reached the VP target (the higher score wins; a tie goes to the
// battle's winner), otherwise the next battle is dealt.
void Engine::score_battle(State& s, Flow& f) const {
  Board& b = s.b;
  int winner = b.end_winner, left = b.end_cards_left;
  bool withdrew = b.end_withdrew;
  if (f.log && f.log->keep_battle_ends) f.log->battle_ends.push_back(s);
  const int vp = scored_vp(s, winner, withdrew, left, b.end_reason);
  b.score[winner] += vp;
  b.last = LastBattle{b.battle, static_cast<uint8_t>(winner), withdrew, b.end_reason, vp};
  record_battle(b);
  if (b.nlasting) end_lasting(s, f, Moment::BattleEnd);
  Event e{.type = Event::BattleEnd, .player = static_cast<uint8_t>(winner), .withdrew = withdrew,
          .value = static_cast<int>(b.battle), .vp = vp, .score = {b.score[0], b.score[1]}, .option = b.end_reason};
  if (b.end_reason) [[unlikely]] e.text = interned().name(b, b.end_reason);  // (the event keeps its text: events outlive a game's names)
  emit(nullptr, f.log, e);
  int ender = -1, reason = 0;  // a game_over hook's winner (API 4)
  if (rules_.has(Hook::GameOver)) ender = scripts_->game_over(s, reason);
  if (ender >= 0 || b.score[0] >= rules_.vp_target || b.score[1] >= rules_.vp_target) {
    if (b.nlasting) end_lasting(s, f, Moment::GameEnd);  // effects lasting to the game's end (API 4)
    b.phase = Phase::Over;
    b.winner = static_cast<uint8_t>(ender >= 0              ? ender
                                    : b.score[0] > b.score[1] ? 0
                                    : b.score[1] > b.score[0] ? 1
                                                              : winner);
    b.game_reason = static_cast<uint16_t>(reason);
    e.type = Event::GameEnd;
    e.player = b.winner;
    e.option = b.game_reason;
    e.text = b.game_reason ? interned().name(b, b.game_reason) : std::string();
    emit(nullptr, f.log, e);
    return;
  }
  ++b.battle;
  if (f.stop_at_battle_end) return;  // (advance returns too)
  start_battle(b, false);  // Step::BattleStarting
  battle_started(b, f.log);
}

void Engine::forfeit(State& s, int loser, std::string_view reason, EventLog* log) const {
  Board& b = s.b;
  if (b.phase == Phase::Over) return;
  const uint16_t why = interned().intern(b, reason.substr(0, 40));
  s.r = Resolution{};  // an ability asking stops where it stood
  b.phase = Phase::Over;
  b.winner = static_cast<uint8_t>(other(loser));
  b.game_reason = why;
  emit(nullptr, log, Event{.type = Event::GameEnd, .player = b.winner, .score = {b.score[0], b.score[1]}, .option = why,
                           .text = std::string(reason.substr(0, 40))});
}

// The battle just scored, at the end of the history (the oldest dropped past kMaxHistory).
void Engine::record_battle(Board& b) const {
  if (b.nhistory == kMaxHistory) {
    std::memmove(static_cast<void*>(b.history), b.history + 1, (kMaxHistory - 1) * sizeof(BattleRecord));
    --b.nhistory;
  }
  b.history[b.nhistory++] = BattleRecord{.number = b.battle, .winner = b.last.winner, .first = b.first,
                                         .withdrew = b.last.withdrew, .reason = b.last.reason, .vp = b.last.vp,
                                         .scores = {b.score[0], b.score[1]}};
}

void Engine::decide_battle(State& s, Flow&, int winner, bool withdrew, int cards_left, int reason) const {
  Board& b = s.b;
  b.end_reason = static_cast<uint16_t>(reason);
  b.end_winner = static_cast<uint8_t>(winner);
  b.end_withdrew = withdrew;
  b.end_cards_left = static_cast<uint8_t>(cards_left);
  b.step = Step::BattleDecided;
  if (sets_off_[Event::BattleDecided].any) fire_moment(b, Event::BattleDecided, winner, withdrew);
}

// Ruling 4: after a turn the other player acts (an extra turn first, original Redeploy); a
// player with an empty hand is skipped.
void Engine::next_turn(State& s, Flow& f, const bool in_hand[2]) const {
  Board& b = s.b;
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
  if (!in_hand[next]) {  // the other has cards: the battle did not end
    emit(nullptr, f.log, Event{.type = Event::Skip, .player = static_cast<uint8_t>(next)});
    b.extra_turns[next] = 0;
    b.resume = kNone;
    next = other(next);
  }
  b.turn = static_cast<uint8_t>(next);
  ++b.turns;
  if (b.anywhere_turn[next] == 1) b.anywhere_turn[next] = 2;  // Air Drop (original): this turn
  b.step = Step::TurnStarting;
  if (sets_off_[Event::TurnStart].any) fire_moment(b, Event::TurnStart, next);
}

// Resolves what is due, then moves the turn and battle sequence on, until a player must decide.
void Engine::advance(State& s, Flow& f) const {
  Board& b = s.b;
  for (;;) {
    if (b.qlen) resolve(s, f);
    if (s.r.active || b.phase == Phase::Over) return;
    // Each step falls through to the next when it queued nothing to resolve.
    switch (b.step) {
      case Step::Action: return;
      case Step::AfterAction:
        b.step = Step::TurnEnded;
        if (sets_off_[Event::TurnEnd].any) fire_moment(b, Event::TurnEnd, b.turn);
        if (b.qlen) break;
        [[fallthrough]];
      case Step::TurnEnded: {
        if (b.nlasting) end_lasting(s, f, Moment::TurnEnd);  // after the turn_end abilities (API 3)
        bool in_hand[2];
        hands_held(b, in_hand);
        bool over = !in_hand[0] && !in_hand[1];  // ruling 4
        int reason = 0;
        if (!over && rules_.has(Hook::BattleOver)) {
          reason = scripts_->battle_over(s);
          over = reason >= 0;
          reason = std::max(reason, 0);
        }
        if (!over) {
          next_turn(s, f, in_hand);  // Step::TurnStarting
          if (b.qlen) break;         // its turn_start abilities first
          if (b.nlasting) [[unlikely]] end_lasting(s, f, Moment::TurnStart);  // (API 4)
          b.step = Step::Action;
          return;
        }
        int won[2] = {0, 0};  // ruling 5: most theaters controlled
        int total[2][kMaxTheaters];
        totals(s, total);
        for (int i = 0; i < b.ntheaters; ++i) {
          const int t = b.order[i];
          ++won[control(total[0][t], total[1][t], b.first)];
        }
        int winner = won[0] > won[1] ? 0 : won[1] > won[0] ? 1 : b.first;
        if (rules_.has(Hook::BattleWinner)) winner = scripts_->battle_winner(s, winner);
        decide_battle(s, f, winner, false, 0, reason);
        break;
      }
      case Step::TurnStarting:
        if (b.nlasting) end_lasting(s, f, Moment::TurnStart);  // after the turn_start abilities (API 4)
        b.step = Step::Action;
        return;
      case Step::BattleDecided:
        score_battle(s, f);
        if (f.stop_at_battle_end) return;
        break;
      case Step::BattleStarting:
        b.step = Step::TurnStarting;
        ++b.turns;
        if (sets_off_[Event::TurnStart].any) fire_moment(b, Event::TurnStart, b.turn);
        break;
    }
  }
}

// Whether applying `a` could run a script (and so fail after changing the state): only an
// instant's ability, a trigger, an ongoing function or a hook runs one.
bool Engine::may_run_scripts(const State& s, const Action& a) const {
  if (s.r.active || scripted_) return true;
  return a.type == Action::Deploy && a.card < set_.cards.size() && set_.cards[a.card].has_ability;
}

void Engine::apply(State& s, const Action& a, EventLog* log, Chooser* ask) const {
  Flow f;
  f.log = log;
  f.ask = ask;
  if (!may_run_scripts(s, a)) {  // nothing can fail once the action is legal: no copy to roll back to
    apply_unchecked(s, a, f);
    return;
  }
  // The state as it was, to put back if a script fails: one buffer per nesting depth on this
  // thread (a Chooser may apply actions with another engine), so that no State is built here.
  // copy_state copies the used parts of the lists only (about a third of the bytes).
  thread_local std::vector<std::unique_ptr<State>> backups;
  thread_local size_t depth = 0;
  if (backups.size() <= depth) backups.push_back(std::make_unique<State>());
  State& backup = *backups[depth];
  copy_state(backup, s);
  struct Depth {
    size_t& d;
    explicit Depth(size_t& x) : d(++x) {}
    ~Depth() { --d; }
  } nested(depth);
  size_t mark = log ? log->events.size() : 0, ends = log ? log->battle_ends.size() : 0;
  ActionScope scope(*scripts_);
  try {
    apply_unchecked(s, a, f);
  } catch (...) {
    copy_state(s, backup);
    if (log) log->events.resize(mark), log->battle_ends.resize(ends);
    throw;
  }
}

void Engine::apply_discarding(State& s, const Action& a, Chooser* ask, bool stop_at_battle_end) const {
  Flow f;
  f.ask = ask;
  f.stop_at_battle_end = stop_at_battle_end;
  ActionScope scope(*scripts_);
  apply_unchecked(s, a, f);
}

uint16_t Engine::record_answer(State& s, const Action& a, EventLog* log) const {
  const Board& b = s.b;
  Decision& d = s.r.pending;
  uint16_t opt = a.type == Action::Choose
                     ? a.option
                     : PlayOption{a.card, a.theater, a.type == Action::Improvise}.code();
  if (d.kind != DecisionKind::Play) {
    Event e{.type = Event::Choice, .player = d.player, .option = opt, .kind = static_cast<uint8_t>(d.kind)};
    if (d.asker != kNone && is_hand_trigger(d.asker, d.asker_what))  // a hand trigger's question (API 5)
      e.cause = d.asker, e.cause_hidden = static_cast<uint8_t>(~knowledge::knowers(b, d.asker) & 3);
    if (d.kind == DecisionKind::Card && opt != kNone) {
      e.card = static_cast<uint8_t>(opt);
      e.known = knowledge::knowers(b, opt);
      e.from = board_ops::place_of(b.card[opt]);  // where it lies, for a seat that does not know it
      e.from_player = e.from == kDeckPlace ? static_cast<uint8_t>(kNone) : b.card[opt].owner;
    }
    if (d.kind == DecisionKind::Option && opt != kNone) e.text = text().option_texts(s.b, d).at(opt);  // the text picked
    emit(nullptr, log, e);
  }
  if (s.r.nanswers >= kMaxAnswers) throw ScriptError("an ability asked more than 48 decisions");
  const uint64_t bit = uint64_t{1} << s.r.nanswers;  // its kind: a determinization renames card answers
  s.r.card_answers = d.kind == DecisionKind::Card ? s.r.card_answers | bit : s.r.card_answers & ~bit;
  s.r.play_answers = d.kind == DecisionKind::Play ? s.r.play_answers | bit : s.r.play_answers & ~bit;
  s.r.answers[s.r.nanswers++] = opt;
  return opt;
}

int Engine::ask(AbilityCtx& c, int player, DecisionKind kind, const uint16_t* opts, int n, int card_shown, int about,
                int prompt, int texts) const {
  State& s = *c.s;
  if (c.dry) return kNone;
  Decision asked;  // the options as the decision keeps them: a set, repeats dropped
  asked.kind = kind;
  asked.set_options(opts, n);
  if (asked.n == 0 || (asked.n == 1 && asked.has(kNone))) return kNone;
  if (c.deferred) flush_headers(c);  // a trigger that asks is shown (the same in every re-run)
  if (c.cursor < s.r.nanswers) {  // a re-run from the snapshot: the answer given before
    uint16_t v = s.r.answers[c.cursor++];
    if (!asked.has(v))
      c.rerun_mismatch = true, throw RerunMismatch("the ability asked a different question when re-run (a script must depend only on the game)");
    return v;
  }
  Decision& d = s.r.pending;
  d.player = static_cast<uint8_t>(player);
  d.kind = kind;
  d.card = static_cast<uint8_t>(card_shown);
  d.about = static_cast<uint8_t>(about);
  if (c.depth > 0) {  // the ability asking: the innermost running (Engine::question)
    const AbilityCtx::Running& r = c.resolving[c.depth - 1];
    d.asker = r.card, d.asker_what = r.what, d.asker_effect = r.uid;
  } else {
    d.asker = kNone, d.asker_what = What::Instant, d.asker_effect = kNone;
  }
  d.prompt = static_cast<uint16_t>(prompt);
  d.texts = static_cast<uint16_t>(texts);
  std::memcpy(d.opts, asked.opts, sizeof d.opts);
  d.n = asked.n;
  if (c.ask) {  // answered now, by the caller's chooser: the run goes on (apply's `ask`)
    if (c.rng) s.b.take_back_rng(*c.rng);  // the state as it stands at the question, the chooser's to copy
    int v = ask_now(c);
    if (c.rng) s.b.lend_rng();  // (the run goes on with its own: c.rng)
    if (v >= 0) {
      ++c.cursor;
      return v;
    }
  }
  c.dry = true;
  return -1;
}

int Engine::ask_now(AbilityCtx& c) const {
  State& s = *c.s;
  s.r.events = c.emitted;  // what a caller would have seen at this decision
  thread_local std::vector<Action> legal_now;
  legal(s, legal_now);
  Action a;
  if (!c.ask->choose(*this, s, legal_now, a)) return -1;
  if (!is_legal(s, a)) throw IllegalAction("illegal: " + text().action_text(s, a, -1) + " is not a legal answer now");
  return record_answer(s, a, c.log);
}

// A turn action (API 5): its `run` resolves as the turn's action, then the turn ends as after a play.
[[gnu::noinline]] void Engine::take_turn_action(State& s, const Action& a, Flow& f) const {
  Board& b = s.b;
  std::string texts[kMaxTurnActions];
  turn_actions(s, texts);
  const int p = b.turn;
  emit(nullptr, f.log, Event{.type = Event::TurnAction, .player = static_cast<uint8_t>(p), .value = a.option, .text = texts[a.option]});
  due(nullptr, b, Due{.what = What::HookTurnAction, .event = {.player = static_cast<uint8_t>(p), .from = static_cast<uint8_t>(a.option)}});
  b.step = Step::AfterAction;
}

[[gnu::cold, gnu::noinline]] std::string Engine::illegal_text(const State& s, const Action& a) const {
  const Board& b = s.b;
  if (b.phase == Phase::Over) return "illegal: the game is over";
  std::string msg = "illegal: " + text().action_text(s, a, -1) + " is not a legal action now";
  std::vector<Action> now;
  legal(s, now);
  // (as the player to act reads them: a play of their own card)
  const int viewer = b.turn;
  auto list = [&](auto keep) {
    std::string out;
    for (const Action& x : now)
      if (keep(x)) out += (out.empty() ? "" : ", ") + text().action_text(s, x, viewer);
    return out;
  };
  if (s.r.active) return msg + " (a question is pending: only its answers are legal)";
  if (a.type == Action::Deploy || a.type == Action::Improvise) {
    if (a.card >= b.ncards || b.card[a.card].zone != Zone::Hand || b.card[a.card].owner != b.turn)
      return msg + " (the card is not in the hand of player " + std::to_string(b.turn + 1) + ", whose turn it is)";
    const CardDef& d = set_.cards[a.card];
    std::string why;
    if (a.type == Action::Deploy && a.theater < kMaxTheaters && theater_type_[a.card] != a.theater &&
        !deploy_allowed(s, b.turn, a.card, a.theater))
      why = d.id + " is of type " + d.type + ": faceup only there, unless a permission (Aerodrome's, Air Drop's) allows it";
    else if (fn_used(Fn::MayPlay))
      why = "a may_play function (a card's, its own terms or a lasting effect's) forbids it";
    const std::string plays = list([&](const Action& x) {
      return (x.type == Action::Deploy || x.type == Action::Improvise) && x.card == a.card;
    });
    return msg + " (" + (why.empty() ? "" : why + "; ") + (plays.empty() ? d.id + " has no legal play now" : "its legal plays: " + plays) + ")";
  }
  if (a.type == Action::Withdraw) return msg + " (a may_withdraw function forbids it)";
  return msg;
}

void Engine::apply_unchecked(State& s, const Action& a, Flow& f) const {
  if (!is_legal(s, a)) [[unlikely]] throw IllegalAction(illegal_text(s, a));
  Board& b = s.b;
  if (s.r.active) {  // an answer: re-run the ability from its snapshot with one more answer
    record_answer(s, a, f.log);
    s.b.restore(s.r.snapshot);
    run_resolution(s, f.log, f.ask);
  } else if (a.type >= Action::Withdraw) {  // (a Choose is an answer: above)
    if (a.type == Action::Rule) [[unlikely]] {
      take_turn_action(s, a, f);
    } else {
      int p = b.turn, left = hand_size(s, p);
      emit(nullptr, f.log, Event{.type = Event::Withdraw, .player = static_cast<uint8_t>(p), .value = left});
      decide_battle(s, f, other(p), true, left);
    }
  } else {
    AbilityCtx c;
    c.eng = this;
    c.s = &s;
    c.log = f.log;
    ops().play(c, b.turn, a.card, a.theater, a.type == Action::Deploy);
    b.step = Step::AfterAction;
  }
  advance(s, f);
}

}  // namespace als
