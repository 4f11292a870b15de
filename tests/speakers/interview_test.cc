// Interviews and verb-second narrative, on texts written for the test: an interviewer's question
// paragraph between two answers does not hand the answer to anyone else; a sentence opened by a
// phrase and its verb ("Tio minuter senare är hon tillbaka") is about the pronoun after the
// verb; a particle never ends a name ("Ångrar du dig aldrig?" names no one).
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("an untagged answer after an interviewer's question is the interviewee's (sv)") {
  const std::string text =
      "Lena Ståhl har drivit bageriet i Östhammar sedan 1998.\n\n"
      "– Vi bakar fortfarande allt för hand, säger hon.\n\n"
      "Varför har du aldrig skaffat maskiner?\n\n"
      "– Degen känns inte likadan. Det är hela hemligheten.\n\n"
      "Och framtiden?\n\n"
      "– Min dotter tar över nästa år.";
  const auto d = quoth::testing::Extract(text, "sv");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Degen känns inte likadan. Det är hela hemligheten.") == "Lena Ståhl");
  CHECK(quoth::testing::SpeakerOf(d, "Min dotter tar över nästa år.") == "Lena Ståhl");
}

TEST_CASE("an answer after a question in English interviews too; a quote inside a narrative paragraph is not an answer") {
  const std::string text =
      "\"We never planned to sell the farm,\" said Ruth Abernathy, who has kept sheep on the hill since 1981.\n\n"
      "What changed your mind?\n\n"
      "\"The winters. My knees cannot take another one.\"\n\n"
      "Who will buy it?\n\n"
      "When the phone rings at the agency, the answer is always the same: \"We will see what we can do.\"";
  const auto d = quoth::testing::Extract(text, "en");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "The winters. My knees cannot take another one.") == "Ruth Abernathy");
  CHECK(quoth::testing::SpeakerOf(d, "We will see what we can do.") == "<none>");
}

TEST_CASE("a statement is no question: a narrative paragraph between two quotes still breaks the chain") {
  const std::string text =
      "– Vi bakar fortfarande allt för hand, säger Lena Ståhl.\n\n"
      "Konkurrenten Per Lind har köpt tre nya ugnar i år.\n\n"
      "– Det har gått bättre än vi trodde.";
  const auto d = quoth::testing::Extract(text, "sv");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Det har gått bättre än vi trodde.") != "Lena Ståhl");
}

TEST_CASE("verb second: the pronoun after an opening phrase and its verb is what the sentence is about (sv)") {
  const std::string text =
      "– Ta den här, säger Ebba Lund och räcker över lammet.\n\n"
      "Tio minuter senare är hon tillbaka i fårhuset.\n\n"
      "– Tvillingar. Båda lever.";
  const auto d = quoth::testing::Extract(text, "sv");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Tvillingar. Båda lever.") == "Ebba Lund");
}

TEST_CASE("verb second: an object pronoun or a comma before the pronoun gives no subject (sv)") {
  // "honom" is an object form: the sentence is not about him. After the comma the opening phrase
  // is no longer a simple one.
  const std::string text =
      "– Ta den här, säger Ebba Lund.\n\n"
      "Sedan ringde grannen Olle Berg till honom.\n\n"
      "– Tvillingar. Båda lever.";
  const auto d = quoth::testing::Extract(text, "sv");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Tvillingar. Båda lever.") == "Olle Berg");
}

TEST_CASE("a particle at the end of a capitalised run is no part of a name") {
  for (const auto& m : testing::Mentions("Ångrar du dig aldrig? Vi träffade Anna du Rietz i Visby.", "sv")) {
    CHECK(detail::JoinName(m.name()) != "Ångrar du");
    if (detail::JoinName(m.name()).find("Rietz") != std::string::npos) CHECK(detail::JoinName(m.name()) == "Anna du Rietz");
  }
}

}  // namespace
}  // namespace quoth

TEST_CASE("a dialogue interview: untagged questions are the interviewer's, answers the one asked (sv)") {
  const std::string text =
      "Myndighetschefen om bristen: ”Vi var sena”\n\n"
      "Nu medger Eva Lindholm, generaldirektör för Beredskapsverket, att myndigheten var för sent ute. Hon intervjuades av reportern Per Sandin.\n\n"
      "– Eva Lindholm, apoteken har inte kunnat lämna ut medicinen. Hur kunde det bli så?\n\n"
      "– Det finns flera orsaker. Vi borde ha agerat tidigare, säger Eva Lindholm.\n\n"
      "– Varför gjorde ni inte det?\n\n"
      "– Vi litade på leverantörerna.\n\n"
      "– Regionerna säger att ni inte svarade. Stämmer det? frågar Per Sandin.\n\n"
      "– Vi svarade, men vi hade inga bra svar, säger hon.\n\n"
      "Apotekaren Sara Holm i Strömsby berättar att hon skickar hem föräldrar varje vecka.\n\n"
      "– De tittar på mig som om det vore mitt fel, sa hon.\n\n"
      "– Vad säger du till föräldrarna, Eva Lindholm?\n\n"
      "– Att jag förstår dem, svarar hon.";
  auto d = quoth::testing::Extract(text, "sv");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Eva Lindholm, apoteken har inte kunnat lämna ut medicinen. Hur kunde det bli så?") == "Per Sandin");
  CHECK(quoth::testing::SpeakerOf(d, "Varför gjorde ni inte det?") == "Per Sandin");
  CHECK(quoth::testing::SpeakerOf(d, "Vi litade på leverantörerna.") == "Eva Lindholm");
  CHECK(quoth::testing::SpeakerOf(d, "De tittar på mig som om det vore mitt fel") == "Sara Holm");
  CHECK(quoth::testing::SpeakerOf(d, "Vad säger du till föräldrarna, Eva Lindholm?") == "Per Sandin");
  CHECK(quoth::testing::SpeakerOf(d, "Att jag förstår dem") == "Eva Lindholm");
}

TEST_CASE("a speaker who also asks a question in a tag is no interviewer: their next turn goes on (sv)") {
  const std::string text =
      "Debatt om skolan\n\n"
      "– Varför ska barnen åka två mil? frågar Anna Berg.\n\n"
      "– Vi har inga pengar till skolskjuts, säger Anna Berg.\n\n"
      "– Vem ska betala?";
  auto d = quoth::testing::Extract(text, "sv");
  INFO(quoth::testing::DescribeQuotes(d));
  CHECK(quoth::testing::SpeakerOf(d, "Vem ska betala?") == "Anna Berg");
}
