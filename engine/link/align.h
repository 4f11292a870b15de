// Aligning the quotes of two documents that tell one story in two languages, by content.
//
// Quotes are aligned through the sentences around them (groups): a short quote ("not happy" /
// "missnöjd") or a title no dictionary matches still sits in a sentence whose translation
// matches. A pair of groups scores the better of their sentences' translated overlap and their
// quotes' best piece overlap; groups are paired one to one, best first, above a threshold, so
// each sentence meets at most one sentence of the other article. Sentence order is never used:
// another outlet reorders and cuts.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/link/corpus.h"

namespace quoth::detail {

struct AlignOptions {
  double min_score = 0.25;  // group pairs below this are not aligned
};

struct GroupMatch {
  uint32_t g = 0, h = 0;      // groups in the first and the second document
  double score = 0.0;
  bool by_sentence = false;   // the sentences matched better than the quotes themselves
};

// `groups_a`, `groups_b`: the groups of the two documents (one English, one Swedish).
std::vector<GroupMatch> AlignGroups(const LinkCorpus& corpus, const std::vector<uint32_t>& groups_a,
                                    const std::vector<uint32_t>& groups_b, const AlignOptions& options);

}  // namespace quoth::detail
