// Aligning the quotes of two documents that tell one story in two languages, by content.
//
// Quotes are aligned through the sentences around them (groups): a short quote ("not happy" /
// "missnöjd") or a title no dictionary matches still sits in a sentence whose translation
// matches. A pair of groups scores the better of their sentences' translated overlap and their
// quotes' best piece overlap; groups are paired one to one, best first, above a threshold, so
// each sentence meets at most one sentence of the other article; when most sentences pair (one article translates
// the other), those left over on both sides then pair best first at a lower threshold, and, when
// the translation kept the paragraphs (every pair on equal lines), by line. Sentence order is never used:
// another outlet reorders and cuts.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/link/corpus.h"

namespace quoth::detail {

struct AlignOptions {
  double min_score = 0.25;  // group pairs below this are not aligned in the first round
  double translated_sentence = 0.5;  // sentences this alike translate each other (their quotes need not share words)
  double min_leftover_score = 0.08;  // then, in a translation, sentences left on both sides pair at this
  double translated_share = 0.75;    // a translation: this share of the larger side's sentences paired
  size_t min_translated_pairs = 2;   //   and at least this many
  size_t tiny_article = 2;           // as many quoted sentences on both sides, this few: leftovers pair too
};

struct GroupMatch {
  uint32_t g = 0, h = 0;      // groups in the first and the second document
  double score = 0.0;
  bool by_sentence = false;   // the sentences matched better than the quotes themselves
  double sentence = 0.0;      // the sentences' own score
  bool leftover = false;      // paired in the second round, from what was left
};

struct Alignment {
  std::vector<GroupMatch> groups;
  bool translation = false;  // most sentences paired: one article translates the other
};

// `groups_a`, `groups_b`: the groups of the two documents (one English, one Swedish).
Alignment AlignGroups(const LinkCorpus& corpus, const std::vector<uint32_t>& groups_a,
                                    const std::vector<uint32_t>& groups_b, const AlignOptions& options);

// The quotes of two aligned groups that are versions of each other. One quote on each side
// pair up. Otherwise quotes pair one to one by their own words, best first, and a single quote
// left on each side pairs too. When one sentence translates the other (`translated`) its quotes
// are fragments of the statement the sentence reports and pair as a block.
std::vector<std::pair<uint32_t, uint32_t>> PairQuotes(const LinkCorpus& corpus, const LinkGroup& g, const LinkGroup& h,
                                                      bool translated);

struct PartialMatch {
  uint32_t shorter = 0, longer = 0;  // items
  double score = 0.0;                // share of the shorter quote's words the longer translates
};

// Between two related articles in two languages: short quotes whose words a longer quote of the
// other article translates - another outlet quoting a few words of a statement. The shorter
// quote takes its best such partner; an agreeing named speaker lowers the bar.
std::vector<PartialMatch> PartialQuotes(const LinkCorpus& corpus, uint32_t doc_a, uint32_t doc_b);

}  // namespace quoth::detail
