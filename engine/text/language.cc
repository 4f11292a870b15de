// Language identification: count the packs' function words ("the", "och") among the first few
// hundred words, stopping as soon as one language leads clearly; each of a pack's
// `hint_letters` (Swedish å, German ß) counts as one more hint. Words are lower-cased with an
// ASCII table into a small buffer, so the scan allocates nothing.
#include "engine/text/language.h"

#include <algorithm>

namespace quoth::detail {

namespace {

constexpr size_t kSampleBytes = 4096;
constexpr size_t kMaxWordBytes = 16;   // function words are short
constexpr size_t kDecisiveLead = 12;   // hint words ahead: no need to read on

}  // namespace

std::string DetectLanguage(std::string_view text, const std::vector<LanguageHints>& languages) {
  if (languages.empty()) return "";
  std::vector<size_t> scores(languages.size(), 0);
  bool any_letters = false;
  for (const LanguageHints& l : languages) any_letters |= !l.letters->empty();
  // Is one language ahead of every other by kDecisiveLead?
  auto decided = [&] {
    size_t best = 0, second = 0;
    for (size_t s : scores) {
      if (s > best) { second = best; best = s; }
      else if (s > second) second = s;
    }
    return scores.size() < 2 || best >= second + kDecisiveLead;
  };
  const std::string_view sample = text.substr(0, kSampleBytes);
  char word[kMaxWordBytes];
  size_t length = 0;      // bytes of the current word; > kMaxWordBytes: too long to be a hint
  size_t words = 0;
  auto finish_word = [&] {
    if (length > 0 && length <= kMaxWordBytes) {
      const std::string_view w(word, length);
      for (size_t l = 0; l < languages.size(); ++l)
        if (length <= languages[l].longest_word) scores[l] += languages[l].words->count(w);
      ++words;
    }
    length = 0;
  };
  auto add = [&](char c) {
    if (length < kMaxWordBytes) word[length] = c;
    ++length;
  };
  for (size_t i = 0; i < sample.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(sample[i]);
    if (static_cast<unsigned>((c | 0x20) - 'a') < 26u) {
      add(static_cast<char>(c | 0x20));
    } else if (c >= 0x80) {
      add(static_cast<char>(c));
      if (any_letters && c >= 0xC0) {  // the first byte of a letter
        for (size_t l = 0; l < languages.size(); ++l)
          for (const std::string& letter : *languages[l].letters)
            if (sample.compare(i, letter.size(), letter) == 0) ++scores[l];
      }
    } else if (length > 0) {
      finish_word();
      if (words % 16 == 0 && words >= 32 && decided()) break;
    }
  }
  finish_word();
  // Nothing known: the language the others' word tables translate into (the one every
  // language links through), else the first.
  size_t best = 0;
  for (const LanguageHints& l : languages)
    for (size_t k = 0; k < languages.size(); ++k)
      if (!l.translates_into.empty() && languages[k].language == l.translates_into) best = k;
  for (size_t l = 0; l < languages.size(); ++l)
    if (scores[l] > scores[best]) best = l;
  return std::string(languages[best].language);
}

}  // namespace quoth::detail
