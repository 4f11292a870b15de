// Rule packs: the built-in packs load and their examples pass; a broken pack is refused
// with every problem located (FILE:LINE:COL, rule id); later directories layer over earlier
// ones. The bad packs live in tests/rules/packs/<case>/ and their expected diagnostics in
// tests/rules/packs/expected_errors.txt; packs that load with warnings, or whose examples are
// checked, have theirs in expected_warnings.txt and expected_examples.txt.
#include "engine/rules/did_you_mean.h"
#include "engine/rules/pattern_compiler.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

#include "support/rules.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

const std::string kPacks = std::string(QUOTH_TEST_DATA) + "/rules/packs";

Result<RuleSet> LoadAlone(const std::string& dir) {
  RuleOptions options;
  options.directories = {kPacks + "/" + dir};
  options.include_builtin = false;
  return RuleSet::Load(options);
}

Result<RuleSet> LoadOverBuiltin(const std::string& dir) {
  RuleOptions options;
  options.directories = {kPacks + "/" + dir};
  return RuleSet::Load(options);
}

// Status::ToString() with the packs directory removed from every path.
std::string Relative(std::string s) {
  const std::string prefix = kPacks + "/";
  for (size_t at = s.find(prefix); at != std::string::npos; at = s.find(prefix, at)) s.erase(at, prefix.size());
  return s;
}

// expected_errors.txt (or expected_warnings.txt): "== case" then the expected lines; '#'
// lines and blank lines skipped.
std::map<std::string, std::string> ReadGolden(const std::string& name = "expected_errors.txt") {
  std::ifstream in(kPacks + "/" + name);
  REQUIRE_MESSAGE(in.good(), "cannot read " << kPacks << "/" << name);
  std::map<std::string, std::string> cases;
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("== ", 0) == 0) {
      current = line.substr(3);
      REQUIRE_MESSAGE(!cases.count(current), "case listed twice: " << current);
      cases[current];
      continue;
    }
    REQUIRE_MESSAGE(!current.empty(), "line before the first '== case': " << line);
    std::string& text = cases[current];
    text += (text.empty() ? "" : "\n") + line;
  }
  return cases;
}

// The built-in languages, as a message lists them ("de, en, sv"): the folders of rules/ that
// hold a language.yaml, so that a new language's folder changes no test.
std::string KnownLanguages() {
  std::set<std::string> codes;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(QUOTH_TEST_DATA) + "/../rules"))
    if (std::filesystem::exists(entry.path() / "language.yaml")) codes.insert(entry.path().filename().string());
  std::string out;
  for (const auto& c : codes) out += (out.empty() ? "" : ", ") + c;
  return out;
}

// A golden text with {KNOWN_LANGUAGES} replaced by KnownLanguages().
std::string WithKnownLanguages(std::string text) {
  const std::string placeholder = "{KNOWN_LANGUAGES}";
  for (size_t at; (at = text.find(placeholder)) != std::string::npos;) text.replace(at, placeholder.size(), KnownLanguages());
  return text;
}

const AttributionPattern* PatternById(const LanguageRules& lang, const std::string& id) {
  for (const auto& p : lang.pack.patterns)
    if (p.id == id) return &p;
  return nullptr;
}

// The speaker of the one quote in `text`, and the rule that found it.
std::pair<std::string, std::string> Speaker(const RuleSet& rules, const std::string& text) {
  EngineOptions options;
  options.lang = "en";
  auto r = Engine(rules, options).Extract(text, "test");
  REQUIRE(r.ok());
  REQUIRE(r->quotes.size() == 1);
  const auto& s = r->quotes[0].speaker;
  return s ? std::pair{s->name, s->rule} : std::pair<std::string, std::string>{"<none>", ""};
}

}  // namespace

TEST_CASE("the built-in packs load, hold their languages, and their examples pass") {
  auto rules = RuleSet::Load();
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  // One language per folder of rules/, in order; a new language's folder adds to them.
  const std::vector<std::string>& languages = rules->languages();
  CHECK(std::is_sorted(languages.begin(), languages.end()));
  CHECK(std::adjacent_find(languages.begin(), languages.end()) == languages.end());
  std::string listed;
  for (const auto& lang : languages) listed += (listed.empty() ? "" : ", ") + lang;
  CHECK(listed == KnownLanguages());
  CHECK(languages.size() >= 3);  // en, sv, de at least
  for (const auto& s : rules->Summary()) {
    CAPTURE(s.language);
    CHECK(s.patterns > 0);
    CHECK(s.verbs > 0);
    CHECK(s.examples > 0);
  }
  const Status examples = rules->CheckExamples();
  CHECK_MESSAGE(examples.ok(), examples.ToString());
}

