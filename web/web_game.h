// The game `als web` serves: one Match between a person at a browser (or two: one a seat) and the
// computer, and the messages each seat's page is sent. Every message renders the seat's
// projection (protocol::view_json) and the events as that seat saw them: a page never receives a
// card its seat may not know.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine.h"
#include "match.h"
#include "record.h"
#include "tutorial.h"

namespace als::web {

/// How a web game is set up (als web's options).
struct GameSetup {
  std::string agents[2];  // "human" or an agent spec (a level is one), a seat each
  uint64_t seed = 0;      // the first game's deal; each new game takes the next seed
  std::string log_file;   // where game 1's record is written as it ends ("": none); game N's
                          // goes beside it, "-N" before the extension (game.jsonl: game-2.jsonl)
  std::string hint_agent = "mcts:iterations=2000";  // the hint's search (the budget it is calibrated at)
  bool one_screen = false;  // both seats people's, at one page (hot seat): it hides a hand between turns
  // What the record's header names (Recorder::start).
  std::string data_dir, cards;
  std::vector<std::string> rules;
};

/// One game at a time between the seats of `GameSetup`: the humans' actions come from their pages
/// (act()), the computer's are played at once after them.
class WebGame : public MatchListener {
 public:
  /// Deals the first game. Throws ScriptError where a script fails as the game starts, and
  /// std::invalid_argument for an agent spec make_agent refuses.
  WebGame(const Engine& e, GameSetup setup);
  ~WebGame() override;
  /// Whether `seat` (0 or 1) is a person's.
  bool human(int seat) const { return setup_.agents[seat] == "human"; }
  /// The seat of the one page of a hot-seat game (GameSetup::one_screen): it plays the seat to act,
  /// once that seat's player has asked to see it ({"type": "show"}).
  static constexpr int kScreen = -2;
  bool one_screen() const { return setup_.one_screen; }
  /// What a page of `seat` (0, 1 or kScreen) is sent now: message(seat); for the one screen, the
  /// seat shown's message, or, when the seat to act is not the one shown, {"type": "pass", "to":
  /// 1 or 2, ...} and nothing of either hand. Throws ScriptError as message() does.
  std::string message_for(int seat);
  /// The message for `seat`'s page now: {"type": "state", "seat": 1 or 2, "view": the seat's
  /// view (docs/protocol.md, "The view"), "to_act": 1, 2 or 0 (over), "legal": [{"action": the
  /// action's text as `als serve` names it, "text": in card names, "card": the card id it plays
  /// or 0}, ...] (the seat's decision only), "question": the ability's question when one is asked,
  /// "since": the other seat's moves since this seat last decided (its own words for them),
  /// "result": {"winner": 1 or 2, "score": [..]} once the game is over, "battles": the battles
  /// ended, "cards": the set's card table, "levels": the levels' names where a computer plays,
  /// "level": its level (or agent) now, "game": the game's number here (from 1), "actions":
  /// the actions applied so far (the record's first N), "strengths": each board card's strength,
  /// parallel to the view's board, "log_error": why the record could not be written, if so}.
  nlohmann::json message(int seat);
  /// Plays `action` (its text as `als serve` names it, as `legal` gives it) for `seat`, then the
  /// computer's actions up to the next person's decision. Returns "" or why it was refused (not
  /// the seat's turn, not legal now, a script failed: the game is then as it was).
  std::string act(int seat, const std::string& action);
  /// Ends this game (written to the log if it is not over: abandoned) and deals the next seed's.
  /// `level` (a level's name, or ""): the computer's seat plays at that level from this game on.
  /// Returns "" or why not (not a level; no computer seat; the game is unchanged then).
  std::string new_game(const std::string& level = "");
  /// Takes back `seat`'s last decision, and the computer's replies since: the game as it was at
  /// that decision, the record cut back with an `undo` line saying what was taken back (als
  /// play's). Never across a battle (a new hand, once seen, stays seen), nor past the other
  /// person's moves. Returns "" or why there is nothing to undo.
  std::string undo(int seat);
  /// The hint at `seat`'s decision (als play's: one search, GameSetup::hint_agent's, seeing
  /// only what the seat may see, its three best by the chances shown): {"type": "hint", "lines":
  /// [{"action": TEXT as `legal` names it, "text": in card names, "battle": 0-1, "game": 0-1 or
  /// null (few tries)}]}. Throws ScriptError as the search does.
  nlohmann::json hint(int seat);
  /// The review of a finished game (als review's marks, on the page): every step as `seat` saw it
  /// (kScreen, the hot seat's page: every card shown, both seats reviewed), and each decision of
  /// the seat's with more than one legal action, the first kMaxReviewed of them, marked by
  /// review_decision (GameSetup::hint_agent's search, seeded from the game's seed; from the
  /// seat's information only). Sets `out` to {"type": "review", "steps": [{"n": from 1, "battle",
  /// "player": 1 or 2, "text": the action in card names as the seat saw it ("for ABILITY: "
  /// before an answer to an ability's question; "decides" for a hidden answer), "mark": "best", "good", "inaccuracy", "mistake" or "blunder" (reviewed
  /// steps only), "yours" and "best": {"text", "battle": 0-1, "game": 0-1 or null}}], "tally":
  /// {mark: count}, "more": decisions past the bound, left unmarked, "battles": the battles' ends}
  /// and returns "", or why not (the game is not over). Computed once a game and seat. Throws
  /// ScriptError as the search does.
  std::string review(int seat, nlohmann::json& out);
  static constexpr size_t kMaxReviewed = 200;

