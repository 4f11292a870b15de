// The per-thread memos (engine/text/text_cache.h) must never hand one rule set's results to
// another. A rule set is loaded, used and destroyed, then a different one is loaded: the
// allocator tends to place its compiled rules where the freed ones were, so a memo keyed on
// addresses would answer the second set with the first one's results. Each round alternates
// the two sets several times (to make address reuse likely) and checks behaviour only.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "quoth/quoth.h"

using namespace quoth;

namespace {

// A rules folder of its own, removed at the end of the test.
class TempPack {
 public:
  explicit TempPack(const std::string& yaml) {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("quoth-memo-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(dir_ / "en");
    std::ofstream(dir_ / "en" / "extra.yaml") << yaml;
  }
  ~TempPack() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string path() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
};

RuleSet LoadWith(const std::string& directory) {
  RuleOptions options;
  if (!directory.empty()) options.directories = {directory};
  auto r = RuleSet::Load(options);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return *std::move(r);
}

// The speaker name of the one quote in `text` (English), or "<none>".
std::string SpeakerName(const RuleSet& rules, const std::string& text) {
  EngineOptions options;
  options.lang = "en";
  auto r = Engine(rules, options).Extract(text, "memo");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  REQUIRE(r->quotes.size() == 1);
  return r->quotes[0].speaker ? r->quotes[0].speaker->name : "<none>";
}

constexpr int kRounds = 4;

}  // namespace

TEST_CASE("a rule set loaded after another one was freed sees its own verbs, not the old set's memo") {
  // Only the extra pack knows the verb: the built-in set leaves the quote unattributed (and
  // remembers that for the tag's text); the extended set must attribute it.
  const TempPack extra("language: en\nverbs: [flumpered]\n");
  const std::string text = "\"The ferry is late again,\" Nils Berg flumpered.";
  for (int round = 0; round < kRounds; ++round) {
    CAPTURE(round);
    {
      const RuleSet builtin = LoadWith("");
      CHECK(SpeakerName(builtin, text) != "Nils Berg");
    }
    {
      const RuleSet extended = LoadWith(extra.path());
      CHECK(SpeakerName(extended, text) == "Nils Berg");
    }
  }
}

TEST_CASE("a rule set loaded after another one was freed parses names with its own titles") {
  // The speaker phrase "Flumpmaster Nils Berg": a name of three words for the built-in set, a
  // title and a name for the set that knows the title.
  const TempPack extra("language: en\ntitles: [Flumpmaster]\n");
  const std::string text = "\"The ferry is late again,\" Flumpmaster Nils Berg said.";
  for (int round = 0; round < kRounds; ++round) {
    CAPTURE(round);
    std::string builtin_name, extended_name;
    {
      const RuleSet builtin = LoadWith("");
      builtin_name = SpeakerName(builtin, text);
    }
    {
      const RuleSet extended = LoadWith(extra.path());
      extended_name = SpeakerName(extended, text);
    }
    CHECK(extended_name == "Nils Berg");
    CHECK(builtin_name != extended_name);
  }
}
