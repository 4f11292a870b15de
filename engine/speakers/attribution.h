// Speaker attribution: quote candidates + rules -> quotes with speakers, and the entities.
#pragma once

#include <vector>

#include "engine/quotes/quote_finder.h"
#include "engine/rules/compiled_rules.h"
#include "engine/text/document.h"
#include "quoth/types.h"

namespace quoth::detail {

struct AttributionResult {
  std::vector<Quote> quotes;
  std::vector<Entity> speakers;
  // Every person name of two or more words the text gives, speaking or not: a later segment
  // of the same document can give a short name its full form from them.
  std::vector<std::string> full_person_names;
};

// `id_prefix` makes quote and entity ids unique across a batch ("d3" -> "d3.q0", "d3.s0").
// `explain`: fill SpeakerRef::evidence.
AttributionResult Attribute(const Document& doc, const LanguageRules& rules,
                            const std::vector<QuoteCandidate>& candidates,
                            std::string_view id_prefix, bool resolve_speakers, bool explain);

}  // namespace quoth::detail
