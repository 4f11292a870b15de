// `quoth serve`: the editors' playground, a local web page over the library (see serve.cc).
#pragma once

#include <cstddef>
#include <string>

namespace quoth_cli {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless --host says otherwise
  int port = 8080;                 // 0: any free port (printed)
  std::string rules_dir;           // --rules DIR: layered over the built-in packs; the only place saving writes to
  size_t max_body_bytes = 8u << 20;  // larger request bodies get 413
  int timeout_seconds = 10;        // reading a request, writing a reply
};

// Runs the server until it is stopped (SIGINT, SIGTERM); returns the exit code.
int Serve(const ServeOptions& options);

}  // namespace quoth_cli
