// als replay: re-runs a game record and checks every state and result (record.h).
#include <iostream>

#include "cli.h"
#include "record.h"

namespace als::cli {

int cmd_replay(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als replay options (re-runs a game record and checks every state and result)\n"
      "  examples: als replay game.jsonl\n"
      "            als replay game.jsonl --cards path/to/changed-set   (replay against another version)\n"
      "  exit 0: it matches; 1: it differs, or ends before the game does; 2: not a record");
  std::string file;
  Common c;
  add_common(desc, c, vm);
  desc.add_options()("file", po::value<std::string>(&file), "a game record (.jsonl)");
  po::positional_options_description pos;
  pos.add("file", 1);
  if (!parse(argc, argv, "replay FILE", desc, vm, &pos)) return 0;
  if (file.empty()) {
    std::cerr << "als replay: no FILE given\n";
    return 2;
  }
  if (vm.count("seed")) {
    std::cerr << "als replay: --seed does not apply (the record holds the seed)\n";
    return 2;
  }
  std::string text;
  if (!read_input("replay", file, text)) return 2;
  ReplayOptions opt;
  if (!vm["cards"].defaulted()) opt.cards = c.cards;
  if (vm.count("rules")) opt.rules = c.rules;
  opt.data_dir = data_dir();
  return replay_record(text, file, opt, std::cout, std::cerr);
}

}  // namespace als::cli
