// als web: the game in a browser (docs/web.md). The command reads the options, sets the game up and
// prints the links; the game and the server are the web layer's (web/).
#include <csignal>
#include <iostream>

#include "cli.h"
#include "record.h"
#include "server.h"

namespace als::cli {

int cmd_web(int argc, char** argv) {
  Common c;
  po::variables_map vm;
  po::options_description desc(
      "als web options (the game in a browser: open the link it prints)\n"
      "  examples: als web                          (you against the normal level)\n"
      "            als web --level hard --log game.jsonl\n"
      "            als web --p2 human --host 0.0.0.0  (a friend plays on another machine)\n"
      "            als web --one-screen               (hot seat: two people, one screen)");
  std::string p1, p2, level, log_file, host;
  int port = 0;
  add_common(desc, c, vm);
  add_param(desc, c.param_flags);
  desc.add_options()("p1", po::value<std::string>(&p1)->default_value("human"), "player 1: human or an agent, as for --p2")(
      "p2", po::value<std::string>(&p2)->default_value("normal"),
      ("player 2: human (a second link), or an agent: " + agent_help()).c_str())(
      "level", po::value<std::string>(&level), ("the computer's strength: " + level_names() + " (default normal)").c_str())(
      "log", po::value<std::string>(&log_file), "write each game's record (JSON Lines, as als play --log) to FILE")(
      "host", po::value<std::string>(&host)->default_value("127.0.0.1"),
      "the address to listen on: this machine only unless another is given (0.0.0.0: every network)")(
      "port", po::value<int>(&port)->default_value(0), "the port (0: any free one)")(
      "one-screen", "hot seat: both seats people's at one page (one link), a hand hidden between turns");
  if (!parse(argc, argv, "web", desc, vm)) return 0;
  if (port < 0 || port > 65535) {
    std::cerr << "als web: --port takes 0 to 65535\n";
    return 2;
  }
  if (vm.count("level")) {
    if (!vm["p2"].defaulted()) {
      std::cerr << "als web: give --level or --p2, not both\n";
      return 2;
    }
    if (level_spec(level) == level) {
      std::cerr << "als web: unknown level '" << level << "' (levels: " << level_names() << ")\n";
      return 2;
    }
    p2 = level;
  }
  for (const std::string& a : {p1, p2})
    if (a != "human")
      if (std::string why = agent_spec_refusal(a); !why.empty()) {
        std::cerr << "als web: " << why << "\n";
        return 2;
      }
  if (vm.count("one-screen")) {
    if (p1 != "human" || (!vm["p2"].defaulted() && p2 != "human") || vm.count("level")) {
      std::cerr << "als web: --one-screen is two people at one page (--p1 human --p2 human)\n";
      return 2;
    }
    p2 = "human";
  }
  if (p1 != "human" && p2 != "human") {
    std::cerr << "als web: one seat at least is a person's (--p1 human or --p2 human)\n";
    return 2;
  }
  if (std::string err; !log_file.empty() && (!path_ok("web", log_file) || !Recorder::can_write(log_file, err))) {
    if (!err.empty()) std::cerr << "als web: " << err << "\n";
    return 2;
  }
  auto eng = open_engine(c);
  if (!eng) return 2;
  web::GameSetup setup;
  setup.agents[0] = p1, setup.agents[1] = p2;
  setup.seed = seed_or_random(vm);
  setup.log_file = log_file;
  setup.data_dir = data_dir(), setup.cards = c.cards, setup.rules = c.rules;
  setup.one_screen = vm.count("one-screen") > 0;
  try {
    web::WebGame game(*eng, setup);
    web::ServerOptions opt;
    opt.host = host;
    opt.port = static_cast<uint16_t>(port);
    web::Server server(game, opt);
    // The first line is the link (a program reads it); a second person's link follows.
    for (int p = 0; p < 2; ++p)
      if (game.human(p) && !(p == 1 && game.one_screen()))
        std::cout << server.link(p) << (p == 1 && game.human(0) ? (host == "127.0.0.1" || host == "::1" || host == "localhost" ? "   (player 2's link, this machine only: --host)" : "   (player 2's link)") : "") << "\n";
    std::cout << "als web: open the link in a browser; Ctrl-C stops the server" << std::endl;
    std::signal(SIGPIPE, SIG_IGN);
    server.run();  // until Ctrl-C (SIGINT) or SIGTERM
    if (std::string err = game.finish(); !err.empty()) std::cerr << "als web: " << err << "\n";
  } catch (const std::runtime_error& err) {  // (ScriptError and LoadError among them)
    std::cerr << "als web: " << err.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& err) {
    std::cerr << "als web: " << err.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace als::cli
