// A run of the engine for an EnvState (a new game's deal, a player's action), and chance nodes
// (EnvOptions::chance_nodes, docs/python.md "Chance nodes"): with them a run stops at each random
// draw of the rules until its outcome is applied as an action, then runs again from its start
// with the outcomes so far.
// The engine's generator draws in step all the while, so the outcome it would have drawn is
// known (sampled_outcome) and a game given those outcomes is the sampled game of its seed.
#include <algorithm>
#include <optional>

#include "env.h"
#include "errors.h"

namespace als {

bool EnvState::Pending::operator==(const Pending& o) const {
  auto same = [](const std::vector<ChanceTape::Draw>& a, const std::vector<ChanceTape::Draw>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const ChanceTape::Draw& x, const ChanceTape::Draw& y) { return x.n == y.n && x.outcome == y.outcome; });
  };
  if (active != o.active) return false;
  if (!active) return true;
  return from_start == o.from_start && seed == o.seed && action == o.action && actor == o.actor && id == o.id &&
         carried == o.carried && same(draws, o.draws) && n == o.n && sampled == o.sampled && what == o.what &&
         among == o.among && first == o.first;
}

int EnvGame::max_chance_outcomes() const {
  if (!options_.chance_nodes) return 0;
  return std::max({cards_, theaters_, 2, static_cast<int>(ChanceTape::kMaxScriptOutcomes)});
}

int EnvGame::max_chance_nodes_in_history() const {
  if (!options_.chance_nodes) return 0;
  return (theaters_ - 1) + 1 + shape_.battles * (cards_ - 1) + 8 * shape_.steps;
}

long EnvState::player_actions() const {
  long n = record_.player_steps();
  return n + (pending_.active && !pending_.from_start ? 1 : 0);
}

namespace {
// Unsets the engine's chance tape however the run ends.
struct TapeScope {
  const Engine& e;
  TapeScope(const Engine& engine, ChanceTape& tape) : e(engine) { e.set_chance_tape(&tape); }
  ~TapeScope() { e.set_chance_tape(nullptr); }
  TapeScope(const TapeScope&) = delete;
  TapeScope& operator=(const TapeScope&) = delete;
};
}  // namespace

bool EnvState::run_pending(Pending& p) {
  const Engine& e = game_->engine();
  ChanceTape tape;
  tape.draws = p.draws;
  State t = s_;
  EventLog log;
  log.keep_battle_ends = false;
  std::string failed;
  try {
    std::optional<TapeScope> scope;  // (a sampled game draws from its generator)
    if (game_->options().chance_nodes) scope.emplace(e, tape);
    if (p.from_start) e.new_game(t, p.seed, &log, names_->id());
    else e.apply(t, p.action, &log);
  } catch (const ChanceStop&) {  // (a stop inside Lua reaches here as a script's error: tape.need says which)
  } catch (const std::exception& err) {
    failed = err.what();
  }
  if (tape.need != 0) {
    p.active = true;
    p.n = tape.need, p.sampled = tape.sampled, p.what = tape.what, p.among = tape.among;
    p.first = t.b.first;
    rewards_ = {0, 0};  // (the run's rewards come when it reaches a decision)
    return false;
  }
  if (!failed.empty())
    throw EnvError(p.from_start ? failed : e.text().message_for(s_, p.actor, failed));
  std::vector<ChanceTape::Draw> carry;  // the draws of the ability whose question the run stopped at
  if (t.r.active) carry.assign(tape.draws.begin() + static_cast<long>(std::min(tape.run_from, tape.at)), tape.draws.begin() + static_cast<long>(tape.at));
  finish(p, t, log, carry);
  return true;
}

void EnvState::finish(const Pending& p, State& after, const EventLog& log, const std::vector<ChanceTape::Draw>& carry) {
  rewards_ = {0, 0};
  if (!p.from_start) {
    rewards_ = game_->step_rewards(game_->options(), s_.b.score[0], s_.b.score[1], s_.b.phase == Phase::Over, after);
    record_.add(game_->engine(), s_, p.action, p.actor, after);
  }
  for (size_t k = p.carried; k < p.draws.size(); ++k)  // the chance outcomes, known to no player as actions
    record_.add_chance(after.b.battle);
  record(log, after);
  s_ = std::move(after);
  carry_ = carry;
  pending_ = Pending{};
}

