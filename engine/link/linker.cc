// Linking: the same utterance across documents, in one language or across English and Swedish.
//
// Each speech quote is cut into sentences ("pieces"), so a long quote links to each shorter
// one it contains and a quote split in two by another outlet still meets both halves. A piece
// becomes content words: English ones stemmed; Swedish ones stemmed for Swedish-Swedish
// matching and, for English, turned into "slots" - the English stems the word may translate to
// (FreeDict table + editors' translations), plus its own form for names, numbers and cognates.
//
// Blocking keeps it near-linear: an inverted index from word id to pieces gives the candidate
// pairs (two shared keys at least); keys shared by more than max_posting pieces are skipped.
// Same language: linked when most content words of the shorter piece are in the other
// (containment). Across languages: translated overlap (Dice over English words and Swedish
// slots) above a threshold AND each piece is the other's best match in the other document -
// the mutual-best rule keeps two different utterances of one speaker on one topic apart.
// The speaker counts as evidence: the same person (across documents) adds a little, two
// different known people take some away. Quotes linked through any pieces form clusters
// (union-find). People get one id across documents from a spelling-tolerant surname key
// ("Lukashenko" ~ "Lukasjenko" ~ "Lukashenka") and their first initial.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <numeric>
#include <unordered_map>

#include "engine/link/link_data.h"
#include "engine/link/stemmer.h"
#include "engine/rules/compiled_rules.h"
#include "engine/text/utf8.h"
#include "quoth/engine.h"

#ifndef QUOTH_BUILD_LEXICON
#define QUOTH_BUILD_LEXICON ""
#endif
#ifndef QUOTH_INSTALLED_LEXICON
#define QUOTH_INSTALLED_LEXICON ""
#endif

namespace quoth {

namespace {

constexpr size_t kMaxSlotKeys = 12;        // English stems kept per Swedish word
constexpr double kSameSpeakerBonus = 0.05;
constexpr double kOtherSpeakerPenalty = 0.1;

struct Interner {
  std::unordered_map<std::string, uint32_t> ids;
  uint32_t Id(const std::string& s) {
    auto [it, added] = ids.emplace(s, static_cast<uint32_t>(ids.size()));
    return it->second;
  }
};

struct Item {
  size_t doc;
  size_t quote;
  bool swedish;
  std::string speaker;  // global person id, or ""
};

struct Piece {
  uint32_t item;
  bool swedish;
  std::vector<uint32_t> words;               // same-language keys (sorted, unique)
  std::vector<std::vector<uint32_t>> slots;  // Swedish only: English stems per content word
  std::vector<uint32_t> keys;                // index keys (sorted, unique)
};

// Sentences of a quote: cut after . ! ? when a space follows.
std::vector<std::string_view> Sentences(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if ((text[i] == '.' || text[i] == '!' || text[i] == '?') && text[i + 1] == ' ') {
      out.push_back(text.substr(start, i + 1 - start));
      start = i + 2;
    }
  }
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

void SortUnique(std::vector<uint32_t>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

size_t Intersection(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  size_t n = 0;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] < b[j]) ++i;
    else if (b[j] < a[i]) ++j;
    else { ++n; ++i; ++j; }
  }
  return n;
}

// Spelling-tolerant key of a surname: transliteration variants folded (sj/sh, j/y, w/v),
// doubled letters collapsed, vowels after the first letter dropped.
std::string SurnameKey(const std::string& name) {
  std::string f = detail::AsciiFold(name);
  auto replace = [&](const std::string& from, const std::string& to) {
    for (size_t p = f.find(from); p != std::string::npos; p = f.find(from, p + to.size())) f.replace(p, from.size(), to);
  };
  replace("sj", "sh");
  replace("tj", "ch");
  replace("zj", "zh");
  replace("j", "y");
  replace("w", "v");
  replace("ck", "k");
  std::string out;
  for (char c : f) {
    if (!std::isalpha(static_cast<unsigned char>(c))) continue;
    const bool vowel = std::strchr("aeiouy", c) != nullptr;
    if (!out.empty() && vowel) continue;
    if (!out.empty() && out.back() == c) continue;
    out.push_back(c);
  }
  return out;
}

