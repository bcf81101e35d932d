// Determinization: a full state consistent with what one player has seen (ruling 28), for
// search-based agents. The cards the player does not know trade identities at random; the
// game's generator is reseeded, so that no search foresees a later shuffle.
#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "engine.h"
#include "knowledge.h"

namespace als {

namespace {
inline uint64_t bit(int c) { return uint64_t{1} << c; }

uint16_t map_play(uint16_t o, const uint8_t* map) {
  PlayOption po = PlayOption::decode(o);
  return po.with_card(map[po.card]).code();
}

void map_due(Due& d, const uint8_t* map) {
  for (uint8_t* c : {&d.card, &d.event.card, &d.event.by})
    if (*c != kNone) *c = map[*c];
  if (d.event.cause != kNone && d.event.cause != kRuleCause) d.event.cause = map[d.event.cause];
}

uint64_t map_mask(uint64_t m, const uint8_t* map) {
  uint64_t out = 0;
  for (; m; m &= m - 1) out |= bit(map[__builtin_ctzll(m)]);
  return out;
}

// Applies the identity bijection `map` (old card -> new card) to a board or a snapshot: the
// card that stood at old card c's place is now map[c]. The places of every deduction follow the
// cards; the viewer's deductions keep their cards (the viewer knows those identities: the draw
// put them among the places), the other player's follow the places too.
void map_cards(BoardCore& t, const BoardCore& s, const uint8_t* map, int viewer) {
  t.known[0] = t.known[1] = 0;
  for (int c = 0; c < s.ncards; ++c) {
    t.card[map[c]] = s.card[c];
    for (int p = 0; p < 2; ++p)
      if ((s.known[p] >> c) & 1) t.known[p] |= bit(map[c]);
  }
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < s.ndeduced[p]; ++i) {
      const Deduction& d = s.deduced[p][i];
      t.deduced[p][i] = Deduction{p == viewer ? d.cards : map_mask(d.cards, map), map_mask(d.places, map)};
    }
  for (int i = 0; i < s.ncounters; ++i)  // a card's counters go with its place (API 3)
    if (s.counters[i].target < kCounterPlayer) t.counters[i].target = map[s.counters[i].target];
}
void map_board(Board& t, const Board& s, const uint8_t* map, int viewer) {
  map_cards(t, s, map, viewer);
  for (int i = 0; i < s.qlen; ++i) map_due(t.queue[i], map);  // the snapshot's queue too (its first qlen)
  for (int i = 0; i < s.nlasting; ++i) {  // lasting effects: their card, and cards in their data
    Lasting& l = t.lasting[i];
    if (l.card != kNone) l.card = map[l.card];
    for (int k = 0; k < l.nfields; ++k)
      if (l.type[k] == DataType::Card) l.value[k] = map[l.value[k]];
  }
  t.reindex();
}

}  // namespace

namespace {
// `t` becomes `s` with the identities `map` (old card -> new card), its generators as they were;
// `viewer`'s deductions keep their cards (-1: every deduction's cards follow too).
void relabel_cards(const Engine& e, const State& s, const uint8_t* map, int viewer, State& t) {
  copy_state(t, s);
  map_board(t.b, s.b, map, viewer);
  if (s.r.active) {
    map_cards(t.r.snapshot, s.r.snapshot, map, viewer);
    map_due(t.r.due, map);
    for (int i = 0; i < s.r.nanswers; ++i) {  // an answer names the card at a place: the place's new card
      uint16_t& a = t.r.answers[i];
      if (a == kNone) continue;
      if ((s.r.card_answers >> i) & 1) a = map[a];
      else if ((s.r.play_answers >> i) & 1) a = map_play(a, map);
    }
    Decision& d = t.r.pending;
    if (d.card != kNone) d.card = map[d.card];
    if (d.about != kNone) d.about = map[d.about];
    if (d.asker != kNone) d.asker = map[d.asker];
    uint16_t opt[kMaxOptions];
    int n = e.options(d, opt);
    for (int i = 0; i < n; ++i) {
      if (d.kind == DecisionKind::Card && opt[i] != kNone) opt[i] = map[opt[i]];
      else if (d.kind == DecisionKind::Play) opt[i] = map_play(opt[i], map);
    }
    d.set_options(opt, n);
  }
}
}  // namespace

