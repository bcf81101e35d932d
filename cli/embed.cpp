// The designer's commands from another program (the Python module: als.compare, als.sweep,
// als.simulate): the command's own code runs on the arguments the command line would take, and
// what it prints is handed back, so a notebook gets the command's answer and its JSON exactly.
#include <boost/program_options.hpp>

#include <iostream>
#include <mutex>
#include <sstream>

#include "cli.h"

namespace als::cli {

namespace {
struct Embedded {
  const char* name;
  int (*run)(int, char**);
};
constexpr Embedded kEmbedded[] = {{"compare", cmd_compare}, {"sweep", cmd_sweep}, {"simulate", cmd_simulate}};

// Standard output and error sent to strings for the length of a scope.
class Capture {
 public:
  Capture() : out_(std::cout.rdbuf(out_text_.rdbuf())), err_(std::cerr.rdbuf(err_text_.rdbuf())) {}
  ~Capture() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  Capture(const Capture&) = delete;
  Capture& operator=(const Capture&) = delete;
  std::string out() const { return out_text_.str(); }
  std::string err() const { return err_text_.str(); }

 private:
  std::ostringstream out_text_, err_text_;
  std::streambuf* out_;
  std::streambuf* err_;
};
}  // namespace

int run_captured(const std::vector<std::string>& args, std::string& out, std::string& err) {
  static std::mutex one_at_a_time;  // the streams are the process's
  std::lock_guard<std::mutex> hold(one_at_a_time);
  out.clear(), err.clear();
  const Embedded* command = nullptr;
  for (const Embedded& e : kEmbedded)
    if (!args.empty() && args[0] == e.name) command = &e;
  if (!command) {
    err = "als: only compare, sweep and simulate run from a program";
    return 2;
  }
  std::vector<std::string> words(args);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int status = 2;
  {
    Capture capture;
    try {
      status = command->run(static_cast<int>(words.size()), argv.data());
    } catch (const boost::program_options::error& e) {
      std::cerr << "als " << args[0] << ": " << e.what() << " (see als " << args[0] << " --help)\n";
    } catch (const std::exception& e) {
      std::cerr << "als " << args[0] << ": " << e.what() << "\n";
    }
    std::cout.flush(), std::cerr.flush();
    out = capture.out(), err = capture.err();
  }
  return status;
}

}  // namespace als::cli
