// The speaker group within a pattern's match: by the pattern's SpeakerPlan (a few DFA runs,
// speaker_plan.cc) when it can decide, else by RE2's capture engines. Tags repeat endlessly in
// news ("he said", ", säger han."), so results are also remembered per thread, keyed by the
// pattern's memo id (never its address) and the matched text; the capture run is anchored to
// exactly the matched span, which yields the same groups as an unanchored capture search, so
// cached and fresh results are identical.
#include "engine/rules/pattern_match.h"

#include <optional>
#include <vector>

#include "engine/text/text_cache.h"

namespace quoth::detail {

std::pair<int, int> SpeakerInMatchByCaptures(const CompiledPattern& p, std::string_view window, size_t start, size_t end) {
  std::vector<re2::StringPiece> groups(static_cast<size_t>(p.re->NumberOfCapturingGroups()) + 1);
  if (p.speaker_group > 0 &&
      p.re->Match(window, start, end, RE2::ANCHOR_BOTH, groups.data(), static_cast<int>(groups.size()))) {
    const auto& g = groups[static_cast<size_t>(p.speaker_group)];
    if (g.data()) {
      const int s = static_cast<int>(g.data() - window.data() - static_cast<std::ptrdiff_t>(start));
      return {s, s + static_cast<int>(g.size())};
    }
  }
  return {-1, -1};
}

std::pair<int, int> SpeakerInMatch(const CompiledPattern& p, std::string_view window, size_t start, size_t end) {
  thread_local TextCache<std::pair<int, int>> cache;
  const std::string_view text = window.substr(start, end - start);
  if (const auto* hit = cache.Find(p.memo_id, 0, text)) return *hit;
  std::optional<std::pair<int, int>> by_dfa = p.speaker_plan ? p.speaker_plan->Find(window, start, end) : std::nullopt;
  const std::pair<int, int> result = by_dfa ? *by_dfa : SpeakerInMatchByCaptures(p, window, start, end);
  cache.Insert(p.memo_id, 0, text, result);
  return result;
}

}  // namespace quoth::detail
