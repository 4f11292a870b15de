// `quoth serve`: the HTTP side of the editors' playground (cpp-httplib); the API is serve_api.cc.
//
// Safe by construction rather than by configuration: it binds to 127.0.0.1 unless --host says
// otherwise; a POST must come from the page itself (a browser sends Origin on a cross-origin
// POST, and it must equal http://<Host>; the Host must be the address served, which also stops
// DNS rebinding) and must be JSON (so a cross-site form cannot send it without a CORS preflight,
// which is never answered) — all checked before the body is read; a body over the limit gets 413
// unread; reading a request and writing a reply are bounded in time, and the work itself by the
// body limit and the rule loader's limits; any exception is a 500 and the server goes on. The
// page's files are compiled in; no request names a file on disk (only --rules DIR is written, by
// /api/save, inside it).
#include "serve.h"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <iostream>
#include <memory>
#include <set>
#include <thread>

#include "embedded_assets.h"
#include "serve_api.h"

namespace quoth_cli {

namespace {

const char* ContentType(const std::string& name) {
  if (name.size() >= 5 && name.compare(name.size() - 5, 5, ".html") == 0) return "text/html; charset=utf-8";
  if (name.size() >= 3 && name.compare(name.size() - 3, 3, ".js") == 0) return "text/javascript; charset=utf-8";
  if (name.size() >= 4 && name.compare(name.size() - 4, 4, ".css") == 0) return "text/css; charset=utf-8";
  return "application/octet-stream";
}

void JsonReply(httplib::Response& res, const ApiReply& reply) {
  res.status = reply.status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(reply.body, "application/json; charset=utf-8");
}

void Refuse(httplib::Response& res, int status, const std::string& message) {
  res.set_header("Connection", "close");  // the body is left unread
  JsonReply(res, {status, "{\"error\":\"" + message + "\"}"});
}

bool IsLoopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

}  // namespace

int Serve(const ServeOptions& options) {
  std::shared_ptr<Playground> playground;  // made once the port is ours (a taken port fails at once)

  // SIGINT and SIGTERM stop the server from a thread of their own (not from a signal handler).
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  signal(SIGINT, SIG_DFL);  // a shell starts background jobs with SIGINT ignored: sigwait would never see it
  signal(SIGTERM, SIG_DFL);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  httplib::Server server;
  // SO_REUSEADDR only: cpp-httplib's default, SO_REUSEPORT, would let a second server share the
  // port silently instead of saying that it is taken.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_payload_max_length(options.max_body_bytes);
  server.set_read_timeout(options.timeout_seconds, 0);
  server.set_write_timeout(options.timeout_seconds, 0);
  server.set_keep_alive_timeout(5);
  server.set_keep_alive_max_count(1000);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"X-Frame-Options", "DENY"},
                              {"Referrer-Policy", "no-referrer"},
                              {"Content-Security-Policy",
                               "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}});

  int port = options.port;
  std::set<std::string> hosts;  // the Host headers that name this server
  auto allowed_host = [&](const std::string& host) {
    if (options.host == "0.0.0.0" || options.host == "::") return !host.empty();  // any name of this machine
    return hosts.count(host) > 0;
  };
  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    const std::string host = req.get_header_value("Host");
    if (!allowed_host(host)) {
      Refuse(res, 403, "the Host header does not name this server");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.method == "GET" || req.method == "HEAD") return httplib::Server::HandlerResponse::Unhandled;
    if (req.method != "POST") {
      Refuse(res, 405, "only GET and POST");
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string origin = req.get_header_value("Origin");
    const std::string site = req.get_header_value("Sec-Fetch-Site");
    if ((!origin.empty() && origin != "http://" + host) || (!site.empty() && site != "same-origin" && site != "none")) {
      Refuse(res, 403, "cross-origin requests are refused");
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string type = req.get_header_value("Content-Type");
    if (type.compare(0, 16, "application/json") != 0) {
      Refuse(res, 415, "the body must be JSON (Content-Type: application/json)");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr error) {
    std::string what = "internal error";
    try {
      if (error) std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
      what = "out of memory";
    } catch (const std::exception& e) {
      what = std::string("internal error: ") + e.what();
    } catch (...) {
    }
    std::cerr << "quoth: serve: " << what << "\n";
    JsonReply(res, {500, "{\"error\":\"internal error\"}"});
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const char* message = res.status == 413 ? "the request body is too large" : res.status == 404 ? "not found" : "bad request";
    JsonReply(res, {res.status, std::string("{\"error\":\"") + message + "\"}"});
  });

  auto asset = [](const char* name) {
    return [name](const httplib::Request&, httplib::Response& res) {
      const EmbeddedAsset* a = FindAsset(name);
      if (!a) { res.status = 404; return; }
      res.set_header("Cache-Control", "no-cache");
      res.set_content(a->data, a->size, ContentType(name));
    };
  };
  server.Get("/", asset("serve/index.html"));
  server.Get("/app.js", asset("serve/app.js"));
  server.Get("/style.css", asset("serve/style.css"));
  server.Get("/highlight.js", asset("shared/highlight.js"));
  server.Get("/api/packs", [&](const httplib::Request&, httplib::Response& res) { JsonReply(res, playground->Packs()); });
  server.Get("/api/pack", [&](const httplib::Request& req, httplib::Response& res) {
    const std::string path = req.get_param_value("path");
    JsonReply(res, IsPackPath(path) ? playground->Pack(path) : ApiReply{400, "{\"error\":\"no such pack path\"}"});
  });
  server.Post("/api/extract", [&](const httplib::Request& req, httplib::Response& res) { JsonReply(res, playground->Extract(req.body)); });
  server.Post("/api/check", [&](const httplib::Request& req, httplib::Response& res) { JsonReply(res, playground->Check(req.body)); });
  server.Post("/api/link", [&](const httplib::Request& req, httplib::Response& res) { JsonReply(res, playground->Link(req.body)); });
  server.Post("/api/save", [&](const httplib::Request& req, httplib::Response& res) { JsonReply(res, playground->Save(req.body)); });

  if (port == 0) {
    port = server.bind_to_any_port(options.host);
  } else if (!server.bind_to_port(options.host, port)) {
    port = -1;
  }
  if (port <= 0) {
    std::cerr << "quoth: serve: cannot listen on " << options.host << ":" << options.port << "\n";
    return 1;
  }
  PlaygroundOptions playground_options;
  playground_options.rules_dir = options.rules_dir;
  auto created = Playground::Create(playground_options);
  if (!created.ok()) {
    std::cerr << "quoth: serve: the rule packs do not load:\n" << created.status().ToString() << "\n";
    return 2;
  }
  playground = *created;
  const std::string suffix = ":" + std::to_string(port);
  hosts = {options.host + suffix, "[" + options.host + "]" + suffix};
  if (IsLoopback(options.host)) hosts.insert({"127.0.0.1" + suffix, "localhost" + suffix, "[::1]" + suffix});
  const std::string shown = options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  std::cout << "quoth serve: http://" << shown << suffix << "/ (rules: built-in"
            << (options.rules_dir.empty() ? std::string(", edited in memory only") : " + " + options.rules_dir + ", saved there")
            << "; Ctrl-C stops)" << std::endl;
  if (!IsLoopback(options.host))
    std::cerr << "quoth: serve: warning: listening on " << options.host << ", not only this machine's loopback\n";

  std::thread stopper([&] {
    int received = 0;
    sigwait(&stop_signals, &received);
    server.stop();
  });
  const bool ok = server.listen_after_bind();
  pthread_kill(stopper.native_handle(), SIGTERM);  // when listening ended on its own
  stopper.join();
  return ok ? 0 : 1;
}

}  // namespace quoth_cli