void EnvState::apply_chance(int outcome) {
  if (outcome < 0 || static_cast<uint32_t>(outcome) >= pending_.n)
    throw EnvError("apply_action: outcome " + std::to_string(outcome) + " is not one of this chance node's (0 to " +
                   std::to_string(pending_.n - 1) + ")");
  Pending p = pending_;
  p.draws.push_back({p.n, static_cast<uint32_t>(outcome)});
  p.active = false;
  run_entered(std::move(p), outcome);
}

void EnvState::run_entered(Pending p, int entry) {
  history_.push_back(entry);
  try {
    if (!run_pending(p)) pending_ = std::move(p);
  } catch (...) {
    history_.pop_back();
    throw;
  }
}

std::vector<std::pair<int, double>> EnvState::chance_outcomes() const {
  std::vector<std::pair<int, double>> out;
  if (!pending_.active) return out;
  const double prob = 1.0 / static_cast<double>(pending_.n);
  for (uint32_t o = 0; o < pending_.n; ++o) out.emplace_back(static_cast<int>(o), prob);
  return out;
}

int EnvState::sampled_outcome() const {
  if (!pending_.active) throw EnvError("sampled_outcome: the state is not at a chance node");
  return static_cast<int>(pending_.sampled);
}

std::string EnvState::chance_text(int outcome) const {
  const Pending& p = pending_;
  if (outcome < 0 || static_cast<uint32_t>(outcome) >= p.n)
    return "outcome " + std::to_string(outcome) + " (not one of this chance node's)";
  const Engine& e = game_->engine();
  const size_t at = p.n - 1;  // the position the draw fills (a shuffle fills them from the last down)
  switch (p.what) {
    case ChanceWhat::FirstPlayer: return "player " + std::to_string(outcome) + " is the 1st player";
    case ChanceWhat::TheaterOrder:
      if (static_cast<size_t>(outcome) < p.among.size())
        return "theater " + e.rules().theaters[p.among[static_cast<size_t>(outcome)]] + " takes position " + std::to_string(at + 1);
      break;
    case ChanceWhat::Deal:
      if (static_cast<size_t>(outcome) < p.among.size()) {
        const CardDef& c = e.set().cards[p.among[static_cast<size_t>(outcome)]];
        const std::string card = c.name + " (" + c.type + " " + std::to_string(c.strength) + ")";
        const int to_deal = e.rules().has(Hook::Deal) ? 0 : 2 * e.rules().hand_size;
        if (static_cast<int>(at) >= to_deal) return "deal " + card + " to the deck";
        const int owner = at % 2 == 0 ? p.first : 1 - p.first;  // alternately, the 1st player first
        return "deal " + card + " to player " + std::to_string(owner);
      }
      break;
    case ChanceWhat::Script: return "a script's draw: the " + std::to_string(outcome + 1) + " of " + std::to_string(p.n) + " values, lowest first";
    case ChanceWhat::None: break;
  }
  return "outcome " + std::to_string(outcome) + " of " + std::to_string(p.n);
}

}  // namespace als

namespace als {

void EnvState::restore_pending(Pending p, size_t extra) {
  const char* damaged = "deserialize_state: the bytes are not a state this engine wrote (a chance node's run)";
  if (p.carried > p.draws.size() || extra != (p.from_start ? 0 : 1) + (p.draws.size() - p.carried)) throw EnvError(damaged);
  for (const ChanceTape::Draw& d : p.draws)
    if (d.n == 0 || d.outcome >= d.n) throw EnvError(damaged);
  if (!p.from_start) {  // the action: the actor's legal id in the state it was taken from
    if (p.actor != game_->engine().to_act(s_)) throw EnvError(damaged);
    std::vector<Action> acts;
    std::vector<std::pair<int, Action>> legal;
    game_->legal_ids(s_, p.actor, acts, legal);
    const auto it = std::find_if(legal.begin(), legal.end(), [&](const auto& l) { return l.first == p.id; });
    if (it == legal.end()) throw EnvError(damaged);
    p.action = it->second;
  }
  bool finished;
  try {
    finished = run_pending(p);
  } catch (const EnvError&) {
    throw EnvError(damaged);
  }
  if (finished) throw EnvError(damaged);
  pending_ = std::move(p);
}

}  // namespace als
