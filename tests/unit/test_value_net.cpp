// The learned value function's evaluation in C++ (play/value/value_net.h): the shipped network equals
// PyTorch's on the fixed inputs python/tools/train_value.py wrote with it, and bad files are refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "agents.h"
#include "engine.h"
#include "mcts.h"
#include "helpers.h"
#include "observation.h"
#include "value_net.h"

using namespace als;

TEST_CASE("the shipped value network equals PyTorch's on its fixture, to 1e-5") {
  const ValueNet net = ValueNet::load(std::string(ALS_DATA_DIR) + "/scripts/value/standard.txt");
  auto eng = test::load("standard", {});
  CHECK(net.inputs() == als::observation_tensor_size(*eng));
  CHECK(net.outputs() == 3);
  std::ifstream f(std::string(ALS_DATA_DIR) + "/tests/unit/value_fixture.txt");
  REQUIRE(f);
  std::string line;
  int rows = 0;
  std::vector<float> in;
  while (std::getline(f, line)) {
    std::istringstream words(line);
    std::string tag;
    words >> tag;
    std::vector<float> v;
    for (float x; words >> x;) v.push_back(x);
    if (tag == "in") {
      in = v;
      continue;
    }
    REQUIRE(tag == "out");
    REQUIRE(static_cast<int>(in.size()) == net.inputs());
    const std::vector<float> got = net.evaluate(in.data());
    REQUIRE(got.size() == v.size());
    for (size_t i = 0; i < v.size(); ++i) CHECK(std::abs(got[i] - v[i]) <= 1e-5);
    ++rows;
  }
  CHECK(rows == 16);
  // on a real observation: chances, and a reward between 0 and 1
  const State s = eng->new_game(3);
  std::vector<float> obs(static_cast<size_t>(als::observation_tensor_size(*eng)));
  als::observation_tensor(*eng, s, 0, obs.data());
  for (float p : net.evaluate(obs.data())) {
    CHECK(p >= 0);
    CHECK(p <= 1);
  }
}

TEST_CASE("a value network file that is not one is refused with the reason") {
  auto refused = [](const std::string& text, const std::string& why) {
    INFO(text.substr(0, 60));
    try {
      ValueNet::parse(text, "v.txt");
      FAIL("accepted");
    } catch (const std::runtime_error& e) {
      CHECK_THAT(e.what(), Catch::Contains("v.txt") && Catch::Contains(why));
    }
  };
  refused("", "not an als value network");
  refused("als-value 2\nlayer 1 1 none\n1\n0\n", "not an als value network");
  refused("als-value 1\n", "no layers");
  refused("als-value 1\nlayer 2 1 tanh\n1 1\n0\n", "activation 'tanh'");
  refused("als-value 1\nlayer 2 1 none\n1\n", "layer 1 ends early");
  refused("als-value 1\nlayer 2 1 none\n1 nan\n0\n", "not a finite number");
  refused("als-value 1\nlayer 1 2 relu\n1 1\n0 0\nlayer 3 1 none\n1 1 1\n0\n", "layer 2 takes 3 inputs");
  refused("als-value 1\nlayer 5000 1 none\n", "each from 1 to 4096");
  refused("als-value 1\nlayers 1 1 none\n", "where a layer should begin");
  const ValueNet ok = ValueNet::parse("als-value 1\nlayer 2 1 sigmoid\n1 -1\n0.5\n", "v.txt");
  const float x[2] = {2, 2.5f};
  CHECK(ok.evaluate(x)[0] == Approx(1 / (1 + std::exp(-0.0))));  // 2 - 2.5 + 0.5 = 0
}

namespace {
// The search's ranking of the first decision of game `g` as texts, visits and values.
std::vector<std::string> ranking(const Engine& e, const std::string& spec, uint64_t g, std::string* note = nullptr) {
  State s = e.new_game(g);
  std::vector<Action> legal;
  e.legal(s, legal);
  auto agent = make_agent(spec, 5, e.to_act(s));
  auto& search = dynamic_cast<SearchAgent&>(*agent);
  std::vector<std::string> out;
  for (const Estimate& x : search.rank(InfoState(e, s, legal)))
    out.push_back(x.text + " " + std::to_string(x.visits) + " " + std::to_string(x.win));
  if (note) *note = agent->note();
  return out;
}
}  // namespace

