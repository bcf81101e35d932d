// exec:COMMAND agents: a program plays a seat through protocol 2 (exec_agent.cpp).
#pragma once
#include <sys/types.h>

#include <vector>

namespace als::cli {

/// Adds `exec` to the agents' registry (agents.h): main() calls it before any command runs.
void register_exec_agent();

/// The hidden command an exec: program's reaper runs as (`als __exec-reaper PARENT COMMAND`):
/// main() hands it to run_exec_reaper before any other command.
inline constexpr const char* kReaperCommand = "__exec-reaper";
/// The reaper (exec_reaper.cpp): runs COMMAND under `sh -c` as a child subreaper, so that nothing
/// the program starts outlives it; stops it all (SIGTERM, then SIGKILL 2 s later) when the program
/// ends or the engine does. Returns the program's exit status.
int run_exec_reaper(int argc, char** argv);

/// The processes below `root` now (its children only, with `direct`), read from /proc: each
/// process's parent from /proc/PID/stat, the tree walked down from `root`. Empty where /proc
/// cannot be read.
std::vector<pid_t> descendants(pid_t root, bool direct = false);

}  // namespace als::cli
