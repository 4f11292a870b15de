// How much two bags of words say the same thing.
//
// Within a language, versions of one utterance share its words: the overlap is the share of the
// smaller bag's content words found in the other (containment). Across English and Swedish, a
// Swedish word stands for a "slot" of English stems it may translate to; the score is a Dice
// coefficient over English words and Swedish slots, each weighted by IDF (a rare word says
// more than a common one): a slot weighs what its matched English word weighs, or the mean of
// its candidates when none matched.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/link/bag.h"

namespace quoth::detail {

struct Overlap {
  size_t shared = 0;         // same-language keys in both
  double containment = 0.0;  // shared / keys of the smaller bag
};
Overlap SameLanguageOverlap(const Bag& a, const Bag& b);

// IDF-weighted Dice over the two bags' same-language keys.
double SameLanguageDice(const Bag& a, const Bag& b, const std::vector<double>& idf);

struct WordMatch {
  uint32_t pivot;       // vocabulary words: the pivot-language word ...
  uint32_t translated;  // ... and the translated-language word it matched
};
// `pivot` must be a bag of the pivot language (English) and `translated` one of a translated
// language (Swedish, German); `idf` is indexed by key.
// `matched`, when given, receives the word pairs that matched.
double CrossLanguageScore(const Bag& pivot, const Bag& translated, const Vocabulary& vocab, const std::vector<double>& idf,
                          std::vector<WordMatch>* matched = nullptr);
// The same with the English bag's TermKeys made by the caller (a bag compared with many) and,
// when given, each Swedish word's mean slot weight under `idf` (SlotMeans): the same result.
using TermKeyList = std::vector<std::pair<uint32_t, uint32_t>>;
double CrossLanguageScore(const Bag& pivot, const TermKeyList& pivot_keys, const Bag& translated, const Vocabulary& vocab,
                          const std::vector<double>& idf, std::vector<WordMatch>* matched = nullptr,
                          const std::vector<double>* slot_means = nullptr);
// The English bag's TermKeys: its kept lookup when it has one, else made into `scratch`.
const TermKeyList& PivotKeys(const Bag& pivot, const Vocabulary& vocab, TermKeyList* scratch);
// Per word of `vocab`: for a Swedish word, the mean `idf` weight of its slot (what it weighs when
// it matches nothing); 0 for English words. Made once per weighting, read by every comparison.
std::vector<double> SlotMeans(const Vocabulary& vocab, const std::vector<double>& idf);

// Like CrossLanguageScore, but a Swedish word matches only by its own form or its cognate key
// (names, numbers, places, loanwords): evidence that does not depend on a dictionary's senses.
double SharedFormScore(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf);
// The same with each bag's FormKeys computed once (stories are compared with many others).
std::vector<uint32_t> FormKeys(const Bag& bag, const Vocabulary& vocab);  // sorted, unique
double SharedFormScore(const Bag& a, const std::vector<uint32_t>& a_forms, const Bag& b, const std::vector<uint32_t>& b_forms,
                       const Vocabulary& vocab, const std::vector<double>& idf);

// Across languages, the IDF-weighted share of the shorter bag's words that the longer one
// translates: a partial quote ("helt falsk") inside a full one ("completely false and an
// absolute lie").
double CrossLanguageContainment(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf);

// Whether the two bags share (or, across languages, translate) at least one content word: a
// match on function words alone ("du" ~ "they") is no evidence of one statement.
bool SharesContentWord(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf);

// Either order of languages; same language uses SameLanguageDice.
double BagScore(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf);

}  // namespace quoth::detail
