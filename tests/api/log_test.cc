// The library's messages: nowhere by default (never on stderr), into a host's handler when it
// passes one, at the level it asks for.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "quoth/quoth.h"

namespace quoth {
namespace {

// Everything written to file descriptor 2 while `f` runs.
template <typename F>
std::string CaptureStderr(F f) {
  char path[] = "/tmp/quoth-log-test-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  std::fflush(stderr);
  const int saved = dup(2);
  dup2(fd, 2);
  f();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path);
  return text.str();
}

TEST_CASE("with no handler the library writes nothing to stderr, even with a missing lexicon") {
  SetLogHandler(nullptr);
  const std::string err = CaptureStderr([] {
    auto rules = RuleSet::Load();
    REQUIRE(rules.ok());
    LinkOptions options;
    options.lexicon_path = "/nonexistent/sv-en.tsv";
    (void)Linker::Create(rules.value(), options);  // an explicit path that is missing: an error Status
  });
  CHECK(err.empty());
}

TEST_CASE("a host's handler receives the library's messages at its level, and can be removed") {
  std::vector<std::pair<LogLevel, std::string>> got;
  SetLogHandler([&](LogLevel level, std::string_view message) { got.emplace_back(level, std::string(message)); },
                LogLevel::kInfo);
  auto rules = RuleSet::Load();
  REQUIRE(rules.ok());
  bool rules_message = false;
  for (const auto& [level, message] : got) rules_message |= level == LogLevel::kInfo && message.rfind("rules: ", 0) == 0;
  CHECK(rules_message);

  // Debug messages (one per document) are below the level asked for.
  got.clear();
  const Engine engine(rules.value());
  (void)engine.Extract("\"We will open the bridge in May,\" Mayor Lena Holt said.\n", "a.txt");
  CHECK(got.empty());

  SetLogHandler([&](LogLevel level, std::string_view message) { got.emplace_back(level, std::string(message)); },
                LogLevel::kDebug);
  (void)engine.Extract("\"We will open the bridge in May,\" Mayor Lena Holt said.\n", "a.txt");
  REQUIRE(got.size() == 1);
  CHECK(got[0].first == LogLevel::kDebug);
  CHECK(got[0].second == "extract: a.txt: en, 56 bytes, 1 quotes");

  SetLogHandler(nullptr);
  got.clear();
  (void)engine.Extract("\"We will open the bridge in May,\" Mayor Lena Holt said.\n", "a.txt");
  CHECK(got.empty());
}

TEST_CASE("ParseLogLevel reads the level names the CLI takes") {
  LogLevel level = LogLevel::kOff;
  CHECK(ParseLogLevel("debug", &level));
  CHECK(level == LogLevel::kDebug);
  CHECK(ParseLogLevel("warn", &level));
  CHECK(level == LogLevel::kWarning);
  CHECK_FALSE(ParseLogLevel("loud", &level));
}

}  // namespace
}  // namespace quoth
