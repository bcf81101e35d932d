// exec:COMMAND agents: a program plays a seat through protocol 2 (exec_agent.cpp).
#pragma once

namespace als::cli {

/// Adds `exec` to the agents' registry (agents.h): main() calls it before any command runs.
void register_exec_agent();

}  // namespace als::cli
