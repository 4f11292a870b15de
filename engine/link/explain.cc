// The evidence of a link is recomputed for the links a cluster kept (a few per cluster), not
// carried through matching: the words that matched between the quotes' best sentence pair (or
// between the sentences around them), the speakers, and how the two articles relate with the
// rarest words their stories share.
#include "engine/link/explain.h"

#include <algorithm>
#include <cstdio>

#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {

constexpr size_t kShownWords = 8;

std::string Fixed(double x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

// Matched words of two bags: "militären~military" across languages, the shared words within one.
std::vector<std::string> MatchedWords(const LinkCorpus& c, const Bag& a, const Bag& b, const std::vector<double>& idf) {
  std::vector<std::pair<double, std::string>> scored;
  if (a.translated != b.translated) {
    const Bag& en = a.translated ? b : a;
    const Bag& sv = a.translated ? a : b;
    std::vector<WordMatch> matched;
    CrossLanguageScore(en, sv, c.vocab, idf, &matched);
    for (const auto& m : matched) {
      const std::string& e = c.vocab.Text(m.pivot);
      const std::string& s = c.vocab.Text(m.translated);
      scored.push_back({idf[c.vocab.Keys(m.pivot).pivot], e == s ? e : s + "~" + e});
    }
  } else {
    for (uint32_t t : a.terms)
      for (uint32_t u : b.terms)
        if (c.vocab.Keys(t).same == c.vocab.Keys(u).same) scored.push_back({idf[c.vocab.Keys(t).same], c.vocab.Text(t)});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::string> out;
  for (const auto& [w, text] : scored)
    if (std::find(out.begin(), out.end(), text) == out.end() && out.size() < kShownWords) out.push_back(text);
  return out;
}

std::string Join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out.empty() ? "(none)" : out;
}

}  // namespace

std::vector<std::string> ExplainLink(const LinkCorpus& c, const std::vector<DocumentResult>& docs, const Edge& e,
                                     double story_score) {
  const LinkItem& a = c.items[e.a];
  const LinkItem& b = c.items[e.b];
  std::vector<std::string> out;
  // The quotes' best pair of sentences.
  double best = -1;
  uint32_t bp = kNoKey, bq = kNoKey;
  for (uint32_t p = a.first_piece; p < a.first_piece + a.piece_count; ++p)
    for (uint32_t q = b.first_piece; q < b.first_piece + b.piece_count; ++q)
      if (const double s = BagScore(c.pieces[p].bag, c.pieces[q].bag, c.vocab, c.piece_idf); s > best) {
        best = s;
        bp = p;
        bq = q;
      }
  const bool across = c.docs[a.doc].translated != c.docs[b.doc].translated;
  if (bp != kNoKey)
    out.push_back(std::string(across ? "translated words: " : "shared words: ") +
                  Join(MatchedWords(c, c.pieces[bp].bag, c.pieces[bq].bag, c.piece_idf)));
  if (e.basis == LinkBasis::kSentence && a.group != kNoKey && b.group != kNoKey)
    out.push_back("their sentences match (" + Fixed(e.score) + "): " +
                  Join(MatchedWords(c, c.groups[a.group].bag, c.groups[b.group].bag, c.group_idf)));
  const Quote& qa = docs[a.doc].quotes[a.quote];
  const Quote& qb = docs[b.doc].quotes[b.quote];
  if (qa.speaker && qb.speaker && a.speaker != kNoKey && a.speaker == b.speaker)
    out.push_back("speaker: " + qa.speaker->name + " in both");
  else if (qa.speaker && qb.speaker)
    out.push_back("speaker: " + qa.speaker->name + " / " + qb.speaker->name + " (not both named in a tag: neutral)");
  else
    out.push_back("speaker: unknown on " + std::string(qa.speaker || qb.speaker ? "one side" : "both sides") + " (neutral)");
  if (a.doc == b.doc) {
    out.push_back("story: the same document");
  } else if (e.relation == StoryRelation::kSameStory) {
    out.push_back("story: the same story (" + Fixed(story_score) + "), sharing " +
                  Join(MatchedWords(c, c.docs[a.doc].story, c.docs[b.doc].story, c.story_idf)));
  } else {
    out.push_back("story: unrelated articles (" + Fixed(story_score) + "): linked only as a near-verbatim copy");
  }
  out.push_back(std::string("decided by: ") + StageName(e.stage));
  return out;
}

}  // namespace quoth::detail
