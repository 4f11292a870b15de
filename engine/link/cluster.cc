#include "engine/link/cluster.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <numeric>
#include <unordered_map>

namespace quoth::detail {

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

struct State {
  std::vector<uint32_t> parent;
  std::vector<std::vector<uint32_t>> members;  // valid at roots
  std::vector<uint32_t> fullest;               // valid at roots
  std::vector<uint32_t> person;                // valid at roots: the one known person, or kNoKey
  uint32_t Find(uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
};

}  // namespace

Clustering ClusterItems(const LinkCorpus& corpus, std::vector<Edge> edges) {
  const auto& items = corpus.items;
  const uint32_t n = static_cast<uint32_t>(items.size());
  // Best first; a full order, so that the links recorded do not depend on the input order.
  std::sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) {
    if (x.score != y.score) return x.score > y.score;
    return std::make_tuple(x.a, x.b, x.basis, x.relation) < std::make_tuple(y.a, y.b, y.basis, y.relation);
  });
  std::unordered_map<uint64_t, double> linked;
  linked.reserve(edges.size() * 2);
  for (const Edge& e : edges) linked.emplace(PairKey(e.a, e.b), e.score);
  // Whether a link may carry the merge of two clusters of several versions.
  auto links_into = [&](uint32_t a, uint32_t b) {
    const auto it = linked.find(PairKey(a, b));
    if (it == linked.end()) return false;
    const size_t wa = items[a].words, wb = items[b].words;
    return it->second >= kMinIntoScore || 2 * std::min(wa, wb) >= std::max(wa, wb);
  };
  // Linked to the fullest version: by a link, or sharing a sentence with it or with a member linked to it.
  auto reaches = [&](uint32_t member, uint32_t fullest, const std::vector<uint32_t>& group_of_fullest) {
    if (member == fullest || linked.count(PairKey(member, fullest))) return true;
    const LinkItem& m = items[member];
    if (m.group != kNoKey && m.group == items[fullest].group) return true;
    for (uint32_t g : group_of_fullest)
      if (g != member && linked.count(PairKey(member, g))) return true;
    return false;
  };

  State s;
  s.parent.resize(n);
  std::iota(s.parent.begin(), s.parent.end(), 0);
  s.members.resize(n);
  s.fullest.resize(n);
  s.person.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    s.members[i] = {i};
    s.fullest[i] = i;
    s.person[i] = items[i].organisation || !items[i].named ? kNoKey : items[i].speaker;
  }
  std::vector<std::vector<Edge>> joins(n);
  for (const Edge& e : edges) {
    uint32_t ra = s.Find(e.a), rb = s.Find(e.b);
    if (ra == rb) continue;
    if (s.person[ra] != kNoKey && s.person[rb] != kNoKey && s.person[ra] != s.person[rb]) continue;
    const uint32_t fa = s.fullest[ra], fb = s.fullest[rb];
    const bool a_fuller = items[fa].words > items[fb].words || (items[fa].words == items[fb].words && fa < fb);
    const uint32_t fullest = a_fuller ? fa : fb;
    const uint32_t other_root = a_fuller ? rb : ra;  // its members must reach the new fullest version
    std::vector<uint32_t> with_fullest;  // members sharing the fullest version's sentence
    if (items[fullest].group != kNoKey)
      for (uint32_t m : corpus.groups[items[fullest].group].items) with_fullest.push_back(m);
    bool ok = true;
    for (uint32_t m : s.members[other_root])
      if (!reaches(m, fullest, with_fullest)) { ok = false; break; }
    // Two clusters of several versions each (an article pair and another article pair of one
    // story) also merge when every member of the smaller links into the larger one: then no
    // single link carries the merge.
    const uint32_t small = s.members[ra].size() <= s.members[rb].size() ? ra : rb;
    const uint32_t large = small == ra ? rb : ra;
    if (!ok && s.members[small].size() >= 2 && s.members[small].size() * s.members[large].size() <= kMaxPairChecks) {
      ok = true;
      for (uint32_t m : s.members[small]) {
        bool into = false;
        for (uint32_t o : s.members[large]) into = into || links_into(m, o);
        if (!into) { ok = false; break; }
      }
    }
    if (!ok) continue;
    // Merge the smaller member list into the larger.
    uint32_t keep = ra, gone = rb;
    if (s.members[keep].size() < s.members[gone].size()) std::swap(keep, gone);
    s.parent[gone] = keep;
    s.members[keep].insert(s.members[keep].end(), s.members[gone].begin(), s.members[gone].end());
    std::vector<uint32_t>().swap(s.members[gone]);
    s.fullest[keep] = fullest;
    if (s.person[keep] == kNoKey) s.person[keep] = s.person[gone];
    joins[keep].insert(joins[keep].end(), joins[gone].begin(), joins[gone].end());
    std::vector<Edge>().swap(joins[gone]);
    joins[keep].push_back(e);
  }
  Clustering out;
  std::map<uint32_t, uint32_t> root_order;  // root -> cluster index, by first item
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t r = s.Find(i);
    if (s.members[r].size() < 2 || root_order.count(r)) continue;
    root_order[r] = static_cast<uint32_t>(out.clusters.size());
    std::vector<uint32_t> m = s.members[r];
    std::sort(m.begin(), m.end());
    out.clusters.push_back(std::move(m));
    out.joins.push_back(joins[r]);
  }
  return out;
}

}  // namespace quoth::detail
