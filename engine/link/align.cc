#include "engine/link/align.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {

constexpr double kMinQuotePair = 0.2;  // quotes of aligned sentences pair by their words from this
constexpr double kOwnWords = 0.3;           // quotes of aligned sentences share this much of their own words,
constexpr uint32_t kFewWords = 4;           //   unless one side quotes only this many words,
                                            //   or the sentences translate each other (AlignOptions::translated_sentence)
constexpr double kPartialSamePerson = 0.6;  // share of a partial quote's words translated, same named speaker
constexpr double kPartialUnknown = 0.85;    // ... when a speaker is unknown on either side
constexpr size_t kPartialMinWords = 2;      // a partial quote of fewer words is left to its sentence
constexpr size_t kPartialMaxWords = 5;      // longer quotes are matched as sentences, not as partials

// BagScore for the bags of one document pair: each English bag's term keys are made once, not
// once per comparison (an article pair compares every sentence and piece with every other).
class PairScorer {
 public:
  explicit PairScorer(const LinkCorpus& c) : c_(c) {}
  double operator()(const Bag& a, const Bag& b, const std::vector<double>& idf) {
    if (a.translated == b.translated) return SameLanguageDice(a, b, idf);
    const Bag& pivot = a.translated ? b : a;
    const Bag& translated = a.translated ? a : b;
    auto [it, added] = keys_.try_emplace(&pivot);
    if (added) it->second = &PivotKeys(pivot, c_.vocab, &made_[&pivot]);
    return CrossLanguageScore(pivot, *it->second, translated, c_.vocab, idf, nullptr, c_.SlotMeansFor(idf));
  }
  const LinkCorpus& corpus() const { return c_; }

 private:
  const LinkCorpus& c_;
  // The corpus is not changed while it lives: bags are keyed by address.
  std::unordered_map<const Bag*, const TermKeyList*> keys_;  // a bag's kept lookup, or made_'s
  std::unordered_map<const Bag*, TermKeyList> made_;
};

// The best piece-to-piece overlap of two quotes.
double PairScore(PairScorer& score, uint32_t a, uint32_t b) {
  const LinkCorpus& c = score.corpus();
  const LinkItem& ia = c.items[a];
  const LinkItem& ib = c.items[b];
  double best = 0;
  for (uint32_t p = ia.first_piece; p < ia.first_piece + ia.piece_count; ++p)
    for (uint32_t q = ib.first_piece; q < ib.first_piece + ib.piece_count; ++q)
      best = std::max(best, score(c.pieces[p].bag, c.pieces[q].bag, c.piece_idf));
  return best;
}

// Words of the longest quote of a group.
uint32_t LongestQuote(const LinkCorpus& c, const LinkGroup& g) {
  uint32_t most = 0;
  for (uint32_t i : g.items) most = std::max(most, c.items[i].words);
  return most;
}

// The best overlap between the quotes of two groups.
double QuoteScore(PairScorer& score, const LinkGroup& g, const LinkGroup& h) {
  double best = 0;
  for (uint32_t a : g.items)
    for (uint32_t b : h.items) best = std::max(best, PairScore(score, a, b));
  return best;
}

}  // namespace

