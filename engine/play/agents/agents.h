// Computer players. An agent is given its player's information state, never the game itself: the
// view (ruling 28), the legal actions, and determinizations (full states consistent with what the
// player has seen, engine.h: Engine::sample). Agents draw from their own generators, seeded from
// the game's seed and their seat, never from the game's.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine.h"
#include "info_state.h"
#include "knowledge.h"
#include "observation.h"
#include "policy.h"
#include "rng.h"
#include "question.h"
#include "view.h"

namespace als {

/// The turns of the battle under way, as a front end saw them: the state before each and the
/// action taken (Match keeps one for agents that want it: Agent::wants_history). Private to
/// InfoState, which gives an agent a past turn only in a world it drew (InfoState::past), never
/// as it was.
class BattleHistory {
 public:
  /// Keeps the turn `a` taken at `before` (other decisions are not kept); a turn of another battle
  /// than the turns kept so far begins the list again.
  void record(const Engine& e, const State& before, const Action& a);
  /// Forgets the turns at or after `s`'s (an undo back to `s`), and every turn of another battle.
  void rewind(const State& s);
  void clear() { n_ = 0; }
  /// The turns kept.
  size_t size() const { return n_; }

 private:
  friend class InfoState;
  struct Turn {
    State before;
    Action action;
  };
  std::vector<Turn> turns_;  // the first n_ are kept (the rest are room, reused)
  size_t n_ = 0;
};

/// Whether the decision pending in `s` is asked inside a house rule's `deal` or `battle_start`
/// hook (a draft's picks, a mulligan): setting a battle up, which a designer counts apart from the
/// plays (Match::setup_decisions).
inline bool setup_decision(const State& s) {
  return s.r.active && (s.r.due.what == What::HookDeal || s.r.due.what == What::HookBattleStart);
}

/// What one player knows at a decision: the only thing an agent sees. Its legal actions hold no
/// identity the player cannot see: an action naming a card the player cannot identify (a
/// facedown card to choose, a card of the opponent's hand) is an opaque handle (card
/// kHandleCard, option its place in the list), which means a place in the list, not a card;
/// text() and key() read handles as the player would, and Agent::choose turns the handle an
/// agent picks back into the engine's action.
class InfoState {
 public:
  static constexpr uint8_t kHandleCard = 254;  // Action::card of a handle
  InfoState(const Engine& e, const State& s, const std::vector<Action>& legal)
      : e_(e), s_(s), player_(e.to_act(s)), legal_(&legal), shown_(&legal) {
    // A turn's plays are the player's own cards in hand, which they know (ruling 28): a turn
    // needs no handle (nor a new order) unless the player holds a card they do not know.
    if (s.r.active || (s.b.in_hand(player_) & knowledge::unknown(s.b, player_))) [[unlikely]] {
      const DecisionKind kind = e.decision_kind(s);
      // A card decision needs handles exactly when it needs a new order: when it names a card
      // the player cannot identify. Theaters and option texts are public.
      if (kind == DecisionKind::Card ? order_card_options() : kind != DecisionKind::Theater && kind != DecisionKind::Option)
        make_handles();
    }
  }
  const Engine& engine() const { return e_; }
  int player() const { return player_; }
  /// The legal actions, in an order that depends only on what the player knows, with handles
  /// for what they cannot identify.
  const std::vector<Action>& legal() const { return *shown_; }
  /// An action of legal() as the player sees it ("choose 2:land:1" for a card they cannot identify).
  std::string text(const Action& a) const { return e_.text().action_text(s_, real(a), player_); }
  /// The same as a number (Engine::action_key): equal for two actions exactly when their texts are.
  uint32_t key(const Action& a) const { return e_.text().action_key(s_, real(a), player_); }
  /// What the player sees now (projection.h), and the same as texts (view.h).
  Projection projection() const { return project(e_, s_, player_); }
  View view() const { return view_of(e_, s_, player_); }
  /// The question asked now, as the player may read it (render_question of projection()).
  Question question() const { return render_question(e_, projection()); }
  /// The VP the opponent would score if the player withdrew now (the chart, ruling 27).
  int withdraw_vp() const { return e_.withdraw_vp(s_, player_, e_.hand_size(s_, player_)); }
  /// Whether the current battle, won by `winner` (0 or 1), surely ends the game in their favour:
  /// their score plus the least VP it can give them (the rules' battle VP, or the withdrawal chart
  /// for any hand the other player may withdraw with) reaches the target (public: scores, charts,
  /// hand sizes). False under house rules whose hooks may change a battle's VP or the game's end.
  bool battle_wins_game(int winner) const;
  /// The Python module's observation tensor of the player (observation_tensor, observation.h).
  void observation_tensor(float* out) const { als::observation_tensor(e_, s_, player_, out); }
  /// The game's record of steps, when the front end kept one (Agent::wants_record), else none.
  void set_record(const InfoRecord* r) { record_ = r; }
  bool has_record() const { return record_ != nullptr; }
  /// The Python module's information-state tensor of the player (info_state.h:
  /// information_state_tensor) with `shape`, from the record set: perfect recall of what the
  /// player saw. Throws std::logic_error when no record was set.
  void information_state_tensor(const InfoShape& shape, float* out) const {
    if (!record_) throw std::logic_error("no record of the game's steps was kept for this agent");
    als::information_state_tensor(e_, s_, *record_, player_, shape, out);
  }
  DecisionKind kind() const { return e_.decision_kind(s_); }
  /// Whether the decision sets a battle up (setup_decision; public: the asker is a rule's hook).
  bool sets_battle_up() const { return setup_decision(s_); }
  /// A full state consistent with what the player has seen (a determinization).
  State sample(Rng& rng) const { return e_.sample(s_, player_, rng); }
  /// The same drawn many times (Engine::Sampler::draw(out, rng) gives what sample(rng) gives),
  /// cheaper from the second draw on. Valid while this InfoState is.
  Engine::Sampler sampler() const { return Engine::Sampler(e_, s_, player_); }
  /// The same, its checks run on `on` (a search worker's twin of the engine: scripts run on one
  /// thread an engine).
  Engine::Sampler sampler(const Engine& on) const { return Engine::Sampler(on, s_, player_); }
  /// The battle's turns before this decision, when the front end kept them (else none).
  void set_history(const BattleHistory* h) { history_ = h; }
  /// The turns of this battle before this decision that the front end kept (0 if it kept none).
  size_t past_turns() const;
  /// Who took past turn `i` (0 or 1; i < past_turns()).
  int past_player(size_t i) const;
  /// Past turn `i` (i < past_turns()) in the world `ids` drew from `sampler` (this state's:
  /// sampler()): the state then, into `out`, and the action taken, its cards named as in that
  /// world. Throws std::out_of_range for i past past_turns(), std::invalid_argument for
  /// identities never drawn.
  Action past(size_t i, const Engine::Sampler& sampler, const Engine::Identities& ids, State& out, Rng& rng) const;
  /// The engine's action for an action of legal() (a handle's card restored). Throws
  /// std::out_of_range for a handle that is not one of legal()'s.
  Action real(const Action& a) const {
    if (a.card != kHandleCard) return a;
    if (a.option >= legal_->size()) throw std::out_of_range("an agent's action is no handle of this decision");
    return (*legal_)[a.option];
  }

