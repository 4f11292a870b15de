// The public headers' shape: Linker lives in quoth/linker.h, and quoth/engine.h still brings it
// for code written before the split; RuleSet offers no way into its compiled form (that is
// engine/rules/rule_set_access.h, the library's own). This file includes only public headers.
#include <doctest/doctest.h>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "quoth/engine.h"  // alone: Linker and LinkOptions must still be declared through it

namespace {

template <typename T, typename = void>
struct HasCompiledAccessor : std::false_type {};
template <typename T>
struct HasCompiledAccessor<T, std::void_t<decltype(std::declval<const T&>().compiled())>> : std::true_type {};

static_assert(!HasCompiledAccessor<quoth::RuleSet>::value,
              "RuleSet::compiled() is internal: use detail::CompiledRulesOf (engine/rules/rule_set_access.h)");

// The names engine.h has always given, resolved through linker.h.
using LinkerCreate = quoth::Result<quoth::Linker> (*)(const quoth::RuleSet&, quoth::LinkOptions);
static_assert(std::is_same_v<decltype(&quoth::Linker::Create), LinkerCreate>);
static_assert(std::is_same_v<decltype(&quoth::DefaultLexiconPath), std::string (*)()>);

}  // namespace

TEST_CASE("quoth/engine.h alone is enough to load rules, extract and link") {
  auto rules = quoth::RuleSet::Load();
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  quoth::EngineOptions options;
  options.link_evidence = true;
  const quoth::Engine engine(*rules, options);
  std::vector<quoth::DocumentResult> batch;
  for (const char* id : {"a", "b"}) {
    auto doc = engine.Extract("\"The ferry stops running in May,\" Mayor Lena Holt said.\n", id);
    REQUIRE(doc.ok());
    batch.push_back(*std::move(doc));
  }
  auto linker = quoth::Linker::Create(*rules);
  REQUIRE(linker.ok());
  const std::vector<quoth::Cluster> clusters = linker->Link(batch);
  REQUIRE(clusters.size() == 1);
  CHECK(clusters[0].quote_ids.size() == 2);
}
