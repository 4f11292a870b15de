// Linking does not depend on the order documents are given in: a batch of short articles (two
// stories, each told by English and Swedish outlets that quote the same people) shuffled many
// ways gives the same clusters and the same people; ids are numbered in the order given.
#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <tuple>

#include "engine/link/canonical_order.h"
#include "link/link_fixture.h"

using namespace quoth;

namespace {

struct Article {
  std::string name;
  std::string lang;
  std::string text;
};

// Two stories. The ferry: two English outlets and a Swedish one quote the mayor and a captain
// (one outlet cuts a quote in two, one quotes a few words of it). The school: an English article
// and two Swedish ones quote a head teacher and a parent. Two people share the surname Lind, each
// named in full twice, and two articles name only "Lind": which of them each is (a tie) decides
// which quotes may link, and must not depend on the order either.
const std::vector<Article>& Articles() {
  static const std::vector<Article> articles = {
      {"ferry-courier.en", "en",
       "Ferry to Gull Island returns in May\n\n"
       "\"We have the money and we have the crew. The ferry will sail again in May,\" Mayor Karin Lind said on Monday.\n\n"
       "Captain Erik Dahl said the new ship was faster. \"The crossing takes forty minutes now, not an hour,\" Dahl said.\n\n"
       "\"Without the ferry the island is cut off every winter,\" said teacher Anna Berg, who lives on the island.\n"},
      {"ferry-herald.en", "en",
       "Gull Island ferry back after three years\n\n"
       "\"We have the money and we have the crew,\" Karin Lind told the council. \"The ferry will sail again in May.\"\n\n"
       "The new ship is quieter, according to its captain. \"The crossing takes forty minutes now,\" said Erik Dahl.\n\n"
       "Lind called the timetable \"an honest compromise\" between summer and winter.\n"},
      {"ferry-posten.sv", "sv",
       "Färjan till Måsön går igen i maj\n\n"
       "– Vi har pengarna och vi har besättningen. Färjan går igen i maj, säger kommunalrådet Lind.\n\n"
       "– Överfarten tar fyrtio minuter nu, inte en timme, säger kaptenen Erik Dahl.\n\n"
       "– Utan färjan är ön avskuren varje vinter, säger läraren Anna Berg.\n"},
      {"school-gazette.en", "en",
       "Village school to stay open\n\n"
       "\"The school stays open, and it will have two new teachers in August,\" head teacher Johan Lind said.\n\n"
       "Parent Sara Holm was relieved. \"Our children can keep walking to school,\" she said.\n"},
      {"school-kuriren.sv", "sv",
       "Byskolan blir kvar\n\n"
       "– Skolan blir kvar, och den får två nya lärare i augusti, säger rektorn Johan Lind.\n\n"
       "– Våra barn kan fortsätta gå till skolan, säger Sara Holm, som har två barn i skolan.\n"},
      {"school-tidningen.sv", "sv",
       "Beskedet: skolan i byn stannar\n\n"
       "– Skolan blir kvar, och den får två nya lärare i augusti, säger Lind.\n\n"
       "Föräldrarna jublade. – Våra barn kan fortsätta gå till skolan, säger Sara Holm.\n"},
  };
  return articles;
}

// A quote named as the Linker's caller sees it whatever the order: (article, start, text).
using QuoteName = std::tuple<std::string, size_t, std::string>;

struct Outcome {
  std::set<std::set<QuoteName>> clusters;
  std::set<std::set<std::pair<std::string, std::string>>> people;  // (article, name) by global id
  std::vector<DocumentResult> docs;                                // in the order given
  std::vector<Cluster> cluster_list;
};

// Extracts the articles in `order` (quote ids numbered by position, as the CLI does) and links them.
Outcome LinkInOrder(const std::vector<size_t>& order) {
  testing::Texts texts;
  for (size_t i : order) texts.push_back({Articles()[i].lang, Articles()[i].text});
  Outcome out;
  out.docs = testing::ExtractDocs(texts);
  for (size_t d = 0; d < order.size(); ++d) out.docs[d].id = Articles()[order[d]].name;
  auto linker = Linker::Create(testing::BuiltinRules());
  REQUIRE(linker.ok());
  out.cluster_list = linker->Link(out.docs);
  std::map<std::string, QuoteName> by_id;
  for (const auto& doc : out.docs)
    for (const auto& q : doc.quotes) by_id[q.id] = {doc.id, q.span.start, q.text};
  for (const auto& c : out.cluster_list) {
    std::set<QuoteName> members;
    for (const auto& id : c.quote_ids) members.insert(by_id.at(id));
    out.clusters.insert(members);
  }
  std::map<std::string, std::set<std::pair<std::string, std::string>>> people;
  for (const auto& doc : out.docs)
    for (const auto& e : doc.speakers) people[e.global_id].insert({doc.id, e.name});
  for (const auto& [id, names] : people) out.people.insert(names);
  return out;
}

std::string Describe(const std::set<std::set<QuoteName>>& clusters) {
  std::string out;
  for (const auto& c : clusters) {
    out += "\n  {";
    for (const auto& [doc, start, text] : c) out += " " + doc + "@" + std::to_string(start) + " '" + text.substr(0, 30) + "'";
    out += " }";
  }
  return out;
}

}  // namespace

