// Linker: joins quotes across documents (LinkOptions, DefaultLexiconPath with it). It reads
// what Engine::Extract found (quoth/engine.h) and needs the RuleSet only to be created.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "quoth/export.h"
#include "quoth/rules.h"
#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth {

// How quotes link: every threshold of linking, each with its default, one line each (in the
// manner of RE2::Options). Scores are shares (0..1); word counts are content words.
struct LinkOptions {
  // Sentence pairs (piece matching).
  double same_language_min = 0.8;    // share of the shorter sentence's content words found in the other
  double cross_language_min = 0.3;   // translated content overlap (IDF-weighted Dice) of two sentences
  size_t min_content_words = 1;      // sentences with fewer words are never linked (same-language links need 3 shared)
  size_t max_posting = 200;          // index keys in more sentences than this are too common to block on

  // Story relation: which documents tell one story.
  double min_story_score = 0.19;     // story overlap of two articles (their words, IDF-weighted) that makes them one story
  double weak_story_score = 0.12;    // a lower story overlap that their quotes' strong matches may confirm:
  size_t story_quote_matches = 2;    //   this many strong matches between their quotes,
  size_t story_same_person_matches = 1;  // or this many with the same known speaker
  double strong_translated_min = 0.45;   // a translated sentence match this good is strong (confirms a story, carries a split quote)
  size_t strong_shared_words = 3;    // a same-language sentence match sharing this many words (and same_language_min) is strong
  size_t story_query_budget = 4000;  // index entries a document's rarest story words may visit
  size_t story_max_posting = 64;     // story words in more documents than this are not looked up
  size_t story_min_shared_keys = 2;  // a candidate story shares at least this many looked-up words
  size_t story_partners = 12;        // a document tells one story with at most this many others (its best)

  // Candidate pairs: which quotes may link at all.
  size_t refrain_max_repeats = 4;    // a text its article repeats more often than this is a refrain: it links to nothing
  size_t slogan_max_words = 6;       // a text this short, carried by slogan_min_documents documents
  size_t slogan_min_documents = 3;   //   in the mouths of different people, is a slogan: it links to nothing

  // Decision: what evidence links two quotes, by how their documents relate.
  size_t related_shared_words = 2;   // same-language content words versions in documents of one story share
  size_t unrelated_shared_words = 4; // ... in unrelated documents (near-verbatim copies only)
  double unrelated_same_language_min = 0.9;  // ... and the containment they need there ("Das hätte man vor zehn Jahren machen müssen" is no copy of "… vor zwanzig Jahren machen sollen")
  double unrelated_translated_min = 0.75;  // translated overlap that links quotes of unrelated documents (same known speaker)
  size_t unrelated_translated_words = 4;   // ... in sentences of at least this many words
  double split_continuation_min = 0.15;    // the rest of a split quote, next to a strongly matched sentence, links at this

  // Story alignment: the quotes of two documents of one story, compared as a whole.
  double align_min_score = 0.25;     // sentences around two quotes of one story, in two languages
  double translated_sentence_min = 0.5;    // aligned sentences this alike translate each other: their quotes pair as a block, on no shared words
  size_t max_pairwise_sentences = 250000;  // sentence pairs two related documents are compared in quote by quote, at most
  size_t same_text_min_letters = 6;  // an identical one-word text links when this long ("Molliwood")

  // Clusters.
  // Candidate links each quote keeps (default 24): its best-evidenced partners, ranked by their
  // best link's score, then by how many links they have (more matched sentences, the sentences
  // around them, the same text). A pair stays when both quotes rank each other among their best;
  // each sentence of a quote keeps as many same-language matches. Bounds linking's work and
  // memory on quotes that resemble hundreds of others (linear in quotes); 0: no cap. No quote
  // of the shared corpus has more than 24 (one of 9,123 in en-news-train has 26).
  size_t max_candidates = 24;

  size_t threads = 0;                // 0: one per core; the result is the same for any number
  bool explain = false;              // fill QuoteLink::evidence (matched words, speakers, story)
  std::string lexicon_path = "";     // a word table into English (the others are read next to it); "" = lexicon/ of the
                                     // RuleSet's data directory (RuleOptions::data_directory, else DefaultLexiconPath())
  bool best_effort = false;          // a missing word table: a warning (link by names and numbers), not an error;
                                     // also when the RuleSet was loaded with RuleOptions::best_effort
};

// Where the word tables built from Debian's FreeDict packages live, as the path of the first
// (sv-en.tsv; a pack's `lexicon:` names its table, read from the same folder): $QUOTH_LEXICON
// when set; else, for programs running from quoth's build tree, the build tree's; else
// share/quoth/lexicon/sv-en.tsv found as DefaultRulesDirectory() finds share/quoth/rules. A
// table of a name no pack gives stands for every pack's.
QUOTH_API std::string DefaultLexiconPath();

namespace detail {
struct LinkData;  // the lexicon and the packs' link words, opaque outside the library
}

// Links quotes that report the same utterance, in one language or across English and a language
// with a word table into English (Swedish, German), and gives people one id across documents.
// Immutable after Create; safe to share.
class QUOTH_API Linker {
 public:
  static Result<Linker> Create(const RuleSet& rules, LinkOptions options = {});

  // Sets Quote::cluster_id and Entity::global_id in `documents`; returns clusters of two or
  // more quotes, ordered by their first quote. Clusters name quotes by id: the documents of a
  // batch need distinct ids (or distinct Extract id prefixes). Which quotes cluster, and which
  // names are one person, do not depend on the order of `documents` (they are read in an order
  // made from their content); ids ("c0", "p0") are numbered in the order given.
  std::vector<Cluster> Link(std::vector<DocumentResult>& documents) const;

  // The link keys of each quote of `document`, in quote order: what the candidate stage files
  // the quote's sentences under and looks them up by (a content word's stem in its own language,
  // "sv:" or "de:" before it, and for every word the English stems it may stand for), sorted;
  // empty for quotes that are not speech. Two speech quotes of a batch are compared sentence by
  // sentence only when they share a key (the alignment of related articles compares more): a
  // runner that spreads linking over machines sends each quote where its keys are.
  std::vector<std::vector<std::string>> QuoteKeys(const DocumentResult& document) const;

  size_t lexicon_size() const;  // words with English translations, all tables (0: names and numbers only); reads the tables
  // What Create found wanting but could work without: a language's table missing (file: the
  // path looked at; "no German-English lexicon") or empty. Empty when all is well.
  const std::vector<Diagnostic>& warnings() const;

 private:
  // Link on documents in canonical order (detail::CanonicalOrder); input_rank[d]: where
  // document d was given, what ids are numbered and clusters listed by.
  std::vector<Cluster> LinkInCanonicalOrder(std::vector<DocumentResult>& docs, const std::vector<uint32_t>& input_rank) const;
  Linker(std::shared_ptr<const detail::LinkData> data, LinkOptions options, std::vector<Diagnostic> warnings)
      : data_(std::move(data)), options_(std::move(options)), warnings_(std::move(warnings)) {}
  std::shared_ptr<const detail::LinkData> data_;
  LinkOptions options_;
  std::vector<Diagnostic> warnings_;
};

}  // namespace quoth
