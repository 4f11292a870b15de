// An Engine is documented as immutable and safe to share across threads (quoth extract -j and
// Python's extract_many rely on it): several threads extracting through one engine, each in its
// own order, get byte for byte what one thread gets, including what only linking reads (the
// quotes' context, the story words). The engine is fresh when the threads start, so its
// one-time work (speaker plans compiled on first use, per-thread memos) happens under the race;
// the sanitizer run (tools/scripts/sanitize.sh) runs this too.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "quoth/quoth.h"
#include "support/rules.h"

using namespace quoth;

namespace {

struct Article {
  std::string name, text;
};

std::vector<Article> Articles() {
  std::vector<std::string> paths;
  for (const char* dir : {QUOTH_SAMPLES, QUOTH_TEST_DATA "/articles/en", QUOTH_TEST_DATA "/articles/sv", QUOTH_TEST_DATA "/articles/de"}) {
    std::vector<std::string> here;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == ".txt") here.push_back(entry.path().string());
    std::sort(here.begin(), here.end());
    if (here.size() > 12) here.resize(12);
    paths.insert(paths.end(), here.begin(), here.end());
  }
  std::vector<Article> articles;
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    articles.push_back({path, std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>())});
  }
  return articles;
}

// Everything a result holds that output and linking read, as text.
std::string Bytes(const DocumentResult& d) {
  std::ostringstream out;
  WriteOptions options;
  options.explain = true;
  Write({d}, {}, Format::kJson, out, options);
  for (const auto& q : d.quotes) out << "\ncontext " << q.context.start << " " << q.context.end << " " << q.context_text;
  for (const auto& w : d.story_words) out << "\nstory " << w;
  return std::move(out).str();
}

}  // namespace

TEST_CASE("threads sharing one fresh engine get byte for byte what one thread gets") {
  const std::vector<Article> articles = Articles();
  REQUIRE(articles.size() >= 20);
  EngineOptions options;
  options.explain = true;
  options.link_evidence = true;
  std::vector<std::string> alone(articles.size());
  {
    const Engine engine(testing::BuiltinRules(), options);
    for (size_t i = 0; i < articles.size(); ++i) {
      auto r = engine.Extract(articles[i].text, articles[i].name, "d" + std::to_string(i));
      REQUIRE_MESSAGE(r.ok(), r.status().ToString());
      alone[i] = Bytes(*r);
    }
  }
  // A rule set and an engine no thread has used yet.
  auto fresh = RuleSet::Load();
  REQUIRE(fresh.ok());
  const Engine shared(*fresh, options);
  constexpr size_t kThreads = 4;
  std::vector<std::vector<std::string>> got(kThreads, std::vector<std::string>(articles.size()));
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Each thread its own order: thread t starts a t-th of the way in, odd threads go backwards.
      for (size_t k = 0; k < articles.size(); ++k) {
        size_t i = (k + t * articles.size() / kThreads) % articles.size();
        if (t % 2) i = articles.size() - 1 - i;
        auto r = shared.Extract(articles[i].text, articles[i].name, "d" + std::to_string(i));
        got[t][i] = r.ok() ? Bytes(*r) : "error: " + r.status().ToString();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (size_t t = 0; t < kThreads; ++t)
    for (size_t i = 0; i < articles.size(); ++i) {
      INFO("thread " << t << ", " << articles[i].name);
      CHECK(got[t][i] == alone[i]);
    }
}
