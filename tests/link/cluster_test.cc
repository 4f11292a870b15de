// Clustering links into utterances: best links first, no chaining through one member, never
// two different named people in one cluster, and the links that made each cluster recorded.
#include "engine/link/cluster.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// A LinkCorpus made by hand: only what ClusterItems reads (items and their sentence groups).
class HandCorpus {
 public:
  HandCorpus() : corpus_(testing::TestLinkData()) {}

  struct Spec {
    uint32_t doc = 0;
    uint32_t words = 10;
    uint32_t speaker = kNoKey;
    bool named = true;
    bool organisation = false;
    uint32_t group = kNoKey;  // kNoKey: a sentence of its own
    bool translated = false;     // its document's language
  };

  uint32_t Add(Spec spec) {
    const uint32_t id = static_cast<uint32_t>(corpus_.items.size());
    LinkItem item;
    item.doc = spec.doc;
    item.quote = id;
    item.words = spec.words;
    item.speaker = spec.speaker;
    item.named = spec.speaker != kNoKey && spec.named;
    item.organisation = spec.organisation;
    item.speech = true;
    if (spec.group == kNoKey) {
      spec.group = static_cast<uint32_t>(corpus_.groups.size());
      LinkGroup group;
      group.doc = spec.doc;
      corpus_.groups.push_back(std::move(group));
    }
    item.group = spec.group;
    corpus_.groups[spec.group].items.push_back(id);
    if (corpus_.docs.size() <= spec.doc) corpus_.docs.resize(spec.doc + 1);
    corpus_.docs[spec.doc].translated = spec.translated;
    corpus_.items.push_back(item);
    return id;
  }

  const LinkCorpus& corpus() const { return corpus_; }

 private:
  LinkCorpus corpus_;
};

Edge E(uint32_t a, uint32_t b, double score, LinkBasis basis = LinkBasis::kWords) {
  return Edge{std::min(a, b), std::max(a, b), score, basis, StoryRelation::kSameStory};
}

using Members = std::vector<uint32_t>;

std::string Describe(const Clustering& c) {
  std::string out;
  for (const auto& cluster : c.clusters) {
    out += "{";
    for (uint32_t i : cluster) out += " " + std::to_string(i);
    out += " }";
  }
  return out.empty() ? "no clusters" : out;
}

}  // namespace

TEST_CASE("SpeakersAgree: only two different named people disagree") {
  LinkItem anna, per, unknown, org, pronoun;
  anna.speaker = 0, anna.named = true;
  per.speaker = 1, per.named = true;
  org.speaker = 2, org.named = true, org.organisation = true;
  pronoun.speaker = 1, pronoun.named = false;  // "he said": resolved from the narrative
  CHECK_FALSE(SpeakersAgree(anna, per));
  CHECK(SpeakersAgree(anna, anna));
  CHECK(SpeakersAgree(anna, unknown));
  CHECK(SpeakersAgree(anna, org));
  CHECK(SpeakersAgree(anna, pronoun));
  CHECK(SpeakersAgree(unknown, unknown));
}

TEST_CASE("ClusterItems: best links first; a member's link to another cluster's member does not chain") {
  HandCorpus h;
  const uint32_t long_quote = h.Add({.doc = 0, .words = 40});
  const uint32_t its_copy = h.Add({.doc = 1, .words = 12});
  const uint32_t other = h.Add({.doc = 2, .words = 9});
  const uint32_t others_copy = h.Add({.doc = 3, .words = 8});
  // A wrong link from the long quote to one member of the other pair.
  const Clustering c = ClusterItems(h.corpus(), {E(long_quote, other, 0.5), E(long_quote, its_copy, 0.9),
                                                 E(other, others_copy, 0.8)});
  INFO(Describe(c));
  REQUIRE(c.clusters.size() == 2);
  CHECK(c.clusters[0] == Members{long_quote, its_copy});
  CHECK(c.clusters[1] == Members{other, others_copy});
}

