// The reaper of an `exec:` program (exec_agent.h): a small process between the engine and the
// program, so that nothing the program starts outlives it. It is `als` itself, started as
// `als __exec-reaper PARENT COMMAND` with the program's pipes as its standard input, output and
// error; it
// - becomes a child subreaper (PR_SET_CHILD_SUBREAPER): every process the program starts, even one
//   that leaves its process group or session (setsid), is reparented to it when its parent ends;
// - asks for SIGTERM when the engine's thread that started it ends (PR_SET_PDEATHSIG): the engine
//   stopped by Ctrl-C, SIGTERM or anything else stops its programs too;
// - runs `/bin/sh -c COMMAND` and waits. When the program ends, or the reaper is told to stop
//   (SIGTERM, SIGINT or SIGHUP), it sends the same signal (SIGTERM when the program ended) to
//   every process below it, gives them kGraceMs to leave, then SIGKILLs what is left and reaps it,
//   and exits with the program's status.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "exec_agent.h"

extern char** environ;

namespace als::cli {

std::vector<pid_t> descendants(pid_t root, bool direct) {
  std::map<pid_t, std::vector<pid_t>> children;
  if (DIR* d = opendir("/proc")) {
    while (dirent* e = readdir(d)) {
      const pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
      if (pid <= 0) continue;
      char path[64], buf[512];
      std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
      const int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0) continue;
      const ssize_t n = read(fd, buf, sizeof buf - 1);
      close(fd);
      if (n <= 0) continue;
      buf[n] = 0;
      const char* close_paren = std::strrchr(buf, ')');  // "PID (NAME) STATE PPID ...": NAME may hold anything
      int ppid = 0;
      char state = 0;
      if (close_paren && std::sscanf(close_paren + 1, " %c %d", &state, &ppid) == 2) children[ppid].push_back(pid);
    }
    closedir(d);
  }
  if (direct) return children[root];
  std::vector<pid_t> out, todo{root};
  std::set<pid_t> seen{root};
  while (!todo.empty()) {
    const pid_t p = todo.back();
    todo.pop_back();
    for (pid_t c : children[p])
      if (seen.insert(c).second) out.push_back(c), todo.push_back(c);
  }
  return out;
}

namespace {

constexpr int kGraceMs = 2000;  // between the polite signal and SIGKILL

void signal_all(int sig) {
  for (pid_t p : descendants(getpid())) kill(p, sig);
}

// Reaps every child that has ended; true if `program` was among them (its status in `status`).
bool reap(pid_t program, int& status) {
  bool ended = false;
  int st = 0;
  for (pid_t p; (p = waitpid(-1, &st, WNOHANG)) > 0;)
    if (p == program) ended = true, status = st;
  return ended;
}

// Sends `sig` below, waits up to kGraceMs for everything to leave, SIGKILLs the rest, and reaps
// until nothing is left.
void stop_all(int sig, const sigset_t& waited, pid_t program, int& status) {
  signal_all(sig);
  timespec until{};
  clock_gettime(CLOCK_MONOTONIC, &until);
  until.tv_sec += kGraceMs / 1000;
  while (true) {
    reap(program, status);
    if (descendants(getpid()).empty()) return;
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > until.tv_sec || (now.tv_sec == until.tv_sec && now.tv_nsec >= until.tv_nsec)) break;
    const timespec tick{0, 20 * 1000 * 1000};
    sigtimedwait(&waited, nullptr, &tick);
  }
  for (int round = 0; round < 1000; ++round) {  // (what a dying process started meanwhile, too)
    signal_all(SIGKILL);
    const timespec tick{0, 5 * 1000 * 1000};
    nanosleep(&tick, nullptr);
    reap(program, status);
    if (descendants(getpid()).empty()) break;
  }
}

}  // namespace

int run_exec_reaper(int argc, char** argv) {
  if (argc != 3) return 2;
  const pid_t parent = static_cast<pid_t>(std::atoi(argv[1]));
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  sigset_t waited;
  sigemptyset(&waited);
  for (int s : {SIGCHLD, SIGTERM, SIGINT, SIGHUP}) sigaddset(&waited, s);
  sigset_t before;
  sigprocmask(SIG_BLOCK, &waited, &before);
  if (getppid() != parent) return 2;  // the engine ended before the signal was asked for

  posix_spawnattr_t attr;  // the program with the signals as they were, in the reaper's group
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setsigmask(&attr, &before);
  const char* args[] = {"sh", "-c", argv[2], nullptr};
  pid_t program = -1;
  const int rc = posix_spawn(&program, "/bin/sh", nullptr, &attr, const_cast<char**>(args), environ);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return 127;
  // The pipes are the program's alone: the engine sees their ends when the program's are closed.
  const int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int fd = 0; fd < 3; ++fd) dup2(null, fd);

  int status = 0, stop = 0;
  while (!stop) {
    siginfo_t info{};
    const int sig = sigwaitinfo(&waited, &info);
    if (sig == SIGCHLD) {
      if (reap(program, status)) stop = SIGTERM;  // the program ended: what it left is stopped
    } else if (sig > 0) {
      stop = sig;  // told to stop: the same signal, passed on
    }
  }
  stop_all(stop, waited, program, status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace als::cli
