// A sentence match is evidence of one utterance in proportion to how likely the two documents
// are to report it: versions of a quote in documents of one story share a few words or translate
// each other; between unrelated documents only near-verbatim copies link (a tweet quoted by two
// outlets), and across languages only with strong evidence from the same known speaker.
#include "engine/link/match_decision.h"

#include <algorithm>

namespace quoth::detail {

bool MatchLinks(const MatchEvidence& e, const MatchDecisionOptions& o) {
  const bool same_story = e.relation == StoryRelation::kSameStory;
  if (!e.translated) {
    const size_t needed = same_story ? o.related_shared_words : o.unrelated_shared_words;
    const double min = same_story ? o.same_language_min : std::max(o.same_language_min, o.unrelated_same_language_min);
    return e.score >= min && e.shared_words >= needed;
  }
  if (same_story) return true;
  return e.score >= o.unrelated_translated_min && e.shorter_sentence >= o.unrelated_translated_words && e.same_person;
}

MatchEvidence EvidenceOf(const LinkCorpus& corpus, const PieceMatch& m, const SharedWordMap& shared,
                         const StoryRelations& stories) {
  const uint32_t a = corpus.pieces[m.p].item, b = corpus.pieces[m.q].item;
  const LinkItem& ia = corpus.items[a];
  const LinkItem& ib = corpus.items[b];
  MatchEvidence e;
  e.translated = m.cross;
  e.score = m.score;
  e.relation = stories.Relation(ia.doc, ib.doc);
  if (!m.cross) {
    e.shared_words = SharedWords(shared, a, b);
  } else {
    e.shorter_sentence = std::min(corpus.pieces[m.p].bag.size(), corpus.pieces[m.q].bag.size());
    e.same_person = ia.speaker != kNoKey && ia.speaker == ib.speaker;
  }
  return e;
}

void LinkMatches(const LinkCorpus& corpus, const std::vector<PieceMatch>& matches, const SharedWordMap& shared,
                 const StoryRelations& stories, const CandidateGate& gate, const MatchDecisionOptions& options,
                 std::vector<Edge>* out) {
  for (const auto& m : matches) {
    const MatchEvidence e = EvidenceOf(corpus, m, shared, stories);
    if (!MatchLinks(e, options)) continue;
    const uint32_t a = corpus.pieces[m.p].item, b = corpus.pieces[m.q].item;
    gate.Add(a, b, m.score, m.cross ? LinkBasis::kTranslation : LinkBasis::kWords, e.relation, LinkStage::kMatchDecision, out);
  }
}

}  // namespace quoth::detail
