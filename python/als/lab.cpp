// als.compare, als.sweep and als.simulate (docs/python.md, "Designer's commands"): the variant
// lab's own runs (engine/lab), the request built from the keyword arguments as the command builds
// it from its flags, and the document the command's --json prints handed back as text.
#include "lab.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

#include "compare.h"
#include "env.h"
#include "errors.h"
#include "simulate.h"
#include "sweep.h"

namespace py = pybind11;
namespace lab = als::lab;

namespace {

// The keyword arguments as the Python side normalized them (als/__init__.py, _flags): each name
// ("games_out") with its values as text, in order (several for a repeated flag). What a command
// does not take is refused by name, as the command refuses an unknown flag.
class Flags {
 public:
  Flags(std::string command, std::map<std::string, std::vector<std::string>> values)
      : command_(std::move(command)), values_(std::move(values)) {}

  bool has(const std::string& name) { return used(name) != nullptr; }
  /// The flag's one value (the last, as the command reads a flag given twice), or `fallback`.
  std::string text(const std::string& name, const std::string& fallback = "") {
    const std::vector<std::string>* v = used(name);
    return v && !v->empty() ? v->back() : fallback;
  }
  std::vector<std::string> all(const std::string& name) {
    const std::vector<std::string>* v = used(name);
    return v ? *v : std::vector<std::string>{};
  }
  long long whole(const std::string& name, long long fallback) {
    if (!has(name)) return fallback;
    const std::string t = text(name);
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end || errno == ERANGE) invalid(name, t);
    return v;
  }
  double number(const std::string& name, double fallback) {
    if (!has(name)) return fallback;
    const std::string t = text(name);
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || *end) invalid(name, t);
    return v;
  }
  /// --seed: digits only, 0 to 2^64 - 1; a fresh random seed when absent.
  uint64_t seed() {
    if (!has("seed")) return lab::random_seed();
    uint64_t s = 0;
    if (std::string why = lab::parse_seed(text("seed"), s); !why.empty()) throw lab::Refused(why);
    return s;
  }
  /// Refuses a flag the command does not take (after every read).
  void no_other() const {
    for (const auto& [name, v] : values_)
      if (!read_.count(name)) {
        std::string flag = name;
        std::replace(flag.begin(), flag.end(), '_', '-');
        throw lab::Refused("unknown option '--" + als::escape_controls(flag.substr(0, 80)) + "' (see als " + command_ + " --help)");
      }
  }

 private:
  const std::vector<std::string>* used(const std::string& name) {
    read_.insert(name);
    const auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
  }
  [[noreturn]] void invalid(const std::string& name, const std::string& t) const {
    throw lab::Refused("the argument ('" + als::escape_controls(t.substr(0, 80)) + "') for option '--" + name + "' is invalid");
  }
  std::string command_;
  std::map<std::string, std::vector<std::string>> values_;
  std::set<std::string> read_;
};

// Runs `body` (which fills `doc` and `warnings`) without the GIL; a refusal or a load error as
// als.Error with the command's message ("als compare: ...", "als: ..." for a set that does not load).
py::tuple run(const std::string& command, const std::function<void(std::string&, std::vector<std::string>&)>& body) {
  std::string doc, error;
  std::vector<std::string> warnings;
  {
    py::gil_scoped_release free;
    try {
      body(doc, warnings);
    } catch (const lab::Refused& e) {
      error = "als " + command + (e.context().empty() ? "" : " " + e.context()) + ": " + e.what();
    } catch (const als::LoadError& e) {
      error = (command == "sweep" ? "als sweep: " : "als: ") + std::string(e.what());
    } catch (const std::exception& e) {  // a report that cannot be written
      error = "als " + command + ": " + e.what();
    }
  }
  if (!error.empty()) throw als::EnvError(error);
  std::string text;
  for (const std::string& w : warnings) {
    if (!text.empty()) text += '\n';
    text.append("als ").append(command).append(": ").append(w);
  }
  return py::make_tuple(py::bytes(doc), text);
}

// The flags compare and sweep share (threads, confidence, shard, games_out, merge, report, json;
// seed is read once the run is known to play) into `r`, then refuses any other. Returns --report.
template <class Request>
std::string run_flags(Request& r, Flags& f, const std::string& data_dir) {
  r.threads = static_cast<int>(std::clamp<long long>(f.whole("threads", lab::default_threads()), -1, 1 << 20));
  r.confidence = f.number("confidence", 0.95);
  r.shard = f.text("shard");
  r.games_out = f.text("games_out");
  r.merge = f.all("merge");
  r.data_dir = data_dir;
  std::string report = f.text("report");
  f.has("json");
  f.has("seed");
  f.no_other();
  return report;
}

