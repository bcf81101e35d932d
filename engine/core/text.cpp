// Texts of the game (texts.h): action and option texts, their parsing, event lines, and what
// each player may see (ruling 28). Nothing here changes a game.
#include <algorithm>
#include <cstdlib>

#include "engine.h"
#include "knowledge.h"
#include "names.h"
#include "texts.h"

namespace als {

const std::string& Texts::card_word(size_t card) const {
  const CardDef& d = e_.set().cards[card];
  return names_ ? d.name : d.id;
}

int Texts::theater_id(std::string_view name) const {
  for (size_t i = 0; i < e_.rules().theaters.size(); ++i)
    if (e_.rules().theaters[i] == name) return static_cast<int>(i);
  return -1;
}

std::string Texts::card_label(const State& s, int card, int viewer) const {
  const Board& b = s.b;
  if (knowledge::knows(b, viewer, card)) return card_word(static_cast<size_t>(card));
  const CardLoc& l = b.card[card];
  if (l.zone == Zone::Board) {
    uint8_t st[kMaxCards];
    int n = e_.stack(s, l.owner, l.theater, st);
    int i = static_cast<int>(std::find(st, st + n, card) - st);
    return std::to_string(l.owner + 1) + ":" + e_.rules().theaters[l.theater] + ":" + std::to_string(i + 1);
  }
  return "?";
}

namespace {
std::string player_text(int p) { return "player " + std::to_string(p + 1); }
// An event's `theater` or `from` in a log line: a theater's name, "hand", "the deck", or "?".
std::string place_text(const std::vector<std::string>& theaters, int t) {
  return t == kHandTheater ? std::string("hand")
         : t == kDeckPlace ? std::string("the deck")
         : t >= 0 && t < static_cast<int>(theaters.size()) ? theaters[static_cast<size_t>(t)]
                                                            : std::string("?");
}
}  // namespace

std::string Texts::hidden_card_text(const State& s, int card) const {
  const CardLoc& l = s.b.card[card];
  const std::string owner = player_text(l.owner);
  switch (l.zone) {
    case Zone::Board: return "a facedown card of " + owner;
    case Zone::Hand: return "a card in " + owner + "'s hand";
    case Zone::Held: return "a card held by " + owner;
    case Zone::Deck: return "a card of the deck";
    case Zone::Out: break;
  }
  return "a card";
}

std::string Texts::message_for(const State& s, int viewer, std::string_view text) const {
  if (viewer < 0) return std::string(text);
  auto word = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_'; };
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (!word(text[i])) {
      out.push_back(text[i++]);
      continue;
    }
    size_t j = i;
    while (j < text.size() && word(text[j])) ++j;
    const std::string_view token = text.substr(i, j - i);
    const int c = e_.set().find(std::string(token));
    if (c < 0 || knowledge::knows(s.b, viewer, c)) {
      out.append(c < 0 ? token : std::string_view(card_word(static_cast<size_t>(c))));
    } else {
      // "card 'ID'" reads "a card in player 2's hand", not "card 'a card in ...'".
      const bool quoted = i >= 6 && text.substr(i - 6, 6) == "card '" && j < text.size() && text[j] == '\'';
      if (quoted) out.resize(out.size() - 6), ++j;
      out += hidden_card_text(s, c);
    }
    i = j;
  }
  return out;
}