TEST_CASE("every bad pack gives exactly the diagnostics in expected_errors.txt") {
  const auto golden = ReadGolden();
  // Every bad pack directory has a golden block, so a new fixture cannot go unchecked.
  for (const auto& entry : std::filesystem::directory_iterator(kPacks)) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    if (name.rfind("good_", 0) == 0 || name.rfind("warn_", 0) == 0 || name.rfind("examples_", 0) == 0) continue;
    CHECK_MESSAGE(golden.count(name), "no block for packs/" << name << " in expected_errors.txt");
  }
  for (const auto& [name, expected] : golden) {
    CAPTURE(name);
    auto r = LoadAlone(name);
    CHECK_FALSE(r.ok());
    if (r.ok()) continue;
    CHECK(r.status().code() == StatusCode::kRuleError);
    CHECK(Relative(r.status().ToString()) == expected);
  }
}

TEST_CASE("every warn_ pack loads over the built-in packs with exactly the warnings in expected_warnings.txt") {
  const auto golden = ReadGolden("expected_warnings.txt");
  for (const auto& entry : std::filesystem::directory_iterator(kPacks)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && name.rfind("warn_", 0) == 0)
      CHECK_MESSAGE(golden.count(name), "no block for packs/" << name << " in expected_warnings.txt");
  }
  for (const auto& [name, expected] : golden) {
    CAPTURE(name);
    auto r = LoadOverBuiltin(name);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    std::string got;
    for (const auto& w : r->warnings()) got += (got.empty() ? "" : "\n") + Relative(w.ToString());
    CHECK(got == WithKnownLanguages(expected));
  }
}

TEST_CASE("every examples_ pack loads over the built-in packs and its examples give exactly expected_examples.txt") {
  const auto golden = ReadGolden("expected_examples.txt");
  for (const auto& entry : std::filesystem::directory_iterator(kPacks)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && name.rfind("examples_", 0) == 0)
      CHECK_MESSAGE(golden.count(name), "no block for packs/" << name << " in expected_examples.txt");
  }
  for (const auto& [name, expected] : golden) {
    CAPTURE(name);
    auto r = LoadOverBuiltin(name);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    const Status examples = r->CheckExamples();
    CHECK((examples.ok() ? "ok" : Relative(examples.ToString())) == expected);
  }
}

TEST_CASE("the built-in patterns stay far below the default max_expanded_pattern_bytes") {
  size_t largest = 0;
  for (const char* language : {"en", "sv"})
    for (size_t i = 0; i < testing::Lang(language).pack.patterns.size(); ++i)
      largest = std::max(largest, testing::Lang(language).matcher.pattern(i)->re->pattern().size());
  MESSAGE("largest built-in pattern, expanded: " << largest << " bytes");
  CHECK(largest > 0);
  CHECK(largest * 4 < RuleOptions{}.max_expanded_pattern_bytes);
}

TEST_CASE("the built-in packs load without warnings") {
  auto rules = RuleSet::Load();
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  std::string got;
  for (const auto& w : rules->warnings()) got += w.ToString() + "\n";
  CHECK_MESSAGE(rules->warnings().empty(), got);
}

TEST_CASE("a pattern word list longer than max_word_list_entries is refused at the entry that crosses the limit") {
  RuleOptions options;
  options.include_builtin = false;
  options.max_word_list_entries = 3;
  options.directories = {testing::TemporaryPack("word_limit", "verbs: [said, told, added, noted]\nabbreviations: [a., b., c., d.]\n")};
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);  // abbreviations are a hash set: not capped
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[0] + "/en/x.yaml");
  CHECK(d.line == 1);
  CHECK(d.column == 28);  // "noted"
  CHECK(d.message ==
        "'verbs' has more than 3 entries (max_word_list_entries): each entry is compiled into every pattern that uses the list; 'noted' is entry 4");
  // Within the limit the same list loads.
  options.max_word_list_entries = 4;
  CHECK(RuleSet::Load(options).ok());
}