Alignment AlignGroups(const LinkCorpus& corpus, const std::vector<uint32_t>& groups_a,
                                    const std::vector<uint32_t>& groups_b, const AlignOptions& options) {
  std::vector<GroupMatch> all, weak;
  PairScorer scorer(corpus);
  for (uint32_t g : groups_a)
    for (uint32_t h : groups_b) {
      const double sentence = scorer(corpus.groups[g].bag, corpus.groups[h].bag, corpus.group_idf);
      const double quote = QuoteScore(scorer, corpus.groups[g], corpus.groups[h]);
      // A short quote matches many sentences' quotes ("corresponding measures" twice in one
      // article): its own score counts half, the sentence decides between them.
      const double score = std::max(sentence, (sentence + quote) / 2);
      // Quotes of more than a few words must share enough of their own words too: two sentences
      // that name the same person, place and topic around different statements are not a pair
      // (one speaker's two statements on one topic). A sentence that translates the other is a
      // pair whatever its quotes.
      const bool own_words = quote >= kOwnWords || sentence >= options.translated_sentence ||
                             std::min(LongestQuote(corpus, corpus.groups[g]), LongestQuote(corpus, corpus.groups[h])) <= kFewWords;
      // Without their own words they may still pair as leftovers of a translation (below), where
      // what is left on both sides is each other's version ("You wanna see the sunken place?" /
      // "Vill du också sjunka lågt?").
      if (own_words && score >= options.min_score) all.push_back({g, h, score, sentence > quote, sentence});
      else if (score >= options.min_leftover_score) weak.push_back({g, h, score, sentence > quote, sentence});
    }
  std::sort(all.begin(), all.end(), [](const GroupMatch& x, const GroupMatch& y) {
    return x.score != y.score ? x.score > y.score : std::make_pair(x.g, x.h) < std::make_pair(y.g, y.h);
  });
  Alignment result;
  std::vector<GroupMatch>& out = result.groups;
  std::vector<uint32_t> used_a, used_b;
  auto used = [](const std::vector<uint32_t>& v, uint32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); };
  for (const auto& m : all) {
    if (used(used_a, m.g) || used(used_b, m.h)) continue;
    used_a.push_back(m.g);
    used_b.push_back(m.h);
    out.push_back(m);
  }
  // When one article translates the other (most sentences already paired), the sentences left
  // over on both sides need less: each other's best at a weaker score (short sentences translate
  // loosely: "I didn't give up anything" / "Jag har inte gett upp något"). Independent articles
  // on one story do not get this: what is left there is what only one of them reports.
  const size_t larger = std::max(groups_a.size(), groups_b.size());
  result.translation = out.size() >= options.min_translated_pairs &&
                       static_cast<double>(out.size()) >= options.translated_share * static_cast<double>(larger);
  // A translation that kept the paragraphs (as many lines, every pair on equal lines): what is
  // left pairs by line too, however loosely it translates ("not happy" / "missnöjd").
  const uint32_t doc_a = groups_a.empty() ? 0 : corpus.groups[groups_a[0]].doc;
  const uint32_t doc_b = groups_b.empty() ? 0 : corpus.groups[groups_b[0]].doc;
  bool same_layout = result.translation && corpus.docs[doc_a].lines > 0 && corpus.docs[doc_a].lines == corpus.docs[doc_b].lines;
  for (const auto& m : out) same_layout = same_layout && corpus.groups[m.g].line == corpus.groups[m.h].line;
  if (same_layout)
    for (uint32_t g : groups_a)
      for (uint32_t h : groups_b)
        if (!used(used_a, g) && !used(used_b, h) && corpus.groups[g].line == corpus.groups[h].line) {
          used_a.push_back(g);
          used_b.push_back(h);
          out.push_back({g, h, options.min_leftover_score, false, 0.0, true});
        }
  // Two related articles with one or two quoted sentences each: what is left pairs too.
  const bool tiny = groups_a.size() == groups_b.size() && larger <= options.tiny_article;
  if (!result.translation && !tiny) return result;
  std::sort(weak.begin(), weak.end(), [](const GroupMatch& x, const GroupMatch& y) {
    return x.score != y.score ? x.score > y.score : std::make_pair(x.g, x.h) < std::make_pair(y.g, y.h);
  });
  for (const auto& m : weak) {
    if (used(used_a, m.g) || used(used_b, m.h)) continue;
    // each other's best among what is left: no better partner for either
    bool best = true;
    for (const auto& o : weak)
      if (&o != &m && o.score > m.score && ((o.g == m.g && !used(used_b, o.h)) || (o.h == m.h && !used(used_a, o.g)))) best = false;
    used_a.push_back(m.g);
    used_b.push_back(m.h);
    if (best) {
      out.push_back(m);
      out.back().leftover = true;
    }
  }
  return result;
}

