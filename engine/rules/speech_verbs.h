// The first word of each of a pack's speech verbs, lower-case ("said" of "said to be").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/text/word_set.h"

namespace quoth::detail {

class SpeechVerbs {
 public:
  SpeechVerbs() = default;
  explicit SpeechVerbs(const std::vector<std::string>& verbs);

  // Is `lower_word` (lower-case) the first word of one of the verbs?
  bool IsFirstWord(std::string_view lower_word) const { return words_.count(lower_word) > 0; }

  // Does `text` hold one of the words? A window without one cannot match a pattern that needs a
  // {VERB}: a word scan with hash lookups, far cheaper than the RE2 Set it spares.
  bool AnyIn(std::string_view text) const;

 private:
  WordSet words_;
};

}  // namespace quoth::detail
