// The learned value (value_net.h): the network read from its text, and its evaluation (plain loops).
#include "value_net.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "files.h"

namespace als {

namespace {
constexpr int kMaxLayers = 8, kMaxUnits = 4096;

// Reads one number of a layer, naming where a bad one is.
float number(std::istringstream& in, const std::string& where, size_t layer) {
  std::string tok;
  if (!(in >> tok)) throw std::runtime_error(where + ": layer " + std::to_string(layer + 1) + " ends early");
  char* end = nullptr;
  const float v = std::strtof(tok.c_str(), &end);
  if (end == tok.c_str() || *end != '\0' || !std::isfinite(v))
    throw std::runtime_error(where + ": layer " + std::to_string(layer + 1) + ": '" + tok.substr(0, 32) + "' is not a finite number");
  return v;
}
}  // namespace

ValueNet ValueNet::parse(const std::string& text, const std::string& where) {
  std::istringstream in(text);
  std::string magic, version;
  if (!(in >> magic >> version) || magic != "als-value" || version != "1")
    throw std::runtime_error(where + ": not an als value network (its first line is not 'als-value 1')");
  ValueNet net;
  std::string word;
  while (in >> word) {
    if (word == "game" && net.layers_.empty() && net.game_.empty()) {
      if (!(in >> net.game_) || net.game_.size() > 64 ||
          !std::all_of(net.game_.begin(), net.game_.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
        throw std::runtime_error(where + ": 'game' is followed by a content hash (at most 64 letters and digits)");
      continue;
    }
    if (word == "recipe" && net.layers_.empty() && net.recipe_.empty()) {  // the rest of its line
      std::getline(in, net.recipe_);
      const size_t from = net.recipe_.find_first_not_of(' ');
      net.recipe_ = from == std::string::npos ? "" : net.recipe_.substr(from);
      if (net.recipe_.empty() || net.recipe_.size() > 200 ||
          !std::all_of(net.recipe_.begin(), net.recipe_.end(), [](char c) { return c >= 32 && c < 127; }))
        throw std::runtime_error(where + ": 'recipe' is followed by how it was trained (1 to 200 printable characters)");
      continue;
    }
    if (word != "layer") throw std::runtime_error(where + ": '" + word.substr(0, 32) + "' where a layer should begin");
    Layer l;
    std::string act;
    if (!(in >> l.inputs >> l.outputs >> act)) throw std::runtime_error(where + ": a layer's header is not 'layer IN OUT ACT'");
    if (l.inputs < 1 || l.outputs < 1 || l.inputs > kMaxUnits || l.outputs > kMaxUnits)
      throw std::runtime_error(where + ": a layer of " + std::to_string(l.inputs) + " by " + std::to_string(l.outputs) +
                               " (each from 1 to " + std::to_string(kMaxUnits) + ")");
    if (act == "relu") l.act = Layer::Act::Relu;
    else if (act == "sigmoid") l.act = Layer::Act::Sigmoid;
    else if (act != "none") throw std::runtime_error(where + ": activation '" + act.substr(0, 32) + "' (relu, sigmoid or none)");
    if (!net.layers_.empty() && net.layers_.back().outputs != l.inputs)
      throw std::runtime_error(where + ": layer " + std::to_string(net.layers_.size() + 1) + " takes " + std::to_string(l.inputs) +
                               " inputs, the layer before gives " + std::to_string(net.layers_.back().outputs));
    if (net.layers_.size() == kMaxLayers) throw std::runtime_error(where + ": more than 8 layers");
    l.wt.resize(static_cast<size_t>(l.inputs) * static_cast<size_t>(l.outputs));
    l.b.resize(static_cast<size_t>(l.outputs));
    for (size_t o = 0; o < static_cast<size_t>(l.outputs); ++o)  // the file's rows are outputs
      for (size_t i = 0; i < static_cast<size_t>(l.inputs); ++i)
        l.wt[i * static_cast<size_t>(l.outputs) + o] = number(in, where, net.layers_.size());
    for (float& x : l.b) x = number(in, where, net.layers_.size());
    net.layers_.push_back(std::move(l));
  }
  if (net.layers_.empty()) throw std::runtime_error(where + ": no layers");
  return net;
}

extern const char kStandardValue[];
extern const unsigned long kStandardValue_size;

std::shared_ptr<const ValueNet> ValueNet::standard() {
  static const std::shared_ptr<const ValueNet> net = std::make_shared<const ValueNet>(
      parse(std::string(kStandardValue, kStandardValue_size), "the built-in value (scripts/value/standard.txt)"));
  return net;
}

std::string ValueNet::values_dir() {
  if (const char* v = std::getenv("ALS_VALUES"); v && *v) return v;
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x == '/') return std::string(x) + "/als/values";
  if (const char* h = std::getenv("HOME"); h && *h == '/') return std::string(h) + "/.local/share/als/values";
  return "";
}

std::shared_ptr<const ValueNet> ValueNet::for_game(const std::string& hash, std::string* why) {
  static std::mutex lock;
  static std::map<std::string, std::pair<std::shared_ptr<const ValueNet>, std::string>> found;  // by hash: the net, or why none
  std::lock_guard guard(lock);
  auto it = found.find(hash);
  if (it == found.end()) {
    std::shared_ptr<const ValueNet> net;
    std::string reason;
    if (const std::string dir = values_dir(); !dir.empty() && !hash.empty() &&
        std::all_of(hash.begin(), hash.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); })) {
      const std::string path = dir + "/" + hash + ".txt";
      std::error_code ec;
      if (std::filesystem::is_regular_file(path, ec)) {
        try {
          auto loaded = std::make_shared<const ValueNet>(load(path));
          if (loaded->game() == hash) net = loaded;
          else reason = path + " names another game (" + loaded->game() + ")";
        } catch (const std::exception& e) {
          reason = e.what();
        }
      }
    }
    if (auto builtin = standard(); !net && builtin->game() == hash) net = builtin;
    it = found.emplace(hash, std::make_pair(net, reason)).first;
  }
  if (why) *why = it->second.second;
  return it->second.first;
}

