// The agents (agents.h): random, greedy, the registry every front end makes agents from, and
// the agents' help texts.
#include "agents.h"

#include "knowledge.h"
#include "mcts.h"

#include <algorithm>
#include <functional>
#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <sodium.h>

namespace als {

void search_failed(const ScriptError& err) {
  throw ScriptError(std::string("during the computer's search: ") + err.what());
}

void BattleHistory::record(const Engine& e, const State& before, const Action& a) {
  if (before.r.active || e.decision_kind(before) != DecisionKind::Turn) return;
  if (n_ > 0 && turns_[0].before.b.battle != before.b.battle) n_ = 0;
  if (n_ == turns_.size()) turns_.emplace_back();
  copy_state(turns_[n_].before, before);
  turns_[n_].action = a;
  ++n_;
}

void BattleHistory::rewind(const State& s) {
  if (n_ > 0 && turns_[0].before.b.battle != s.b.battle) n_ = 0;
  while (n_ > 0 && turns_[n_ - 1].before.b.turns >= s.b.turns) --n_;
}

bool InfoState::battle_wins_game(int winner) const {
  const Rules& r = e_.rules();
  if (r.has(Hook::BattleVp) || r.has(Hook::GameOver) || r.has(Hook::BattleWinner) || s_.b.phase == Phase::Over) return false;
  int least = r.battle_vp;
  for (int k = 0; k <= e_.hand_size(s_, 1 - winner) + 1; ++k) least = std::min(least, e_.withdraw_vp(s_, 1 - winner, k));
  return s_.b.score[winner] + least >= r.vp_target;
}

size_t InfoState::past_turns() const {
  if (!history_ || history_->n_ == 0) return 0;
  const State& first = history_->turns_[0].before;
  const State& last = history_->turns_[history_->n_ - 1].before;
  // Only a history of this battle, each of its turns before this decision, is read.
  if (first.b.battle != s_.b.battle || first.b.ncards != s_.b.ncards || last.b.turns > s_.b.turns) return 0;
  return history_->n_;
}

int InfoState::past_player(size_t i) const {
  if (i >= past_turns()) throw std::out_of_range("InfoState::past_player: no such turn");
  return e_.to_act(history_->turns_[i].before);
}

Action InfoState::past(size_t i, const Engine::Sampler& sampler, const Engine::Identities& ids, State& out, Rng& rng) const {
  if (i >= past_turns()) throw std::out_of_range("InfoState::past: no such turn");
  const BattleHistory::Turn& t = history_->turns_[i];
  return sampler.relabel(ids, t.before, t.action, out, rng);
}

bool InfoState::order_card_options() {
  // A card decision's options are sorted by the cards' ids: when the player cannot identify
  // some of them, that order would tell them something. Order them as the player sees them
  // (Engine::order_for_viewer: by text, cards they cannot tell apart by place).
  const Engine& e = e_;
  const State& s = s_;
  const std::vector<Action>& legal = *legal_;
  bool hidden = std::any_of(legal.begin(), legal.end(), [&](const Action& a) {
    return a.option != kNone && !knowledge::knows(s.b, player_, a.option);
  });
  if (!hidden) return false;
  if (!lists_) lists_ = std::make_unique<Lists>();
  lists_->sorted = legal;
  e.text().order_for_viewer(s, player_, lists_->sorted);
  legal_ = shown_ = &lists_->sorted;
  return true;
}

void InfoState::make_handles() {
  const DecisionKind kind = e_.decision_kind(s_);
  if (kind == DecisionKind::Theater || kind == DecisionKind::Option) return;  // theaters and option texts are public
  const uint64_t hidden_cards = knowledge::unknown(s_.b, player_);
  const size_t ncards = e_.set().cards.size();
  auto card_of = [&](const Action& a) -> unsigned {
    if (a.type != Action::Choose) return a.card;
    return kind == DecisionKind::Card ? a.option : kind == DecisionKind::Play ? PlayOption::decode(a.option).card : kNone;
  };
  auto hidden = [&](const Action& a) {
    const unsigned card = card_of(a);
    return card < ncards && ((hidden_cards >> card) & 1);
  };
  const std::vector<Action>& legal = *legal_;
  if (std::none_of(legal.begin(), legal.end(), hidden)) return;
  if (!lists_) lists_ = std::make_unique<Lists>();
  std::vector<Action>& handles = lists_->handles;
  handles = legal;
  for (size_t i = 0; i < legal.size(); ++i)
    if (hidden(legal[i])) handles[i] = Action{legal[i].type, kHandleCard, legal[i].theater, static_cast<uint16_t>(i)};
  shown_ = &handles;
}

Action RandomAgent::decide(const InfoState& info) {
  const auto& legal = info.legal();
  size_t n = legal.size();
  if (n > 1 && legal.back().type == Action::Withdraw) --n;  // a turn's withdraw is listed last
  return legal[rng_.below(n)];
}

namespace {

// Theater control and strength margins for player p: +10 a theater held, -10 one lost, plus the
// margin (capped) in each.
// The margin of position_value, for each card still to be played (and one), at which greedy reads
// a battle as e (2.7) times likelier lost than won: a theater held by 8 is worth 18 points, three
// lost by a margin -54.
constexpr double kWithdrawScale = 4.0;

double position_value(const Engine& e, const State& s, int p) {
  double v = 0;
  for (int i = 0; i < s.b.ntheaters; ++i) {
    int t = s.b.order[i];
    v += e.controller(s, t) == p ? 10 : -10;
    v += std::clamp(e.strength(s, p, t) - e.strength(s, 1 - p, t), -8, 8);
  }
  return v;
}

int vp_swing(const State& before, const State& after, int p) {
  return (after.b.score[p] - before.b.score[p]) - (after.b.score[1 - p] - before.b.score[1 - p]);
}

}  // namespace

Action GreedyAgent::decide(const InfoState& info) {
  const auto& legal = info.legal();
  if (legal.size() == 1) return legal[0];
  if (info.sets_battle_up()) [[unlikely]]  // no theater to value (answers_inside)
    return legal[rng_.below(legal.size())];
  const Engine& e = info.engine();
  int p = info.player();
  State base = info.sample(rng_);
  // In the determinization the cards the player cannot see have other identities: its actions
  // are found by what the player sees, their keys (equal exactly when their texts are).
  std::vector<Action> sampled;
  e.legal(base, sampled);
  std::vector<uint32_t> keys(sampled.size());
  for (size_t i = 0; i < sampled.size(); ++i) keys[i] = e.text().action_key(base, sampled[i], p);
  double best = -1e18;
  Action choice = legal[0];
  bool can_withdraw = false, mismatched = false;
  for (const Action& a : legal) {
    if (a.type == Action::Withdraw) {
      can_withdraw = true;
      continue;
    }
    const auto same = std::find(keys.begin(), keys.end(), info.key(a));
    if (same == keys.end()) continue;
    State t = base;
    try {
      e.apply_discarding(t, sampled[static_cast<size_t>(same - keys.begin())]);  // t is discarded if a script fails
    } catch (const RerunMismatch&) {  // the world's hidden cards would not have asked this: not valued
      mismatched = true;
      continue;
    } catch (const ScriptError& err) {  // as in the search: a failing script fails the game
      throw ScriptError(std::string("during the computer's look-ahead: ") + err.what());
    }
    double v = t.b.battle != base.b.battle || t.b.phase == Phase::Over ? 1000.0 * vp_swing(base, t, p)
                                                                        : position_value(e, t, p);
    v += rng_.below(1000) * 1e-6;  // ties broken at random
    if (v > best) best = v, choice = a;
  }
  if (mismatched && best <= -1e17) return legal[rng_.below(legal.size())];  // nothing valued in this world
  // Withdraw where what the chart gives the opponent (info.withdraw_vp(): the rules' chart, or a
  // withdrawal hook's answer) is less than the VP its best move is expected to give away: the
  // swing itself where that move ends the battle, else the battle's VP times how much likelier a
  // loss is than a win (the position's value read as a chance, a logistic of the margin).
  if (can_withdraw && best > -1e17 && best < 0) {
    const double cost = info.withdraw_vp(), battle_vp = std::max(e.rules().battle_vp, 1);
    // (the more cards are still to be played, the less the margin now says)
    const double left = static_cast<double>(e.hand_size(base, p) + e.hand_size(base, 1 - p));
    const double lose = 1.0 / (1.0 + std::exp(best / (kWithdrawScale * (1 + left))));
    // (A battle its every move loses is given up even where the chart costs as much: nothing is
    // left to play for.)
    const bool decided = best <= -1000 + 1;
    const double expected_loss = decided ? -std::round(best / 1000.0) : battle_vp * (2 * lose - 1);
    if (decided ? cost <= expected_loss : cost < expected_loss - 1e-9)
      for (const Action& a : legal)
        if (a.type == Action::Withdraw) return a;
  }
  return choice;
}

// ---- IS-MCTS ------------------------------------------------------------------------------------

namespace {

struct Node {
  std::string key;   // the move into this node, as the searching player sees it
  int player = -1;   // who made that move
  double wins = 0;   // reward for `player`
  double battle_wins = 0;  // the battle the search began in won by `player` (hints; not used to search)
  int visits = 0;
  int avail = 0;     // times the move was available when this node's parent was visited
  std::vector<int> children;
};

}  // namespace

std::vector<Estimate> MctsV1Agent::rank(const InfoState& info) {
  const Engine& e = info.engine();
  const int me = info.player();
  std::vector<Node> tree(1);
  std::vector<Action> acts;
  std::vector<std::string> keys;
  std::vector<int> path, untried, matching;
  RandomAgent rollout(rng_.next());
  SeatChooser rollout_answers(&rollout, &rollout);  // its decisions inside abilities, during their runs
  // With a time budget the search stops once it is spent (the clock read every 8 iterations).
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long long>(opt_.time_ms * 1000));
  for (int it = 0; it < opt_.iterations; ++it) {
    if (opt_.time_ms > 0 && it > 0 && it % 8 == 0 && std::chrono::steady_clock::now() >= until) break;
    State t = info.sample(rng_);
    // What the reward needs of the start (not a whole copy of the state: one an iteration).
    const struct {
      uint32_t battle;
      int32_t score[2];
    } start{t.b.battle, {t.b.score[0], t.b.score[1]}};
    int node = 0;
    path.assign(1, 0);
    bool expanded = false;
    int battle_won = -1;  // 1 if `me` won the battle the search began in, 0 if lost, -1 not over
    auto battle_over = [&] {
      if (battle_won < 0 && t.b.last.number == start.battle) battle_won = t.b.last.winner == me;
    };
    try {
      while (!expanded && e.to_act(t) >= 0) {
        if (!opt_.game && t.b.battle != start.battle) break;
        e.legal(t, acts);
        int who = e.to_act(t);
        keys.clear();
        for (const Action& a : acts) keys.push_back(e.text().action_text(t, a, me));
        // Availability: every child whose move exists in this determinization.
        untried.clear();
        for (size_t i = 0; i < acts.size(); ++i) {
          bool have = false;
          for (int ch : tree[node].children) have = have || tree[ch].key == keys[i];
          bool dup = false;
          for (int u : untried) dup = dup || keys[u] == keys[i];
          if (!have && !dup) untried.push_back(static_cast<int>(i));
        }
        for (int ch : tree[node].children)
          if (std::find(keys.begin(), keys.end(), tree[ch].key) != keys.end()) ++tree[ch].avail;
        int next;
        size_t pick;
        if (!untried.empty()) {  // expand one move not tried yet
          pick = static_cast<size_t>(untried[rng_.below(untried.size())]);
          next = static_cast<int>(tree.size());
          Node child;
          child.key = keys[pick];
          child.player = who;
          child.avail = 1;
          tree.push_back(child);
          tree[node].children.push_back(next);
          expanded = true;
        } else {  // UCB over the available children, with availability counts
          double best = -1;
          next = -1;
          for (int ch : tree[node].children) {
            const Node& c = tree[ch];
            if (std::find(keys.begin(), keys.end(), c.key) == keys.end()) continue;
            // A child never backed up (its iterations all ended early) is tried first.
            double u = c.visits == 0 ? 1e300
                                     : c.wins / c.visits + opt_.c * std::sqrt(std::log(std::max(c.avail, 1)) / c.visits);
            if (u > best) best = u, next = ch;
          }
          matching.clear();
          for (size_t i = 0; i < keys.size(); ++i)
            if (keys[i] == tree[next].key) matching.push_back(static_cast<int>(i));
          pick = static_cast<size_t>(matching[rng_.below(matching.size())]);
        }
        e.apply_discarding(t, acts[pick]);
        battle_over();
        node = next;
        path.push_back(node);
      }
      // Random moves to the end of the battle (or of the game).
      for (int steps = 0; e.to_act(t) >= 0 && steps < 2000; ++steps) {
        if (!opt_.game && t.b.battle != start.battle) break;
        e.legal(t, acts);
        e.apply_discarding(t, rollout.choose(e, t, acts), &rollout_answers);
        battle_over();
      }
    } catch (const RerunMismatch&) {  // a world whose hidden cards would not have asked this: even
      battle_won = -1;
      t.b.phase = Phase::Playing, t.b.score[0] = start.score[0], t.b.score[1] = start.score[1];
    } catch (const ScriptError& err) {
      search_failed(err);  // (never steering away from the failing action: that once withdrew from every battle)
    }
    double reward;  // for `me`, 0 to 1
    if (t.b.phase == Phase::Over) reward = t.b.winner == me ? 1.0 : 0.0;
    else {
      int swing = (t.b.score[me] - start.score[me]) - (t.b.score[1 - me] - start.score[1 - me]);  // as vp_swing
      reward = std::clamp(0.5 + 0.5 * swing / std::max(e.rules().battle_vp, 1), 0.0, 1.0);
    }
    const double battle = battle_won < 0 ? 0.5 : battle_won;
    for (size_t i = 1; i < path.size(); ++i) {
      Node& n = tree[static_cast<size_t>(path[i])];
      ++n.visits;
      n.wins += n.player == me ? reward : 1.0 - reward;
      n.battle_wins += n.player == me ? battle : 1.0 - battle;
    }
  }
  std::vector<Estimate> out;
  for (const Action& a : info.legal()) {
    Estimate est{a, info.text(a), 0.5, 0};
    for (int ch : tree[0].children)
      if (tree[ch].key == est.text && tree[ch].visits > 0)
        est.win = tree[ch].wins / tree[ch].visits, est.visits = tree[ch].visits,
        est.battle = tree[ch].battle_wins / tree[ch].visits;
    out.push_back(est);
  }
  std::stable_sort(out.begin(), out.end(), [](const Estimate& x, const Estimate& y) { return x.visits > y.visits; });
  return out;
}

