// `exec:COMMAND` agents (docs/protocol.md, "Agents as programs"; docs/python.md): the engine starts
// the program and plays its seat through protocol 2's messages, written as that seat may see
// them. A program that crashes, runs out of time or answers illegally loses the game
// (AgentFailure, Match::forfeit); the run goes on.
#include "exec_agent.h"
#include "action_ids.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "errors.h"
#include "env.h"
#include "jsonl.h"
#include "observation.h"
#include "protocol.h"

extern char** environ;

namespace als::cli {

using namespace als::lab;  // parse_json, params_json (engine/lab/jsonl.h)

using nlohmann::json;

namespace {

constexpr int kDefaultMs = 10000;          // a decision's time limit unless `time=MS` says otherwise
constexpr int kMaxMs = 3600000;
constexpr size_t kMaxAnswer = 1u << 16;     // a longer answer line is illegal
constexpr size_t kStderrKept = 1u << 16;    // a program's standard error shown; the rest counted

// The reapers this process runs now (a slot each, 0 where free), read by the signal handler, and
// the lock held while one starts or while orphans are swept (a reaper being started is never
// taken for an orphan).
constexpr int kMaxReapers = 256;
std::atomic<pid_t> reapers[kMaxReapers];
std::mutex& spawn_lock() {
  static std::mutex m;
  return m;
}

void set_reaper(pid_t from, pid_t to) {
  for (auto& r : reapers) {
    pid_t expected = from;
    if (r.compare_exchange_strong(expected, to)) return;
  }
}

bool is_reaper(pid_t p) {
  return std::any_of(std::begin(reapers), std::end(reapers), [p](const std::atomic<pid_t>& r) { return r.load() == p; });
}

// SIGTERM, SIGHUP or SIGINT to the engine, taken by a thread of its own (signal_watch): each
// program's reaper is told (it passes the signal on to the program and all it started, and
// SIGKILLs what is left after its grace) and waited for up to 4 s, then everything still below the
// engine (what a killed reaper left to it included) is SIGKILLed and reaped; then the signal's own
// action ends the engine. So when the engine has ended, no program has outlived it (a reaper on
// its own would end its program up to 2 s later, and a killed reaper's would be left).
void stop_programs(int sig) {
  for (auto& r : reapers)
    if (const pid_t p = r.load(); p > 0) kill(p, sig == SIGINT ? SIGINT : SIGTERM);
  for (int round = 0; round < 400; ++round) {
    bool running = false;
    for (auto& r : reapers) {
      siginfo_t info{};
      if (const pid_t p = r.load();
          p > 0 && waitid(P_PID, static_cast<id_t>(p), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == 0)
        running = true;
    }
    if (!running) break;
    usleep(10000);
  }
  for (int round = 0; round < 100; ++round) {
    const std::vector<pid_t> left = descendants(getpid());
    if (left.empty()) break;
    for (pid_t p : left) kill(p, SIGKILL);
    for (pid_t c : descendants(getpid(), true)) waitpid(c, nullptr, 0);
  }
}

int signal_pipe[2] = {-1, -1};

extern "C" void on_stop_signal(int sig) {  // (async-signal-safe: the watch does the rest)
  const unsigned char b = static_cast<unsigned char>(sig);
  [[maybe_unused]] const ssize_t n = write(signal_pipe[1], &b, 1);
}

void signal_watch() {
  unsigned char b = 0;
  while (read(signal_pipe[0], &b, 1) < 0 && errno == EINTR) {
  }
  std::lock_guard lock(spawn_lock());  // (no reaper starts meanwhile)
  stop_programs(b);
  signal(b, SIG_DFL);
  raise(b);
  _exit(128 + b);  // (where the signal's default action does not end the process)
}

// Once, at the first program: the engine becomes a child subreaper too (a program that kills its
// reaper leaves its processes to the engine, which sweeps them: sweep_orphans), and catches the
// signals that stop it where they would end it by default (a handler already set, such as
// als play's Ctrl-C, or a signal ignored, is left as it is).
void guard_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    if (pipe2(signal_pipe, O_CLOEXEC) != 0) return;
    std::thread(signal_watch).detach();
    for (int sig : {SIGTERM, SIGHUP, SIGINT}) {
      struct sigaction old {};
      if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
      struct sigaction sa {};
      sa.sa_handler = on_stop_signal;
      sa.sa_flags = SA_RESTART;
      sigemptyset(&sa.sa_mask);
      sigaction(sig, &sa, nullptr);
    }
  });
}

