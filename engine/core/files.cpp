// Reading a whole text file safely (files.h).
#include "files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "errors.h"

namespace als {

std::string files::shown_path(const std::string& p) {
  return escape_controls(p.size() > 80 ? p.substr(0, 80) + "..." : p);
}

std::string read_text_file(const std::string& path, size_t max_bytes) {
  if (std::string why = files::path_refusal(path); !why.empty()) throw LoadError(why);
  // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw LoadError(path + ": cannot open file (" + std::strerror(errno) + ")");
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) throw LoadError(path + ": not a regular file");
  if (static_cast<unsigned long long>(st.st_size) > max_bytes)
    throw LoadError(path + ": file too large (" + std::to_string(st.st_size) + " bytes; at most " +
                    std::to_string(max_bytes) + ")");
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw LoadError(path + ": cannot read file (" + std::strerror(errno) + ")");
    }
    if (got == 0) break;
    text.append(buf, static_cast<size_t>(got));
    if (text.size() > max_bytes) throw LoadError(path + ": file too large (at most " + std::to_string(max_bytes) + " bytes)");
  }
  return text;
}

}  // namespace als
