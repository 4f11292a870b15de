#include "engine/link/corpus.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <thread>
#include <unordered_map>

#include "engine/link/parallel.h"
#include "engine/link/scoring.h"
#include "engine/text/words.h"

namespace quoth::detail {

namespace {

constexpr size_t kChunkDocuments = 2048;  // documents built at once (bounds the words held)
constexpr size_t kStorySlotKeys = 4;      // senses per Swedish story word filed in the story index

void SortUnique(std::vector<uint32_t>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

}  // namespace

// A story's hundreds of words need not bring every sense of each: see kStorySlotKeys.
void IndexKeysInto(const Bag& bag, const Vocabulary& vocab, std::vector<uint32_t>* keys, size_t max_slot, bool cognates) {
  keys->assign(bag.same.begin(), bag.same.end());
  auto add = [&](uint32_t key, const WordKeys& k) {
    if (cognates || key != k.cognate) keys->push_back(key);
  };
  for (uint32_t t : bag.terms) {
    const WordKeys& k = vocab.Keys(t);
    if (!bag.translated || k.slot.size() > max_slot) {
      keys->push_back(k.pivot);
      if (k.cognate != kNoKey) add(k.cognate, k);
    }
    if (bag.translated)
      for (size_t i = 0; i < k.slot.size() && i < max_slot; ++i) add(k.slot[i], k);
  }
  SortUnique(keys);
}

std::vector<uint32_t> IndexKeys(const Bag& bag, const Vocabulary& vocab, size_t max_slot) {
  std::vector<uint32_t> keys;
  IndexKeysInto(bag, vocab, &keys, max_slot, true);
  return keys;
}

namespace {

std::vector<double> Idf(size_t keys, size_t total, const std::vector<uint32_t>& df) {
  std::vector<double> idf(keys, 0.0);
  for (size_t k = 0; k < keys; ++k)
    idf[k] = std::log(1.0 + static_cast<double>(total) / static_cast<double>(std::max<uint32_t>(1, k < df.size() ? df[k] : 0)));
  return idf;
}

// Per key, how many of `parts`' bags hold it: counted on all cores, each into its own counts.
template <typename Part, typename BagOf>
std::vector<uint32_t> DocumentFrequencies(const std::vector<Part>& parts, size_t keys, const Vocabulary& vocab, BagOf bag_of) {
  const size_t threads = std::max<size_t>(1, std::min<size_t>(std::thread::hardware_concurrency(), parts.size() / 4096 + 1));
  std::vector<std::vector<uint32_t>> counts(threads);
  ForEachParallel(0, threads, threads, [&](size_t t) {
    counts[t].assign(keys, 0);
    for (size_t i = parts.size() * t / threads; i < parts.size() * (t + 1) / threads; ++i)
      for (uint32_t k : IndexKeys(bag_of(parts[i]), vocab)) ++counts[t][k];
  });
  for (size_t t = 1; t < threads; ++t)
    for (size_t k = 0; k < keys; ++k) counts[0][k] += counts[t][k];
  return std::move(counts[0]);
}

// Building runs in chunks of documents, in four steps: split their quotes' words (all cores),
// add the new words to the vocabulary (one thread: it is shared), make the bags and keys (all
// cores, the vocabulary read only), and append them in document order (one thread), so the
// result does not depend on the number of threads.
struct DocWords {  // step 1
  std::vector<std::vector<std::vector<std::string>>> sentences;  // per quote, per sentence
  std::vector<std::vector<std::string>> contexts;                // per quote (empty: none)
};

struct DocPart {  // step 3: one document's items, pieces and groups, with indices local to it
  std::vector<LinkItem> items;
  std::vector<uint64_t> exact;  // per item: hash of its words, or 0
  std::vector<LinkPiece> pieces;
  std::vector<LinkGroup> groups;
  Bag story;
};

DocWords SplitWords(const DocumentResult& doc, const WordSet& abbreviations) {
  DocWords w;
  w.sentences.resize(doc.quotes.size());
  w.contexts.resize(doc.quotes.size());
  for (size_t q = 0; q < doc.quotes.size(); ++q) {
    const Quote& quote = doc.quotes[q];
    for (std::string_view sentence : QuoteSentences(quote.text, abbreviations)) w.sentences[q].push_back(LinkWords(sentence));
    if (!quote.context_text.empty() && quote.context.size() > 0) w.contexts[q] = LinkWords(quote.context_text);
  }
  return w;
}

uint64_t WordsHash(const std::vector<std::vector<std::string>>& sentences) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const auto& sentence : sentences)
    for (const auto& w : sentence) {
      for (unsigned char c : w) h = (h ^ c) * 0x100000001b3ULL;
      h = (h ^ ' ') * 0x100000001b3ULL;
    }
  return h | 1;  // 0 means "no words"
}

DocPart MakePart(const DocumentResult& doc, const DocWords& split, const WordSet& stop, const Vocabulary& vocab,
                 size_t min_piece_words) {
  DocPart part;
  const LinkLanguageId language = vocab.data().LanguageId(doc.lang);
  std::map<std::pair<size_t, size_t>, uint32_t> group_of;  // context span -> group
  std::vector<std::string> all_words;                      // when the document gives no story words
  for (size_t q = 0; q < doc.quotes.size(); ++q) {
    const Quote& quote = doc.quotes[q];
    LinkItem item;
    item.quote = static_cast<uint32_t>(q);
    item.speech = IsSpeech(quote.kind);
    std::vector<std::string> words;
    for (const auto& sentence : split.sentences[q]) words.insert(words.end(), sentence.begin(), sentence.end());
    item.words = static_cast<uint32_t>(words.size());
    part.exact.push_back(words.empty() ? 0 : WordsHash(split.sentences[q]));
    if (doc.story_words.empty()) all_words.insert(all_words.end(), words.begin(), words.end());
    const uint32_t id = static_cast<uint32_t>(part.items.size());
    if (quote.kind != QuoteKind::kNested) {
      // Pieces of every quote (speech is matched across the batch; the others' pieces only pair
      // quotes of aligned sentences), and a sentence group: scare quotes and titles too - the
      // sentence around "not happy" is what finds its translation "missnöjd".
      item.first_piece = static_cast<uint32_t>(part.pieces.size());
      for (const auto& sentence : split.sentences[q]) {
        LinkPiece piece;
        piece.item = id;
        piece.bag = MakeBag(sentence, language, stop, vocab);
        if (piece.bag.size() < min_piece_words) continue;
        part.pieces.push_back(std::move(piece));
      }
      item.piece_count = static_cast<uint32_t>(part.pieces.size()) - item.first_piece;
      // Quotes in one sentence share its group; without a context the quote is its own.
      const bool has_context = !split.contexts[q].empty();
      const std::pair<size_t, size_t> span = has_context ? std::make_pair(quote.context.start, quote.context.end)
                                                         : std::make_pair(SIZE_MAX, q);
      auto [it, added] = group_of.emplace(span, static_cast<uint32_t>(part.groups.size()));
      if (added) {
        LinkGroup g;
        g.line = quote.line;
        g.bag = MakeBag(has_context ? split.contexts[q] : words, language, stop, vocab);
        // Sentences are only compared across languages: their same-language keys and word
        // kinds are not kept (a tenth of the corpus's memory at a million quotes).
        g.bag.KeepTermsOnly();
        part.groups.push_back(std::move(g));
      }
      item.group = it->second;
      part.groups[item.group].items.push_back(id);
    }
    part.items.push_back(item);
  }
  part.story = MakeBag(doc.story_words.empty() ? all_words : doc.story_words, language, stop, vocab, 0);
  return part;
}

}  // namespace

