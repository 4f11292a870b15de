// What linking needs, built once by Linker::Create: each language's stopwords and, for each
// language whose pack names a translation table (`lexicon:`), that table into the pivot
// language (keys: the language's words and their stems; values: pivot-language stems).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/text/word_set.h"
#include "engine/text/words.h"
#include "quoth/status.h"

namespace quoth::detail {

struct CompiledRules;

// A language whose words link to the pivot language's through a translation table.
struct TranslatedLanguage {
  std::string code;                 // "sv"
  std::string name;                 // "Swedish", for messages
  std::string stemmer;              // Snowball algorithm, "swedish"
  std::unordered_map<std::string, std::vector<std::string>> to_pivot;  // word or stem -> pivot stems
  std::vector<std::string> definite_endings;  // "et", "n": a definite form the table lists bare
  std::vector<std::string> compound_joints;   // "s": what may join the parts of a compound
  size_t lexicon_words = 0;
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
  size_t lexicon_words = 0;                            // all tables together
  LinkLanguageId LanguageId(const std::string& code) const {
    for (size_t i = 0; i < translated.size(); ++i)
      if (translated[i].code == code) return static_cast<LinkLanguageId>(i + 1);
    return kPivotLanguage;
  }
};

// Reads `path` (TSV: word<TAB>pivot-language words ...) into language->to_pivot, keyed by both
// the word and its stem, with the pivot words stemmed. Returns false when the file is missing.
bool LoadLexicon(const std::string& path, const std::string& pivot_stemmer, TranslatedLanguage* language);
// Adds a pack's `translations:` (editors' words win: they come first).
void AddTranslations(const std::unordered_map<std::string, std::vector<std::string>>& words,
                     const std::string& pivot_stemmer, TranslatedLanguage* language);

// LinkData from the packs: stopwords, titles and, for each pack with `lexicon:`, its table.
// The given table (`explicit_path`, else `default_path`) stands for the pack's table of its
// file name, and the others are read from its folder; a table of a name that no pack gives
// stands for every pack's. A missing or empty table is a warning (links across that
// language pair then rest on names and numbers); a missing `explicit_path` an error.
Status BuildLinkData(const CompiledRules& rules, const std::string& explicit_path, const std::string& default_path,
                     LinkData* data, std::vector<Diagnostic>* warnings);

}  // namespace quoth::detail