std::string Texts::option_text(const State& s, DecisionKind kind, uint16_t opt, int viewer) const {
  const size_t ncards = e_.set().cards.size(), ntheaters = e_.rules().theaters.size();
  if (kind == DecisionKind::Play) {
    PlayOption po = PlayOption::decode(opt);
    if (po.card >= ncards || po.theater >= ntheaters) return "?";
    return std::string(po.facedown ? "improvise " : "deploy ") + card_word(po.card) + " " + e_.rules().theaters[po.theater];
  }
  if (opt == kNone) return "none";
  if (kind == DecisionKind::Theater) return opt < ntheaters ? e_.rules().theaters[opt] : "?";
  if (kind == DecisionKind::Option) {
    const std::vector<std::string> texts = s.r.active ? option_texts(s.b, s.r.pending) : std::vector<std::string>{};
    return opt < texts.size() ? texts[opt] : "?";
  }
  if (opt >= ncards) return "?";
  // A card the deciding player cannot identify in a hand or the deck: by its place there, as a
  // board card is by its place ("2:hand:1", the first as held; "deck:3", the third from the top),
  // so that each option has a text of its own. (To the other player, who cannot follow a hand's
  // order, such an option stays "?".)
  const CardLoc& l = s.b.card[opt];
  if ((l.zone == Zone::Hand || l.zone == Zone::Deck) && s.r.active && s.r.pending.player == viewer &&
      !knowledge::knows(s.b, viewer, opt)) [[unlikely]] {
    const int n = 1 + s.b.place_in_zone(opt);
    return l.zone == Zone::Hand ? std::to_string(l.owner + 1) + ":hand:" + std::to_string(n) : "deck:" + std::to_string(n);
  }
  return card_label(s, opt, viewer);
}

std::string Texts::action_text(const State& s, const Action& a, int viewer) const {
  // Built in one buffer: agents' searches key their trees by these texts (hot).
  std::string out;
  out.reserve(48);
  auto th = [&](int t) -> const std::string& {
    static const std::string unknown = "?";
    return t < static_cast<int>(e_.rules().theaters.size()) ? e_.rules().theaters[t] : unknown;
  };
  switch (a.type) {
    case Action::Deploy:
    case Action::Improvise: {
      out.append(a.type == Action::Deploy ? "deploy " : "improvise ");
      const bool card_ok = a.card < e_.set().cards.size();
      if (card_ok && knowledge::knows(s.b, viewer, a.card)) out.append(card_word(a.card));
      else out.append(card_ok ? card_label(s, a.card, viewer) : "?");
      out.push_back(' ');
      out.append(th(a.theater));
      return out;
    }
    case Action::Withdraw: return "withdraw";
    case Action::Rule: return "action " + std::to_string(a.option + 1);  // (API 5) its fixed id's text
    case Action::Choose:
      // An option question's answers are "option K" (K from 1: their fixed ids), its none "choose none".
      if (s.r.active && s.r.pending.kind == DecisionKind::Option && a.option != kNone)
        return "option " + std::to_string(a.option + 1);
      out.append("choose ");
      out.append(option_text(s, s.r.active ? s.r.pending.kind : DecisionKind::Card, a.option, viewer));
      return out;
  }
  return "?";
}

namespace {
// A card label (card_label) coded: 0 "?", 1 + card for a card the viewer knows, and from 64 a
// board place (owner, theater, position from the bottom); a choice's option may also be a place
// in a hand (from 1024: owner, position as held) or the deck (from 1280: position from the top).
constexpr uint32_t kUnknownLabel = 0;
constexpr uint32_t kPlaceLabel = 64;
constexpr uint32_t kHandLabel = 1024, kDeckLabel = 1280;
static_assert(kMaxCards < kPlaceLabel, "card labels and place labels do not overlap");
static_assert(kPlaceLabel + 2 * kMaxTheaters * kMaxCards <= kHandLabel && kHandLabel + 2 * kMaxCards <= kDeckLabel &&
                  kDeckLabel + kMaxCards < (1u << 12),
              "a choice's labels fit its 12 bits");
}  // namespace