void ReleaseBags(LinkCorpus* corpus) {
  std::vector<LinkPiece>().swap(corpus->pieces);
  for (auto& group : corpus->groups) group.bag = Bag{};
  for (auto& doc : corpus->docs) {
    doc.story = Bag{};
    std::vector<uint32_t>().swap(doc.story_keys);
    std::vector<uint32_t>().swap(doc.story_forms);
  }
  std::vector<double>().swap(corpus->piece_idf);
  std::vector<double>().swap(corpus->group_idf);
  std::vector<double>().swap(corpus->piece_slot_means);
  std::vector<double>().swap(corpus->group_slot_means);
  std::vector<double>().swap(corpus->story_idf);
}

namespace {

// Numbers given across the batch while documents are appended.
struct BatchNumbers {
  std::unordered_map<std::string, uint32_t> persons;  // global person id -> number
  std::unordered_map<uint64_t, uint32_t> exact_ids;   // text hash -> id
};

// Every word of a chunk of documents into the vocabulary (one thread: it grows).
void InternWords(const std::vector<DocumentResult>& docs, size_t begin, const std::vector<DocWords>& words,
                 const LinkData& data, Vocabulary* vocab) {
  for (size_t d = begin; d < begin + words.size(); ++d) {
    const LinkLanguageId language = data.LanguageId(docs[d].lang);
    for (const auto& quote : words[d - begin].sentences)
      for (const auto& sentence : quote)
        for (const auto& w : sentence) vocab->Word(w, language);
    for (const auto& context : words[d - begin].contexts)
      for (const auto& w : context) vocab->Word(w, language);
    for (const auto& w : docs[d].story_words) vocab->Word(w, language);
  }
}

// The item's speaker as a number across documents, when attribution gave it a global id.
void SetSpeaker(const Quote& quote, const std::unordered_map<std::string, const Entity*>& entities, BatchNumbers* numbers,
                LinkItem* item) {
  if (!quote.speaker) return;
  auto it = entities.find(quote.speaker->entity_id);
  if (it == entities.end() || it->second->global_id.empty()) return;
  item->speaker = numbers->persons.emplace(it->second->global_id, static_cast<uint32_t>(numbers->persons.size())).first->second;
  item->organisation = it->second->kind == EntityKind::kOrganisation;
  // Only a name in the tag or the sentence counts against a link: pronouns, follow-on
  // paragraphs and descriptions ("a Labour spokesman") are resolved from the narrative
  // around them, which another outlet reorders and words differently.
  item->named = quote.speaker->method == AttributionMethod::kExplicit || quote.speaker->method == AttributionMethod::kSubject;
}

// Document d's part appended to the corpus, its item, piece and group numbers made global.
void AppendDocument(size_t d, const DocumentResult& doc, DocPart& part, const LinkData& data, BatchNumbers* numbers,
                    LinkCorpus* out) {
  LinkDoc& ld = out->docs[d];
  ld.translated = data.LanguageId(doc.lang) != kPivotLanguage;
  ld.lines = doc.lines;
  ld.first_item = static_cast<uint32_t>(out->items.size());
  ld.item_count = static_cast<uint32_t>(doc.quotes.size());
  ld.story = std::move(part.story);
  const uint32_t first_piece = static_cast<uint32_t>(out->pieces.size());
  const uint32_t first_group = static_cast<uint32_t>(out->groups.size());
  std::unordered_map<std::string, const Entity*> entities;
  for (const auto& e : doc.speakers) entities[e.id] = &e;
  for (size_t q = 0; q < part.items.size(); ++q) {
    LinkItem item = part.items[q];
    item.doc = static_cast<uint32_t>(d);
    item.first_piece += first_piece;
    if (item.group != kNoKey) item.group += first_group;
    if (part.exact[q])
      item.exact = numbers->exact_ids.emplace(part.exact[q], static_cast<uint32_t>(numbers->exact_ids.size())).first->second;
    SetSpeaker(doc.quotes[q], entities, numbers, &item);
    out->items.push_back(item);
  }
  for (auto& piece : part.pieces) {
    piece.item += ld.first_item;
    out->pieces.push_back(std::move(piece));
  }
  for (auto& group : part.groups) {
    group.doc = static_cast<uint32_t>(d);
    for (auto& i : group.items) i += ld.first_item;
    out->groups.push_back(std::move(group));
  }
}

}  // namespace

