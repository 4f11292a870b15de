// Why two quotes were linked, in words: for --explain and QuoteLink::evidence.
#pragma once

#include <string>
#include <vector>

#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "quoth/types.h"

namespace quoth::detail {

// `story_score`: the two documents' story score (0 when not compared).
std::vector<std::string> ExplainLink(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs, const Edge& edge,
                                     double story_score);

}  // namespace quoth::detail
