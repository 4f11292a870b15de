// A quote another outlet split in two: the rest of the statement links next to the part that matched.
#include "engine/link/split_quote.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

const char* const kWhole =
    "\"The ferry to Holm will stop running in March. Islanders will get a toll-free bridge by the autumn,\" "
    "councillor Ada Brandt said.\n";
const char* const kSplit =
    "\"The ferry to Holm will stop running in March,\" councillor Ada Brandt said.\n\n"
    "\"Islanders will get a toll-free bridge by the autumn,\" she added.\n";

}  // namespace

TEST_CASE("LinkSplitQuotes: the next sentence of a longer quote links to the next quote of a related article") {
  testing::TestCorpus t = testing::BuildTestCorpus({{"en", kWhole}, {"en", kSplit}});
  const uint32_t whole = testing::ItemOf(t, 0, "The ferry");
  const uint32_t first = testing::ItemOf(t, 1, "The ferry");
  const uint32_t rest = testing::ItemOf(t, 1, "Islanders");
  REQUIRE(t->items[whole].piece_count == 2);
  REQUIRE(rest == first + 1);
  CHECK(BestSentenceScore(*t, t->items[whole].first_piece + 1, rest) > 0.8);
  CHECK(BestSentenceScore(*t, t->items[whole].first_piece + 1, first) < 0.15);

  // The first sentences matched strongly.
  const std::vector<PieceMatch> matches = {{t->items[whole].first_piece, t->items[first].first_piece, 1.0, 6, false}};
  const std::vector<uint8_t> refrain(t->items.size(), 0);
  SUBCASE("one story: the rest links") {
    const StoryRelations stories({{0, 1, 0.5}});
    const CandidateGate gate(*t, refrain, stories);
    std::vector<Edge> edges;
    LinkSplitQuotes(*t, matches, stories, gate, SplitQuoteOptions{}, &edges);
    REQUIRE(edges.size() == 1);
    CHECK(edges[0].a == whole);
    CHECK(edges[0].b == rest);
    CHECK(edges[0].basis == LinkBasis::kWords);
    CHECK(edges[0].relation == StoryRelation::kSameStory);
    CHECK(edges[0].stage == LinkStage::kSplitQuote);
  }
  SUBCASE("unrelated articles: a neighbour is no evidence") {
    const StoryRelations stories({});
    const CandidateGate gate(*t, refrain, stories);
    std::vector<Edge> edges;
    LinkSplitQuotes(*t, matches, stories, gate, SplitQuoteOptions{}, &edges);
    CHECK(edges.empty());
  }
  SUBCASE("a weak match carries nothing") {
    const StoryRelations stories({{0, 1, 0.5}});
    const CandidateGate gate(*t, refrain, stories);
    std::vector<Edge> edges;
    const std::vector<PieceMatch> weak = {{matches[0].p, matches[0].q, 0.85, 2, false}};
    LinkSplitQuotes(*t, weak, stories, gate, SplitQuoteOptions{}, &edges);
    CHECK(edges.empty());
  }
}
