// Quote finding: which spans are quotes, their exact bytes, and their kind. Each test runs the
// whole engine (testing::Extract) and checks that every quote's text is its span's bytes.
#include "engine/quotes/quote_finder.h"

#include <sstream>

#include "support/rules.h"

using namespace quoth;
using testing::Extract;
using testing::FindQuote;

namespace {

// The invariant of every Span: text == input.substr(start, end - start); parts cover the span
// from its first to its last byte, in order.
void CheckOffsets(const std::string& input, const DocumentResult& d) {
  for (const auto& q : d.quotes) {
    CAPTURE(q.text);
    REQUIRE(q.span.start <= q.span.end);
    REQUIRE(q.span.end <= input.size());
    CHECK(q.text == input.substr(q.span.start, q.span.end - q.span.start));
    REQUIRE_FALSE(q.parts.empty());
    CHECK(q.parts.front().start == q.span.start);
    CHECK(q.parts.back().end == q.span.end);
    for (size_t i = 0; i < q.parts.size(); ++i) {
      CHECK(q.parts[i].start <= q.parts[i].end);
      if (i > 0) CHECK(q.parts[i - 1].end <= q.parts[i].start);
    }
  }
}

// Runs the engine and checks the offsets; `INFO` shows what was found when a test fails.
DocumentResult Run(const std::string& text, const std::string& lang, EngineOptions options = {}) {
  DocumentResult d = Extract(text, lang, options);
  CheckOffsets(text, d);
  return d;
}

// The one quote with text `t`; fails the test (with everything found) when there is none.
const Quote& Get(const DocumentResult& d, const std::string& t) {
  const Quote* q = FindQuote(d, t);
  REQUIRE_MESSAGE(q != nullptr, "no quote <" << t << ">; " << testing::DescribeQuotes(d));
  return *q;
}

}  // namespace

TEST_CASE("curly double quotes") {
  const std::string text = "“We will rebuild the school,” Mayor Lena Ortiz said on Monday.";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "We will rebuild the school,");
  CHECK(q.kind == QuoteKind::kDirect);
  CHECK(q.span.start == std::string("“").size());
  CHECK(q.line == 1);
}

