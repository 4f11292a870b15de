// Test helper: the name mentions FindNameMentions finds in `text`, read with the built-in pack
// of `lang` and the quotes the quote finder finds there.
#pragma once

#include <string>
#include <vector>

#include "engine/speakers/names.h"
#include "support/rules.h"

namespace quoth::testing {

inline std::vector<detail::NameMention> Mentions(const std::string& text, const std::string& lang) {
  const auto& rules = Lang(lang);
  detail::Document doc(text, rules.pack.abbreviations);
  std::vector<Diagnostic> warnings;
  auto quotes = detail::FindQuotes(doc, rules, &warnings);
  return detail::FindNameMentions(doc, rules, quotes);
}

}  // namespace quoth::testing
