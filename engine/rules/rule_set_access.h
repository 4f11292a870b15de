// The way from a public RuleSet to its compiled rules, for the library's own stages (and its
// tests). It lives here, not in quoth/rules.h, so that programs using the public API see only
// RuleSet's opaque handle and the compiled form can change without touching the API.
#pragma once

#include "engine/rules/compiled_rules.h"
#include "quoth/rules.h"

namespace quoth::detail {

// RuleSet's friend: reads its private handle.
struct RuleSetAccess {
  static const CompiledRules& Compiled(const RuleSet& rules) { return *rules.impl_; }
};

inline const CompiledRules& CompiledRulesOf(const RuleSet& rules) { return RuleSetAccess::Compiled(rules); }

}  // namespace quoth::detail
