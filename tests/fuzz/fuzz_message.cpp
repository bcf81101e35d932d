// libFuzzer target: what als serve reads from a client, line by line (engine/lab/jsonl.h): lines read
// with a bound on their length, JSON parsed with a bound on its nesting and no repeated key. Any
// input must end in a value or a refusal, never a crash, deep recursion or unbounded memory.
#include <cstdint>
#include <sstream>
#include <string>

#include "jsonl.h"

using namespace als::lab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line, why;
  bool too_long = false;
  while (read_bounded_line(in, line, 512, too_long)) {
    if (line.size() > 512) __builtin_trap();  // the bound holds
    nlohmann::json m;
    if (!parse_json(line, m, why)) {
      if (why.empty()) __builtin_trap();  // a refusal always says why
      continue;
    }
    // What the server does with a message: look its fields up and echo it.
    if (m.is_object()) {
      auto type = m.find("type");
      if (type != m.end() && type->is_string()) (void)type->get<std::string>();
    }
    (void)m.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  return 0;
}