TEST_CASE("a shuffled batch gives the same clusters and the same people in every order") {
  std::vector<size_t> given(Articles().size());
  std::iota(given.begin(), given.end(), 0);
  const Outcome first = LinkInOrder(given);
  // The batch links: without that the test could not fail. English versions of the ferry quote
  // link whatever the lexicon (the same words).
  REQUIRE_MESSAGE(first.clusters.size() >= 3, Describe(first.clusters));
  std::vector<std::vector<size_t>> orders;
  std::vector<size_t> reversed(given.rbegin(), given.rend());
  orders.push_back(reversed);
  for (size_t r = 1; r < given.size(); ++r) {  // every rotation
    std::vector<size_t> rotated = given;
    std::rotate(rotated.begin(), rotated.begin() + static_cast<std::ptrdiff_t>(r), rotated.end());
    orders.push_back(rotated);
  }
  std::mt19937 random(30);
  for (int i = 0; i < 12; ++i) {
    std::vector<size_t> shuffled = given;
    std::shuffle(shuffled.begin(), shuffled.end(), random);
    orders.push_back(shuffled);
  }
  for (const auto& order : orders) {
    std::string label;
    for (size_t i : order) label += " " + Articles()[i].name;
    CAPTURE(label);
    const Outcome other = LinkInOrder(order);
    CHECK_MESSAGE(other.clusters == first.clusters, "given order:" << Describe(first.clusters) << "\nthis order:" << Describe(other.clusters));
    CHECK(other.people == first.people);
  }
}

TEST_CASE("a shuffled batch numbers its clusters and people in the order given") {
  std::vector<size_t> order = {5, 2, 0, 4, 1, 3};
  const Outcome out = LinkInOrder(order);
  REQUIRE_FALSE(out.cluster_list.empty());
  // Clusters come by their first quote in input order, numbered c0, c1, ... in that order.
  auto place = [&](const std::string& quote_id) {
    for (size_t d = 0; d < out.docs.size(); ++d)
      for (size_t q = 0; q < out.docs[d].quotes.size(); ++q)
        if (out.docs[d].quotes[q].id == quote_id) return std::make_pair(d, q);
    FAIL("no quote " << quote_id);
    return std::make_pair(size_t{0}, size_t{0});
  };
  for (size_t c = 0; c < out.cluster_list.size(); ++c) {
    const Cluster& cluster = out.cluster_list[c];
    CHECK(cluster.id == "c" + std::to_string(c));
    for (size_t m = 1; m < cluster.quote_ids.size(); ++m) CHECK(place(cluster.quote_ids[m - 1]) < place(cluster.quote_ids[m]));
    if (c > 0) CHECK(place(out.cluster_list[c - 1].quote_ids.front()) < place(cluster.quote_ids.front()));
    for (const QuoteLink& link : cluster.links) CHECK(place(link.from) < place(link.to));
  }
  // People are numbered where they are first named: the first article given names p0 first.
  REQUIRE_FALSE(out.docs[0].speakers.empty());
  CHECK(out.docs[0].speakers[0].global_id == "p0");
}

TEST_CASE("the content hash reads the documents, not the ids Extract numbered them by") {
  const Outcome a = LinkInOrder({0, 1, 2, 3, 4, 5});
  const Outcome b = LinkInOrder({3, 4, 5, 0, 1, 2});
  // Article 0 is "d0" in one run and "d3" in the other: its quote ids differ, its hash does not.
  REQUIRE(a.docs[0].quotes.front().id != b.docs[3].quotes.front().id);
  CHECK(detail::ContentHash(a.docs[0]) == detail::ContentHash(b.docs[3]));
  CHECK(detail::ContentHash(a.docs[0]) != detail::ContentHash(a.docs[1]));
  // Ordered by that hash, then the id, whatever the input order.
  std::vector<std::string> ids_a, ids_b;
  for (uint32_t d : detail::CanonicalOrder(a.docs, "en")) ids_a.push_back(a.docs[d].id);
  for (uint32_t d : detail::CanonicalOrder(b.docs, "en")) ids_b.push_back(b.docs[d].id);
  CHECK(ids_a == ids_b);
  // English (the pivot language) first.
  REQUIRE(ids_a.size() == 6);
  for (size_t i = 0; i < 3; ++i) CHECK(ids_a[i].substr(ids_a[i].size() - 3) == ".en");
}
