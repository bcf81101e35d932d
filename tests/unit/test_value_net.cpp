// The learned value function's evaluation in C++ (play/value_net.h): the shipped network equals
// PyTorch's on the fixed inputs python/tools/train_value.py wrote with it, and bad files are refused.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "engine.h"
#include "helpers.h"
#include "value_net.h"

using namespace als;

TEST_CASE("the shipped value network equals PyTorch's on its fixture, to 1e-5") {
  const ValueNet net = ValueNet::load(std::string(ALS_DATA_DIR) + "/scripts/value/standard.txt");
  auto eng = test::load("standard", {});
  CHECK(net.inputs() == eng->observation_tensor_size());
  CHECK(net.outputs() == 2);
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
  // on a real observation: two chances
  const State s = eng->new_game(3);
  std::vector<float> obs(static_cast<size_t>(eng->observation_tensor_size()));
  eng->observation_tensor(s, 0, obs.data());
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