void BuildCorpus(const std::vector<DocumentResult>& docs, const LinkData& data, size_t min_piece_words, LinkCorpus* out) {
  static const WordSet kNone;
  auto stopwords = [&](const std::string& lang) -> const WordSet& {
    auto it = data.stopwords.find(lang);
    return it == data.stopwords.end() ? kNone : it->second;
  };
  auto abbreviations = [&](const std::string& lang) -> const WordSet& {
    auto it = data.abbreviations.find(lang);
    return it == data.abbreviations.end() ? kNone : it->second;
  };
  BatchNumbers numbers;
  out->docs.resize(docs.size());
  std::vector<DocWords> words;
  std::vector<DocPart> parts;
  for (size_t begin = 0; begin < docs.size(); begin += kChunkDocuments) {
    const size_t end = std::min(docs.size(), begin + kChunkDocuments);
    words.assign(end - begin, DocWords{});
    ForEachParallel(begin, end, 0, [&](size_t d) { words[d - begin] = SplitWords(docs[d], abbreviations(docs[d].lang)); });
    InternWords(docs, begin, words, data, &out->vocab);
    parts.assign(end - begin, DocPart{});
    ForEachParallel(begin, end, 0, [&](size_t d) {
      parts[d - begin] = MakePart(docs[d], words[d - begin], stopwords(docs[d].lang), out->vocab, min_piece_words);
    });
    for (size_t d = begin; d < end; ++d) AppendDocument(d, docs[d], parts[d - begin], data, &numbers, out);
  }
  const size_t keys = out->vocab.key_count();
  out->piece_idf = Idf(keys, out->pieces.size(), DocumentFrequencies(out->pieces, keys, out->vocab, [](const LinkPiece& p) -> const Bag& { return p.bag; }));
  out->group_idf = Idf(keys, out->groups.size(), DocumentFrequencies(out->groups, keys, out->vocab, [](const LinkGroup& g) -> const Bag& { return g.bag; }));
  out->piece_slot_means = SlotMeans(out->vocab, out->piece_idf);
  out->group_slot_means = SlotMeans(out->vocab, out->group_idf);
}

