// VectorEnv (env.h): many games stepped together for learning agents, with no Python between
// actions. With observation tensors (one learning seat, or both) it steps the engine's states
// directly; with information-state tensors it steps EnvStates, which keep what each player saw.
#include <algorithm>

#include "env.h"
#include "errors.h"
#include "observation.h"
#include "seeds.h"

namespace als {


namespace {
// The Game's twin for a VectorEnv (an engine of its own: its steps may run in another thread than
// the Game's other users), or the Game itself where no twin can be made.
std::shared_ptr<const EnvGame> own_game(std::shared_ptr<const EnvGame> game, bool& owned) {
  std::shared_ptr<Engine> twin;
  try {
    twin = game->engine().twin();
  } catch (const std::exception&) {  // (LoadError: the files changed since the Game was loaded)
  }
  owned = twin != nullptr;
  return twin ? std::make_shared<const EnvGame>(std::move(twin), game->options_text()) : game;
}
}  // namespace

VectorEnv::InUse::InUse(std::atomic<bool>& flag) : flag_(flag) {
  if (flag.exchange(true, std::memory_order_acquire))
    throw EnvError("VectorEnv: it is being reset or stepped in another thread (one thread at a time steps a "
                   "VectorEnv; give each thread its own)");
}

VectorEnv::VectorEnv(std::shared_ptr<const EnvGame> game, int num_envs, const std::string& opponent, int seat,
                     const std::string& options, const std::string& tensor)
    : game_(own_game(std::move(game), owns_engine_)), opponent_(opponent), seat_(seat),
      options_(options.empty() ? game_->options() : EnvOptions::parse(options)) {
  if (num_envs < 1 || num_envs > 65536) throw EnvError("num_envs must be 1 to 65536, not " + std::to_string(num_envs));
  both_ = opponent.empty();
  if (!both_ && seat != 0 && seat != 1) throw EnvError("seat must be 0 or 1, not " + std::to_string(seat));
  if (tensor != "observation" && tensor != "information_state")
    throw EnvError("tensor must be 'observation' or 'information_state', not '" + tensor.substr(0, 40) + "'");
  info_ = tensor == "information_state";
  if (!both_) try {
      if (std::string why = agent_spec_refusal(opponent); !why.empty()) throw EnvError(why);
      if (!make_agent(opponent, 0, 1 - seat))
        throw EnvError("unknown opponent '" + opponent.substr(0, 60) + "' (agents: " + computer_agents() + ")");
    } catch (const std::invalid_argument& e) {
      throw EnvError(e.what());
    }
  if (info_) {
    // (the rows' EnvStates reward by their Game's options: a VectorEnv's own need a Game of
    // them, and its games are sampled, with no chance node)
    if (options_.battle_rewards != game_->options().battle_rewards ||
        options_.shaped_rewards != game_->options().shaped_rewards || game_->options().chance_nodes)
      game_ = std::make_shared<const EnvGame>(game_->engine_ptr(), options_.battle_rewards   ? "battle_rewards"
                                                                   : options_.shaped_rewards ? "shaped_rewards"
                                                                                             : "");
    rows_.resize(static_cast<size_t>(num_envs));
  } else {
    games_.resize(static_cast<size_t>(num_envs));
  }
}

void VectorEnv::list_legal(Slot& g, int player) {
  g.player = static_cast<int8_t>(player);
  game_->legal_ids(g.s, player, scratch_, g.legal);
}

void VectorEnv::reward_for(const Before& before, const State& after, float* got) const {
  const std::array<double, 2> r = game_->step_rewards(options_, before.score[0], before.score[1], before.over, after);
  got[0] += static_cast<float>(r[0]), got[1] += static_cast<float>(r[1]);
}

int VectorEnv::advance(Slot& g, float* got) {
  const Engine& e = game_->engine();
  const long max_actions = game_->max_game_length();  // (the rules' max_actions, or fewer: EnvOptions)
  const uint32_t max_battles = static_cast<uint32_t>(game_->shape().battles);
  while (true) {
    if (g.s.b.phase == Phase::Over) return 1;
    if (g.actions >= max_actions || g.s.b.battle > max_battles) return 2;
    if (const int p = e.to_act(g.s); both_ || p == seat_) {
      list_legal(g, p);
      return 0;
    }
    e.legal(g.s, scratch_);
    const Action a = g.opponent->choose(e, g.s, scratch_);
    const Before before = of(g.s);
    try {
      e.apply(g.s, a, nullptr, g.ask.get());  // (a failing script leaves the state as it was)
    } catch (const ScriptError&) {  // and stops the game, as in every front end
      return 2;
    }
    ++g.actions;
    reward_for(before, g.s, got);
  }
}

void VectorEnv::start(Slot& g) {
  const uint64_t seed = game_seed(seed_, next_++);
  if (!both_) {  // (with both seats every question stops the run: it is a decision returned)
    g.opponent = make_agent(opponent_, seed, 1 - seat_);
    g.ask = std::make_unique<SeatChooser>(seat_ == 0 ? nullptr : g.opponent.get(), seat_ == 1 ? nullptr : g.opponent.get());
  }
  g.actions = 0;
  g.total[0] = g.total[1] = 0;
  float ignored[2] = {0, 0};
  try {
    g.names = game_->engine().interned().game_names();
    game_->engine().new_game(g.s, seed, nullptr, g.names.id());
  } catch (const ScriptError& err) {
    throw EnvError(std::string("a new game failed: ") + err.what());
  }
  if (advance(g, ignored) == 0) return;
  // a game over before the agent's first decision: the next game (a bounded number of times)
  if (++skipped_ > 1000) throw EnvError("1000 games in a row ended before the agent's first decision");
  start(g);
  skipped_ = 0;
}

void VectorEnv::write(const Slot& g, float* obs, uint8_t* mask) {
  als::observation_tensor(game_->engine(), g.s, g.player, obs);
  std::fill(mask, mask + game_->num_distinct_actions(), uint8_t{0});
  for (const auto& [id, a] : g.legal) mask[id] = 1;
}

void VectorEnv::reset(uint64_t seed, float* obs, uint8_t* mask, int8_t* to_play) {
  const InUse hold(in_use_);
  seed_ = seed, next_ = 0, finished_ = 0;
  reset_ = true;
  const size_t O = static_cast<size_t>(tensor_size()), A = static_cast<size_t>(game_->num_distinct_actions());
  for (size_t i = 0; i < games_.size(); ++i) {
    start(games_[i]);
    write(games_[i], obs + i * O, mask + i * A);
    if (to_play) to_play[i] = games_[i].player;
  }
  for (size_t i = 0; i < rows_.size(); ++i) {
    start(rows_[i]);
    write(rows_[i], obs + i * O, mask + i * A);
    if (to_play) to_play[i] = static_cast<int8_t>(viewer(rows_[i]));
  }
}

void VectorEnv::step(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated,
                     uint8_t* mask, float* final_obs) {
  step(actions, obs, reward, terminated, truncated, mask, final_obs, Ends{});
}

void VectorEnv::step(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated,
                     uint8_t* mask, float* final_obs, const Ends& ends) {
  step(actions, obs, reward, terminated, truncated, mask, final_obs, ends, Seats{});
}

void VectorEnv::step(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated,
                     uint8_t* mask, float* final_obs, const Ends& ends, const Seats& seats) {
  const InUse hold(in_use_);
  if (!rows_.empty()) return step_rows(actions, obs, reward, terminated, truncated, mask, final_obs, ends, seats);
  const size_t O = static_cast<size_t>(game_->observation_tensor_size()), A = static_cast<size_t>(game_->num_distinct_actions());
  std::vector<const Action*> chosen(games_.size(), nullptr);
  for (size_t i = 0; i < games_.size(); ++i) {  // every row checked before any game moves
    if (!reset_) throw EnvError("step before reset");
    for (const auto& [id, a] : games_[i].legal)
      if (id == actions[i]) chosen[i] = &a;
    if (!chosen[i])
      throw EnvError("row " + std::to_string(i) + ": action id " + std::to_string(actions[i]) + " is not legal in its game");
  }
  const Engine& e = game_->engine();
  for (size_t i = 0; i < games_.size(); ++i) {
    Slot& g = games_[i];
    const int actor = g.player;
    float got[2] = {0, 0};
    terminated[i] = truncated[i] = false;
    const Before before = of(g.s);
    int end = 0;
    try {
      e.apply(g.s, *chosen[i], nullptr, g.ask.get());
      ++g.actions;
      reward_for(before, g.s, got);
      end = advance(g, got);
    } catch (const ScriptError&) {  // the state as it was; the game stops
      end = 2;
    }
    reward[i] = got[actor];
    if (seats.rewards) seats.rewards[2 * i] = got[0], seats.rewards[2 * i + 1] = got[1];
    g.total[0] += got[0], g.total[1] += got[1];
    if (end != 0) {
      (end == 1 ? terminated : truncated)[i] = true;
      als::observation_tensor(e, g.s, actor, final_obs + i * O);
      if (ends.winner) ends.winner[i] = end == 1 && g.s.b.phase == Phase::Over ? static_cast<int8_t>(g.s.b.winner) : int8_t{-1};
      if (ends.scores) ends.scores[2 * i] = g.s.b.score[0], ends.scores[2 * i + 1] = g.s.b.score[1];
      if (ends.episode_return) ends.episode_return[i] = g.total[both_ ? 0 : seat_];
      ++finished_;
      start(g);
    }
    write(g, obs + i * O, mask + i * A);
    if (seats.to_play) seats.to_play[i] = g.player;
  }
}

// ---- both seats, or information-state tensors: EnvStates ------------------------------------

int VectorEnv::viewer(const Row& r) const {
  const int p = r.s->current_player();
  return both_ ? (p == 0 || p == 1 ? p : 0) : seat_;
}

int VectorEnv::advance(Row& r, float* got) {
  EnvState& s = *r.s;
  while (true) {
    const int p = s.current_player();
    if (p == kTerminalPlayer) return s.state().b.phase == Phase::Over ? 1 : 2;
    if (p != kChancePlayer && (both_ || p == seat_)) return 0;
    try {
      s.apply_action(p == kChancePlayer ? s.sampled_outcome() : r.opponent->step(s));
    } catch (const EnvError&) {  // a failing script: the state as it was; the game stops
      return 2;
    }
    got[0] += static_cast<float>(s.rewards()[0]), got[1] += static_cast<float>(s.rewards()[1]);
  }
}

void VectorEnv::start(Row& r) {
  const uint64_t seed = game_seed(seed_, next_++);
  if (!both_) r.opponent = std::make_unique<EnvAgent>(opponent_, seed, 1 - seat_);
  r.total[0] = r.total[1] = 0;
  try {
    r.s.emplace(game_, seed);
  } catch (const EnvError& err) {
    throw EnvError(std::string("a new game failed: ") + err.what());
  }
  float ignored[2] = {0, 0};
  if (advance(r, ignored) == 0) return;
  if (++skipped_ > 1000) throw EnvError("1000 games in a row ended before the agent's first decision");
  start(r);
  skipped_ = 0;
}

void VectorEnv::write(const Row& r, float* obs, uint8_t* mask) {
  const int p = viewer(r);
  if (info_) r.s->information_state_tensor(p, obs);
  else r.s->observation_tensor(p, obs);
  std::fill(mask, mask + game_->num_distinct_actions(), uint8_t{0});
  for (int id : r.s->legal_actions()) mask[id] = 1;
}

void VectorEnv::step_rows(const int64_t* actions, float* obs, float* reward, bool* terminated, bool* truncated,
                          uint8_t* mask, float* final_obs, const Ends& ends, const Seats& seats) {
  const size_t O = static_cast<size_t>(tensor_size()), A = static_cast<size_t>(game_->num_distinct_actions());
  for (size_t i = 0; i < rows_.size(); ++i) {  // every row checked before any game moves
    if (!reset_) throw EnvError("step before reset");
    const std::vector<int> legal = rows_[i].s->legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), actions[i]))
      throw EnvError("row " + std::to_string(i) + ": action id " + std::to_string(actions[i]) + " is not legal in its game");
  }
  for (size_t i = 0; i < rows_.size(); ++i) {
    Row& r = rows_[i];
    const int actor = viewer(r);
    float got[2] = {0, 0};
    terminated[i] = truncated[i] = false;
    int end = 0;
    try {
      r.s->apply_action(static_cast<int>(actions[i]));
      got[0] += static_cast<float>(r.s->rewards()[0]), got[1] += static_cast<float>(r.s->rewards()[1]);
      end = advance(r, got);
    } catch (const EnvError&) {  // a failing script: the state as it was; the game stops
      end = 2;
    }
    reward[i] = got[actor];
    if (seats.rewards) seats.rewards[2 * i] = got[0], seats.rewards[2 * i + 1] = got[1];
    r.total[0] += got[0], r.total[1] += got[1];
    if (end != 0) {
      (end == 1 ? terminated : truncated)[i] = true;
      if (info_) r.s->information_state_tensor(actor, final_obs + i * O);
      else r.s->observation_tensor(actor, final_obs + i * O);
      const State& st = r.s->state();
      if (ends.winner) ends.winner[i] = end == 1 ? static_cast<int8_t>(st.b.winner) : int8_t{-1};
      if (ends.scores) ends.scores[2 * i] = st.b.score[0], ends.scores[2 * i + 1] = st.b.score[1];
      if (ends.episode_return) ends.episode_return[i] = r.total[both_ ? 0 : seat_];
      ++finished_;
      start(r);
    }
    write(r, obs + i * O, mask + i * A);
    if (seats.to_play) seats.to_play[i] = static_cast<int8_t>(viewer(r));
  }
}

}  // namespace als
