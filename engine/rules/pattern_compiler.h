// Placeholder expansion and RE2 compilation of a language's rules.
#pragma once

#include <string>
#include <vector>

#include "engine/rules/compiled_rules.h"
#include "quoth/rules.h"
#include "quoth/status.h"

namespace quoth::detail {

// The compiled form of `pack`: fills the lookup sets, expands {PLACEHOLDERS}, compiles every
// pattern and builds the matcher (RE2::Sets per position, the verb prefilter). Problems are
// appended to `diagnostics` with the rule's id and location. Uses options.max_pattern_memory
// and options.max_expanded_pattern_bytes.
LanguageRules CompileLanguage(LanguagePack pack, const RuleOptions& options, std::vector<Diagnostic>* diagnostics);

// Exposed for tests: expands `source` with the language's placeholders. On an unknown
// placeholder, or an expansion larger than `max_bytes`, returns false and sets *error and
// *error_offset (byte offset in `source`).
bool ExpandPattern(const LanguagePack& lang, const std::string& source, std::string* out,
                   std::string* error, size_t* error_offset,
                   size_t max_bytes = RuleOptions{}.max_expanded_pattern_bytes);

}  // namespace quoth::detail
