// Aligning an English article with a Swedish outlet's version of it: sentences around quotes
// pair by content whatever their order, the quotes of aligned sentences pair by their words, and
// a few quoted words in one article find the longer statement of the other.
#include <algorithm>

#include "engine/link/align.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// An invented hospital strike. The Swedish version reorders the paragraphs, drops two English
// quotes, adds a quote of its own and translates the rest, "stable" as "stabilt".
const char* const kStrikeEn =
    "Hospital strike ends after 12 days\n\n"
    "Nurses at Bergvik hospital returned to work on Monday after a 12-day strike over pay and night shifts.\n\n"
    "\"We have won a fair deal for every nurse in this hospital,\" union leader Maria Lind said.\n\n"
    "\"I have worked here for 30 years and never seen the staff so tired,\" nurse Eva Sjöberg said.\n\n"
    "Hospital director Karl Nyberg said the situation on the wards was now \"stable\" and that planned operations "
    "would resume on Wednesday.\n\n"
    "Protesters outside the town hall chanted \"Save our hospital\" and \"No cuts to care\" during the vote.\n\n"
    "\"Patients waited far too long, and I apologise to every one of them,\" Nyberg said.\n\n"
    "The agreement raises wages by 4 percent and limits night shifts to three a week.\n\n"
    "\"The ambulance service was never at risk,\" regional health chief Tomas Ek said.\n\n"
    "The regional council will vote on the deal on Thursday.\n";

const char* const kStrikeSv =
    "Strejken på sjukhuset i Bergvik är över\n\n"
    "Avtalet höjer lönerna med 4 procent och begränsar nattpassen till tre i veckan.\n\n"
    "Sjuksköterskorna på Bergviks sjukhus återgick till arbetet på måndagen efter en strejk på 12 dagar om lön och "
    "nattpass.\n\n"
    "Demonstranterna ropade ”Inga nedskärningar i vården” och ”Rädda vårt sjukhus” under omröstningen.\n\n"
    "Sjukhusdirektören Karl Nyberg säger att läget på avdelningarna nu är ”stabilt” och att planerade operationer "
    "återupptas på onsdag.\n\n"
    "– Patienterna fick vänta alldeles för länge, och jag ber var och en av dem om ursäkt, säger Nyberg.\n\n"
    "– Vi har vunnit ett rättvist avtal för varje sjuksköterska på det här sjukhuset, säger fackets ordförande "
    "Maria Lind.\n\n"
    "– Nu hoppas vi att politikerna lyssnar, säger patienten Gun Axelsson.\n";

const testing::TestCorpus& Strike() {
  static const testing::TestCorpus batch = testing::BuildTestCorpus({{"en", kStrikeEn}, {"sv", kStrikeSv}});
  return batch;
}

uint32_t GroupOf(const testing::TestCorpus& t, size_t doc, const std::string& quote) {
  return t->items[testing::ItemOf(t, doc, quote)].group;
}

// The group of the other document aligned with `g`, or kNoKey.
uint32_t AlignedWith(const Alignment& a, uint32_t g) {
  for (const auto& m : a.groups)
    if (m.g == g) return m.h;
  return kNoKey;
}

std::string Describe(const testing::TestCorpus& t, const Alignment& a) {
  std::string out;
  for (const auto& m : a.groups)
    out += "\n  " + testing::QuoteOf(t, t->groups[m.g].items[0]).text + "  <->  " +
           testing::QuoteOf(t, t->groups[m.h].items[0]).text + "  (" + std::to_string(m.score) + ")";
  return out.empty() ? "nothing aligned" : out;
}

using Pairs = std::vector<std::pair<uint32_t, uint32_t>>;

Pairs Sorted(Pairs p) {
  std::sort(p.begin(), p.end());
  return p;
}

// Minister Per Sand's statement in English, and a Swedish outlet quoting two words of it.
const char* const kSandEn =
    "Minister rejects harbour report\n\n"
    "\"The report is completely false and a lie from start to finish,\" Minister Per Sand said on Tuesday.\n\n"
    "The report, written by the audit office, said the harbour in Bergvik had cost 200 million kronor more than "
    "planned.\n";
const char* const kSandSv =
    "Ministern avfärdar hamnrapporten\n\n"
    "Per Sand kallade rapporten ”helt falsk” i en intervju på tisdagen.\n\n"
    "Enligt revisionen har hamnen i Bergvik kostat 200 miljoner kronor mer än planerat.\n";

