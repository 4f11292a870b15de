// A set of words that can be asked about a string_view without building a std::string:
// the hot paths look words up straight in the document's bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace quoth::detail {

// A short-string hash, inlined: the looked-up words are a few bytes long, where a call into
// the library's general hash costs more than the hashing itself. Eight bytes per step, each
// step a multiply-xorshift mix (from splitmix64).
inline uint64_t HashText(std::string_view s) noexcept {
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

using WordSet = std::unordered_set<std::string, WordHash, std::equal_to<>>;

}  // namespace quoth::detail
