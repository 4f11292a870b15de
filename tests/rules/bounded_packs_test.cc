// Hostile rule packs are refused before they cost: thousands of generated patterns, files
// larger than max_pack_bytes, YAML aliases of aliases ("billion laughs"), regexes RE2 would
// give up on or take minutes over, and rules folders with link loops. Each refusal names the
// editor's file (and rule), prints nothing of RE2's own on stderr and throws nothing. The time
// and memory bounds asserted here are generous (a test is not a benchmark, and may run under
// sanitizers); what matters is the behaviour: before these limits the 20,000-pattern pack
// aborted after three minutes at 7.8 GB and the 3,000-pattern one took 34 s and 2.5 GB.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "support/rules.h"

using namespace quoth;

namespace {

namespace fs = std::filesystem;

// A pack of `count` generated attribution patterns, each with {VERB} and {SPEAKER} and an
// example: 234 bytes of YAML a pattern (20,000 make 4.7 MB, as the hostile user's did).
std::string GeneratedPatterns(size_t count) {
  std::string yaml = "pack: generated\nlanguage: en\npatterns:\n";
  char buffer[512];
  for (size_t i = 0; i < count; ++i) {
    std::snprintf(buffer, sizeof buffer,
                  "  - id: en.after.generated-%05zu\n    position: after\n"
                  "    pattern: \"^,? {VERB} {SPEAKER} (?:on|in|at) word%05zu\"\n    confidence: 0.5\n    examples:\n"
                  "      - text: \"\\\"It is fine,\\\" said Anna Berg on word%05zu.\"\n        speaker: Anna Berg\n",
                  i, i, i);
    yaml += buffer;
  }
  return yaml;
}

// What `load` wrote to stderr (file descriptor 2, where RE2's LOG writes), and how long it took.
struct Observed {
  std::string stderr_text;
  double seconds = 0;
};

Observed Observe(const std::function<void()>& load) {
  std::fflush(stderr);
  FILE* capture = std::tmpfile();
  REQUIRE(capture != nullptr);
  const int saved = dup(2);
  dup2(fileno(capture), 2);
  const auto started = std::chrono::steady_clock::now();
  load();
  Observed seen;
  seen.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::rewind(capture);
  char chunk[4096];
  for (size_t n; (n = std::fread(chunk, 1, sizeof chunk, capture)) > 0;) seen.stderr_text.append(chunk, n);
  std::fclose(capture);
  return seen;
}

// Peak resident memory of this process so far, in MB.
double PeakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

// Every diagnostic of a failed load is about a file under `dir`.
void RequireAllIn(const Status& status, const std::string& dir) {
  REQUIRE_FALSE(status.diagnostics().empty());
  for (const auto& d : status.diagnostics()) CHECK_MESSAGE(d.file.rfind(dir, 0) == 0, d.ToString());
}

size_t BuiltinRulesOf(const std::string& lang) {
  return testing::Lang(lang).pack.patterns.size() + testing::Lang(lang).pack.not_speech.size();
}

}  // namespace

TEST_CASE("a 20,000-pattern pack (4.7 MB) is refused unread, naming the editor's file, fast and small") {
  RuleOptions options;
  options.directories = {testing::TemporaryPack("generated_20000", GeneratedPatterns(20000))};
  const std::string file = options.directories[0] + "/en/x.yaml";
  REQUIRE(fs::file_size(file) > RuleOptions{}.max_pack_bytes);
  Result<RuleSet> rules = Status();
  const Observed seen = Observe([&] { rules = RuleSet::Load(options); });
  MESSAGE("20,000 patterns: refused in " << seen.seconds << " s; peak RSS " << PeakRssMb() << " MB");
  REQUIRE_FALSE(rules.ok());
  REQUIRE(rules.status().diagnostics().size() == 1);
  const Diagnostic& d = rules.status().diagnostics()[0];
  CHECK(d.file == file);
  CHECK(d.message.find("not read: its " + std::to_string(fs::file_size(file)) + " bytes") == 0);
  CHECK(d.message.find("max_pack_bytes (4194304 bytes") != std::string::npos);
  CHECK(seen.stderr_text.empty());
  CHECK(seen.seconds < 30);  // was: std::bad_alloc after 182 s
  CHECK(PeakRssMb() < 1500);
}

