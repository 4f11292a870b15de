// Sports reports: a club's name opened by "FC" or "VfL" is an organisation that no age refers
// to; a sign quoted inside a sentence leaves that sentence's subject in focus; and the player's
// given name, not the headline's nickname, makes his canonical name. Every sentence is invented
// for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("an age never describes a club whose name opens with FC (de)") {
  const std::string text =
      "FC Bergheim – VfL Tannau 2:1\n\n"
      "Dann kam Lukas Brenner. Der Stürmer schoss den FC Bergheim in der 89. Minute aus der Abstiegszone.\n\n"
      "„Ich habe nur den Fuß hingehalten“, sagte der 21-Jährige.";
  auto d = Extract(text, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Ich habe nur den Fuß hingehalten") == "Lukas Brenner");
}

TEST_CASE("a sign quoted inside a sentence leaves its subject in focus for the pronoun after it (de)") {
  const std::string text =
      "„Wir haben gekämpft“, sagte Trainer Ole Sandvik.\n\n"
      "Vor der Kurve nahm Lukas Brenner ein Plakat entgegen, auf dem „Wir glauben an dich“ stand.\n\n"
      "„Das hat mein kleiner Bruder gemalt“, sagte er.";
  auto d = Extract(text, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Das hat mein kleiner Bruder gemalt") == "Lukas Brenner");
}

TEST_CASE("a name led by a given name is canonical over one led by a nickname of the same length (de)") {
  const std::string text =
      "Joker Brenner rettet Bergheim\n\n"
      "Lange sah es nach einer Niederlage aus, dann kam Lukas Brenner.\n\n"
      "„Ich habe nur den Fuß hingehalten“, sagte Brenner.";
  auto d = Extract(text, "de");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Ich habe nur den Fuß hingehalten") == "Lukas Brenner");
}
