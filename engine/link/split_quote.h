// Evidence per pair, and its decision, for a quote another outlet split in two: the rest of a
// statement next to a sentence that matched.
#pragma once

#include <vector>

#include "engine/link/candidate_gate.h"
#include "engine/link/cluster.h"
#include "engine/link/piece_match.h"
#include "engine/link/story_relation.h"

namespace quoth::detail {

struct SplitQuoteOptions {
  StrongMatchOptions strong;          // the sentence match a continuation leans on
  double continuation_min = 0.15;     // what the neighbouring sentence and quote must score
};

// The best score of sentence `piece` against any sentence of item `item` that shares a content
// word with it (0 when none does).
double BestSentenceScore(const LinkCorpus& corpus, uint32_t piece, uint32_t item);

// For every strong match between a sentence of a longer quote and a quote of a related
// document of one story: links the longer quote to the neighbouring quote of the other document
// when their neighbouring sentences match at continuation_min, in match order.
void LinkSplitQuotes(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches, const StoryRelations& stories,
                     const CandidateGate& gate, const SplitQuoteOptions& options, std::vector<Edge>* out);

}  // namespace quoth::detail