TEST_CASE("the search with a learned value: its playouts stop for it, reproducibly, and a network of other inputs is not used") {
  auto eng = test::load("standard", {});
  const Engine& e = *eng;
  const std::string net = std::string(ALS_DATA_DIR) + "/scripts/value/standard.txt";
  const std::string plain = "mcts:iterations=300,value=none", valued = "mcts:iterations=300,value=" + net;
  for (uint64_t g = 1; g <= 3; ++g) {
    // At the leaves (cutoff 0) the network decides the rewards: another search, the same on every run.
    CHECK(ranking(e, valued, g) == ranking(e, valued, g));
    CHECK(ranking(e, valued, g) != ranking(e, plain, g));
    // A cutoff past every battle's end: the playouts end first, and the search is the plain one.
    CHECK(ranking(e, valued + ",cutoff=1000", g) == ranking(e, plain, g));
  }
  // The registry's mcts searches with the built-in weights, which are the shipped file's; mcts-v2
  // with none.
  CHECK(ranking(e, "mcts:iterations=300", 2) == ranking(e, valued, 2));
  CHECK(ranking(e, "mcts:iterations=300,value=standard", 2) == ranking(e, valued, 2));
  CHECK(ranking(e, "mcts-v2:iterations=300", 2) != ranking(e, "mcts-v2:iterations=300,value=standard", 2));
  // A file that is no network: the agent is refused, naming the option and the file.
  try {
    make_agent("mcts:value=" + std::string(ALS_DATA_DIR) + "/README.md", 1, 0);
    FAIL("a README read as a value network");
  } catch (const std::invalid_argument& err) {
    CHECK(std::string(err.what()).find("value:") != std::string::npos);
    CHECK(std::string(err.what()).find("README.md") != std::string::npos);
  }
  // A card set whose observation is of another size: searched without the network, and said so.
  auto other = test::load(std::string(ALS_DATA_DIR) + "/tests/sets/api4", {});
  if (als::observation_tensor_size(*other) != als::observation_tensor_size(e)) {
    std::string note;
    CHECK(ranking(*other, valued, 1, &note) == ranking(*other, plain, 1));
    CHECK(note.find("reads " + std::to_string(als::observation_tensor_size(e)) + " inputs, this game's observation has") != std::string::npos);
    CHECK(note.find("the computer searched by playouts") != std::string::npos);
  } else {
    WARN("tests/sets/api4 has the standard set's observation size: the mismatch is not exercised");
  }
}

TEST_CASE("a leaf is valued from the view of the player to act there, as the network was trained") {
  const test::Decision d = test::first_decision(4);
  const Engine& e = *d.engine;
  // A network that says 0.9 whatever it reads: the player to act wins the battle 9 times in 10.
  const std::string path = (test::temp_folder("leaf-view") / "constant_value.txt").string();
  {
    std::ofstream f(path);
    f << "als-value 1\nlayer " << als::observation_tensor_size(e) << " 1 sigmoid\n";
    for (int i = 0; i < als::observation_tensor_size(e); ++i) f << "0 ";
    f << "\n" << std::log(9.0) << "\n";
  }
  auto agent = make_agent("mcts:iterations=200,widen=0,value=" + path, 5, e.to_act(d.s));
  double least = 1, most = 0;
  for (const Estimate& x : dynamic_cast<SearchAgent&>(*agent).rank(InfoState(e, d.s, d.legal))) {
    if (x.visits == 0 || x.action.type == Action::Withdraw) continue;  // (a withdrawal ends the battle: its VP)
    least = std::min(least, x.win), most = std::max(most, x.win);
  }
  // Every leaf is worth 0.9 where the searcher is to act and 0.1 where the opponent is. A leaf
  // right after the searcher's first play is the opponent's turn: read from the searcher's own
  // view, every play would be worth 0.9.
  CHECK(least >= 0.1 - 1e-6);
  CHECK(most <= 0.9 + 1e-6);
  CHECK(least < 0.5);
}

