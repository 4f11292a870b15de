// Documents relate by their whole articles' words (story.h). Where those say less (a weak story
// score), the quotes may confirm the relation: strong sentence matches between the two
// documents' quotes, or one with the same known speaker. The strong matches are counted here,
// once per pair of documents, before the stories are filed, so that the piece index and the
// story index are never held at once.
#include "engine/link/story_relation.h"

#include <utility>

namespace quoth::detail {

bool IsStrongMatch(const PieceMatch& m, const StrongMatchOptions& o) {
  return m.cross ? m.score >= o.translated_min : m.shared >= o.shared_words && m.score >= o.same_language_min;
}

StoryRelations::StoryRelations(std::vector<StoryLink> links) : links_(std::move(links)) {
  scores_.reserve(links_.size() * 2);
  for (const auto& l : links_) scores_[DocPair(l.a, l.b)] = l.score;
}

StoryRelation StoryRelations::Relation(uint32_t doc_a, uint32_t doc_b) const {
  return scores_.count(DocPair(doc_a, doc_b)) ? StoryRelation::kSameStory : StoryRelation::kUnrelated;
}

const double* StoryRelations::Score(uint32_t doc_a, uint32_t doc_b) const {
  const auto it = scores_.find(DocPair(doc_a, doc_b));
  return it == scores_.end() ? nullptr : &it->second;
}

float StoryRelations::ItemScore(const LinkCorpus& corpus, uint32_t item_a, uint32_t item_b) const {
  const double* score = Score(corpus.items[item_a].doc, corpus.items[item_b].doc);
  return score ? static_cast<float>(*score) : 0.0f;
}

QuoteEvidenceMap QuoteEvidenceOf(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches,
                                 const StrongMatchOptions& strong) {
  QuoteEvidenceMap evidence;
  for (const auto& m : matches) {
    const LinkItem& a = corpus.items[corpus.pieces[m.p].item];
    const LinkItem& b = corpus.items[corpus.pieces[m.q].item];
    if (!IsStrongMatch(m, strong) || a.doc == b.doc) continue;
    auto& ev = evidence[DocPair(a.doc, b.doc)];
    ++ev.matches;
    ev.same_person += a.speaker != kNoKey && a.speaker == b.speaker;
  }
  return evidence;
}

StoryRelations RelateDocuments(LinkCorpus* corpus, const std::vector<PieceMatch>& matches, const StoryOptions& options,
                               const StrongMatchOptions& strong) {
  const QuoteEvidenceMap quote_evidence = QuoteEvidenceOf(*corpus, matches, strong);
  IndexStories(corpus);
  return StoryRelations(RelatedStories(*corpus, options, quote_evidence));
}

}  // namespace quoth::detail
