// Mechanisms of stop 18, each on sentences written for the test: a description that runs
// straight into a name, a paragraph's subject after words that say what the person is, a German
// particle that is also a preposition before a name, and an age as a description.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("English: a description that runs straight into a name is that name's") {
  const auto doc = testing::Extract(
      "Prime Minister Ida Holm defended her ferry plan on Sunday.\n\n"
      "In another interview, her former transport minister Ole Brandt pressed his attack on the plan, "
      "saying the timetable was \"entirely fanciful.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "entirely fanciful.") == "Ole Brandt");
}

TEST_CASE("English: a description, lower-case words ending in a role, then a name: the name speaks") {
  const auto doc = testing::Extract(
      "Finance Minister Per Lund presented the budget.\n\n"
      "The minister told Ann Holt that the plan was \"dead in the water.\"\n\n"
      "Republican presidential candidate Ann Holt quickly took to Twitter, writing: \"Another broken promise.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Another broken promise.") == "Ann Holt");
  // "told" is no role: the name after it is the one spoken to.
  CHECK(testing::SpeakerOf(doc, "dead in the water.") == "Per Lund");
}

TEST_CASE("English: a clause read as the speaker is read again after its subordinator") {
  const auto doc = testing::Extract(
      "The debate between Ek and Lund grew so heated that New Jersey Gov. Tom Berg said, \"I need a shower.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "I need a shower.") == "Tom Berg");
}

TEST_CASE("English: a colon tag with a verb in no list names the sentence's subject") {
  const auto doc = testing::Extract(
      "\"This is not negotiable,\" said Ola Ek, president of the union. Nora Lind resisted: \"The budget is fixed.\"\n\n"
      "Said one islander at the terminal: \"I will believe it when I see it.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "The budget is fixed.") == "Nora Lind");
  CHECK(testing::SpeakerOf(doc, "I will believe it when I see it.") != "Said");
}

TEST_CASE("English: a title after a description is not a name ('said the veteran MP, who …')") {
  const auto doc = testing::Extract(
      "Owen Dachery led the march through Harle.\n\n"
      "\"The board keeps talking about efficiency,\" said the veteran MP, who has held the seat since 2005.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "The board keeps talking about efficiency,") == "Owen Dachery");
}

TEST_CASE("German: a paragraph's subject after a role is the speaker of the quote that follows") {
  const auto doc = testing::Extract(
      "Prozess in Kelmsbach\n\n"
      "Staatsanwältin Karin Berg sprach von Betrug. »Das Geld ist weg«, sagte sie.\n\n"
      "Verteidiger Florian Haas hielt dagegen. »Mein Mandant hat nichts für sich behalten.«\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Mein Mandant hat nichts für sich behalten.") == "Florian Haas");
}

TEST_CASE("German: 'von' before a title or a given name is a preposition, not part of a name") {
  const auto doc = testing::Extract(
      "Fußball\n\n"
      "Nach fünf Spielen ohne Sieg gewann die Mannschaft von Trainer Dirk Albers am Samstag mit 2:1.\n\n"
      "„Die Mannschaft lebt“, sagte der Trainer.\n\n"
      "„Wir dürfen nicht abheben“, sagte Albers.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Die Mannschaft lebt") == "Dirk Albers");
  CHECK(testing::SpeakerOf(doc, "Wir dürfen nicht abheben") == "Dirk Albers");
}

TEST_CASE("German: a particle after a given name still joins the name") {
  const auto doc = testing::Extract(
      "Landtag\n\n"
      "Ursula von der Wehle stimmte dagegen. „Das reicht nicht“, sagte von der Wehle.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Das reicht nicht") == "Ursula von der Wehle");
}

TEST_CASE("German and Swedish: an age describes the person the text named last, not the one named most") {
  const auto de = testing::Extract(
      "Seilbahn\n\n"
      "Landesrätin Eva Moser sprach von einem Einzelfall. Moser will prüfen. Moser bleibt ruhig.\n\n"
      "Im Ort ist die Enttäuschung groß. Bürgermeister Johann Rieder spricht von einem schwarzen Tag. "
      "«Hier hängen 140 Arbeitsplätze dran», sagte der 61-Jährige.\n",
      "de");
  CHECK(testing::SpeakerOf(de, "Hier hängen 140 Arbeitsplätze dran") == "Johann Rieder");
  const auto sv = testing::Extract(
      "Färjan\n\n"
      "Kommunalrådet Eva Lind (S) vill spara. Lind har räknat. Lind står fast.\n\n"
      "I hamnen väntar fiskaren Per Ahl på besked.\n\n"
      "– Vi har väntat i tre år, säger 61-åringen.\n",
      "sv");
  CHECK(testing::SpeakerOf(sv, "Vi har väntat i tre år") == "Per Ahl");
}

TEST_CASE("Swedish: a role compound in the definite form opening a sentence describes a person") {
  const auto doc = testing::Extract(
      "Stugskatten\n\n"
      "Ordföranden för Stugägarnas riksförbund, Lars-Göran Tell, kallade förslaget för ”ett hån” när det presentades. "
      "Förbundsordföranden varnar också för att det ”kan tvinga familjer att sälja”.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "kan tvinga familjer att sälja") == "Lars-Göran Tell");
}

TEST_CASE("German: a surname ending in a role word opening a sentence is still a surname") {
  const auto doc = testing::Extract(
      "Literaturpreis\n\n"
      "Die Autorin Nele Kampmann erhält den Preis.\n\n"
      "Kampmann, 1979 geboren, lebt an der Küste. »Ich musste mich erst hinsetzen«, sagte sie am Telefon.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Ich musste mich erst hinsetzen") == "Nele Kampmann");
}

TEST_CASE("A pronoun or a role opening the paragraph before an untagged turn stands for its speaker") {
  const auto sv = testing::Extract(
      "Varslet\n\n"
      "– Vi förstår oro, men beslutet står fast, säger vd Karin Ek.\n\n"
      "Facket representeras av Robert Lund. Han är kritisk till att bolaget inte har lyssnat.\n\n"
      "– Vi har föreslagit renovering i ett år. Det har ingen lyssnat på.\n\n"
      "Tränaren Mats Berg var nöjd efter matchen.\n\n"
      "– Vi spelade bra.\n\n"
      "Tränaren ville inte lyfta fram någon spelare, men gjorde ett undantag.\n\n"
      "– Albin var fantastisk.\n",
      "sv");
  CHECK(testing::SpeakerOf(sv, "Vi har föreslagit renovering i ett år. Det har ingen lyssnat på.") == "Robert Lund");
  CHECK(testing::SpeakerOf(sv, "Albin var fantastisk.") == "Mats Berg");
}

TEST_CASE("English: a paragraph that opens with the speaker's pronoun continues the speaker, whoever it names") {
  const auto doc = testing::Extract(
      "Harbury win the derby\n\n"
      "Manager Nicky Dale was delighted. ‘We had more nerve tonight,’ he said.\n\n"
      "He reserved special praise for Lee Ferris, who scored the winner. ‘Lee is the heartbeat of this dressing room.’\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Lee is the heartbeat of this dressing room.") == "Nicky Dale");
}

}  // namespace
}  // namespace quoth
