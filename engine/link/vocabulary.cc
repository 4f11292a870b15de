#include "engine/link/vocabulary.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {
constexpr size_t kMaxSlotKeys = 12;    // English stems kept per translated word (per dictionary entry)
constexpr size_t kCognateLetters = 5;  // letters a cognate key keeps
constexpr size_t kMinCompoundPart = 3;
}  // namespace

std::string CognateKey(const std::string& word) {
  const std::string f = AsciiFold(word);
  std::string out;
  for (size_t i = 0; i < f.size() && out.size() < kCognateLetters; ++i) {
    const char c = f[i], n = i + 1 < f.size() ? f[i + 1] : '\0';
    if (!std::isalpha(static_cast<unsigned char>(c))) return "";
    if (c == 'p' && n == 'h') { out += 'f'; ++i; }
    else if (c == 't' && n == 'h') { out += 't'; ++i; }
    else if (c == 'q' && n == 'u') { out += "kv"; ++i; }
    else if (c == 'c') out += (n == 'e' || n == 'i' || n == 'y') ? 's' : 'k';
    else if (c == 'w') out += 'v';
    else if (c == 'z') out += 's';
    else if (c == 'x') out += "ks";
    else out += c;
  }
  return f.size() >= kCognateLetters ? "cog:" + out.substr(0, kCognateLetters) : "";
}

std::vector<const std::vector<std::string>*> Translate(const TranslatedLanguage& language, const std::string& word,
                                                       const std::string& stem, const Stemmer& stemmer) {
  const auto& table = language.Table();
  std::vector<const std::vector<std::string>*> found;
  auto add = [&](const std::string& key) {
    if (auto it = table.find(key); it != table.end() && std::find(found.begin(), found.end(), &it->second) == found.end())
      found.push_back(&it->second);
  };
  add(word);
  add(stem);
  // Definite forms the stemmer keeps or reads as another word ("ordet" = "ord" + the; "bron" =
  // "bro" + the, whose stem is also that of "brons", bronze): all readings count.
  for (const std::string& ending : language.definite_endings) {
    const size_t n = ending.size();
    if (word.size() >= n + kMinCompoundPart && word.compare(word.size() - n, n, ending) == 0) add(word.substr(0, word.size() - n));
  }
  if (!found.empty()) return found;
  if (word.size() < 2 * kMinCompoundPart + 2) return {};
  auto lookup = [&](const std::string& part) -> const std::vector<std::string>* {
    if (auto it = table.find(part); it != table.end()) return &it->second;
    if (auto it = table.find(stemmer.Stem(part)); it != table.end()) return &it->second;
    return nullptr;
  };
  // Longest known head first; split only between bytes that start characters.
  for (size_t cut = word.size() - kMinCompoundPart; cut >= kMinCompoundPart; --cut) {
    if ((static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80) continue;
    const std::string head = word.substr(0, cut);
    const auto* tail = lookup(word.substr(cut));
    if (!tail) continue;
    const auto* left = lookup(head);
    for (size_t j = 0; !left && j < language.compound_joints.size(); ++j) {
      const std::string& joint = language.compound_joints[j];
      if (head.size() >= joint.size() + kMinCompoundPart && head.size() > kMinCompoundPart &&
          head.compare(head.size() - joint.size(), joint.size(), joint) == 0)
        left = lookup(head.substr(0, head.size() - joint.size()));
    }
    if (left) return {left, tail};
  }
  return {};
}

Vocabulary::Vocabulary(const LinkData& data) : data_(data), en_(data.pivot_stemmer), words_(1 + data.translated.size()) {
  for (const TranslatedLanguage& t : data.translated) stemmers_.push_back(std::make_unique<Stemmer>(t.stemmer));
}

uint32_t Vocabulary::Key(const std::string& key) {
  const auto [it, added] = keys_.emplace(key, static_cast<uint32_t>(keys_.size()));
  if (added) key_texts_.push_back(&it->first);
  return it->second;
}

uint32_t Vocabulary::Find(const std::string& w, LinkLanguageId language) const {
  const auto& words = words_[language];
  auto it = words.find(w);
  return it == words.end() ? kNoKey : it->second;
}

uint32_t Vocabulary::Word(const std::string& w, LinkLanguageId language) {
  auto& words = words_[language];
  if (auto it = words.find(w); it != words.end()) return it->second;
  WordKeys k;
  const std::string cognate = CognateKey(w);
  k.cognate = cognate.empty() ? kNoKey : Key(cognate);
  k.pivot = Key(en_.Stem(w));
  if (language == kPivotLanguage) {
    k.same = k.pivot;
  } else {
    const TranslatedLanguage& translated = data_.translated[language - 1];
    const Stemmer& stemmer = *stemmers_[language - 1];
    const std::string stem = stemmer.Stem(w);
    k.same = Key(translated.code + ":" + stem);
    k.slot.push_back(k.pivot);  // names, numbers
    if (k.cognate != kNoKey) k.slot.push_back(k.cognate);
    for (const std::vector<std::string>* stems : Translate(translated, w, stem, stemmer))
      for (size_t i = 0; i < stems->size() && i < kMaxSlotKeys; ++i) k.slot.push_back(Key((*stems)[i]));
    std::sort(k.slot.begin(), k.slot.end());
    k.slot.erase(std::unique(k.slot.begin(), k.slot.end()), k.slot.end());
  }
  const uint32_t id = static_cast<uint32_t>(entries_.size());
  auto it = words.emplace(w, id).first;
  entries_.push_back(std::move(k));
  texts_.push_back(&it->first);
  languages_.push_back(language);
  return id;
}

}  // namespace quoth::detail