TEST_CASE("the word-list limit counts the entries of every pack, the built-in ones too") {
  // The longest built-in word list of any language fills the limit, every other list fits; one
  // more entry layered onto that list is the one error.
  std::string fullest, key;
  size_t most = 0;
  for (const auto& lang : testing::BuiltinRules().languages()) {
    const auto& pack = testing::Lang(lang).pack;
    for (const auto& [name, list] : {std::pair{"verbs", &pack.verbs}, std::pair{"titles", &pack.titles},
                                     std::pair{"roles", &pack.roles}, std::pair{"organisations", &pack.organisations},
                                     std::pair{"determiners", &pack.determiners}})
      if (list->size() > most) most = list->size(), fullest = lang, key = name;
  }
  RuleOptions options;
  options.directories = {testing::TemporaryPack("word_limit_layered", key + ": [harrumphed]\n", fullest)};
  options.max_word_list_entries = most;  // the built-in list fills it
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  CAPTURE(r.status().ToString());
  REQUIRE(r.status().diagnostics().size() == 1);
  CHECK(r.status().diagnostics()[0].file == options.directories[0] + "/" + fullest + "/x.yaml");
  CHECK(r.status().diagnostics()[0].message.find("'harrumphed' is entry") != std::string::npos);
}

TEST_CASE("max_expanded_pattern_bytes is the user's limit: a pattern that expands past it is an error naming the chain") {
  const std::string pack =
      "verbs: [said]\ndefine:\n  INNER: \"abcdefghij\"\n  OUTER: \"{INNER}{INNER}{INNER}\"\n"
      "patterns:\n  - id: en.test.big\n    position: after\n    pattern: \"^{OUTER}{OUTER} {SPEAKER}\"\n";
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {testing::TemporaryPack("expanded_limit", pack)};
  REQUIRE_MESSAGE(RuleSet::Load(options).ok(), RuleSet::Load(options).status().ToString());
  options.max_expanded_pattern_bytes = 60;
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.rule == "en.test.big");
  CHECK(d.line == 8);
  CHECK(d.column == 23);  // the second {OUTER}: the first fits
  CHECK(d.message.find("expands to more than 60 bytes (max_expanded_pattern_bytes) through {OUTER} -> {INNER}") == 0);
  CHECK(d.message.find("{OUTER} defined at " + options.directories[0] + "/en/x.yaml:4") != std::string::npos);
}

TEST_CASE("a word list too large for a pattern is refused at the editor's entry, not at the pattern that uses it") {
  RuleOptions options;
  options.include_builtin = false;
  options.max_expanded_pattern_bytes = 400;  // a list may take 100 bytes
  std::string verbs = "verbs:\n";
  for (int i = 0; i < 8; ++i) verbs += "  - spoke up and said " + std::to_string(i) + "\n";
  options.directories = {testing::TemporaryPack("list_bytes", verbs + "patterns:\n  - id: en.test.v\n    position: after\n    pattern: \"^, {VERB} (?P<speaker>\\\\w+)\"\n")};
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.file == options.directories[0] + "/en/x.yaml");
  CHECK(d.line == 3);  // the second entry: each is about 60 bytes of pattern
  CHECK(d.column == 5);
  CHECK(d.message.find("'verbs' grows past 100 bytes of pattern (a quarter of max_expanded_pattern_bytes) at 'spoke up and said 1', entry 2") == 0);
}

TEST_CASE("a pattern that overflows at a word list names the list and where its last entry is") {
  RuleOptions options;
  options.include_builtin = false;
  options.max_expanded_pattern_bytes = 400;
  options.directories = {testing::TemporaryPack("list_in_pattern", "verbs: [said, told, added, noted, spoke]\npatterns:\n  - id: en.test.many\n"
                                                          "    position: after\n    pattern: \"^{VERB}{VERB}{VERB}{VERB}{VERB}{VERB}{VERB}{VERB}{VERB} {SPEAKER}\"\n")};
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const std::string& message = r.status().diagnostics()[0].message;
  CHECK(message.find("expands to more than 400 bytes (max_expanded_pattern_bytes) through {VERB}; {VERB} is the list 'verbs' (5 entries, the last at " +
                     options.directories[0] + "/en/x.yaml:1)") == 0);
}

