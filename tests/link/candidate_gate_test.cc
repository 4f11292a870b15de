// Candidate pairs: two quotes may be one utterance unless one is a refrain or their speakers differ.
#include "engine/link/candidate_gate.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

TEST_CASE("CandidateGate: refrains, one quote with itself and two named people never pair") {
  LinkCorpus corpus(testing::TestLinkData());
  corpus.docs.resize(3);
  corpus.items.resize(5);
  for (uint32_t i = 0; i < 5; ++i) corpus.items[i].doc = i < 2 ? i : 2;
  auto name = [&](uint32_t item, uint32_t person) {
    corpus.items[item].speaker = person;
    corpus.items[item].named = true;
  };
  name(0, 7);
  name(1, 7);
  name(2, 8);
  const std::vector<uint8_t> refrain = {0, 0, 0, 1, 0};
  const StoryRelations stories({{0, 1, 0.5}});
  const CandidateGate gate(corpus, refrain, stories);
  CHECK(gate.MayLink(0, 1));        // one person
  CHECK_FALSE(gate.MayLink(0, 2));  // two named people
  CHECK(gate.MayLink(0, 4));        // no speaker on one side: neutral
  CHECK_FALSE(gate.MayLink(0, 3));  // a refrain
  CHECK_FALSE(gate.MayLink(4, 4));
  CHECK(gate.IsRefrain(3));

  std::vector<Edge> edges;
  gate.Add(1, 0, 0.9, LinkBasis::kWords, StoryRelation::kSameStory, LinkStage::kMatchDecision, &edges);
  gate.Add(0, 2, 0.9, LinkBasis::kWords, StoryRelation::kSameStory, LinkStage::kMatchDecision, &edges);  // refused
  gate.Add(4, 0, 0.6, LinkBasis::kTranslation, StoryRelation::kUnrelated, LinkStage::kSplitQuote, &edges);
  REQUIRE(edges.size() == 2);
  CHECK(edges[0].a == 0);  // ordered a < b
  CHECK(edges[0].b == 1);
  CHECK(edges[0].story == doctest::Approx(0.5));  // documents 0 and 1 tell one story
  CHECK(edges[1].a == 0);
  CHECK(edges[1].b == 4);
  CHECK(edges[1].story == 0.0f);  // documents 0 and 2 are unrelated
  CHECK(edges[1].basis == LinkBasis::kTranslation);
  CHECK(edges[1].stage == LinkStage::kSplitQuote);
  CHECK(sizeof(Edge) == 24);  // the stage sits in padding: a million quotes' links cost no more
  CHECK(std::string(StageName(LinkStage::kAlignedSentences)) == "story alignment (aligned sentences)");
}
