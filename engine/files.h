// File-system questions that never throw (a path too long, a folder that cannot be read: the
// answer is simply "no"), so no library's raw `what()` reaches a user.
#pragma once
#include <filesystem>
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
/// The absolute form of a path (lexically normal); the path itself if that fails.
inline std::filesystem::path absolute(const std::filesystem::path& p) {
  std::error_code ec;
  auto a = std::filesystem::absolute(p, ec);
  return ec ? p : a.lexically_normal();
}

}  // namespace als::files
