// Titles and words for kin tell a person's gender: of two people with one surname, "Ms Dunstall"
// is the woman, and a pronoun never refers to a man the text brought in as someone's wife.
// Every sentence is invented for the test; each runs the whole engine.
#include <string>

#include "engine/speakers/mention_table.h"
#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("a gendered title picks, of two people with one surname, the one it fits (en)") {
  const std::string text =
      "Colm Brennan has farmed the hill for thirty years. His wife, Nuala Brennan, keeps the accounts.\n\n"
      "\"We lost forty ewes in a week,\" Mr Brennan said.\n\n"
      "\"Nobody from the department has called us back,\" Ms Brennan said.\n\n"
      "\"We will keep ringing,\" she said.\n\n"
      "Mr Brennan said the foxes were \"bolder every season\".";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We lost forty ewes in a week,") == "Colm Brennan");
  // "Mr" is also a word that opens sentences: its gender counts all the same.
  CHECK(SpeakerOf(d, "bolder every season") == "Colm Brennan");
  CHECK(SpeakerOf(d, "Nobody from the department has called us back,") == "Nuala Brennan");
  CHECK(SpeakerOf(d, "We will keep ringing,") == "Nuala Brennan");
}

TEST_CASE("a word for kin set off after the name, or right before it, tells the gender (en)") {
  const std::string text =
      "Tarquin Okoro, her husband, runs the shop. Their daughter Adaeze Okoro manages the stall.\n\n"
      "\"Business is slow in the rain,\" Mrs Okoro said.\n\n"
      "\"The rent went up again,\" Mr Okoro said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Business is slow in the rain,") == "Adaeze Okoro");
  CHECK(SpeakerOf(d, "The rent went up again,") == "Tarquin Okoro");
}

TEST_CASE("a description before the name tells the gender only where it opens with a determiner (en)") {
  // "Asked about his wife" is no description of Idris Kell: he stays the man the title picks.
  const std::string text =
      "Asked about his wife, Idris Kell said nothing. His sister, Rhian Kell, did.\n\n"
      "\"We are all tired,\" Mr Kell said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We are all tired,") == "Idris Kell");
}

TEST_CASE("hans fru and Frau pick the woman of two people with one surname (sv, de)") {
  const std::string sv =
      "Bengt Fallqvist driver gården sedan 1989. Hans fru Ulrika Fallqvist sköter mjölkningen.\n\n"
      "– Vi har aldrig haft så dåligt foder, säger Fallqvist.\n\n"
      "Hennes syster, Maj Fallqvist, håller inte med.\n\n"
      "– Det har varit sämre förr, säger Maj.";
  auto s = Extract(sv, "sv");
  INFO(DescribeQuotes(s));
  CHECK(SpeakerOf(s, "Det har varit sämre förr") == "Maj Fallqvist");
  const std::string de =
      "Gerold Wiesinger führt den Betrieb, seine Tochter, Romy Wiesinger, die Buchhaltung.\n\n"
      "„Die Preise sind zu niedrig“, sagte Frau Wiesinger.\n\n"
      "„Wir halten durch“, sagte Herr Wiesinger.";
  auto d = Extract(de, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Die Preise sind zu niedrig") == "Romy Wiesinger");
  CHECK(SpeakerOf(d, "Wir halten durch") == "Gerold Wiesinger");
}

TEST_CASE("a surname two people share is, for a pronoun, the one the pronoun fits (en)") {
  const std::string text =
      "The voice of the sale barn\n\n"
      "Darlene Voss has called cattle auctions for forty years. Her son, Cody Voss, runs the ring.\n\n"
      "Voss is less diplomatic about the future. \"A computer can sell a steer,\" she says.";
  auto d = quoth::testing::Extract(text, "en");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "A computer can sell a steer,") == "Darlene Voss");
}
