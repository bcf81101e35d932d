// The player's results kept from game to game (cli/history.h): the file read back whatever it
// holds, the suggested level, and the lines shown after a game.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "history.h"

using namespace als::cli;

namespace {

PastGame game(const std::string& level, bool won) { return PastGame{level, won, won ? 12 : 4, won ? 4 : 12, 0, false, "2026-12-03"}; }

std::string temp_dir() {
  const std::string d = (std::filesystem::temp_directory_path() / ("als-history-" + std::to_string(::getpid()))).string();
  std::filesystem::remove_all(d);
  return d;
}

}  // namespace

TEST_CASE("the suggested level: easy first, up after two wins of the last three, down after three losses") {
  CHECK(suggested_level({}) == "easy");
  CHECK(suggested_level({game("easy", false)}) == "easy");
  CHECK(suggested_level({game("easy", true)}) == "easy");  // one win is not yet two
  CHECK(suggested_level({game("easy", true), game("easy", true)}) == "normal");
  CHECK(suggested_level({game("easy", true), game("easy", false), game("easy", true)}) == "normal");
  CHECK(suggested_level({game("easy", true), game("easy", false), game("easy", false), game("easy", true)}) == "easy");
  // The level played last decides, from its own games only.
  CHECK(suggested_level({game("easy", true), game("easy", true), game("normal", false)}) == "normal");
  CHECK(suggested_level({game("normal", false), game("normal", false), game("normal", false)}) == "easy");
  CHECK(suggested_level({game("normal", false), game("hard", true), game("normal", false), game("normal", false)}) == "easy");
  CHECK(suggested_level({game("easy", false), game("easy", false), game("easy", false)}) == "easy");  // never below easy
  CHECK(suggested_level({game("expert", true), game("expert", true)}) == "expert");                   // nor above expert
}

TEST_CASE("the history file: written a line a game, read back, its bad lines skipped, never a throw") {
  const std::string dir = temp_dir();
  const std::string path = dir + "/als/results.jsonl";
  std::string err;
  CHECK(read_history(path, err).empty());  // no file yet: an empty history
  CHECK(err.empty());
  REQUIRE(append_history(path, game("easy", true), err));
  REQUIRE(append_history(path, game("normal", false), err));
  CHECK((std::filesystem::status(dir + "/als").permissions() & std::filesystem::perms::all) == std::filesystem::perms::owner_all);
  {
    std::ofstream out(path, std::ios::app);
    out << "not json\n{\"level\":\"legendary\",\"won\":true}\n{\"level\":\"hard\"}\n[1,2]\n"
           "{\"level\":\"hard\",\"won\":true,\"vp\":-5,\"takebacks\":\"x\"}\n";
  }
  const std::vector<PastGame> h = read_history(path, err);
  CHECK(err.empty());
  REQUIRE(h.size() == 3);
  CHECK((h[0].level == "easy" && h[0].won && h[0].vp == 12 && h[0].opponent_vp == 4 && h[0].date == "2026-12-03"));
  CHECK((h[1].level == "normal" && !h[1].won));
  CHECK((h[2].level == "hard" && h[2].won && h[2].vp == 0 && h[2].takebacks == 0));  // out-of-range values are clamped or ignored
  // A file too large is not read, and says so.
  {
    std::ofstream big(path, std::ios::trunc);
    std::string line(1000, ' ');
    for (int i = 0; i < 5000; ++i) big << line << "\n";
  }
  CHECK(read_history(path, err).empty());
  CHECK(err.find("not read") != std::string::npos);
  // Nowhere to write: refused with the reason.
  CHECK_FALSE(append_history("", game("easy", true), err));
  CHECK(err.find("XDG_DATA_HOME") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("the history's place: XDG_DATA_HOME, else HOME/.local/share; relative values ignored") {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  const std::string saved_xdg = xdg ? xdg : "", saved_home = home ? home : "";
  ::setenv("XDG_DATA_HOME", "/data/x", 1);
  CHECK(history_path() == "/data/x/als/results.jsonl");
  ::setenv("XDG_DATA_HOME", "relative", 1);
  ::setenv("HOME", "/home/p", 1);
  CHECK(history_path() == "/home/p/.local/share/als/results.jsonl");
  ::unsetenv("XDG_DATA_HOME");
  ::setenv("HOME", "", 1);
  CHECK(history_path().empty());
  if (xdg) ::setenv("XDG_DATA_HOME", saved_xdg.c_str(), 1);
  if (home) ::setenv("HOME", saved_home.c_str(), 1);
}

TEST_CASE("the results shown after a game: wins of games by level, weakest first, and the next level") {
  const std::vector<std::string> lines = results_lines({game("normal", false), game("easy", true), game("easy", true), game("easy", false)});
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "your results: easy 2 won of 3; normal 0 won of 1");
  CHECK(lines[1] == "suggested level: normal (als play --level normal)");  // easy played last, 2 won of its 3
}
