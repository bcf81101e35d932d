// The default computer opponent's search (`mcts` in the registry; docs/agents.md): IS-MCTS with
// MAST playouts, several workers, beliefs about the opponent's hand and exact endgames. Files:
// mcts.cpp (the tree, the workers, an iteration, the ranking and the decision), rewards.cpp
// (win chances, battle rewards, play features), beliefs.cpp (the opponent model), endgame.cpp
// (alpha-beta in each world), playout.h (the pieces they share, inline).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents.h"
#include "value_net.h"

namespace als {

/// Information-set MCTS, single observer (Cowling, Powley & Whitehouse 2012), the successor of
/// MctsV1Agent, each change chosen by measurement against it (docs/agents.md):
/// - the tree is keyed by numbers (Engine::action_key: a move as the player sees it; a deploy by
///   its card, which it reveals), its children linked in one array (no text, no allocation an
///   iteration);
/// - playouts and the order of expansions follow a cheap policy (`guided`): a turn plays the card
///   that takes or holds a theater, deploys rather than improvises, avoids theaters already lost
///   or safely held, and withdraws by the chart when the battle is lost; a share of turns stays
///   uniform (`explore`);
/// - the policy learns as the search goes (MAST, `mast`): each move's mean reward over the
///   iterations so far, by the player who made it, is added to its score, so playouts come to
///   play the cards that have done well in this position;
/// - progressive widening (`widen`): a node grows its moves with the square root of its visits;
/// - `threads`: workers on engine twins (Engine::twin). Under a time budget they grow one tree
///   (lock-free: children linked by compare-and-swap, each worker's figures kept apart and the
///   others' read again now and then, iterations under way counted as losses); with a fixed
///   number of iterations, a tree each, the root's statistics summed, so the search is reproducible;
/// - exact endgames (`endgame`, the registry's default 2): where both hands hold at most that
///   many cards, decide() plays the move found by solving the rest of the battle in each world
///   drawn (solve_endgame), not by the search;
/// - options measured weaker and so not the default: a reward that values the match score
///   (`match`: the change in the chance to win the game, win_chance), and a move drawn in
///   proportion to the visits (`draw`: the search then bluffs, and is harder to read).
/// Why the learned value `value` (its spec: "standard" or a file) read as `net` does not fit
/// `e`'s game (another input size, another content hash), with what trains one: the note a
/// search gives once a game where it plays by playouts instead.
std::string value_misfit(const std::string& value, const ValueNet& net, const Engine& e);

class MctsAgent : public SearchAgent {
 public:
  struct Options {
    int iterations = 600;   // iterations per decision, of all threads together (with `time_ms`: the most)
    double c = 0.45;        // UCB exploration
    bool game = false;      // roll out to the end of the game (else of the battle)
    double time_ms = 0;     // > 0: think this long a decision (wall clock; not reproducible)
    bool guided = true;     // playouts and expansions by the policy above (else uniform, as mcts-v1)
    bool match = false;     // reward: the change in the chance to win the game (else the battle's VP swing)
    bool draw = false;      // the move played drawn in proportion to the visits (else the most)
    double explore = 0.1;   // the share of a guided playout's turns played uniformly
    double widen = 1;       // > 0: progressive widening: a node visited v times has at most 2 + widen * sqrt(v)
                            // moves, added in the policy's order (0: every move at once)
    double mast = 15;       // > 0: the guided policy adds mast * (a move's mean reward in this search - 0.5) (MAST)
    bool answer_in_runs = true;  // questions inside the descent's runs answered there (Pass::Answers);
                                 // false: each answer applied alone, the ability run again (tests)
    int threads = 1;        // search threads, each with an engine of its own (Engine::twin): one tree
                            // for all under a time budget, else a tree each
    bool v2 = false;        // the search of 2026-11-27, frozen as mcts-v2: a play its card does not
                            // survive scored as any other, VP measured against the rules'
                            // battle_vp without the battle_vp hook, and every battle valued by its
                            // VP swing, even one that can decide the game
    double adapt = 0;       // > 0: an adaptive budget. Where the two most tried actions are close (the
                            // second tried at least 70% as often as the first) or either is a
                            // withdrawal, the search goes on growing the same trees for `adapt`
                            // times its budget before choosing
    double belief = 0;      // > 0: beliefs about the hidden cards (Cowling et al.'s "inference"):
                            // determinizations are drawn from a pool of `pool` worlds, each weighted
                            // by how likely the opponent's turns of this battle were in it under the
                            // belief model (turn_likelihood), its weights times this (1: as fitted),
                            // mixed with `noise` of uniform. 0: every world as likely (mcts-v2)
    std::string value;      // a learned value: "standard" (ValueNet::standard, the registry's mcts
                            // default), a weights file (ValueNet::load), or "" (none; mcts-v2). Used
                            // where it reads this card set's observation and, if it names the game
                            // it was trained for, in that game only: a playout
                            // stops after `cutoff` actions and takes the network's estimate, from
                            // the observation of the player to act there (1 less it where that is
                            // the opponent), as its reward: its third output (battle_reward
                            // expected) where it has one, else its first (the chance of winning
                            // the battle)
    int cutoff = 0;
    int pool = 256;         // worlds drawn and weighted for the beliefs, once a decision
    double noise = 0.1;     // the share of the opponent's turns the belief model takes as uniform
    int endgame = 0;        // > 0: exact endgames: where both hands hold at most this many cards, the
                            // move is chosen by solving the rest of the battle (solve_endgame)
    int worlds = 64;        // the most worlds an endgame is solved in
    long long work = 400'000'000;  // with a number of iterations (no `time_ms`): the most Lua
                            // instructions the rules' scripts may run for one decision, all threads
                            // together (Engine::work, about a second of scripts): past it the search
                            // stops, after one iteration at least, and says so (note()); 0: no bound
  };
  MctsAgent(uint64_t seed, Options o);
  /// Makes this search mcts-v2 (Options::v2), whatever its other options.
  void freeze_v2() { opt_.v2 = true; }
  ~MctsAgent() override;
  Action decide(const InfoState& info) override;
  std::vector<Estimate> rank(const InfoState& info) override;
  bool set_root_moves(std::vector<uint32_t> keys) override {
    root_moves_ = std::move(keys);
    return true;
  }
  /// With beliefs (Options::belief) the search reads the battle's past turns.
  bool wants_history() const override { return opt_.belief > 0 && !opt_.v2; }
  /// The effective number of worlds of the last decision's beliefs (Kish: (sum w)^2 / sum w^2),
  /// Options::pool when the beliefs weighed none apart, 0 when it drew without beliefs.
  double last_worlds() const { return last_worlds_; }
  /// The last search's beliefs: each world's identities and its weight's running total (for tests).
  struct Belief {
    std::vector<Engine::Identities> worlds;
    std::vector<double> upto;  // upto[k]: the weights of worlds 0..k summed (increasing)
  };
  const Belief& last_belief() const { return belief_; }
  /// The chance the belief model gives the turn `a` at `s` (a turn decision): a conditional logit
  /// over the legal plays (withdrawing aside), each play's features (play_features) times weights
  /// fitted on mcts-v2's turns (tests/bench/fit_belief.cpp) times `beta`, mixed with `noise` of
  /// uniform; 1e-6 if `a` is no legal play. `acts`: room for the legal actions.
  static double turn_likelihood(const Engine& e, const State& s, const Action& a, double beta, double noise,
                                std::vector<Action>& acts);
  /// What the belief model reads of a turn's play `a` by player p at `s` (`margin`: p's total
  /// less the opponent's, by theater id): kPlayFeatures numbers, all 0 for an action that is not a play.
  static constexpr int kPlayFeatures = 15;
  static void play_features(const Engine& e, const State& s, int p, const int* margin, const Action& a, double* f);
  /// The plays among `acts` (legal at `s`, a turn; withdrawing left out) and their features, a row
  /// of kPlayFeatures each, in `plays` and `features`.
  static void turn_features(const Engine& e, const State& s, const std::vector<Action>& acts, std::vector<Action>& plays,
                            std::vector<double>& features);
  /// The exact endgame at `info` with this search's budget (Options::endgame; solve_endgame): each
  /// legal action with its reward averaged over the worlds solved (Estimate::win, 0 to 1;
  /// Estimate::visits: the worlds), best first; empty where it does not apply or no world was
  /// solved within the budget. decide() plays its first; rank() (the hints) stays the search's.
  std::vector<Estimate> endgame(const InfoState& info) { return solve_endgame(info, Budget{opt_.iterations, opt_.time_ms, opt_.work}); }
  /// SearchAgent::count_worlds: the distinct worlds drawn until 300 draws in a row find no new one,
  /// each solved by the endgame's alpha-beta (at most 4 million nodes in all).
  std::vector<Estimate> count_worlds(const InfoState& info, int most_cards, int most_worlds) override;
  /// The last decision's endgame solution: the worlds solved (0 when the move was searched), and
  /// the nodes it visited, all worlds together.
  int last_endgame_worlds() const { return last_endgame_worlds_; }
  long long last_endgame_nodes() const { return last_endgame_nodes_; }
  /// The last decision's search was extended by the adaptive budget (Options::adapt).
  bool last_extended() const { return last_extended_; }
  /// The iterations of the last search, all threads together.
  long long last_iterations() const { return last_iterations_; }
  /// Iterations since this agent was made whose world, re-running the ability the decision is
  /// in, asked another question than the real game had (a question that depends on a card the
  /// player cannot see: each counted even, the search went on), and the first one's message.
  long long mismatches() const { return mismatches_; }
  const std::string& first_mismatch() const { return first_mismatch_; }
  /// Why the last search stopped before its iterations ("" when it did not): the rules' work
  /// passed Options::work.
  std::string note() const override { return note_; }
  /// "learned value" where the value (Options::value) reads `e`'s game (its observation, and the
  /// game it was trained for, if it names one), else "playouts".
  std::string evaluation(const Engine& e) const override;
  /// Agent::value_recipe: the recipe of the value it uses in `e`'s game.
  std::string value_recipe(const Engine& e) const override;
  /// The chance that a player `need` VP short of the rules' target wins against one `other_need`
  /// short, 0 to 1 (1 when need <= 0 < other_need; both clamped to 0..target): a race of battles
  /// each won by either player at even odds, for the battle's VP half the time and for an entry
  /// of a withdrawal chart (each as likely) otherwise.
  static double win_chance(const Rules& r, int need, int other_need);
  /// The reward this search (not mcts-v2, nor `reward=match`) gives player `me` for a battle under
  /// rules `r` without a battle_vp hook, begun at the scores `start` and ended at `end` (VP by
  /// player), `winner` the game's winner when the battle ended it (else -1), 0 to 1: 1 or 0 for
  /// the game; in a battle that can decide the game (either player within the most VP a battle
  /// gives of the target) the change in win_chance, scaled so that a battle won outright gives 1
  /// and lost 0; else 0.5 plus half the VP swing over the battle's VP. The learned value's third
  /// output is trained on it (python/tools/train_value.py).
  static double battle_reward(const Rules& r, const int start[2], const int end[2], int me, int winner);

