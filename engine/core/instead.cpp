// Replacement effects (API 6; docs/modding.md, "Replacement effects"): before an ability's
// destroy, flip, move or return to hand happens, the `instead` functions that apply to it run, one
// at a time, until one replaces it. A board card's own apply to it while it is faceup; a lasting
// effect's and a house rule's to any card. The affected card's owner chooses among several, as the
// rules' "you" would; one that declines (returns false) leaves the choice to the others. A
// replacement never replaces an event it causes itself (AbilityCtx::replacing).
#include <algorithm>

#include "engine.h"

namespace als {

// The replacements of kind k that apply to `card` now, in order (its own, the lasting effects',
// the rules'), but those running in `c`.
int Engine::insteads_now(const AbilityCtx& c, Instead k, int card, InsteadSource* out) const {
  const Board& b = c.s->b;
  const int bitk = static_cast<int>(k);
  int n = 0;
  auto running = [&](const InsteadSource& src) {
    return std::find(c.replacing, c.replacing + c.nreplacing, src.code()) != c.replacing + c.nreplacing;
  };
  auto add = [&](InsteadSource src) {
    if (!running(src)) out[n++] = src;
  };
  const CardLoc& l = b.card[card];
  if (((instead_cards_[bitk] >> card) & 1) && l.zone == Zone::Board && l.faceup)
    add(InsteadSource{InsteadSource::Card, static_cast<uint8_t>(card)});
  if ((lasting_instead_ >> bitk) & 1)
    for (int i = 0; i < b.nlasting; ++i)
      if (!b.lasting_ended(i) && ((set_.lasting[b.lasting[i].effect].instead >> bitk) & 1))
        add(InsteadSource{InsteadSource::Effect, static_cast<uint8_t>(i), b.lasting[i].uid});
  if ((rules_.instead >> bitk) & 1)
    for (int r = 0, nr = scripts_->rule_insteads(); r < nr; ++r)
      if ((scripts_->rule_instead(r) >> bitk) & 1) add(InsteadSource{InsteadSource::Rule, static_cast<uint8_t>(r)});
  return n;
}

// The owner of `card` picks one of `n` (> 1) replacements: an Option question naming each. Its
// place, or -1 while the question is pending (the run goes on dry).
int Engine::choose_instead(AbilityCtx& c, Instead k, int card, const InsteadSource* srcs, int n) const {
  const Board& b = c.s->b;
  std::string joined;
  uint16_t opts[kMaxOptionTexts];
  n = std::min(n, kMaxOptionTexts);
  for (int i = 0; i < n; ++i) {
    const InsteadSource& src = srcs[i];
    std::string name = src.type == InsteadSource::Card     ? text().card_word(src.index)
                       : src.type == InsteadSource::Effect ? "effect " + text().effect_text(b.lasting[src.index].effect)
                                                           : "house rule " + std::to_string(src.index + 1);
    joined += (i ? "\n" : "") + name;
    opts[i] = static_cast<uint16_t>(i);
  }
  const int prompt = interned().intern(b, "what happens instead: " + text().card_word(card) + " would be " +
                                              kInsteadPast[static_cast<int>(k)]);
  return ask(c, b.card[card].owner, DecisionKind::Option, opts, n, card, card, prompt, interned().intern(b, joined));
}

// Whether the event may still happen to the card where it is: a declined replacement may have
// changed the board.
static bool still_possible(const Board& b, Instead k, int card, int to) {
  const CardLoc& l = b.card[card];
  if (k == Instead::Destroy) return l.zone == Zone::Board || l.zone == Zone::Hand;
  if (l.zone != Zone::Board) return false;
  return k != Instead::Move || l.theater != to;
}

bool Engine::replaced(AbilityCtx& c, Instead k, int card, int to) const {
  InsteadSource srcs[1 + kMaxLasting + kMaxRuleHooks];
  int n = insteads_now(c, k, card, srcs);
  if (n == 0) return false;
  if (c.nreplacing >= static_cast<int>(std::size(c.replacing)))
    throw ScriptError("replacements nested too deeply (a replacement's event replaced by another, " +
                      std::to_string(std::size(c.replacing)) + " deep)");
  const Board& b = c.s->b;
  const uint8_t owner = b.card[card].owner;
  const uint8_t from = b.card[card].zone == Zone::Hand ? kHandTheater : b.card[card].theater;
  while (n > 0) {
    const int pick = n == 1 ? 0 : choose_instead(c, k, card, srcs, n);
    if (pick < 0 || c.dry) return true;  // (a question pending: the rest of the run is dry)
    const InsteadSource src = srcs[pick];
    const uint8_t cause = src.type == InsteadSource::Card     ? src.index
                          : src.type == InsteadSource::Effect && b.lasting[src.index].card != kNone ? b.lasting[src.index].card
                                                                                                   : kRuleCause;
    std::copy(srcs + pick + 1, srcs + n, srcs + pick);  // (one replacement runs once for one event)
    --n;
    const uint8_t saved_of = c.instead_of, saved_card = c.instead_card;
    const int saved_at = c.instead_at;
    c.replacing[c.nreplacing++] = src.code();
    c.instead_of = static_cast<uint8_t>(static_cast<int>(k) + 1);
    c.instead_card = static_cast<uint8_t>(card);
    c.instead_at = -1;
    bool done;
    try {
      done = scripts_->run_instead(c, src, k, card, to);
    } catch (...) {
      --c.nreplacing;
      c.instead_of = saved_of, c.instead_card = saved_card, c.instead_at = saved_at;
      throw;
    }
    --c.nreplacing;
    const bool marked = c.instead_of == 0;
    const int at = c.instead_at;
    c.instead_of = saved_of, c.instead_card = saved_card, c.instead_at = saved_at;
    if (c.dry) return true;
    if (done) {
      if (!marked)  // nothing it did moved or turned the card: the log says the event did not happen
        emit(&c, nullptr, Event{.type = Event::Replaced, .player = owner, .card = static_cast<uint8_t>(card),
                                .from = from, .value = static_cast<int>(k), .cause = cause});
      return true;
    }
    // Declined: what it did to the card did not happen instead of anything.
    if (marked && at >= 0 && c.log && static_cast<size_t>(at) < c.log->events.size()) c.log->events[at].instead = 0;
    if (!still_possible(c.s->b, k, card, to)) return true;
    // The others still apply only if they still would (the declined one's doings may have ended
    // an effect or turned the card facedown).
    InsteadSource now[1 + kMaxLasting + kMaxRuleHooks];
    const int m = insteads_now(c, k, card, now);
    int kept = 0;
    for (int i = 0; i < n; ++i)
      if (std::any_of(now, now + m, [&](const InsteadSource& x) { return x.type == srcs[i].type && x.code() == srcs[i].code(); }))
        srcs[kept++] = srcs[i];
    n = kept;
  }
  return false;
}

}  // namespace als
