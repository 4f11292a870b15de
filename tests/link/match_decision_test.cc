// The decision on a sentence match: what links depends on how the two documents relate.
#include "engine/link/match_decision.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

MatchEvidence SameLanguage(double containment, uint32_t shared, StoryRelation relation) {
  MatchEvidence e;
  e.score = containment;
  e.shared_words = shared;
  e.relation = relation;
  return e;
}

MatchEvidence Translated(double score, size_t words, bool same_person, StoryRelation relation) {
  MatchEvidence e;
  e.translated = true;
  e.score = score;
  e.shorter_sentence = words;
  e.same_person = same_person;
  e.relation = relation;
  return e;
}

}  // namespace

TEST_CASE("MatchLinks: within a language, versions in one story share two words, unrelated copies four") {
  const MatchDecisionOptions o;
  CHECK(MatchLinks(SameLanguage(0.9, 2, StoryRelation::kSameStory), o));
  CHECK_FALSE(MatchLinks(SameLanguage(0.9, 1, StoryRelation::kSameStory), o));
  CHECK_FALSE(MatchLinks(SameLanguage(0.7, 5, StoryRelation::kSameStory), o));  // below same_language_min
  CHECK_FALSE(MatchLinks(SameLanguage(0.9, 3, StoryRelation::kUnrelated), o));
  CHECK(MatchLinks(SameLanguage(0.9, 4, StoryRelation::kUnrelated), o));
  // A near-verbatim copy between unrelated documents, not four words of five ("Das hätte man vor
  // zehn Jahren machen müssen" and "… vor zwanzig Jahren machen sollen" in two stories).
  CHECK(MatchLinks(SameLanguage(0.8, 4, StoryRelation::kSameStory), o));
  CHECK_FALSE(MatchLinks(SameLanguage(0.8, 4, StoryRelation::kUnrelated), o));
}

TEST_CASE("MatchLinks: across languages, unrelated documents need a strong match, long sentences and one speaker") {
  const MatchDecisionOptions o;
  CHECK(MatchLinks(Translated(0.3, 2, false, StoryRelation::kSameStory), o));  // one story: the match suffices
  CHECK(MatchLinks(Translated(0.8, 5, true, StoryRelation::kUnrelated), o));
  CHECK_FALSE(MatchLinks(Translated(0.7, 5, true, StoryRelation::kUnrelated), o));
  CHECK_FALSE(MatchLinks(Translated(0.8, 3, true, StoryRelation::kUnrelated), o));
  CHECK_FALSE(MatchLinks(Translated(0.8, 5, false, StoryRelation::kUnrelated), o));
}

TEST_CASE("LinkMatches: the shared words of a pair are summed over its sentences before deciding") {
  LinkCorpus corpus(testing::TestLinkData());
  corpus.docs.resize(2);
  corpus.items.resize(2);
  corpus.items[1].doc = 1;
  corpus.pieces.resize(4);
  corpus.pieces[0].item = corpus.pieces[1].item = 0;
  corpus.pieces[2].item = corpus.pieces[3].item = 1;
  // Two sentences of each quote match, each sharing two words: four over the pair.
  const std::vector<PieceMatch> matches = {{0, 2, 0.9, 2, false}, {1, 3, 0.9, 2, false}};
  const std::vector<uint8_t> refrain(2, 0);
  for (const bool related : {true, false}) {
    const StoryRelations stories(related ? std::vector<StoryLink>{{0, 1, 0.4}} : std::vector<StoryLink>{});
    const CandidateGate gate(corpus, refrain, stories);
    std::vector<Edge> edges;
    LinkMatches(corpus, matches, SharedWordsPerPair(corpus, matches), stories, gate, MatchDecisionOptions{}, &edges);
    REQUIRE(edges.size() == 2);  // one link per match; unrelated documents too, on four words
    CHECK(edges[0].basis == LinkBasis::kWords);
    CHECK(edges[0].relation == (related ? StoryRelation::kSameStory : StoryRelation::kUnrelated));
    CHECK(edges[0].story == doctest::Approx(related ? 0.4 : 0.0));
  }
}
