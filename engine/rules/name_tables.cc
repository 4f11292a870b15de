// Loading the common-word and place tables named by the rule packs (see name_tables.h).
#include "engine/rules/name_tables.h"

#include <filesystem>
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

void Load(const DataLookup& tables, const char* kind, const std::string& table, const SourceLocation& where,
          const std::string& language, bool best_effort, WordSet* out, std::vector<Diagnostic>* errors, std::vector<Diagnostic>* warnings,
          std::vector<std::string>* read_notes) {
  if (table.empty()) return;
  std::string path = tables.path + "/" + kind + "/" + table + ".txt";
  // A table the data directory does not have may be the pack's own: tables/ of the rules folder
  // the pack is in (`quoth tables build --rules DIR LANG` writes it there).
  const std::string own = (PackRoot(where.file, language) / "tables" / kind / (table + ".txt")).string();
  bool read = ReadTable(path, out);
  if (!read && ReadTable(own, out)) {
    read = true;
    path = own;
  }
  if (read) {
    read_notes->push_back(std::string(kind) + " table " + path + ": " + std::to_string(out->size()) + " entries");
    if (out->size() == 0)
      warnings->push_back({where.file, where.line, where.column, "",
                           std::string("the ") + kind + " table '" + table + "' (" + path +
                               ") is empty: its Debian package was not installed when quoth was built"});
    return;
  }
  std::string where_from;
  if (tables.chosen) {
    where_from = "the tables folder " + tables.path + " (from " + tables.chosen_by + ")";
  } else {
    std::string looked;
    for (const auto& c : tables.candidates) looked += (looked.empty() ? "" : ", ") + c;
    where_from = "the tables folder " + tables.path + " (looked in " + looked + ")";
  }
  const std::string problem = std::string("no ") + kind + " table '" + table + "' in " + where_from +
                              ", nor beside the pack (" + (PackRoot(where.file, language) / "tables").string() + "); " +
                              DataLookup::HowToSet() + " (or $QUOTH_TABLES_DIR to its tables/), or build the pack's " +
                              "own with `quoth tables build --rules DIR " + language + "`";
  if (!best_effort) {
    errors->push_back({where.file, where.line, where.column, "",
                       problem + " (RuleOptions::best_effort: load without it)"});
    return;
  }
  const std::string without = std::string(kind) == "places"
                                  ? "places are not told from people (a country may speak)"
                                  : "names are told from words by the packs' lists alone";
  warnings->push_back({where.file, where.line, where.column, "", problem + ": " + without});
}

}  // namespace

std::filesystem::path PackRoot(const std::string& file, const std::string& language) {
  std::filesystem::path folder = std::filesystem::path(file).parent_path();
  return folder.filename() == language ? folder.parent_path() : folder;
}

DataLookup NameTablesDirectory(const std::string& data_directory) {
  return FindData(data_directory, "QUOTH_TABLES_DIR", "tables", QUOTH_BUILD_TABLES);
}

void LoadNameTables(LanguageRules* lang, const DataLookup& tables, bool best_effort,
                    std::vector<Diagnostic>* errors, std::vector<Diagnostic>* warnings, std::vector<std::string>* read_notes) {
  if (lang->pack.common_words_table.empty() && lang->pack.places_table.empty()) return;
  Load(tables, "words", lang->pack.common_words_table, lang->pack.common_words_where, lang->pack.language, best_effort,
       &lang->common_words, errors, warnings, read_notes);
  Load(tables, "places", lang->pack.places_table, lang->pack.places_where, lang->pack.language, best_effort,
       &lang->places, errors, warnings, read_notes);
  lang->common_words_filter = WordFilter(lang->common_words);
  lang->places_filter = WordFilter(lang->places);
}

}  // namespace quoth::detail
