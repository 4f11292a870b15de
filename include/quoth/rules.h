// RuleSet: the compiled rule packs (quote marks, speech verbs, titles, patterns, exclusions).
//
// Load once, share everywhere: a RuleSet is immutable after Load and safe to use from many
// threads. Copies are cheap (they share the compiled form).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "quoth/export.h"
#include "quoth/status.h"

namespace quoth {

namespace detail {
// The compiled form and the one way into it are the library's own (engine/rules/rule_set_access.h):
// declared here only so that RuleSet can hold it and befriend its accessor.
struct CompiledRules;
struct RuleSetAccess;
}  // namespace detail

struct RuleOptions {
  // Rule directories, loaded in order; each holds <lang>/*.yaml (or *.yaml directly with a
  // `language:` key). Later directories layer over earlier ones: lists are extended, and a
  // pattern with an id that already exists replaces it.
  std::vector<std::string> directories = {};
  // Load the built-in packs (DefaultRulesDirectory()) before `directories`.
  bool include_builtin = true;
  // RE2 memory budget per compiled pattern, in bytes. Large enough for the DFA to stay in use.
  long long max_pattern_memory = 64 << 20;
  // Largest a pattern may become once its {PLACEHOLDERS} are expanded, in bytes (default 1 MiB;
  // the largest built-in pattern expands to about 50 KB). `define:` entries that use each
  // other several times multiply; past this limit the pattern is an error, not gigabytes.
  size_t max_expanded_pattern_bytes = 1 << 20;
  // Most entries a word list that patterns use (verbs, titles, roles, organisations,
  // determiners, pronouns) may hold, all packs together (default 10000). Each entry is
  // compiled into every pattern that uses the list, so start-up time and memory grow with it.
  size_t max_word_list_entries = 10000;
};

// Where the built-in packs live: $QUOTH_RULES_DIR when set; else, for programs running from
// quoth's build tree, the source tree's rules/; else share/quoth/rules of the prefix quoth is
// installed in, found from where the shared library (or, with the static library, the program)
// is, wherever the prefix was moved; else the configured install prefix's.
QUOTH_API std::string DefaultRulesDirectory();

// What `quoth check` reports about a loaded set.
struct RuleSummary {
  std::string language;
  size_t files = 0;
  size_t patterns = 0;
  size_t verbs = 0;
  size_t examples = 0;
};

class QUOTH_API RuleSet {
 public:
  // Reads, validates and compiles every pack. On failure the Status lists each problem as
  // FILE:LINE:COL with the rule's id, and no RuleSet is returned.
  static Result<RuleSet> Load(const RuleOptions& options = {});

  std::vector<std::string> languages() const;
  std::vector<RuleSummary> Summary() const;
  // What loaded but is probably not what the editor meant: an unknown language code, one id
  // used twice in one rules folder, a rules folder without packs. `quoth check` prints them.
  const std::vector<Diagnostic>& warnings() const;
  // Runs each rule's `examples:` through the engine and reports those that fail.
  Status CheckExamples() const;

 private:
  friend struct detail::RuleSetAccess;
  explicit RuleSet(std::shared_ptr<const detail::CompiledRules> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const detail::CompiledRules> impl_;
};

}  // namespace quoth
