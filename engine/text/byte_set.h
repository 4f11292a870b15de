// ByteSet: finds the next byte that is one of a few values, 16 bytes per step.
//
// The finders' inner loops look for rare bytes (quote-mark lead bytes, sentence terminators)
// in long runs of ordinary text. With SSE2 (every x86-64 CPU) a block of 16 bytes is compared
// with each wanted value at once and skipped when none matches; elsewhere, and for the last
// bytes, a 256-entry table is read byte by byte. Both give the same answer.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace quoth::detail {

class ByteSet {
 public:
  static constexpr size_t kMaxVector = 8;  // more distinct values than this: table only

  ByteSet() = default;
  explicit ByteSet(std::string_view bytes) {
    for (char c : bytes) Add(static_cast<unsigned char>(c));
  }

  void Add(unsigned char b) {
    if (table_[b]) return;
    table_[b] = true;
    if (count_ < kMaxVector) values_[count_] = b;
    ++count_;
  }
  bool Has(unsigned char b) const { return table_[b]; }

  // The first offset in [from, to) of `text` whose byte is in the set, or `to`.
  size_t Find(std::string_view text, size_t from, size_t to) const {
    const char* p = text.data();
    size_t i = from;
#if defined(__SSE2__)
    if (count_ > 0 && count_ <= kMaxVector) {
      __m128i wanted[kMaxVector];
      for (size_t k = 0; k < count_; ++k) wanted[k] = _mm_set1_epi8(static_cast<char>(values_[k]));
      for (; i + 16 <= to; i += 16) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        __m128i hit = _mm_cmpeq_epi8(block, wanted[0]);
        for (size_t k = 1; k < count_; ++k) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(block, wanted[k]));
        if (const int mask = _mm_movemask_epi8(hit)) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
      }
    }
#endif
    for (; i < to; ++i)
      if (table_[static_cast<unsigned char>(p[i])]) return i;
    return to;
  }

 private:
  std::array<bool, 256> table_{};
  std::array<unsigned char, kMaxVector> values_{};
  size_t count_ = 0;  // distinct values added
};

}  // namespace quoth::detail
