// A quote another outlet split in two: when one sentence of a longer quote matches a quote of a
// related article strongly, the longer quote's next (or previous) sentence may match that
// quote's neighbour in its article - the rest of the statement - on much less evidence ("I want
// to stress one more time" after "But I am not immersed", rendered in one Swedish quote). Only
// between documents of one story: elsewhere a neighbour is no evidence of anything.
#include "engine/link/split_quote.h"

#include <cstdint>
#include <utility>

#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {

// Sentence p of a multi-sentence quote matched quote b strongly: try p's neighbours against b's.
void LinkNeighbours(const LinkCorpus& corpus, uint32_t p, uint32_t q, bool cross, const StoryRelations& stories,
                    const CandidateGate& gate, double continuation_min, std::vector<Edge>* out) {
  const uint32_t a = corpus.pieces[p].item, b = corpus.pieces[q].item;
  const LinkItem& ia = corpus.items[a];
  const LinkItem& ib = corpus.items[b];
  if (ia.piece_count < 2 || stories.Relation(ia.doc, ib.doc) != StoryRelation::kSameStory) return;
  const LinkDoc& doc_b = corpus.docs[ib.doc];
  for (const int dir : {-1, 1}) {
    const int64_t p2 = static_cast<int64_t>(p) + dir, b2 = static_cast<int64_t>(b) + dir;
    if (p2 < ia.first_piece || p2 >= ia.first_piece + ia.piece_count) continue;
    if (b2 < doc_b.first_item || b2 >= doc_b.first_item + doc_b.item_count || !corpus.items[b2].speech) continue;
    const double best = BestSentenceScore(corpus, static_cast<uint32_t>(p2), static_cast<uint32_t>(b2));
    if (best >= continuation_min)
      gate.Add(a, static_cast<uint32_t>(b2), best, cross ? LinkBasis::kTranslation : LinkBasis::kWords,
               StoryRelation::kSameStory, LinkStage::kSplitQuote, out);
  }
}

}  // namespace

double BestSentenceScore(const LinkCorpus& corpus, uint32_t piece, uint32_t item) {
  double best = 0;
  const LinkItem& it = corpus.items[item];
  const Bag& x = corpus.pieces[piece].bag;
  for (uint32_t r = it.first_piece; r < it.first_piece + it.piece_count; ++r) {
    const Bag& y = corpus.pieces[r].bag;
    const double score = BagScore(x, y, corpus.vocab, corpus.piece_idf);
    if (score > best && SharesContentWord(x, y, corpus.vocab, corpus.piece_idf)) best = score;
  }
  return best;
}

void LinkSplitQuotes(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches, const StoryRelations& stories,
                     const CandidateGate& gate, const SplitQuoteOptions& options, std::vector<Edge>* out) {
  for (const auto& m : matches) {
    if (!IsStrongMatch(m, options.strong)) continue;
    for (const auto& [p, q] : {std::make_pair(m.p, m.q), std::make_pair(m.q, m.p)})
      LinkNeighbours(corpus, p, q, m.cross, stories, gate, options.continuation_min, out);
  }
}

}  // namespace quoth::detail
