// Quote finder: quote-mark pairing and dash dialogue -> candidate quotes with their kind.
#pragma once

#include <string>
#include <vector>

#include "engine/rules/compiled_rules.h"
#include "engine/text/document.h"
#include "quoth/types.h"

namespace quoth::detail {

struct QuoteCandidate {
  Span span;                 // the quoted words
  std::vector<Span> parts;   // one per paragraph (a single part for most quotes)
  Span open_mark;            // the opening mark, or the dialogue dash
  Span close_mark;           // the closing mark; empty for dialogue
  QuoteKind kind = QuoteKind::kDirect;
  std::string rule;          // what found it: "marks.double", "dialogue", a not_speech rule id
  size_t depth = 0;          // 0 = outermost
  size_t first_paragraph = 0;
  size_t last_paragraph = 0;
  // Dialogue only: the tag that ended the quote and its speaker phrase (empty when none).
  Span tag;
  Span tag_speaker;
  size_t tag_pattern = static_cast<size_t>(-1);  // index into LanguageRules::patterns
  bool continues_turn = false;  // a later turn in the same dash paragraph
};

// Finds every quote of the document, in document order (by start offset), with kinds set:
// dialogue / direct / partial / nested, then headline and the not_speech rules' kinds.
std::vector<QuoteCandidate> FindQuotes(const Document& doc, const LanguageRules& rules,
                                       std::vector<Diagnostic>* warnings);

}  // namespace quoth::detail