 private:
  bool order_card_options();  // a card decision's options in an order the player may know; false if all are known
  void make_handles();        // shown_: the actions with handles for what the player cannot identify

  const Engine& e_;
  const State& s_;  // private: agents reach the game only through sample()
  int player_;
  const std::vector<Action>* legal_;  // the engine's list, or `lists_->sorted` when it had to be reordered
  const std::vector<Action>* shown_;  // legal_, or `lists_->handles` when some action names a hidden card
  const BattleHistory* history_ = nullptr;
  const InfoRecord* record_ = nullptr;
  struct Lists {
    std::vector<Action> sorted, handles;
  };
  std::unique_ptr<Lists> lists_;  // made only when needed: a turn needs neither list
};

/// An agent that cannot answer: a program playing a seat (`exec:`) crashed, ran out of time or
/// answered illegally. Its seat loses the game (Match::forfeit); `kind` is "crash", "timeout" or
/// "illegal", what() says more.
struct AgentFailure : std::runtime_error {
  AgentFailure(std::string k, const std::string& what) : std::runtime_error(what), kind(std::move(k)) {}
  std::string kind;
};

/// Rethrows a script's failure during an agent's look-ahead as the ScriptError the game ends with,
/// its message prefixed "during the computer's search: ". A script that fails in a search fails the
/// game, as it would in play: a search must not quietly steer away from the failing action.
[[noreturn]] void search_failed(const ScriptError& err);

class Agent {
 public:
  virtual ~Agent() = default;
  /// Picks one of the legal actions (the list is not empty). An agent that looks ahead runs
  /// scripts: a script failing there throws ScriptError ("during the computer's search: ..."),
  /// and the game ends with that error (Match::step), as it would in play.
  virtual Action decide(const InfoState& info) = 0;
  /// Convenience: builds the information state of the player to act in `s` and decides.
  /// `past`: the battle's turns so far, for an agent that wants them (wants_history), or null.
  /// `record`: the game's steps, for an agent that wants them (wants_record), or null.
  Action choose(const Engine& e, const State& s, const std::vector<Action>& legal, const BattleHistory* past = nullptr,
                const InfoRecord* record = nullptr) {
    InfoState info(e, s, legal);
    info.set_history(past);
    info.set_record(record);
    return info.real(decide(info));
  }
  /// Whether the agent reads the battle's past turns (InfoState::past): a front end then keeps
  /// them (a BattleHistory) and hands them to choose().
  virtual bool wants_history() const { return false; }
  /// Whether the agent reads the information-state tensor (InfoState::information_state_tensor):
  /// a front end then keeps the game's record of steps (an InfoRecord, every decision a step: no
  /// question answered inside an ability's run) and hands it to choose().
  virtual bool wants_record() const { return false; }
  /// Whether deciding the decision pending in `s` (an ability's question, its run stopped there)
  /// applies no action and runs no script, so that the agent may answer it during the ability's
  /// run (SeatChooser) and the ability is not run again from its start for the answer.
  virtual bool answers_inside(const State& /*s*/) const { return false; }
  /// What a person watching should know of the last decision, or "": a search that stopped
  /// early because the rules' scripts were too slow for it says so (MctsAgent's `work`).
  virtual std::string note() const { return {}; }
  /// How the agent values a position in `e`'s game: "learned value" (a learned value that reads
  /// this game), "playouts" (a search without one: none asked, value=none, or one trained for
  /// another game), or "" for an agent that does not search.
  virtual std::string evaluation(const Engine& /*e*/) const { return {}; }
  /// Where evaluation() is "learned value": how that value was trained ("the built-in network"
  /// for the one shipped for the standard set, else its file's recipe line, or "a file without a
  /// recipe"); "" otherwise. als compare plays an agent with its values only where every variant's
  /// was trained the same way (the same player in every variant).
  virtual std::string value_recipe(const Engine& /*e*/) const { return {}; }
};

/// Answers abilities' decisions during their runs (Engine::apply's `ask`) with the agent of the
/// player deciding, when that agent answers it inside the run (Agent::answers_inside); declines
/// otherwise, or for a seat with no agent (the ability then waits, as without a chooser).
/// `answered` counts the decisions it answered.
class SeatChooser : public Chooser {
 public:
  SeatChooser(Agent* player1, Agent* player2) : agents_{player1, player2} {}
  bool choose(const Engine& e, const State& s, const std::vector<Action>& legal, Action& out) override {
    Agent* a = agents_[e.to_act(s)];
    if (!a || !a->answers_inside(s)) return false;
    out = a->choose(e, s, legal);
    ++answered;
    if (setup_decision(s)) [[unlikely]] ++setup;
    else options += static_cast<long long>(legal.size());
    return true;
  }
  long answered = 0;
  long long options = 0;  // the legal actions of the decisions it answered, summed (setup decisions' not)
  long long setup = 0;    // of them, the decisions setting a battle up (setup_decision)

