// Quote kinds decided by the rule packs: German titles, epithets, scare quotes and headlines
// (rules/de/exclusions.yaml, `headline_words`), the speech they must leave alone, and the two
// general keys they use (`after` on a not_speech rule, `headline_words`) in a pack of any language.
#include "support/rules.h"

using namespace quoth;
using testing::Extract;
using testing::FindQuote;

namespace {

// The kind of the quote `quote` in `text`; fails the test when there is no such quote.
QuoteKind KindOf(const std::string& text, const std::string& quote, const std::string& lang = "de") {
  const DocumentResult d = Extract(text, lang);
  const Quote* q = FindQuote(d, quote);
  REQUIRE_MESSAGE(q != nullptr, "no quote <" << quote << ">; " << testing::DescribeQuotes(d));
  INFO(testing::DescribeQuotes(d));
  if (!IsSpeech(q->kind)) CHECK_FALSE(q->speaker.has_value());
  return q->kind;
}

bool Speech(QuoteKind k) { return k == QuoteKind::kDirect || k == QuoteKind::kPartial; }

}  // namespace

TEST_CASE("German: works, ships and campaigns named after their noun are titles (de)") {
  CHECK(KindOf("Der Fernsehfilm „Der letzte Lift“ läuft am Freitag im Ersten.", "Der letzte Lift") == QuoteKind::kTitle);
  CHECK(KindOf("Adler drehte zuvor die Serie „Hafenkinder“.", "Hafenkinder") == QuoteKind::kTitle);
  CHECK(KindOf("Der Film basiert auf dem Roman „Schnee über Waldheim“ von Petra Lindner.", "Schnee über Waldheim") == QuoteKind::kTitle);
  CHECK(KindOf("Am Samstag wurde die neue Fähre „Seeschwalbe“ getauft.", "Seeschwalbe") == QuoteKind::kTitle);
  CHECK(KindOf("Sie ersetzt das alte Schiff „Nordlicht“.", "Nordlicht") == QuoteKind::kTitle);
  CHECK(KindOf("Das Feuer brach an Bord der „Nordlicht“ aus.", "Nordlicht") == QuoteKind::kTitle);
  CHECK(KindOf("Die Kampagne „Gesund auf dem Land“ beginnt im Mai.", "Gesund auf dem Land") == QuoteKind::kTitle);
  CHECK(KindOf("Die Fähre wurde unter dem Motto „Insel verbindet“ angekündigt.", "Insel verbindet") == QuoteKind::kTitle);
  CHECK(KindOf("Das Stadion heißt seit diesem Jahr „Hafenarena“.", "Hafenarena") == QuoteKind::kTitle);
}

TEST_CASE("German: a law's one-word name is a title, even after sogenannte (de)") {
  CHECK(KindOf("Das sogenannte „Landeskrankenhausgesetz“ kommt im Herbst.", "Landeskrankenhausgesetz") == QuoteKind::kTitle);
  CHECK(KindOf("Der Landtag beschloss das „Hafenentwicklungsgesetz“.", "Hafenentwicklungsgesetz") == QuoteKind::kTitle);
}

TEST_CASE("German: terms held at a distance are scare quotes (de)") {
  CHECK(KindOf("Der Bund plant ein sogenanntes „Sondervermögen“.", "Sondervermögen") == QuoteKind::kScare);
  CHECK(KindOf("Bezahlt werden soll das aus einem „Sondervermögen“ von zwei Milliarden Euro.", "Sondervermögen") == QuoteKind::kScare);
  CHECK(KindOf("Weller will einen „Runden Tisch“ einberufen.", "Runden Tisch") == QuoteKind::kScare);
  CHECK(KindOf("Er benutzt nie das Wort „Krise“.", "Krise") == QuoteKind::kScare);
}

TEST_CASE("German: nicknames are epithets, before, between and after (de)") {
  CHECK(KindOf("Stürmer Lukas „Lucky“ Bremer traf zweimal.", "Lucky") == QuoteKind::kEpithet);
  CHECK(KindOf("Seinen Spitznamen „Lucky“ trägt er seit der Jugend.", "Lucky") == QuoteKind::kEpithet);
  CHECK(KindOf("Lukas Bremer, genannt „Lucky“, traf doppelt.", "Lucky") == QuoteKind::kEpithet);
  CHECK(KindOf("Die Abwehr führt Jan Ostermann, den die Fans nur „den Turm“ nennen.", "den Turm") == QuoteKind::kEpithet);
}

TEST_CASE("German: a headline that quotes a whole sentence is a headline, up to 16 words (de)") {
  const std::string text =
      "„Diese Schule wird nicht geschlossen, solange ich Bürgermeisterin bin“\n\n"
      "MÖWENHOLM — Die Grundschule bleibt offen, sagte Bürgermeisterin Katrin Voss am Mittwoch.";
  CHECK(KindOf(text, "Diese Schule wird nicht geschlossen, solange ich Bürgermeisterin bin") == QuoteKind::kHeadline);
}

