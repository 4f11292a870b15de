// A pack's speech verbs by their first word, lower-case ("said" of "said to be"): a prefilter
// for the patterns that need a {VERB}, and a whole-verb check for the steps that ask for one.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
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

  // Does `text` hold a whole verb: a verb of one word, or the first word of one of several
  // with its other words after it ("hielt … fest" is one, "hielt dagegen" is not)?
  bool AnyWholeIn(std::string_view text) const;

 private:
  WordSet words_;
  // By first word: the other words of each verb of several words (none for a verb of one).
  std::unordered_map<std::string, std::vector<std::vector<std::string>>, WordHash, std::equal_to<>> rest_;
};

}  // namespace quoth::detail