// `t` becomes `s` with the identities `map` (old card -> new card), its generators reseeded from
// `rng`: a determinization's whole relabelling, the running ability's answers and question included.
void Engine::Sampler::relabel_state(const Engine& e, const State& s, const uint8_t* map, int viewer, State& t, Rng& rng) {
  relabel_cards(e, s, map, viewer, t);
  t.b.game_rng().seed(rng.next());
  if (s.r.active) t.r.snapshot.game_rng().seed(rng.next());
}

State permuted(const Engine& e, const State& s, const uint8_t* to) {
  uint8_t map[kMaxCards];
  for (int c = 0; c < kMaxCards; ++c) map[c] = c < s.b.ncards ? to[c] : static_cast<uint8_t>(c);
  State t;
  relabel_cards(e, s, map, -1, t);
  return t;
}

Engine::Sampler::Sampler(const Engine& e, const State& s, int viewer, bool check_all) : e_(&e), s_(&s), viewer_(viewer) {
  const Board& b = s.b;
  const auto hidden = [&](uint8_t c) { return c < b.ncards && viewer >= 0 && !knowledge::knows(b, viewer, c); };
  if (check_all || (s.r.active && (hidden(s.r.due.card) || hidden(s.r.pending.asker)))) check_worlds();
  // The cards the viewer does not know trade identities; the running ability's answers that name
  // a card are renamed with them (each answer's kind is kept), so no answer pins a hidden card.
  for (uint64_t m = knowledge::unknown(b, viewer); m; m &= m - 1)
    places_[n_] = ids_[n_] = static_cast<uint8_t>(__builtin_ctzll(m)), ++n_;
  // Places in a canonical order (zone, owner, theater, position): two states that differ only in
  // what the viewer cannot see give the same sample for the same generator.
  auto key = [&](uint8_t c) {
    const CardLoc& l = b.card[c];
    return std::make_tuple(l.zone, l.owner, l.theater, l.seq, knowledge::knows(b, 1 - viewer, c));
  };
  std::sort(places_, places_ + n_, [&](uint8_t x, uint8_t y) { return key(x) < key(y); });
  if (viewer < 0 || !b.ndeduced[viewer]) return;
  // The viewer's deductions, their places as positions in the canonical order.
  ndeduced_ = b.ndeduced[viewer];
  uint64_t seen = 0;
  for (int i = 0; i < ndeduced_; ++i) {
    const Deduction& d = b.deduced[viewer][i];
    deduced_cards_[i] = d.cards;
    for (int j = 0; j < n_; ++j)
      if ((d.places >> places_[j]) & 1) deduced_at_[i] |= bit(j);
    deductions_overlap_ = deductions_overlap_ || (seen & deduced_at_[i]);
    seen |= deduced_at_[i];
  }
}

void Engine::Sampler::draw(State& t, Rng& rng) const {
  Identities ids;
  draw(t, rng, ids);
}

void Engine::Sampler::draw(State& t, Rng& rng, Identities& out) const {
  for (int k = 1;; ++k) {
    identities(out, rng);
    relabel_state(*e_, *s_, out.map_, viewer_, t, rng);
    if (consistent(t) || k == kRedraws) return;  // (the last unchecked: a search redraws at a mismatch)
  }
}

void Engine::Sampler::check_worlds() {
  if (viewer_ >= 0 && !seen_) seen_ = std::make_shared<const Projection>(project(*e_, *s_, viewer_));
}

bool Engine::Sampler::consistent(State& t) const {
  if (!seen_) return true;
  if (!s_->r.active) return project(*e_, t, viewer_) == *seen_;  // (what the viewer sees: totals a copier's hidden card sets)
  thread_local State w;
  copy_state(w, t);
  w.b.restore(w.r.snapshot);
  try {
    e_->run_resolution(w, nullptr, nullptr);
  } catch (const ScriptError&) {
    return false;
  }
  if (!w.r.active || !(project(*e_, w, viewer_) == *seen_)) return false;
  copy_state(t, w);
  return true;
}

void Engine::Sampler::identities(Identities& out, Rng& rng) const {
  if (ndeduced_) [[unlikely]] {
    deduced_identities(out.map_, rng);
    out.drawn_ = true;
    return;
  }
  // The identities of the hidden cards, shuffled over their places.
  uint8_t ids[kMaxCards];
  std::copy(ids_, ids_ + n_, ids);
  rng.shuffle(ids, static_cast<size_t>(n_));
  uint8_t* map = out.map_;
  for (int c = 0; c < s_->b.ncards; ++c) map[c] = static_cast<uint8_t>(c);
  for (int i = 0; i < n_; ++i) map[places_[i]] = ids[i];
  out.drawn_ = true;
}

