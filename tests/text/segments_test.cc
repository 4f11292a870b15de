// Segment planning: reports tile the text, cuts fall where a reader pauses, windows add the
// context either side, and line numbers agree with Document's.
#include <doctest/doctest.h>

#include <string>

#include "engine/text/document.h"
#include "engine/text/segments.h"

namespace quoth::detail {
namespace {

std::string Paragraphs(size_t n) {
  std::string text;
  for (size_t i = 0; i < n; ++i)
    text += "Paragraph " + std::to_string(i) + " says \"something quoted here,\" the minister said. It ends.\n";
  return text;
}

// 1 + the line breaks before `offset`, counted the simple way.
size_t LineOf(std::string_view text, size_t offset) {
  size_t line = 1;
  for (size_t i = 0; i < offset; ++i)
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) ++line;
  return line;
}

void CheckTiling(std::string_view text, const std::vector<Segment>& segments, size_t segment_bytes, size_t context) {
  REQUIRE(!segments.empty());
  CHECK(segments.front().report.start == 0);
  CHECK(segments.back().report.end == text.size());
  for (size_t k = 0; k < segments.size(); ++k) {
    const Segment& s = segments[k];
    CHECK(s.report.size() <= segment_bytes);
    CHECK(s.window.start <= s.report.start);
    CHECK(s.window.end >= s.report.end);
    CHECK(s.report.start - s.window.start <= 2 * context);
    CHECK(s.window.end - s.report.end <= context);
    if (k > 0) CHECK(segments[k - 1].report.end == s.report.start);
    // The line of the window's first byte, counted from the start of the text.
    CHECK(s.first_line == LineOf(text, s.window.start));
  }
}

TEST_CASE("a text no longer than a segment is one segment") {
  const std::string text = Paragraphs(3);
  const auto segments = PlanSegments(text, text.size(), 100);
  REQUIRE(segments.size() == 1);
  CHECK(segments[0].window == Span{0, text.size()});
  CHECK(segments[0].report == Span{0, text.size()});
  CHECK(PlanSegments(text, 0, 100).size() == 1);  // 0: never cut
}

TEST_CASE("cuts fall at line breaks and windows open and close with whole paragraphs") {
  const std::string text = Paragraphs(200);
  const auto segments = PlanSegments(text, 2000, 500);
  CHECK(segments.size() >= 8);
  CheckTiling(text, segments, 2000, 500);
  for (const Segment& s : segments) {
    if (s.report.start > 0) CHECK(text[s.report.start - 1] == '\n');
    if (s.window.start > 0) CHECK(text[s.window.start - 1] == '\n');
    if (s.window.end < text.size()) CHECK(text[s.window.end - 1] == '\n');
    if (s.report.start > 0) CHECK(s.window.start < s.report.start);  // the paragraphs before are context
  }
}

TEST_CASE("one paragraph with no line breaks is cut after a sentence, else at a space, else between characters") {
  std::string sentences;
  while (sentences.size() < 20000) sentences += "He said \"yes\" to them. ";
  auto segments = PlanSegments(sentences, 1000, 200);
  CheckTiling(sentences, segments, 1000, 200);
  for (size_t k = 1; k < segments.size(); ++k)
    CHECK(sentences.substr(segments[k].report.start - 2, 2) == ". ");

  std::string words;
  while (words.size() < 20000) words += "word ";
  segments = PlanSegments(words, 1000, 200);
  CheckTiling(words, segments, 1000, 200);
  for (size_t k = 1; k < segments.size(); ++k) CHECK(words[segments[k].report.start - 1] == ' ');

  std::string letters;  // "ö" is two bytes: a cut never splits it
  while (letters.size() < 20000) letters += "\xC3\xB6";
  segments = PlanSegments(letters, 1001, 200);
  CheckTiling(letters, segments, 1001, 200);
  for (const Segment& s : segments) {
    CHECK(s.report.start % 2 == 0);
    CHECK(s.window.start % 2 == 0);
    CHECK(s.window.end % 2 == 0);
  }
}

TEST_CASE("lines are counted as Document counts them") {
  for (const std::string text : {"", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\rb", "a\r\rb\n", "\n\n", "a\r", "a\n\rb"}) {
    CAPTURE(text);
    CHECK(CountLines(text) == Document(text, {}).line_count());
  }
  std::string crlf;
  for (int i = 0; i < 300; ++i) crlf += "Line " + std::to_string(i) + " of a Windows file.\r\n";
  const auto segments = PlanSegments(crlf, 1500, 300);
  CheckTiling(crlf, segments, 1500, 300);
}

TEST_CASE("a Document over a window numbers its lines from the window's first line") {
  const std::string text = Paragraphs(10);
  const size_t third = text.find("Paragraph 2");
  Document doc(std::string_view(text).substr(third), {}, 3);
  CHECK(doc.paragraphs().front().line == 3);
  CHECK(doc.LineAt(0) == 3);
  CHECK(doc.LineAt(text.find("Paragraph 5") - third) == 6);
}


TEST_CASE("no cut and no window start falls inside a quote that may not be broken") {
  // One line of 40 quotes of 900 bytes each, a long one in the middle: with 1000-byte
  // segments every natural cut lands inside a quote.
  std::string text;
  std::vector<Span> quotes;
  for (size_t i = 0; i < 40; ++i) {
    text += "He said ";
    const size_t open = text.size();
    text += "\"" + std::string(i == 20 ? 5000 : 900, 'x') + "\"";
    quotes.push_back({open, text.size()});
    text += " and left. ";
  }
  const auto segments = PlanSegments(text, 1000, 200, quotes);
  REQUIRE(segments.size() > 10);
  CHECK(segments.front().report.start == 0);
  CHECK(segments.back().report.end == text.size());
  for (size_t k = 0; k < segments.size(); ++k) {
    const Segment& s = segments[k];
    if (k > 0) CHECK(segments[k - 1].report.end == s.report.start);
    for (const Span& q : quotes) {
      CHECK_FALSE((q.start < s.report.start && s.report.start < q.end));
      CHECK_FALSE((q.start < s.window.start && s.window.start < q.end));
      // A quote that starts in the report lies whole in the window.
      if (q.start >= s.report.start && q.start < s.report.end) CHECK(q.end <= s.window.end);
    }
  }
  // The long quote makes its segment's report longer than a segment: it is not cut.
  bool long_report = false;
  for (const Segment& s : segments) long_report |= s.report.size() > 5000;
  CHECK(long_report);
}

}  // namespace
}  // namespace quoth::detail
