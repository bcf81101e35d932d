// als web's server: one page over HTTP and each seat's messages over a WebSocket (Boost.Beast),
// on one thread. What a browser may reach is the seat its link's token names: the page, and that
// seat's view and actions; every message it sends is checked (size, rate, JSON, type) and a bad
// one gets an error while the game goes on (docs/web.md, docs/security.md).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "web_game.h"

namespace als::web {

/// The server's bounds and address (als web's --host and --port).
struct ServerOptions {
  std::string host = "127.0.0.1";  // the address it listens on: the loopback unless --host
  uint16_t port = 0;               // 0: any free port
  size_t max_connections = 16;     // open connections at once; more are closed at once
  size_t max_message = 4096;       // bytes of one message from a page (a WebSocket frame or request body)
  double messages_per_second = 20; // a page's sustained rate; bursts of twice that; more: dropped, with an error
  int idle_seconds = 600;          // a connection that says nothing this long is closed
};

/// The server of one WebGame. Not copyable; run() on one thread.
class Server {
 public:
  /// Binds to the address (throws std::runtime_error naming it where it cannot) and makes a token
  /// for each person's seat (128 bits from the system's entropy).
  Server(WebGame& game, ServerOptions o);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;
  /// The port bound (the one asked for, or the free one found for port 0).
  uint16_t port() const;
  /// The link that plays `seat` (0 or 1): http://HOST:PORT/?seat=N&token=T; "" for the computer's.
  /// HOST is the address listened on; on every address (0.0.0.0, ::), 127.0.0.1 for player 1 and
  /// this machine's first address another machine can reach for player 2 (a friend's).
  std::string link(int seat) const;
  /// Serves until stop(), SIGINT (Ctrl-C) or SIGTERM.
  void run();
  void stop();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

/// The page (HTML with its style and script inline): no build step, nothing fetched elsewhere.
const std::string& page_html();

}  // namespace als::web
