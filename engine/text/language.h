// Language identification from each pack's function words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/rules/compiled_rules.h"

namespace quoth::detail {

// The language whose `language_hints` occur most among the document's first words (each of its
// `hint_letters` counts too); when nothing is known, the language the packs' word tables
// translate into (`lexicon_into`), else the first; "" when there are no languages.
std::string DetectLanguage(std::string_view text, const std::vector<const LanguageRules*>& languages);

}  // namespace quoth::detail