TEST_CASE("a learned value is used only in the game it was trained for") {
  auto eng = test::load("standard", {});
  const std::string file = std::string(ALS_DATA_DIR) + "/scripts/value/standard.txt";
  // The shipped weights name the standard set as it is: a change to its files (or a house rule)
  // is a game they were not trained for. Retrain (docs/agents.md) when this fails.
  CHECK(ValueNet::standard()->game() == eng->content_hash());
  CHECK(ValueNet::load(file).game() == eng->content_hash());
  CHECK(ValueNet::standard()->outputs() == ValueNet::load(file).outputs());
  // Under a house rule the built-in value goes unused, and the search says so (once it went
  // unsaid: a modder met a weaker player and nothing told them), with how to train one.
  auto ruled = test::load("standard", {"long-war"});
  std::string note = "?";
  CHECK(ranking(*ruled, "mcts:iterations=300", 1, &note) == ranking(*ruled, "mcts:iterations=300,value=none", 1));
  CHECK(note.find("the built-in learned value is trained for the standard set only (content hash " + eng->content_hash() +
                  ", this game's " + ruled->content_hash()) != std::string::npos);
  CHECK(note.find("A value for this game: als train standard+long-war (found then in the values folder") != std::string::npos);
  // ... and in the standard game it says nothing.
  CHECK(ranking(*eng, "mcts:iterations=300", 1, &note) == ranking(*eng, "mcts:iterations=300,value=standard", 1));
  CHECK(note.empty());
  // A file naming another game: unused, and said so.
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string other = text.str();
  const size_t at = other.find(eng->content_hash());
  REQUIRE(at != std::string::npos);
  other.replace(at, 16, "0123456789abcdef");
  const std::string path = (test::temp_folder("value") / "other_game.txt").string();
  std::ofstream(path) << other;
  CHECK(ranking(*eng, "mcts:iterations=300,value=" + path, 1, &note) == ranking(*eng, "mcts:iterations=300,value=none", 1));
  CHECK(note.find("trained for another game (content hash 0123456789abcdef") != std::string::npos);
  // The game line's form is checked.
  CHECK_THROWS_WITH(ValueNet::parse("als-value 1\ngame a-b\nlayer 1 1 none\n1\n0\n", "v.txt"),
                    Catch::Contains("v.txt") && Catch::Contains("content hash"));
  CHECK(ValueNet::parse("als-value 1\ngame ab12\nlayer 1 1 none\n1\n0\n", "v.txt").game() == "ab12");
  // ... and the recipe line's: the rest of its line, printable, at most 200 characters
  CHECK(ValueNet::parse("als-value 1\ngame ab12\nrecipe als train --minutes 20\nlayer 1 1 none\n1\n0\n", "v.txt").recipe() ==
        "als train --minutes 20");
  CHECK(ValueNet::parse("als-value 1\nlayer 1 1 none\n1\n0\n", "v.txt").recipe().empty());
  CHECK_THROWS_WITH(ValueNet::parse("als-value 1\nrecipe " + std::string(300, 'x') + "\nlayer 1 1 none\n1\n0\n", "v.txt"),
                    Catch::Contains("v.txt") && Catch::Contains("recipe"));
  CHECK_THROWS_WITH(ValueNet::parse("als-value 1\nrecipe a\x1b[2Jb\nlayer 1 1 none\n1\n0\n", "v.txt"), Catch::Contains("recipe"));
}

