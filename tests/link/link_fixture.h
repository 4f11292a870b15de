// Shared helpers for the linker's unit tests: the LinkData that Linker::Create builds (stopwords,
// titles, the word tables into English and the rule packs' translations), bags made from text,
// and a LinkCorpus built from small articles run through the Engine.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/link/bag.h"
#include "engine/link/corpus.h"
#include "engine/link/link_data.h"
#include "engine/link/people.h"
#include "engine/link/vocabulary.h"
#include "engine/text/words.h"
#include "support/rules.h"

namespace quoth::testing {

// Built once, the way Linker::Create builds it.
inline const detail::LinkData& TestLinkData() {
  static const detail::LinkData data = [] {
    detail::LinkData d;
    std::vector<Diagnostic> warnings;
    (void)detail::BuildLinkData(detail::CompiledRulesOf(BuiltinRules()), "", DefaultLexiconPath(), &d, &warnings);
    return d;
  }();
  return data;
}

// Whether the word tables were built (as the Linker itself reports it).
inline bool LexiconBuilt() {
  static const bool built = [] {
    auto linker = Linker::Create(BuiltinRules());
    return linker.ok() && linker->lexicon_size() > 0;
  }();
  return built;
}

#define QUOTH_SKIP_WITHOUT_LEXICON()                                                             \
  do {                                                                                           \
    if (!::quoth::testing::LexiconBuilt()) {                                                     \
      MESSAGE("no lexicons built (dict-freedict packages missing): skipped");                   \
      return;                                                                                    \
    }                                                                                            \
  } while (0)

// The vocabulary's id of a language ("sv": its translated words; "en": the pivot).
inline detail::LinkLanguageId LanguageId(const std::string& lang) { return TestLinkData().LanguageId(lang); }

inline const detail::WordSet& Stopwords(const std::string& lang) { return TestLinkData().stopwords.at(lang); }

// The bag of a sentence in `lang` ("en" or "sv"), as BuildCorpus makes it.
inline detail::Bag BagOf(detail::Vocabulary* vocab, std::string_view text, const std::string& lang,
                         size_t short_sentence = 3) {
  return detail::MakeBag(detail::LinkWords(text), LanguageId(lang), Stopwords(lang), vocab, short_sentence);
}

// Every key weighs the same: scores become plain shares of words.
inline std::vector<double> FlatIdf(const detail::Vocabulary& vocab) { return std::vector<double>(vocab.key_count(), 1.0); }

// The words of a bag's terms, for messages.
inline std::string TermsOf(const detail::Bag& bag, const detail::Vocabulary& vocab) {
  std::string out;
  for (uint32_t t : bag.terms) out += (out.empty() ? "" : " ") + vocab.Text(t);
  return out;
}

using Texts = std::vector<std::pair<std::string, std::string>>;  // (lang, text)

// Each text through the Engine, as document "doc<i>" with quote ids "d<i>.q<n>".
inline std::vector<DocumentResult> ExtractDocs(const Texts& texts) {
  std::vector<DocumentResult> docs;
  for (size_t i = 0; i < texts.size(); ++i) {
    EngineOptions options;
    options.link_evidence = true;  // as the CLI extracts documents it will link
    options.lang = texts[i].first;
    Engine engine(BuiltinRules(), options);
    auto r = engine.Extract(texts[i].second, "doc" + std::to_string(i), "d" + std::to_string(i));
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    docs.push_back(std::move(*r));
  }
  return docs;
}

// Documents with global person ids and the LinkCorpus Linker::Link builds from them.
struct TestCorpus {
  std::vector<DocumentResult> docs;
  std::unique_ptr<detail::LinkCorpus> corpus;
  const detail::LinkCorpus& operator*() const { return *corpus; }
  const detail::LinkCorpus* operator->() const { return corpus.get(); }
};

inline TestCorpus BuildTestCorpus(const Texts& texts, size_t min_piece_words = 1) {
  TestCorpus t;
  t.docs = ExtractDocs(texts);
  detail::AssignGlobalIds(t.docs, TestLinkData().titles);
  t.corpus = std::make_unique<detail::LinkCorpus>(TestLinkData());
  detail::BuildCorpus(t.docs, TestLinkData(), min_piece_words, t.corpus.get());
  detail::IndexStories(t.corpus.get());
  return t;
}

inline const Quote& QuoteOf(const TestCorpus& t, uint32_t item) {
  const detail::LinkItem& i = t.corpus->items[item];
  return t.docs[i.doc].quotes[i.quote];
}

// The item of the first quote of document `doc` whose text starts with `prefix`.
inline uint32_t ItemOf(const TestCorpus& t, size_t doc, const std::string& prefix) {
  const auto& d = t.corpus->docs[doc];
  for (uint32_t i = d.first_item; i < d.first_item + d.item_count; ++i)
    if (QuoteOf(t, i).text.rfind(prefix, 0) == 0) return i;
  std::string have;
  for (const auto& q : t.docs[doc].quotes) have += "\n  [" + std::string(ToString(q.kind)) + "] " + q.text;
  FAIL("no quote starting with '" << prefix << "' in doc " << doc << "; quotes:" << have);
  return detail::kNoKey;
}

// The groups (sentences around quotes) of one document.
inline std::vector<uint32_t> GroupsOf(const TestCorpus& t, size_t doc) {
  std::vector<uint32_t> out;
  for (uint32_t g = 0; g < t.corpus->groups.size(); ++g)
    if (t.corpus->groups[g].doc == doc) out.push_back(g);
  return out;
}

// Every quote of every document, with kind and speaker, for failure messages.
inline std::string DescribeQuotes(const std::vector<DocumentResult>& docs) {
  std::string out;
  for (size_t d = 0; d < docs.size(); ++d)
    for (const auto& q : docs[d].quotes)
      out += "\n  doc" + std::to_string(d) + " " + q.id + " [" + std::string(ToString(q.kind)) + "] <" +
             (q.speaker ? q.speaker->name : std::string("-")) + "> " + q.text + (q.cluster_id.empty() ? "" : "  {" + q.cluster_id + "}");
  return out;
}

}  // namespace quoth::testing
