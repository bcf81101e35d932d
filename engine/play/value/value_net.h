// A small learned value function (issue 35): a multilayer perceptron over the observation tensor
// (observation_tensor, present/observation.h: what one seat knows), trained by python/tools/train_value.py with
// PyTorch and evaluated here with plain loops, no Python at play time. docs/agents.md, "A learned
// value", has the recipe and the file format.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace als {

class ValueNet {
 public:
  /// One dense layer: out = act(W in + b). `wt` is W by input, [inputs][outputs] (the file
  /// writes it by output), so that one input's weights to every output are adjacent.
  struct Layer {
    int inputs = 0, outputs = 0;
    enum class Act { None, Relu, Sigmoid } act = Act::None;
    std::vector<float> wt, b;
  };
  /// Reads a network from `text` (the format python/tools/train_value.py writes: a header line
  /// "als-value 1", optionally "game HASH", the content hash of the game it was trained for
  /// (Engine::content_hash, at most 64 letters and digits), optionally "recipe TEXT", then per layer "layer IN OUT ACT"
  /// with ACT relu, sigmoid or none, its OUT*IN weights and OUT biases). At most 8 layers of at most 4096 units, each layer's inputs
  /// the previous one's outputs. Throws std::runtime_error naming `where` and what is wrong.
  static ValueNet parse(const std::string& text, const std::string& where);
  /// The same from a file: a regular file of at most 16 MiB (read_text_file: a FIFO or device is
  /// refused, never waited on). Throws std::runtime_error (LoadError for the file itself).
  static ValueNet load(const std::string& path);
  /// The weights shipped for the standard set (scripts/value/standard.txt, built into the
  /// program), parsed once: `mcts:value=standard`, the default opponent's value.
  static std::shared_ptr<const ValueNet> standard();
  /// The values folder, where `als train` writes a network for a game and the search finds it:
  /// $ALS_VALUES if set, else $XDG_DATA_HOME/als/values, else $HOME/.local/share/als/values ("" where
  /// none of them is set). A network for the game of content hash H is the file H.txt there.
  static std::string values_dir();
  /// The network trained for the game of content hash `hash` (Engine::content_hash): the values
  /// folder's H.txt where it exists and names that game (als train wrote it: the standard game's
  /// too, so that every variant of a comparison can have a value trained alike), else the built-in
  /// one where it names that game (the standard set); null otherwise. Read once a process and hash (a file
  /// written later is read by the next process). A file that does not parse, or names another
  /// game, gives null and `why` says so.
  static std::shared_ptr<const ValueNet> for_game(const std::string& hash, std::string* why = nullptr);
  /// How the network was trained, as its file says ("recipe TEXT" after the game line: als train
  /// writes its options), or "" where it does not say (the built-in network's: docs/agents.md).
  /// Two games' values are the same player's where their recipes are the same (als compare).
  const std::string& recipe() const { return recipe_; }
  /// The content hash of the game the network was trained for ("" where its file does not say).
  const std::string& game() const { return game_; }
  int inputs() const { return layers_.empty() ? 0 : layers_.front().inputs; }
  int outputs() const { return layers_.empty() ? 0 : layers_.back().outputs; }
  /// The network on `in` (inputs() floats): outputs() floats, float32 arithmetic in the order
  /// PyTorch's reference writes it (sum over inputs in order, then the bias).
  std::vector<float> evaluate(const float* in) const;
  /// The same into `out` (resized to outputs()), reusing this thread's buffers: a search's leaves.
  void evaluate(const float* in, std::vector<float>& out) const;

 private:
  std::vector<Layer> layers_;
  std::string game_;
  std::string recipe_;
};

}  // namespace als
