#include "engine/link/align.h"

#include <algorithm>
#include <tuple>

#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {

// The best piece-to-piece overlap between the quotes of two groups.
double QuoteScore(const LinkCorpus& c, const LinkGroup& g, const LinkGroup& h) {
  double best = 0;
  for (uint32_t a : g.items)
    for (uint32_t b : h.items) {
      const LinkItem& ia = c.items[a];
      const LinkItem& ib = c.items[b];
      for (uint32_t p = ia.first_piece; p < ia.first_piece + ia.piece_count; ++p)
        for (uint32_t q = ib.first_piece; q < ib.first_piece + ib.piece_count; ++q)
          best = std::max(best, BagScore(c.pieces[p].bag, c.pieces[q].bag, c.vocab, c.piece_idf));
    }
  return best;
}

}  // namespace

std::vector<GroupMatch> AlignGroups(const LinkCorpus& corpus, const std::vector<uint32_t>& groups_a,
                                    const std::vector<uint32_t>& groups_b, const AlignOptions& options) {
  std::vector<GroupMatch> all;
  for (uint32_t g : groups_a)
    for (uint32_t h : groups_b) {
      const double sentence = BagScore(corpus.groups[g].bag, corpus.groups[h].bag, corpus.vocab, corpus.group_idf);
      const double quote = QuoteScore(corpus, corpus.groups[g], corpus.groups[h]);
      // A short quote matches many sentences' quotes ("corresponding measures" twice in one
      // article): its own score counts half, the sentence decides between them.
      const double score = std::max(sentence, (sentence + quote) / 2);
      if (score >= options.min_score) all.push_back({g, h, score, sentence > quote});
    }
  std::sort(all.begin(), all.end(), [](const GroupMatch& x, const GroupMatch& y) {
    return x.score != y.score ? x.score > y.score : std::make_pair(x.g, x.h) < std::make_pair(y.g, y.h);
  });
  std::vector<GroupMatch> out;
  std::vector<uint32_t> used_a, used_b;
  for (const auto& m : all) {
    if (std::find(used_a.begin(), used_a.end(), m.g) != used_a.end() ||
        std::find(used_b.begin(), used_b.end(), m.h) != used_b.end())
      continue;
    used_a.push_back(m.g);
    used_b.push_back(m.h);
    out.push_back(m);
  }
  return out;
}

}  // namespace quoth::detail
