// Reading rule packs: YAML files -> LanguagePack (unexpanded), with every problem located.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/rules/language_pack.h"
#include "quoth/rules.h"
#include "quoth/status.h"

namespace quoth::detail {

// Reads every *.yaml under each directory (directly, or one level down in <lang>/), in sorted
// order, and merges them per language: lists extend, `define:` entries and patterns with an
// existing id replace the earlier ones. Problems are appended to `diagnostics`; what loads but
// is probably not meant (a language code without a folder in `builtin_directory` nor a pack
// loaded before, an id used twice in one folder, a folder
// without packs) to `warnings`. Pattern word lists stop at options.max_word_list_entries.
void LoadRulePacks(const std::vector<std::string>& directories, const RuleOptions& options,
                   std::map<std::string, LanguagePack>* languages,
                   std::vector<Diagnostic>* diagnostics, std::vector<Diagnostic>* warnings,
                   const std::string& builtin_directory);

}  // namespace quoth::detail
