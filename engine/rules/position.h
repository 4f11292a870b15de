// Where an attribution pattern runs, relative to a quote.
#pragma once

#include <cstddef>

namespace quoth::detail {

// kAfterFullStop: after a quote that ends its sentence with a full stop, where the next
// sentence may be the tag (`…." Rubio said Sunday.`); only patterns written for it run there.
enum class Position { kAfter, kBefore, kSentence, kDialogue, kAfterFullStop };
inline constexpr size_t kPositionCount = 5;
const char* PositionName(Position p);

}  // namespace quoth::detail
