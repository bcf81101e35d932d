#pragma once
#include <string>

#include "engine.h"

namespace als::test {

inline std::shared_ptr<Engine> load(const std::string& cards = "standard", const std::vector<std::string>& rules = {}) {
  return Engine::load(cards, rules, ALS_DATA_DIR);
}

/// Field-by-field equality of two states (padding bytes are not compared).
inline bool same(const State& x, const State& y) {
  const Board &a = x.b, &b = y.b;
  if (a.ncards != b.ncards || a.ntheaters != b.ntheaters || a.first != b.first || a.turn != b.turn ||
      a.phase != b.phase || a.winner != b.winner || a.battle != b.battle || a.score[0] != b.score[0] ||
      a.score[1] != b.score[1] || a.known[0] != b.known[0] || a.known[1] != b.known[1] || a.qlen != b.qlen ||
      !(a.rng == b.rng) || x.r.active != y.r.active)
    return false;
  for (int i = 0; i < a.ntheaters; ++i)
    if (a.order[i] != b.order[i]) return false;
  for (int c = 0; c < a.ncards; ++c) {
    const CardLoc &p = a.card[c], &q = b.card[c];
    if (p.zone != q.zone || p.owner != q.owner || p.theater != q.theater || p.faceup != q.faceup || p.seq != q.seq)
      return false;
  }
  for (int i = 0; i < a.qlen; ++i)
    if (a.queue[i] != b.queue[i]) return false;
  if (x.r.active) {
    if (x.r.nanswers != y.r.nanswers || x.r.pending.n != y.r.pending.n || x.r.pending.player != y.r.pending.player)
      return false;
    for (int i = 0; i < x.r.pending.n; ++i)
      if (x.r.pending.opt[i] != y.r.pending.opt[i]) return false;
  }
  return true;
}

}  // namespace als::test
