// A Bloom filter over a large word table: says "certainly not in it" for most words after two
// or three probes into a bit array about one byte per word, which stays in the cache where the
// table itself (megabytes of slots and strings) does not. Asked before the table: a word the
// filter lets through is looked up for certain.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/text/word_set.h"

namespace quoth::detail {

class WordFilter {
 public:
  WordFilter() = default;
  // Built from every word of `words`, with about kBitsPerWord bits per word.
  explicit WordFilter(const WordSet& words) {
    size_t bits = 64;
    while (bits < words.size() * kBitsPerWord) bits *= 2;
    bits_.assign(bits / 64, 0);
    mask_ = bits - 1;
    for (const auto& w : words) {
      const uint64_t h = HashText(w);
      for (int k = 0; k < kProbes; ++k) Set(Probe(h, k));
    }
  }
  // False: `word` is certainly not in the table. True: it may be (look it up).
  bool MayContain(std::string_view word) const {
    if (bits_.empty()) return true;
    const uint64_t h = HashText(word);
    for (int k = 0; k < kProbes; ++k)
      if (!Test(Probe(h, k))) return false;
    return true;
  }

 private:
  static constexpr size_t kBitsPerWord = 8;  // with three probes: about 3% false positives
  static constexpr int kProbes = 3;
  // Double hashing from the two halves of one 64-bit hash (Kirsch and Mitzenmacher).
  size_t Probe(uint64_t h, int k) const {
    const uint64_t a = h & 0xFFFFFFFFu, b = (h >> 32) | 1;
    return static_cast<size_t>(a + static_cast<uint64_t>(k) * b) & mask_;
  }
  void Set(size_t bit) { bits_[bit >> 6] |= uint64_t{1} << (bit & 63); }
  bool Test(size_t bit) const { return (bits_[bit >> 6] >> (bit & 63)) & 1; }
  std::vector<uint64_t> bits_;
  size_t mask_ = 0;
};

}  // namespace quoth::detail