// Every child of the engine that is not a reaper (a process left to it by a reaper that was
// killed, and what that started) is SIGKILLed and reaped.
void sweep_orphans() {
  std::lock_guard lock(spawn_lock());
  for (int round = 0; round < 100; ++round) {
    std::vector<pid_t> orphans;
    for (pid_t c : descendants(getpid(), true))
      if (!is_reaper(c)) orphans.push_back(c);
    if (orphans.empty()) return;
    for (pid_t o : orphans) {
      for (pid_t d : descendants(o)) kill(d, SIGKILL);  // (they come to the engine next round)
      kill(o, SIGKILL);
    }
    for (pid_t o : orphans) waitpid(o, nullptr, 0);
  }
}

// One running program: the reaper that runs it (exec_reaper.cpp), the three pipes to it, and what
// it wrote on its standard error (the first kStderrKept bytes shown, escaped; the rest counted).
class Child {
 public:
  explicit Child(const std::string& command) : command_(command) {
    static const bool ignored = [] { return signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();  // a write fails instead
    (void)ignored;
    int to[2] = {-1, -1}, from[2] = {-1, -1}, err[2] = {-1, -1};
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
      for (int fd : {to[0], to[1], from[0], from[1], err[0], err[1]})
        if (fd >= 0) close(fd);
      throw AgentFailure("crash", "cannot make a pipe for '" + command + "'");
    }
    posix_spawn_file_actions_t acts;
    posix_spawn_file_actions_init(&acts);
    posix_spawn_file_actions_adddup2(&acts, to[0], 0);
    posix_spawn_file_actions_adddup2(&acts, from[1], 1);
    posix_spawn_file_actions_adddup2(&acts, err[1], 2);
    posix_spawnattr_t attr;  // a process group of its own: the terminal's Ctrl-C reaches the engine only
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    const std::string parent = std::to_string(getpid());
    const char* argv[] = {"als", kReaperCommand, parent.c_str(), command.c_str(), nullptr};
    guard_engine();
    int rc = 0;
    {
      std::lock_guard lock(spawn_lock());
      rc = posix_spawn(&pid_, "/proc/self/exe", &acts, &attr, const_cast<char**>(argv), environ);
      if (rc == 0) set_reaper(0, pid_);
    }
    posix_spawn_file_actions_destroy(&acts);
    posix_spawnattr_destroy(&attr);
    close(to[0]), close(from[1]), close(err[1]);
    in_ = to[1], out_ = from[0], err_ = err[0];
    fcntl(in_, F_SETFL, O_NONBLOCK);  // writes, like reads, wait at most a decision's time
    fcntl(err_, F_SETFL, O_NONBLOCK);
    if (rc != 0) {
      close(in_), close(out_), close(err_);
      pid_ = -1;
      throw AgentFailure("crash", "cannot start '" + command + "'");
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    close(in_), close(out_);  // the program reads the end of its input: it should leave
    if (pid_ > 0) {
      if (!wait_exit(500)) {
        kill(pid_, SIGTERM);  // the reaper passes it on, and SIGKILLs what is left 2 s later
        wait_exit(3000);
      }
      // What is left in the reaper's group (all of it, where the program killed its reaper) is
      // killed while the group's id is still the reaper's (not yet reaped); then what a killed
      // reaper left to the engine is swept.
      kill(-pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      set_reaper(pid_, 0);
      sweep_orphans();
    }
    drain_stderr();
    close(err_);
    if (dropped_ > 0)
      std::cerr << (mid_line_ ? "\n" : "") << "als: exec:" << escape_controls(command_.substr(0, 200)) << ": " << dropped_
                << " more bytes of its standard error dropped (the first " << kStderrKept << " shown)\n";
  }

  /// Writes a line within `ms` milliseconds; false if the program closed its input, or did not
  /// read it in time (`timed_out` then).
  bool write_line(const std::string& line, int ms, bool& timed_out) {
    timed_out = false;
    const std::string all = line + "\n";
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    for (size_t at = 0; at < all.size();) {
      const ssize_t n = write(in_, all.data() + at, all.size() - at);
      if (n > 0) {
        at += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno != EAGAIN && errno != EINTR) return false;  // (EPIPE: the program is gone)
      if (!wait_for(in_, POLLOUT, until)) return timed_out = true, false;
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
      if (!wait_for(out_, POLLIN, until)) return Read::Timeout;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return Read::Closed;
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }

 private:
  // Waits until `fd` is ready for `events` (or closed), draining the program's standard error
  // meanwhile; false at `until`.
  bool wait_for(int fd, short events, std::chrono::steady_clock::time_point until) {
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p[2] = {{fd, events, 0}, {err_, POLLIN, 0}};
      const int r = poll(p, err_ >= 0 ? 2 : 1, static_cast<int>(left.count()));
      if (r < 0) continue;  // (a signal)
      if (p[1].revents & (POLLIN | POLLHUP)) {
        if (!drain_stderr()) close(err_), err_ = -1;  // (the program closed it: nothing more to read)
      }
      if (p[0].revents) return true;
    }
  }
  // Reads what the program wrote on its standard error: the first kStderrKept bytes go to the
  // engine's, escaped, the rest is counted. False once it is closed.
  bool drain_stderr() {
    if (err_ < 0) return false;
    char chunk[4096];
    while (true) {
      const ssize_t n = read(err_, chunk, sizeof chunk);
      if (n == 0) return false;
      if (n < 0) return errno == EAGAIN || errno == EINTR;
      const size_t keep = std::min(static_cast<size_t>(n), kStderrKept - std::min(kStderrKept, shown_));
      if (keep > 0) {
        std::string text;
        for (std::string_view rest(chunk, keep); !rest.empty();) {  // escaped a line at a time
          const size_t nl = rest.find('\n');
          text += escape_controls(rest.substr(0, nl));
          if (nl == std::string_view::npos) break;
          text += '\n';
          rest.remove_prefix(nl + 1);
        }
        std::cerr << text << std::flush;
        mid_line_ = text.back() != '\n';
      }
      shown_ += keep, dropped_ += static_cast<size_t>(n) - keep;
    }
  }
  // Whether the reaper ended within `ms` (not reaped: its id stays its own until waitpid).
  bool wait_exit(int ms) {
    for (int waited = 0; waited <= ms; waited += 10) {
      siginfo_t info{};
      if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == pid_)
        return true;  // (an error: no such child, it was reaped by the signal handler)
      drain_stderr();
      usleep(10000);
    }
    return false;
  }

  std::string command_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string buf_;
  size_t shown_ = 0, dropped_ = 0;  // of its standard error
  bool mid_line_ = false;           // what was shown of it ends without a line break
};

// The programs running in this thread and not playing a game now, by seat and command: a program
// plays game after game (a run's agents are made a game at a time), but one game at a time; two
// games at once (als serve's) get two processes. One that failed is not put back.
std::multimap<std::string, std::unique_ptr<Child>>& pool() {
  thread_local std::multimap<std::string, std::unique_ptr<Child>> programs;
  return programs;
}

class ExecAgent : public Agent {
 public:
  /// `state`: each decision carries a world the seat cannot tell from the real one, serialized
  /// (`state=1`), drawn with a generator seeded from `seed`.
  /// `info`: each decision carries the seat's information-state tensor (`info=1`), as the Python
  /// module's Game with default options renders it.
  ExecAgent(std::string command, int ms, bool state, bool info, uint64_t seed)
      : command_(std::move(command)), ms_(ms), state_(state), info_(info), rng_(seed) {}
  ExecAgent(const ExecAgent&) = delete;
  ExecAgent& operator=(const ExecAgent&) = delete;
  /// The game is over (or abandoned): the program goes back to the pool for this seat's next game.
  ~ExecAgent() override {
    if (child_) pool().emplace(key_, std::move(child_));
  }

