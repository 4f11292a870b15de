// The words linking compares, interned once per Link call: each distinct word gets its keys
// (its stem in its own language, its English form, a cognate spelling key and, for words of a
// language with a translation table (Swedish, German), every English stem it may translate to), so that a word met a thousand times is
// stemmed and translated once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/link/link_data.h"
#include "engine/link/stemmer.h"

namespace quoth::detail {

constexpr uint32_t kNoKey = static_cast<uint32_t>(-1);

struct WordKeys {
  uint32_t same = kNoKey;      // matched within the word's own language: its stem
  uint32_t pivot = kNoKey;     // its own form stemmed the English way (names, numbers, English words)
  uint32_t cognate = kNoKey;   // spelling key shared with cognates in the other language, or kNoKey
  std::vector<uint32_t> slot;  // translated words: every English key it may stand for (sorted, unique)
};

class Vocabulary {
 public:
  explicit Vocabulary(const LinkData& data);
  Vocabulary(const Vocabulary&) = delete;
  Vocabulary& operator=(const Vocabulary&) = delete;

  // The entry of a lower-case word of `language` (LinkData::LanguageId), made on first use.
  uint32_t Word(const std::string& lower_word, LinkLanguageId language);
  // The entry of a word already made, or kNoKey; safe from many threads while nothing is added.
  uint32_t Find(const std::string& lower_word, LinkLanguageId language) const;
  const WordKeys& Keys(uint32_t word) const { return entries_[word]; }
  const std::string& Text(uint32_t word) const { return *texts_[word]; }
  // Whether the word is of a language that links through a translation table.
  bool IsTranslated(uint32_t word) const { return languages_[word] != kPivotLanguage; }
  size_t key_count() const { return keys_.size(); }
  // A key's text ("stem", "sv:stem", "cog:fenom"): what names it outside one Link call.
  const std::string& KeyText(uint32_t key) const { return *key_texts_[key]; }
  size_t word_count() const { return entries_.size(); }
  const LinkData& data() const { return data_; }

 private:
  uint32_t Key(const std::string& key);

  const LinkData& data_;
  Stemmer en_;
  std::vector<std::unique_ptr<Stemmer>> stemmers_;  // by language id - 1
  std::unordered_map<std::string, uint32_t> keys_;
  std::vector<const std::string*> key_texts_;  // by key, into keys_ (node-based: stable)
  std::vector<std::unordered_map<std::string, uint32_t>> words_;  // by language id
  std::vector<WordKeys> entries_;
  std::vector<const std::string*> texts_;  // into words_ (node-based: stable)
  std::vector<LinkLanguageId> languages_;
};

// Spelling key for cognates and loanwords shared by the pivot language and a translated one
// ("phenomenal" ~ "fenomenal", "organisation" ~ "organisationen"): folded to ASCII, the
// Greek- and Latin-derived spellings ph/c/qu/th/w/x/z written phonetically (f, k or s, kv, t, v,
// s, ks), cut to five letters. Shorter words get none (""). One key per word, whatever its
// language, so that every language meets every other through it. (The folding was written for
// Swedish and serves German as it is; a rule pack could give it as data, but then a pivot word
// would need one key per language pair: left in code until a language needs other rules.)
std::string CognateKey(const std::string& word);

// English stems a word of `language` may mean: the word, its stem and its form without one of
// the language's definite endings in the table, else the two parts of a compound
// ("affärsverksamhet" = "affärs" + "verksamhet", with a joining s).
std::vector<const std::vector<std::string>*> Translate(const TranslatedLanguage& language, const std::string& word,
                                                       const std::string& stem, const Stemmer& stemmer);

}  // namespace quoth::detail
