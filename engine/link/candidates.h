// How many links each quote takes into clustering: its best-evidenced partners only, so that a
// quote like hundreds of others (a transcript's talking points, a slogan said in every answer)
// costs what a quote with a few versions costs.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/link/cluster.h"

namespace quoth::detail {

// Keeps the links (all of them, every basis) between each quote and its `per_quote` best
// partners, ranked by evidence: the pair's best link score, then how many links the pair has
// (each another matched sentence, the sentences around them, the same text), then the partner's
// number. A pair stays when each quote ranks the other among its best, so no quote keeps more
// than `per_quote` partners: a long quote that shares a sentence with hundreds cannot become a
// hub that clustering checks every member against. 0: no cap. The links kept come sorted by
// pair; ClusterItems orders them itself.
void KeepBestCandidates(std::vector<Edge>* edges, size_t per_quote);

}  // namespace quoth::detail
