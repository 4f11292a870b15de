// A set of words that can be asked about a string_view without building a std::string:
// the hot paths look words up straight in the document's bytes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace quoth::detail {

// A short-string hash, inlined: the looked-up words are a few bytes long, where a call into
// the library's general hash costs more than the hashing itself. Eight bytes per step, each
// step a multiply-xorshift mix (from splitmix64).
[[gnu::always_inline]] inline uint64_t HashText(std::string_view s) noexcept {
  const char* p = s.data();
  size_t n = s.size();
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ (n * 0xFF51AFD7ED558CCDULL);
  auto mix = [](uint64_t x) {
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 29);
  };
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = mix(h ^ w);
  }
  if (n > 0) {
    uint64_t w = 0;
    for (size_t i = 0; i < n; ++i) w |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    h = mix(h ^ w);
  }
  return h;
}

struct WordHash {
  using is_transparent = void;
  // Not noexcept on purpose: libstdc++ then stores each element's hash, so walking a bucket
  // compares stored hashes instead of re-hashing every neighbour's string.
  size_t operator()(std::string_view s) const { return HashText(s); }
};

// A set of words, asked far more often than it is built: an open-addressing table of (hash,
// index) pairs kept at most half full, over the words in insertion order. A lookup is one hash
// and, nearly always, one probe, with no pointer chasing; iteration is in insertion order.
class WordSet {
 public:
  using const_iterator = std::vector<std::string>::const_iterator;

  bool insert(std::string word) {
    if (contains(word)) return false;
    if ((words_.size() + 1) * 2 > slots_.size()) Grow();
    words_.push_back(std::move(word));
    const std::string& added = words_.back();
    max_size_ = std::max(max_size_, added.size());
    if (!added.empty()) first_bytes_[static_cast<unsigned char>(added[0]) >> 6] |= uint64_t{1} << (added[0] & 63);
    Place(HashText(added), static_cast<uint32_t>(words_.size()));
    return true;
  }
  template <typename It>
  void insert(It first, It last) {
    for (; first != last; ++first) insert(std::string(*first));
  }

  bool contains(std::string_view word) const {
    if (slots_.empty()) return false;
    // Most words asked about are longer than every word of a small set, or start with a byte
    // none of its words starts with ("Anna" in a set of particles): no hash needed.
    if (word.size() > max_size_) return false;
    if (!word.empty() && !(first_bytes_[static_cast<unsigned char>(word[0]) >> 6] >> (word[0] & 63) & 1)) return false;
    const uint64_t h = HashText(word);
    const size_t mask = slots_.size() - 1;
    for (size_t i = static_cast<size_t>(h) & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.index == 0) return false;
      if (s.hash == static_cast<uint32_t>(h >> 32) && words_[s.index - 1] == word) return true;
    }
  }
  size_t count(std::string_view word) const { return contains(word) ? 1 : 0; }

  size_t size() const { return words_.size(); }
  bool empty() const { return words_.empty(); }
  const_iterator begin() const { return words_.begin(); }
  const_iterator end() const { return words_.end(); }

 private:
  struct Slot {
    uint32_t hash = 0;   // the hash's high half: most mismatches end here
    uint32_t index = 0;  // 1 + position in words_; 0 = empty
  };
  void Place(uint64_t h, uint32_t index) {
    const size_t mask = slots_.size() - 1;
    size_t i = static_cast<size_t>(h) & mask;
    while (slots_[i].index != 0) i = (i + 1) & mask;
    slots_[i] = {static_cast<uint32_t>(h >> 32), index};
  }
  void Grow() {
    slots_.assign(std::max<size_t>(16, slots_.size() * 2), Slot{});
    for (size_t k = 0; k < words_.size(); ++k) Place(HashText(words_[k]), static_cast<uint32_t>(k + 1));
  }
  std::vector<std::string> words_;
  std::vector<Slot> slots_;  // a power of two in size
  size_t max_size_ = 0;                 // bytes of the longest word
  uint64_t first_bytes_[4] = {0, 0, 0, 0};  // a bit per byte value that starts a word
};

}  // namespace quoth::detail
