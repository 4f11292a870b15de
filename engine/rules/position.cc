#include "engine/rules/position.h"

namespace quoth::detail {

const char* PositionName(Position p) {
  switch (p) {
    case Position::kAfter: return "after";
    case Position::kBefore: return "before";
    case Position::kSentence: return "sentence";
    case Position::kDialogue: return "dialogue";
    case Position::kAfterFullStop: return "after_full_stop";
    case Position::kFronted: return "fronted";
    case Position::kVerbAfter: return "verb_after";
  }
  return "?";
}

}  // namespace quoth::detail