  /// Starts the tutorial (als tutorial's steps, in the page's words: engine/play/tutorial), in
  /// place of the game under way (abandoned, its record written): battle 1 of the tutorial's deal,
  /// seat 1 a person's against the easy level. Each human play or answer is refused, in words, as
  /// at the terminal (tutorial_refusal: the step's goal, a battle kept winnable); a step ends with
  /// its play and that play's questions (the last, at the battle's end). No takeback; the hint
  /// helps; the game is not recorded. At battle 1's end the tutorial is over: the page shows that
  /// battle's last board and the tutorial's end, and "New game" starts a game as before it. Returns
  /// "" or why not (not one person against the computer).
  std::string start_tutorial();
  /// The tutorial's next step, where the step shown only explains (its "Begin"). "" or why not.
  std::string tutorial_next();

  /// What a page's message asks of the server (receive()).
  enum class Reply { Error, Resend, Changed };
  /// One message from `seat`'s page (docs/web.md, "The messages"), untrusted: at most
  /// `max_bytes`, a JSON object with a known type. Returns Error with `out` the reason; Resend
  /// (send this page `out`, a message); Changed (the game changed: send every page its state).
  /// Throws ScriptError only where a script fails as a new game is dealt or a view rendered.
  Reply receive(int seat, const std::string& text, size_t max_bytes, std::string& out);
  /// The game's record so far (als play's format).
  const cli::Recorder& record() const { return rec_; }
  /// Writes the record to this game's log file (log_path()), if one was given; "" or why it could not.
  std::string write_record();
  /// Where this game's record goes: GameSetup::log_file for game 1, "-N" before its extension for
  /// game N; "" without a log file.
  std::string log_path() const;
  /// The server stops: a game not over is abandoned ("the server was stopped") and its record
  /// written, unless it was; "" or why the record could not be written.
  std::string finish();

  void on_action(const Match& m, int seat, const Action& a, const std::string& text, const EventLog& log) override;
  void on_start(const Match& m, const EventLog& opening) override;

 private:
  void deal();                   // the current seed's game: agents, record, the computer's moves
  void deal_tutorial();          // the tutorial's deal against the easy level, its first step
  // A game from `seed` between agents_ (named p1 and p2 in its record, written where `recorded`):
  // the pages' news, takebacks and battles cleared, the computer's moves up to a person's decision.
  void start_match(uint64_t seed, const std::string& p1, const std::string& p2, bool recorded);
  std::string tutorial_act(const State& s, const Action& a, bool& turn);  // a refusal, or ""; notes a turn's play
  void tutorial_after();         // after a play: the next step where the last one's play is over
  nlohmann::json tutorial_json() const;
  void run_computer();           // the computer's actions up to a person's decision or the end
  void seen(const EventLog& log, int actor);  // the steps each person's page shows as news

  const Engine& e_;
  GameSetup setup_;
  uint64_t seed_;
  int number_ = 0;
  std::unique_ptr<Agent> agents_[2];
  std::unique_ptr<Match> m_;
  cli::Recorder rec_;
  // A person's decision, kept for undo: the game and record before it, whose it was, its news.
  struct Checkpoint {
    State state;
    size_t record;
    int seat;
    std::vector<std::string> since;
    long played;
  };
  long played_ = 0;  // the actions of the game as it stands (the record's): takebacks subtract
  std::vector<Checkpoint> undo_;
  int shown_ = -1;  // the one screen's seat shown (-1: none yet, after a new game)
  int takebacks_ = 0;
  uint64_t hint_seed_ = 1;  // hints draw from their own generator, never the game's
  std::vector<std::string> since_[2];  // the other seat's moves, each seat's words, since it last decided
  nlohmann::json battles_ = nlohmann::json::array();
  bool written_ = false;
  std::string log_error_;  // why the last record could not be written (shown on the pages)
  State start_;            // the game as dealt, before its first action (the review replays from it)
  struct Played {
    int seat;
    Action action;
  };
  std::vector<Played> steps_;     // the game's actions as it stands (takebacks cut them)
  nlohmann::json reviews_[3];     // the review once made: seat 0, seat 1, the one screen
  // The tutorial under way (start_tutorial), or none.
  struct Tutorial {
    std::vector<TutorialStep> steps;
    size_t step = 0;     // the step shown
    bool played = false; // the step's play is made (its questions may follow)
    bool over = false;   // battle 1 has ended: the tutorial with it
    State end;           // battle 1's last board (the page shows it at the end)
  };
  std::unique_ptr<Tutorial> tutorial_;
};

}  // namespace als::web
