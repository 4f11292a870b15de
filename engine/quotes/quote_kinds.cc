// Kinds of quotes, so that consumers can keep speech and drop the rest.
//
// Order matters: a quote inside another is nested; a quote in a headline paragraph is a
// headline; then the not_speech rules (titles, epithets, scare quotes) look at the words
// before the opening mark (and, where a rule says, the quoted words and the words after the
// closing mark); what is left is direct (it opens its sentence or follows a colon
// or comma and starts with a capital) or partial (a few words inside the writer's sentence).
#include "engine/quotes/quote_kinds.h"

#include <algorithm>

#include "engine/text/utf8.h"

namespace quoth::detail {

Span TextBefore(const Document& doc, const QuoteCandidate& q) {
  const auto& sentences = doc.sentences();
  const size_t s = doc.SentenceAt(q.open_mark.start);
  size_t start = sentences.empty() ? 0 : sentences[s].span.start;
  if (start > q.open_mark.start) start = q.open_mark.start;
  return {start, q.open_mark.start};
}

bool IsHeadlineParagraph(const Document& doc, size_t paragraph, const LanguageRules& rules) {
  const Span p = doc.paragraphs()[paragraph].span;
  std::string_view text = doc.text();
  size_t letters = 0, upper = 0, words = 0;
  bool in_word = false;
  for (size_t i = p.start; i < p.end;) {
    size_t len = 1;
    const unsigned char b = static_cast<unsigned char>(text[i]);
    const char32_t c = b < 0x80 ? b : DecodeAt(text, i, &len);
    i += len;
    if (IsLetter(c)) { ++letters; upper += IsUpper(c); }
    const bool w = IsWordChar(c);
    if (w && !in_word) ++words;
    in_word = w;
    // Neither in capitals nor short: stop reading.
    if (words > std::max<size_t>(rules.pack.headline_words, 8) && letters > 40 && (letters - upper) * 5 > letters) return false;
  }
  if (letters >= 6 && upper * 10 >= letters * 8) return true;
  // The last character that is not a closing mark or a space (read from the end, only for
  // the short paragraphs that get this far).
  char32_t last = 0;
  for (size_t i = p.end, st = 0; i > p.start; i = st) {
    const char32_t c = DecodeBefore(text, i, &st);
    if (!(c == '"' || c == '\'' || c == 0x201D || c == 0x2019 || c == 0xBB || c == 0xAB || IsSpace(c) ||
          rules.quote_marks.ClosesOnly(text.substr(st, i - st)))) { last = c; break; }
  }
  const bool terminated = last == '.' || last == '!' || last == '?' || last == 0x2026 || last == ':' || last == ',';
  return words > 0 && words <= rules.pack.headline_words && !terminated;
}

namespace {

bool StartsUpper(std::string_view text, Span s) {
  for (size_t i = s.start; i < s.end;) {
    size_t len = 0;
    const char32_t c = DecodeAt(text, i, &len);
    if (IsLetter(c) || IsDigit(c)) return !IsLower(c);
    i += len;
  }
  return false;
}

}  // namespace

void AssignKinds(const Document& doc, const LanguageRules& rules, std::vector<QuoteCandidate>* quotes) {
  std::string_view text = doc.text();
  // Quotes are sorted by start, so the enclosing ones form a stack.
  std::vector<Span> enclosing;
  size_t headline_para = static_cast<size_t>(-1);
  bool headline = false;
  for (size_t k = 0; k < quotes->size(); ++k) {
    QuoteCandidate& q = (*quotes)[k];
    while (!enclosing.empty() && enclosing.back().end <= q.span.start) enclosing.pop_back();
    const bool nested = !enclosing.empty() && enclosing.back().start <= q.open_mark.start &&
                        (q.close_mark.empty() ? q.span.end : q.close_mark.end) <= enclosing.back().end;
    enclosing.push_back(q.span);
    if (q.kind == QuoteKind::kDialogue) continue;
    if (nested) { q.kind = QuoteKind::kNested; continue; }
    if (q.first_paragraph != headline_para) {  // computed once per paragraph
      headline_para = q.first_paragraph;
      headline = IsHeadlineParagraph(doc, q.first_paragraph, rules);
    }
    if (q.first_paragraph == q.last_paragraph && headline) {
      q.kind = QuoteKind::kHeadline;
      q.rule = "headline";
      continue;
    }
    const Span before = TextBefore(doc, q);
    const std::string_view before_text = doc.Slice(before);
    const std::string_view quote_text = doc.Slice(q.span);
    const size_t after_start = q.close_mark.empty() ? q.span.end : q.close_mark.end;
    const size_t para_end = doc.paragraphs()[q.last_paragraph].span.end;
    const std::string_view after_text = doc.Slice({after_start, std::max(after_start, para_end)});
    if (const size_t r = rules.matcher.NotSpeechRule(before_text, quote_text, after_text); r != RuleMatcher::kNone) {
      if (rules.pack.not_speech[r].kind == QuoteKind::kPartial) {  // `kind: speech`
        q.speaker_before = true;
      } else {
        q.kind = rules.pack.not_speech[r].kind;
        q.rule = rules.pack.not_speech[r].id;
        continue;
      }
    }
    // Direct or partial, by what precedes the mark in its sentence.
    size_t e = before.end, st = 0;
    while (e > before.start && IsSpace(DecodeBefore(text, e, &st))) e = st;
    const char32_t prev = e > before.start ? DecodeBefore(text, e, &st) : 0;
    const bool upper = StartsUpper(text, q.span);
    if (prev == 0) q.kind = QuoteKind::kDirect;
    else if ((prev == ':' || prev == ',' || prev == 0x2014 || prev == 0x2013) && upper) q.kind = QuoteKind::kDirect;
    else q.kind = QuoteKind::kPartial;
  }
}

}  // namespace quoth::detail
