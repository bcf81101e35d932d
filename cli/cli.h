// The `als` program: one file per command (play.cpp, simulate.cpp, test.cpp, cards.cpp,
// replay.cpp, serve.cpp), the helpers they share (common.cpp), and main.cpp, which only
// dispatches. No rules here: cli/ reads options, talks to the terminal and calls the engine.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "engine.h"
#include "loader.h"
#include "seeds.h"
#include "variants.h"

namespace als::cli {

// The lab's types and functions, by their names (engine/lab: the code behind compare, sweep and
// simulate's runs); cli/ parses their options and prints their results.
using namespace als::lab;

namespace po = boost::program_options;

/// Options every command takes (README, "The als program"): --cards, --rules, --seed, and the
/// variant's params (lab::VariantSpec).
struct Common : lab::VariantSpec {
  std::optional<uint64_t> seed;
};

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
/// Whether agent `spec` can play without a person (not `human`, a known agent); else prints
/// "als COMMAND: agent 'SPEC' cannot play unattended (agents: ...)" and returns false.
bool unattended(const char* command, const std::string& spec);
/// Runs a run command's work (`body`, which returns the exit status) and reports what the lab
/// refuses: a lab::Refused as "als COMMAND: why" (or "als COMMAND --merge: why"), a LoadError as
/// "als: why" ("als COMMAND: why" with `name_load`), both with status 2.
int refusing(const char* command, const std::function<int()>& body, bool name_load = false);
/// Reads an input file (a record, a shard's results) of at most 64 MiB into `text`; on failure
/// prints "als COMMAND: <why>" and returns false.
bool read_input(const char* command, const std::string& path, std::string& text);
/// Whether the system can take `path` (files::path_refusal); else prints "als COMMAND: PATH...: a
/// path of N bytes: at most 4095" and returns false. Every command asks before it opens a path.
bool path_ok(const char* command, const std::string& path);
/// The --seed given (digits only, 0 to 2^64-1: a sign or anything else is refused with
/// po::error), or a fresh random one.
uint64_t seed_or_random(const po::variables_map& vm);

// The commands (argv[0] is the command's name); each returns the process's exit status.
int cmd_play(int argc, char** argv);
int cmd_simulate(int argc, char** argv);
int cmd_test(int argc, char** argv);
int cmd_cards(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_review(int argc, char** argv);
int cmd_serve(int argc, char** argv);
int cmd_compare(int argc, char** argv);
int cmd_sweep(int argc, char** argv);
int cmd_tournament(int argc, char** argv);
int cmd_editor(int argc, char** argv);
/// als train VARIANT: a learned value for that game, written where the search finds it (train.cpp).
int cmd_train(int argc, char** argv);
/// als web: the game in a browser (web/: the game and the server). It is a program of its own,
/// als-web (cli/web_main.cpp), so that the first build of als (a game at the terminal) compiles no
/// web server; `als web` runs it (cmd_web_program).
int cmd_web(int argc, char** argv);
/// `als web ARGS`: runs als-web ARGS, the program beside this one (same folder), in its place
/// (execv). Returns 2, having said how to build it, where it is not there.
int cmd_web_program(int argc, char** argv);
/// Runs command `name` (`run`, given its arguments from the command's name on) as als does: its
/// output checked as written, a refused option or any exception one line "als NAME: ...",
/// status 2.
int run_command(const char* name, int (*run)(int, char**), int argc, char** argv);
int cmd_tutorial(int argc, char** argv);

}  // namespace als::cli
