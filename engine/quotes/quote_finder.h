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
  // A `kind: speech` not_speech rule kept it speech on the words before it ("Vega called the
  // delay "…""): its speaker is named there, not in the words after it.
  bool speaker_before = false;
};

// An opening mark no closing mark answered: left open at the end of its paragraph (or of the
// text read), and not carried on into the next paragraph.
struct UnclosedMark {
  Span mark;
  size_t line = 0;       // 1-based line of its paragraph
  size_t paragraph = 0;  // the paragraph where it was dropped
};

// Finds every quote of the document, in document order (by start offset), with kinds set:
// dialogue / direct / partial / nested, then headline and the not_speech rules' kinds.
// Marks left open are listed in `unclosed` (nullptr: not wanted).
std::vector<QuoteCandidate> FindQuotes(const Document& doc, const LanguageRules& rules, std::vector<UnclosedMark>* unclosed);
// The same, with each unclosed mark as a warning (UnclosedWarning).
std::vector<QuoteCandidate> FindQuotes(const Document& doc, const LanguageRules& rules,
                                       std::vector<Diagnostic>* warnings);

// The warning for an unclosed mark; `offset_base` is added to its byte (the start of the text
// read within the whole document).
Diagnostic UnclosedWarning(const UnclosedMark& mark, size_t offset_base = 0);

// Where the outermost quotes of the document lie, from opening to closing mark, in order and
// not overlapping: only the marks are paired (no dialogue, no kinds), so this is cheap enough
// to run over a whole long document before it is cut into segments, and needs only its
// paragraphs (a Document built without sentences).
std::vector<Span> QuoteExtents(const Document& doc, const LanguageRules& rules);

}  // namespace quoth::detail
