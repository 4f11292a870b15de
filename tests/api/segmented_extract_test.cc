// A long document read in segments (EngineOptions::segment_bytes): the same quotes as reading
// it whole, handed out in order through the QuoteHandler, with ids, offsets, lines and
// speakers that hold for the whole document.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "support/rules.h"

namespace quoth {
namespace {

std::string ReadSample(const std::string& name) {
  std::ifstream in(std::filesystem::path(QUOTH_SAMPLES) / name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Several English articles one after another, as a feed concatenated into one file would be.
std::string LongEnglishDocument() {
  std::string text;
  for (int round = 0; round < 3; ++round)
    for (const char* name : {"en-council-budget.txt", "en-storm-straight.txt", "en-trade-talks.txt", "en-interview-sv.txt"})
      text += ReadSample(name) + "\n";
  return text;
}

DocumentResult Run(const std::string& text, size_t segment_bytes) {
  EngineOptions options;
  options.segment_bytes = segment_bytes;
  return testing::Extract(text, "en", options);
}

TEST_CASE("a document read in segments gives the quotes of reading it whole") {
  const std::string text = LongEnglishDocument();
  REQUIRE(text.size() > 8000);
  const DocumentResult whole = Run(text, 0);
  const DocumentResult segmented = Run(text, 2048);
  REQUIRE(whole.quotes.size() > 30);
  REQUIRE(segmented.quotes.size() == whole.quotes.size());
  size_t same_speaker = 0, explicit_tags = 0;
  for (size_t i = 0; i < whole.quotes.size(); ++i) {
    const Quote& a = whole.quotes[i];
    const Quote& b = segmented.quotes[i];
    CAPTURE(a.text);
    CHECK(b.span == a.span);
    CHECK(b.kind == a.kind);
    CHECK(b.line == a.line);
    CHECK(b.id == "d0.q" + std::to_string(i));
    CHECK(text.substr(b.span.start, b.span.size()) == b.text);
    if (a.speaker && b.speaker && a.speaker->name == b.speaker->name) ++same_speaker;
    // A tag next to the quote is inside every window that reports the quote.
    if (a.speaker && a.speaker->method == AttributionMethod::kExplicit) {
      ++explicit_tags;
      REQUIRE(b.speaker);
      CHECK(b.speaker->name == a.speaker->name);
      CHECK(text.substr(b.speaker->mention_span.start, b.speaker->mention_span.size()) == b.speaker->mention);
    }
  }
  CHECK(explicit_tags > 10);
  CHECK(same_speaker * 10 >= whole.quotes.size() * 8);
  CHECK(segmented.lines == whole.lines);
}

TEST_CASE("segments hand out their quotes in order, and the speakers hold the whole document's") {
  const std::string text = LongEnglishDocument();
  EngineOptions options;
  options.lang = "en";
  options.segment_bytes = 2048;
  Engine engine(testing::BuiltinRules(), options);
  std::vector<Quote> streamed;
  size_t batches = 0;
  auto result = engine.Extract(text, "feed.txt", "d7", [&](const DocumentResult& document, std::vector<Quote>& quotes) {
    CHECK(document.id == "feed.txt");
    CHECK(document.lang == "en");
    CHECK(!quotes.empty());
    ++batches;
    for (Quote& q : quotes) streamed.push_back(std::move(q));
  });
  REQUIRE(result.ok());
  CHECK(result->quotes.empty());  // they went to the handler
  CHECK(batches > 3);
  const auto collected = engine.Extract(text, "feed.txt", "d7");
  REQUIRE(collected.ok());
  REQUIRE(streamed.size() == collected->quotes.size());
  for (size_t i = 0; i < streamed.size(); ++i) {
    CHECK(streamed[i].id == collected->quotes[i].id);
    CHECK(streamed[i].span == collected->quotes[i].span);
    if (i) CHECK(streamed[i - 1].span.start <= streamed[i].span.start);
  }
  // Every attributed quote is listed under exactly its speaker; each speaker appears once.
  std::map<std::string, std::string> speaker_of;
  std::set<std::string> names;
  for (const Entity& e : result->speakers) {
    CHECK(names.insert(e.name + "/" + std::string(ToString(e.kind))).second);
    for (const auto& id : e.quote_ids) CHECK(speaker_of.emplace(id, e.id).second);
  }
  for (const Quote& q : streamed)
    if (q.speaker) {
      CHECK(speaker_of[q.id] == q.speaker->entity_id);
      CHECK(q.speaker->entity_id.rfind("d7.s", 0) == 0);
    }
}

TEST_CASE("a later segment's short name joins the full name an earlier segment gave") {
  // The full name comes once, at the top; the short name alone, far below it.
  std::string text = "Maria Lindqvist, the mayor, opened the new library on Monday.\n";
  for (int i = 0; i < 60; ++i) text += "The council met again on day " + std::to_string(i) + " and read the budget aloud.\n";
  text += "\"We built this for the children,\" Lindqvist said.\n";
  const DocumentResult d = Run(text, 1024);
  const Quote* q = testing::FindQuote(d, "We built this for the children,");
  REQUIRE(q);
  REQUIRE(q->speaker);
  CHECK(q->speaker->name == "Maria Lindqvist");
  CHECK(q->speaker->mention == "Lindqvist");
}

}  // namespace
}  // namespace quoth
