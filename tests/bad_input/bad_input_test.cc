// Bad and hostile documents through the public Engine API: the engine must refuse what is
// not text with kInvalidInput, and survive everything else (huge, unbalanced, deeply nested,
// all punctuation) with every returned span still pointing at the right bytes.
// No timings are asserted; the big cases must simply finish.
#include <cctype>
#include <cstdint>
#include <string>

#include "quoth/quoth.h"
#include "support/rules.h"

using namespace quoth;

namespace {

Result<DocumentResult> Run(const std::string& text, const std::string& lang = "auto") {
  EngineOptions options;
  options.lang = lang;
  options.keep_nested = true;  // every quote the finder keeps is checked
  return Engine(testing::BuiltinRules(), options).Extract(text, "doc.txt", "d1");
}

// Every span of the result is inside the input and holds the bytes the result claims.
void CheckSpans(const std::string& text, const DocumentResult& d) {
  CHECK(d.bytes == text.size());
  size_t previous_start = 0;
  for (const auto& q : d.quotes) {
    REQUIRE(q.span.start <= q.span.end);
    REQUIRE(q.span.end <= text.size());
    // Comparing lengths first keeps failure output short on the huge documents.
    REQUIRE(q.text.size() == q.span.size());
    REQUIRE(q.text == text.substr(q.span.start, q.span.size()));
    REQUIRE_FALSE(q.parts.empty());
    for (const auto& p : q.parts) {
      REQUIRE(p.start <= p.end);
      REQUIRE(p.start >= q.span.start);
      REQUIRE(p.end <= q.span.end);
    }
    CHECK(q.span.start >= previous_start);  // document order
    previous_start = q.span.start;
    if (q.speaker) {
      REQUIRE(q.speaker->mention_span.end <= text.size());
      CHECK(q.speaker->mention == text.substr(q.speaker->mention_span.start, q.speaker->mention_span.size()));
    }
  }
}

// True when `message` holds "byte N" with exactly that number.
bool NamesByte(const std::string& message, size_t n) {
  const std::string key = "byte " + std::to_string(n);
  for (size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + 1)) {
    const size_t end = at + key.size();
    if (end == message.size() || !std::isalnum(static_cast<unsigned char>(message[end]))) return true;
  }
  return false;
}

// A small deterministic generator (the same documents on every run).
struct Lcg {
  uint32_t state;
  uint32_t Next() { return state = state * 1664525u + 1013904223u; }
  size_t Below(size_t n) { return (Next() >> 8) % n; }
};

}  // namespace

TEST_CASE("an empty document is fine and has no quotes") {
  for (const std::string lang : {"auto", "en", "sv"}) {
    CAPTURE(lang);
    auto r = Run("", lang);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    CHECK(r->quotes.empty());
    CHECK(r->speakers.empty());
    CHECK(r->bytes == 0);
  }
}

TEST_CASE("blank documents and a lone byte-order mark have no quotes") {
  for (const std::string text : {" ", "\n\n\n", " \t\r\n \r\n", "\xEF\xBB\xBF", "\xEF\xBB\xBF\n"}) {
    auto r = Run(text);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    CHECK(r->quotes.empty());
  }
}

TEST_CASE("a binary document is refused with kInvalidInput") {
  const std::string binary("The header\0\0\0\x01\x02payload", 22);
  auto r = Run(binary);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kInvalidInput);
  CHECK(NamesByte(r.status().message(), 10));
  CHECK(r.status().message().find("doc.txt") != std::string::npos);  // says which document
}

TEST_CASE("invalid UTF-8 is refused with kInvalidInput naming the offset") {
  const std::string latin1 = "A first line.\nSm\xF6rg\xE5sbord in Latin-1.";  // 0xF6 at byte 16
  auto r = Run(latin1);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kInvalidInput);
  INFO(r.status().message());
  CHECK(NamesByte(r.status().message(), 16));
  CHECK(r.status().message().find("line 2") != std::string::npos);
}

TEST_CASE("invalid UTF-8 at the very end is refused too") {
  const std::string text = "\"It was over,\" she said. \xE2\x80";  // a cut-off closing quote
  auto r = Run(text, "en");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kInvalidInput);
  CHECK(NamesByte(r.status().message(), 25));
}

TEST_CASE("a document over max_document_bytes is refused with kInvalidInput") {
  EngineOptions options;
  options.lang = "en";
  options.max_document_bytes = 64;
  const std::string text(65, 'a');
  auto r = Engine(testing::BuiltinRules(), options).Extract(text, "big.txt");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kInvalidInput);
  auto fits = Engine(testing::BuiltinRules(), options).Extract(text.substr(0, 64), "ok.txt");
  CHECK(fits.ok());
}