TEST_CASE("a 3,000-pattern pack is refused before anything is compiled, at the editor's rules, with nothing from RE2") {
  RuleOptions options;
  options.directories = {testing::TemporaryPack("generated_3000", GeneratedPatterns(3000))};
  const std::string file = options.directories[0] + "/en/x.yaml";
  Result<RuleSet> rules = Status();
  const Observed seen = Observe([&] { rules = RuleSet::Load(options); });
  MESSAGE("3,000 patterns: refused in " << seen.seconds << " s; peak RSS " << PeakRssMb() << " MB");
  REQUIRE_FALSE(rules.ok());
  RequireAllIn(rules.status(), file);  // never a built-in file
  const auto& diagnostics = rules.status().diagnostics();
  REQUIRE(diagnostics.size() == 2);
  // The first rule over max_patterns: the built-in English rules count too.
  const size_t first_over = RuleOptions{}.max_patterns - BuiltinRulesOf("en");
  char id[64];
  std::snprintf(id, sizeof id, "en.after.generated-%05zu", first_over);
  CHECK(diagnostics[0].rule == id);
  CHECK(diagnostics[0].line == 4 + 7 * first_over);  // "  - id:" of that pattern, 7 lines each
  CHECK(diagnostics[0].column == 5);
  CHECK(diagnostics[0].message.find("one rule too many: 'en' has 1000 patterns and not_speech rules already") == 0);
  // Those within max_patterns still weigh more than max_total_pattern_bytes: refused uncompiled.
  CHECK(diagnostics[1].rule.rfind("en.after.generated-", 0) == 0);
  CHECK(diagnostics[1].message.find("the rules would give RE2 more than max_total_pattern_bytes (33554432 bytes)") == 0);
  CHECK(seen.stderr_text.empty());  // was: 2681 lines of "CoalesceWalker::ShortVisit called"
  CHECK(seen.seconds < 30);         // was: 34 s
  CHECK(PeakRssMb() < 1500);        // was: 2.5 GB
}

TEST_CASE("max_patterns counts new rules of every pack, not a rule that replaces one by id") {
  const std::string pattern = "    position: after\n    pattern: \"^, said (?P<speaker>\\\\w+)\"\n";
  RuleOptions options;
  options.include_builtin = false;
  options.max_patterns = 2;
  options.directories = {testing::TemporaryPack("max_patterns",
                                                "patterns:\n  - id: en.a\n" + pattern + "  - id: en.b\n" + pattern +
                                                    "  - id: en.a\n" + pattern + "not_speech:\n  - id: en.n\n    kind: scare\n"
                                                    "    before: \"so-called $\"\n")};
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[0] + "/en/x.yaml");
  CHECK(d.line == 12);  // the not_speech rule: the second en.a replaced the first
  CHECK(d.column == 5);
  CHECK(d.rule == "en.n");
  CHECK(d.message.find("one rule too many: 'en' has 2 patterns and not_speech rules already, all packs together (max_patterns is 2)") == 0);
  options.max_patterns = 3;
  auto loaded = RuleSet::Load(options);
  CHECK_MESSAGE(loaded.ok(), loaded.status().ToString());
}

TEST_CASE("max_total_pattern_bytes blames the rule read last, whatever its language, and compiles nothing") {
  // The first folder adds a Swedish pattern, the second an English one: 'en' sorts first, but
  // the English pattern was read last, so it is the one that crosses the budget.
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {
      testing::TemporaryPack("budget_sv", "verbs: [sa]\npatterns:\n  - id: sv.mine\n    position: after\n    pattern: \"^, {VERB} {SPEAKER}\"\n", "sv"),
      testing::TemporaryPack("budget_en", "verbs: [said]\npatterns:\n  - id: en.mine\n    position: after\n    pattern: \"^, {VERB} {SPEAKER}\"\n")};
  auto fits = RuleSet::Load(options);
  REQUIRE_MESSAGE(fits.ok(), fits.status().ToString());
  options.max_total_pattern_bytes = 70000;  // one such pattern weighs about 34 KB (its {SPEAKER} most)
  REQUIRE(RuleSet::Load(options).ok());
  options.max_total_pattern_bytes = 50000;
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[1] + "/en/x.yaml");
  CHECK(d.rule == "en.mine");
  CHECK(d.line == 5);
  CHECK(d.column == 15);
  CHECK(d.message.find("the rules would give RE2 more than max_total_pattern_bytes (50000 bytes) of regex to compile") == 0);
}

