// Tokens: chunks at white space (ASCII and wider spaces), punctuation trimmed, a sentence's full
// stop dropped but not an initial's or an abbreviation's, and trimming a token again gives the
// token (phrases cut at token ends read the same words as their sentence).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/text/tokens.h"

namespace quoth::detail {
namespace {

std::vector<std::string> Words(std::string_view text) {
  std::vector<Span> spans;
  TokenSpansInto(text, {0, text.size()}, &spans);
  std::vector<std::string> out;
  for (const Span& s : spans) out.emplace_back(text.substr(s.start, s.size()));
  return out;
}

TEST_CASE("tokens are cut at every kind of white space and trimmed of punctuation") {
  CHECK(Words("\"We will wait,\" said Anna Berg (the mayor).") ==
        std::vector<std::string>{"We", "will", "wait", "said", "Anna", "Berg", "the", "mayor"});
  // A no-break space, a narrow no-break space, an ideographic space, a tab and a line break.
  CHECK(Words("Åsa\u00A0Öberg\u202Fsade\u3000«nej»\tnu\n– ja") ==
        std::vector<std::string>{"Åsa", "Öberg", "sade", "nej", "nu", "–", "ja"});
  CHECK(Words("Gov. Ann Holt met W. Berg in the U.S. today.") ==
        std::vector<std::string>{"Gov", "Ann", "Holt", "met", "W.", "Berg", "in", "the", "U.S.", "today"});
  CHECK(Words("  , ; …  ").empty());
}

TEST_CASE("a token trimmed again is itself") {
  const std::string text = "(Reuters). said Holt!. the U.S.. W.) “Berg’s” ok.. ‘x’.";
  std::vector<Span> spans;
  TokenSpansInto(text, {0, text.size()}, &spans);
  REQUIRE(spans.size() == 9);
  for (const Span& s : spans) {
    CAPTURE(text.substr(s.start, s.size()));
    CHECK(TrimChunk(text, s) == s);
  }
  // The bracket a sentence's full stop hid is trimmed too.
  CHECK(text.substr(spans[0].start, spans[0].size()) == "Reuters");
  CHECK(text.substr(spans[2].start, spans[2].size()) == "Holt");
}

TEST_CASE("Tokenize keeps each token's text and span") {
  const std::string text = "sagte Bürgermeisterin Ulrike Brandt.";
  const auto tokens = Tokenize(text, {6, text.size()});
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[0].text == "Bürgermeisterin");
  CHECK(tokens[2].text == "Brandt");
  for (const auto& t : tokens) CHECK(text.substr(t.span.start, t.span.size()) == t.text);
}

TEST_CASE("LowerAsciiWordAt reads a short word in place, lower-cased, or nothing") {
  const std::string text = "Outside, One angry fan,\nshe said; Eine Kundin";
  char buffer[4];
  CHECK(LowerAsciiWordAt(text, 8, text.size(), buffer, sizeof buffer) == "one");   // after the comma's space
  CHECK(LowerAsciiWordAt(text, 23, text.size(), buffer, sizeof buffer) == "she");  // past a line break
  CHECK(LowerAsciiWordAt(text, 0, text.size(), buffer, sizeof buffer).empty());    // "Outside" is too long
  CHECK(LowerAsciiWordAt(text, 7, text.size(), buffer, sizeof buffer).empty());    // a comma is no letter
  CHECK(LowerAsciiWordAt(text, 34, text.size(), buffer, sizeof buffer) == "eine");
  CHECK(LowerAsciiWordAt(text, 34, 36, buffer, sizeof buffer) == "ei");           // stops at `end`
}

}  // namespace
}  // namespace quoth::detail
