// One game as every front end plays it: the engine, the state, who decides for each seat, the
// listeners that see every action (records, screens, statistics, clients) and the policy on a
// failing script. `als play`, `als serve`, `als simulate`, `als replay`, the reproducibility
// check of `als cards` and the benchmark all run their games through a Match.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine.h"
#include "agents.h"

namespace als {

class Match;

/// Sees a match's actions as they happen (a record, a screen, a client, statistics).
class MatchListener {
 public:
  virtual ~MatchListener() = default;
  /// After `seat` (0 or 1) took `a`: its omniscient text (empty unless Options::texts) and what
  /// it caused (the match's log; empty unless Options::log). `m.state()` is the game after it.
  virtual void on_action(const Match& m, int seat, const Action& a, const std::string& text, const EventLog& log) = 0;
  /// The game's opening: what happened from the deal to the first decision (battle 1's
  /// BattleStart event, what battle_start and turn_start abilities did and logged), in the same
  /// form as an action's log. Called once a game, before its first action (Match::start).
  virtual void on_start(const Match&, const EventLog& /*opening*/) {}
  /// The game stopped before its end: by its players ("end of input") or by a failing script.
  virtual void on_abandoned(const Match&, const std::string& /*reason*/) {}
  /// `seat`'s agent failed (AgentFailure: `kind` "crash", "timeout" or "illegal") and the seat
  /// lost the game (Match::forfeit); `log` holds the game's end.
  virtual void on_forfeit(const Match&, int /*seat*/, const std::string& /*kind*/, const EventLog& /*log*/) {}
};

class Match {
 public:
  struct Options {
    /// Agents that may (Agent::answers_inside) answer abilities' decisions during the abilities' runs
    /// (Engine::apply's Chooser, SeatChooser): faster, the same game, but those answers are not
    /// actions listeners see (so not for records). `answered()` counts them.
    bool answer_during_runs = false;
    /// Listeners get each action's omniscient text (records, transcripts).
    bool texts = true;
    /// Events are collected for listeners; `kept_types` and `keep_battle_ends` as in EventLog.
    bool log = true;
    uint64_t kept_types = kShownEvents;
    bool keep_battle_ends = true;
  };

  /// A new game of `e` dealt from `seed` (Engine::new_game; throws ScriptError if a script fails
  /// as it starts). `p1`, `p2`: the agents of the seats, not owned; nullptr for a seat decided
  /// outside (a human, a client, a record), whose actions come through apply().
  Match(const Engine& e, uint64_t seed, Agent* p1, Agent* p2, Options o);
  Match(const Engine& e, uint64_t seed, Agent* p1, Agent* p2) : Match(e, seed, p1, p2, Options{}) {}

  /// What the last action caused (Options::log).
  const EventLog& apply_log() const { return log_; }
  /// What happened from the deal to the first decision (Options::log), kept for the whole game.
  const EventLog& opening() const { return opening_; }
  /// Tells every listener the game's opening (MatchListener::on_start), once a game: call it
  /// after listen() where the opening must come at a certain point (a front end's header
  /// first); apply() and run() call it before the first action if nobody did.
  void start();
  /// Starts another game on this match (its options and listeners kept, its buffers reused):
  /// as a new Match with these arguments.
  void reset(uint64_t seed, Agent* p1, Agent* p2);

  const Engine& engine() const { return e_; }
  const State& state() const { return s_; }
  uint64_t seed() const { return seed_; }
  Agent* agent(int seat) const { return agents_[seat]; }
  /// The seat to decide (0 or 1); -1 once the game is over.
  int to_act() const { return e_.to_act(s_); }
  bool over() const { return s_.b.phase == Phase::Over; }
  /// Why the game was abandoned ("" while it goes on or once it ended normally).
  const std::string& abandoned() const { return abandoned_; }
  /// Actions applied so far, and decisions answered during abilities' runs
  /// (Options::answer_during_runs), which are not among them.
  long actions() const { return actions_; }
  long answered() const { return chooser_.answered; }
  /// Decisions agents took (in run() and during abilities' runs), and their legal actions summed:
  /// options() / decisions() is the mean branching factor.
  long long decisions() const { return decided_ + chooser_.answered - chooser_.setup; }
  long long options() const { return options_ + chooser_.options; }
  /// Decisions agents took setting a battle up (setup_decision: inside a deal or battle_start
  /// hook), in run() and during runs: among actions() + answered(), not among decisions().
  long long setup_decisions() const { return setup_ + chooser_.setup; }
  /// The legal actions now, in the engine's canonical order (empty once the game is over).
  const std::vector<Action>& legal() {
    if (!legal_fresh_) {
      e_.legal(s_, legal_);
      legal_fresh_ = true;
    }
    return legal_;
  }

