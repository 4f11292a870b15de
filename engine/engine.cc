// Engine::Extract: the per-document pipeline.
//
//   bytes -> CheckText -> language -> Document (paragraphs, sentences)
//         -> FindQuotes (marks, dialogue, kinds) -> Attribute (speakers, entities)
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>

#include "engine/log/log.h"
#include "engine/quotes/quote_finder.h"
#include "engine/rules/rule_set_access.h"
#include "engine/speakers/attribution.h"
#include "engine/text/document.h"
#include "engine/text/language.h"
#include "engine/text/utf8.h"
#include "engine/text/words.h"
#include "quoth/engine.h"

namespace quoth {

namespace {

// Quote ids are unique per document unless the caller chooses a prefix: the document's id,
// or for a nameless document a hash of its bytes (FNV-1a).
std::string IdPrefix(std::string_view text, std::string_view doc_id, std::string_view id_prefix) {
  if (!id_prefix.empty()) return std::string(id_prefix);
  if (!doc_id.empty()) return std::string(doc_id);
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  static const char* kHex = "0123456789abcdef";
  std::string out = "d";
  for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(h >> shift) & 15];
  return out;
}

}  // namespace

Engine::Engine(RuleSet rules, EngineOptions options) : rules_(std::move(rules)), options_(std::move(options)) {}

std::string DetectLanguage(std::string_view text, const RuleSet& rules) {
  std::vector<const detail::LanguageRules*> langs;
  for (const auto& [name, lang] : detail::CompiledRulesOf(rules).languages) langs.push_back(&lang);
  return detail::DetectLanguage(text, langs);
}

Result<DocumentResult> Engine::Extract(std::string_view text, std::string_view doc_id, std::string_view id_prefix) const {
  if (text.size() > options_.max_document_bytes)
    return Status(StatusCode::kInvalidInput, std::string(doc_id) + ": document of " + std::to_string(text.size()) +
                                                 " bytes exceeds the limit of " + std::to_string(options_.max_document_bytes));
  if (Status s = detail::CheckText(text); !s.ok())
    return Status(s.code(), std::string(doc_id) + ": " + s.message());

  DocumentResult result;
  result.id = std::string(doc_id);
  result.bytes = text.size();
  result.lang = options_.lang == "auto" || options_.lang.empty() ? DetectLanguage(text, rules_) : options_.lang;
  const detail::LanguageRules* rules = detail::CompiledRulesOf(rules_).Find(result.lang);
  if (result.lang.empty()) return Status(StatusCode::kInvalidArgument, "no rule packs loaded: no language to read the document in");
  if (!rules) return Status(StatusCode::kInvalidArgument, "no rule pack for language '" + result.lang + "'");
  if (text.empty()) {
    result.warnings.push_back({"", 0, 0, "", "empty document"});
    return result;
  }

  detail::Document doc(text, rules->abbreviations);
  result.lines = doc.line_count();
  std::vector<detail::QuoteCandidate> candidates = detail::FindQuotes(doc, *rules, &result.warnings);
  // A nested quote's words are already reported inside its outer quote; one utterance is one row.
  candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                  [&](const auto& c) {
                                    return (!options_.keep_non_speech && !IsSpeech(c.kind)) ||
                                           (!options_.keep_nested && c.kind == QuoteKind::kNested);
                                  }),
                   candidates.end());
  detail::AttributionResult attributed =
      detail::Attribute(doc, *rules, candidates, IdPrefix(text, doc_id, id_prefix), options_.resolve_speakers, options_.explain);
  result.quotes = std::move(attributed.quotes);
  result.speakers = std::move(attributed.speakers);
  // What linking compares: the sentences around each quote, at most kContextBytes either side
  // of it (cut where a character starts). Where a sentence runs longer than that, the context
  // also stops at the neighbouring quotes: a paragraph with no sentence breaks must not give
  // each of its thousand quotes its own copy of the same 800 bytes.
  constexpr size_t kContextBytes = 400;
  auto char_start = [&](size_t i) {
    while (i > 0 && i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) --i;
    return i;
  };
  const auto& sentences = doc.sentences();
  if (options_.link_evidence && !sentences.empty()) {
    const size_t n = result.quotes.size();
    std::vector<size_t> previous_end(n, 0), next_start(n, text.size());  // nearest quote either side
    for (size_t i = 1; i < n; ++i) {
      const Span before = result.quotes[i - 1].span;
      previous_end[i] = before.end <= result.quotes[i].span.start ? std::max(previous_end[i - 1], before.end) : previous_end[i - 1];
    }
    for (size_t i = n; i-- > 1;) {
      const Span after = result.quotes[i].span;
      next_start[i - 1] = after.start >= result.quotes[i - 1].span.end ? std::min(next_start[i], after.start) : next_start[i];
    }
    for (size_t i = 0; i < n; ++i) {
      Quote& q = result.quotes[i];
      Span context = sentences[doc.SentenceAt(q.span.start)].span;
      context.start = std::min(context.start, q.span.start);
      context.end = std::max(sentences[doc.SentenceAt(q.span.end > 0 ? q.span.end - 1 : 0)].span.end, q.span.end);
      if (q.span.start - context.start > kContextBytes)
        context.start = std::max(char_start(q.span.start - kContextBytes), std::min(previous_end[i], q.span.start));
      if (context.end - q.span.end > kContextBytes)
        context.end = std::min(char_start(q.span.end + kContextBytes), std::max(next_start[i], q.span.end));
      q.context = context;
      q.context_text = std::string(doc.Slice(context));
    }
  }
  if (options_.link_evidence && options_.story_words > 0) {  // outside the quotes, nested ones inside others
    std::vector<std::pair<size_t, size_t>> quoted;  // quotes are in document order
    for (const Quote& q : result.quotes)
      if (quoted.empty() || q.span.start >= quoted.back().second) quoted.push_back({q.span.start, q.span.end});
      else quoted.back().second = std::max(quoted.back().second, q.span.end);
    result.story_words = detail::StoryWords(text, rules->stopwords, options_.story_words, quoted);
  }
  detail::Log().debug("extract: {}: {}, {} bytes, {} quotes", result.id, result.lang, result.bytes, result.quotes.size());
  return result;
}

}  // namespace quoth
