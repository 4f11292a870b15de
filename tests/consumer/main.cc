// A newsroom tool built against the INSTALLED quoth as C++17, using only the public headers.
// Prints where the library found its data (check.sh asserts that it is the relocated prefix),
// finds one quote and its speaker, links two documents, and checks Result's error path.
#include <quoth/quoth.h>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#if __cplusplus != 201703L
#error "the consumer is built as C++17: quoth's public headers must not need more"
#endif

namespace {

int Fail(const std::string& why) {
  std::cerr << "consumer: " << why << "\n";
  return 1;
}

}  // namespace

int main() {
  std::cout << "data: " << quoth::DefaultDataDirectory() << "\n";
  std::cout << "rules: " << quoth::DefaultRulesDirectory() << "\n";
  std::cout << "lexicon: " << quoth::DefaultLexiconPath() << "\n";

  auto rules = quoth::RuleSet::Load();
  if (!rules.ok()) return Fail(rules.status().ToString());
  for (const auto& w : rules->warnings()) std::cout << "rules-warning: " << w.ToString() << "\n";
  // The installed packs loaded explicitly behave as the built-in ones: the same languages, no
  // warning.
  quoth::RuleOptions explicit_packs;
  explicit_packs.include_builtin = false;
  explicit_packs.directories = {quoth::DefaultRulesDirectory()};
  auto same = quoth::RuleSet::Load(explicit_packs);
  if (!same.ok()) return Fail(same.status().ToString());
  for (const auto& w : same->warnings()) std::cout << "rules-warning: " << w.ToString() << "\n";
  if (same->languages() != rules->languages()) return Fail("the explicitly loaded packs hold other languages");
  quoth::EngineOptions options;
  options.link_evidence = true;
  const quoth::Engine engine(*rules, options);
  const std::string text = "\"The bridge opens in May and the ferry stops running,\" Mayor Lena Holt said.\n";
  std::vector<quoth::DocumentResult> batch;
  for (const char* id : {"a.txt", "b.txt"}) {
    auto doc = engine.Extract(text, id);
    if (!doc.ok()) return Fail(doc.status().ToString());
    if (doc->quotes.size() != 1 || !doc->quotes[0].speaker || doc->quotes[0].speaker->name != "Lena Holt")
      return Fail("unexpected result for " + std::string(id));
    batch.push_back(std::move(*doc));
  }
  std::cout << batch[0].quotes[0].speaker->name << ": " << batch[0].quotes[0].text << "\n";
  // Ids are unique per document by default, so a cluster can tell the two copies apart.
  if (batch[0].quotes[0].id == batch[1].quotes[0].id) return Fail("two documents share the quote id " + batch[0].quotes[0].id);

  auto linker = quoth::Linker::Create(*rules);
  if (!linker.ok()) return Fail(linker.status().ToString());
  std::cout << "lexicon-words: " << linker->lexicon_size() << "\n";
  for (const auto& w : linker->warnings()) std::cout << "linker-warning: " << w.ToString() << "\n";
  const std::vector<quoth::Cluster> clusters = linker->Link(batch);
  if (clusters.size() != 1 || clusters[0].quote_ids.size() != 2) return Fail("the two copies are not one cluster");
  std::cout << "cluster: " << clusters[0].quote_ids[0] << " " << clusters[0].quote_ids[1] << "\n";

  // An error Result throws with its status text (across the library boundary when shared).
  quoth::Result<quoth::Format> format = quoth::ParseFormat("yaml");
  if (format.ok()) return Fail("ParseFormat(\"yaml\") succeeded");
  try {
    (void)format.value();
    return Fail("value() on an error did not throw");
  } catch (const quoth::BadResultAccess& e) {
    if (std::string(e.what()).find(format.status().message()) == std::string::npos) return Fail(std::string("what(): ") + e.what());
  }
  if (!(quoth::Span{1, 2} == quoth::Span{1, 2}) || quoth::Span{1, 2} != quoth::Span{1, 2}) return Fail("Span ==");
  std::cout << "ok\n";
  return 0;
}