std::vector<std::pair<uint32_t, uint32_t>> PairQuotes(const LinkCorpus& corpus, const LinkGroup& g, const LinkGroup& h,
                                                      bool translated) {
  if (g.items.size() == 1 && h.items.size() == 1) return {{g.items[0], h.items[0]}};
  // One sentence translating the other reports one statement, and the quotes in it are its
  // fragments ("she called it 'dangerous lies' and 'conspiracy theories'", or a sentence a tag
  // split in two): they pair as a block, in whatever order the translation put them, even when
  // each also finds its own translation - unless the sentence names two people in tags, whose
  // quotes pair by their own words, below.
  if (translated) {
    uint32_t speaker = kNoKey;
    bool two_people = false;
    for (const auto* group : {&g, &h})
      for (uint32_t i : group->items) {
        const LinkItem& item = corpus.items[i];
        const uint32_t sp = item.speaker;
        if (sp == kNoKey || !item.named || item.organisation) continue;  // as SpeakersAgree
        two_people = two_people || (speaker != kNoKey && sp != speaker);
        speaker = sp;
      }
    if (!two_people) {
      std::vector<std::pair<uint32_t, uint32_t>> block;
      for (uint32_t a : g.items)
        for (uint32_t b : h.items) block.push_back({a, b});
      return block;
    }
  }
  struct Scored { double score; uint32_t a, b; };
  std::vector<Scored> all;
  PairScorer scorer(corpus);
  for (uint32_t a : g.items)
    for (uint32_t b : h.items)
      if (const double s = PairScore(scorer, a, b); s >= kMinQuotePair) all.push_back({s, a, b});
  std::sort(all.begin(), all.end(), [](const Scored& x, const Scored& y) {
    return x.score != y.score ? x.score > y.score : std::make_pair(x.a, x.b) < std::make_pair(y.a, y.b);
  });
  std::vector<std::pair<uint32_t, uint32_t>> out;
  std::vector<uint32_t> left_a = g.items, left_b = h.items;
  for (const auto& s : all) {
    auto ia = std::find(left_a.begin(), left_a.end(), s.a);
    auto ib = std::find(left_b.begin(), left_b.end(), s.b);
    if (ia == left_a.end() || ib == left_b.end()) continue;
    out.push_back({s.a, s.b});
    left_a.erase(ia);
    left_b.erase(ib);
  }
  if (left_a.size() == 1 && left_b.size() == 1) out.push_back({left_a[0], left_b[0]});
  return out;
}

std::vector<PartialMatch> PartialQuotes(const LinkCorpus& corpus, uint32_t doc_a, uint32_t doc_b) {
  std::vector<PartialMatch> out;
  const LinkDoc& A = corpus.docs[doc_a];
  const LinkDoc& B = corpus.docs[doc_b];
  auto scan = [&](const LinkDoc& short_doc, const LinkDoc& long_doc) {
    for (uint32_t s = short_doc.first_item; s < short_doc.first_item + short_doc.item_count; ++s) {
      const LinkItem& is = corpus.items[s];
      if (is.piece_count != 1) continue;
      const Bag& part = corpus.pieces[is.first_piece].bag;
      if (part.same.empty() || part.size() < kPartialMinWords || part.size() > kPartialMaxWords) continue;
      PartialMatch best{s, 0, 0.0};
      for (uint32_t l = long_doc.first_item; l < long_doc.first_item + long_doc.item_count; ++l) {
        const LinkItem& il = corpus.items[l];
        if (!il.speech || il.words < 2 * is.words) continue;  // a few words of a fuller statement
        // The same person, however found, is evidence; only two people both named in tags rule it out.
        const bool same_person = is.speaker != kNoKey && is.speaker == il.speaker;
        const bool unknown = is.speaker == kNoKey || il.speaker == kNoKey || !is.named || !il.named;
        if (!same_person && !unknown) continue;
        const double needed = same_person ? kPartialSamePerson : kPartialUnknown;
        for (uint32_t p = il.first_piece; p < il.first_piece + il.piece_count; ++p) {
          const double score = CrossLanguageContainment(part, corpus.pieces[p].bag, corpus.vocab, corpus.piece_idf);
          if (score >= needed && score > best.score) best = {s, l, score};
        }
      }
      if (best.score == 0) continue;
      // Not when another quote of that article matches it better as a whole: then it is that
      // quote's version ("Vi hotar ingen" is "We do not threaten anyone", not a few words of a
      // longer statement about threats).
      uint32_t best_whole = kNoKey;
      double best_whole_score = 0;
      for (uint32_t l = long_doc.first_item; l < long_doc.first_item + long_doc.item_count; ++l)
        for (uint32_t p = corpus.items[l].first_piece; p < corpus.items[l].first_piece + corpus.items[l].piece_count; ++p)
          if (const double sc = BagScore(part, corpus.pieces[p].bag, corpus.vocab, corpus.piece_idf); sc > best_whole_score) {
            best_whole_score = sc;
            best_whole = l;
          }
      if (best_whole == kNoKey || best_whole == best.longer) out.push_back(best);
    }
  };
  scan(A, B);
  scan(B, A);
  return out;
}

}  // namespace quoth::detail
