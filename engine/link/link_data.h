// What linking needs, built once by Linker::Create: each language's stopwords and the
// Swedish -> English table (keys: Swedish words and their stems; values: English stems).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "engine/text/word_set.h"
#include "engine/text/words.h"

namespace quoth::detail {

struct LinkData {
  std::unordered_map<std::string, WordSet> stopwords;  // lang -> words
  std::unordered_map<std::string, WordSet> abbreviations;  // lang -> "Mr.", "U.N."
  WordSet titles;                                      // every language's title words, lower case
  std::unordered_map<std::string, std::vector<std::string>> sv_to_en;          // sv word or stem -> en stems
  size_t lexicon_words = 0;
};

// Reads `path` (TSV: swedish<TAB>english english ...) into data->sv_to_en, keyed by both the
// Swedish word and its stem, with English words stemmed. Returns false when the file is missing.
bool LoadLexicon(const std::string& path, LinkData* data);
// Adds the rule packs' `translations:` (editors' words win: they come first).
void AddTranslations(const std::unordered_map<std::string, std::vector<std::string>>& words, LinkData* data);

}  // namespace quoth::detail