TEST_CASE("ExpandPattern stops at max_bytes instead of growing without bound") {
  LanguageRules lang;  // no word lists: only the definitions matter here
  lang.pack.defines["A"] = "xxxxxxxxxx";
  for (char level = 'B'; level <= 'H'; ++level) {  // each level uses the one below 30 times: 30^7 copies
    std::string uses;
    for (int i = 0; i < 30; ++i) uses += std::string("{") + static_cast<char>(level - 1) + "}";
    lang.pack.defines[std::string(1, level)] = uses;
  }
  std::string out, error;
  size_t offset = 0;
  CHECK_FALSE(ExpandPattern(lang.pack, "^{H}", &out, &error, &offset, 4096));
  CHECK(out.empty());
  CHECK(offset == 1);
  CHECK(error.find("through {H} -> {G} -> {F}") != std::string::npos);
}

TEST_CASE("an unknown placeholder is reported with the rule id and the placeholder's column") {
  auto r = LoadAlone("unknown_placeholder");
  REQUIRE_FALSE(r.ok());
  const auto& d = r.status().diagnostics();
  REQUIRE(d.size() == 3);
  CHECK(d[0].file == kPacks + "/unknown_placeholder/en/x.yaml");
  CHECK(d[0].rule == "en.bad.placeholder");
  CHECK(d[0].line == 7);
  CHECK(d[0].column == 18);  // the '{' of {VRB}, counted from 1
  CHECK(d[0].message.find("{VRB}") != std::string::npos);
}

TEST_CASE("a YAML syntax error is located at the offending character") {
  auto r = LoadAlone("malformed");
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.line == 5);
  CHECK(d.column == 20);  // the second ':' of "position: after: before"
  CHECK(d.rule.empty());
}

TEST_CASE("a pattern RE2 cannot compile is reported with its rule id") {
  auto r = LoadAlone("bad_regex");
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  const Diagnostic& d = r.status().diagnostics()[0];
  CHECK(d.rule == "en.bad.regex");
  CHECK(d.message.find("does not compile") != std::string::npos);
  CHECK(d.message.find("missing )") != std::string::npos);
  // The pattern as the editor wrote it, with a caret under the '(' that is never closed; the
  // location is that character in the file. Not the expanded RE2.
  CHECK(d.message == "does not compile: missing )\n    ^, said (?P<speaker>[A-Z]\\w+\n            ^");
  CHECK(d.column == 23);
  CHECK(d.message.find("\\x{A0}") == std::string::npos);
}

TEST_CASE("an editor's broken verb is blamed on the editor's file, not on the built-in pattern that uses it") {
  for (const std::string pack : {"bad_utf8_verb", "verb_with_regex"}) {
    CAPTURE(pack);
    auto r = LoadOverBuiltin(pack);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.status().diagnostics().size() == 1);
    CHECK(r.status().diagnostics()[0].file == kPacks + "/" + pack + "/en/x.yaml");
    CHECK(r.status().ToString().find("attribution.yaml") == std::string::npos);
  }
}

TEST_CASE("a bad pack over the built-in packs fails the whole load") {
  // All-or-nothing: good built-in rules do not hide a broken extra pack.
  auto r = LoadOverBuiltin("no_speaker");
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status().diagnostics().size() == 1);
  CHECK(r.status().diagnostics()[0].rule == "en.bad.no-speaker");
}

TEST_CASE("a rule directory that does not exist is an error") {
  RuleOptions options;
  options.directories = {kPacks + "/no_such_directory"};
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kRuleError);
  CHECK(r.status().ToString().find("no_such_directory") != std::string::npos);
}

TEST_CASE("no directories at all is an invalid argument") {
  RuleOptions options;
  options.include_builtin = false;
  auto r = RuleSet::Load(options);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kInvalidArgument);
}

