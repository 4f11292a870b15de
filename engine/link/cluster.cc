#include "engine/link/cluster.h"

#include <algorithm>
#include <tuple>
#include <numeric>

namespace quoth::detail {

const char* StageName(LinkStage stage) {
  static const char* const kNames[] = {"match decision (sentence match)", "split quote",
                                       "story alignment (same text)", "story alignment (quote pairs)",
                                       "story alignment (partial quote)", "story alignment (aligned sentences)"};
  return kNames[static_cast<int>(stage)];
}

bool SpeakersAgree(const LinkItem& a, const LinkItem& b) {
  if (a.speaker == kNoKey || b.speaker == kNoKey || a.organisation || b.organisation || !a.named || !b.named) return true;
  return a.speaker == b.speaker;
}

namespace {

constexpr size_t kMaxPairChecks = 4096;  // member pairs compared when two big clusters meet
// Two clusters of several versions merge on their members' links only when each of those links is
// fairly strong or between versions of about one length: a weak link from a short quote into a long
// one (one shared word) must not join two utterances of one person.
constexpr double kMinIntoScore = 0.4;

uint64_t PairKey(uint32_t a, uint32_t b) { return (static_cast<uint64_t>(std::min(a, b)) << 32) | std::max(a, b); }

// Union-find over items, each root with its member list and its joins as singly linked lists
// (arrays, not a vector per item: a million quotes are clustered at once).
struct State {
  explicit State(uint32_t n) : parent(n), next(n, kNoKey), tail(n), size(n, 1), fullest(n), person(n),
                               join_head(n, kNoKey), join_tail(n, kNoKey) {
    std::iota(parent.begin(), parent.end(), 0);
    std::iota(tail.begin(), tail.end(), 0);
    std::iota(fullest.begin(), fullest.end(), 0);
  }
  std::vector<uint32_t> parent;
  std::vector<uint32_t> next;     // next member of the same cluster; a root heads its own list
  std::vector<uint32_t> tail;     // valid at roots: last member
  std::vector<uint32_t> size;     // valid at roots
  std::vector<uint32_t> fullest;  // valid at roots
  std::vector<uint32_t> person;   // valid at roots: the one known person, or kNoKey
  std::vector<uint32_t> join_head, join_tail;  // valid at roots: the links that merged it (indices into joins)
  std::vector<Edge> joins;
  std::vector<uint32_t> join_next;
  uint32_t Find(uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  template <typename F>
  void ForEachMember(uint32_t root, F f) const {
    for (uint32_t m = root; m != kNoKey; m = next[m]) f(m);
  }
  template <typename F>
  bool AllMembers(uint32_t root, F f) const {
    for (uint32_t m = root; m != kNoKey; m = next[m])
      if (!f(m)) return false;
    return true;
  }
  // `gone`'s members and joins after `keep`'s, then `link`.
  void Merge(uint32_t keep, uint32_t gone, const Edge& link) {
    parent[gone] = keep;
    next[tail[keep]] = gone;
    tail[keep] = tail[gone];
    size[keep] += size[gone];
    if (person[keep] == kNoKey) person[keep] = person[gone];
    if (join_head[gone] != kNoKey) {
      if (join_head[keep] == kNoKey) join_head[keep] = join_head[gone];
      else join_next[join_tail[keep]] = join_head[gone];
      join_tail[keep] = join_tail[gone];
    }
    const uint32_t j = static_cast<uint32_t>(joins.size());
    joins.push_back(link);
    join_next.push_back(kNoKey);
    if (join_head[keep] == kNoKey) join_head[keep] = j;
    else join_next[join_tail[keep]] = j;
    join_tail[keep] = j;
  }
};

// Best first; a full order, so that the links recorded do not depend on the input order. Of
// equally strong links, the one between documents that tell one story more closely first (an
// article and its translation before two outlets): the evidence around the link, not the
// documents' numbers, decides which version a cluster forms around.
void SortBestFirst(std::vector<Edge>* edges) {
  std::sort(edges->begin(), edges->end(), [](const Edge& x, const Edge& y) {
    if (x.score != y.score) return x.score > y.score;
    if (x.story != y.story) return x.story > y.story;
    return std::make_tuple(x.a, x.b, x.basis, x.relation) < std::make_tuple(y.a, y.b, y.basis, y.relation);
  });
}

// Whether two clusters may merge: every member must stay one utterance with the fullest version.
class MergeCheck {
 public:
  // `best_first`: the links, sorted by SortBestFirst.
  MergeCheck(const LinkCorpus& corpus, const std::vector<Edge>& best_first) : corpus_(corpus), items_(corpus.items) {
    linked_.reserve(best_first.size());
    for (const Edge& e : best_first) linked_.push_back({PairKey(e.a, e.b), e.score});
    std::stable_sort(linked_.begin(), linked_.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    linked_.erase(std::unique(linked_.begin(), linked_.end(), [](const auto& x, const auto& y) { return x.first == y.first; }),
                  linked_.end());  // the first of each pair is its best: edges came best first
  }

  // Whether the members of `other_root` all reach `fullest` (the merged cluster's fullest
  // version) or, for two clusters of several versions, whether their members pair up.
  bool MayMerge(const State& s, uint32_t ra, uint32_t rb, uint32_t fullest, uint32_t other_root) {
    with_fullest_.clear();
    if (items_[fullest].group != kNoKey)
      for (uint32_t m : corpus_.groups[items_[fullest].group].items) with_fullest_.push_back(m);
    if (s.AllMembers(other_root, [&](uint32_t m) { return Reaches(m, fullest); })) return true;
    // Two clusters of several versions each (an article pair and another article pair of one
    // story) also merge when their members pair up: every member of each links into the other.
    // Then no single link carries the merge; and a big cluster cannot take in one pair after
    // another on one link from each of its members (answers of a transcript on one vocabulary
    // each share a sentence with a few others: a cluster of hundreds that way).
    const uint32_t small = s.size[ra] <= s.size[rb] ? ra : rb;
    const uint32_t large = small == ra ? rb : ra;
    auto each_links_into = [&](uint32_t from, uint32_t into) {
      return s.AllMembers(from, [&](uint32_t m) { return !s.AllMembers(into, [&](uint32_t o) { return !LinksInto(m, o); }); });
    };
    return s.size[small] >= 2 && static_cast<size_t>(s.size[small]) * s.size[large] <= kMaxPairChecks &&
           each_links_into(small, large) && each_links_into(large, small);
  }

 private:
  double LinkScore(uint32_t a, uint32_t b) const {  // -1: not linked
    const uint64_t key = PairKey(a, b);
    const auto it = std::lower_bound(linked_.begin(), linked_.end(), key, [](const auto& x, uint64_t k) { return x.first < k; });
    return it != linked_.end() && it->first == key ? it->second : -1.0;
  }
  bool IsLinked(uint32_t a, uint32_t b) const { return LinkScore(a, b) >= 0; }
  // Whether a link may carry the merge of two clusters of several versions.
  bool LinksInto(uint32_t a, uint32_t b) const {
    const double score = LinkScore(a, b);
    if (score < 0) return false;
    const size_t wa = items_[a].words, wb = items_[b].words;
    return score >= kMinIntoScore || 2 * std::min(wa, wb) >= std::max(wa, wb);
  }
  // Linked to the fullest version: by a link, or sharing a sentence with it or with a member linked to it.
  bool Reaches(uint32_t member, uint32_t fullest) const {
    if (member == fullest || IsLinked(member, fullest)) return true;
    const LinkItem& m = items_[member];
    if (m.group != kNoKey && m.group == items_[fullest].group) return true;
    for (uint32_t g : with_fullest_)
      if (g != member && IsLinked(member, g)) return true;
    return false;
  }

  const LinkCorpus& corpus_;
  const std::vector<LinkItem>& items_;
  std::vector<std::pair<uint64_t, double>> linked_;  // (pair, best score), sorted by pair
  std::vector<uint32_t> with_fullest_;               // members sharing the fullest version's sentence
};

// Clusters of two or more by their first item, each with the links that merged it.
Clustering Collect(State& s) {
  const uint32_t n = static_cast<uint32_t>(s.parent.size());
  Clustering out;
  std::vector<uint8_t> done(n, 0);  // roots already output (clusters come by their first item)
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t r = s.Find(i);
    if (s.size[r] < 2 || done[r]) continue;
    done[r] = 1;
    std::vector<uint32_t> m;
    m.reserve(s.size[r]);
    s.ForEachMember(r, [&](uint32_t x) { m.push_back(x); });
    std::sort(m.begin(), m.end());
    out.clusters.push_back(std::move(m));
    std::vector<Edge> joined;
    for (uint32_t j = s.join_head[r]; j != kNoKey; j = s.join_next[j]) joined.push_back(s.joins[j]);
    out.joins.push_back(std::move(joined));
  }
  return out;
}

}  // namespace

Clustering ClusterItems(const LinkCorpus& corpus, std::vector<Edge> edges) {
  const auto& items = corpus.items;
  const uint32_t n = static_cast<uint32_t>(items.size());
  SortBestFirst(&edges);
  MergeCheck check(corpus, edges);
  State s(n);
  for (uint32_t i = 0; i < n; ++i) s.person[i] = items[i].organisation || !items[i].named ? kNoKey : items[i].speaker;
  for (const Edge& e : edges) {
    uint32_t ra = s.Find(e.a), rb = s.Find(e.b);
    if (ra == rb) continue;
    if (s.person[ra] != kNoKey && s.person[rb] != kNoKey && s.person[ra] != s.person[rb]) continue;
    const uint32_t fa = s.fullest[ra], fb = s.fullest[rb];
    // A version as full as the fullest one does not replace it: the larger cluster keeps its own.
    const bool a_fuller = items[fa].words > items[fb].words ||
                          (items[fa].words == items[fb].words && (s.size[ra] != s.size[rb] ? s.size[ra] > s.size[rb] : fa < fb));
    const uint32_t fullest = a_fuller ? fa : fb;
    const uint32_t other_root = a_fuller ? rb : ra;  // its members must reach the new fullest version
    if (!check.MayMerge(s, ra, rb, fullest, other_root)) continue;
    // The smaller member list goes after the larger.
    uint32_t keep = ra, gone = rb;
    if (s.size[keep] < s.size[gone]) std::swap(keep, gone);
    s.Merge(keep, gone, e);
    s.fullest[keep] = fullest;
  }
  return Collect(s);
}

}  // namespace quoth::detail
