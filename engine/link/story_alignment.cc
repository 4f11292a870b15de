// Two documents of one story are compared as a whole, each pair on its own (reading shared data
// only), on all cores, and their links gathered in story order.
//  - Identical texts link, found by their text id (titles, names: "60 Minutes"); a one-word
//    text only when long enough to be a name rather than a word ("Molliwood").
//  - In one language, every quote pair is compared sentence by sentence, so that a partial quote
//    made of common words (which the batch-wide index passes over) still finds the statement it
//    is from. That is for articles, not transcripts of thousands of sentences: the work is
//    counted in sentence pairs, and past the budget the batch-wide index's links are all the two
//    documents get (identical texts still link).
//  - Across languages, the sentences around the quotes are aligned by content (AlignGroups), and
//    the quotes of aligned sentences pair (PairQuotes): as a block when the sentences translate
//    each other, else by their own words. Between independently written articles a quote whose
//    named speaker the other article never quotes is not one of its quotes, however alike their
//    sentences (another outlet's own expert); in a translation the same people speak, whatever
//    attribution made of them, except in sentences paired from leftovers. A few words of a
//    longer statement (PartialQuotes) link too - unless the sentence they are in was paired, by
//    content, with another sentence there: then their version is in that sentence.
#include "engine/link/story_alignment.h"

#include <algorithm>
#include <unordered_map>

#include "engine/link/align.h"
#include "engine/link/candidates.h"
#include "engine/link/parallel.h"
#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {

using Groups = std::vector<std::vector<uint32_t>>;

void LinkSameTexts(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs, const StoryLink& story,
                   const CandidateGate& gate, size_t min_letters, std::vector<Edge>* out) {
  const auto& items = corpus.items;
  const LinkDoc& A = corpus.docs[story.a];
  const LinkDoc& B = corpus.docs[story.b];
  std::unordered_map<uint32_t, std::vector<uint32_t>> by_text;
  for (uint32_t b = B.first_item; b < B.first_item + B.item_count; ++b)
    if (items[b].exact != kNoKey) by_text[items[b].exact].push_back(b);
  for (uint32_t a = A.first_item; a < A.first_item + A.item_count; ++a) {
    if (items[a].exact == kNoKey || gate.IsRefrain(a)) continue;
    if (items[a].words < 2 && docs[story.a].quotes[items[a].quote].text.size() < min_letters) continue;
    const auto it = by_text.find(items[a].exact);
    if (it == by_text.end()) continue;
    for (uint32_t b : it->second) gate.Add(a, b, 1.0, LinkBasis::kSameText, StoryRelation::kSameStory, LinkStage::kSameText, out);
  }
}

// Sentences of a document's quotes, a quote without sentences counting as one.
size_t SentenceCount(const LinkCorpus& corpus, const LinkDoc& d) {
  size_t n = 0;
  for (uint32_t i = d.first_item; i < d.first_item + d.item_count; ++i) n += std::max<uint32_t>(1, corpus.items[i].piece_count);
  return n;
}

// The best containment of two quotes' sentence pairs that share enough words, or -1.
double BestSameLanguagePair(const LinkCorpus& corpus, const LinkItem& a, const LinkItem& b,
                            const StoryAlignmentOptions& options) {
  double best = -1;
  for (uint32_t p = a.first_piece; p < a.first_piece + a.piece_count; ++p)
    for (uint32_t q = b.first_piece; q < b.first_piece + b.piece_count; ++q) {
      const Overlap o = SameLanguageOverlap(corpus.pieces[p].bag, corpus.pieces[q].bag);
      if (o.shared >= options.related_shared_words && o.containment >= options.same_language_min)
        best = std::max(best, o.containment);
    }
  return best;
}

// One link per speech quote pair, its best sentence pair's.
void LinkSameLanguagePairs(const LinkCorpus& corpus, const StoryLink& story, const CandidateGate& gate,
                           const StoryAlignmentOptions& options, std::vector<Edge>* out) {
  const auto& items = corpus.items;
  const LinkDoc& A = corpus.docs[story.a];
  const LinkDoc& B = corpus.docs[story.b];
  for (uint32_t a = A.first_item; a < A.first_item + A.item_count; ++a)
    for (uint32_t b = B.first_item; b < B.first_item + B.item_count; ++b) {
      if (!items[a].speech || !items[b].speech) continue;
      const double best = BestSameLanguagePair(corpus, items[a], items[b], options);
      if (best >= 0) gate.Add(a, b, best, LinkBasis::kWords, StoryRelation::kSameStory, LinkStage::kQuotePairs, out);
    }
}

