// Loading the common-word and place tables named by the rule packs (see name_tables.h).
#include "engine/rules/name_tables.h"

#include <fstream>

#include "engine/data_paths.h"
#include "engine/log/log.h"

#ifndef QUOTH_BUILD_TABLES
#define QUOTH_BUILD_TABLES ""
#endif

namespace quoth::detail {

namespace {

// One entry per line; false when the file cannot be opened.
bool ReadTable(const std::string& path, WordSet* out) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out->insert(line);
  }
  return true;
}

void Load(const std::string& dir, const char* kind, const std::string& table, const SourceLocation& where,
          WordSet* out, std::vector<Diagnostic>* warnings) {
  if (table.empty()) return;
  const std::string path = dir + "/" + kind + "/" + table + ".txt";
  if (ReadTable(path, out)) {
    Log().info("{} table {}: {} entries", kind, path, out->size());
    if (out->size() == 0)
      warnings->push_back({where.file, where.line, where.column, "",
                           std::string("the ") + kind + " table '" + table + "' (" + path +
                               ") is empty: its Debian package was not installed when quoth was built"});
    return;
  }
  const std::string without = std::string(kind) == "places"
                                  ? "places are not told from people (a country may speak)"
                                  : "names are told from words by the packs' lists alone";
  warnings->push_back({where.file, where.line, where.column, "",
                       std::string("no ") + kind + " table '" + table + "' (looked for " + path +
                           "; set $QUOTH_TABLES_DIR): " + without});
}

}  // namespace

std::string NameTablesDirectory() { return FindData("QUOTH_TABLES_DIR", "tables", QUOTH_BUILD_TABLES).path; }

void LoadNameTables(LanguageRules* lang, std::vector<Diagnostic>* warnings) {
  if (lang->pack.common_words_table.empty() && lang->pack.places_table.empty()) return;
  const std::string dir = NameTablesDirectory();
  Load(dir, "words", lang->pack.common_words_table, lang->pack.common_words_where, &lang->common_words, warnings);
  Load(dir, "places", lang->pack.places_table, lang->pack.places_where, &lang->places, warnings);
  lang->common_words_filter = WordFilter(lang->common_words);
  lang->places_filter = WordFilter(lang->places);
}

}  // namespace quoth::detail
