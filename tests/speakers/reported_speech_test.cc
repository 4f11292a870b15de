// Reported speech going on (German Konjunktiv), on sentences written for the test: a partial
// quote in a sentence marked as reported speech, with no tag of its own, goes on with the
// speaker of the paragraph's quote before it; without such a quote, or with a tag of its own
// that names no one, it keeps no speaker.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("German: a Konjunktiv sentence's partial quote goes on with the paragraph's speaker") {
  const auto doc = testing::Extract(
      "Ministerin stellt Gesetz vor\n\n"
      "„Auf dem Land gibt es keinen Laden mehr“, sagte Carola Pfister am Dienstag. Die bisherige Rechtslage sei "
      "für Betreiber „ein Glücksspiel“, weil die Kommunen das Gesetz unterschiedlich auslegten.\n\n"
      "Die Opposition ist skeptisch. Der Entwurf gehe „an der Wirklichkeit vorbei“.\n\n"
      "Aus Fraktionskreisen der FDP hieß es, man sei „mit der Geduld am Ende“.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "ein Glücksspiel") == "Carola Pfister");
  // No quote before it in its paragraph: whoever the opposition is, no one is named.
  CHECK(testing::SpeakerOf(doc, "an der Wirklichkeit vorbei") == "<none>");
  CHECK(testing::SpeakerOf(doc, "mit der Geduld am Ende") == "<none>");
}

TEST_CASE("German: a partial quote in a plain sentence is no reported speech") {
  const auto doc = testing::Extract(
      "„Wir haben gewonnen“, sagte Jan Holm. Das Team spielte „mit viel Herz“.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "mit viel Herz") == "<none>");
}

TEST_CASE("German: reported speech with no speech before it is the person who opens the paragraph") {
  const auto doc = testing::Extract(
      "Die Bezirkshauptmannschaft Lienzhofen teilte am Mittwoch mit, die Evakuierung bleibe „bis auf Weiteres aufrecht“.\n\n"
      "Landesrätin Martina Gruber wies den Vorwurf zurück. Das Verfahren sei „ordnungsgemäß, aber eben aufwendig“ gewesen. "
      "Sie kündigte an: „Wir ziehen den Baubeginn vor.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "bis auf Weiteres aufrecht") == "Bezirkshauptmannschaft Lienzhofen");
  CHECK(testing::SpeakerOf(doc, "ordnungsgemäß, aber eben aufwendig") == "Martina Gruber");
  // "Sie" is not the authority (an organisation has no "she").
  CHECK(testing::SpeakerOf(doc, "Wir ziehen den Baubeginn vor.") == "Martina Gruber");
}

TEST_CASE("German: reported speech runs back to the reporting sentence that opened it") {
  const auto doc = testing::Extract(
      "Fusion abgelehnt\n\n"
      "Gemeindepräsidentin Regula Fankhauser zeigte sich gefasst: «Das Volk hat entschieden.»\n\n"
      "Der Gemeinderat werde bis im Herbst eine neue Planung vorlegen, kündigte sie an. Eine Steuererhöhung sei «nicht ausgeschlossen».\n\n"
      "Aus dem Sozialministerium hieß es auf Anfrage, man respektiere die Entscheidung. Die Versorgung bleibe «gewährleistet».\n\n"
      "Laut Polizei wird ermittelt. Es handle sich um einen «klassischen Unfall», hieß es am Montag.\n\n"
      "Regula Fankhauser kam spät. Ein Sprecher sagte, man prüfe das. Der Plan sei «nicht tragbar».\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "nicht ausgeschlossen") == "Regula Fankhauser");
  CHECK(testing::SpeakerOf(doc, "gewährleistet") == "Sozialministerium");
  // "hieß es" in its own sentence: a report of someone the sentence does not name.
  CHECK(testing::SpeakerOf(doc, "klassischen Unfall") == "<none>");
  // The reporting sentence reports someone unnamed: not the person who opens the paragraph.
  CHECK(testing::SpeakerOf(doc, "nicht tragbar") == "<none>");
}

TEST_CASE("German: reported speech in a paragraph that names two people keeps no speaker") {
  const auto doc = testing::Extract(
      "Landesrätin Martina Gruber traf Bürgermeister Andreas Bauer am Hang. Das Verfahren sei „ordnungsgemäß“ gewesen.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "ordnungsgemäß") == "<none>");
}

TEST_CASE("German: the first word of a verb of several words is no verb alone ('hielt dagegen' is no 'hielt fest')") {
  // A sentence with a speech verb of its own is its own tag; "hielt dagegen" is none, so the
  // partial quote in its Konjunktiv clause is the reported speech of the person who opens it.
  const auto doc = testing::Extract(
      "Parteitag\n\n"
      "Generalsekretär Olaf Kiesewetter hielt dagegen, der Antrag sei in dieser Form „nicht regierungsfähig“.\n\n"
      "Citymanager Jens Overbeck sieht die Schließung auch als Chance. Das Gebäude biete „Platz für Wohnen“.\n\n"
      "Der SC Mainau teilte am Abend mit, die Feier finde am Montag statt. Man lade „alle ein, die an uns geglaubt haben“.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "nicht regierungsfähig") == "Olaf Kiesewetter");
  CHECK(testing::SpeakerOf(doc, "Platz für Wohnen") == "Jens Overbeck");
  CHECK(testing::SpeakerOf(doc, "alle ein, die an uns geglaubt haben") == "SC Mainau");
}

}  // namespace
}  // namespace quoth
