// The trust policy (policy.h).
#include "policy.h"

#include <algorithm>
#include <system_error>

namespace als {

void Policy::add_folder(const std::string& dir) {
  std::error_code ec;
  auto abs = std::filesystem::absolute(dir, ec);
  if (ec) return;
  auto canon = std::filesystem::weakly_canonical(abs, ec);
  if (!ec) allowed_.push_back(canon);
}

Policy Policy::client(const std::vector<std::string>& allowed, bool allow_exec) {
  Policy p(Source::Client);
  for (const std::string& dir : allowed) p.add_folder(dir);
  p.allow_exec_ = allow_exec;
  return p;
}

std::string Policy::may_open(std::string& path) const {
  if (source_ == Source::User) return "";
  const std::string refusal = "paths are accepted only under the folders given with --allow-path";
  if (path.empty() || path.size() > 4096) return refusal;
  std::error_code ec;
  const std::filesystem::path abs = std::filesystem::absolute(path, ec);
  if (ec) return refusal;
  const std::filesystem::path p = std::filesystem::weakly_canonical(abs, ec);
  if (ec) return refusal;
  for (const std::filesystem::path& dir : allowed_) {
    auto [d, q] = std::mismatch(dir.begin(), dir.end(), p.begin(), p.end());
    (void)q;
    if (d == dir.end()) {
      path = p.string();
      return "";
    }
  }
  return refusal;
}

Policy Policy::also(const std::string& dir) const {
  if (source_ == Source::User) return *this;
  Policy p = *this;
  p.add_folder(dir);
  return p;
}

std::string Policy::key() const {
  if (source_ == Source::User) return "user";
  std::string k = allow_exec_ ? "client+exec" : "client";
  for (const auto& d : allowed_) k.append(1, '\n').append(d.native());
  return k;
}

std::string Policy::may_run_programs() const {
  if (source_ == Source::User || allow_exec_) return "";
  return "programs (exec:) may be named by a client only where the server was started with --allow-exec";
}

}  // namespace als
