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

double CrossLanguageScore(const Bag& pivot, const Bag& translated, const Vocabulary& vocab, const std::vector<double>& idf,
                          std::vector<WordMatch>* matched_words) {
  // English keys (stem and cognate key) -> term, sorted: kept with a story's bag, made here for
  // a sentence's few words.
  thread_local TermKeyList made;
  return CrossLanguageScore(pivot, PivotKeys(pivot, vocab, &made), translated, vocab, idf, matched_words);
}

const TermKeyList& PivotKeys(const Bag& pivot, const Vocabulary& vocab, TermKeyList* scratch) {
  if (!pivot.lookup().empty()) return pivot.lookup();
  TermKeys(pivot, vocab, scratch);
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

double CrossLanguageScore(const Bag& pivot, const TermKeyList& keys, const Bag& translated, const Vocabulary& vocab,
                          const std::vector<double>& idf, std::vector<WordMatch>* matched_words,
                          const std::vector<double>* slot_means) {
  thread_local std::vector<uint8_t> covered;
  covered.assign(pivot.terms.size(), 0);
  // The English keys' low bits, to skip the search for most slot keys (a Swedish word's many
  // senses mostly match nothing).
  uint64_t present[4] = {0, 0, 0, 0};
  for (const auto& k : keys) present[(k.first >> 6) & 3] |= uint64_t{1} << (k.first & 63);
  double matched = 0, total = 0;
  for (uint32_t s : translated.terms) {
    const auto& slot = vocab.Keys(s).slot;
    double hit = 0;
    for (uint32_t key : slot) {
      if (!(present[(key >> 6) & 3] & (uint64_t{1} << (key & 63)))) continue;
      auto it = std::lower_bound(keys.begin(), keys.end(), std::make_pair(key, uint32_t{0}));
      for (; it != keys.end() && it->first == key; ++it) {
        const uint32_t t = it->second;
        if (matched_words) matched_words->push_back({pivot.terms[t], s});
        covered[t] = 1;
        hit = std::max(hit, idf[vocab.Keys(pivot.terms[t]).pivot]);
      }
    }
    matched += hit;
    total += hit > 0 ? hit : slot_means ? (*slot_means)[s] : SlotMean(slot, idf);
  }
  for (uint32_t t = 0; t < pivot.terms.size(); ++t) {
    const double w = idf[vocab.Keys(pivot.terms[t]).pivot];
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
  if (a.translated == b.translated) return SameLanguageDice(a, b, idf);
  double matched = 0, total = 0;
  auto side = [&](const Bag& bag, const std::vector<uint32_t>& other) {
    for (uint32_t t : bag.terms) {
      const WordKeys& k = vocab.Keys(t);
      const double w = idf[k.pivot];
      total += w;
      if (std::binary_search(other.begin(), other.end(), k.pivot) ||
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
  const Bag& pivot = a.translated ? b : a;
  const Bag& translated = a.translated ? a : b;
  std::vector<WordMatch> matched;
  CrossLanguageScore(pivot, translated, vocab, idf, &matched);
  const bool pivot_shorter = pivot.size() <= translated.size();
  // Only the shorter side's content words count when it has any: "no way" is not inside every
  // sentence that says "no".
  const Bag& shorter = pivot_shorter ? pivot : translated;
  const bool any_content = std::find(shorter.content.begin(), shorter.content.end(), 1) != shorter.content.end();
  double hit = 0, total = 0;
  if (pivot_shorter) {
    for (size_t i = 0; i < pivot.terms.size(); ++i) {
      if (any_content && !pivot.content[i]) continue;
      const uint32_t t = pivot.terms[i];
      const double w = idf[vocab.Keys(t).pivot];
      total += w;
      for (const auto& m : matched)
        if (m.pivot == t) { hit += w; break; }
    }
  } else {
    for (size_t i = 0; i < translated.terms.size(); ++i) {
      if (any_content && !translated.content[i]) continue;
      const uint32_t t = translated.terms[i];
      const auto& slot = vocab.Keys(t).slot;
      double w = 0;
      for (uint32_t k : slot) w += idf[k] / static_cast<double>(slot.size());
      total += w;
      for (const auto& m : matched)
        if (m.translated == t) { hit += w; break; }
    }
  }
  return total > 0 ? hit / total : 0.0;
}

bool SharesContentWord(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf) {
  if (a.translated == b.translated) return SameLanguageOverlap(a, b).shared > 0;  // same-language keys are content words
  const Bag& pivot = a.translated ? b : a;
  const Bag& translated = a.translated ? a : b;
  std::vector<WordMatch> matched;
  CrossLanguageScore(pivot, translated, vocab, idf, &matched);
  auto is_content = [](const Bag& bag, uint32_t word) {
    for (size_t i = 0; i < bag.terms.size(); ++i)
      if (bag.terms[i] == word) return bag.content[i] != 0;
    return false;
  };
  for (const auto& m : matched)
    if (is_content(pivot, m.pivot) && is_content(translated, m.translated)) return true;
  return false;
}

double BagScore(const Bag& a, const Bag& b, const Vocabulary& vocab, const std::vector<double>& idf) {
  if (a.translated == b.translated) return SameLanguageDice(a, b, idf);
  return a.translated ? CrossLanguageScore(b, a, vocab, idf) : CrossLanguageScore(a, b, vocab, idf);
}

}  // namespace quoth::detail
