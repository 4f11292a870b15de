// Which documents tell the same story, decided from the words of the whole articles - rare
// names, places, numbers and translated content words - never from sentence order, so two
// outlets that cut and reorder a story still meet.
//
// An inverted index from key to documents gives the candidates: each document looks up its
// rarest keys, as many as a fixed budget of index entries allows (a true partner shares rare words; following common words would make the
// work grow with the square of the batch). Candidates are scored by IDF-weighted Dice over
// their story bags (across languages through the Swedish words' slots), and each document keeps
// its best few partners above the threshold, so a big story cannot make every pair related.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/link/corpus.h"

namespace quoth::detail {

struct StoryOptions {
  double min_score = 0.19;     // StoryScore that makes two documents one story
  size_t query_budget = 4000;  // index entries a document's rarest keys may visit
  size_t max_posting = 64;     // keys in more documents than this are not looked up
  size_t min_shared = 2;       // a candidate shares at least this many looked-up keys
  size_t partners = 12;        // a document is related to at most this many others (its best)
  double weak_score = 0.12;    // a lower story score that the quotes may confirm:
  size_t quote_matches = 2;    //   this many of their quotes match strongly,
  size_t same_person_matches = 1;  // or this many with the same known speaker
};

// What two documents' quotes share: strong piece matches, and those with the same known speaker.
struct QuoteEvidence {
  uint32_t matches = 0;
  uint32_t same_person = 0;
};
using QuoteEvidenceMap = std::unordered_map<uint64_t, QuoteEvidence>;  // DocPair(a, b) -> evidence

// One key for a pair of documents (or items), in either order.
inline uint64_t DocPair(uint32_t a, uint32_t b) {
  return (static_cast<uint64_t>(a < b ? a : b) << 32) | (a < b ? b : a);
}

struct StoryLink {
  uint32_t a = 0, b = 0;  // documents, a < b
  double score = 0.0;
};

// IDF-weighted Dice of two documents' story words; across languages the geometric mean of the
// translated overlap and the overlap of words shared as they are.
double StoryScore(const LinkCorpus& corpus, uint32_t a, uint32_t b);

// Related document pairs, sorted by (a, b).
// A pair is related when its story score reaches min_score, or weak_score with its quotes'
// confirmation.
std::vector<StoryLink> RelatedStories(const LinkCorpus& corpus, const StoryOptions& options, const QuoteEvidenceMap& quotes);

// Every candidate pair with its score (threshold not applied), for tuning and explanations.
std::vector<StoryLink> StoryCandidates(const LinkCorpus& corpus, const StoryOptions& options);

}  // namespace quoth::detail
