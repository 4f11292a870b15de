// The speaker group within a pattern's match.
//
// RE2 finds a match's bounds with its DFA quickly, but a capture group needs its NFA or
// BitState engine, which on these programs (thousands of instructions: word lists, letter
// classes) costs microseconds per match. So a pattern whose speaker group is a plain part of
// its top-level concatenation, P (?P<speaker>S1|S2|...) Q, is also compiled in pieces, and
// the group is found with a few DFA runs, anchored at the start, within the whole match
// [start, end):
//   x = end of P's leftmost-first match at start      (P's preferred way to match)
//   the first alternative Sk for which "Sk Q" matches from x at all
//   y = end of Sk's leftmost-first match at x         (Sk's preferred way, from there)
//   Q must match somewhere from y.
// Under leftmost-first (Perl) semantics the chosen parse is the first, in priority order, that
// completes: P's choices are tried before the group's, the group's alternatives in order, and
// the group's choices before Q's. Alternatives that cannot complete are skipped exactly; when
// P's preferred parse and then Sk's preferred parse can be completed by Q, that is the parse
// RE2's capture engines would report, and the group is [x, y). Otherwise a lower-priority
// parse wins, and the capture engine is run as before. A unit test holds the two ways equal on every rule
// example and sample window.
//
// Tags repeat endlessly in news ("he said", ", säger han."), so results are also remembered
// per thread, keyed by pattern and matched text.
#include "engine/rules/pattern_match.h"

#include <vector>

#include "engine/text/text_cache.h"

namespace quoth::detail {

namespace {

std::pair<int, int> SpeakerByCaptures(const AttributionPattern& p, std::string_view window, size_t start, size_t end) {
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

// Fills *found and returns true when the DFA runs settle the group (see above).
bool SpeakerByDfa(const AttributionPattern& p, std::string_view window, size_t start, size_t end, std::pair<int, int>* found) {
  if (!p.before_speaker || p.speaker_alternatives.empty()) return false;
  re2::StringPiece m;
  if (!p.before_speaker->Match(window, start, end, RE2::ANCHOR_START, &m, 1)) return false;
  const size_t x = static_cast<size_t>(m.data() - window.data()) + m.size();
  for (size_t k = 0; k < p.speaker_alternatives.size(); ++k) {
    // An alternative that cannot lead to a complete match at all yields to the next one.
    if (!p.speaker_alternatives_then_after[k]->Match(window, x, end, RE2::ANCHOR_START, nullptr, 0)) continue;
    if (!p.speaker_alternatives[k]->Match(window, x, end, RE2::ANCHOR_START, &m, 1)) return false;
    const size_t y = static_cast<size_t>(m.data() - window.data()) + m.size();
    if (!p.after_speaker->Match(window, y, end, RE2::ANCHOR_START, nullptr, 0)) return false;
    *found = {static_cast<int>(x - start), static_cast<int>(y - start)};
    return true;
  }
  return false;
}

}  // namespace

std::pair<int, int> SpeakerInMatch(const AttributionPattern& p, std::string_view window, size_t start, size_t end) {
  thread_local TextCache<std::pair<int, int>> cache;
  const std::string_view text = window.substr(start, end - start);
  if (const auto* hit = cache.Find(&p, 0, text)) return *hit;
  std::pair<int, int> result{-1, -1};
  if (!SpeakerByDfa(p, window, start, end, &result)) result = SpeakerByCaptures(p, window, start, end);
  cache.Insert(&p, 0, text, result);
  return result;
}

std::pair<int, int> SpeakerInMatchByCaptures(const AttributionPattern& p, std::string_view window, size_t start, size_t end) {
  return SpeakerByCaptures(p, window, start, end);
}

}  // namespace quoth::detail
