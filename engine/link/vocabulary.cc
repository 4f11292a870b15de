#include "engine/link/vocabulary.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {
constexpr size_t kMaxSlotKeys = 12;    // English stems kept per Swedish word (per dictionary entry)
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

std::vector<const std::vector<std::string>*> TranslateSwedish(const LinkData& data, const std::string& word,
                                                              const std::string& stem, const Stemmer& sv) {
  const auto& table = data.sv_to_en;
  std::vector<const std::vector<std::string>*> found;
  auto add = [&](const std::string& key) {
    if (auto it = table.find(key); it != table.end() && std::find(found.begin(), found.end(), &it->second) == found.end())
      found.push_back(&it->second);
  };
  add(word);
  add(stem);
  // Definite forms the stemmer keeps or reads as another word ("ordet" = "ord" + the; "bron" =
  // "bro" + the, whose stem is also that of "brons", bronze): all readings count.
  for (const char* ending : {"et", "n", "t", "na"}) {
    const size_t n = std::strlen(ending);
    if (word.size() >= n + kMinCompoundPart && word.compare(word.size() - n, n, ending) == 0) add(word.substr(0, word.size() - n));
  }
  if (!found.empty()) return found;
  if (word.size() < 2 * kMinCompoundPart + 2) return {};
  auto lookup = [&](const std::string& part) -> const std::vector<std::string>* {
    if (auto it = table.find(part); it != table.end()) return &it->second;
    if (auto it = table.find(sv.Stem(part)); it != table.end()) return &it->second;
    return nullptr;
  };
  // Longest known head first; split only between bytes that start characters.
  for (size_t cut = word.size() - kMinCompoundPart; cut >= kMinCompoundPart; --cut) {
    if ((static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80) continue;
    const std::string head = word.substr(0, cut);
    const auto* tail = lookup(word.substr(cut));
    if (!tail) continue;
    const auto* left = lookup(head);
    if (!left && head.size() > kMinCompoundPart && head.back() == 's') left = lookup(head.substr(0, head.size() - 1));
    if (left) return {left, tail};
  }
  return {};
}

Vocabulary::Vocabulary(const LinkData& data) : data_(data), en_("en"), sv_("sv") {}

uint32_t Vocabulary::Key(const std::string& key) {
  return keys_.emplace(key, static_cast<uint32_t>(keys_.size())).first->second;
}

uint32_t Vocabulary::Find(const std::string& w, bool swedish) const {
  const auto& words = words_[swedish ? 1 : 0];
  auto it = words.find(w);
  return it == words.end() ? kNoKey : it->second;
}

uint32_t Vocabulary::Word(const std::string& w, bool swedish) {
  auto& words = words_[swedish ? 1 : 0];
  if (auto it = words.find(w); it != words.end()) return it->second;
  WordKeys k;
  const std::string cognate = CognateKey(w);
  k.cognate = cognate.empty() ? kNoKey : Key(cognate);
  k.english = Key(en_.Stem(w));
  if (!swedish) {
    k.same = k.english;
  } else {
    const std::string stem = sv_.Stem(w);
    k.same = Key("sv:" + stem);
    k.slot.push_back(k.english);  // names, numbers
    if (k.cognate != kNoKey) k.slot.push_back(k.cognate);
    for (const std::vector<std::string>* english : TranslateSwedish(data_, w, stem, sv_))
      for (size_t i = 0; i < english->size() && i < kMaxSlotKeys; ++i) k.slot.push_back(Key((*english)[i]));
    std::sort(k.slot.begin(), k.slot.end());
    k.slot.erase(std::unique(k.slot.begin(), k.slot.end()), k.slot.end());
  }
  const uint32_t id = static_cast<uint32_t>(entries_.size());
  auto it = words.emplace(w, id).first;
  entries_.push_back(std::move(k));
  texts_.push_back(&it->first);
  swedish_.push_back(swedish ? 1 : 0);
  return id;
}

}  // namespace quoth::detail
