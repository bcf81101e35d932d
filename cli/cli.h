// The `als` program: one file per command (play.cpp, simulate.cpp, test.cpp, cards.cpp,
// replay.cpp, serve.cpp), the helpers they share (common.cpp), and main.cpp, which only
// dispatches. No rules here: cli/ reads options, talks to the terminal and calls the engine.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "engine.h"
#include "loader.h"
#include "seeds.h"

namespace als::cli {

namespace po = boost::program_options;

/// Options every command takes (README, "The als program"): --cards, --rules, --seed.
struct Common {
  std::string cards = "standard";
  std::vector<std::string> rules;
  std::optional<uint64_t> seed;
  std::vector<std::string> param_flags;  // --param NAME=VALUE, as typed (each may list several: a=1,b=2)
  ParamValues params;                    // a variant spec's ?NAME=VALUE,... (they win over --param)
};

/// Reads "NAME=VALUE,NAME=VALUE..." (VALUE a finite number) onto the end of `out`; false (with
/// `why`) for anything else.
bool parse_params(const std::string& text, ParamValues& out, std::string& why);
/// The param values a load uses: every --param in order, then the spec's own (the last of a name wins).
/// False (with `why`) for a --param that does not read.
bool param_values(const Common& c, ParamValues& out, std::string& why);

/// Adds --help, --cards, --rules and --seed to `desc`, bound to `c`.
void add_common(po::options_description& desc, Common& c, po::variables_map& vm);
/// Adds --param NAME=VALUE (repeatable) to `desc`, bound to `flags` (Common::param_flags): the
/// commands that load a set to play it (play, simulate, cards, tournament, compare).
void add_param(po::options_description& desc, std::vector<std::string>& flags);
/// Parses argv with `desc` (and positionals); prints help and returns false for --help.
/// Throws po::error on bad usage.
bool parse(int argc, char** argv, const std::string& command, po::options_description& desc,
           po::variables_map& vm, const po::positional_options_description* pos = nullptr);
/// The folder holding the bundled cards/ and scripts/: $ALS_DATA_DIR if set; else, for an
/// installed als, PREFIX/share/als beside PREFIX/bin/als; else the source tree it was built from
/// (or the meson option data_dir); else the installation's data folder.
std::string data_dir();
/// Loads the engine for the common options, or prints the error and returns null.
std::shared_ptr<Engine> open_engine(const Common& c);
/// A fresh random 64-bit seed.
uint64_t random_seed();
/// Reads an input file (a record, a shard's results) of at most 64 MiB into `text`; on failure
/// prints "als COMMAND: <why>" and returns false.
bool read_input(const char* command, const std::string& path, std::string& text);
/// The --seed given (digits only, 0 to 2^64-1: a sign or anything else is refused with
/// po::error), or a fresh random one.
uint64_t seed_or_random(const po::variables_map& vm);

// The commands (argv[0] is the command's name); each returns the process's exit status.
int cmd_play(int argc, char** argv);
int cmd_simulate(int argc, char** argv);
int cmd_test(int argc, char** argv);
int cmd_cards(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_serve(int argc, char** argv);
int cmd_compare(int argc, char** argv);
/// Runs `als compare`, `als sweep` or `als simulate` from another program (the Python module):
/// `args` as the command line gives them after `als` ({"compare", "standard", "--json"}); what
/// the command prints goes to `out` and `err` instead of the terminal (cli/embed.cpp). Returns
/// the command's exit status (0: done; 1: a game failed; 2: refused, `err` says why).
/// One call at a time: the process's standard streams are borrowed.
int run_captured(const std::vector<std::string>& args, std::string& out, std::string& err);
int cmd_sweep(int argc, char** argv);
int cmd_tournament(int argc, char** argv);
int cmd_editor(int argc, char** argv);
int cmd_tutorial(int argc, char** argv);

}  // namespace als::cli