TEST_CASE("straight double quotes") {
  auto d = Run("\"The roads are closed until Friday,\" the police said.", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  CHECK(Get(d, "The roads are closed until Friday,").kind == QuoteKind::kDirect);
}

TEST_CASE("single quotes, straight and curly") {
  auto straight = Run("'We are ready for the storm,' the harbour master said.", "en");
  INFO(testing::DescribeQuotes(straight));
  CHECK(straight.quotes.size() == 1);
  Get(straight, "We are ready for the storm,");
  auto curly = Run("‘We are ready for the storm,’ the harbour master said.", "en");
  INFO(testing::DescribeQuotes(curly));
  CHECK(curly.quotes.size() == 1);
  Get(curly, "We are ready for the storm,");
}

TEST_CASE("a curly opener pairs with a straight closer of the same family") {
  const std::string text = "The envoy warned against “provoking the neighbours,\" the paper reported.";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  Get(d, "provoking the neighbours,");
}

TEST_CASE("apostrophes are never quote marks") {
  SUBCASE("contractions and possessives outside quotes") {
    auto d = Run("I don't think Ortiz's plan works, and we don’t either.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.empty());
  }
  SUBCASE("a decade and a plural possessive outside quotes") {
    auto d = Run("In the ’90s the farmers’ position hardened, and in the '80s it was worse.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.empty());
  }
  SUBCASE("apostrophes inside a double-quoted quote do not split it") {
    auto d = Run("“The farmers’ union won’t sign, and Ortiz's office knows it,” she said.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.size() == 1);
    Get(d, "The farmers’ union won’t sign, and Ortiz's office knows it,");
  }
  SUBCASE("apostrophes inside a single-quoted quote do not close it") {
    auto d = Run("'Ortiz's team doesn't care,' a neighbour said.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.size() == 1);
    Get(d, "Ortiz's team doesn't care,");
  }
  SUBCASE("a decade apostrophe does not open a quote before a real one") {
    auto d = Run("He said the ’90s were ‘a lost decade’ for the town.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.size() == 1);
    Get(d, "a lost decade");
  }
}

TEST_CASE("a few quoted words inside the writer's sentence are a partial quote") {
  auto d = Run("Ortiz said the budget was \"simply not enough\" for the repairs.", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  CHECK(Get(d, "simply not enough").kind == QuoteKind::kPartial);
}

TEST_CASE("a quote, its tag and a second quote give two quotes") {
  auto d = Run("“We are not moving,” he said. “This is our home.”", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 2);
  CHECK(Get(d, "We are not moving,").kind == QuoteKind::kDirect);
  CHECK(Get(d, "This is our home.").kind == QuoteKind::kDirect);
  CHECK(d.quotes[0].text == "We are not moving,");  // document order
}

TEST_CASE("a quote inside a quote is one utterance: the inner one is listed only on request") {
  const std::string text = "“The officer told me ‘stay inside’ and then he left,” Nils Berg said.";
  auto plain = Run(text, "en");
  INFO(testing::DescribeQuotes(plain));
  REQUIRE(plain.quotes.size() == 1);
  CHECK(plain.quotes[0].text == "The officer told me ‘stay inside’ and then he left,");
  REQUIRE(plain.quotes[0].speaker);
  CHECK(plain.quotes[0].speaker->name == "Nils Berg");

  EngineOptions nested;
  nested.keep_nested = true;
  auto d = Run(text, "en", nested);
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 2);
  const Quote& outer = Get(d, "The officer told me ‘stay inside’ and then he left,");
  CHECK(outer.kind == QuoteKind::kDirect);
  const Quote& inner = Get(d, "stay inside");
  CHECK(inner.kind == QuoteKind::kNested);
  CHECK(inner.span.start > outer.span.start);
  CHECK(inner.span.end < outer.span.end);
}

TEST_CASE("a space between two adjacent marks does not unpair them") {
  // Some house styles set a thin space between a closing single mark and the double one (' "),
  // and between a double opener and a single one (" '): the marks still touch.
  SUBCASE("straight marks, the inner quote at the end and at the start") {
    const std::string text =
        "\"They told us, 'It will be fine,' \" Harlan Voss said at the meeting. \"Nobody believed it.\"\n\n"
        "\" 'Wait and see' is not a plan,\" said Mara Quint.";
    auto d = Run(text, "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.size() == 3);
    CHECK(Get(d, "They told us, 'It will be fine,' ").kind == QuoteKind::kDirect);
    CHECK(Get(d, "Nobody believed it.").speaker.value_or(SpeakerRef{}).name == "Harlan Voss");
    CHECK(Get(d, " 'Wait and see' is not a plan,").speaker.value_or(SpeakerRef{}).name == "Mara Quint");
  }
  SUBCASE("curly marks") {
    auto d = Run("“They told us, ‘It will be fine,’ ” Harlan Voss said.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.size() == 1);
    Get(d, "They told us, ‘It will be fine,’ ");
  }
  SUBCASE("a closing mark, a space and the next quote's opening mark stay two quotes") {
    auto d = Run("He praised the show “Fox and Friends.” “I mean it,” he said.", "en");
    INFO(testing::DescribeQuotes(d));
    CHECK(d.quotes.size() == 2);
    Get(d, "Fox and Friends.");
    Get(d, "I mean it,");
  }
}

TEST_CASE("a quote over two paragraphs is one quote with two parts") {
  // News style: the first paragraph leaves the quote open, the next one re-opens it.
  const std::string text =
      "“The first step is to clear the roads before the frost.\n"
      "\n"
      "“The second step is to rebuild the bridge,” Ortiz said.\n";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  REQUIRE(d.quotes.size() == 1);
  const Quote& q = d.quotes[0];
  REQUIRE(q.parts.size() == 2);
  CHECK(text.substr(q.parts[0].start, q.parts[0].size()) == "The first step is to clear the roads before the frost.");
  CHECK(text.substr(q.parts[1].start, q.parts[1].size()) == "The second step is to rebuild the bridge,");
  CHECK(q.text == text.substr(q.span.start, q.span.end - q.span.start));
  CHECK(q.kind == QuoteKind::kDirect);
  CHECK(q.line == 1);
}

TEST_CASE("a quote over three paragraphs has three parts") {
  const std::string text =
      "“First, the roads.\n"
      "“Second, the bridge.\n"
      "“Third, the school,” the mayor said.";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  REQUIRE(d.quotes.size() == 1);
  REQUIRE(d.quotes[0].parts.size() == 3);
  CHECK(text.substr(d.quotes[0].parts[1].start, d.quotes[0].parts[1].size()) == "Second, the bridge.");
}

TEST_CASE("a single-quoted statement runs through paragraphs whose apostrophes are not marks") {
  // British style: one quote over several paragraphs, closed only at its end; "what's" and
  // "that's" in between are apostrophes, not marks that could close or re-open it.
  const std::string text =
      "She went on: 'What's learnt and what's inborn?\n"
      "\n"
      "What do the schools teach that makes boys think they must be hard?\n"
      "\n"
      "I think that's the question of our time.\n"
      "\n"
      "Something has gone wrong for young men.' She paused.\n";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  REQUIRE(d.quotes.size() == 1);
  const Quote& q = d.quotes[0];
  CHECK(q.parts.size() == 4);
  CHECK(text.substr(q.parts[0].start, q.parts[0].size()) == "What's learnt and what's inborn?");
  CHECK(text.substr(q.parts[3].start, q.parts[3].size()) == "Something has gone wrong for young men.");
}

TEST_CASE("a plural possessive inside a single-quoted sentence does not close it") {
  // "students' rooms": the mark after an s, before a lower-case word, is an apostrophe when the
  // quote opened a sentence (paragraph start or after a colon)...
  const std::string text = "'We know it won't change the students' habits overnight,' Professor Holm said.\n";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  REQUIRE(d.quotes.size() == 1);
  CHECK(d.quotes[0].text == "We know it won't change the students' habits overnight,");
  // ...but closes a few quoted words inside a sentence.
  const std::string partial = "Critics called the plan 'fake news' and 'a farmers' tax' in the debate.\n";
  auto p = Run(partial, "en");
  INFO(testing::DescribeQuotes(p));
  REQUIRE(p.quotes.size() >= 1);
  CHECK(p.quotes[0].text == "fake news");
}

TEST_CASE("a quote that the next line closes runs over both lines") {
  // One sentence per line: the second line closes the quote before opening any.
  const std::string text = "“The water rose faster than anyone expected\nand the dam held anyway,” she said.";
  auto d = Run(text, "en");
  INFO(testing::DescribeQuotes(d));
  REQUIRE(d.quotes.size() == 1);
  REQUIRE(d.quotes[0].parts.size() == 2);
  CHECK(text.substr(d.quotes[0].parts[0].start, d.quotes[0].parts[0].size()) == "The water rose faster than anyone expected");
  CHECK(text.substr(d.quotes[0].parts[1].start, d.quotes[0].parts[1].size()) == "and the dam held anyway,");
}

TEST_CASE("archive-style double apostrophes and low-high quotes pair like double quotes") {
  auto twin = Run("''This is not reform,'' the union leader said.", "en");
  INFO(testing::DescribeQuotes(twin));
  CHECK(twin.quotes.size() == 1);
  Get(twin, "This is not reform,");
  auto low = Run("„We stay here,“ the banner read.", "en");
  INFO(testing::DescribeQuotes(low));
  CHECK(low.quotes.size() == 1);
  Get(low, "We stay here,");
}

TEST_CASE("a quote left open with no continuation is dropped with a warning") {
  auto d = Run("He said “we will see about that.\nNobody replied to him.", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.empty());
  REQUIRE(d.warnings.size() == 1);
  CHECK(d.warnings[0].message.find("unterminated") != std::string::npos);
  CHECK(d.warnings[0].line == 1);
}

TEST_CASE("a quote's line is the line its words start on") {
  auto d = Run("A first paragraph.\n\nThen: “We are done here,” she said.", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(Get(d, "We are done here,").line == 3);
}

TEST_CASE("Swedish ”…” quotes (the same mark opens and closes)") {
  auto d = Run("”Vi bygger om hela skolan”, säger rektorn Per Ahl.", "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  CHECK(Get(d, "Vi bygger om hela skolan").kind == QuoteKind::kDirect);
}

TEST_CASE("Swedish »…» quotes") {
  auto d = Run("»Vi bygger om hela skolan», säger rektorn Per Ahl.", "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  CHECK(Get(d, "Vi bygger om hela skolan").kind == QuoteKind::kDirect);
}

TEST_CASE("Swedish ”…” twice in one sentence pairs in order") {
  auto d = Run("Hon kallar planen ”orimlig” och budgeten ”ett skämt” i brevet.", "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 2);
  Get(d, "orimlig");
  Get(d, "ett skämt");
}

TEST_CASE("a dash paragraph is a quote up to its dialogue tag") {
  auto d = Run("– Vi hotar ingen, säger han till TT.", "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "Vi hotar ingen");
  CHECK(q.kind == QuoteKind::kDialogue);
  CHECK(q.span.start == std::string("– ").size());
}

TEST_CASE("a dash turn runs on past its tag in its own voice or carrying its point on, not in the writer's") {
  const std::string text =
      "Hamnen stänger.\n\n"
      "– Ingen har frågat oss, säger hamnchefen Lena Ek. Vi fick ett brev två veckor före beslutet.\n\n"
      "– Det blir dyrt, säger Per Almgren. Rättegången avslutades på torsdagen.\n\n"
      "– Äntligen! säger han. Kommer du i morgon?\n\n"
      "– Dörren är inte stängd, säger ministern. Men den är inte heller vidöppen.\n";
  auto d = Run(text, "sv");
  INFO(testing::DescribeQuotes(d));
  CheckOffsets(text, d);
  // "Vi" speaks: more of the turn, the same speaker's.
  const Quote& more = Get(d, "Vi fick ett brev två veckor före beslutet.");
  CHECK(more.kind == QuoteKind::kDialogue);
  REQUIRE(more.speaker);
  CHECK(more.speaker->name == "Lena Ek");
  // No first or second person: the writer's sentence, no quote.
  CHECK(FindQuote(d, "Rättegången avslutades på torsdagen.") == nullptr);
  // The turn's own ! stays in it; a run-on question keeps its ?.
  CHECK(Get(d, "Äntligen!").kind == QuoteKind::kDialogue);
  CHECK(FindQuote(d, "Kommer du i morgon?") != nullptr);
  // No "jag" or "vi", but a word that carries the point on: more of the minister's turn.
  CHECK(Get(d, "Men den är inte heller vidöppen.").kind == QuoteKind::kDialogue);
  CHECK(d.quotes.size() == 7);
}

TEST_CASE("dashes inside a dialogue turn do not cut it") {
  const std::string text = "– Tack vare bygget – det vill säga jag – har byn fått nya jobb, säger hon.";
  auto d = Run(text, "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  CHECK(Get(d, "Tack vare bygget – det vill säga jag – har byn fått nya jobb").kind == QuoteKind::kDialogue);
}

TEST_CASE("a dash paragraph without a tag is a quote of the whole paragraph") {
  auto d = Run("Vi frågade henne om framtiden.\n– Det här är inte slutet för oss.", "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "Det här är inte slutet för oss.");
  CHECK(q.kind == QuoteKind::kDialogue);
  CHECK(q.line == 2);
}

TEST_CASE("a quote in a headline in capitals has kind headline and no speaker") {
  auto d = Run("'STRANDED' VILLAGERS WAIT FOR THE FERRY\nThe ferry has not run since Monday.", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "STRANDED");
  CHECK(q.kind == QuoteKind::kHeadline);
  CHECK_FALSE(q.speaker.has_value());
}

TEST_CASE("a programme name after 'on' has kind title") {
  auto d = Run("The minister defended the budget on \"Evening Report.\"", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "Evening Report.");
  CHECK(q.kind == QuoteKind::kTitle);
  CHECK_FALSE(q.speaker.has_value());
}

TEST_CASE("a name others use for someone has kind epithet and no speaker") {
  auto d = Run("Bonden brukar kallas ”Dalarnas siste kung” av grannarna.", "sv");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "Dalarnas siste kung");
  CHECK(q.kind == QuoteKind::kEpithet);
  CHECK_FALSE(q.speaker.has_value());
}

TEST_CASE("a word held at a distance has kind scare") {
  auto d = Run("The ministry refuses the label, calling it a \"pause in service.\"", "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  const Quote& q = Get(d, "pause in service.");
  CHECK(q.kind == QuoteKind::kScare);
  CHECK_FALSE(q.speaker.has_value());
}

TEST_CASE("FindQuotes reports the marks around each quote") {
  const std::string text = "Ortiz said: “The work is done.”";
  const auto& rules = testing::Lang("en");
  detail::Document doc(text, rules.pack.abbreviations);
  std::vector<Diagnostic> warnings;
  auto quotes = detail::FindQuotes(doc, rules, &warnings);
  REQUIRE(quotes.size() == 1);
  const auto& q = quotes[0];
  CHECK(doc.Slice(q.open_mark) == "“");
  CHECK(doc.Slice(q.close_mark) == "”");
  CHECK(q.open_mark.end == q.span.start);
  CHECK(q.close_mark.start == q.span.end);
  CHECK(doc.Slice(q.span) == "The work is done.");
  CHECK(q.rule == "marks.double");
  CHECK(q.depth == 0);
  CHECK(warnings.empty());
}

TEST_CASE("QuoteExtents: the outermost quotes from mark to mark, and dash paragraphs whole, from paragraphs alone") {
  const std::string text =
      "Ek said: \u201cWe said \u2018no\u2019 and meant it.\u201d Then she left.\n\n"
      "\u201cThe first paragraph runs on.\n\n\u201cAnd ends here,\u201d said Ek.\n\n"
      "\u2013 Vi g\u00e5r nu, s\u00e4ger hon.\n\nA stray \u201cmark with no end.\n";
  const auto& rules = testing::Lang("sv");
  const auto extents = detail::QuoteExtents(detail::Document::ParagraphsOnly(text), rules);
  std::vector<std::string> found;
  for (const Span& e : extents) found.push_back(text.substr(e.start, e.size()));
  REQUIRE(found.size() == 3);
  CHECK(found[0] == "\u201cWe said \u2018no\u2019 and meant it.\u201d");  // the inner quote is inside it
  CHECK(found[1] == "\u201cThe first paragraph runs on.\n\n\u201cAnd ends here,\u201d");
  CHECK(found[2] == "\u2013 Vi g\u00e5r nu, s\u00e4ger hon.");
  // The whole finder agrees on the quotes, and warns about the stray mark at its byte.
  detail::Document doc(text, rules.pack.abbreviations);
  std::vector<detail::UnclosedMark> unclosed;
  const auto quotes = detail::FindQuotes(doc, rules, &unclosed);
  REQUIRE(unclosed.size() == 1);
  CHECK(unclosed[0].mark.start == text.find("\u201cmark"));
  CHECK(detail::UnclosedWarning(unclosed[0], 1000).message ==
        "unterminated quote mark at byte " + std::to_string(1000 + text.find("\u201cmark")) + ", ignored");
}

TEST_CASE("every mark left open at a paragraph's end is warned about, not only the outermost") {
  const std::string text = "He said \"one and then \"two and \"three. The end.\n";
  const auto& rules = testing::Lang("en");
  detail::Document doc(text, rules.pack.abbreviations);
  std::vector<detail::UnclosedMark> unclosed;
  detail::FindQuotes(doc, rules, &unclosed);
  REQUIRE(unclosed.size() == 3);
  CHECK(unclosed[0].mark.start == text.find("\"one"));
  CHECK(unclosed[1].mark.start == text.find("\"two"));
  CHECK(unclosed[2].mark.start == text.find("\"three"));
}

TEST_CASE("German „…“ quotes (low opening, high closing)") {
  auto d = Run("„Wir bauen die Brücke im Mai“, sagte Bürgermeisterin Katrin Voss.", "de");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  Get(d, "Wir bauen die Brücke im Mai");
}

TEST_CASE("German ‚…‘ inside „…“ stays part of the outer quote") {
  auto d = Run("„Das ist keine ‚gute Nachricht‘, sondern eine Rettung“, sagte Voss.", "de");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 1);
  Get(d, "Das ist keine ‚gute Nachricht‘, sondern eine Rettung");
}

TEST_CASE("German »…« and Swiss «…» quotes") {
  auto d = Run("Der Plan sei »ein ehrlicher Kompromiss«, sagte Voss. Berger nannte ihn «zu spät».", "de");
  INFO(testing::DescribeQuotes(d));
  CHECK(d.quotes.size() == 2);
  Get(d, "ein ehrlicher Kompromiss");
  Get(d, "zu spät");
}

TEST_CASE("a short German paragraph ending in “ is a quote, not a headline (de)") {
  // “ closes German quotes only; in English it opens them, so it is read from the language's marks.
  auto d = Run("Streit um den Hafen\n\nTobias Krull sagte: „Die Gespräche laufen weiter.“\n\nMehr folgt.", "de");
  INFO(testing::DescribeQuotes(d));
  CHECK(Get(d, "Die Gespräche laufen weiter.").kind == QuoteKind::kDirect);
}
