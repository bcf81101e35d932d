// The pending question in words (question.h), from the projection alone.
#include "question.h"

namespace als {

Question render_question(const Engine& e, const Projection& p, Naming naming) {
  Question q;
  const SeenDecision& d = p.decision;
  if (!d.asked) return q;
  q.asked = true, q.kind = d.kind, q.player = d.player;
  if (d.hidden) {  // a hand trigger's question (API 5): the seat reads only who decides
    q.hidden = true;
    q.ability = "player " + std::to_string(d.player + 1) + " decides";
    return q;
  }
  const Texts t = e.text(naming);
  const Due due{.card = static_cast<uint8_t>(d.card < 0 ? kNone : d.card), .what = d.what};
  q.ability = t.due_text(due, d.effect);
  q.card = d.card, q.owner = d.owner;
  q.lasting = d.effect >= 0;
  if (d.card >= 0) q.text = e.set().cards[static_cast<size_t>(d.card)].text;
  q.prompt = d.prompt;
  if (d.shown >= 0) q.shown = t.card_word(static_cast<size_t>(d.shown));
  if (d.has_about) {
    if (d.about >= 0) q.about = t.card_word(static_cast<size_t>(d.about));
    else if (d.about_player >= 0)
      q.about = std::to_string(d.about_player + 1) + ":" + t.theater_name(d.about_theater) + ":" + std::to_string(d.about_depth);
    else q.about = "?";
  }
  q.options = d.options;
  return q;
}

}  // namespace als
