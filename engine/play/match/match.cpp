// One game as every front end plays it (match.h): the loop, the listeners, the policy on failing scripts.
#include "match.h"

#include <map>

#include "digest.h"

namespace als {

Match::Match(const Engine& e, uint64_t seed, Agent* p1, Agent* p2, Options o)
    : e_(e), seed_(seed), agents_{p1, p2}, opt_(o), chooser_(p1, p2) {
  log_.kept_types = opening_.kept_types = o.kept_types;
  log_.keep_battle_ends = opening_.keep_battle_ends = o.keep_battle_ends;
  deal(seed);
  agents_changed();
}

void Match::agents_changed() {
  keep_history_ = kept_asked_ || (agents_[0] && agents_[0]->wants_history()) || (agents_[1] && agents_[1]->wants_history());
  keep_record_ = (agents_[0] && agents_[0]->wants_record()) || (agents_[1] && agents_[1]->wants_record());
}

void Match::keep_history() {
  kept_asked_ = true;
  agents_changed();
}

void Match::deal(uint64_t seed) {
  opening_.events.clear();
  opening_.battle_ends.clear();
  names_ = e_.interned().game_names();  // the last game's names go with it
  e_.new_game(s_, seed, opt_.log ? &opening_ : nullptr, names_.id());
  history_.clear();
  record_.clear(), recorded_at_.clear();
  started_ = false;
}

void Match::start() {
  if (started_) return;
  started_ = true;
  for (MatchListener* l : listeners_) l->on_start(*this, opening_);
}

void Match::reset(uint64_t seed, Agent* p1, Agent* p2) {
  deal(seed);
  seed_ = seed;
  agents_[0] = p1, agents_[1] = p2;
  chooser_ = SeatChooser(p1, p2);
  agents_changed();
  legal_fresh_ = false;
  actions_ = 0;
  decided_ = options_ = setup_ = 0;
  abandoned_.clear();
  failure_.clear(), failure_detail_.clear(), failed_seat_ = -1;
}

const EventLog& Match::apply(const Action& a) {
  EventLog* log = nullptr;
  if (opt_.log) {
    log = &log_;
    log_.events.clear();
    log_.battle_ends.clear();
  }
  Chooser* ask = opt_.answer_during_runs && !keep_record_ ? &chooser_ : nullptr;
  if (keep_history_) history_.record(e_, s_, a);
  if (listeners_.empty()) {
    apply_kept(a, log, ask);
    legal_fresh_ = false;
    if (++actions_ >= e_.rules().max_actions && !over()) stop();
    return log_;
  }
  start();
  const int seat = to_act();
  text_.clear();
  if (opt_.texts) text_ = e_.text().action_text(s_, a, -1);  // as it reads before the action
  apply_kept(a, log, ask);
  legal_fresh_ = false;
  ++actions_;
  for (MatchListener* l : listeners_) l->on_action(*this, seat, a, text_, log_);
  if (actions_ >= e_.rules().max_actions && !over()) stop();  // after the listeners saw the action
  return log_;
}

void Match::apply_kept(const Action& a, EventLog* log, Chooser* ask) {
  if (keep_record_) [[unlikely]] {
    recorded_at_.push_back(digest(e_, s_));
    record_.begin(e_, s_, a, e_.to_act(s_));
  }
  try {
    e_.apply(s_, a, log, ask);
  } catch (...) {  // the game is as it was: the turn refused is not kept
    if (keep_history_) history_.rewind(s_);
    if (keep_record_) recorded_at_.pop_back();  // (the step begun is dropped by the next)
    throw;
  }
  if (keep_record_) [[unlikely]] record_.end(s_);
}

bool Match::step() { return run(1) && !over(); }

bool Match::run(long max_actions) {
  // The loop of every game between agents (simulations, the benchmark), kept to the agent's
  // choice and the engine's apply when nobody listens (what apply() does, inline).
  const bool quiet = listeners_.empty() && !opt_.log && !keep_record_;  // (a record: every action through apply())
  if (!listeners_.empty()) start();
  Chooser* ask = opt_.answer_during_runs && !keep_record_ ? &chooser_ : nullptr;
  const long cap = e_.rules().max_actions;
  const BattleHistory* past = keep_history_ ? &history_ : nullptr;  // (only agents that want it)
  const InfoRecord* record = keep_record_ ? &record_ : nullptr;
  // The decisions and their options, counted in registers and stored once the loop ends.
  struct Count {
    long long& to_decided;
    long long& to_options;
    long long& to_setup;
    long long decided = 0, options = 0, setup = 0;
    ~Count() { to_decided += decided, to_options += options, to_setup += setup; }
  } count{decided_, options_, setup_};
  for (long n = 0; max_actions == 0 || n < max_actions; ++n) {
    int seat = to_act();
    if (seat < 0 || !agents_[seat] || !abandoned_.empty()) return n > 0;
    try {
      const std::vector<Action>& options = legal();
      if (setup_decision(s_)) [[unlikely]] ++count.setup;  // (a draft's pick: not a play)
      else ++count.decided, count.options += static_cast<long long>(options.size());
      // (the agent's search may run scripts too)
      Action a = agents_[seat]->choose(e_, s_, options, past, record);
      if (!quiet) {
        apply(a);
        continue;
      }
      if (past) [[unlikely]] history_.record(e_, s_, a);
      e_.apply(s_, a, nullptr, ask);
      legal_fresh_ = false;
      if (++actions_ >= cap && !over()) stop();
    } catch (const ScriptError& err) {
      abandon(std::string("script error: ") + err.what());
      return false;
    } catch (const AgentFailure& f) {  // a program playing the seat failed: it loses the game
      forfeit(seat, f.kind, f.what());
      return true;
    }
  }
  return true;
}

void Match::forfeit(int seat, const std::string& kind, const std::string& detail) {
  static const std::map<std::string, std::string> said = {
      {"crash", "crashed"}, {"timeout", "ran out of time"}, {"illegal", "answered illegally"}};
  const auto it = said.find(kind);
  failure_ = kind, failure_detail_ = detail, failed_seat_ = seat;
  log_.events.clear(), log_.battle_ends.clear();
  e_.forfeit(s_, seat, "player " + std::to_string(seat + 1) + "'s program " + (it == said.end() ? kind : it->second),
             opt_.log ? &log_ : nullptr);
  legal_fresh_ = false;
  for (MatchListener* l : listeners_) l->on_forfeit(*this, seat, kind, log_);
}

void Match::stop() {
  abandon("stopped: no end after " + std::to_string(e_.rules().max_actions) +
          " actions (the rules' max_actions)");
}

void Match::abandon(const std::string& reason) {
  abandoned_ = reason;
  for (MatchListener* l : listeners_) l->on_abandoned(*this, reason);
}

void Match::restore(const State& s) {
  s_ = s;
  history_.rewind(s_);
  if (keep_record_) {  // the steps taken from `s` on are forgotten
    const uint64_t d = digest(e_, s_);
    size_t k = recorded_at_.size();
    while (k > 0 && recorded_at_[k - 1] != d) --k;
    if (k > 0) --k;  // (the step taken at `s`)
    record_.rewind(k, s_.b.battle);
    recorded_at_.resize(k);
  }
  legal_fresh_ = false;
}

}  // namespace als
