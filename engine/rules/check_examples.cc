// RuleSet::CheckExamples: every rule's `examples:` must do what they say.
//
// An attribution pattern's example passes when, on the example text, the quote finder finds a
// quote and the pattern itself (run on that quote's context for its position) captures the
// stated speaker; a stated `quote` must equal the found quote's text. A not_speech example
// passes when the engine gives the stated quote the rule's kind.
#include "engine/quotes/quote_finder.h"
#include "engine/quotes/quote_kinds.h"
#include "engine/rules/compiled_rules.h"
#include "engine/text/document.h"
#include "quoth/rules.h"

namespace quoth {

namespace {

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == ',')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == ',' || s.back() == '.')) s.remove_suffix(1);
  return std::string(s);
}

std::string CheckPattern(const detail::LanguageRules& lang, const detail::AttributionPattern& p, const detail::RuleExample& ex) {
  detail::Document doc(ex.text, lang.abbreviations);
  std::vector<Diagnostic> warnings;
  auto quotes = detail::FindQuotes(doc, lang, &warnings);
  if (quotes.empty()) return "no quote found in the example";
  const detail::QuoteCandidate& q = quotes.front();
  if (!ex.quote.empty() && Trim(doc.Slice(q.span)) != Trim(ex.quote))
    return "quote found is \"" + std::string(doc.Slice(q.span)) + "\", expected \"" + ex.quote + "\"";
  Span window;
  switch (p.position) {
    case detail::Position::kAfter: window = {q.close_mark.end, doc.paragraphs()[q.last_paragraph].span.end}; break;
    case detail::Position::kBefore:
    case detail::Position::kSentence: window = detail::TextBefore(doc, q); break;
    case detail::Position::kDialogue: window = {q.open_mark.end, doc.paragraphs()[q.first_paragraph].span.end}; break;
  }
  std::string_view w = doc.Slice(window);
  std::vector<re2::StringPiece> groups(static_cast<size_t>(p.re->NumberOfCapturingGroups()) + 1);
  if (!p.re->Match(w, 0, w.size(), RE2::UNANCHORED, groups.data(), static_cast<int>(groups.size())))
    return std::string("the pattern does not match the ") + detail::PositionName(p.position) + " context \"" + std::string(w) + "\"";
  const std::string got = p.speaker_group > 0 && groups[static_cast<size_t>(p.speaker_group)].data()
                              ? std::string(groups[static_cast<size_t>(p.speaker_group)].data(), groups[static_cast<size_t>(p.speaker_group)].size())
                              : std::string();
  if (!ex.speaker.empty() && Trim(got) != Trim(ex.speaker))
    return "captured speaker \"" + got + "\", expected \"" + ex.speaker + "\"";
  return "";
}

std::string CheckNotSpeech(const detail::LanguageRules& lang, const detail::NotSpeechRule& r, const detail::RuleExample& ex) {
  detail::Document doc(ex.text, lang.abbreviations);
  std::vector<Diagnostic> warnings;
  auto quotes = detail::FindQuotes(doc, lang, &warnings);
  for (const auto& q : quotes) {
    if (!ex.quote.empty() && Trim(doc.Slice(q.span)) != Trim(ex.quote)) continue;
    if (q.kind == r.kind && q.rule == r.id) return "";
    return "the quote \"" + std::string(doc.Slice(q.span)) + "\" got kind " + std::string(ToString(q.kind)) + " from " + q.rule;
  }
  return "the example's quote was not found";
}

}  // namespace

Status RuleSet::CheckExamples() const {
  std::vector<Diagnostic> failures;
  for (const auto& [name, lang] : impl_->languages) {
    for (const auto& p : lang.patterns)
      for (const auto& ex : p.examples)
        if (std::string why = CheckPattern(lang, p, ex); !why.empty())
          failures.push_back({ex.where.file, ex.where.line, ex.where.column, p.id, "example fails: " + why});
    for (const auto& r : lang.not_speech)
      for (const auto& ex : r.examples)
        if (std::string why = CheckNotSpeech(lang, r, ex); !why.empty())
          failures.push_back({ex.where.file, ex.where.line, ex.where.column, r.id, "example fails: " + why});
  }
  if (failures.empty()) return Status::Ok();
  const size_t n = failures.size();
  return Status(StatusCode::kRuleError, std::to_string(n) + " rule example" + (n == 1 ? "" : "s") + " failed", std::move(failures));
}

}  // namespace quoth
