// Speakers the text does not name, and reporting clauses relative to a name: an indefinite
// description in a tag ("said a trader", "rief ein älterer Herr"), an `unnamed` pronoun
// ("someone", "jemand"), a tag that says the name is withheld (`withheld_name_phrases`), a plain
// noun for a person after someone brought in unnamed ("der Mann"), signs, banners and shouts
// (`carrier_words`), and "…, who told the session that “…”" (`relative_subjects`).
#include <doctest/doctest.h>

#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("English: 'said a trader' names no one, so the quote is not the analyst's before it") {
  const auto doc = testing::Extract(
      "Markets slide\n\n"
      "\"We are seeing a clear slowdown,\" analyst Emily Brandt said on Monday.\n\n"
      "\"The warning was overdue,\" said a trader in the pit.\n\n"
      "\"It is worse than that,\" said one onlooker.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "We are seeing a clear slowdown,") == "Emily Brandt");
  CHECK(testing::SpeakerOf(doc, "The warning was overdue,") == "<none>");
  CHECK(testing::SpeakerOf(doc, "It is worse than that,") == "<none>");
}

TEST_CASE("German: an indefinite article and any noun after a tag's verb is someone unnamed") {
  const auto doc = testing::Extract(
      "Markt unter Druck\n\n"
      "„Wir sehen eine klare Abkühlung“, sagte Analystin Emily Brandt am Montag.\n\n"
      "„Die Warnung war überfällig“, sagte ein Händler.\n\n"
      "„Schande! Das ist nicht mehr Wien!“, rief ein älterer Herr in der fünften Reihe, bevor er ging.\n\n"
      "Beim Schlussapplaus rief jemand aus dem zweiten Rang »Mehr davon!«, vereinzelte Buhrufe gingen unter.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir sehen eine klare Abkühlung") == "Emily Brandt");
  CHECK(testing::SpeakerOf(doc, "Die Warnung war überfällig") == "<none>");
  CHECK(testing::SpeakerOf(doc, "Schande! Das ist nicht mehr Wien!") == "<none>");
  CHECK(testing::SpeakerOf(doc, "Mehr davon!") == "<none>");
}

TEST_CASE("A tag that says the name is withheld gives no speaker, in each language") {
  const auto en = testing::Extract(
      "Storm damage\n\n"
      "\"The roof is gone,\" said Mayor Tom Hale.\n\n"
      "\"I borrowed the ladder from my neighbour,\" said the man, who declined to give his name.\n",
      "en");
  CHECK(testing::SpeakerOf(en, "The roof is gone,") == "Tom Hale");
  CHECK(testing::SpeakerOf(en, "I borrowed the ladder from my neighbour,") == "<none>");
  const auto de = testing::Extract(
      "Sturmschäden\n\n"
      "„Das Dach ist weg“, sagte Bürgermeister Tom Haller.\n\n"
      "„Den habe ich mir extra ausgeliehen“, sagte der Mann aus Achim, der seinen Namen nicht nennen wollte.\n",
      "de");
  CHECK(testing::SpeakerOf(de, "Den habe ich mir extra ausgeliehen") == "<none>");
  const auto sv = testing::Extract(
      "Stormen\n\n"
      "– Taket är borta, säger kommunalrådet Tove Lind.\n\n"
      "”Hon har målat vår by”, sade en äldre man som inte ville uppge sitt namn.\n\n"
      "Själv har Tove Lind redan börjat på något nytt. ”Fråga mig om ett år”, säger hon och skrattar.\n",
      "sv");
  CHECK(testing::SpeakerOf(sv, "Hon har målat vår by") == "<none>");
  // The unnamed man is not the woman a later "hon" stands for.
  CHECK(testing::SpeakerOf(sv, "Fråga mig om ett år") == "Tove Lind");
}

TEST_CASE("A spokesperson whose name is withheld still speaks for the organisation") {
  const auto doc = testing::Extract(
      "Neue Kundgebungen\n\n"
      "Der Verkehrsverbund Nordheide kündigte am Montag fünf neue Linien an.\n\n"
      "„Wir fahren ab Mai“, sagte ein Sprecher des Verkehrsverbunds Nordheide, der nicht namentlich genannt werden wollte.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir fahren ab Mai") == "Verkehrsverbund Nordheide");
}

TEST_CASE("German: 'der Mann' after 'Ein älterer Herr' is that unnamed man, not the nurse named before") {
  const auto doc = testing::Extract(
      "Nachtschicht\n\n"
      "„Bis Mitternacht kommen die Unfälle“, sagt Pflegerin Miriam Kastrup.\n\n"
      "Um drei Uhr klingelt das Telefon. Ein älterer Herr ist am Apparat. "
      "„Ich kann nicht schlafen“, sagt der Mann.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Ich kann nicht schlafen") == "<none>");
}