ValueNet ValueNet::load(const std::string& path) {
  // (a regular file only, bounded: a FIFO or a device is refused at once, never read or waited on)
  return parse(read_text_file(path, 16u << 20), path);
}

std::vector<float> ValueNet::evaluate(const float* in) const {
  std::vector<float> out;
  evaluate(in, out);
  return out;
}

namespace {
// sums[o] += w[i][o] * v for every (i, v) of the nonzero inputs, in order, outputs `first` to
// `first + 16`: sixteen running sums the compiler keeps in registers.
void accumulate16(const float* wt, size_t n, size_t first, const int* idx, const float* val, size_t k, float* sums) {
  float acc[16] = {};
  for (size_t j = 0; j < k; ++j) {
    const float* w = wt + static_cast<size_t>(idx[j]) * n + first;
    const float v = val[j];
    for (size_t o = 0; o < 16; ++o) acc[o] += w[o] * v;
  }
  for (size_t o = 0; o < 16; ++o) sums[first + o] = acc[o];
}
}  // namespace

void ValueNet::evaluate(const float* in, std::vector<float>& out) const {
  // (a search evaluates at every leaf: these buffers make no allocation once warm)
  thread_local std::vector<float> x, y, val;
  thread_local std::vector<int> idx;
  const float* src = in;
  for (const Layer& l : layers_) {
    const size_t n = static_cast<size_t>(l.outputs);
    // The inputs that are not zero, in order (an observation is mostly zeros): a zero input adds
    // nothing to a sum (the weights are finite), so only the others are read.
    if (idx.size() < static_cast<size_t>(l.inputs)) idx.resize(static_cast<size_t>(l.inputs)), val.resize(idx.size());
    size_t k = 0;
    for (int i = 0; i < l.inputs; ++i) {
      idx[k] = i, val[k] = src[i];
      k += src[i] != 0;
    }
    // Each output's sum over those inputs in order, as PyTorch's reference; the weights are stored
    // by input, so one input's products go to many outputs at once.
    y.assign(n, 0.0f);
    float* sums = y.data();
    size_t o = 0;
    for (; o + 16 <= n; o += 16) accumulate16(l.wt.data(), n, o, idx.data(), val.data(), k, sums);
    for (size_t j = 0; j < k && o < n; ++j)
      for (size_t r = o; r < n; ++r) sums[r] += l.wt[static_cast<size_t>(idx[j]) * n + r] * val[j];
    for (size_t r = 0; r < n; ++r) {
      float sum = sums[r] + l.b[r];
      if (l.act == Layer::Act::Relu) sum = sum > 0 ? sum : 0;
      else if (l.act == Layer::Act::Sigmoid) sum = 1.0f / (1.0f + std::exp(-sum));
      sums[r] = sum;
    }
    x.swap(y);
    src = x.data();
  }
  out.assign(x.begin(), x.end());
}

}  // namespace als
