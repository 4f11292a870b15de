// Where an attribution pattern runs, relative to a quote.
#pragma once

#include <cstddef>

namespace quoth::detail {

enum class Position { kAfter, kBefore, kSentence, kDialogue };
inline constexpr size_t kPositionCount = 4;
const char* PositionName(Position p);

}  // namespace quoth::detail
