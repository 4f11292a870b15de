// RuleSet::CheckExamples: every rule's `examples:` must do what they say.
//
// It lives above the pipeline's stages (next to engine.cc), not in engine/rules/: checking an
// example runs the later stages (the quote finder, the speaker reading) on the rules.
//
// An attribution pattern's example passes when, on the example text, the quote finder finds a
// quote and the pattern itself (run on that quote's context for its position) captures a phrase
// in which quoth reads the stated speaker. The speaker is compared with what attribution makes
// of the capture, not with the raw capture: in "Trafikverket till TT." it reads "Trafikverket".
// A stated `quote` must equal the found quote's text exactly, final punctuation included.
// A not_speech example passes when the engine gives the stated quote the rule's kind; that needs
// nothing but the public Engine.
#include <algorithm>

#include "engine/quotes/quote_finder.h"
#include "engine/quotes/quote_kinds.h"
#include "engine/rules/compiled_rules.h"
#include "engine/speakers/names.h"
#include "engine/speakers/tag_match.h"
#include "engine/text/document.h"
#include "quoth/engine.h"
#include "quoth/rules.h"

namespace quoth {

namespace {

// White space and the punctuation that separates a tag from its speaker ("said, Holm,").
std::string_view TrimSpeaker(std::string_view s) {
  auto separator = [](char c) { return c == ' ' || c == ',' || c == '.' || c == ':' || c == ';'; };
  while (!s.empty() && separator(s.front())) s.remove_prefix(1);
  while (!s.empty() && separator(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view TrimSpace(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

std::string Quoted(std::string_view s) {
  std::string out(1, '"');  // appended, not "\"" + s: GCC 12 warns (-Wrestrict) on the latter
  return out.append(s).append(1, '"');
}

// The forms of the speaker quoth reads in a captured phrase that an example may state: the
// words from the capture's start to the end of the speaker ("Mayor Anna Berg", "Trafikverket"
// of "Trafikverket till TT."), the speaker's own words ("Anna Berg") and the name quoth reports.
// When quoth reads no speaker in it, the capture itself.
std::vector<std::string> SpeakerForms(const detail::Document& doc, const detail::LanguageRules& lang, Span captured) {
  const detail::SpeakerPhrase phrase = detail::ParseSpeakerPhrase(doc.text(), captured, lang, captured.start == 0);
  if (phrase.type == detail::PhraseType::kNone || phrase.core.empty())
    return {std::string(TrimSpeaker(doc.Slice(captured)))};
  std::vector<std::string> forms = {std::string(TrimSpeaker(doc.Slice({captured.start, phrase.core.end}))),
                                    std::string(TrimSpeaker(doc.Slice(phrase.core)))};
  if (!phrase.joined.empty()) forms.push_back(phrase.joined);
  return forms;
}

std::string CheckPattern(const detail::LanguageRules& lang, size_t index, const detail::RuleExample& ex) {
  const detail::AttributionPattern& p = lang.pack.patterns[index];
  const detail::CompiledPattern* compiled = lang.matcher.pattern(index);
  if (!compiled || !compiled->re) return "the pattern did not compile";
  detail::Document doc(ex.text, lang.pack.abbreviations);
  std::vector<Diagnostic> warnings;
  auto quotes = detail::FindQuotes(doc, lang, &warnings);
  if (quotes.empty()) return "no quote found in the example";
  const detail::QuoteCandidate& q = quotes.front();
  if (!ex.quote.empty() && doc.Slice(q.span) != TrimSpace(ex.quote))
    return "quote found is " + Quoted(doc.Slice(q.span)) + ", expected " + Quoted(ex.quote);
  Span window;
  switch (p.position) {
    case detail::Position::kAfter:
    case detail::Position::kAfterFullStop: window = {q.close_mark.end, doc.paragraphs()[q.last_paragraph].span.end}; break;
    case detail::Position::kBefore:
    case detail::Position::kSentence:
    case detail::Position::kVerbAfter: window = detail::TextBefore(doc, q); break;
    case detail::Position::kDialogue: window = {q.open_mark.end, doc.paragraphs()[q.first_paragraph].span.end}; break;
    case detail::Position::kFronted: window = detail::FrontedWindow(doc.text(), detail::TextBefore(doc, q), lang); break;
  }
  std::string_view w = doc.Slice(window);
  const RE2& re = *compiled->re;
  std::vector<re2::StringPiece> groups(static_cast<size_t>(re.NumberOfCapturingGroups()) + 1);
  if (!re.Match(w, 0, w.size(), RE2::UNANCHORED, groups.data(), static_cast<int>(groups.size())))
    return std::string("the pattern does not match the ") + detail::PositionName(p.position) + " context " + Quoted(w);
  if (ex.speaker.empty()) return "";
  const re2::StringPiece speaker_group = compiled->speaker_group > 0 ? groups[static_cast<size_t>(compiled->speaker_group)] : re2::StringPiece();
  if (!speaker_group.data()) return "the pattern captures no speaker, expected " + Quoted(ex.speaker);
  const size_t start = window.start + static_cast<size_t>(speaker_group.data() - w.data());
  const Span captured{start, start + speaker_group.size()};
  const std::vector<std::string> forms = SpeakerForms(doc, lang, captured);
  const std::string_view expected = TrimSpeaker(ex.speaker);
  if (std::find(forms.begin(), forms.end(), expected) != forms.end()) return "";
  std::string why = "speaker " + Quoted(forms.front());
  if (forms.front() != TrimSpeaker(doc.Slice(captured))) why += " (captured " + Quoted(doc.Slice(captured)) + ")";
  return why + ", expected " + Quoted(ex.speaker);
}

std::string CheckNotSpeech(const Engine& engine, const detail::NotSpeechRule& r, const detail::RuleExample& ex) {
  auto result = engine.Extract(ex.text, "example", "example");
  if (!result.ok()) return result.status().message();
  for (const Quote& q : result->quotes) {
    if (!ex.quote.empty() && q.text != TrimSpace(ex.quote)) continue;
    if (q.kind == r.kind && q.rule == r.id) return "";
    // `kind: speech`: the quote stays speech (direct or partial), whatever the later rules say.
    if (r.kind == QuoteKind::kPartial && (q.kind == QuoteKind::kPartial || q.kind == QuoteKind::kDirect)) return "";
    return "the quote " + Quoted(q.text) + " got kind " + std::string(ToString(q.kind)) + " from " + q.rule;
  }
  return "the example's quote was not found";
}

// The engine a language's not_speech examples run through: every quote kept, nested ones too.
Engine ExampleEngine(const RuleSet& rules, const std::string& language) {
  EngineOptions options;
  options.lang = language;
  options.resolve_speakers = false;
  options.keep_non_speech = true;
  options.keep_nested = true;
  return Engine(rules, options);
}

}  // namespace

Status RuleSet::CheckExamples() const {
  std::vector<Diagnostic> failures;
  for (const auto& [name, lang] : impl_->languages) {
    for (size_t i = 0; i < lang.pack.patterns.size(); ++i)
      for (const auto& ex : lang.pack.patterns[i].examples)
        if (std::string why = CheckPattern(lang, i, ex); !why.empty())
          failures.push_back({ex.where.file, ex.where.line, ex.where.column, lang.pack.patterns[i].id, "example fails: " + why});
    const Engine engine = ExampleEngine(*this, name);
    for (const auto& r : lang.pack.not_speech)
      for (const auto& ex : r.examples)
        if (std::string why = CheckNotSpeech(engine, r, ex); !why.empty())
          failures.push_back({ex.where.file, ex.where.line, ex.where.column, r.id, "example fails: " + why});
  }
  if (failures.empty()) return Status::Ok();
  const size_t n = failures.size();
  return Status(StatusCode::kRuleError, std::to_string(n) + " rule example" + (n == 1 ? "" : "s") + " failed", std::move(failures));
}

}  // namespace quoth
