#include "engine/link/piece_match.h"

#include <algorithm>
#include <thread>
#include <tuple>
#include <unordered_map>

#include "engine/link/parallel.h"
#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {
constexpr size_t kQueryKeys = 6;       // rarest keys a piece looks up
constexpr size_t kCheapPosting = 16;   // keys this rare are always looked up
constexpr size_t kAlwaysKeys = 2;      // the rarest keys are looked up however common
constexpr size_t kQueryBudget = 800;   // index entries the other keys may add
constexpr size_t kStockPhrase = 1000;  // a piece whose rarest word is in more pieces is a stock phrase
constexpr size_t kFewCandidates = 16;  // this few candidates are all scored; more must share two keys

// Best partner of a piece in another document: (score, partner), kTie when two partners score
// the same (a word quoted twice in one article: no partner, the sentences decide instead).
constexpr uint32_t kTie = static_cast<uint32_t>(-1);
using BestMap = std::unordered_map<uint64_t, std::pair<double, uint32_t>>;  // (piece << 32 | doc) ->

// Keeps the better of `slot` and (score, q); the same rule whatever the order offers come in,
// so that threads do not change the result.
void Keep(std::pair<double, uint32_t>* slot, double score, uint32_t q) {
  if (score > slot->first) *slot = {score, q};
  else if (score == slot->first && q != slot->second) slot->second = kTie;
}

void Offer(BestMap* best, uint32_t p, uint32_t doc, uint32_t q, double score) {
  Keep(&(*best)[(static_cast<uint64_t>(p) << 32) | doc], score, q);
}

struct Found { BestMap best; std::vector<PieceMatch> same; };

// Key -> the pieces that hold it, in one flat array (CSR): a vector per key cost a third more
// memory than the postings themselves at a million quotes.
class PostingIndex {
 public:
  struct Postings {
    const uint32_t* begin_;
    const uint32_t* end_;
    const uint32_t* begin() const { return begin_; }
    const uint32_t* end() const { return end_; }
    size_t size() const { return static_cast<size_t>(end_ - begin_); }
  };
  PostingIndex(const LinkCorpus& corpus) : start_(corpus.vocab.key_count() + 1, 0) {
    const auto& pieces = corpus.pieces;
    // Two passes over the pieces' keys (count, then place) instead of holding them all. Only keys
    // a query can hold are filed: same-language keys, and English stems (an English piece's own,
    // a Swedish word's senses); cognate keys are never looked up (see MatchPieces).
    std::vector<uint32_t> keys;
    auto each_key = [&](auto f) {
      for (uint32_t p = 0; p < pieces.size(); ++p) {
        if (!corpus.items[pieces[p].item].speech) continue;
        IndexKeysInto(pieces[p].bag, corpus.vocab, &keys, SIZE_MAX, /*cognates=*/false);
        for (uint32_t k : keys) f(p, k);
      }
    };
    each_key([&](uint32_t, uint32_t k) { ++start_[k + 1]; });
    for (size_t k = 1; k < start_.size(); ++k) start_[k] += start_[k - 1];
    postings_.resize(start_.back());
    std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
    each_key([&](uint32_t p, uint32_t k) { postings_[fill[k]++] = p; });  // pieces in order within each key
  }
  Postings operator[](uint32_t key) const { return {postings_.data() + start_[key], postings_.data() + start_[key + 1]}; }

 private:
  std::vector<uint32_t> start_;     // key -> first posting; key + 1 -> one past its last
  std::vector<uint32_t> postings_;  // piece ids, grouped by key
};
}  // namespace

