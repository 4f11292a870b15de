// Mechanisms of stop 19, each on sentences written for the test: an unnamed spokesperson speaks
// for the organisation named with them, an organisation's name past "of", an English age as a description, a name before a role
// at the opening of the sentence before a pronoun's quote, and a German pronoun that opens a
// subordinate clause.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("English: an unnamed spokesperson speaks for the organisation named with them") {
  const auto doc = testing::Extract(
      "Ferry service cut on Hallam route\n\n"
      "The Hallam Ferry Authority said on Monday it would cut two sailings a day. Councillor Ann Booth called the "
      "decision \"a disgrace\".\n\n"
      "A spokesperson for the Hallam Ferry Authority said the cuts were \"unavoidable given the fuel costs\".\n\n"
      "\"We will review the timetable in the autumn,\" a spokesman for the authority said.\n\n"
      "A Hallam Ferry Authority spokeswoman said: \"No jobs will be lost.\"\n\n"
      "The Port Esk Trust has also objected. \"This is a blow to the island,\" a trust spokesman said.\n\n"
      "\"We were not consulted,\" a spokesman for the family said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "a disgrace") == "Ann Booth");
  CHECK(testing::SpeakerOf(doc, "unavoidable given the fuel costs") == "Hallam Ferry Authority");
  CHECK(testing::SpeakerOf(doc, "We will review the timetable in the autumn,") == "Hallam Ferry Authority");
  CHECK(testing::SpeakerOf(doc, "No jobs will be lost.") == "Hallam Ferry Authority");
  CHECK(testing::SpeakerOf(doc, "This is a blow to the island,") == "Port Esk Trust");
  // A family is no organisation the text named: the spokesman stays unnamed.
  CHECK(testing::SpeakerOf(doc, "We were not consulted,") == "<none>");
}

TEST_CASE("English: an organisation's name runs on past 'of' and a plural genitive") {
  const auto doc = testing::Extract(
      "A spokesman for the state's Office of Emergency Response said it was \"ready to act\".\n\n"
      "A spokesperson for the New Brunswick Nurses' Collective called the report \"a scandal\".\n\n"
      "\"It is wrong,\" said Ann Holt's lawyer, Tom Berg.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "ready to act") == "Office of Emergency Response");
  CHECK(testing::SpeakerOf(doc, "a scandal") == "New Brunswick Nurses' Collective");
  // A person's genitive still ends the run.
  CHECK(testing::SpeakerOf(doc, "It is wrong,") == "Tom Berg");
}

TEST_CASE("English: 'Coun.' is a title, and 'the health network' the network the article named") {
  const auto doc = testing::Extract(
      "Halden council voted 7-5 on Wednesday.\n\n"
      "\"This is about the next 50 years,\" Coun. Priya Raghunathan, who brought the motion, told council.\n\n"
      "The Fundy Valley Health Network released its figures on Monday. In its statement, the health network said "
      "the closures were \"a last resort\".\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "This is about the next 50 years,") == "Priya Raghunathan");
  CHECK(testing::SpeakerOf(doc, "a last resort") == "Fundy Valley Health Network");
}

TEST_CASE("English: a word that merely ends like an organisation noun does not make a name an organisation") {
  const auto doc = testing::Extract(
      "The league said little. Her colleague Anders Wik, who ran the rig, said the mood was good. "
      "\"Elsa kept everyone laughing,\" Wik said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Elsa kept everyone laughing,") == "Anders Wik");
}

TEST_CASE("Swedish: en talesperson för en organisation talar för den") {
  const auto doc = testing::Extract(
      "Branden i Hallby\n\n"
      "Räddningstjänsten Västra Dalarna larmades strax efter midnatt.\n\n"
      "– Vi fick kontroll på branden vid fyratiden, säger en talesperson för Räddningstjänsten Västra Dalarna.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Vi fick kontroll på branden vid fyratiden") == "Räddningstjänsten Västra Dalarna");
}

