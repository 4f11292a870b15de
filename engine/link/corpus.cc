#include "engine/link/corpus.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "engine/text/words.h"

namespace quoth::detail {

namespace {

void SortUnique(std::vector<uint32_t>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

// Keys a bag is filed under: its same-language keys and, across languages, English stems and
// cognate keys (English) or every slot key (Swedish).
std::vector<uint32_t> IndexKeys(const Bag& bag, const Vocabulary& vocab) {
  std::vector<uint32_t> keys = bag.same;
  for (uint32_t t : bag.terms) {
    const WordKeys& k = vocab.Keys(t);
    if (!bag.swedish) {
      keys.push_back(k.english);
      if (k.cognate != kNoKey) keys.push_back(k.cognate);
    } else {
      keys.insert(keys.end(), k.slot.begin(), k.slot.end());
    }
  }
  SortUnique(&keys);
  return keys;
}

std::vector<double> Idf(size_t keys, size_t total, const std::vector<uint32_t>& df) {
  std::vector<double> idf(keys, 0.0);
  for (size_t k = 0; k < keys; ++k)
    idf[k] = std::log(1.0 + static_cast<double>(total) / static_cast<double>(std::max<uint32_t>(1, k < df.size() ? df[k] : 0)));
  return idf;
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
  std::unordered_map<std::string, uint32_t> person_numbers, exact_ids;
  out->docs.resize(docs.size());
  for (size_t d = 0; d < docs.size(); ++d) {
    const DocumentResult& doc = docs[d];
    LinkDoc& ld = out->docs[d];
    ld.swedish = doc.lang == "sv";
    ld.lines = doc.lines;
    ld.first_item = static_cast<uint32_t>(out->items.size());
    ld.item_count = static_cast<uint32_t>(doc.quotes.size());
    const WordSet& stop = stopwords(doc.lang);
    const WordSet& abbrev = abbreviations(doc.lang);
    std::unordered_map<std::string, const Entity*> entities;
    for (const auto& e : doc.speakers) entities[e.id] = &e;
    std::map<std::pair<size_t, size_t>, uint32_t> group_of;  // context span -> group
    std::vector<std::string> all_words;                      // when the document gives no story words
    for (size_t q = 0; q < doc.quotes.size(); ++q) {
      const Quote& quote = doc.quotes[q];
      LinkItem item;
      item.doc = static_cast<uint32_t>(d);
      item.quote = static_cast<uint32_t>(q);
      item.speech = IsSpeech(quote.kind);
      if (quote.speaker) {
        auto it = entities.find(quote.speaker->entity_id);
        if (it != entities.end() && !it->second->global_id.empty()) {
          item.speaker = person_numbers.emplace(it->second->global_id, static_cast<uint32_t>(person_numbers.size())).first->second;
          item.organisation = it->second->kind == EntityKind::kOrganisation;
          // Only a name in the tag or the sentence counts against a link: pronouns, follow-on
          // paragraphs and descriptions ("a Labour spokesman") are resolved from the narrative
          // around them, which another outlet reorders and words differently.
          item.named = quote.speaker->method == AttributionMethod::kExplicit ||
                       quote.speaker->method == AttributionMethod::kSubject;
        }
      }
      const std::vector<std::string> words = LinkWords(quote.text);
      item.words = static_cast<uint32_t>(words.size());
      std::string exact;
      for (const auto& w : words) exact += w + " ";
      if (!exact.empty()) item.exact = exact_ids.emplace(exact, static_cast<uint32_t>(exact_ids.size())).first->second;
      if (doc.story_words.empty()) all_words.insert(all_words.end(), words.begin(), words.end());
      const uint32_t id = static_cast<uint32_t>(out->items.size());
      if (quote.kind != QuoteKind::kNested) {  // non-speech pieces only pair quotes of aligned sentences
        item.first_piece = static_cast<uint32_t>(out->pieces.size());
        for (std::string_view sentence : QuoteSentences(quote.text, abbrev)) {
          LinkPiece piece;
          piece.item = id;
          piece.bag = MakeBag(LinkWords(sentence), ld.swedish, stop, &out->vocab);
          if (piece.bag.size() < min_piece_words) continue;
          piece.keys = IndexKeys(piece.bag, out->vocab);
          out->pieces.push_back(std::move(piece));
        }
        item.piece_count = static_cast<uint32_t>(out->pieces.size()) - item.first_piece;
      }
      // Every quote but a nested one sits in a sentence group, scare quotes and titles too: the
      // sentence around "not happy" is what finds its translation "missnöjd".
      if (quote.kind != QuoteKind::kNested) {
        // Quotes in one sentence share its group; without a context the quote is its own.
        const bool has_context = !quote.context_text.empty();
        const std::pair<size_t, size_t> span = has_context ? std::make_pair(quote.context.start, quote.context.end)
                                                           : std::make_pair(quote.span.start, quote.span.end + 1 + q);
        auto [it, added] = group_of.emplace(span, static_cast<uint32_t>(out->groups.size()));
        if (added) {
          LinkGroup g;
          g.doc = static_cast<uint32_t>(d);
          g.line = quote.line;
          g.bag = MakeBag(has_context ? LinkWords(quote.context_text) : words, ld.swedish, stop, &out->vocab);
          out->groups.push_back(std::move(g));
        }
        item.group = it->second;
        out->groups[item.group].items.push_back(id);
      }
      out->items.push_back(item);
    }
    ld.story = MakeBag(doc.story_words.empty() ? all_words : doc.story_words, ld.swedish, stop, &out->vocab, 0);
    ld.story_keys = IndexKeys(ld.story, out->vocab);
  }
  const size_t keys = out->vocab.key_count();
  std::vector<uint32_t> df(keys, 0);
  for (const auto& p : out->pieces)
    for (uint32_t k : p.keys) ++df[k];
  out->piece_idf = Idf(keys, out->pieces.size(), df);
  std::fill(df.begin(), df.end(), 0);
  for (const auto& g : out->groups)
    for (uint32_t k : IndexKeys(g.bag, out->vocab)) ++df[k];
  out->group_idf = Idf(keys, out->groups.size(), df);
  std::fill(df.begin(), df.end(), 0);
  for (const auto& d : out->docs)
    for (uint32_t k : d.story_keys) ++df[k];
  out->story_idf = Idf(keys, out->docs.size(), df);
}

}  // namespace quoth::detail