  bool wants_record() const override { return info_; }

  Action decide(const InfoState& info) override {
    if (!child_) {  // this agent's game: a program of the pool, or a new one
      key_ = std::to_string(info.player()) + " " + command_;
      auto& programs = pool();
      if (auto it = programs.find(key_); it != programs.end()) {
        child_ = std::move(it->second);
        programs.erase(it);
      } else {
        child_ = std::make_unique<Child>(command_);
      }
    }
    if (!ids_) {  // this agent's game begins: the set's tables, once
      ids_ = std::make_unique<ActionIds>(info.engine());
      send(game_message(info).dump());
    }
    std::vector<int> ids;
    const json d = decision_message(info, ids);
    send(d.dump(-1, ' ', false, json::error_handler_t::replace));
    std::string line;
    switch (child_->read_line(line, ms_)) {
      case Child::Read::Line: break;
      case Child::Read::Timeout: fail("timeout", "no answer within " + std::to_string(ms_) + " ms");
      case Child::Read::Closed: fail("crash", "it stopped");
      case Child::Read::TooLong: fail("illegal", "an answer longer than 65,536 bytes");
    }
    return answer(info, line, ids);
  }

 private:
  void send(const std::string& line) {
    bool timed_out = false;
    if (!child_->write_line(line, ms_, timed_out))
      timed_out ? fail("timeout", "it read no input for " + std::to_string(ms_) + " ms") : fail("crash", "it closed its input");
  }
  // The program loses the game: it is told why ({"type": "error", "message": ...}, a tenth of a
  // second to take it) where it answered illegally, then stopped; the next game starts it again.
  [[noreturn]] void fail(const std::string& kind, const std::string& why) {
    if (kind == "illegal") {
      bool timed_out = false;
      child_->write_line(json{{"type", "error"}, {"message", why}}.dump(-1, ' ', false, json::error_handler_t::replace),
                         100, timed_out);
    }
    child_.reset();
    throw AgentFailure(kind, "exec:" + command_ + ": " + why);
  }

