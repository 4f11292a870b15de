#include "engine/link/scoring.h"

#include <algorithm>

namespace quoth::detail {

namespace {

// f(key) for every same-language key two bags share (both lists are sorted).
template <typename F>
void ForEachShared(const Bag& a, const Bag& b, F f) {
  for (size_t i = 0, j = 0; i < a.same.size() && j < b.same.size();) {
    if (a.same[i] < b.same[j]) ++i;
    else if (b.same[j] < a.same[i]) ++j;
    else { f(a.same[i]); ++i; ++j; }
  }
}

}  // namespace

Overlap SameLanguageOverlap(const Bag& a, const Bag& b) {
  Overlap o;
  ForEachShared(a, b, [&](uint32_t) { ++o.shared; });
  const size_t smaller = std::min(a.same.size(), b.same.size());
  o.containment = smaller ? static_cast<double>(o.shared) / static_cast<double>(smaller) : 0.0;
  return o;
}

double SameLanguageDice(const Bag& a, const Bag& b, const std::vector<double>& idf) {
  double shared = 0, total = 0;
  for (uint32_t k : a.same) total += idf[k];
  for (uint32_t k : b.same) total += idf[k];
  ForEachShared(a, b, [&](uint32_t k) { shared += 2 * idf[k]; });
  return total > 0 ? shared / total : 0.0;
}

double CrossLanguageScore(const Bag& english, const Bag& swedish, const Vocabulary& vocab, const std::vector<double>& idf,
                          std::vector<WordMatch>* matched_words) {
  // English keys (stem and cognate key) -> term, sorted: kept with a story's bag, made here for
  // a sentence's few words.
  thread_local TermKeyList made;
  return CrossLanguageScore(english, EnglishKeys(english, vocab, &made), swedish, vocab, idf, matched_words);
}

const TermKeyList& EnglishKeys(const Bag& english, const Vocabulary& vocab, TermKeyList* scratch) {
  if (!english.lookup().empty()) return english.lookup();
  TermKeys(english, vocab, scratch);
  return *scratch;
}

namespace {

double SlotMean(const std::vector<uint32_t>& slot, const std::vector<double>& idf) {
  double mean = 0;
  for (uint32_t key : slot) mean += idf[key] / static_cast<double>(slot.size());
  return mean;
}

}  // namespace

std::vector<double> SlotMeans(const Vocabulary& vocab, const std::vector<double>& idf) {
  std::vector<double> means(vocab.word_count(), 0.0);
  for (uint32_t w = 0; w < means.size(); ++w)
    if (vocab.IsTranslated(w)) means[w] = SlotMean(vocab.Keys(w).slot, idf);
  return means;
}

double CrossLanguageScore(const Bag& english, const TermKeyList& keys, const Bag& swedish, const Vocabulary& vocab,
                          const std::vector<double>& idf, std::vector<WordMatch>* matched_words,
                          const std::vector<double>* slot_means) {
  thread_local std::vector<uint8_t> covered;
  covered.assign(english.terms.size(), 0);
  // The English keys' low bits, to skip the search for most slot keys (a Swedish word's many
  // senses mostly match nothing).
  uint64_t present[4] = {0, 0, 0, 0};
  for (const auto& k : keys) present[(k.first >> 6) & 3] |= uint64_t{1} << (k.first & 63);
  double matched = 0, total = 0;
  for (uint32_t s : swedish.terms) {
    const auto& slot = vocab.Keys(s).slot;
    double hit = 0;
    for (uint32_t key : slot) {
      if (!(present[(key >> 6) & 3] & (uint64_t{1} << (key & 63)))) continue;
      auto it = std::lower_bound(keys.begin(), keys.end(), std::make_pair(key, uint32_t{0}));
      for (; it != keys.end() && it->first == key; ++it) {
        const uint32_t t = it->second;
        if (matched_words) matched_words->push_back({english.terms[t], s});
        covered[t] = 1;
        hit = std::max(hit, idf[vocab.Keys(english.terms[t]).english]);
      }
    }
    matched += hit;
    total += hit > 0 ? hit : slot_means ? (*slot_means)[s] : SlotMean(slot, idf);
  }
  for (uint32_t t = 0; t < english.terms.size(); ++t) {
    const double w = idf[vocab.Keys(english.terms[t]).english];
    total += w;
    if (covered[t]) matched += w;
  }
  return total > 0 ? matched / total : 0.0;
}

std::vector<uint32_t> FormKeys(const Bag& bag, const Vocabulary& vocab) {
  std::vector<std::pair<uint32_t, uint32_t>> term_keys;
  TermKeys(bag, vocab, &term_keys);
  std::vector<uint32_t> keys;
  for (const auto& [key, term] : term_keys)
    if (keys.empty() || keys.back() != key) keys.push_back(key);
  return keys;
}

double SharedFormScore(const Bag& a, const std::vector<uint32_t>& a_forms, const Bag& b, const std::vector<uint32_t>& b_forms,
                       const Vocabulary& vocab, const std::vector<double>& idf) {
  if (a.swedish == b.swedish) return SameLanguageDice(a, b, idf);
  double matched = 0, total = 0;
  auto side = [&](const Bag& bag, const std::vector<uint32_t>& other) {
    for (uint32_t t : bag.terms) {
      const WordKeys& k = vocab.Keys(t);
      const double w = idf[k.english];
      total += w;
      if (std::binary_search(other.begin(), other.end(), k.english) ||
          (k.cognate != kNoKey && std::binary_search(other.begin(), other.end(), k.cognate)))
        matched += w;
    }
  };
  side(a, b_forms);
  side(b, a_forms);
  return total > 0 ? matched / total : 0.0;
}

double SharedFormScore(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf) {
  return SharedFormScore(a, FormKeys(a, vocab), b, FormKeys(b, vocab), vocab, idf);
}

double CrossLanguageContainment(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf) {
  const Bag& english = a.swedish ? b : a;
  const Bag& swedish = a.swedish ? a : b;
  std::vector<WordMatch> matched;
  CrossLanguageScore(english, swedish, vocab, idf, &matched);
  const bool english_shorter = english.size() <= swedish.size();
  // Only the shorter side's content words count when it has any: "no way" is not inside every
  // sentence that says "no".
  const Bag& shorter = english_shorter ? english : swedish;
  const bool any_content = std::find(shorter.content.begin(), shorter.content.end(), 1) != shorter.content.end();
  double hit = 0, total = 0;
  if (english_shorter) {
    for (size_t i = 0; i < english.terms.size(); ++i) {
      if (any_content && !english.content[i]) continue;
      const uint32_t t = english.terms[i];
      const double w = idf[vocab.Keys(t).english];
      total += w;
      for (const auto& m : matched)
        if (m.english == t) { hit += w; break; }
    }
  } else {
    for (size_t i = 0; i < swedish.terms.size(); ++i) {
      if (any_content && !swedish.content[i]) continue;
      const uint32_t t = swedish.terms[i];
      const auto& slot = vocab.Keys(t).slot;
      double w = 0;
      for (uint32_t k : slot) w += idf[k] / static_cast<double>(slot.size());
      total += w;
      for (const auto& m : matched)
        if (m.swedish == t) { hit += w; break; }
    }
  }
  return total > 0 ? hit / total : 0.0;
}

bool SharesContentWord(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf) {
  if (a.swedish == b.swedish) return SameLanguageOverlap(a, b).shared > 0;  // same-language keys are content words
  const Bag& english = a.swedish ? b : a;
  const Bag& swedish = a.swedish ? a : b;
  std::vector<WordMatch> matched;
  CrossLanguageScore(english, swedish, vocab, idf, &matched);
  auto is_content = [](const Bag& bag, uint32_t word) {
    for (size_t i = 0; i < bag.terms.size(); ++i)
      if (bag.terms[i] == word) return bag.content[i] != 0;
    return false;
  };
  for (const auto& m : matched)
    if (is_content(english, m.english) && is_content(swedish, m.swedish)) return true;
  return false;
}

double BagScore(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf) {
  if (a.swedish == b.swedish) return SameLanguageDice(a, b, idf);
  return a.swedish ? CrossLanguageScore(b, a, vocab, idf) : CrossLanguageScore(a, b, vocab, idf);
}

}  // namespace quoth::detail
