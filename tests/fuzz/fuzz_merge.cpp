// libFuzzer target: shard results as `als simulate --merge`, `als compare --merge --report` and
// `als sweep --merge --report` read them (issue 36). Any bytes must give exit status 0, 1 or 2, never a crash, an uncaught
// exception, undefined behaviour or a hang. The input is written to a file and merged by each
// command as the program runs them; what they print is dropped.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace {
// The target's folder, removed at exit (its name is kept on the heap: statics are gone by then).
const std::filesystem::path& folder() {
  static const std::filesystem::path* dir = [] {
    auto* d = new std::filesystem::path(std::filesystem::temp_directory_path() / ("als-fuzz-merge-" + std::to_string(::getpid())));
    std::filesystem::create_directories(*d);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(*dir, ec);
    });
    return d;
  }();
  return *dir;
}

int run(int (*command)(int, char**), std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::ostringstream sink;
  std::streambuf* out = std::cout.rdbuf(sink.rdbuf());
  std::streambuf* err = std::cerr.rdbuf(sink.rdbuf());
  const int rc = command(static_cast<int>(args.size()), argv.data());
  std::cout.rdbuf(out), std::cerr.rdbuf(err);
  return rc;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  setenv("ALS_DATA_DIR", ALS_DATA_DIR, 1);
  const std::string shard = (folder() / "shard.json").string(), report = (folder() / "report.html").string();
  std::ofstream(shard, std::ios::binary).write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  const int a = run(als::cli::cmd_simulate, {"simulate", "--merge", shard});
  const int b = run(als::cli::cmd_compare, {"compare", "--merge", shard, "--report", report});
  const int c = run(als::cli::cmd_sweep, {"sweep", "--merge", shard, "--report", report});
  if (a < 0 || a > 2 || b < 0 || b > 2 || c < 0 || c > 2) std::abort();
  return 0;
}