TEST_CASE("Signs, banners and shouts carry words no one is named as saying") {
  const auto en = testing::Extract(
      "Fire front\n\n"
      "\"Leave now if the path is clear,\" incident controller Deb Quinn said.\n\n"
      "A chalkboard at the centre's entrance read: \"Tea, toast and hugs.\"\n",
      "en");
  CHECK(testing::SpeakerOf(en, "Tea, toast and hugs.") == "<none>");
  const auto de = testing::Extract(
      "Debatte im Landtag\n\n"
      "„Die Abgabe trifft die Falschen“, sagte Klubobmann Reinhard Stecher.\n\n"
      "Aus den Reihen der ÖVP kam daraufhin der Zwischenruf: „Das glaubt ihr ja selber nicht!“\n\n"
      "Vor dem Landhaus hingen Transparente. Auf dem größten stand: „Leerstand ist Diebstahl“.\n",
      "de");
  CHECK(testing::SpeakerOf(de, "Die Abgabe trifft die Falschen") == "Reinhard Stecher");
  CHECK(testing::SpeakerOf(de, "Das glaubt ihr ja selber nicht!") == "<none>");
  CHECK(testing::SpeakerOf(de, "Leerstand ist Diebstahl") == "<none>");
  // A person who holds up the sign and speaks is still the speaker.
  const auto named = testing::Extract(
      "Protest\n\n"
      "Anna Berg held up a sign and said: \"We will not move.\"\n",
      "en");
  CHECK(testing::SpeakerOf(named, "We will not move.") == "Anna Berg");
}

TEST_CASE("English: a reporting clause relative to a name gives the quote to that name") {
  const auto doc = testing::Extract(
      "Warblers cross the Sahara\n\n"
      "The results were presented by Ingrid Halvorsen of the Nordland Institute of Ecology, who told "
      "the session that the birds \"simply refuse to land in the desert.\"\n\n"
      "The session was chaired by Ana Ferreira, a Portuguese ornithologist who is not related to the "
      "co-author, and who joked that the room had \"never been this full for warblers.\"\n\n"
      "The study was funded by the Nordic Flyways Foundation, which said in a statement that the "
      "results showed \"how much we still have to learn.\"\n\n"
      "Her critics include the State Department, which she said had \"lost the plot.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "simply refuse to land in the desert.") == "Ingrid Halvorsen");
  CHECK(testing::SpeakerOf(doc, "never been this full for warblers.") == "Ana Ferreira");
  CHECK(testing::SpeakerOf(doc, "how much we still have to learn.") == "Nordic Flyways Foundation");
  // "which she said": the relative word is the object, and she is the speaker.
  CHECK(testing::SpeakerOf(doc, "lost the plot.") != "State Department");
}

TEST_CASE("English: a relative clause closed before the sentence's own verb is an apposition") {
  const auto doc = testing::Extract(
      "Ambulance bill\n\n"
      "But one veteran paramedic in Brandon, who asked not to be named because she is not authorized "
      "to speak, said the old system was \"just as broken, only quieter.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "just as broken, only quieter.") == "<none>");
}

TEST_CASE("An untagged quote after a sentence that brings in someone unnamed is theirs, not the speaker's before") {
  const auto sv = testing::Extract(
      "Bokdagar\n\n"
      "»Dialekten är ett hemland», sade författaren Ylva Berg.\n\n"
      "Från publiken ville en äldre man veta varför ingen skrev på samiska. »Det är väl också norrländska språk?»\n",
      "sv");
  CHECK(testing::SpeakerOf(sv, "Dialekten är ett hemland") == "Ylva Berg");
  CHECK(testing::SpeakerOf(sv, "Det är väl också norrländska språk?") == "<none>");
  // Someone named in the sentence is no one unnamed.
  const auto en = testing::Extract(
      "Ferry fares\n\n"
      "\"The fares are too high,\" said councillor Ruth Ames.\n\n"
      "Ames met a commuter at the pier. \"We cannot keep paying this,\"\n",
      "en");
  CHECK(testing::SpeakerOf(en, "We cannot keep paying this,") != "<none>");
}

TEST_CASE("A surname alone is the person the text has named before with it, not one it names later") {
  const auto doc = testing::Extract(
      "Warblers\n\n"
      "Her co-author, Tomás Ferreira of the Atlantic Avian Research Centre, said the birds time their flights.\n\n"
      "\"A tailwind is the difference between life and death,\" Ferreira said.\n\n"
      "The session was chaired by Ana Ferreira, who is not related to the co-author.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "A tailwind is the difference between life and death,") == "Tomás Ferreira");
}

}  // namespace
}  // namespace quoth
