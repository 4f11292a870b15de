// People the text describes rather than names: an age given only to someone unnamed, two roles
// joined before a name, the company that is not the court it went to, a stadium that is no
// person an age can describe, and a title's last word joined to a name. Every sentence is
// invented for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("an age the text gave only to someone unnamed names no one (sv)") {
  const std::string text =
      "Man åtalas för bedrägeri\n\n"
      "En 31-årig man står åtalad vid Norrby tingsrätt.\n\n"
      "– Vi ringde kunden tre gånger, sade bankens handläggare Eva Stål.\n\n"
      "Polisens utredare Jonas Berg berättade om telefonen.\n\n"
      "– Den var där i elva minuter, sade han.\n\n"
      "Den 31-årige mannen nekar till brott.\n\n"
      "– Jag satt i bilen hela tiden, sade 31-åringen.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Den var där i elva minuter") == "Jonas Berg");
  CHECK(SpeakerOf(d, "Jag satt i bilen hela tiden") == "<none>");
}

TEST_CASE("an age description still finds the person named later in the lede (en)") {
  const std::string text =
      "Coast win the shield\n\n"
      "It took a drop goal from a 20-year-old who had never kicked one, but Coast are champions.\n\n"
      "First five-eighth Tama Reid slotted the winner at Tipene Park on Saturday.\n\n"
      "\"The boys were yelling for it, so I just hit it,\" the 20-year-old said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The boys were yelling for it, so I just hit it,") == "Tama Reid");
}

TEST_CASE("two roles joined before a name that opens the sentence (sv)") {
  const std::string text =
      "Mejeriet säljs\n\n"
      "I ett pressmeddelande skriver Nordlandsmejerier att köpet ”stärker regionen”.\n\n"
      "Mejeriets vd och delägare Anna Wiklund är tredje generationen i familjen. Hon säger att beslutet var svårt.\n\n"
      "– Vi har sagt nej förut, säger hon.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Vi har sagt nej förut") == "Anna Wiklund");
}

TEST_CASE("'the company' is not the court its sentence brings in; a description, then the name (en)") {
  const std::string text =
      "Chef loses his lease\n\n"
      "The building's owner, Greene Lane Holdings, tells a different story.\n\n"
      "In papers filed in Kings County Court, the company says the chef has not paid rent and accuses him of "
      "\"a pattern of excuses.\"\n\n"
      "\"He is a wonderful chef and a terrible tenant,\" the landlord's attorney, Howard Blum, said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "a pattern of excuses.") == "Greene Lane Holdings");
  CHECK(SpeakerOf(d, "He is a wonderful chef and a terrible tenant,") == "Howard Blum");
}

TEST_CASE("a word joined to a closing quote mark starts no name (de)") {
  const std::string text =
      "„Nordlicht“-Star Kai Berends spricht über Männlichkeit\n\n"
      "Kai Berends ist für seine Rolle in „Nordlicht“ bekannt.\n\n"
      "„Ich finde die Frage sehr wichtig“, sagte er.";
  auto d = Extract(text, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Ich finde die Frage sehr wichtig") == "Kai Berends");
}

TEST_CASE("a description reaches past an age to the words that describe, and never the name after 'of' (en)") {
  // "A former mayor of Harlow County" describes someone else than the county; "Ada Kimball, 58,
  // who served four terms as mayor," is the mayor (the AP's name, age, description).
  const std::string text =
      "A former mayor of Harlow County was charged on Monday.\n\n"
      "Ada Kimball, 58, who served four terms as mayor, stood beside her lawyer in court.\n\n"
      "The charges were read out one by one.\n\n"
      "\"Not guilty,\" the mayor said.";
  auto d = quoth::testing::Extract(text, "en");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Not guilty,") == "Ada Kimball");
}

TEST_CASE("a role word the pack lists as the same office finds the person given the other (en)") {
  const std::string text =
      "Northmoor win by an innings\n\n"
      "His captain, Ravi Sandhu, declared as soon as the hundred arrived.\n\n"
      "'Tom would have batted till tea, but the boys wanted to get home,' the skipper joked.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Tom would have batted till tea, but the boys wanted to get home,") == "Ravi Sandhu");
}

TEST_CASE("of two people with a role, the description goes to the one given it before the quote (en)") {
  const std::string text =
      "Monsoons take the title\n\n"
      "Monsoons captain Vikram Rao added 88 with the youngster.\n\n"
      "\"After the 12th over he didn't need me to tell him anything,\" the captain said.\n\n"
      "Kestrels captain Aravind Menon did not hide his disappointment.\n\n"
      "\"We gave away 52 in the last three overs,\" Menon told reporters.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "After the 12th over he didn't need me to tell him anything,") == "Vikram Rao");
}

TEST_CASE("'the councillor' after 'a councillor' is that unnamed one, not the Speaker of council named before (en)") {
  const std::string text =
      "Mayor ousted\n\n"
      "Speaker of council Johannes Pretorius, a former school principal, rejected that claim.\n\n"
      "\"The rules were followed to the letter,\" he said.\n\n"
      "A councillor from the Ratepayers Front, speaking on condition of anonymity, said the vote had been hard.\n\n"
      "\"You cannot defend empty bins at a public meeting,\" the councillor said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The rules were followed to the letter,") == "Johannes Pretorius");
  CHECK(SpeakerOf(d, "You cannot defend empty bins at a public meeting,") == "<none>");
}
