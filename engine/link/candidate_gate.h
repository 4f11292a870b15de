// Stage 2 of linking, candidate pairs: which two quotes may be one utterance at all, and the
// candidate link (Edge) every evidence stage makes for a pair that may.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "engine/link/story_relation.h"

namespace quoth::detail {

class CandidateGate {
 public:
  // `refrain`: per item, 1 for refrains and slogans (FindRefrains). All three are kept by reference.
  CandidateGate(const LinkCorpus& corpus, const std::vector<uint8_t>& refrain, const StoryRelations& stories)
      : corpus_(corpus), refrain_(refrain), stories_(stories) {}

  bool IsRefrain(uint32_t item) const { return refrain_[item] != 0; }
  // Two different quotes, neither a refrain, whose speakers do not differ (SpeakersAgree).
  bool MayLink(uint32_t a, uint32_t b) const;
  // Appends the link a-b (ordered a < b, with the documents' story score) when the pair may link.
  // `stage`: the stage that decided it.
  void Add(uint32_t a, uint32_t b, double score, LinkBasis basis, StoryRelation relation, LinkStage stage,
           std::vector<Edge>* out) const;

 private:
  const LinkCorpus& corpus_;
  const std::vector<uint8_t>& refrain_;
  const StoryRelations& stories_;
};

}  // namespace quoth::detail
