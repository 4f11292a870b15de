// Evidence per pair from the documents around the quotes: between two documents of one story,
// their quotes are compared as a whole - identical texts, every quote pair within one language,
// and, across languages, the sentences around the quotes aligned by content (align.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/link/candidate_gate.h"
#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "engine/link/story_relation.h"
#include "quoth/types.h"

namespace quoth::detail {

struct StoryAlignmentOptions {
  double align_min_score = 0.25;           // AlignOptions::min_score
  double translated_sentence_min = 0.5;    // aligned sentences this alike translate each other
  size_t related_shared_words = 2;         // same language: words a quote pair's best sentences share
  double same_language_min = 0.8;          // ... and their containment
  size_t max_pairwise_sentences = 250000;  // larger pairs of documents are not compared quote by quote
  size_t same_text_min_letters = 6;        // an identical one-word text this long links
  size_t max_candidates = 24;              // each story's links capped as they are made (KeepBestCandidates)
  size_t threads = 0;                      // 0: one per core
};

// The people each document quotes by name, for "a speaker the other document never quotes".
class QuotedPeople {
 public:
  explicit QuotedPeople(const LinkCorpus& corpus);
  // A known person (not an organisation) whom `other_doc` never quotes: named next to the quote,
  // or, with `any_method`, found however (a pronoun, a follow-on paragraph). Even where the
  // other document gives none of its quotes a speaker: a rewrite's named speaker paired with a
  // name in quotes ("Wu,") is the wrong pair more often than a right one.
  bool IsForeign(const LinkItem& item, uint32_t other_doc, bool any_method) const;

 private:
  std::vector<std::vector<uint32_t>> by_doc_;  // sorted, unique
};

// The links every related pair of documents gives (stories.links()), on `options.threads`
// threads, appended to `out` in story order: the same for any number of threads.
void LinkAlignedStories(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs, const StoryRelations& stories,
                        const CandidateGate& gate, const StoryAlignmentOptions& options, std::vector<Edge>* out);

// Each document's sentence groups, in order: what LinkAlignedStory aligns.
std::vector<std::vector<uint32_t>> GroupsByDocument(const LinkCorpus& corpus);

// The links of one related pair of documents.
std::vector<Edge> LinkAlignedStory(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs,
                                   const StoryLink& story, const CandidateGate& gate, const QuotedPeople& people,
                                   const std::vector<std::vector<uint32_t>>& doc_groups,
                                   const StoryAlignmentOptions& options);

}  // namespace quoth::detail
