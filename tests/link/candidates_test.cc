// Candidate links capped by evidence rank: each quote keeps its best-evidenced partners (the
// pair's best score, then how many links the pair has), a pair stays when both quotes keep it,
// and linking long transcripts whose answers all share words stays bounded and still finds the
// answers one transcript copied from the other.
#include <chrono>
#include <random>
#include <set>

#include "engine/link/candidates.h"
#include "link/link_fixture.h"

using namespace quoth;
using detail::Edge;
using detail::LinkBasis;
using detail::LinkStage;
using detail::StoryRelation;

namespace {

Edge Link(uint32_t a, uint32_t b, double score, LinkBasis basis = LinkBasis::kWords) {
  return {a, b, score, basis, StoryRelation::kSameStory, LinkStage::kMatchDecision, 0.3f};
}

std::set<std::pair<uint32_t, uint32_t>> Pairs(const std::vector<Edge>& edges) {
  std::set<std::pair<uint32_t, uint32_t>> out;
  for (const Edge& e : edges) out.insert({e.a, e.b});
  return out;
}

}  // namespace

TEST_CASE("KeepBestCandidates: a quote keeps its best partners by score, then by how many links a pair has") {
  std::vector<Edge> edges = {
      Link(0, 1, 0.9),                                     // 0.9, one link
      Link(0, 2, 0.9), Link(0, 2, 0.7, LinkBasis::kSentence),  // 0.9 with a second link: ranks above 1
      Link(0, 3, 0.8),                                     // 3 keeps it, 0 does not: it goes
      Link(0, 4, 0.95),
      Link(0, 5, 0.5),                                     // neither keeps it: 5 has three better partners
      Link(5, 6, 1.0), Link(5, 7, 1.0), Link(5, 8, 1.0),
  };
  detail::KeepBestCandidates(&edges, 3);
  const std::set<std::pair<uint32_t, uint32_t>> expected = {{0, 1}, {0, 2}, {0, 4}, {5, 6}, {5, 7}, {5, 8}};
  CHECK(Pairs(edges) == expected);
  CHECK(edges.size() == 7);  // every link of a kept pair stays (both of 0-2)

  SUBCASE("the partner's number breaks a tie") {
    std::vector<Edge> tied = {Link(0, 3, 0.9), Link(0, 1, 0.9), Link(0, 2, 0.9)};
    detail::KeepBestCandidates(&tied, 2);
    CHECK(Pairs(tied) == std::set<std::pair<uint32_t, uint32_t>>{{0, 1}, {0, 2}});
  }
}

TEST_CASE("KeepBestCandidates: 0 keeps every link, and a cap above every quote's partners changes nothing") {
  std::vector<Edge> edges;
  for (uint32_t b = 1; b < 40; ++b) edges.push_back(Link(0, b, 0.5 + b / 100.0));
  auto all = edges;
  detail::KeepBestCandidates(&all, 0);
  CHECK(all.size() == 39);
  auto capped = edges;
  detail::KeepBestCandidates(&capped, 39);
  CHECK(capped.size() == 39);
  // With a cap of 10 quote 0 keeps its ten best (the highest scores: partners 30 to 39), however
  // much each of the others would keep it.
  detail::KeepBestCandidates(&edges, 10);
  REQUIRE(edges.size() == 10);
  for (const Edge& e : edges) CHECK(e.b >= 30);
}

namespace {

// Sentences of a council hearing's transcript, made from the few words every answer uses.
const char* const kSubjects[] = {"The harbour", "Our ferry", "The new bridge", "This budget", "The school", "Every road",
                                 "The island", "Our council", "The old station", "This plan", "The night bus", "Our library",
                                 "The fish market", "The water board", "The sports hall", "Our hospital"};
const char* const kVerbs[] = {"needs", "will cost", "must keep", "cannot lose", "has to protect", "will bring", "should save",
                              "must not cut", "will repair", "has to pay for", "can still reach", "ought to open"};
const char* const kObjects[] = {"the money we promised", "every family on the island", "the jobs in the harbour",
                                "the crossing in winter", "our children's school", "a fair price for tickets",
                                "the trust of the voters", "the ships we already own", "the road to the harbour",
                                "the old people in the village", "the tourists in summer", "the farms along the river",
                                "the shops on the main street", "the last train home"};
const char* const kWhen[] = {"this winter", "next year", "before the election", "after the storm", "every single day",
                             "for a decade", "from May", "in the end", "by the autumn", "within a month", "at any price",
                             "without more debt"};

// An answer of four to seven sentences picked by `random` (its raw numbers: the same on every platform).
std::string Answer(std::mt19937& random) {
  std::string out;
  const size_t sentences = 4 + random() % 4;
  for (size_t i = 0; i < sentences; ++i)
    out += std::string(out.empty() ? "" : " ") + kSubjects[random() % 16] + " " + kVerbs[random() % 12] + " " +
           kObjects[random() % 14] + " " + kWhen[random() % 12] + ".";
  return out;
}

}  // namespace

TEST_CASE("two transcripts of long answers on one vocabulary link their copied answers, with the work bounded") {
  // The hearing's transcript, and another outlet's that repeats some of its answers word for
  // word among its own: every answer shares words, and now and then a sentence, with hundreds.
  std::mt19937 random(30);
  std::vector<std::string> first_answers;
  std::string first = "Hearing on the harbour plan\n\n", second = "What the mayor said at the hearing\n\n";
  for (int i = 0; i < 150; ++i) {
    first_answers.push_back(Answer(random));
    first += "\"" + first_answers.back() + "\" the mayor said.\n\n";
  }
  std::vector<std::string> copied;
  for (int i = 0; i < 150; ++i) {
    const bool copy = i % 15 == 0;
    const std::string answer = copy ? first_answers[static_cast<size_t>(i)] : Answer(random);
    if (copy) copied.push_back(answer);
    second += "\"" + answer + "\" the mayor said.\n\n";
  }
  auto docs = testing::ExtractDocs({{"en", first}, {"en", second}});
  REQUIRE(docs[0].quotes.size() == 150);
  REQUIRE(docs[1].quotes.size() == 150);
  auto linker = Linker::Create(testing::BuiltinRules());
  REQUIRE(linker.ok());
  const auto start = std::chrono::steady_clock::now();
  const auto clusters = linker->Link(docs);
  MESSAGE("linked 2 x 150 answers in "
          << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count()
          << " ms into " << clusters.size() << " clusters");
  // A cluster is one answer and its versions: no chain of answers that each share a sentence
  // with the next (on main, one cluster of 280 of the 300 answers).
  size_t largest = 0;
  for (const auto& c : clusters) largest = std::max(largest, c.quote_ids.size());
  CHECK(largest <= 16);
  // The copied answers are found. Not every one: an answer that shares one sentence with a
  // longer answer of the other transcript is taken for a part of it (another outlet quoting a
  // statement in part), and may hold its original there before its copy is reached.
  auto cluster_of = [&](size_t doc, const std::string& text) {
    for (const auto& q : docs[doc].quotes)
      if (q.text == text) return q.cluster_id;
    FAIL("no quote '" << text << "' in document " << doc);
    return std::string();
  };
  size_t found = 0;
  for (const auto& answer : copied) {
    const std::string in_first = cluster_of(0, answer);
    found += !in_first.empty() && in_first == cluster_of(1, answer);
  }
  CHECK(copied.size() == 10);
  CHECK(found >= 8);
}
