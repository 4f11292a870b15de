// Who a reporting sentence is about, read from its words: a one-word "name" that is a common
// word opening the sentence is no subject (the clause after the opening phrase is read), a
// subject pronoun after an opening phrase keeps the focus on the person named before, and a
// name after "by" or inside another name's apposition is no one the next pronoun points to.
// Every sentence is invented for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("a common word opening the reporting sentence is no subject: the main clause is read (en)") {
  const std::string text =
      "Storm cuts power\n\n"
      "Around 12,000 homes were still without power on Tuesday, Harlow Grid said, warning that some could wait "
      "\"until the weekend\".\n\n"
      "Giving evidence, Tom Brereton said he had \"panicked\" when the lights went out.\n\n"
      "Someone at the back of the hall shouted \"Shame!\" as the chairman stood up.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "until the weekend") == "Harlow Grid");
  CHECK(SpeakerOf(d, "panicked") == "Tom Brereton");
  CHECK(SpeakerOf(d, "Shame!") == "<none>");
}

TEST_CASE("a subject pronoun after an opening phrase keeps the focus; 'by' brings in no subject (en)") {
  const std::string text =
      "Neighbours in court\n\n"
      "\"I never saw the spade coming,\" said Colm Hession, 52.\n\n"
      "Under cross-examination by Ronan Pryce, solicitor for the accused, he accepted he had shouted first.\n\n"
      "\"That was in temper,\" he said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "I never saw the spade coming,") == "Colm Hession");
  CHECK(SpeakerOf(d, "That was in temper,") == "Colm Hession");
}

TEST_CASE("a name inside an apposition is not the sentence's subject; one right before the verb is (en)") {
  const std::string text =
      "Courses change\n\n"
      "\"Membership is down a third,\" said Paul Hagen, a club manager.\n\n"
      "Lena Dorsey, a vice president in the Port Avery office of Dune Consulting, said the \"old model\" was over.\n\n"
      "\"Clubs have to open up,\" she said.\n\n"
      "Trump, Grace Sexton said, has \"changed the rules\".\n\n"
      "\"His supporters feel free,\" she said.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Clubs have to open up,") == "Lena Dorsey");
  CHECK(SpeakerOf(d, "His supporters feel free,") == "Grace Sexton");
}

TEST_CASE("English: the subject of a relative clause right before the quote is its speaker") {
  const auto doc = quoth::testing::Extract(
      "Review\n\n"
      "My friend Ruth, who grew up in Margate, joined me.\n\n"
      "The best of them was a crab crumpet, which Ruth declared \"the best thing I have eaten this year.\"\n\n"
      "Johnnie Wilson, of Springfield, Va., said he had fought \"for the nation's rights.\"\n",
      "en");
  CHECK(quoth::testing::SpeakerOf(doc, "the best thing I have eaten this year.") == "Ruth");
  CHECK(quoth::testing::SpeakerOf(doc, "for the nation's rights.") != "Springfield");  // "of" is no relative word
}
