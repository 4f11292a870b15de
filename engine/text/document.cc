// Paragraph and sentence segmentation over byte offsets.
//
// A sentence ends at . ! ? or … (plus any closing quote marks and brackets) when white space
// and an uppercase letter, digit, opening quote or dash follow, unless the word before the full
// stop is a listed abbreviation ("Gov.", "U.S.", "t.ex.") or a single capital (an initial).
// ICU's break iterator was measured to break after "Gov." and "U.S." and to know no Swedish
// abbreviations, so the rule packs' lists drive this instead.
#include "engine/text/document.h"

#include <algorithm>

#include "engine/text/byte_set.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

bool IsClosingPunct(char32_t c) {
  return c == '"' || c == '\'' || c == 0x201D || c == 0x2019 || c == 0xBB || c == 0xAB ||
         c == ')' || c == ']' || c == 0x201C;
}

// Opening quote marks of every language quoth reads count, the low ones („ ‚) of German and
// Central European copy too: "… so die Bürgermeisterin. „Wir haben …“" starts a sentence.
bool IsSentenceStart(char32_t c) {
  return IsUpper(c) || IsDigit(c) || c == '"' || c == '\'' || c == 0x201C || c == 0x201D ||
         c == 0x2018 || c == 0x201E || c == 0x201A || c == 0xBB || c == 0xAB || c == 0x2013 || c == 0x2014 ||
         c == '(' || c == '-';
}

// Where the line that starts at `pos` ends: its \n, or a lone \r (classic Mac files, which
// would otherwise be one line with every quote on line 1); text.size() for the last line.
size_t LineEnd(std::string_view text, size_t pos) {
  size_t eol = text.find('\n', pos);
  if (eol == std::string_view::npos) eol = text.size();
  const size_t cr = text.substr(pos, eol - pos).find('\r');
  const bool crlf = pos + cr + 1 == eol && eol < text.size();
  if (cr != std::string_view::npos && !crlf) return pos + cr;
  return eol;
}

}  // namespace

Document::Document(std::string_view text, const WordSet& abbreviations, size_t first_line, bool opens_mid_line)
    : Document(text, &abbreviations, first_line, true) {
  opens_mid_line_ = opens_mid_line;
}

Document Document::ParagraphsOnly(std::string_view text) { return Document(text, nullptr, 1, true); }

Document::Document(std::string_view text, const WordSet* abbreviations, size_t first_line, bool)
    : text_(text), first_line_(first_line) {
  size_t pos = 0;
  size_t line = first_line;
  // News runs ~100 bytes a sentence: reserving by that spares most regrowth copies.
  if (abbreviations) sentences_.reserve(text.size() / 96 + 4);
  paragraphs_.reserve(text.size() / 320 + 4);
  line_starts_.reserve(text.size() / 320 + 4);
  line_starts_.push_back(0);
  while (pos < text.size()) {
    const size_t eol = LineEnd(text, pos);
    size_t a = pos, b = eol;
    // Trim ASCII white space and a UTF-8 byte-order mark; offsets stay those of the input.
    if (a == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") a = 3;
    while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r')) ++a;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r')) --b;
    if (b > a) {
      paragraphs_.push_back({{a, b}, line});
      if (abbreviations) SplitSentences(paragraphs_.size() - 1, *abbreviations);
    }
    if (eol < text.size()) line_starts_.push_back(eol + 1);
    pos = eol + 1;
    ++line;
  }
}

void Document::SplitSentences(size_t paragraph, const WordSet& abbreviations) {
  const Span p = paragraphs_[paragraph].span;
  size_t start = p.start;
  size_t i = p.start;
  // Only . ! ? and the first byte of … (E2 80 A6) can end a sentence: skip the rest.
  static const ByteSet kMayEnd(".!?\xE2");
  while (i < p.end) {
    i = kMayEnd.Find(text_, i, p.end);
    if (i >= p.end) break;
    size_t len = 1;
    const char32_t c = DecodeAt(text_, i, &len);
    if (c != '.' && c != '!' && c != '?' && c != 0x2026) { i += len; continue; }
    size_t end = i + len;
    // Keep a run of terminators and closing marks with the sentence ("?!", '."').
    while (end < p.end) {
      size_t l2 = 0;
      char32_t d = DecodeAt(text_, end, &l2);
      if (d == '.' || d == '!' || d == '?' || d == 0x2026 || IsClosingPunct(d)) end += l2; else break;
    }
    // Must be followed by space, then a sentence start.
    size_t next = end;
    bool saw_space = false;
    while (next < p.end) {
      size_t l2 = 0;
      char32_t d = DecodeAt(text_, next, &l2);
      if (!IsSpace(d)) break;
      saw_space = true;
      next += l2;
    }
    bool boundary = false;
    if (saw_space && next < p.end) {
      size_t l2 = 0;
      boundary = IsSentenceStart(DecodeAt(text_, next, &l2));
    }
    if (boundary && c == '.') {
      // The word that ends with this full stop.
      size_t w = i;
      while (w > start && !IsSpace(static_cast<unsigned char>(text_[w - 1]))) --w;
      std::string_view word = text_.substr(w, i + 1 - w);
      while (!word.empty() && (word.front() == '(' || word.front() == '"' || word.front() == '\'')) word.remove_prefix(1);
      size_t l0 = 0;
      const bool initial = !word.empty() && word.size() <= 3 && IsUpper(DecodeAt(word, 0, &l0)) && l0 + 1 == word.size();
      if (initial || abbreviations.count(word)) boundary = false;
    }
    if (boundary) {
      sentences_.push_back({{start, end}, paragraph});
      start = next;
      i = next;
    } else {
      i = end;
    }
  }
  if (start < p.end) sentences_.push_back({{start, p.end}, paragraph});
}

size_t Document::ParagraphAt(size_t offset) const {
  auto it = std::upper_bound(paragraphs_.begin(), paragraphs_.end(), offset,
                             [](size_t o, const Paragraph& p) { return o < p.span.start; });
  return it == paragraphs_.begin() ? 0 : static_cast<size_t>(it - paragraphs_.begin()) - 1;
}

size_t Document::SentenceAt(size_t offset) const {
  auto it = std::upper_bound(sentences_.begin(), sentences_.end(), offset,
                             [](size_t o, const Sentence& s) { return o < s.span.start; });
  return it == sentences_.begin() ? 0 : static_cast<size_t>(it - sentences_.begin()) - 1;
}

size_t Document::LineAt(size_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  return static_cast<size_t>(it - line_starts_.begin()) + first_line_ - 1;
}

}  // namespace quoth::detail
