// An interview's answers are the interviewee's: after an interviewer's question paragraph (up
// to three sentences, ending in "?"), an untagged answer goes to whoever answered the questions
// before, or, at the first answer, to the one person the headline names - not to someone the
// text quoted before the questions began. Every sentence is invented for the test; each runs the
// whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("answers after questions go to the interviewee the headline names (sv)") {
  const std::string text =
      "Mira Lundgren: ”Jag skriver för att förstå”\n\n"
      "Hennes nya roman har sålt bra i vår. Vi ställde tre frågor till författaren.\n\n"
      "– Hon är den mest efterfrågade gästen vi har haft, säger festivalens chef Olle Brandt.\n\n"
      "Boken handlar om en fyrvaktare. Varför just han?\n\n"
      "– Min morfar skötte fyren på Hallö i trettio år.\n\n"
      "Vad läser du själv just nu?\n\n"
      "– Mest poesi. Romaner klarar jag inte när jag skriver.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Hon är den mest efterfrågade gästen vi har haft") == "Olle Brandt");
  CHECK(SpeakerOf(d, "Min morfar skötte fyren på Hallö i trettio år.") == "Mira Lundgren");
  CHECK(SpeakerOf(d, "Mest poesi. Romaner klarar jag inte när jag skriver.") == "Mira Lundgren");
}

TEST_CASE("answers after questions go to whoever answered before (en)") {
  const std::string text =
      "Five questions for a ferry captain\n\n"
      "\"I have sailed this route for thirty years,\" said Agnes Whitby, who retires in May.\n\n"
      "What will you miss most?\n\n"
      "\"The mornings. The water is never the same twice.\"\n\n"
      "\"She taught half the crew,\" said deckhand Tom Rees.\n\n"
      "And what comes next? Will you stay on the island?\n\n"
      "\"I will keep bees, I think.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The mornings. The water is never the same twice.") == "Agnes Whitby");
  CHECK(SpeakerOf(d, "She taught half the crew,") == "Tom Rees");
  CHECK(SpeakerOf(d, "I will keep bees, I think.") == "Agnes Whitby");
}
