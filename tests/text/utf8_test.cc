// CheckText: the gate every document passes before any stage sees it. Binary data and
// malformed UTF-8 must be refused with kInvalidInput and a message that says where.
#include "engine/text/utf8.h"

#include <doctest/doctest.h>

#include <cctype>
#include <string>

using namespace quoth;
using namespace quoth::detail;

namespace {

// True when `message` holds `word`, a space and exactly the number `n` ("byte 12" but not
// "byte 123" or "byte 0x80").
bool NamesNumber(const std::string& message, const std::string& word, size_t n) {
  const std::string key = word + " ";
  for (size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + 1)) {
    size_t i = at + key.size(), value = 0, digits = 0;
    while (i < message.size() && std::isdigit(static_cast<unsigned char>(message[i]))) {
      value = value * 10 + static_cast<size_t>(message[i] - '0');
      ++i;
      ++digits;
    }
    const bool ends = i == message.size() || !std::isalnum(static_cast<unsigned char>(message[i]));
    if (digits > 0 && ends && value == n) return true;
  }
  return false;
}

// `text` must be refused as invalid input, naming byte `offset` and line `line`.
void ExpectRejected(const std::string& text, size_t offset, size_t line) {
  const Status s = CheckText(text);
  INFO("message: " << s.message());
  REQUIRE_FALSE(s.ok());
  CHECK(s.code() == StatusCode::kInvalidInput);
  CHECK(NamesNumber(s.message(), "byte", offset));
  CHECK(NamesNumber(s.message(), "line", line));
}