void LinkPartialQuotes(const LinkCorpus& corpus, const StoryLink& story, const Alignment& aligned,
                       const CandidateGate& gate, std::vector<Edge>* out) {
  std::unordered_map<uint32_t, uint32_t> partner;  // group -> the group it was paired with by content
  for (const auto& m : aligned.groups)
    if (!m.leftover) {
      partner[m.g] = m.h;
      partner[m.h] = m.g;
    }
  for (const auto& m : PartialQuotes(corpus, story.a, story.b)) {
    const auto it = partner.find(corpus.items[m.shorter].group);
    if (it != partner.end() && it->second != corpus.items[m.longer].group) continue;
    gate.Add(m.shorter, m.longer, m.score, LinkBasis::kPartial, StoryRelation::kSameStory, LinkStage::kPartialQuote, out);
  }
}

void LinkAlignedSentences(const LinkCorpus& corpus, const StoryLink& story, const Alignment& aligned,
                          const CandidateGate& gate, const QuotedPeople& people, double translated_sentence_min,
                          std::vector<Edge>* out) {
  for (const auto& m : aligned.groups) {
    const bool translated = aligned.translation || m.sentence >= translated_sentence_min;
    for (const auto& [a, b] : PairQuotes(corpus, corpus.groups[m.g], corpus.groups[m.h], translated))
      // Sentences paired only as leftovers are weaker evidence: there a speaker the other
      // article never quotes, however found, says the quote is not one of its quotes.
      if ((aligned.translation && !m.leftover) ||
          (!people.IsForeign(corpus.items[a], story.b, m.leftover) && !people.IsForeign(corpus.items[b], story.a, m.leftover)))
        gate.Add(a, b, m.score, LinkBasis::kSentence, StoryRelation::kSameStory, LinkStage::kAlignedSentences, out);
  }
}

}  // namespace

QuotedPeople::QuotedPeople(const LinkCorpus& corpus) : by_doc_(corpus.docs.size()) {
  for (const auto& item : corpus.items)
    if (item.speaker != kNoKey) by_doc_[item.doc].push_back(item.speaker);
  for (auto& people : by_doc_) {
    std::sort(people.begin(), people.end());
    people.erase(std::unique(people.begin(), people.end()), people.end());
  }
}

bool QuotedPeople::IsForeign(const LinkItem& item, uint32_t other_doc, bool any_method) const {
  if (item.speaker == kNoKey || (!item.named && !any_method) || item.organisation) return false;
  return !std::binary_search(by_doc_[other_doc].begin(), by_doc_[other_doc].end(), item.speaker);
}

std::vector<Edge> LinkAlignedStory(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs,
                                   const StoryLink& story, const CandidateGate& gate, const QuotedPeople& people,
                                   const Groups& doc_groups, const StoryAlignmentOptions& options) {
  std::vector<Edge> out;
  LinkSameTexts(corpus, docs, story, gate, options.same_text_min_letters, &out);
  const LinkDoc& A = corpus.docs[story.a];
  const LinkDoc& B = corpus.docs[story.b];
  if (SentenceCount(corpus, A) * SentenceCount(corpus, B) > options.max_pairwise_sentences) return out;
  if (A.translated == B.translated) {
    LinkSameLanguagePairs(corpus, story, gate, options, &out);
    return out;
  }
  AlignOptions align_options;
  align_options.min_score = options.align_min_score;
  align_options.translated_sentence = options.translated_sentence_min;
  const Alignment aligned = AlignGroups(corpus, doc_groups[story.a], doc_groups[story.b], align_options);
  LinkPartialQuotes(corpus, story, aligned, gate, &out);
  LinkAlignedSentences(corpus, story, aligned, gate, people, options.translated_sentence_min, &out);
  return out;
}

Groups GroupsByDocument(const LinkCorpus& corpus) {
  Groups doc_groups(corpus.docs.size());
  for (uint32_t g = 0; g < corpus.groups.size(); ++g) doc_groups[corpus.groups[g].doc].push_back(g);
  return doc_groups;
}

void LinkAlignedStories(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs, const StoryRelations& stories,
                        const CandidateGate& gate, const StoryAlignmentOptions& options, std::vector<Edge>* out) {
  const Groups doc_groups = GroupsByDocument(corpus);
  const QuotedPeople people(corpus);
  const auto& links = stories.links();
  std::vector<std::vector<Edge>> per_story(links.size());
  // Each story's links capped as they are made: what is held stays linear in quotes.
  ForEachParallel(0, links.size(), options.threads, [&](size_t i) {
    per_story[i] = LinkAlignedStory(corpus, docs, links[i], gate, people, doc_groups, options);
    KeepBestCandidates(&per_story[i], options.max_candidates);
  });
  for (auto& e : per_story) {
    out->insert(out->end(), e.begin(), e.end());
    std::vector<Edge>().swap(e);
  }
}

}  // namespace quoth::detail
