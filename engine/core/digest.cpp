// digest (digest.h): a state's XXH64, field by field, with fixed codes for its enumerations and
// names by their text (game records: docs/design.md, "Game records").
#include <xxhash.h>

#include "digest.h"
#include "engine.h"

namespace als {

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
    case What::HookTurnAction: return 18;
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
  // (flipped, API 6's `how`: only in a set of API 6, which alone reads it, so that the digests of
  // earlier sets' games, which their records check, stay what they were)
  void due(const Due& d) {
    const bool api6 = eng.set().api >= 6;
    const EventFacts& e = d.event;
    const uint16_t f = is_trigger(d.what) ? trigger_event(d.what).fields : 0;
    const uint8_t place = f & kFieldTheater ? e.theater : f & kFieldFrom ? e.from : f & kFieldFromPlayer ? e.from_player : kNone;
    const uint8_t to = f & kFieldTo ? e.theater : kNone,
                  face = static_cast<uint8_t>(e.faceup | e.withdrew | e.shown_to << 2 | e.left_board << 4 |
                                                      (api6 ? e.flipped << 5 : 0));  // (shown_to: API 4; left_board: ruling 29)
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
    text(eng.interned().name(b, b.last.reason)), text(eng.interned().name(b, b.end_reason));
    turn(b.turns), put(b.ncounters), put(b.nlasting), put(b.next_uid);
    if (b.ended_lasting) put(b.ended_lasting);
    for (int i = 0; i < b.ncounters; ++i) put(b.counters[i].target), text(eng.interned().name(b, b.counters[i].name)), put(b.counters[i].value);
    // API 4's parts (a set of API 4, or an effect with an API 4 moment): version 1's bytes are
    // unchanged for the games of API 1 to 3, whose records keep checking their digests.
    const bool api4 = eng.set().api >= 4;
    for (int i = 0; i < b.nlasting; ++i) {
      const Lasting& e = lasting[i];
      put(e.card), put(e.effect), put(e.uid), turn(e.ends), put(e.nfields);
      for (int k = 0; k < e.nfields; ++k) put(e.type[k]), text(eng.interned().name(b, e.key[k])), put(e.value[k]);
      if (api4 || e.until > Until::BattleEnd) put(e.until), put(e.player), turn(e.started), turn(e.started_turn);
    }
    if (api4) turn(b.battle_from);
    // Deductions (ruling 30): only where a player keeps one, so that every other state's
    // digest is what it was before them.
    for (int p = 0; p < 2; ++p) {
      if (!b.ndeduced[p]) continue;
      put(static_cast<uint8_t>(0xd0 + p)), put(b.ndeduced[p]);
      for (int i = 0; i < b.ndeduced[p]; ++i) put(b.deduced[p][i].cards), put(b.deduced[p][i].places);
    }
    for (int i = 0; i < 4; ++i) put(b.rng_state().word(i));
  }
  const Engine& eng;
};
}  // namespace

uint64_t digest(const Engine& e, const State& s) {
  Bytes out{{}, e};
  out.board(s.b, s.b.queue, s.b.lasting);
  if (e.set().api >= 4) {  // API 4: the battles decided and a game_over hook's reason
    out.put(s.b.nhistory);
    for (int i = 0; i < s.b.nhistory; ++i) {
      const BattleRecord& h = s.b.history[i];
      out.turn(h.number), out.put(h.winner), out.put(h.first), out.put(h.withdrew), out.put(h.vp);
      out.put(h.scores[0]), out.put(h.scores[1]), out.text(e.interned().name(s.b, h.reason));
    }
    out.text(e.interned().name(s.b, s.b.game_reason));
  } else if (s.b.game_reason) {
    out.text(e.interned().name(s.b, s.b.game_reason));
  }
  out.put(s.r.active);
  if (s.r.active) {
    out.due(s.r.due);
    out.put(s.r.nanswers);
    for (int i = 0; i < s.r.nanswers; ++i) out.put(s.r.answers[i]);
    const Decision& d = s.r.pending;
    uint16_t opt[kMaxOptions];
    int n = e.options(d, opt);
    out.put(d.player), out.put(d.kind), out.put(d.card), out.put(d.about), out.put(d.n);
    out.text(e.interned().name(s.b, d.prompt));
    for (int i = 0; i < n; ++i) out.put(opt[i]);
    if (d.kind == DecisionKind::Option) out.text(e.interned().name(s.b, d.texts));  // API 4 (other kinds keep version 1's bytes)
    out.board(s.r.snapshot, s.b.queue, s.b.lasting);
  }
  return XXH64(out.v.data(), out.v.size(), 0);
}

namespace {
// Whether a player knows a card of the other's hand: the one case where version 1's knowledge
// and ruling 30's part (knowledge::leaves_hand).
bool knows_a_hand_card(const Board& b) { return (b.known[0] & b.in_hand(1)) | (b.known[1] & b.in_hand(0)); }
}  // namespace

void DigestCheck::before(const State& s) {
  if (version_ == 1 && knows_a_hand_card(s.b)) unchecked_battle_ = s.b.battle;
}

bool DigestCheck::comparable(const State& after) {
  bool ok = version_ == kDigestVersion;
  if (version_ == 1) {
    if (knows_a_hand_card(after.b) || after.b.ndeduced[0] || after.b.ndeduced[1]) unchecked_battle_ = after.b.battle;
    ok = unchecked_battle_ != static_cast<int64_t>(after.b.battle);
  }
  skipped_ += !ok;
  return ok;
}

}  // namespace als