// One id per person across documents.
void AssignGlobalIds(std::vector<DocumentResult>& docs) {
  struct Ref { size_t doc, entity; char initial; };
  std::map<std::string, std::vector<Ref>> groups;
  std::vector<std::string> order;
  for (size_t d = 0; d < docs.size(); ++d) {
    for (size_t e = 0; e < docs[d].speakers.size(); ++e) {
      const Entity& ent = docs[d].speakers[e];
      std::vector<std::string> tokens;
      for (size_t s = 0, p; s <= ent.name.size(); s = p + 1) {
        p = ent.name.find(' ', s);
        if (p == std::string::npos) p = ent.name.size();
        if (p > s) tokens.push_back(ent.name.substr(s, p - s));
      }
      if (tokens.empty()) continue;
      const std::string key = ent.kind == EntityKind::kOrganisation ? "org:" + detail::AsciiFold(ent.name)
                                                                    : "person:" + SurnameKey(tokens.back());
      const std::string first = tokens.size() > 1 ? detail::AsciiFold(tokens.front()) : "";
      if (!groups.count(key)) order.push_back(key);
      groups[key].push_back({d, e, first.empty() ? '\0' : first[0]});
    }
  }
  size_t next = 0;
  for (const auto& key : order) {
    auto& refs = groups[key];
    std::map<char, std::string> by_initial;
    std::map<char, size_t> counts;
    for (const auto& r : refs) if (r.initial) ++counts[r.initial];
    char dominant = '\0';
    for (const auto& [c, n] : counts) if (!dominant || n > counts[dominant]) dominant = c;
    for (const auto& r : refs) {
      const char initial = r.initial ? r.initial : dominant;
      auto it = by_initial.find(initial);
      if (it == by_initial.end()) it = by_initial.emplace(initial, "p" + std::to_string(next++)).first;
      docs[r.doc].speakers[r.entity].global_id = it->second;
    }
  }
}

struct UnionFind {
  std::vector<size_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  size_t Find(size_t x) { while (parent[x] != x) x = parent[x] = parent[parent[x]]; return x; }
  void Join(size_t a, size_t b) { a = Find(a); b = Find(b); if (a != b) parent[std::max(a, b)] = std::min(a, b); }
};

}  // namespace

std::string DefaultLexiconPath() {
  if (const char* env = std::getenv("QUOTH_LEXICON"); env && *env) return env;
  if (std::ifstream(QUOTH_BUILD_LEXICON).good()) return QUOTH_BUILD_LEXICON;
  return QUOTH_INSTALLED_LEXICON;
}

Result<Linker> Linker::Create(const RuleSet& rules, LinkOptions options) {
  auto data = std::make_shared<detail::LinkData>();
  for (const auto& [name, lang] : rules.compiled().languages) data->stopwords[name] = lang.stopwords;
  const std::string path = options.lexicon_path.empty() ? DefaultLexiconPath() : options.lexicon_path;
  if (!path.empty() && !detail::LoadLexicon(path, data.get()) && !options.lexicon_path.empty())
    return Status(StatusCode::kIoError, "cannot read the lexicon " + path);
  if (const auto* sv = rules.compiled().Find("sv")) detail::AddTranslations(sv->translations, data.get());
  return Linker(std::move(data), options);
}

size_t Linker::lexicon_size() const { return data_->lexicon_words; }

