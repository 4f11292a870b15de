// Quote kinds: nested, headline, the rule packs' not-speech rules, direct vs partial.
#pragma once

#include <vector>

#include "engine/quotes/quote_finder.h"

namespace quoth::detail {

// The writer's words just before the opening mark, from the start of its sentence.
Span TextBefore(const Document& doc, const QuoteCandidate& q);

// A paragraph in capitals, or a short one (the pack's `headline_words`, 8 unless it says) without
// a full stop (closing quote marks aside, the language's own included): a headline or sub-heading.
bool IsHeadlineParagraph(const Document& doc, size_t paragraph, const LanguageRules& rules);

void AssignKinds(const Document& doc, const LanguageRules& rules, std::vector<QuoteCandidate>* quotes);

}  // namespace quoth::detail
