// Captures are the costly part of matching: RE2 finds a match's bounds with its DFA quickly,
// but the speaker group needs its NFA over the whole (large) program. Tags repeat endlessly in
// news ("he said", "said in a statement", ", säger han."), so results are remembered per
// thread, keyed by pattern and matched text. The whole match is found first without captures;
// the capture run is anchored to exactly that span, which yields the same groups as an
// unanchored capture search, so cached and fresh results are identical.
#include "engine/rules/pattern_match.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace quoth::detail {

namespace {
constexpr size_t kMaxCacheEntries = 50000;  // then start afresh: bounded memory per thread
}  // namespace

std::pair<int, int> SpeakerInMatch(const AttributionPattern& p, std::string_view window, size_t start, size_t end) {
  // Keyed by a hash of (pattern, text) without copying the text; the text is kept to confirm
  // a hit, so a hash collision can never return another text's groups.
  struct Entry { const AttributionPattern* pattern; std::string text; std::pair<int, int> groups; };
  thread_local std::unordered_multimap<size_t, Entry> cache;
  const std::string_view text = window.substr(start, end - start);
  const size_t key = std::hash<std::string_view>{}(text) ^ (std::hash<const void*>{}(&p) * 0x9E3779B97F4A7C15ULL);
  for (auto [it, last] = cache.equal_range(key); it != last; ++it)
    if (it->second.pattern == &p && it->second.text == text) return it->second.groups;
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
  if (cache.size() > kMaxCacheEntries) cache.clear();
  cache.emplace(key, Entry{&p, std::string(text), result});
  return result;
}

}  // namespace quoth::detail