uint32_t Texts::action_key(const State& s, const Action& a, int viewer) const {
  const Board& b = s.b;
  const uint32_t ncards = static_cast<uint32_t>(e_.set().cards.size());
  const uint32_t ntheaters = static_cast<uint32_t>(e_.rules().theaters.size());
  auto label = [&](uint32_t card) -> uint32_t {  // as card_label
    if (card >= ncards) return kUnknownLabel;
    if (knowledge::knows(b, viewer, static_cast<int>(card))) return 1 + card;
    const CardLoc& l = b.card[card];
    if (l.zone != Zone::Board) return kUnknownLabel;
    const uint64_t below = b.in_stack(l.owner, l.theater);
    int pos = 0;  // cards under it: its position from the bottom, less one
    for (uint64_t m = below; m; m &= m - 1) pos += b.card[__builtin_ctzll(m)].seq < l.seq;
    return kPlaceLabel + (static_cast<uint32_t>(l.owner) * kMaxTheaters + l.theater) * kMaxCards + static_cast<uint32_t>(pos);
  };
  auto theater = [&](uint32_t t) { return t < ntheaters ? t : static_cast<uint32_t>(kMaxTheaters); };  // "?"
  // The low two bits: the type; then a label and a theater (plays), or the option (choices). A turn
  // action (API 5) is the withdrawal's two bits with its place above them.
  switch (a.type) {
    case Action::Deploy:
    case Action::Improvise: return a.type | label(a.card) << 2 | theater(a.theater) << 12;
    case Action::Withdraw: return Action::Withdraw;
    case Action::Rule: return Action::Withdraw | (1u + std::min<uint32_t>(a.option, kMaxTurnActions)) << 2;  // (API 5)
    case Action::Choose: {
      // "choose " and the option's text (option_text): one code for each text it can have.
      const DecisionKind kind = s.r.active ? s.r.pending.kind : DecisionKind::Card;
      uint32_t opt;
      if (kind == DecisionKind::Play) {
        PlayOption po = PlayOption::decode(a.option);
        opt = po.card >= ncards || po.theater >= ntheaters ? 0 : 1 + static_cast<uint32_t>(po.bit());
      } else if (a.option == kNone) {
        opt = 1u << 12;  // "none"
      } else if (kind == DecisionKind::Theater) {
        opt = a.option < ntheaters ? 2u << 12 | a.option : 0;
      } else if (kind == DecisionKind::Option) {
        opt = a.option < kMaxOptionTexts ? 4u << 12 | a.option : 0;
      } else {
        uint32_t l = label(a.option);
        if (l == kUnknownLabel && a.option < ncards && s.r.active && s.r.pending.player == viewer) {  // (option_text)
          const CardLoc& at = b.card[a.option];
          const uint32_t n = static_cast<uint32_t>(b.place_in_zone(a.option));
          if (at.zone == Zone::Hand) l = kHandLabel + at.owner * kMaxCards + n;
          else if (at.zone == Zone::Deck) l = kDeckLabel + n;
        }
        opt = l == kUnknownLabel ? 0 : 3u << 12 | l;
      }
      return Action::Choose | opt << 2;
    }
  }
  return 0xffffffffu;
}

