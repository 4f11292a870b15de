// A tag's first clause that names no one, and surnames that are also sentence words. Patterns
// read the first subject they can; where it names no one, the clause after a comma or a
// `clause_joiners` word is read ("a woman asked for a photo and Grant said"), never a name after
// a preposition ("a spokesperson for Grant said"). A `not_names` word after a known given name
// is a surname ("Ian Read"). Every sentence is invented for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("the clause after 'and' holds the tag's speaker when the first names no one (en)") {
  const std::string text =
      "The mayor toured the new ferry terminal on Friday.\n\n"
      "At one point, a woman asked for a photo and Mayor Ida Grant said, \"as long as the rules allow it.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "as long as the rules allow it.") == "Ida Grant");
}

TEST_CASE("an opening phrase read as the subject gives way to the subject after it (en)") {
  const std::string text =
      "Councillor Tom Wells has opposed the harbour plan since March.\n\n"
      "Here in Eastport, Wells stepped up his attacks on the plan, saying, \"We have got to stop this before the summer.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We have got to stop this before the summer.") == "Tom Wells");
}

TEST_CASE("a name after a preposition opens no clause: the description stays unresolved (en)") {
  const std::string text =
      "Ida Grant runs the ferry company.\n\n"
      "A spokesperson for Grant said: \"The timetable will not change.\"";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The timetable will not change.") != "Ida Grant");
}

TEST_CASE("the clause after 'och' holds the speaker (sv)") {
  const std::string text =
      "Kommunalrådet Eva Berg besökte färjeterminalen i fredags.\n\n"
      "En kvinna bad om en bild och Berg sa: ”Bara om reglerna tillåter det.”";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Bara om reglerna tillåter det.") == "Eva Berg");
}

TEST_CASE("a sentence word after a given name is a surname: Ian Read, Theresa May (en)") {
  const std::string text =
      "Harbour board chief executive Ian Read said the board had weighed the risk.\n\n"
      "\"We looked at every number we had,\" Read said. \"The ships will come back.\"\n\n"
      "Transport minister Theresa May visited the port in the afternoon.\n\n"
      "\"The port is the town's heart,\" May said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We looked at every number we had,") == "Ian Read");
  CHECK(SpeakerOf(d, "The ships will come back.") == "Ian Read");
  CHECK(SpeakerOf(d, "The port is the town's heart,") == "Theresa May");
}

TEST_CASE("a sentence word alone stays no name: 'Read more' is page furniture (en)") {
  const std::string text =
      "The board met on Monday.\n\n"
      "\"Nothing was decided,\" Read said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Nothing was decided,") == "<none>");
}

TEST_CASE("a few quoted words in a person's predicate are theirs, whatever the verb (en)") {
  const std::string text =
      "The ferry service returned on Monday after a month.\n\n"
      "Mayor Ida Holm thanked the crew for \"keeping the town moving.\"\n\n"
      "Councillor Tom Wells supports \"a fair wage for every driver\" and nothing less.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "keeping the town moving.") == "Ida Holm");
  CHECK(SpeakerOf(d, "a fair wage for every driver") == "Tom Wells");
}

TEST_CASE("a pronoun's predicate holds the quote; a noun opening the sentence is no one (sv)") {
  const std::string text =
      "Oppositionsrådet Karin Sund presenterade partiets budget i går.\n\n"
      "Hon vill ta tillbaka makten från ”ansiktslösa direktörer” i de kommunala bolagen.\n\n"
      "Frågan har blivit ”en het potatis” i valrörelsen.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "ansiktslösa direktörer") == "Karin Sund");
  CHECK(SpeakerOf(d, "en het potatis") != "Frågan");
}