TEST_CASE("ClusterItems: a quote linked only to a shorter member stays out (no chaining)") {
  HandCorpus h;
  const uint32_t fullest = h.Add({.doc = 0, .words = 30});
  const uint32_t partial = h.Add({.doc = 1, .words = 6});
  const uint32_t stranger = h.Add({.doc = 2, .words = 5});
  SUBCASE("linked to the partial only") {
    const Clustering c = ClusterItems(h.corpus(), {E(fullest, partial, 0.9), E(partial, stranger, 0.85)});
    INFO(Describe(c));
    REQUIRE(c.clusters.size() == 1);
    CHECK(c.clusters[0] == Members{fullest, partial});
  }
  SUBCASE("linked to the fullest version too: it joins") {
    const Clustering c = ClusterItems(h.corpus(), {E(fullest, partial, 0.9), E(partial, stranger, 0.85), E(fullest, stranger, 0.4)});
    INFO(Describe(c));
    REQUIRE(c.clusters.size() == 1);
    CHECK(c.clusters[0] == Members{fullest, partial, stranger});
  }
}

TEST_CASE("ClusterItems: a short quote linked weakly into a long one does not join two article pairs") {
  HandCorpus h;
  // One person's two statements, each in English and Swedish: a one-word link from the short
  // statement into the long one's translation must not make them one utterance.
  const uint32_t short_en = h.Add({.doc = 0, .words = 4});
  const uint32_t long_en = h.Add({.doc = 0, .words = 30});
  const uint32_t short_sv = h.Add({.doc = 1, .words = 4, .translated = true});
  const uint32_t long_sv = h.Add({.doc = 1, .words = 28, .translated = true});
  const Clustering c = ClusterItems(h.corpus(), {E(short_en, short_sv, 0.77), E(long_en, long_sv, 0.76),
                                                 E(short_en, long_sv, 0.22), E(short_sv, long_en, 0.2)});
  INFO(Describe(c));
  REQUIRE(c.clusters.size() == 2);
  CHECK(c.clusters[0] == Members{short_en, short_sv});
  CHECK(c.clusters[1] == Members{long_en, long_sv});
}

TEST_CASE("ClusterItems: two clusters whose every member links across merge") {
  HandCorpus h;
  const uint32_t a = h.Add({.doc = 0, .words = 20});
  const uint32_t b = h.Add({.doc = 1, .words = 10});
  const uint32_t c = h.Add({.doc = 2, .words = 12});
  const uint32_t d = h.Add({.doc = 3, .words = 8});
  // d is not linked to the fullest version a, but each member of {a, b} links into {c, d}.
  const Clustering out = ClusterItems(h.corpus(), {E(a, b, 0.9), E(c, d, 0.85), E(a, c, 0.6), E(b, d, 0.55)});
  INFO(Describe(out));
  REQUIRE(out.clusters.size() == 1);
  CHECK(out.clusters[0] == Members{a, b, c, d});
  REQUIRE(out.joins.size() == 1);
  CHECK(out.joins[0].size() == 3);  // one fewer than the members: b-d found them already together
}

TEST_CASE("ClusterItems: two different named people never share a cluster") {
  HandCorpus h;
  const uint32_t anna = h.Add({.doc = 0, .words = 12, .speaker = 0});
  const uint32_t per = h.Add({.doc = 1, .words = 12, .speaker = 1});
  const uint32_t unknown = h.Add({.doc = 2, .words = 20});
  SUBCASE("a direct link") {
    const Clustering c = ClusterItems(h.corpus(), {E(anna, per, 0.95)});
    CHECK(c.clusters.empty());
  }
  SUBCASE("through a quote with no speaker, linked to both") {
    const Clustering c = ClusterItems(h.corpus(), {E(anna, unknown, 0.9), E(per, unknown, 0.8)});
    INFO(Describe(c));
    REQUIRE(c.clusters.size() == 1);
    CHECK(c.clusters[0] == Members{anna, unknown});
  }
}

TEST_CASE("ClusterItems: organisations and pronoun-found speakers do not count against a link") {
  HandCorpus h;
  const uint32_t anna = h.Add({.doc = 0, .words = 12, .speaker = 0});
  const uint32_t agency = h.Add({.doc = 1, .words = 12, .speaker = 5, .organisation = true});
  const uint32_t he = h.Add({.doc = 2, .words = 10, .speaker = 1, .named = false});
  const Clustering c = ClusterItems(h.corpus(), {E(anna, agency, 0.9), E(anna, he, 0.8)});
  INFO(Describe(c));
  REQUIRE(c.clusters.size() == 1);
  CHECK(c.clusters[0] == Members{anna, agency, he});
}