TEST_CASE("German: partial speech after the same cue words stays speech (de)") {
  // Lower case after a cue: words someone said about the thing, not its name.
  CHECK(Speech(KindOf("Fraktionschef Uwe Kramer nannte den Plan „völlig überzogen“.", "völlig überzogen")));
  CHECK(Speech(KindOf("Falk nannte das Drehbuch „ehrlich und unbequem“.", "ehrlich und unbequem")));
  CHECK(Speech(KindOf("Die Stadt habe das Projekt „ohne jede Ausschreibung“ vergeben, sagte Kramer.", "ohne jede Ausschreibung")));
  CHECK(Speech(KindOf("Kramer nannte die Kosten „völlig überzogen“.", "völlig überzogen")));
  // An article and a noun phrase with its adjective in lower case: speech.
  CHECK(Speech(KindOf("Trainer Erik Sommer sprach von einem „bitteren Nachmittag“.", "bitteren Nachmittag")));
  CHECK(Speech(KindOf("Ohlsen sprach von einem „Haushalt im Schatten“.", "Haushalt im Schatten")));
  // "heißt es" is a document speaking.
  CHECK(Speech(KindOf("In dem Bericht heißt es: „Die Lage ist ernst.“", "Die Lage ist ernst.")));
  // A tagged quote ending in a comma after a cue word is speech, not a title.
  CHECK(Speech(KindOf("Über den Film sagte sie: „Er ist zu lang.“", "Er ist zu lang.")));
}

TEST_CASE("German: a quote in a body paragraph with its full stop is no headline (de)") {
  const std::string text =
      "Fähre fährt wieder\n\n"
      "„Wir haben das Geld, und wir haben die Mannschaft“, sagte Bürgermeisterin Katrin Voss.";
  CHECK(KindOf(text, "Wir haben das Geld, und wir haben die Mannschaft") == QuoteKind::kDirect);
}

TEST_CASE("English: a long unterminated paragraph is still no headline (en keeps 8 words)") {
  const std::string text =
      "Mayor Lena Ortiz promised the parents that \"this school will stay open while I am mayor\"\n\n"
      "The school board met on Monday.";
  CHECK(Speech(KindOf(text, "this school will stay open while I am mayor", "en")));
}

TEST_CASE("a not_speech rule's `after` must match the text after the closing mark (any language)") {
  RuleOptions options;
  options.directories = {testing::TemporaryPack("after",
                                        "not_speech:\n"
                                        "  - id: en.epithet.between-names\n"
                                        "    kind: epithet\n"
                                        "    before: \"(?:^|[^\\\\pL])\\\\p{Lu}\\\\pL+ $\"\n"
                                        "    quote: \"^\\\\p{Lu}\\\\pL+$\"\n"
                                        "    after: \"^ \\\\p{Lu}\\\\pL+\"\n"
                                        "    examples:\n"
                                        "      - text: 'Striker Luke \"Lucky\" Brown scored twice.'\n"
                                        "        quote: Lucky\n",
                                        "en")};
  auto rules = RuleSet::Load(options);
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  CHECK(rules->CheckExamples().ok());
  EngineOptions engine_options;
  engine_options.lang = "en";
  Engine engine(*rules, engine_options);
  auto between = engine.Extract("Striker Luke \"Lucky\" Brown scored twice.", "t", "d0");
  REQUIRE(between.ok());
  REQUIRE(between->quotes.size() == 1);
  CHECK(between->quotes[0].kind == QuoteKind::kEpithet);
  CHECK(between->quotes[0].rule == "en.epithet.between-names");
  // The same words before and inside, but nothing capitalised after: the rule does not apply.
  auto not_between = engine.Extract("The crowd chanted for Luke \"Lucky\" all night.", "t", "d0");
  REQUIRE(not_between.ok());
  REQUIRE(not_between->quotes.size() == 1);
  CHECK(not_between->quotes[0].kind != QuoteKind::kEpithet);
}

TEST_CASE("`headline_words` is a pack key of any language, and a wrong value is refused") {
  const std::string text =
      "\"We will keep the ferry running through the whole of the winter\"\n\n"
      "The council met on Monday.";
  const std::string quote = "We will keep the ferry running through the whole of the winter";
  CHECK(Speech(KindOf(text, quote, "en")));  // 12 words: not a headline with the default 8
  RuleOptions options;
  options.directories = {testing::TemporaryPack("headline_words", "headline_words: 16\n", "en")};
  auto rules = RuleSet::Load(options);
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  EngineOptions engine_options;
  engine_options.lang = "en";
  auto d = Engine(*rules, engine_options).Extract(text, "t", "d0");
  REQUIRE(d.ok());
  const Quote* q = FindQuote(*d, quote);
  REQUIRE(q != nullptr);
  CHECK(q->kind == QuoteKind::kHeadline);

  options.directories = {testing::TemporaryPack("headline_words_bad", "headline_words: many\n", "en")};
  auto bad = RuleSet::Load(options);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().ToString().find("'headline_words' must be a number") != std::string::npos);
}
