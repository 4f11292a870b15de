// Stage 1 of linking: how each pair of documents relates - one story, or unrelated - which
// decides what evidence every later stage asks of a link between their quotes.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "engine/link/piece_match.h"
#include "engine/link/story.h"

namespace quoth::detail {

// A sentence match strong enough to say two articles may share a story, or to carry the rest of
// a split quote (split_quote.h).
struct StrongMatchOptions {
  double translated_min = 0.45;    // across languages: translated overlap
  size_t shared_words = 3;         // within a language: shared content words ...
  double same_language_min = 0.8;  // ... and containment
};
bool IsStrongMatch(const PieceMatch& match, const StrongMatchOptions& options);

// The document pairs that tell one story, with their story scores.
class StoryRelations {
 public:
  explicit StoryRelations(std::vector<StoryLink> links);
  StoryRelation Relation(uint32_t doc_a, uint32_t doc_b) const;
  // The pair's story score, or null when the documents are unrelated.
  const double* Score(uint32_t doc_a, uint32_t doc_b) const;
  // The story score of two items' documents as a link carries it (0 when unrelated).
  float ItemScore(const LinkCorpus& corpus, uint32_t item_a, uint32_t item_b) const;
  const std::vector<StoryLink>& links() const { return links_; }

 private:
  std::vector<StoryLink> links_;                 // sorted by (a, b)
  std::unordered_map<uint64_t, double> scores_;  // DocPair -> score
};

// What two documents' quotes say about their relation: strong matches, and those with the same
// known speaker (QuoteEvidenceMap), from the batch's sentence matches.
QuoteEvidenceMap QuoteEvidenceOf(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches,
                                 const StrongMatchOptions& strong);

// Files the stories (IndexStories) and relates the documents: by their words, confirmed by
// their quotes where the words say less (RelatedStories).
StoryRelations RelateDocuments(LinkCorpus* corpus, const std::vector<PieceMatch>& matches, const StoryOptions& options,
                               const StrongMatchOptions& strong);

}  // namespace quoth::detail
