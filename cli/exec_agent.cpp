// `exec:COMMAND` agents (docs/protocol.md, "Agents as programs"; docs/python.md): the engine starts
// the program and plays its seat through protocol 2's messages, written as that seat may see
// them. A program that crashes, runs out of time or answers illegally loses the game
// (AgentFailure, Match::forfeit); the run goes on.
#include "exec_agent.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "action_ids.h"
#include "env.h"
#include "jsonl.h"
#include "protocol.h"

extern char** environ;

namespace als::cli {

using nlohmann::json;

namespace {

constexpr int kDefaultMs = 10000;          // a decision's time limit unless `time=MS` says otherwise
constexpr int kMaxMs = 3600000;
constexpr size_t kMaxAnswer = 1u << 16;     // a longer answer line is illegal

// One running program: its process and the two pipes to it.
class Child {
 public:
  explicit Child(const std::string& command) {
    static const bool ignored = [] { return signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();  // a write fails instead
    (void)ignored;
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0) throw AgentFailure("crash", "cannot make a pipe for '" + command + "'");
    if (pipe2(from, O_CLOEXEC) != 0) {
      close(to[0]), close(to[1]);
      throw AgentFailure("crash", "cannot make a pipe for '" + command + "'");
    }
    posix_spawn_file_actions_t acts;
    posix_spawn_file_actions_init(&acts);
    posix_spawn_file_actions_adddup2(&acts, to[0], 0);
    posix_spawn_file_actions_adddup2(&acts, from[1], 1);
    posix_spawnattr_t attr;  // a process group of its own: a stop reaches the shell's children too
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
    const int rc = posix_spawn(&pid_, "/bin/sh", &acts, &attr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&acts);
    posix_spawnattr_destroy(&attr);
    close(to[0]), close(from[1]);
    in_ = to[1], out_ = from[0];
    if (rc != 0) {
      close(in_), close(out_);
      pid_ = -1;
      throw AgentFailure("crash", "cannot start '" + command + "'");
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    close(in_), close(out_);  // the program reads the end of its input: it should leave
    for (int i = 0; i < 50 && pid_ > 0; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        kill(-pid_, SIGKILL);  // (what it started and left behind)
        return;
      }
      usleep(10000);
    }
    if (pid_ > 0) kill(-pid_, SIGKILL), waitpid(pid_, nullptr, 0);
  }

  bool write_line(const std::string& line) {
    std::string all = line + "\n";
    for (size_t at = 0; at < all.size();) {
      const ssize_t n = write(in_, all.data() + at, all.size() - at);
      if (n <= 0) return false;  // (EPIPE: the program is gone)
      at += static_cast<size_t>(n);
    }
    return true;
  }

