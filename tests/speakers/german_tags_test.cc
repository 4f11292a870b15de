// German tags, on sentences written for the test: a clause that opens with a feminine dative
// ("Der Zeitung sagte …") has its subject after the verb when a name stands there; capitalised
// words before a listed given name are what the person is, not part of the name.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("German: 'Der Deutschen Presse-Agentur sagte Anna Roth:' is Anna Roth's, not the agency's") {
  const auto doc = testing::Extract(
      "Brücke bleibt gesperrt\n\n"
      "Der Deutschen Presse-Agentur sagte Bürgermeisterin Anna Roth (CDU) am Nachmittag: „Das ist eine Katastrophe.“\n\n"
      "Der Minister sagte Reportern in Berlin: „Wir prüfen das.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Das ist eine Katastrophe.") == "Anna Roth");
  CHECK(testing::SpeakerOf(doc, "Wir prüfen das.") != "Reportern");
}

TEST_CASE("German: a listed given name ending like a role noun ('-mann') is part of the name") {
  const auto doc = testing::Extract(
      "Kündigung bestätigt\n\n"
      "Rechtsanwalt Dr. Friedemann Vogt sprach von einem „Vertrauensverlust“. „Ehrlichkeit ist keine Nebensache“, sagte Vogt.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Vertrauensverlust") == "Friedemann Vogt");
  CHECK(testing::SpeakerOf(doc, "Ehrlichkeit ist keine Nebensache") == "Friedemann Vogt");
}

TEST_CASE("German: reported speech in a full verb's Konjunktiv I goes on from the paragraph's speaker") {
  const auto doc = testing::Extract(
      "Busgesetz im Bundestag\n\n"
      "„Wir lassen niemanden stehen“, sagte Ralf Lindner. Die Ministerin verspreche „Busse, die niemand bestellt hat“.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Busse, die niemand bestellt hat") == "Ralf Lindner");
}

TEST_CASE("German: a role no list holds before a given name is no part of the name") {
  const auto doc = testing::Extract(
      "„Am Ende zahlen die Menschen“, sagte Verbandsvorsteherin Marlene Quast.\n\n"
      "„Das passt nicht zusammen“, sagte SPD-Rätin Petra Lindner.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Am Ende zahlen die Menschen") == "Marlene Quast");
  CHECK(testing::SpeakerOf(doc, "Das passt nicht zusammen") == "Petra Lindner");
}

}  // namespace
}  // namespace quoth