bool HasPartial(const std::vector<PartialMatch>& matches, uint32_t shorter, uint32_t longer) {
  return std::any_of(matches.begin(), matches.end(),
                     [&](const PartialMatch& m) { return m.shorter == shorter && m.longer == longer; });
}

}  // namespace

TEST_CASE("AlignGroups: a reordered, cut Swedish version aligns its quoted sentences with the English ones") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const auto& t = Strike();
  const Alignment a = AlignGroups(*t, testing::GroupsOf(t, 0), testing::GroupsOf(t, 1), AlignOptions{});
  INFO(Describe(t, a), testing::DescribeQuotes(t.docs));
  CHECK(AlignedWith(a, GroupOf(t, 0, "We have won")) == GroupOf(t, 1, "Vi har vunnit"));
  CHECK(AlignedWith(a, GroupOf(t, 0, "stable")) == GroupOf(t, 1, "stabilt"));
  CHECK(AlignedWith(a, GroupOf(t, 0, "Patients waited")) == GroupOf(t, 1, "Patienterna"));
  CHECK(AlignedWith(a, GroupOf(t, 0, "Save our")) == GroupOf(t, 1, "Inga nedskärningar"));
  // What only the English article reports stays alone.
  CHECK(AlignedWith(a, GroupOf(t, 0, "I have worked")) == kNoKey);
  CHECK(AlignedWith(a, GroupOf(t, 0, "The ambulance")) == kNoKey);
  // One to one.
  std::vector<uint32_t> hs;
  for (const auto& m : a.groups) hs.push_back(m.h);
  std::sort(hs.begin(), hs.end());
  CHECK(std::adjacent_find(hs.begin(), hs.end()) == hs.end());
  CHECK(a.groups.size() == 4);
  CHECK_FALSE(a.translation);  // 4 of 6 English sentences: another outlet's version, not a translation
}

TEST_CASE("AlignGroups: with the Swedish article as the first document the same sentences align") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const auto& t = Strike();
  const Alignment a = AlignGroups(*t, testing::GroupsOf(t, 1), testing::GroupsOf(t, 0), AlignOptions{});
  INFO(Describe(t, a));
  CHECK(AlignedWith(a, GroupOf(t, 1, "stabilt")) == GroupOf(t, 0, "stable"));
  CHECK(AlignedWith(a, GroupOf(t, 1, "Nu hoppas")) == kNoKey);
  CHECK(a.groups.size() == 4);
}

TEST_CASE("PairQuotes: the short quote of two aligned sentences pairs (\"stable\" / \"stabilt\")") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const auto& t = Strike();
  const uint32_t stable = testing::ItemOf(t, 0, "stable");
  const uint32_t stabilt = testing::ItemOf(t, 1, "stabilt");
  const auto pairs = PairQuotes(*t, t->groups[t->items[stable].group], t->groups[t->items[stabilt].group], false);
  CHECK(pairs == Pairs{{stable, stabilt}});
}

TEST_CASE("PairQuotes: two slogans in one rewritten sentence pair by their words, not all with all") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const auto& t = Strike();
  const uint32_t save = testing::ItemOf(t, 0, "Save our");
  const uint32_t no_cuts = testing::ItemOf(t, 0, "No cuts");
  const uint32_t radda = testing::ItemOf(t, 1, "Rädda");
  const uint32_t inga = testing::ItemOf(t, 1, "Inga nedskärningar");
  const LinkGroup& g = t->groups[t->items[save].group];
  const LinkGroup& h = t->groups[t->items[radda].group];
  REQUIRE(g.items.size() == 2);  // both slogans in one sentence on each side
  REQUIRE(h.items.size() == 2);
  // The Swedish sentence names them in the other order.
  CHECK(Sorted(PairQuotes(*t, g, h, /*translated=*/false)) == Sorted(Pairs{{save, radda}, {no_cuts, inga}}));
}

TEST_CASE("PairQuotes: a single quote on each side pairs whatever its words") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const auto& t = Strike();
  // "We have won ..." and "Nu hoppas vi ..." share no words, but PairQuotes pairs lone quotes:
  // whether the sentences belong together is AlignGroups' decision.
  const uint32_t won = testing::ItemOf(t, 0, "We have won");
  const uint32_t hope = testing::ItemOf(t, 1, "Nu hoppas");
  CHECK(PairQuotes(*t, t->groups[t->items[won].group], t->groups[t->items[hope].group], false) == Pairs{{won, hope}});
}