TEST_CASE("a layered directory extends the verbs, adds patterns and replaces by id") {
  auto layered = LoadOverBuiltin("good_layer");
  REQUIRE_MESSAGE(layered.ok(), layered.status().ToString());
  const LanguageRules& base = testing::Lang("en");
  const LanguageRules& en = *CompiledRulesOf(*layered).Find("en");

  // Lists extend: the new verbs join the built-in ones.
  auto has_verb = [&](const std::string& v) { return std::count(en.pack.verbs.begin(), en.pack.verbs.end(), v) == 1; };
  CHECK(has_verb("harrumphed"));
  CHECK(has_verb("said"));
  CHECK(en.pack.verbs.size() == base.pack.verbs.size() + 2);

  // Same id: replaced in place (same priority), not added twice.
  CHECK(en.pack.patterns.size() == base.pack.patterns.size() + 1);
  const auto* replaced = PatternById(en, "en.before.verb-speaker-colon");
  REQUIRE(replaced != nullptr);
  CHECK(replaced->source == "{VERB} {SPEAKER}: ?$");
  CHECK(replaced - en.pack.patterns.data() == PatternById(base, "en.before.verb-speaker-colon") - base.pack.patterns.data());
  CHECK(std::count_if(en.pack.patterns.begin(), en.pack.patterns.end(),
                      [](const auto& p) { return p.id == "en.before.verb-speaker-colon"; }) == 1);
  // New id: appended after the built-in patterns.
  REQUIRE(PatternById(en, "en.after.in-the-view-of") != nullptr);
  CHECK(en.pack.patterns.back().id == "en.after.in-the-view-of");

  // The layer's own examples pass, and the built-in ones still do.
  const Status examples = layered->CheckExamples();
  CHECK_MESSAGE(examples.ok(), examples.ToString());

  // The Swedish rules are untouched.
  CHECK(CompiledRulesOf(*layered).Find("sv")->pack.verbs == testing::Lang("sv").pack.verbs);
}

TEST_CASE("a layered verb and pattern change who the engine finds as speaker") {
  auto layered = LoadOverBuiltin("good_layer");
  REQUIRE_MESSAGE(layered.ok(), layered.status().ToString());
  // The layer's verb: unknown to the built-in packs, so only the layered set finds the tag.
  const auto& base_verbs = testing::Lang("en").pack.verbs;
  REQUIRE(std::count(base_verbs.begin(), base_verbs.end(), "harrumphed") == 0);
  const std::string verb = "\"We are late again,\" Nils Berg harrumphed.";
  CHECK(Speaker(*layered, verb).first == "Nils Berg");
  CHECK(Speaker(testing::BuiltinRules(), verb).first != "Nils Berg");
  // The layer's new pattern is the one that fires.
  const auto [name, rule] = Speaker(*layered, "\"The dam will hold,\" in the view of Sara Holt.");
  CHECK(name == "Sara Holt");
  CHECK(rule == "en.after.in-the-view-of");
}

TEST_CASE("a pack directly in a directory takes its language from the language key") {
  auto layered = LoadOverBuiltin("good_flat");
  REQUIRE_MESSAGE(layered.ok(), layered.status().ToString());
  const auto& sv = CompiledRulesOf(*layered).Find("sv")->pack.verbs;
  CHECK(std::count(sv.begin(), sv.end(), "kraxar") == 1);
  CHECK(CompiledRulesOf(*layered).Find("sv")->pack.verbs.size() == testing::Lang("sv").pack.verbs.size() + 1);
  const auto& en = CompiledRulesOf(*layered).Find("en")->pack.verbs;
  CHECK(std::count(en.begin(), en.end(), "kraxar") == 0);
}

TEST_CASE("ExpandPattern turns a space into a run of white space or no-break spaces, an optional space into an optional run") {
  const LanguageRules& en = testing::Lang("en");
  std::string out, error;
  size_t offset = 99;
  REQUIRE(ExpandPattern(en.pack, "a b", &out, &error, &offset));
  CHECK(out == "a[\\s\\x{A0}]+b");
  REQUIRE(ExpandPattern(en.pack, "a  b", &out, &error, &offset));
  CHECK(out == "a[\\s\\x{A0}]+b");  // a run of spaces is one run
  REQUIRE(ExpandPattern(en.pack, "a ?b", &out, &error, &offset));
  CHECK(out == "a[\\s\\x{A0}]*b");
  REQUIRE(ExpandPattern(en.pack, "^[,:]? ?x", &out, &error, &offset));
  CHECK(out == "^[,:]?[\\s\\x{A0}]*x");
  // A space inside a character class stays a space.
  REQUIRE(ExpandPattern(en.pack, "[a b]c", &out, &error, &offset));
  CHECK(out == "[a b]c");
}

