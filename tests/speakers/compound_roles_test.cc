// compound_roles: where nouns join into one word (German, Swedish), a description's role is the
// last part of the compound the text gave the person ("der Minister" is the "Gesundheitsminister
// Karl Freiberg"), even when someone else is named more often.
#include <doctest/doctest.h>

#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("German: 'der Minister' is the Gesundheitsminister named before, not the person named most") {
  const auto doc = testing::Extract(
      "Die Forscherin Petra Lindner warnt seit Jahren vor Hitzewellen. Lindner fordert mehr Bäume.\n\n"
      "Gesundheitsminister Karl Freiberg kündigte einen Plan an. „Wir lassen die Städte nicht allein“, "
      "versprach der Minister.\n\n"
      "Lindner blieb skeptisch.\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Wir lassen die Städte nicht allein") == "Karl Freiberg");
}

TEST_CASE("Swedish: 'ministern' is the utrikesminister named before, not the person named most") {
  const auto doc = testing::Extract(
      "Partiledaren Sven Ek kritiserade regeringen. Ek vill se mer bistånd. Enligt Ek är budgeten för liten.\n\n"
      "Utrikesminister Karin Holm svarade i riksdagen.\n\n"
      "– Vi står fast vid vår linje, säger ministern.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Vi står fast vid vår linje") == "Karin Holm");
}

TEST_CASE("a short role is no compound's head: 'man' does not fit a chairman") {
  // English packs do not set compound_roles; the rule's own limits are checked where it is on.
  const auto doc = testing::Extract(
      "Vorstandsvorsitzender Jens Ahrens sprach zuerst.\n\n„Das ist falsch“, sagte ein Mann im Saal.\n", "de");
  CHECK(testing::SpeakerOf(doc, "Das ist falsch") == "<none>");
}

}  // namespace
}  // namespace quoth
