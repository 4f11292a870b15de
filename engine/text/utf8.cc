// UTF-8 validation and character classes.
//
// Validation is one pass with an ASCII fast path (eight bytes at a time), because every
// document goes through it; decoding after validation can then skip all checks.
#include "engine/text/utf8.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstring>
#include <memory>

namespace quoth::detail {

char32_t DecodeMultibyte(std::string_view s, size_t i, size_t* len) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + i;
  const size_t left = s.size() - i;
  if (p[0] < 0x80 || left < 2) { *len = 1; return p[0]; }
  if ((p[0] & 0xE0) == 0xC0) { *len = 2; return ((p[0] & 0x1F) << 6) | (p[1] & 0x3F); }
  if ((p[0] & 0xF0) == 0xE0 && left >= 3) {
    *len = 3;
    return ((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
  }
  if (left >= 4) {
    *len = 4;
    return ((p[0] & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
  }
  *len = 1;
  return p[0];
}

char32_t DecodeMultibyteBefore(std::string_view s, size_t i, size_t* start) {
  if (i == 0) { *start = 0; return 0; }
  size_t j = i - 1;
  while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80 && i - j < 4) --j;
  *start = j;
  size_t len = 0;
  return DecodeAt(s, j, &len);
}

namespace slow {
bool IsLetter(char32_t c) { return u_isalpha(static_cast<UChar32>(c)); }
bool IsUpper(char32_t c) { return u_isupper(static_cast<UChar32>(c)); }
bool IsLower(char32_t c) { return u_islower(static_cast<UChar32>(c)); }
bool IsDigit(char32_t c) { return u_isdigit(static_cast<UChar32>(c)); }
bool IsSpace(char32_t c) { return u_isUWhiteSpace(static_cast<UChar32>(c)) || c == 0xA0 || c == 0x202F || c == 0x2007; }
bool IsWordChar(char32_t c) {
  return u_isalpha(static_cast<UChar32>(c)) || u_isdigit(static_cast<UChar32>(c)) ||
         u_charType(static_cast<UChar32>(c)) == U_NON_SPACING_MARK;
}
}  // namespace slow

std::string ToLower(std::string_view s) {
  // ASCII, the Latin-1 letters (U+00C0-U+00FF but ß, which folds to "ss") and general
  // punctuation (U+2000-U+207F: "’", "–", no case) fold here, byte for byte as ICU folds them;
  // a word with any other character goes to ICU. Most words of English, Swedish and German
  // news never reach it.
  std::string out(s);
  bool simple = true;
  for (size_t i = 0; i < out.size() && simple; ++i) {
    const unsigned char c = static_cast<unsigned char>(out[i]);
    if (c < 0x80) {
      if (c >= 'A' && c <= 'Z') out[i] = static_cast<char>(c | 0x20);
      continue;
    }
    const unsigned char next = i + 1 < out.size() ? static_cast<unsigned char>(out[i + 1]) : 0;
    if (c == 0xC3 && (next & 0xC0) == 0x80 && next != 0x9F) {
      if (next <= 0x9E && next != 0x97) out[i + 1] = static_cast<char>(next + 0x20);  // À-Þ, not ×
      ++i;
    } else if (c == 0xE2 && (next == 0x80 || next == 0x81) && i + 2 < out.size() &&
               (static_cast<unsigned char>(out[i + 2]) & 0xC0) == 0x80) {
      i += 2;
    } else {
      simple = false;
    }
  }
  if (simple) return out;
  out.clear();
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  u.foldCase();
  u.toUTF8String(out);
  return out;
}

std::string AsciiFold(std::string_view s) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  icu::UnicodeString decomposed = U_SUCCESS(status) ? nfd->normalize(u, status) : u;
  icu::UnicodeString kept;
  for (int32_t i = 0; i < decomposed.length();) {
    UChar32 c = decomposed.char32At(i);
    i += U16_LENGTH(c);
    if (u_charType(c) == U_NON_SPACING_MARK) continue;
    kept.append(c);
  }
  kept.foldCase();
  std::string out;
  kept.toUTF8String(out);
  return out;
}

namespace {

size_t LineOf(std::string_view text, size_t offset) {
  size_t line = 1;
  // Lines end at \n, \r\n or a lone \r, as in Document.
  for (size_t i = 0; i < offset && i < text.size(); ++i)
    line += text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
  return line;
}

Status Bad(std::string_view text, size_t offset, const std::string& what) {
  return Status(StatusCode::kInvalidInput,
                what + " at byte " + std::to_string(offset) + " (line " + std::to_string(LineOf(text, offset)) + ")");
}

}  // namespace

Status CheckText(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    // ASCII fast path: eight bytes with no high bit and no control byte below 0x09.
    if (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      const uint64_t high = w & 0x8080808080808080ULL;
      // A byte < 0x09 has all of bits 3..7 clear: (b + 0x77) has its high bit clear.
      const uint64_t low = ~(w + 0x7777777777777777ULL) & ~w & 0x8080808080808080ULL;
      if (high == 0 && low == 0) { i += 8; continue; }
    }
    const unsigned char c = p[i];
    if (c < 0x80) {
      if (c == 0) return Bad(text, i, "binary data (NUL byte)");
      if (c < 0x09) return Bad(text, i, "binary data (control byte)");
      ++i;
      continue;
    }
    size_t len = 0;
    char32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
    else return Bad(text, i, "invalid UTF-8 byte 0x" + [&] { char b[3]; std::snprintf(b, 3, "%02X", c); return std::string(b); }());
    if (i + len > n) return Bad(text, i, "truncated UTF-8 sequence");
    for (size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return Bad(text, i, "invalid UTF-8 sequence");
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return Bad(text, i, "invalid UTF-8 sequence (overlong or surrogate)");
    i += len;
  }
  return Status::Ok();
}

}  // namespace quoth::detail
