// quoth: command-line client of the quoth library (public API only).
//
//   quoth extract [options] FILE...   find quotes and speakers, print them
//   quoth check [--rules DIR]...      validate rule packs and run their examples, no documents
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <future>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "quoth/quoth.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitDocumentFailed = 1;
constexpr int kExitUsage = 2;

bool ReadAll(const std::string& path, std::string* out, std::string* error) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    *out = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) { *error = path + ": cannot open: " + std::strerror(errno); return false; }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) { *error = path + ": read error"; return false; }
  *out = ss.str();
  return true;
}

quoth::Result<quoth::RuleSet> LoadRules(const std::vector<std::string>& dirs, bool no_builtin) {
  quoth::RuleOptions options;
  options.directories = dirs;
  options.include_builtin = !no_builtin;
  return quoth::RuleSet::Load(options);
}

int Extract(const std::vector<std::string>& inputs, const std::string& format_name, const std::string& lang,
            const std::vector<std::string>& rule_dirs, bool no_builtin, const std::string& by, bool explain,
            bool no_link, bool speech_only, bool nested, size_t width) {
  auto format = quoth::ParseFormat(format_name);
  if (!format.ok()) { std::cerr << "quoth: " << format.status().message() << "\n"; return kExitUsage; }
  quoth::WriteOptions write;
  write.explain = explain;
  write.table_width = width;
  if (by == "speaker") write.group_by = quoth::Grouping::kSpeaker;
  else if (by == "cluster") write.group_by = quoth::Grouping::kCluster;
  else if (!by.empty() && by != "quote") { std::cerr << "quoth: --by takes quote, speaker or cluster\n"; return kExitUsage; }
  if (lang != "auto" && lang != "en" && lang != "sv") { std::cerr << "quoth: --lang takes auto, en or sv\n"; return kExitUsage; }

  auto rules = LoadRules(rule_dirs, no_builtin);
  if (!rules.ok()) { std::cerr << "quoth: " << rules.status().ToString() << "\n"; return kExitUsage; }
  quoth::EngineOptions options;
  options.lang = lang;
  options.keep_non_speech = !speech_only;
  options.keep_nested = nested;
  options.explain = explain;
  const bool streaming = *format == quoth::Format::kJsonl || *format == quoth::Format::kCsv || *format == quoth::Format::kTsv;
  options.link_evidence = !streaming && !no_link;  // what the linker compares
  const quoth::Engine engine(*rules, options);

  std::vector<std::string> files = inputs.empty() ? std::vector<std::string>{"-"} : inputs;
  // The linker's dictionary loads while the documents are read (it is needed only at the end).
  std::future<quoth::Result<quoth::Linker>> linker_future;
  if (!streaming && !no_link) {
    quoth::LinkOptions link_options;
    link_options.explain = explain;
    auto create = [&rules, link_options] { return quoth::Linker::Create(*rules, link_options); };
    try {
      linker_future = std::async(std::launch::async, create);
    } catch (const std::system_error&) {  // no thread to be had: load it at the end
      linker_future = std::async(std::launch::deferred, create);
    }
  }
  std::vector<quoth::DocumentResult> results;
  int status = kExitOk;
  bool first = true;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string text, error;
    if (!ReadAll(files[i], &text, &error)) { std::cerr << "quoth: " << error << "\n"; status = kExitDocumentFailed; continue; }
    auto result = engine.Extract(text, files[i], "d" + std::to_string(i));
    if (!result.ok()) { std::cerr << "quoth: " << result.status().message() << "\n"; status = kExitDocumentFailed; continue; }
    for (const auto& w : result->warnings)
      std::cerr << "quoth: " << files[i] << (w.line ? ":" + std::to_string(w.line) : "") << ": warning: " << w.message << "\n";
    if (streaming) {
      quoth::WriteDocument(*result, *format, std::cout, first, write);
      first = false;
    } else {
      results.push_back(std::move(*result));
    }
  }
  if (!streaming) {
    std::vector<quoth::Cluster> clusters;
    if (!no_link) {
      auto linker = linker_future.get();
      if (!linker.ok()) { std::cerr << "quoth: " << linker.status().ToString() << "\n"; return kExitUsage; }
      if (linker->lexicon_size() == 0)
        std::cerr << "quoth: warning: no Swedish-English lexicon (" << quoth::DefaultLexiconPath()
                  << "); quotes link across languages by names and numbers only\n";
      clusters = linker->Link(results);
    }
    quoth::Write(results, clusters, *format, std::cout, write);
  }
  std::cout.flush();
  return status;
}

int Check(const std::vector<std::string>& rule_dirs, bool no_builtin) {
  auto rules = LoadRules(rule_dirs, no_builtin);
  if (!rules.ok()) { std::cerr << rules.status().ToString() << "\n"; return kExitUsage; }
  for (const auto& w : rules->warnings()) std::cerr << "warning: " << w.ToString() << "\n";
  for (const auto& s : rules->Summary())
    std::cout << s.language << ": " << s.files << " files, " << s.patterns << " patterns, " << s.verbs << " verbs, "
              << s.examples << " examples\n";
  quoth::Status examples = rules->CheckExamples();
  if (!examples.ok()) { std::cerr << examples.ToString() << "\n"; return kExitDocumentFailed; }
  std::cout << "ok\n";
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"quoth: who said what in news articles (English, Swedish)"};
  app.set_version_flag("--version", QUOTH_VERSION);
  app.require_subcommand(1);

  std::vector<std::string> rule_dirs;
  bool no_builtin = false;

  auto* extract = app.add_subcommand("extract", "find quotes and their speakers");
  std::vector<std::string> inputs;
  std::string format = "table", lang = "auto", by;
  bool explain = false, no_link = false, speech_only = false, nested = false;
  size_t width = 110;
  extract->add_option("files", inputs, "articles (UTF-8 text); - or none reads standard input");
  extract->add_option("-f,--format", format, "table, json, jsonl, csv or tsv")->capture_default_str();
  extract->add_option("-l,--lang", lang, "auto, en or sv")->capture_default_str();
  extract->add_option("-r,--rules", rule_dirs, "extra rule directory, layered over the built-in packs (repeatable)");
  extract->add_flag("--no-builtin-rules", no_builtin, "use only the --rules directories");
  extract->add_option("--by", by, "table grouping: quote (default), speaker or cluster");
  extract->add_flag("--explain", explain, "show the rule and the evidence for each quote and speaker");
  extract->add_flag("--no-link", no_link, "do not link quotes across documents");
  extract->add_flag("--speech-only", speech_only, "drop headline, title, epithet and scare quotes");
  extract->add_flag("--nested", nested, "also list quotes inside quotes (kind nested) as quotes of their own");
  extract->add_option("--width", width, "table width")->capture_default_str();

  auto* check = app.add_subcommand("check", "validate rule packs and run their examples, without reading documents");
  check->add_option("-r,--rules", rule_dirs, "rule directory to check (repeatable)");
  check->add_flag("--no-builtin-rules", no_builtin, "check only the --rules directories");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  if (*extract) return Extract(inputs, format, lang, rule_dirs, no_builtin, by, explain, no_link, speech_only, nested, width);
  if (*check) return Check(rule_dirs, no_builtin);
  return kExitUsage;
}
