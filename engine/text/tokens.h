// Tokens: the words of a text, cut at white space and trimmed of punctuation.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "quoth/types.h"

namespace quoth::detail {

// The word inside a white-space-delimited chunk: surrounding punctuation trimmed; a final full
// stop belongs to the sentence unless the word has inner dots ("U.S.") or is an initial ("W.").
// May be empty (a chunk of punctuation only). Idempotent: a token trimmed again is itself, so a
// phrase cut from the text at token ends reads the same words as the whole sentence does.
Span TrimChunk(std::string_view text, Span chunk);

struct Token {
  Span span;
  std::string text;  // without surrounding punctuation
};

// Splits `s` at white space and trims each chunk (TrimChunk); empty tokens are dropped.
void TokenSpansInto(std::string_view text, Span s, std::vector<Span>* out);  // reuses *out's memory
std::vector<Token> Tokenize(std::string_view text, Span s);

// The run of ASCII letters at byte `i` (after spaces and line breaks), before `end`, lower-cased
// into `buffer` of `capacity` bytes; empty when there is none or it is longer. Short function
// words ("a", "han", "ein") are looked up so in place, without a token table or an allocation.
std::string_view LowerAsciiWordAt(std::string_view text, size_t i, size_t end, char* buffer, size_t capacity);

}  // namespace quoth::detail
