// Which organisation "the company", "the district" or "bolaget" is, on sentences written for
// the test: one whose name holds the noun; else the one the article is about (named twice,
// counting the short form that opens its name, or the only one named); an abbreviation that
// ends a name keeps its dot; a capitalised noun opening its sentence may be a name of its own.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("English: 'the company' is the organisation the article is about, named in full with its dot") {
  const auto doc = testing::Extract(
      "Harlow Mills to close Brenton plant\n\n"
      "Harlow Mills Inc. said Tuesday it will close its Brenton plant next year.\n\n"
      "The closure is part of a plan to save $40 million a year. Harlow shares rose 2%.\n\n"
      "\"This was a difficult decision,\" the company said in a statement.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "This was a difficult decision,") == "Harlow Mills Inc.");
}

TEST_CASE("English: 'the company' with no organisation named before is no one, not a speaker called company") {
  const auto doc = testing::Extract(
      "Layoffs at payments app\n\n"
      "About 40 staff lost their jobs on Tuesday, two people familiar with the matter said.\n\n"
      "\u201cWe have extended medical coverage for all affected employees,\u201d the company said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "We have extended medical coverage for all affected employees,") == "<none>");
}

TEST_CASE("English: 'a Reddit user', 'one man' describe someone unnamed; 'In a Bloomberg interview Trump declared' is Trump's") {
  const auto doc = testing::Extract(
      "Outage\n\n"
      "\"We are sorry,\" said Ravi Menon.\n\n"
      "A Reddit user in a dispatch forum was blunter: \"Boring would be an upgrade.\"\n\n"
      "That drew groans, and one man shouted: \"We have been quiet for years!\"\n\n"
      "In a Bloomberg interview Menon declared \"the worst is over.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Boring would be an upgrade.") == "<none>");
  CHECK(testing::SpeakerOf(doc, "We have been quiet for years!") == "<none>");
  CHECK(testing::SpeakerOf(doc, "the worst is over.") == "Ravi Menon");
}

