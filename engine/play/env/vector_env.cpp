// VectorEnv (env.h): many games stepped together for learning agents, with no Python between
// actions. It steps the engine's states directly, one learning seat or both; with
// information-state tensors each game keeps the record of its steps (InfoRecord) they render.
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
  games_.resize(static_cast<size_t>(num_envs));
}

void VectorEnv::apply_recorded(Slot& g, const Action& a, int actor) {
  const Engine& e = game_->engine();
  g.record.begin(e, g.s, a, actor);
  e.apply(g.s, a, nullptr, nullptr);  // (every decision a step of the record: none answered inside a run)
  g.record.end(g.s);
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
    const int actor = e.to_act(g.s);
    const Action a = g.opponent->choose(e, g.s, scratch_);
    const Before before = of(g.s);
    try {
      if (info_) apply_recorded(g, a, actor);  // (a failing script leaves the state as it was)
      else e.apply(g.s, a, nullptr, g.ask.get());
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
  g.record.clear();
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

void VectorEnv::write_row(Slot& g, float* obs) {
  const Engine& e = game_->engine();
  if (!rows_kept_) {  // (the row's floats unknown: all written)
    InfoWritten fresh;
    return als::information_state_tensor_update(e, g.s, g.record, g.player, game_->shape(), obs, fresh);
  }
  const InfoShape& shape = game_->shape();
  const size_t O = static_cast<size_t>(game_->observation_tensor_size());
  const size_t bw = static_cast<size_t>(information_state_battle_width(e)), slot = static_cast<size_t>(information_state_slot_size(e));
  const size_t span = static_cast<size_t>(shape.battles) * bw + static_cast<size_t>(shape.steps) * slot;
  als::observation_tensor(e, g.s, g.player, obs);
  // The player's own slices brought up to date, then copied where the row differs from them.
  std::vector<float>& recall = g.recall[g.player];
  if (recall.empty()) recall.assign(span, 0.0f), g.recalled[g.player] = InfoWritten{0, 0, g.player, g.record.game()};
  InfoWritten& mine = g.recalled[g.player];
  information_state_recall_update(e, g.s, g.record, g.player, shape, recall.data(), mine);
  float* out = obs + O;
  if (g.written.player < 0) std::fill(out, out + span, 0.0f), g.written = InfoWritten{0, 0, g.player, mine.game};
  const bool same = g.written.player == g.player && g.written.game == mine.game;
  const size_t from_row = same ? static_cast<size_t>(std::max(0, g.written.battles - 1)) : 0;
  const size_t from_step = same ? static_cast<size_t>(g.written.steps) : 0;
  const size_t rows = static_cast<size_t>(mine.battles), steps = static_cast<size_t>(mine.steps);
  const size_t had_rows = static_cast<size_t>(g.written.battles), had_steps = static_cast<size_t>(g.written.steps);
  if (rows > from_row) std::copy(recall.data() + from_row * bw, recall.data() + rows * bw, out + from_row * bw);
  if (had_rows > rows) std::fill(out + rows * bw, out + had_rows * bw, 0.0f);
  const size_t h = static_cast<size_t>(shape.battles) * bw;
  if (steps > from_step) std::copy(recall.data() + h + from_step * slot, recall.data() + h + steps * slot, out + h + from_step * slot);
  if (had_steps > steps) std::fill(out + h + steps * slot, out + h + had_steps * slot, 0.0f);
  g.written = mine;
}

size_t VectorEnv::write_final(const Slot& g, int player, float* out) const {
  const size_t O = static_cast<size_t>(tensor_size());
  if (!info_) return als::observation_tensor(game_->engine(), g.s, player, out), O;
  if (!rows_kept_) return als::information_state_tensor(game_->engine(), g.s, g.record, player, game_->shape(), out), O;
  // Rows kept: this row of final_obs is zeros (the env clears what it wrote), so only the
  // observation, the battles' rows and the slots the game used are written, and cleared after.
  const Engine& e = game_->engine();
  InfoWritten zeros{0, 0, player, g.record.game()};
  als::information_state_tensor_update(e, g.s, g.record, player, game_->shape(), out, zeros);
  return static_cast<size_t>(game_->observation_tensor_size()) +
         static_cast<size_t>(game_->shape().battles) * static_cast<size_t>(information_state_battle_width(e)) +
         static_cast<size_t>(zeros.steps) * static_cast<size_t>(information_state_slot_size(e));
}

void VectorEnv::write(Slot& g, float* obs, uint8_t* mask) {
  if (info_) write_row(g, obs);
  else als::observation_tensor(game_->engine(), g.s, g.player, obs);
  std::fill(mask, mask + game_->num_distinct_actions(), uint8_t{0});
  for (const auto& [id, a] : g.legal) mask[id] = 1;
}

void VectorEnv::reset(uint64_t seed, float* obs, uint8_t* mask, int8_t* to_play) {
  const InUse hold(in_use_);
  seed_ = seed, next_ = 0, finished_ = 0;
  reset_ = true;  // (ended_ kept: the next step clears those rows of the kept arrays)
  const size_t O = static_cast<size_t>(tensor_size()), A = static_cast<size_t>(game_->num_distinct_actions());
  for (size_t i = 0; i < games_.size(); ++i) {
    start(games_[i]);
    games_[i].written = InfoWritten{};  // (a reset writes every float)
    write(games_[i], obs + i * O, mask + i * A);
    if (to_play) to_play[i] = games_[i].player;
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
  const size_t O = static_cast<size_t>(tensor_size()), A = static_cast<size_t>(game_->num_distinct_actions());
  std::vector<const Action*> chosen(games_.size(), nullptr);
  for (size_t i = 0; i < games_.size(); ++i) {  // every row checked before any game moves
    if (!reset_) throw EnvError("step before reset");
    for (const auto& [id, a] : games_[i].legal)
      if (id == actions[i]) chosen[i] = &a;
    if (!chosen[i])
      throw EnvError("row " + std::to_string(i) + ": action id " + std::to_string(actions[i]) + " is not legal in its game");
  }
  if (rows_kept_) {  // the last step's ended rows, as a caller passes them
    for (const auto& [i, used] : ended_) {
      std::fill(final_obs + i * O, final_obs + i * O + used, 0.0f);
      if (ends.winner) ends.winner[i] = -1;
      if (ends.scores) ends.scores[2 * i] = ends.scores[2 * i + 1] = 0;
      if (ends.episode_return) ends.episode_return[i] = 0;
    }
  }
  ended_.clear();
  for (size_t i = 0; i < games_.size(); ++i) {
    Slot& g = games_[i];
    const int actor = g.player;
    float got[2] = {0, 0};
    terminated[i] = truncated[i] = false;
    const Before before = of(g.s);
    int end = 0;
    try {
      if (info_) apply_recorded(g, *chosen[i], actor);
      else game_->engine().apply(g.s, *chosen[i], nullptr, g.ask.get());
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
      ended_.emplace_back(static_cast<uint32_t>(i), write_final(g, actor, final_obs + i * O));
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

}  // namespace als
