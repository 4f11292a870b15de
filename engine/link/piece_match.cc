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
// The keys piece `a` looks up, rarest first: the two rarest always, more while they are cheap
// (rare, and within the budget of index entries). A translated piece looks for partners in its
// own language only: pivot-language pieces find it through its translations, which saves
// following each translated word's many senses. Cognate keys are not looked up: a word's stem
// and cognate key would count twice. Returns the keys kept.
size_t RarestKeys(const LinkPiece& a, const LinkCorpus& corpus, const PostingIndex& index, size_t max_posting,
                  std::vector<uint32_t>* query) {
  query->assign(a.bag.same.begin(), a.bag.same.end());
  if (!a.bag.translated)
    for (uint32_t t : a.bag.terms) query->push_back(corpus.vocab.Keys(t).pivot);
  std::sort(query->begin(), query->end());
  query->erase(std::unique(query->begin(), query->end()), query->end());
  std::sort(query->begin(), query->end(), [&](uint32_t x, uint32_t y) {
    const size_t dx = index[x].size(), dy = index[y].size();
    return dx != dy ? dx < dy : x < y;
  });
  size_t keep = 0, visited = 0;
  while (keep < query->size()) {
    const size_t df = index[(*query)[keep]].size();
    const bool take = keep < kAlwaysKeys || df <= kCheapPosting ||
                      (keep < kQueryKeys && df <= max_posting && visited + df <= kQueryBudget);
    if (!take) break;
    visited += df;
    ++keep;
  }
  query->resize(keep);
  return keep;
}

// The best-evidenced same-language matches of piece p: most of its words found, then most
// shared, then the partner's number (the canonical order: the same in any input order).
void KeepBestSameLanguage(uint32_t p, size_t max_candidates, std::vector<PieceMatch>* same) {
  if (!max_candidates || same->size() <= max_candidates) return;
  const auto last = same->begin() + static_cast<std::ptrdiff_t>(max_candidates);
  std::nth_element(same->begin(), last, same->end(), [p](const PieceMatch& x, const PieceMatch& y) {
    if (x.score != y.score) return x.score > y.score;
    if (x.shared != y.shared) return x.shared > y.shared;
    return (x.p == p ? x.q : x.p) < (y.p == p ? y.q : y.p);
  });
  same->erase(last, same->end());
}

// Searches pieces [begin, end) against the index, into `found`.
class PieceSearch {
 public:
  PieceSearch(const LinkCorpus& corpus, const PieceMatchOptions& options, const PostingIndex& index,
              const std::vector<uint32_t>& piece_doc)
      : corpus_(corpus), options_(options), index_(index), piece_doc_(piece_doc), seen_(corpus.pieces.size(), 0) {}

  void Run(uint32_t begin, uint32_t end, Found* found) {
    for (uint32_t p = begin; p < end; ++p) {
      const LinkPiece& a = corpus_.pieces[p];
      if (!corpus_.items[a.item].speech) continue;
      const size_t keep = RarestKeys(a, corpus_, index_, options_.max_posting, &query_);
      // A piece whose rarest word is everywhere is a stock phrase ("No comment", "Vi får se"):
      // matching it across the batch would compare it with all its copies. It links only inside
      // related articles (their sentences, their identical texts).
      if (query_.empty() || index_[query_[0]].size() > kStockPhrase) continue;
      Score(p, keep >= kAlwaysKeys ? 2 : 1, found);
      KeepBestSameLanguage(p, options_.max_candidates, &same_);
      found->same.insert(found->same.end(), same_.begin(), same_.end());
    }
  }

