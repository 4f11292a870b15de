// The tag matchers the resolver reads a quote's surroundings with: a position's patterns over a
// window of text, and a quick test for a speech verb. Defined in attribution.cc, forwarding to
// the language's RuleMatcher.
#pragma once

#include <string_view>

#include "engine/rules/compiled_rules.h"
#include "quoth/types.h"

namespace quoth::detail {

constexpr size_t kNone = static_cast<size_t>(-1);

// What a position's patterns found in a window: the pattern (index into LanguageRules::patterns,
// kNone for no match), the whole match and the speaker phrase it captured.
using Match = RuleMatcher::Match;
static_assert(RuleMatcher::kNone == kNone);

// Does `w` hold one of the pack's speech-verb words?
bool HasVerbWord(std::string_view w, const LanguageRules& rules);

// Where a `fronted` pattern reads a sentence (`sentence`: its text up to the quote): from its
// first speech verb after its first word, when that first word is a sentence opener of the pack
// (`not_names`) that is no pronoun or determiner ("I ett pressmeddelande skriver kommunen att",
// "Själv sa han gärna att"), else an empty span. Only for a language with `fronted` patterns.
Span FrontedWindow(std::string_view text, Span sentence, const LanguageRules& rules);

// The first of `position`'s patterns (in pack order) that yields a speaker in `window`.
Match RunPosition(std::string_view text, Span window, const LanguageRules& rules, Position position);

}  // namespace quoth::detail
