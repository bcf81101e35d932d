// How a game is put in words: action, option and card texts as a seat may read them, their
// parsing, the log's event lines, and messages with hidden cards named by their places. The
// pending question is the projection's, rendered by engine/present/question.h. Nothing here
// changes a game (text.cpp). An Engine gives its texts through Engine::text(); a Texts is a view
// of the engine (one pointer), made and dropped freely.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "abilities.h"
#include "state.h"

namespace als {

class Engine;

/// How a text names a card: by its id (`heavy_tanks`: the machine texts of records, `als serve`,
/// `exec:`, scenarios and action texts), or by its display name (`Heavy Tanks`, the card file's
/// `name`: what a person reads at the terminal, in replays and reviews).
enum class Naming : uint8_t { Ids, Names };

/// The texts of one engine's games (Engine::text()).
class Texts {
 public:
  explicit Texts(const Engine& e, Naming naming = Naming::Ids) : e_(e), names_(naming == Naming::Names) {}

  /// Card `card`'s id, or its display name when these texts name cards by names.
  const std::string& card_word(size_t card) const;

  int theater_id(std::string_view name) const;  // -1 if unknown
  const std::string& theater_name(int id) const;
  /// A card as `viewer` may name it: its id (or name) when known (viewer -1 knows everything), else its
  /// position "P:THEATER:N" on the board (P 1 or 2, N from the bottom), else "?".
  std::string card_label(const State& s, int card, int viewer) const;
  std::string option_text(const State& s, DecisionKind kind, uint16_t opt, int viewer) const;
  /// An Option decision's texts, in the script's order (option k is the kth); empty for another kind.
  std::vector<std::string> option_texts(const BoardCore& b, const Decision& d) const;
  /// "deploy ID THEATER", "improvise ID THEATER", "withdraw", "choose OPTION".
  std::string action_text(const State& s, const Action& a, int viewer) const;
  /// The move `a` as `viewer` sees it, coded in a number: two legal actions of a state have the
  /// same key exactly when they have the same `action_text(.., viewer)`, so a key names a card
  /// the viewer cannot identify by its place, never by which card it is (ruling 28). Keys of
  /// different states compare as their texts do. For searches' trees (no text built).
  uint32_t action_key(const State& s, const Action& a, int viewer) const;
  /// Orders `acts` (legal actions now) as `viewer` is shown them: by their texts as the viewer
  /// sees them, and actions whose texts are the same (cards the viewer cannot tell apart, "?")
  /// by the cards' places (zone, owner, theater, order), never by the cards' identities. Fills
  /// `texts` (if given) in the same order. Every list a player or agent is given is in this order.
  void order_for_viewer(const State& s, int viewer, std::vector<Action>& acts,
                        std::vector<std::string>* texts = nullptr) const;
  /// Parses an exact action text as `action_text(.., viewer)` writes it, or throws IllegalAction.
  Action parse_action(const State& s, std::string_view text, int viewer) const;
  /// How `viewer` (0 or 1) names a card it does not know, by where it lies: "a facedown card of
  /// player 2", "a card in player 2's hand", "a card of the deck", "a card held by player 2".
  std::string hidden_card_text(const State& s, int card) const;
  /// A message (an error, a refusal, a reason) as seat `viewer` may read it (-1: everything):
  /// every card id in it that the seat does not know in `s` (knowledge.h) is replaced by
  /// hidden_card_text, `card 'ID'` included, so that no message names a hidden card.
  std::string message_for(const State& s, int viewer, std::string_view text) const;
  /// One log line for an event, as `viewer` may see it (-1: everything): its kind's template
  /// (event_kinds.h) filled in, or the line text.cpp writes; "" for a kind with no line.
  std::string event_text(const Event& e, int viewer) const;
  std::string event_line(const Event& e, int viewer) const;  // event_text without its cause
  /// "house rule (turn_start)", "ambush", "sabotage (when destroyed)": what an ability due is.
  /// `effect`: for a lasting effect's trigger, its definition (CardSet::lasting).
  std::string due_text(const Due& d, int effect = -1) const;
  /// "shield of bunker" or "shield (house rule)": a lasting effect's definition, named.
  std::string effect_text(int effect) const;
  /// "tanks", "rule" or "" (a player's own action): an event's or a trigger's cause.
  std::string cause_text(int cause) const;

 private:
  const Engine& e_;
  bool names_ = false;
};

}  // namespace als
