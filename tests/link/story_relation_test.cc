// Story relation: which documents tell one story, by their words, confirmed by their quotes.
#include "engine/link/story_relation.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// An invented museum opening, told by two outlets in their own words ...
const char* const kMuseumA =
    "Glass museum opens in Tarnby\n\n"
    "The new glass museum in Tarnby opened on Saturday with 4200 visitors, after six years of building "
    "work on the old Kestrel brewery site.\n\n"
    "\"We wanted the furnaces to be the heart of the building,\" architect Oona Valdes said.\n\n"
    "The museum cost 86 million and holds 3100 pieces from the Kestrel glassworks.\n";
const char* const kMuseumB =
    "Tarnby's Kestrel brewery reborn as a glass museum\n\n"
    "Some 4200 people queued in Tarnby on Saturday as the glass museum opened on the former Kestrel brewery site.\n\n"
    "Architect Oona Valdes said the furnaces are the heart of the building.\n\n"
    "The 86 million project shows 3100 pieces made by the Kestrel glassworks.\n";
// ... and an unrelated report.
const char* const kCycling =
    "Rain stops the Hollin cycle race\n\n"
    "Heavy rain stopped the Hollin cycle race after 40 kilometres on Sunday, with riders sheltering in barns.\n\n"
    "\"The road turned into a river,\" race director Piet Amsel said.\n";

}  // namespace

TEST_CASE("IsStrongMatch: a good translation, or a same-language match of three shared words") {
  const StrongMatchOptions o;
  CHECK(IsStrongMatch({0, 1, 0.5, 0, true}, o));
  CHECK_FALSE(IsStrongMatch({0, 1, 0.4, 0, true}, o));
  CHECK(IsStrongMatch({0, 1, 0.9, 3, false}, o));
  CHECK_FALSE(IsStrongMatch({0, 1, 0.9, 2, false}, o));
  CHECK_FALSE(IsStrongMatch({0, 1, 0.7, 5, false}, o));
}

TEST_CASE("StoryRelations: related pairs in either order, with their scores") {
  LinkCorpus corpus(testing::TestLinkData());
  corpus.items.resize(3);
  corpus.items[1].doc = 2;
  corpus.items[2].doc = 1;
  const StoryRelations stories({{0, 2, 0.3}});
  CHECK(stories.Relation(2, 0) == StoryRelation::kSameStory);
  CHECK(stories.Relation(0, 1) == StoryRelation::kUnrelated);
  REQUIRE(stories.Score(0, 2) != nullptr);
  CHECK(*stories.Score(0, 2) == doctest::Approx(0.3));
  CHECK(stories.Score(1, 2) == nullptr);
  CHECK(stories.ItemScore(corpus, 0, 1) == doctest::Approx(0.3f));
  CHECK(stories.ItemScore(corpus, 0, 2) == 0.0f);
}

TEST_CASE("QuoteEvidenceOf: strong matches between two documents' quotes, and those of one known speaker") {
  LinkCorpus corpus(testing::TestLinkData());
  corpus.items.resize(3);
  corpus.items[0].doc = 0;
  corpus.items[1].doc = 1;
  corpus.items[2].doc = 1;
  corpus.items[0].speaker = corpus.items[1].speaker = 4;
  corpus.pieces = {{0, Bag()}, {1, Bag()}, {2, Bag()}};
  const std::vector<PieceMatch> matches = {
      {0, 1, 0.6, 0, true},    // strong, one speaker
      {0, 2, 0.9, 3, false},   // strong, speaker unknown on one side
      {1, 2, 0.9, 3, false},   // within one document: no evidence of a relation
      {0, 2, 0.2, 0, true},    // weak
  };
  const QuoteEvidenceMap evidence = QuoteEvidenceOf(corpus, matches, StrongMatchOptions{});
  REQUIRE(evidence.size() == 1);
  CHECK(evidence.at(DocPair(0, 1)).matches == 2);
  CHECK(evidence.at(DocPair(0, 1)).same_person == 1);
}

TEST_CASE("RelateDocuments: two reports of one event are one story, an unrelated report is not") {
  testing::TestCorpus t = testing::BuildTestCorpus({{"en", kMuseumA}, {"en", kMuseumB}, {"en", kCycling}});
  const StoryRelations stories = RelateDocuments(t.corpus.get(), {}, StoryOptions{}, StrongMatchOptions{});
  CHECK(stories.Relation(0, 1) == StoryRelation::kSameStory);
  CHECK(stories.Relation(0, 2) == StoryRelation::kUnrelated);
  CHECK(stories.Relation(1, 2) == StoryRelation::kUnrelated);
  REQUIRE(stories.links().size() == 1);
  CHECK(stories.links()[0].score >= StoryOptions{}.min_score);
}
