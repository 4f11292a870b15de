// Linking: the same utterance across documents, in one language or across two: the pivot
// language (English) and a language whose pack names a translation table into it (Swedish,
// German).
//
// The linker is a row of named stages, each in its own file with its own options (all of them
// in LinkOptions):
//   people          one id per person across documents (people.h)
//   corpus          quotes -> items, sentence pieces, the sentences around them, story words (corpus.h)
//   piece matches   sentences that say the same thing, batch-wide (piece_match.h)
//   story relation  which documents tell one story (story_relation.h, story.h)
//   candidate pairs which quotes may link at all: no refrains or slogans, speakers agree
//                   (refrains.h, candidate_gate.h)
//   evidence and decision, per pair:
//     matches       shared words over all sentences, translations, decided by story relation
//                   (shared_words.h, match_decision.h)
//     split quotes  the rest of a statement another outlet split in two (split_quote.h)
//     alignment     between related documents: identical texts, every quote pair, the sentences
//                   around the quotes aligned across languages (story_alignment.h, align.h)
//   candidates      each quote keeps its best-evidenced partners only (candidates.h)
//   clusters        links taken best first, without chaining (cluster.h)
//   public clusters in input order, with ids and, with explain, evidence (public_clusters.h)
// The batch is read in a canonical order made from the documents' content (canonical_order),
// never the order they were given in, so that any order gives the same clusters; ids (people,
// clusters) are then numbered, and clusters listed, in input order.
#include "engine/data_paths.h"
#include "engine/link/candidate_gate.h"
#include "engine/link/candidates.h"
#include "engine/link/canonical_order.h"
#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "engine/link/link_data.h"
#include "engine/link/match_decision.h"
#include "engine/link/people.h"
#include "engine/link/piece_match.h"
#include "engine/link/public_clusters.h"
#include "engine/link/refrains.h"
#include "engine/link/shared_words.h"
#include "engine/link/split_quote.h"
#include "engine/link/stage_log.h"
#include "engine/link/story_alignment.h"
#include "engine/link/story_relation.h"
#include "engine/log/log.h"
#include "engine/rules/rule_set_access.h"
#include "quoth/linker.h"

#ifndef QUOTH_BUILD_LEXICON
#define QUOTH_BUILD_LEXICON ""
#endif

