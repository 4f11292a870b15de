// Clusters are found in canonical order (canonical_order.h) and given in input order: members
// by where their document was given, clusters by their first member, each link from the member
// given first, so that cluster ids ("c0") number in the order the documents were given. A
// cluster's representative is its fullest version (the most words; of equals, the first given),
// its confidence its weakest link's score.
#include "engine/link/public_clusters.h"

#include <algorithm>
#include <string>
#include <utility>

#include "engine/link/explain.h"
#include "engine/link/story.h"

namespace quoth::detail {

namespace {

struct InputOrder {
  const LinkCorpus& corpus;
  const std::vector<uint32_t>& input_rank;
  std::pair<uint32_t, uint32_t> Place(uint32_t item) const {
    return {input_rank[corpus.items[item].doc], corpus.items[item].quote};
  }
  bool operator()(uint32_t x, uint32_t y) const { return Place(x) < Place(y); }
};

const Quote& QuoteOfItem(const LinkCorpus& corpus, const std::vector<DocumentResult>& docs, uint32_t item) {
  return docs[corpus.items[item].doc].quotes[corpus.items[item].quote];
}

QuoteLink PublicLink(Edge e, const LinkCorpus& corpus, const std::vector<DocumentResult>& docs, const InputOrder& given_first,
                     const StoryRelations& stories, bool explain) {
  if (given_first(e.b, e.a)) std::swap(e.a, e.b);
  QuoteLink link;
  link.from = QuoteOfItem(corpus, docs, e.a).id;
  link.to = QuoteOfItem(corpus, docs, e.b).id;
  link.score = e.score;
  link.relation = e.relation == StoryRelation::kSameStory ? "same story" : "unrelated";
  link.basis = BasisName(e.basis);
  if (explain) {
    const uint32_t da = corpus.items[e.a].doc, db = corpus.items[e.b].doc;
    const double* related = stories.Score(da, db);
    const double story = related ? *related : (da == db ? 1.0 : StoryScore(corpus, da, db));
    link.evidence = ExplainLink(corpus, docs, e, story);
  }
  return link;
}

// `members`: the cluster's items, in input order.
Cluster PublicCluster(std::string id, const std::vector<uint32_t>& members, const std::vector<Edge>& joins,
                      const LinkCorpus& corpus, std::vector<DocumentResult>& docs, const InputOrder& given_first,
                      const StoryRelations& stories, bool explain) {
  Cluster cluster;
  cluster.id = std::move(id);
  uint32_t fullest = members.front();
  for (uint32_t i : members) {
    Quote& q = docs[corpus.items[i].doc].quotes[corpus.items[i].quote];
    q.cluster_id = cluster.id;
    cluster.quote_ids.push_back(q.id);
    const std::string& lang = docs[corpus.items[i].doc].lang;
    if (std::find(cluster.languages.begin(), cluster.languages.end(), lang) == cluster.languages.end())
      cluster.languages.push_back(lang);
    if (corpus.items[i].words > corpus.items[fullest].words) fullest = i;
  }
  std::sort(cluster.languages.begin(), cluster.languages.end());
  cluster.representative = QuoteOfItem(corpus, docs, fullest).text;
  cluster.confidence = 1.0;
  for (const Edge& e : joins) {
    cluster.confidence = std::min(cluster.confidence, e.score);
    cluster.links.push_back(PublicLink(e, corpus, docs, given_first, stories, explain));
  }
  return cluster;
}

}  // namespace

const char* BasisName(LinkBasis basis) {
  static const char* const kBasis[] = {"words", "translation", "sentence", "same text", "partial translation"};
  return kBasis[static_cast<int>(basis)];
}

std::vector<Cluster> PublicClusters(const Clustering& clustering, const LinkCorpus& corpus,
                                    std::vector<DocumentResult>& docs, const std::vector<uint32_t>& input_rank,
                                    const StoryRelations& stories, bool explain) {
  const InputOrder given_first{corpus, input_rank};
  std::vector<std::vector<uint32_t>> members = clustering.clusters;
  for (auto& m : members) std::sort(m.begin(), m.end(), given_first);
  std::vector<size_t> cluster_order(members.size());
  for (size_t c = 0; c < members.size(); ++c) cluster_order[c] = c;
  std::sort(cluster_order.begin(), cluster_order.end(),
            [&](size_t x, size_t y) { return given_first(members[x].front(), members[y].front()); });
  std::vector<Cluster> clusters;
  for (const size_t c : cluster_order)
    clusters.push_back(PublicCluster("c" + std::to_string(clusters.size()), members[c], clustering.joins[c], corpus, docs,
                                     given_first, stories, explain));
  return clusters;
}

}  // namespace quoth::detail
