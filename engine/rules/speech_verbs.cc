// The verb prefilter: words are read byte by byte, ASCII letters lower-cased as they are read;
// only a word with other letters goes through ToLower.
#include "engine/rules/speech_verbs.h"

#include <cctype>

#include "engine/text/utf8.h"

namespace quoth::detail {

SpeechVerbs::SpeechVerbs(const std::vector<std::string>& verbs) {
  for (const auto& v : verbs) {
    std::vector<std::string> words;
    for (size_t i = 0; i < v.size();) {
      const size_t space = v.find(' ', i);
      const size_t end = space == std::string::npos ? v.size() : space;
      if (end > i) words.push_back(ToLower(v.substr(i, end - i)));
      i = end + 1;
    }
    if (words.empty()) continue;
    words_.insert(words.front());
    rest_[words.front()].emplace_back(words.begin() + 1, words.end());
  }
}

bool SpeechVerbs::AnyWholeIn(std::string_view text) const {
  if (!AnyIn(text)) return false;
  std::vector<std::string> words;
  std::string word;
  for (size_t i = 0; i <= text.size(); ++i) {
    const unsigned char c = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
    if (std::isalpha(c) || c >= 0x80) { word.push_back(static_cast<char>(c)); continue; }
    if (!word.empty()) words.push_back(ToLower(word));
    word.clear();
  }
  for (size_t k = 0; k < words.size(); ++k) {
    const auto it = rest_.find(words[k]);
    if (it == rest_.end()) continue;
    for (const auto& rest : it->second) {
      // The other words in order after the first, anywhere in the text ("fügte am Montag hinzu").
      size_t at = k + 1, matched = 0;
      for (; matched < rest.size() && at < words.size(); ++at)
        if (words[at] == rest[matched]) ++matched;
      if (matched == rest.size()) return true;
    }
  }
  return false;
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
