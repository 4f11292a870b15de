// Finding a pattern's speaker group with RE2's DFA alone (see speaker_plan.cc).
#pragma once

#include <re2/re2.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace quoth::detail {

class SpeakerPlan {
 public:
  // A plan for `expanded` (a pattern in RE2 syntax with one (?P<speaker>...) group), or null
  // when the group does not stand at the top level of the pattern (inside a repetition or an
  // alternation): then only RE2's capture engines can say where it is.
  static std::unique_ptr<SpeakerPlan> Build(const std::string& expanded, const RE2::Options& options);

  // The speaker group as offsets relative to `start`, given that the whole pattern matches
  // window[start, end) and nowhere shorter; nullopt when the plan cannot decide (the caller
  // then asks RE2's capture engines). Thread-safe; compiles its pieces on first use.
  std::optional<std::pair<int, int>> Find(std::string_view window, size_t start, size_t end) const;

  // Bytes of regex the plan's pieces add up to: what it gives RE2 to compile on first use.
  size_t RegexBytes() const;

 private:
  // One decision on the way to the group: its choices in priority order, and each choice
  // followed by everything after this step (for all but the last choice).
  struct Step {
    std::vector<std::string> choices;
    std::vector<std::string> choice_then_rest;
    bool is_group = false;
  };

  struct Compiled {
    std::vector<std::vector<std::unique_ptr<RE2>>> choices, choice_then_rest;
    std::unique_ptr<RE2> after;
    bool ok = false;
  };
  const Compiled& Compile() const;

  std::vector<Step> steps_;
  std::string after_;
  RE2::Options options_;
  mutable std::once_flag once_;
  mutable Compiled compiled_;
};

}  // namespace quoth::detail