 private:
  std::vector<uint32_t> root_moves_;  // set_root_moves: the root's moves tried (empty: all)
  struct Node {             // a tree's shape: written once when the node is made, save `first`
    uint32_t key = 0;       // the move into this node, as the searching player sees it
    int8_t player = -1;     // who made that move
    int32_t first = -1;     // first child (a list linked by `next`; in a shared tree, set by compare-and-swap)
    int32_t next = -1;      // next sibling (set before the node is linked in, then never changed)
  };
  struct Stat {             // a node's figures, kept apart from its shape (one set a worker in a shared tree)
    int32_t visits = 0;     // iterations through the node, counted as they pass down (so, in a
                            // shared tree, those still running count as losses: virtual loss)
    int32_t avail = 0;      // times the move was available when the parent was visited
    double wins = 0;        // reward for the node's player
    double battle_wins = 0; // the battle the search began in won by that player (hints only)
    double game_wins = 0;   // that player's chance to win the game after the iteration (hints only):
                            // 1 or 0 once the game is over, else win_chance at the scores it reached
    double game_and_battle = 0;  // the same, counted only where that player also won the battle
  };
  struct Tree;
  struct Worker;
  template <bool Shared>
  class Pass;  // one search's steps on one worker (mcts.cpp)
  /// win_chance for every (need, other_need), at [need * (target + 1) + other_need].
  static std::vector<double> win_chances(const Rules& r);
  /// What the search's reward reads of the rules at a decision `t` of player `me`: the VP of a
  /// battle won outright, the reward's unit (the rules' battle_vp, or with a battle_vp hook what
  /// it gives either player for a battle decided now; mcts-v2: battle_vp always); the race of
  /// battles the game chance reads when a hook changes it (`hooked`, win_chances of rules whose
  /// battles and charts give what the hook gives; empty: the rules' own); and whether this battle
  /// can decide the game (either player within the most VP a battle gives of the target; never
  /// for mcts-v2 nor the `match` reward, which values every battle by the game). May run the
  /// hook (ScriptError).
  struct RewardScale {
    int vp = 1;
    bool decides = false;
    std::vector<double> hooked;
  };
  static RewardScale reward_scale(const Engine& e, const State& t, int me, bool v2, bool match);
  /// What one search may spend: Options' iterations, time_ms and work, or an extension's (adapt).
  struct Budget {
    int iterations;
    double time_ms;
    long long work;
  };
  /// One worker's iterations on its tree (w.tree); `Shared`: other workers grow the same tree at
  /// the same time (its counts are then updated atomically and its children linked lock-free).
  template <bool Shared>
  void search(Worker& w, const InfoState& info, const Budget& budget, int iterations,
              std::chrono::steady_clock::time_point until);
  /// rank() with `budget`; `extending`: goes on growing the last search's trees (Options::adapt).
  std::vector<Estimate> ranked(const InfoState& info, const Budget& budget, bool extending);