TEST_CASE("ExpandPattern leaves escapes, counted repeats and escaped braces alone") {
  const LanguageRules& en = testing::Lang("en");
  std::string out, error;
  size_t offset = 0;
  REQUIRE(ExpandPattern(en.pack, "\\d{2,4}x{3}", &out, &error, &offset));
  CHECK(out == "\\d{2,4}x{3}");
  REQUIRE(ExpandPattern(en.pack, "\\{NOT\\}", &out, &error, &offset));
  CHECK(out == "\\{NOT\\}");
}

namespace {

// ExpandPattern(`source`) compiled as a whole-string match.
bool FullMatch(const std::string& source, const std::string& text) {
  std::string out, error;
  size_t offset = 0;
  REQUIRE_MESSAGE(ExpandPattern(testing::Lang("en").pack, source, &out, &error, &offset), error);
  RE2 re(out);
  REQUIRE_MESSAGE(re.ok(), re.error());
  return RE2::FullMatch(text, re);
}

}  // namespace

TEST_CASE("ExpandPattern does not take \\p{Lu} for a placeholder: it still means an upper-case letter") {
  // The engine may rewrite Unicode classes (it narrows them to a smaller program), but the
  // meaning must stay: {Lu} is not a placeholder and the class matches what \p{Lu} matches.
  CHECK(FullMatch("\\p{Lu}\\pL+", "Åsa"));
  CHECK(FullMatch("\\p{Lu}\\pL+", "Örjan"));
  CHECK(FullMatch("\\p{Lu}\\pL+", "Émile"));
  CHECK(FullMatch("\\p{Lu}\\pL+", "Дмитрий"));
  CHECK_FALSE(FullMatch("\\p{Lu}\\pL+", "åsa"));
  CHECK_FALSE(FullMatch("\\p{Lu}\\pL+", "1sa"));
  CHECK_FALSE(FullMatch("\\p{Lu}\\pL+", "Å-sa"));
}

TEST_CASE("upper- and lower-case classes keep their meaning for Latin Extended-A letters") {
  // Names like Šefčovič, Łukasz or Őry: the case of their first letter must be read right.
  CHECK(FullMatch("\\p{Lu}", "Š"));
  CHECK(FullMatch("\\p{Lu}", "Ł"));
  CHECK_FALSE(FullMatch("\\p{Lu}", "š"));
  CHECK_FALSE(FullMatch("\\p{Lu}", "ł"));
  CHECK_FALSE(FullMatch("\\p{Lu}", "ő"));
  CHECK(FullMatch("\\p{Ll}", "š"));
  CHECK_FALSE(FullMatch("\\p{Ll}", "Š"));
  CHECK_FALSE(FullMatch("\\p{Ll}", "Ł"));
}

TEST_CASE("ExpandPattern expands {VERB} {SPEAKER} into a pattern that captures the speaker") {
  const LanguageRules& en = testing::Lang("en");
  std::string out, error;
  size_t offset = 0;
  REQUIRE(ExpandPattern(en.pack, "^, {VERB} {SPEAKER}", &out, &error, &offset));
  CHECK(out.find("{VERB}") == std::string::npos);
  CHECK(out.find("{SPEAKER}") == std::string::npos);
  CHECK(out.find("(?P<speaker>") != std::string::npos);
  RE2 re(out);
  REQUIRE_MESSAGE(re.ok(), re.error());
  std::string speaker;
  CHECK(RE2::PartialMatch(", said Tom Hale on Monday", re, &speaker));
  CHECK(speaker == "Tom Hale");
  speaker.clear();
  CHECK(RE2::PartialMatch(",  told   Tom Hale on Monday", re, &speaker));  // spaces are \s+
  CHECK(speaker == "Tom Hale");
  CHECK_FALSE(RE2::PartialMatch(", sailed Tom Hale on Monday", re));
}

