// als train VARIANT: a learned value for any game (docs/agents.md, "A learned value"): self-play
// with the search, then the value network trained on it (python/tools/train_value.py, PyTorch on
// the CPU) within a budget, written into the values folder under the game's content hash, where
// every search with the default value finds it (ValueNet::for_game).
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "files.h"
#include "value_net.h"
#include "variants.h"

extern char** environ;

namespace als::cli {

namespace {

// Runs `args` (args[0] a program found on PATH), its output the terminal's; its exit status, or
// 128 + the signal that ended it. Ctrl-C reaches it (its group is ours): this process waits for it.
int run_program(std::vector<std::string> args, const std::vector<std::string>& env) {
  std::vector<char*> argv, envp;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> envs(env);
  for (std::string& e : envs) envp.push_back(e.data());
  for (char** e = environ; *e; ++e)
    if (std::none_of(env.begin(), env.end(), [&](const std::string& mine) {
          return mine.substr(0, mine.find('=') + 1) == std::string(*e).substr(0, std::string(*e).find('=') + 1);
        }))
      envp.push_back(*e);
  envp.push_back(nullptr);
  struct sigaction ignore {}, old_int {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &old_int);  // (the program takes Ctrl-C and keeps what it played)
  pid_t pid = -1;
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t intr;
  sigemptyset(&intr);
  sigaddset(&intr, SIGINT);
  posix_spawnattr_setsigdefault(&attr, &intr);  // SIGINT back to its default in the program
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  const int rc = posix_spawnp(&pid, argv[0], nullptr, &attr, argv.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  int status = 0;
  if (rc == 0)
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  sigaction(SIGINT, &old_int, nullptr);
  if (rc != 0) return 127;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

// Params as train_value.py --params reads them: NAME=VALUE,..., each value exact (shortest round trip).
std::string params_text(const ParamValues& params) {
  std::string text;
  for (const auto& [name, value] : params) {
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
    text += (text.empty() ? "" : ",") + name + "=" + std::string(buf, end);
  }
  return text;
}

// The folder of this program (build/ or PREFIX/bin/).
std::filesystem::path program_folder() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path(".") : self.parent_path();
}

}  // namespace

int cmd_train(int argc, char** argv) {
  po::options_description desc(
      "als train options (a learned value for a game: self-play, then training;\n"
      "  the search then plays that game with it)\n"
      "  examples: als train standard+long-war\n"
      "            als train 'docs/examples/tuning?medic_strength=3'\n"
      "            als train my-set --minutes 60\n"
      "            als train my-set+my-rule.lua --games 4000");
  std::string variant, agent, out;
  std::vector<std::string> param_flags;
  double minutes = 20;
  int games = 100000, workers = 2, epochs = 10, hidden = 32;
  uint64_t seed = 1;
  desc.add_options()("variant", po::value<std::string>(&variant), "the game: SET or SET+RULE+RULE... (as als compare names one)")(
      "minutes", po::value<double>(&minutes)->default_value(20), "the budget: play for three quarters of it, then train")(
      "games", po::value<int>(&games)->default_value(100000), "play at most this many self-play games")(
      "agent", po::value<std::string>(&agent)->default_value("mcts:iterations=200,value=none"), "the agent playing both seats")(
      "seed", po::value<uint64_t>(&seed)->default_value(1), "the games' first seed (and the training's)")(
      "workers", po::value<int>(&workers)->default_value(2), "processes playing the games")(
      "epochs", po::value<int>(&epochs)->default_value(10), "training epochs (the best on held-out games is kept)")(
      "hidden", po::value<int>(&hidden)->default_value(32), "units in each of the network's two hidden layers")(
      "out", po::value<std::string>(&out), "write the network here (default: the values folder, HASH.txt)")(
      "param", po::value<std::vector<std::string>>(&param_flags)->composing(),
      "NAME=VALUE: a param's value (as als compare takes it; VARIANT's own ?NAME=VALUE wins)");
  po::variables_map vm;
  po::positional_options_description pos;
  pos.add("variant", 1);
  if (!parse(argc, argv, "train VARIANT", desc, vm, &pos)) return 0;
  if (variant.empty()) {
    std::cerr << "als train: name the game: als train SET or SET+RULE+RULE... (als train --help)\n";
    return 2;
  }
  if (!(minutes > 0 && minutes <= 10080) || games < 1 || workers < 1 || workers > 64 || epochs < 1 || epochs > 1000 ||
      hidden < 1 || hidden > 4096) {
    std::cerr << "als train: --minutes 0 to 10080 (a week), --games 1 or more, --workers 1 to 64, --epochs 1 to 1000, "
                 "--hidden 1 to 4096\n";
    return 2;
  }
  lab::VariantSpec spec;
  if (std::string why; !lab::parse_variant(variant, spec, why)) {
    std::cerr << "als train: " << why << "\n";
    return 2;
  }
  spec.param_flags = param_flags;
  ParamValues params;  // (every --param, then the variant's own: the last of a name wins)
  if (std::string why; !lab::param_values(spec, params, why)) {
    std::cerr << "als train: " << why << "\n";
    return 2;
  }
  std::shared_ptr<Engine> engine;
  try {
    engine = lab::load_variant(spec, data_dir());
  } catch (const std::exception& e) {
    std::cerr << "als train: " << e.what() << "\n";
    return 2;
  }
  const std::string hash = engine->content_hash();
  const std::string folder = ValueNet::values_dir();
  if (out.empty() && folder.empty()) {
    std::cerr << "als train: no values folder (set ALS_VALUES, XDG_DATA_HOME or HOME), or give --out FILE\n";
    return 2;
  }
  const std::string target = out.empty() ? folder + "/" + hash + ".txt" : out;
  const std::string chunks = (out.empty() ? folder + "/" + hash : out) + ".games";
  for (const std::string& p : {target, chunks})
    if (std::string why = files::path_refusal(p); !why.empty()) {
      std::cerr << "als train: " << why << "\n";
      return 2;
    }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(target).parent_path().empty() ? "." : std::filesystem::path(target).parent_path(), ec);
  const std::string script = data_dir() + "/python/tools/train_value.py";
  const std::string python = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
  std::vector<std::string> env;
  const std::filesystem::path module = program_folder() / "python";  // (a build's module: build/python/als)
  if (std::filesystem::exists(module / "als" / "__init__.py", ec)) {
    const char* old = std::getenv("PYTHONPATH");
    env.push_back("PYTHONPATH=" + module.string() + (old && *old ? ":" + std::string(old) : ""));
  }
  if (run_program({python, "-c", "import als, torch"}, env) != 0) {
    std::cerr << "als train: needs Python with PyTorch (python3-torch) and this program's module (import als); "
                 "./bootstrap.sh test installs both\n";
    return 2;
  }
  // How it is trained, in its file: two games' values are one player's where this is the same
  // (als compare); the number of workers changes nothing of it.
  std::ostringstream minutes_text;
  minutes_text << minutes;
  const std::string recipe = "als train --minutes " + minutes_text.str() + " --games " + std::to_string(games) + " --agent " + agent +
                             " --seed " + std::to_string(seed) + " --hidden " + std::to_string(hidden) + " --epochs " +
                             std::to_string(epochs);
  // (at most 180: train_value.py adds the games played)
  if (recipe.size() > 180 || std::any_of(recipe.begin(), recipe.end(), [](char ch) { return ch < 32 || ch >= 127; })) {
    std::cerr << "als train: --agent is at most about 100 printable characters\n";
    return 2;
  }
  std::cerr << "als train: " << variant << " (content hash " << hash << "), " << minutes << " minutes at most, " << agent
            << " self-play on " << workers << (workers == 1 ? " worker" : " workers") << "; Ctrl-C stops, and the same command goes on\n";
  std::vector<std::string> args = {python, script, "--cards", spec.cards, "--games", std::to_string(games), "--agent", agent,
                                   "--seed", std::to_string(seed), "--workers", std::to_string(workers), "--epochs",
                                   std::to_string(epochs), "--hidden", std::to_string(hidden), "--minutes", std::to_string(minutes),
                                   "--chunks", chunks, "--out", target, "--recipe", recipe};
  if (!params.empty()) args.push_back("--params=" + params_text(params));
  if (!spec.rules.empty()) {
    args.push_back("--rules");
    for (const std::string& r : spec.rules) args.push_back(r);
  }
  const int rc = run_program(args, env);
  if (rc != 0) {
    std::cerr << "als train: stopped (status " << rc << "); the games played are kept in " << files::shown_path(chunks)
              << ": the same command goes on from them\n";
    return rc == 130 ? 130 : 1;
  }
  std::cout << "als train: the learned value for " << variant << " is " << target
            << (out.empty() ? " (the values folder: every search with the default value uses it in this game)"
                            : " (play with it: mcts:value=" + target + ")")
            << "\n";
  return 0;
}

}  // namespace als::cli
