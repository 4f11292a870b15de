// Two documents of one story compared as a whole: identical texts, every quote pair in one
// language (within a budget of sentence pairs), and the people each document quotes.
#include <algorithm>

#include "engine/link/story_alignment.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

const char* const kFull =
    "\"We will rebuild the old harbour wall before the winter storms arrive,\" mayor Ines Dahl said.\n\n"
    "\"Not one more closure on this coast,\" the fishermen's leader Bo Lindqvist said.\n";
const char* const kPartial =
    "Mayor Ines Dahl promised to \"rebuild the old harbour wall\" within the year.\n\n"
    "\"Not one more closure on this coast,\" the fishermen's leader Bo Lindqvist said.\n";
const char* const kOther =
    "\"The nets came up empty all week,\" skipper Tove Hallin said.\n";

bool HasLink(const std::vector<Edge>& edges, uint32_t a, uint32_t b, LinkBasis basis) {
  return std::any_of(edges.begin(), edges.end(), [&](const Edge& e) {
    // The stage follows from the basis in one language: same text, or the quote-pair comparison.
    const LinkStage stage = basis == LinkBasis::kSameText ? LinkStage::kSameText : LinkStage::kQuotePairs;
    return e.a == std::min(a, b) && e.b == std::max(a, b) && e.basis == basis && e.stage == stage;
  });
}

}  // namespace

TEST_CASE("LinkAlignedStory: in one language a partial quote finds its statement, identical texts link") {
  testing::TestCorpus t = testing::BuildTestCorpus({{"en", kFull}, {"en", kPartial}});
  const uint32_t full = testing::ItemOf(t, 0, "We will rebuild");
  const uint32_t partial = testing::ItemOf(t, 1, "rebuild the old");
  const uint32_t closure_a = testing::ItemOf(t, 0, "Not one more");
  const uint32_t closure_b = testing::ItemOf(t, 1, "Not one more");
  const std::vector<uint8_t> refrain(t->items.size(), 0);
  const StoryRelations stories({{0, 1, 0.5}});
  const CandidateGate gate(*t, refrain, stories);
  const QuotedPeople people(*t);
  StoryAlignmentOptions options;
  options.threads = 1;

  const std::vector<Edge> edges = LinkAlignedStory(*t, t.docs, stories.links()[0], gate, people, GroupsByDocument(*t), options);
  CHECK_MESSAGE(HasLink(edges, full, partial, LinkBasis::kWords), testing::DescribeQuotes(t.docs));
  CHECK(HasLink(edges, closure_a, closure_b, LinkBasis::kSameText));
  CHECK_FALSE(HasLink(edges, full, closure_b, LinkBasis::kWords));

  SUBCASE("past the sentence-pair budget only identical texts link") {
    options.max_pairwise_sentences = 0;
    const std::vector<Edge> few = LinkAlignedStory(*t, t.docs, stories.links()[0], gate, people, GroupsByDocument(*t), options);
    CHECK_FALSE(HasLink(few, full, partial, LinkBasis::kWords));
    CHECK(HasLink(few, closure_a, closure_b, LinkBasis::kSameText));
  }
  SUBCASE("LinkAlignedStories gathers every related pair's links") {
    std::vector<Edge> all;
    LinkAlignedStories(*t, t.docs, stories, gate, options, &all);
    CHECK(HasLink(all, full, partial, LinkBasis::kWords));
  }
}

TEST_CASE("QuotedPeople: a named speaker the other document never quotes is foreign to it") {
  testing::TestCorpus t = testing::BuildTestCorpus({{"en", kFull}, {"en", kPartial}, {"en", kOther}});
  const QuotedPeople people(*t);
  const LinkItem& dahl = t->items[testing::ItemOf(t, 0, "We will rebuild")];
  REQUIRE_MESSAGE(dahl.speaker != kNoKey, testing::DescribeQuotes(t.docs));
  REQUIRE(dahl.named);
  CHECK_FALSE(people.IsForeign(dahl, 1, false));  // document 1 quotes Dahl too
  CHECK(people.IsForeign(dahl, 2, false));        // document 2 quotes only Hallin
  LinkItem unknown = dahl;
  unknown.speaker = kNoKey;
  CHECK_FALSE(people.IsForeign(unknown, 2, true));
}
