// Names, speaker phrases and entities.
//
// A name is a run of capitalised words (with particles such as "von"), read after any titles
// and role words in front of it: "Belgorod Oblast Gov. Vyacheslav Gladkov" is the name
// "Vyacheslav Gladkov" with roles {belgorod, oblast, gov.}. A possessive inside a run cuts it
// ("ABC News' George Stephanopoulos": the owner is not part of the name). Runs that follow
// "the" are places and institutions ("the United States"), not people. Entities group the
// forms of one name by suffix: "Lukashenko" joins "Alexander Lukashenko".
//
// A capital is not enough evidence of a name. With the tables the packs name (rules/name_tables.h):
// a sentence-initial word that the language's dictionary lists only in lower case ("Knowing
// Berg", "Unlike Lund") is a name only as the subject of a speech verb ("Ban Ki-moon said") or
// when the document writes it capitalised inside a name elsewhere; a country or province is
// never a person; a name ending in an organisation word ("Wells Fargo Bank", "Malmö kommun",
// "Läkemedelsverket") or right after a noun for one ("hjälporganisationen Nordhjälpen") is an
// organisation mention, which "the company" / "kommunen" later refer back to.
#include "engine/speakers/names.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_set>

#include "engine/text/text_cache.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr size_t kMinDefiniteRoleBytes = 5;  // "Bonden", "Grannen": a shorter word is no definite noun for a person

}  // namespace

namespace {

// Does token `t` join a quoted title to a noun with a hyphen ("„Game of Thrones“-Star",
// "„Tatort“-Kommissar"): a quote mark of the pack right before a hyphen inside it? Only a token
// with a hyphen is read further; a single mark is an apostrophe ("O’Brien-Smith").
bool JoinsQuoteToNoun(std::string_view text, Span t, const QuoteMarks& marks) {
  const std::string_view w = text.substr(t.start, t.size());
  for (size_t hyphen = w.find('-'); hyphen != std::string_view::npos; hyphen = w.find('-', hyphen + 1)) {
    const size_t end = t.start + hyphen;
    for (size_t i = marks.NextCandidate(text, t.start, end); i < end; i = marks.NextCandidate(text, i + 1, end))
      if (const MarkInfo* m = marks.At(text, i); m && i + m->mark.size() == end && marks.FamilyName(m->family) != "single") return true;
  }
  return false;
}

// A lower-case organisation compound after a name is at least this long ("koloniförening").
constexpr size_t kMinOrganisationCompoundBytes = 8;
// Lower-case words (adjectives, adverbs) that may stand between an article and its noun.
constexpr size_t kMaxAdjectives = 3;
constexpr size_t kMaxOrganisationWordsAfterGenitive = 4;  // "the Dairy Producers' Alliance of Ohio Valley"
constexpr size_t kMaxBracketedBytes = 48;  // "(Lib Dem, Brackwell North)": a party and a seat after a name
}  // namespace

bool IsPossessive(std::string_view s) {
  // Most words end in none of s, ' or ’ (whose last byte is 0x99): one byte tells.
  if (s.empty() || (s.back() != 's' && s.back() != '\'' && s.back() != '\x99')) return false;
  auto ends = [&](std::string_view suf) { return s.size() > suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0; };
  return ends("'s") || ends("\xE2\x80\x99s") || ends("'") || ends("\xE2\x80\x99");
}

std::string StripPossessive(std::string s) {
  for (std::string_view suf : {std::string_view("'s"), std::string_view("\xE2\x80\x99s"), std::string_view("'"), std::string_view("\xE2\x80\x99")})
    if (s.size() > suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0) return s.substr(0, s.size() - suf.size());
  return s;
}

