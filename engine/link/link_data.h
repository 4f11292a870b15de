// What linking needs, built once by Linker::Create: each language's stopwords and, for each
// language whose pack names a translation table (`lexicon:`), that table into the pivot
// language (keys: the language's words and their stems; values: pivot-language stems).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/text/word_set.h"
#include "engine/text/words.h"
#include "quoth/status.h"

namespace quoth::detail {

struct CompiledRules;

// A language whose words link to the pivot language's through a translation table.
// Its table is read on first use (Table()), not when the Linker is made: a batch without the
// language, and a program that only extracts, never pays for it (a big table takes a second and
// tens of MB).
struct TranslatedLanguage {
  using Table_ = std::unordered_map<std::string, std::vector<std::string>>;
  std::string code;                 // "sv"
  std::string name;                 // "Swedish", for messages
  std::string stemmer;              // Snowball algorithm, "swedish"
  std::vector<std::string> definite_endings;  // "et", "n": a definite form the table lists bare
  std::vector<std::string> compound_joints;   // "s": what may join the parts of a compound
  std::string table_path;           // the table to read, or "" (then only the pack's translations)
  std::string pivot_stemmer;        // what the table's pivot-language words are stemmed with
  std::unordered_map<std::string, std::vector<std::string>> pack_translations;  // the pack's `translations:`

  // Word or stem -> pivot stems: the table and the pack's translations, read once, from any
  // thread (safe: call_once).
  const Table_& Table() const;
  // Words in the table (reads it).
  size_t LexiconWords() const;

 private:
  void Load() const;
  std::shared_ptr<std::once_flag> loaded_ = std::make_shared<std::once_flag>();
  mutable Table_ to_pivot_;
  mutable size_t lexicon_words_ = 0;
};

// Vocabulary language ids: 0 is the pivot language (and every language without a table),
// 1 + i is translated[i].
using LinkLanguageId = uint8_t;
constexpr LinkLanguageId kPivotLanguage = 0;

struct LinkData {
  std::unordered_map<std::string, WordSet> stopwords;  // lang -> words
  std::unordered_map<std::string, WordSet> abbreviations;  // lang -> "Mr.", "U.N."
  WordSet titles;                                      // every language's title words, lower case
  std::string pivot = "en";                            // the language the tables translate into
  std::string pivot_name = "English";
  std::string pivot_stemmer = "english";
  std::vector<TranslatedLanguage> translated;          // in language-code order
  LinkLanguageId LanguageId(const std::string& code) const {
    for (size_t i = 0; i < translated.size(); ++i)
      if (translated[i].code == code) return static_cast<LinkLanguageId>(i + 1);
    return kPivotLanguage;
  }
};

// Reads `path` (TSV: word<TAB>pivot-language words ...) into `table`, keyed by both the word and
// its stem (`stemmer`), with the pivot words stemmed. Returns the words read, or -1 when the file
// cannot be read.
long LoadLexicon(const std::string& path, const std::string& stemmer, const std::string& pivot_stemmer,
                 TranslatedLanguage::Table_* table);
// Adds a pack's `translations:` (editors' words win: they come first).
void AddTranslations(const std::unordered_map<std::string, std::vector<std::string>>& words, const std::string& stemmer,
                     const std::string& pivot_stemmer, TranslatedLanguage::Table_* table);

// LinkData from the packs: stopwords, titles and, for each pack with `lexicon:`, its table.
// The given table (`explicit_path`, else `default_path`) stands for the pack's table of its
// file name, and the others are read from its folder; a table of a name that no pack gives
// stands for every pack's. An empty table is a warning (links across that language pair then
// rest on names and numbers), and so is a missing one with `best_effort`; without it a missing
// table is an error naming the folder and `where_from` (how it was found, how to set it); a
// missing `explicit_path` is always an error.
Status BuildLinkData(const CompiledRules& rules, const std::string& explicit_path, const std::string& default_path,
                     LinkData* data, std::vector<Diagnostic>* warnings, bool best_effort = true,
                     const std::string& where_from = "");

}  // namespace quoth::detail
