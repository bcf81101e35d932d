// The player's results against the computer (history.h).
#include "history.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "agents.h"
#include "errors.h"
#include "files.h"

namespace als::cli {

namespace {

constexpr size_t kMaxHistoryBytes = 4u << 20;

// The levels' names, weakest first.
std::vector<std::string> level_order() {
  std::vector<std::string> v;
  for (const Level& l : levels()) v.emplace_back(l.name);
  return v;
}

int level_index(const std::string& name) {
  const std::vector<std::string> order = level_order();
  auto it = std::find(order.begin(), order.end(), name);
  return it == order.end() ? -1 : static_cast<int>(it - order.begin());
}

// One line of the file as a game, or false (skipped: not a game of a known level).
bool parse_game(const std::string& line, PastGame& g) {
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object() || !j.contains("level") || !j["level"].is_string() || !j.contains("won") || !j["won"].is_boolean())
    return false;
  g.level = j["level"].get<std::string>();
  if (level_index(g.level) < 0) return false;
  g.won = j["won"].get<bool>();
  auto integer = [&](const char* key, int& out) {
    if (j.contains(key) && j[key].is_number_integer()) out = static_cast<int>(std::clamp<int64_t>(j[key].get<int64_t>(), 0, 1000000));
  };
  integer("vp", g.vp);
  integer("opponent_vp", g.opponent_vp);
  integer("takebacks", g.takebacks);
  if (j.contains("practice") && j["practice"].is_boolean()) g.practice = j["practice"].get<bool>();
  if (j.contains("date") && j["date"].is_string()) g.date = j["date"].get<std::string>().substr(0, 10);
  return true;
}

std::string today_utc() {
  const std::time_t now = std::time(nullptr);
  std::tm t{};
  gmtime_r(&now, &t);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &t);
  return buf;
}

}  // namespace

std::string history_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/als/results.jsonl";
  const char* home = std::getenv("HOME");
  if (home && home[0] == '/') return std::string(home) + "/.local/share/als/results.jsonl";
  return "";
}

std::vector<PastGame> read_history(const std::string& path, std::string& err) {
  std::vector<PastGame> games;
  err.clear();
  if (path.empty() || !files::exists(path)) return games;
  std::string text;
  try {
    text = read_text_file(path, kMaxHistoryBytes);
  } catch (const std::exception& e) {
    err = std::string("your results are not read: ") + e.what();
    return games;
  }
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    PastGame g;
    if (parse_game(line, g)) games.push_back(std::move(g));
  }
  return games;
}

bool append_history(const std::string& path, const PastGame& g, std::string& err) {
  if (path.empty()) {
    err = "neither XDG_DATA_HOME nor HOME is an absolute path: results are not kept";
    return false;
  }
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (!files::is_dir(dir)) {
    std::filesystem::create_directories(dir, ec);
    if (ec) {
      err = "cannot make " + dir.string() + ": " + ec.message();
      return false;
    }
    ::chmod(dir.c_str(), 0700);
  }
  nlohmann::json j = {{"date", g.date.empty() ? today_utc() : g.date}, {"level", g.level}, {"won", g.won},
                      {"vp", g.vp}, {"opponent_vp", g.opponent_vp}, {"takebacks", g.takebacks}, {"practice", g.practice}};
  std::ofstream out(path, std::ios::app);
  out << j.dump() << "\n";
  out.flush();
  if (!out) {
    err = "cannot write " + path;
    return false;
  }
  return true;
}

std::string suggested_level(const std::vector<PastGame>& h) {
  const std::vector<std::string> order = level_order();
  if (h.empty()) return order.front();
  const std::string& last = h.back().level;
  const int at = level_index(last);
  std::vector<bool> recent;  // the last three games at that level, most recent first
  for (auto it = h.rbegin(); it != h.rend() && recent.size() < 3; ++it)
    if (it->level == last) recent.push_back(it->won);
  const long wins = std::count(recent.begin(), recent.end(), true);
  if (wins >= 2 && at + 1 < static_cast<int>(order.size())) return order[static_cast<size_t>(at + 1)];
  if (recent.size() == 3 && wins == 0 && at > 0) return order[static_cast<size_t>(at - 1)];
  return last;
}

std::vector<std::string> results_lines(const std::vector<PastGame>& h) {
  std::vector<std::string> out;
  std::string line = "your results:";
  for (const std::string& level : level_order()) {
    int games = 0, wins = 0;
    for (const PastGame& g : h)
      if (g.level == level) ++games, wins += g.won;
    if (games == 0) continue;
    const std::string part = " " + level + " " + std::to_string(wins) + " won of " + std::to_string(games) + ";";
    if (line.size() + part.size() > 80) out.push_back(line), line = " ";
    line += part;
  }
  if (line.back() == ';') line.pop_back();
  out.push_back(line);
  const std::string next = suggested_level(h);
  out.push_back("suggested level: " + next + " (als play --level " + next + ")");
  return out;
}

}  // namespace als::cli
