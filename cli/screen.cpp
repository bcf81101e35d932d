// Text for a terminal that more than one command prints (screen.h).
#include "screen.h"

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

std::string wrapped(const std::string& text, size_t indent) {
  std::string out;
  size_t start = 0;
  while ((start ? indent : 0) + visible_width(text.substr(start)) > 80) {
    size_t col = start == 0 ? 0 : indent, cut = std::string::npos;
    for (size_t i = start; i < text.size(); ++i) {
      if (text[i] == '\033') {
        while (i < text.size() && text[i] != 'm') ++i;
        continue;
      }
      if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
      if (text[i] == ' ' && i > start) cut = i;
      if (++col > 80) break;
    }
    if (cut == std::string::npos) break;  // one word longer than a line: left as it is
    out += (start ? std::string(indent, ' ') : "") + text.substr(start, cut - start) + "\n";
    start = text.find_first_not_of(' ', cut);
    if (start == std::string::npos) return out.substr(0, out.size() - 1);
  }
  return out + (start ? std::string(indent, ' ') : "") + text.substr(start);
}

void print_final_board(const Engine& e, const State& at, int viewer) {
  const View v = e.view(at, viewer);
  for (size_t i = 0; i < v.theaters.size(); ++i) {
    std::ostringstream row;
    row << "  " << std::left << std::setw(6) << v.theaters[i] << std::right;
    for (int p = 0; p < 2; ++p) {
      row << (p ? "  vs  " : "") << pname(p) << " " << v.strength[p][i] << " [";
      for (size_t j = 0; j < v.stacks[p][i].size(); ++j)
        row << (j ? ", " : "") << v.stacks[p][i][j] << " " << v.card_strength[p][i][j];
      row << "]";
    }
    row << "  -> " << pname(v.controller[i]);
    std::cout << wrapped(row.str(), 8) << "\n";
  }
}

}  // namespace als::cli
