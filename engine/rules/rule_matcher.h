// The compiled matcher of one language's rules: where its attribution patterns match around a
// quote, and which not_speech rule a quote falls under. Built once by CompileLanguage
// (pattern_compiler.cc), immutable afterwards and safe to share across threads: every query
// is const, RE2 and RE2::Set matching are thread-safe, and the memos are per thread.
#pragma once

#include <re2/re2.h>
#include <re2/set.h>

#include <array>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/rules/compiled_pattern.h"
#include "engine/rules/position.h"
#include "engine/rules/speech_verbs.h"
#include "engine/text/text_cache.h"
#include "quoth/types.h"

namespace quoth::detail {

class RuleMatcher {
 public:
  static constexpr size_t kNone = static_cast<size_t>(-1);

  struct Match {
    size_t pattern = kNone;  // index into the pack's patterns; kNone: no match
    Span whole;              // the whole match, in the text's offsets
    Span speaker;            // the speaker group; empty when the pattern captured none
  };

  // The first pass over one position's patterns: which of them can match a window at all.
  struct PositionPass {
    std::unique_ptr<RE2::Set> set;  // over the position's patterns; null when it has none
    std::vector<size_t> members;    // set index -> pattern index, in pack order
    // Every pattern of the position contains {VERB}: a window without a speech verb cannot
    // match, and RE2 is not run.
    bool needs_verb = false;
    // Every pattern ends with $ ("…, he said: $"): the patterns are run on their own, in order,
    // instead of the Set, since RE2 then reads backwards from the end and stops within a few
    // bytes, where a Set reads the whole window. `any_end_anchored` is all of them as one
    // end-anchored alternation: a single backward read says whether any can match (most
    // windows: none).
    bool end_anchored = false;
    std::unique_ptr<RE2> any_end_anchored;
  };

  // The not_speech rules, by the same two ways as a position's patterns.
  struct NotSpeechPass {
    std::vector<std::unique_ptr<RE2>> before;  // per rule: must match the text before the mark
    std::vector<std::unique_ptr<RE2>> quote;   // per rule: must match the quoted words; may be null
    std::vector<std::unique_ptr<RE2>> after;   // per rule: must match the text after the mark; may be null
    std::unique_ptr<RE2::Set> set;             // over `before`, when not end-anchored
    bool end_anchored = false;
    std::unique_ptr<RE2> any_end_anchored;
    // Per rule: its `before` matches after nearly any word (a title rule's), so it sifts out no
    // quote and would make every quote's text before be read once per rule; its quote pattern,
    // anchored at the quote's start, fails at once on most quotes and is asked first.
    std::vector<bool> quote_first;
  };

  RuleMatcher() = default;  // matches nothing
  RuleMatcher(std::vector<CompiledPattern> patterns, std::array<PositionPass, kPositionCount> positions,
              NotSpeechPass not_speech, SpeechVerbs speech_verbs);

  // Of the patterns of `position` that match in text[window], the first in pack order that
  // captures a speaker (what a tag around a quote says). Short windows repeat ("he said.",
  // ", säger han."): their results are memoised per thread.
  Match FirstWithSpeaker(Position position, std::string_view text, Span window) const;

  // The leftmost match of any pattern of `position` in text[window] (the earlier pattern wins
  // a tie), with its speaker when it captures one (the tag that ends a dialogue turn).
  Match Leftmost(Position position, std::string_view text, Span window) const;

  // The first not_speech rule (pack order) whose `before` matches `before_text` (the writer's
  // words up to the opening mark), whose `quote`, if any, matches `quote_text` and whose
  // `after`, if any, matches `after_text` (the words after the closing mark, to the end of the
  // paragraph); kNone when none does.
  size_t NotSpeechRule(std::string_view before_text, std::string_view quote_text,
                       std::string_view after_text = {}) const;

  const SpeechVerbs& speech_verbs() const { return speech_verbs_; }
  // Pattern `index` of the pack as compiled; null when there is no such pattern.
  const CompiledPattern* pattern(size_t index) const { return index < patterns_.size() ? &patterns_[index] : nullptr; }
  const PositionPass& position_pass(Position position) const { return positions_[static_cast<size_t>(position)]; }
  const NotSpeechPass& not_speech_pass() const { return not_speech_; }

 private:
  Match FirstWithSpeakerUncached(Position position, std::string_view text, Span window) const;

  std::vector<CompiledPattern> patterns_;  // pack order
  std::array<PositionPass, kPositionCount> positions_;
  NotSpeechPass not_speech_;
  SpeechVerbs speech_verbs_;
  MemoOwnerId memo_id_;  // keys FirstWithSpeaker's memo
};

}  // namespace quoth::detail
