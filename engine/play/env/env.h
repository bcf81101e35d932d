// Games for learning agents and search written outside the engine (the Python module `als`,
// docs/python.md): a state that keeps what each player has seen, seat-relative action ids,
// float tensors, determinizations and a serialized form. Names follow OpenSpiel's where the idea
// is the same (information state, observation, returns, resample_from_infostate).
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "action_ids.h"
#include "agents.h"
#include "engine.h"
#include "info_state.h"
#include "observation.h"

namespace als {

/// Every refusal of an EnvGame or EnvState (an illegal id, a bad option, bytes of another game):
/// the message is the one `als` prints. The game is left exactly as it was.
struct EnvError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The player id of a finished game (OpenSpiel's kTerminalPlayerId).
constexpr int kTerminalPlayer = -4;
/// The player id of a chance node (OpenSpiel's kChancePlayerId).
constexpr int kChancePlayer = -1;

/// A game's options for learning agents, comma-separated: "battle_rewards" (rewards at each
/// battle's end: the VP it gave, signed, over the VP target, within [-1, 1]); "shaped_rewards"
/// (rewards at each battle's end too, as the change of a potential, the VP lead over the VP
/// target within [-1, 1] and the returns at the end, so that a game's rewards sum to its
/// returns); "chance_nodes" (every random draw of the rules is a chance node whose outcome is
/// applied as an action: EnvState::chance_outcomes); "max_game_length=N" (the most actions of
/// players a game takes, 1 to 4,096, default 128 or the rules' max_actions if fewer: a game
/// reaching it stops, truncated, as at max_actions; the information state's history has a slot
/// an action); "max_battles=N" (the most battles, 1 to 256, default 16: a game about to begin
/// one more stops the same way; the information state has a row a battle).
struct EnvOptions {
  bool battle_rewards = false;
  bool shaped_rewards = false;
  bool chance_nodes = false;
  int max_game_length = 0;  // 0: the default
  int max_battles = 0;      // 0: the default
  static constexpr int kDefaultLength = 128, kMostLength = 4096, kDefaultBattles = 16, kMostBattles = 256;
  /// Parses a comma-separated list; throws EnvError naming an unknown option.
  static EnvOptions parse(const std::string& text);
};

/// An id of ActionIds (positions of player 1 and 2) as `player` (0 or 1) sees it, and back (the
/// same function both ways): for player 1 (the second seat) the two players' position ids trade
/// places, so that a position id means the acting player's own side (`own`) or the opponent's.
int seat_relative_id(int id, int player, int cards, int theaters, int hands_from = -1);

/// A card set with its house rules and options: the fixed, seat-relative action space and the
/// tensors' sizes. The ids are protocol 2's (ActionIds) except that an id naming a board
/// position means the acting player's own side (`own`) or the opponent's (`opp`), so the same
/// action has the same id for both seats.
class EnvGame {
 public:
  /// `options_text`: as EnvOptions::parse reads it (kept for serialized states' check).
  EnvGame(std::shared_ptr<Engine> engine, const std::string& options_text);
  const Engine& engine() const { return *engine_; }
  const std::shared_ptr<Engine>& engine_ptr() const { return engine_; }
  const ActionIds& ids() const { return ids_; }
  const EnvOptions& options() const { return options_; }
  int num_distinct_actions() const { return ids_.size(); }
  /// The text pattern of a (seat-relative) id: "deploy support air", "choose own:sea:1";
  /// throws EnvError out of range.
  std::string action_name(int id) const;
  /// An absolute id (ActionIds, positions of player 1 and 2) as `player` (0 or 1) sees it, and back.
  int relative(int id, int player) const;
  /// `player`'s legal actions in `s` (0 or 1 to act), each with its seat-relative id, in the
  /// engine's order (`scratch`: the engine's list, reused).
  void legal_ids(const State& s, int player, std::vector<Action>& scratch, std::vector<std::pair<int, Action>>& out) const;
  /// The reward of a battle's VP difference (the player's VP gained minus the opponent's) under
  /// EnvOptions::battle_rewards: over the VP target, within [-1, 1].
  double battle_reward(int vp_difference) const;
  /// EnvOptions::shaped_rewards' potential of a state for player 0 (player 1's is its negative):
  /// the returns once the game is over, else player 0's VP lead over the VP target, within [-1, 1].
  double potential(const State& s) const;
  /// The rewards of one step to `after` (player 0's, player 1's) under reward options `o` (the
  /// game's, or a VectorEnv's own), from the scores before it (`before0`, `before1`) and whether
  /// the game was over then: battle_rewards, shaped_rewards, else the returns when the step ended
  /// the game.
  std::array<double, 2> step_rewards(const EnvOptions& o, int before0, int before1, bool before_over, const State& after) const;
  int observation_tensor_size() const { return als::observation_tensor_size(*engine_); }
  /// The information state's sizes (its history's slots and battles' rows): the most actions of
  /// players and the most battles a game takes (EnvOptions' max_game_length and max_battles).
  const InfoShape& shape() const { return shape_; }
  /// The most actions of players a game takes (OpenSpiel's max_game_length): a game stops there.
  int max_game_length() const { return shape_.steps; }
  /// The observation, then "battles" and "history" (info_state.h: information_state_tensor).
  int information_state_tensor_size() const { return als::information_state_tensor_size(*engine_, shape_); }
  /// Whether the rules offer turn actions (API 5): the history's slots then have a column for them.
  bool turn_actions() const { return engine_->rules().has(Hook::TurnActions); }
  /// information_state_tensor's layout: observation_tensor_layout's slices, then "battles"
  /// [max_battles, ...] and "history" [max_game_length, ...] (info_state.h).
  std::vector<TensorSlice> information_state_tensor_layout() const { return als::information_state_tensor_layout(*engine_, shape_); }
  /// What identifies the game in a serialized state: the content hash, the house rules, the options.
  std::string key() const;
  /// The options as EnvOptions::parse reads them, in a fixed order (battle_rewards or
  /// shaped_rewards, then chance_nodes, comma-separated; "" for none).
  const std::string& options_text() const { return options_text_; }
  /// What the game was loaded from, as load_engine reads it (a bundled name or an absolute path
  /// for the card set and each rule), so that another process loads the same game (pickle).
  /// Set by whoever loaded the engine (the Python module); empty otherwise.
  /// `params`: the ?NAME=VALUE values it was loaded with (load_engine's), by name.
  void set_made_from(std::string cards, std::vector<std::string> rules,
                     std::vector<std::pair<std::string, double>> params = {}) {
    made_cards_ = std::move(cards), made_rules_ = std::move(rules), made_params_ = std::move(params);
  }
  const std::string& made_cards() const { return made_cards_; }
  const std::vector<std::string>& made_rules() const { return made_rules_; }
  const std::vector<std::pair<std::string, double>>& made_params() const { return made_params_; }

  /// The most outcomes a chance node may have (OpenSpiel's max_chance_outcomes): 0 without
  /// chance nodes, else the most of the deal (the set's cards), the theaters, the 1st player (2)
  /// and a script's draw (ChanceTape::kMaxScriptOutcomes).
  int max_chance_outcomes() const;
  /// The most chance nodes a game has (OpenSpiel's max_chance_nodes_in_history): 0 without chance
  /// nodes, else battle 1's theaters (T - 1) and 1st player (1), each battle's deal (C - 1 each,
  /// max_battles of them), and up to 8 draws of scripts an action of players (8 *
  /// max_game_length()): a game whose scripts draw more stops there, truncated.
  int max_chance_nodes_in_history() const;
 private:
  std::shared_ptr<Engine> engine_;
  ActionIds ids_;
  EnvOptions options_;
  std::string options_text_;
  std::string made_cards_;
  std::vector<std::string> made_rules_;
  std::vector<std::pair<std::string, double>> made_params_;
  int cards_, theaters_, positions_from_;
  InfoShape shape_;
};

using EnvStep = InfoStep;

/// A game in progress as a value: the engine's state, the ids applied, what each player has
/// seen (the event lines as the knowledge model lets each read them). Cheap to copy apart from
/// those lines.
class EnvState {
 public:
  /// A new game dealt from `seed` (Engine::new_game). Throws EnvError if a script fails.
  EnvState(std::shared_ptr<const EnvGame> game, uint64_t seed);

  const EnvGame& game() const { return *game_; }
  const std::shared_ptr<const EnvGame>& game_ptr() const { return game_; }
  const State& state() const { return s_; }
  /// 0 or 1, kChancePlayer at a chance node, or kTerminalPlayer once the game is over (or
  /// stopped at EnvGame::max_game_length actions of players, or about to begin a battle past its
  /// max_battles: EnvOptions).
  int current_player() const;
  bool is_terminal() const { return current_player() == kTerminalPlayer; }
  bool is_chance_node() const { return pending_.active; }
  /// At a chance node: each outcome (0 .. n-1) with its probability (1/n: every draw of the
  /// rules is uniform); empty elsewhere.
  std::vector<std::pair<int, double>> chance_outcomes() const;
  /// At a chance node: the outcome the game's own generator draws there (what the sampled game
  /// of the same seed gets, so that a game given these is that game, digest included); throws
  /// EnvError elsewhere.
  int sampled_outcome() const;
  /// [+1, -1] or [-1, +1] at the end (a game stopped at max_actions: [0, 0]), [0, 0] before.
  std::array<double, 2> returns() const;
  /// The record of the game's steps and battles the information-state tensor renders.
  const InfoRecord& record() const { return record_; }
  /// What the last action gave each player (EnvOptions::battle_rewards, else the returns when it
  /// ended the game).
  std::array<double, 2> rewards() const { return rewards_; }
  std::array<int, 2> scores() const { return {s_.b.score[0], s_.b.score[1]}; }
  int battle() const { return s_.b.battle; }
  /// The current player's legal ids, ascending (empty at the end); at a chance node its outcomes.
  std::vector<int> legal_actions() const;
  /// Applies a legal id of the current player, or an outcome at a chance node; throws EnvError
  /// (an illegal id, a script error) with the state unchanged.
  void apply_action(int id);
  /// The text of `id` as `player` would read it: the engine's text of that legal action now,
  /// else the id's pattern; for kChancePlayer at a chance node, the outcome's ("deal Heavy Tanks
  /// to player 1", "player 0 is the 1st player").
  std::string action_to_string(int player, int id) const;
  /// The ids applied so far, each as its actor saw it, chance outcomes included. In a resampled
  /// state, -1 stands for an action whose card the resampling player did not know (and for every
  /// chance outcome).
  const std::vector<int>& history() const { return history_; }
  /// Each entry of history() with who took it: (0 or 1, id), or (kChancePlayer, outcome).
  std::vector<std::pair<int, int>> full_history() const;
  /// The seed the game was dealt from (its history replays from it: undo). Throws EnvError for a
  /// resampled state (a world drawn for a player, whose history is not the real one).
  uint64_t root_seed() const;
  uint64_t digest() const { return als::digest(game_->engine(), s_); }
  void observation_tensor(int player, float* out) const;
  void information_state_tensor(int player, float* out) const;
  /// What `player` sees, as text: the battle and scores, each theater's stacks (bottom first),
  /// the hands and the deck's known cards (sorted: the deal's order is not something a player
  /// knows, so two states it cannot tell apart read the same), what is asked. Throws EnvError
  /// for a player that is not 0 or 1.
  std::string observation_string(int player) const;
  /// The lines of the events `player` has seen, in order (with a line "my hand: ..." after each
  /// battle's start: the hand it was dealt, sorted), then "--" and observation_string.
  std::string information_state_string(int player) const;
  /// A state `player` cannot tell apart from this one: every card it does not know drawn from
  /// those consistent with what it knows (Engine::sample, the search's determinization), the
  /// same for the same seed. The other player's information state in it is that world's: its
  /// observation, this battle's steps with each card it knew named as the world has it and its
  /// hand dealt and cards seen as the world has them (an earlier battle's hidden card stays
  /// unknown, and of its hand and cards seen those `player` knew of), and as text those steps
  /// rather than the event lines it would have read. Throws EnvError at a chance node.
  EnvState resample_from_infostate(int player, uint64_t seed) const;
  /// A state of `game` in the world `world` (a determinization of what `player` knows:
  /// InfoState::sample, never the real state) as `player`'s resampled state, with no history:
  /// what an `exec:COMMAND,state=1` program is sent at its decisions, so that a search written
  /// elsewhere resamples and plays from it (resample_from_infostate, apply_action).
  static EnvState of_world(std::shared_ptr<const EnvGame> game, const State& world, int player);
  /// Bytes from which deserialize() gives an equal state (digest, history, what each player saw).
  std::string serialize() const;
  /// Throws EnvError for bytes of another game, version or set.
  static EnvState deserialize(std::shared_ptr<const EnvGame> game, const std::string& bytes);
  bool operator==(const EnvState& o) const;

 private:
  EnvState() = default;
  void check_player(int player) const;
  void check_info(int player) const;
  // In a resampled world, the other player's information state is built from the world's steps:
  // the step as `player` saw it, as text ("player 1 improvises heavy_tanks in air").
  bool world_of_other(int player) const;
  std::string step_line(const EnvStep& st, int player) const;
  void record(const EventLog& log, const State& after);  // each player's lines

  // Chance nodes (env_chance.cpp). A run of the engine (a new game's deal, or a player's action)
  // that stopped at a chance node, to be run again from its start with one more outcome.
  struct Pending {
    bool active = false;
    bool from_start = false;  // a new game's deal from `seed`; else `action` (id `id`) by `actor` from s_
    uint64_t seed = 0;
    Action action{};
    int actor = 0, id = 0;
    size_t carried = 0;                   // draws[0 .. carried): the running ability's, replayed
    std::vector<ChanceTape::Draw> draws;  // the run's outcomes so far
    // where it stopped
    uint32_t n = 0, sampled = 0;
    ChanceWhat what = ChanceWhat::None;
    std::vector<uint8_t> among;
    uint8_t first = 0;  // the 1st player then (the deal's text)
    bool operator==(const Pending&) const;
  };
  // Runs `p` from its start: true when the run reached a decision (the state, rewards, steps and
  // lines taken; p's new outcomes already in history_), false when it stopped at a chance node
  // (p's stop filled in). Throws EnvError for a failing run, nothing changed.
  bool run_pending(Pending& p);
  // Appends `entry` (an action id, an outcome) to the history and runs `p`: taken as the pending
  // run if it stops at a chance node; the history as it was if it throws.
  void run_entered(Pending p, int entry);
  void apply_chance(int outcome);
  std::string chance_text(int outcome) const;
  void finish(const Pending& p, State& after, const EventLog& log, const std::vector<ChanceTape::Draw>& carry);
  long player_actions() const;  // the history's actions of players (max_actions counts them)
  // deserialize: `p` as read (its stop not yet found) with `extra` history entries beyond the
  // steps; throws EnvError unless running it stops at a chance node as it did.
  void restore_pending(Pending p, size_t extra);

  // What is wrong with the fields beside the engine's state (deserialize): the action ids and
  // steps of the history, whose world it is, the rewards; "" if nothing.
  std::string extras_problem() const;

  std::shared_ptr<const EnvGame> game_;
  std::shared_ptr<GameNames> names_;  // the game's table of names, shared by its copies
  State s_;
  std::vector<int> history_;
  InfoRecord record_;  // the steps (chance outcomes too: a step an entry of history_ but for a pending run's) and battles
  std::vector<std::string> lines_[2];
  std::array<double, 2> rewards_{0, 0};
  int resampled_for_ = -1;
  uint64_t root_seed_ = 0;
  Pending pending_;
  std::vector<ChanceTape::Draw> carry_;  // the running ability's draws, replayed when its question is answered
};

/// One of the engine's agents choosing for a State's current player (als.gym's and
/// als.pettingzoo's opponent; Python search against the engine's agents). It reads only what
/// that player knows (InfoState), as in every front end.
class EnvAgent {
 public:
  /// `spec`: an agent spec (`als simulate`'s); seeded from `game_seed` and `seat` as the
  /// front ends seed theirs. Throws EnvError for a bad spec.
  EnvAgent(const std::string& spec, uint64_t game_seed, int seat);
  /// The id the agent chooses for the current player of `s` (seat-relative, as legal_actions()
  /// gives it). Throws EnvError at the end of the game.
  int step(const EnvState& s);

 private:
  std::unique_ptr<Agent> agent_;
  std::vector<Action> legal_;
};

/// Many games stepped together (als.VectorEnv, docs/python.md "Many games at once"): for a
/// learning agent in one seat, the other played by one of the engine's agents, or for both seats
/// (every decision of both players returned: self-play, or an opponent in Python). A game that
/// ends is replaced by a new one in the same step, and every game's seed derives from the reset
/// seed and the game's number, so a run is reproducible from its seed alone. Arrays are the
/// caller's, row-major, one row a game: tensors [n, tensor_size()], masks [n,
/// num_distinct_actions]. A Game with chance nodes is sampled (its generator's outcomes).
class VectorEnv {
 public:
  /// `opponent`: an agent spec (`als simulate`'s), or "" for both seats; `seat`: the learning
  /// agent's (0 or 1; unused with both seats); `options`: EnvOptions for the rewards ("" keeps
  /// the game's); `tensor`: "observation" or "information_state" (what each row holds). Throws
  /// EnvError for a bad spec, seat, count (1 to 65,536), option or tensor.
  VectorEnv(std::shared_ptr<const EnvGame> game, int num_envs, const std::string& opponent, int seat,
            const std::string& options, const std::string& tensor = "observation");
  int num_envs() const { return static_cast<int>(games_.size()); }
  const EnvGame& game() const { return *game_; }
  bool both_seats() const { return both_; }
  /// The length of a row's tensor: the observation's or the information state's.
  int tensor_size() const { return info_ ? game_->information_state_tensor_size() : game_->observation_tensor_size(); }
  /// Who each row is for, and what the step gave both players, a row each (either may be null):
  /// the player whose tensor and mask the row holds (the learning seat, or with both seats the
  /// player to act), and both players' rewards in the step [n, 2].
  struct Seats {
    int8_t* to_play = nullptr;  // [num_envs]
    float* rewards = nullptr;   // [num_envs, 2]
  };
  /// New games from `seed`; writes every row's tensor and mask (and to_play).
  void reset(uint64_t seed, float* obs, uint8_t* mask, int8_t* to_play = nullptr);
  /// Applies each row's action (a legal id of its game) and the opponent's replies until the
  /// agent is asked again (with both seats: the action alone). Writes the new tensors and masks,
  /// each row's reward (from the agent's seat; with both seats, the acting player's), whether its
  /// game ended (terminated: by the rules; truncated: stopped at the
  /// rules' max_actions or by a failing script) and, in rows that ended, the end state's
  /// tensor in `final_obs` (from the agent's seat; with both seats, the acting player's; the
  /// caller's zeros are left elsewhere: pass it zeroed). An
  /// illegal action throws EnvError naming the row, and no game moves.
  void step(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated, uint8_t* mask,
            float* final_obs);
  /// How the games that ended in a step ended, a row each (nothing is written in other rows: pass
  /// them initialised): the winner (player 0 or 1; -1 for a game stopped without one), both
  /// players' VP, and the agent's episode return (the sum of its rewards over that game; with both
  /// seats, player 0's: player 1's is its negation, every reward being zero-sum).
  struct Ends {
    int8_t* winner = nullptr;        // [num_envs]
    int32_t* scores = nullptr;       // [num_envs, 2]
    float* episode_return = nullptr; // [num_envs]
  };
  /// step(), and each ended game's Ends into `ends`.
  void step(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated, uint8_t* mask,
            float* final_obs, const Ends& ends);
  /// step(), with each row's Seats too.
  void step(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated, uint8_t* mask,
            float* final_obs, const Ends& ends, const Seats& seats);
  /// Whether the caller passes the same arrays to every reset and step, unchanged between them
  /// (the Python module's copy=False, its obs read-only between calls): information-state rows
  /// are then written where they changed only, and a step first restores the rows of `final_obs`
  /// and Ends that the last step wrote (zeros; winner -1), so the caller need not. False by
  /// default: every float of obs is written, and the caller passes final_obs and Ends filled.
  void keep_rows(bool kept) { rows_kept_ = kept; }
  /// Games finished since the reset (ended by the rules or stopped).
  long long games_finished() const { return finished_; }
  /// Whether this VectorEnv runs an engine of its own (a twin of the Game's: Engine::twin), so
  /// that its reset and step may run while other threads use the Game or other VectorEnvs (the
  /// Python module then releases the GIL); false where no twin could be made.
  bool owns_engine() const { return owns_engine_; }

 private:
  struct Slot {
    State s;
    GameNames names;  // this game's table of names (a new one a game)
    std::unique_ptr<Agent> opponent;
    // Answers the opponent's questions inside abilities' runs (Agent::answers_inside: the same game, with
    // no re-run of the ability from its snapshot); the learning agent's questions stop the run.
    std::unique_ptr<SeatChooser> ask;
    long actions = 0;
    float total[2] = {0, 0};  // each player's rewards in this game so far (its episode return)
    int8_t player = 0;        // the player whose decision it is (the learning seat, or either)
    std::vector<std::pair<int, Action>> legal;  // the agent's legal ids and actions now
    InfoRecord record;  // (information-state tensors) the game's steps and battles
    InfoWritten written;  // (information-state tensors, rows kept) what the row's slices after the observation hold
    // (information-state tensors, rows kept) each player's slices after the observation, kept up
    // to date a step at a time and copied into the row where they changed: in self-play the row
    // holds the other player's at nearly every step
    std::vector<float> recall[2];
    InfoWritten recalled[2];
  };
  void start(Slot& g);                       // a new game, numbered next_, advanced to the agent's turn
  int advance(Slot& g, float* got);          // the opponent acts until a learner is asked: 0 goes on, 1 ended, 2 stopped
  struct Before {  // what a reward is measured from
    int score[2];
    bool over;
  };
  static Before of(const State& s) { return {{s.b.score[0], s.b.score[1]}, s.b.phase == Phase::Over}; }
  void reward_for(const Before& before, const State& after, float* got) const;  // both players', added to got
  void write(Slot& g, float* obs, uint8_t* mask);
  void write_row(Slot& g, float* obs);  // (information-state tensors) the row's tensor: where it changed, rows kept
  size_t write_final(const Slot& g, int player, float* out) const;  // a final_obs row; the floats from its start it wrote
  // (information-state tensors) Applies `a` of `actor` and records it, every decision a step
  // (none answered inside a run); a failing script throws ScriptError, the state as it was.
  void apply_recorded(Slot& g, const Action& a, int actor);
  void list_legal(Slot& g, int player);  // the player's legal ids and actions now (g.player = player)

  // The thread rule: one thread at a time resets or steps a VectorEnv. Held by reset and step;
  // a second thread throws EnvError naming the rule.
  struct InUse {
    explicit InUse(std::atomic<bool>& flag);
    ~InUse() { flag_.store(false, std::memory_order_release); }
    InUse(const InUse&) = delete;
    InUse& operator=(const InUse&) = delete;
    std::atomic<bool>& flag_;
  };

  bool owns_engine_ = false;
  bool both_ = false, info_ = false, reset_ = false, rows_kept_ = false;
  // (rows kept) the rows whose game ended in the last step, and how many floats of final_obs each used
  std::vector<std::pair<uint32_t, size_t>> ended_;
  std::atomic<bool> in_use_{false};
  std::shared_ptr<const EnvGame> game_;
  std::vector<Slot> games_;
  std::string opponent_;
  int seat_;
  EnvOptions options_;
  uint64_t seed_ = 0, next_ = 0;
  long long finished_ = 0;
  int skipped_ = 0;  // games in a row that ended before the agent's first decision
  std::vector<Action> scratch_;
};

}  // namespace als
