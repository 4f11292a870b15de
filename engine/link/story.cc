#include "engine/link/story.h"

#include <algorithm>
#include <cmath>

#include "engine/link/scoring.h"

namespace quoth::detail {

namespace {
constexpr size_t kAlwaysKeys = 2;           // the rarest keys a document always looks up...
constexpr size_t kMaxAlwaysPosting = 1000;  // ...unless they are in more documents than this
}  // namespace

double StoryScore(const LinkCorpus& corpus, uint32_t a, uint32_t b) {
  const Bag& x = corpus.docs[a].story;
  const Bag& y = corpus.docs[b].story;
  if (x.translated == y.translated) return SameLanguageDice(x, y, corpus.story_idf);
  // A dictionary gives each Swedish word many senses, so over a whole article translated words
  // match much by chance; words shared as they are (names, places, numbers, loanwords) do not.
  // Both must agree.
  const double translated = BagScore(x, y, corpus.vocab, corpus.story_idf);
  const double shared_forms =
      SharedFormScore(x, corpus.docs[a].story_forms, y, corpus.docs[b].story_forms, corpus.vocab, corpus.story_idf);
  return std::sqrt(translated * shared_forms);
}

std::vector<StoryLink> StoryCandidates(const LinkCorpus& corpus, const StoryOptions& options) {
  const size_t n = corpus.docs.size();
  std::vector<std::vector<uint32_t>> index(corpus.vocab.key_count());
  for (uint32_t d = 0; d < n; ++d)
    for (uint32_t k : corpus.docs[d].story_keys) index[k].push_back(d);
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  std::vector<uint32_t> seen(n, 0), touched, query;
  for (uint32_t d = 0; d < n; ++d) {
    const LinkDoc& doc = corpus.docs[d];
    // English documents look up their stems (they meet Swedish documents through the slots);
    // Swedish ones their own stems (they meet English documents from the English side).
    query.clear();
    for (uint32_t t : doc.story.terms) {
      const WordKeys& k = corpus.vocab.Keys(t);
      query.push_back(doc.translated ? k.same : k.pivot);
    }
    std::sort(query.begin(), query.end());
    query.erase(std::unique(query.begin(), query.end()), query.end());
    std::sort(query.begin(), query.end(), [&](uint32_t x, uint32_t y) {
      return index[x].size() != index[y].size() ? index[x].size() < index[y].size() : x < y;
    });
    // The rarest keys within a budget of index entries; the two rarest however common (up to
    // a limit), so that copies of one wire story in hundreds of outlets still meet.
    size_t visited = 0, looked = 0;
    touched.clear();
    for (uint32_t k : query) {
      if (index[k].size() < 2) continue;  // only this document
      const bool always = looked < kAlwaysKeys && index[k].size() <= kMaxAlwaysPosting;
      if (!always && (index[k].size() > options.max_posting || visited + index[k].size() > options.query_budget)) break;
      visited += index[k].size();
      ++looked;
      for (uint32_t o : index[k])
        if (o != d && seen[o]++ == 0) touched.push_back(o);
    }
    for (uint32_t o : touched) {
      const uint32_t shared = seen[o];
      seen[o] = 0;
      if (shared >= options.min_shared) pairs.push_back({std::min(d, o), std::max(d, o)});
    }
  }
  // A pair may be found from either side (or only from one: Swedish documents look up Swedish keys).
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  std::vector<StoryLink> out;
  out.reserve(pairs.size());
  for (const auto& [a, b] : pairs) out.push_back({a, b, StoryScore(corpus, a, b)});
  return out;
}

std::vector<StoryLink> RelatedStories(const LinkCorpus& corpus, const StoryOptions& options, const QuoteEvidenceMap& quotes) {
  std::vector<StoryLink> all;
  for (const StoryLink& l : StoryCandidates(corpus, options)) {
    if (l.score >= options.min_score) { all.push_back(l); continue; }
    if (l.score < options.weak_score) continue;
    auto it = quotes.find(DocPair(l.a, l.b));
    if (it == quotes.end()) continue;
    if (it->second.matches >= options.quote_matches || it->second.same_person >= options.same_person_matches) all.push_back(l);
  }
  std::sort(all.begin(), all.end(), [](const StoryLink& x, const StoryLink& y) {
    return x.score != y.score ? x.score > y.score : std::make_pair(x.a, x.b) < std::make_pair(y.a, y.b);
  });
  std::vector<uint32_t> partners(corpus.docs.size(), 0);
  std::vector<StoryLink> out;
  for (const StoryLink& l : all) {
    if (partners[l.a] >= options.partners || partners[l.b] >= options.partners) continue;
    ++partners[l.a];
    ++partners[l.b];
    out.push_back(l);
  }
  std::sort(out.begin(), out.end(), [](const StoryLink& x, const StoryLink& y) { return std::make_pair(x.a, x.b) < std::make_pair(y.a, y.b); });
  return out;
}

}  // namespace quoth::detail
