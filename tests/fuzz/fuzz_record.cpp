// libFuzzer target: game records as `als replay` reads them. Any text must give exit status 0,
// 1 or 2 with a message, never a crash or an exception.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  als::cli::ReplayOptions opt;
  opt.data_dir = ALS_DATA_DIR;
  std::ostringstream out, err;
  int rc = als::cli::replay_record(text, "fuzz.jsonl", opt, out, err);
  if (rc < 0 || rc > 2 || (rc != 0 && out.str().empty() && err.str().empty())) std::abort();
  return 0;
}
