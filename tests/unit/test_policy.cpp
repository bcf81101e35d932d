// The trust policy (engine/core/policy.h): what a command line's user and an als serve client may
// name (issue 52).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "helpers.h"
#include "policy.h"

using als::Policy;

TEST_CASE("policy: the command line's user names any path and runs programs") {
  const Policy user = Policy::user();
  std::string p = "/etc/passwd";
  CHECK(user.may_open(p).empty());
  CHECK(p == "/etc/passwd");
  CHECK(user.may_run_programs().empty());
}

TEST_CASE("policy: a client names paths only under --allow-path, resolved, with one message") {
  namespace fs = std::filesystem;
  const fs::path root = als::test::temp_folder("policy");
  fs::create_directories(root / "allowed" / "sub");
  std::ofstream(root / "allowed" / "sub" / "net.txt") << "x";
  std::ofstream(root / "outside.txt") << "x";
  fs::create_symlink(root / "outside.txt", root / "allowed" / "link.txt");
  const Policy client = Policy::client({(root / "allowed").string()}, false);

  std::string inside = (root / "allowed" / "sub" / ".." / "sub" / "net.txt").string();
  CHECK(client.may_open(inside).empty());
  CHECK(inside == fs::weakly_canonical(root / "allowed" / "sub" / "net.txt").string());  // the file opened is the one checked
  std::string missing_inside = (root / "allowed" / "none.txt").string();
  CHECK(client.may_open(missing_inside).empty());  // (it may name what is under the folder; the reader says it is not there)

  const std::string refusal = "paths are accepted only under the folders given with --allow-path";
  for (std::string p : {(root / "outside.txt").string(), (root / "allowed" / ".." / "outside.txt").string(),
                        (root / "allowed" / "link.txt").string(), std::string("/etc/passwd"), std::string("/no/such/file"),
                        (root / "allowedx").string(), std::string(), std::string(5000, 'a')})
    CHECK(client.may_open(p) == refusal);
  CHECK(client.may_run_programs().find("--allow-exec") != std::string::npos);
  CHECK(Policy::client({}, true).may_run_programs().empty());
}
