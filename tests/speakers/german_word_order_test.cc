// German attribution by word order and case (issue 27): the subject of a colon tag is the word
// group that opens the clause, or the one after the verb when something else stands first (a
// dative, a phrase of time); an organisation noun after an article opens the organisation's name
// ("die Gemeinde Ostwinkel"), and a compound of one names the body on its own ("das
// Finanzministerium") and its kind alone ("der Verband") the one named before; an indefinite description ("eine Sprecherin") names no one the text
// brought in. The sentences are invented.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("German: a dative opening a colon tag is not its speaker; the subject after the verb is") {
  const auto doc = testing::Extract(
      "Die Fähre fällt im Winter aus.\n\n"
      "Dem Sender Radio Nordsee sagte Landrat Jens Aalmann am Vormittag: „Wir suchen einen Ersatz.“\n\n"
      "Unserer Zeitung sagte Aalmann: „Das dauert bis März.“\n\n"
      "Gegenüber dem Inselboten bestätigte gestern Vorstandsmitglied Maren Thiessen die Pläne: „Das Schiff ist zu alt.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir suchen einen Ersatz.") == "Jens Aalmann");
  CHECK(testing::SpeakerOf(doc, "Das dauert bis März.") == "Jens Aalmann");
  CHECK(testing::SpeakerOf(doc, "Das Schiff ist zu alt.") == "Maren Thiessen");
}

TEST_CASE("German: a pronoun after the verb of a colon tag is its subject, not the word opening the sentence") {
  const auto doc = testing::Extract(
      "Der Angeklagte Timo Berger schwieg lange.\n\n"
      "In seinem letzten Wort sagte er: „Es tut mir leid.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Es tut mir leid.") == "Timo Berger");
}

TEST_CASE("German: a description and a name between commas opening a colon tag is that person") {
  const auto doc = testing::Extract(
      "Der Präsident des Schützenvereins Altmoor, Gerd Hollmann, äußerte sich enttäuscht: „Wir verlieren unser Heim.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir verlieren unser Heim.") == "Gerd Hollmann");
}

TEST_CASE("German: an organisation noun after an article opens the organisation's name") {
  const auto doc = testing::Extract(
      "Der Bau der Halle verzögert sich.\n\n"
      "„Wir warten die Vorlage ab“, teilte die Gemeinde Ostermoor auf Anfrage mit.\n\n"
      "Das Verkehrsministerium erklärte, die Mittel seien eingeplant. „Mehr gibt es nicht“, teilte das Ministerium mit.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir warten die Vorlage ab") == "Gemeinde Ostermoor");
  CHECK(testing::SpeakerOf(doc, "Mehr gibt es nicht") == "Verkehrsministerium");
}

TEST_CASE("An indefinite description is someone the text does not name, not the person with that role") {
  const auto doc = testing::Extract(
      "„Die Brücke bleibt zu“, sagte der zuständige Sprecher Florian Weidner.\n\n"
      "„Der Verkehr quält sich durch den Ort“, sagte eine Sprecherin der Stadt Talheim.\n\n"
      "„Wir prüfen eine Behelfsbrücke“, sagte ein Sprecher des Landesbetriebs.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Die Brücke bleibt zu") == "Florian Weidner");
  // Not Weidner: the unnamed spokeswoman speaks for the organisation she is of.
  CHECK(testing::SpeakerOf(doc, "Der Verkehr quält sich durch den Ort") == "Stadt Talheim");
  CHECK(testing::SpeakerOf(doc, "Wir prüfen eine Behelfsbrücke") == "<none>");
}

TEST_CASE("German: an organisation named by its kind is the one named before, else no one") {
  const auto doc = testing::Extract(
      "Der Ruderverband Weserbergland rechnet mit vielen Gästen. Trainer Björn Haase lobte sein Team.\n\n"
      "„Wir sind bereit“, sagte Haase.\n\n"
      "„Der Vorverkauf beginnt am Mittwoch“, teilte der Verband am Montag mit.\n\n"
      "„Wir distanzieren uns davon“, teilte der Verein am Sonntag mit.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Der Vorverkauf beginnt am Mittwoch") == "Ruderverband Weserbergland");
  CHECK(testing::SpeakerOf(doc, "Wir distanzieren uns davon") != "Björn Haase");
}

TEST_CASE("A title or a name in marks earlier in the sentence does not cut its colon tag") {
  const auto doc = testing::Extract(
      "Die Halle wird gebaut.\n\n"
      "Gemeindepräsidentin Ruth Amsler hat bei der Präsentation des Projekts «Schulraum 2035» erklärt: «Wir brauchen Platz.»\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir brauchen Platz.") == "Ruth Amsler");
}

TEST_CASE("A tag in the perfect names its subject between the auxiliary and the participle") {
  const auto doc = testing::Extract(
      "Entscheidend war das Gutachten des Sachverständigen Paul Reiter.\n\n"
      "„An drei Stellen zugleich entsteht kein Feuer“, hatte der Gutachter in der Verhandlung gesagt.\n\n"
      "Die Verteidigerin Eva Brandt widersprach. „Das ist nicht bewiesen“, hat sie am Montag erklärt.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "An drei Stellen zugleich entsteht kein Feuer") == "Paul Reiter");
  CHECK(testing::SpeakerOf(doc, "Das ist nicht bewiesen") == "Eva Brandt");
}

TEST_CASE("A pronoun right after the verb is the subject when an object opens the sentence") {
  const auto doc = testing::Extract(
      "Staatsanwältin Julia Vennemann forderte vier Jahre Haft.\n\n"
      "Die Ausrede des Angeklagten nannte sie „lebensfremd“.\n\n"
      "Der Richter Paul Lohmann nannte sie „durchaus möglich“.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "lebensfremd") == "Julia Vennemann");
  // A subject before the verb wins: "sie" is the object here.
  CHECK(testing::SpeakerOf(doc, "durchaus möglich") == "Paul Lohmann");
}

TEST_CASE("What a number counts is no person; a name after it still is") {
  const auto doc = testing::Extract(
      "Der Umsatz sank auf 412 Millionen Euro. Geschäftsführer Matthias Körner sprach von einem schweren Jahr.\n\n"
      "„Niemand trifft so eine Entscheidung leichtfertig“, sagte er.\n\n"
      "Dieser Ober heißt seit 29 Jahren Josip Marković. „Der Kaffee muss gut bleiben“, sagt er.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Niemand trifft so eine Entscheidung leichtfertig") == "Matthias Körner");
  CHECK(testing::SpeakerOf(doc, "Der Kaffee muss gut bleiben") == "Josip Marković");
}

TEST_CASE("A listed given name opening a sentence before an apposition is a name, whatever the dictionary lists") {
  // ngerman lists "franz" (the abbreviation): without the first-name list the run was "Hölzl".
  const auto doc = testing::Extract(
      "„Das Risiko trage ich nicht mehr“, sagte Josef Oberhuber.\n\n"
      "Nicht alle Bauern sehen das so. Franz Hölzl, dessen Kühe nebenan weiden, hält die Sperre für übertrieben. "
      "„Man muss mit den Leuten reden“, meint er.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Man muss mit den Leuten reden") == "Franz Hölzl");
}

}  // namespace
}  // namespace quoth