 private:
  // The candidates sharing `needed` of p's query keys (all, when few), scored.
  void Score(uint32_t p, uint8_t needed, Found* found) {
    const LinkPiece& a = corpus_.pieces[p];
    touched_.clear();
    for (uint32_t k : query_)
      for (uint32_t q : index_[k]) {
        if (piece_doc_[q] == piece_doc_[p]) continue;
        if (seen_[q] < 255 && seen_[q]++ == 0) touched_.push_back(q);
      }
    const bool few = touched_.size() <= kFewCandidates;
    same_.clear();
    const TermKeyList* pivot_keys = nullptr;  // made on the first partner in the other language
    for (uint32_t q : touched_) {
      const uint8_t shared = seen_[q];
      seen_[q] = 0;
      if (!few && shared < needed) continue;
      const LinkPiece& b = corpus_.pieces[q];
      if (a.bag.translated == b.bag.translated) {
        const Overlap o = SameLanguageOverlap(a.bag, b.bag);
        if (o.shared >= options_.min_shared_words && o.containment >= options_.same_language_min)  // either side finds it: deduplicated below
          same_.push_back({std::min(p, q), std::max(p, q), o.containment, static_cast<uint32_t>(o.shared), false});
        continue;
      }
      // Only a pivot-language piece has partners in the other language (a translated one
      // queries its own language's keys), so `a` is the pivot side.
      if (!pivot_keys) pivot_keys = &PivotKeys(a.bag, corpus_.vocab, &a_keys_);
      const double score = CrossLanguageScore(a.bag, *pivot_keys, b.bag, corpus_.vocab, corpus_.piece_idf, nullptr,
                                              &corpus_.piece_slot_means);
      if (score < options_.cross_language_min) continue;
      Offer(&found->best, p, piece_doc_[q], q, score);
      Offer(&found->best, q, piece_doc_[p], p, score);
    }
  }

  const LinkCorpus& corpus_;
  const PieceMatchOptions& options_;
  const PostingIndex& index_;
  const std::vector<uint32_t>& piece_doc_;
  std::vector<uint8_t> seen_;
  std::vector<uint32_t> touched_, query_;
  std::vector<PieceMatch> same_;  // this piece's same-language matches
  TermKeyList a_keys_;
};

// The threads' findings merged: every same-language match, and across languages the pairs that
// are each other's best partner in the other's document; sorted, without duplicates.
std::vector<PieceMatch> MergeFound(std::vector<Found>& found, const std::vector<uint32_t>& piece_doc) {
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

}  // namespace

std::vector<std::vector<std::string>> PieceKeyTexts(const LinkCorpus& corpus) {
  std::vector<std::vector<std::string>> out(corpus.items.size());
  std::vector<uint32_t> keys, all;
  for (uint32_t i = 0; i < corpus.items.size(); ++i) {
    const LinkItem& item = corpus.items[i];
    if (!item.speech) continue;
    all.clear();
    for (uint32_t p = item.first_piece; p < item.first_piece + item.piece_count; ++p) {
      // As PostingIndex files them: no cognate keys.
      IndexKeysInto(corpus.pieces[p].bag, corpus.vocab, &keys, SIZE_MAX, /*cognates=*/false);
      all.insert(all.end(), keys.begin(), keys.end());
    }
    for (uint32_t k : all) out[i].push_back(corpus.vocab.KeyText(k));
    std::sort(out[i].begin(), out[i].end());
    out[i].erase(std::unique(out[i].begin(), out[i].end()), out[i].end());
  }
  return out;
}

std::vector<PieceMatch> MatchPieces(const LinkCorpus& corpus, const PieceMatchOptions& options) {
  const auto& pieces = corpus.pieces;
  // Only speech is matched across the batch: titles and scare quotes ("stable") link only as
  // quotes of aligned sentences.
  const PostingIndex index(corpus);
  std::vector<uint32_t> piece_doc(pieces.size());
  for (uint32_t p = 0; p < pieces.size(); ++p) piece_doc[p] = corpus.items[pieces[p].item].doc;
  const size_t hw = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const size_t threads = std::max<size_t>(1, std::min<size_t>(hw, pieces.size() / 1000 + 1));
  std::vector<Found> found(threads);
  const uint32_t n = static_cast<uint32_t>(pieces.size());
  ForEachParallel(0, threads, threads, [&](size_t t) {
    PieceSearch(corpus, options, index, piece_doc)
        .Run(static_cast<uint32_t>(n * t / threads), static_cast<uint32_t>(n * (t + 1) / threads), &found[t]);
  });
  return MergeFound(found, piece_doc);
}

}  // namespace quoth::detail
