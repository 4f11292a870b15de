// A long document read in segments (EngineOptions::segment_bytes): the same quotes as reading
// it whole, handed out in order through the QuoteHandler, with ids, offsets, lines and
// speakers that hold for the whole document.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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


// Sentences of plain words, cycled deterministically, to build long quotes of a given size.
std::string Sentences(size_t bytes, size_t seed) {
  static const char* kWords[] = {"the", "council", "will", "review", "every", "school", "budget", "and", "plan",
                                 "for", "fewer", "teachers", "while", "harbour", "project", "waits", "on", "money"};
  std::string out;
  for (size_t w = seed; out.size() < bytes; ++w) {
    std::string word = kWords[(w * 7 + w / 5) % 18];
    if (out.empty() || out.back() == ' ') {
      if (out.empty() || out[out.size() - 2] == '.') word[0] = static_cast<char>(word[0] - 'a' + 'A');
    }
    out += word;
    out += (w % 11 == 10) ? ". " : " ";
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.back() != '.') out += '.';
  return out;
}

// The quotes' texts, as found.
std::vector<std::string> Texts(const DocumentResult& d) {
  std::vector<std::string> texts;
  for (const Quote& q : d.quotes) texts.push_back(q.text);
  return texts;
}

TEST_CASE("a quote longer than a window's context is found whole where it crosses a segment cut") {
  // One paragraph of 100 quotes of about 9 KB (a transcript run together): many of them
  // cross a 128 KB cut, and each is far longer than the 4 KB either side a window sees.
  std::string one_line;
  for (size_t i = 0; i < 100; ++i)
    one_line += "The hearing went on. \xE2\x80\x9C" + Sentences(9000, i) + "\xE2\x80\x9D said Maria Lindqvist. ";
  REQUIRE(one_line.size() > 900000);
  // 120 quotes of four paragraphs each, each paragraph re-opening the quote (the news style).
  std::string paragraphs;
  for (size_t i = 0; i < 120; ++i) {
    paragraphs += "The mayor spoke at length. Tom Baker said: \xE2\x80\x9C" + Sentences(2500, i) + "\n\n";
    paragraphs += "\xE2\x80\x9C" + Sentences(2500, i + 1) + "\n\n";
    paragraphs += "\xE2\x80\x9C" + Sentences(2500, i + 2) + "\n\n";
    paragraphs += "\xE2\x80\x9C" + Sentences(2500, i + 3) + "\xE2\x80\x9D\n\nThe council then adjourned.\n\n";
  }
  REQUIRE(paragraphs.size() > 1200000);
  for (const std::string* text : {&one_line, &paragraphs}) {
    const DocumentResult whole = Run(*text, 0);
    const DocumentResult segmented = Run(*text, 128u << 10);
    CHECK(whole.quotes.size() == (text == &one_line ? 100u : 120u));
    CHECK(Texts(segmented) == Texts(whole));
    CHECK(segmented.warnings.empty());
    for (const Quote& q : segmented.quotes) {
      CHECK(text->substr(q.span.start, q.span.size()) == q.text);
      REQUIRE(q.speaker);
      CHECK(q.speaker->name == (text == &one_line ? "Maria Lindqvist" : "Tom Baker"));
    }
  }
}

TEST_CASE("every cut of a test article gives the quotes of reading it whole") {
  // Segment sizes from tiny to a few KB put a cut at nearly every paragraph boundary (and,
  // in long paragraphs, inside them) of each sample; the quotes found must not change.
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(QUOTH_SAMPLES)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  size_t cuts_tried = 0;
  for (const fs::path& file : files) {
    const std::string text = ReadSample(file.filename().string());
    const std::string lang = file.filename().string().substr(0, 2);
    EngineOptions options;
    options.segment_bytes = 0;
    const DocumentResult whole = testing::Extract(text, lang, options);
    std::vector<Span> spans;
    for (const Quote& q : whole.quotes) spans.push_back(q.span);
    for (size_t segment = 64; segment < text.size(); segment += segment < 1024 ? 37 : 211) {
      options.segment_bytes = segment;
      const DocumentResult cut = testing::Extract(text, lang, options);
      std::vector<Span> cut_spans;
      for (const Quote& q : cut.quotes) cut_spans.push_back(q.span);
      CAPTURE(file.filename().string());
      CAPTURE(segment);
      if (cut_spans != spans) {
        std::string diff;
        for (const Quote& q : whole.quotes) diff += "\n  whole " + std::to_string(q.span.start) + " " + q.text.substr(0, 40);
        for (const Quote& q : cut.quotes) diff += "\n  cut   " + std::to_string(q.span.start) + " " + q.text.substr(0, 40);
        FAIL_CHECK("quotes differ:" << diff);
      }
      CHECK(cut.warnings.size() == whole.warnings.size());
      ++cuts_tried;
    }
  }
  CHECK(cuts_tried > 200);
}

TEST_CASE("a window that opens in the middle of a line reads no dash dialogue there") {
  // A feed flattened to one line (no line breaks: found by the fuzzer): no paragraph opens with
  // a dash, so reading it whole finds no dialogue. A window cut at a space just before "– Vi
  // har ..." must not take the dash for a paragraph's first character.
  std::string text = ReadSample("sv-hamnen.txt");
  std::replace(text.begin(), text.end(), '\n', ' ');
  EngineOptions options;
  options.segment_bytes = 0;
  const DocumentResult whole = testing::Extract(text, "sv", options);
  std::vector<Span> spans;
  for (const Quote& q : whole.quotes) spans.push_back(q.span);
  size_t cuts_tried = 0;
  for (size_t segment = 64; segment < text.size(); segment += 13) {
    options.segment_bytes = segment;
    const DocumentResult cut = testing::Extract(text, "sv", options);
    std::vector<Span> cut_spans;
    for (const Quote& q : cut.quotes) cut_spans.push_back(q.span);
    CAPTURE(segment);
    CHECK(cut_spans == spans);
    for (const Quote& q : cut.quotes) CHECK(q.kind != QuoteKind::kDialogue);
    ++cuts_tried;
  }
  CHECK(cuts_tried > 20);
}

TEST_CASE("warnings in a long document name the document's byte and line, from every segment") {
  // One line of many short quotes with a stray mark now and then: every stray mark is
  // warned about once, at its byte in the whole text.
  std::string text;
  std::vector<size_t> strays;
  for (size_t i = 0; i < 400; ++i) {
    text += "Berg said \"" + Sentences(200, i) + "\" at the meeting. ";
    if (i % 50 == 25) {
      strays.push_back(text.size() + 5);
      text += "Then \"came nothing. ";
    }
  }
  REQUIRE(text.find('\n') == std::string::npos);
  const DocumentResult whole = Run(text, 0);
  const DocumentResult segmented = Run(text, 4096);
  REQUIRE(whole.warnings.size() == strays.size());
  REQUIRE(segmented.warnings.size() == strays.size());
  for (size_t i = 0; i < strays.size(); ++i) {
    CHECK(segmented.warnings[i].message == whole.warnings[i].message);
    CHECK(segmented.warnings[i].message.find("at byte " + std::to_string(strays[i]) + ",") != std::string::npos);
    CHECK(segmented.warnings[i].line == 1);
  }
  CHECK(Texts(segmented) == Texts(whole));
}

}  // namespace
}  // namespace quoth