TEST_CASE("ClusterItems: a quote in the fullest version's sentence counts as linked to it") {
  HandCorpus h;
  const uint32_t fullest = h.Add({.doc = 0, .words = 25});
  const uint32_t copy = h.Add({.doc = 1, .words = 20});
  SUBCASE("same sentence as the fullest version") {
    const uint32_t neighbour = h.Add({.doc = 0, .words = 4, .group = h.corpus().items[fullest].group});
    const Clustering c = ClusterItems(h.corpus(), {E(fullest, copy, 0.9), E(copy, neighbour, 0.7)});
    INFO(Describe(c));
    REQUIRE(c.clusters.size() == 1);
    CHECK(c.clusters[0] == Members{fullest, copy, neighbour});
  }
  SUBCASE("a sentence of its own") {
    const uint32_t elsewhere = h.Add({.doc = 0, .words = 4});
    const Clustering c = ClusterItems(h.corpus(), {E(fullest, copy, 0.9), E(copy, elsewhere, 0.7)});
    INFO(Describe(c));
    REQUIRE(c.clusters.size() == 1);
    CHECK(c.clusters[0] == Members{fullest, copy});
  }
}

TEST_CASE("ClusterItems: each cluster records the links that joined it, with their basis and score") {
  HandCorpus h;
  const uint32_t a = h.Add({.doc = 0, .words = 20});
  const uint32_t b = h.Add({.doc = 1, .words = 15});
  const uint32_t c = h.Add({.doc = 2, .words = 10});
  const uint32_t x = h.Add({.doc = 0, .words = 10});
  const uint32_t y = h.Add({.doc = 1, .words = 10});
  const Clustering out = ClusterItems(h.corpus(), {E(x, y, 0.5, LinkBasis::kSentence), E(a, c, 0.7, LinkBasis::kPartial),
                                                   E(a, b, 0.9, LinkBasis::kTranslation)});
  INFO(Describe(out));
  REQUIRE(out.clusters.size() == 2);
  REQUIRE(out.joins.size() == 2);
  // Clusters come by their first item, members in item order.
  CHECK(out.clusters[0] == Members{a, b, c});
  CHECK(out.clusters[1] == Members{x, y});
  // Joins in the order they were taken (best first).
  REQUIRE(out.joins[0].size() == 2);
  CHECK(out.joins[0][0].a == a);
  CHECK(out.joins[0][0].b == b);
  CHECK(out.joins[0][0].basis == LinkBasis::kTranslation);
  CHECK(out.joins[0][0].score == 0.9);
  CHECK(out.joins[0][1].b == c);
  CHECK(out.joins[0][1].basis == LinkBasis::kPartial);
  CHECK(out.joins[0][1].score == 0.7);
  REQUIRE(out.joins[1].size() == 1);
  CHECK(out.joins[1][0].basis == LinkBasis::kSentence);
  CHECK(out.joins[1][0].relation == StoryRelation::kSameStory);
}

TEST_CASE("ClusterItems: no edges, no clusters; the result does not depend on the edges' order") {
  HandCorpus h;
  const uint32_t a = h.Add({.doc = 0, .words = 20});
  const uint32_t b = h.Add({.doc = 1, .words = 15});
  const uint32_t c = h.Add({.doc = 2, .words = 10});
  const uint32_t d = h.Add({.doc = 3, .words = 10});
  CHECK(ClusterItems(h.corpus(), {}).clusters.empty());
  const std::vector<Edge> edges{E(a, b, 0.9), E(b, c, 0.6), E(c, d, 0.8), E(a, d, 0.6), E(a, c, 0.5)};
  const Clustering forward = ClusterItems(h.corpus(), edges);
  const Clustering backward = ClusterItems(h.corpus(), std::vector<Edge>(edges.rbegin(), edges.rend()));
  CHECK(Describe(forward) == Describe(backward));
}
