// The screen's size (cli/screen.h): read from the terminal or $COLUMNS and $LINES, clamped, and
// read once a screen while a ScreenFrame lives.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>

#include "screen.h"

using namespace als::cli;

TEST_CASE("screen size: from $COLUMNS and $LINES, clamped, and one size for a whole screen") {
  if (isatty(1)) {  // at a terminal its own size wins over the variables: run it through a pipe
    WARN("standard output is a terminal: the screen-size test reads the variables only through a pipe");
    return;
  }
  REQUIRE(::setenv("COLUMNS", "70", 1) == 0);
  REQUIRE(::setenv("LINES", "30", 1) == 0);
  CHECK(screen_size().columns == 70);
  CHECK(screen_size().rows == 30);
  ::setenv("COLUMNS", "300", 1), ::setenv("LINES", "5", 1);
  CHECK(screen_size().columns == 100);  // kept from 60 to 100, rows at least 20
  CHECK(screen_size().rows == 20);
  ::setenv("COLUMNS", "72", 1), ::setenv("LINES", "40", 1);
  {
    const ScreenFrame frame;
    CHECK(screen_size().columns == 72);
    ::setenv("COLUMNS", "90", 1);  // resized as the screen prints: the screen keeps its size
    CHECK(screen_size().columns == 72);
    {
      const ScreenFrame inner;  // a frame within a frame keeps the outer's size
      CHECK(screen_size().columns == 72);
    }
    CHECK(wrapped(std::string(50, 'a') + " " + std::string(30, 'b'), 2).find('\n') != std::string::npos);
  }
  CHECK(screen_size().columns == 90);  // the next screen reads it again
  CHECK(wrapped(std::string(50, 'a') + " " + std::string(30, 'b'), 2).find('\n') == std::string::npos);
  ::unsetenv("COLUMNS"), ::unsetenv("LINES");
  CHECK(screen_size().columns == 80);
  CHECK(screen_size().rows == 24);
}
