// Captures are the costly part of matching: RE2 finds a match's bounds with its DFA quickly,
// but the speaker group needs its NFA over the whole (large) program. Tags repeat endlessly in
// news ("he said", "said in a statement", ", säger han."), so results are remembered per
// thread, keyed by pattern and matched text. The whole match is found first without captures;
// the capture run is anchored to exactly that span, which yields the same groups as an
// unanchored capture search, so cached and fresh results are identical.
#include "engine/rules/pattern_match.h"

#include <vector>

#include "engine/text/text_cache.h"

namespace quoth::detail {


std::pair<int, int> SpeakerInMatch(const AttributionPattern& p, std::string_view window, size_t start, size_t end) {
  thread_local TextCache<std::pair<int, int>> cache;
  const std::string_view text = window.substr(start, end - start);
  if (const auto* hit = cache.Find(&p, 0, text)) return *hit;
  std::vector<re2::StringPiece> groups(static_cast<size_t>(p.re->NumberOfCapturingGroups()) + 1);
  std::pair<int, int> result{-1, -1};
  if (p.speaker_group > 0 &&
      p.re->Match(window, start, end, RE2::ANCHOR_BOTH, groups.data(), static_cast<int>(groups.size()))) {
    const auto& g = groups[static_cast<size_t>(p.speaker_group)];
    if (g.data()) {
      const int s = static_cast<int>(g.data() - window.data() - static_cast<std::ptrdiff_t>(start));
      result = {s, s + static_cast<int>(g.size())};
    }
  }
  cache.Insert(&p, 0, text, result);
  return result;
}

}  // namespace quoth::detail
