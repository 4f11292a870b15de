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
struct CompiledRules;
}

struct RuleOptions {
  // Rule directories, loaded in order; each holds <lang>/*.yaml (or *.yaml directly with a
  // `language:` key). Later directories layer over earlier ones: lists are extended, and a
  // pattern with an id that already exists replaces it.
  std::vector<std::string> directories = {};
  // Load the built-in packs (DefaultRulesDirectory()) before `directories`.
  bool include_builtin = true;
  // RE2 memory budget per compiled pattern, in bytes. Large enough for the DFA to stay in use.
  long long max_pattern_memory = 64 << 20;
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
  // Runs each rule's `examples:` through the engine and reports those that fail.
  Status CheckExamples() const;

  const detail::CompiledRules& compiled() const { return *impl_; }

 private:
  explicit RuleSet(std::shared_ptr<const detail::CompiledRules> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const detail::CompiledRules> impl_;
};

}  // namespace quoth
