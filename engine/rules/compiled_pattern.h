// One attribution pattern compiled: the RE2 the matcher runs with captures, and how its speaker
// group is found. Immutable once built (RE2 matching and SpeakerPlan::Find are const and
// thread-safe); what the editor wrote stays in the pack's AttributionPattern.
#pragma once

#include <re2/re2.h>

#include <memory>

#include "engine/rules/speaker_plan.h"
#include "engine/text/text_cache.h"

namespace quoth::detail {

struct CompiledPattern {
  std::unique_ptr<RE2> re;  // null when the pattern did not compile (the load then fails)
  int speaker_group = 0;    // index of the (?P<speaker>) capture, 0 when there is none
  // Finds the speaker group with RE2's DFA (speaker_plan.cc); null when the group does not
  // stand at the top level of the pattern.
  std::unique_ptr<SpeakerPlan> speaker_plan;
  MemoOwnerId memo_id;  // keys this pattern's memoised captures (pattern_match.cc)
};

}  // namespace quoth::detail
