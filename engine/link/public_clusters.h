// The last stage of linking: the clusters as the API gives them (quoth::Cluster), in input
// order, with each member's Quote::cluster_id set.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "engine/link/story_relation.h"
#include "quoth/types.h"

namespace quoth::detail {

// `input_rank[d]`: where document d was given. `explain`: fill each link's evidence
// (ExplainLink; the corpus's bags must still be held).
std::vector<Cluster> PublicClusters(const Clustering& clustering, const LinkCorpus& corpus,
                                    std::vector<DocumentResult>& docs, const std::vector<uint32_t>& input_rank,
                                    const StoryRelations& stories, bool explain);

// The name a link's basis has in QuoteLink::basis ("words", "translation", ...).
const char* BasisName(LinkBasis basis);

}  // namespace quoth::detail
