// Test helpers: the built-in rule packs, loaded once, and shortcuts into the pipeline.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
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

// The quotes the engine found, with their kinds and rules, for failure messages.
inline std::string DescribeQuotes(const DocumentResult& d) {
  std::ostringstream out;
  out << d.quotes.size() << " quote(s):";
  for (const auto& q : d.quotes) out << "\n  [" << ToString(q.kind) << "] <" << q.text << "> " << q.rule;
  return out.str();
}

// A rule folder holding one pack file (LANG/x.yaml), written to a fresh temporary folder named
// after `name`: for tests that load packs of their own.
inline std::string TemporaryPack(const std::string& name, const std::string& yaml, const std::string& lang = "en") {
  const auto dir = std::filesystem::temp_directory_path() / ("quoth_test_pack_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / lang);
  std::ofstream(dir / lang / "x.yaml") << yaml;
  return dir.string();
}

inline std::string SpeakerOf(const DocumentResult& d, const std::string& text) {
  const Quote* q = FindQuote(d, text);
  if (!q) return "<no such quote: " + text + ">";
  return q->speaker ? q->speaker->name : "<none>";
}

}  // namespace quoth::testing
