// The JSON API of `quoth serve`, apart from HTTP: each call takes a request body and returns a
// status code and a JSON body, so the rules of the API live in one place (serve.cc only routes).
#pragma once

#include <memory>
#include <string>

#include "quoth/quoth.h"

namespace quoth_cli {

struct ApiReply {
  int status = 200;
  std::string body;  // JSON
};

struct PlaygroundOptions {
  std::string rules_dir;          // --rules DIR: its packs are layered over the built-in ones and may be saved
  size_t max_link_documents = 64; // /api/link
  int busy_seconds = 20;          // how long a request waits for the rule compiler before 503
};

// The state behind the page: the packs read once at start (the page reaches no file by name),
// the rules compiled from them, and a small cache of packs compiled with one edited file.
class Playground {
 public:
  // Reads the built-in packs and those of options.rules_dir and compiles them; the Status lists
  // each problem when they do not load.
  static quoth::Result<std::shared_ptr<Playground>> Create(const PlaygroundOptions& options);
  ~Playground();

  ApiReply Extract(const std::string& body);  // POST /api/extract
  ApiReply Check(const std::string& body);    // POST /api/check
  ApiReply Link(const std::string& body);     // POST /api/link
  ApiReply Save(const std::string& body);     // POST /api/save
  ApiReply Packs() const;                     // GET /api/packs
  ApiReply Pack(const std::string& path) const;  // GET /api/pack?path=

  struct State;

 private:
  explicit Playground(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// A pack path the page may name: "LANG/NAME.yaml" or "NAME.yaml", letters, digits, '_', '-',
// '.' inside NAME, no "..", nothing absolute. Anything else names no pack.
bool IsPackPath(const std::string& path);

}  // namespace quoth_cli
