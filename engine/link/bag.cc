#include "engine/link/bag.h"

#include <algorithm>
#include <unordered_set>

namespace quoth::detail {

namespace {

// "U.N.", "Mr.", "J." end with a full stop but not a sentence: the word with its stop is one of
// the language's abbreviations, an initial, or holds another stop.
bool AbbreviationBefore(std::string_view text, size_t stop, const WordSet& abbreviations) {
  size_t begin = stop;
  while (begin > 0 && text[begin - 1] != ' ' && text[begin - 1] != '\n') --begin;
  const std::string_view word = text.substr(begin, stop - begin);
  if (word.size() <= 1 || word.find('.') != std::string_view::npos) return true;
  return abbreviations.count(text.substr(begin, stop + 1 - begin)) != 0;
}

}  // namespace

std::vector<std::string_view> QuoteSentences(std::string_view text, const WordSet& abbreviations) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    const bool end = (text[i] == '!' || text[i] == '?' || (text[i] == '.' && !AbbreviationBefore(text, i, abbreviations))) &&
                     (text[i + 1] == ' ' || text[i + 1] == '\n');
    if (end || text[i] == '\n') {
      if (i + 1 > start) out.push_back(text.substr(start, i + 1 - start));
      start = i + 1;
    }
  }
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

namespace {

constexpr size_t kLookupTerms = 32;  // bags with more English terms keep their sorted lookup

template <typename WordId>
Bag BuildBag(const std::vector<std::string>& words, LinkLanguageId language, const WordSet& stopwords, const Vocabulary& vocab,
             size_t short_sentence, WordId word_id) {
  const bool translated = language != kPivotLanguage;  // translated: its words stand for slots
  Bag bag;
  bag.translated = translated;
  // A single letter ("U.S." gives "u" and "s") is not a content word.
  auto is_stop = [&](const std::string& w) { return w.size() < 2 || stopwords.count(w) != 0; };
  size_t content = 0;
  for (const auto& w : words) content += !is_stop(w);
  const bool keep_all = content < short_sentence;
  // One term per English stem / Swedish word: a sentence's few are found by scanning, a
  // story's hundreds in a hash set.
  constexpr size_t kScanWords = 48;
  std::vector<uint32_t> seen_few;
  std::unordered_set<uint32_t> seen_many;
  auto first_time = [&](uint32_t key) {
    if (words.size() > kScanWords) return seen_many.insert(key).second;
    if (std::find(seen_few.begin(), seen_few.end(), key) != seen_few.end()) return false;
    seen_few.push_back(key);
    return true;
  };
  // Built in scratch space, then copied into the bag's one block.
  thread_local std::vector<uint32_t> same, terms;
  thread_local std::vector<uint8_t> kinds;
  same.clear();
  terms.clear();
  kinds.clear();
  for (const auto& w : words) {
    const bool stop = is_stop(w);
    if (stop && !keep_all) continue;
    const uint32_t id = word_id(w);
    const WordKeys& k = vocab.Keys(id);
    if (!stop) same.push_back(k.same);
    if (!first_time(translated ? id : k.pivot)) continue;
    terms.push_back(id);
    kinds.push_back(stop ? 0 : 1);
  }
  std::sort(same.begin(), same.end());
  same.erase(std::unique(same.begin(), same.end()), same.end());
  bag.Assign(same, terms, kinds);
  if (!translated && bag.terms.size() > kLookupTerms) {
    Bag::Lookup keys;
    TermKeys(bag, vocab, &keys);
    bag.SetLookup(std::move(keys));
  }
  return bag;
}

}  // namespace

void Bag::Assign(const std::vector<uint32_t>& same_keys, const std::vector<uint32_t>& term_ids,
                 const std::vector<uint8_t>& content_flags) {
  const size_t words = same_keys.size() + term_ids.size() + (content_flags.size() + 3) / 4;
  block_.reset(words ? new uint32_t[words] : nullptr);
  uint32_t* at = block_.get();
  std::copy(same_keys.begin(), same_keys.end(), at);
  same = {at, static_cast<uint32_t>(same_keys.size())};
  at += same_keys.size();
  std::copy(term_ids.begin(), term_ids.end(), at);
  terms = {at, static_cast<uint32_t>(term_ids.size())};
  at += term_ids.size();
  uint8_t* bytes = reinterpret_cast<uint8_t*>(at);
  std::copy(content_flags.begin(), content_flags.end(), bytes);
  content = {bytes, static_cast<uint32_t>(content_flags.size())};
}

Bag& Bag::operator=(const Bag& other) {
  if (this == &other) return *this;
  translated = other.translated;
  lookup_ = other.lookup_ ? std::make_unique<Lookup>(*other.lookup_) : nullptr;
  Assign(std::vector<uint32_t>(other.same.begin(), other.same.end()), std::vector<uint32_t>(other.terms.begin(), other.terms.end()),
         std::vector<uint8_t>(other.content.begin(), other.content.end()));
  return *this;
}

const Bag::Lookup& Bag::lookup() const {
  static const Lookup kNone;
  return lookup_ ? *lookup_ : kNone;
}

void Bag::SetLookup(Lookup keys) {
  lookup_ = keys.empty() ? nullptr : std::make_unique<Lookup>(std::move(keys));
}

void Bag::KeepTermsOnly() {
  Assign({}, std::vector<uint32_t>(terms.begin(), terms.end()), {});
}

void TermKeys(const Bag& bag, const Vocabulary& vocab, std::vector<std::pair<uint32_t, uint32_t>>* out) {
  out->clear();
  for (uint32_t t = 0; t < bag.terms.size(); ++t) {
    const WordKeys& k = vocab.Keys(bag.terms[t]);
    out->push_back({k.pivot, t});
    if (k.cognate != kNoKey) out->push_back({k.cognate, t});
  }
  std::sort(out->begin(), out->end());
}

Bag MakeBag(const std::vector<std::string>& words, LinkLanguageId language, const WordSet& stopwords, Vocabulary* vocab,
            size_t short_sentence) {
  return BuildBag(words, language, stopwords, *vocab, short_sentence,
                  [&](const std::string& w) { return vocab->Word(w, language); });
}

Bag MakeBag(const std::vector<std::string>& words, LinkLanguageId language, const WordSet& stopwords, const Vocabulary& vocab,
            size_t short_sentence) {
  return BuildBag(words, language, stopwords, vocab, short_sentence,
                  [&](const std::string& w) { return vocab.Find(w, language); });
}

}  // namespace quoth::detail
