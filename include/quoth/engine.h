// Engine: finds quotes in a document and attributes them; Link: joins quotes across documents.
//
// An Engine is immutable after construction and safe to share across threads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "quoth/rules.h"
#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth {

struct EngineOptions {
  std::string lang = "auto";              // "auto", "en" or "sv"
  bool resolve_speakers = true;           // false: find quotes only
  size_t max_document_bytes = 512u << 20; // larger documents are refused with kInvalidInput
  bool keep_non_speech = true;            // false: drop headline/scare/title/epithet quotes
};

class Engine {
 public:
  explicit Engine(RuleSet rules, EngineOptions options = {});

  // `doc_id` names the document in results and quote ids are prefixed with `id_prefix`
  // (e.g. "d3"), which callers make unique across a batch. Fails with kInvalidInput on
  // binary data or invalid UTF-8; never throws for bad text.
  Result<DocumentResult> Extract(std::string_view text, std::string_view doc_id,
                                 std::string_view id_prefix = "d0") const;

  const EngineOptions& options() const { return options_; }

 private:
  RuleSet rules_;
  EngineOptions options_;
};

// Guesses "en" or "sv" from function words; "en" when there is no evidence.
std::string DetectLanguage(std::string_view text, const RuleSet& rules);

struct LinkOptions {
  double min_similarity = 0.6;     // token-overlap score for same-language links
  size_t min_tokens = 2;           // shorter quotes are never linked
  size_t min_shared = 3;           // word pairs two quotes must share
};

// Groups quotes that report the same utterance. Sets Quote::cluster_id in `documents` and
// returns clusters with at least two members, ordered by first member.
std::vector<Cluster> Link(std::vector<DocumentResult>& documents, const LinkOptions& options = {});

}  // namespace quoth