std::vector<PieceMatch> MatchPieces(const LinkCorpus& corpus, const PieceMatchOptions& options) {
  const auto& pieces = corpus.pieces;
  // Only speech is matched across the batch: titles and scare quotes ("stable") link only as
  // quotes of aligned sentences.
  const PostingIndex index(corpus);
  std::vector<uint32_t> piece_doc(pieces.size());
  for (uint32_t p = 0; p < pieces.size(); ++p) piece_doc[p] = corpus.items[pieces[p].item].doc;

  auto search = [&](uint32_t begin, uint32_t end, Found* found) {
    std::vector<uint8_t> seen(pieces.size(), 0);
    std::vector<uint32_t> touched, query;
    std::vector<PieceMatch> same;  // this piece's same-language matches
    TermKeyList a_keys;
    for (uint32_t p = begin; p < end; ++p) {
      const LinkPiece& a = pieces[p];
      if (!corpus.items[a.item].speech) continue;
      // A Swedish piece looks for Swedish partners only: English pieces find it through its
      // translations, which saves following each Swedish word's many senses. Cognate keys are
      // not looked up: a word's stem and cognate key would count twice.
      query.assign(a.bag.same.begin(), a.bag.same.end());
      if (!a.bag.translated)
        for (uint32_t t : a.bag.terms) query.push_back(corpus.vocab.Keys(t).pivot);
      std::sort(query.begin(), query.end());
      query.erase(std::unique(query.begin(), query.end()), query.end());
      std::sort(query.begin(), query.end(), [&](uint32_t x, uint32_t y) {
        const size_t dx = index[x].size(), dy = index[y].size();
        return dx != dy ? dx < dy : x < y;
      });
      size_t keep = 0, visited = 0;
      while (keep < query.size()) {
        const size_t df = index[query[keep]].size();
        const bool take = keep < kAlwaysKeys || df <= kCheapPosting ||
                          (keep < kQueryKeys && df <= options.max_posting && visited + df <= kQueryBudget);
        if (!take) break;
        visited += df;
        ++keep;
      }
      query.resize(keep);
      // A piece whose rarest word is everywhere is a stock phrase ("No comment", "Vi får se"):
      // matching it across the batch would compare it with all its copies. It links only inside
      // related articles (their sentences, their identical texts).
      if (query.empty() || index[query[0]].size() > kStockPhrase) continue;
      const uint8_t needed = keep >= kAlwaysKeys ? 2 : 1;
      touched.clear();
      for (uint32_t k : query)
        for (uint32_t q : index[k]) {
          if (piece_doc[q] == piece_doc[p]) continue;
          if (seen[q] < 255 && seen[q]++ == 0) touched.push_back(q);
        }
      const bool few = touched.size() <= kFewCandidates;
      same.clear();
      const TermKeyList* pivot_keys = nullptr;  // made on the first partner in the other language
      for (uint32_t q : touched) {
        const uint8_t shared = seen[q];
        seen[q] = 0;
        if (!few && shared < needed) continue;
        const LinkPiece& b = pieces[q];
        if (a.bag.translated == b.bag.translated) {
          const Overlap o = SameLanguageOverlap(a.bag, b.bag);
          if (o.shared >= options.min_shared_words && o.containment >= options.same_language_min)  // either side finds it: deduplicated below
            same.push_back({std::min(p, q), std::max(p, q), o.containment, static_cast<uint32_t>(o.shared), false});
          continue;
        }
        // Only an English piece has partners in the other language (a Swedish one queries its
        // own language's keys), so `a` is the English side.
        if (!pivot_keys) pivot_keys = &PivotKeys(a.bag, corpus.vocab, &a_keys);
        const double score = CrossLanguageScore(a.bag, *pivot_keys, b.bag, corpus.vocab, corpus.piece_idf, nullptr,
                                                &corpus.piece_slot_means);
        if (score < options.cross_language_min) continue;
        Offer(&found->best, p, piece_doc[q], q, score);
        Offer(&found->best, q, piece_doc[p], p, score);
      }
      // The best-evidenced matches of this piece: most of its words found, then most shared, then
      // the partner's number (the canonical order: the same in any input order).
      if (options.max_candidates && same.size() > options.max_candidates) {
        const auto last = same.begin() + static_cast<std::ptrdiff_t>(options.max_candidates);
        std::nth_element(same.begin(), last, same.end(), [p](const PieceMatch& x, const PieceMatch& y) {
          if (x.score != y.score) return x.score > y.score;
          if (x.shared != y.shared) return x.shared > y.shared;
          return (x.p == p ? x.q : x.p) < (y.p == p ? y.q : y.p);
        });
        same.erase(last, same.end());
      }
      found->same.insert(found->same.end(), same.begin(), same.end());
    }
  };
  const size_t hw = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const size_t threads = std::max<size_t>(1, std::min<size_t>(hw, pieces.size() / 1000 + 1));
  std::vector<Found> found(threads);
  const uint32_t n = static_cast<uint32_t>(pieces.size());
  ForEachParallel(0, threads, threads, [&](size_t t) {
    search(static_cast<uint32_t>(n * t / threads), static_cast<uint32_t>(n * (t + 1) / threads), &found[t]);
  });
  // Best partner of each piece in each other document, the threads' findings merged.
  auto key = [](uint32_t p, uint32_t doc) { return (static_cast<uint64_t>(p) << 32) | doc; };
  std::vector<PieceMatch> out;
  BestMap best = std::move(found[0].best);
  for (auto& f : found) {
    out.insert(out.end(), f.same.begin(), f.same.end());
    std::vector<PieceMatch>().swap(f.same);
    for (const auto& [k, value] : f.best) Keep(&best[k], value.first, value.second);
    BestMap().swap(f.best);
  }
  for (const auto& [k, value] : best) {
    const uint32_t p = static_cast<uint32_t>(k >> 32), q = value.second;
    if (q == kTie || q < p) continue;
    auto back = best.find(key(q, piece_doc[p]));
    if (back == best.end() || back->second.second != p) continue;
    out.push_back({p, q, value.first, 0, true});
  }
  std::sort(out.begin(), out.end(), [](const PieceMatch& x, const PieceMatch& y) {
    return std::make_tuple(x.p, x.q, x.cross) < std::make_tuple(y.p, y.q, y.cross);
  });
  out.erase(std::unique(out.begin(), out.end(), [](const PieceMatch& x, const PieceMatch& y) {
              return x.p == y.p && x.q == y.q && x.cross == y.cross;
            }), out.end());
  return out;
}

}  // namespace quoth::detail
