// The trust policy: what the source of a request may name and do (docs/security.md, "Who may
// name what"). Every surface that takes a name from outside (a file, a folder, an agent) asks the
// policy of its source rather than deciding on its own:
// - the command line trusts its user: any file, any agent, programs included;
// - an `als serve` client may name files and folders only under the server's `--allow-path`
//   folders, and programs (`exec:` agents) only where the server was started with `--allow-exec`;
// Data (records, shards, serialized states) is not a source here: it names no agent, program or
// file but the card set and house rules it was made with, which the loader runs in the sandbox
// and the reader checks against the content hash the data carries (docs/security.md).
// A refusal says the same whether or not the named file exists, so no source learns more about
// the disk than it may name.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace als {

class Policy {
 public:
  enum class Source { User, Client };

  /// The command line's user: may name any path and run programs.
  static Policy user() { return Policy(Source::User); }
  /// An `als serve` client: paths only under `allowed` (folders; made absolute and canonical
  /// here), programs only if `allow_exec`.
  static Policy client(const std::vector<std::string>& allowed, bool allow_exec);

  Source source() const { return source_; }
  /// Whether a path named by this source may be opened. On success `path` is rewritten to the
  /// form to open (for a client: absolute and canonical, links and `..` resolved, so the file
  /// opened is the one checked) and "" is returned; otherwise the refusal, the same text whether
  /// the path exists or not ("paths are accepted only under the folders given with --allow-path").
  std::string may_open(std::string& path) const;
  /// Whether this source may start a program (an `exec:` agent): "" if it may, else the refusal.
  std::string may_run_programs() const;
  /// This policy with the folder `dir` also admitted (a client's game reads the bundled data folder
  /// and the server's own set); the user's policy is returned as it is.
  Policy also(const std::string& dir) const;
  /// A key that tells policies apart (a cache of engines loaded under them): "user", or "client"
  /// with its folders.
  std::string key() const;

 private:
  explicit Policy(Source s) : source_(s) {}
  // Admits `dir` (made absolute and canonical; a path the system refuses admits nothing).
  void add_folder(const std::string& dir);
  Source source_;
  std::vector<std::filesystem::path> allowed_;  // canonical folders (Client)
  bool allow_exec_ = false;
};

}  // namespace als