  void listen(MatchListener* l) { listeners_.push_back(l); }
  /// The battle's turns so far, kept when an agent of the match wants them (Agent::wants_history)
  /// or keep_history() asked for them; what a hint's search reads (InfoState::set_history).
  const BattleHistory& history() const { return history_; }
  /// Keeps the battle's turns even when no agent of the match wants them (a front end's hints).
  void keep_history();
  /// The game's record of steps (info_state.h), kept when an agent of the match wants it
  /// (Agent::wants_record): every decision is then a step, none answered inside an ability's run.
  const InfoRecord& record() const { return record_; }

  /// Applies `a` for the seat to act and tells the listeners. Throws IllegalAction or
  /// ScriptError with the game exactly as it was (the caller decides: a human's action is
  /// refused and asked again, a record's is a mismatch). A game not over after the rules'
  /// max_actions actions is abandoned: "stopped: no end after N actions".
  const EventLog& apply(const Action& a);
  /// The seat to act's agent decides and its action is applied. A script that fails during that
  /// action abandons the game with the error ("script error: ..."): an agent cannot be asked
  /// again for another action. Returns false, doing nothing, when the seat to act has no agent
  /// or the game is over or abandoned; false also after the game's last action.
  bool step();
  /// Steps while the seat to act has an agent: returns at a seat decided outside, at the end,
  /// or when a script failure abandoned the game. `max_actions` bounds it (0: no bound).
  /// Returns false if nothing was applied or a script failure abandoned the game.
  bool run(long max_actions = 0);
  /// Stops the game before its end; the listeners are told.
  void abandon(const std::string& reason);
  /// `seat`'s agent failed with `kind` ("crash", "timeout", "illegal"): the seat loses the game
  /// (Engine::forfeit, the reason "player N's program crashed" and the like); the listeners are told.
  /// `detail`: the engine's words for it, for the program's author ("exec:CMD: id 99 is not legal
  /// now"; untrusted text: escape it before a terminal shows it).
  void forfeit(int seat, const std::string& kind, const std::string& detail = "");
  /// The kind of the agent failure that ended the game ("" if none) and its seat (-1 if none).
  const std::string& agent_failure() const { return failure_; }
  /// What the failure was, in the engine's words ("" if none, or not known: a replayed record's).
  const std::string& agent_failure_detail() const { return failure_detail_; }
  int failed_seat() const { return failed_seat_; }
  /// Puts the game back to an earlier state of this match (undo).
  void restore(const State& s);

 private:
  void stop();  // the game is too long (Rules::max_actions)

  const Engine& e_;
  uint64_t seed_;
  GameNames names_;  // this game's table of names (a new one at each deal)
  State s_;
  Agent* agents_[2];
  Options opt_;
  SeatChooser chooser_;
  EventLog log_;
  EventLog opening_;
  bool started_ = false;  // the listeners were told the opening
  void deal(uint64_t seed);  // a new game into s_ (Engine::new_game), its opening kept
  std::string text_;  // the last action's text, for listeners (its buffer reused)
  std::vector<Action> legal_;
  bool legal_fresh_ = false;
  long actions_ = 0;
  long long decided_ = 0, options_ = 0, setup_ = 0;
  std::string abandoned_;
  std::string failure_, failure_detail_;
  int failed_seat_ = -1;
  std::vector<MatchListener*> listeners_;
  BattleHistory history_;
  bool keep_history_ = false;  // history_ is kept (an agent wants it, or keep_history())
  InfoRecord record_;
  bool keep_record_ = false;            // record_ is kept (an agent wants it)
  std::vector<uint64_t> recorded_at_;   // the digest of the state before each step of record_ (undo)
  bool kept_asked_ = false;    // keep_history() asked for it
  void agents_changed();       // keep_history_ from the agents and keep_history()
  void apply_kept(const Action& a, EventLog* log, Chooser* ask);  // e_.apply; a refused turn leaves history_
};

}  // namespace als
