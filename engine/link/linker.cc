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
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <numeric>
#include <thread>
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
constexpr size_t kCognateLetters = 5;      // letters a cognate key keeps
constexpr uint32_t kNoId = static_cast<uint32_t>(-1);
constexpr size_t kQueryKeys = 6;           // rarest keys a piece looks up
constexpr size_t kCheapPosting = 16;       // keys this rare are always looked up
constexpr size_t kAlwaysKeys = 2;          // the rarest keys are looked up however common
constexpr size_t kQueryBudget = 800;       // index entries the other keys may add
constexpr size_t kFewCandidates = 16;      // this few candidates are all scored; more must share two keys
constexpr size_t kUnrelatedWords = 3;      // unrelated articles link only sentences this long
constexpr double kSameSpeakerBonus = 0.05;
constexpr size_t kShortSentence = 3;        // fewer content words: keep the function words
constexpr size_t kMinSameLanguageWords = 3;  // a shorter phrase ("pipe dream") is not enough to call two quotes one
constexpr double kStrongMatch = 0.5;         // a match this good between long sentences relates two documents
constexpr size_t kStrongWords = 3;
constexpr double kUnrelatedMatch = 0.75;     // what unrelated documents need to link
constexpr double kTranslationCountRatio = 0.7;  // a translation has about as many quotes
constexpr double kTranslationAnchored = 0.25;   // and enough of them match by content, in order
constexpr size_t kMaxSameText = 8;             // identical quote texts beyond this are stock phrases
constexpr size_t kFewQuotes = 3;               // articles this small may be recognised as translations by one anchor
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
  std::string speaker;  // global person id, or ""
};

struct Piece {
  uint32_t item;
  bool swedish;
  std::vector<uint32_t> words;               // same-language keys: content words (sorted, unique)
  std::vector<uint32_t> cross;               // English only: stems matched against Swedish slots
  std::vector<uint32_t> cognates;            // English only: cross[i]'s cognate key, or kNoId
  std::vector<std::vector<uint32_t>> slots;  // Swedish only: English stems per word
  std::vector<uint32_t> keys;                // index keys (sorted, unique)
};

