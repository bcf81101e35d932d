// als: play, simulate and test Air, Land & Sea (the command line: README.md, als COMMAND --help).
// This file only dispatches: each command is a file of its own (cli.h lists them).
#include <iostream>
#include <string>

#include "cli.h"
#include "exec_agent.h"

namespace {

using Command = int (*)(int, char**);
struct CommandDef {
  const char* name;
  Command run;
  const char* summary;
};
// Every command, in the order `als --help` lists them.
constexpr CommandDef kCommands[] = {
    {"play", als::cli::cmd_play, "play one game in the terminal (default: you against the computer)"},
    {"web", als::cli::cmd_web_program, "play in a browser: against the computer, or a friend with a link of their own"},
    {"tutorial", als::cli::cmd_tutorial, "learn the rules step by step, in one battle against the computer"},
    {"simulate", als::cli::cmd_simulate, "play many games between computer agents and report statistics"},
    {"test", als::cli::cmd_test, "run scripted rule tests (Lua scenario files)"},
    {"cards", als::cli::cmd_cards, "list and validate a card set"},
    {"replay", als::cli::cmd_replay, "re-run a game record (als play --log FILE) and check its results"},
    {"review", als::cli::cmd_review, "a recorded game a step at a time, each decision marked by the search"},
    {"serve", als::cli::cmd_serve, "play games over JSON Lines on stdin/stdout, for agents and tools (docs/protocol.md)"},
    {"tournament", als::cli::cmd_tournament, "a round robin between computer agents: scores, Elo, a stop once decided"},
    {"compare", als::cli::cmd_compare, "play variants on the same seeds and report what changed, with confidence"},
    {"sweep", als::cli::cmd_sweep, "find the value of a param nearest a target, racing the values on the same seeds"},
    {"train", als::cli::cmd_train, "learn a value for a game (a set, house rules): the computer then plays it stronger"},
    {"editor", als::cli::cmd_editor, "write the files a Lua editor and luacheck read (the card API's definitions)"},
};

void usage(std::ostream& os) {
  os << "usage: als COMMAND [options]   (als COMMAND --help for a command's options)\n";
  for (const CommandDef& c : kCommands) {
    std::string name = c.name;
    os << "  " << name << std::string(11 - name.size(), ' ') << c.summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  std::string cmd = argv[1];
  if (cmd == als::cli::kReaperCommand) return als::cli::run_exec_reaper(argc - 1, argv + 1);  // (not a user's)
  als::cli::register_exec_agent();  // exec:COMMAND, in every command that takes an agent
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    usage(std::cout);
    return 0;
  }
  if (cmd == "--version") {
    std::cout << "als " << ALS_VERSION << "\n";
    return 0;
  }
  for (const CommandDef& c : kCommands)
    if (cmd == c.name) return als::cli::run_command(c.name, c.run, argc - 1, argv + 1);
  std::cerr << "als: unknown command '" << cmd << "'\n";
  usage(std::cerr);
  return 2;
}