py::tuple compare(const std::vector<std::string>& variants, Flags f, const std::string& data_dir) {
  lab::CompareRequest r;
  r.variants = variants;
  r.games = f.whole("games", 10000);
  if (f.has("agents") && f.has("agent")) throw als::EnvError("als compare: give --agent or --agents, not both");
  r.agents = f.has("agents") ? lab::split_agents(f.text("agents")) : std::vector<std::string>{f.text("agent", "greedy")};
  r.targets = f.all("target");
  r.skill = f.text("skill");
  r.param_flags = f.all("param");
  r.correction = f.text("correction", "holm");
  const std::string report = run_flags(r, f, data_dir);
  if (r.merge.empty() && !variants.empty()) r.seed = f.seed();
  return run("compare", [&](std::string& doc, std::vector<std::string>& warnings) {
    lab::check_outputs({{"--report", report}, {"--games-out", r.games_out}}, r.merge);
    const lab::CompareRun c = lab::compare(r);
    if (!report.empty()) lab::write_report(report, c.c);
    doc = lab::comparison_json(c.c, c.run).dump();
    warnings = lab::failures(c.c);
  });
}

py::tuple sweep(const std::vector<std::string>& spec, Flags f, const std::string& data_dir) {
  lab::SweepRequest r;
  r.spec = spec.size() == 1 ? spec[0] : "";
  r.params = f.all("param");
  r.target = f.text("target");
  r.agent = f.text("agent", "greedy");
  r.games = f.whole("games", 4000);
  const std::string report = run_flags(r, f, data_dir);
  if (r.merge.empty() && spec.size() == 1) r.seed = f.seed();
  return run("sweep", [&](std::string& doc, std::vector<std::string>& warnings) {
    lab::check_outputs({{"--report", report}, {"--games-out", r.games_out}}, r.merge);
    const lab::SweepRun s = lab::sweep(r);
    if (!report.empty()) lab::write_sweep_report(report, s.s);
    doc = lab::sweep_json(s.s, s.run).dump();
    warnings = lab::failures(s.s);
  });
}

py::tuple simulate(Flags f, const std::string& data_dir) {
  lab::SimulateRequest r;
  r.variant.cards = f.text("cards", "standard");
  r.variant.rules = f.all("rules");
  r.variant.param_flags = f.all("param");
  if (f.has("games")) r.games = f.whole("games", 0);
  r.p1 = f.text("p1", "random");
  r.p2 = f.text("p2", "random");
  r.threads = static_cast<int>(std::clamp<long long>(f.whole("threads", 1), -1, 1 << 20));
  r.confidence = f.number("confidence", 0.95);
  r.shard = f.text("shard");
  r.merge = f.all("merge");
  r.data_dir = data_dir;
  f.has("json");
  f.has("seed");  // (read below, when the run plays games)
  f.no_other();
  if (r.merge.empty() && r.games) r.seed = f.seed();
  return run("simulate", [&](std::string& doc, std::vector<std::string>& warnings) {
    const lab::SimulateRun s = lab::simulate(r);
    doc = s.doc.dump();
    if (std::string w = lab::failure(s.sums); !w.empty()) warnings.push_back(w);
  });
}

}  // namespace

void bind_lab(py::module_& m, const std::string& data_dir) {
  using Values = std::map<std::string, std::vector<std::string>>;
  m.def(
      "_lab",
      [&data_dir](const std::string& command, const std::vector<std::string>& words, const Values& flags) {
        try {
          if (command == "compare") return compare(words, Flags(command, flags), data_dir);
          if (command == "sweep") return sweep(words, Flags(command, flags), data_dir);
          if (command == "simulate") return simulate(Flags(command, flags), data_dir);
        } catch (const lab::Refused& e) {
          throw als::EnvError("als " + command + ": " + e.what());
        }
        throw als::EnvError("als: only compare, sweep and simulate run from a program");
      },
      py::arg("command"), py::arg("words"), py::arg("flags"),
      "_lab(command, words, flags) -> (document: bytes, warnings: str): runs the lab's compare, sweep "
      "or simulate (engine/lab) as the command would on `words` (its positional arguments) and `flags` "
      "(each name, '_' for '-', with its values as text); the document is what the command's --json "
      "prints. Raises als.Error with the command's message when it refuses the arguments.");
}
