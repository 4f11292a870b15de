// Given names among other words: a capitalised definite noun before a given name opening a
// Swedish sentence is a role ("Bonden Gunnel"), and a given name that is also a sentence word
// ("Hans", also "his") stays a given name before a surname. Every sentence is invented for the
// test; each runs the whole engine.
#include <string>

#include "support/mentions.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("a definite noun before a given name opening a sentence is a role (sv)") {
  const std::string text =
      "Bonden Gunnel, 71: ”Vi ger inte upp gården”\n\n"
      "I fyrtio år har Gunnel Rask drivit gården vid Lillsjön.\n\n"
      "– Min far köpte den 1958. Jag tänker inte sälja, säger hon.\n\n"
      "Bonden Gunnel visar ladugården.\n\n"
      "– Här stod fyrtio kor en gång, säger Gunnel.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Min far köpte den 1958. Jag tänker inte sälja") == "Gunnel Rask");
  CHECK(SpeakerOf(d, "Här stod fyrtio kor en gång") == "Gunnel Rask");
  for (const auto& m : testing::Mentions(text, "sv")) CHECK_MESSAGE(m.joined() != "Bonden Gunnel", "a role read as part of the name");
}

TEST_CASE("a listed given name that is also a determiner is the given name before a surname (sv)") {
  const std::string text =
      "Maria och Hans Lindgren fick besök av en säljare i maj.\n\n"
      "– Han var mycket trevlig, säger Maria Lindgren.\n\n"
      "– Vi skrev på för fort, säger Hans Lindgren.\n\n"
      "Hans fru håller med.";
  auto d = Extract(text, "sv");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "Han var mycket trevlig") == "Maria Lindgren");
  CHECK(SpeakerOf(d, "Vi skrev på för fort") == "Hans Lindgren");
}