  json game_message(const InfoState& info) {
    const Engine& e = info.engine();
    return {{"type", "game"},
            {"seat", info.player() + 1},
            {"cards", e.set().name},
            {"rules", e.rule_names()},
            {"theaters", e.rules().theaters},
            {"num_actions", ids_->size()},
            {"actions", ids_->patterns()},
            {"card_table", protocol::card_table_json(e)},
            {"observation_tensor_size", als::observation_tensor_size(e)},
            {"information_state_tensor_size", env_game(e).information_state_tensor_size()}};
  }

  // The Python module's Game of the match's engine with default options (not owning the engine:
  // it outlives this agent's game): what a world is serialized for, and the tensors' shape.
  const EnvGame& env_game(const Engine& e) {
    if (!env_game_) env_game_ = std::make_shared<const EnvGame>(std::shared_ptr<Engine>(std::shared_ptr<Engine>{}, const_cast<Engine*>(&e)), "");
    return *env_game_;
  }

  json decision_message(const InfoState& info, std::vector<int>& ids) {
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
    std::vector<float> tensor(static_cast<size_t>(als::observation_tensor_size(e)));
    info.observation_tensor(tensor.data());
    json d = {{"type", "decision"}, {"seat", p + 1}, {"kind", decision_kind_name(k)},
              {"view", protocol::view_json(e, info.projection())},
              {"legal", texts}, {"ids", ids}, {"relative_ids", relative}, {"observation_tensor", tensor}};
    protocol::add_question(d, info.question());
    if (info_ && info.has_record()) {
      const EnvGame& g = env_game(e);
      std::vector<float> recall(static_cast<size_t>(g.information_state_tensor_size()));
      info.information_state_tensor(g.shape(), recall.data());
      d["information_state_tensor"] = recall;
    }
    if (state_) {
      const std::string bytes = world(info);
      d["state"] = protocol::base64(bytes.data(), bytes.size());
    }
    return d;
  }

