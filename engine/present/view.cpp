// The view's texts (view.h), rendered from a projection.
#include "view.h"

#include "names.h"

namespace als {

namespace {
std::string signed_number(int n) {
  std::string out(n >= 0 ? "+" : "");
  return out += std::to_string(n);
}
const std::string& theater_name(const Engine& e, int id) {
  static const std::string unknown = "?";
  return id >= 0 && static_cast<size_t>(id) < e.rules().theaters.size() ? e.text().theater_name(id) : unknown;
}
// " (until the end of the next turn)": when a lasting effect ends.
std::string until_text(const SeenEffect& x) {
  const std::string whose = x.player < 0 ? "its player" : "player " + std::to_string(x.player + 1);
  switch (x.until) {
    case Until::BattleEnd: return " (until the end of the battle)";
    case Until::GameEnd: return " (until the end of the game)";
    case Until::OwnNextTurnStart: return " (until " + whose + "'s next turn starts)";
    case Until::OwnNextTurnEnd: return " (until the end of " + whose + "'s next turn)";
    default: break;
  }
  if (x.turns_left <= 0) return " (until the end of the turn)";
  if (x.turns_left == 1) return " (until the end of the next turn)";
  return " (until the end of the " + ordinal(static_cast<int>(x.turns_left)) + " turn from now)";
}
}  // namespace

std::string card_id(const Engine& e, int card) {
  return card == kUnseen || card < 0 || static_cast<size_t>(card) >= e.set().cards.size() ? std::string("?")
                                                                                      : e.set().cards[static_cast<size_t>(card)].id;
}

std::string card_name(const Engine& e, int card) {
  return card == kUnseen || card < 0 || static_cast<size_t>(card) >= e.set().cards.size() ? std::string("?")
                                                                                      : e.set().cards[static_cast<size_t>(card)].name;
}

std::string card_word(const Engine& e, int card, Naming naming) {
  return naming == Naming::Names ? card_name(e, card) : card_id(e, card);
}

std::string card_text(const Engine& e, const SeenCard& c, bool on_board, Naming naming) {
  std::string out(on_board && !c.faceup ? "~" : "");
  return out += card_word(e, c.card, naming);
}

std::string bonus_text(const Engine& e, const Bonus& b, Naming naming) {
  std::string out = signed_number(b.amount);
  switch (b.source) {
    case Bonus::Source::Tokens: return out + (b.amount == 1 ? " token" : " tokens");
    case Bonus::Source::Declared: return out + " " + card_word(e, b.card, naming) + " (" + theater_name(e, b.from) + ")";
    case Bonus::Source::Scripted: break;
  }
  if (b.effect >= 0) return out + " " + e.text(naming).effect_text(b.effect);
  if (b.card < 0) return out + " (house rule)";
  return out + " " + card_word(e, b.card, naming) + " (" + theater_name(e, b.from) + ", scripted)";
}

std::string effect_line(const Engine& e, const SeenEffect& x, Naming naming) {
  return e.text(naming).effect_text(x.effect) + until_text(x);
}

std::string counters_text(const std::vector<SeenCounter>& cs) {
  std::string text;
  for (const SeenCounter& c : cs) text += (text.empty() ? "" : ", ") + c.name + " " + std::to_string(c.value);
  return text;
}

namespace {
// Calls f(player, theater, place from the bottom, from 1) for each board place of deduction i.
template <typename F>
void board_places(const Projection& p, size_t i, F f) {
  for (const SeenTheater& t : p.theaters)
    for (int q = 0; q < 2; ++q)
      for (size_t j = 0; j < t.stack[q].size(); ++j)
        if ((t.stack[q][j].among >> i) & 1) f(q, t.theater, static_cast<int>(j) + 1);
}
}  // namespace

std::string deduction_text(const Engine& e, const Projection& p, size_t i, const std::string (&whose)[2],
                           Naming naming) {
  const SeenDeduction& d = p.deductions.at(i);
  std::string cards, places;
  for (int c : d.cards) cards += (cards.empty() ? "" : ", ") + card_word(e, c, naming);
  auto place = [&](const std::string& text) { places += (places.empty() ? "" : ", ") + text; };
  board_places(p, i, [&](int q, int theater, int n) {
    place(whose[q] + " facedown card in " + theater_name(e, theater) + " (" + ordinal(n) + " from the bottom)");
  });
  for (int q = 0; q < 2; ++q)
    if (d.in_hand[q]) place(std::to_string(d.in_hand[q]) + (d.in_hand[q] == 1 ? " card of " : " cards of ") + whose[q] + " hand");
  if (d.in_deck) place(std::to_string(d.in_deck) + (d.in_deck == 1 ? " card in the deck" : " cards in the deck"));
  const bool one = d.cards.size() == 1;
  return cards + (one ? " is among " : " are among ") + places +
         (!one && static_cast<int>(d.cards.size()) == d.places() ? " (one each)" : "");
}

View render_view(const Engine& e, const Projection& p) {
  View v;
  v.viewer = p.seat;
  for (const SeenTheater& t : p.theaters) {
    v.theaters.push_back(theater_name(e, t.theater));
    v.controller.push_back(t.controller);
    for (int q = 0; q < 2; ++q) {
      auto& stack = v.stacks[q].emplace_back();
      auto& strength = v.card_strength[q].emplace_back();
      auto& counters = v.card_counters[q].emplace_back();
      for (const SeenCard& c : t.stack[q]) {
        stack.push_back(card_text(e, c, true));
        strength.push_back(c.strength);
        counters.push_back(counters_text(c.counters));
      }
      v.strength[q].push_back(t.total[q]);
      int tokens = 0;
      auto& bonuses = v.bonuses[q].emplace_back();
      for (const Bonus& b : t.bonuses[q]) {
        if (b.source == Bonus::Source::Tokens) tokens += b.amount;
        bonuses.push_back(bonus_text(e, b));
      }
      v.tokens[q].push_back(tokens);
    }
  }
  for (int q = 0; q < 2; ++q) {
    for (const SeenCard& c : p.hand[q]) v.hand[q].push_back(card_text(e, c, false));
    v.score[q] = p.score[q];
    for (const SeenCounter& c : p.player_counters[q]) v.player_counters[q].emplace_back(c.name, c.value);
  }
  v.deck_size = p.deck_size;
  for (int c : p.deck_known) v.deck_known.push_back(card_id(e, c));
  v.deck_positions = p.deck_places;
  if (p.held >= 0) v.held = card_id(e, p.held);
  const std::string players[2] = {"player 1's", "player 2's"};
  for (size_t i = 0; i < p.deductions.size(); ++i) {
    const SeenDeduction& d = p.deductions[i];
    DeducedView& x = v.deduced.emplace_back();
    for (int c : d.cards) x.cards.push_back(card_id(e, c));
    x.hand[0] = d.in_hand[0], x.hand[1] = d.in_hand[1], x.deck = d.in_deck;
    board_places(p, i, [&](int q, int theater, int n) {
      x.board.push_back(std::to_string(q + 1) + ":" + theater_name(e, theater) + ":" + std::to_string(n));
    });
    x.text = deduction_text(e, p, i, players);
  }
  for (const SeenEffect& x : p.effects) v.effects.push_back(effect_line(e, x));
  v.prompt = p.decision.prompt;
  v.first = p.first, v.battle = p.battle, v.to_act = p.to_act;
  return v;
}

View view_of(const Engine& e, const State& s, int viewer) { return render_view(e, project(e, s, viewer)); }

}  // namespace als
