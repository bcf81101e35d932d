// als replay: re-runs a game record and checks every state and result (record.h).
#include <iostream>

#include "cli.h"
#include "input.h"
#include "record.h"
#include "screen.h"
#include "view.h"

namespace als::cli {

int cmd_replay(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc(
      "als replay options (re-runs a game record and checks every state and result)\n"
      "  examples: als replay game.jsonl\n"
      "            als replay game.jsonl --cards path/to/changed-set  (against another version)\n"
      "            als replay --show game.jsonl --seat 1   (the game as player 1 saw it)\n"
      "  exit 0: it matches; 1: it differs, or ends before the game does;\n"
      "  2: not a record");
  std::string file;
  Common c;
  add_common(desc, c, vm);
  int seat = 0;
  std::string names;
  desc.add_options()("file", po::value<std::string>(&file), "a game record (.jsonl)")(
      "names", po::value<std::string>(&names)->default_value("auto"), kNamesHelp)(
      "show", "print each action and the board after it, as the record knows them (every card), or with --seat")(
      "seat", po::value<int>(&seat), "with --show: the game as player 1 or 2 saw it (their hand, and what they knew)");
  po::positional_options_description pos;
  pos.add("file", 1);
  if (!parse(argc, argv, "replay FILE", desc, vm, &pos)) return 0;
  if (!set_names(names, "replay")) return 2;
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
  if (vm.count("seat") && (!vm.count("show") || (seat != 1 && seat != 2))) {
    std::cerr << "als replay: --seat takes 1 or 2, with --show\n";
    return 2;
  }
  ReplayOptions opt;
  if (vm.count("show")) {
    const int viewer = vm.count("seat") ? seat - 1 : -1;
    opt.on_action = [viewer, n = 0](const Engine& e, const State& before, const Action& a, const State& after,
                                    int player, const EventLog&) mutable {
      // The action in the words the viewer would have read: another's facedown card unnamed, a
      // deploy named (playing faceup shows the card).
      std::cout << "--- action " << ++n << ": " << pname(player) << " "
                << e.text(screen_naming()).action_text(before, a, a.type == Action::Deploy ? -1 : viewer) << "\n";
      print_final_board(e, project(e, after, viewer));
      const Projection v = project(e, after, viewer);
      for (int p = 0; p < 2; ++p) {
        std::vector<std::string> hand;
        for (const SeenCard& x : v.hand[p]) hand.push_back(card_text(e, x, false, screen_naming()));
        std::cout << wrapped("  " + pname(p) + "'s hand: " + (hand.empty() ? "(empty)" : join(hand)), 4) << "\n";
      }
      std::cout << "  VP " << v.score[0] << "-" << v.score[1] << ", battle " << v.battle << "\n";
    };
  }
  if (!vm["cards"].defaulted()) opt.cards = c.cards;
  if (vm.count("rules")) opt.rules = c.rules;
  opt.data_dir = data_dir();
  return replay_record(text, file, opt, std::cout, std::cerr);
}

}  // namespace als::cli
