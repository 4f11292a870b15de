// Document: paragraphs and sentences as byte spans of the input. Sentence ends come from the
// rule packs' abbreviation lists, so "Gov." or "t.ex." must not end a sentence.
#include "engine/text/document.h"

#include "support/rules.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

std::vector<std::string> Slices(const std::string& text, const std::vector<Span>& spans) {
  std::vector<std::string> out;
  for (const auto& s : spans) {
    REQUIRE(s.start <= s.end);
    REQUIRE(s.end <= text.size());
    out.push_back(text.substr(s.start, s.size()));
  }
  return out;
}

// The sentences of `text` under `lang`'s abbreviations, as the bytes their spans cover.
std::vector<std::string> Sentences(const std::string& text, const std::string& lang) {
  Document doc(text, testing::Lang(lang).pack.abbreviations);
  std::vector<Span> spans;
  for (const auto& s : doc.sentences()) spans.push_back(s.span);
  return Slices(text, spans);
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("every non-blank line is a paragraph, trimmed, with its line number") {
  const std::string text = "  First paragraph here.\r\n\n\tSecond one.  \n   \nThird\n";
  Document doc(text, {});
  REQUIRE(doc.paragraphs().size() == 3);
  std::vector<Span> spans;
  for (const auto& p : doc.paragraphs()) spans.push_back(p.span);
  CHECK(Slices(text, spans) == Strings{"First paragraph here.", "Second one.", "Third"});
  CHECK(doc.paragraphs()[0].line == 1);
  CHECK(doc.paragraphs()[1].line == 3);
  CHECK(doc.paragraphs()[2].line == 5);
  CHECK(doc.paragraphs()[0].span.start == 2);  // offsets are into the untrimmed input
}

TEST_CASE("a lone carriage return ends a line, as in classic Mac files; CRLF is one line end") {
  const std::string text = "Intro.\r\"Open it,\" she said.\r\rLast one.\r\nAfter CRLF.\r";
  Document doc(text, {});
  REQUIRE(doc.paragraphs().size() == 4);
  CHECK(doc.Slice(doc.paragraphs()[1].span) == "\"Open it,\" she said.");
  CHECK(doc.paragraphs()[1].line == 2);
  CHECK(doc.paragraphs()[2].line == 4);
  CHECK(doc.paragraphs()[3].line == 5);
  CHECK(doc.LineAt(text.find("Open")) == 2);
  CHECK(doc.LineAt(text.find("After")) == 5);
  CHECK(doc.line_count() == 5);  // the final \r ends line 5 and starts no other
  CHECK(Document("a\rb", {}).line_count() == 2);
}

TEST_CASE("a byte-order mark is not part of the first paragraph, and offsets still count it") {
  const std::string text = "\xEF\xBB\xBFTitle line\nBody text.";
  Document doc(text, {});
  REQUIRE(doc.paragraphs().size() == 2);
  CHECK(doc.paragraphs()[0].span.start == 3);
  CHECK(doc.Slice(doc.paragraphs()[0].span) == "Title line");
}

TEST_CASE("empty and blank documents have no paragraphs or sentences") {
  Document empty("", {});
  CHECK(empty.paragraphs().empty());
  CHECK(empty.sentences().empty());
  Document blank(" \n\t\n\r\n", {});
  CHECK(blank.paragraphs().empty());
  CHECK(blank.sentences().empty());
}

TEST_CASE("sentences end at . ! ? and … before a capital") {
  CHECK(Sentences("Is the bridge safe? Nobody knows! The council waits… Then it votes.", "en") ==
        Strings{"Is the bridge safe?", "Nobody knows!", "The council waits…", "Then it votes."});
  // A digit or a dash may start the next sentence too.
  CHECK(Sentences("The vote was close. 42 members said no.", "en") ==
        Strings{"The vote was close.", "42 members said no."});
}

TEST_CASE("no sentence end before a lower-case word or inside a number") {
  CHECK(Sentences("Prices rose by 2.5 percent. in some towns they rose more.", "en") ==
        Strings{"Prices rose by 2.5 percent. in some towns they rose more."});
}

TEST_CASE("sentences never run across paragraphs") {
  const std::string text = "A line without a stop\nNext line here. And more.";
  Document doc(text, testing::Lang("en").pack.abbreviations);
  REQUIRE(doc.sentences().size() == 3);
  CHECK(doc.sentences()[0].paragraph == 0);
  CHECK(doc.sentences()[1].paragraph == 1);
  CHECK(doc.sentences()[2].paragraph == 1);
  CHECK(Sentences(text, "en") == Strings{"A line without a stop", "Next line here.", "And more."});
}

TEST_CASE("English abbreviations from the pack do not end a sentence") {
  CHECK(Sentences("Gov. Lena Ortiz opened the new bridge. Crowds cheered.", "en") ==
        Strings{"Gov. Lena Ortiz opened the new bridge.", "Crowds cheered."});
  CHECK(Sentences("The U.S. Army built the depot in 1952. Nobody uses it now.", "en") ==
        Strings{"The U.S. Army built the depot in 1952.", "Nobody uses it now."});
  CHECK(Sentences("She met Dr. Amir Khan at noon. They talked.", "en") ==
        Strings{"She met Dr. Amir Khan at noon.", "They talked."});
}

TEST_CASE("an initial does not end a sentence") {
  CHECK(Sentences("George W. Bush toured the plant in May. Workers lined up to see him.", "en") ==
        Strings{"George W. Bush toured the plant in May.", "Workers lined up to see him."});
  CHECK(Sentences("The report by J. R. Hall came out. It was long.", "en") ==
        Strings{"The report by J. R. Hall came out.", "It was long."});
}

TEST_CASE("Swedish abbreviations from the pack do not end a sentence") {
  CHECK(Sentences("Flera kommuner, t.ex. Malmö och Lund, har redan sagt ja. Andra väntar.", "sv") ==
        Strings{"Flera kommuner, t.ex. Malmö och Lund, har redan sagt ja.", "Andra väntar."});
  CHECK(Sentences("Mötet börjar kl. 9 på morgonen. Alla är välkomna.", "sv") ==
        Strings{"Mötet börjar kl. 9 på morgonen.", "Alla är välkomna."});
}

TEST_CASE("a full stop inside closing quote marks ends the sentence when a capital follows") {
  CHECK(Sentences("He told us, \"The work is done.\" Then he drove away.", "en") ==
        Strings{"He told us, \"The work is done.\"", "Then he drove away."});
  CHECK(Sentences("She said: “It is late.” Nobody answered.", "en") ==
        Strings{"She said: “It is late.”", "Nobody answered."});
  CHECK(Sentences("Hon sa: ”Det är klart.” Sedan gick hon hem.", "sv") ==
        Strings{"Hon sa: ”Det är klart.”", "Sedan gick hon hem."});
}

TEST_CASE("a quote mark may start the next sentence") {
  CHECK(Sentences("The crowd went quiet. “We will stay,” one man said.", "en") ==
        Strings{"The crowd went quiet.", "“We will stay,” one man said."});
}

TEST_CASE("sentence spans are byte offsets into multi-byte text") {
  const std::string text = "Åsa Ek läste högt. Ödet log mot henne.";
  Document doc(text, testing::Lang("sv").pack.abbreviations);
  REQUIRE(doc.sentences().size() == 2);
  const Span second = doc.sentences()[1].span;
  CHECK(second.start == std::string("Åsa Ek läste högt. ").size());
  CHECK(second.end == text.size());
  CHECK(text.substr(second.start, second.size()) == "Ödet log mot henne.");
  CHECK(doc.Slice(second) == "Ödet log mot henne.");
}

TEST_CASE("LineAt, ParagraphAt and SentenceAt map offsets back") {
  const std::string text = "One. Two.\n\nThree here.";
  Document doc(text, {});
  const size_t three = text.find("Three");
  CHECK(doc.LineAt(0) == 1);
  CHECK(doc.LineAt(text.find("Two")) == 1);
  CHECK(doc.LineAt(three) == 3);
  CHECK(doc.ParagraphAt(three) == 1);
  CHECK(doc.ParagraphAt(text.find("Two")) == 0);
  REQUIRE(doc.sentences().size() == 3);
  CHECK(doc.SentenceAt(text.find("Two")) == 1);
  CHECK(doc.SentenceAt(three + 2) == 2);
}
