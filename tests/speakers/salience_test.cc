// Salience: the person the text has just put in focus takes an untagged quote or a pronoun from
// an older speaker - the subject of the sentence or paragraph before, even with no speech verb -
// and a first name's gender rules a person out for the other pronoun. Every sentence is
// invented for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("a pronoun after a person introduced without a speech verb is that person (en)") {
  const std::string text =
      "\"The shelter will open in March,\" said Harold Pike, the council leader.\n\n"
      "Nadia Okafor spent four years on the flood maps. \"Nobody wanted to hear it,\" she says.\n\n"
      "One of those she interviewed was Agnes Rourke, 89, who has lived on the bank since 1960.\n\n"
      "\"The water came to the second stair,\" she said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Nobody wanted to hear it,") == "Nadia Okafor");
  CHECK(SpeakerOf(d, "The water came to the second stair,") == "Agnes Rourke");
}

TEST_CASE("a sentence whose subject is a pronoun keeps the focus on the person named before (sv)") {
  // "Han konstaterar att Sara Lind ..." is about what Berg says: "säger han" stays with Berg.
  const std::string text =
      "Statsvetaren Olof Berg har följt valet i tjugo år.\n\n"
      "– Det här är ett ovanligt jämnt val, säger han.\n\n"
      "Han konstaterar att Sara Lind har vunnit mark i norr.\n\n"
      "– Hon har lyckats med något ingen trodde på, säger han.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Det här är ett ovanligt jämnt val") == "Olof Berg");
  CHECK(SpeakerOf(d, "Hon har lyckats med något ingen trodde på") == "Olof Berg");
}

TEST_CASE("an untagged quote paragraph after a paragraph about someone is theirs (sv)") {
  const std::string text =
      "– Vi gjorde en bra match, säger lagkaptenen Jonas Ek.\n\n"
      "Hedemyras tränare Kenneth Ahl var tydligt besviken efter slutsignalen.\n\n"
      "– Vi spelade två bra perioder men släppte in två mål på fem minuter.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Vi spelade två bra perioder men släppte in två mål på fem minuter.") == "Kenneth Ahl");
}

TEST_CASE("a first name's gender rules a person out for the other pronoun (en)") {
  // Otis Lyle opens the sentence before, which would give him the pronoun, but "she" cannot be
  // him: the speaker before is (with a name the list does not hold, "Olle Lyle", it would be Lyle).
  const std::string text =
      "\"We will rebuild the pier,\" said Maud Keller, the harbour master.\n\n"
      "Otis Lyle, whose firm won the contract, will start in May.\n\n"
      "\"It will take two summers,\" she said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "It will take two summers,") == "Maud Keller");
}

TEST_CASE("the latest person named since the last quote, after an opening phrase and a role, takes the pronoun (en)") {
  const std::string text =
      "'That is what you come off the bench for,' Kyle Brannigan said.\n\n"
      "At the other end of the tunnel, Rovers boss Stuart Hendry was fuming. His side have dropped seven points.\n\n"
      "'We had the game won,' he said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "That is what you come off the bench for,") == "Kyle Brannigan");
  CHECK(SpeakerOf(d, "We had the game won,") == "Stuart Hendry");
}

TEST_CASE("a sentence of the quote's paragraph opened by a pronoun gives the untagged quote its person (en)") {
  const std::string text =
      "Gordon Leckie was pleased. \"We did well,\" Leckie said.\n\n"
      "Maria Holm smiled at the question. \"That is a fair point.\"\n\n"
      "He shrugged. \"Nobody asked me.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "That is a fair point.") == "Maria Holm");
  // "He" cannot be Maria Holm: the man named before is.
  CHECK(SpeakerOf(d, "Nobody asked me.") == "Gordon Leckie");
}

TEST_CASE("a quote paragraph whose words open with a pronoun still continues its speaker (en)") {
  const std::string text =
      "\"The plan failed the families,\" Hillary Clinton told union workers.\n\n"
      "\"He said he was hoping for the crash.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "He said he was hoping for the crash.") == "Hillary Clinton");
}

TEST_CASE("a description takes the person the sentence before brings in by surname alone (en)") {
  const std::string text =
      "Rovers led after Jamie Dalgleish scored twice.\n\n"
      "'That is what you come off the bench for,' Kyle Brannigan said.\n\n"
      "Dalgleish, who scored his ninth of the season, refused to point fingers.\n\n"
      "'It is on all of us,' the striker told Sportscall.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "It is on all of us,") == "Jamie Dalgleish");
}

TEST_CASE("a description set off after a name and an age describes that named person, no newcomer (en)") {
  const std::string text =
      "\"We need more benches,\" said Harold Pike, the council leader.\n\n"
      "Ms Nur Rahman, 29, a mother of two who lives on the fourth floor, said young families had \"nowhere to sit\".\n\n"
      "\"The garden is nice, but it is not for everybody,\" she said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The garden is nice, but it is not for everybody,") == "Nur Rahman");
}

TEST_CASE("a description whose noun the sentence before gave someone unnamed is no one named (en)") {
  const std::string text =
      "\"The pumps will be fixed by Friday,\" said Metro spokesperson Sipho Ndaba.\n\n"
      "A senior official in the water department, who asked not to be named, said the pumps were old.\n\n"
      "\"Everybody knew. Nobody wanted to sign off the budget,\" the official said.\n\n"
      "A Republican committee aide blasted the statement.\n\n"
      "\"It is further proof they are playing politics,\" the aide said in an emailed statement.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Everybody knew. Nobody wanted to sign off the budget,") == "<none>");
  CHECK(SpeakerOf(d, "It is further proof they are playing politics,") == "<none>");
}
