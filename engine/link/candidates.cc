// Capping candidates by evidence rank. The links are grouped by quote pair (one record per pair:
// its best score and how many links it has), each quote's pairs are listed next to each other
// (a flat array indexed by quote), each quote marks its best-ranked pairs up to the cap, and a
// pair marked by both of its quotes stays. Work and memory are linear in the links plus a
// selection per quote's list, and what is kept is at most the cap per quote, so a batch whose
// quotes all resemble each other costs the cap per quote, not the square of quotes.
#include "engine/link/candidates.h"

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "engine/log/log.h"

namespace quoth::detail {

namespace {

struct PairEvidence {
  uint32_t a = 0, b = 0;
  double best = 0.0;   // the best link's score
  uint32_t links = 0;  // links between the two quotes
  uint8_t kept_by = 0;  // how many of the two quotes rank the other among their best
};

}  // namespace

void KeepBestCandidates(std::vector<Edge>* edges, size_t per_quote) {
  if (per_quote == 0 || edges->size() <= per_quote) return;  // no quote can have more partners than links
  std::sort(edges->begin(), edges->end(), [](const Edge& x, const Edge& y) {
    return std::tie(x.a, x.b) < std::tie(y.a, y.b);
  });
  std::vector<PairEvidence> pairs;
  uint32_t quotes = 0;
  for (const Edge& e : *edges) {
    if (pairs.empty() || pairs.back().a != e.a || pairs.back().b != e.b) pairs.push_back({e.a, e.b, e.score, 0, 0});
    PairEvidence& p = pairs.back();
    p.best = std::max(p.best, e.score);
    ++p.links;
    quotes = std::max(quotes, e.b + 1);
  }
  // Each quote's pairs, next to each other: start[q] .. start[q + 1] in `listed`.
  std::vector<uint32_t> start(static_cast<size_t>(quotes) + 1, 0);
  for (const auto& p : pairs) {
    ++start[p.a + 1];
    ++start[p.b + 1];
  }
  for (size_t q = 1; q < start.size(); ++q) start[q] += start[q - 1];
  std::vector<uint32_t> listed(start.back());
  {
    std::vector<uint32_t> fill(start.begin(), start.end() - 1);
    for (uint32_t i = 0; i < pairs.size(); ++i) {
      listed[fill[pairs[i].a]++] = i;
      listed[fill[pairs[i].b]++] = i;
    }
  }
  size_t over_cap = 0, most = 0;  // for the debug log: how often the cap binds
  for (uint32_t q = 0; q < quotes; ++q) {
    const auto begin = listed.begin() + start[q], end = listed.begin() + start[q + 1];
    most = std::max<size_t>(most, static_cast<size_t>(end - begin));
    over_cap += static_cast<size_t>(end - begin) > per_quote;
    auto partner = [&](uint32_t i) { return pairs[i].a == q ? pairs[i].b : pairs[i].a; };
    auto better = [&](uint32_t x, uint32_t y) {  // higher evidence first; the partner's number breaks ties
      const PairEvidence& px = pairs[x];
      const PairEvidence& py = pairs[y];
      if (px.best != py.best) return px.best > py.best;
      if (px.links != py.links) return px.links > py.links;
      return partner(x) < partner(y);
    };
    const auto last = static_cast<size_t>(end - begin) > per_quote ? begin + static_cast<std::ptrdiff_t>(per_quote) : end;
    if (last != end) std::nth_element(begin, last, end, better);
    for (auto it = begin; it != last; ++it) ++pairs[*it].kept_by;
  }
  size_t out = 0, pair = 0;
  for (size_t i = 0; i < edges->size(); ++i) {
    const Edge& e = (*edges)[i];
    while (pairs[pair].a != e.a || pairs[pair].b != e.b) ++pair;
    if (pairs[pair].kept_by == 2) (*edges)[out++] = e;
  }
  if (over_cap)
    Log().debug("link: {} of {} quotes had more than {} candidates (at most {}); {} of {} links kept", over_cap, quotes,
                per_quote, most, out, edges->size());
  edges->resize(out);
}

}  // namespace quoth::detail
