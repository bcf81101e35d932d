// project(): one seat's projection of a state (projection.h), from the knowledge model and the
// public facts. Nothing here changes a game or writes a text.
#include "projection.h"

#include <algorithm>

#include "engine.h"
#include "knowledge.h"

namespace als {

namespace {

std::vector<SeenCounter> counters(const Engine& e, const State& s, int target) {
  std::vector<SeenCounter> out;
  for (auto& [name, value] : e.counters_of(s, target)) out.push_back(SeenCounter{std::move(name), value});
  return out;
}

SeenDecision decision(const Engine& e, const State& s, int seat) {
  SeenDecision d;
  if (!s.r.active || s.b.phase == Phase::Over) return d;
  const Decision& p = s.r.pending;
  // The ability asking: the innermost running when the question was asked, else the outermost.
  const Due due = p.asker != kNone || p.asker_what != What::Instant
                      ? Due{.card = p.asker, .what = p.asker_what, .effect = p.asker_effect}
                      : s.r.due;
  const Lasting* l = due.effect != kNone ? e.find_lasting(s, due.effect) : nullptr;
  d.asked = true;
  d.kind = p.kind;
  d.player = p.player;
  d.card = due.card == kNone ? -1 : due.card;
  d.owner = due.card == kNone ? -1 : s.b.card[due.card].owner;
  d.what = due.what;
  d.effect = l ? l->effect : -1;
  if (p.prompt) d.prompt = e.interned().name(s.b, p.prompt);
  if (p.card != kNone) {
    if (knowledge::knows(s.b, seat, p.card)) d.shown = p.card;
    else d.shown_hidden = true;
  }
  if (p.about != kNone) {
    d.has_about = true, d.about = knowledge::knows(s.b, seat, p.about) ? p.about : kUnseen;
    if (const CardLoc& l = s.b.card[p.about]; l.zone == Zone::Board) {
      uint8_t st[kMaxCards];
      const int n = e.stack(s, l.owner, l.theater, st);
      d.about_player = l.owner, d.about_theater = l.theater;
      d.about_depth = static_cast<int>(std::find(st, st + n, p.about) - st) + 1;
    }
  }
  d.asker_known = due.card != kNone && knowledge::knows(s.b, seat, due.card);
  if (p.kind == DecisionKind::Option) d.options = e.text().option_texts(s.b, p);
  // A hand trigger's question (API 5) names nothing of a card this seat does not know.
  if (e.hidden_from(s, seat, due.card, due.what)) {
    d.hidden = true;
    d.card = d.owner = -1, d.what = What::Instant, d.prompt.clear(), d.options.clear();
    d.shown = -1, d.shown_hidden = false, d.about = -1, d.has_about = false;
    d.about_player = d.about_theater = d.about_depth = -1, d.asker_known = false;
  }
  return d;
}

// The seat's deductions (knowledge.h) as it sees them: the cards, and where their places are.
std::vector<SeenDeduction> deductions(const State& s, int seat) {
  std::vector<SeenDeduction> out;
  if (seat < 0) return out;
  const Board& b = s.b;
  for (int i = 0; i < b.ndeduced[seat]; ++i) {
    const Deduction& d = knowledge::deductions(b, seat)[i];
    SeenDeduction x;
    for (uint64_t m = d.cards; m; m &= m - 1) x.cards.push_back(__builtin_ctzll(m));
    for (int p = 0; p < 2; ++p) x.in_hand[p] = count_cards(d.places & b.in_hand(p));
    x.on_board = count_cards(d.places & b.in_zone(Zone::Board));
    x.in_deck = count_cards(d.places & ~b.in_zone(Zone::Board) & ~b.in_zone(Zone::Hand));
    out.push_back(std::move(x));
  }
  return out;
}

}  // namespace

void project_into(const Engine& e, const State& s, int seat, Projection& v) {
  const Board& b = s.b;
  v.seat = seat;
  v.battle = b.battle, v.first = b.first, v.to_act = e.to_act(s);
  v.turn_number = b.turn_number();
  v.over = b.phase == Phase::Over;
  v.winner = v.over ? b.winner : -1;
  uint8_t buf[kMaxCards];
  auto seen = [&](int c) { return knowledge::knows(b, seat, c) ? c : kUnseen; };
  auto among = [&](int c) {
    unsigned bits = 0;
    for (int i = 0; seat >= 0 && i < b.ndeduced[seat]; ++i) bits |= ((b.deduced[seat][i].places >> c) & 1u) << i;
    return bits;
  };
  // Counters are rare: a card's list is read only when the board has any (no allocation else).
  auto counters_into = [&](int target, std::vector<SeenCounter>& out) {
    out.clear();
    if (b.ncounters > 0) out = counters(e, s, target);
  };
  int total[2][kMaxTheaters], strength[kMaxCards];
  e.totals(s, total, strength);  // (one pass over the board, as each strength() and card_strength() would walk it again)
  v.theaters.resize(static_cast<size_t>(b.ntheaters));
  for (int i = 0; i < b.ntheaters; ++i) {
    SeenTheater& t = v.theaters[static_cast<size_t>(i)];
    const int id = b.order[i];
    t.theater = id;
    for (int p = 0; p < 2; ++p) {
      const int k = e.stack(s, p, id, buf);
      t.stack[p].resize(static_cast<size_t>(k));
      for (int j = 0; j < k; ++j) {
        SeenCard& c = t.stack[p][static_cast<size_t>(j)];
        c.card = seen(buf[j]), c.faceup = b.card[buf[j]].faceup != 0, c.strength = strength[buf[j]];
        c.among = among(buf[j]);
        counters_into(buf[j], c.counters);
      }
      t.total[p] = total[p][id];
      e.bonuses(s, p, id, t.bonuses[p]);
    }
    t.controller = Engine::control(t.total[0], t.total[1], b.first);
  }
  for (int p = 0; p < 2; ++p) {
    const int n = e.zone(s, Zone::Hand, p, buf);
    v.hand[p].resize(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      SeenCard& c = v.hand[p][static_cast<size_t>(i)];
      c.card = p == seat ? buf[i] : seen(buf[i]), c.faceup = false, c.strength = 0, c.among = 0;
      c.counters.clear();
    }
    v.score[p] = b.score[p];
    v.withdraw_vp[p] = e.withdraw_vp(s, p, n);
    counters_into(kCounterPlayer + p, v.player_counters[p]);
  }
  const int n = e.zone(s, Zone::Deck, 0, buf);
  v.deck_size = n;
  v.deck_known.clear(), v.deck_places.clear();
  for (int i = 0; i < n; ++i)
    if (knowledge::knows(b, seat, buf[i])) v.deck_known.push_back(buf[i]), v.deck_places.push_back(i + 1);
  v.deductions.clear();
  if (seat >= 0 && b.ndeduced[seat] > 0) v.deductions = deductions(s, seat);
  v.held = -1;
  for (int c = 0; c < b.ncards; ++c)
    if (b.card[c].zone == Zone::Held && b.card[c].owner == seat) v.held = c;
  v.effects.clear();
  for (int i = 0; i < b.nlasting; ++i) {
    const Lasting& l = b.lasting[i];
    if (b.lasting_ended(i)) continue;  // (g:end_effect: it acts no more)
    v.effects.push_back(SeenEffect{.effect = l.effect, .card = l.card == kNone ? -1 : l.card,
                                   .player = l.player == kNone ? -1 : l.player, .until = l.until,
                                   .turns_left = int64_t{l.ends} - b.turns});
  }
  v.decision = decision(e, s, seat);
  v.turn_actions.clear();
  if (e.rules().has(Hook::TurnActions)) [[unlikely]] {
    std::string texts[kMaxTurnActions];
    v.turn_actions.assign(texts, texts + e.turn_actions(s, texts));
  }
}

Projection project(const Engine& e, const State& s, int seat) {
  Projection v;
  project_into(e, s, seat, v);
  return v;
}

}  // namespace als
