// A copy of a two-sentence quote shares its words sentence by sentence, so the words two quotes
// share are summed over their matching sentences. Each sentence counts once, with its best match
// into the other quote ("U-S-A! U-S-A!" is one sentence twice, and must not count twice), and a
// pair takes the smaller of the sums made from either side, so that one sentence of a quote that
// matches several of the other's is not counted as several.
#include "engine/link/shared_words.h"

#include <algorithm>
#include <tuple>

#include "engine/link/story.h"

namespace quoth::detail {

namespace {

struct Side {
  uint32_t piece, other;  // a sentence, and the item it matched into
  uint32_t words;
};

// Per (item, other item): the sum over the item's sentences of each one's best match.
SharedWordMap BestPerSentenceSums(const LinkCorpus& corpus, std::vector<Side>& sides) {
  std::sort(sides.begin(), sides.end(), [](const Side& x, const Side& y) {
    return std::make_tuple(x.piece, x.other, y.words) < std::make_tuple(y.piece, y.other, x.words);
  });
  SharedWordMap out;
  for (size_t i = 0; i < sides.size(); ++i)
    if (i == 0 || sides[i].piece != sides[i - 1].piece || sides[i].other != sides[i - 1].other)  // the best of each
      out[DocPair(corpus.pieces[sides[i].piece].item, sides[i].other)] += sides[i].words;
  return out;
}

}  // namespace

SharedWordMap SharedWordsPerPair(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches) {
  std::vector<Side> first, second;
  for (const auto& m : matches) {
    if (m.cross) continue;
    first.push_back({m.p, corpus.pieces[m.q].item, m.shared});
    second.push_back({m.q, corpus.pieces[m.p].item, m.shared});
  }
  const SharedWordMap from_first = BestPerSentenceSums(corpus, first);
  const SharedWordMap from_second = BestPerSentenceSums(corpus, second);
  SharedWordMap shared;
  for (const auto& [pair, words] : from_first) {
    const auto it = from_second.find(pair);
    shared[pair] = std::min(words, it == from_second.end() ? 0u : it->second);
  }
  return shared;
}

uint32_t SharedWords(const SharedWordMap& map, uint32_t item_a, uint32_t item_b) {
  const auto it = map.find(DocPair(item_a, item_b));
  return it == map.end() ? 0 : it->second;
}

}  // namespace quoth::detail