Action Texts::parse_action(const State& s, std::string_view text, int viewer) const {
  std::vector<Action> acts;
  e_.legal(s, acts);
  for (const Action& a : acts)
    if (action_text(s, a, viewer) == text) return a;
  // "choose ACTION" answers a play decision or a turn with an action text (docs/scenarios.md),
  // and "choose TEXT" an option question with one of its texts.
  if (text.substr(0, 7) == "choose ") {
    if (e_.decision_kind(s) == DecisionKind::Option)
      for (const Action& a : acts)
        if (a.option != kNone && option_text(s, DecisionKind::Option, a.option, viewer) == text.substr(7)) return a;
    std::string_view rest = text.substr(7);
    for (const Action& a : acts)
      if (a.type != Action::Choose && action_text(s, a, viewer) == rest) return a;
  }
  // A turn action (API 5) by its words, as its hook wrote them.
  if (e_.rules().has(Hook::TurnActions) && !s.r.active) {
    std::string texts[kMaxTurnActions];
    for (int k = 0, n = e_.turn_actions(s, texts); k < n; ++k)
      if (texts[k] == text) return Action{Action::Rule, kNone, kNone, static_cast<uint16_t>(k)};
  }
  if (s.b.phase == Phase::Over) throw IllegalAction("illegal: the game is over");
  // A play of a known card to a known theater: why it is refused, and the card's legal plays.
  for (const auto& [word, type] : {std::pair{std::string_view("deploy "), Action::Deploy}, {"improvise ", Action::Improvise}}) {
    if (text.substr(0, word.size()) != word) continue;
    const std::string_view rest = text.substr(word.size());
    const size_t space = rest.find(' ');
    if (space == std::string_view::npos) break;
    const int card = e_.set().find(std::string(rest.substr(0, space)));
    const int theater = theater_id(std::string(rest.substr(space + 1)));
    if (card >= 0 && theater >= 0 && s.b.pos[theater] < s.b.ntheaters)
      throw IllegalAction(e_.illegal_text(s, Action{type, static_cast<uint8_t>(card), static_cast<uint8_t>(theater), kNone}));
  }
  throw IllegalAction("illegal: '" + std::string(text) + "' is not a legal action now");
}

std::string Texts::event_text(const Event& e, int viewer) const {
  std::string text = event_line(e, viewer);
  // What a replacement did instead (API 6): "... is flipped facedown instead of destroyed (by decoy)".
  if (e.instead && e.instead <= static_cast<int>(Instead::Count)) text += std::string(" instead of ") + kInsteadPast[e.instead - 1];
  // (A card destroyed as it was played: the line names what destroyed it.)
  // A cause the viewer may not know (a hand trigger's card, API 5) is not named.
  const bool cause_hidden = viewer >= 0 && e.cause != kRuleCause && ((e.cause_hidden >> viewer) & 1);
  if (e.cause != kNone && !cause_hidden && !(e.type == Event::Destroy && e.by != kNone) && e.type != Event::Choice)
    text += " (by " + cause_text(e.cause) + ")";
  return text;
}

// A row's template (event_kinds.h) filled in; `card`: the card as the viewer may read it.
// `known_id`: the card's id where the viewer knows it, else "".
static std::string fill_line(std::string_view line, const Event& e, const std::string& card,
                             const std::string& known_id, const std::vector<std::string>& theaters) {
  auto th = [&](int t) { return place_text(theaters, t); };
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    const size_t end = line[i] == '{' ? line.find('}', i) : std::string_view::npos;
    if (end == std::string_view::npos) {
      out += line[i];
      continue;
    }
    const std::string_view field = line.substr(i + 1, end - i - 1);
    i = end;
    if (field == "player") out += player_text(e.player);
    else if (field == "card") out += card;
    else if (field == "theater") out += th(e.theater);
    else if (field == "from") out += th(e.from);
    else if (field == "from_player") out += player_text(e.from_player);
    else if (field == "face") out += e.faceup ? "faceup" : "facedown";
    else if (field == "value") out += std::to_string(e.value);
    else if (field == "text") out += e.text;
    else if (field == "shown_to") out += e.shown_to == 3 ? "both players" : player_text(e.shown_to == 2 ? 1 : 0);
    else if (field == "card_at") {
      const bool hand = e.theater == kHandTheater, deck = e.theater == kDeckPlace;
      out += !known_id.empty() ? known_id : hand || deck ? "a card" : "a facedown card";
      out += hand   ? " in " + player_text(e.player) + "'s hand"
             : deck ? (known_id.empty() ? " of the deck" : " in the deck")
                    : " of " + player_text(e.player) + " in " + th(e.theater);
    }
    else out += "{?}";  // (tests/unit/test_events.cpp checks every row's fields)
  }
  return out;
}

std::string Texts::cause_text(int cause) const {
  if (cause == kNone) return "";
  if (cause == kRuleCause) return "house rule";
  return card_word(static_cast<size_t>(cause));
}