TEST_CASE("English: an age is a description of the person given that age, else the one named last") {
  const auto doc = testing::Extract(
      "Gerald Mallet, 74, of Harle, found the doors locked when he arrived one night in August. "
      "His neighbour Tom Ekwall drove him on.\n\n"
      "\"By the time I got there, I'd had a heart attack,\" the 74-year-old said.\n\n"
      "Betty Sauer has shopped there since 1979.\n\n"
      "\"They know my name,\" the 82-year-old said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "By the time I got there, I'd had a heart attack,") == "Gerald Mallet");
  CHECK(testing::SpeakerOf(doc, "They know my name,") == "Betty Sauer");
}

TEST_CASE("English: 'Clearwater coach Renee Castellano' opens her sentence as its subject") {
  const auto doc = testing::Extract(
      "Fort Ames made eight of its first 12 shots and led at the break.\n\n"
      "Clearwater coach Renee Castellano spent most of halftime sitting quietly on a folding chair.\n\n"
      "\"I didn't yell,\" she said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "I didn't yell,") == "Renee Castellano");
}

TEST_CASE("Swedish: a pronoun stands for the person a bare definite role opening the sentence before describes") {
  const auto doc = testing::Extract(
      "Valet i Harle\n\n"
      "Partiledaren Ruth Kvist kallade segern historisk.\n\n"
      "– Det här är en ny tid, säger statsvetaren Lena Wik.\n\n"
      "Partiledaren lovade på fredagen att partiet ska ställa upp i alla valkretsar.\n\n"
      "– Vi har bara börjat, sade hon till journalister.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Vi har bara börjat") == "Ruth Kvist");
}

TEST_CASE("Swedish: the source a sentence cites ('Enligt X'), or a name after 'Och', is in focus for a pronoun") {
  const auto doc = testing::Extract(
      "Föreningen i Hallby\n\n"
      "– Vi kommer att överklaga, säger ordföranden Annika Berg.\n\n"
      "Föreningen överväger nu nästa steg. Enligt Birgitta Holm har en jurist redan erbjudit sig att hjälpa till.\n\n"
      "– Vi ger oss inte, säger hon.\n\n"
      "– Ringen ska sitta där den sitter, säger Sture Lind.\n\n"
      "Och Inga-Lill Lind, som aldrig slutade tro att ringen skulle komma tillbaka?\n\n"
      "– Jag sa ju att den skulle dyka upp, säger hon.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Vi ger oss inte") == "Birgitta Holm");
  CHECK(testing::SpeakerOf(doc, "Jag sa ju att den skulle dyka upp") == "Inga-Lill Lind");
}

TEST_CASE("Swedish: an owner in the genitive is not the subject a pronoun stands for") {
  const auto doc = testing::Extract(
      "Statyn av Oliver Hallgren i Harle ska flyttas.\n\n"
      "Sällskapets ordförande Jan Bergman vill att den står kvar.\n\n"
      "– Den hör hemma här, säger han.\n\n"
      "Bergman medger att frågan är omstridd. Men staden växte kring torget, och Hallgrens insatser är ”värda att minnas”, säger han.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "värda att minnas") == "Jan Bergman");
}

TEST_CASE("German: an organisation by its kind, and a spokesperson's organisation in the genitive") {
  const auto doc = testing::Extract(
      "Windpark bei Wendbach\n\n"
      "Die Nordwind Energiepark GmbH reagierte gelassen. „Die Genehmigung ist rechtmäßig“, teilte das Unternehmen am "
      "Dienstag mit.\n\n"
      "Eine Sprecherin des Wirtschaftsministeriums sagte am Freitag, eine Anhörung sei „selbstverständlich vorgesehen“.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Die Genehmigung ist rechtmäßig") == "Nordwind Energiepark GmbH");
  CHECK(testing::SpeakerOf(doc, "selbstverständlich vorgesehen") == "Wirtschaftsministerium");
}

TEST_CASE("German: a title that ends the sentence is a description, not a cut abbreviation") {
  const auto doc = testing::Extract(
      "Rechtsanwalt Reinhard Falk verwaltet die Masse.\n\n"
      "Drei Interessenten hätten sich bei ihm gemeldet. „Ernsthaft ist aber bisher nur einer“, sagte der Rechtsanwalt.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Ernsthaft ist aber bisher nur einer") == "Reinhard Falk");
}

TEST_CASE("German: a pronoun opening a subordinate clause stands for the main clause's person") {
  const auto doc = testing::Extract(
      "Im Interview verschärfte der frühere Minister Jan Holm seine Kritik an der Reform, indem er den Plan, "
      "der zwei neue Ämter vorsieht, als „völlig absurd“ bezeichnete.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "völlig absurd") == "Jan Holm");
}

}  // namespace
}  // namespace quoth
