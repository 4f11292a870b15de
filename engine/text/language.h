// Language identification from each pack's function words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/text/word_set.h"

namespace quoth::detail {

// What tells one language from the others: views into its rule pack, which outlives the call.
struct LanguageHints {
  std::string_view language;                          // "sv"
  const WordSet* words = nullptr;                     // lower-case function words (`language_hints`)
  size_t longest_word = 0;                            // bytes: longer words need no lookup
  const std::vector<std::string>* letters = nullptr;  // each one seen is a hint (`hint_letters`)
  std::string_view translates_into;                   // the language its word table translates into (`lexicon_into`)
};

// The language whose `language_hints` occur most among the document's first words (each of its
// `hint_letters` counts too); when nothing is known, the language the packs' word tables
// translate into (`lexicon_into`), else the first; "" when there are no languages.
std::string DetectLanguage(std::string_view text, const std::vector<LanguageHints>& languages);

}  // namespace quoth::detail
