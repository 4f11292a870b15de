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
// The compiled form and the one way into it are the library's own (engine/rules/rule_set_access.h):
// declared here only so that RuleSet can hold it and befriend its accessor.
struct CompiledRules;
struct RuleSetAccess;
}  // namespace detail

// How rule packs are found, and the limits that keep a pack from costing more than it may. Every
// limit is checked before the work it bounds (reading a file, compiling a pattern), and a pack
// over one is refused with the editor's FILE:LINE:COL and rule id. The options and their defaults:
//
//   option                       default             bounds
//   data_directory               ""                  (share/quoth; "" = DefaultDataDirectory())
//   best_effort                  false               (a missing table: a warning, not an error)
//   directories                  {}                  (rule folders, after the built-in one)
//   include_builtin              true                (load DefaultRulesDirectory() first)
//   max_pack_bytes               4194304 (4 MiB)     YAML read in one load, all files together
//   max_languages                32                  languages of one load
//   max_patterns                 1000                patterns + not_speech rules of one language
//   max_word_list_entries        10000               entries of one pattern word list
//   max_expanded_pattern_bytes   1048576 (1 MiB)     one pattern, placeholders expanded
//   max_total_pattern_bytes      33554432 (32 MiB)   all regexes RE2 compiles from the packs
//   max_pattern_memory           67108864 (64 MiB)   RE2's max_mem for one pattern
//
// The built-in packs use a small part of each: 60 KB of YAML, at most 19 rules per language,
// at most 127 verbs, patterns of at most 45 KB, 5 MB of regex in all (rules/README.md, "Limits").
struct RuleOptions {
  // quoth's data directory: the folder holding rules/ (the built-in packs), tables/ (words/,
  // places/: the name tables the packs name) and lexicon/ (the word tables into English; the
  // Linker made from this RuleSet reads them from here). "" (the default): $QUOTH_DATA_DIR when
  // set, else found as DefaultDataDirectory() says. When given, nothing else is looked at.
  std::string data_directory = "";
  // A table a pack names (common_words:, places:) that is not in the data directory is an error
  // naming the directory and how to set it (default false). True: a warning, and the language
  // loads without the table (names are told from words by the packs' lists alone).
  bool best_effort = false;
  // Rule directories, loaded in order; each holds <lang>/*.yaml (or *.yaml directly with a
  // `language:` key). Later directories layer over earlier ones: lists are extended, and a
  // pattern with an id that already exists replaces it.
  std::vector<std::string> directories = {};
  // Load the built-in packs (DefaultRulesDirectory()) before `directories`.
  bool include_builtin = true;
  // Most bytes of YAML one load reads, the files of every directory together, the built-in ones
  // included (default 4 MiB), each YAML alias counted as if written out (aliases of aliases
  // multiply). A YAML parser holds about 35 bytes per byte of text, so a file is measured
  // before it is read: the one that would cross the limit is refused unread.
  size_t max_pack_bytes = 4 << 20;
  // Most languages one load may hold, the built-in ones (3) included (default 32). Each is
  // compiled on its own and reads its own name tables (megabytes each): a pack that would
  // start one more is refused.
  size_t max_languages = 32;
  // Most attribution patterns and not_speech rules one language may have, all packs together
  // (default 1000). A rule with the id of an earlier one replaces it and does not count again.
  // Each rule is compiled on its own and into its position's first pass.
  size_t max_patterns = 1000;
  // RE2 memory budget per compiled pattern, in bytes (default 64 MiB). Large enough for the DFA
  // to stay in use. A position's first-pass RE2::Set gets eight times this, the not_speech set
  // four times.
  long long max_pattern_memory = 64 << 20;
  // Largest a pattern may become once its {PLACEHOLDERS} are expanded, in bytes (default 1 MiB;
  // the largest built-in pattern expands to about 45 KB). `define:` entries that use each
  // other several times multiply; past this limit the pattern is an error, not gigabytes.
  size_t max_expanded_pattern_bytes = 1 << 20;
  // Most bytes of regex RE2 is given for all the packs' rules together, every language, once
  // their placeholders are expanded (default 32 MiB; the built-in packs need about 5 MB).
  // Each pattern counts once for its own program, again for each combined program it joins
  // (its position's first-pass set; an alternation of end-anchored patterns) and for the pieces
  // its speaker is found with; a not_speech rule likewise. A load takes about 12 bytes of
  // memory per byte of regex, so this bounds it before anything is compiled: the rule that
  // crosses the limit is the error.
  size_t max_total_pattern_bytes = 32 << 20;
  // Most entries a word list that patterns use (verbs, titles, roles, organisations,
  // determiners, pronouns) may hold, all packs together (default 10000). Each entry is
  // compiled into every pattern that uses the list, so start-up time and memory grow with it.
  size_t max_word_list_entries = 10000;
};

