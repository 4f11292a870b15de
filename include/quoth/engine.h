// Engine: finds quotes in a document and attributes them. (Linker, which joins quotes across
// documents, has its own header, quoth/linker.h.)
//
// An Engine is immutable after construction and safe to share across threads.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "quoth/export.h"
// Linker, LinkOptions and DefaultLexiconPath were declared here until they moved to linker.h;
// still included so that code which includes only engine.h for them keeps compiling.
#include "quoth/linker.h"
#include "quoth/rules.h"
#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth {

struct EngineOptions {
  std::string lang = "auto";              // "auto" or a language with loaded packs ("en", "sv", "de")
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
  size_t segment_bytes = 128u << 10;      // a longer document is read in segments of about this size, cut
                                          // between paragraphs, each seeing 4 KB of the text around it, so
                                          // memory stays bounded by the segment (news articles are far
                                          // shorter and are read whole); 0: always read whole. No cut
                                          // falls inside a quote or a dialogue paragraph: a segment grows
                                          // to hold a longer one whole, so segments find the same quotes
                                          // as reading the document whole
};

// Receives a document's quotes while Engine::Extract reads it: in document order, one batch per
// segment (see EngineOptions::segment_bytes). `document` holds the id, lang, bytes and lines;
// its speakers and warnings are complete only in what Extract returns. The handler may move
// the quotes out.
using QuoteHandler = std::function<void(const DocumentResult& document, std::vector<Quote>& quotes)>;

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
  // The same, streamed: the quotes go to `on_quotes` as each segment is read, and the result
  // holds no quotes, so memory does not grow with the number of quotes of a long document
  // (only the speakers' lists of quote ids do). An error comes before any quote is handed out.
  Result<DocumentResult> Extract(std::string_view text, std::string_view doc_id, std::string_view id_prefix,
                                 const QuoteHandler& on_quotes) const;

  const EngineOptions& options() const { return options_; }

 private:
  RuleSet rules_;
  EngineOptions options_;
};

// Guesses the language of one of the loaded packs from their `language_hints` and
// `hint_letters`; with no evidence, the language the packs' word tables translate into ("en").
QUOTH_API std::string DetectLanguage(std::string_view text, const RuleSet& rules);

}  // namespace quoth