std::string Texts::effect_text(int effect) const {
  const LastingDef& d = e_.set().lasting[static_cast<size_t>(effect)];
  if (d.card == kNone) return d.name + " (house rule)";
  return d.name + " of " + card_word(static_cast<size_t>(d.card));
}

std::string Texts::event_line(const Event& e, int viewer) const {
  auto pl = player_text;
  bool known = viewer < 0 || ((e.known >> viewer) & 1);
  // A card the viewer does not know is named by where it was: a hand's or the deck's card is not
  // a facedown one.
  const bool in_hand = e.from == kHandTheater, in_deck = e.from == kDeckPlace;
  std::string card = e.card == kNone ? ""
                     : known         ? card_word(e.card)
                     : in_hand       ? "a card in " + pl(e.player) + "'s hand"
                     : in_deck       ? std::string("a card of the deck")
                                     : std::string("a facedown card");
  const char* line = event_kind(e.type).line;
  if (line != kCodedLine)  // ("" for a kind with no line)
    return fill_line(line, e, card, known && e.card != kNone ? card_word(e.card) : std::string(), e_.rules().theaters);
  auto th = [&](int t) { return place_text(e_.rules().theaters, t); };
  switch (e.type) {
    case Event::Improvise:
      return pl(e.player) + " improvises " + (known ? card_word(e.card) + " facedown" : "a card facedown") +
             " to " + th(e.theater);
    case Event::Withdraw:
      return pl(e.player) + " withdraws with " + std::to_string(e.value) + " card" + (e.value == 1 ? "" : "s") +
             " in hand";
    case Event::Destroy:
      if (e.by != kNone)  // destroyed as it was played (Containment, Blockade)
        return cause_text(e.by) + " destroys " + card + " of " + pl(e.player) + " as it is played in " +
               th(e.theater) + " (to the bottom of the deck)";
      if (in_hand && !known) return card + " is destroyed (to the bottom of the deck)";  // "a card in player 2's hand"
      if (in_hand) return card + " of " + pl(e.player) + " is destroyed from hand (to the bottom of the deck)";
      return card + " of " + pl(e.player) + " is destroyed (to the bottom of the deck)";
    case Event::ToDeck: {
      const std::string where = std::string(" goes facedown to the ") + (e.value ? "top" : "bottom") + " of the deck";
      if (in_deck) return (known ? card + " (in the deck)" : card) + where;  // no owner: it was in the deck
      if (in_hand && !known) return card + where;
      return card + " of " + pl(e.player) + where;
    }
    case Event::Look:
      return pl(e.player) + " looks at the " + (e.value == 1 ? "top card" : "card " + std::to_string(e.value) + " from the top") +
             " of the deck" + (known ? ": " + card : "");
    case Event::Vp:
      return pl(e.player) + (e.value < 0 ? " loses " : " gains ") + std::to_string(std::abs(e.value)) + " VP, score " +
             std::to_string(e.score[0]) + "-" + std::to_string(e.score[1]);
    case Event::Replaced:  // (API 6) "decoy of player 1 in land is not destroyed" (by what replaced it)
      return card + (in_hand ? "" : " of " + pl(e.player) + " in " + th(e.from)) + " is not " +
             (e.value >= 0 && e.value < static_cast<int>(Instead::Count) ? kInsteadPast[e.value] : "changed");
    case Event::Draw: return pl(e.player) + " draws " + (known ? card_word(e.card) : "a card") + " from the deck";
    case Event::Ability: {
      if (e.from == kHandTheater && !known) return pl(e.player) + " decides";  // a hand trigger's card (API 5)
      Due d{.card = e.card, .what = static_cast<What>(e.what)};
      if (e.value > 0) return due_text(d, e.value - 1);  // a lasting effect's trigger
      if (e.card == kNone) return due_text(d);
      return due_text(d) + ": " + e_.set().cards[e.card].text;
    }
    case Event::Interrupted:
      return (e.what == static_cast<uint8_t>(What::Instant) ? card_word(e.card) + "'s ability"
                                                           : due_text(Due{.card = e.card, .what = static_cast<What>(e.what)})) +
             " is interrupted (flipped facedown)";
    case Event::Choice: {
      // A question a hand trigger asked (API 5): the other player reads only that it was answered.
      if (viewer >= 0 && e.cause != kNone && e.cause != kRuleCause && ((e.cause_hidden >> viewer) & 1))
        return pl(e.player) + " has decided";
      // A card the viewer does not know is named by where it lies (Engine::record_answer sets
      // `from` and `from_player`): "a card in player 1's hand", "a facedown card of player 2 in air".
      std::string where = e.from == kNone || known ? card
                          : in_hand               ? "a card in " + pl(e.from_player) + "'s hand"
                          : in_deck               ? std::string("a card of the deck")
                                                  : "a facedown card of " + pl(e.from_player) + " in " + th(e.from);
      std::string what = e.option == kNone ? "none"
                         : e.kind == static_cast<uint8_t>(DecisionKind::Theater) ? e_.rules().theaters[e.option]
                         : e.kind == static_cast<uint8_t>(DecisionKind::Option)  ? "'" + e.text + "'"
                                                                                  : where;
      return pl(e.player) + " chooses " + what;
    }
    case Event::Tokens:
      return pl(e.player) + (e.value >= 0 ? " places " : " removes ") + std::to_string(std::abs(e.value)) +
             " supply token" + (std::abs(e.value) == 1 ? "" : "s") + " in " + th(e.theater);
    case Event::BattleEnd:
      return "battle " + std::to_string(e.value) + ": " + pl(e.player) + " wins " + std::to_string(e.vp) + " VP " +
             (e.withdrew                          ? "(" + pl(1 - e.player) + " withdrew)"
              : e.option > 0 ? "(" + e.text + ")"
                                                  : std::string("(theaters controlled)")) +
             ", score " + std::to_string(e.score[0]) + "-" + std::to_string(e.score[1]);
    case Event::Counter:
      return "counter " + e.text + " of " + (e.card == kNone ? pl(e.player) : card + " of " + pl(e.player)) +
             ": " + std::to_string(e.vp) + " -> " + std::to_string(e.value);
    case Event::Deal:
      return pl(e.player) + " takes " + (known ? card_word(e.card) : "a card") + " from the deck into hand";
    case Event::EffectStart: {
      static const char* const until[] = {"the end of the turn", "the end of the next turn", "the end of the battle",
                                          "its player's next turn starts", "the end of its player's next turn", "",
                                          "the end of the game"};
      if (e.option == static_cast<uint16_t>(Until::Turns))
        return "effect " + effect_text(e.value) + " lasts until the end of the " + ordinal(e.vp) + " turn from now";
      return "effect " + effect_text(e.value) + " lasts until " + until[std::min<int>(e.option, 6)];
    }
    case Event::EffectEnd: return "effect " + effect_text(e.value) + " ends";
    case Event::ToHand: {  // (API 4) "player 1 takes a card from player 2's hand into hand"
      const std::string what = known ? card_word(e.card) : e.from == kHandTheater || e.from == kDeckPlace ? "a card" : "a facedown card";
      const std::string where = e.from == kDeckPlace     ? std::string("the deck")
                                : e.from == kHandTheater ? pl(e.from_player) + "'s hand"
                                                         : pl(e.from_player) + "'s side of " + th(e.from);
      return pl(e.player) + " takes " + what + " from " + where + " into hand";
    }
    case Event::BattleStart:
      return "battle " + std::to_string(e.value) + ": theaters " + e.text + ", " + pl(e.player) + " is the 1st player";
    case Event::GameEnd:
      return "game over: " + pl(e.player) + " wins " + std::to_string(e.score[0]) + "-" + std::to_string(e.score[1]) +
             (e.option > 0 && e.option != kNone ? " (" + e.text + ")" : "");
    default: break;  // a kind whose row gives its line (tests/unit/test_events.cpp checks the rows)
  }
  return "?";
}

