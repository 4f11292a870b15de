// The person the text has just brought in, on sentences written for the test: a definite
// description or a pronoun right after a sentence that introduces someone goes to them, even
// when the introduction puts them after a preposition ("represented by", "heard from"), rather
// than to an older speaker; a mention that only looks like a name, a person already named, or a
// sentence that keeps the focus on a speaker does not take the quote.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("English: a description and a pronoun after a newcomer introduced after a preposition") {
  const auto doc = testing::Extract(
      "Skatepark plan approved\n\n"
      "\"Nobody here is against skating,\" said Cllr Tom Fairley. \"I am against the noise.\"\n\n"
      "Neighbours were represented by Margaret Holloway, who organised the petition. The 67-year-old retired "
      "teacher described the old ramps as \"a building site with a sound system\".\n\n"
      "\"I have nothing against the youngsters,\" she said.\n\n"
      "The committee also heard from 16-year-old Callum Reid, one of the skaters.\n\n"
      "\"We just want somewhere to go,\" he told councillors.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Nobody here is against skating,") == "Tom Fairley");
  CHECK(testing::SpeakerOf(doc, "a building site with a sound system") == "Margaret Holloway");
  CHECK(testing::SpeakerOf(doc, "I have nothing against the youngsters,") == "Margaret Holloway");
  CHECK(testing::SpeakerOf(doc, "We just want somewhere to go,") == "Callum Reid");
}

TEST_CASE("English: a place after a preposition is no newcomer, and a speaker already named keeps the pronoun") {
  const auto doc = testing::Extract(
      "\"It was a shock,\" said Ruth Carden, a nurse.\n\n"
      "The family moved here from Stoke Ferring in 2019.\n\n"
      "\"We had no idea,\" she said.\n\n"
      "\"I wrote to everyone,\" said Carden. She had written the letter with help from Ruth Carden's sister.\n\n"
      "\"Nobody answered,\" she said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "We had no idea,") == "Ruth Carden");
  CHECK(testing::SpeakerOf(doc, "Nobody answered,") == "Ruth Carden");
}

TEST_CASE("Swedish: a sentence that names the speaker keeps the description on her") {
  const auto doc = testing::Extract(
      "Elin Wahlgren är tillbaka med en ny roman.\n\n"
      "»Jag har burit på den här historien länge», säger Elin Wahlgren.\n\n"
      "Bokens huvudperson har mycket gemensamt med Wahlgrens egen mormor Greta, som dog 2009.\n\n"
      "»Mormor pratade aldrig om kriget», berättar författaren.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Mormor pratade aldrig om kriget") == "Elin Wahlgren");
}

TEST_CASE("English: a seat in brackets after a name is no person a pronoun may take") {
  const auto doc = testing::Extract(
      "The plan was opposed by Cllr Ann Dunnock, who chairs the libraries committee.\n\n"
      "\"We were never asked,\" said Mrs Dunnock.\n\n"
      "She was backed by Cllr Peter Haslam (Lib Dem, Brackwell North), who has represented the ward since 2009.\n\n"
      "\"Nobody from county hall has set foot in that building,\" he said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Nobody from county hall has set foot in that building,") == "Peter Haslam");
}

}  // namespace
}  // namespace quoth