TEST_CASE("max_pack_bytes counts the files of every folder, and the one that crosses it is not read") {
  RuleOptions options;
  options.include_builtin = false;
  const std::string pack = "verbs: [said, told, added]\n";  // 27 bytes
  options.directories = {testing::TemporaryPack("pack_bytes_1", pack), testing::TemporaryPack("pack_bytes_2", pack)};
  options.max_pack_bytes = 2 * pack.size();
  CHECK(RuleSet::Load(options).ok());
  options.max_pack_bytes = 2 * pack.size() - 1;
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[1] + "/en/x.yaml");
  CHECK(d.line == 0);
  CHECK(d.message == "not read: its 27 bytes, after the 27 bytes of the packs read before it, pass max_pack_bytes (53 bytes of YAML for all the rule packs of one load together)");
}

TEST_CASE("YAML aliases are counted as if written out: billion laughs are refused at once, a shared list loads") {
  // 30 levels of ten aliases each: 10^30 references to one list, in a note the loader ignores.
  std::string yaml = "patterns:\n  - id: en.after.lol\n    position: after\n    pattern: \"^, said (?P<speaker>\\\\w+)\"\n    note:\n"
                     "      - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level < 30; ++level) {
    yaml += "      - &l" + std::to_string(level) + " [";
    for (int k = 0; k < 10; ++k) yaml += (k ? ", *l" : "*l") + std::to_string(level - 1);
    yaml += "]\n";
  }
  REQUIRE(yaml.size() < 3000);
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {testing::TemporaryPack("billion_laughs", yaml)};
  const auto started = std::chrono::steady_clock::now();
  auto r = RuleSet::Load(options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  MESSAGE("billion laughs, 30 levels: refused in " << seconds << " s");
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[0] + "/en/x.yaml");
  CHECK(d.line == 10);  // &l4: the tenth of its aliases in &l5 takes the repeated bytes past 4 MiB
  CHECK(d.column == 9);
  CHECK(d.message.find("written out, the aliases of this pack would make it more than " +
                       std::to_string(RuleOptions{}.max_pack_bytes - yaml.size()) + " bytes, all that max_pack_bytes leaves") == 0);
  CHECK(seconds < 10);  // was: 43 s for 9 levels, ten times more for each level

  // A list of examples shared by alias is fine: it is small written out.
  const std::string shared =
      "quote_marks: [{open: \"\\\"\", close: \"\\\"\", family: double}]\nverbs: [said]\npatterns:\n"
      "  - id: en.after.a\n    position: after\n    pattern: \"^,? {VERB} {SPEAKER}\"\n"
      "    examples: &shared\n      - text: \"\\\"Yes,\\\" said Anna.\"\n        speaker: Anna\n"
      "  - id: en.after.b\n    position: after\n    pattern: \"^,? {VERB} (?P<speaker>\\\\w+)\"\n    examples: *shared\n";
  options.directories = {testing::TemporaryPack("shared_examples", shared)};
  auto loaded = RuleSet::Load(options);
  REQUIRE_MESSAGE(loaded.ok(), loaded.status().ToString());
  CHECK(loaded->Summary().at(0).examples == 2);
}

TEST_CASE("an anchor used inside itself is refused, not walked round forever") {
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {testing::TemporaryPack("self_alias", "verbs: [said]\nnot_names: &self [*self]\n")};
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[0] + "/en/x.yaml");
  CHECK(d.line == 2);
  CHECK(d.column == 12);  // the anchor
  CHECK(d.message == "an alias inside its own anchor: written out, this node would never end");
}

