#include "engine/link/candidate_gate.h"

#include <algorithm>

namespace quoth::detail {

bool CandidateGate::MayLink(uint32_t a, uint32_t b) const {
  return a != b && !refrain_[a] && !refrain_[b] && SpeakersAgree(corpus_.items[a], corpus_.items[b]);
}

void CandidateGate::Add(uint32_t a, uint32_t b, double score, LinkBasis basis, StoryRelation relation, LinkStage stage,
                        std::vector<Edge>* out) const {
  if (MayLink(a, b))
    out->push_back({std::min(a, b), std::max(a, b), score, basis, relation, stage, stories_.ItemScore(corpus_, a, b)});
}

}  // namespace quoth::detail
