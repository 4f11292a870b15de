// Word splitting for linking. StoryWords reads a whole article, so it first collects the
// distinct word forms as views into the text (a hash set) and lower-cases each form once:
// lower-casing non-ASCII words goes through ICU, which costs far more than the scan.
#include "engine/text/words.h"

#include <unordered_set>

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
  std::vector<std::string> out;
  size_t next_skip = 0;
  std::unordered_set<std::string_view> forms;  // raw forms seen (case kept)
  std::unordered_set<std::string> lowered;
  size_t i = 0, start = 0;
  bool in_word = false;
  while (i <= text.size() && out.size() < limit) {
    while (next_skip < skip.size() && skip[next_skip].second <= i) ++next_skip;
    if (next_skip < skip.size() && skip[next_skip].first <= i && !in_word) {
      i = skip[next_skip].second;  // jump over the quote
      continue;
    }
    size_t len = 1;
    const char32_t c = i < text.size() ? DecodeAt(text, i, &len) : U' ';
    const bool word = i < text.size() && IsWordChar(c);
    if (word && !in_word) start = i;
    if (!word && in_word) {
      const std::string_view form = text.substr(start, i - start);
      if (form.size() > 1 && forms.insert(form).second) {
        std::string lower = ToLower(form);
        if (!stopwords.count(lower) && lowered.insert(lower).second) out.push_back(std::move(lower));
      }
    }
    in_word = word;
    i += len;
  }
  return out;
}

}  // namespace quoth::detail