TEST_CASE("a symbolic link loop, a link to nothing and a looping rules folder are errors naming the path") {
  const std::string dir = testing::TemporaryPack("links", "verbs: [said]\n");
  fs::create_symlink("loop.yaml", dir + "/en/loop.yaml");      // points at itself
  fs::create_symlink("nowhere.yaml", dir + "/en/broken.yaml");  // points at nothing
  fs::create_symlink("de", dir + "/de");                        // a language folder that loops
  fs::create_symlink("notes.txt", dir + "/notes.txt");          // not a pack: nobody's business
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {dir};
  Result<RuleSet> r = Status();
  CHECK_NOTHROW(r = RuleSet::Load(options));
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kRuleError);
  std::vector<std::string> got;
  for (const auto& d : r.status().diagnostics()) got.push_back(d.ToString());
  std::sort(got.begin(), got.end());
  REQUIRE(got.size() == 3);
  CHECK(got[0] == dir + "/de: cannot be read: a symbolic link loop (Too many levels of symbolic links)");
  CHECK(got[1] == dir + "/en/broken.yaml: cannot be read: a symbolic link to nothing (nowhere.yaml does not exist)");
  CHECK(got[2] == dir + "/en/loop.yaml: cannot be read: a symbolic link loop (Too many levels of symbolic links)");

  // The --rules argument itself looping.
  const std::string looping = fs::temp_directory_path() / "quoth_test_pack_looping_argument";
  fs::remove(looping);
  fs::create_symlink(fs::path(looping).filename(), looping);
  options.directories = {looping};
  CHECK_NOTHROW(r = RuleSet::Load(options));
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  CHECK(r.status().diagnostics()[0].ToString() == looping + ": cannot be read: a symbolic link loop (Too many levels of symbolic links)");
  fs::remove(looping);
}

TEST_CASE("a regex RE2 would give up on is refused before RE2 sees it: nothing on stderr") {
  // 400,000 optional letters in one pattern: RE2 printed "CoalesceWalker::ShortVisit called"
  // lines to stderr (whatever log_errors says) before it refused the pattern.
  std::string letters;
  for (int i = 0; i < 40000; ++i) letters += "a?b?c?d?e?f?g?h?i?j?";
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {testing::TemporaryPack("re2_walker", "patterns:\n  - id: en.after.huge\n    position: after\n"
                                                              "    pattern: \"^(?P<speaker>x)" + letters + "\"\n")};
  Result<RuleSet> r = Status();
  const Observed seen = Observe([&] { r = RuleSet::Load(options); });
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.rule == "en.after.huge");
  CHECK(d.message.find("is too complex for RE2 once its placeholders are expanded: up to ") == 0);
  CHECK(seen.stderr_text.empty());
}

TEST_CASE("every RE2 quoth compiles keeps its log to itself: a pattern RE2 refuses prints nothing") {
  RuleOptions options;
  options.include_builtin = false;
  options.max_pattern_memory = 1 << 12;  // too little for the pattern: RE2's "pattern too large"
  options.directories = {testing::TemporaryPack("re2_quiet", "patterns:\n  - id: en.after.big\n    position: after\n"
                                                             "    pattern: \"^(?P<speaker>{CAPWORD} {CAPWORD} {CAPWORD} {CAPWORD})\"\n")};
  Result<RuleSet> r = Status();
  const Observed seen = Observe([&] { r = RuleSet::Load(options); });
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  CHECK(r.status().diagnostics()[0].message.find("is too large for RE2 once its placeholders are expanded") == 0);
  CHECK(seen.stderr_text.empty());
}

TEST_CASE("max_languages: the pack that would start one language too many is not read") {
  const fs::path dir = fs::temp_directory_path() / "quoth_test_pack_max_languages";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* lang : {"de", "en", "sv"}) std::ofstream(dir / (std::string(lang) + ".yaml")) << "language: " << lang << "\nverbs: [x]\n";
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {dir.string()};
  options.max_languages = 3;
  CHECK(RuleSet::Load(options).ok());
  options.max_languages = 2;
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  CHECK(r.status().diagnostics()[0].ToString() ==
        (dir / "sv.yaml").string() +
            ":1:11: one language too many: 'sv' would be language 3 of this load (max_languages is 2); each is compiled on its "
            "own, with its own name tables. This pack is not read");
}
