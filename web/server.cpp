#include "server.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sodium.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <set>
#include <stdexcept>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace als::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;

namespace {

class WsSession;

// The value of `key` in a request target's query ("/ws?seat=1&token=ab": "ab" for "token").
std::string query_value(beast::string_view target, const std::string& key) {
  const size_t q = target.find('?');
  if (q == beast::string_view::npos) return "";
  std::string rest(target.substr(q + 1));
  size_t at = 0;
  while (at <= rest.size()) {
    size_t end = rest.find('&', at);
    if (end == std::string::npos) end = rest.size();
    const std::string pair = rest.substr(at, end - at);
    if (pair.rfind(key + "=", 0) == 0) return pair.substr(key.size() + 1);
    at = end + 1;
  }
  return "";
}

// The path of a request target, without its query.
std::string target_path(beast::string_view target) {
  const size_t q = target.find('?');
  return std::string(target.substr(0, q));
}

// A token compared in time independent of where it differs (sodium_memcmp).
bool same_token(const std::string& a, const std::string& b) {
  return a.size() == b.size() && !a.empty() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

struct Server::Impl {
  WebGame& game;
  ServerOptions opt;
  asio::io_context io{1};
  tcp::acceptor acceptor{io};
  std::string tokens[2];
  size_t open = 0;  // connections open now (HTTP and WebSocket)
  std::set<WsSession*> sessions;

  Impl(WebGame& g, ServerOptions o) : game(g), opt(std::move(o)) {}
  void accept();
  void broadcast();
  // The seat a token plays (0 or 1), or -1.
  int seat_of(const std::string& token) const {
    for (int p = 0; p < 2; ++p)
      if (!tokens[p].empty() && same_token(tokens[p], token)) return game.one_screen() ? WebGame::kScreen : p;
    return -1;
  }
};

namespace {

// One page's WebSocket: its seat's messages out, its actions in. Messages out are queued and
// written one at a time; a message in is checked for size (read_message_max), rate and form.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(Server::Impl& server, tcp::socket socket, int seat)
      : server_(server), ws_(std::move(socket)), seat_(seat), bucket_(2 * server.opt.messages_per_second),
        last_(std::chrono::steady_clock::now()) {}
  ~WsSession() {
    server_.sessions.erase(this);
    --server_.open;
  }

  void start(http::request<http::string_body> req) {
    beast::error_code ec;
    ws_.next_layer().socket().set_option(tcp::no_delay(true), ec);  // a small message goes at once (no 40 ms Nagle wait)
    ws_.set_option(websocket::stream_base::timeout{std::chrono::seconds(30), std::chrono::seconds(server_.opt.idle_seconds), true});
    // A message up to 16 times the bound is read and refused with an error (the page stays
    // connected); a bigger one closes the connection (close code 1009, "too big").
    ws_.read_message_max(16 * server_.opt.max_message);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->server_.sessions.insert(self.get());
      self->handle_safely(R"({"type": "state"})");
      self->read();
    });
  }

  void send_state() { send(server_.game.message_for(seat_)); }

  void send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) write();
  }

 private:
  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->out_.pop_front();
      if (!self->out_.empty()) self->write();
    });
  }

  void read() {
    ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;  // (closed, timed out, or far too big: beast closes it with 1009)
      const std::string text = beast::buffers_to_string(self->in_.data());
      self->in_.consume(self->in_.size());
      // Over the rate: the message is dropped with an error, and the page stays connected.
      if (!self->allowed()) self->error("too many messages: at most " + std::to_string(static_cast<int>(self->server_.opt.messages_per_second)) + " a second (this one was dropped)");
      else self->handle_safely(text);
      self->read();
    });
  }

  // A token bucket: messages_per_second sustained, twice that at once.
  bool allowed() {
    const auto now = std::chrono::steady_clock::now();
    const double rate = server_.opt.messages_per_second;
    bucket_ = std::min(2 * rate, bucket_ + rate * std::chrono::duration<double>(now - last_).count());
    last_ = now;
    if (bucket_ < 1) return false;
    bucket_ -= 1;
    return true;
  }

  void error(const std::string& why) { send(json{{"type", "error"}, {"message", why}}.dump()); }

  // A script failing as a new game is dealt, or as a seat's view is rendered, is the game's
  // error, said to the page; the server goes on.
  void handle_safely(const std::string& text) {
    try {
      handle(text);
    } catch (const std::exception& err) {
      error(std::string("refused: ") + err.what());
    }
  }

  // One message from the page (WebGame::receive checks it).
  void handle(const std::string& text) {
    std::string out;
    switch (server_.game.receive(seat_, text, server_.opt.max_message, out)) {
      case WebGame::Reply::Error: return error(out);
      case WebGame::Reply::Resend: return send(std::move(out));
      case WebGame::Reply::Changed: return server_.broadcast();
    }
  }

  Server::Impl& server_;
  websocket::stream<beast::tcp_stream> ws_;
  int seat_;
  beast::flat_buffer in_;
  std::deque<std::string> out_;
  double bucket_;
  std::chrono::steady_clock::time_point last_;
};

