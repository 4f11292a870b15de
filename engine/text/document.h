// Document: the original bytes cut into lines, paragraphs and sentences (byte offsets only).
#pragma once

#include <cstddef>
#include <string_view>
#include <string>
#include <vector>

#include "engine/text/word_set.h"
#include "quoth/types.h"

namespace quoth::detail {

struct Paragraph {
  Span span;         // trimmed of surrounding white space
  size_t line = 0;   // 1-based line of span.start
};

struct Sentence {
  Span span;
  size_t paragraph = 0;
};

class Document {
 public:
  // Every non-blank line is a paragraph; sentences are cut at . ! ? … followed by space and a
  // capital, digit, quote mark or dash, except after a listed abbreviation or an initial.
  // `first_line`: the line number of text[0] (a segment of a longer document starts further on).
  // `opens_mid_line`: text[0] is not at a line start of the document it was cut from (a
  // segment's window opening at a space in a long line), so its first paragraph is a piece of
  // one, not a paragraph that opens there.
  Document(std::string_view text, const WordSet& abbreviations, size_t first_line = 1, bool opens_mid_line = false);

  // Lines and paragraphs only, no sentences: what pairing quote marks needs, for a look over a
  // whole long document before it is read segment by segment.
  static Document ParagraphsOnly(std::string_view text);

  std::string_view text() const { return text_; }
  std::string_view Slice(Span s) const { return text_.substr(s.start, s.size()); }
  const std::vector<Paragraph>& paragraphs() const { return paragraphs_; }
  const std::vector<Sentence>& sentences() const { return sentences_; }
  bool opens_mid_line() const { return opens_mid_line_; }

  size_t ParagraphAt(size_t offset) const;  // index of the paragraph holding (or preceding) offset
  size_t SentenceAt(size_t offset) const;   // index of the sentence holding (or preceding) offset
  size_t LineAt(size_t offset) const;       // 1-based
  // Lines of the text (ended by \n, \r\n or a lone \r); a final line end does not start another.
  size_t line_count() const {
    return text_.empty() ? 0 : line_starts_.size() - (text_.back() == '\n' || text_.back() == '\r' ? 1 : 0);
  }

 private:
  Document(std::string_view text, const WordSet* abbreviations, size_t first_line, bool /*private*/);
  void SplitSentences(size_t paragraph, const WordSet& abbreviations);

  std::string_view text_;
  std::vector<Paragraph> paragraphs_;
  std::vector<Sentence> sentences_;
  std::vector<size_t> line_starts_;
  size_t first_line_ = 1;
  bool opens_mid_line_ = false;
};

}  // namespace quoth::detail
