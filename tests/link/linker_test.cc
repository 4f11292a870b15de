// Linking: the same quote across articles and translations, and nothing else.
#include "support/rules.h"

using namespace quoth;

namespace {

struct Linked {
  std::vector<DocumentResult> docs;
  std::vector<Cluster> clusters;
};

Linked LinkTexts(const std::vector<std::pair<std::string, std::string>>& texts) {  // (lang, text)
  Linked out;
  for (size_t i = 0; i < texts.size(); ++i) {
    EngineOptions options;
    options.lang = texts[i].first;
    Engine engine(testing::BuiltinRules(), options);
    auto r = engine.Extract(texts[i].second, "doc" + std::to_string(i), "d" + std::to_string(i));
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    out.docs.push_back(std::move(*r));
  }
  auto linker = Linker::Create(testing::BuiltinRules());
  REQUIRE(linker.ok());
  out.clusters = linker->Link(out.docs);
  return out;
}

const Quote& QuoteIn(const Linked& l, size_t doc, const std::string& prefix) {
  for (const auto& q : l.docs[doc].quotes)
    if (q.text.rfind(prefix, 0) == 0) return q;
  FAIL("no quote starting with '" << prefix << "' in doc " << doc);
  static Quote none;
  return none;
}

bool Together(const Linked& l, size_t da, const std::string& a, size_t db, const std::string& b) {
  const Quote& qa = QuoteIn(l, da, a);
  const Quote& qb = QuoteIn(l, db, b);
  return !qa.cluster_id.empty() && qa.cluster_id == qb.cluster_id;
}

bool HaveLexicon() {
  auto linker = Linker::Create(testing::BuiltinRules());
  return linker.ok() && linker->lexicon_size() > 0;
}

}  // namespace

TEST_CASE("near-identical quotes link across articles despite punctuation, apostrophes and brackets") {
  auto l = LinkTexts({
      {"en", "\"We have done everything so that there isn't a strike. Thanks to me, that is, the talks have begun,\" Mayor Lena Holt said.\n"},
      {"en", "“We have done everything so that there isn’t a strike. Thanks to me that is, the talks [have] begun…” Holt told reporters.\n"},
  });
  CHECK(Together(l, 0, "We have done", 1, "We have done"));
  REQUIRE(l.clusters.size() == 1);
  CHECK(l.clusters[0].languages == std::vector<std::string>{"en"});
  CHECK(l.clusters[0].quote_ids.size() == 2);
}

TEST_CASE("a partial quote links to the full quote that contains it") {
  auto l = LinkTexts({
      {"en", "\"The harbour plan has stalled completely and the ferries will stop in March,\" Lena Holt said.\n"},
      {"en", "Holt warned that the ferries will stop in March, saying the plan had \"stalled completely and the ferries will stop\" for good.\n"},
  });
  CHECK(Together(l, 0, "The harbour plan", 1, "stalled completely"));
}

TEST_CASE("one long quote links to both halves another outlet split it into") {
  auto l = LinkTexts({
      {"en", "\"The budget leaves the libraries open every weekday. The swimming pools close for the whole winter,\" Mayor Lena Holt said.\n"},
      {"en", "\"The budget leaves the libraries open every weekday,\" Holt said. \"The swimming pools close for the whole winter.\"\n"},
  });
  CHECK(Together(l, 0, "The budget", 1, "The budget"));
  CHECK(Together(l, 0, "The budget", 1, "The swimming"));
}

TEST_CASE("two different utterances of one speaker on one topic stay apart") {
  auto l = LinkTexts({
      {"en", "\"We categorically refuse any new taxes on fishing boats,\" Minister Per Sand said.\n\n\"Our fleet will not pay for the mistakes of the banks,\" he said.\n"},
      {"en", "\"We categorically refuse any new taxes on fishing boats,\" Sand told the radio.\n\n\"Nobody in this government wants a quarrel with the fishermen,\" he said.\n"},
  });
  CHECK(Together(l, 0, "We categorically", 1, "We categorically"));
  CHECK_FALSE(Together(l, 0, "Our fleet", 1, "Nobody in this"));
  CHECK(QuoteIn(l, 0, "Our fleet").cluster_id.empty());
}

TEST_CASE("short common phrases do not link unrelated articles") {
  auto l = LinkTexts({
      {"en", "The coach called the defeat \"very disappointing\" after the match.\n"},
      {"en", "The farmers called the new rules \"very disappointing\" on Monday.\n"},
  });
  CHECK(l.clusters.empty());
}

TEST_CASE("an English quote links to its Swedish translation") {
  if (!HaveLexicon()) {
    MESSAGE("no Swedish-English lexicon built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({
      {"en", "\"We do not threaten anyone and we will never threaten our neighbours,\" President Anna Holt said.\n\n\"The war must end this winter,\" she said.\n"},
      {"sv", "– Kriget måste ta slut i vinter, säger presidenten Anna Holt.\n– Vi hotar ingen och vi kommer aldrig att hota våra grannar, säger hon.\n"},
  });
  CHECK(Together(l, 0, "We do not threaten", 1, "Vi hotar ingen"));
  CHECK(Together(l, 0, "The war must end", 1, "Kriget måste"));
  CHECK_FALSE(Together(l, 0, "We do not threaten", 1, "Kriget måste"));
  for (const auto& c : l.clusters) CHECK(c.languages == std::vector<std::string>{"en", "sv"});
}

TEST_CASE("a person spelled differently across languages gets one id across documents") {
  auto l = LinkTexts({
      {"en", "\"We will not send troops,\" Belarusian President Alexander Lukashenko said.\n"},
      {"sv", "– Vi skickar inga soldater, säger Alexander Lukasjenko.\n"},
      {"en", "\"The talks are over,\" Prime Minister Denys Shmyhal said.\n"},
  });
  REQUIRE(!l.docs[0].speakers.empty());
  REQUIRE(!l.docs[1].speakers.empty());
  REQUIRE(!l.docs[2].speakers.empty());
  CHECK(l.docs[0].speakers[0].global_id == l.docs[1].speakers[0].global_id);
  CHECK(l.docs[0].speakers[0].global_id != l.docs[2].speakers[0].global_id);
}

TEST_CASE("linking gives the same clusters whatever the number of threads") {
  std::vector<std::pair<std::string, std::string>> texts;
  for (int i = 0; i < 40; ++i)
    texts.push_back({"en", "\"The council will rebuild bridge number " + std::to_string(i % 7) +
                               " before the spring floods arrive,\" engineer Tom Hale said.\n"});
  auto a = LinkTexts(texts);
  auto docs = a.docs;
  for (auto& d : docs)
    for (auto& q : d.quotes) q.cluster_id.clear();
  LinkOptions one;
  one.threads = 1;
  auto linker = Linker::Create(testing::BuiltinRules(), one);
  REQUIRE(linker.ok());
  auto b = linker->Link(docs);
  REQUIRE(a.clusters.size() == b.size());
  for (size_t i = 0; i < b.size(); ++i) CHECK(a.clusters[i].quote_ids == b[i].quote_ids);
}
