// The tables that tell a name from a common word or a place, built at build time from Debian's
// data (tools/names/build_name_tables.py) and named by the rule packs:
//
//   common_words: american-english   ->  tables/words/american-english.txt
//   places: iso-3166-en              ->  tables/places/iso-3166-en.txt
//
// The tables folder is tables/ of the data directory (engine/data_paths.h):
// RuleOptions::data_directory, $QUOTH_TABLES_DIR, $QUOTH_DATA_DIR, next to the installed code,
// the package's, the build tree, the configured prefix.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/data_paths.h"
#include "engine/rules/compiled_rules.h"
#include "quoth/status.h"

namespace quoth::detail {

// The rules folder a pack file is in: DIR for DIR/LANG/x.yaml and for DIR/x.yaml. A language's
// own tables (a pack folder of the editor's) are read from its tables/ and lexicon/.
std::filesystem::path PackRoot(const std::string& file, const std::string& language);

// The folder holding words/ and places/ (`data_directory`: RuleOptions::data_directory).
DataLookup NameTablesDirectory(const std::string& data_directory);

// Reads the tables `lang` names into lang->common_words and lang->places. A table that cannot
// be read is an error (at the pack line that names it) naming the tables folder and how to set
// it; with `best_effort` a warning: without it quoth tells names from words by the packs' lists
// alone. An empty table (its Debian package was missing at build time) is a warning.
// `read_notes` gets a line per table read, for the caller to log: languages load on several
// threads, and logging in language order keeps the messages the same from run to run.
void LoadNameTables(LanguageRules* lang, const DataLookup& tables, bool best_effort,
                    std::vector<Diagnostic>* errors, std::vector<Diagnostic>* warnings,
                    std::vector<std::string>* read_notes);

}  // namespace quoth::detail
