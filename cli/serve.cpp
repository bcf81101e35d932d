// als serve: games over a JSON Lines protocol on standard input and output, for agents and tools
// outside this program (docs/protocol.md). Each message is one JSON object on one line. Nothing
// a client sends can crash the server or change a game except a legal action: a bad message gets
// an "error" message and the game goes on.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <climits>
#include <cstring>
#include <filesystem>
#include <csignal>
#include <iostream>
#include <map>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>
#include <sodium.h>

#include "action_ids.h"
#include "agents.h"
#include "match.h"
#include "cli.h"
#include "files.h"
#include "jsonl.h"
#include "observation.h"
#include "protocol.h"
#include "record.h"
#include "scenario.h"
#include "seeds.h"
#include "view.h"

namespace als::cli {

using nlohmann::json;

namespace {

constexpr int kProtocol = 1;
constexpr size_t kMaxMessage = 1u << 20;  // a longer line is refused (and skipped)

// Set once standard output cannot be written (the client closed it): the session ends, and the
// game running is abandoned with its record written (SIGPIPE is ignored, so a write fails instead
// of killing the server).
bool output_closed = false;

// Messages are written to standard output's buffer; LineReader flushes it before it waits for
// input, so a batch of actions is answered in a few writes instead of one a message.
void send(const json& j) {
  if (output_closed) return;
  std::cout << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
  if (!std::cout) output_closed = true;
}

// A message already written as JSON (one line).
void send_raw(const std::string& line) {
  if (output_closed) return;
  std::cout << line << '\n';
  if (!std::cout) output_closed = true;
}

// Whether `line` is exactly {"type": "act", "game": G, "id": K} (the keys in that order, spaces
// after ':' and ',' optional, G and K small whole numbers), as environments send it thousands of
// times a second; anything else goes through the general parser, with the same result.
bool lean_act(const std::string& line, long long& game, long long& id) {
  size_t p = 0;
  auto lit = [&](std::string_view w) {
    if (line.compare(p, w.size(), w) != 0) return false;
    p += w.size();
    return true;
  };
  auto space = [&] {
    if (p < line.size() && line[p] == ' ') ++p;
  };
  auto num = [&](long long& v) {
    size_t start = p;
    v = 0;
    while (p < line.size() && line[p] >= '0' && line[p] <= '9' && p - start < 9) v = v * 10 + (line[p++] - '0');
    return p > start && (p == line.size() || line[p] < '0' || line[p] > '9');
  };
  if (!lit("{\"type\":")) return false;
  space();
  if (!lit("\"act\",")) return false;
  space();
  if (!lit("\"game\":")) return false;
  space();
  if (!num(game) || !lit(",")) return false;
  space();
  if (!lit("\"id\":")) return false;
  space();
  if (!num(id) || !lit("}")) return false;
  return p == line.size();
}

// Lines of standard input (at most `max` bytes kept of each: memory stays bounded), read with
// read(2) in blocks; standard output is flushed just before a read that may wait.
class LineReader {
 public:
  explicit LineReader(size_t max) : max_(max) {}
  /// The next line (without its newline); false at the end of input. `too_long`: the line was
  /// longer than `max` (its content is dropped).
  bool next(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    for (;;) {
      while (pos_ < buf_.size()) {
        char c = buf_[pos_++];
        if (c == '\n') return true;
        if (line.size() < max_) line.push_back(c);
        else too_long = true;
      }
      compact();
      std::cout.flush();  // everything answered so far goes out before waiting
      if (!std::cout) output_closed = true;
      char block[1 << 16];
      ssize_t n = ::read(0, block, sizeof block);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return !line.empty() || too_long;  // a last line without its newline counts
      buf_.append(block, static_cast<size_t>(n));
    }
  }

