// Evidence per pair, within a language: the content words two quotes share over all their
// sentences, for quotes whose sentences matched (PieceMatch).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/link/corpus.h"
#include "engine/link/piece_match.h"

namespace quoth::detail {

using SharedWordMap = std::unordered_map<uint64_t, uint32_t>;  // DocPair(item, item) -> shared words

// Per pair of items with same-language sentence matches: the words they share, each sentence
// counted once with its best match, the smaller of the two sides' sums.
SharedWordMap SharedWordsPerPair(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches);

// The pair's shared words (0 when none of their sentences matched).
uint32_t SharedWords(const SharedWordMap& map, uint32_t item_a, uint32_t item_b);

}  // namespace quoth::detail