 private:
  Agent* agents_[2];
};

/// Uniform over the legal actions other than withdraw (withdraw only when it is the only one).
class RandomAgent : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  Action decide(const InfoState& info) override;
  bool answers_inside(const State& /*s*/) const override { return true; }

 private:
  Rng rng_;
};

/// One ranked action of a search (hints).
struct Estimate {
  Action action;
  std::string text;     // as the player sees it
  double win = 0;       // the search's reward after it, 0 to 1: winning the game (horizon game),
                        // or the battle's VP swing scaled to 0..1 (horizon battle)
  int visits = 0;
  double battle = 0.5;  // the share of its iterations in which the player won the current battle
  double game = 0.5;    // the player's chance to win the game after it, from the same iterations: 1 or 0
                        // where an iteration ended the game, else the race of battles from the
                        // scores it reached (MctsAgent::win_chance)
  double game_if_won = 0.5;   // the same over the iterations in which the player won the battle
  double game_if_lost = 0.5;  // ... and over those in which they lost it
};

/// An agent that searches: it can rank every legal action (hints, tests).
class SearchAgent : public Agent {
 public:
  /// The legal actions, most visited first, with the search's estimates after each.
  virtual std::vector<Estimate> rank(const InfoState& info) = 0;
  /// Where both hands hold at most `most_cards` cards and the worlds the player cannot tell apart
  /// (their hidden cards' places; the deck's order aside) are at most `most_worlds`: every legal
  /// action counted over each of those worlds, solved to the battle's end (each player knowing the
  /// world): Estimate::battle the share of worlds in which the player then wins the battle,
  /// Estimate::visits the worlds, Estimate::win the mean reward; best first. Empty where it does
  /// not apply, or where the solution runs past its budget (and for a search that cannot).
  virtual std::vector<Estimate> count_worlds(const InfoState& info, int most_cards, int most_worlds) {
    (void)info, (void)most_cards, (void)most_worlds;
    return {};
  }
  /// From now on, searches try at the root only the moves with these keys (InfoState::key), so
  /// that all their iterations go to them (als review: one action's figures); empty: every move.
  /// False (and nothing changes) for a search that cannot.
  virtual bool set_root_moves(std::vector<uint32_t> keys) {
    (void)keys;
    return false;
  }
};