namespace {
// Whether the cards `cards` (each with the positions it may take, `allowed`) can each take a
// position of `free`, no two the same (a bipartite matching, Kuhn's augmenting paths).
bool can_place(const uint64_t* allowed, int cards, uint64_t free) {
  int owner[kMaxCards];  // position -> the card holding it, or -1
  std::fill(owner, owner + kMaxCards, -1);
  auto augment = [&](auto& self, int card, uint64_t& visited) -> bool {
    for (uint64_t m = allowed[card] & free & ~visited; m; m &= m - 1) {
      const int at = __builtin_ctzll(m);
      visited |= bit(at);
      if (owner[at] < 0 || self(self, owner[at], visited)) {
        owner[at] = card;
        return true;
      }
    }
    return false;
  };
  for (int c = 0; c < cards; ++c) {
    uint64_t visited = 0;
    if (!augment(augment, c, visited)) return false;
  }
  return true;
}
}  // namespace

void Engine::Sampler::deduced_identities(uint8_t* map, Rng& rng) const {
  for (int c = 0; c < s_->b.ncards; ++c) map[c] = static_cast<uint8_t>(c);
  uint64_t free = n_ >= 64 ? ~uint64_t{0} : bit(n_) - 1, placed = 0;
  // Each deduced card, in turn, at a random position among its deduction's places that leaves
  // the cards after it room (always, when no two deductions share a place).
  uint8_t card[kMaxCards];
  uint64_t allowed[kMaxCards];
  int k = 0;
  for (int i = 0; i < ndeduced_; ++i)
    for (uint64_t m = deduced_cards_[i]; m; m &= m - 1) card[k] = static_cast<uint8_t>(__builtin_ctzll(m)), allowed[k++] = deduced_at_[i];
  for (int i = 0; i < k; ++i) {
    uint8_t options[kMaxCards];
    int n = 0;
    for (uint64_t m = allowed[i] & free; m; m &= m - 1) options[n++] = static_cast<uint8_t>(__builtin_ctzll(m));
    rng.shuffle(options, static_cast<size_t>(n));
    int at = -1;
    for (int j = 0; j < n && at < 0; ++j)
      if (!deductions_overlap_ || can_place(allowed + i + 1, k - i - 1, free & ~bit(options[j]))) at = options[j];
    if (at < 0) continue;  // (a state no game reaches: the card keeps no deduction)
    map[places_[at]] = card[i];
    free &= ~bit(at), placed |= bit(card[i]);
  }
  // The other hidden cards, shuffled over the positions left.
  uint8_t ids[kMaxCards];
  int m = 0;
  for (int i = 0; i < n_; ++i)
    if (!((placed >> ids_[i]) & 1)) ids[m++] = ids_[i];
  rng.shuffle(ids, static_cast<size_t>(m));
  int j = 0;
  for (int i = 0; i < n_; ++i)
    if ((free >> i) & 1) map[places_[i]] = ids[j++];
}

bool Engine::Sampler::redraw(const Identities& ids, State& t, Rng& rng) const {
  if (!ids.drawn_) throw std::invalid_argument("redraw: identities that were never drawn");
  relabel_state(*e_, *s_, ids.map_, viewer_, t, rng);
  return consistent(t);
}

Action Engine::Sampler::relabel(const Identities& ids, const State& past, const Action& a, State& t, Rng& rng) const {
  if (!ids.drawn_) throw std::invalid_argument("relabel: identities that were never drawn");
  if (past.b.ncards != s_->b.ncards) throw std::invalid_argument("relabel: a state of other cards");
  const DecisionKind kind = e_->decision_kind(past);
  relabel_state(*e_, past, ids.map_, viewer_, t, rng);
  const uint8_t* map = ids.map_;
  Action out = a;
  if (a.type == Action::Deploy || a.type == Action::Improvise) {
    if (a.card < past.b.ncards) out.card = map[a.card];
  } else if (a.type == Action::Choose && a.option != kNone) {
    if (kind == DecisionKind::Card && a.option < past.b.ncards) out.option = map[a.option];
  }
  return out;
}

State Engine::sample(const State& s, int viewer, Rng& rng) const {
  State t;
  Sampler(*this, s, viewer).draw(t, rng);
  return t;
}

}  // namespace als