Action MctsV1Agent::decide(const InfoState& info) {
  if (info.legal().size() == 1) return info.legal()[0];
  return rank(info).front().action;
}

// ---- the registry -------------------------------------------------------------------------------

uint64_t agent_seed(uint64_t game_seed, int seat) {
  // BLAKE2b (libsodium's generic hash), keyed: an agent's seed tells nothing of the game's, so its
  // random choices cannot be turned back into the deal (issue: no peeking by construction).
  static const bool ready = sodium_init() >= 0;
  (void)ready;
  static const unsigned char key[] = "als: an agent's seed from its game's";
  unsigned char in[9], out[8];
  for (int i = 0; i < 8; ++i) in[i] = static_cast<unsigned char>(game_seed >> (8 * i));
  in[8] = static_cast<unsigned char>(seat);
  crypto_generichash(out, sizeof out, in, sizeof in, key, sizeof key - 1);
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(out[i]) << (8 * i);
  return v;
}

namespace {

// "k=v,k=v" or a bare number (the first option) after "name:".
std::vector<std::pair<std::string, std::string>> options(const std::string& spec, const std::string& name,
                                                         const char* first) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t colon = spec.find(':');
  if (colon == std::string::npos) return out;
  std::stringstream ss(spec.substr(colon + 1));
  for (std::string item; std::getline(ss, item, ',');) {
    size_t eq = item.find('=');
    if (eq == std::string::npos) out.emplace_back(first, item);
    else out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  if (out.empty()) throw std::invalid_argument("agent '" + spec + "': no options after ':' (" + name + ")");
  return out;
}

double number(const std::string& spec, const std::string& key, const std::string& v, double lo, double hi) {
  size_t used = 0;
  double x = 0;
  try {
    x = std::stod(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || v.empty() || !(x >= lo && x <= hi))
    throw std::invalid_argument("agent '" + spec + "': " + key + " must be a number from " +
                                std::to_string(static_cast<long long>(lo)) + " to " +
                                std::to_string(static_cast<long long>(hi)));
  return x;
}

}  // namespace

namespace {

void no_options(const std::string& spec, const std::string& name) {
  if (spec != name) throw std::invalid_argument("agent '" + name + "' takes no options");
}

// The options mcts and mcts-v1 share: iterations, time, c, horizon. Returns false for a key
// that is none of them.
template <typename Options>
bool search_option(const std::string& spec, const std::string& k, const std::string& v, Options& o, bool& counted) {
  if (k == "iterations") o.iterations = static_cast<int>(number(spec, k, v, 1, 10'000'000)), counted = true;
  else if (k == "time") {  // milliseconds, "20" or "20ms"; the iterations then bound it only if given
    std::string ms = v.size() > 2 && v.compare(v.size() - 2, 2, "ms") == 0 ? v.substr(0, v.size() - 2) : v;
    o.time_ms = number(spec, k, ms, 1, 600'000);
    if (!counted) o.iterations = 10'000'000;
  } else if (k == "c") o.c = number(spec, k, v, 0, 100);
  else if (k == "horizon") {
    if (v != "battle" && v != "game") throw std::invalid_argument("agent '" + spec + "': horizon is battle or game");
    o.game = v == "game";
  } else {
    return false;
  }
  return true;
}

// mcts-v1: the search as of 2026-11-24, kept so that every later version is measured against it.
std::unique_ptr<Agent> make_mcts_v1(const std::string& spec, uint64_t seed) {
  MctsV1Agent::Options o;
  bool counted = false;
  for (const auto& [k, v] : options(spec, "mcts-v1", "iterations"))
    if (!search_option(spec, k, v, o, counted))
      throw std::invalid_argument("agent '" + spec + "': unknown option '" + k + "' (iterations, time, c, horizon)");
  return std::make_unique<MctsV1Agent>(seed, o);
}

// The search from a spec's options over the defaults `o` (the name before ':' aside).
std::unique_ptr<Agent> make_search(const std::string& spec, uint64_t seed, MctsAgent::Options o) {
  bool counted = false;
  for (const auto& [k, v] : options(spec, "mcts", "iterations")) {
    if (search_option(spec, k, v, o, counted)) continue;
    if (k == "playout") {
      if (v != "guided" && v != "random") throw std::invalid_argument("agent '" + spec + "': playout is guided or random");
      o.guided = v == "guided";
    } else if (k == "reward") {
      if (v != "match" && v != "battle") throw std::invalid_argument("agent '" + spec + "': reward is match or battle");
      o.match = v == "match";
    } else if (k == "move") {
      if (v != "best" && v != "draw") throw std::invalid_argument("agent '" + spec + "': move is best or draw");
      o.draw = v == "draw";
    } else if (k == "explore") {
      o.explore = number(spec, k, v, 0, 1);
    } else if (k == "widen") {
      o.widen = number(spec, k, v, 0, 100);
    } else if (k == "mast") {
      o.mast = number(spec, k, v, 0, 1000);
    } else if (k == "threads") {
      o.threads = static_cast<int>(number(spec, k, v, 1, 64));
    } else if (k == "work") {
      o.work = static_cast<long long>(number(spec, k, v, 0, 1e15));
    } else if (k == "adapt") {
      o.adapt = number(spec, k, v, 0, 10);
    } else if (k == "belief") {
      o.belief = number(spec, k, v, 0, 20);
    } else if (k == "value") {
      o.value = v == "none" ? "" : v;
    } else if (k == "cutoff") {
      o.cutoff = static_cast<int>(number(spec, k, v, 0, 1000));
    } else if (k == "pool") {
      o.pool = static_cast<int>(number(spec, k, v, 1, 100000));
    } else if (k == "noise") {
      o.noise = number(spec, k, v, 0, 1);
    } else if (k == "endgame") {
      o.endgame = static_cast<int>(number(spec, k, v, 0, 6));
    } else if (k == "worlds") {
      o.worlds = static_cast<int>(number(spec, k, v, 1, 100000));
    } else {
      throw std::invalid_argument("agent '" + spec + "': unknown option '" + k +
                                  "' (iterations, time, c, horizon, playout, reward, move, explore, widen, mast, threads, work, adapt, belief, pool, noise, value, cutoff, endgame, worlds)");
    }
  }
  try {
    return std::make_unique<MctsAgent>(seed, o);
  } catch (const std::runtime_error& e) {  // the value network's file
    throw std::invalid_argument("agent '" + spec + "': value: " + e.what());
  }
}

// mcts: the search with the learned value built in for the standard set (value=standard), and
// exact endgames where both hands hold at most two cards (endgame=2).
std::unique_ptr<Agent> make_mcts(const std::string& spec, uint64_t seed) {
  MctsAgent::Options o;
  o.value = "standard";
  o.endgame = 2;
  return make_search(spec, seed, o);
}

// mcts-v2: today's search as it was on 2026-11-27, before the policy learned of plays destroyed
// as played and of the battle_vp hook, before a battle that can decide the game was valued by
// the game, and without a learned value; every option of mcts.
std::unique_ptr<Agent> make_mcts_v2(const std::string& spec, uint64_t seed) {
  const size_t colon = spec.find(':');
  auto a = make_search("mcts" + (colon == std::string::npos ? std::string() : spec.substr(colon)), seed, MctsAgent::Options{});
  static_cast<MctsAgent&>(*a).freeze_v2();
  return a;
}

}  // namespace

namespace {
std::vector<AgentKind>& registry();
}  // namespace

const std::vector<AgentKind>& agent_registry() { return registry(); }

void add_agent_kind(AgentKind kind) {
  auto& r = registry();
  for (const AgentKind& k : r)
    if (k.name == kind.name) return;
  r.insert(r.begin(), std::move(kind));
}

namespace {
std::vector<AgentKind>& registry() {
  static std::vector<AgentKind> kinds = {
      {"random", "", "uniform over the legal actions; withdraws only when nothing else is legal",
       [](const std::string& spec, uint64_t seed) -> std::unique_ptr<Agent> {
         no_options(spec, "random");
         return std::make_unique<RandomAgent>(seed);
       }},
      {"greedy", "", "the best one-step outcome on a determinization; withdraws when the chart costs less",
       [](const std::string& spec, uint64_t seed) -> std::unique_ptr<Agent> {
         no_options(spec, "greedy");
         return std::make_unique<GreedyAgent>(seed);
       }},
      {"mcts-v1", "iterations=600,time=MS,c=0.7,horizon=battle|game",
       "the search of 2026-11-24, frozen: the yardstick of later versions", make_mcts_v1},
      {"mcts-v2", "iterations=600,time=MS,threads=1,c=0.45,... (the options of mcts)",
       "the search of 2026-11-27, frozen: the default opponent before the policy knew of destroyed plays", make_mcts_v2,
       false, {"value"}},
      {"mcts", "iterations=600,time=MS,threads=1,c=0.45,horizon=battle|game,playout=guided|random,reward=battle|match,move=best|draw,explore=0.1,widen=1,mast=15,work=400000000,adapt=0,belief=0,pool=256,noise=0.1,value=standard|none|FILE,cutoff=0,endgame=2,worlds=64",
       "information-set Monte Carlo tree search, guided playouts (the default opponent)", make_mcts, false, {"value"}},
  };
  return kinds;
}
}  // namespace

const std::vector<Level>& levels() {
  static const std::vector<Level> all = {
      {"easy", "greedy", "takes the best-looking move one step ahead"},
      {"normal", "mcts:iterations=2000", "searches 2,000 games ahead a move (a few hundredths of a second)"},
      {"hard", "mcts:iterations=10000", "searches 10,000 games ahead a move (about a tenth of a second)"},
      {"expert", "mcts:time=1000,threads=2", "searches for a second a move on two threads"},
  };
  return all;
}

std::string level_spec(const std::string& spec) {
  const std::string name = spec.substr(0, spec.find(':'));
  for (const Level& l : levels())
    if (name == l.name) {
      if (name != spec)
        throw std::invalid_argument("level '" + name + "' takes no options (it is " + l.spec + "; give that instead)");
      return l.spec;
    }
  return spec;
}

std::string level_names() {
  std::string all;
  for (const Level& l : levels()) all += (all.empty() ? "" : ", ") + std::string(l.name);
  return all;
}

namespace {
// `spec` with each of its options (the items between commas after "name:") replaced by
// edit(item), the rest as it is.
std::string edit_options(const std::string& spec, const std::function<std::string(const std::string&)>& edit) {
  const size_t colon = spec.find(':');
  if (colon == std::string::npos) return spec;
  std::string out = spec.substr(0, colon + 1);
  for (size_t at = colon + 1;;) {
    const size_t comma = spec.find(',', at);
    out += edit(spec.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    if (comma == std::string::npos) return out;
    out += ',';
    at = comma + 1;
  }
}

// The spec as `policy` lets its source give it: throws std::invalid_argument for a program it may
// not start or a file it may not name; a file option's path rewritten to the form to open.
std::string admitted(const AgentKind& k, const std::string& spec, const Policy& policy) {
  if (k.runs_program)
    if (std::string why = policy.may_run_programs(); !why.empty())
      throw std::invalid_argument("agent '" + k.name + "': " + why);
  if (k.file_options.empty()) return spec;
  return edit_options(spec, [&](const std::string& item) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return item;
    const std::string key = item.substr(0, eq);
    std::string value = item.substr(eq + 1);
    if (std::find(k.file_options.begin(), k.file_options.end(), key) == k.file_options.end() || value == "standard" ||
        value == "none" || value.empty())
      return item;
    if (std::string why = policy.may_open(value); !why.empty())
      throw std::invalid_argument("agent '" + k.name + "': " + key + ": " + why);
    return key + "=" + value;
  });
}
}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& given, uint64_t game_seed, int seat, const Policy& policy) {
  const std::string spec = level_spec(given);
  std::string name = spec.substr(0, spec.find(':'));
  for (const AgentKind& k : agent_registry())
    if (name == k.name) return k.make(admitted(k, spec, policy), agent_seed(game_seed, seat));
  return nullptr;
}

std::string agent_spec_refusal(const std::string& spec) {
  if (spec.find_first_not_of(" \t") == std::string::npos)
    return "the agent spec is empty: name an agent (agents: " + computer_agents() + ")";
  if (spec.rfind("exec:", 0) != 0) return "";
  for (const AgentKind& k : agent_registry())
    if (k.runs_program) return "";
  return "agent '" + escape_controls(spec.substr(0, 60)) +
         "': a program (exec:) plays only from the als command line (als play, simulate, tournament, compare, "
         "sweep, serve), not from here (agents here: " + computer_agents() + ")";
}

std::string without_learned_value(const std::string& given) {
  const std::string spec = level_spec(given);
  if (spec.find(':') == std::string::npos) return spec + ":value=none";
  bool set = false;
  const std::string out = edit_options(spec, [&](const std::string& item) {
    if (item.rfind("value=", 0) != 0) return item;
    set = true;
    return std::string("value=none");
  });
  return set ? out : out + (out.back() == ':' ? "" : ",") + "value=none";
}

std::vector<std::string> agent_names() {
  std::vector<std::string> out;
  for (const AgentKind& k : agent_registry()) out.push_back(k.name);
  return out;
}

std::string computer_agents() {
  std::string all;
  for (const AgentKind& k : agent_registry()) all += (all.empty() ? "" : ", ") + k.name;
  return all + "; levels " + level_names();
}

std::string agent_help() {
  std::string all;
  for (const AgentKind& k : agent_registry())
    all += (all.empty() ? "" : ", ") + k.name + (k.options.empty() ? "" : "[:" + k.options + "]");
  return all + "; or a level: " + level_names();
}

std::string strongest_agent() { return agent_registry().back().name; }

}  // namespace als