TEST_CASE("the default value is found in the values folder for the game it was trained for (als train)") {
  // A house rule of this test's own (so that no other test has looked its game up in this process).
  const auto folder = test::temp_folder("values_found");
  const std::string rule = (folder / "vp_thirteen.lua").string();
  std::ofstream(rule) << "-- values_found test\nreturn function(rules) rules.vp_target = 13 end\n";
  auto ruled = test::load("standard", {rule});
  const std::string dir = (folder / "values").string();
  std::filesystem::create_directories(dir);
  setenv("ALS_VALUES", dir.c_str(), 1);
  // The shipped weights, renamed to this game: a network trained for it, as als train writes one.
  std::ifstream in(std::string(ALS_DATA_DIR) + "/scripts/value/standard.txt");
  std::stringstream text;
  text << in.rdbuf();
  std::string mine = text.str();
  const size_t at = mine.find(ValueNet::standard()->game());
  REQUIRE(at != std::string::npos);
  mine.replace(at, ValueNet::standard()->game().size(), ruled->content_hash());
  std::ofstream(dir + "/" + ruled->content_hash() + ".txt") << mine;
  CHECK(ValueNet::values_dir() == dir);
  CHECK(ValueNet::for_game(ruled->content_hash()) != nullptr);
  // The default search uses it, as it would the same file named by value=FILE, and says nothing.
  std::string note = "?";
  const std::string file = dir + "/" + ruled->content_hash() + ".txt";
  CHECK(ranking(*ruled, "mcts:iterations=300", 1, &note) == ranking(*ruled, "mcts:iterations=300,value=" + file, 1));
  CHECK(note.empty());
  CHECK(ranking(*ruled, "mcts:iterations=300", 1) != ranking(*ruled, "mcts:iterations=300,value=none", 1));
  auto agent = make_agent("mcts:iterations=10", 1, 0);
  CHECK(agent->evaluation(*ruled) == "learned value");
  // value=none stays none; another game finds nothing there.
  CHECK(make_agent("mcts:iterations=10,value=none", 1, 0)->evaluation(*ruled) == "playouts");
  CHECK(agent->evaluation(*test::load("standard", {"long-war"})) == "playouts");
  // A file that names another game is not used, and why is said.
  auto other = test::load("standard", {rule, "beginner"});
  std::ofstream(dir + "/" + other->content_hash() + ".txt") << mine;
  std::string why;
  CHECK(ValueNet::for_game(other->content_hash(), &why) == nullptr);
  CHECK(why.find("names another game") != std::string::npos);
  unsetenv("ALS_VALUES");
}

TEST_CASE("the search's reward for a battle (the learned value's third label)") {
  auto eng = test::load("standard", {});
  const Rules& r = eng->rules();
  const int zero[2] = {0, 0}, won[2] = {r.battle_vp, 0}, two[2] = {0, 2};
  CHECK(MctsAgent::battle_reward(r, zero, won, 0, -1) == 1.0);
  CHECK(MctsAgent::battle_reward(r, zero, won, 1, -1) == 0.0);
  CHECK(MctsAgent::battle_reward(r, zero, two, 1, -1) == Approx(0.5 + 0.5 * 2 / r.battle_vp));
  CHECK(MctsAgent::battle_reward(r, zero, two, 0, -1) == Approx(0.5 - 0.5 * 2 / r.battle_vp));
  // A battle that ends the game: its result.
  const int near[2] = {r.vp_target - 2, 0}, over[2] = {r.vp_target + 4, 0};
  CHECK(MctsAgent::battle_reward(r, near, over, 0, 0) == 1.0);
  CHECK(MctsAgent::battle_reward(r, near, over, 1, 0) == 0.0);
  // A battle that can decide the game: the change in win_chance, scaled by a battle's.
  const int start[2] = {4, r.vp_target - 4}, end[2] = {4, r.vp_target - 2};
  const double c0 = MctsAgent::win_chance(r, r.vp_target - 4, 4), c1 = MctsAgent::win_chance(r, r.vp_target - 4, 2);
  const double spread = MctsAgent::win_chance(r, r.vp_target - 4 - r.battle_vp, 4) -
                        MctsAgent::win_chance(r, r.vp_target - 4, 4 - r.battle_vp);
  CHECK(MctsAgent::battle_reward(r, start, end, 0, -1) == Approx(std::clamp(0.5 + (c1 - c0) / spread, 0.0, 1.0)));
}
