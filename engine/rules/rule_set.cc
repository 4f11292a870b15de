// RuleSet::Load: find the packs, read them, compile them; all-or-nothing.
#include <algorithm>
#include <atomic>
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

std::string DefaultDataDirectory() { return detail::FindDataDirectory("").path; }

std::string DefaultRulesDirectory() {
  return detail::FindData("", "QUOTH_RULES_DIR", "rules", QUOTH_SOURCE_RULES_DIR).path;
}

Result<RuleSet> RuleSet::Load(const RuleOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::string> dirs;
  const detail::DataLookup builtin = detail::FindData(options.data_directory, "QUOTH_RULES_DIR", "rules", QUOTH_SOURCE_RULES_DIR);
  if (options.include_builtin) {
    std::error_code ec;
    if (!std::filesystem::exists(builtin.path, ec)) {
      std::string looked;
      for (const auto& c : builtin.candidates) looked += (looked.empty() ? "" : ", ") + c;
      return Status(StatusCode::kRuleError, "the built-in rule packs are not found",
                    {{builtin.path, 0, 0, "",
                      builtin.chosen
                          ? "rule directory does not exist (from " + builtin.chosen_by + ")"
                          : "rule directory does not exist (looked in " + looked + "; " +
                                detail::DataLookup::HowToSet() + ")"}});
    }
    dirs.push_back(builtin.path);
  }
  dirs.insert(dirs.end(), options.directories.begin(), options.directories.end());
  if (dirs.empty()) return Status(StatusCode::kInvalidArgument, "no rule directories given");

  auto compiled = std::make_shared<detail::CompiledRules>();
  std::vector<Diagnostic> diagnostics;
  // The built-in packs' languages are the known ones, also when they are not loaded.
  std::map<std::string, detail::LanguagePack> packs;
  compiled->data_directory = options.data_directory;
  compiled->best_effort = options.best_effort;
  detail::LoadRulePacks(dirs, options, &packs, &diagnostics, &compiled->warnings, builtin.path);
  const detail::DataLookup tables = detail::NameTablesDirectory(options.data_directory);
  // Every rule is expanded and weighed before anything is compiled: a pack over
  // max_total_pattern_bytes is refused before RE2 spends anything on it.
  std::map<std::string, detail::ExpandedRules> expanded;
  if (!detail::ExpandAll(packs, options, &expanded, &diagnostics)) {
    // The report's order: what the loader found, each language's expansion problems, the budget.
    const Diagnostic budget = diagnostics.back();
    diagnostics.pop_back();
    for (const auto& [name, rules] : expanded) rules.AppendProblems(&diagnostics);
    diagnostics.push_back(budget);
    const size_t n = diagnostics.size();
    return Status(StatusCode::kRuleError, std::to_string(n) + (n == 1 ? " problem" : " problems") + " in the rule packs",
                  std::move(diagnostics));
  }
  // Languages compile independently (RE2 builds dominate start-up): on as many threads as the
  // machine has cores (a pack may start any number of languages), this one among them.
  // Diagnostics are appended in language order, so the report does not depend on timing.
  {
    std::vector<std::vector<Diagnostic>> found(packs.size()), noted(packs.size()), missing(packs.size());
    std::vector<std::vector<std::string>> tables_read(packs.size());
    std::vector<std::pair<detail::LanguagePack*, detail::LanguageRules*>> work;
    // Every language's entry is made before any thread starts; each task writes only its own.
    for (auto& [name, pack] : packs) work.emplace_back(&pack, &compiled->languages[name]);
    std::atomic<size_t> next{0};
    auto compile = [&] {
      for (size_t k; (k = next++) < work.size();) {
        const detail::ExpandedRules& rules = expanded.at(work[k].first->language);
        *work[k].second = detail::CompileLanguage(std::move(*work[k].first), rules, options, &found[k]);
        detail::LoadNameTables(work[k].second, tables, options.best_effort, &missing[k], &noted[k], &tables_read[k]);
      }
    };
    std::vector<std::thread> workers;
    const size_t threads = std::min<size_t>(work.size(), std::max(1u, std::thread::hardware_concurrency()));
    for (size_t t = 1; t < threads; ++t) {
      try {
        workers.emplace_back(compile);
      } catch (const std::system_error&) {  // no thread to be had: the others share the work
        break;
      }
    }
    compile();
    for (auto& w : workers) w.join();
    for (const auto& lines : tables_read)
      for (const auto& line : lines) detail::Log().info("{}", line);
    for (auto& f : found) diagnostics.insert(diagnostics.end(), f.begin(), f.end());
    for (auto& m : missing) diagnostics.insert(diagnostics.end(), m.begin(), m.end());
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
    size_t files = 0, patterns = 0, regex_bytes = 0;
    for (const auto& [name, lang] : compiled->languages) { files += lang.pack.files.size(); patterns += lang.pack.patterns.size(); }
    for (const auto& [name, rules] : expanded) regex_bytes += rules.total_bytes;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    detail::Log().info("rules: {} languages, {} files, {} patterns compiled in {} ms ({} bytes of regex, max_total_pattern_bytes {})",
                       compiled->languages.size(), files, patterns, ms, regex_bytes, options.max_total_pattern_bytes);
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
