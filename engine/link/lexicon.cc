// The translation tables for cross-lingual linking, one per language whose pack names one.
//
// Built at build time from Debian's FreeDict dictionaries (tools/lexicon/build_lexicon.py):
// for Swedish, direct Swedish-English plus pivots through German, French and Dutch, which take
// coverage of news vocabulary from about half to nearly all words; for German, German-English
// and English-German. Both sides are stemmed with Snowball (the stemmers the packs name) so
// inflected forms meet ("hotar" ~ "hota" -> "threaten" ~ "threatens").
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/link/link_data.h"
#include "engine/link/stemmer.h"
#include "engine/log/log.h"
#include "engine/rules/compiled_rules.h"
#include "engine/rules/name_tables.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

long LoadLexicon(const std::string& path, const std::string& stemmer, const std::string& pivot_stemmer,
                 TranslatedLanguage::Table_* table) {
  std::ifstream in(path);
  if (!in) return -1;
  Stemmer own(stemmer), pivot(pivot_stemmer);
  std::string line;
  long words = 0;
  while (std::getline(in, line)) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find(' ', 0) < tab) continue;  // multi-word headwords
    const std::string word = line.substr(0, tab);
    std::vector<std::string> english;
    size_t pos = tab + 1;
    while (pos < line.size()) {
      size_t sp = line.find(' ', pos);
      if (sp == std::string::npos) sp = line.size();
      if (sp > pos) english.push_back(pivot.Stem(line.substr(pos, sp - pos)));
      pos = sp + 1;
    }
    for (const std::string& key : {word, own.Stem(word)}) {
      auto& slot = (*table)[key];
      for (const auto& e : english)
        if (std::find(slot.begin(), slot.end(), e) == slot.end()) slot.push_back(e);
    }
    ++words;
  }
  return words;
}

void AddTranslations(const std::unordered_map<std::string, std::vector<std::string>>& words, const std::string& stemmer,
                     const std::string& pivot_stemmer, TranslatedLanguage::Table_* table) {
  Stemmer own(stemmer), pivot(pivot_stemmer);
  for (const auto& [word, english] : words) {
    const std::string lower = ToLower(word);
    for (const std::string& key : {lower, own.Stem(lower)}) {
      auto& slot = (*table)[key];
      std::vector<std::string> merged;
      for (const auto& e : english) merged.push_back(pivot.Stem(ToLower(e)));
      for (const auto& e : slot)
        if (std::find(merged.begin(), merged.end(), e) == merged.end()) merged.push_back(e);
      slot = std::move(merged);
    }
  }
}

void TranslatedLanguage::Load() const {
  std::call_once(*loaded_, [&] {
    if (!table_path.empty()) {
      const long words = LoadLexicon(table_path, stemmer, pivot_stemmer, &to_pivot_);
      lexicon_words_ = words > 0 ? static_cast<size_t>(words) : 0;
      if (words > 0) Log().info("lexicon: {} {} words with translations, from {}", words, name, table_path);
    }
    AddTranslations(pack_translations, stemmer, pivot_stemmer, &to_pivot_);
  });
}

const TranslatedLanguage::Table_& TranslatedLanguage::Table() const {
  Load();
  return to_pivot_;
}

size_t TranslatedLanguage::LexiconWords() const {
  Load();
  return lexicon_words_;
}

Status BuildLinkData(const CompiledRules& rules, const std::string& explicit_path, const std::string& default_path,
                     LinkData* data, std::vector<Diagnostic>* warnings, bool best_effort, const std::string& where_from) {
  for (const auto& [name, lang] : rules.languages) {
    data->stopwords[name] = lang.pack.stopwords;
    data->abbreviations[name] = lang.pack.abbreviations;
    for (const auto& word : lang.title_words) data->titles.insert(std::string(word));
  }
  // The pivot is the language the tables translate into; its pack names its stemmer.
  for (const auto& [name, lang] : rules.languages)
    if (!lang.pack.lexicon.empty() && !lang.pack.lexicon_into.empty()) { data->pivot = lang.pack.lexicon_into; break; }
  if (const LanguageRules* pivot = rules.Find(data->pivot)) {
    if (!pivot->pack.stemmer.empty()) data->pivot_stemmer = pivot->pack.stemmer;
    if (!pivot->pack.language_name.empty()) data->pivot_name = pivot->pack.language_name;
  }
  // The given table stands for the pack's table of its file name, the others are read from its
  // folder; a table of a name no pack gives stands for every pack's (one table given for tests
  // or a one-language setup).
  const std::string& given = explicit_path.empty() ? default_path : explicit_path;
  const std::filesystem::path folder = std::filesystem::path(given).parent_path();
  const std::string given_name = std::filesystem::path(given).filename().string();
  bool given_named = false;
  for (const auto& [name, lang] : rules.languages) given_named |= !lang.pack.lexicon.empty() && lang.pack.lexicon == given_name;
  for (const auto& [name, lang] : rules.languages) {
    if (lang.pack.lexicon.empty() || name == data->pivot) continue;
    TranslatedLanguage t;
    t.code = name;
    t.name = lang.pack.language_name.empty() ? name : lang.pack.language_name;
    t.stemmer = lang.pack.stemmer;
    t.definite_endings = lang.pack.definite_endings;
    t.compound_joints = lang.pack.compound_joints;
    const bool is_given = !given_named || lang.pack.lexicon == given_name;
    std::string path = is_given ? given : (folder / lang.pack.lexicon).string();
    // Only whether the table is there and not empty is checked now; it is read on first use.
    std::error_code error;
    bool readable = !given.empty() && std::ifstream(path).good();
    // A table the data directory does not have may be the pack's own: lexicon/ of the rules
    // folder one of its files is in (`quoth tables build --rules DIR LANG` writes it there).
    if (!readable && explicit_path.empty())
      for (const auto& file : lang.pack.files) {
        const std::string own = (PackRoot(file, name) / "lexicon" / lang.pack.lexicon).string();
        if (std::ifstream(own).good()) {
          path = own;
          readable = true;
          break;
        }
      }
    const auto bytes = readable ? std::filesystem::file_size(path, error) : 0;
    if (!readable && is_given && !explicit_path.empty()) return Status(StatusCode::kIoError, "cannot read the lexicon " + path);
    const std::string pair = t.name + "-" + data->pivot_name;
    if (!readable && !best_effort)
      return Status(StatusCode::kIoError, "no " + pair + " lexicon",
                    {{path, 0, 0, "",
                      "no " + pair + " lexicon in the folder " + folder.string() + where_from +
                          " (LinkOptions::best_effort: link by names and numbers only)"}});
    if (!readable)
      warnings->push_back({path, 0, 0, "", "no " + pair + " lexicon; quotes link across languages by names and numbers only"});
    else if (error || bytes == 0)
      warnings->push_back({path, 0, 0, "", "the " + pair + " lexicon is empty; quotes link across languages by names and numbers only"});
    t.table_path = readable ? path : "";
    t.pivot_stemmer = data->pivot_stemmer;
    t.pack_translations = lang.pack.translations;
    data->translated.push_back(std::move(t));
  }
  return Status::Ok();
}

}  // namespace quoth::detail
