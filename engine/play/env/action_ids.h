// A fixed action space for one card set and its theaters (als serve protocol 2, docs/protocol.md
// "Fixed action ids"): every action a seat can be offered has one id, the same in every game of
// that set, so that a learning agent can keep one output per action and mask the illegal ones.
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "engine.h"

namespace als {

/// The ids, with C cards in the set's order, T theaters in the rules' order (not a battle's
/// left-to-right order, which rotates) and positions up to C deep:
///
///     0                                   withdraw
///     1 + c*T + t                         deploy card c to theater t
///     1 + C*T + c*T + t                   improvise card c to theater t
///     1 + 2*C*T + c                       choose card c
///     1 + 2*C*T + C + t                   choose theater t
///     1 + 2*C*T + C + T                   choose none
///     2 + 2*C*T + C + T + (p*T + t)*C + n-1   choose the card at position p:THEATER:n (a card the
///                                         seat cannot identify: player p+1's stack, n from the bottom)
///     2 + 2*C*T + C + T + 2*T*C + k-1     option k (k = 1..8): the kth text of a g:choose_option
///                                         question (API 4; its "none" is "choose none")
///     2 + 2*C*T + C + T + 2*T*C + 8 + k-1 action k (k = 1..8): the kth turn action a turn_actions
///                                         hook offers (API 5; only in games with the hook)
///     H + p*C + n-1                       choose the card at position p:hand:n (a card the seat
///                                         cannot identify in player p+1's hand, n-th as held)
///     H + 2*C + n-1                       choose the card at position deck:n (n-th from the top)
///                                         (H: the id after the above; only in games whose set is
///                                         of API 2 or later or whose rules have an acting hook or
///                                         a turn action, where a question may name such a card:
///                                         others keep their ids)
///
/// An action is found by the text the seat sees (Texts::order_for_viewer's texts), so a hidden
/// card is always named by its position, never by its identity.
class ActionIds {
 public:
  explicit ActionIds(const Engine& e);
  /// The number of ids (`num_actions`).
  int size() const { return static_cast<int>(patterns_.size()); }
  /// The text of every id, in id order (`actions`): "withdraw", "deploy support air", ...,
  /// "choose 2:sea:3".
  const std::vector<std::string>& patterns() const { return patterns_; }
  /// The id of legal action `a` of state `s` as `viewer` sees it (computed from the action, not
  /// its text: a card the viewer cannot identify is taken by its position).
  int id(const Engine& e, const State& s, const Action& a, int viewer) const;
  /// The id of an action text as a seat sees it at a decision of `kind`, or -1 if no id has
  /// that text. (`kind` tells "choose X" of a theater from a card that has the same name.)
  int id(const std::string& text, DecisionKind kind) const {
    if (kind == DecisionKind::Theater)
      if (auto it = theater_index_.find(text); it != theater_index_.end()) return it->second;
    auto it = index_.find(text);
    return it == index_.end() ? -1 : it->second;
  }

 private:
  std::vector<std::string> patterns_;
  std::unordered_map<std::string, int> index_;          // every id but the theaters' "choose"
  std::unordered_map<std::string, int> theater_index_;  // "choose THEATER" and "choose none"
  int cards_ = 0, theaters_ = 0, options_from_ = 0;     // options_from_: the id of "option 1"
  int turns_from_ = 0;                                   // the id of "action 1" (when the rules have them)
 public:
  /// The id of "choose 1:hand:1", or -1 where the game has no hand and deck positions.
  int hands_from() const { return hands_from_; }

 private:
  int hands_from_ = -1;
};

}  // namespace als