TEST_CASE("a word placeholder at the end of a pattern stops at a Unicode word boundary") {
  std::string out, error;
  size_t offset = 0;
  REQUIRE(ExpandPattern(testing::Lang("sv").pack, ", {VERB}", &out, &error, &offset));
  RE2 re(out);
  REQUIRE_MESSAGE(re.ok(), re.error());
  CHECK(RE2::PartialMatch("bra, säger", re));
  CHECK(RE2::PartialMatch("bra, säger han", re));
  CHECK_FALSE(RE2::PartialMatch("bra, sägerna", re));  // ASCII \b would match here
  CHECK_FALSE(RE2::PartialMatch("bra, sägerå", re));
}

TEST_CASE("ExpandPattern reports an unknown placeholder and where it starts") {
  const LanguageRules& en = testing::Lang("en");
  std::string out, error;
  size_t offset = 0;
  CHECK_FALSE(ExpandPattern(en.pack, "^, {VRB} {SPEAKER}", &out, &error, &offset));
  CHECK(offset == 3);
  CHECK(error.find("{VRB}") != std::string::npos);
  CHECK_FALSE(ExpandPattern(en.pack, "{SPEAKER} {ADV}{VERB} {NOPE}", &out, &error, &offset));
  CHECK(offset == 22);
  CHECK(error.find("{NOPE}") != std::string::npos);
}

// What rules/README.md tells editors about placeholders, ranking and define:.

