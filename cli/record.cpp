#include "record.h"

#include <iostream>

#include <nlohmann/json.hpp>

#include "cli.h"

namespace als::cli {

using nlohmann::json;

bool Recorder::open(const std::string& path, const Engine& e, const std::string& cards_arg, uint64_t seed, const std::string& p1,
                    const std::string& p2, std::string& error) {
  out_.open(path, std::ios::trunc);
  if (!out_) {
    error = path + ": cannot write the game record";
    return false;
  }
  json h = {{"type", "header"},     {"format", kRecordFormat}, {"engine", std::string("als ") + ALS_VERSION},
            {"cards", cards_arg}, {"set", e.set().name}, {"content_hash", e.content_hash()},
            {"rules", e.rule_names()}, {"seed", seed},           {"p1", p1},
            {"p2", p2}};
  out_ << h.dump() << "\n" << std::flush;
  return true;
}

void Recorder::action(const Engine&, int player, const std::string& text, const EventLog& log) {
  if (!out_.is_open()) return;
  out_ << json{{"type", "action"}, {"player", player + 1}, {"action", text}}.dump() << "\n";
  for (const Event& ev : log.events) {
    if (ev.type == Event::BattleEnd)
      out_ << json{{"type", "battle"},
                   {"number", ev.value},
                   {"winner", ev.player + 1},
                   {"vp", ev.vp},
                   {"reason", ev.withdrew ? "withdraw" : "control"},
                   {"score", {ev.score[0], ev.score[1]}}}
                  .dump()
           << "\n";
    if (ev.type == Event::GameEnd)
      out_ << json{{"type", "game"}, {"winner", ev.player + 1}, {"score", {ev.score[0], ev.score[1]}}}.dump() << "\n";
  }
  out_ << std::flush;
}

int cmd_replay(int argc, char** argv) {
  po::variables_map vm;
  po::options_description desc("als replay options");
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
  std::ifstream in(file);
  if (!in) {
    std::cerr << "als replay: " << file << ": cannot open\n";
    return 2;
  }
  std::shared_ptr<Engine> eng;
  State s;
  std::string line;
  int n = 0;
  std::vector<json> battles;
  auto bad = [&](const std::string& why) {
    std::cerr << "als replay: " << file << ":" << n << ": " << why << "\n";
    return 2;
  };
  auto diverged = [&](const std::string& why) {
    std::cout << "replay: " << file << ":" << n << ": mismatch: " << why << "\n";
    return 1;
  };
  try {
    while (std::getline(in, line)) {
      ++n;
      if (line.empty()) continue;
      json j = json::parse(line);
      std::string type = j.at("type").get<std::string>();
      if (n == 1 && type != "header") return bad("the first line must be the header");
      if (type == "header") {
        if (j.at("format").get<int>() != kRecordFormat) return bad("unknown record format");
        // --cards and --rules, when given, replace the recorded ones (to replay against a changed set).
        std::string cards = vm["cards"].defaulted() ? j.at("cards").get<std::string>() : c.cards;
        auto rules = vm.count("rules") ? c.rules : j.at("rules").get<std::vector<std::string>>();
        try {
          eng = Engine::load(cards, rules, data_dir());
        } catch (const LoadError& e) {
          return bad(e.what());
        }
        if (eng->content_hash() != j.at("content_hash").get<std::string>())
          return diverged("the card set or rules changed since the game was recorded (content hash " +
                          eng->content_hash() + ", recorded " + j.at("content_hash").get<std::string>() + ")");
        s = eng->new_game(j.at("seed").get<uint64_t>());
      } else if (type == "action") {
        if (!eng) return bad("an action before the header");
        int p = j.at("player").get<int>();
        if (eng->to_act(s) + 1 != p)
          return diverged("player " + std::to_string(p) + " acts, but the engine expects player " +
                          std::to_string(eng->to_act(s) + 1));
        std::string text = j.at("action").get<std::string>();
        EventLog log;
        try {
          eng->apply(s, eng->parse_action(s, text, -1), &log);
        } catch (const std::exception& e) {
          return diverged("'" + text + "': " + e.what());
        }
        for (const Event& ev : log.events)
          if (ev.type == Event::BattleEnd)
            battles.push_back(json{{"number", ev.value},
                                   {"winner", ev.player + 1},
                                   {"vp", ev.vp},
                                   {"reason", ev.withdrew ? "withdraw" : "control"},
                                   {"score", {ev.score[0], ev.score[1]}}});
      } else if (type == "battle") {
        json want = j;
        want.erase("type");
        if (battles.empty()) return diverged("the record has a battle result the replay did not reach");
        if (battles.front() != want) return diverged("battle result " + battles.front().dump() + ", recorded " + want.dump());
        battles.erase(battles.begin());
      } else if (type == "game") {
        if (!eng || s.b.phase != Phase::Over) return diverged("the record says the game is over, the replay does not");
        json got = {{"winner", s.b.winner + 1}, {"score", {s.b.score[0], s.b.score[1]}}};
        json want = j;
        want.erase("type");
        if (got != want) return diverged("game result " + got.dump() + ", recorded " + want.dump());
      } else {
        return bad("unknown line type '" + type + "'");
      }
    }
  } catch (const json::exception& e) {
    return bad(std::string("malformed record: ") + e.what());
  }
  if (!eng) return bad("empty record");
  std::cout << "replay: " << file << ": " << n << " lines, every result matches\n";
  return 0;
}

}  // namespace als::cli