namespace quoth {

namespace {

// Each stage's options, from LinkOptions.
detail::PieceMatchOptions PieceMatchOptionsOf(const LinkOptions& o) {
  detail::PieceMatchOptions m;
  m.min_shared_words = o.related_shared_words;
  m.cross_language_min = o.cross_language_min;
  m.same_language_min = o.same_language_min;
  m.max_posting = o.max_posting;
  m.threads = o.threads;
  m.max_candidates = o.max_candidates;
  return m;
}

detail::StoryOptions StoryOptionsOf(const LinkOptions& o) {
  detail::StoryOptions s;
  s.min_score = o.min_story_score;
  s.query_budget = o.story_query_budget;
  s.max_posting = o.story_max_posting;
  s.min_shared = o.story_min_shared_keys;
  s.partners = o.story_partners;
  s.weak_score = o.weak_story_score;
  s.quote_matches = o.story_quote_matches;
  s.same_person_matches = o.story_same_person_matches;
  return s;
}

detail::StrongMatchOptions StrongMatchOptionsOf(const LinkOptions& o) {
  return {o.strong_translated_min, o.strong_shared_words, o.same_language_min};
}

detail::RefrainOptions RefrainOptionsOf(const LinkOptions& o) {
  return {o.refrain_max_repeats, o.slogan_max_words, o.slogan_min_documents};
}

detail::MatchDecisionOptions MatchDecisionOptionsOf(const LinkOptions& o) {
  return {o.same_language_min, o.related_shared_words, o.unrelated_shared_words, o.unrelated_same_language_min,
          o.unrelated_translated_min, o.unrelated_translated_words};
}

detail::StoryAlignmentOptions StoryAlignmentOptionsOf(const LinkOptions& o) {
  detail::StoryAlignmentOptions a;
  a.align_min_score = o.align_min_score;
  a.translated_sentence_min = o.translated_sentence_min;
  a.related_shared_words = o.related_shared_words;
  a.same_language_min = o.same_language_min;
  a.max_pairwise_sentences = o.max_pairwise_sentences;
  a.same_text_min_letters = o.same_text_min_letters;
  a.max_candidates = o.max_candidates;
  a.threads = o.threads;
  return a;
}

}  // namespace

std::string DefaultLexiconPath() {
  return detail::FindData("", "QUOTH_LEXICON", "lexicon/sv-en.tsv", QUOTH_BUILD_LEXICON).path;
}

Result<Linker> Linker::Create(const RuleSet& rules, LinkOptions options) {
  auto data = std::make_shared<detail::LinkData>();
  std::vector<Diagnostic> warnings;
  const detail::CompiledRules& compiled = detail::CompiledRulesOf(rules);
  // The word tables are in the data directory the rules were loaded with.
  const detail::DataLookup lexicon =
      detail::FindData(compiled.data_directory, "QUOTH_LEXICON", "lexicon/sv-en.tsv", QUOTH_BUILD_LEXICON);
  std::string where_from;
  if (options.lexicon_path.empty()) {
    if (lexicon.chosen) {
      where_from = " (from " + lexicon.chosen_by + ")";
    } else {
      std::string looked;
      for (const auto& c : lexicon.candidates) looked += (looked.empty() ? "" : ", ") + c;
      where_from = " (looked for " + looked + "; " + detail::DataLookup::HowToSet() + ")";
    }
  }
  const Status built = detail::BuildLinkData(compiled, options.lexicon_path, lexicon.path, data.get(), &warnings,
                                             options.best_effort || compiled.best_effort, where_from);
  if (!built.ok()) return built;
  for (const auto& w : warnings) detail::Log().warn("{}", w.ToString());
  return Linker(std::move(data), options, std::move(warnings));
}

std::vector<std::vector<std::string>> Linker::QuoteKeys(const DocumentResult& document) const {
  detail::LinkCorpus corpus(*data_);
  detail::BuildCorpus({document}, *data_, options_.min_content_words, &corpus);
  std::vector<std::vector<std::string>> keys = detail::PieceKeyTexts(corpus);
  keys.resize(document.quotes.size());  // items are the document's quotes, in order
  return keys;
}

size_t Linker::lexicon_size() const {
  size_t words = 0;
  for (const auto& t : data_->translated) words += t.LexiconWords();
  return words;
}

const std::vector<Diagnostic>& Linker::warnings() const { return warnings_; }

std::vector<Cluster> Linker::LinkInCanonicalOrder(std::vector<DocumentResult>& docs,
                                                  const std::vector<uint32_t>& input_rank) const {
  detail::StageLog log;
  detail::AssignGlobalIds(docs, data_->titles, input_rank);
  log.Done("people", docs.size());
  detail::LinkCorpus corpus(*data_);
  detail::BuildCorpus(docs, *data_, options_.min_content_words, &corpus);
  log.Done("corpus: quotes", corpus.items.size());
  const std::vector<detail::PieceMatch> matches = detail::MatchPieces(corpus, PieceMatchOptionsOf(options_));
  log.Done("piece matches", matches.size());
  const detail::StoryRelations stories =
      detail::RelateDocuments(&corpus, matches, StoryOptionsOf(options_), StrongMatchOptionsOf(options_));
  log.Done("related document pairs", stories.links().size());

  const std::vector<uint8_t> refrain = detail::FindRefrains(corpus.items, RefrainOptionsOf(options_));
  const detail::CandidateGate gate(corpus, refrain, stories);
  std::vector<detail::Edge> edges;
  detail::LinkMatches(corpus, matches, detail::SharedWordsPerPair(corpus, matches), stories, gate,
                      MatchDecisionOptionsOf(options_), &edges);
  detail::LinkSplitQuotes(corpus, matches, stories, gate, {StrongMatchOptionsOf(options_), options_.split_continuation_min},
                          &edges);
  detail::LinkAlignedStories(corpus, docs, stories, gate, StoryAlignmentOptionsOf(options_), &edges);
  log.Done("alignment: candidate links", edges.size());

  detail::KeepBestCandidates(&edges, options_.max_candidates);
  log.Done("candidate links kept", edges.size());
  if (!options_.explain) {
    detail::ReleaseBags(&corpus);  // only the explanations read them from here on
    log.Done("bags released", 0);
  }
  const detail::Clustering clustering = detail::ClusterItems(corpus, std::move(edges));
  log.Done("clusters", clustering.clusters.size());
  return detail::PublicClusters(clustering, corpus, docs, input_rank, stories, options_.explain);
}

std::vector<Cluster> Linker::Link(std::vector<DocumentResult>& docs) const {
  // Read in canonical order (moved, not copied), given back in input order.
  const std::vector<uint32_t> order = detail::CanonicalOrder(docs, data_->pivot);
  std::vector<uint32_t> input_rank(order.size());
  std::vector<DocumentResult> canonical;
  canonical.reserve(docs.size());
  for (uint32_t i = 0; i < order.size(); ++i) {
    input_rank[i] = order[i];
    canonical.push_back(std::move(docs[order[i]]));
  }
  std::vector<Cluster> clusters = LinkInCanonicalOrder(canonical, input_rank);
  for (uint32_t i = 0; i < order.size(); ++i) docs[order[i]] = std::move(canonical[i]);
  return clusters;
}

}  // namespace quoth