TEST_CASE("a 50 MB document without a newline is processed with valid offsets") {
  // Plain sentences on one line; now and then a tagged quote, a partial quote or a stray mark.
  static const char* kWords[] = {"council", "roads", "bridge", "water", "plans", "for", "next",
                                 "year", "and", "the", "budget", "was", "late", "again", "town"};
  const size_t target = size_t{50} << 20;
  std::string text;
  text.reserve(target + 512);
  Lcg rng{42};
  size_t sentences = 0;
  while (text.size() < target) {
    ++sentences;
    text += "The";
    for (size_t w = 0, n = 6 + rng.Below(10); w < n; ++w) {
      text += ' ';
      text += kWords[rng.Below(std::size(kWords))];
    }
    if (sentences % 97 == 0) text += " and said it was \"far too slow\" for them";
    if (sentences % 251 == 0) text += ". “We will not wait,” Mayor Lena Ortiz said";
    if (sentences % 509 == 0) text += " \" stray";
    text += ". ";
  }
  auto r = Run(text, "en");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CHECK(r->bytes == text.size());
  CHECK_FALSE(r->quotes.empty());
  CheckSpans(text, *r);
  for (const auto& q : r->quotes) REQUIRE(q.line == 1);
  // No quote is lost in the one huge paragraph; the stray marks make none.
  size_t partial = 0, tagged = 0;
  for (const auto& q : r->quotes) {
    partial += q.text == "far too slow";
    tagged += q.text == "We will not wait,";
  }
  CHECK(partial == sentences / 97);
  CHECK(tagged == sentences / 251);
  CHECK(r->quotes.size() == partial + tagged);
}

TEST_CASE("10,000 unbalanced straight quote marks among words") {
  Lcg rng{7};
  std::string text;
  for (int i = 0; i < 10000; ++i) {
    switch (rng.Below(4)) {
      case 0: text += "word \"opens "; break;     // an opener
      case 1: text += "closes\" word "; break;    // a closer
      case 2: text += "alone \" here "; break;    // neither
      default: text += "plain words "; break;
    }
    if (rng.Below(50) == 0) text += ".\n";
  }
  auto r = Run(text, "en");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CheckSpans(text, *r);
}

TEST_CASE("10,000 curly openers and no closer, in one paragraph") {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "“word ";
  auto r = Run(text, "en");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CHECK(r->quotes.empty());  // nothing ever closes
  CheckSpans(text, *r);
}

TEST_CASE("10,000 paragraphs that each open a quote and never close it") {
  // Each paragraph re-opens the quote, so it could continue forever.
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "“The plan goes on and on\n\n";
  auto r = Run(text, "en");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CheckSpans(text, *r);
  CHECK(r->quotes.empty());  // nothing ever closes
  CHECK_FALSE(r->warnings.empty());  // the unterminated marks are reported
}

TEST_CASE("10,000 nested openers, then 10,000 closers") {
  std::string text = "Intro: ";
  for (int i = 0; i < 10000; ++i) text += (i % 2 ? "‘w" : "“w") + std::to_string(i) + " ";
  for (int i = 9999; i >= 0; --i) text += "w" + std::to_string(i) + (i % 2 ? "’ " : "” ");
  text += "she said.";
  auto r = Run(text, "en");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CheckSpans(text, *r);
  // Whatever the engine keeps of the nesting, the innermost pair is a real quote.
  CHECK(testing::FindQuote(*r, "w9999 w9999") != nullptr);
}

TEST_CASE("10,000 nested Swedish guillemets") {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "»ord ";
  for (int i = 0; i < 10000; ++i) text += "ord» ";
  auto r = Run(text, "sv");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CheckSpans(text, *r);
}

TEST_CASE("a document made only of dashes and quote marks") {
  static const char* kMarks[] = {"–", "—", "-", "\"", "“", "”", "‘", "’", "'", "«", "»", "„", "``", "''", "…", "."};
  Lcg rng{3};
  std::string text;
  for (int i = 0; i < 20000; ++i) {
    text += kMarks[rng.Below(std::size(kMarks))];
    switch (rng.Below(6)) {
      case 0: text += ' '; break;
      case 1: text += '\n'; break;
      case 2: text += "\n– "; break;  // a dialogue dash opening a paragraph
      default: break;
    }
  }
  for (const std::string lang : {"auto", "en", "sv"}) {
    CAPTURE(lang);
    auto r = Run(text, lang);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    CheckSpans(text, *r);
  }
}

TEST_CASE("dash paragraphs with nothing after the dash") {
  const std::string text = "–\n– \n—  \n- -\n– ”\n– –, säger han.\n";
  auto r = Run(text, "sv");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CheckSpans(text, *r);
}