namespace {

// The keys a translated language's story is filed under: its own keys and, for a word of many
// senses, its own form, its cognate key and the kStorySlotKeys senses that the most pivot-language
// stories of the batch use (fewer key numbers break ties): the senses a partner can share.
// Chosen by the batch's words, not by which senses happened to be met first, so that the
// story index does not depend on the order the documents are read in.
std::vector<uint32_t> TranslatedStoryKeys(const Bag& bag, const Vocabulary& vocab, const std::vector<uint32_t>& pivot_df) {
  std::vector<uint32_t> keys(bag.same.begin(), bag.same.end());
  std::vector<uint32_t> senses;
  for (uint32_t t : bag.terms) {
    const WordKeys& k = vocab.Keys(t);
    if (k.slot.size() <= kStorySlotKeys) {
      keys.insert(keys.end(), k.slot.begin(), k.slot.end());
      continue;
    }
    keys.push_back(k.pivot);
    if (k.cognate != kNoKey) keys.push_back(k.cognate);
    senses = k.slot;
    std::partial_sort(senses.begin(), senses.begin() + kStorySlotKeys, senses.end(), [&](uint32_t x, uint32_t y) {
      return pivot_df[x] != pivot_df[y] ? pivot_df[x] > pivot_df[y] : x < y;
    });
    keys.insert(keys.end(), senses.begin(), senses.begin() + kStorySlotKeys);
  }
  SortUnique(&keys);
  return keys;
}

}  // namespace

void IndexStories(LinkCorpus* corpus) {
  // Pivot-language stories first: which senses of a translated word to file depends on them.
  ForEachParallel(0, corpus->docs.size(), 0, [&](size_t d) {
    LinkDoc& doc = corpus->docs[d];
    if (doc.story.translated) return;
    doc.story_keys = IndexKeys(doc.story, corpus->vocab, kStorySlotKeys);
    doc.story_forms = FormKeys(doc.story, corpus->vocab);
  });
  std::vector<uint32_t> pivot_df(corpus->vocab.key_count(), 0);
  for (const auto& d : corpus->docs)
    if (!d.story.translated)
      for (uint32_t k : d.story_keys) ++pivot_df[k];
  ForEachParallel(0, corpus->docs.size(), 0, [&](size_t d) {
    LinkDoc& doc = corpus->docs[d];
    if (!doc.story.translated) return;
    doc.story_keys = TranslatedStoryKeys(doc.story, corpus->vocab, pivot_df);
    doc.story_forms = FormKeys(doc.story, corpus->vocab);
  });
  std::vector<uint32_t> df(corpus->vocab.key_count(), 0);
  for (const auto& d : corpus->docs)
    for (uint32_t k : d.story_keys) ++df[k];
  corpus->story_idf = Idf(corpus->vocab.key_count(), corpus->docs.size(), df);
}

}  // namespace quoth::detail
