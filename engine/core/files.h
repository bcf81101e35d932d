// Files: questions about paths that never throw (a path too long, a folder that cannot be read:
// the answer is simply "no"), so no library's raw `what()` reaches a user; and reading a whole
// text file with a size bound (files.cpp).
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <system_error>

namespace als::files {

inline bool is_dir(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_directory(p, ec);
}
inline bool is_file(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec);
}
inline bool exists(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::exists(p, ec);
}
/// Why the system cannot take `p` as a path ("a path of N bytes: at most 4095", "a name of N
/// bytes in it: at most 255"), or "" when it can. Said before "no such file", which it would
/// otherwise look like.
inline std::string path_too_long(const std::filesystem::path& p) {
  const std::string& s = p.native();
  if (s.size() > 4095) return "a path of " + std::to_string(s.size()) + " bytes: at most 4095";
  for (const auto& part : p)
    if (part.native().size() > 255)
      return "a name of " + std::to_string(part.native().size()) + " bytes in the path: at most 255";
  return "";
}
/// A path as a message shows it: its first 80 bytes (then "...") with control characters escaped.
std::string shown_path(const std::string& p);
/// Why the system cannot take `p`, with `p` shown ("/tmp/aaa...: a path of 5205 bytes: at most
/// 4095"), or "": what every command says of a path before it opens or writes it.
inline std::string path_refusal(const std::string& p) {
  std::string why = path_too_long(p);
  return why.empty() ? why : shown_path(p) + ": " + why;
}
/// The absolute form of a path (lexically normal); the path itself if that fails.
inline std::filesystem::path absolute(const std::filesystem::path& p) {
  std::error_code ec;
  auto a = std::filesystem::absolute(p, ec);
  return ec ? p : a.lexically_normal();
}

/// Whether `a` and `b` name one file: equal once made absolute with their links and `..` resolved
/// as far as they exist (a file not yet written is named by its folder's real path and its name).
/// A link to a file not yet written counts as that file.
inline bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  auto resolved = [](std::filesystem::path p) {
    p = files::absolute(p);
    std::error_code ec;
    for (int hops = 0; hops < 40 && std::filesystem::is_symlink(p, ec); ++hops) {  // (a dangling link too)
      const auto target = std::filesystem::read_symlink(p, ec);
      if (ec) break;
      p = (target.is_absolute() ? target : p.parent_path() / target).lexically_normal();
    }
    const auto c = std::filesystem::weakly_canonical(p, ec);
    return ec ? p : c;
  };
  return resolved(a) == resolved(b);
}

}  // namespace als::files

namespace als {

/// Reads a whole text file (a script, a record, a shard's results): a regular file (after links)
/// of at most `max_bytes` bytes. Never blocks on a FIFO or device. Throws LoadError naming the
/// file and saying why (cannot open, not a regular file, too large, cannot read).
std::string read_text_file(const std::string& path, size_t max_bytes);

}  // namespace als
