// The variant lab as a library (engine/lab): what cli's commands and the Python module call,
// without the command line: requests refused with the command's message before anything is
// played, the progress told to a Watch, shards that add up to the whole run, the same answer on
// any number of threads.
#include <catch2/catch.hpp>

#include <atomic>

#include "compare.h"
#include "simulate.h"
#include "sweep.h"

using namespace als;
using namespace als::lab;

namespace {

// Records what a run tells it: the total at start, the count it reached at stop.
class Recorder : public Watch {
 public:
  void start(const std::atomic<long long>& done, long long total) override {
    done_ = &done, total_ = total, ++starts_;
  }
  void stop() override { reached_ = done_ ? done_->load() : -1, ++stops_; }
  const std::atomic<long long>* done_ = nullptr;
  long long total_ = -1, reached_ = -1;
  int starts_ = 0, stops_ = 0;
};

CompareRequest small_comparison() {
  CompareRequest r;
  r.variants = {"standard", "beg=standard+beginner"};
  r.games = 40;
  r.seed = 5;
  r.data_dir = ALS_DATA_DIR;
  return r;
}

}  // namespace

TEST_CASE("The lab refuses a request with the command's message, before it plays a game") {
  CompareRequest r = small_comparison();
  Recorder watch;
  r.correction = "bonferroni";
  CHECK_THROWS_WITH(compare(r, &watch), "--correction takes holm or bh, not 'bonferroni'");
  r = small_comparison();
  r.games = 0;
  CHECK_THROWS_WITH(compare(r, &watch), Catch::Contains("--games must be from 1 to"));
  r = small_comparison();
  r.variants = {"a=standard", "a=standard+beginner"};
  CHECK_THROWS_WITH(compare(r, &watch), "two variants are named a");
  r = small_comparison();
  r.variants = {"standard", "no-such-set"};
  CHECK_THROWS_AS(compare(r, &watch), LoadError);
  CHECK(watch.starts_ == 0);
  try {
    merge_compare({"no-such-shard.json"}, ALS_DATA_DIR);
    FAIL("a shard that is not there merged");
  } catch (const Refused& e) {
    CHECK(std::string(e.what()).find("no-such-shard.json") != std::string::npos);
    CHECK(e.context().empty());  // (a file that cannot be read is not a shard's fault)
  }
}

TEST_CASE("A comparison tells its watch the games it plays, and is the same on any number of threads") {
  CompareRequest r = small_comparison();
  Recorder watch;
  const CompareRun one = compare(r, &watch);
  CHECK(watch.starts_ == 1);
  CHECK(watch.stops_ == 1);
  CHECK(watch.total_ == 80);  // 40 games of each of 2 variants, under one agent
  CHECK(watch.reached_ == 80);
  REQUIRE(one.c.runs.size() == 1);
  CHECK(one.c.runs[0].v[0].games == 40);
  r.threads = 3;
  const CompareRun three = compare(r);  // (no watch)
  CHECK(comparison_json(one.c, one.run) == comparison_json(three.c, three.run));
  CHECK(failures(one.c).empty());
}

TEST_CASE("A comparison's shards, merged, count every game of the run") {
  CompareRequest r = small_comparison();
  r.games = 30;
  CompareRun parts[2];
  for (int k = 0; k < 2; ++k) {
    r.shard = std::to_string(k + 1) + "/2";
    parts[k] = compare(r);
    CHECK(parts[k].run["shard"] == nlohmann::json({k + 1, 2}));
  }
  CHECK(parts[0].c.runs[0].v[0].games + parts[1].c.runs[0].v[0].games == 30);
  CHECK(parts[0].c.runs[0].v[0].games == 15);
}

TEST_CASE("A simulation and a sweep run from the lab as the commands run them") {
  SimulateRequest s;
  s.games = 25;
  s.seed = 9;
  s.data_dir = ALS_DATA_DIR;
  CHECK_THROWS_WITH(simulate(SimulateRequest{}), "--games N is required (or --merge FILE...)");
  Recorder watch;
  const SimulateRun run = simulate(s, &watch);
  CHECK(run.sums.games == 25);
  CHECK(run.doc["games"] == 25);
  CHECK(run.doc["run"]["seed"] == 9);
  CHECK(watch.total_ == 25);
  CHECK(watch.reached_ == 25);
  s.p2 = "human";
  CHECK_THROWS_WITH(simulate(s), Catch::StartsWith("agent 'human' cannot play unattended"));

  SweepRequest w;
  w.spec = std::string(ALS_DATA_DIR) + "/docs/examples/tuning";
  w.params = {"medic_strength=1,5"};
  w.target = "cards.field_medic.faceup_win_rate=median";
  w.games = 40;
  w.seed = 2;
  w.data_dir = ALS_DATA_DIR;
  const SweepRun sw = sweep(w);
  const nlohmann::json doc = sweep_json(sw.s, sw.run);
  CHECK(doc["values"].size() == 2);
  CHECK(doc["games_planned"] == 40);
  w.target.clear();
  CHECK_THROWS_WITH(sweep(w), "a sweep needs --target MEASURE=VALUE");
}
