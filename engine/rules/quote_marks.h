// A language's quote marks, compiled from the pack's pairs: which character sequences open or
// close a quote, in which family ("double", "single", "guillemet"), longest first. Immutable
// after construction; the quote finder and the quote kinds ask it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rules/language_pack.h"
#include "engine/text/byte_set.h"

namespace quoth::detail {

// One quote-mark character sequence and what it may do.
struct MarkInfo {
  std::string mark;
  int family = 0;
  bool opens = false;
  bool closes = false;
};

class QuoteMarks {
 public:
  QuoteMarks() = default;
  explicit QuoteMarks(const std::vector<QuoteMarkPair>& pairs);

  // The longest mark that starts at byte i of text, or nullptr.
  const MarkInfo* At(std::string_view text, size_t i) const {
    const char first = text[i];
    for (const auto& m : marks_)
      if (m.mark[0] == first && text.compare(i, m.mark.size(), m.mark) == 0) return &m;
    return nullptr;
  }
  // The first byte in [from, end) that can start a mark, or end.
  size_t NextCandidate(std::string_view text, size_t from, size_t end) const { return first_bytes_.Find(text, from, end); }
  // Is `s` a mark that closes a quote and never opens one (German “ and ‘, which open quotes in
  // English)?
  bool ClosesOnly(std::string_view s) const {
    for (const MarkInfo& m : marks_)
      if (m.closes && !m.opens && m.mark == s) return true;
    return false;
  }
  const std::string& FamilyName(int family) const { return families_[static_cast<size_t>(family)]; }
  const std::vector<MarkInfo>& all() const { return marks_; }

 private:
  std::vector<MarkInfo> marks_;         // longest first
  std::vector<std::string> families_;   // family index -> name
  ByteSet first_bytes_;                 // bytes that can start a mark
};

}  // namespace quoth::detail