std::vector<Cluster> Linker::Link(std::vector<DocumentResult>& docs) const {
  AssignGlobalIds(docs);
  detail::Stemmer en("en"), sv("sv");
  Interner ids;
  std::vector<Item> items;
  std::vector<Piece> pieces;
  static const std::unordered_set<std::string> kNone;
  auto stop = [&](const std::string& lang) -> const std::unordered_set<std::string>& {
    auto it = data_->stopwords.find(lang);
    return it == data_->stopwords.end() ? kNone : it->second;
  };

  for (size_t d = 0; d < docs.size(); ++d) {
    const bool swedish = docs[d].lang == "sv";
    const auto& stopwords = stop(docs[d].lang);
    std::unordered_map<std::string, std::string> global;
    for (const auto& e : docs[d].speakers) global[e.id] = e.global_id;
    for (size_t q = 0; q < docs[d].quotes.size(); ++q) {
      const Quote& quote = docs[d].quotes[q];
      if (!IsSpeech(quote.kind)) continue;
      const uint32_t item = static_cast<uint32_t>(items.size());
      items.push_back({d, q, swedish, quote.speaker ? global[quote.speaker->entity_id] : ""});
      for (std::string_view sentence : Sentences(quote.text)) {
        Piece piece{item, swedish, {}, {}, {}};
        for (const std::string& w : detail::LinkWords(sentence)) {
          if (stopwords.count(w)) continue;
          if (!swedish) {
            piece.words.push_back(ids.Id(en.Stem(w)));
            continue;
          }
          const std::string stem = sv.Stem(w);
          piece.words.push_back(ids.Id("sv:" + stem));
          std::vector<uint32_t> slot{ids.Id(en.Stem(w))};  // names, numbers, cognates
          const std::vector<std::string>* english = nullptr;
          if (auto it = data_->sv_to_en.find(w); it != data_->sv_to_en.end()) english = &it->second;
          else if (auto it2 = data_->sv_to_en.find(stem); it2 != data_->sv_to_en.end()) english = &it2->second;
          if (english)
            for (size_t k = 0; k < english->size() && k < kMaxSlotKeys; ++k) slot.push_back(ids.Id((*english)[k]));
          SortUnique(&slot);
          piece.slots.push_back(std::move(slot));
        }
        SortUnique(&piece.words);
        if (piece.words.size() < options_.min_content_words) continue;
        piece.keys = piece.words;
        for (const auto& slot : piece.slots) piece.keys.insert(piece.keys.end(), slot.begin(), slot.end());
        SortUnique(&piece.keys);
        pieces.push_back(std::move(piece));
      }
    }
  }

  std::unordered_map<uint32_t, std::vector<uint32_t>> index;
  for (uint32_t p = 0; p < pieces.size(); ++p)
    for (uint32_t k : pieces[p].keys) index[k].push_back(p);

  auto cross_score = [](const Piece& english, const Piece& swedish) {
    size_t hit = 0;
    std::vector<uint32_t> covered;
    for (const auto& slot : swedish.slots) {
      bool any = false;
      for (uint32_t k : slot)
        if (std::binary_search(english.words.begin(), english.words.end(), k)) { any = true; covered.push_back(k); }
      hit += any;
    }
    SortUnique(&covered);
    return static_cast<double>(hit + covered.size()) / static_cast<double>(swedish.slots.size() + english.words.size());
  };

  UnionFind uf(items.size());
  // Cross-language: best partner of each piece in each other document.
  std::map<std::pair<uint32_t, size_t>, std::pair<double, uint32_t>> best;
  std::vector<uint32_t> shared(pieces.size(), 0);
  std::vector<uint32_t> touched;
  for (uint32_t p = 0; p < pieces.size(); ++p) {
    const Piece& a = pieces[p];
    touched.clear();
    for (uint32_t k : a.keys) {
      const auto& posting = index[k];
      if (posting.size() > options_.max_posting) continue;
      for (uint32_t q : posting) {
        if (items[pieces[q].item].doc == items[a.item].doc) continue;
        if (shared[q]++ == 0) touched.push_back(q);
      }
    }
    for (uint32_t q : touched) {
      const uint32_t n = shared[q];
      shared[q] = 0;
      if (n < 2) continue;
      const Piece& b = pieces[q];
      const Item& ia = items[a.item];
      const Item& ib = items[b.item];
      double speaker = 0;
      if (!ia.speaker.empty() && !ib.speaker.empty()) speaker = ia.speaker == ib.speaker ? kSameSpeakerBonus : -kOtherSpeakerPenalty;
      if (a.swedish == b.swedish) {
        if (q < p) continue;  // symmetric: once per pair
        const size_t inter = Intersection(a.words, b.words);
        const double containment = static_cast<double>(inter) / static_cast<double>(std::min(a.words.size(), b.words.size()));
        if (inter >= options_.min_content_words && containment + speaker >= options_.same_language_min) uf.Join(a.item, b.item);
        continue;
      }
      const double score = (a.swedish ? cross_score(b, a) : cross_score(a, b)) + speaker;
      if (score < options_.cross_language_min) continue;
      auto& slot = best[{p, ib.doc}];
      if (score > slot.first || (score == slot.first && q < slot.second)) slot = {score, q};
    }
  }
  for (const auto& [key, value] : best) {
    const uint32_t p = key.first, q = value.second;
    auto back = best.find({q, items[pieces[p].item].doc});
    if (back != best.end() && back->second.second == p) uf.Join(pieces[p].item, pieces[q].item);
  }

  std::map<size_t, std::vector<size_t>> groups;
  for (size_t i = 0; i < items.size(); ++i) groups[uf.Find(i)].push_back(i);
  std::vector<Cluster> clusters;
  for (const auto& [root, members] : groups) {
    if (members.size() < 2) continue;
    Cluster c;
    c.id = "c" + std::to_string(clusters.size());
    for (size_t m : members) {
      Quote& q = docs[items[m].doc].quotes[items[m].quote];
      q.cluster_id = c.id;
      c.quote_ids.push_back(q.id);
      const std::string& lang = docs[items[m].doc].lang;
      if (std::find(c.languages.begin(), c.languages.end(), lang) == c.languages.end()) c.languages.push_back(lang);
      if (q.text.size() > c.representative.size()) c.representative = q.text;
    }
    std::sort(c.languages.begin(), c.languages.end());
    clusters.push_back(std::move(c));
  }
  return clusters;
}

}  // namespace quoth
