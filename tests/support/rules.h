// Test helpers: the built-in rule packs, loaded once, and shortcuts into the pipeline.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/quotes/quote_finder.h"
#include "engine/rules/compiled_rules.h"
#include "engine/rules/rule_set_access.h"
#include "engine/text/document.h"
#include "quoth/quoth.h"

namespace quoth::testing {

inline const RuleSet& BuiltinRules() {
  static const RuleSet rules = [] {
    auto r = RuleSet::Load();
    if (!r.ok()) FAIL("built-in rules do not load: " << r.status().ToString());
    return *r;
  }();
  return rules;
}

inline const detail::LanguageRules& Lang(const std::string& lang) {
  return *detail::CompiledRulesOf(BuiltinRules()).Find(lang);
}

// Runs the whole engine on `text` in `lang`, with evidence and with `options` otherwise.
inline DocumentResult Extract(const std::string& text, const std::string& lang, EngineOptions options = {}) {
  options.lang = lang;
  options.explain = true;
  Engine engine(BuiltinRules(), options);
  auto r = engine.Extract(text, "test", "d0");
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return *r;
}

// The quote whose text is `text`, or nullptr.
inline const Quote* FindQuote(const DocumentResult& d, const std::string& text) {
  for (const auto& q : d.quotes)
    if (q.text == text) return &q;
  return nullptr;
}

inline std::string SpeakerOf(const DocumentResult& d, const std::string& text) {
  const Quote* q = FindQuote(d, text);
  if (!q) return "<no such quote: " + text + ">";
  return q->speaker ? q->speaker->name : "<none>";
}

}  // namespace quoth::testing
