// The tables that tell a name from a common word or a place, built at build time from Debian's
// data (tools/names/build_name_tables.py) and named by the rule packs:
//
//   common_words: american-english   ->  tables/words/american-english.txt
//   places: iso-3166-en              ->  tables/places/iso-3166-en.txt
//
// The tables folder is found like the other data (engine/data_paths.h): $QUOTH_TABLES_DIR, the
// build tree, next to the installed code, the configured prefix.
#pragma once

#include <string>
#include <vector>

#include "engine/rules/compiled_rules.h"
#include "quoth/status.h"

namespace quoth::detail {

// The folder holding words/ and places/.
std::string NameTablesDirectory();

// Reads the tables `lang` names into lang->common_words and lang->places. A table that cannot
// be read is a warning (at the pack line that names it), never an error: without it quoth
// tells names from words by the packs' lists alone, as it did before the tables.
void LoadNameTables(LanguageRules* lang, std::vector<Diagnostic>* warnings);

}  // namespace quoth::detail