/// The search of 2026-11-24, frozen as `mcts-v1` so that every later search is measured against
/// it (docs/agents.md): information-set MCTS, single observer (Cowling, Powley & Whitehouse
/// 2012): each iteration samples a determinization, descends a tree of the player's information
/// sets (moves as the player sees them, keyed by their texts, selected by UCB with availability
/// counts), expands one move, plays random moves to the end of the battle (or the game), and backs
/// the battle's VP swing up. Do not change it: a stronger search is a new class (play/search/mcts.h).
class MctsV1Agent : public SearchAgent {
 public:
  struct Options {
    int iterations = 600;   // iterations per decision (with `time_ms`: the most)
    double c = 0.7;         // UCB exploration
    bool game = false;      // roll out to the end of the game (else of the battle)
    double time_ms = 0;     // > 0: think this long a decision (wall clock; not reproducible)
  };
  MctsV1Agent(uint64_t seed, Options o) : rng_(seed), opt_(o) {}
  Action decide(const InfoState& info) override;
  std::vector<Estimate> rank(const InfoState& info) override;

 private:
  Rng rng_;
  Options opt_;
};

/// One step ahead: applies each legal action to a determinization and takes the best position
/// (theaters held, strength margins; a battle's end by its VP), withdrawing by the chart when the
/// battle looks lost. A decision setting a battle up (setup_decision: a draft's pick, a
/// mulligan) changes no theater it could value: it takes one of those uniformly, inside the run
/// (answers_inside), so that a hook asking k questions costs k answers, not k re-runs.
class GreedyAgent : public Agent {
 public:
  explicit GreedyAgent(uint64_t seed) : rng_(seed) {}
  Action decide(const InfoState& info) override;
  bool answers_inside(const State& s) const override { return setup_decision(s); }