namespace {

// A particle inside a name ("Ursula von der Leyen", "Hans af Trolle"): the pack's
// `name_particles`, as written.
bool IsParticle(std::string_view w, const LanguageRules& rules) { return rules.pack.name_particles.count(w) > 0; }

bool IsNameParticle(std::string_view w, std::string_view before, const LanguageRules& rules) {
  if (!IsParticle(w, rules)) return false;
  if (!rules.pack.capitalises_nouns || !rules.determiner_words.count(w)) return true;
  if (IsParticle(before, rules) && !rules.determiner_words.count(before)) return true;
  // A particle capitalised to open a name ("Van der Hoek haderte"), unless it is a preposition
  // of the language too ("Von der Stadt hieß es").
  const std::string lower = ToLower(before);
  return lower != before && IsParticle(lower, rules) && !rules.determiner_words.count(lower) && !rules.pack.phrase_breaks.count(lower);
}

// One of the pack's `non_person_articles` ("the"), in any case, without building a lower-case
// string for the common short word.
bool IsNonPersonArticle(std::string_view w, const LanguageRules& rules) {
  if (rules.pack.non_person_articles.empty()) return false;
  char buffer[16];
  if (w.size() > sizeof buffer) return rules.pack.non_person_articles.count(ToLower(w)) > 0;
  for (size_t i = 0; i < w.size(); ++i) {
    const char c = w[i];
    buffer[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c;
  }
  return rules.pack.non_person_articles.count(std::string_view(buffer, w.size())) > 0;
}


// A compound's head is a role of kMinRoleHead bytes or more after at least kMinRoleModifier
// more ("präsidentin" in "verwaltungsratspräsidentin", "minister" in "gesundheitsminister";
// never "man" in "chairman").
constexpr size_t kMinRoleHead = 4, kMinRoleModifier = 3;

bool IsCompoundRole(std::string_view lower, const LanguageRules& rules) {
  for (size_t k = kMinRoleModifier; k + kMinRoleHead <= lower.size(); ++k)
    if (IsRoleOrTitle(lower.substr(k), rules)) return true;
  return false;
}

}  // namespace

// A sentence word, not a name: listed in `not_names`, or a compound that starts with one
// ("Twenty-nine people were hurt").
bool IsNotName(std::string_view w, const LanguageRules& rules) {
  if (rules.pack.not_names.count(w)) return true;
  const size_t hyphen = w.find('-');
  if (hyphen == std::string_view::npos || hyphen == 0) return false;
  if (rules.pack.not_names.count(w.substr(0, hyphen))) return true;
  // "Milwaukee-based", "Swedish-born": a place or a people made an adjective.
  const size_t last = w.rfind('-');
  return !rules.pack.adjective_endings.empty() && rules.pack.adjective_endings.count(w.substr(last + 1));
}

namespace {

// A word of plain lower-case ASCII letters is its own lower-case form: no copy needed.
bool IsPlainLower(std::string_view w) {
  for (char c : w)
    if (c < 'a' || c > 'z') return false;
  return true;
}

}  // namespace

bool IsRoleOrTitle(std::string_view lower, const LanguageRules& rules) {
  return rules.title_words.count(lower) || rules.role_words.count(lower) || IsAgeRole(lower, rules);
}

// "74-year-old": one to three digits and one of the pack's `age_roles` endings.
bool InWordsOrCompoundHead(const WordSet& words, std::string_view lower, bool compounds) {
  constexpr size_t kMinHead = 4;
  if (words.count(lower)) return true;
  if (!compounds) return false;
  for (size_t cut = 1; cut + kMinHead <= lower.size(); ++cut)
    if (words.count(lower.substr(cut))) return true;
  return false;
}

bool IsAgeRole(std::string_view lower, const LanguageRules& rules) {
  constexpr size_t kMaxDigits = 3;
  if (rules.pack.age_roles.empty() || lower.empty() || lower[0] < '0' || lower[0] > '9') return false;
  size_t digits = 0;
  while (digits < lower.size() && lower[digits] >= '0' && lower[digits] <= '9') ++digits;
  if (digits > kMaxDigits) return false;
  const std::string_view rest = lower.substr(digits);
  return std::find(rules.pack.age_roles.begin(), rules.pack.age_roles.end(), rest) != rules.pack.age_roles.end();
}

bool IsRoleOrCompoundRole(std::string_view lower, const LanguageRules& rules) {
  return IsRoleOrTitle(lower, rules) || (rules.pack.compound_roles && IsCompoundRole(lower, rules));
}

std::string JoinName(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

namespace {
// "Robert P. Casey Jr.": a generation after the surname, which a short form leaves out ("Casey").
bool IsGenerationSuffix(std::string_view w) {
  return w == "Jr." || w == "Jr" || w == "Sr." || w == "Sr" || w == "II" || w == "III" || w == "IV";
}
}  // namespace

bool EndsWithParticleCapitalised(const std::vector<std::string>& full, const std::vector<std::string>& part) {
  if (full.size() < part.size() || part.size() < 2) return false;
  const size_t skip = full.size() - part.size();
  const std::string& a = part.front();
  const std::string& b = full[skip];
  return a.size() == b.size() && !b.empty() && b[0] >= 'a' && b[0] <= 'z' && a[0] == b[0] - ('a' - 'A') &&
         a.compare(1, std::string::npos, b, 1, std::string::npos) == 0 &&
         std::equal(part.begin() + 1, part.end(), full.begin() + skip + 1);
}

namespace {
// "Casey" and "Robert P. Casey Jr.": the surname alone before the generation.
bool IsSurnameBeforeGeneration(const std::vector<std::string>& full, const std::vector<std::string>& part) {
  return part.size() == 1 && full.size() >= 3 && IsGenerationSuffix(full.back()) && full[full.size() - 2] == part[0];
}
}  // namespace

namespace {

// Tokens of one sentence, read on demand around a position: name finding needs only the few
// tokens around each capitalised word, not the whole sentence split up.
class TokenCursor {
 public:
  TokenCursor(std::string_view text, Span sentence) : text_(text), s_(sentence) {}

  // The white-space chunk that holds byte `at`.
  Span ChunkAround(size_t at) const { return {ChunkStart(at), ChunkEnd(at)}; }
  // The first non-empty token whose chunk starts at or after `from`; *chunk gets its chunk.
  bool Next(size_t from, Span* token, Span* chunk) const {
    size_t i = from, len = 1;
    while (i < s_.end) {
      while (i < s_.end && IsSpace(DecodeAt(text_, i, &len))) i += len;
      if (i >= s_.end) return false;
      const size_t j = ChunkEnd(i);
      const Span t = TrimChunk(text_, {i, j});
      if (!t.empty()) { *token = t; *chunk = {i, j}; return true; }
      i = j;
    }
    return false;
  }
  // The last non-empty token whose chunk ends at or before `before`.
  bool Previous(size_t before, Span* token, Span* chunk) const {
    size_t j = before, st = 0;
    while (j > s_.start) {
      while (j > s_.start && IsSpace(DecodeBefore(text_, j, &st))) j = st;
      if (j <= s_.start) return false;
      const size_t i = ChunkStart(j);
      const Span t = TrimChunk(text_, {i, j});
      if (!t.empty()) { *token = t; *chunk = {i, j}; return true; }
      j = i;
    }
    return false;
  }

 private:
  // Where the chunk holding byte i ends / starts (the white space around it, or the sentence).
  // ASCII bytes are tested in place; only other characters are decoded.
  size_t ChunkEnd(size_t i) const {
    while (i < s_.end) {
      const unsigned char b = static_cast<unsigned char>(text_[i]);
      if (b < 0x80) {
        if (IsSpace(b)) break;
        ++i;
        continue;
      }
      size_t len = 1;
      if (IsSpace(DecodeMultibyte(text_, i, &len))) break;
      i += len;
    }
    return i;
  }
  size_t ChunkStart(size_t i) const {
    while (i > s_.start) {
      const unsigned char b = static_cast<unsigned char>(text_[i - 1]);
      if (b < 0x80) {
        if (IsSpace(b)) break;
        --i;
        continue;
      }
      size_t st = i - 1;
      if (IsSpace(DecodeMultibyteBefore(text_, i, &st))) break;
      i = st;
    }
    return i;
  }

  std::string_view text_;
  Span s_;
};

// The next byte in [from, end) that starts an upper-case letter, or npos. ASCII is a byte
// test; only bytes that start a multi-byte character are decoded.
size_t NextUpper(std::string_view text, size_t from, size_t end) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  size_t i = from;
  // Eight bytes at a time while none is A-Z or non-ASCII (most of any text): for ASCII bytes,
  // adding 0x3F sets the high bit from 'A' (0x41 + 0x3F = 0x80) up, adding 0x25 from '[' up.
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  // A block that fails the test is read one character, then the blocks resume: one curly
  // apostrophe must not send the rest of the sentence down the slow path.
  while (i < end) {
    if (i + 8 <= end) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      const uint64_t from_a = (w + 0x3F * kOnes) & kHigh;   // byte >= 'A'
      const uint64_t past_z = (w + 0x25 * kOnes) & kHigh;   // byte >= '['
      if (!(w & kHigh) && !(from_a & ~past_z)) { i += 8; continue; }  // all ASCII, none in A..Z
    }
    const unsigned char b = p[i];
    if (b < 0x80) {
      if (static_cast<unsigned>(b - 'A') < 26u) return i;
      ++i;
      continue;
    }
    if (b < 0xC0) { ++i; continue; }  // continuation byte
    size_t len = 1;
    if (IsUpper(DecodeMultibyte(text, i, &len))) return i;
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace

namespace {

// A word in capitals of five letters or more is a dateline or a headline word, not a name.
bool IsShouted(std::string_view w) {
  size_t letters = 0;
  for (unsigned char c : w) {
    if (c >= 'a' && c <= 'z') return false;
    letters += (c >= 'A' && c <= 'Z') || c >= 0x80;
  }
  return letters >= 5;
}

// A number as written in a count: digits with the separators of thousands and decimals
// ("412", "1.850", "4,2"); not a score or a time ("24:19").
bool IsCount(std::string_view w) {
  if (w.empty() || w.front() < '0' || w.front() > '9') return false;
  for (char c : w)
    if (!((c >= '0' && c <= '9') || c == '.' || c == ',')) return false;
  return true;
}

// Does the word before `at` join it to what comes before: an organisation joiner ("of"), a
// non-person article ("the") or a clause joiner ("and"), in lower case?
bool FollowsJoiner(std::string_view text, size_t at, const LanguageRules& rules) {
  size_t end = at;
  while (end > 0 && text[end - 1] == ' ') --end;
  size_t start = end;
  while (start > 0 && text[start - 1] >= 'a' && text[start - 1] <= 'z') --start;
  if (start == end || end == at) return false;
  const std::string_view w = text.substr(start, end - start);
  return rules.pack.organisation_joiners.count(w) || rules.pack.non_person_articles.count(w) ||
         rules.pack.clause_joiners.count(w);
}

}  // namespace

bool SetsOff(std::string_view between) {
  return between.find(',') != std::string_view::npos || between.find("\u2013") != std::string_view::npos ||
         between.find("\u2014") != std::string_view::npos;
}

bool IsCommonWord(std::string_view w, const LanguageRules& rules) {
  if (rules.common_words.empty() || w.empty()) return false;
  // Most words asked about are short and Latin: lower-cased on the stack, not in a new string.
  // ASCII and the Latin-1 capitals (U+00C0-U+00DE: "Å", "Ä", "Ö", "É") are lowered here; a word
  // with other characters goes through ToLower.
  char buffer[32];
  if (w.size() <= sizeof buffer) {
    bool simple = true;
    for (size_t i = 0; i < w.size() && simple; ++i) {
      const unsigned char c = static_cast<unsigned char>(w[i]);
      if (c < 0x80) {
        buffer[i] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
      } else if (c == 0xC3 && i + 1 < w.size()) {
        const unsigned char next = static_cast<unsigned char>(w[i + 1]);
        buffer[i] = static_cast<char>(c);
        buffer[i + 1] = static_cast<char>(next >= 0x80 && next <= 0x9E && next != 0x97 ? next + 0x20 : next);
        ++i;
      } else {
        simple = false;
      }
    }
    if (simple) {
      const std::string_view lower(buffer, w.size());
      return rules.common_words_filter.MayContain(lower) && rules.common_words.count(lower) > 0;
    }
  }
  const std::string lower = ToLower(w);
  return rules.common_words_filter.MayContain(lower) && rules.common_words.count(lower) > 0;
}

bool IsOrganisationName(const std::vector<std::string>& name, const LanguageRules& rules) {
  return !name.empty() && (IsOrganisationWord(name.back(), rules) ||
                           (name.size() >= 2 && rules.pack.organisation_openers.count(name.front())));
}

// A name's last word that makes it an organisation's: an organisation word or a word with one of
// the pack's organisation endings, perhaps with a genitive ending.
bool IsOrganisationWord(std::string_view last, const LanguageRules& rules) {
  if (last.empty() || (rules.pack.organisation_words.empty() && rules.pack.organisation_endings.empty())) return false;
  for (std::string_view suffix : {std::string_view("'s"), std::string_view("\xE2\x80\x99s"), std::string_view("'"), std::string_view("\xE2\x80\x99")})
    if (last.size() > suffix.size() && last.substr(last.size() - suffix.size()) == suffix) {
      last.remove_suffix(suffix.size());
      break;
    }
  if (rules.pack.organisation_words.count(last)) return true;
  // An ending is lower case and shorter than the word, so it never holds the word's capital:
  // the bytes compare as written ("Läkemedelsverket" ends with "verket").
  // The last byte first: most names end unlike every ending, and are told without a compare.
  for (const auto& ending : rules.pack.organisation_endings)
    if (last.size() > ending.size() && last.back() == ending.back() &&
        last.compare(last.size() - ending.size(), ending.size(), ending) == 0)
      return true;
  return false;
}

bool IsPlaceName(std::string_view joined, const LanguageRules& rules) {
  return !rules.places.empty() && rules.places_filter.MayContain(joined) && rules.places.count(joined) > 0;
}

bool IsPlaceName(const std::vector<std::string>& name, std::string_view joined, const LanguageRules& rules) {
  if (IsPlaceName(joined, rules)) return true;
  // "Tessik Lake", "Fort Merrin", "Cawley Road": a name of two or more words that ends with one
  // of the pack's `place_words` or opens with one of its `place_openers`; not after a given name
  // ("Ricki Lake"), nor a body's name ("Port Esk Trust").
  if (name.size() < 2) return false;
  return (rules.pack.place_words.contains(name.back()) || rules.pack.place_openers.contains(name.front())) &&
         !rules.pack.first_name_gender.count(name.front()) && !IsOrganisationWord(name.back(), rules);
}
namespace {

// "READ MORE", "WATCH": a word in capitals that the dictionary lists in lower case, or that
// the pack lists as never a name ("More"), is shouted copy, not a name (acronyms such as NATO
// or FBI are neither). Roman numerals end names ("Vann R. Newkirk II"), and two letters are
// more often initials than a word.
bool IsShoutedCommonWord(std::string_view w, const LanguageRules& rules) {
  if (rules.common_words.empty() || w.size() < 3) return false;
  bool roman = true;
  for (unsigned char c : w) {
    if (!(c >= 'A' && c <= 'Z')) return false;
    roman = roman && std::strchr("IVXLCDM", c) != nullptr;
  }
  if (roman) return false;
  if (IsCommonWord(w, rules)) return true;
  std::string title = ToLower(w);
  title[0] = static_cast<char>(title[0] - 'a' + 'A');
  return rules.pack.not_names.count(title) > 0;
}

// Is the lower-case `word` a noun for an organisation, or a compound ending in one
// ("hjälporganisationen", "company")?
bool EndsWithOrganisationNoun(std::string_view word, const LanguageRules& rules, bool compound_only = false) {
  // Where compounds are not written as one word (`compound_roles` off), only the noun itself:
  // "colleague" does not end in "league", nor "confirm" in "firm".
  if (!rules.pack.compound_roles) return !compound_only && rules.organisation_noun_set.contains(word);
  if (word.empty()) return false;
  for (const auto& noun : rules.organisation_nouns) {
    if (noun.back() != word.back()) continue;  // most words end unlike every noun: no compare
    if (word.size() >= noun.size() + (compound_only ? 1 : 0) &&
        word.compare(word.size() - noun.size(), noun.size(), noun) == 0)
      return true;
  }
  return false;
}

// A noun that names an organisation: a word of the pack's `organisation_words` as written
// ("Gemeinde"), or a compound that ends in one of its endings ("Handballverband").
bool IsOrganisationNoun(std::string_view word, const LanguageRules& rules) {
  return !word.empty() && (rules.pack.organisation_words.count(word) > 0 || IsOrganisationWord(word, rules));
}
// ... by an ending only, longer than the ending: a compound that names one body on its own
// ("Finanzministerium", "Staatskanzlei"), not the bare noun of a kind ("Gemeinde").
bool IsOrganisationCompound(std::string_view word, const LanguageRules& rules) {
  for (const auto& ending : rules.pack.organisation_endings)
    if (word.size() > ending.size() + 2 && word.compare(word.size() - ending.size(), ending.size(), ending) == 0) return true;
  return false;
}

}  // namespace

bool IsOrganisationNounOrCompound(std::string_view word, const LanguageRules& rules) {
  return IsOrganisationNoun(word, rules) || IsOrganisationCompound(word, rules);
}

namespace {

// A word of a speaker phrase, as the parse reads it.
struct PhraseWord {
  Span span;
  std::string_view text;   // as written, punctuation trimmed
  std::string_view lower;  // ToLower(text)
  bool upper = false;      // starts with a capital
};

// The words the parse is reading: a window on a list it narrows from either end.
class PhraseWords {
 public:
  PhraseWords(const PhraseWord* words, size_t n) : p_(words), n_(n) {}
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const PhraseWord& operator[](size_t i) const { return p_[i]; }
  const PhraseWord& front() const { return p_[0]; }
  const PhraseWord& back() const { return p_[n_ - 1]; }
  const PhraseWord* begin() const { return p_; }
  const PhraseWord* end() const { return p_ + n_; }
  void resize(size_t n) { n_ = n; }  // keeps the first n
  void drop_front(size_t k) { p_ += k; n_ -= k; }

 private:
  const PhraseWord* p_;
  size_t n_;
};

SpeakerPhrase ParsePhrase(std::string_view text, PhraseWords tokens, const LanguageRules& rules, bool sentence_initial);

// The words of `s`, cut as Tokenize cuts them, lower-cased into *lower (which they view).
void PhraseWordsOf(std::string_view text, Span s, std::vector<std::string>* lower, std::vector<PhraseWord>* out) {
  thread_local std::vector<Span> spans;
  TokenSpansInto(text, s, &spans);
  lower->clear();
  out->clear();
  for (const Span& t : spans) lower->push_back(ToLower(text.substr(t.start, t.size())));
  for (size_t i = 0; i < spans.size(); ++i) {
    const std::string_view w = text.substr(spans[i].start, spans[i].size());
    size_t len = 0;
    out->push_back({spans[i], w, (*lower)[i], IsUpper(DecodeAt(w, 0, &len))});
  }
}


}  // namespace

// Names recur within and across articles ("Anna Berg", "Berg said"): parses are remembered per
// thread by (the rules' memo id, position in sentence, words), with spans kept relative to the phrase.
std::shared_ptr<const SpeakerPhrase> ParseSpeakerPhraseShared(std::string_view text, Span s, const LanguageRules& rules,
                                                              bool sentence_initial) {
  thread_local TextCache<std::shared_ptr<const SpeakerPhrase>> cache;  // core span relative to the phrase
  const std::string_view words = text.substr(s.start, s.size());
  if (const auto* hit = cache.Find(rules.memo_id, sentence_initial, words)) return *hit;
  thread_local std::vector<std::string> lower;  // reused: phrases are parsed by the thousand
  thread_local std::vector<PhraseWord> phrase_words;
  PhraseWordsOf(text, s, &lower, &phrase_words);
  SpeakerPhrase phrase = ParsePhrase(text, PhraseWords(phrase_words.data(), phrase_words.size()), rules, sentence_initial);
  phrase.joined = JoinName(phrase.name);
  if (!phrase.core.empty() || phrase.core.start) phrase.core = {phrase.core.start - s.start, phrase.core.end - s.start};
  auto shared = std::make_shared<const SpeakerPhrase>(std::move(phrase));
  cache.Insert(rules.memo_id, sentence_initial, words, shared);
  return shared;
}

SpeakerPhrase ParseSpeakerPhrase(std::string_view text, Span s, const LanguageRules& rules, bool sentence_initial) {
  SpeakerPhrase p = *ParseSpeakerPhraseShared(text, s, rules, sentence_initial);
  if (!p.core.empty() || p.core.start) p.core = {p.core.start + s.start, p.core.end + s.start};
  return p;
}

namespace {

SpeakerPhrase ParsePhrase(std::string_view text, PhraseWords tokens, const LanguageRules& rules, bool sentence_initial) {
  SpeakerPhrase out;
  // "…, to which Lena Holm interjected": a break word, then a `speaker_follows` relative word,
  // then the speaker. The relative clause's subject is what follows.
  if (tokens.size() > 2 && rules.pack.phrase_breaks.count(tokens[0].text) && rules.pack.speaker_follows.count(tokens[1].text) &&
      tokens[2].upper)
    tokens.drop_front(2);
  // "a crab crumpet, which Ruth declared …": a relative word alone opens the phrase (one the
  // pack lists as no name too: "of Springfield" is a place, not a speaker).
  else if (tokens.size() > 1 && !sentence_initial && rules.pack.speaker_follows.count(tokens[0].text) &&
           IsNotName(tokens[0].text, rules) && tokens[1].upper && !IsNotName(tokens[1].text, rules))
    tokens.drop_front(1);
  // "… if President Joe Biden said so": a phrase that opens with a conjunction is no speaker.
  if (!tokens.empty() && rules.pack.phrase_breaks.count(tokens[0].text)) {
    // "sagte von Albersdorf", "sagte zu Reventhal": a surname that opens with a particle the
    // language also uses as a preposition. Read as a name only as the whole phrase (particles,
    // then one capitalised word); the resolver takes it only where the document names the
    // person in full (SpeakerPhrase::particle_led).
    size_t k = 0;
    while (k < tokens.size() && IsParticle(tokens[k].text, rules)) ++k;
    if (k == 0 || k + 1 != tokens.size() || !tokens[k].upper || IsNotName(tokens[k].text, rules)) return out;
    out.type = PhraseType::kName;
    out.particle_led = true;
    out.core = {tokens.front().span.start, tokens.back().span.end};
    for (const auto& t : tokens) out.name.emplace_back(t.text);
    out.name.back() = StripPossessive(out.name.back());
    return out;
  }
  // "The Housing and Estates Board said": after a non-person article, capitalised words joined
  // by a clause joiner ("and") and ending in an organisation word are one organisation.
  if (!rules.pack.capitalises_nouns && tokens.size() >= 4 && rules.pack.non_person_articles.count(tokens[0].lower) &&
      rules.pack.organisation_words.count(StripPossessive(std::string(tokens.back().text)))) {
    size_t joiner = 0;
    bool names = true;
    for (size_t k = 1; k < tokens.size() && names; ++k) {
      if (!tokens[k].upper && rules.pack.clause_joiners.count(tokens[k].lower) && joiner == 0 && k > 1 && k + 1 < tokens.size()) {
        joiner = k;
        continue;
      }
      names = tokens[k].upper && !IsNotName(tokens[k].text, rules) && (k + 1 == tokens.size() || !IsPossessive(tokens[k].text));
    }
    if (names && joiner != 0) {
      out.type = PhraseType::kOrganisation;
      out.core = {tokens[1].span.start, tokens.back().span.end};
      for (size_t k = 1; k < tokens.size(); ++k) out.name.emplace_back(tokens[k].text);
      return out;
    }
  }
  // "the Department of Coastal Transport said", "the Office of the Prime Minister said": an
  // organisation's name runs on past its first break word when that word follows an
  // organisation word and only capitalised name words (perhaps after a determiner) follow it
  // to the phrase's end. Not where every noun has a capital ("das Ministerium für Gesundheit"
  // would take any noun), and never after a person ("Tom Hale of the Department").
  if (!rules.pack.capitalises_nouns) {
    for (size_t i = 1; i + 1 < tokens.size(); ++i) {
      if (!rules.pack.phrase_breaks.count(tokens[i].text)) continue;
      if (!tokens[i - 1].upper || !rules.pack.organisation_words.count(tokens[i - 1].text)) break;
      size_t j = i + 1;
      if (rules.determiner_words.count(tokens[j].lower) && !rules.indefinite_words.count(tokens[j].lower)) ++j;
      if (j >= tokens.size()) break;
      bool names = true;
      for (size_t k = j; k < tokens.size() && names; ++k)
        names = tokens[k].upper && !IsNotName(tokens[k].text, rules) && !IsPossessive(tokens[k].text) &&
                !rules.pack.phrase_breaks.count(tokens[k].text);
      if (!names) break;
      size_t from = i - 1;
      while (from > 0 && tokens[from - 1].upper && !rules.determiner_words.count(tokens[from - 1].lower) &&
             !IsNotName(tokens[from - 1].text, rules) && !IsPossessive(tokens[from - 1].text))
        --from;
      out.type = PhraseType::kOrganisation;
      out.core = {tokens[from].span.start, tokens.back().span.end};
      for (size_t k = from; k < tokens.size(); ++k) out.name.emplace_back(tokens[k].text);
      return out;
    }
  }
  // "säger X till TT": the phrase ends before a preposition or relative word. But after a
  // `speaker_follows` word ("footage of Hillary Clinton"), when nothing before it names a
  // person, a role or a title, the speaker is what follows.
  // "The ad ends with footage of Ann Fox": the last `speaker_follows` word, when nothing before
  // it names anyone, starts the speaker even after other breaks ("with").
  for (size_t i = tokens.empty() ? 0 : tokens.size() - 1; i > 1; --i) {
    if (!rules.pack.speaker_follows.count(tokens[i - 1].text)) continue;
    const bool names_before = std::any_of(tokens.begin(), tokens.begin() + (i - 1), [&](const PhraseWord& t) {
      return (t.upper && !rules.determiner_words.count(t.lower) && !IsNotName(t.text, rules)) || IsRoleOrTitle(t.lower, rules);
    });
    const bool other_break = std::any_of(tokens.begin() + 1, tokens.begin() + (i - 1), [&](const PhraseWord& t) {
      return rules.pack.phrase_breaks.count(t.text) > 0;
    });
    if (!names_before && other_break && tokens[i].upper) tokens.drop_front(i);
    break;
  }
  for (size_t i = 1; i < tokens.size(); ++i) {
    if (!rules.pack.phrase_breaks.count(tokens[i].text)) continue;
    // "co-founder and chief executive Rohit Venkatesh", "vd och grundare Lina Berg": "and"
    // between two roles joins the offices one person holds; it starts no second clause.
    if (i + 1 < tokens.size() && rules.pack.clause_joiners.count(tokens[i].text) && IsRoleOrTitle(tokens[i - 1].lower, rules) &&
        IsRoleOrTitle(tokens[i + 1].lower, rules))
      continue;
    // An office, a joining word (the pack's `organisation_joiners`), its portfolio, then the
    // holder's name, capitalised to the phrase's end: the name is read after the portfolio, and
    // the office's roles are kept. Where only names have capitals:
    // - "Leader of the Opposition Marcia Baptiste-Lewis", "Minister of Tourism Dexter
    //   Charlemagne": an office of titles and roles only, and a capitalised portfolio (three
    //   words or more: a portfolio and a name of two; the portfolio is stripped below);
    // - "the company's head of operations Meera Pillai", "director of communications Ana Ruiz":
    //   a role, a lower-case portfolio, then a name of two words or more led by a given name the
    //   pack lists or a word the dictionary does not hold in lower case. Not a word for kin or a
    //   role as the portfolio ("the mother of murdered teen Ana Ruiz" speaks herself), nor a
    //   spokesperson's ("a spokesman for police Chief Tom Hale" speaks for him).
    if (!rules.pack.capitalises_nouns && rules.pack.organisation_joiners.count(tokens[i].text)) {
      auto name_to_end = [&](size_t from, size_t min_words) {
        return from < tokens.size() && tokens.size() - from >= min_words && !IsOrganisationWord(tokens.back().text, rules) &&
               std::all_of(tokens.begin() + from, tokens.end(), [&](const PhraseWord& t) {
                 return t.upper && !IsNotName(t.text, rules) && !rules.pack.phrase_breaks.count(t.text);
               });
      };
      size_t holder = 0;  // where the holder's name starts; 0: no office and holder here
      if (std::all_of(tokens.begin(), tokens.begin() + i, [&](const PhraseWord& t) { return IsRoleOrTitle(t.lower, rules); })) {
        size_t j = i + 1;
        if (j < tokens.size() && rules.determiner_words.count(tokens[j].lower) && !rules.indefinite_words.count(tokens[j].lower)) ++j;
        if (name_to_end(j, 3)) holder = j;
      }
      if (!holder && IsRoleOrTitle(tokens[i - 1].lower, rules) && !rules.pack.word_gender.count(tokens[i - 1].lower) &&
          !rules.pack.speaks_for_roles.count(tokens[i - 1].lower)) {
        size_t j = i + 1;
        while (j < tokens.size() && !tokens[j].upper && !rules.determiner_words.count(tokens[j].lower) &&
               !IsRoleOrTitle(tokens[j].lower, rules) && !IsAgeRole(tokens[j].lower, rules) && !rules.pack.phrase_breaks.count(tokens[j].text))
          ++j;
        if (j > i + 1 && name_to_end(j, 2) &&
            (rules.pack.first_name_gender.count(tokens[j].text) || !IsCommonWord(tokens[j].text, rules)))
          holder = j;
      }
      if (holder) {
        for (size_t k = 0; k < i; ++k)
          if (IsRoleOrTitle(tokens[k].lower, rules)) out.roles.emplace_back(tokens[k].lower);
        tokens.drop_front(holder);
        break;
      }
    }
    const bool speaker_after =
        rules.pack.speaker_follows.count(tokens[i].text) && i + 1 < tokens.size() &&
        std::none_of(tokens.begin(), tokens.begin() + i, [&](const PhraseWord& t) {
          // A capitalised determiner or sentence word names no one ("The ad uses footage of …",
          // "What do you think of …").
          const bool names_word = t.upper && !rules.determiner_words.count(t.lower) && !IsNotName(t.text, rules);
          return names_word || IsRoleOrTitle(t.lower, rules);
        });
    if (!speaker_after) { tokens.resize(i); break; }
    tokens.drop_front(i + 1);
    i = 0;
  }
  if (tokens.empty() || rules.pack.phrase_breaks.count(tokens[0].text)) return out;
  // Where nouns are capitalised, an article right after a name of two words starts the name's
  // object or genitive, not more of the speaker: "sagte Geschäftsführer Jan Hollmann der
  // Zeitung", "Ministerin Anna Berg der Grünen". (After a role the article belongs to it: "der
  // Sprecher der Stadtverwaltung".)
  if (rules.pack.capitalises_nouns) {
    auto name_word = [&](size_t i) {
      return tokens[i].upper && !rules.determiner_words.count(tokens[i].lower) && !IsRoleOrTitle(tokens[i].lower, rules);
    };
    for (size_t d = 2; d < tokens.size(); ++d)
      if (rules.determiner_words.count(tokens[d].lower) && name_word(d - 1) && name_word(d - 2)) {
        tokens.resize(d);
        break;
      }
  }
  if (tokens.size() == 1) {
    auto g = rules.pack.pronoun_gender.find(tokens[0].lower);
    if (g != rules.pack.pronoun_gender.end()) {
      out.type = PhraseType::kPronoun;
      out.core = tokens[0].span;
      out.gender = g->second;
      return out;
    }
  }
  // A listed organisation, after any sentence word ("Enligt Polisen").
  const size_t opener = tokens.size() > 1 && IsNotName(tokens[0].text, rules) && !rules.determiner_words.count(tokens[0].lower) ? 1 : 0;
  if (tokens.size() - opener <= 5 && rules.organisation_last_words.count(tokens.back().lower)) {
    const size_t from = tokens[opener].span.start;
    const std::string org = WithoutLeadingArticle(ToLower(text.substr(from, tokens.back().span.end - from)), rules.pack.non_person_articles);
    if (rules.organisation_names.count(org)) {
      out.type = PhraseType::kOrganisation;
      out.core = {from, tokens.back().span.end};
      size_t first = rules.pack.non_person_articles.count(tokens[opener].lower) ? opener + 1 : opener;
      for (size_t i = first; i < tokens.size(); ++i) out.name.emplace_back(tokens[i].text);
      return out;
    }
  }
  // "the IMF report", "a Pentagon statement": what an organisation publishes speaks for it; a
  // report of no one named ("the report said") is no speaker.
  if (tokens.size() >= 2 && rules.pack.document_words.count(tokens.back().lower)) {
    size_t run = tokens.size() - 1;
    while (run > 0 && tokens[run - 1].upper && !rules.determiner_words.count(tokens[run - 1].lower)) --run;
    if (run == tokens.size() - 1) return out;
    out.type = PhraseType::kOrganisation;
    out.core = {tokens[run].span.start, tokens[tokens.size() - 2].span.end};
    for (size_t i = run; i + 1 < tokens.size(); ++i) out.name.emplace_back(tokens[i].text);
    out.name.back() = StripPossessive(out.name.back());
    return out;
  }
  // Leading determiners and sentence words. A determiner that is also a given name the pack
  // lists, written with its capital before another capitalised word, is the given name ("säger
  // Hans Dahlberg": not "his Dahlberg").
  size_t begin = 0;
  while (begin < tokens.size() && (rules.determiner_words.count(tokens[begin].lower) ||
                                   IsNotName(tokens[begin].text, rules))) {
    if (tokens[begin].upper && begin + 1 < tokens.size() && tokens[begin + 1].upper &&
        rules.pack.first_name_gender.count(tokens[begin].text))
      break;
    if (rules.determiner_words.count(tokens[begin].lower) && !rules.indefinite_words.count(tokens[begin].lower)) out.definite = true;
    if (rules.indefinite_words.count(tokens[begin].lower)) out.indefinite = true;
    ++begin;
  }
  // The name is the trailing run of capitalised words after the last title or role word.
  size_t name_begin = tokens.size();
  while (name_begin > begin) {
    const std::string_view w = tokens[name_begin - 1].text;
    const std::string_view l = tokens[name_begin - 1].lower;
    // Titles come before names, not at their end: a capitalised title word in last place, with
    // no article before the phrase, is a surname ("Howard Dean", "Dean said"; but "the Dean").
    // Role words never are: they are common nouns ("Polisen säger").
    const bool surname_place = name_begin == tokens.size() && !out.definite && tokens[name_begin - 1].upper && w.back() != '.';
    // A capitalised role word in last place after a given name is a surname too ("Charlie
    // Cook", "Angus King"); alone it is a common noun ("Polisen säger"). An abbreviation is no
    // given name ("U.S. Secretary of State …" cut before "of").
    const bool after_given_name = surname_place && name_begin >= begin + 2 && tokens[name_begin - 2].upper &&
                                  tokens[name_begin - 2].text.back() != '.' &&
                                  !rules.role_words.count(tokens[name_begin - 2].lower) &&
                                  !rules.title_words.count(tokens[name_begin - 2].lower) &&
                                  !IsNotName(tokens[name_begin - 2].text, rules);
    if ((rules.role_words.count(l) && !after_given_name) || (rules.title_words.count(l) && !surname_place)) break;
    // "Verwaltungsratspräsidentin Regula Zimmermann-Bächli": a compound whose head is a role is
    // a role, where nouns join ("compound_roles"); never in last place, where a name stands.
    // A given name the pack lists is none ("Friedemann", "Hermann" end in "mann").
    if (rules.pack.compound_roles && !surname_place && name_begin < tokens.size() && IsCompoundRole(l, rules) &&
        !rules.pack.first_name_gender.count(w))
      break;
    const std::string_view before = name_begin >= 2 ? tokens[name_begin - 2].text : std::string_view();
    // A sentence word in last place after a known given name is a surname ("Ian Read",
    // "Theresa May"): `not_names` speaks of words that open a sentence or a line.
    const bool surname_after_first_name = surname_place && name_begin >= begin + 2 && tokens[name_begin - 2].upper &&
                                          rules.pack.first_name_gender.count(tokens[name_begin - 2].text);
    // A sentence word that is also a given name the pack lists, before the rest of a name, is
    // the given name ("Hans Dahlberg", where "Hans" is also "his").
    auto given_name_first = [&] { return name_begin < tokens.size() && rules.pack.first_name_gender.count(w) > 0; };
    if (!(tokens[name_begin - 1].upper || IsNameParticle(w, before, rules)) ||
        (IsNotName(w, rules) && !surname_after_first_name && !given_name_first()) || IsShouted(w) ||
        IsShoutedCommonWord(w, rules))
      break;
    // "ABC News' George …"; but a plural genitive inside an organisation's name is part of it
    // ("the Dairy Producers' Alliance").
    if (name_begin < tokens.size() && IsPossessive(w) &&
        !((w.size() > 2 && (w.substr(w.size() - 2) == "s'" || (w.size() > 4 && w.substr(w.size() - 4) == "s\xE2\x80\x99"))) &&
          rules.pack.organisation_words.count(tokens.back().text)))
      break;
    --name_begin;
  }
  const size_t particles_from = name_begin;
  while (name_begin < tokens.size() && IsParticle(tokens[name_begin].text, rules)) ++name_begin;
  const size_t particles_end = name_begin;  // [particles_from, particles_end): part of no role
  // "sagt van der Meulen": an article among a name's particles is a particle, not an article.
  const bool after_particles = name_begin > particles_from;
  // Where every noun is capitalised (German), the first capitalised word after a determiner is
  // a noun, and only what follows it a name: "die Ministerin", "eine Person", "der
  // US-Präsident Donald Trump", "der Sprecher der Stadtverwaltung".
  // Adjectives may stand between ("den ungewöhnlichen Cowboys Roy Rogers").
  bool noun_after_determiner = false;
  // (A given name the pack lists, before another capitalised word, is a name: "die Carole Weis
  // den Abgeordneten vorlegte", where "die" is a relative pronoun.)
  const bool given_name_first = name_begin + 1 < tokens.size() && tokens[name_begin + 1].upper &&
                                rules.pack.first_name_gender.count(tokens[name_begin].text);
  // (Nor a club's opening letters: "Der SC Mainau" is the club "SC Mainau".)
  if (rules.pack.capitalises_nouns && name_begin < tokens.size() && !after_particles && !given_name_first &&
      !rules.pack.organisation_openers.count(tokens[name_begin].text)) {
    for (size_t j = name_begin, seen = 0; j > 0 && seen <= kMaxAdjectives; --j, ++seen) {
      if (rules.determiner_words.count(tokens[j - 1].lower)) { noun_after_determiner = true; break; }
      if (tokens[j - 1].upper) break;
    }
  }
  // An organisation word as that noun names a body, not a role: "die Gemeinde Ostwinkel",
  // "der Handballverband Südwest" (the noun and the name after it), "das Finanzministerium" (a
  // compound of one alone). A bare word alone ("der Verband") is the one named before (below).
  if (noun_after_determiner && begin > 0 && begin == name_begin && IsOrganisationNoun(tokens[name_begin].text, rules) &&
      (name_begin + 1 < tokens.size() || IsOrganisationCompound(tokens[name_begin].text, rules))) {
    out.type = PhraseType::kOrganisation;
    out.core = {tokens[name_begin].span.start, tokens.back().span.end};
    for (size_t i = name_begin; i < tokens.size(); ++i) out.name.emplace_back(tokens[i].text);
    out.name.back() = StripPossessive(out.name.back());
    return out;
  }
  if (noun_after_determiner && begin > 0 && begin == name_begin && name_begin + 1 == tokens.size() && out.definite &&
      rules.pack.organisation_words.count(tokens[name_begin].text)) {
    out.type = PhraseType::kOrganisation;
    out.generic_organisation = true;
    out.core = tokens[name_begin].span;
    out.name.emplace_back(tokens[name_begin].text);
    return out;
  }
  // "Die Nordwind Energiepark GmbH", "der Oberländer Schwingerverband": a run that ends in an
  // organisation word ("GmbH", "AG") or a compound of one is the organisation's name from its
  // first word.
  if (noun_after_determiner && tokens.size() - name_begin >= 2 &&
      (rules.pack.organisation_words.count(tokens.back().text) || IsOrganisationCompound(tokens.back().text, rules)) &&
      !IsOrganisationNoun(tokens[name_begin].text, rules) && !IsRoleOrCompoundRole(tokens[name_begin].lower, rules)) {
    out.type = PhraseType::kOrganisation;
    out.core = {tokens[name_begin].span.start, tokens.back().span.end};
    for (size_t i = name_begin; i < tokens.size(); ++i) out.name.emplace_back(tokens[i].text);
    out.name.back() = StripPossessive(out.name.back());
    return out;
  }
  if (noun_after_determiner) ++name_begin;
  // "ein Mitglied der Partei Plaid Cymru": after a second article the words belong to a
  // genitive, not to the phrase's head noun, which is the description.
  size_t roles_end = tokens.size();
  if (rules.pack.capitalises_nouns && begin > 0)
    for (size_t j = begin; j + 1 < name_begin && j < tokens.size(); ++j)
      if (rules.determiner_words.count(tokens[j].lower)) { roles_end = j; name_begin = tokens.size(); break; }
  // "Treasurer Omar Diallo" at the start of a sentence: three capitalised words there are more
  // often an unlisted role and a name than a three-part name.
  // An organisation's name is all name, though ("Wells Fargo Bank").
  if (sentence_initial && name_begin == begin && begin == 0 && tokens.size() - name_begin >= 3 &&
      tokens[name_begin].text.size() > 2 && tokens[name_begin + 1].text.size() > 2 &&
      !rules.pack.organisation_words.count(StripPossessive(std::string(tokens.back().text))))
    ++name_begin;
  // "Hjälporganisationen Nordhjälpen" opening a sentence: a capitalised compound ending in a
  // noun for an organisation describes the name after it. The bare noun does not: it begins
  // names ("Government Accountability Office").
  if (sentence_initial && name_begin == begin && tokens.size() - name_begin >= 2 &&
      EndsWithOrganisationNoun(tokens[name_begin].lower, rules, /*compound_only=*/true))
    ++name_begin;
  // "Verbandsvorsteherin Marlene Quast", "SPD-Rätin Petra Lindner", "Regierungsrat Stefan
  // Jenni": capitalised words before a given name the pack lists, none of them a given name or
  // a particle, say what the person is (a role no list holds) or are a word the run caught
  // ("Jahren Josip Marković"); the name starts at the given name.
  if (!rules.pack.first_name_gender.empty() && tokens.size() - name_begin >= 3) {
    for (size_t j = name_begin + 1; j + 1 < tokens.size(); ++j) {
      if (IsParticle(tokens[j].text, rules)) break;
      if (!rules.pack.first_name_gender.count(tokens[j].text)) continue;
      bool described = true;
      for (size_t i = name_begin; i < j && described; ++i)
        described = !rules.pack.first_name_gender.count(tokens[i].text) && !IsParticle(tokens[i].text, rules) &&
                    tokens[i].text.back() != '.';  // "J. Robert Oppenheimer": an initial
      if (described && !IsOrganisationWord(tokens.back().text, rules)) name_begin = j;
      break;
    }
  }
  // "Urmakaren Elsa", "Grannen Gunnel" opening a sentence: where nouns take the article as an
  // ending, a capitalised definite noun before a given name the pack lists (and no surname) is
  // what the person is, the way features name people by role and first name. Not a given name
  // ("Jan Erik") and not where the language puts articles before nouns ("Rand Paul").
  if (sentence_initial && rules.pack.definite_endings_on_nouns && name_begin == begin && begin == 0 &&
      tokens.size() - name_begin == 2 && rules.pack.first_name_gender.count(tokens.back().text) &&
      !rules.pack.first_name_gender.count(tokens[name_begin].text) && !IsParticle(tokens[name_begin].text, rules) &&
      tokens[name_begin].lower.size() >= kMinDefiniteRoleBytes) {
    const std::string_view w = tokens[name_begin].lower;
    for (const auto& e : rules.pack.definite_endings)
      if (w.size() > e.size() && w.compare(w.size() - e.size(), e.size(), e) == 0) { ++name_begin; break; }
  }
  // "Minister of Tourism and Maritime Affairs Dexter Charlemagne", "Secretary of State Antony
  // Blinken", "Leader of the Opposition Marcia Baptiste-Lewis": where only names have capitals,
  // capitalised words the dictionary lists only in lower case, in a run that follows "of",
  // "the" or "and", before the last two words of a person's name, are the office's portfolio;
  // the name is the rest. Not an organisation's name ("Maritime Safety Board"), nor a given
  // name the pack lists; not a run that opens on its own ("New Hampshire Republican X").
  if (!rules.pack.capitalises_nouns && !rules.common_words.empty() && tokens.size() - name_begin >= 3 &&
      name_begin == begin && FollowsJoiner(text, tokens[begin].span.start, rules) &&
      !IsOrganisationWord(tokens.back().text, rules)) {
    size_t j = name_begin;
    while (tokens.size() - j > 2 && tokens[j].upper && IsCommonWord(tokens[j].text, rules) &&
           !rules.pack.first_name_gender.count(tokens[j].text) && !IsParticle(tokens[j].text, rules))
      ++j;
    if (j > name_begin && !IsCommonWord(tokens.back().text, rules)) name_begin = j;
  }
  for (size_t i = begin; i < name_begin && i < roles_end; ++i)
    if (i < particles_from || i >= particles_end) out.roles.push_back(ToLower(StripPossessive(std::string(tokens[i].text))));
  // "the National Weather Service": a capitalised name after a non-person article ("the"), with
  // no title or role, is an institution.
  if (name_begin < tokens.size() && out.definite && out.roles.empty() && begin > 0 &&
      rules.pack.non_person_articles.count(tokens[begin - 1].lower)) {
    out.type = PhraseType::kOrganisation;
    out.core = {tokens[name_begin].span.start, tokens.back().span.end};
    for (size_t i = name_begin; i < tokens.size(); ++i) out.name.emplace_back(tokens[i].text);
    return out;
  }
  if (name_begin < tokens.size()) {
    out.type = PhraseType::kName;
    out.core = {tokens[name_begin].span.start, tokens.back().span.end};
    for (size_t i = name_begin; i < tokens.size(); ++i) out.name.emplace_back(tokens[i].text);
    out.name.back() = StripPossessive(out.name.back());
    // "Robert P. Casey Jr.": a name that ends with an abbreviation keeps its dot (a surname
    // before a full stop is not one).
    constexpr size_t kMaxSuffixAbbreviation = 3;  // "Jr", "Sr", "St"
    if (const Span last = tokens.back().span; name_begin + 1 < tokens.size() && last.end < text.size() &&
        text[last.end] == '.' && out.name.back().size() <= kMaxSuffixAbbreviation &&
        rules.pack.abbreviations.count(out.name.back() + ".")) {
      out.name.back() += '.';
      out.core.end = last.end + 1;
    }
    // "Wells Fargo Bank", "Läkemedelsverket": an organisation's name, not a person's.
    if (IsOrganisationName(out.name, rules)) {
      out.type = PhraseType::kOrganisation;
      // "Corvane Foods Inc.": the abbreviation keeps its dot, as the pack lists it.
      const Span last = tokens.back().span;
      if (out.name.back().back() != '.' && last.end < text.size() && text[last.end] == '.' &&
          rules.pack.organisation_words.count(out.name.back() + ".")) {
        out.name.back() += '.';
        out.core.end = last.end + 1;
      }
    }
    return out;
  }
  // "said Mr." (a phrase cut after a title abbreviation): the name is missing, and an
  // abbreviated title alone describes no one.
  const bool cut_after_title =
      !tokens.empty() && tokens.back().upper &&
      (tokens.back().text.back() == '.' || (tokens.back().span.end < text.size() && text[tokens.back().span.end] == '.')) &&
      rules.title_words.count(tokens.back().lower) && !rules.role_words.count(tokens.back().lower) &&
      // an abbreviation ("Mr.", "Gov."), not a title that ends the sentence ("sagte der Rechtsanwalt.")
      rules.title_words.count(std::string(tokens.back().lower) + ".");
  for (const auto& r : out.roles) {
    if (cut_after_title) break;
    // "a trader", "one onlooker": a plain noun for a person after an indefinite determiner
    // describes someone too (whom the text does not name).
    if (IsRoleOrTitle(r, rules) || noun_after_determiner || (out.indefinite && !out.definite && rules.pack.person_nouns.count(r))) {
      out.type = PhraseType::kDescription;
      out.core = {tokens.front().span.start, tokens.back().span.end};
      // A definite noun ("presidenten", in a language whose nouns take the article as an
      // ending) is definite without a determiner.
      if (!out.definite && begin == 0 && rules.pack.definite_endings_on_nouns) out.definite = true;
      return out;
    }
  }
  return out;
}

}  // namespace

namespace {

// Is the word right before the name a noun for an organisation, or a compound ending in one
// ("hjälporganisationen World Vision", "the company Northwind")? Not an earlier one: "police
// officer Ann Holt" is a person.
bool DescribedAsOrganisation(const std::vector<std::string>& roles, const LanguageRules& rules) {
  return EndsWithOrganisationNoun(roles.back(), rules);
}

// Does `at` stand inside brackets opened within kMaxBracketedBytes before it in its sentence
// (from `sentence_start`), right after a capitalised word ("Haslam (Lib Dem, Brackwell North)")?
bool InBracketsAfterName(std::string_view text, size_t at, size_t sentence_start) {
  const size_t from = at > sentence_start + kMaxBracketedBytes ? at - kMaxBracketedBytes : sentence_start;
  const size_t open = text.substr(from, at - from).rfind('(');
  if (open == std::string_view::npos) return false;
  const size_t o = from + open;
  if (text.substr(o, at - o).find(')') != std::string_view::npos) return false;
  // The word before the bracket: a name's last word is capitalised.
  size_t k = o;
  while (k > sentence_start && text[k - 1] == ' ') --k;
  size_t b = k;
  while (b > sentence_start && text[b - 1] != ' ') --b;
  size_t len = 0;
  return b < k && IsUpper(DecodeAt(text, b, &len));
}

// Titled or of two or more words, unless it follows "the" ("the Ohio Valley") or is a place.
void SetPersonLike(NameMention* m, bool after_the, const LanguageRules& rules) {
  const auto& roles = m->roles();
  if (!roles.empty() && DescribedAsOrganisation(roles, rules)) m->organisation = true;
  const bool titled = std::any_of(roles.begin(), roles.end(), [&](const std::string& r) { return IsRoleOrTitle(r, rules); });
  m->place = IsPlaceName(m->name(), m->joined(), rules);
  m->person_like = !after_the && !m->place && !m->organisation && (titled || m->name().size() >= 2);
}

// Is `w` (as written) the first word of one of the pack's speech verbs?
bool IsVerbWord(std::string_view w, const LanguageRules& rules) {
  const SpeechVerbs& verbs = rules.matcher.speech_verbs();
  return IsPlainLower(w) ? verbs.IsFirstWord(w) : verbs.IsFirstWord(ToLower(w));
}

// Is the name ending at `end` the subject of a speech verb after an apposition set off by commas
// ("Jade Hollins, Kevin's daughter and a driver, said …"; "Grace Obi, 24, told …")? An opening
// phrase ("Unlike Lund, …") has no such verb right after its comma.
bool SubjectPastApposition(std::string_view text, size_t end, size_t sentence_end, const LanguageRules& rules) {
  constexpr size_t kMaxAppositionBytes = 160;
  if (end >= sentence_end || text[end] != ',') return false;
  const size_t limit = std::min(sentence_end, end + kMaxAppositionBytes);
  const size_t comma = text.substr(0, limit).find(',', end + 1);
  if (comma == std::string_view::npos) return false;
  size_t from = comma + 1;
  while (from < sentence_end && text[from] == ' ') ++from;
  size_t to = from;
  while (to < sentence_end && text[to] >= 'a' && text[to] <= 'z') ++to;
  return to > from && IsVerbWord(text.substr(from, to - from), rules);
}

// Removes the mentions marked in `drop`, keeping the others in order.
void RemoveDropped(const std::vector<bool>& drop, std::vector<NameMention>* mentions) {
  size_t kept = 0;
  for (size_t i = 0; i < mentions->size(); ++i)
    if (!drop[i]) (*mentions)[kept++] = std::move((*mentions)[i]);
  mentions->resize(kept);
}

// A mention whose first word opens its sentence and is a common word ("Knowing Berg").
struct DoubtfulMention {
  size_t mention;
  Span rest;  // the run after that word, empty when it was the only one
};

// Each doubtful mention's first word is a name when the document writes it capitalised inside
// a name elsewhere; else the mention is the rest of the run ("Berg"), or none.
void SettleSentenceInitialWords(std::string_view text, const LanguageRules& rules,
                                const std::vector<DoubtfulMention>& doubtful, std::vector<NameMention>* mentions) {
  std::vector<bool> is_doubtful(mentions->size(), false);
  for (const auto& d : doubtful) is_doubtful[d.mention] = true;
  // Which doubtful words the other names use: the few asked about are looked up as the names'
  // words go by, rather than every name word put in a set.
  std::unordered_set<std::string_view, WordHash> asked, named;
  for (const auto& d : doubtful) asked.insert((*mentions)[d.mention].name().front());
  for (size_t i = 0; i < mentions->size() && named.size() < asked.size(); ++i)
    if (!is_doubtful[i])
      for (const auto& w : (*mentions)[i].name())
        if (asked.count(w)) named.insert(w);
  std::vector<bool> drop(mentions->size(), false);
  for (const auto& d : doubtful) {
    NameMention& m = (*mentions)[d.mention];
    if (named.count(m.name().front())) continue;
    if (d.rest.empty()) { drop[d.mention] = true; continue; }
    auto rest = ParseSpeakerPhraseShared(text, d.rest, rules, false);
    if (rest->type != PhraseType::kName && rest->type != PhraseType::kOrganisation) { drop[d.mention] = true; continue; }
    m.span = {d.rest.start + rest->core.start, d.rest.start + rest->core.end};
    m.organisation = rest->type == PhraseType::kOrganisation;
    m.phrase = std::move(rest);
    SetPersonLike(&m, false, rules);
  }
  RemoveDropped(drop, mentions);
}

// Dwayne "The Rock" Johnson, Lukas „Lucky“ Bremer: a nickname in quote marks (an epithet) between
// two parts of a name splits its run in two. The parts, with only spaces between them and the
// nickname, are one name ("Lukas Bremer"), and the nickname's own words are no mention; the
// mention's span covers the nickname.
void JoinAcrossNicknames(std::string_view text, const LanguageRules& rules, const std::vector<QuoteCandidate>& quotes,
                         std::vector<NameMention>* mentions) {
  auto only_spaces = [&](size_t from, size_t to) {
    if (from > to) return false;
    for (size_t i = from; i < to; ++i)
      if (text[i] != ' ') return false;
    return true;
  };
  auto is_name = [](const NameMention& m) { return !m.organisation && !m.place && m.phrase->type == PhraseType::kName; };
  std::vector<bool> drop(mentions->size(), false);
  bool joined = false;
  for (const auto& q : quotes) {
    if (q.kind != QuoteKind::kEpithet || q.open_mark.empty() || q.close_mark.empty()) continue;
    // The first mention after the nickname, and the last one before it.
    const auto after = std::partition_point(mentions->begin(), mentions->end(),
                                            [&](const NameMention& m) { return m.span.start < q.close_mark.end; });
    if (after == mentions->begin() || after == mentions->end()) continue;
    auto inside = after;  // the nickname's own words, if the name finder read them as a mention
    while (inside != mentions->begin() && std::prev(inside)->span.start >= q.open_mark.start) --inside;
    if (inside == mentions->begin()) continue;
    NameMention& first = *std::prev(inside);
    NameMention& second = *after;
    if (drop[static_cast<size_t>(after - mentions->begin())] || first.sentence != second.sentence || !is_name(first) ||
        !is_name(second) || !only_spaces(first.span.end, q.open_mark.start) || !only_spaces(q.close_mark.end, second.span.start))
      continue;
    auto whole = std::make_shared<SpeakerPhrase>(*first.phrase);
    whole->name.insert(whole->name.end(), second.name().begin(), second.name().end());
    whole->joined = JoinName(whole->name);
    first.phrase = std::move(whole);
    first.span.end = second.span.end;
    SetPersonLike(&first, false, rules);
    for (auto it = inside; it != after; ++it) drop[static_cast<size_t>(it - mentions->begin())] = true;
    drop[static_cast<size_t>(after - mentions->begin())] = true;
    joined = true;
  }
  if (!joined) return;
  RemoveDropped(drop, mentions);
}

// "Grahams Stimme", "Anderssons bil": where a name's genitive is a bare "s" (`genitive_s`), a
// name word that is the last word of a person's full name in the document plus "s" is that
// person's genitive. The mention becomes the owner ("Graham"), and what the owner has is no
// part of a name. A word that is itself such a last word ("Jonas" beside "Anna Jonas") stays.
void ReadGenitiveOwners(std::string_view text, const LanguageRules& rules, std::vector<NameMention>* mentions) {
  // The words asked about (name words ending in s, and their stems) are few: look them up as
  // the full names' last words go by, rather than putting every last word in a set.
  std::unordered_set<std::string_view, WordHash> asked, surnames;
  for (const auto& m : *mentions)
    if (!m.organisation)
      for (const auto& w : m.name())
        if (w.size() >= 3 && w.back() == 's') {
          asked.insert(w);
          asked.insert(std::string_view(w.data(), w.size() - 1));
        }
  if (asked.empty()) return;
  for (const auto& m : *mentions)
    if (m.person_like && !m.organisation && m.name().size() >= 2 && asked.count(m.name().back())) surnames.insert(m.name().back());
  if (surnames.empty()) return;
  std::vector<std::shared_ptr<const SpeakerPhrase>> replaced;  // keeps the words `surnames` views alive
  for (auto& m : *mentions) {
    if (m.organisation) continue;
    const std::vector<std::string>& name = m.name();
    for (size_t k = 0, from = m.span.start; k < name.size(); ++k) {
      const std::string& w = name[k];
      const size_t at = text.find(w, from);  // the name's words stand in order in its span
      if (at == std::string_view::npos || at >= m.span.end) break;
      from = at + w.size();
      if (w.size() < 3 || w.back() != 's') continue;
      const std::string_view stem(w.data(), w.size() - 1);
      if (!surnames.count(stem) || surnames.count(w)) continue;
      auto owner = std::make_shared<SpeakerPhrase>(*m.phrase);
      owner->name.assign(name.begin(), name.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      owner->name.back().pop_back();
      owner->joined = JoinName(owner->name);
      replaced.push_back(std::move(m.phrase));
      m.phrase = std::move(owner);
      m.span.end = at + stem.size();
      SetPersonLike(&m, false, rules);
      break;
    }
  }
}

}  // namespace

std::vector<NameMention> FindNameMentions(const Document& doc, const LanguageRules& rules,
                                          const std::vector<QuoteCandidate>& quotes) {
  // Names start with a capital, and most words do not: find capitalised words first (a byte
  // test for ASCII), and tokenise only around them.
  std::vector<NameMention> out;
  std::vector<DoubtfulMention> doubtful;
  std::string_view text = doc.text();
  // Speech quotes and titles, outermost, in order: their words are not mentions (the capitals
  // of 'On "Morning Desk," Sen. Reyes …' name a programme, not a person).
  std::vector<Span> quoted;
  for (const auto& q : quotes)
    if ((IsSpeech(q.kind) || q.kind == QuoteKind::kTitle) && (quoted.empty() || q.span.start >= quoted.back().end)) quoted.push_back(q.span);
  size_t qi = 0;
  auto upper = [&](const Span& t) {
    const unsigned char b = static_cast<unsigned char>(text[t.start]);
    if (b < 0x80) return b >= 'A' && b <= 'Z';
    size_t len = 0;
    return IsUpper(DecodeAt(text, t.start, &len));
  };
  auto word = [&](const Span& t) { return text.substr(t.start, t.size()); };
  auto role_or_title = [&](const Span& t) {
    const unsigned char b = static_cast<unsigned char>(text[t.start]);
    if (b < 'a' || b > 'z') return false;
    const std::string_view w = word(t);
    return IsPlainLower(w) ? IsRoleOrTitle(w, rules) : IsRoleOrTitle(ToLower(w), rules);
  };

  const auto& sentences = doc.sentences();
  for (size_t si = 0; si < sentences.size(); ++si) {
    const Span sentence = sentences[si].span;
    const TokenCursor tokens(text, sentence);
    size_t pos = sentence.start;
    for (size_t cap; (cap = NextUpper(text, pos, sentence.end)) != std::string_view::npos;) {
      const Span chunk = tokens.ChunkAround(cap);
      const Span token = TrimChunk(text, chunk);
      pos = chunk.end;
      if (token.empty() || token.start != cap) continue;  // a capital inside a word ("McNeil")
      while (qi < quoted.size() && quoted[qi].end <= token.start) ++qi;
      if (qi < quoted.size() && quoted[qi].start <= token.start) continue;
      // A word joined to a closing quote mark ("„Game of Thrones“-Star Kit Harington") is the
      // end of a title and a noun, not the first word of a name.
      if (JoinsQuoteToNoun(text, token, rules.quote_marks)) continue;
      Span next, next_chunk;
      const bool has_next = tokens.Next(chunk.end, &next, &next_chunk);
      // A lone sentence word ("The", "But") is never a name: skip it without parsing.
      const bool next_upper = has_next && upper(next);
      if (!next_upper && IsNotName(word(token), rules)) continue;
      // A lower-case title or role just before the run belongs to it ("spokesman Dmitry Peskov").
      Span first = token, prev, prev_chunk;
      const bool has_prev = tokens.Previous(chunk.start, &prev, &prev_chunk);
      Span before_first = prev, before_first_chunk = prev_chunk;  // the token before the run
      bool has_before_first = has_prev;
      // Only with nothing but space between: 'a paramedic," Alvarado told' gives no role.
      const auto only_space_between = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i)
          if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') return false;
        return true;
      };
      if (has_prev && role_or_title(prev) && only_space_between(prev.end, token.start)) {
        first = prev;
        has_before_first = tokens.Previous(prev_chunk.start, &before_first, &before_first_chunk);
      }
      // Do the capitalised words from `next_word` on (one space apart) end, within
      // kMaxOrganisationWordsAfterGenitive words, in an organisation word?
      auto RunEndsInOrganisationWord = [&](Span next_word, Span next_chunk) {
        for (size_t seen = 0; seen < kMaxOrganisationWordsAfterGenitive; ++seen) {
          Span following, following_chunk;
          const bool more = tokens.Next(next_chunk.end, &following, &following_chunk) && upper(following) &&
                            following.start == next_word.end + 1;
          if (!more) return rules.pack.organisation_words.count(word(next_word)) > 0;
          next_word = following;
          next_chunk = following_chunk;
        }
        return false;
      };
      auto PluralGenitiveInOrganisation = [&](std::string_view owner, Span next_word, Span next_chunk) {
        const char last_byte = owner.back();
        if (last_byte != '\'' && last_byte != '\x99') return false;  // "Nurses'", not "Holt's"
        return RunEndsInOrganisationWord(next_word, next_chunk);
      };
      // The run: capitalised words, particles, and a role or title between two of them.
      const bool noun_run = rules.pack.capitalises_nouns &&
                            (IsNotName(word(token), rules) ||
                             (has_before_first && rules.determiner_words.count(ToLower(word(before_first)))));
      Span cur = token, cur_chunk = chunk, last = token, last_chunk = chunk;
      // The last capitalised word of the run: a name never ends in a particle ("Ångrar du dig
      // aldrig?" names no one "Ångrar du").
      Span last_upper = token, last_upper_chunk = chunk;
      Span after = next, after_chunk = next_chunk;
      bool has_after = has_next;
      while (true) {
        const std::string_view before_cur = cur.start == token.start ? std::string_view() : word(last);
        // Where nouns are capitalised, a particle that is also a preposition does not join a
        // noun (the first word of a run after an article: "die Mannschaft von …", "Ein Tor von
        // …") to what follows, nor anything but a given name to a title, role or given name
        // after it: "die Mannschaft von Trainer Dirk Albers" is a run, a break and a name;
        // "Daan van der Meulen", "Ihr Kollege Jan van der Wiel" one name each. A compound role
        // is a role ("Die Pläne von Bundesfamilienministerin Katrin Albers").
        const bool particle = IsNameParticle(word(cur), before_cur, rules) &&
                              (!rules.pack.capitalises_nouns || IsParticle(before_cur, rules) ||
                               rules.pack.first_name_gender.count(before_cur) ||
                               (!(noun_run && last.start == token.start) &&
                                !(has_after && (IsRoleOrCompoundRole(ToLower(word(after)), rules) ||
                                                rules.pack.first_name_gender.count(word(after))))));
        // "the Bank of Harle", "the Office of Emergency Response": an `organisation_joiners`
        // word after an organisation word joins the capitalised words after it (where only names
        // have capitals; the phrase's parse reads the organisation the same way).
        const bool organisation_break = !rules.pack.capitalises_nouns && cur.start != token.start && has_after && upper(after) &&
                                        !upper(cur) && rules.pack.organisation_joiners.count(word(cur)) &&
                                        rules.pack.organisation_words.count(word(last));
        // "The Housing and Estates Board", "the Hotel and Tourism Association": after "the", a
        // clause joiner between capitalised words joins them when the words after it end in an
        // organisation word (two people, "Smith and Jones", are never after "the").
        const bool joined_organisation = !rules.pack.capitalises_nouns && cur.start != token.start && has_after &&
                                         upper(after) && !upper(cur) && rules.pack.clause_joiners.count(word(cur)) &&
                                         has_prev && IsNonPersonArticle(word(prev), rules) &&
                                         RunEndsInOrganisationWord(after, after_chunk);
        const bool ok = upper(cur) || particle || organisation_break || joined_organisation ||
                        (has_after && upper(after) && role_or_title(cur));
        if (!ok) break;
        last = cur;
        last_chunk = cur_chunk;
        if (upper(cur)) { last_upper = cur; last_upper_chunk = cur_chunk; }
        if (!has_after) break;
        // The owner ends the run; but a plural genitive inside an organisation's name does not
        // ("the New Brunswick Nurses' Collective"): the capitalised words after it end in an
        // organisation word.
        if (IsPossessive(word(cur)) && upper(after) && !PluralGenitiveInOrganisation(word(cur), after, after_chunk)) break;
        // Punctuation between two words ends the run (a comma, a bracket); a title's dot does not.
        bool punct = false;
        for (size_t g = cur.end; g < after.start; ++g) punct |= text[g] != ' ' && text[g] != '.';
        if (punct) break;
        cur = after;
        cur_chunk = after_chunk;
        has_after = tokens.Next(cur_chunk.end, &after, &after_chunk);
      }
      if (last.start != last_upper.start && IsParticle(word(last), rules)) { last = last_upper; last_chunk = last_upper_chunk; }
      pos = last_chunk.end;
      // "412 Millionen Euro", "seit 29 Jahren Josip Marković": where nouns have capitals, the
      // word right after a number is what it counts, no name; a name may follow it (two words
      // or more), else the run names no one.
      if (rules.pack.capitalises_nouns && has_before_first && first.start == token.start && IsCount(word(before_first)) &&
          only_space_between(before_first.end, token.start)) {
        Span second, second_chunk, third, third_chunk;
        if (!tokens.Next(chunk.end, &second, &second_chunk) || second.start >= last.end ||
            !tokens.Next(second_chunk.end, &third, &third_chunk) || third.start >= last.end)
          continue;
        first = second;
        has_before_first = false;  // the counted noun is no article: the name is read as a run of its own
      }
      const bool after_the = has_before_first && IsNonPersonArticle(word(before_first), rules);
      // Where nouns are capitalised, an article before the run, perhaps with adjectives between,
      // makes its first word a noun ("der SPD-Politiker Malte Kern", "die Stadtverwaltung", "den
      // ungewöhnlichen Cowboys Roy Rogers"): the parse reads the run with them.
      if (rules.pack.capitalises_nouns && has_before_first) {
        Span t = before_first, t_chunk = before_first_chunk;
        for (size_t seen = 0; seen <= kMaxAdjectives; ++seen) {
          if (rules.determiner_words.count(ToLower(word(t)))) { first = t; break; }
          if (upper(t) || !tokens.Previous(t_chunk.start, &t, &t_chunk)) break;
        }
      }
      auto phrase = ParseSpeakerPhraseShared(text, {first.start, last.end}, rules, !has_before_first);
      if (phrase->type == PhraseType::kOrganisation && !phrase->name.empty()) {
        // Organisations are mentions too, never persons: "the company said" looks back for them.
        NameMention m;
        m.span = {first.start + phrase->core.start, first.start + phrase->core.end};
        m.phrase = std::move(phrase);
        m.sentence = si;
        m.paragraph = sentences[si].paragraph;
        m.organisation = true;
        m.place = IsPlaceName(m.name(), m.joined(), rules);
        out.push_back(std::move(m));
        continue;
      }
      if (phrase->type == PhraseType::kName) {
        NameMention m;
        m.span = {first.start + phrase->core.start, first.start + phrase->core.end};
        m.phrase = std::move(phrase);
        m.sentence = si;
        m.paragraph = sentences[si].paragraph;
        // "Malmö kommun", "Uppsala universitet": a lower-case organisation word after the run.
        // The word after one space is read straight from the bytes: most names are followed by
        // a word, and a full token read for each would cost more than the lookup.
        Span kind_word{last.end + 1, last.end + 1}, kind_chunk;
        if (rules.pack.organisation_words_after_name && last.end < sentence.end && text[last.end] == ' ') {
          while (kind_word.end < sentence.end &&
                 (static_cast<unsigned char>(text[kind_word.end]) >= 0x80 || (text[kind_word.end] >= 'a' && text[kind_word.end] <= 'z')))
            ++kind_word.end;
        }
        // A compound ending in an organisation noun counts too: "Solbackens koloniförening" (a
        // word that short is no compound: the verbs after most names are not looked up).
        if (kind_word.end > kind_word.start &&
            (rules.pack.organisation_words.count(word(kind_word)) ||
             (kind_word.size() >= kMinOrganisationCompoundBytes && IsOrganisationWord(word(kind_word), rules))) &&
            tokens.Next(last_chunk.end, &kind_word, &kind_chunk)) {
          auto org = std::make_shared<SpeakerPhrase>(*m.phrase);
          org->type = PhraseType::kOrganisation;
          org->name.emplace_back(word(kind_word));
          org->joined = JoinName(org->name);
          m.phrase = std::move(org);
          m.span.end = kind_word.end;
          m.organisation = true;
          pos = kind_chunk.end;
          out.push_back(std::move(m));
          continue;
        }
        SetPersonLike(&m, after_the, rules);
        // "Cllr Peter Haslam (Lib Dem, Brackwell North)", "Eva Nordin (S)": a name inside the
        // brackets after a name is a party, a seat or a place, not a person.
        if (m.person_like && InBracketsAfterName(text, m.span.start, sentence.start)) m.person_like = false;
        // "the company Northwind Vale", "hjälporganisationen Nordhjälpen", "payments start-up
        // KiranaPay": described as an organisation by the lower-case word before it.
        // (A one-word name only where nouns do not join: there the noun is one lookup, not a
        // loop over the compounds' endings for every name in the text.)
        if (has_prev && first.start == token.start && !m.place && !m.organisation && !rules.organisation_nouns.empty() &&
            (m.person_like || !rules.pack.compound_roles) &&
            only_space_between(prev.end, token.start)) {  // not "the network, Jonas Feldt"
          const std::string_view before = word(prev);
          const unsigned char b = static_cast<unsigned char>(before[0]);
          // ... unless the noun is the portfolio of an office before it ("Speaker of council
          // Johannes Pretorius"). (Read last: most names have no such noun before them.)
          auto portfolio = [&] {
            Span joiner, joiner_chunk, office, office_chunk;
            return tokens.Previous(prev_chunk.start, &joiner, &joiner_chunk) && rules.pack.organisation_joiners.count(word(joiner)) &&
                   tokens.Previous(joiner_chunk.start, &office, &office_chunk) && IsRoleOrTitle(ToLower(word(office)), rules);
          };
          if (b >= 'a' && b <= 'z' &&
              EndsWithOrganisationNoun(IsPlainLower(before) ? std::string(before) : ToLower(before), rules) && !portfolio()) {
            m.organisation = true;
            m.person_like = false;
          }
        }
        // A sentence-initial common word at the head of the name, not the subject of a speech
        // verb: decided below, once the whole document is read.
        // A given name the pack lists is no common word here, whatever the dictionary holds
        // ("Franz Hölzl, dessen Kühe …": ngerman lists "franz", the abbreviation).
        if (!has_prev && m.span.start == token.start && IsCommonWord(word(token), rules) &&
            !(m.name().size() >= 2 && rules.pack.first_name_gender.count(word(token)))) {
          // The subject of a speech verb ("Ban Ki-moon said") is a name; an opening phrase is not
          // ("Unlike Lund, …", "Knowing Berg as I do", "Watching Lind play", the headline
          // "Against Trump"). Any other verb says nothing: "Watching Lind play" has one too.
          Span verb, verb_chunk;
          const bool subject = (tokens.Next(last_chunk.end, &verb, &verb_chunk) && verb.start == last.end + 1 &&
                                IsVerbWord(word(verb), rules)) ||
                               SubjectPastApposition(text, last.end, sentence.end, rules);
          if (!subject) {
            Span rest, rest_chunk;
            const bool more = last.end > token.end && tokens.Next(chunk.end, &rest, &rest_chunk);
            doubtful.push_back({out.size(), more ? Span{rest.start, last.end} : Span{}});
          }
        }
        out.push_back(std::move(m));
      }
    }
  }
  if (!doubtful.empty()) SettleSentenceInitialWords(text, rules, doubtful, &out);
  JoinAcrossNicknames(text, rules, quotes, &out);
  if (rules.pack.genitive_s) ReadGenitiveOwners(text, rules, &out);
  return out;
}

// Forms are found through hash indexes (joined form, last token), so a document with many
// names costs linear time rather than comparing every mention with every form.
namespace {

// Is `word` the initials of the capitalised words of `name` ("FPRB" of "Fresh Produce Regulatory
// Board", "CREW" of "Citizens for Responsibility and Ethics in Washington")?
bool IsAcronymOf(std::string_view word, const std::vector<std::string>& name) {
  if (word.size() < 2 || name.size() < 2) return false;
  size_t k = 0;
  for (const auto& w : name) {
    if (w.empty() || !(w[0] >= 'A' && w[0] <= 'Z')) continue;
    if (k == word.size() || word[k] != w[0]) return false;
    ++k;
  }
  return k == word.size();
}

}  // namespace

EntityTable::EntityTable(const std::vector<NameMention>& mentions,
                         const std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>* first_name_gender)
    : mentions_(&mentions) {
  // An acronym in brackets right after a name of several words stands for it: "the Fresh Produce
  // Regulatory Board (FPRB)".
  constexpr size_t kMaxBytesToAcronym = 2;  // " ("
  for (size_t i = 0; i + 1 < mentions.size(); ++i) {
    const NameMention& full = mentions[i];
    const NameMention& next = mentions[i + 1];
    if (next.name().size() != 1 || next.span.start < full.span.end || next.span.start > full.span.end + kMaxBytesToAcronym) continue;
    if (IsAcronymOf(next.name()[0], full.name())) acronyms_.emplace(std::string_view(next.name()[0]), &full.name());
  }
  for (const auto& m : mentions) {
    if (m.person_like) {
      const size_t f = AddFullName(m.name(), m.joined(), first_name_gender, m.span.start);
      ++full_counts_[f];
      if (full_gender_[f].empty()) full_gender_[f] = m.gender;
    }
    if (m.organisation && !m.name().empty()) {
      organisation_names_.push_back(&m.name());
      organisation_edges_.push_back(std::string_view(m.name().front()));
      organisation_edges_.push_back(std::string_view(m.name().back()));
    }
  }
  for (const auto& m : mentions) {
    if (m.organisation) continue;  // resolved when one speaks
    // Mentions of a known person, by any of its forms, count towards it and lend their roles.
    if (!m.person_like && !EndsSomeFullName(m.name())) continue;
    size_t e = Resolve(m, EntityKind::kPerson);
    if (entities_[e].gender.empty()) entities_[e].gender = std::string(m.gender);
    for (const auto& r : m.roles()) AddRole(e, r, m.span.start);
    entities_[e].mention_at.push_back(m.span.start);
  }
}

size_t EntityTable::AddFullName(const std::vector<std::string>& name, std::string_view joined,
                                const std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>* first_name_gender,
                                size_t offset) {
  auto [it, added] = full_index_.try_emplace(joined, full_names_.size());
  if (added) {
    full_names_.push_back(&name);
    full_joined_.push_back(joined);
    full_counts_.push_back(0);
    full_gender_.push_back(first_name_gender ? GenderOfGivenNames(name, *first_name_gender) : std::string_view());
    full_given_.push_back(first_name_gender && name.size() >= 2 && first_name_gender->count(name.front()));
    full_first_at_.push_back(offset);
    const std::string_view last = name.empty() ? std::string_view() : std::string_view(name.back());
    full_by_last_[last].push_back(it->second);
    // Found by its surname too when a generation follows it.
    if (name.size() >= 3 && IsGenerationSuffix(last)) full_by_last_[std::string_view(name[name.size() - 2])].push_back(it->second);
    if (name.size() >= 2) full_by_first_[std::string_view(name.front())].push_back(it->second);
  }
  return it->second;
}

bool EntityTable::WrittenAsSurname(std::string_view word) const {
  return std::any_of(mentions_->begin(), mentions_->end(), [&](const NameMention& m) {
    return !m.organisation && m.name().size() >= 2 && m.name().back() == word;
  });
}

const std::vector<std::string>* EntityTable::OrganisationOpenedBy(const std::vector<std::string>& name) const {
  if (name.empty() || std::find(organisation_edges_.begin(), organisation_edges_.end(), std::string_view(name.front())) == organisation_edges_.end())
    return nullptr;
  const std::vector<std::string>* fullest = nullptr;
  bool unique = true;
  for (const auto* org : organisation_names_) {
    if (org->size() <= name.size()) continue;
    // Opened by it, or, for a place's one word, ending with it ("Haldenburg" of "Stadt
    // Haldenburg"; not "Nordwind Energiepark GmbH" of "Betreibergesellschaft Nordwind …").
    if (!std::equal(name.begin(), name.end(), org->begin()) && !(name.size() == 1 && org->back() == name[0])) continue;
    if (!fullest || org->size() > fullest->size()) { fullest = org; unique = true; }
    else if (org->size() == fullest->size() && *org != *fullest) unique = false;
  }
  return unique ? fullest : nullptr;
}

bool EntityTable::EndsSomeFullName(const std::vector<std::string>& name) const {
  auto it = full_by_last_.find(name.empty() ? std::string_view() : std::string_view(name.back()));
  if (it == full_by_last_.end()) return name.empty() && !full_names_.empty();
  for (size_t i : it->second)
    if (EndsWithName(*full_names_[i], name)) return true;
  return false;
}

size_t EntityTable::Resolve(const std::vector<std::string>& name, EntityKind kind, size_t offset, std::string_view gender) {
  return Resolve(name, JoinName(name), kind, offset, gender);
}

size_t EntityTable::Resolve(const std::vector<std::string>& name, std::string_view joined, EntityKind kind, size_t offset,
                            std::string_view gender) {
  // The fullest person-like form that ends with this name; the most frequent among equals
  // (the first of those in document order). Not the one named last: a profile's main person
  // keeps the bare surname after a relative is brought in ("Dubois" after "her mother,
  // Lorraine Dubois"). But one the text has already named before one it names only later:
  // "Ferreira said" after "her co-author, Tomás Ferreira" is no Ana Ferreira brought in further on.
  const std::vector<std::string>* canonical = &name;
  std::string_view canonical_joined = joined;
  size_t best_count = 0;
  bool best_given = false, best_before = false;
  if (kind == EntityKind::kPerson && !name.empty()) {
    auto it = full_by_last_.find(std::string_view(name.back()));
    if (it != full_by_last_.end()) {
      // "Ms Dunstall" of "Merv Dunstall" and "Jenny Dunstall": of the fuller forms, those known to
      // be of that gender, when there are; else those of unknown gender; else any.
      auto fit = [&](size_t i) { return gender.empty() ? 0 : full_gender_[i] == gender ? 2 : full_gender_[i].empty() ? 1 : 0; };
      int best_fit = 0;
      if (!gender.empty() && it->second.size() > 1)
        for (size_t i : it->second)
          if (full_names_[i]->size() > name.size() && EndsWithName(*full_names_[i], name)) best_fit = std::max(best_fit, fit(i));
      for (size_t i : it->second) {
        const auto& f = *full_names_[i];
        if (f.size() < canonical->size() || !EndsWithName(f, name) || (f.size() > name.size() && fit(i) < best_fit)) continue;
        // Among forms of one length, one led by a given name the pack lists before one led by
        // another word ("David Oyelaran", not the headline's "Joker Oyelaran").
        const bool given = full_given_[i];
        const bool before = full_first_at_[i] <= offset;
        if (f.size() > canonical->size() || (before && !best_before) ||
            (before == best_before && ((given && !best_given) || (given == best_given && full_counts_[i] > best_count)))) {
          canonical = &f;
          canonical_joined = full_joined_[i];
          best_count = full_counts_[i];
          best_given = given;
          best_before = before;
        }
      }
    }
    // A surname that no fuller form ends with may be one with a generation after it; the only
    // such person is the one ("Casey" after "Robert P. Casey Jr."; not when "Brent Bozell"
    // and "Brent Bozell III" are both written: which one "Bozell" is stays the plain form's).
    if (canonical->size() == 1 && name.size() == 1 && it != full_by_last_.end()) {
      const std::vector<std::string>* only = nullptr;
      size_t only_index = 0, count = 0;
      for (size_t i : it->second)
        if (IsSurnameBeforeGeneration(*full_names_[i], name)) { only = full_names_[i]; only_index = i; ++count; }
      if (count == 1) {
        canonical = only;
        canonical_joined = full_joined_[only_index];
        best_count = full_counts_[only_index];
      }
    }
  }
  // A lone first name ("Maja"), even one a speech tag made a person-like form of its own.
  if (kind == EntityKind::kPerson && name.size() == 1 && canonical->size() == 1) {
    auto it = full_by_first_.find(std::string_view(name.front()));
    if (it != full_by_first_.end()) {
      // Forms of one person ("Maya Lindqvist", "Maya K. Lindqvist") end alike: one person when
      // every full name with this first name shares the last.
      const auto& first = *full_names_[it->second.front()];
      bool one_person = true;
      for (size_t i : it->second) one_person = one_person && full_names_[i]->back() == first.back();
      if (one_person) {
        for (size_t i : it->second)
          if (full_names_[i]->size() > canonical->size() || (canonical->size() > 1 && full_counts_[i] > best_count)) {
            canonical = full_names_[i];
            canonical_joined = full_joined_[i];
            best_count = full_counts_[i];
          }
      }
    }
  }
  // "Eric Chan said" after "Eric Chan Kwok-keung", "James B." after "James B. Comey": a name of
  // two words or more that opens one name a word longer, and only one, is that person's (a
  // headline's run of capitals, "Jeb Bush To Pipe Down", is longer).
  if (kind == EntityKind::kPerson && name.size() >= 2 && canonical->size() == name.size()) {
    if (auto it = full_by_first_.find(std::string_view(name.front())); it != full_by_first_.end()) {
      const std::vector<std::string>* longer = nullptr;
      size_t longer_index = 0;
      bool one = true;
      for (size_t i : it->second) {
        const auto& f = *full_names_[i];
        if (f.size() != name.size() + 1 || !std::equal(name.begin(), name.end(), f.begin())) continue;
        if (longer && *longer != f) one = false;
        longer = &f;
        longer_index = i;
      }
      if (longer && one) {
        canonical = longer;
        canonical_joined = full_joined_[longer_index];
        best_count = full_counts_[longer_index];
      }
    }
  }
  // "Tessaline said" after "Tessaline Inc.": an organisation's short form (no person has that
  // name) is the organisation, under its fullest name; so is an acronym the document spelled
  // out ("the FPRB said" after "the Fresh Produce Regulatory Board (FPRB)").
  std::string organisation_joined;
  if (!name.empty() && canonical->size() == name.size() &&
      (kind == EntityKind::kOrganisation || name.size() == 1)) {
    const std::vector<std::string>* org = OrganisationOpenedBy(name);
    if (org && kind != EntityKind::kOrganisation && WrittenAsSurname(name[0])) org = nullptr;
    if (!org && name.size() == 1)
      if (auto a = acronyms_.find(std::string_view(name[0])); a != acronyms_.end()) org = a->second;
    if (org) {
      canonical = org;
      organisation_joined = JoinName(*org);
      canonical_joined = organisation_joined;
      kind = EntityKind::kOrganisation;
    }
  }
  const bool is_alias = name != *canonical;
  auto it = entity_index_.find(canonical_joined);
  if (it != entity_index_.end()) {
    auto& e = entities_[it->second];
    ++e.mentions;
    if (kind == EntityKind::kOrganisation) e.kind = kind;  // "the National Weather Service said" settles it
    if (is_alias && std::find(e.aliases.begin(), e.aliases.end(), joined) == e.aliases.end()) e.aliases.emplace_back(joined);
    return it->second;
  }
  entity_index_.emplace(std::string(canonical_joined), entities_.size());
  EntityRecord e;
  e.name = *canonical;
  e.joined = std::string(canonical_joined);
  e.kind = kind;
  e.mentions = 1;
  e.first_offset = offset;
  if (is_alias) e.aliases.emplace_back(joined);
  entities_.push_back(std::move(e));
  return entities_.size() - 1;
}

void EntityTable::AddRole(size_t e, const std::string& role, size_t offset) {
  EntityRecord& entity = entities_[e];
  const auto it = std::find(entity.roles.begin(), entity.roles.end(), role);
  if (it == entity.roles.end()) {
    entity.roles.push_back(role);
    entity.role_at.push_back(offset);
    return;
  }
  size_t& at = entity.role_at[static_cast<size_t>(it - entity.roles.begin())];
  at = std::min(at, offset);
}

size_t EntityTable::ByRoles(const std::vector<std::string>& roles, bool compound_roles, size_t before) const {
  // A compound fits the role that is its head (IsCompoundRole: "minister" fits
  // "gesundheitsminister").
  auto fits = [&](const std::string& held, const std::string& asked) {
    if (held == asked) return true;
    return compound_roles && asked.size() >= kMinRoleHead && held.size() >= asked.size() + kMinRoleModifier &&
           held.compare(held.size() - asked.size(), asked.size(), asked) == 0;
  };
  size_t best = static_cast<size_t>(-1);
  size_t best_score = 0, best_at = 0;
  for (size_t i = 0; i < entities_.size(); ++i) {
    const EntityRecord& entity = entities_[i];
    size_t score = 0;
    for (const auto& r : roles)
      for (size_t k = 0; k < entity.roles.size(); ++k)
        if (entity.role_at[k] < before && fits(entity.roles[k], r)) { ++score; break; }
    if (score == 0 || score < best_score) continue;
    const auto named = std::lower_bound(entity.mention_at.begin(), entity.mention_at.end(), before);
    const size_t latest = named == entity.mention_at.begin() ? 0 : *std::prev(named);
    if (score > best_score || latest > best_at) {
      best = i;
      best_score = score;
      best_at = latest;
    }
  }
  return best;
}

size_t EntityTable::MostMentioned() const {
  size_t best = static_cast<size_t>(-1);
  for (size_t i = 0; i < entities_.size(); ++i) {
    if (entities_[i].kind != EntityKind::kPerson) continue;
    if (best == static_cast<size_t>(-1) || entities_[i].mentions > entities_[best].mentions) best = i;
  }
  return best;
}

std::string_view GenderOfWords(const std::vector<std::string>& lower_words, const LanguageRules& rules) {
  for (const auto& w : lower_words)
    if (auto g = rules.pack.word_gender.find(w); g != rules.pack.word_gender.end()) return g->second;
  return {};
}

std::string_view GenderOfWordAt(std::string_view text, Span w, const LanguageRules& rules) {
  // Looked up as written first: the words are nearly always lower case already ("wife"), and
  // lowering a word builds a string.
  constexpr size_t kMaxGenderedWordBytes = 16;  // "granddaughter", "businesswoman": a longer word is none
  const std::string_view word = text.substr(w.start, w.size());
  if (word.empty() || word.size() > kMaxGenderedWordBytes) return {};
  const auto& genders = rules.pack.word_gender;
  auto g = genders.find(word);
  if (g == genders.end() && !(word[0] >= 'a' && word[0] <= 'z')) g = genders.find(ToLower(word));
  return g == genders.end() ? std::string_view() : std::string_view(g->second);
}

std::string_view GenderOfGivenNames(const std::vector<std::string>& name,
                                    const std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>& first_names) {
  for (size_t i = 0; i + 1 < name.size(); ++i)
    if (auto g = first_names.find(name[i]); g != first_names.end()) return g->second;
  return {};
}

std::vector<std::string> FullPersonNames(const Document& doc, const LanguageRules& rules) {
  const std::vector<NameMention> mentions = FindNameMentions(doc, rules, {});
  return FullPersonNames(EntityTable(mentions));
}

std::vector<std::string> FullPersonNames(const EntityTable& entities) {
  std::vector<std::string> names;
  for (std::string_view name : entities.person_names())
    if (name.find(' ') != std::string_view::npos) names.emplace_back(name);
  return names;
}

}  // namespace quoth::detail
