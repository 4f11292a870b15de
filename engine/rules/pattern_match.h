// Matching one attribution pattern: the speaker group within a match, cached.
#pragma once

#include <string_view>
#include <utility>

#include "engine/rules/compiled_pattern.h"

namespace quoth::detail {

// The speaker group of pattern `p` within its whole match window[start, end) (offsets relative
// to `start`), or {-1, -1}. See pattern_match.cc for why this is cached.
std::pair<int, int> SpeakerInMatch(const CompiledPattern& p, std::string_view window, size_t start, size_t end);
// The same, always by RE2's capture engines and never cached: the reference the fast way is
// tested against.
std::pair<int, int> SpeakerInMatchByCaptures(const CompiledPattern& p, std::string_view window, size_t start, size_t end);

}  // namespace quoth::detail