  enum class Read { Line, Timeout, Closed, TooLong };
  /// The next line within `ms` milliseconds.
  Read read_line(std::string& out, int ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (true) {
      if (const size_t nl = buf_.find('\n'); nl != std::string::npos) {
        out = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        return Read::Line;
      }
      if (buf_.size() > kMaxAnswer) return Read::TooLong;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return Read::Timeout;
      pollfd p{out_, POLLIN, 0};
      const int r = poll(&p, 1, static_cast<int>(left.count()));
      if (r == 0) return Read::Timeout;
      if (r < 0) continue;  // (a signal)
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return Read::Closed;
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buf_;
};

// The programs running in this thread, by seat and command: a program plays game after game (a
// run's agents are made a game at a time) for one seat (both seats' programs of the same command
// are two processes), and is started again after it failed.
std::map<std::string, std::unique_ptr<Child>>& pool() {
  thread_local std::map<std::string, std::unique_ptr<Child>> programs;
  return programs;
}

class ExecAgent : public Agent {
 public:
  ExecAgent(std::string command, int ms) : command_(std::move(command)), ms_(ms) {}

  Action decide(const InfoState& info) override {
    key_ = std::to_string(info.player()) + " " + command_;
    auto& slot = pool()[key_];
    if (!slot) slot = std::make_unique<Child>(command_);
    Child& child = *slot;
    const Engine& e = info.engine();
    if (!ids_) {  // this agent's game begins: the set's tables, once
      ids_ = std::make_unique<ActionIds>(e);
      if (!child.write_line(game_message(info).dump())) fail("crash", "it closed its input");
    }
    std::vector<int> ids;
    const json d = decision_message(info, ids);
    if (!child.write_line(d.dump(-1, ' ', false, json::error_handler_t::replace))) fail("crash", "it closed its input");
    std::string line;
    switch (child.read_line(line, ms_)) {
      case Child::Read::Line: break;
      case Child::Read::Timeout: fail("timeout", "no answer within " + std::to_string(ms_) + " ms");
      case Child::Read::Closed: fail("crash", "it stopped");
      case Child::Read::TooLong: fail("illegal", "an answer longer than 65,536 bytes");
    }
    return answer(info, line, ids);
  }

 private:
  [[noreturn]] void fail(const std::string& kind, const std::string& why) {
    pool().erase(key_);  // (the program is stopped; the next game starts it again)
    throw AgentFailure(kind, "exec:" + command_ + ": " + why);
  }

  json game_message(const InfoState& info) const {
    const Engine& e = info.engine();
    return {{"type", "game"},
            {"seat", info.player() + 1},
            {"cards", e.set().name},
            {"rules", e.rule_names()},
            {"theaters", e.rules().theaters},
            {"num_actions", ids_->size()},
            {"actions", ids_->patterns()},
            {"card_table", protocol::card_table_json(e)},
            {"observation_tensor_size", e.observation_tensor_size()}};
  }

  json decision_message(const InfoState& info, std::vector<int>& ids) const {
    const Engine& e = info.engine();
    const int p = info.player(), C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
    const DecisionKind k = info.kind();
    json texts = json::array(), relative = json::array();
    for (const Action& a : info.legal()) {
      const std::string t = info.text(a);
      const int id = ids_->id(t, k);
      texts.push_back(t), ids.push_back(id);
      relative.push_back(id < 0 ? id : seat_relative_id(id, p, C, T));
    }
    std::vector<float> tensor(static_cast<size_t>(e.observation_tensor_size()));
    info.observation_tensor(tensor.data());
    json d = {{"type", "decision"}, {"seat", p + 1}, {"kind", decision_kind_name(k)},
              {"view", protocol::view_json(e, info.view(), p, info.withdraw_vp())},
              {"legal", texts}, {"ids", ids}, {"relative_ids", relative}, {"observation_tensor", tensor}};
    protocol::add_question(d, info.question());
    return d;
  }

  // {"type": "act", "id": K} (protocol 2's id), {"type": "act", "index": N} or {"type": "act",
  // "action": TEXT}; anything else is illegal.
  Action answer(const InfoState& info, const std::string& line, const std::vector<int>& ids) {
    json m;
    std::string why;
    if (!parse_json(line, m, why) || !m.is_object() || m.value("type", json()) != "act")
      fail("illegal", "its answer is not {\"type\": \"act\", ...}");
    const auto& legal = info.legal();
    if (auto it = m.find("id"); it != m.end() && it->is_number_integer()) {
      for (size_t i = 0; i < ids.size(); ++i)
        if (ids[i] == it->get<long long>()) return legal[i];
      fail("illegal", "id " + it->dump() + " is not legal now");
    }
    if (auto it = m.find("index"); it != m.end() && it->is_number_integer()) {
      const long long i = it->get<long long>();
      if (i >= 0 && i < static_cast<long long>(legal.size())) return legal[static_cast<size_t>(i)];
      fail("illegal", "index " + it->dump() + " is out of range");
    }
    if (auto it = m.find("action"); it != m.end() && it->is_string()) {
      for (const Action& a : legal)
        if (info.text(a) == it->get<std::string>()) return a;
      fail("illegal", "action '" + it->get<std::string>().substr(0, 60) + "' is not legal now");
    }
    fail("illegal", "its answer names no action (id, index or action)");
  }

  std::string command_, key_;
  int ms_;
  std::unique_ptr<ActionIds> ids_;
};

// "exec:COMMAND" or "exec:COMMAND,time=MS" (the command may hold commas; only a last ",time=MS" is an option).
std::unique_ptr<Agent> make_exec(const std::string& spec, uint64_t) {
  std::string command = spec.substr(spec.find(':') == std::string::npos ? spec.size() : spec.find(':') + 1);
  int ms = kDefaultMs;
  if (const size_t at = command.rfind(",time="); at != std::string::npos) {
    const std::string v = command.substr(at + 6);
    if (v.empty() || v.size() > 7 || v.find_first_not_of("0123456789") != std::string::npos || std::stoi(v) < 1 ||
        std::stoi(v) > kMaxMs)
      throw std::invalid_argument("exec: time=MS takes 1 to " + std::to_string(kMaxMs) + " milliseconds, not '" + v + "'");
    ms = std::stoi(v);
    command.erase(at);
  }
  if (command.find_first_not_of(" \t") == std::string::npos)
    throw std::invalid_argument("exec: give the program to run: exec:COMMAND (for example exec:python3 agent.py)");
  return std::make_unique<ExecAgent>(command, ms);
}

}  // namespace

void register_exec_agent() {
  add_agent_kind({"exec", "COMMAND[,time=MS]",
                  "a program playing the seat through protocol 2 (docs/protocol.md); 10 s a decision", make_exec,
                  /*runs_program=*/true});
}

}  // namespace als::cli