  // A world the seat cannot tell from the real one (the search's determinization), as the
  // Python module's serialized state of that seat (EnvState::of_world).
  std::string world(const InfoState& info) {
    env_game(info.engine());
    return EnvState::of_world(env_game_, info.sample(rng_), info.player()).serialize();
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
  bool state_;
  bool info_;
  Rng rng_;
  std::shared_ptr<const EnvGame> env_game_;
  std::unique_ptr<ActionIds> ids_;
  std::unique_ptr<Child> child_;  // the program playing this game (from the pool, back to it after)
};

// "exec:COMMAND", then options at its end: ",time=MS", ",state=0|1", ",info=0|1", in any order (the
// command may hold commas; only those last pieces are options).
std::unique_ptr<Agent> make_exec(const std::string& spec, uint64_t seed) {
  std::string command = spec.substr(spec.find(':') == std::string::npos ? spec.size() : spec.find(':') + 1);
  int ms = kDefaultMs;
  bool state = false, info = false;
  while (true) {
    if (const size_t at = command.rfind(",time="); at != std::string::npos && command.find(',', at + 1) == std::string::npos) {
      const std::string v = command.substr(at + 6);
      if (v.empty() || v.size() > 7 || v.find_first_not_of("0123456789") != std::string::npos || std::stoi(v) < 1 ||
          std::stoi(v) > kMaxMs)
        throw std::invalid_argument("exec: time=MS takes 1 to " + std::to_string(kMaxMs) + " milliseconds, not '" + v + "'");
      ms = std::stoi(v);
      command.erase(at);
    } else if (const size_t st = command.rfind(",state="); st != std::string::npos && command.find(',', st + 1) == std::string::npos) {
      const std::string v = command.substr(st + 7);
      if (v != "0" && v != "1") throw std::invalid_argument("exec: state= takes 0 or 1, not '" + v.substr(0, 20) + "'");
      state = v == "1";
      command.erase(st);
    } else if (const size_t in = command.rfind(",info="); in != std::string::npos && command.find(',', in + 1) == std::string::npos) {
      const std::string v = command.substr(in + 6);
      if (v != "0" && v != "1") throw std::invalid_argument("exec: info= takes 0 or 1, not '" + v.substr(0, 20) + "'");
      info = v == "1";
      command.erase(in);
    } else {
      break;
    }
  }
  if (command.find_first_not_of(" \t") == std::string::npos)
    throw std::invalid_argument("exec: give the program to run: exec:COMMAND (for example exec:python3 agent.py)");
  return std::make_unique<ExecAgent>(command, ms, state, info, seed);
}

}  // namespace

void register_exec_agent() {
  add_agent_kind({"exec", "COMMAND[,time=MS][,state=1][,info=1]",
                  "a program playing the seat through protocol 2 (docs/protocol.md); 10 s a decision; state=1 "
                  "sends a world it cannot tell from the real one, serialized; info=1 its information-state tensor",
                  make_exec,
                  /*runs_program=*/true});
}

}  // namespace als::cli