 private:
  void compact() {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  size_t max_;
  std::string buf_;
  size_t pos_ = 0;
};

constexpr size_t kMaxEcho = 4096;  // a request longer than this (as JSON) is not echoed in an error

// Whether `line` holds an integer too large for JSON parsing to keep exactly (19 digits or more,
// not part of a decimal or exponent number): echoing its parsed form would show another number.
bool has_huge_integer(const std::string& line) {
  size_t run = 0;
  for (size_t i = 0; i <= line.size(); ++i) {
    char c = i < line.size() ? line[i] : ' ';
    if (c >= '0' && c <= '9') {
      ++run;
      continue;
    }
    if (run >= 19 && c != '.' && c != 'e' && c != 'E') return true;
    run = 0;
  }
  return false;
}

// The line being answered, as sent (set by the server's loop): for the echo's check above and
// for quoting values as sent (Server::as_sent).
const std::string* g_answering = nullptr;

void send_error(const std::string& message, const json& request = nullptr) {
  json e = {{"type", "error"}, {"message", message}};
  // The request is echoed when it is small (its nesting is bounded by parse_json) and would be
  // echoed as sent: a huge integer is quoted by the message instead, never as a wrapped number.
  if (!request.is_null() && request.dump(-1, ' ', false, json::error_handler_t::replace).size() <= kMaxEcho &&
      !(g_answering && has_huge_integer(*g_answering)))
    e["request"] = request;
  send(e);
}

// A player's view (ruling 28), as protocol.cpp writes it.
json view_json(const Engine& e, const State& s, int seat) {
  return protocol::view_json(e, project(e, s, seat));
}

constexpr int kObsList = 1, kObsHex = 2, kObsTensor = 3;  // new_game's "observation": true, "hex", "tensor"

/// The observation as one string: each number as four hex digits (16 bits, two's complement,
/// most significant first; numbers beyond -32768..32767 are clamped to them).
std::string observation_hex(const std::vector<int>& obs) {
  static const char digits[] = "0123456789abcdef";
  std::string out(obs.size() * 4, '0');
  for (size_t i = 0; i < obs.size(); ++i) {
    const auto v = static_cast<uint16_t>(static_cast<int16_t>(std::clamp(obs[i], -32768, 32767)));
    for (int d = 0; d < 4; ++d) out[4 * i + static_cast<size_t>(d)] = digits[(v >> (12 - 4 * d)) & 15];
  }
  return out;
}

// One game: its Match (the engine, the state, the agents of the computer seats) and what the
// server keeps beside it. It is a listener of its match: it sends each action's events to the
// client, as each external seat may see them.
struct Game : MatchListener {
  std::shared_ptr<Engine> eng;
  std::optional<Match> match;
  const State& s() const { return match->state(); }
  void on_action(const Match&, int, const Action&, const std::string&, const EventLog& log) override;
  void on_start(const Match&, const EventLog& opening) override { send_events(opening); }
  void on_forfeit(const Match&, int, const std::string&, const EventLog& log) override { send_events(log); }
  void send_events(const EventLog& log);
  std::string cards;
  std::vector<std::string> rules;
  std::string names[2];
  bool external[2] = {false, false};
  std::unique_ptr<Agent> agents[2];
  uint64_t seed = 0;
  int number = 0;
  bool events = true;  // new_game's "events": false sends no event messages
  // new_game's "observation": true adds one to each decision (a list of numbers); "hex" adds it
  // as one string, four hex digits a number (kObsHex: faster to read for clients); "tensor" adds
  // the Python module's float observation tensor instead, as base64 (kObsTensor)
  int observation = 0;
  bool view = true;          // new_game's "view": false leaves the view and the legal texts out
  std::shared_ptr<const ActionIds> ids;  // the set's fixed action ids (protocol 2)
  Recorder record;
  // The decision last sent: its legal actions, in the order of the texts sent, and their ids.
  std::vector<Action> legal;
  std::vector<int> legal_ids;
  bool decision_sent = false;
};

void Game::on_action(const Match&, int, const Action&, const std::string&, const EventLog& log) { send_events(log); }

void Game::send_events(const EventLog& log) {
  for (const Event& ev : log.events) {
    if (!events && ev.type != Event::BattleEnd) continue;
    if (ev.type == Event::BattleEnd) {
      json battle = battle_json(ev);
      battle["type"] = "battle";
      battle["game"] = number;
      send(battle);
      continue;
    }
    if (ev.type == Event::GameEnd) continue;  // the game_over message says it
    // Events as each external seat may see them (ruling 28); with none, everything.
    if (!external[0] && !external[1]) send({{"type", "event"}, {"game", number}, {"text", eng->text().event_text(ev, -1)}});
    for (int q = 0; q < 2; ++q)
      if (external[q]) send({{"type", "event"}, {"game", number}, {"seat", q + 1}, {"text", eng->text().event_text(ev, q)}});
  }
}

class Server {
 public:
  /// `client`: what a client may name (policy.h: paths under --allow-path, programs with
  /// --allow-exec); the server's own --p1 and --p2 are its user's.
  Server(Common common, std::string p1, std::string p2, std::string log, Policy client)
      : common_(std::move(common)), p1_(std::move(p1)), p2_(std::move(p2)), log_(std::move(log)),
        client_(std::move(client)) {}

