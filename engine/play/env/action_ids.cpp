// The fixed action space of a card set and its theaters (action_ids.h): ids to actions and back.
#include "action_ids.h"

#include "knowledge.h"

namespace als {

ActionIds::ActionIds(const Engine& e) {
  const auto& cards = e.set().cards;
  const auto& theaters = e.rules().theaters;
  cards_ = static_cast<int>(cards.size());
  theaters_ = static_cast<int>(theaters.size());
  patterns_.push_back("withdraw");
  for (const char* verb : {"deploy ", "improvise "})
    for (const CardDef& c : cards)
      for (const std::string& t : theaters) patterns_.push_back(verb + c.id + " " + t);
  for (const CardDef& c : cards) patterns_.push_back("choose " + c.id);
  for (const std::string& t : theaters) patterns_.push_back("choose " + t);
  patterns_.push_back("choose none");
  for (int p = 0; p < 2; ++p)
    for (const std::string& t : theaters)
      for (size_t n = 1; n <= cards.size(); ++n)
        patterns_.push_back("choose " + std::to_string(p + 1) + ":" + t + ":" + std::to_string(n));
  options_from_ = static_cast<int>(patterns_.size());
  for (int k = 1; k <= kMaxOptionTexts; ++k) patterns_.push_back("option " + std::to_string(k));
  turns_from_ = static_cast<int>(patterns_.size());
  if (e.rules().has(Hook::TurnActions))  // (API 5) only with the hook: other games keep their space
    for (int k = 1; k <= kMaxTurnActions; ++k) patterns_.push_back("action " + std::to_string(k));
  // A question may name a card the seat cannot identify in a hand or the deck where a script may
  // list such cards: a card's of API 2 or later (g:choose_card over any list), or a house rule's
  // acting hook or turn action, which may ask with any set. Other games keep their ids.
  const bool rules_ask = e.rules().has(Hook::Deal) || e.rules().has(Hook::BattleStart) ||
                         e.rules().has(Hook::TurnStart) || e.rules().has(Hook::TurnEnd) ||
                         e.rules().has(Hook::TurnActions);
  if (e.set().api >= 2 || rules_ask) {
    hands_from_ = static_cast<int>(patterns_.size());
    for (int p = 0; p < 2; ++p)
      for (size_t n = 1; n <= cards.size(); ++n) patterns_.push_back("choose " + std::to_string(p + 1) + ":hand:" + std::to_string(n));
    for (size_t n = 1; n <= cards.size(); ++n) patterns_.push_back("choose deck:" + std::to_string(n));
  }
  const size_t theaters_from = 1 + 2 * cards.size() * theaters.size() + cards.size();
  for (size_t i = 0; i < patterns_.size(); ++i) {
    bool theater = i >= theaters_from && i <= theaters_from + theaters.size();  // the theaters and "none"
    (theater ? theater_index_ : index_).emplace(patterns_[i], static_cast<int>(i));
    if (i == theaters_from + theaters.size()) index_.emplace(patterns_[i], static_cast<int>(i));  // none
  }
}

int ActionIds::id(const Engine& e, const State& s, const Action& a, int viewer) const {
  const int C = cards_, T = theaters_;
  switch (a.type) {
    case Action::Withdraw: return 0;
    case Action::Deploy: return 1 + a.card * T + a.theater;
    case Action::Improvise: return 1 + C * T + a.card * T + a.theater;
    case Action::Rule: return a.option < kMaxTurnActions && turns_from_ < size() ? turns_from_ + a.option : -1;
    case Action::Choose: break;
  }
  const int base = 1 + 2 * C * T;
  if (a.option == kNone) return base + C + T;
  if (e.decision_kind(s) == DecisionKind::Theater) return base + C + a.option;
  if (e.decision_kind(s) == DecisionKind::Option) return a.option < kMaxOptionTexts ? options_from_ + a.option : -1;
  const int c = a.option;
  if (knowledge::knows(s.b, viewer, c)) return base + c;
  const CardLoc& l = s.b.card[c];  // a card the viewer cannot identify: its position
  if ((l.zone == Zone::Hand || l.zone == Zone::Deck) && hands_from_ >= 0) {
    const int k = s.b.place_in_zone(c);  // in the hand as held, in the deck from the top
    return l.zone == Zone::Hand ? hands_from_ + l.owner * C + k : hands_from_ + 2 * C + k;
  }
  if (l.zone != Zone::Board) return -1;
  uint8_t st[kMaxCards];
  int n = e.stack(s, l.owner, l.theater, st), k = 0;
  while (k < n && st[k] != c) ++k;
  return base + C + T + 1 + (l.owner * T + l.theater) * C + k;
}

}  // namespace als
