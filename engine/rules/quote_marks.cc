// The quote-mark table: each pair's opening and closing sequences, merged where two pairs of a
// family share one (a mark may then both open and close), sorted longest first so that a
// two-character mark ("« " with its space) is matched before the one-character mark inside it.
#include "engine/rules/quote_marks.h"

#include <algorithm>

namespace quoth::detail {

QuoteMarks::QuoteMarks(const std::vector<QuoteMarkPair>& pairs) {
  for (const auto& pair : pairs) {
    auto fam = std::find(families_.begin(), families_.end(), pair.family);
    const int family = static_cast<int>(fam - families_.begin());
    if (fam == families_.end()) families_.push_back(pair.family);
    auto add = [&](const std::string& mark, bool opens) {
      for (auto& m : marks_)
        if (m.mark == mark && m.family == family) { (opens ? m.opens : m.closes) = true; return; }
      marks_.push_back({mark, family, opens, !opens});
      first_bytes_.Add(static_cast<unsigned char>(mark[0]));
    };
    add(pair.open, true);
    add(pair.close, false);
  }
  std::stable_sort(marks_.begin(), marks_.end(), [](const MarkInfo& a, const MarkInfo& b) { return a.mark.size() > b.mark.size(); });
}

}  // namespace quoth::detail