TEST_CASE("rules/README.md describes every placeholder a built-in pattern can use") {
  // The placeholders quoth provides, as the unknown-placeholder error lists them ...
  auto r = LoadAlone("unknown_placeholder");
  REQUIRE_FALSE(r.ok());
  const std::string message = r.status().diagnostics().at(0).message;
  const size_t known = message.find("(known: ");
  REQUIRE(known != std::string::npos);
  std::vector<std::string> names;
  for (size_t at = message.find('{', known); at != std::string::npos; at = message.find('{', at + 1))
    names.push_back(message.substr(at, message.find('}', at) - at + 1));
  CHECK(names.size() >= 14);
  // ... and those the built-in packs define.
  for (const char* language : {"en", "sv"})
    for (const auto& [name, text] : testing::Lang(language).pack.defines) names.push_back("{" + name + "}");
  std::ifstream in(std::string(QUOTH_TEST_DATA) + "/../rules/README.md");
  REQUIRE(in.good());
  const std::string guide((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const auto& name : names) CHECK_MESSAGE(guide.find("`" + name + "`") != std::string::npos, name << " is not in rules/README.md");
}

TEST_CASE("an editor's define: changes every pattern that uses it, the built-in ones included") {
  // {AUX} is defined by the built-in en pack; a layer's definition replaces it for all patterns.
  RuleOptions options;
  options.directories = {testing::TemporaryPack("define_everywhere",
                                       "define:\n  AUX: \"(?:(?:has|had|have|would|will|was|is|did|does|could|also|might) ){0,2}\"\n")};
  auto layered = RuleSet::Load(options);
  REQUIRE_MESSAGE(layered.ok(), layered.status().ToString());
  const std::string text = "Nora Lind might say: \"The budget is balanced.\"";
  CHECK(Speaker(testing::BuiltinRules(), text).second != "en.before.speaker-verb-colon");
  CHECK(Speaker(*layered, text) == std::pair<std::string, std::string>{"Nora Lind", "en.before.speaker-verb-colon"});
  // The built-in examples still pass under the new definition.
  const Status examples = layered->CheckExamples();
  CHECK_MESSAGE(examples.ok(), examples.ToString());
}

TEST_CASE("an editor's new pattern comes after the built-in ones of its position; the same id takes their place") {
  const std::string text = "\"The dam will hold,\" Sara Holt said.";
  auto confidence_with = [&](const std::string& name, const std::string& id) {
    RuleOptions options;
    options.directories = {testing::TemporaryPack(name, "patterns:\n  - id: " + id +
                                                   "\n    position: after\n    pattern: \"^ ?(?P<speaker>{NAME}) said\"\n"
                                                   "    confidence: 0.5\n")};
    auto layered = RuleSet::Load(options);
    REQUIRE_MESSAGE(layered.ok(), layered.status().ToString());
    EngineOptions engine_options;
    engine_options.lang = "en";
    auto result = Engine(*layered, engine_options).Extract(text, "test");
    REQUIRE(result.ok());
    REQUIRE(result->quotes.size() == 1);
    REQUIRE(result->quotes[0].speaker);
    return std::pair{result->quotes[0].speaker->rule, result->quotes[0].speaker->confidence};
  };
  // A new id: the built-in en.after.speaker-verb matches first and wins.
  const auto [new_rule, new_confidence] = confidence_with("rank_new", "en.after.mine");
  CHECK(new_rule == "en.after.speaker-verb");
  CHECK(new_confidence == doctest::Approx(0.95));
  // The built-in id: the editor's pattern replaces it, in its place.
  const auto [same_rule, same_confidence] = confidence_with("rank_same", "en.after.speaker-verb");
  CHECK(same_rule == "en.after.speaker-verb");
  CHECK(same_confidence == doctest::Approx(0.5));
}

TEST_CASE("name particles come from the packs: a layer adds one") {
  const std::string text = "\"The vote was fair,\" said Karl zu Guttenberg on Monday.\n";
  auto speaker = [&](const RuleSet& rules) {
    EngineOptions options;
    options.lang = "en";
    auto doc = Engine(rules, options).Extract(text, "t");
    REQUIRE(doc.ok());
    REQUIRE(doc->quotes.size() == 1);
    return doc->quotes[0].speaker ? doc->quotes[0].speaker->name : std::string("<none>");
  };
  CHECK(speaker(testing::BuiltinRules()) != "Karl zu Guttenberg");
  auto layered = LoadOverBuiltin("good_name_particles");
  REQUIRE_MESSAGE(layered.ok(), layered.status().ToString());
  CHECK(speaker(*layered) == "Karl zu Guttenberg");
  // The built-in ones stay: "von der" inside a name.
  CHECK(testing::SpeakerOf(testing::Extract("\"We agreed,\" said Ursula von der Leyen.\n", "en"), "We agreed,") ==
        "Ursula von der Leyen");
}

namespace {

// Loads one pack file of `yaml` alone, from a scratch folder.
Result<RuleSet> LoadText(const std::string& yaml) {
  const auto dir = std::filesystem::temp_directory_path() / ("quoth-loader-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "en");
  std::ofstream(dir / "en" / "x.yaml") << yaml;
  RuleOptions options;
  options.directories = {dir.string()};
  options.include_builtin = false;
  auto r = RuleSet::Load(options);
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace

TEST_CASE("YAML an editor writes on purpose is not mistaken for a slip") {
  // A quoted text over two lines (no list item or key swallowed), quote marks inside a block
  // text and inside a plain text, a quoted key, quote marks as values, a { } map with quotes.
  auto r = LoadText(
      "verbs:\n"
      "  - \"said\n"
      "    aloud\"\n"
      "  - it's\n"
      "titles: ['Dr', \"Sir\"]\n"
      "define:\n"
      "  QUOTED: |\n"
      "    (?:\"[^\"]*)\n"
      "  \"PLAIN\": x\n"
      "quote_marks:\n"
      "  - {open: \",\", close: \"'\", family: \"odd\"}\n"
      "  - open: '\"'\n"
      "    close: '\"'\n");
  std::string said = r.ok() ? "" : r.status().ToString();
  CHECK_MESSAGE(r.ok(), said);
  if (r.ok()) CHECK(r->warnings().empty());
}

TEST_CASE("an unknown key or placeholder gets a 'did you mean' only when one name is close") {
  CHECK(DidYouMean("confidnce", {"id", "confidence", "position"}) == "confidence");
  CHECK(DidYouMean("SPEAKR", {"SPEAKER", "VERB"}) == "SPEAKER");
  CHECK(DidYouMean("pattrens", {"patterns", "verbs"}) == "patterns");  // two letters swapped: one edit
  CHECK(DidYouMean("colour", {"patterns", "verbs"}).empty());          // nothing close
  CHECK(DidYouMean("role", {"roles", "rules"}) == "roles");
  CHECK(DidYouMean("rxles", {"roles", "rules"}).empty());              // as close to both: no guess
  auto r = LoadText("verbz: [said]\n");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().diagnostics().at(0).message == "unknown key 'verbz': did you mean 'verbs'?");
}
