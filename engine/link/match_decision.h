// Stage 4 of linking, the decision on a sentence match: whether two quotes whose sentences
// matched (PieceMatch) link, given the evidence gathered for the pair and how their documents
// relate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/link/candidate_gate.h"
#include "engine/link/cluster.h"
#include "engine/link/piece_match.h"
#include "engine/link/shared_words.h"
#include "engine/link/story_relation.h"

namespace quoth::detail {

struct MatchDecisionOptions {
  double same_language_min = 0.8;          // containment a same-language match needs
  size_t related_shared_words = 2;         // words versions in one story share (over all their sentences)
  size_t unrelated_shared_words = 4;       // ... in unrelated documents
  double unrelated_same_language_min = 0.9;  // ... and the containment there (a near-verbatim copy)
  double unrelated_translated_min = 0.75;  // translated overlap across unrelated documents
  size_t unrelated_translated_words = 4;   // ... in sentences of at least this many words
};

// What is known of two quotes whose sentences matched.
struct MatchEvidence {
  bool translated = false;          // the sentences are in two languages
  double score = 0.0;               // containment, or translated overlap
  uint32_t shared_words = 0;        // same language: words the quotes share over all their sentences
  size_t shorter_sentence = 0;      // across languages: words of the shorter sentence
  bool same_person = false;         // one known speaker on both sides
  StoryRelation relation = StoryRelation::kUnrelated;
};

// Within a language, versions share words (more between unrelated documents: near-verbatim
// copies only); across languages, quotes of one story link on the match alone, those of
// unrelated documents only on a strong match of long enough sentences by the same known speaker.
bool MatchLinks(const MatchEvidence& evidence, const MatchDecisionOptions& options);

// The evidence of one match (its quotes: the items of its two pieces).
MatchEvidence EvidenceOf(const LinkCorpus& corpus, const PieceMatch& match, const SharedWordMap& shared,
                         const StoryRelations& stories);

// A link (kWords or kTranslation) for every match that MatchLinks, through `gate`, in match order.
void LinkMatches(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches, const SharedWordMap& shared,
                 const StoryRelations& stories, const CandidateGate& gate, const MatchDecisionOptions& options,
                 std::vector<Edge>* out);

}  // namespace quoth::detail