// Where quoth's data directory (share/quoth: rules/, tables/, lexicon/) is, in this order:
//   1. $QUOTH_DATA_DIR, when set;
//   2. share/quoth of the prefix quoth is installed in, found from where the shared library
//      (or, with the static library, the program) is, wherever the prefix was moved;
//   3. the share/quoth of the package the program was built against (the CMake package and
//      quoth.pc pass it as QUOTH_PACKAGE_DATA_DIR; see NotePackageDataDirectory below);
//   4. for programs running from quoth's build tree, the build tree (the source tree's rules);
//   5. the configured install prefix's share/quoth.
// RuleOptions::data_directory, when given, replaces all of these.
QUOTH_API std::string DefaultDataDirectory();

// Where the built-in packs live: $QUOTH_RULES_DIR when set (it overrides the data directory
// for the rules alone), else rules/ of DefaultDataDirectory().
QUOTH_API std::string DefaultRulesDirectory();

// Notes the share/quoth of the quoth package a program was built against (step 3 above). A
// program that includes this header with QUOTH_PACKAGE_DATA_DIR defined (the CMake package's
// quoth::quoth and `pkg-config --cflags quoth` define it) calls it before main(); a program
// linked statically then finds the data wherever it runs from. nullptr or "" forgets it.
QUOTH_API void NotePackageDataDirectory(const char* directory);

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
  // What loaded but is probably not what the editor meant: an unknown language code, one id
  // used twice in one rules folder, a rules folder without packs. `quoth check` prints them.
  const std::vector<Diagnostic>& warnings() const;
  // Runs each rule's `examples:` through the engine and reports those that fail.
  Status CheckExamples() const;

 private:
  friend struct detail::RuleSetAccess;
  explicit RuleSet(std::shared_ptr<const detail::CompiledRules> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const detail::CompiledRules> impl_;
};

}  // namespace quoth

// QUOTH_PACKAGE_DATA_DIR: the package's share/quoth, given unquoted (a shell-safe compile
// definition, `-DQUOTH_PACKAGE_DATA_DIR=/opt/quoth/share/quoth`) or as a string literal.
#if defined(QUOTH_PACKAGE_DATA_DIR)
#pragma push_macro("linux")
#pragma push_macro("unix")
#undef linux
#undef unix
#define QUOTH_DETAIL_STRING_(...) #__VA_ARGS__
#define QUOTH_DETAIL_STRING(...) QUOTH_DETAIL_STRING_(__VA_ARGS__)
namespace quoth {
namespace detail {
namespace {
// A string literal is taken as it is; anything else is the path's text.
inline const char* PackageDataDirectoryText() {
  static const char text[] = QUOTH_DETAIL_STRING(QUOTH_PACKAGE_DATA_DIR);
  static std::string path = text[0] == '"' ? std::string(text + 1, sizeof text - 3) : std::string(text);
  return path.c_str();
}
[[maybe_unused]] const bool package_data_directory_noted =
    (::quoth::NotePackageDataDirectory(PackageDataDirectoryText()), true);
}  // namespace
}  // namespace detail
}  // namespace quoth
#undef QUOTH_DETAIL_STRING
#undef QUOTH_DETAIL_STRING_
#pragma pop_macro("unix")
#pragma pop_macro("linux")
#endif
