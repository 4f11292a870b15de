// The verb prefilter: words are read byte by byte, ASCII letters lower-cased as they are read;
// only a word with other letters goes through ToLower.
#include "engine/rules/speech_verbs.h"

#include "engine/text/utf8.h"

namespace quoth::detail {

SpeechVerbs::SpeechVerbs(const std::vector<std::string>& verbs) {
  for (const auto& v : verbs) words_.insert(ToLower(v.substr(0, v.find(' '))));
}

bool SpeechVerbs::AnyIn(std::string_view text) const {
  std::string word;
  bool ascii = true;
  for (size_t i = 0; i <= text.size(); ++i) {
    const unsigned char c = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') { word.push_back(static_cast<char>(c | 0x20)); continue; }
    if (c >= 0x80) { word.push_back(static_cast<char>(c)); ascii = false; continue; }
    if (!word.empty()) {
      if (words_.count(ascii ? word : ToLower(word))) return true;
      word.clear();
      ascii = true;
    }
  }
  return false;
}

}  // namespace quoth::detail