 private:
  Rng rng_;
};

/// The seed of the agent in `seat` (0 or 1) for a game seeded with `game_seed`.
uint64_t agent_seed(uint64_t game_seed, int seat);
/// One kind of computer agent: the registry's entry (agents.cpp), the only list of agents.
struct AgentKind {
  std::string name;         // as a spec names it: "mcts"
  std::string options;      // what may follow "name:", with defaults ("" for none)
  std::string description;  // one line, for help and `als serve`'s hello
  /// Makes the agent from its whole spec ("mcts:iterations=2000") and its own seed. Throws
  /// std::invalid_argument (a message for the user) for bad options.
  std::unique_ptr<Agent> (*make)(const std::string& spec, uint64_t seed);
  /// What the trust policy (policy.h) is asked before `make`: whether the agent runs a program
  /// (`exec:`), and which of its options name a file ("value": a learned value's weights; the
  /// option's values "standard" and "none" name none).
  bool runs_program = false;
  std::vector<std::string> file_options = {};
};
/// Every computer agent, weakest first: the last is the strongest (the default opponent).
const std::vector<AgentKind>& agent_registry();
/// Adds a kind of agent a front end makes (`exec:`, cli/exec_agent.cpp) at the registry's start
/// (it is not ranked among the computer agents). Call it before any thread reads the registry.
void add_agent_kind(AgentKind kind);
/// Makes a computer agent from a spec: "random", "greedy", "mcts", "mcts:2000",
/// "mcts:iterations=2000,c=0.7,horizon=game", seeded for `seat` (0 or 1) of a game seeded with
/// `game_seed`. Returns nullptr for a name the registry does not have ("human" included); throws
/// std::invalid_argument (a message for the user) for bad options, and for what `policy` does not
/// let its source name: a program (`exec:`), or a file an option names (checked, and opened in
/// the form the policy gives: for an `als serve` client, canonical under `--allow-path`).
std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t game_seed, int seat,
                                  const Policy& policy = Policy::user());
/// Where `spec` can never name a computer agent here for a reason of its own, that reason in
/// words for the user: an empty spec, or `exec:` where no program may play (the Python module and
/// the lab called from it: programs play from the als command line only). Else "" (make_agent
/// decides the rest: an unknown name, bad options).
std::string agent_spec_refusal(const std::string& spec);
/// `spec` playing without a learned value: its options with value=none ("mcts:100" ->
/// "mcts:100,value=none"; a level is written out first). For a comparison whose variants the
/// value was not all trained for (one agent in every variant: als compare, als sweep).
std::string without_learned_value(const std::string& spec);
/// The registry's names, weakest first.
std::vector<std::string> agent_names();
/// The computer agents, as "random, greedy, mcts", for messages.
std::string computer_agents();
/// The computer agents with their options, for help: "random, greedy, mcts[:iterations=600,...]".
std::string agent_help();
/// The strongest computer agent's name (the default opponent of `als play` through a pipe).
std::string strongest_agent();

/// A difficulty level: a name a person picks (`als play --level hard`), accepted wherever an agent
/// spec is (simulate, tournament, compare, serve), and the spec it stands for.
struct Level {
  const char* name;         // "easy", "normal", "hard", "expert"
  const char* spec;         // the agent it plays as: "mcts:iterations=2000"
  const char* description;  // one line, for help
};
/// The levels, weakest first. All but expert spend a fixed number of iterations, so that they
/// play the same on every machine; expert thinks a second a move on two threads.
const std::vector<Level>& levels();
/// The spec a level's name stands for; any other spec as it is. A level with options ("hard:x")
/// throws std::invalid_argument.
std::string level_spec(const std::string& spec);
/// The levels' names, "easy, normal, hard, expert", for help and messages.
std::string level_names();

}  // namespace als
