// Game records (cli.md "Game records"): JSON Lines written by `als play --log` and checked by
// `als replay`.
#pragma once
#include <fstream>
#include <string>

#include "engine.h"

namespace als::cli {

constexpr int kRecordFormat = 1;

class Recorder {
 public:
  /// Opens `path` and writes the header; returns false (with `error` set) if it cannot.
  bool open(const std::string& path, const Engine& e, const std::string& cards_arg, uint64_t seed, const std::string& p1, const std::string& p2,
            std::string& error);
  bool is_open() const { return out_.is_open(); }
  /// One action as played (omniscient text), then the battle and game results it produced.
  void action(const Engine& e, int player, const std::string& text, const EventLog& log);

 private:
  std::ofstream out_;
};

}  // namespace als::cli