std::string Bytes(std::initializer_list<unsigned char> bytes) {
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

TEST_CASE("CheckText refuses a NUL byte and names its offset and line") {
  ExpectRejected(std::string("Hello\0world", 11), 5, 1);
  // On a later line: the line count must follow the newlines before the byte.
  ExpectRejected(std::string("First line.\nSecond line.\nxy\0z", 29), 27, 3);
  // A lone \r ends a line too (classic Mac files); \r\n counts once.
  ExpectRejected(std::string("One.\rTwo.\r\nxy\0z", 15), 13, 3);
}

TEST_CASE("CheckText finds a binary byte inside a long ASCII run (the eight-byte fast path)") {
  // 100 ASCII bytes, then NUL: the bad byte sits in the middle of an eight-byte block.
  std::string text(100, 'a');
  text += '\0';
  text += std::string(50, 'b');
  ExpectRejected(text, 100, 1);
  // A control byte (0x01) at an offset that is not a multiple of eight.
  std::string ctrl(37, 'c');
  ctrl += '\x01';
  ctrl += std::string(20, 'd');
  ExpectRejected(ctrl, 37, 1);
}

TEST_CASE("CheckText refuses a binary file header") {
  // A PNG signature: 0x89 is not a valid UTF-8 lead byte.
  ExpectRejected(Bytes({0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 0x0D}), 0, 1);
  // A zip header: ASCII "PK" followed by control bytes.
  ExpectRejected(Bytes({'P', 'K', 0x03, 0x04, 0x14, 0x00}), 2, 1);
}

TEST_CASE("CheckText refuses a lone continuation byte") {
  ExpectRejected("abc" + Bytes({0x80}) + "def", 3, 1);
  ExpectRejected("line one\nline two \xBF", 18, 2);
}

TEST_CASE("CheckText refuses a truncated sequence") {
  // A two-byte lead at the very end.
  ExpectRejected("ab" + Bytes({0xC3}), 2, 1);
  // Two bytes of a three-byte sequence at the end.
  ExpectRejected("quote " + Bytes({0xE2, 0x80}), 6, 1);
  // A lead byte followed by ASCII instead of continuation bytes.
  ExpectRejected("x" + Bytes({0xE2, 0x80}) + " y", 1, 1);
}

TEST_CASE("CheckText refuses overlong encodings") {
  ExpectRejected("a" + Bytes({0xC0, 0xAF}), 1, 1);              // '/' in two bytes
  ExpectRejected("ab" + Bytes({0xE0, 0x80, 0xAF}) + "c", 2, 1);  // '/' in three bytes
  ExpectRejected("abc" + Bytes({0xF0, 0x82, 0x82, 0xAC}), 3, 1);  // U+20AC in four bytes
}

TEST_CASE("CheckText refuses UTF-16 surrogates and code points above U+10FFFF") {
  ExpectRejected("ok " + Bytes({0xED, 0xA0, 0x80}), 3, 1);       // U+D800
  ExpectRejected("\n\nok " + Bytes({0xED, 0xBF, 0xBF}), 5, 3);  // U+DFFF
  ExpectRejected(Bytes({0xF4, 0x90, 0x80, 0x80}), 0, 1);         // U+110000
}

TEST_CASE("CheckText accepts Swedish letters, curly quotes, dashes, emoji and white space") {
  CHECK(CheckText("").ok());
  CHECK(CheckText("Åsa Öberg sa: ”Vi är färdiga.”\n– Ja, säger hon.\n").ok());
  CHECK(CheckText("“It’s done,” she said. ‘Maybe’ «not» »yet» — or… 😀").ok());
  CHECK(CheckText("tab\there\r\nform\ffeed and \xEF\xBB\xBF byte-order mark").ok());
  CHECK(CheckText("\xEF\xBB\xBF" "A document that starts with a byte-order mark.").ok());
  // The largest valid code points of each length.
  CHECK(CheckText(Bytes({0x7F, 0xDF, 0xBF, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF})).ok());
}

TEST_CASE("DecodeAt and DecodeBefore step over multi-byte characters") {
  const std::string s = "aä”😀";  // 1 + 2 + 3 + 4 bytes
  size_t len = 0;
  CHECK(DecodeAt(s, 0, &len) == U'a');
  CHECK(len == 1);
  CHECK(DecodeAt(s, 1, &len) == U'ä');
  CHECK(len == 2);
  CHECK(DecodeAt(s, 3, &len) == U'\u201D');
  CHECK(len == 3);
  CHECK(DecodeAt(s, 6, &len) == U'\U0001F600');
  CHECK(len == 4);
  size_t start = 0;
  CHECK(DecodeBefore(s, s.size(), &start) == U'\U0001F600');
  CHECK(start == 6);
  CHECK(DecodeBefore(s, 6, &start) == U'\u201D');
  CHECK(start == 3);
  CHECK(DecodeBefore(s, 0, &start) == 0);
}

TEST_CASE("character classes and case folding know Swedish letters") {
  CHECK(IsUpper(U'Å'));
  CHECK(IsLower(U'ö'));
  CHECK(IsLetter(U'ä'));
  CHECK_FALSE(IsLetter(U'\u201D'));
  CHECK(IsSpace(0xA0));  // no-break space
  CHECK(IsSpace(U' '));
  CHECK_FALSE(IsSpace(U'–'));
  CHECK(ToLower("ÅSA ÖBERG") == "åsa öberg");
  CHECK(AsciiFold("Åsa Öberg") == "asa oberg");
}

TEST_CASE("ToLower folds as ICU does, on its fast path and off it") {
  // Fast path: ASCII, Latin-1 letters, general punctuation.
  CHECK(ToLower("ÀÉÎÕÜÝÞ×÷ÿ") == "àéîõüýþ×÷ÿ");
  CHECK(ToLower("Biden’s “Plan” – OK…") == "biden’s “plan” – ok…");
  CHECK(ToLower("") == "");
  // ICU: ß folds to ss, Greek and Turkish capitals, Ł, a titlecase digraph.
  CHECK(ToLower("Straße") == "strasse");
  CHECK(ToLower("ΟΔΥΣΣΕΑΣ") == "οδυσσεασ");
  CHECK(ToLower("Łódź") == "łódź");
  CHECK(ToLower("ǅuro") == "ǆuro");
  CHECK(ToLower("İstanbul") == "i\u0307stanbul");
  CHECK(ToLower("Åsa Ölund-Łukasz") == "åsa ölund-łukasz");  // one ICU character sends all
}
