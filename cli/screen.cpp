// Text for a terminal that more than one command prints (screen.h).
#include "screen.h"
#include "view.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace als::cli {

std::string pname(int p) { return "player " + std::to_string(p + 1); }

size_t visible_width(const std::string& line) {
  size_t n = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\033') {
      while (i < line.size() && line[i] != 'm') ++i;
      continue;
    }
    n += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;  // UTF-8: count lead bytes only
  }
  return n;
}

namespace {
thread_local int frames = 0;        // ScreenFrames alive
thread_local ScreenSize framed;     // the size the outermost read

ScreenSize read_screen_size() {
  ScreenSize size;
  struct winsize ws {};
  auto number = [](const char* name, size_t fallback) {
    const char* v = std::getenv(name);
    char* end = nullptr;
    const long n = v && *v ? std::strtol(v, &end, 10) : 0;
    return n > 0 && n < 10000 && end && *end == '\0' ? static_cast<size_t>(n) : fallback;
  };
  if (isatty(1) && ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0)
    size.columns = ws.ws_col, size.rows = ws.ws_row;
  else
    size.columns = number("COLUMNS", 80), size.rows = number("LINES", 24);
  size.columns = std::clamp<size_t>(size.columns, 60, 100);
  size.rows = std::max<size_t>(size.rows, 20);
  return size;
}
}  // namespace

ScreenFrame::ScreenFrame() {
  if (frames++ == 0) framed = read_screen_size();
}
ScreenFrame::~ScreenFrame() { --frames; }

ScreenSize screen_size() { return frames > 0 ? framed : read_screen_size(); }

std::string wrapped(const std::string& text, size_t indent) { return wrapped(text, indent, screen_size().columns); }

std::string wrapped(const std::string& text, size_t indent, size_t width) {
  std::string out;
  size_t start = 0;
  while ((start ? indent : 0) + visible_width(text.substr(start)) > width) {
    size_t col = start == 0 ? 0 : indent, cut = std::string::npos;
    for (size_t i = start; i < text.size(); ++i) {
      if (text[i] == '\033') {
        while (i < text.size() && text[i] != 'm') ++i;
        continue;
      }
      if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
      if (text[i] == ' ' && i > start) cut = i;
      if (++col > width) break;
    }
    if (cut == std::string::npos) break;  // one word longer than a line: left as it is
    out += (start ? std::string(indent, ' ') : "") + text.substr(start, cut - start) + "\n";
    start = text.find_first_not_of(' ', cut);
    if (start == std::string::npos) return out.substr(0, out.size() - 1);
  }
  return out + (start ? std::string(indent, ' ') : "") + text.substr(start);
}

std::string cut_to(const std::string& text, size_t width) {
  if (visible_width(text) <= width) return text;
  const std::string first = wrapped(text, 0, width > 4 ? width - 4 : width);
  return first.substr(0, first.find('\n')) + " ...";
}

Naming& screen_naming() {
  static Naming naming = isatty(1) ? Naming::Names : Naming::Ids;
  return naming;
}

bool set_names(const std::string& value, const std::string& command) {
  if (value == "always") screen_naming() = Naming::Names;
  else if (value == "never") screen_naming() = Naming::Ids;
  else if (value == "auto") screen_naming() = isatty(1) ? Naming::Names : Naming::Ids;
  else {
    std::cerr << "als " << command << ": --names takes auto, always or never\n";
    return false;
  }
  return true;
}

std::string shown_card(const Engine& e, int c) {
  return card_word(e, c, screen_naming());
}

void print_final_board(const Engine& e, const Projection& v, Naming naming, bool you) {
  const int viewer = v.seat;
  auto who = [&](int p) { return !you || viewer < 0 ? pname(p) : p == viewer ? std::string("you") : std::string("the opponent"); };
  for (const SeenTheater& t : v.theaters) {
    std::ostringstream row;
    row << "  " << std::left << std::setw(6) << e.text().theater_name(t.theater) << std::right;
    for (int p = 0; p < 2; ++p) {
      row << (p ? "  vs  " : "") << who(p) << " " << t.total[p] << " [";
      for (size_t j = 0; j < t.stack[p].size(); ++j)
        row << (j ? ", " : "") << card_text(e, t.stack[p][j], true, naming) << " " << t.stack[p][j].strength;
      row << "]";
    }
    row << "  -> " << who(t.controller);
    std::cout << wrapped(row.str(), 8) << "\n";
  }
}

}  // namespace als::cli
