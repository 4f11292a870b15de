// Placeholder expansion and RE2 compilation of a language's rules.
#pragma once

#include <string>
#include <vector>

#include "engine/rules/compiled_rules.h"
#include "quoth/status.h"

namespace quoth::detail {

// Fills the lookup sets, expands {PLACEHOLDERS}, compiles every pattern and the per-position
// RE2::Sets. Problems are appended to `diagnostics` with the rule's id and location.
void CompileLanguage(LanguageRules* lang, long long max_mem, std::vector<Diagnostic>* diagnostics);

// Exposed for tests: expands `source` with the language's placeholders. On an unknown
// placeholder returns false and sets *error and *error_offset (byte offset in `source`).
bool ExpandPattern(const LanguageRules& lang, const std::string& source, std::string* out,
                   std::string* error, size_t* error_offset);

}  // namespace quoth::detail