TEST_CASE("English: a start-up named by that noun is the company that speaks later") {
  const auto doc = testing::Extract(
      "Layoffs at payments app\n\n"
      "Payments start-up KiranaPay has laid off about 40 employees.\n\n"
      "\u201cWe have extended medical coverage for all affected employees,\u201d the company said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "We have extended medical coverage for all affected employees,") == "KiranaPay");
}

TEST_CASE("English: an organisation's short form that opens its name speaks under its full name") {
  const auto doc = testing::Extract(
      "Routing software fails for six hours\n\n"
      "Tessaline Inc. said its routing service failed on Tuesday for about six hours.\n\n"
      "\"We built safeguards for exactly this,\" Tessaline said in a statement.\n\n"
      "\"It was a long night,\" said Dana Whitlock, a dispatcher in Tulsa.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "We built safeguards for exactly this,") == "Tessaline Inc.");
  CHECK(testing::SpeakerOf(doc, "It was a long night,") == "Dana Whitlock");
}

TEST_CASE("English: 'the statement said' is the statement of whoever the text said issued it") {
  const auto doc = testing::Extract(
      "The Millbrook City School District said in a statement that counselors would be at the school all week.\n\n"
      "\"Ms. Kinsella is part of our family,\" the statement said. \"Our thoughts are with her.\"\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Ms. Kinsella is part of our family,") == "Millbrook City School District");
  CHECK(testing::SpeakerOf(doc, "Our thoughts are with her.") == "Millbrook City School District");
}

TEST_CASE("English: 'the Milwaukee-based company' names no company called Milwaukee-based") {
  const auto doc = testing::Extract(
      "Pellham Foods Group said on Tuesday it would close two plants.\n\n"
      "The Milwaukee-based company said the plants would stop production in September.\n\n"
      "\"These decisions are never easy,\" the company said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "These decisions are never easy,") == "Pellham Foods Group");
}

TEST_CASE("English: 'the district' is the school district named before") {
  const auto doc = testing::Extract(
      "A former finance director was sentenced on Thursday.\n\n"
      "He moved money from Kestrel County School District accounts over four years.\n\n"
      "Teachers attended the hearing. Outside, union leader Ann Brody said little.\n\n"
      "\"We have closed the doors he walked through,\" the district said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "We have closed the doors he walked through,") == "Kestrel County School District");
}

TEST_CASE("Swedish: a capitalised noun that opens its sentence is not the one other organisation named paragraphs before") {
  const auto doc = testing::Extract(
      "Forskare vid Lantbruksinstitutet har räknat humlor i fjällen.\n\n"
      "De hittade färre arter än väntat.\n\n"
      "Nedgången är störst på kalfjället.\n\n"
      "Myndigheten för naturskydd skriver i ett mejl att den »följer forskningen noga».\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "följer forskningen noga") != "Lantbruksinstitutet");
}

TEST_CASE("English: a library or a railroad is an organisation, and 'he' never refers to one") {
  const auto doc = testing::Extract(
      "Library closure plan ‘a real blow’ for Fernley readers and their families\n\n"
      "The council wants to shut Fernley Library in March.\n\n"
      "\"We will take this to judicial review if we have to,\" he said.\n\n"
      "The Allegheny Valley Railroad said crews \"will remain on site.\"\n",
      "en");
  // No man is named: the library is no "he".
  CHECK(testing::SpeakerOf(doc, "We will take this to judicial review if we have to,") != "Fernley Library");
  CHECK(testing::SpeakerOf(doc, "will remain on site.") == "Allegheny Valley Railroad");
}

TEST_CASE("Swedish: a newspaper is no person an age describes, and 'X kommun skriver' is the kommun") {
  const auto doc = testing::Extract(
      "Gunnel Sandberg står i entrén med en pärm full av namnlistor när Hallaby Tidning kommer på besök.\n\n"
      "– Vi är uppe i 1 800 namn på tre veckor, säger 67-åringen.\n\n"
      "Hallaby kommun skriver på sin webbplats att man vill ha ”dialog med föreningslivet”.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Vi är uppe i 1 800 namn på tre veckor") == "Gunnel Sandberg");
  CHECK(testing::SpeakerOf(doc, "dialog med föreningslivet") == "Hallaby kommun");
}

TEST_CASE("'The Housing and Estates Board said' is one organisation, not a body called Housing") {
  const auto doc = testing::Extract(
      "The residents want the garden kept.\n\n"
      "The Housing and Estates Board, which owns the land, said it \"supports community gardening\" and would help.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "supports community gardening") == "Housing and Estates Board");
}

TEST_CASE("Swedish: a name and a lower-case compound of an organisation noun are one organisation ('Solbackens koloniförening')") {
  const auto doc = testing::Extract(
      "Kolonilotterna på Solbacken ska flyttas.\n\n"
      "Solbackens koloniförening har skrivit ett öppet brev till kommunen. ”Det tar trettio år att bygga upp jorden”, skriver föreningen.\n",
      "sv");
  CHECK(testing::SpeakerOf(doc, "Det tar trettio år att bygga upp jorden") == "Solbackens koloniförening");
}

TEST_CASE("English: a council named in full speaks as an organisation, not as a title") {
  // "Council Member" is a title, but "Council" alone names a body.
  const auto doc = testing::Extract(
      "Fight night\n\n"
      "\"We will sell out,\" said promoter Lorna Keane.\n\n"
      "The Boxing Control Council said in a statement that both fighters had been \"reminded of their responsibilities\".\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "reminded of their responsibilities") == "Boxing Control Council");
}

TEST_CASE("English: a spokesperson for one of two councils is no one's") {
  const auto doc = testing::Extract(
      "Camping fees\n\n"
      "Free camping will end after Tarrabool Shire Council voted on Wednesday.\n\n"
      "The chair of the Tarrabool Land Council, Rhonda Kelly, welcomed the decision.\n\n"
      "A council spokeswoman said the fees would \"cover cleaning, not turn a profit\".\n\n"
      "A Pellham spokeswoman said the plan was \"in line with our policies\". Pellham Foods Group makes bread.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "cover cleaning, not turn a profit") == "<none>");
}

TEST_CASE("English: an unnamed spokesperson right after an organisation's sentence speaks for it") {
  const auto doc = testing::Extract(
      "Harbour row\n\n"
      "Angus Harbour Trust, which runs the port, said it welcomed the outcome. \"Our staff keep the harbour safe,\" a spokesman said.\n\n"
      "Residents gathered on the pier. \"We want answers,\" a spokeswoman said.\n",
      "en");
  CHECK(testing::SpeakerOf(doc, "Our staff keep the harbour safe,") == "Angus Harbour Trust");
  // No organisation opens the sentence before: someone the text does not name.
  CHECK(testing::SpeakerOf(doc, "We want answers,") == "<none>");
}

}  // namespace
}  // namespace quoth