// Sentences of a quote: cut after . ! ? when a space follows, and at line breaks (a quote
// that runs over paragraphs).
std::vector<std::string_view> Sentences(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    const bool end = (text[i] == '.' || text[i] == '!' || text[i] == '?') && (text[i + 1] == ' ' || text[i + 1] == '\n');
    if (end || text[i] == '\n') {
      if (i + 1 > start) out.push_back(text.substr(start, i + 1 - start));
      start = i + 1;
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

// Spelling key for cognates and loanwords shared by English and Swedish ("phenomenal" ~
// "fenomenal", "stable" ~ "stabilt", "tornado" ~ "tornadovakter"): folded, ph/c/qu/th/w/x/z
// written the Swedish way, cut to five letters. Shorter words get none.
std::string CognateKey(const std::string& word) {
  std::string f = detail::AsciiFold(word);
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

// When one article translates the other, its quotes come in the same order: most of them are
// anchored by content matches, in order, and the two have about as many quotes. Then the
// quotes between two anchors pair up in order too - short ones ("not happy" / "missnöjd") and
// titles that no dictionary would match. Articles that merely quote the same interview put
// quotes in their own order and fail the test (ordering would hurt them).
void AlignTranslations(const std::vector<DocumentResult>& docs,
                       std::map<std::pair<size_t, size_t>, std::vector<std::pair<size_t, size_t>>>& anchors,
                       const std::vector<size_t>& doc_first, UnionFind* uf) {
  // Quotes with the same words in both languages (names, titles, numbers: "Bells of Coronado")
  // anchor too, found by hashing, never by comparing all pairs.
  std::unordered_map<std::string, std::vector<std::pair<size_t, size_t>>> same_text;
  for (size_t d = 0; d < docs.size(); ++d)
    for (size_t q = 0; q < docs[d].quotes.size(); ++q) {
      std::string key;
      for (const auto& w : detail::LinkWords(docs[d].quotes[q].text)) key += w + " ";
      if (!key.empty()) same_text[key].push_back({d, q});
    }
  std::map<std::pair<size_t, size_t>, std::vector<std::pair<size_t, size_t>>> exact;
  for (const auto& [key, refs] : same_text) {
    if (refs.size() > kMaxSameText) continue;  // a common phrase, not evidence
    // The k-th occurrence in one document pairs with the k-th in the other.
    std::map<std::pair<size_t, size_t>, size_t> seen;  // (doc, other doc) -> pairs made
    for (size_t i = 0; i < refs.size(); ++i) {
      std::map<size_t, size_t> rank_i;
      for (size_t j = i + 1; j < refs.size(); ++j) {
        const size_t da = refs[i].first, db = refs[j].first;
        if (da == db || docs[da].lang == docs[db].lang) continue;
        // occurrence numbers of refs[i] in da and refs[j] in db
        size_t oi = 0, oj = 0;
        for (size_t k = 0; k < i; ++k) oi += refs[k].first == da;
        for (size_t k = 0; k < j; ++k) oj += refs[k].first == db;
        if (oi == oj) exact[{da, db}].push_back({refs[i].second, refs[j].second});
      }
    }
  }
  std::map<std::pair<size_t, size_t>, std::vector<std::pair<size_t, size_t>>> all = anchors;
  for (const auto& [pair, links] : exact) all[pair].insert(all[pair].end(), links.begin(), links.end());

  for (auto& [pair, links] : all) {
    const auto [da, db] = pair;
    if (docs[da].lang == docs[db].lang) continue;
    auto outer = [&](size_t d) {
      std::vector<size_t> out;
      for (size_t q = 0; q < docs[d].quotes.size(); ++q)
        if (docs[d].quotes[q].kind != QuoteKind::kNested) out.push_back(q);
      return out;
    };
    const std::vector<size_t> qa = outer(da), qb = outer(db);
    if (qa.empty() || qb.empty()) continue;
    const double ratio = static_cast<double>(std::min(qa.size(), qb.size())) / static_cast<double>(std::max(qa.size(), qb.size()));
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    bool monotone = true;
    for (size_t i = 1; i < links.size(); ++i) monotone &= links[i].first > links[i - 1].first && links[i].second > links[i - 1].second;
    // Two anchors at least, and a quarter of the quotes...
    // Same paragraph structure, as many (few) quotes, anchors on the same lines: one anchor is
    // enough.
    bool same_shape = docs[da].lines > 0 && docs[da].lines == docs[db].lines && qa.size() == qb.size() &&
                      qa.size() <= kFewQuotes;
    for (const auto& [a, b] : links) same_shape &= docs[da].quotes[a].line == docs[db].quotes[b].line;
    const size_t needed = same_shape ? 1 : std::max<size_t>(2, static_cast<size_t>(
        std::ceil(kTranslationAnchored * static_cast<double>(std::min(qa.size(), qb.size())))));
    if (!monotone || ratio < kTranslationCountRatio || links.size() < needed) continue;
    for (const auto& [a, b] : links) uf->Join(doc_first[da] + a, doc_first[db] + b);
    // Translators keep paragraphs: with as many lines on both sides, quotes on the same line
    // go together.
    if (docs[da].lines > 0 && docs[da].lines == docs[db].lines) {
      std::map<size_t, std::pair<std::vector<size_t>, std::vector<size_t>>> by_line;
      for (size_t q : qa) by_line[docs[da].quotes[q].line].first.push_back(q);
      for (size_t q : qb) by_line[docs[db].quotes[q].line].second.push_back(q);
      // A sentence and its translation: all their quotes report one sentence (translators
      // reorder phrases inside it, so pairing by position would be a guess).
      for (const auto& [line, sides] : by_line)
        if (!sides.first.empty() && !sides.second.empty())
          for (size_t i = 0; i < sides.first.size(); ++i)
            for (size_t j = 0; j < sides.second.size(); ++j) uf->Join(doc_first[da] + sides.first[i], doc_first[db] + sides.second[j]);
      continue;
    }
    // Quote marks in different places give different counts: pair only gaps that line up.
    auto pos = [](const std::vector<size_t>& v, size_t q) { return static_cast<size_t>(std::lower_bound(v.begin(), v.end(), q) - v.begin()); };
    size_t prev_a = 0, prev_b = 0;
    for (size_t k = 0; k <= links.size(); ++k) {
      const size_t end_a = k < links.size() ? pos(qa, links[k].first) : qa.size();
      const size_t end_b = k < links.size() ? pos(qb, links[k].second) : qb.size();
      if (end_a >= prev_a && end_b >= prev_b && end_a - prev_a == end_b - prev_b)
        for (size_t i = 0; i < end_a - prev_a; ++i) uf->Join(doc_first[da] + qa[prev_a + i], doc_first[db] + qb[prev_b + i]);
      prev_a = end_a + 1;
      prev_b = end_b + 1;
    }
  }
}

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

// English stems a Swedish word may mean: the word or its stem in the table, else the two
// parts of a compound ("affärsverksamhet" = "affärs" + "verksamhet", with a linking s).
std::vector<const std::vector<std::string>*> Linker::Translate(const std::string& word, const std::string& stem,
                                                             const detail::Stemmer& sv) const {
  const auto& table = data_->sv_to_en;
  if (auto it = table.find(word); it != table.end()) return {&it->second};
  if (auto it = table.find(stem); it != table.end()) return {&it->second};
  constexpr size_t kMinPart = 3;
  if (word.size() < 2 * kMinPart + 2) return {};
  auto lookup = [&](const std::string& part) -> const std::vector<std::string>* {
    if (auto it = table.find(part); it != table.end()) return &it->second;
    if (auto it = table.find(sv.Stem(part)); it != table.end()) return &it->second;
    return nullptr;
  };
  // Longest known head first; split only between bytes that start characters.
  for (size_t cut = word.size() - kMinPart; cut >= kMinPart; --cut) {
    if ((static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80) continue;
    std::string head = word.substr(0, cut);
    const auto* tail = lookup(word.substr(cut));
    if (!tail) continue;
    const auto* left = lookup(head);
    if (!left && head.size() > kMinPart && head.back() == 's') left = lookup(head.substr(0, head.size() - 1));
    if (left) return {left, tail};
  }
  return {};
}

std::vector<Cluster> Linker::Link(std::vector<DocumentResult>& docs) const {
  AssignGlobalIds(docs);
  detail::Stemmer en("en"), sv("sv");
  Interner ids;
  std::vector<Item> items;          // every quote
  std::vector<size_t> doc_first(docs.size(), 0);
  std::vector<Piece> pieces;
  static const detail::WordSet kNone;
  auto stop = [&](const std::string& lang) -> const detail::WordSet& {
    auto it = data_->stopwords.find(lang);
    return it == data_->stopwords.end() ? kNone : it->second;
  };

  // Per distinct word, once: stems, cognate key, translations (words repeat endlessly).
  struct WordInfo { uint32_t same; uint32_t english; uint32_t cognate; std::vector<uint32_t> slot; };
  std::unordered_map<std::string, WordInfo> word_cache[2];
  auto word_info = [&](const std::string& w, bool swedish) -> const WordInfo& {
    auto& cache = word_cache[swedish ? 1 : 0];
    if (auto it = cache.find(w); it != cache.end()) return it->second;
    WordInfo info;
    const std::string cognate = CognateKey(w);
    info.cognate = cognate.empty() ? kNoId : ids.Id(cognate);
    info.english = ids.Id(en.Stem(w));
    if (!swedish) {
      info.same = info.english;
    } else {
      const std::string stem = sv.Stem(w);
      info.same = ids.Id("sv:" + stem);
      info.slot.push_back(info.english);  // names, numbers
      if (info.cognate != kNoId) info.slot.push_back(info.cognate);
      for (const std::vector<std::string>* english : Translate(w, stem, sv))
        for (size_t k = 0; k < english->size() && k < kMaxSlotKeys; ++k) info.slot.push_back(ids.Id((*english)[k]));
      SortUnique(&info.slot);
    }
    return cache.emplace(w, std::move(info)).first->second;
  };
  for (size_t d = 0; d < docs.size(); ++d) {
    doc_first[d] = items.size();
    const bool swedish = docs[d].lang == "sv";
    const auto& stopwords = stop(docs[d].lang);
    std::unordered_map<std::string, std::string> global;
    for (const auto& e : docs[d].speakers) global[e.id] = e.global_id;
    for (size_t q = 0; q < docs[d].quotes.size(); ++q) {
      const Quote& quote = docs[d].quotes[q];
      const uint32_t item = static_cast<uint32_t>(items.size());
      items.push_back({d, q, quote.speaker ? global[quote.speaker->entity_id] : ""});
      if (!IsSpeech(quote.kind)) continue;  // titles and headlines only link by order (below)
      for (std::string_view sentence : Sentences(quote.text)) {
        // Content words; a short sentence keeps its function words ("So I'm you, I'm us"),
        // which the dictionaries translate too.
        const std::vector<std::string> all = detail::LinkWords(sentence);
        std::vector<std::string> content;
        for (const auto& w : all)
          if (!stopwords.count(w)) content.push_back(w);
        const std::vector<std::string>& for_cross = content.size() < kShortSentence ? all : content;
        Piece piece{item, swedish, {}, {}, {}, {}, {}};
        for (const std::string& w : content) piece.words.push_back(word_info(w, swedish).same);
        for (const std::string& w : for_cross) {
          const WordInfo& info = word_info(w, swedish);
          if (!swedish) {
            if (std::find(piece.cross.begin(), piece.cross.end(), info.english) == piece.cross.end()) {
              piece.cross.push_back(info.english);
              piece.cognates.push_back(info.cognate);
            }
            continue;
          }
          piece.slots.push_back(info.slot);
        }
        SortUnique(&piece.words);
        if (std::max(piece.cross.size(), piece.slots.size()) < options_.min_content_words) continue;
        piece.keys = piece.words;
        piece.keys.insert(piece.keys.end(), piece.cross.begin(), piece.cross.end());
        for (uint32_t c : piece.cognates)
          if (c != kNoId) piece.keys.push_back(c);
        for (const auto& slot : piece.slots) piece.keys.insert(piece.keys.end(), slot.begin(), slot.end());
        SortUnique(&piece.keys);
        pieces.push_back(std::move(piece));
      }
    }
  }

  std::vector<std::vector<uint32_t>> index(ids.ids.size());  // key id -> pieces
  for (uint32_t p = 0; p < pieces.size(); ++p)
    for (uint32_t k : pieces[p].keys) index[k].push_back(p);

  // Rare words weigh more (IDF over all pieces): "categorically" says more than "said".
  std::vector<double> idf(ids.ids.size(), 0.0);
  for (uint32_t k = 0; k < idf.size(); ++k) {
    const double df = index[k].empty() ? 1.0 : static_cast<double>(index[k].size());
    idf[k] = std::log(1.0 + static_cast<double>(pieces.size()) / df);
  }
  // Dice over English words and Swedish slots, IDF-weighted: a slot weighs what its matched
  // translation weighs, or the mean of its candidates when none matched.
  auto cross_score = [&](const Piece& english, const Piece& swedish) {
    double matched = 0, total = 0;
    std::vector<bool> covered(english.cross.size(), false);
    for (const auto& slot : swedish.slots) {
      double hit = 0, mean = 0;
      for (uint32_t k : slot) mean += idf[k] / static_cast<double>(slot.size());
      for (size_t i = 0; i < english.cross.size(); ++i) {
        const bool by_word = std::binary_search(slot.begin(), slot.end(), english.cross[i]);
        const bool by_cognate = english.cognates[i] != kNoId && std::binary_search(slot.begin(), slot.end(), english.cognates[i]);
        if (!by_word && !by_cognate) continue;
        covered[i] = true;
        hit = std::max(hit, idf[english.cross[i]]);
      }
      matched += hit;
      total += hit > 0 ? hit : mean;
    }
    for (size_t i = 0; i < english.cross.size(); ++i) {
      total += idf[english.cross[i]];
      if (covered[i]) matched += idf[english.cross[i]];
    }
    return total > 0 ? matched / total : 0.0;
  };

  UnionFind uf(items.size());
  // Cross-language: best partner of each piece in each other document.
  // Each piece looks up only its rarest keys (postings hold every key): a true partner shares
  // rare words, while following common words would make the work grow with the square of the
  // archive. Pairs are scored once per direction found, and both ends' best partners
  // are updated, since the partner's own rare keys may not lead back.
  std::vector<uint32_t> piece_doc(pieces.size());
  for (uint32_t p = 0; p < pieces.size(); ++p) piece_doc[p] = static_cast<uint32_t>(items[pieces[p].item].doc);
  struct Offer { uint32_t p; uint32_t doc; uint32_t q; double score; };
  struct Found { std::vector<Offer> offers; std::vector<std::pair<uint32_t, uint32_t>> joins; };
  // Scores the candidates of pieces [begin, end); reads shared data only, so ranges run in parallel.
  auto search = [&](uint32_t begin, uint32_t end, Found* found) {
    std::vector<uint8_t> seen(pieces.size(), 0);
    std::vector<uint32_t> touched, query;
    for (uint32_t p = begin; p < end; ++p) {
      const Piece& a = pieces[p];
      // The rarest keys; a candidate must share two of them (one, for a piece of few words).
      // Keys in few pieces cost little and all count; of the others, only the rarest few. A
      // Swedish piece looks for Swedish partners only: English pieces find it through its
      // translations, which saves following each Swedish word's many senses.
      // Cognate keys are not looked up: a word's stem and cognate key would count twice.
      query = a.swedish ? a.words : a.cross;
      if (!a.swedish) query.insert(query.end(), a.words.begin(), a.words.end());
      SortUnique(&query);
      std::sort(query.begin(), query.end(), [&](uint32_t x, uint32_t y) {
        const size_t dx = index[x].size(), dy = index[y].size();
        return dx != dy ? dx < dy : x < y;
      });
      // The two rarest always; more while they are cheap or within the budget of index entries.
      size_t keep = 0, visited = 0;
      while (keep < query.size()) {
        const size_t df = index[query[keep]].size();
        const bool take = keep < kAlwaysKeys || df <= kCheapPosting ||
                          (keep < kQueryKeys && df <= options_.max_posting && visited + df <= kQueryBudget);
        if (!take) break;
        visited += df;
        ++keep;
      }
      query.resize(keep);
      const uint8_t needed = keep >= kAlwaysKeys ? 2 : 1;
      touched.clear();
      for (uint32_t k : query) {
        const auto& posting = index[k];
        for (uint32_t q : posting) {
          if (piece_doc[q] == piece_doc[p]) continue;
          if (seen[q]++ == 0) touched.push_back(q);
        }
      }
      const bool few = touched.size() <= kFewCandidates;  // then score them all
      for (uint32_t q : touched) {
        const uint8_t shared = seen[q];
        seen[q] = 0;
        if (!few && shared < needed) continue;
        const Piece& b = pieces[q];
        const Item& ia = items[a.item];
        const Item& ib = items[b.item];
        double speaker = 0;
        if (!ia.speaker.empty() && !ib.speaker.empty()) speaker = ia.speaker == ib.speaker ? kSameSpeakerBonus : -kOtherSpeakerPenalty;
        if (a.swedish == b.swedish) {
          const size_t smaller = std::min(a.words.size(), b.words.size());
          if (smaller < kMinSameLanguageWords) continue;
          const size_t inter = Intersection(a.words, b.words);
          const double containment = static_cast<double>(inter) / static_cast<double>(smaller);
          if (inter >= kMinSameLanguageWords && containment + speaker >= options_.same_language_min)
            found->joins.push_back({a.item, b.item});
          continue;
        }
        const double score = (a.swedish ? cross_score(b, a) : cross_score(a, b)) + speaker;
        if (score < options_.cross_language_min) continue;
        found->offers.push_back({p, piece_doc[q], q, score});
        found->offers.push_back({q, piece_doc[p], p, score});
      }
    }
  };
  const size_t threads = std::max<size_t>(1, std::min<size_t>(options_.threads ? options_.threads : std::thread::hardware_concurrency(),
                                                              pieces.size() / 1000 + 1));
  std::vector<Found> found(threads);
  {
    std::vector<std::thread> pool;
    const uint32_t n = static_cast<uint32_t>(pieces.size());
    for (size_t t = 0; t < threads; ++t)
      pool.emplace_back(search, static_cast<uint32_t>(n * t / threads), static_cast<uint32_t>(n * (t + 1) / threads), &found[t]);
    for (auto& th : pool) th.join();
  }
  // Best partner of each piece in each other document; ties go to the earlier piece, so the
  // result does not depend on which thread found what.
  std::unordered_map<uint64_t, std::pair<double, uint32_t>> best;  // (piece, other doc) -> best partner
  auto best_key = [](uint32_t p, size_t doc) { return (static_cast<uint64_t>(p) << 32) | static_cast<uint64_t>(doc); };
  for (const auto& f : found) {
    for (const auto& [x, y] : f.joins) uf.Join(x, y);
    for (const auto& o : f.offers) {
      auto& slot = best[best_key(o.p, o.doc)];
      if (o.score > slot.first || (o.score == slot.first && o.q < slot.second)) slot = {o.score, o.q};
    }
  }
  // Mutual best matches. A pair of documents that shares a strong match (long sentences that
  // agree well) is about the same story; between unrelated documents only near-certain matches
  // count, so that short, common phrases do not chain stories together.
  struct Mutual { uint32_t p, q; double score; };
  std::vector<Mutual> mutual;
  std::map<std::pair<size_t, size_t>, size_t> strong;  // (doc, doc) -> strong matches
  std::vector<std::pair<uint64_t, std::pair<double, uint32_t>>> ordered(best.begin(), best.end());
  std::sort(ordered.begin(), ordered.end());  // deterministic, whatever the hash order
  for (const auto& [key, value] : ordered) {
    const uint32_t p = static_cast<uint32_t>(key >> 32), q = value.second;
    if (q < p) continue;  // each mutual pair once
    auto back = best.find(best_key(q, items[pieces[p].item].doc));
    if (back == best.end() || back->second.second != p) continue;
    mutual.push_back({p, q, value.first});
    const size_t da = items[pieces[p].item].doc, db = items[pieces[q].item].doc;
    // Short phrases ("secret weapon") say little about whether two articles tell one story.
    const size_t words = std::min(pieces[p].cross.size() + pieces[p].slots.size(), pieces[q].cross.size() + pieces[q].slots.size());
    if (words >= kStrongWords) strong[{std::min(da, db), std::max(da, db)}] += value.first >= kStrongMatch ? 2 : 1;
  }
  std::map<std::pair<size_t, size_t>, std::vector<std::pair<size_t, size_t>>> anchors;  // docs -> quote pairs
  for (const auto& m : mutual) {
    const Item& ia = items[pieces[m.p].item];
    const Item& ib = items[pieces[m.q].item];
    // Related: one strong match, or two ordinary ones.
    const auto evidence = strong.find({std::min(ia.doc, ib.doc), std::max(ia.doc, ib.doc)});
    const bool related = evidence != strong.end() && evidence->second >= 2;
    const size_t shorter = std::min(pieces[m.p].cross.size() + pieces[m.p].slots.size(), pieces[m.q].cross.size() + pieces[m.q].slots.size());
    if (!related && (m.score < kUnrelatedMatch || shorter < kUnrelatedWords)) continue;
    uf.Join(pieces[m.p].item, pieces[m.q].item);
    if (ia.doc < ib.doc) anchors[{ia.doc, ib.doc}].push_back({ia.quote, ib.quote});
    else anchors[{ib.doc, ia.doc}].push_back({ib.quote, ia.quote});
  }
  AlignTranslations(docs, anchors, doc_first, &uf);

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