void Texts::order_for_viewer(const State& s, int viewer, std::vector<Action>& acts,
                              std::vector<std::string>* texts) const {
  // The place of a card an action names: a public order that does not depend on which card it is.
  const DecisionKind kind = e_.decision_kind(s);
  const bool card_decision = kind == DecisionKind::Card;
  if (kind == DecisionKind::Option) {  // the script's order, "none" last (Engine::options)
    std::sort(acts.begin(), acts.end(), [](const Action& x, const Action& y) { return x.option < y.option; });
    if (texts) {
      texts->clear();
      for (const Action& a : acts) texts->push_back(action_text(s, a, viewer));
    }
    return;
  }
  auto place = [&](const Action& a) -> uint64_t {
    int card = a.type == Action::Choose ? (card_decision ? a.option : kNone) : a.card;
    if (card == kNone || card >= static_cast<int>(e_.set().cards.size())) return 0;
    const CardLoc& l = s.b.card[card];
    if (l.zone == Zone::Board) return (uint64_t{1} << 56) | board_key(s.b, card);
    return (uint64_t{static_cast<uint8_t>(l.zone)} << 48) | (uint64_t{l.owner} << 40) | static_cast<uint32_t>(l.seq);
  };
  struct Keyed {
    std::string text;  // as the viewer sees it; for "choose X", X alone (every action is a choice then)
    uint64_t place;
    Action action;
  };
  thread_local std::vector<Keyed> keyed;
  keyed.clear();
  for (const Action& a : acts) {
    Keyed k{a.type == Action::Choose ? option_text(s, kind, a.option, viewer) : action_text(s, a, viewer),
            place(a), a};
    // Insertion: a decision has a few dozen actions at most.
    size_t j = keyed.size();
    keyed.push_back(std::move(k));
    for (; j > 0; --j) {
      const Keyed& x = keyed[j - 1];
      const Keyed& y = keyed[j];
      int c = x.text.compare(y.text);
      if (c < 0 || (c == 0 && x.place <= y.place)) break;
      std::swap(keyed[j - 1], keyed[j]);
    }
  }
  if (texts) texts->clear();
  for (size_t i = 0; i < keyed.size(); ++i) {
    acts[i] = keyed[i].action;
    if (texts) texts->push_back(acts[i].type == Action::Choose ? "choose " + keyed[i].text : std::move(keyed[i].text));
  }
}

std::string Texts::due_text(const Due& d, int effect) const {
  if (is_hook(d.what)) return std::string("house rule (") + acting_hook(d.what).name + ")";
  if (effect >= 0) return "effect " + effect_text(effect) + " (when " + trigger_event(d.what).name + ")";
  if (d.card == kNone) return is_trigger(d.what) ? std::string("house rule (when ") + trigger_event(d.what).name + ")" : "?";
  if (d.what == What::Instant) return card_word(d.card);
  return card_word(d.card) + " (when " + trigger_event(d.what).name + ")";
}

std::vector<std::string> Texts::option_texts(const BoardCore& b, const Decision& d) const {
  std::vector<std::string> out;
  if (d.kind != DecisionKind::Option || !d.texts) return out;
  const std::string joined = e_.interned().name(b, d.texts);
  for (size_t from = 0;;) {
    const size_t end = joined.find('\n', from);
    out.push_back(joined.substr(from, end - from));
    if (end == std::string::npos) return out;
    from = end + 1;
  }
}

const std::string& Texts::theater_name(int id) const { return e_.rules().theaters[static_cast<size_t>(id)]; }

}  // namespace als
