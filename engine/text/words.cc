// Word splitting for linking. StoryWords reads a whole article, so it first collects the
// distinct word forms as views into the text (a hash set) and lower-cases each form once:
// lower-casing non-ASCII words goes through ICU, which costs far more than the scan.
#include "engine/text/words.h"

#include <cstdint>

#include "engine/text/utf8.h"

namespace quoth::detail {

std::vector<std::string> LinkWords(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  bool in_bracket = false;
  size_t i = 0;
  while (i <= text.size()) {
    size_t len = 1;
    const char32_t c = i < text.size() ? DecodeAt(text, i, &len) : U' ';
    if (c == '[') in_bracket = true;
    if (in_bracket) {
      if (c == ']') in_bracket = false;
      i += len;
      continue;
    }
    if (IsWordChar(c)) {
      cur.append(text.substr(i, len));
    } else if ((c == '\'' || c == 0x2019) && !cur.empty() && i + len < text.size()) {
      size_t l2 = 0;
      if (IsWordChar(DecodeAt(text, i + len, &l2))) cur.push_back('\'');  // isn't / isn’t
    } else if (!cur.empty()) {
      out.push_back(ToLower(cur));
      cur.clear();
    }
    i += len;
  }
  return out;
}

std::vector<std::string> StoryWords(std::string_view text, const WordSet& stopwords, size_t limit,
                                    const std::vector<std::pair<size_t, size_t>>& skip) {
  // Words are told apart by a 64-bit hash of their lower-cased bytes in an open-addressing set:
  // a word is lower-cased and copied only the first time it is met. ASCII bytes are folded
  // while hashing; a word with other letters is hashed as written and lower-cased through
  // ICU, with a second check on its lower-case form ("Även" and "även").
  std::vector<std::string> out;
  std::vector<uint64_t> seen(1024, 0);
  size_t used = 0;
  auto insert = [&](uint64_t h) {  // true when new
    h |= 1;                         // 0 marks an empty slot
    if (2 * (used + 1) > seen.size()) {
      std::vector<uint64_t> old(seen.size() * 2, 0);
      old.swap(seen);
      for (uint64_t x : old)
        if (x)
          for (size_t k = x & (seen.size() - 1);; k = (k + 1) & (seen.size() - 1))
            if (!seen[k]) { seen[k] = x; break; }
    }
    for (size_t k = h & (seen.size() - 1);; k = (k + 1) & (seen.size() - 1)) {
      if (seen[k] == h) return false;
      if (!seen[k]) { seen[k] = h; ++used; return true; }
    }
  };
  constexpr uint64_t kPrime = 0x100000001b3ULL, kBasis = 0xcbf29ce484222325ULL;
  std::string lower;
  size_t next_skip = 0, i = 0;
  const size_t n = text.size();
  while (i < n && out.size() < limit) {
    while (next_skip < skip.size() && skip[next_skip].second <= i) ++next_skip;
    if (next_skip < skip.size() && skip[next_skip].first <= i) {
      i = skip[next_skip].second;  // the quote's words are not the story's
      continue;
    }
    // One word from i: ASCII letters and digits inline, other characters decoded.
    const size_t start = i;
    uint64_t h = kBasis;
    bool ascii = true;
    size_t chars = 0;
    while (i < n) {
      const unsigned char b = static_cast<unsigned char>(text[i]);
      if (b < 0x80) {
        const bool letter = static_cast<unsigned>((b | 0x20) - 'a') < 26u, digit = static_cast<unsigned>(b - '0') < 10u;
        if (!letter && !digit) break;
        h = (h ^ (letter ? (b | 0x20) : b)) * kPrime;
        ++i;
      } else {
        size_t len = 1;
        if (!IsWordChar(DecodeAt(text, i, &len))) break;
        for (size_t k = 0; k < len; ++k) h = (h ^ static_cast<unsigned char>(text[i + k])) * kPrime;
        ascii = false;
        i += len;
      }
      ++chars;
    }
    if (i == start) {  // not a word character: step over it
      size_t len = 1;
      if (static_cast<unsigned char>(text[i]) >= 0x80) DecodeAt(text, i, &len);
      i += len;
      continue;
    }
    if (chars < 2 || !insert(h)) continue;
    const std::string_view form = text.substr(start, i - start);
    if (ascii) {
      lower.assign(form);
      for (auto& c : lower)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c | 0x20);
    } else {
      lower = ToLower(form);
      uint64_t lh = kBasis ^ 0x9e3779b97f4a7c15ULL;  // a different stream from the raw forms'
      for (unsigned char c : lower) lh = (lh ^ c) * kPrime;
      if (!insert(lh)) continue;
    }
    if (!stopwords.count(lower)) out.push_back(lower);
  }
  return out;
}

}  // namespace quoth::detail
