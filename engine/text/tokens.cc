// Tokens: white-space-delimited chunks, their surrounding punctuation trimmed. Chunks are cut
// with a table of byte classes (ASCII is tested in place; of the longer characters only those
// whose first byte can start a white-space character are decoded).
#include "engine/text/tokens.h"

#include <array>
#include <cstdint>

#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

inline bool IsTrimPunct(char32_t c) {
  if (c < 0x80 && ((c | 0x20) - 'a' < 26 || c - '0' < 10)) return false;
  return c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == '(' || c == ')' ||
         c == '"' || c == 0x201C || c == 0x201D || c == 0x2018 || c == 0xAB || c == 0xBB ||
         c == '[' || c == ']' || c == 0x2026;
}

// What a byte is, for cutting chunks: ASCII white space, other ASCII, or part of a longer character.
enum ByteClass : uint8_t { kOtherByte = 0, kSpaceByte = 1, kHighByte = 2 };

constexpr std::array<uint8_t, 256> kByteClass = [] {
  std::array<uint8_t, 256> c{};
  for (int b = 0; b < 256; ++b)
    c[b] = b >= 0x80 ? kHighByte : (b == ' ' || (b >= '\t' && b <= '\r')) ? kSpaceByte : kOtherByte;
  return c;
}();

// The length of the character at i, and whether it is white space. Only a few lead bytes start
// a white-space character (U+0085, U+00A0; U+1680, U+2000-U+205F, U+3000): the rest, such as
// the C3 of "å", "ä", "ö", are skipped without decoding.
inline bool MultibyteSpace(std::string_view text, size_t i, size_t* len) {
  const unsigned char b = static_cast<unsigned char>(text[i]);
  if (b == 0xC2 || b == 0xE1 || b == 0xE2 || b == 0xE3) return IsSpace(DecodeMultibyte(text, i, len));
  *len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
  return false;
}

// The next chunk in [from, end): white space skipped, then up to the next white space. Empty
// (start == end) when only white space is left.
Span NextChunk(std::string_view text, size_t from, size_t end) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  size_t i = from, len = 1;
  while (i < end) {
    const uint8_t c = kByteClass[p[i]];
    if (c == kSpaceByte) { ++i; continue; }
    if (c != kHighByte || !MultibyteSpace(text, i, &len)) break;
    i += len;
  }
  size_t j = i;
  while (j < end) {
    const uint8_t c = kByteClass[p[j]];
    if (c == kSpaceByte) break;
    if (c == kHighByte) {
      if (MultibyteSpace(text, j, &len)) break;
      j += len;
    } else {
      ++j;
    }
  }
  return {i, j};
}

}  // namespace

Span TrimChunk(std::string_view text, Span t) {
  size_t len = 0, st = 0;
  // Most tokens start and end in an ASCII letter: the byte is the character, nothing to decode.
  const auto ascii_at = [&](size_t i) { return static_cast<unsigned char>(text[i]) < 0x80; };
  while (t.start < t.end) {
    if (ascii_at(t.start)) {
      if (!IsTrimPunct(static_cast<unsigned char>(text[t.start]))) break;
      ++t.start;
    } else if (IsTrimPunct(DecodeAt(text, t.start, &len))) {
      t.start += len;
    } else {
      break;
    }
  }
  // Trimmed to a fixed point ("(Reuters)." loses its full stop, then its bracket), so that
  // trimming a token again gives the token: a phrase cut from the text reads the same words
  // as the document's token table.
  while (true) {
    while (t.end > t.start) {
      if (ascii_at(t.end - 1)) {
        if (!IsTrimPunct(static_cast<unsigned char>(text[t.end - 1]))) break;
        --t.end;
      } else if (IsTrimPunct(DecodeBefore(text, t.end, &st))) {
        t.end = st;
      } else {
        break;
      }
    }
    if (t.end == t.start || text[t.end - 1] != '.') break;
    const std::string_view w = text.substr(t.start, t.size() - 1);
    const bool inner_dot = w.find('.') != std::string_view::npos;
    const bool initial = w.size() == 1;
    if (inner_dot || initial) break;
    --t.end;
  }
  return t;
}

void TokenSpansInto(std::string_view text, Span s, std::vector<Span>* out) {
  out->clear();
  for (Span chunk = NextChunk(text, s.start, s.end); !chunk.empty(); chunk = NextChunk(text, chunk.end, s.end)) {
    const Span t = TrimChunk(text, chunk);
    if (!t.empty()) out->push_back(t);
  }
}

std::string_view LowerAsciiWordAt(std::string_view text, size_t i, size_t end, char* buffer, size_t capacity) {
  while (i < end && (text[i] == ' ' || text[i] == '\n')) ++i;
  size_t n = 0;
  for (; i + n < end && IsAsciiLetter(static_cast<unsigned char>(text[i + n])); ++n) {
    if (n == capacity) return {};
    buffer[n] = static_cast<char>(text[i + n] | 0x20);
  }
  return {buffer, n};
}

std::vector<Token> Tokenize(std::string_view text, Span s) {
  thread_local std::vector<Span> spans;  // reused: phrases are parsed by the thousand
  TokenSpansInto(text, s, &spans);
  std::vector<Token> out;
  out.reserve(spans.size());
  for (const Span& t : spans) out.push_back({t, std::string(text.substr(t.start, t.size()))});
  return out;
}

}  // namespace quoth::detail
