// The DFA walk (SpeakerPlan) must find exactly the speaker group RE2's capture engines find.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>

#include "engine/rules/pattern_match.h"
#include "engine/rules/speaker_plan.h"
#include "support/rules.h"

namespace quoth::detail {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

std::vector<std::string> SampleLines() {
  std::vector<std::string> out;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(QUOTH_SAMPLES)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream ss;
    ss << in.rdbuf();
    for (auto& line : Lines(ss.str())) out.push_back(std::move(line));
  }
  return out;
}

// Every window quoth could hand a pattern: a line from each word start or quote mark on.
std::vector<size_t> WindowStarts(const std::string& line) {
  std::vector<size_t> starts{0};
  for (size_t i = 1; i < line.size(); ++i) {
    const unsigned char prev = static_cast<unsigned char>(line[i - 1]);
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80) continue;
    if (prev == ' ' || prev == '"' || c == ',' || c == '"' || c == 0xE2) starts.push_back(i);
  }
  return starts;
}

struct Tally {
  size_t compared = 0, decided = 0;
};

void Compare(const AttributionPattern& source, const CompiledPattern& p, const std::string& window, Tally* tally) {
  re2::StringPiece whole;
  if (!p.re->Match(window, 0, window.size(), RE2::UNANCHORED, &whole, 1)) return;
  const size_t start = static_cast<size_t>(whole.data() - window.data()), end = start + whole.size();
  const auto reference = SpeakerInMatchByCaptures(p, window, start, end);
  ++tally->compared;
  REQUIRE(p.speaker_plan);
  const auto walked = p.speaker_plan->Find(window, start, end);
  if (!walked) return;  // undecided: quoth falls back to the capture engine
  ++tally->decided;
  INFO("pattern " << source.id << " on \"" << window.substr(start, end - start) << "\"");
  CHECK(walked->first == reference.first);
  CHECK(walked->second == reference.second);
}

}  // namespace

// Runs every pattern of both languages over every window of `lines`; each decided walk must
// agree with the capture engines. Returns, per pattern id, (decided, compared).
std::map<std::string, Tally> CompareOn(const std::vector<std::string>& lines, bool with_examples) {
  std::map<std::string, Tally> tallies;
  for (const char* lang : {"en", "sv"}) {
    const LanguageRules& rules = testing::Lang(lang);
    for (size_t index = 0; index < rules.pack.patterns.size(); ++index) {
      const AttributionPattern& p = rules.pack.patterns[index];
      const CompiledPattern& compiled = *rules.matcher.pattern(index);
      if (compiled.speaker_group == 0) continue;
      Tally& tally = tallies[p.id];
      auto windows = [&](const std::string& line) {
        const auto starts = WindowStarts(line);
        for (size_t s : starts) Compare(p, compiled, line.substr(s), &tally);
        // Windows that end at an opening quote mark, as `before` patterns see them.
        for (size_t cut : starts)
          if (line[cut] == '"' || static_cast<unsigned char>(line[cut]) == 0xE2)
            for (size_t s : starts)
              if (s < cut) Compare(p, compiled, line.substr(s, cut - s), &tally);
      };
      if (with_examples)
        for (const auto& example : p.examples) windows(example.text);
      for (const auto& line : lines) windows(line);
    }
  }
  return tallies;
}

TEST_CASE("the DFA walk finds the same speaker group as RE2's capture engines, on samples and rule examples") {
  const auto lines = SampleLines();
  REQUIRE(lines.size() > 50);
  for (const auto& [id, tally] : CompareOn(lines, true)) {
    INFO("pattern " << id << ": " << tally.decided << " of " << tally.compared << " decided by the walk");
    CHECK(tally.compared > 0);
    // The walk is meant to decide nearly always; a drop here means a slow path came back.
    CHECK(tally.decided * 10 >= tally.compared * 7);
  }
}

TEST_CASE("the DFA walk agrees with RE2's capture engines on real news (when ../shared is here)") {
  const std::filesystem::path corpus = std::filesystem::path(QUOTH_SHARED) / "corpus";
  if (!std::filesystem::exists(corpus)) {
    MESSAGE("skipped: no " << corpus.string());
    return;
  }
  std::vector<std::string> lines;
  for (const char* set : {"en-news", "sv-news", "ntrex-dev"}) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(corpus / set))
      if (entry.path().extension() == ".txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    if (files.size() > 12) files.resize(12);  // a sample keeps the test quick
    for (const auto& f : files) {
      std::ifstream in(f);
      std::stringstream ss;
      ss << in.rdbuf();
      for (auto& line : Lines(ss.str()))
        if (line.size() < 1500) lines.push_back(std::move(line));
    }
  }
  size_t compared = 0, decided = 0;
  for (const auto& [id, tally] : CompareOn(lines, false)) compared += tally.compared, decided += tally.decided;
  MESSAGE(decided << " of " << compared << " matches decided by the walk");
  CHECK(compared > 100);
}