TEST_CASE("PartialQuotes: a few quoted words find the statement they come from, same named speaker") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const auto t = testing::BuildTestCorpus({{"en", kSandEn}, {"sv", kSandSv}});
  const uint32_t full = testing::ItemOf(t, 0, "The report is completely false");
  const uint32_t partial = testing::ItemOf(t, 1, "helt falsk");
  INFO(testing::DescribeQuotes(t.docs));
  REQUIRE(t->items[full].speaker != kNoKey);
  REQUIRE(t->items[full].speaker == t->items[partial].speaker);  // Per Sand in both
  const auto matches = PartialQuotes(*t, 0, 1);
  REQUIRE(matches.size() == 1);
  CHECK(matches[0].shorter == partial);
  CHECK(matches[0].longer == full);
  CHECK(matches[0].score >= 0.6);
  CHECK(matches[0].score <= 1.0);
  // Either order of the documents.
  const auto reversed = PartialQuotes(*t, 1, 0);
  CHECK(HasPartial(reversed, partial, full));
}

TEST_CASE("PartialQuotes: not when another quote of the article matches the words better as a whole") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  // The English article also quotes "completely false" on its own: that is "helt falsk"'s version.
  const std::string en = std::string(kSandEn) + "\nLater, Sand wrote on social media that the claims were \"completely false\".\n";
  const auto t = testing::BuildTestCorpus({{"en", en}, {"sv", kSandSv}});
  INFO(testing::DescribeQuotes(t.docs));
  const uint32_t full = testing::ItemOf(t, 0, "The report is completely false");
  const uint32_t partial = testing::ItemOf(t, 1, "helt falsk");
  CHECK_FALSE(HasPartial(PartialQuotes(*t, 0, 1), partial, full));
}

TEST_CASE("PartialQuotes: not when the two quotes have different named speakers") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const std::string sv = "Ministern avfärdar hamnrapporten\n\n"
                         "Oppositionsledaren Anna Berg kallade rapporten ”helt falsk” i en intervju på tisdagen.\n\n"
                         "Enligt revisionen har hamnen i Bergvik kostat 200 miljoner kronor mer än planerat.\n";
  const auto t = testing::BuildTestCorpus({{"en", kSandEn}, {"sv", sv}});
  INFO(testing::DescribeQuotes(t.docs));
  const uint32_t full = testing::ItemOf(t, 0, "The report is completely false");
  const uint32_t partial = testing::ItemOf(t, 1, "helt falsk");
  REQUIRE(t->items[partial].speaker != kNoKey);
  REQUIRE(t->items[partial].speaker != t->items[full].speaker);
  CHECK_FALSE(HasPartial(PartialQuotes(*t, 0, 1), partial, full));
}

// A short interview and its Swedish translation, sentence by sentence, one question rendered
// freely: a translation's leftovers pair even without shared words of their own.
const char* const kInterviewEn =
    "Singer talks back\n\n"
    "\"They bullied me before the show,\" the singer Leo Sten said on Tuesday.\n\n"
    "\"They told me not to wear the red hat on stage,\" Sten said.\n\n"
    "\"You want to see the dark side of me?\" Sten shouted from the stage.\n\n"
    "\"The whole studio went completely silent,\" a producer said.\n\n"
    "\"I will never sing on that channel again,\" Sten said.\n";
const char* const kInterviewSv =
    "Sångaren slår tillbaka\n\n"
    "”De mobbade mig före showen”, sa sångaren Leo Sten på tisdagen.\n\n"
    "”De sa åt mig att inte bära den röda hatten på scenen”, sa Sten.\n\n"
    "”Vill ni också sjunka så lågt?” ropade han.\n\n"
    "”Hela studion blev helt tyst”, sa en producent.\n\n"
    "”Jag kommer aldrig att sjunga i den kanalen igen”, sa Sten.\n";

TEST_CASE("AlignGroups: in a translation, the sentences left over pair even with few shared words") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  static const testing::TestCorpus t = testing::BuildTestCorpus({{"en", kInterviewEn}, {"sv", kInterviewSv}});
  const Alignment a = AlignGroups(*t, testing::GroupsOf(t, 0), testing::GroupsOf(t, 1), AlignOptions{});
  INFO(Describe(t, a), testing::DescribeQuotes(t.docs));
  REQUIRE(a.translation);
  CHECK(AlignedWith(a, GroupOf(t, 0, "They bullied")) == GroupOf(t, 1, "De mobbade"));
  CHECK(AlignedWith(a, GroupOf(t, 0, "You want to see")) == GroupOf(t, 1, "Vill ni också"));
}
