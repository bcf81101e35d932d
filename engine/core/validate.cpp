// state_problem (validate.h): each part of a state against the game's bounds.
#include "validate.h"

namespace als {

namespace {

struct Bounds {
  int cards, theaters, effects;
  size_t names;
  const uint8_t* acting;  // Rules::acting: each acting hook's rules
  bool card(int c) const { return c < cards; }
  bool card_or_none(int c) const { return c < cards || c == kNone; }
  bool theater_or_none(int t) const { return t < theaters || t == kNone; }
  bool player_or_none(int p) const { return p <= 1 || p == kNone; }
  bool name(size_t n) const { return n < names; }
};

std::string event_problem(const Bounds& k, const EventFacts& f) {
  if (!k.card_or_none(f.card) || !k.card_or_none(f.by)) return "an event's card";
  if (!k.player_or_none(f.player) || !k.player_or_none(f.from_player)) return "an event's player";
  if (!k.theater_or_none(f.theater) || !(k.theater_or_none(f.from) || f.from == kHandTheater || f.from == kDeckPlace))
    return "an event's theater";
  if (!(k.card_or_none(f.cause) || f.cause == kRuleCause)) return "an event's cause";
  return "";
}

std::string due_problem(const Bounds& k, const Due& d) {
  if (!k.card_or_none(d.card)) return "an ability due's card";
  if (d.what > What::HookTurnAction) return "an ability due's kind";
  if (is_hook(d.what) && d.what != What::HookTurnAction) {  // event.from: which rule's hook (kNone: the first)
    if (d.card != kNone || (d.event.from != kNone && d.event.from >= k.acting[static_cast<int>(d.what) - static_cast<int>(What::HookBattleStart)]))
      return "a house rule's hook due";
    EventFacts f = d.event;
    f.from = kNone;
    return event_problem(k, f);
  }
  if (d.what == What::HookTurnAction) {  // event.from: the turn action's place (API 5)
    if (d.card != kNone || d.event.from >= kMaxTurnActions) return "a turn action due";
    EventFacts f = d.event;
    f.from = kNone;
    return event_problem(k, f);
  }
  return event_problem(k, d.event);
}

std::string deductions_problem(const Bounds& k, const BoardCore& b);

std::string cards_problem(const Bounds& k, const BoardCore& b) {
  if (b.ncards != k.cards) return "its number of cards";
  if (b.ntheaters != k.theaters) return "its number of theaters";
  for (int c = 0; c < kMaxCards; ++c) {
    const CardLoc& l = b.card[c];
    if (c >= k.cards) {
      if (!(l == CardLoc{})) return "a card past the set's";
      continue;
    }
    if (l.zone > Zone::Out || l.owner > 1 || l.faceup > 1) return "card " + std::to_string(c) + "'s place";
    if (!k.theater_or_none(l.theater) || (l.zone == Zone::Board && l.theater == kNone))
      return "card " + std::to_string(c) + "'s theater";
  }
  bool seen[kMaxTheaters] = {};
  for (int i = 0; i < kMaxTheaters; ++i) {
    if (i >= k.theaters) {
      if (b.order[i] != 0 || b.pos[i] != 0) return "the theaters' order";
      continue;
    }
    if (b.order[i] >= k.theaters || seen[b.order[i]] || b.pos[b.order[i]] != i) return "the theaters' order";
    seen[b.order[i]] = true;
  }
  for (int p = 0; p < 2; ++p)
    if (k.cards < 64 && (b.known[p] >> k.cards) != 0) return "what a player knows";
  return deductions_problem(k, b);
}

// Each player's deductions (knowledge.h): at most kMaxDeductions, the rest zero; each one's cards
// among its places, none known to the player, its cards apart from the other deductions' cards.
std::string deductions_problem(const Bounds& k, const BoardCore& b) {
  const uint64_t all = k.cards >= 64 ? ~uint64_t{0} : (uint64_t{1} << k.cards) - 1;
  for (int p = 0; p < 2; ++p) {
    if (b.ndeduced[p] > kMaxDeductions) return "what a player deduced";
    uint64_t cards = 0;
    for (int i = 0; i < kMaxDeductions; ++i) {
      const Deduction& d = b.deduced[p][i];
      if (i >= b.ndeduced[p]) {
        if (!(d == Deduction{})) return "what a player deduced";
        continue;
      }
      if (!d.cards || (d.cards & ~d.places) || (d.places & ~all) || ((d.cards | d.places) & b.known[p]) || (d.cards & cards))
        return "what a player deduced";
      cards |= d.cards;
    }
  }
  return "";
}

std::string core_problem(const Bounds& k, const BoardCore& b) {
  if (std::string why = cards_problem(k, b); !why.empty()) return why;
  if (b.first > 1 || b.turn > 1 || b.phase > Phase::Over || !k.player_or_none(b.winner) || b.battle < 1)
    return "its players or phase";
  for (int p = 0; p < 2; ++p) {
    if (b.score[p] < 0 || b.score[p] > 4 * kMaxVp) return "a score";
    if (b.anywhere_next_play[p] > 1 || b.anywhere_turn[p] > 2) return "a player's plays";
    for (int t = 0; t < kMaxTheaters; ++t)
      if (b.tokens[p][t] < 0 || b.tokens[p][t] > kMaxTokens || (t >= k.theaters && b.tokens[p][t] != 0)) return "a token count";
  }
  if (!k.player_or_none(b.resume) || b.qlen > kMaxDue || b.step > Step::BattleStarting) return "its turn's step";
  if (b.end_winner > 1 || b.end_withdrew > 1 || b.end_cards_left > k.cards || !k.name(b.end_reason))
    return "the battle being decided";
  if (b.last.winner > 1 || b.last.withdrew > 1 || !k.name(b.last.reason)) return "the last battle";
  if (b.turns < b.battle_from || b.nhistory > kMaxHistory || !k.name(b.game_reason)) return "its history";
  if (b.ncounters > kMaxCounters || b.nlasting > kMaxLasting) return "its counters or lasting effects";
  if (b.ended_lasting >> b.nlasting) return "an ended lasting effect";
  if (b.rng_lent != 0) return "its random generator's owner";  // (lent only during a script run)
  for (int i = b.ncounters; i < kMaxCounters; ++i)
    if (!(b.counters[i] == Counter{})) return "an unused counter slot";  // (copies read only the set ones)
  for (int i = 0; i < b.ncounters; ++i) {
    const Counter& c = b.counters[i];
    if (!(k.card(c.target) || c.target == kCounterPlayer || c.target == kCounterPlayer + 1) || c.name == 0 ||
        !k.name(c.name) || c.value == 0 || c.value < -kCounterLimit || c.value > kCounterLimit)
      return "a counter";
  }
  return "";
}

std::string board_problem(const Bounds& k, const Board& b) {
  if (std::string why = core_problem(k, b); !why.empty()) return why;
  if (!b.tails_ok()) return "an unused slot";
  if (!b.index_ok()) return "the index of card places";
  for (int i = 0; i < b.qlen; ++i)
    if (std::string why = due_problem(k, b.queue[i]); !why.empty()) return why;
  for (int i = 0; i < b.nlasting; ++i) {
    const Lasting& l = b.lasting[i];
    if (!k.card_or_none(l.card) || l.effect >= k.effects || l.nfields > kMaxEffectData || l.until > Until::GameEnd ||
        !k.player_or_none(l.player))
      return "a lasting effect";
    for (int f = 0; f < kMaxEffectData; ++f) {
      const bool used = f < l.nfields;
      if (!used && (l.type[f] != DataType::Int || l.key[f] != 0 || l.value[f] != 0)) return "a lasting effect's data";
      if (used && (l.type[f] > DataType::Theater || !k.name(l.key[f]) ||
                   (l.type[f] == DataType::Card && !k.card(l.value[f])) ||
                   (l.type[f] == DataType::Theater && (l.value[f] < 0 || l.value[f] >= k.theaters))))
        return "a lasting effect's data";
    }
  }
  for (int i = 0; i < b.nhistory; ++i) {
    const BattleRecord& h = b.history[i];
    if (h.winner > 1 || h.first > 1 || h.withdrew > 1 || !k.name(h.reason)) return "a battle of its history";
  }
  return "";
}

std::string resolution_problem(const Bounds& k, const Resolution& r) {
  if (r.active > 1 || r.nanswers > kMaxAnswers) return "the ability being resolved";
  if (std::string why = due_problem(k, r.due); !why.empty()) return why;
  for (int i = 0; i < r.nanswers; ++i) {
    const uint16_t a = r.answers[i];
    if ((r.card_answers >> i & 1) && !k.card_or_none(a)) return "an answer's card";
    if ((r.play_answers >> i & 1) && a != kNone) {
      const PlayOption o = PlayOption::decode(a);
      if (!k.card(o.card) || o.theater >= k.theaters) return "an answer's play";
    }
  }
  const Decision& d = r.pending;
  if (d.player > 1 || d.kind > DecisionKind::Option || !k.card_or_none(d.card) || !k.card_or_none(d.about) ||
      d.n > kMaxOptions || !k.name(d.prompt) || !k.name(d.texts) || !k.card_or_none(d.asker) || d.asker_what > What::HookTurnAction)
    return "the pending decision";
  if (r.active) return core_problem(k, r.snapshot);
  // An ended ability's snapshot is never read as a board, but it is copied with the state: its
  // counters' count bounds the copy.
  const BoardCore& b = r.snapshot;
  if (b.ncounters > kMaxCounters || b.nlasting > kMaxLasting || b.qlen > kMaxDue) return "an ended ability's snapshot";
  for (int i = b.ncounters; i < kMaxCounters; ++i)
    if (!(b.counters[i] == Counter{})) return "an ended ability's snapshot";
  return "";
}

}  // namespace

std::string state_problem(const Engine& e, const State& s, size_t names) {
  const Bounds k{static_cast<int>(e.set().cards.size()), static_cast<int>(e.rules().theaters.size()),
                 static_cast<int>(e.set().lasting.size()), names, e.rules().acting};
  if (std::string why = board_problem(k, s.b); !why.empty()) return why;
  if (std::string why = resolution_problem(k, s.r); !why.empty()) return "the ability being resolved: " + why;
  return "";
}

}  // namespace als
