// "Did you mean": the known name closest to an editor's misspelling, for unknown keys and
// placeholders in rule packs.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace quoth::detail {

// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, case-insensitive.
inline size_t EditDistance(const std::string& a, const std::string& b) {
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

// The candidate closest to `word`, when it is close enough to be what the editor meant (at most
// a third of its letters changed, at least one; one per four letters for long names), else "".
// A tie between two candidates is no answer.
inline std::string DidYouMean(const std::string& word, const std::vector<std::string>& candidates) {
  if (word.size() > 64) return "";  // bounded work for whatever a pack holds
  const size_t allowed = std::max<size_t>(1, word.size() / 3);
  std::string best;
  size_t best_distance = allowed + 1;
  bool tie = false;
  for (const auto& c : candidates) {
    if (c == word) continue;
    const size_t d = EditDistance(word, c);
    if (d < best_distance) {
      best = c;
      best_distance = d;
      tie = false;
    } else if (d == best_distance && c != best) {
      tie = true;
    }
  }
  return tie ? "" : best;
}

}  // namespace quoth::detail
