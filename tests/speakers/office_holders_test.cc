// Tags that name a person by the offices they hold before their name: two roles joined by
// "and", and a role "of" a portfolio. The name that ends the phrase speaks, not the company
// whose office it is. Every sentence is invented for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("two roles joined by 'and' before the name in a tag after the quote (en)") {
  const std::string text =
      "Scooter firm raises funds\n\n"
      "Pune-based VoltRide has raised new money from investors.\n\n"
      "\"We will open forty hubs this year,\" VoltRide's co-founder and chief executive Ishaan Mehra said on Tuesday.\n\n"
      "\"Then we go north,\" said the company's president and chairman Ravi Kulkarni.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We will open forty hubs this year,") == "Ishaan Mehra");
  CHECK(SpeakerOf(d, "Then we go north,") == "Ravi Kulkarni");
}

TEST_CASE("a role of a portfolio, then the holder's name (en)") {
  const std::string text =
      "Port reopens\n\n"
      "Harbour operator Kestrel Docks reopened its second berth on Monday.\n\n"
      "\"The crane is back in service,\" said the company's head of operations Meera Pillai.\n\n"
      "\"We lost nine days,\" said Kestrel Docks' director of communications Tomas Varga.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The crane is back in service,") == "Meera Pillai");
  CHECK(SpeakerOf(d, "We lost nine days,") == "Tomas Varga");
}

TEST_CASE("a word for kin of someone named is not an office: the relative speaks (en)") {
  const std::string text =
      "Vigil for crash victim\n\n"
      "Hundreds gathered on Friday for Ana Ruiz, who died in the crash on Route 9.\n\n"
      "\"She lit up every room,\" said the mother of murdered teen Ana Ruiz.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "She lit up every room,") != "Ana Ruiz");
}

TEST_CASE("a description and the name set off after it open the clause after an opening phrase (en)") {
  const std::string text =
      "Mayor steps aside\n\n"
      "Council speaker Thandeka Mokoena lost the vote on Monday.\n\n"
      "Late on Tuesday, Mokoena's spokesperson, Lwazi Ntuli, said she would \"take a few days with her family\" first.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "take a few days with her family") == "Lwazi Ntuli");
}

TEST_CASE("a preposition opening the sentence is no name; the subject after the verb speaks (sv)") {
  const std::string text =
      "Dansbandet är tillbaka\n\n"
      "Roland Fransson ville inte bli intervjuad. Genom sin dotter hälsar han att han är ”mest glad att någon lyssnar”.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "mest glad att någon lyssnar") == "Roland Fransson");
}

TEST_CASE("a compound role after 'von' starts the name after it (de)") {
  const std::string text =
      "Streit um Pflegegeld\n\n"
      "Die Pläne von Bundesfamilienministerin Katrin Albers (SPD) stoßen auf Widerstand.\n\n"
      "„Wer seine Mutter pflegt, darf nicht arm werden“, sagte Albers in Berlin.";
  auto d = Extract(text, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Wer seine Mutter pflegt, darf nicht arm werden") == "Katrin Albers");
}

TEST_CASE("'Region X' is an organisation: 'hon' is not it (sv)") {
  const std::string text =
      "Bristen på medicin\n\n"
      "Region Västmark skrev i december att läget var ”ohållbart för familjerna”.\n\n"
      "– Vi svarade, men vi hade inga bra svar att ge, säger hon.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "ohållbart för familjerna") == "Region Västmark");
  CHECK(SpeakerOf(d, "Vi svarade, men vi hade inga bra svar att ge") != "Region Västmark");
}

TEST_CASE("a possessive opening the sentence before does not make its subject a pronoun (de)") {
  const std::string text =
      "Gletscher unter Vlies\n\n"
      "Am Telefon bleibt Urs Brändli bei seiner Kritik. »Jeder Franken fehlt«, sagt er.\n\n"
      "Ihr Doktorand Lukas Stadler, der die Messungen geleitet hat, erinnert sich an die Wanderer. »Einer hat mich gefragt.«, erzählt er.";
  auto d = Extract(text, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Einer hat mich gefragt.") == "Lukas Stadler");
}

TEST_CASE("'told X:' after a subject names the listener, not the speaker (en)") {
  const std::string text =
      "Soap star split\n\n"
      "A source close to the couple told The Sunday Spark: 'Jade is in bits.'\n\n"
      "Said Ray Moss, her agent: 'She will be fine.'";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Jade is in bits.") == "<none>");
  CHECK(SpeakerOf(d, "She will be fine.") == "Ray Moss");
}

TEST_CASE("English: a company before a role qualifies it; the person named after is in focus") {
  const char* text =
      "Glasses\n\n"
      "Lumora unveiled its first smart glasses on Tuesday.\n\n"
      "On stage, Lumora co-founder and CEO Renata Okoye-Lind walked a crowd through four years of prototypes.\n\n"
      "\"Every gadget is competing for your attention,\" she said.\n\n"
      "In an emailed statement, Lumora said the glasses are \"stored on the device\".\n\n"
      "Speaker of council Johannes Pretorius, a former school principal, rejected that claim.\n\n"
      "\"The rules were followed,\" he said.\n";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Every gadget is competing for your attention,") == "Renata Okoye-Lind");
  CHECK(SpeakerOf(d, "The rules were followed,") == "Johannes Pretorius");
}

TEST_CASE("English: a title of several words is not held by one given a word of it") {
  const char* text =
      "Lunches\n\n"
      "Asked whether it was a cut, Simon Ashby said: \"It's a reset.\"\n\n"
      "\"I'd encourage them to taste the new menu,\" the Prime Minister replied.\n\n"
      "Education Minister Helen Ratana later issued a statement.\n";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "I'd encourage them to taste the new menu,") == "Simon Ashby");
}
