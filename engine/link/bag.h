// A bag: the words of a sentence (a piece of a quote, the sentences around a quote, or a whole
// story's words) as vocabulary entries, ready to compare within a language or across languages.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/link/vocabulary.h"
#include "engine/text/word_set.h"

namespace quoth::detail {

// A read-only run of T inside a Bag's one block: iterable and indexable like the vector it replaces.
template <typename T>
class BagArray {
 public:
  BagArray() = default;
  BagArray(const T* data, uint32_t size) : data_(data), size_(size) {}
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  const T* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](size_t i) const { return data_[i]; }

 private:
  const T* data_ = nullptr;
  uint32_t size_ = 0;
};

// Two million bags are held at once at a million quotes: each keeps its three arrays in one block
// of memory (one allocation, no spare capacity), not three vectors.
class Bag {
 public:
  Bag() = default;
  Bag(Bag&&) noexcept = default;
  Bag& operator=(Bag&&) noexcept = default;
  Bag(const Bag& other) { *this = other; }
  Bag& operator=(const Bag& other);

  // Sets the arrays (copied into one new block).
  void Assign(const std::vector<uint32_t>& same_keys, const std::vector<uint32_t>& term_ids,
              const std::vector<uint8_t>& content_flags);
  // Keeps only the terms (what a sentence around a quote is compared by), in a smaller block.
  void KeepTermsOnly();

  // A bag of a language that links through a translation table (Swedish, German: not the
  // pivot language), whose words stand for slots of English keys.
  bool translated = false;
  BagArray<uint32_t> same;   // same-language keys of the content words (sorted, unique)
  BagArray<uint32_t> terms;  // words compared across languages (one per pivot-language stem / translated word)
  BagArray<uint8_t> content; // per term: 1 for a content word, 0 for a function word kept in a short sentence
  // Large pivot-language bags (a story's words): (pivot key or cognate key, term index), sorted - what
  // translated words' slots look up; a sentence's few are sorted when compared instead of kept. Empty for
  // most bags, so held by pointer.
  using Lookup = std::vector<std::pair<uint32_t, uint32_t>>;
  const Lookup& lookup() const;
  void SetLookup(Lookup keys);
  size_t size() const { return terms.size(); }
  size_t block_bytes() const { return (same.size() + terms.size()) * 4 + content.size() + (lookup_ ? lookup_->size() * 8 : 0); }

 private:
  std::unique_ptr<uint32_t[]> block_;  // same, then terms, then content's bytes
  std::unique_ptr<Lookup> lookup_;
};

// Content words of `words` (stopwords dropped). A sentence of fewer than `short_sentence`
// content words keeps its function words for cross-language matching ("So I'm you, I'm us"),
// which the dictionaries translate too.
// `language`: LinkData::LanguageId of the words' language.
Bag MakeBag(const std::vector<std::string>& words, LinkLanguageId language, const WordSet& stopwords, Vocabulary* vocab,
            size_t short_sentence = 3);
// The same when every word is already in `vocab` (read only: safe from many threads).
Bag MakeBag(const std::vector<std::string>& words, LinkLanguageId language, const WordSet& stopwords, const Vocabulary& vocab,
            size_t short_sentence = 3);

// (own-form key, term index) and (cognate key, term index) for every term of `bag`, sorted: what
// an English bag is looked up by from Swedish slots, and the forms a story shares as they are.
void TermKeys(const Bag& bag, const Vocabulary& vocab, std::vector<std::pair<uint32_t, uint32_t>>* out);

// The sentences of a quote: cut after . ! ? when a space follows, and at line breaks (a quote
// that runs over paragraphs); not after an initial or one of `abbreviations` ("U.N.", "Mr.").
std::vector<std::string_view> QuoteSentences(std::string_view text, const WordSet& abbreviations);

}  // namespace quoth::detail
