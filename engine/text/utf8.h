// UTF-8 helpers over validated input: decoding, character classes (ICU), and the check that
// turns binary or malformed bytes into a clear error before any stage sees them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "quoth/status.h"

namespace quoth::detail {

// Decodes the code point that starts at byte `i` of valid UTF-8; sets *len to its byte length.
char32_t DecodeAt(std::string_view s, size_t i, size_t* len);
// The code point that ends just before byte `i` (0 at the start); sets *start to its first byte.
char32_t DecodeBefore(std::string_view s, size_t i, size_t* start);

bool IsLetter(char32_t c);
bool IsUpper(char32_t c);
bool IsLower(char32_t c);
bool IsDigit(char32_t c);
bool IsSpace(char32_t c);  // includes no-break spaces
bool IsWordChar(char32_t c);  // letter, digit, combining mark

// Lower-cases a UTF-8 string (ICU full case mapping, locale-independent).
std::string ToLower(std::string_view s);
// Removes diacritics and folds to lower-case ASCII where possible ("Åsa" -> "asa").
std::string AsciiFold(std::string_view s);

// kInvalidInput for data that is not UTF-8 text: NUL or other binary control bytes, or an
// invalid sequence; the message names the byte offset and line.
Status CheckText(std::string_view text);

}  // namespace quoth::detail
