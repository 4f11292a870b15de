// A pronoun chain, on sentences written for the test: a sentence whose subject is the pronoun
// keeps the focus on the person the sentence before opened with, whether the pronoun opens it
// or, where the verb comes second, stands right after the verb.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("Swedish: the pronoun after the verb continues the chain back to the person who opened the sentence before") {
  const auto doc = testing::Extract(
      "Grannen Rune var en av dem som letade.\n\n"
      "– Vi stirrade ner i jorden hela lördagen, säger han.\n\n"
      "Barnbarnet Elias Andersson fyllde 16 år i våras. Metalldetektorn hade han önskat sig i julklapp.\n\n"
      "– Sedan pep det ordentligt ute vid potatislandet, säger han.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Vi stirrade ner i jorden hela lördagen") == "Rune");
  CHECK(testing::SpeakerOf(doc, "Sedan pep det ordentligt ute vid potatislandet") == "Elias Andersson");
}

TEST_CASE("Swedish: an object pronoun after the verb is no subject, and the previous speaker keeps the quote") {
  const auto doc = testing::Extract(
      "Grannen Rune var en av dem som letade.\n\n"
      "– Vi stirrade ner i jorden hela lördagen, säger han.\n\n"
      "Barnbarnet Elias Andersson fyllde 16 år i våras. Metalldetektorn gav farfar honom i julklapp.\n\n"
      "– Sedan pep det ordentligt ute vid potatislandet, säger han.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Sedan pep det ordentligt ute vid potatislandet") != "Elias Andersson");
}

TEST_CASE("German: 'Danach sagte er' keeps the chain") {
  const auto doc = testing::Extract(
      "„Wir haben lange gesucht“, sagte Jonas Weber.\n\n"
      "Der Schüler Paul Kramer hatte das Gerät zum Geburtstag bekommen. Danach ging er jeden Tag auf das Feld.\n\n"
      "„Zuerst dachte ich, es sei ein Stück Blech“, sagte er.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Zuerst dachte ich, es sei ein Stück Blech") == "Paul Kramer");
}

TEST_CASE("Swedish: a name set off by commas after the description that opens the sentence is its subject") {
  const auto doc = testing::Extract(
      "– Tingsrätten har lagt för stor vikt vid mobildata, säger försvarsadvokaten Daniel Forsell.\n\n"
      "Grannen som hjälpte familjen ut, Ahmed Karimi, vittnade under rättegången. Han berättade att han vaknade av att hunden skällde.\n\n"
      "– Jag såg ljuset genom persiennerna, sa han i rätten.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Jag såg ljuset genom persiennerna") == "Ahmed Karimi");
}

TEST_CASE("a chain runs through a subject pronoun after a short opening phrase, to a subject after an opening phrase (en)") {
  // "By Friday, she had …" keeps to the pharmacist the sentence before brings in after its
  // opening phrase; the drug maker is an organisation (a "Pharma" name) and no "she".
  const std::string text =
      "Corvel Pharma told customers that shipments would be \"allocated by history\" until September.\n\n"
      "At Ashgrove Regional, a hospital outside Dayton, Dr. Lena Okafor runs the pharmacy. By Friday, she had nine days of stock left.\n\n"
      "\"We are triaging a drug nobody used to think about,\" she said.";
  auto d = testing::Extract(text, "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(testing::SpeakerOf(d, "allocated by history") == "Corvel Pharma");
  CHECK(testing::SpeakerOf(d, "We are triaging a drug nobody used to think about,") == "Lena Okafor");
}

}  // namespace
}  // namespace quoth