  /// Exact endgames (Options::endgame): where both hands hold at most opt_.endgame cards, the
  /// rest of the battle solved by alpha-beta in up to opt_.worlds worlds (drawn as the search
  /// draws them: by the beliefs where there are some), each player knowing the world
  /// (perfect-information Monte Carlo), every choice of every ability searched. Returns each
  /// legal action with its mean reward over the worlds solved (win; visits: the worlds), best
  /// first; empty where it does not apply (hands too large, a decision that sets a battle up
  /// (InfoState::sets_battle_up), mcts-v2, horizon game) or the budget
  /// ran out before 4 worlds (or `worlds`, if fewer) were solved: the search then decides.
  std::vector<Estimate> solve_endgame(const InfoState& info, const Budget& budget);
  class Endgame;  // one world's alpha-beta (endgame.cpp)
  int last_endgame_worlds_ = 0;
  long long last_endgame_nodes_ = 0, last_endgame_work_ = 0;

  Rng rng_;
  Options opt_;
  std::shared_ptr<const ValueNet> net_;  // Options::value, loaded
  const ValueNet* leaf_net_ = nullptr;    // net_ when it reads this search's card set, else null
  std::vector<std::unique_ptr<Worker>> workers_;
  std::unique_ptr<Tree> shared_;                // the tree all workers grow under a time budget
  std::vector<std::shared_ptr<Engine>> twins_;  // the other threads' engines
  const Engine* twins_of_ = nullptr;            // the engine they are twins of
  std::vector<double> chance_;                  // win_chances of the rules of the last search
  const Rules* chance_rules_ = nullptr;
  /// Fills belief_ from the battle's past turns (Options::belief); empty when none is the opponent's.
  void believe(const InfoState& info);
  /// A determinization into `out`: drawn from `sampler` as every world is as likely, or, with
  /// beliefs (belief_ not empty), one of their worlds drawn by its weight.
  void draw_world(const Engine::Sampler& sampler, State& out, Rng& rng) const;
  Belief belief_;
  double last_worlds_ = 0;
  long long last_iterations_ = 0;
  long long mismatches_ = 0;
  std::string first_mismatch_;
  bool last_extended_ = false;
  std::string note_;
};

}  // namespace als
