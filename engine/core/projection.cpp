// project(): one seat's projection of a state (projection.h), from the knowledge model and the
// public facts. Nothing here changes a game or writes a text.
#include "projection.h"

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
  d.what = due.what;
  d.effect = l ? l->effect : -1;
  if (p.prompt) d.prompt = e.interned().name(s.b, p.prompt);
  if (p.card != kNone) {
    if (knowledge::knows(s.b, seat, p.card)) d.shown = p.card;
    else d.shown_hidden = true;
  }
  if (p.about != kNone) d.has_about = true, d.about = knowledge::knows(s.b, seat, p.about) ? p.about : kUnseen;
  if (p.kind == DecisionKind::Option) d.options = e.text().option_texts(s.b, p);
  // A hand trigger's question (API 5) names nothing of a card this seat does not know.
  if (e.hidden_from(s, seat, due.card, due.what)) {
    d.hidden = true;
    d.card = -1, d.what = What::Instant, d.prompt.clear(), d.options.clear();
    d.shown = -1, d.shown_hidden = false, d.about = -1, d.has_about = false;
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

Projection project(const Engine& e, const State& s, int seat) {
  const Board& b = s.b;
  Projection v;
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
  v.theaters.resize(static_cast<size_t>(b.ntheaters));
  for (int i = 0; i < b.ntheaters; ++i) {
    SeenTheater& t = v.theaters[static_cast<size_t>(i)];
    const int id = b.order[i];
    t.theater = id;
    for (int p = 0; p < 2; ++p) {
      const int k = e.stack(s, p, id, buf);
      for (int j = 0; j < k; ++j)
        t.stack[p].push_back(SeenCard{.card = seen(buf[j]), .faceup = b.card[buf[j]].faceup != 0,
                                      .strength = e.card_strength(s, buf[j]), .counters = counters(e, s, buf[j]),
                                      .among = among(buf[j])});
      t.total[p] = e.strength(s, p, id);
      e.bonuses(s, p, id, t.bonuses[p]);
    }
    t.controller = Engine::control(t.total[0], t.total[1], b.first);
  }
  for (int p = 0; p < 2; ++p) {
    const int n = e.zone(s, Zone::Hand, p, buf);
    for (int i = 0; i < n; ++i) {
      SeenCard c;
      c.card = p == seat ? buf[i] : seen(buf[i]);
      v.hand[p].push_back(std::move(c));
    }
    v.score[p] = b.score[p];
    v.player_counters[p] = counters(e, s, kCounterPlayer + p);
  }
  const int n = e.zone(s, Zone::Deck, 0, buf);
  v.deck_size = n;
  for (int i = 0; i < n; ++i)
    if (knowledge::knows(b, seat, buf[i])) v.deck_known.push_back(buf[i]), v.deck_places.push_back(i + 1);
  v.deductions = deductions(s, seat);
  for (int c = 0; c < b.ncards; ++c)
    if (b.card[c].zone == Zone::Held && b.card[c].owner == seat) v.held = c;
  for (int i = 0; i < b.nlasting; ++i) {
    const Lasting& l = b.lasting[i];
    v.effects.push_back(SeenEffect{.effect = l.effect, .card = l.card == kNone ? -1 : l.card,
                                   .player = l.player == kNone ? -1 : l.player, .until = l.until,
                                   .turns_left = int64_t{l.ends} - b.turns});
  }
  v.decision = decision(e, s, seat);
  if (e.rules().has(Hook::TurnActions)) [[unlikely]] {
    std::string texts[kMaxTurnActions];
    v.turn_actions.assign(texts, texts + e.turn_actions(s, texts));
  }
  return v;
}

}  // namespace als
