// als-web: the program `als web` runs (cli/web.cpp's command, with the web layer): a program of its
// own so that the first build of als, for a game at the terminal, compiles no web server
// (docs/performance.md, "The first prompt"). `als web ARGS` runs `als-web ARGS`.
#include "cli.h"
#include "exec_agent.h"

int main(int argc, char** argv) {
  // (an exec: agent's reaper is this program again: exec_agent.cpp starts /proc/self/exe)
  if (argc > 1 && std::string(argv[1]) == als::cli::kReaperCommand) return als::cli::run_exec_reaper(argc - 1, argv + 1);
  als::cli::register_exec_agent();
  return als::cli::run_command("web", als::cli::cmd_web, argc, argv);
}