  /// `key`: --seed, from which every game's seed is derived by a keyed pseudorandom function;
  /// without it each game's seed is drawn from the operating system's entropy.
  int run(std::optional<uint64_t> key) {
    key_ = key;
    send({{"type", "hello"}, {"protocol", kProtocol}, {"protocols", {1, 2}},  // (2 adds only: protocol 1 stays)
          {"engine", std::string("als ") + ALS_VERSION},
          {"agents", seat_kinds()},
          {"messages", {"new_game", "new_games", "act", "legal", "quit"}}});
    std::string line, why;
    bool too_long = false;
    LineReader input(kMaxMessage);
    while (!output_closed && input.next(line, too_long)) {
      if (too_long) {  // read and dropped without being kept: memory stays bounded
        send_error("message too long (at most 1 MiB)");
        continue;
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      json m;
      g_answering = &line;
      if (long long gm, id; lean_act(line, gm, id)) {  // an environment's act: no JSON value at all
        if (!act_lean(gm, id)) {  // anything not plainly legal: the general path, for its messages
          m = json{{"type", "act"}, {"game", gm}, {"id", id}};
          act(m);
        }
        if (game_) advance();
        game_ = nullptr;
        continue;
      } else if (!parse_json(line, m, why)) {
        send_error("not a JSON object: each message is one JSON object on one line (" + why + ")");
        continue;
      }
      if (!m.is_object()) {
        send_error("not a JSON object: each message is one JSON object on one line");
        continue;
      }
      auto type = m.find("type");
      if (type == m.end() || !type->is_string()) {
        send_error("a message needs a \"type\" string (new_game, act, legal, quit)", m);
        continue;
      }
      std::string t = type->get<std::string>();
      if (t == "quit") break;
      if (t == "new_game") {
        new_game(m);
        advance_all();
      } else if (t == "new_games") {
        new_games(m);
        advance_all();
      } else if (t == "act" || t == "legal") {
        if (t == "act") act(m);
        else legal(m);
        if (game_) advance();  // the game it was about
        game_ = nullptr;
      } else {
        send_error("unknown message type '" + t + "' (new_game, new_games, act, legal, quit)", m);
      }
    }
    abandon_all(output_closed ? "the client closed the server's output" : "the client ended the session");
    std::cout.flush();
    if (output_closed) std::cerr << "als serve: standard output was closed: the session ended\n";
    return 0;
  }

 private:
  // ---- messages ------------------------------------------------------------------------------

  // The options of new_game and new_games (seed, cards, rules, p1, p2, events), checked.
  struct GameOptions {
    std::string cards;
    std::vector<std::string> rules;
    std::string names[2];
    bool client_named[2] = {false, false};  // the seat's agent named by the client (its policy applies)
    std::optional<uint64_t> seed;
    uint64_t number = 0;  // new_games: the first game's number in the run of `seed`
    bool events = true;
    int observation = 0;  // 0 none, kObsList, kObsHex
    bool view = true;
    bool tables = true;  // false: the game message leaves out actions, card_table, observation_layout
    std::shared_ptr<Engine> eng;
  };
  bool game_options(const json& m, GameOptions& o, const std::string& verb, bool count) {
    for (const auto& [k, v] : m.items())
      if (k != "type" && k != "seed" && k != "cards" && k != "rules" && k != "p1" && k != "p2" && k != "events" &&
          k != "observation" && k != "view" && k != "tables" && !(count && (k == "count" || k == "number")))
        return send_error(verb + ": unknown field '" + k + "' (" + (count ? "count, number, " : "") +
                              "seed, cards, rules, p1, p2, events, observation, view, tables)",
                          m),
               false;
    auto fail = [&](const std::string& why) { return send_error(verb + ": " + why, m), false; };
    for (auto [name, flag] : {std::pair<const char*, bool*>{"events", &o.events}, {"tables", &o.tables}, {"view", &o.view}})
      if (auto it = m.find(name); it != m.end()) {
        if (!it->is_boolean()) return fail(std::string("\"") + name + "\" must be true or false");
        *flag = it->get<bool>();
      }
    if (auto it = m.find("observation"); it != m.end()) {
      if (it->is_boolean()) o.observation = it->get<bool>() ? kObsList : 0;
      else if (it->is_string() && it->get<std::string>() == "hex") o.observation = kObsHex;
      else if (it->is_string() && it->get<std::string>() == "tensor") o.observation = kObsTensor;
      else return fail("\"observation\" must be true, false, \"hex\" or \"tensor\"");
    }
    if (!o.view && !o.observation) return fail("\"view\": false needs \"observation\": true (a decision must show something)");
    o.cards = common_.cards;
    o.rules = common_.rules;
    o.names[0] = p1_, o.names[1] = p2_;
    if (auto it = m.find("seed"); it != m.end()) {
      if (!it->is_number_unsigned())
        return fail("\"seed\" must be an integer from 0 to 2^64-1 (got " + as_sent("seed", *it) + ")");
      o.seed = it->get<uint64_t>();
    }
    if (auto it = m.find("number"); it != m.end()) {
      if (!it->is_number_unsigned() || !o.seed)
        return fail("\"number\" must be an integer from 0 to 2^64-1, with a \"seed\" (got " + as_sent("number", *it) + ")");
      o.number = it->get<uint64_t>();
    }
    if (auto it = m.find("cards"); it != m.end()) {
      if (!it->is_string()) return fail("\"cards\" must be a string");
      o.cards = it->get<std::string>();
      if (!client_path(o.cards, false)) return send_refused_path(verb, "cards", o.cards, m), false;
    }
    if (auto it = m.find("rules"); it != m.end()) {
      if (!it->is_array() || !std::all_of(it->begin(), it->end(), [](const json& x) { return x.is_string(); }))
        return fail("\"rules\" must be a list of strings");
      o.rules = it->get<std::vector<std::string>>();
      for (std::string& r : o.rules)
        if (!client_path(r, true)) return send_refused_path(verb, "rules", r, m), false;
    }
    for (int p = 0; p < 2; ++p) {
      if (auto it = m.find(p ? "p2" : "p1"); it != m.end()) {
        if (!it->is_string()) return fail(std::string("\"") + (p ? "p2" : "p1") + "\" must be a string");
        o.names[p] = it->get<std::string>();
        o.client_named[p] = true;
      }
      if (o.names[p] == "external") continue;
      try {
        if (o.names[p] == "human" || !make_agent(o.names[p], 0, p, seat_policy(o, p)))
          return fail("unknown agent '" + o.names[p] + "' (external, or one of: " + computer_agents() + ")");
      } catch (const std::invalid_argument& e) {
        return fail(e.what());
      }
    }
    try {
      // Files the client named load under its policy (every file they open: links, extends,
      // libraries); the server's own set, where the client named only rules, is its user's.
      const bool named = m.contains("cards") || m.contains("rules");
      const Policy policy = !named ? user_ : m.contains("cards") ? client_ : client_.also(o.cards);
      o.eng = engines_.get(o.cards, o.rules, {}, policy);
    } catch (const LoadError& e) {
      return fail(e.what());
    }
    return true;
  }

  void new_game(const json& m) {
    GameOptions o;
    if (!game_options(m, o, "new_game", false)) return;
    abandon_all("a new game was started");
    start_game(o, m, "new_game");
  }

  // Protocol 2: {"type":"new_games","count":N, ...}: N games at once, each with its number.
  void new_games(const json& m) {
    auto count = m.find("count");
    if (count == m.end() || !count->is_number_integer() || count->get<long long>() < 1 || count->get<long long>() > 4096)
      return send_error("new_games: \"count\" must be an integer from 1 to 4096" +
                            (count == m.end() ? std::string() : " (got " + as_sent("count", *count) + ")"),
                        m);
    GameOptions o;
    if (!game_options(m, o, "new_games", true)) return;
    long long n = count->get<long long>();
    // Games are added to those running (a vector environment replaces its finished ones).
    if (running_.size() + static_cast<size_t>(n) > 4096)
      return send_error("new_games: at most 4096 games may run at once (" + std::to_string(running_.size()) +
                            " are running)",
                        m);
    for (long long i = 0; i < n; ++i) {
      GameOptions each = o;
      // a given seed is a run's: its games number + 0, number + 1, ... (seeds.h)
      if (o.seed) each.seed = game_seed(*o.seed, o.number + static_cast<uint64_t>(i));
      if (!start_game(each, m, "new_games")) break;
    }
  }

  // Starts one game with checked options: sends its `game` message. False if a script failed.
  bool start_game(const GameOptions& o, const json& m, const char* verb) {
    const std::shared_ptr<Engine>& eng = o.eng;
    auto g = std::make_unique<Game>();
    g->eng = eng;
    g->cards = o.cards;
    g->rules = o.rules;
    g->number = ++games_;
    g->events = o.events;
    g->observation = o.observation;
    g->view = o.view;
    g->ids = action_ids(eng);
    g->seed = o.seed ? *o.seed : key_ ? game_seed(*key_, static_cast<uint64_t>(g->number - 1)) : entropy_seed();
    for (int p = 0; p < 2; ++p) {
      g->names[p] = o.names[p];
      g->external[p] = o.names[p] == "external";
      if (!g->external[p]) g->agents[p] = make_agent(o.names[p], g->seed, p, seat_policy(o, p));
    }
    try {
      Match::Options mo;
      mo.texts = !log_.empty();      // action texts: for records only
      mo.keep_battle_ends = false;   // no battle's final state is shown here
      if (!o.events)                 // without events, battles and the game's end only
        mo.kept_types = uint64_t{1} << Event::BattleEnd | uint64_t{1} << Event::GameEnd;
      g->match.emplace(*eng, g->seed, g->agents[0].get(), g->agents[1].get(), mo);
    } catch (const ScriptError& e) {
      send_error(std::string(verb) + ": a script fails as the game starts: " + e.what(), m);
      return false;
    }
    if (!log_.empty()) {  // a record is kept only to be written (--log): it digests every state
      g->record.start(*eng, data_dir(), o.cards, o.rules, g->seed, o.names[0], o.names[1]);
      g->match->listen(&g->record);
    }
    g->match->listen(g.get());
    bool hidden = g->external[0] || g->external[1];  // the seed reveals every hidden card
    const View table = view_of(*eng, g->s(), 0);          // its public parts: theaters, the 1st player
    json start = {{"type", "game"},          {"game", g->number},   {"cards", eng->set().name},
                  {"rules", eng->rule_names()}, {"p1", o.names[0]},  {"p2", o.names[1]},
                  {"theaters", table.theaters}, {"first", table.first + 1}};
    if (!hidden) start["seed"] = g->seed;
    // Protocol 2: the fixed action space of this set and its theaters, and the cards' table
    // (left out with "tables": false, for a client that has them from an earlier game of the set).
    start["num_actions"] = g->ids->size();
    if (o.tables) {
      start["actions"] = g->ids->patterns();
      start["card_table"] = protocol::card_table_json(*eng);
      if (o.observation == kObsTensor) {
        start["observation_tensor_size"] = als::observation_tensor_size(*eng);
        start["observation_tensor_layout"] = protocol::observation_tensor_layout_json(*eng);
      } else if (o.observation) {
        start["observation_layout"] = als::observation_layout(*eng);
      }
    }
    send(start);
    g->match->start();  // battle 1's opening events, as every later battle's
    running_.emplace(g->number, std::move(g));
    return true;
  }

  // The game a message is about: its "game" field, or the only game running.
  Game* game_for(const json& m, const std::string& verb) {
    if (running_.empty()) return send_error(verb + ": no game is running (send new_game)", m), nullptr;
    auto it = m.find("game");
    if (it == m.end()) {
      if (running_.size() == 1) return running_.begin()->second.get();
      return send_error(verb + ": " + std::to_string(running_.size()) + " games are running: name one with \"game\"", m),
             nullptr;
    }
    if (!it->is_number_integer() || !running_.count(it->get<long long>()))
      return send_error(verb + ": no game " + as_sent("game", *it) + " is running", m), nullptr;
    return running_[it->get<long long>()].get();
  }

  void abandon_all(const std::string& why) {
    while (!running_.empty()) {
      game_ = running_.begin()->second.get();
      finish_abandoned(why);
    }
    game_ = nullptr;
  }

  void act(const json& m) {
    game_ = game_for(m, "act");
    if (!game_) return;
    Game& g = *game_;
    int seat = g.match->to_act();
    if (seat < 0 || !g.external[seat]) return send_error("act: no decision is waiting for a client", m);
    for (const auto& [k, v] : m.items())
      if (k != "type" && k != "action" && k != "index" && k != "seat" && k != "id" && k != "game")
        return send_error("act: unknown field '" + k + "' (action, index, id, seat, game)", m);
    if (auto it = m.find("seat"); it != m.end() && !(it->is_number_integer() && it->get<long long>() == seat + 1))
      return send_error("act: it is seat " + std::to_string(seat + 1) + "'s decision", m);
    auto action = m.find("action");
    auto index = m.find("index"), id = m.find("id");
    if ((action != m.end()) + (index != m.end()) + (id != m.end()) != 1)
      return send_error("act: give one of \"action\" (a text), \"index\" or \"id\"", m);
    Action a;
    if (id != m.end()) {  // protocol 2: a fixed action id, among those the decision sent
      size_t k = 0;
      if (id->is_number_integer())
        while (k < g.legal_ids.size() && g.legal_ids[k] != id->get<long long>()) ++k;
      if (!id->is_number_integer() || k == g.legal_ids.size())
        return send_error("act: id " + as_sent("id", *id) + " is not a legal action now", m);
      a = g.legal[k];
    } else if (index != m.end()) {
      if (!index->is_number_integer()) return send_error("act: \"index\" must be an integer (got " + as_sent("index", *index) + ")", m);
      // An index past a long long's range is out of range too, quoted as sent (never wrapped).
      long long i = index->is_number_unsigned() && index->get<uint64_t>() > static_cast<uint64_t>(LLONG_MAX)
                        ? -1
                        : index->get<long long>();
      if (i < 0 || static_cast<size_t>(i) >= g.legal.size())
        return send_error("act: index " + as_sent("index", *index) + " is out of range (0 to " +
                              std::to_string(static_cast<long long>(g.legal.size()) - 1) + ")",
                          m);
      a = g.legal[static_cast<size_t>(i)];
    } else {
      if (!action->is_string()) return send_error("act: \"action\" must be a string", m);
      std::string text = action->get<std::string>();
      std::vector<std::string> texts;
      for (const Action& x : g.legal) texts.push_back(g.eng->text().action_text(g.s(), x, seat));
      auto it = std::find(texts.begin(), texts.end(), text);
      // "choose OPTION" or the option alone, at a card or theater decision
      if (it == texts.end()) it = std::find(texts.begin(), texts.end(), "choose " + text);
      if (it == texts.end()) return send_error("act: '" + text + "' is not a legal action now", m);
      a = g.legal[static_cast<size_t>(it - texts.begin())];
    }
    apply(a);
  }

  // {"type": "act", "game": G, "id": K} when G is running, waits for a client, and K is one of
  // the ids sent: applied, true. Otherwise false and nothing done (act() then says what is wrong).
  bool act_lean(long long number, long long id) {
    auto it = running_.find(number);
    if (it == running_.end()) return false;
    Game& g = *it->second;
    int seat = g.match->to_act();
    if (seat < 0 || !g.external[seat] || !g.decision_sent) return false;
    size_t k = 0;
    while (k < g.legal_ids.size() && g.legal_ids[k] != id) ++k;
    if (k == g.legal_ids.size()) return false;
    game_ = &g;
    apply(g.legal[k]);
    return true;
  }

  void legal(const json& m) {
    game_ = game_for(m, "legal");
    if (!game_) return;
    int seat = game_->match->to_act();
    if (seat < 0 || !game_->external[seat]) return send_error("legal: no decision is waiting for a client", m);
    game_->decision_sent = false;  // advance() sends it again
  }

  // ---- the game --------------------------------------------------------------------------------

  // Every game running, in order, up to its first decision for a client (or its end).
  void advance_all() {
    std::vector<long long> numbers;
    for (const auto& [n, g] : running_) numbers.push_back(n);
    for (long long n : numbers) {
      auto it = running_.find(n);
      if (it == running_.end()) continue;
      game_ = it->second.get();
      advance();
    }
    game_ = nullptr;
  }

  // Plays the computer seats until a client must decide or the game ends.
  void advance() {
    Game& g = *game_;
    for (;;) {  // the rules' max_actions bounds a game (Match)
      if (!g.match->abandoned().empty()) return finish_abandoned(g.match->abandoned());
      int p = g.match->to_act();
      if (p < 0) return finish();
      if (g.external[p]) {
        if (!g.decision_sent) send_decision(p);
        return;
      }
      g.decision_sent = false;
      g.match->step();  // a script failing in a computer seat's action abandons the game
    }
  }

  // A client's action; false (with an error sent) if it was refused.
  bool apply(const Action& a) {
    Game& g = *game_;
    const int seat = g.match->to_act();  // a refusal names only cards this seat knows
    try {
      g.match->apply(a);
    } catch (const IllegalAction& e) {
      send_error(e.what());
      return false;
    } catch (const ScriptError& e) {
      send_error("the action was refused, the game is as it was: " + g.eng->text().message_for(g.s(), seat, e.what()));
      g.decision_sent = false;
      return false;
    }
    g.decision_sent = false;
    return true;
  }

  void send_decision(int seat) {
    Game& g = *game_;
    DecisionKind k = g.eng->decision_kind(g.s());
    g.legal = g.match->legal();
    g.legal_ids.clear();
    if (!g.view && k == DecisionKind::Turn) {
      // The lean decision of an environment: no texts; ids ascending, withdraw (0) last, as in
      // the texts' order (deploy, improvise, withdraw), so that "the first legal action" plays
      // the same kind of game in both.
      std::vector<std::pair<int, Action>> by_id;
      for (const Action& a : g.legal) by_id.emplace_back(g.ids->id(*g.eng, g.s(), a, seat), a);
      auto key = [](int id) { return id == 0 ? INT_MAX : id; };
      std::sort(by_id.begin(), by_id.end(), [&](const auto& x, const auto& y) { return key(x.first) < key(y.first); });
      for (size_t i = 0; i < by_id.size(); ++i) g.legal[i] = by_id[i].second, g.legal_ids.push_back(by_id[i].first);
      send_raw(lean_decision(g, seat, decision_kind_name(k)));
      g.decision_sent = true;
      return;
    }
    // The legal actions in the order the seat sees them (cards it cannot tell apart by place).
    std::vector<std::string> seen;
    g.eng->text().order_for_viewer(g.s(), seat, g.legal, &seen);
    json texts = seen;
    for (const std::string& t : seen) g.legal_ids.push_back(g.ids->id(t, k));
    json d = {{"type", "decision"}, {"game", g.number}, {"seat", seat + 1}, {"kind", decision_kind_name(k)}};
    if (g.view) {
      d["view"] = view_json(*g.eng, g.s(), seat);
      d["legal"] = texts;
    }
    if (g.observation == kObsList) d["observation"] = als::observation(*g.eng, g.s(), seat);
    if (g.observation == kObsHex) d["observation_hex"] = observation_hex(als::observation(*g.eng, g.s(), seat));
    if (g.observation == kObsTensor) d["observation_tensor_base64"] = protocol::observation_tensor_base64(*g.eng, g.s(), seat);
    d["ids"] = g.legal_ids;  // protocol 2: each legal action's fixed id, in the same order
    protocol::add_question(d, render_question(*g.eng, project(*g.eng, g.s(), seat)));
    if (k == DecisionKind::Turn && g.eng->rules().has(Hook::TurnActions))  // (API 5) the words of "action 1", ...
      if (std::vector<std::string> words = project(*g.eng, g.s(), seat).turn_actions; !words.empty()) d["actions"] = words;
    send(d);
    g.decision_sent = true;
  }

  // A turn's decision with `view`: false, as the JSON of send_decision (the same keys, sorted),
  // written without building a JSON value: environments read thousands a second.
  std::string lean_decision(const Game& g, int seat, const char* kind) {
    std::string out = "{\"game\":" + std::to_string(g.number) + ",\"ids\":[";
    char num[16];
    for (size_t i = 0; i < g.legal_ids.size(); ++i) {
      if (i) out += ',';
      auto r = std::to_chars(num, num + sizeof num, g.legal_ids[i]);
      out.append(num, r.ptr);
    }
    out += "],\"kind\":\"";
    out += kind;
    out += '"';
    if (g.observation == kObsList) {
      out += ",\"observation\":[";
      const std::vector<int> obs = als::observation(*g.eng, g.s(), seat);
      for (size_t i = 0; i < obs.size(); ++i) {
        if (i) out += ',';
        auto r = std::to_chars(num, num + sizeof num, obs[i]);
        out.append(num, r.ptr);
      }
      out += ']';
    } else if (g.observation == kObsHex) {
      out += ",\"observation_hex\":\"";
      out += observation_hex(als::observation(*g.eng, g.s(), seat));
      out += '"';
    } else if (g.observation == kObsTensor) {
      out += ",\"observation_tensor_base64\":\"";
      out += protocol::observation_tensor_base64(*g.eng, g.s(), seat);
      out += '"';
    }
    out += ",\"seat\":" + std::to_string(seat + 1) + ",\"type\":\"decision\"}";
    return out;
  }

  void finish() {
    Game& g = *game_;
    const GameResult r = g.eng->result(g.s());
    const int w = r.winner;
    std::string line = "game over: player " + std::to_string(w + 1) + " wins " + std::to_string(r.score[0]) + "-" +
                       std::to_string(r.score[1]) + (r.reason.empty() ? "" : " (" + r.reason + ")");
    json over = {{"type", "game_over"}, {"game", g.number}, {"winner", w + 1}, {"score", {r.score[0], r.score[1]}},
                 {"seed", g.seed}, {"line", line}};
    if (!r.reason.empty()) over["reason"] = r.reason;  // a game_over hook's (API 4)
    if (!g.match->agent_failure_detail().empty())  // a program playing a seat failed: how, for its author
      over["failure"] = g.match->agent_failure_detail().substr(0, 1000);
    if (g.observation) {  // the end state as each external seat observes it (the terminal observation)
      json finals = json::object();
      for (int p = 0; p < 2; ++p) {
        if (!g.external[p]) continue;
        if (g.observation == kObsTensor) {
          finals[std::to_string(p + 1)] = protocol::observation_tensor_base64(*g.eng, g.s(), p);
          continue;
        }
        const std::vector<int> obs = als::observation(*g.eng, g.s(), p);
        finals[std::to_string(p + 1)] = g.observation == kObsHex ? json(observation_hex(obs)) : json(obs);
      }
      over["final_observations"] = finals;
    }
    send(over);
    write_record();
    running_.erase(g.number);
    game_ = nullptr;
  }

  void finish_abandoned(const std::string& why) {
    Game& g = *game_;
    if (g.match->abandoned().empty()) g.match->abandon(why);  // its listeners (the record) are told
    send({{"type", "game_abandoned"}, {"game", g.number}, {"reason", why}, {"seed", g.seed}});
    write_record();
    running_.erase(g.number);
    game_ = nullptr;
  }

  void write_record() {
    if (log_.empty()) return;
    std::string path = log_;
    if (game_->number > 1) {  // rec.jsonl, rec-2.jsonl, rec-3.jsonl, ...
      size_t dot = path.rfind('.');
      size_t slash = path.rfind('/');
      std::string suffix(1, '-');
      suffix += std::to_string(game_->number);
      // An extension follows a dot that is not the name's first character (".rec" has none).
      size_t name = slash == std::string::npos ? 0 : slash + 1;
      bool ext = dot != std::string::npos && dot > name;
      path = ext ? path.substr(0, dot) + suffix + path.substr(dot) : path + suffix;
    }
    std::string err;
    if (!game_->record.write(path, err)) send_error(err);
  }

  // ---- helpers ---------------------------------------------------------------------------------

  // What a seat may be: "external" (the client) or a computer agent.
  static std::vector<std::string> seat_kinds() {
    std::vector<std::string> out{"external"};
    for (const auto& n : agent_names()) out.push_back(n);
    return out;
  }

  Common common_;
  std::string p1_, p2_, log_;
  std::optional<uint64_t> key_;  // --seed

  // The value of top-level field `key` as the client wrote it (at most 64 bytes), so that an
  // error quotes what was sent, not a number JSON parsing wrapped or rounded.
  std::string as_sent(const char* key, const json& parsed) const {
    std::string fallback = parsed.dump(-1, ' ', false, json::error_handler_t::replace).substr(0, 64);
    if (!g_answering) return fallback;
    const std::string& l = *g_answering;
    std::string quoted = std::string("\"") + key + "\"";
    size_t at = l.find(quoted);
    if (at == std::string::npos) return fallback;
    at = l.find_first_not_of(" \t", at + quoted.size());
    if (at == std::string::npos || l[at] != ':') return fallback;
    at = l.find_first_not_of(" \t", at + 1);
    if (at == std::string::npos) return fallback;
    size_t end = l.find_first_of(",}] \t\r", at);
    std::string token = l.substr(at, end == std::string::npos ? std::string::npos : end - at);
    return token.size() > 64 ? token.substr(0, 64) + "..." : token;
  }
  Policy client_;  // what a client may name
  // The policy a seat's agent is made under: the client's where the client named it.
  const Policy& seat_policy(const GameOptions& o, int p) const { return o.client_named[p] ? client_ : user_; }
  const Policy user_ = Policy::user();

  // A card set or house rule a client names: a bundled name, or a path under an --allow-path
  // folder (rewritten to its canonical absolute form). Anything else is refused, whether it
  // exists or not: a client cannot probe the server's files.
  bool client_path(std::string& v, bool rule) const {
    namespace fs = std::filesystem;
    if (v.empty() || v.size() > 4096) return false;
    bool bare = v.find('/') == std::string::npos && v[0] != '.' && (!rule || v.find(".lua") == std::string::npos);
    if (bare) {  // bundled, or nothing: a bare name never reaches the working folder
      fs::path bundled = rule ? fs::path(data_dir()) / "scripts" / "rules" / (v + ".lua") : fs::path(data_dir()) / "cards" / v;
      std::error_code ec;
      return rule ? fs::is_regular_file(bundled, ec) : fs::is_directory(bundled, ec);
    }
    return client_.may_open(v).empty();
  }
  // Refuses a path client_path did not take: too long for the system (said as such, not as a
  // path outside --allow-path), or not allowed.
  void send_refused_path(const std::string& verb, const char* field, const std::string& v, const json& m) {
    if (std::string why = files::path_too_long(v); !why.empty())
      return send_error(verb + ": " + field + " '" + escape_controls(v.substr(0, 200)) + "...': " + why, m);
    send_error(verb + ": " + field + " '" + escape_controls(v.substr(0, 200)) +
                   "': not a bundled name, and paths are accepted only under the folders given with --allow-path",
               m);
  }
  static uint64_t entropy_seed() {
    uint64_t seed = 0;
    randombytes_buf(&seed, sizeof seed);
    return seed;
  }
  int games_ = 0;
  std::map<long long, std::unique_ptr<Game>> running_;  // the games running, by number
  Game* game_ = nullptr;  // the game the message being answered is about
  // The fixed action ids of each engine in use (built once per set, shared by its games).
  std::map<const Engine*, std::pair<std::weak_ptr<Engine>, std::shared_ptr<const ActionIds>>> ids_;
  std::shared_ptr<const ActionIds> action_ids(const std::shared_ptr<Engine>& eng) {
    auto& slot = ids_[eng.get()];
    if (slot.first.expired() || slot.first.lock() != eng) slot = {eng, std::make_shared<const ActionIds>(*eng)};
    return slot.second;
  }
  EngineCache engines_{data_dir(), 8};  // bounded: a client naming sets differently cannot grow it
};

}  // namespace

int cmd_serve(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als serve options (games over JSON Lines on stdin/stdout; docs/protocol.md)\n"
      "  example: als serve --p1 external --p2 random --cards original");
  std::string p1, p2, log_file;
  std::vector<std::string> allowed;
  add_common(desc, c, vm);
  desc.add_options()("p1", po::value<std::string>(&p1)->default_value("external"),
                     "player 1: external (the client decides) or an agent")(
      "p2", po::value<std::string>(&p2)->default_value("random"), "player 2: external or an agent")(
      "log", po::value<std::string>(&log_file), "write each game's record (JSON Lines): FILE, then FILE-2, ...")(
      "allow-path", po::value<std::vector<std::string>>(&allowed)->composing(),
      "a folder under which clients may name card sets, house rules and an agent's files (mcts:value=FILE) "
      "by path (repeatable); otherwise only bundled names")(
      "allow-exec", "clients may name exec:COMMAND agents, programs run as this server's user (docs/security.md); "
      "otherwise refused");
  if (!parse(argc, argv, "serve", desc, vm)) return 0;
  std::signal(SIGPIPE, SIG_IGN);  // a closed output is a failed write (send), not the end of the process
  // Answers go out 16 KiB at a time (the client parses while the server goes on), and at once when
  // the server waits for input (LineReader).
  static char out_buffer[1 << 14];
  std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  for (const std::string& a : {p1, p2})
    if (std::string why = agent_spec_refusal(a); !why.empty()) {
      std::cerr << "als serve: " << why << "\n";
      return 2;
    } else if (a != "external" && (a == "human" || !make_agent(a, 0, 0))) {  // bad options throw: exit 2
      std::cerr << "als serve: unknown agent '" << a << "' (external, " << computer_agents() << ")\n";
      return 2;
    }
  if (std::string err; !log_file.empty() && !Recorder::can_write(log_file, err)) {
    std::cerr << "als serve: " << err << "\n";
    return 2;
  }
  if (!open_engine(c)) return 2;  // the default set and rules must load
  if (sodium_init() < 0) {
    std::cerr << "als serve: the random generator of the operating system cannot be used\n";
    return 2;
  }
  for (const std::string& dir : allowed)
    if (std::error_code ec; !std::filesystem::is_directory(dir, ec)) {
      std::cerr << "als serve: --allow-path " << dir << ": no such folder\n";
      return 2;
    }
  Server server(c, p1, p2, log_file, Policy::client(allowed, vm.count("allow-exec") > 0));
  return server.run(vm.count("seed") ? std::optional<uint64_t>(seed_or_random(vm)) : std::nullopt);
}

}  // namespace als::cli
