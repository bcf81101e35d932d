#include "record.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "files.h"
#include "jsonl.h"
#include "sandbox.h"
#include "match.h"
#include "loader.h"

namespace als::cli {

using namespace als::lab;  // parse_json, params_json (engine/lab/jsonl.h)

using nlohmann::json;

std::string digest_text(uint64_t d) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(d));
  return hex;
}

namespace {

// A bundled name stays a name; anything else is recorded as an absolute path, so that the record
// replays from any folder.
std::string portable(const std::string& arg, const std::string& data_dir, const std::string& bundled_dir,
                     const std::string& suffix) {
  bool name = arg.find('/') == std::string::npos && arg.find(".lua") == std::string::npos;
  if (name && files::exists(std::filesystem::path(data_dir) / bundled_dir / (arg + suffix))) return arg;
  return files::absolute(arg).string();
}

}  // namespace

json battle_json(const Event& ev) {
  return json{{"number", ev.value},
              {"winner", ev.player + 1},
              {"vp", ev.vp},
              {"reason", ev.withdrew ? "withdraw" : ev.option > 0 ? ev.text : "control"},
              {"score", {ev.score[0], ev.score[1]}}};
}

void Recorder::start(const Engine& e, const std::string& data_dir, const std::string& cards_arg,
                     const std::vector<std::string>& rules_args, uint64_t seed, const std::string& p1,
                     const std::string& p2) {
  std::vector<std::string> rules;
  for (const auto& r : rules_args) rules.push_back(portable(r, data_dir, "scripts/rules", ".lua"));
  json h = {{"type", "header"},
            {"format", kRecordFormat},
            {"digest", kDigestVersion},
            {"engine", std::string("als ") + ALS_VERSION},
            {"cards", portable(cards_arg, data_dir, "cards", "")},
            {"set", e.set().name},
            {"content_hash", e.content_hash()},
            {"rules", rules},
            {"seed", seed},
            {"p1", p1},
            {"p2", p2}};
  if (!e.rules().params.empty()) h["params"] = params_json(e.rules().params);
  if (practice) h["practice"] = true;  // the values played with: a replay loads them again
  text_ = h.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

void Recorder::action(const Engine& e, const State& after, int player, const std::string& text, const EventLog& log) {
  json a = {{"type", "action"}, {"player", player + 1}, {"action", text}, {"digest", digest_text(digest(e, after))}};
  text_ += a.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  events(log);
}

void Recorder::events(const EventLog& log) {
  for (const Event& ev : log.events) {
    if (ev.type == Event::Log)  // g:log lines are seen by both players (docs/modding.md)
      text_ += json{{"type", "log"}, {"text", ev.text}}.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    if (ev.type == Event::BattleEnd) {
      json b = battle_json(ev);
      b["type"] = "battle";
      text_ += b.dump() + "\n";
    }
    if (ev.type == Event::GameEnd) {
      json g = {{"type", "game"}, {"winner", ev.player + 1}, {"score", {ev.score[0], ev.score[1]}}};
      if (ev.option > 0 && ev.option != kNone) g["reason"] = ev.text;  // a game_over hook's (API 4)
      text_ += g.dump() + "\n";
    }
  }
}

void Recorder::on_forfeit(const Match& m, int seat, const std::string& kind, const EventLog& log) {
  json line = {{"type", "forfeit"}, {"player", seat + 1}, {"kind", kind}};
  if (!m.agent_failure_detail().empty()) line["detail"] = m.agent_failure_detail().substr(0, 1000);  // (for the author)
  text_ += line.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  events(log);
}

void Recorder::undo(size_t mark, int player) {
  json undone = json::array();
  std::string earlier;  // takebacks recorded since the mark: kept, each line as it was (issue 73)
  for (size_t at = mark; at < text_.size();) {  // the lines cut: this recorder's own, one JSON object a line
    size_t end = text_.find('\n', at);
    if (end == std::string::npos) end = text_.size();
    json j = json::parse(text_.substr(at, end - at), nullptr, false);
    if (j.is_object() && j.value("type", "") == "action") undone.push_back(j.value("action", ""));
    if (j.is_object() && j.value("type", "") == "undo") earlier += text_.substr(at, end - at) + "\n";
    at = end + 1;
  }
  text_.resize(mark);
  text_ += earlier;
  text_ += json{{"type", "undo"}, {"player", player + 1}, {"undone", undone}}.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

void Recorder::abandoned(const std::string& reason) {
  text_ += json{{"type", "abandoned"}, {"reason", reason}}.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

bool Recorder::can_write(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& what) {
    error = files::shown_path(path) + ": cannot write the game record (" + what + ")";
    return false;
  };
  if (std::string why = files::path_too_long(path); !why.empty()) return fail(why);
  std::error_code ec;
  auto st = fs::status(path, ec);
  if (!ec && fs::is_directory(st)) return fail("it is a folder");
  if (!ec && fs::exists(st) && !fs::is_regular_file(st)) {  // a device or FIFO: written directly
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return fail(std::strerror(errno));
    ::close(fd);
    return true;
  }
  std::string tmp = path + ".tmp-XXXXXX";  // as write() will: a file beside it, then renamed
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) return fail(std::strerror(errno));
  ::close(fd);
  ::unlink(tmp.c_str());
  return true;
}

bool Recorder::write(const std::string& path, std::string& error) const {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& what) {
    error = files::shown_path(path) + ": cannot write the game record (" + what + ")";
    return false;
  };
  auto write_all = [&](int fd) {
    size_t done = 0;
    while (done < text_.size()) {
      ssize_t n = ::write(fd, text_.data() + done, text_.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  };
  std::error_code ec;
  auto st = fs::status(path, ec);
  if (!ec && fs::exists(st) && !fs::is_regular_file(st)) {  // a device or FIFO: write it directly
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return fail(std::strerror(errno));
    bool ok = write_all(fd);
    int err = errno;
    if (::close(fd) != 0 && ok) ok = false, err = errno;
    return ok ? true : fail(std::strerror(err));
  }
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) return fail(std::strerror(errno));
  bool ok = write_all(fd) && ::fsync(fd) == 0;
  int err = errno;
  if (::close(fd) != 0 && ok) ok = false, err = errno;
  if (ok && ::rename(tmp.c_str(), path.c_str()) != 0) ok = false, err = errno;
  if (!ok) {
    ::unlink(tmp.c_str());
    return fail(std::strerror(err));
  }
  return true;
}

// ---- als replay ----------------------------------------------------------------------------

namespace {

struct Replay {
  std::string file;
  std::ostream& out;
  std::ostream& err;
  int line = 0;
  // Exit 2: the file is not a record. Exit 1: a record whose game does not replay the same.
  int bad(const std::string& why) const {
    err << "als replay: " << escape_controls(file) << ":" << line << ": " << escape_controls(why) << "\n";
    return 2;
  }
  int mismatch(const std::string& why) const {
    out << "replay: " << escape_controls(file) << ":" << line << ": mismatch: " << escape_controls(why) << "\n";
    return 1;
  }
};

// Typed field access that explains itself instead of throwing the library's exceptions.
bool get_string(const json& j, const char* k, std::string& out) {
  auto it = j.find(k);
  if (it == j.end() || !it->is_string()) return false;
  out = it->get<std::string>();
  return true;
}
bool get_int(const json& j, const char* k, long long lo, long long hi, long long& out) {
  auto it = j.find(k);
  if (it == j.end() || !it->is_number_integer()) return false;
  if (it->is_number_unsigned()) {
    auto u = it->get<unsigned long long>();
    if (u > static_cast<unsigned long long>(hi)) return false;
    out = static_cast<long long>(u);
  } else {
    out = it->get<long long>();
  }
  return out >= lo && out <= hi;
}

}  // namespace

namespace {

// Re-plays a record line by line: one method a line type, each returning -1 to go on or the
// exit status (Replay::bad, Replay::mismatch).
class Replayer {
 public:
  Replayer(Replay& r, const ReplayOptions& opt) : r_(r), opt_(opt) {}
  int line(const json& j, const std::string& type) {
    if (r_.line == 1 && type != "header") return r_.bad("the first line must be the header");
    if (type == "header") return header(j);
    if (type == "action") return action(j);
    if (type == "battle") return battle(j);
    if (type == "game") return game(j);
    if (type == "log") return log(j);
    if (type == "forfeit") return forfeit(j);
    if (type == "abandoned") {
      abandoned_ = true;
      return -1;
    }
    if (type == "undo") return undo(j);  // a takeback in als play: the lines around it are the game as played
    return r_.bad("unknown line type '" + type + "'");
  }
  bool ended() const { return abandoned_ || game_line_; }
  int finish(std::ostream& out, const std::string& file) const {
    if (!eng_) return r_.bad("empty record");
    if (!game_line_ && !abandoned_)
      return r_.mismatch("incomplete: the record ends before the game does (and does not say it was abandoned)");
    out << "replay: " << escape_controls(file) << ": " << r_.line << " lines, every result and state matches"
        << (abandoned_ ? " (the game was abandoned)" : "");
    if (digests_ && digests_->skipped())
      out << " (" << digests_->skipped() << " states' digests not checked: digest version " << digests_->version()
          << (digests_->version() > kDigestVersion ? ", newer than this als's)" : ", where its knowledge model differs)");
    out << "\n";
    return 0;
  }

 private:
  int header(const json& j);
  int action(const json& j);
  int undo(const json& j) {
    if (!opt_.on_undo) return -1;
    long long player;
    if (!get_int(j, "player", 1, 2, player)) return r_.bad("an undo line needs \"player\" (1 or 2)");
    std::vector<std::string> undone;
    if (auto u = j.find("undone"); u != j.end() && u->is_array())
      for (const auto& x : *u)
        if (x.is_string() && undone.size() < 1000) {  // the record's own text: one line, escaped
          std::string text = escape_controls(x.get<std::string>().substr(0, 200));
          std::replace_if(text.begin(), text.end(), [](char ch) { return ch == '\n' || ch == '\t'; }, ' ');
          undone.push_back(std::move(text));
        }
    opt_.on_undo(static_cast<int>(player - 1), undone);
    return -1;
  }
  int battle(const json& j) {
    json want = j;
    want.erase("type");
    if (battles_.empty()) return r_.mismatch("the record has a battle result the replay did not reach");
    if (battles_.front() != want) return r_.mismatch("battle result " + battles_.front().dump() + ", recorded " + want.dump());
    battles_.erase(battles_.begin());
    return -1;
  }
  int game(const json& j) {
    const GameResult r = eng_->result(m_->state());
    if (!r.over) return r_.mismatch("the record says the game is over, the replay does not");
    if (!battles_.empty()) return lacks_battle();
    json got = {{"winner", r.winner + 1}, {"score", {r.score[0], r.score[1]}}};
    if (!r.reason.empty()) got["reason"] = r.reason;
    json want = j;
    want.erase("type");
    if (got != want) return r_.mismatch("game result " + got.dump() + ", recorded " + want.dump());
    game_line_ = true;
    return -1;
  }
  int log(const json& j) {
    std::string text;
    if (!get_string(j, "text", text)) return r_.bad("a log line needs a \"text\" string");
    if (logs_.empty()) return r_.mismatch("the record has a log line the replay did not write: '" + text + "'");
    if (logs_.front() != text) return r_.mismatch("log line '" + logs_.front() + "', recorded '" + text + "'");
    logs_.erase(logs_.begin());
    return -1;
  }
  // A program playing a seat failed there (exec: agents): the seat loses, as it did.
  int forfeit(const json& j) {
    long long player;
    std::string kind;
    if (!get_int(j, "player", 1, 2, player) || !get_string(j, "kind", kind) ||
        (kind != "crash" && kind != "timeout" && kind != "illegal"))
      return r_.bad("a forfeit line needs \"player\" (1 or 2) and \"kind\" (crash, timeout or illegal)");
    if (m_->over()) return r_.mismatch("the record has a forfeit after the game's end");
    std::string detail;  // (the engine's words for the failure: records since 2026-11-29)
    if (auto d = j.find("detail"); d != j.end() && d->is_string()) detail = d->get<std::string>().substr(0, 1000);
    m_->forfeit(static_cast<int>(player) - 1, kind, detail);
    return -1;
  }
  int lacks_battle() const {
    return r_.mismatch("the record lacks the result of battle " + battles_.front()["number"].dump());
  }
  // What an action's (or the opening's) log gives the lines that must follow.
  void expect(const EventLog& log) {
    for (const Event& ev : log.events) {
      if (ev.type == Event::BattleEnd) battles_.push_back(battle_json(ev));
      if (ev.type == Event::Log) logs_.push_back(ev.text);
    }
  }

  Replay& r_;
  const ReplayOptions& opt_;
  std::shared_ptr<Engine> eng_;
  // The game re-played, no seat with an agent: every action is the record's. Set by the header,
  // which line() requires first: the other lines' methods read it without a check.
  std::optional<Match> m_;
  std::vector<json> battles_;
  std::vector<std::string> logs_;  // g:log lines the replay produced and the record has not shown yet
  bool game_line_ = false, abandoned_ = false;
  std::optional<DigestCheck> digests_;  // which of the record's digests this engine can check (the header's version)
};

int Replayer::header(const json& j) {
  if (eng_) return r_.bad("a second header");
  long long format, digest = 1;
  if (!get_int(j, "format", 0, 1000, format)) return r_.bad("\"format\" must be an integer");
  if (format != kRecordFormat)
    return r_.bad("record format " + std::to_string(format) + "; this als reads format " + std::to_string(kRecordFormat));
  // A record before digest versions (als 0.1.0) has no "digest": version 1, and no opening lines.
  const bool versioned = j.contains("digest");
  if (versioned && !get_int(j, "digest", 1, 1000000, digest)) return r_.bad("\"digest\" must be a positive integer");
  digests_.emplace(static_cast<int>(digest));
  std::string cards, hash;
  if (!get_string(j, "cards", cards) || !get_string(j, "content_hash", hash))
    return r_.bad("the header needs \"cards\" and \"content_hash\" strings");
  std::vector<std::string> rules;
  auto ru = j.find("rules");
  if (ru == j.end() || !ru->is_array()) return r_.bad("\"rules\" must be a list of strings");
  for (const auto& x : *ru) {
    if (!x.is_string()) return r_.bad("\"rules\" must be a list of strings");
    rules.push_back(x.get<std::string>());
  }
  auto seed = j.find("seed");
  if (seed == j.end() || !seed->is_number_unsigned()) return r_.bad("\"seed\" must be an integer from 0 to 2^64-1");
  // --cards and --rules, when given, replace the recorded ones (to replay against a changed set).
  if (opt_.cards) cards = *opt_.cards;
  if (opt_.rules) rules = *opt_.rules;
  ParamValues params;
  if (auto pa = j.find("params"); pa != j.end()) {
    try {
      params = params_from_json(*pa);
    } catch (const json::exception&) {
      return r_.bad("\"params\" must be an object of numbers from -1e9 to 1e9");
    }
  }
  try {
    eng_ = load_engine(cards, rules, opt_.data_dir, params);
    if (eng_->content_hash() != hash)
      return r_.mismatch("the card set or rules changed since the game was recorded (content hash " +
                         eng_->content_hash() + ", recorded " + hash + ")");
    m_.emplace(*eng_, seed->get<uint64_t>(), nullptr, nullptr);
    if (opt_.on_engine) opt_.on_engine(eng_, seed->get<uint64_t>());
  } catch (const LoadError& e) {
    return r_.bad(e.what());
  } catch (const ScriptError& e) {
    return r_.mismatch(std::string("the game does not start: ") + e.what());
  }
  if (versioned) expect(m_->opening());
  return -1;
}

int Replayer::action(const json& j) {
  long long p;
  std::string act, digest;
  if (!get_int(j, "player", 1, 2, p)) return r_.bad("\"player\" must be 1 or 2");
  if (!get_string(j, "action", act) || !get_string(j, "digest", digest))
    return r_.bad("an action needs \"action\" and \"digest\" strings");
  if (!battles_.empty()) return lacks_battle();
  if (!logs_.empty()) return r_.mismatch("the record lacks the log line '" + logs_.front() + "'");
  if (m_->to_act() < 0) return r_.mismatch("an action after the game is over");
  if (m_->to_act() + 1 != p)
    return r_.mismatch("player " + std::to_string(p) + " acts, but the engine expects player " +
                       std::to_string(m_->to_act() + 1));
  try {
    const Action a = eng_->text().parse_action(m_->state(), act, -1);
    std::optional<State> before;  // only when someone is shown the action
    if (opt_.on_action) before = m_->state();
    digests_->before(m_->state());
    const EventLog& log = m_->apply(a);
    if (before) opt_.on_action(*eng_, *before, a, m_->state(), static_cast<int>(p - 1), log);
  } catch (const IllegalAction& e) {
    return r_.mismatch("'" + act + "': " + e.what());
  } catch (const ScriptError& e) {
    return r_.mismatch("'" + act + "': " + e.what());
  }
  if (digests_->comparable(m_->state())) {
    std::string got = digest_text(als::digest(*eng_, m_->state()));
    if (got != digest) return r_.mismatch("'" + act + "' led to state " + got + ", recorded " + digest);
  }
  expect(m_->apply_log());
  return -1;
}

}  // namespace

int replay_record(const std::string& text, const std::string& file, const ReplayOptions& opt, std::ostream& out,
                  std::ostream& err) {
  Replay r{file, out, err};
  Replayer play(r, opt);
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    bool cut = nl == std::string::npos;  // the last line has no end: the record was cut
    std::string line = text.substr(at, cut ? std::string::npos : nl - at);
    at = cut ? text.size() : nl + 1;
    ++r.line;
    if (line.empty()) continue;
    if (play.ended()) return r.bad("a line after the end of the game");
    json j;
    std::string why;
    if (!parse_json(line, j, why) && cut) return r.mismatch("incomplete: the record's last line is cut");
    if (!why.empty()) return r.bad("not a JSON object (" + why + ")");
    if (!j.is_object()) return cut ? r.mismatch("incomplete: the record's last line is cut") : r.bad("not a JSON object");
    std::string type;
    if (!get_string(j, "type", type)) return r.bad("no \"type\"");
    if (int rc = play.line(j, type); rc >= 0) return rc;
  }
  return play.finish(out, file);
}

}  // namespace als::cli
