// Placeholder expansion and RE2 compilation of a language's rules.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules/compiled_rules.h"
#include "quoth/rules.h"
#include "quoth/status.h"

namespace quoth::detail {

// A language's rules with their {PLACEHOLDERS} expanded: the regexes RE2 is to compile, and
// what each rule weighs against options.max_total_pattern_bytes, known before RE2 sees any.
struct ExpandedRules {
  std::vector<std::string> patterns;  // per pattern of the pack; empty when its expansion failed
  std::vector<std::array<std::string, 3>> not_speech;  // per not_speech rule: before, quote, after
  // Why an expansion failed (an unknown placeholder, too large), reported in pack order when
  // the language is compiled.
  std::vector<std::optional<Diagnostic>> pattern_problems;
  std::vector<std::array<std::optional<Diagnostic>, 3>> not_speech_problems;
  // Bytes of regex each rule gives RE2, over every program it is compiled into: a pattern
  // alone, in its position's first-pass set, in the end-anchored alternation when its
  // position has one, and its speaker plan's pieces; a not_speech rule's parts alone and its
  // `before` once more in the rules' set or alternation.
  std::vector<size_t> pattern_weight, not_speech_weight;
  size_t total_bytes = 0;  // the weights added up

  void AppendProblems(std::vector<Diagnostic>* diagnostics) const;
};

// Expands every language's rules in the order they were read (the built-in packs first), and
// stops at the rule that takes them past options.max_total_pattern_bytes: then the error,
// named after that rule, is appended and false returned, and nothing may be compiled. Uses
// options.max_expanded_pattern_bytes for each pattern.
bool ExpandAll(const std::map<std::string, LanguagePack>& packs, const RuleOptions& options,
               std::map<std::string, ExpandedRules>* expanded, std::vector<Diagnostic>* diagnostics);

// The compiled form of `pack`, from its expansions: fills the lookup sets, compiles every
// pattern and builds the matcher (RE2::Sets per position, the verb prefilter). A regex that
// RE2 might give up on (regex_scan.h, kMaxRe2Nodes) is refused before RE2 sees it. Problems are
// appended to `diagnostics` with the rule's id and location. Uses options.max_pattern_memory.
LanguageRules CompileLanguage(LanguagePack pack, const ExpandedRules& expanded, const RuleOptions& options,
                              std::vector<Diagnostic>* diagnostics);

// Exposed for tests: expands `source` with the language's placeholders. On an unknown
// placeholder, or an expansion larger than `max_bytes`, returns false and sets *error and
// *error_offset (byte offset in `source`).
bool ExpandPattern(const LanguagePack& lang, const std::string& source, std::string* out,
                   std::string* error, size_t* error_offset,
                   size_t max_bytes = RuleOptions{}.max_expanded_pattern_bytes);

}  // namespace quoth::detail
