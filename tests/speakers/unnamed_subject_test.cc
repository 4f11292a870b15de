// Someone the text brings in without a name: the subject of a reporting sentence that is an
// indefinite description ("A nurse at the clinic, who asked not to be named, said: "…"") has no
// speaker the text names - not a name inside the description, not a pronoun in its relative
// clause, not the speaker before. And where the verb does not come second, an indefinite
// description that is an object or a predicate ("punching a protester", "She is a Sanders
// supporter") is no one the next pronoun points to. Every sentence is invented for the test;
// each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("an indefinite description as the reporting sentence's subject names no one (en)") {
  const std::string text =
      "Mill to close in spring\n\n"
      "\"We looked at every option,\" said Harriet Vance, the mill's owner.\n\n"
      "A loom operator with 19 years at the Dunmore mill, who asked not to be named because she had not been told "
      "officially, said: \"I found out from the radio.\"\n\n"
      "Outside the gates, one angry customer summed up the mood: \"Nobody asked us.\"\n\n"
      "One resident, Walter Brisk, said: \"The town will survive.\"\n\n"
      "A spokesperson for Dunmore Textiles said: \"Every worker will be offered a transfer.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We looked at every option,") == "Harriet Vance");
  CHECK(SpeakerOf(d, "I found out from the radio.") == "<none>");
  CHECK(SpeakerOf(d, "Nobody asked us.") == "<none>");
  // Named there, or speaking for an organisation: the rule does not apply.
  CHECK(SpeakerOf(d, "The town will survive.") == "Walter Brisk");
  CHECK(SpeakerOf(d, "Every worker will be offered a transfer.") == "Dunmore Textiles");
}

TEST_CASE("an indefinite description as the reporting sentence's subject names no one (sv, de)") {
  const std::string sv =
      "Butiken stänger\n\n"
      "– Vi har försökt i tio år, säger ägaren Lena Holm.\n\n"
      "En kvinna som har handlat där sedan sjuttiotalet berättar: ”Jag vet inte var jag ska handla nu.”";
  auto dsv = Extract(sv, "sv");
  INFO(DescribeQuotes(dsv));
  CHECK(SpeakerOf(dsv, "Vi har försökt i tio år") == "Lena Holm");
  CHECK(SpeakerOf(dsv, "Jag vet inte var jag ska handla nu.") == "<none>");

  const std::string de =
      "Bäckerei schließt\n\n"
      "„Wir haben alles versucht“, sagte Inhaber Markus Brandl.\n\n"
      "Eine Kundin, die seit dreißig Jahren dort einkauft, sagte: „Das ist ein trauriger Tag.“";
  auto dde = Extract(de, "de");
  INFO(DescribeQuotes(dde));
  CHECK(SpeakerOf(dde, "Wir haben alles versucht") == "Markus Brandl");
  CHECK(SpeakerOf(dde, "Das ist ein trauriger Tag.") == "<none>");
}

TEST_CASE("an object or predicate description does not take the pronoun from the speaker before (en)") {
  const std::string text =
      "Rally turns rough\n\n"
      "Hours after a video showed a man shoving a protester, Ruth Calder said, \"I don't accept it.\"\n\n"
      "\"There is anger out there,\" she said.\n\n"
      "\"It's about age,\" said Ida Marsh, 70. She is a Calder supporter but admits her friends are not.\n\n"
      "\"They made up their minds years ago,\" she said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "I don't accept it.") == "Ruth Calder");
  CHECK(SpeakerOf(d, "There is anger out there,") == "Ruth Calder");
  CHECK(SpeakerOf(d, "They made up their minds years ago,") == "Ida Marsh");
}
