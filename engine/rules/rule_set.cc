// RuleSet::Load: find the packs, read them, compile them; all-or-nothing.
#include <chrono>
#include <filesystem>
#include <map>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/data_paths.h"
#include "engine/log/log.h"
#include "engine/rules/compiled_rules.h"
#include "engine/rules/pattern_compiler.h"
#include "engine/rules/rule_loader.h"
#include "engine/rules/name_tables.h"
#include "quoth/rules.h"

#ifndef QUOTH_SOURCE_RULES_DIR
#define QUOTH_SOURCE_RULES_DIR ""
#endif

namespace quoth {

std::string DefaultRulesDirectory() {
  return detail::FindData("QUOTH_RULES_DIR", "rules", QUOTH_SOURCE_RULES_DIR).path;
}

Result<RuleSet> RuleSet::Load(const RuleOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::string> dirs;
  if (options.include_builtin) {
    const detail::DataLookup builtin = detail::FindData("QUOTH_RULES_DIR", "rules", QUOTH_SOURCE_RULES_DIR);
    std::error_code ec;
    if (!std::filesystem::exists(builtin.path, ec)) {
      std::string looked;
      for (const auto& c : builtin.candidates) looked += (looked.empty() ? "" : ", ") + c;
      return Status(StatusCode::kRuleError, "the built-in rule packs are not found",
                    {{builtin.path, 0, 0, "",
                      builtin.from_environment
                          ? "rule directory does not exist (from $QUOTH_RULES_DIR)"
                          : "rule directory does not exist (looked in " + looked +
                                "; set $QUOTH_RULES_DIR to the installed share/quoth/rules)"}});
    }
    dirs.push_back(builtin.path);
  }
  dirs.insert(dirs.end(), options.directories.begin(), options.directories.end());
  if (dirs.empty()) return Status(StatusCode::kInvalidArgument, "no rule directories given");

  auto compiled = std::make_shared<detail::CompiledRules>();
  std::vector<Diagnostic> diagnostics;
  // The built-in packs' languages are the known ones, also when they are not loaded.
  std::map<std::string, detail::LanguagePack> packs;
  detail::LoadRulePacks(dirs, options, &packs, &diagnostics, &compiled->warnings,
                        detail::FindData("QUOTH_RULES_DIR", "rules", QUOTH_SOURCE_RULES_DIR).path);
  // Languages compile independently (RE2 builds dominate start-up): every language but the
  // last on a thread of its own, the last here. Diagnostics are appended in language order, so
  // the report does not depend on timing.
  {
    std::vector<std::vector<Diagnostic>> found(packs.size()), noted(packs.size());
    std::vector<std::thread> workers;
    // Every language's entry is made before any thread starts; each thread writes only its own.
    for (const auto& [name, pack] : packs) compiled->languages[name];
    size_t k = 0;
    for (auto& [name, pack] : packs) {
      auto compile = [target = &compiled->languages.at(name), source = &pack, out = &found[k], warn = &noted[k], &options] {
        *target = detail::CompileLanguage(std::move(*source), options, out);
        detail::LoadNameTables(target, warn);
      };
      if (++k == found.size()) { compile(); break; }
      try {
        workers.emplace_back(compile);
      } catch (const std::system_error&) {  // no thread to be had: compile here
        compile();
      }
    }
    for (auto& w : workers) w.join();
    for (auto& f : found) diagnostics.insert(diagnostics.end(), f.begin(), f.end());
    for (auto& w : noted) compiled->warnings.insert(compiled->warnings.end(), w.begin(), w.end());
  }
  if (compiled->languages.empty() && diagnostics.empty())
    diagnostics.push_back({dirs.front(), 0, 0, "", "no rule packs (*.yaml) found"});
  if (!diagnostics.empty()) {
    const size_t n = diagnostics.size();
    return Status(StatusCode::kRuleError,
                  std::to_string(n) + (n == 1 ? " problem" : " problems") + " in the rule packs",
                  std::move(diagnostics));
  }
  for (const auto& w : compiled->warnings) detail::Log().warn("{}", w.ToString());
  if (detail::Log().should_log(spdlog::level::info)) {
    size_t files = 0, patterns = 0;
    for (const auto& [name, lang] : compiled->languages) { files += lang.pack.files.size(); patterns += lang.pack.patterns.size(); }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    detail::Log().info("rules: {} languages, {} files, {} patterns compiled in {} ms", compiled->languages.size(), files,
                       patterns, ms);
  }
  return RuleSet(std::move(compiled));
}

std::vector<std::string> RuleSet::languages() const {
  std::vector<std::string> out;
  for (const auto& [name, lang] : impl_->languages) out.push_back(name);
  return out;
}

const std::vector<Diagnostic>& RuleSet::warnings() const { return impl_->warnings; }

std::vector<RuleSummary> RuleSet::Summary() const {
  std::vector<RuleSummary> out;
  for (const auto& [name, lang] : impl_->languages) {
    RuleSummary s;
    s.language = name;
    s.files = lang.pack.files.size();
    s.patterns = lang.pack.patterns.size() + lang.pack.not_speech.size();
    s.verbs = lang.pack.verbs.size();
    for (const auto& p : lang.pack.patterns) s.examples += p.examples.size();
    for (const auto& p : lang.pack.not_speech) s.examples += p.examples.size();
    out.push_back(s);
  }
  return out;
}

}  // namespace quoth