// One HTTP connection: the page for a link with a seat's token, the WebSocket upgrade for the
// same token, nothing else.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(Server::Impl& server, tcp::socket socket) : server_(server), stream_(std::move(socket)) {}
  ~HttpSession() {
    if (!upgraded_) --server_.open;
  }

  void read() {
    parser_.emplace();
    parser_->body_limit(server_.opt.max_message);
    parser_->header_limit(8192);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->answer(self->parser_->release());
    });
  }

 private:
  void answer(http::request<http::string_body> req) {
    const std::string token = query_value(req.target(), "token");
    const int seat = server_.seat_of(token);
    if (websocket::is_upgrade(req)) {
      if (seat == -1 || target_path(req.target()) != "/ws" || !same_origin(req)) return reply(req, http::status::forbidden, "not this game's link\n", "text/plain");
      upgraded_ = true;
      stream_.expires_never();
      std::make_shared<WsSession>(server_, stream_.release_socket(), seat)->start(std::move(req));
      return;
    }
    if (req.method() != http::verb::get && req.method() != http::verb::head) return reply(req, http::status::method_not_allowed, "GET only\n", "text/plain");
    const std::string path = target_path(req.target());
    if (path == "/favicon.ico") return reply(req, http::status::not_found, "", "text/plain");
    if (path != "/") return reply(req, http::status::not_found, "no such page\n", "text/plain");
    if (seat == -1) return reply(req, http::status::forbidden, "This game is played from the link als web printed (it carries a token).\n", "text/plain");
    reply(req, http::status::ok, page_html(), "text/html; charset=utf-8");
  }

  // A WebSocket from another site's page is refused (its Origin names another host than the one
  // the request was sent to): the token in a link is not enough against a page that learned it.
  static bool same_origin(const http::request<http::string_body>& req) {
    const auto origin = req.find(http::field::origin);
    if (origin == req.end()) return true;  // not a browser's page (a test's client)
    const std::string o(origin->value()), host(req[http::field::host]);
    return o == "http://" + host;
  }

  void reply(const http::request<http::string_body>& req, http::status status, const std::string& body, const char* type) {
    auto res = std::make_shared<http::response<http::string_body>>(status, req.version());
    res->set(http::field::content_type, type);
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    res->set("Referrer-Policy", "no-referrer");  // the token stays in this page's address
    res->set("Content-Security-Policy",
             "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; "
             "frame-ancestors 'none'");
    res->set("X-Frame-Options", "DENY");
    res->keep_alive(req.keep_alive());
    if (req.method() != http::verb::head) res->body() = body;
    res->prepare_payload();
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, size_t) {
      if (ec) return;
      if (res->keep_alive()) self->read();
      else self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    });
  }

  Server::Impl& server_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  bool upgraded_ = false;
};

}  // namespace

void Server::Impl::accept() {
  acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
      if (open >= opt.max_connections) {
        socket.close(ec);  // bounded: a page reconnects once one closes
      } else {
        ++open;
        std::make_shared<HttpSession>(*this, std::move(socket))->read();
      }
    }
    accept();
  });
}

void Server::Impl::broadcast() {
  for (WsSession* s : sessions) s->send_state();  // (inside a handler's handle_safely: a throw is said to the page)
}

Server::Server(WebGame& game, ServerOptions o) : impl_(std::make_unique<Impl>(game, std::move(o))) {
  if (sodium_init() < 0) throw std::runtime_error("the system's entropy is not available");
  beast::error_code ec;
  const auto address = asio::ip::make_address(impl_->opt.host, ec);
  if (ec) throw std::runtime_error("'" + impl_->opt.host + "' is not an IP address");
  const tcp::endpoint at(address, impl_->opt.port);
  Impl& i = *impl_;
  i.acceptor.open(at.protocol(), ec);
  if (!ec) i.acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) i.acceptor.bind(at, ec);
  if (!ec) i.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + impl_->opt.host + " port " + std::to_string(impl_->opt.port) + ": " + ec.message());
  for (int p = 0; p < 2; ++p) {
    if (!game.human(p) || (p == 1 && game.one_screen())) continue;  // (the one screen: one link, both seats)
    unsigned char raw[16];
    randombytes_buf(raw, sizeof raw);
    char hex[2 * sizeof raw + 1];
    sodium_bin2hex(hex, sizeof hex, raw, sizeof raw);
    i.tokens[p] = hex;
  }
  i.accept();
}

Server::~Server() = default;

uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }

namespace {
// This machine's first address another machine can reach (an interface that is up and not the
// loopback: IPv4 first, then IPv6 outside fe80::/10), or "" where it has none.
std::string reachable_address() {
  ifaddrs* all = nullptr;
  if (getifaddrs(&all) != 0) return "";
  std::string v4, v6;
  for (const ifaddrs* i = all; i; i = i->ifa_next) {
    if (!i->ifa_addr || !(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET6_ADDRSTRLEN] = {};
    if (i->ifa_addr->sa_family == AF_INET && v4.empty()) {
      inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
      v4 = text;
    } else if (i->ifa_addr->sa_family == AF_INET6 && v6.empty()) {
      const auto* a = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr);
      if (IN6_IS_ADDR_LINKLOCAL(&a->sin6_addr)) continue;
      inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
      v6 = text;
    }
  }
  freeifaddrs(all);
  return v4.empty() ? v6 : v4;
}
}  // namespace

std::string Server::link(int seat) const {
  if (impl_->tokens[seat].empty()) return "";
  std::string host = impl_->opt.host;
  // On every address: this machine's own player at 127.0.0.1, a friend's link (player 2's) at an
  // address another machine can reach.
  if (host == "0.0.0.0" || host == "::") {
    const std::string other = seat == 1 && !impl_->game.one_screen() ? reachable_address() : "";
    host = other.empty() ? "127.0.0.1" : other;
  }
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  const std::string which = impl_->game.one_screen() ? "both" : std::to_string(seat + 1);
  return "http://" + host + ":" + std::to_string(port()) + "/?seat=" + which + "&token=" + impl_->tokens[seat];
}

void Server::run() {
  asio::signal_set signals(impl_->io, SIGINT, SIGTERM);
  signals.async_wait([this](beast::error_code ec, int) {
    if (!ec) stop();
  });
  impl_->io.run();
}

void Server::stop() {
  asio::post(impl_->io, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
    impl_->io.stop();
  });
}

}  // namespace als::web
