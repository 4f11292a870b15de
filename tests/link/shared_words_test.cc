// Words two quotes share, summed over their matching sentences, each sentence counted once.
#include <memory>

#include "engine/link/shared_words.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// A corpus of items whose pieces are given by item: pieces_of[i] sentences for item i.
std::unique_ptr<LinkCorpus> Pieces(const std::vector<uint32_t>& pieces_of) {
  auto made = std::make_unique<LinkCorpus>(testing::TestLinkData());
  LinkCorpus& corpus = *made;
  corpus.items.resize(pieces_of.size());
  for (uint32_t i = 0; i < pieces_of.size(); ++i) {
    corpus.items[i].first_piece = static_cast<uint32_t>(corpus.pieces.size());
    corpus.items[i].piece_count = pieces_of[i];
    for (uint32_t k = 0; k < pieces_of[i]; ++k) corpus.pieces.push_back({i, Bag()});
  }
  return made;
}

PieceMatch Same(uint32_t p, uint32_t q, uint32_t shared) { return {p, q, 1.0, shared, false}; }

}  // namespace

TEST_CASE("SharedWordsPerPair: a two-sentence copy shares its words sentence by sentence") {
  const auto corpus_ptr = Pieces({2, 2});  // pieces 0, 1 | 2, 3
  const SharedWordMap shared = SharedWordsPerPair(*corpus_ptr, {Same(0, 2, 3), Same(1, 3, 2)});
  CHECK(SharedWords(shared, 0, 1) == 5);
  CHECK(SharedWords(shared, 1, 0) == 5);  // either order
}

TEST_CASE("SharedWordsPerPair: each sentence counts once, with its best match, and the smaller side wins") {
  SUBCASE("a sentence matching two of the other's counts its best") {
    const auto corpus_ptr = Pieces({1, 2});  // piece 0 | 1, 2
    const SharedWordMap shared = SharedWordsPerPair(*corpus_ptr, {Same(0, 1, 3), Same(0, 2, 1)});
    CHECK(SharedWords(shared, 0, 1) == 3);  // from item 0's side 3, from item 1's 3 + 1: the smaller
  }
  SUBCASE("one sentence said twice ('Go home! Go home!') is not twice the evidence") {
    const auto corpus_ptr = Pieces({2, 1});  // pieces 0, 1 | 2
    const SharedWordMap shared = SharedWordsPerPair(*corpus_ptr, {Same(0, 2, 2), Same(1, 2, 2)});
    CHECK(SharedWords(shared, 0, 1) == 2);
  }
  SUBCASE("matches across languages and pairs without matches count nothing") {
    const auto corpus_ptr = Pieces({1, 1, 1});
    const SharedWordMap shared = SharedWordsPerPair(*corpus_ptr, {{0, 1, 0.9, 0, true}});
    CHECK(SharedWords(shared, 0, 1) == 0);
    CHECK(SharedWords(shared, 0, 2) == 0);
  }
}
