// The library as a program uses it: Result's contract, quote ids unique per document,
// Linker::Create's warnings, and where the built-in data is found.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <type_traits>

#include <unistd.h>

#include "engine/data_paths.h"
#include "support/rules.h"

namespace quoth {
namespace {

namespace fs = std::filesystem;

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, had_ = true;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (had_) setenv(name_, old_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

fs::path TempFile(const std::string& name, const std::string& content) {
  const fs::path p = fs::temp_directory_path() / ("quoth-library-test-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p) << content;
  return p;
}

TEST_CASE("Result: a value, or an error that value() throws with its text") {
  Result<int> good = 7;
  CHECK(good.ok());
  CHECK(good.status().ok());
  CHECK(good.value() == 7);
  CHECK(*good == 7);

  Result<int> bad = Status(StatusCode::kIoError, "cannot read articles/a.txt");
  CHECK_FALSE(bad.ok());
  CHECK(bad.status().code() == StatusCode::kIoError);
  try {
    (void)bad.value();
    FAIL("value() on an error did not throw");
  } catch (const BadResultAccess& e) {
    CHECK(std::string(e.what()).find("cannot read articles/a.txt") != std::string::npos);
    CHECK(e.status().code() == StatusCode::kIoError);
    CHECK(e.status().message() == "cannot read articles/a.txt");
  }
  CHECK_THROWS_AS((void)*bad, BadResultAccess);
  CHECK_THROWS_AS((void)std::move(bad).value(), BadResultAccess);
  // It is a std::exception, so a generic handler prints the status too.
  CHECK_THROWS_WITH_AS((void)Result<std::string>(Status(StatusCode::kRuleError, "bad pack")).value(),
                       doctest::Contains("bad pack"), std::exception);
}

TEST_CASE("Result: an OK Status is not a value; it becomes an internal error") {
  Result<std::string> r = Status::Ok();
  CHECK_FALSE(r.ok());
  CHECK(r.status().code() == StatusCode::kInternal);
  CHECK(r.status().message().find("OK Status") != std::string::npos);
  CHECK_THROWS_AS((void)r.value(), BadResultAccess);
  Result<std::string> also = Status();
  CHECK(also.status().code() == StatusCode::kInternal);
}

TEST_CASE("Result holds the status of a failed library call") {
  auto format = ParseFormat("yaml");
  REQUIRE_FALSE(format.ok());
  CHECK_THROWS_WITH_AS((void)format.value(), doctest::Contains(format.status().message().c_str()), BadResultAccess);
}

TEST_CASE("quote and speaker ids are unique per document by default") {
  EngineOptions options;
  options.lang = "en";
  options.link_evidence = true;
  const Engine engine(testing::BuiltinRules(), options);
  const std::string text = "\"The bridge opens in May and the ferry stops running,\" Mayor Lena Holt said.\n";
  auto a = engine.Extract(text, "a.txt");
  auto b = engine.Extract(text, "b.txt");
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(a->quotes.size() == 1);
  REQUIRE(b->quotes.size() == 1);
  CHECK(a->quotes[0].id == "a.txt.q0");
  CHECK(b->quotes[0].id == "b.txt.q0");
  REQUIRE(a->speakers.size() == 1);
  CHECK(a->speakers[0].id != b->speakers[0].id);
  CHECK(a->quotes[0].speaker->entity_id == a->speakers[0].id);

  // An explicit prefix is kept as given.
  auto c = engine.Extract(text, "c.txt", "d7");
  REQUIRE(c.ok());
  CHECK(c->quotes[0].id == "d7.q0");

  // A document without an id gets a prefix from its bytes: "d" and 16 hex digits, stable.
  auto n1 = engine.Extract(text, "");
  auto n2 = engine.Extract(text + "\n", "");
  REQUIRE(n1.ok());
  REQUIRE(n2.ok());
  const std::string id = n1->quotes[0].id;
  CHECK(id.size() == 1 + 16 + 3);
  CHECK(id.rfind("d", 0) == 0);
  CHECK(id == engine.Extract(text, "")->quotes[0].id);
  CHECK(id != n2->quotes[0].id);

  // Linked, the two copies are two members of one cluster.
  auto linker = Linker::Create(testing::BuiltinRules());
  REQUIRE(linker.ok());
  std::vector<DocumentResult> batch{*a, *b};
  const auto clusters = linker->Link(batch);
  REQUIRE(clusters.size() == 1);
  CHECK(std::set<std::string>(clusters[0].quote_ids.begin(), clusters[0].quote_ids.end()) ==
        std::set<std::string>{"a.txt.q0", "b.txt.q0"});
  CHECK(batch[0].quotes[0].cluster_id == clusters[0].id);
  CHECK(batch[1].quotes[0].cluster_id == clusters[0].id);
}

TEST_CASE("Linker::Create says when a language's lexicon is missing or empty") {
  // The built-in packs name a table each (sv-en.tsv, de-en.tsv, and any a new language adds); a
  // given table of another name stands for all of them.
  size_t tables = 0;
  for (const auto& lang : testing::BuiltinRules().languages()) tables += !testing::Lang(lang).pack.lexicon.empty();
  REQUIRE(tables >= 2);
  SUBCASE("missing at the default path: an error naming the folder and the variable") {
    const std::string missing = (fs::temp_directory_path() / "quoth-no-such-lexicon.tsv").string();
    ScopedEnv env("QUOTH_LEXICON", missing);
    auto linker = Linker::Create(testing::BuiltinRules());
    REQUIRE_FALSE(linker.ok());
    CHECK(linker.status().code() == StatusCode::kIoError);
    const std::string said = linker.status().ToString();
    CHECK(said.find(missing + ": no ") != std::string::npos);
    CHECK(said.find("lexicon in the folder " + fs::temp_directory_path().string() + " (from $QUOTH_LEXICON)") != std::string::npos);
    CHECK(said.find("LinkOptions::best_effort") != std::string::npos);
  }
  SUBCASE("missing at the default path, best effort: a warning per language") {
    const std::string missing = (fs::temp_directory_path() / "quoth-no-such-lexicon.tsv").string();
    ScopedEnv env("QUOTH_LEXICON", missing);
    LinkOptions options;
    options.best_effort = true;
    auto linker = Linker::Create(testing::BuiltinRules(), options);
    REQUIRE(linker.ok());
    CHECK(linker->lexicon_size() == 0);
    REQUIRE(linker->warnings().size() == tables);
    CHECK(linker->warnings()[0].file == missing);
    std::set<std::string> said;
    for (const auto& w : linker->warnings()) said.insert(w.message.substr(0, w.message.find(" lexicon")));
    CHECK(said.count("no German-English") == 1);
    CHECK(said.count("no Swedish-English") == 1);
  }
  SUBCASE("the others are read next to the given one, by the names the packs give") {
    const fs::path dir = fs::temp_directory_path() / ("quoth-library-test-" + std::to_string(::getpid()) + "-lexicons");
    fs::create_directories(dir);
    const fs::path sv = dir / "sv-en.tsv";
    std::ofstream(sv) << "bro\tbridge\nfärja\tferry\n";
    LinkOptions options;
    options.lexicon_path = sv.string();
    // de-en.tsv is not next to it: an error, unless the caller asks for best effort.
    auto refused = Linker::Create(testing::BuiltinRules(), options);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.status().ToString().find((dir / "de-en.tsv").string() + ": no German-English lexicon in the folder " +
                                           dir.string()) != std::string::npos);
    options.best_effort = true;
    auto linker = Linker::Create(testing::BuiltinRules(), options);
    REQUIRE(linker.ok());
    CHECK(linker->lexicon_size() == 2);  // tables are read on first use: before they are removed
    fs::remove_all(dir);
    REQUIRE(linker->warnings().size() == tables - 1);
    bool german = false;
    for (const auto& w : linker->warnings())
      german = german || (w.file == (dir / "de-en.tsv").string() && w.message.find("no German-English lexicon") != std::string::npos);
    CHECK(german);
  }
  SUBCASE("empty") {
    const fs::path empty = TempFile("empty.tsv", "");
    LinkOptions options;
    options.lexicon_path = empty.string();
    auto linker = Linker::Create(testing::BuiltinRules(), options);
    fs::remove(empty);
    REQUIRE(linker.ok());
    REQUIRE(linker->warnings().size() == tables);
    CHECK(linker->warnings()[0].message.find("lexicon is empty") != std::string::npos);
  }
  SUBCASE("a given path that cannot be read is an error") {
    LinkOptions options;
    options.lexicon_path = "/nonexistent/sv-en.tsv";
    auto linker = Linker::Create(testing::BuiltinRules(), options);
    CHECK(linker.status().code() == StatusCode::kIoError);
  }
  SUBCASE("a table with words: no warning") {
    const fs::path table = TempFile("table.tsv", "bro\tbridge\nfärja\tferry\n");
    LinkOptions options;
    options.lexicon_path = table.string();
    auto linker = Linker::Create(testing::BuiltinRules(), options);
    REQUIRE(linker.ok());
    CHECK(linker->lexicon_size() == 2 * tables);  // read for each language that names a table (on first use)
    fs::remove(table);
    CHECK(linker->warnings().empty());
  }
}

TEST_CASE("data: the environment wins, then the build tree for binaries inside it") {
  {
    ScopedEnv env("QUOTH_RULES_DIR", "/somewhere/rules");
    CHECK(DefaultRulesDirectory() == "/somewhere/rules");
    const auto found = detail::FindData("", "QUOTH_RULES_DIR", "rules", QUOTH_SOURCE_RULES_DIR);
    CHECK(found.from_environment);
    // A built-in folder that does not exist is reported with where it came from.
    auto rules = RuleSet::Load();
    REQUIRE_FALSE(rules.ok());
    CHECK(rules.status().ToString().find("/somewhere/rules: rule directory does not exist (from $QUOTH_RULES_DIR)") !=
          std::string::npos);
  }
  {
    ScopedEnv env("QUOTH_LEXICON", "/somewhere/sv-en.tsv");
    CHECK(DefaultLexiconPath() == "/somewhere/sv-en.tsv");
  }
  unsetenv("QUOTH_RULES_DIR");
  // This test runs from the build tree: the source tree's rules.
  CHECK(fs::equivalent(DefaultRulesDirectory(), QUOTH_SOURCE_RULES_DIR));
  // The code is linked into this program (not a shared library).
  CHECK(detail::ModulePath() == fs::canonical("/proc/self/exe").string());
}

TEST_CASE("data: outside the build tree, next to the program's bin/ (share/quoth), then the configured prefix") {
  // Nothing in the build tree for this name: the candidates are the install layout's.
  const auto found = detail::FindData("", "QUOTH_NO_SUCH_VARIABLE", "no-such-data", "");
  CHECK_FALSE(found.from_environment);
  REQUIRE(found.candidates.size() >= 1);
  const fs::path exe_dir = fs::canonical("/proc/self/exe").parent_path();
  CHECK(found.candidates.front() == (exe_dir / QUOTH_TEST_BIN_TO_DATA / "no-such-data").lexically_normal().string());
  CHECK(found.candidates.back() == (fs::path(QUOTH_TEST_INSTALLED_DATA_DIR) / "no-such-data").lexically_normal().string());
  // Found nowhere: the answer is the last place looked, and every place is listed.
  CHECK(found.path == found.candidates.back());
}

TEST_CASE("data: one data directory holds rules, tables and lexicon, and a missing table is an error") {
  // This test runs from the build tree: its data directory is the build folder.
  const fs::path build = DefaultDataDirectory();
  REQUIRE(fs::exists(build / "tables"));
  REQUIRE(fs::exists(build / "lexicon"));
  const fs::path dir = fs::temp_directory_path() / ("quoth-library-test-" + std::to_string(::getpid()) + "-data");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::create_directory_symlink(QUOTH_SOURCE_RULES_DIR, dir / "rules");
  fs::create_directory_symlink(build / "lexicon", dir / "lexicon");
  RuleOptions options;
  options.data_directory = dir.string();
  SUBCASE("without tables/: an error naming the folder and how to set it") {
    auto rules = RuleSet::Load(options);
    REQUIRE_FALSE(rules.ok());
    const std::string said = rules.status().ToString();
    CHECK(said.find("no words table 'american-english' in the tables folder " + (dir / "tables").string() +
                    " (from RuleOptions::data_directory), nor beside the pack (" + (dir / "rules" / "tables").string() +
                    "); set RuleOptions::data_directory or $QUOTH_DATA_DIR "
                    "to the installed share/quoth (or $QUOTH_TABLES_DIR to its tables/), or build the pack's own with "
                    "`quoth tables build --rules DIR en` (RuleOptions::best_effort: load without it)") != std::string::npos);
    // Located at the pack line that names the table.
    CHECK(said.find((dir / "rules" / "en" / "language.yaml").string() + ":") != std::string::npos);
  }
  SUBCASE("without tables/, best effort: warnings, and the rules load") {
    options.best_effort = true;
    auto rules = RuleSet::Load(options);
    REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
    size_t missing = 0;
    for (const auto& w : rules->warnings()) missing += w.message.find("no words table") != std::string::npos;
    CHECK(missing >= 1);
  }
  SUBCASE("with tables/: the rules load, and the linker reads the lexicon of the same folder") {
    fs::create_directory_symlink(build / "tables", dir / "tables");
    auto rules = RuleSet::Load(options);
    REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
    CHECK(rules->warnings().empty());
    auto linker = Linker::Create(*rules);
    REQUIRE_MESSAGE(linker.ok(), linker.status().ToString());
    CHECK(linker->warnings().empty());
    // The same folder without lexicon/: the linker says where it looked.
    fs::remove(dir / "lexicon");
    auto without = Linker::Create(*rules);
    REQUIRE_FALSE(without.ok());
    CHECK(without.status().ToString().find("lexicon in the folder " + (dir / "lexicon").string() +
                                           " (from RuleOptions::data_directory)") != std::string::npos);
  }
  SUBCASE("$QUOTH_DATA_DIR names it for every item") {
    ScopedEnv env("QUOTH_DATA_DIR", dir.string());
    CHECK(DefaultDataDirectory() == dir.string());
    CHECK(DefaultRulesDirectory() == (dir / "rules").string());
    CHECK(DefaultLexiconPath() == (dir / "lexicon" / "sv-en.tsv").string());
    // An explicit data directory wins over it.
    CHECK(detail::FindData("/elsewhere", "QUOTH_RULES_DIR", "rules", "").path == "/elsewhere/rules");
  }
  SUBCASE("the package's share/quoth (noted by quoth/rules.h) comes before the build tree") {
    NotePackageDataDirectory(dir.c_str());
    const auto found = detail::FindData("", nullptr, "rules", QUOTH_SOURCE_RULES_DIR);
    NotePackageDataDirectory(nullptr);
    CHECK(found.path == (dir / "rules").string());
    CHECK_FALSE(found.chosen);
    CHECK(detail::FindData("", nullptr, "rules", QUOTH_SOURCE_RULES_DIR).path == QUOTH_SOURCE_RULES_DIR);
  }
  fs::remove_all(dir);
}

TEST_CASE("the built-in packs loaded explicitly behave like the built-in ones") {
  const std::vector<std::string> builtin = testing::BuiltinRules().languages();  // before the folder goes
  // As a program that does not find its own data would: the built-in folder is not there.
  ScopedEnv env("QUOTH_RULES_DIR", "/nonexistent/rules");
  RuleOptions options;
  options.include_builtin = false;
  options.directories = {QUOTH_SOURCE_RULES_DIR};
  auto rules = RuleSet::Load(options);
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  std::string warnings;
  for (const auto& w : rules->warnings()) warnings += w.ToString() + "\n";
  CHECK_MESSAGE(rules->warnings().empty(), warnings);
  CHECK(rules->languages() == builtin);
  // A pack of a code nobody declares: the message still names what quoth knows.
  const fs::path pack = TempFile("x.yaml", "language: xx\nverbs: [said]\n");
  options.directories.push_back(pack.string());
  auto more = RuleSet::Load(options);
  fs::remove(pack);
  REQUIRE(more.ok());
  REQUIRE(more->warnings().size() == 1);
  std::string known;
  for (const auto& lang : rules->languages()) known += (known.empty() ? "" : ", ") + lang;
  CHECK(more->warnings()[0].message.find("unknown language code 'xx' (quoth knows " + known + ")") != std::string::npos);
}

TEST_CASE("a new language's own name tables are read from its rules folder") {
  const fs::path dir = fs::temp_directory_path() / ("quoth-library-test-" + std::to_string(::getpid()) + "-own-tables");
  fs::remove_all(dir);
  fs::create_directories(dir / "xx");
  std::ofstream(dir / "xx" / "language.yaml") << "language: xx\ncommon_words: mine\nverbs: [sagde]\n";
  RuleOptions options;
  options.directories = {dir.string()};
  // Not built yet: an error that says where it looked and how to build it.
  auto missing = RuleSet::Load(options);
  REQUIRE_FALSE(missing.ok());
  const std::string said = missing.status().ToString();
  CHECK(said.find((dir / "xx" / "language.yaml").string() + ":2:15: no words table 'mine'") != std::string::npos);
  CHECK(said.find("nor beside the pack (" + (dir / "tables").string() + ")") != std::string::npos);
  CHECK(said.find("`quoth tables build --rules DIR xx`") != std::string::npos);
  // Built beside the pack (as `quoth tables build` writes it): read, no warning.
  fs::create_directories(dir / "tables" / "words");
  std::ofstream(dir / "tables" / "words" / "mine.txt") << "hus\nbil\n";
  auto rules = RuleSet::Load(options);
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  CHECK(rules->warnings().empty());
  REQUIRE(detail::CompiledRulesOf(*rules).Find("xx") != nullptr);
  CHECK(detail::CompiledRulesOf(*rules).Find("xx")->common_words.size() == 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace quoth
