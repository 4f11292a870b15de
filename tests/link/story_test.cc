// Which documents tell one story: from the articles' own words (names, places, numbers,
// translated content words), whatever their order, and never from the words they quote.
#include <algorithm>

#include "engine/link/story.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// An invented flood, told by an English outlet ...
const char* const kFloodEn =
    "Floods cut off the harbour town of Bergvik\n\n"
    "Heavy rain flooded 340 homes in the harbour town of Bergvik on Tuesday, after the river Almå burst its banks "
    "during the night.\n\n"
    "\"The water rose faster than anyone expected. We evacuated the old town in two hours,\" Mayor Lena Holt said.\n\n"
    "Rescue services moved 1200 residents to a school in nearby Norrvik. The railway between Bergvik and Norrvik "
    "is closed until Friday.\n\n"
    "The government promised emergency funds of 50 million kronor for the town.\n";

// ... and by a Swedish one, in another order and with a sentence cut.
const char* const kFloodSv =
    "Översvämningar isolerar hamnstaden Bergvik\n\n"
    "Regeringen lovar 50 miljoner kronor i nödhjälp till staden.\n\n"
    "Järnvägen mellan Bergvik och Norrvik är stängd till fredag.\n\n"
    "Kraftigt regn översvämmade 340 hem i hamnstaden Bergvik på tisdagen, sedan ån Almå svämmat över under "
    "natten.\n\n"
    "– Vattnet steg snabbare än någon väntat. Vi evakuerade gamla stan på två timmar, säger Lena Holt.\n";

// An unrelated Swedish sports report.
const char* const kSportSv =
    "Lunds BK vann derbyt mot Malmö\n\n"
    "Lunds BK vann på söndagen derbyt mot Malmö FF med 3–1 inför 8000 åskådare på Stadion.\n\n"
    "– Vi spelade vår bästa match i år. Laget kämpade hela vägen, säger tränaren Jonas Ek.\n\n"
    "Malmö tappar därmed till femte plats i tabellen. Nästa match spelas mot Göteborg om två veckor.\n";

// Two unrelated English stories that quote the same words.
const char* const kChessEn =
    "Record crowd at the chess final in Uppsala\n\n"
    "More than 2000 spectators watched the chess final in Uppsala on Sunday, where grandmaster Maria Lind beat the "
    "defending champion in 41 moves.\n\n"
    "\"We have never seen anything like this, it was completely unbelievable,\" tournament director Karl Nyberg said.\n";
const char* const kWolvesEn =
    "Wolves spotted near the school in Tarnby\n\n"
    "Parents in the village of Tarnby kept their children at home on Monday after two wolves were filmed near the "
    "primary school.\n\n"
    "\"We have never seen anything like this, it was completely unbelievable,\" teacher Sara Holm said.\n";

enum { kFloodEnDoc, kFloodSvDoc, kSportSvDoc, kChessDoc, kWolvesDoc };

const testing::TestCorpus& Batch() {
  static const testing::TestCorpus batch = testing::BuildTestCorpus({
      {"en", kFloodEn}, {"sv", kFloodSv}, {"sv", kSportSv}, {"en", kChessEn}, {"en", kWolvesEn}});
  return batch;
}

bool Related(uint32_t a, uint32_t b) {
  const auto links = RelatedStories(*Batch(), StoryOptions{}, QuoteEvidenceMap{});
  return std::any_of(links.begin(), links.end(), [&](const StoryLink& l) { return l.a == std::min(a, b) && l.b == std::max(a, b); });
}

}  // namespace

TEST_CASE("StoryScore: one story told in English and Swedish, in another order, is related") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  const double score = StoryScore(*Batch(), kFloodEnDoc, kFloodSvDoc);
  INFO("flood en/sv story score ", score);
  CHECK(score >= StoryOptions{}.min_score);
  CHECK(score == doctest::Approx(StoryScore(*Batch(), kFloodSvDoc, kFloodEnDoc)));  // symmetric
  CHECK(Related(kFloodEnDoc, kFloodSvDoc));
}

TEST_CASE("StoryScore: an English article and an unrelated Swedish sports report are not related") {
  const double score = StoryScore(*Batch(), kFloodEnDoc, kSportSvDoc);
  INFO("flood en / sport sv story score ", score, "; flood en/sv ", StoryScore(*Batch(), kFloodEnDoc, kFloodSvDoc));
  CHECK(score < StoryOptions{}.weak_score);
  CHECK(score < StoryScore(*Batch(), kFloodEnDoc, kFloodSvDoc));
  CHECK_FALSE(Related(kFloodEnDoc, kSportSvDoc));
  CHECK_FALSE(Related(kFloodSvDoc, kSportSvDoc));
}

TEST_CASE("StoryScore: quoting the same words does not make two articles one story") {
  const auto& batch = Batch();
  // The quote's words are not story words ...
  for (size_t d : {kChessDoc, kWolvesDoc}) {
    const auto& words = batch.docs[d].story_words;
    CHECK(std::find(words.begin(), words.end(), "unbelievable") == words.end());
    CHECK(std::find(words.begin(), words.end(), "never") == words.end());
  }
  // ... so the two articles share almost nothing.
  const double score = StoryScore(*batch, kChessDoc, kWolvesDoc);
  INFO("chess / wolves story score ", score);
  CHECK(score < StoryOptions{}.weak_score);
  CHECK_FALSE(Related(kChessDoc, kWolvesDoc));
}

TEST_CASE("RelatedStories: a score between the weak and the full threshold needs the quotes' confirmation") {
  // Thresholds set around the flood pair's own score, so that it falls between them.
  const double score = StoryScore(*Batch(), kFloodEnDoc, kFloodSvDoc);
  REQUIRE(score > 0.0);
  StoryOptions options;
  options.min_score = score + 0.01;
  options.weak_score = score - 0.001;
  auto related = [&](const QuoteEvidenceMap& quotes) {
    for (const auto& l : RelatedStories(*Batch(), options, quotes))
      if (l.a == kFloodEnDoc && l.b == kFloodSvDoc) return true;
    return false;
  };
  CHECK_FALSE(related({}));
  CHECK_FALSE(related({{DocPair(kFloodEnDoc, kFloodSvDoc), QuoteEvidence{1, 0}}}));  // one strong quote match: not enough
  CHECK(related({{DocPair(kFloodEnDoc, kFloodSvDoc), QuoteEvidence{2, 0}}}));
  CHECK(related({{DocPair(kFloodEnDoc, kFloodSvDoc), QuoteEvidence{1, 1}}}));  // one, with the same known speaker
  options.weak_score = score + 0.005;  // below the weak score no evidence helps
  CHECK_FALSE(related({{DocPair(kFloodEnDoc, kFloodSvDoc), QuoteEvidence{5, 5}}}));
}

TEST_CASE("StoryCandidates: every candidate pair once, sorted, with its score") {
  const auto candidates = StoryCandidates(*Batch(), StoryOptions{});
  for (size_t i = 0; i < candidates.size(); ++i) {
    CHECK(candidates[i].a < candidates[i].b);
    CHECK(candidates[i].score == doctest::Approx(StoryScore(*Batch(), candidates[i].a, candidates[i].b)));
    if (i) CHECK(std::make_pair(candidates[i - 1].a, candidates[i - 1].b) < std::make_pair(candidates[i].a, candidates[i].b));
  }
  if (testing::LexiconBuilt())
    CHECK(std::any_of(candidates.begin(), candidates.end(),
                      [](const StoryLink& l) { return l.a == kFloodEnDoc && l.b == kFloodSvDoc; }));
}
