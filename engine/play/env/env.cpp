// EnvGame and EnvState (env.h): the Python module's engine: seat-relative ids, rewards, tensors,
// what each player has read, and serialized states.
#include "env.h"
#include "errors.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include <xxhash.h>

#include "knowledge.h"
#include "observation.h"
#include "rng.h"
#include "seeds.h"
#include "validate.h"
#include "question.h"
#include "view.h"

namespace als {

namespace {
constexpr char kMagic[8] = {'A', 'L', 'S', 'S', 'T', 'A', 'T', 'E'};
// 2: a checksum of every byte, after the digest; 3: ended effects (API 6); 4: the battles' record, no hashes
constexpr uint32_t kSerialVersion = 4;

// The serialized form: fixed-width little-endian fields (the machines we build for).
class Writer {
 public:
  template <class T>
  void put(const T& v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void str(const std::string& s) {
    put(static_cast<uint32_t>(s.size()));
    out += s;
  }
  std::string out;
};

class Reader {
 public:
  explicit Reader(const std::string& b) : bytes(b) {}
  template <class T>
  T get() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, bytes.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  std::string str() {
    const uint32_t n = get<uint32_t>();
    need(n);
    std::string s = bytes.substr(at, n);
    at += n;
    return s;
  }
  uint32_t count(uint32_t limit) {
    const uint32_t n = get<uint32_t>();
    if (n > limit) throw EnvError("deserialize_state: a count of " + std::to_string(n) + " is out of range");
    return n;
  }
  void need(size_t n) const {
    if (bytes.size() - at < n) throw EnvError("deserialize_state: the bytes end too early");
  }
  const std::string& bytes;
  size_t at = 0;
};
}  // namespace

EnvOptions EnvOptions::parse(const std::string& text) {
  EnvOptions o;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    if (const size_t eq = item.find('='); eq != std::string::npos) {
      const std::string name = item.substr(0, eq), value = item.substr(eq + 1);
      const bool length = name == "max_game_length";
      if (!length && name != "max_battles")
        throw EnvError("unknown game option '" + item.substr(0, 40) + "' (known: battle_rewards, shaped_rewards, chance_nodes, max_game_length=N, max_battles=N)");
      const int most = length ? EnvOptions::kMostLength : EnvOptions::kMostBattles;
      int n = 0;
      const bool digits = !value.empty() && value.size() <= 6 && value.find_first_not_of("0123456789") == std::string::npos;
      if (digits) n = std::stoi(value);
      if (!digits || n < 1 || n > most)
        throw EnvError(name + " must be a whole number from 1 to " + std::to_string(most) + "; got '" + value.substr(0, 20) + "'");
      (length ? o.max_game_length : o.max_battles) = n;
      continue;
    }
    if (item == "battle_rewards") o.battle_rewards = true;
    else if (item == "shaped_rewards") o.shaped_rewards = true;
    else if (item == "chance_nodes") o.chance_nodes = true;
    else throw EnvError("unknown game option '" + item.substr(0, 40) + "' (known: battle_rewards, shaped_rewards, chance_nodes)");
  }
  if (o.battle_rewards && o.shaped_rewards) throw EnvError("battle_rewards and shaped_rewards are two reward models: give one");
  return o;
}

EnvGame::EnvGame(std::shared_ptr<Engine> engine, const std::string& options_text)
    : engine_(std::move(engine)), ids_(*engine_), options_(EnvOptions::parse(options_text)) {
  std::vector<std::string> said;
  if (options_.battle_rewards) said.push_back("battle_rewards");
  if (options_.shaped_rewards) said.push_back("shaped_rewards");
  if (options_.chance_nodes) said.push_back("chance_nodes");
  if (options_.max_game_length) said.push_back("max_game_length=" + std::to_string(options_.max_game_length));
  if (options_.max_battles) said.push_back("max_battles=" + std::to_string(options_.max_battles));
  for (const std::string& s : said) options_text_ += (options_text_.empty() ? "" : ",") + s;
  cards_ = static_cast<int>(engine_->set().cards.size());
  theaters_ = static_cast<int>(engine_->rules().theaters.size());
  positions_from_ = 2 + 2 * cards_ * theaters_ + cards_ + theaters_;
  shape_.steps = std::min(engine_->rules().max_actions, options_.max_game_length ? options_.max_game_length : EnvOptions::kDefaultLength);
  shape_.battles = options_.max_battles ? options_.max_battles : EnvOptions::kDefaultBattles;
}

std::string EnvGame::action_name(int id) const {
  if (id < 0 || id >= num_distinct_actions())
    throw EnvError("action id " + std::to_string(id) + " is out of range (0 to " + std::to_string(num_distinct_actions() - 1) + ")");
  std::string p = ids_.patterns()[static_cast<size_t>(id)];
  if (id >= positions_from_ && id < positions_from_ + 2 * theaters_ * cards_)
    p.replace(7, 1, p[7] == '1' ? "own" : "opp");  // "choose 1:sea:2" -> "choose own:sea:2"
  return p;
}

int seat_relative_id(int id, int player, int cards, int theaters, int hands_from) {
  if (player != 1) return id;
  if (hands_from >= 0 && id >= hands_from && id < hands_from + 2 * cards)  // a hand's positions: own, then the opponent's
    return id < hands_from + cards ? id + cards : id - cards;
  const int from = 2 + 2 * cards * theaters + cards + theaters, span = theaters * cards;
  if (id < from || id >= from + 2 * span) return id;
  return id < from + span ? id + span : id - span;
}

int EnvGame::relative(int id, int player) const { return seat_relative_id(id, player, cards_, theaters_, ids_.hands_from()); }

void EnvGame::legal_ids(const State& s, int player, std::vector<Action>& scratch,
                        std::vector<std::pair<int, Action>>& out) const {
  out.clear();
  engine_->legal(s, scratch);
  for (const Action& a : scratch)
    if (const int id = ids_.id(*engine_, s, a, player); id >= 0) out.emplace_back(relative(id, player), a);
}

double EnvGame::battle_reward(int vp_difference) const {
  return std::clamp(static_cast<double>(vp_difference) / std::max(1, engine_->rules().vp_target), -1.0, 1.0);
}

double EnvGame::potential(const State& s) const {
  if (s.b.phase == Phase::Over) {
    const int w = engine_->result(s).winner;
    return w == 0 ? 1.0 : w == 1 ? -1.0 : 0.0;
  }
  return battle_reward(s.b.score[0] - s.b.score[1]);
}

std::array<double, 2> EnvGame::step_rewards(const EnvOptions& o, int before0, int before1, bool before_over,
                                            const State& after) const {
  double r = 0;
  if (o.battle_rewards) r = battle_reward((after.b.score[0] - before0) - (after.b.score[1] - before1));
  else if (o.shaped_rewards) r = potential(after) - battle_reward(before0 - before1);  // (before: not over)
  else if (after.b.phase == Phase::Over && !before_over) r = potential(after);
  return {r, -r};
}

std::string EnvGame::key() const {
  std::string k = engine_->content_hash();
  for (const std::string& r : engine_->rule_names()) k += "|" + r;
  return k + "|" + options_text_;
}

EnvState::EnvState(std::shared_ptr<const EnvGame> game, uint64_t seed)
    : game_(std::move(game)), names_(std::make_shared<GameNames>(game_->engine().interned().game_names())) {
  root_seed_ = seed;
  s_ = game_->engine().blank();  // (the position shown at the deal's chance nodes)
  s_.b.names = names_->id();
  Pending p;  // the deal (with chance nodes, a draw at a time: a chance node at once)
  p.from_start = true, p.seed = seed;
  if (!run_pending(p)) pending_ = std::move(p);
}

int EnvState::current_player() const {
  if (s_.b.phase == Phase::Over) return kTerminalPlayer;
  if (pending_.active) {  // (a game whose scripts drew past the bound stops at the node)
    const bool past = static_cast<long>(history_.size()) - player_actions() >= game_->max_chance_nodes_in_history();
    return past ? kTerminalPlayer : kChancePlayer;
  }
  if (player_actions() >= game_->max_game_length() || s_.b.battle > static_cast<uint32_t>(game_->shape().battles))
    return kTerminalPlayer;
  if (game_->options().chance_nodes &&
      static_cast<long>(history_.size()) - player_actions() >= game_->max_chance_nodes_in_history())
    return kTerminalPlayer;
  return game_->engine().to_act(s_);
}

std::array<double, 2> EnvState::returns() const {
  if (s_.b.phase != Phase::Over) return {0, 0};
  const int w = game_->engine().result(s_).winner;
  return w == 0 ? std::array<double, 2>{1, -1} : w == 1 ? std::array<double, 2>{-1, 1} : std::array<double, 2>{0, 0};
}

std::vector<int> EnvState::legal_actions() const {
  std::vector<int> out;
  const int p = current_player();
  if (p == kTerminalPlayer) return out;
  if (p == kChancePlayer) {
    for (const auto& [o, prob] : chance_outcomes()) out.push_back(o);
    return out;
  }
  std::vector<Action> acts;
  std::vector<std::pair<int, Action>> legal;
  game_->legal_ids(s_, p, acts, legal);
  for (const auto& [id, a] : legal) out.push_back(id);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void EnvState::apply_action(int id) {
  const int p = current_player();
  if (p == kTerminalPlayer) throw EnvError("apply_action: the game is over");
  if (p == kChancePlayer) return apply_chance(id);
  std::vector<Action> acts;
  std::vector<std::pair<int, Action>> legal;
  game_->legal_ids(s_, p, acts, legal);
  const Action* chosen = nullptr;
  for (const auto& [own, a] : legal)
    if (own == id) {
      chosen = &a;
      break;
    }
  if (!chosen) {
    const std::string name = id >= 0 && id < game_->num_distinct_actions() ? " (" + game_->action_name(id) + ")" : "";
    throw EnvError("apply_action: action id " + std::to_string(id) + name + " is not legal now for player " + std::to_string(p));
  }
  Pending run;  // (with chance nodes, a run that may stop at one)
  run.action = *chosen, run.actor = p, run.id = id;
  run.carried = carry_.size(), run.draws = carry_;
  run_entered(std::move(run), id);
}

void EnvState::record(const EventLog& log, const State& after) {
  const Engine& e = game_->engine();
  for (const Event& ev : log.events)
    for (int p = 0; p < 2; ++p) {
      if (resampled_for_ >= 0 && p != resampled_for_) continue;
      std::string line = e.text().event_text(ev, p);
      if (line.empty()) continue;
      lines_[p].push_back(std::move(line));
      // A battle's deal, which no event line names: the hand as the player holds it at the
      // battle's first decision, sorted (the deal's order is the generator's).
      if (ev.type != Event::BattleStart || static_cast<uint32_t>(ev.value) != after.b.battle) continue;
      std::vector<std::string> hand;
      for (int c = 0; c < static_cast<int>(e.set().cards.size()); ++c)
        if ((after.b.in_hand(p) >> c) & 1) hand.push_back(e.set().cards[static_cast<size_t>(c)].id);
      std::sort(hand.begin(), hand.end());
      std::string said = "my hand:";
      for (const std::string& id : hand) said += " " + id;
      lines_[p].push_back(std::move(said));
    }
}

std::string EnvState::action_to_string(int player, int id) const {
  if (player == kChancePlayer && pending_.active) return chance_text(id);
  check_player(player);
  // A legal id of the player to act, as `player` reads it: the actor's own text, or the other
  // player's (a card improvised facedown or chosen from a hand is not named to them).
  if (const int actor = current_player(); actor == 0 || actor == 1) {
    std::vector<Action> acts;
    std::vector<std::pair<int, Action>> legal;
    game_->legal_ids(s_, actor, acts, legal);
    for (const auto& [own, a] : legal)
      if (own == id) return game_->engine().text().action_text(s_, a, player);
  }
  return game_->action_name(id);
}

std::vector<std::pair<int, int>> EnvState::full_history() const {
  std::vector<std::pair<int, int>> out;
  const std::vector<EnvStep>& steps = record_.steps();
  for (size_t k = 0; k < history_.size(); ++k) {
    int who = kChancePlayer;
    if (k < steps.size()) who = steps[k].actor >= 0 ? steps[k].actor : kChancePlayer;
    else if (k == steps.size() && pending_.active && !pending_.from_start) who = pending_.actor;  // the run's action
    out.emplace_back(who, history_[k]);
  }
  return out;
}

uint64_t EnvState::root_seed() const {
  if (resampled_for_ >= 0)
    throw EnvError("a resampled state (a world drawn for a player) has no deal of its own to replay");
  return root_seed_;
}

void EnvState::check_player(int player) const {
  if (player != 0 && player != 1) throw EnvError("player " + std::to_string(player) + " is not 0 or 1");
}

void EnvState::check_info(int player) const { check_player(player); }

void EnvState::observation_tensor(int player, float* out) const {
  check_player(player);
  als::observation_tensor(game_->engine(), s_, player, out);
}

void EnvState::information_state_tensor(int player, float* out) const {
  check_info(player);
  als::information_state_tensor(game_->engine(), s_, record_, player, game_->shape(), out);
}

std::string EnvState::observation_string(int player) const {
  check_player(player);
  const Engine& e = game_->engine();
  const View v = view_of(e, s_, player);
  const int opp = 1 - player;
  std::ostringstream o;
  auto list = [](const std::vector<std::string>& xs) {
    std::string out;
    for (const std::string& x : xs) out += (out.empty() ? "" : " ") + x;
    return out.empty() ? std::string("-") : out;
  };
  // A hand and the cards known in the deck have no order a player can act on (the deal's order
  // is the generator's): sorted, so that states a player cannot tell apart read the same.
  auto sorted = [](std::vector<std::string> xs) {
    std::sort(xs.begin(), xs.end());
    return xs;
  };
  o << "battle " << v.battle << ", VP " << v.score[player] << " to " << v.score[opp] << " (" << e.rules().vp_target
    << " to win), 1st player: " << (v.first == player ? "me" : "opponent") << "\n";
  for (size_t i = 0; i < v.theaters.size(); ++i)
    o << v.theaters[i] << ": me " << v.strength[player][i] << " [" << list(v.stacks[player][i]) << "] opponent "
      << v.strength[opp][i] << " [" << list(v.stacks[opp][i]) << "] held by "
      << (v.controller[i] == player ? "me" : "opponent") << "\n";
  o << "my hand: " << list(sorted(v.hand[player])) << "\nopponent's hand: " << list(sorted(v.hand[opp]))
    << "\ndeck: " << v.deck_size << " (known: " << list(sorted(v.deck_known)) << ")\n";
  if (!v.effects.empty()) o << "lasting: " << list(v.effects) << "\n";
  if (!v.held.empty()) o << "holding: " << v.held << "\n";  // the card the pending decision holds (Reinforce's draw)
  for (const DeducedView& d : v.deduced) o << "deduced: " << d.text << "\n";  // ruling 30
  const int p = current_player();
  o << (p == kTerminalPlayer ? std::string("the game is over")
        : p == kChancePlayer ? std::string("to act: chance")
        : p == player        ? std::string("to act: me")
                             : std::string("to act: opponent"));
  if (p >= 0 && s_.r.active) {
    const Question q = render_question(e, project(e, s_, player));
    o << ", asked by " << q.ability << (q.prompt.empty() ? "" : ": " + q.prompt);
  }
  return o.str() + "\n";
}

std::string EnvState::information_state_string(int player) const {
  check_info(player);
  std::string out;
  if (world_of_other(player)) {  // the steps of the world as this player saw them
    for (const EnvStep& st : record_.steps())
      if (st.actor >= 0) out += step_line(st, player) + "\n";
  } else {
    for (const std::string& l : lines_[player]) out += l + "\n";
  }
  return out + "--\n" + observation_string(player);
}

EnvState EnvState::resample_from_infostate(int player, uint64_t seed) const {
  check_info(player);
  if (pending_.active) throw EnvError("resample_from_infostate: the state is at a chance node (no player's decision)");
  Rng rng(seed);
  EnvState r = *this;
  // Mid-ability, every world is checked (its question its own, and what the player sees of it
  // the same): a program reads the world it is given.
  const Engine::Sampler sampler(game_->engine(), s_, player, true);
  Engine::Identities ids;
  sampler.draw(r.s_, rng, ids);  // (what Engine::sample gives for the same seed, where nothing is checked)
  r.resampled_for_ = player;
  r.lines_[1 - player].clear();
  State scratch;
  Rng unused(0);
  auto world_card = [&](int card) {  // the world's card at `card`'s place now
    const Action as_played{Action::Improvise, static_cast<uint8_t>(card), 0, kNone};
    return sampler.relabel(ids, s_, as_played, scratch, unused).card;
  };
  // The other player's battles: this battle's hand dealt and cards seen as the world has them;
  // an earlier battle's, only what `player` knew of them (its world is not drawn).
  const int other = 1 - player;
  for (InfoBattle& b : r.record_.battles()) {
    if (b.number != s_.b.battle) {
      b.dealt[other] &= b.seen[player], b.seen[other] &= b.seen[player];
      continue;
    }
    for (uint64_t* mask : {&b.dealt[other], &b.seen[other]}) {
      uint64_t world = 0;
      for (int c = 0; c < kMaxCards; ++c)
        if (const int w = (*mask >> c) & 1 ? world_card(c) : kNone; w < kMaxCards) world |= uint64_t{1} << w;
      *mask = world;
    }
  }
  for (size_t k = 0; k < r.record_.steps().size(); ++k) {
    EnvStep& st = r.record_.steps()[k];
    if ((st.known >> player) & 1) continue;
    r.history_[k] = -1;
    if (st.card != kNone && st.actor >= 0 && st.battle == static_cast<uint8_t>(s_.b.battle)) {
      // this battle's card the player did not know: the world's card in its place, known to whom it was
      st.card = static_cast<uint8_t>(world_card(st.card));
    } else {  // (an earlier battle's hidden card: its world is not drawn)
      st.card = kNone;
      st.known = static_cast<uint8_t>(1 << player);
    }
  }
  return r;
}

bool EnvState::world_of_other(int player) const { return resampled_for_ >= 0 && player != resampled_for_; }

std::string EnvState::step_line(const EnvStep& st, int player) const {
  static const char* const kTypes[] = {"deploys", "improvises", "withdraws", "chooses", "takes turn action"};
  const Engine& e = game_->engine();
  std::string out = "player " + std::to_string(st.actor) + " " + kTypes[std::min<int>(st.type, Action::Rule)];
  const bool known = st.card != kNone && ((st.known >> player) & 1);
  if (st.card != kNone) out += " " + (known ? e.set().cards[st.card].id : std::string("?"));
  if (st.theater != kNone) out += " in " + e.rules().theaters[st.theater];
  if (st.option) out += " option " + std::to_string(st.option);
  return out;
}

EnvState EnvState::of_world(std::shared_ptr<const EnvGame> game, const State& world, int player) {
  EnvState r;
  r.game_ = std::move(game);
  r.s_ = world;
  r.check_player(player);
  r.resampled_for_ = player;
  return r;
}

bool EnvState::operator==(const EnvState& o) const {
  // Two games' states are equal when their names read the same (each game has a table of its
  // own, so the tables' numbers differ).
  const bool same_names = s_.b.names == o.s_.b.names || game_->engine().interned().names(s_.b) == o.game_->engine().interned().names(o.s_.b);
  // The same game: one EnvGame, or two loaded from the same files with the same rules and options.
  return (game_ == o.game_ || game_->key() == o.game_->key()) && same_position(s_, o.s_) && same_names && history_ == o.history_ && lines_[0] == o.lines_[0] &&
         lines_[1] == o.lines_[1] && record_ == o.record_ &&
         resampled_for_ == o.resampled_for_ && root_seed_ == o.root_seed_ && rewards_ == o.rewards_ && pending_ == o.pending_ &&
         std::equal(carry_.begin(), carry_.end(), o.carry_.begin(), o.carry_.end(),
                    [](const ChanceTape::Draw& a, const ChanceTape::Draw& b) { return a.n == b.n && a.outcome == b.outcome; });
}

std::string EnvState::extras_problem() const {
  const int C = static_cast<int>(game_->engine().set().cards.size()), T = static_cast<int>(game_->engine().rules().theaters.size());
  for (int id : history_)  // (-1: in a resampled world, an action whose card its player did not know)
    if (id < -1 || id >= game_->num_distinct_actions()) return "an action id of its history";
  for (const EnvStep& st : record_.steps())
    if (st.actor < (game_->options().chance_nodes ? kChancePlayer : 0) || st.actor > 1 || st.type > (game_->turn_actions() ? Action::Rule : Action::Choose) || st.kind > static_cast<uint8_t>(DecisionKind::Option) ||
        !(st.card < C || st.card == kNone) || !(st.theater < T || st.theater == kNone) || st.option > kMaxOptionTexts ||
        st.known > 3)
      return "a step of its history";
  const uint64_t all = C >= 64 ? ~uint64_t{0} : (uint64_t{1} << C) - 1;
  uint32_t last = 0;
  for (const InfoBattle& b : record_.battles()) {
    bool bad = b.number <= last || b.number > s_.b.battle || b.first > 1;
    for (int i = 0; i < T; ++i) bad = bad || b.order[i] >= T;
    for (int p = 0; p < 2; ++p) bad = bad || (b.dealt[p] & ~all) || (b.seen[p] & ~all) || std::abs(b.score[p]) > 2 * kMaxVp;
    if (bad) return "a battle of its history";
    last = b.number;
  }
  if (record_.battles().size() > static_cast<size_t>(game_->shape().battles)) return "its count of battles";
  if (resampled_for_ < -1 || resampled_for_ > 1) return "whose resampled world it is";
  if (!std::isfinite(rewards_[0]) || !std::isfinite(rewards_[1])) return "its rewards";
  return "";
}

std::string EnvState::serialize() const {
  Writer w;
  w.out.append(kMagic, sizeof kMagic);
  w.put(kSerialVersion);
  w.put(static_cast<uint32_t>(sizeof(State)));
  w.str(game_->key());
  const std::vector<std::string> names = game_->engine().interned().names(s_.b);
  w.put(static_cast<uint32_t>(names.size()));
  for (const std::string& n : names) w.str(n);
  w.out.append(reinterpret_cast<const char*>(&s_), sizeof s_);
  w.put(static_cast<uint32_t>(history_.size()));
  for (int id : history_) w.put(static_cast<int32_t>(id));
  const std::vector<EnvStep>& steps = record_.steps();
  w.put(static_cast<uint32_t>(steps.size()));
  w.out.append(reinterpret_cast<const char*>(steps.data()), steps.size() * sizeof(EnvStep));
  w.put(static_cast<uint32_t>(record_.battles().size()));
  for (const InfoBattle& b : record_.battles()) {  // (a field at a time: no padding byte)
    w.put(b.number), w.put(b.first), w.out.append(reinterpret_cast<const char*>(b.order), sizeof b.order);
    for (int p = 0; p < 2; ++p) w.put(b.score[p]), w.put(b.dealt[p]), w.put(b.seen[p]);
  }
  for (int p = 0; p < 2; ++p) {
    w.put(static_cast<uint32_t>(lines_[p].size()));
    for (const std::string& l : lines_[p]) w.str(l);
  }
  w.put(rewards_[0]), w.put(rewards_[1]);
  w.put(static_cast<int32_t>(resampled_for_));
  w.put(root_seed_);
  if (game_->options().chance_nodes) {  // a stopped run (its stop is found again by running it) and the carried draws
    auto draws = [&](const std::vector<ChanceTape::Draw>& ds) {
      w.put(static_cast<uint32_t>(ds.size()));
      for (const ChanceTape::Draw& d : ds) w.put(d.n), w.put(d.outcome);
    };
    w.put(static_cast<uint8_t>(pending_.active)), w.put(static_cast<uint8_t>(pending_.from_start));
    w.put(pending_.seed), w.put(static_cast<int32_t>(pending_.actor)), w.put(static_cast<int32_t>(pending_.id));
    w.put(static_cast<uint32_t>(pending_.carried));
    draws(pending_.draws);
    draws(carry_);
  }
  w.put(digest());
  w.put(static_cast<uint64_t>(XXH3_64bits(w.out.data(), w.out.size())));  // every byte before it
  return w.out;
}

EnvState EnvState::deserialize(std::shared_ptr<const EnvGame> game, const std::string& bytes) {
  Reader r(bytes);
  r.need(sizeof kMagic);
  if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) throw EnvError("deserialize_state: not a serialized state");
  r.at = sizeof kMagic;
  if (r.get<uint32_t>() != kSerialVersion || r.get<uint32_t>() != sizeof(State))
    throw EnvError("deserialize_state: the state was serialized by another version of the engine");
  if (r.str() != game->key())
    throw EnvError("deserialize_state: the state belongs to another game (another card set, house rules or options)");
  // The state's names go into a table of its own, in their order, so its numbers mean the same.
  const uint32_t nnames = r.count(65536);
  EnvState s;
  s.names_ = std::make_shared<GameNames>(game->engine().interned().game_names());
  BoardCore fresh;
  fresh.names = s.names_->id();
  for (uint32_t i = 0; i < nnames; ++i) {
    const std::string n = r.str();
    if (i == 0 ? !n.empty() : n.empty() || game->engine().interned().intern(fresh, n) != i)
      throw EnvError("deserialize_state: the state's table of names is damaged");
  }
  s.game_ = std::move(game);
  r.need(sizeof(State));
  std::memcpy(static_cast<void*>(&s.s_), bytes.data() + r.at, sizeof(State));
  r.at += sizeof(State);
  // (a snapshot names its game's table, or none: any other table is another game's)
  if (s.s_.r.snapshot.names != s.s_.b.names && s.s_.r.snapshot.names != 0)
    throw EnvError("deserialize_state: the bytes are not a state this engine wrote (a snapshot's table of names)");
  if (s.s_.r.snapshot.names == s.s_.b.names) s.s_.r.snapshot.names = fresh.names;
  s.s_.b.names = fresh.names;
  const uint32_t nh = r.count(kMaxGameActions);
  for (uint32_t i = 0; i < nh; ++i) s.history_.push_back(r.get<int32_t>());
  const uint32_t ns = r.count(kMaxGameActions);
  r.need(static_cast<size_t>(ns) * sizeof(EnvStep));
  s.record_.steps().resize(ns);
  if (ns > 0) std::memcpy(static_cast<void*>(s.record_.steps().data()), bytes.data() + r.at, ns * sizeof(EnvStep));
  r.at += ns * sizeof(EnvStep);
  s.record_.recount();
  const uint32_t nb = r.count(EnvOptions::kMostBattles);
  for (uint32_t i = 0; i < nb; ++i) {
    InfoBattle b;
    b.number = r.get<uint32_t>(), b.first = r.get<uint8_t>();
    for (uint8_t& o : b.order) o = r.get<uint8_t>();
    for (int p = 0; p < 2; ++p) b.score[p] = r.get<int32_t>(), b.dealt[p] = r.get<uint64_t>(), b.seen[p] = r.get<uint64_t>();
    s.record_.battles().push_back(b);
  }
  for (int p = 0; p < 2; ++p) {
    const uint32_t nl = r.count(1u << 26);
    for (uint32_t i = 0; i < nl; ++i) s.lines_[p].push_back(r.str());
  }
  s.rewards_[0] = r.get<double>(), s.rewards_[1] = r.get<double>();
  s.resampled_for_ = r.get<int32_t>();
  s.root_seed_ = r.get<uint64_t>();
  Pending pending;
  if (s.game_->options().chance_nodes) {
    auto draws = [&](std::vector<ChanceTape::Draw>& ds) {
      const uint32_t n = r.count(kMaxGameActions);
      for (uint32_t i = 0; i < n; ++i) {
        ChanceTape::Draw d;
        d.n = r.get<uint32_t>(), d.outcome = r.get<uint32_t>();
        ds.push_back(d);
      }
    };
    pending.active = r.get<uint8_t>() != 0, pending.from_start = r.get<uint8_t>() != 0;
    pending.seed = r.get<uint64_t>(), pending.actor = r.get<int32_t>(), pending.id = r.get<int32_t>();
    pending.carried = r.get<uint32_t>();
    draws(pending.draws);
    draws(s.carry_);
  }
  const uint64_t digest = r.get<uint64_t>();
  const size_t summed = r.at;
  const uint64_t checksum = r.get<uint64_t>();
  // Every byte is checked before anything reads the state: the checksum (a changed byte), then
  // every field against the game's bounds (bytes made to pass the checksum: validate.h), then the
  // engine's digest of the state.
  if (r.at != bytes.size() || checksum != XXH3_64bits(bytes.data(), summed))
    throw EnvError("deserialize_state: the bytes are not a state this engine wrote (a changed or missing byte)");
  if (std::string why = state_problem(s.game_->engine(), s.s_, nnames); !why.empty())
    throw EnvError("deserialize_state: the bytes are not a state this engine wrote (" + why + ")");
  if (std::string why = s.extras_problem(); !why.empty())
    throw EnvError("deserialize_state: the bytes are not a state this engine wrote (" + why + ")");
  if (s.digest() != digest) throw EnvError("deserialize_state: the bytes are not a state this engine wrote");
  if (!pending.active) {
    if (nh != ns) throw EnvError("deserialize_state: the bytes are not a state this engine wrote");
    return s;
  }
  s.restore_pending(std::move(pending), nh - ns);
  return s;
}

}  // namespace als


namespace als {

EnvAgent::EnvAgent(const std::string& spec, uint64_t game_seed, int seat) {
  if (std::string why = agent_spec_refusal(spec); !why.empty()) throw EnvError(why);
  try {
    agent_ = make_agent(spec, game_seed, seat);
  } catch (const std::invalid_argument& e) {
    throw EnvError(e.what());
  }
  if (!agent_) throw EnvError("unknown agent '" + spec.substr(0, 60) + "' (agents: " + computer_agents() + ")");
}

int EnvAgent::step(const EnvState& s) {
  const int p = s.current_player();
  if (p == kTerminalPlayer) throw EnvError("the game is over: no action to choose");
  if (p == kChancePlayer) throw EnvError("a chance node: no player acts (apply one of chance_outcomes())");
  const Engine& e = s.game().engine();
  e.legal(s.state(), legal_);
  const Action a = agent_->choose(e, s.state(), legal_);
  return s.game().relative(s.game().ids().id(e, s.state(), a, p), p);
}

}  // namespace als
