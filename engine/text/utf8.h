// UTF-8 helpers over validated input: decoding, character classes (ICU), and the check that
// turns binary or malformed bytes into a clear error before any stage sees them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "quoth/status.h"

namespace quoth::detail {

char32_t DecodeMultibyte(std::string_view s, size_t i, size_t* len);
// Decodes the code point that starts at byte `i` of valid UTF-8; sets *len to its byte length.
inline char32_t DecodeAt(std::string_view s, size_t i, size_t* len) {
  const unsigned char b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) { *len = 1; return b; }
  return DecodeMultibyte(s, i, len);
}
char32_t DecodeMultibyteBefore(std::string_view s, size_t i, size_t* start);
// The code point that ends just before byte `i` (0 at the start); sets *start to its first byte.
inline char32_t DecodeBefore(std::string_view s, size_t i, size_t* start) {
  if (i > 0 && static_cast<unsigned char>(s[i - 1]) < 0x80) { *start = i - 1; return static_cast<unsigned char>(s[i - 1]); }
  return DecodeMultibyteBefore(s, i, start);
}

// Character classes: ASCII is answered inline (most of news text), the rest by ICU.
namespace slow {
bool IsLetter(char32_t c);
bool IsUpper(char32_t c);
bool IsLower(char32_t c);
bool IsDigit(char32_t c);
bool IsSpace(char32_t c);
bool IsWordChar(char32_t c);
}  // namespace slow

inline bool IsAsciiLetter(char32_t c) { return ((c | 0x20) - 'a') < 26; }
inline bool IsLetter(char32_t c) { return c < 0x80 ? IsAsciiLetter(c) : slow::IsLetter(c); }
inline bool IsUpper(char32_t c) { return c < 0x80 ? c - 'A' < 26 : slow::IsUpper(c); }
inline bool IsLower(char32_t c) { return c < 0x80 ? c - 'a' < 26 : slow::IsLower(c); }
inline bool IsDigit(char32_t c) { return c < 0x80 ? c - '0' < 10 : slow::IsDigit(c); }
// Includes no-break spaces.
inline bool IsSpace(char32_t c) {
  return c < 0x80 ? (c == ' ' || (c >= '\t' && c <= '\r')) : slow::IsSpace(c);
}
// Letter, digit or combining mark.
inline bool IsWordChar(char32_t c) { return c < 0x80 ? IsAsciiLetter(c) || c - '0' < 10 : slow::IsWordChar(c); }

// Lower-cases a UTF-8 string (ICU full case mapping, locale-independent).
// The offset at or before `i` where a UTF-8 character starts (i itself when it starts one).
inline size_t CharStartAtOrBefore(std::string_view s, size_t i) {
  while (i > 0 && i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  return i;
}

std::string ToLower(std::string_view s);
// Removes diacritics and folds to lower-case ASCII where possible ("Åsa" -> "asa").
std::string AsciiFold(std::string_view s);

// kInvalidInput for data that is not UTF-8 text: NUL or other binary control bytes, or an
// invalid sequence; the message names the byte offset and line.
Status CheckText(std::string_view text);

}  // namespace quoth::detail
