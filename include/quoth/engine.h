// Engine: finds quotes in a document and attributes them; Link: joins quotes across documents.
//
// An Engine is immutable after construction and safe to share across threads.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "quoth/export.h"
#include "quoth/rules.h"
#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth {

struct EngineOptions {
  std::string lang = "auto";              // "auto", "en" or "sv"
  bool resolve_speakers = true;           // false: find quotes only
  size_t max_document_bytes = 512u << 20; // larger documents are refused with kInvalidInput
  bool keep_non_speech = true;            // false: drop headline/scare/title/epithet quotes
  bool keep_nested = false;               // true: also report quotes inside quotes (kind kNested); their
                                          // text is already inside the outer quote, so by default not
  bool explain = false;                   // fill SpeakerRef::evidence (the reasoning, in words)
  bool link_evidence = false;             // also collect what Linker compares: Quote::context and
                                          // DocumentResult::story_words. Set it when the results will be
                                          // linked (the CLI does); it costs about a fifth of extraction time
  size_t story_words = 400;               // DocumentResult::story_words kept per document, with link_evidence
};

class QUOTH_API Engine {
 public:
  explicit Engine(RuleSet rules, EngineOptions options = {});

  // `doc_id` names the document in results. Quote and speaker ids are `id_prefix` + ".q3" /
  // ".s1"; the prefix defaults to `doc_id` (or, for an empty `doc_id`, to "d" and a hash of
  // the text), so documents with different ids never share a quote id and Linker's clusters
  // can tell them apart. Pass a short prefix ("d3") for short ids; keep it unique per batch.
  // Fails with kInvalidInput on binary data or invalid UTF-8; never throws for bad text.
  Result<DocumentResult> Extract(std::string_view text, std::string_view doc_id,
                                 std::string_view id_prefix = {}) const;

  const EngineOptions& options() const { return options_; }

 private:
  RuleSet rules_;
  EngineOptions options_;
};

// Guesses "en" or "sv" from function words; "en" when there is no evidence.
QUOTH_API std::string DetectLanguage(std::string_view text, const RuleSet& rules);

struct LinkOptions {
  double same_language_min = 0.8;    // share of the shorter sentence's content words found in the other
  double cross_language_min = 0.3;   // translated content overlap (IDF-weighted Dice) of two sentences
  double min_story_score = 0.19;     // story overlap of two articles (their words, IDF-weighted) that makes them one story
  double align_min_score = 0.25;     // sentences around two quotes of one story, in two languages
  size_t min_content_words = 1;      // sentences with fewer words are never linked (same-language links need 3 shared)
  size_t max_posting = 200;          // index keys in more sentences than this are too common to block on
  size_t threads = 0;                // 0: one per core; the result is the same for any number
  bool explain = false;              // fill QuoteLink::evidence (matched words, speakers, story)
  std::string lexicon_path = "";     // Swedish->English table; "" = DefaultLexiconPath()
};

// Where the Swedish->English table built from Debian's FreeDict packages lives: $QUOTH_LEXICON
// when set; else, for programs running from quoth's build tree, the build tree's; else
// share/quoth/lexicon/sv-en.tsv found as DefaultRulesDirectory() finds share/quoth/rules.
QUOTH_API std::string DefaultLexiconPath();

namespace detail {
struct LinkData;
}

// Links quotes that report the same utterance, in one language or across English and Swedish,
// and gives people one id across documents. Immutable after Create; safe to share.
class QUOTH_API Linker {
 public:
  static Result<Linker> Create(const RuleSet& rules, LinkOptions options = {});

  // Sets Quote::cluster_id and Entity::global_id in `documents`; returns clusters of two or
  // more quotes, ordered by their first quote. Clusters name quotes by id: the documents of a
  // batch need distinct ids (or distinct Extract id prefixes).
  std::vector<Cluster> Link(std::vector<DocumentResult>& documents) const;

  size_t lexicon_size() const;  // Swedish words with English translations (0: names and numbers only)
  // What Create found wanting but could work without: no Swedish-English lexicon at the default
  // path (file: the path looked at), or an empty one. Empty when all is well.
  const std::vector<Diagnostic>& warnings() const;

 private:
  Linker(std::shared_ptr<const detail::LinkData> data, LinkOptions options, std::vector<Diagnostic> warnings)
      : data_(std::move(data)), options_(std::move(options)), warnings_(std::move(warnings)) {}
  std::shared_ptr<const detail::LinkData> data_;
  LinkOptions options_;
  std::vector<Diagnostic> warnings_;
};

}  // namespace quoth
