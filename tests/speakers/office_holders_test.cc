// Tags that name a person by the offices they hold before their name: two roles joined by
// "and", and a role "of" a portfolio. The name that ends the phrase speaks, not the company
// whose office it is. Every sentence is invented for the test; each runs the whole engine.
#include <string>

#include "support/rules.h"

using namespace quoth;
using testing::DescribeQuotes;
using testing::Extract;
using testing::SpeakerOf;

TEST_CASE("two roles joined by 'and' before the name in a tag after the quote (en)") {
  const std::string text =
      "Scooter firm raises funds\n\n"
      "Pune-based VoltRide has raised new money from investors.\n\n"
      "\"We will open forty hubs this year,\" VoltRide's co-founder and chief executive Ishaan Mehra said on Tuesday.\n\n"
      "\"Then we go north,\" said the company's president and chairman Ravi Kulkarni.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "We will open forty hubs this year,") == "Ishaan Mehra");
  CHECK(SpeakerOf(d, "Then we go north,") == "Ravi Kulkarni");
}

TEST_CASE("a role of a portfolio, then the holder's name (en)") {
  const std::string text =
      "Port reopens\n\n"
      "Harbour operator Kestrel Docks reopened its second berth on Monday.\n\n"
      "\"The crane is back in service,\" said the company's head of operations Meera Pillai.\n\n"
      "\"We lost nine days,\" said Kestrel Docks' director of communications Tomas Varga.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "The crane is back in service,") == "Meera Pillai");
  CHECK(SpeakerOf(d, "We lost nine days,") == "Tomas Varga");
}

TEST_CASE("a word for kin of someone named is not an office: the relative speaks (en)") {
  const std::string text =
      "Vigil for crash victim\n\n"
      "Hundreds gathered on Friday for Ana Ruiz, who died in the crash on Route 9.\n\n"
      "\"She lit up every room,\" said the mother of murdered teen Ana Ruiz.";
  auto d = Extract(text, "en");
  INFO(DescribeQuotes(d));
  CHECK(SpeakerOf(d, "She lit up every room,") != "Ana Ruiz");
}
