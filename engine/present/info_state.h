// Information states as numbers: what a seat has seen over the whole game, for programs that
// learn (the Python module's information_state_tensor, an `exec:` agent's). A record of the
// game's steps (InfoRecord), kept by whoever plays the game, is rendered for one seat through the
// knowledge model: the seat's observation (observation.h), then every battle's set-up and what
// the seat came to know in it, then every action of both players as the seat saw it, in fixed
// slices. Perfect recall: two histories the seat can tell apart give different tensors, two it
// cannot give equal ones.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine.h"
#include "observation.h"

namespace als {

/// One action as the players saw it: a step of the information state's history.
struct InfoStep {
  int8_t actor = 0;         // 0 or 1; -1 for a chance outcome (kept beside the steps by EnvState, never rendered)
  uint8_t type = 0;         // Action::Type
  uint8_t kind = 0;         // the decision's DecisionKind
  uint8_t card = kNone;     // the card played or chosen, kNone if none
  uint8_t theater = kNone;  // the theater played to, chosen, or where a chosen card lay
  uint8_t option = 0;       // an option question's answer (1..8), a turn action's place (API 5), else 0
  uint8_t known = 0;        // bit p: player p knew `card` once the action was taken
  uint8_t battle = 0;       // the battle it was taken in (mod 256)
  bool operator==(const InfoStep&) const = default;
};

/// One battle as the players saw it: its set-up, and the cards each player knew at some point of it.
struct InfoBattle {
  uint32_t number = 0;               // the battle's number (State's b.battle)
  uint8_t first = 0;                 // the 1st player
  uint8_t order[kMaxTheaters] = {};  // the theaters left to right
  int32_t score[2] = {0, 0};         // both players' VP when it began
  uint64_t dealt[2] = {0, 0};        // each player's hand at the battle's first decision
  uint64_t seen[2] = {0, 0};         // the cards each player knew at a decision of the battle, or after an action
  bool operator==(const InfoBattle&) const = default;
};

/// The sizes of an information-state tensor: its history's slots (the game's most actions of
/// players) and its battles' rows (the game's most battles).
struct InfoShape {
  int steps = 128;
  int battles = 16;
};

/// The steps of one game and its battles, as kept by whoever plays it (EnvState, VectorEnv,
/// Match for an `exec:` agent that asks). Seat-neutral: rendering applies what a seat knows.
class InfoRecord {
 public:
  void clear() { steps_.clear(), battles_.clear(), ++game_, open_battle_ = 0, chance_ = 0; }
  /// A number that changes with every clear(): which game the record holds (InfoWritten).
  uint64_t game() const { return game_; }
  /// Records a player's action `a`, taken by `actor` (0 or 1) at `before`, which led to `after`:
  /// a new battle's row when `before` begins one, and each player's knowledge at both states
  /// (`after` where it is still that battle).
  void add(const Engine& e, const State& before, const Action& a, int actor, const State& after) {
    begin(e, before, a, actor);
    end(after);
  }
  /// add() in two halves, so that the caller need not keep a copy of `before`: begin() before
  /// the action is applied (the battle's row, the step but for what its card's knowers are),
  /// end() with the state it led to. A begin() not ended is dropped by the next begin().
  void begin(const Engine& e, const State& before, const Action& a, int actor);
  void end(const State& after);
  /// Records a chance outcome beside the steps (EnvState's history; never rendered).
  void add_chance(uint32_t battle);
  const std::vector<InfoStep>& steps() const { return steps_; }
  const std::vector<InfoBattle>& battles() const { return battles_; }
  std::vector<InfoStep>& steps() { return steps_; }
  std::vector<InfoBattle>& battles() { return battles_; }
  /// The steps of players (chance outcomes left out).
  int player_steps() const { return static_cast<int>(steps_.size()) - chance_; }
  /// Counts the chance outcomes again, after steps() was written directly (a deserialized state).
  void recount();
  /// Keeps the first `steps` steps and the battles up to number `battle` (an undo back to a
  /// state of that battle).
  void rewind(size_t steps, uint32_t battle);
  /// The same steps and battles (what was begun and not ended, and the game's number, aside).
  bool operator==(const InfoRecord& o) const { return steps_ == o.steps_ && battles_ == o.battles_; }

 private:
  std::vector<InfoStep> steps_;
  std::vector<InfoBattle> battles_;
  uint64_t game_ = 0;
  InfoStep open_;             // the step begun, not yet ended
  uint32_t open_battle_ = 0;  // its battle's number (0: none begun)
  int chance_ = 0;            // chance outcomes among steps_
};

/// A new battle's row from the state at its first decision `s`.
InfoBattle battle_of(const State& s, int theaters);

/// The length of information_state_tensor's output for `e`'s card set and `shape`.
int information_state_tensor_size(const Engine& e, const InfoShape& shape);
/// One history slot's width: valid, by_me, the action's type (deploy, improvise, withdraw,
/// choose), the card (C + 1: the last unknown or none), the theater (T + 1: the last none), the
/// option over 8, new_battle, and with a turn_actions rule (API 5) turn_action.
int information_state_slot_size(const Engine& e);
/// The information state of `player` (0 or 1, else std::invalid_argument) in state `s`, whose
/// game `r` recorded: observation_tensor, then "battles" [shape.battles, 3 + T*T + 2C + 2] (a row
/// a battle in order: valid, current, first_me, the theater at each position, the player's hand
/// dealt, the cards it knew, the VP each player gained in it over the VP target), then "history"
/// [shape.steps, information_state_slot_size] (every action of both players, oldest first, each
/// card named only where the player knew it once the action was taken). Steps and battles past
/// the shape are left out (the games that keep records stop at the shape: EnvGame). Runs the
/// set's strength functions (ScriptError).
void information_state_tensor(const Engine& e, const State& s, const InfoRecord& r, int player, const InfoShape& shape,
                              float* out);
/// What information_state_tensor_update last wrote into a buffer: how many battles' rows and
/// history slots, for which player (-1: nothing known of the buffer).
struct InfoWritten {
  int battles = 0, steps = 0, player = -1;
  uint64_t game = 0;  // the record's game() then
};
/// information_state_tensor into `out`, a buffer that holds exactly what the last call with `w`
/// wrote there (or anything, with w.player -1): writes only what changed (the observation, the
/// last battles' rows, the new slots; every row and slot when the player or the record's game
/// differs), and updates `w`.
/// The same floats as information_state_tensor.
void information_state_tensor_update(const Engine& e, const State& s, const InfoRecord& r, int player,
                                     const InfoShape& shape, float* out, InfoWritten& w);
/// The same for the slices after the observation ("battles", then "history") only, written from
/// `battles` (a buffer of information_state_tensor_size - observation_tensor_size floats).
void information_state_recall_update(const Engine& e, const State& s, const InfoRecord& r, int player,
                                     const InfoShape& shape, float* battles, InfoWritten& w);
/// A row of "battles": its width (3 + T*T + 2C + 2).
int information_state_battle_width(const Engine& e);
/// information_state_tensor's slices: observation_tensor_layout's, then "battles" and "history".
std::vector<TensorSlice> information_state_tensor_layout(const Engine& e, const InfoShape& shape);

}  // namespace als
