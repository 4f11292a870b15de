// Pieces (sentences of quotes) that say the same thing, found without comparing all pairs.
//
// An inverted index from key to pieces gives the candidates. Each piece looks up only its
// rarest keys (the two rarest always, more while they are cheap), and a candidate must share
// two of them unless there are few candidates. Within a language a pair is kept with its
// overlap (the caller decides what is enough for the two documents' relation); across
// languages each piece keeps its best partner in each other document, and only pairs that are
// each other's best are kept - that keeps one speaker's different sentences on one topic apart.
// Within a language each piece keeps its best few matches (max_candidates; a pair found from
// either side stays), so a sentence said in hundreds of answers costs no more than the cap.
// The work is split over threads by piece ranges; the result does not depend on their number.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/link/corpus.h"

namespace quoth::detail {

struct PieceMatchOptions {
  size_t min_shared_words = 2;   // same language: content words both pieces have
  double same_language_min = 0.8;   // same language: share of the smaller piece's words in the other
  double cross_language_min = 0.3;  // across languages: translated overlap
  size_t max_posting = 200;      // keys in more pieces than this are looked up only as the rarest two
  size_t max_candidates = 24;    // same language: matches each piece keeps from its own search, best first (0: all)
  size_t threads = 0;            // 0: one per core
};

struct PieceMatch {
  uint32_t p = 0, q = 0;         // pieces, p < q
  double score = 0.0;            // containment (same language) or translated overlap
  uint32_t shared = 0;           // same language: shared content words
  bool cross = false;
};

std::vector<PieceMatch> MatchPieces(const LinkCorpus& corpus, const PieceMatchOptions& options);

// The keys MatchPieces files the speech pieces of `corpus` under (and looks them up by), per
// item, as key texts (sorted, unique; empty for items that are not speech): two speech quotes
// of a batch can only be compared as sentence matches when they share one.
std::vector<std::vector<std::string>> PieceKeyTexts(const LinkCorpus& corpus);

}  // namespace quoth::detail