TEST_CASE("a plan is built only when the speaker group stands at the top level") {
  RE2::Options options;
  CHECK(SpeakerPlan::Build("^, (?P<speaker>[A-Z][a-z]+) said", options));
  CHECK(SpeakerPlan::Build("(?:x|y)? (?:(?P<speaker>a|b)) z", options));
  CHECK_FALSE(SpeakerPlan::Build("(?:(?P<speaker>a) )*said", options));   // inside a repetition
  CHECK_FALSE(SpeakerPlan::Build("x|(?P<speaker>a) said", options));      // inside an alternation
  CHECK_FALSE(SpeakerPlan::Build("(?P<speaker>a)? said", options));       // optional group
}

TEST_CASE("the walk skips a preferred choice that cannot complete, and gives up when a greedy piece took too much") {
  RE2::Options options;
  // "He" is preferred (first alternative) but "Helen Berg said" needs the name alternative.
  auto plan = SpeakerPlan::Build("^(?P<speaker>He|[A-Z][a-z]+ [A-Z][a-z]+) said", options);
  REQUIRE(plan);
  const std::string text = "Helen Berg said";
  auto found = plan->Find(text, 0, text.size());
  REQUIRE(found);
  CHECK(text.substr(static_cast<size_t>(found->first), static_cast<size_t>(found->second - found->first)) == "Helen Berg");
  // The optional intro would take "Ann Lee, " but then nothing completes: it is skipped.
  plan = SpeakerPlan::Build("^(?:[^,]+, )?(?P<speaker>[A-Z][a-z]+ [A-Z][a-z]+)(?:, [^,]+,)? said", options);
  REQUIRE(plan);
  const std::string apposition = "Ann Lee, the mayor, said";
  found = plan->Find(apposition, 0, apposition.size());
  REQUIRE(found);
  CHECK(found->first == 0);
  CHECK(found->second == 7);
  // A greedy piece with one way to go swallows the group's words: the walk cannot decide (RE2
  // would back off to "ab c" + "d").
  plan = SpeakerPlan::Build("^[a-z ]*(?P<speaker>[a-z]+) said", options);
  REQUIRE(plan);
  const std::string greedy = "ab cd said";
  CHECK_FALSE(plan->Find(greedy, 0, greedy.size()));
}

}  // namespace quoth::detail

namespace quoth::detail {

TEST_CASE("the all-at-once check of end-anchored rules agrees with the rules one by one") {
  const auto lines = SampleLines();
  size_t windows = 0, matched = 0;
  for (const char* lang : {"en", "sv"}) {
    const LanguageRules& rules = testing::Lang(lang);
    const RuleMatcher::NotSpeechPass& not_speech = rules.matcher.not_speech_pass();
    REQUIRE(not_speech.any_end_anchored);
    const RuleMatcher::PositionPass& before = rules.matcher.position_pass(Position::kBefore);
    REQUIRE(before.any_end_anchored);
    for (const auto& line : lines) {
      for (size_t cut : WindowStarts(line)) {
        const std::string text = line.substr(0, cut);
        bool one_by_one = false;
        // The quick look covers the rules whose quote is not asked first (quote_first).
        for (size_t r = 0; r < not_speech.before.size(); ++r)
          if (!not_speech.quote_first[r]) one_by_one |= not_speech.before[r]->Match(text, 0, text.size(), RE2::UNANCHORED, nullptr, 0);
        CHECK(not_speech.any_end_anchored->Match(text, 0, text.size(), RE2::UNANCHORED, nullptr, 0) == one_by_one);
        bool tag = false;
        for (size_t index : before.members) tag |= rules.matcher.pattern(index)->re->Match(text, 0, text.size(), RE2::UNANCHORED, nullptr, 0);
        CHECK(before.any_end_anchored->Match(text, 0, text.size(), RE2::UNANCHORED, nullptr, 0) == tag);
        ++windows;
        matched += one_by_one + tag;
      }
    }
  }
  MESSAGE(windows << " windows, " << matched << " matches");
  CHECK(matched > 0);
}

}  // namespace quoth::detail
