// Public clusters: in input order, with ids, representatives, languages, links and confidence.
#include "engine/link/public_clusters.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

DocumentResult Doc(const std::string& lang, const std::vector<std::string>& texts, const std::string& prefix) {
  DocumentResult d;
  d.lang = lang;
  for (size_t i = 0; i < texts.size(); ++i) {
    Quote q;
    q.id = prefix + ".q" + std::to_string(i);
    q.text = texts[i];
    d.quotes.push_back(q);
  }
  return d;
}

}  // namespace

TEST_CASE("PublicClusters: clusters and their members in input order, links from the member given first") {
  // Documents in canonical order; the input gave them the other way round.
  std::vector<DocumentResult> docs = {Doc("sv", {"Bron öppnar i maj", "Nej"}, "x"),
                                      Doc("en", {"The bridge opens in May, on time", "No"}, "y")};
  LinkCorpus corpus(testing::TestLinkData());
  corpus.docs.resize(2);
  auto item = [&](uint32_t doc, uint32_t quote, uint32_t words) {
    LinkItem i;
    i.doc = doc;
    i.quote = quote;
    i.words = words;
    corpus.items.push_back(i);
  };
  item(0, 0, 4);  // 0
  item(0, 1, 1);  // 1
  item(1, 0, 7);  // 2
  item(1, 1, 1);  // 3
  Clustering clustering;
  clustering.clusters = {{0, 2}, {1, 3}};
  clustering.joins = {{{0, 2, 0.7, LinkBasis::kTranslation, StoryRelation::kSameStory, LinkStage::kMatchDecision, 0.4f}},
                      {{1, 3, 0.3, LinkBasis::kSentence, StoryRelation::kSameStory, LinkStage::kMatchDecision, 0.4f}}};
  const std::vector<uint32_t> input_rank = {1, 0};
  const StoryRelations stories({{0, 1, 0.4}});
  const std::vector<Cluster> clusters = PublicClusters(clustering, corpus, docs, input_rank, stories, false);

  REQUIRE(clusters.size() == 2);
  CHECK(clusters[0].id == "c0");
  CHECK(clusters[0].quote_ids == std::vector<std::string>{"y.q0", "x.q0"});  // document 1 was given first
  CHECK(clusters[0].representative == "The bridge opens in May, on time");  // the fullest version
  CHECK(clusters[0].languages == std::vector<std::string>{"en", "sv"});
  CHECK(clusters[0].confidence == doctest::Approx(0.7));
  REQUIRE(clusters[0].links.size() == 1);
  CHECK(clusters[0].links[0].from == "y.q0");
  CHECK(clusters[0].links[0].to == "x.q0");
  CHECK(clusters[0].links[0].basis == "translation");
  CHECK(clusters[0].links[0].relation == "same story");
  CHECK(clusters[0].links[0].evidence.empty());
  CHECK(clusters[1].quote_ids == std::vector<std::string>{"y.q1", "x.q1"});
  CHECK(clusters[1].links[0].basis == "sentence");
  CHECK(docs[0].quotes[0].cluster_id == "c0");
  CHECK(docs[1].quotes[1].cluster_id == "c1");
}

TEST_CASE("BasisName: the names QuoteLink::basis gives") {
  CHECK(std::string(BasisName(LinkBasis::kWords)) == "words");
  CHECK(std::string(BasisName(LinkBasis::kTranslation)) == "translation");
  CHECK(std::string(BasisName(LinkBasis::kSentence)) == "sentence");
  CHECK(std::string(BasisName(LinkBasis::kSameText)) == "same text");
  CHECK(std::string(BasisName(LinkBasis::kPartial)) == "partial translation");
}
