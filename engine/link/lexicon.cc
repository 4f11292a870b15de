// The Swedish -> English table for cross-lingual linking.
//
// Built at build time from Debian's FreeDict dictionaries (tools/lexicon/build_sv_en.py):
// direct Swedish-English plus pivots through German, French and Dutch, which take coverage of
// news vocabulary from about half to nearly all words. Both sides are stemmed with Snowball so
// inflected forms meet ("hotar" ~ "hota" -> "threaten" ~ "threatens").
#include <algorithm>
#include <fstream>

#include "engine/link/link_data.h"
#include "engine/link/stemmer.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

bool LoadLexicon(const std::string& path, LinkData* data) {
  std::ifstream in(path);
  if (!in) return false;
  Stemmer sv("sv"), en("en");
  std::string line;
  while (std::getline(in, line)) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find(' ', 0) < tab) continue;  // multi-word headwords
    const std::string word = line.substr(0, tab);
    std::vector<std::string> english;
    size_t pos = tab + 1;
    while (pos < line.size()) {
      size_t sp = line.find(' ', pos);
      if (sp == std::string::npos) sp = line.size();
      if (sp > pos) english.push_back(en.Stem(line.substr(pos, sp - pos)));
      pos = sp + 1;
    }
    for (const std::string& key : {word, sv.Stem(word)}) {
      auto& slot = data->sv_to_en[key];
      for (const auto& e : english)
        if (std::find(slot.begin(), slot.end(), e) == slot.end()) slot.push_back(e);
    }
    ++data->lexicon_words;
  }
  return true;
}

void AddTranslations(const std::unordered_map<std::string, std::vector<std::string>>& words, LinkData* data) {
  Stemmer sv("sv"), en("en");
  for (const auto& [word, english] : words) {
    const std::string lower = ToLower(word);
    for (const std::string& key : {lower, sv.Stem(lower)}) {
      auto& slot = data->sv_to_en[key];
      std::vector<std::string> merged;
      for (const auto& e : english) merged.push_back(en.Stem(ToLower(e)));
      for (const auto& e : slot)
        if (std::find(merged.begin(), merged.end(), e) == merged.end()) merged.push_back(e);
      slot = std::move(merged);
    }
  }
}

}  // namespace quoth::detail
