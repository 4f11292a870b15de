// Rule patterns -> RE2.
//
// Editors write patterns with readable placeholders ({SPEAKER} {VERB}) and plain spaces. The
// expander turns a space outside a character class into a run of white space or no-break
// spaces (an optional space, " ?", into an optional run) and replaces each placeholder by an
// alternation built from the pack's word lists (a word before its own prefixes, so "said"
// never wins over "said to be") or by a template that may use other placeholders. A word
// placeholder at the very end of a pattern gets a Unicode word boundary, because RE2's \b is
// ASCII-only ("säger" would otherwise match inside "sägerna").
//
// Each pattern is compiled twice: alone with its captures (second pass, run only on the
// small context around a quote), and into its position's RE2::Set (first pass, no captures).
#include "engine/rules/pattern_compiler.h"
#include "engine/rules/did_you_mean.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include <unicode/uchar.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "engine/rules/regex_scan.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

// Word boundary for the end of a pattern: not followed by a letter or digit.
const std::string& NarrowClass(char name);
// Not followed by a letter or digit (RE2's \\b only knows ASCII).
const std::string& EndBoundary() {
  static const std::string boundary = "(?:[^" + NarrowClass('L') + NarrowClass('N') + "]|$)";
  return boundary;
}

// A space in a rule: ASCII white space or a no-break space (U+00A0), which web copy puts
// between names, dashes and tags ("― Ana Ruiz", "said Mr. Ek") and RE2's \s does not cover.
constexpr const char* kSpaces = "[\\s\\x{A0}]+";
constexpr const char* kOptionalSpaces = "[\\s\\x{A0}]*";

// (?:a|b c|...), each word quoted, inner spaces as kSpaces. A word is in the list as written
// and, with add_capitalised, with its first letter upper-case too: one alternative,
// "[sS]aid", not two, so the program holds each list once (half the size RE2 compiles into
// every pattern that uses it, for the same strings). Alternatives are in descending order of
// the word with its first letter lower-cased: a word comes before every word it is a prefix of
// ("said to be" before "said", "[gG]overnor" before "Gov."), which is all that leftmost-first
// priority needs among literals, and words with a common prefix stand side by side, so RE2
// factors the list into a trie instead of trying every word at once.
std::string Alternation(const std::vector<std::string>& words, bool add_capitalised) {
  struct Entry {
    std::string key;       // the word, first letter lower-case: the sort order
    std::string rendered;  // RE2 syntax
  };
  std::vector<Entry> entries;
  entries.reserve(words.size());
  for (const auto& w : words) {
    const unsigned char first = static_cast<unsigned char>(w[0]);
    const bool both_cases = add_capitalised && first >= 'a' && first <= 'z';
    Entry e;
    e.key = w;
    if (first >= 'A' && first <= 'Z') e.key[0] = static_cast<char>(first - 'A' + 'a');
    size_t start = 0;
    if (both_cases) {
      e.rendered = std::string("[") + w[0] + static_cast<char>(first - 'a' + 'A') + "]";
      start = 1;
    }
    while (start <= w.size()) {
      size_t sp = w.find(' ', start);
      if (sp == std::string::npos) sp = w.size();
      e.rendered += RE2::QuoteMeta(w.substr(start, sp - start));
      if (sp < w.size()) e.rendered += kSpaces;
      start = sp + 1;
    }
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key > b.key : a.rendered > b.rendered;
  });
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const Entry& a, const Entry& b) { return a.rendered == b.rendered; }),
                entries.end());
  if (entries.empty()) return "(?:[^\\s\\S])";  // matches nothing
  std::string out = "(?:";
  for (size_t i = 0; i < entries.size(); ++i) {
    if (i) out += '|';
    out += entries[i].rendered;
  }
  return out + ")";
}

struct Placeholder {
  std::string text;
  bool is_template;  // expanded recursively (spaces -> \s+, nested placeholders)
  bool is_word;      // ends in a word: gets a boundary at the end of a pattern
};

std::map<std::string, Placeholder> BuildPlaceholders(const LanguagePack& lang) {
  std::map<std::string, Placeholder> ph;
  std::vector<std::string> pronouns;
  for (const auto& [w, g] : lang.pronoun_gender)
    if (g != "speaker") pronouns.push_back(w);
  std::vector<std::string> orgs;
  for (const auto& o : lang.organisations) orgs.push_back(o);
  ph["VERB"] = {Alternation(lang.verbs, true), false, true};
  ph["TITLE"] = {Alternation(lang.titles, true), false, true};
  ph["ROLE"] = {Alternation(lang.roles, false), false, true};
  ph["DET"] = {Alternation(lang.determiners, true), false, true};
  ph["PRONOUN"] = {Alternation(pronouns, true), false, true};
  ph["ORG"] = {Alternation(orgs, true), false, true};
  ph["DOCUMENT"] = {Alternation(lang.documents, false), false, true};
  ph["CAPWORD"] = {"\\p{Lu}[\\pL\\pM\\pN'’.\\-]*", true, true};
  ph["PARTICLE"] = {"(?:von|van|der|den|de|af|al|bin|da|di|du|le|la|ibn|el)", false, true};
  // Capitalised words, with a lower-case title or role between them ("Kremlin spokesman Dmitry
  // Peskov"). Each word list appears in the program only twice: the size of the program is
  // what RE2's capture engines pay for on every match. A word inside a name ends with a full
  // stop only as initials ("Mary J. Blige", "G.K. Butterfield"): "sa Nugroho. Han sa …" is two
  // sentences, not the name "Nugroho Han".
  ph["NAMEWORD"] = {"(?:\\p{Lu}\\.)+|\\p{Lu}[\\pL\\pM\\pN'’\\-]*(?:\\.[\\pL\\pM\\pN'’\\-]+)*", true, true};
  ph["NAME"] = {"(?:(?:{ROLE}|{TITLE}) )?(?:{NAMEWORD} (?:(?:{ROLE}|{TITLE}|{PARTICLE}) ){0,1})*{CAPWORD}", true, true};
  ph["DESCRIPTION"] = {"{DET} (?:[\\pL\\pN-]+ ){0,3}?{ROLE}", true, true};
  ph["SPEAKER"] = {"(?P<speaker>{PRONOUN}|{ORG}|{DESCRIPTION}|{NAME})", true, true};
  ph["ADV"] = {"", false, false};
  ph["AUX"] = {"", false, false};
  for (const auto& [name, text] : lang.defines) ph[name] = {text, true, true};
  return ph;
}

// RE2 compiles \pL and friends to UTF-8 automata of thousands of instructions each; a pattern
// with a few of them no longer fits RE2's fast capture engines and every match allocates
// hundreds of kilobytes. News in English and Swedish names people in the Latin script (others
// arrive transliterated), so letter classes are narrowed to Latin, Greek and Cyrillic ranges,
// which compile to a handful of instructions. The result: programs ~10x smaller.
// Ranges of code points in the scripts quoth names people in, for one Unicode class, computed
// once with ICU so \p{Lu} stays exactly "upper-case letter" within those scripts.
std::string ScriptRanges(bool (*member)(UChar32)) {
  static const std::pair<UChar32, UChar32> kBlocks[] = {
      {0x30, 0x39}, {0x41, 0x5A}, {0x61, 0x7A}, {0xAA, 0xBA}, {0xC0, 0x24F}, {0x300, 0x36F},
      {0x370, 0x3FF}, {0x400, 0x4FF}, {0x1E00, 0x1EFF}};
  std::string out;
  auto emit = [&](UChar32 lo, UChar32 hi) {
    char buf[40];
    if (lo == hi) std::snprintf(buf, sizeof buf, "\\x{%X}", static_cast<unsigned>(lo));
    else std::snprintf(buf, sizeof buf, "\\x{%X}-\\x{%X}", static_cast<unsigned>(lo), static_cast<unsigned>(hi));
    out += buf;
  };
  for (const auto& [first, last] : kBlocks) {
    UChar32 start = -1;
    for (UChar32 c = first; c <= last + 1; ++c) {
      const bool in = c <= last && member(c);
      if (in && start < 0) start = c;
      if (!in && start >= 0) { emit(start, c - 1); start = -1; }
    }
  }
  return out;
}

const std::string& NarrowClass(char name) {
  static const std::string kLetter = ScriptRanges([](UChar32 c) -> bool { return u_isalpha(c); });
  static const std::string kUpper = ScriptRanges([](UChar32 c) -> bool { return u_isupper(c); });
  static const std::string kLower = ScriptRanges([](UChar32 c) -> bool { return u_islower(c); });
  static const std::string kNumber = ScriptRanges([](UChar32 c) -> bool { return u_charType(c) == U_DECIMAL_DIGIT_NUMBER || u_charType(c) == U_OTHER_NUMBER; });
  static const std::string kMark = ScriptRanges([](UChar32 c) -> bool { return u_charType(c) == U_NON_SPACING_MARK; });
  switch (name) {
    case 'U': return kUpper;
    case 'l': return kLower;
    case 'N': return kNumber;
    case 'M': return kMark;
    default: return kLetter;
  }
}

// Reads \pL, \p{L}, \p{Lu}, \p{Ll}, \pN, \pM (and \P forms) at src[i] == '\\'. Returns the
// class letter (L, U, l, N, M) and the escape's length, or 0.
char UnicodeClassAt(const std::string& src, size_t i, size_t* length, bool* negated) {
  if (i + 2 >= src.size() + 0 || (src[i + 1] != 'p' && src[i + 1] != 'P')) return 0;
  *negated = src[i + 1] == 'P';
  if (i + 2 < src.size() && src[i + 2] != '{') {
    const char c = src[i + 2];
    if (c == 'L' || c == 'N' || c == 'M') { *length = 3; return c; }
    return 0;
  }
  const size_t close = src.find('}', i + 2);
  if (close == std::string::npos) return 0;
  const std::string name = src.substr(i + 3, close - i - 3);
  *length = close - i + 1;
  if (name == "L") return 'L';
  if (name == "Lu") return 'U';
  if (name == "Ll") return 'l';
  if (name == "N") return 'N';
  if (name == "M") return 'M';
  return 0;
}

// One expansion of a pattern: the placeholders, the size cap, and on the way the placeholders
// being expanded (for the error) and where each top-level piece of the source landed in the
// output (to put a caret under the editor's text when RE2 refuses the expansion).
struct Expansion {
  const std::map<std::string, Placeholder>& placeholders;
  size_t max_bytes;
  std::vector<std::string> chain;  // placeholders being expanded, outermost first
  std::vector<std::pair<size_t, size_t>> source_at;  // (output offset, source offset), top level only
  std::string error;
  size_t error_offset = 0;  // in the top-level source
};

std::string ChainText(const std::vector<std::string>& chain) {
  std::string out;
  for (const auto& name : chain) out += (out.empty() ? "{" : " -> {") + name + "}";
  return out;
}

// Appends the expansion of `src` to *out. Never lets *out grow past e.max_bytes (plus one
// small piece): `define:` templates that use each other several times multiply, and six
// levels of thirty uses would need gigabytes.
bool Expand(Expansion& e, const std::string& src, int depth, std::string* out, bool* ends_with_word) {
  const auto& ph = e.placeholders;
  auto too_large = [&](size_t at) {
    e.error = "expands to more than " + std::to_string(e.max_bytes) + " bytes (max_expanded_pattern_bytes)" +
              (e.chain.empty() ? std::string() : " through " + ChainText(e.chain));
    if (depth == 0) e.error_offset = at;
    return false;
  };
  if (depth > 8) { e.error = "placeholders nest too deep (a definition uses itself?): " + ChainText(e.chain); e.error_offset = 0; return false; }
  bool in_class = false;
  *ends_with_word = false;
  for (size_t i = 0; i < src.size(); ++i) {
    if (out->size() > e.max_bytes) return too_large(i);
    if (depth == 0) e.source_at.emplace_back(out->size(), i);
    const char c = src[i];
    size_t class_length = 0;
    bool negated = false;
    if (c == '\\') {
      if (char cls = UnicodeClassAt(src, i, &class_length, &negated)) {
        if (in_class && !negated) {
          *out += NarrowClass(cls);
          i += class_length - 1;
          continue;
        }
        if (!in_class) {
          *out += std::string(negated ? "[^" : "[") + NarrowClass(cls) + "]";
          i += class_length - 1;
          *ends_with_word = false;
          continue;
        }
      }
    }
    if (c == '\\' && i + 1 < src.size()) {
      out->push_back(c);
      out->push_back(src[++i]);
      *ends_with_word = false;
      continue;
    }
    if (in_class) {
      if (c == ']') in_class = false;
      out->push_back(c);
      continue;
    }
    if (c == '[') { in_class = true; out->push_back(c); *ends_with_word = false; continue; }
    if (c == ' ') {
      size_t j = i;
      while (j + 1 < src.size() && src[j + 1] == ' ') ++j;
      i = j;
      // "a ?b": an optional space is \s*, not a lazy \s+?.
      if (j + 1 < src.size() && (src[j + 1] == '?' || src[j + 1] == '*')) {
        ++i;
        *out += kOptionalSpaces;
        *ends_with_word = false;
        continue;
      }
      *out += kSpaces;
      *ends_with_word = false;
      continue;
    }
    size_t close = std::string::npos;
    if (c == '{' && i + 1 < src.size() && std::isupper(static_cast<unsigned char>(src[i + 1]))) {
      close = i + 1;
      while (close < src.size() && (std::isupper(static_cast<unsigned char>(src[close])) || src[close] == '_' ||
                                    std::isdigit(static_cast<unsigned char>(src[close]))))
        ++close;
      if (close >= src.size() || src[close] != '}') close = std::string::npos;  // e.g. \p{Lu}: not ours
    }
    if (close != std::string::npos) {
      const std::string name = src.substr(i + 1, close - i - 1);
      auto it = ph.find(name);
      if (it == ph.end()) {
        std::string known;
        std::vector<std::string> names;
        for (const auto& [k, v] : ph) {
          known += (known.empty() ? "" : ", ") + ("{" + k + "}");
          names.push_back(k);
        }
        const std::string meant = DidYouMean(name, names);
        e.error = "unknown placeholder {" + name + "}" + (meant.empty() ? "" : ": did you mean {" + meant + "}?") +
                  " (known: " + known + ")";
        if (!e.chain.empty()) e.error = "in " + ChainText(e.chain) + ": " + e.error;
        if (depth == 0) e.error_offset = i;
        return false;
      }
      e.chain.push_back(name);
      if (it->second.is_template) {
        *out += "(?:";
        bool inner_word = false;
        if (!Expand(e, it->second.text, depth + 1, out, &inner_word)) {
          if (depth == 0) e.error_offset = i;
          return false;
        }
        *out += ")";
      } else {
        if (out->size() + it->second.text.size() + 4 > e.max_bytes) {
          if (depth == 0) e.error_offset = i;
          return too_large(i);
        }
        *out += "(?:" + it->second.text + ")";
      }
      e.chain.pop_back();
      *ends_with_word = it->second.is_word;
      i = close;
      continue;
    }
    out->push_back(c);
    *ends_with_word = false;
  }
  if (out->size() > e.max_bytes) return too_large(src.size());
  return true;
}

RE2::Options PatternOptions(long long max_mem) {
  RE2::Options o;
  o.set_encoding(RE2::Options::EncodingUTF8);
  o.set_log_errors(false);
  o.set_max_mem(max_mem);
  return o;
}

// Line `line` (1-based) of `file`, or "" when it cannot be read.
std::string FileLine(const std::string& file, size_t line) {
  std::ifstream in(file);
  std::string text;
  for (size_t i = 0; i < line && std::getline(in, text); ++i) {}
  return in ? text : std::string();
}

// Bytes of UTF-8 for code point `cp`.
size_t Utf8Length(unsigned long cp) { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; }

// The file column (1-based) of byte `offset` of a scalar that YAML read from `where`. Escapes
// make them differ: a double-quoted "\\p" is two characters in the file and one in the
// pattern, a single-quoted '' is two and one. Falls back to where.column + offset.
size_t FileColumn(const SourceLocation& where, size_t offset) {
  const std::string line = FileLine(where.file, where.line);
  size_t r = where.column > 0 ? where.column - 1 : 0;
  if (line.empty() || r > line.size()) return where.column + offset;
  const char quote = r > 0 ? line[r - 1] : 0;
  for (size_t parsed = 0; parsed < offset && r < line.size();) {
    if (quote == '"' && line[r] == '\\' && r + 1 < line.size()) {
      const char kind = line[r + 1];
      const size_t digits = kind == 'x' ? 2 : kind == 'u' ? 4 : kind == 'U' ? 8 : 0;
      if (digits) {
        const unsigned long cp = std::strtoul(line.substr(r + 2, digits).c_str(), nullptr, 16);
        parsed += Utf8Length(cp);
        r += 2 + digits;
      } else {
        parsed += kind == 'N' || kind == '_' ? 2 : kind == 'L' || kind == 'P' ? 3 : 1;  // U+0085, U+00A0, U+2028/9
        r += 2;
      }
      continue;
    }
    if (quote == '\'' && line[r] == '\'' && r + 1 < line.size() && line[r + 1] == '\'') { ++parsed; r += 2; continue; }
    ++parsed;
    ++r;
  }
  return r + 1;
}

// Offset of the first parenthesis in `re` that has no partner (an unexpected ')' or the last
// '(' never closed), or npos when they balance. Escapes and classes are skipped.
size_t UnbalancedParen(const std::string& re) {
  std::vector<size_t> open;
  bool in_class = false;
  for (size_t i = 0; i < re.size(); ++i) {
    const char c = re[i];
    if (c == '\\') { ++i; continue; }
    if (in_class) { in_class = c != ']'; continue; }
    if (c == '[') {
      in_class = true;
      if (i + 1 < re.size() && re[i + 1] == '^') ++i;
      if (i + 1 < re.size() && re[i + 1] == ']') ++i;  // "[]a]": the first ] is a member
    } else if (c == '(') {
      open.push_back(i);
    } else if (c == ')') {
      if (open.empty()) return i;
      open.pop_back();
    }
  }
  return open.empty() ? std::string::npos : open.back();
}

// Where in the editor's `source` RE2's complaint about `expanded` is, and in which of the
// pack's definitions when the source itself is fine (*in_define). RE2 names the whole regex
// for an unbalanced parenthesis, so those are found in the source (or in a definition it uses);
// otherwise the fragment RE2 names is looked up in the expansion and mapped back (into a
// placeholder: its '{').
size_t ProblemOffset(const Expansion& e, const std::map<std::string, std::string>& defines, const std::string& source,
                     const std::string& expanded, const RE2& re, std::string* in_define) {
  if (re.error_code() == RE2::ErrorMissingParen || re.error_code() == RE2::ErrorUnexpectedParen) {
    if (const size_t at = UnbalancedParen(source); at != std::string::npos) return at;
    for (size_t open = source.find('{'); open != std::string::npos; open = source.find('{', open + 1)) {
      const size_t close = source.find('}', open);
      if (close == std::string::npos) break;
      auto d = defines.find(source.substr(open + 1, close - open - 1));
      if (d != defines.end() && UnbalancedParen(d->second) != std::string::npos) {
        *in_define = d->first;
        return open;
      }
    }
    return source.size();
  }
  const std::string& arg = re.error_arg();
  const size_t at = arg.empty() ? std::string::npos : expanded.find(arg);
  if (at == std::string::npos || e.source_at.empty()) return 0;
  auto next = std::upper_bound(e.source_at.begin(), e.source_at.end(), std::make_pair(at, std::string::npos));
  const size_t offset = next == e.source_at.begin() ? 0 : std::prev(next)->second;
  if (offset < source.size() && source[offset] == '{') {  // inside a placeholder: one of the pack's definitions?
    const size_t close = source.find('}', offset);
    if (close != std::string::npos && defines.count(source.substr(offset + 1, close - offset - 1)))
      *in_define = source.substr(offset + 1, close - offset - 1);
  }
  return offset;
}

// "    pattern\n    ^" under the byte at `offset` (counted in characters, for UTF-8).
std::string Caret(const std::string& source, size_t offset) {
  std::string shown, pad;
  for (size_t i = 0; i < source.size(); ++i) {
    const char c = source[i] == '\n' || source[i] == '\t' ? ' ' : source[i];
    shown += c;
    if (i < offset && (static_cast<unsigned char>(c) & 0xC0) != 0x80) pad += ' ';
  }
  return "\n    " + shown + "\n    " + pad + "^";
}

}  // namespace

bool ExpandPattern(const LanguagePack& lang, const std::string& source, std::string* out,
                   std::string* error, size_t* error_offset, size_t max_bytes) {
  const auto ph = BuildPlaceholders(lang);
  Expansion e{ph, max_bytes, {}, {}, {}, 0};
  bool word = false;
  out->clear();
  if (!Expand(e, source, 0, out, &word)) {
    *error = e.error;
    *error_offset = e.error_offset;
    out->clear();
    return false;
  }
  if (word) *out += EndBoundary();
  return true;
}

// Does `re` end with an unescaped $ in every way it can match?
static bool EndsAnchored(const std::string& re) {
  if (re.empty() || re.back() != '$') return false;
  size_t backslashes = 0;
  for (size_t i = re.size() - 1; i > 0 && re[i - 1] == '\\'; --i) ++backslashes;
  return backslashes % 2 == 0 && TopLevelAlternatives(re).size() == 1;
}

// One end-anchored regex that matches where any of `patterns` (each ending with $) matches:
// (?:p1|p2|...)$ with each $ taken off, so RE2 still reads it backwards from the end.
// Null when there are none, or when they are too many for one program: the caller then tries
// each on its own, which gives the same answer more slowly.
static std::unique_ptr<RE2> AnyOfEndAnchored(const std::vector<std::string>& patterns, const RE2::Options& options) {
  if (patterns.empty()) return nullptr;
  size_t nodes = 1;
  for (const auto& p : patterns) nodes += Re2NodesBound(p);
  if (nodes > kMaxRe2Nodes) return nullptr;
  std::string any = "(?:";
  for (size_t i = 0; i < patterns.size(); ++i) {
    if (i) any += '|';
    any += "(?:" + patterns[i].substr(0, patterns[i].size() - 1) + ")";
  }
  any += ")$";
  // Named groups would clash between patterns ("speaker" in each); this regex captures nothing.
  for (size_t at; (at = any.find("(?P<")) != std::string::npos;) {
    const size_t close = any.find('>', at);
    if (close == std::string::npos) return nullptr;
    any.replace(at, close + 1 - at, "(?:");
  }
  auto re = std::make_unique<RE2>(any, options);
  return re->ok() ? std::move(re) : nullptr;
}

// Does `re` begin with ^ in every way it can match (no top-level alternative without it)?
static bool StartsAnchored(const std::string& re) {
  return !re.empty() && re[0] == '^' && TopLevelAlternatives(re).size() == 1;
}

namespace {

// How expansion problems are told, for ExpandAll and CompileLanguage alike: `offset` is a byte
// offset in the pattern as YAML parsed it; FileColumn finds it in the file.
Diagnostic At(const SourceLocation& where, const std::string& rule, const std::string& message, size_t offset) {
  return {where.file, where.line, FileColumn(where, offset), rule, message};
}

// Expands `source` into *expanded (with the end boundary a trailing word needs), or says why
// not: an unknown placeholder, or too large, with the definition or word list to blame.
std::optional<Diagnostic> ExpandRule(const LanguagePack& pack, const std::map<std::string, Placeholder>& ph,
                                     size_t max_bytes, const std::string& source, const SourceLocation& where,
                                     const std::string& id, std::string* expanded) {
  Expansion e{ph, max_bytes, {}, {}, {}, 0};
  bool word = false;
  expanded->clear();
  if (Expand(e, source, 0, expanded, &word)) {
    if (word) *expanded += EndBoundary();
    return std::nullopt;
  }
  std::string{}.swap(*expanded);  // give the memory back: it may be max_bytes
  std::string message = e.error;
  // Name the editor's definition that started the chain: it is usually theirs, not the pattern's.
  if (!e.chain.empty())
    if (auto d = pack.define_where.find(e.chain.front()); d != pack.define_where.end())
      message += " ({" + e.chain.front() + "} defined at " + d->second.file + ":" + std::to_string(d->second.line) + ")";
  // Too large: overflowing at a word list, say which list and where its last entry is;
  // otherwise it is definitions multiplying.
  static const std::map<std::string, std::string> kListOf = {{"VERB", "verbs"}, {"TITLE", "titles"}, {"ROLE", "roles"},
                                                             {"DET", "determiners"}, {"PRONOUN", "pronouns"}, {"ORG", "organisations"}};
  if (!e.chain.empty() && message.find("max_expanded_pattern_bytes") != std::string::npos) {
    auto list = kListOf.find(e.chain.back());
    auto use = list == kListOf.end() ? pack.word_lists.end() : pack.word_lists.find(list->second);
    if (use != pack.word_lists.end())
      message += "; {" + list->first + "} is the list '" + list->second + "' (" + std::to_string(use->second.entries) +
                 " entries, the last at " + use->second.last.file + ":" + std::to_string(use->second.last.line) + ")";
    else if (e.chain.size() > 1)
      message += ": a definition that uses another several times, itself used several times, multiplies";
  }
  return At(where, id, message, e.error_offset);
}

// One rule's regexes on the way to RE2, wherever the rule lives.
struct RuleRef {
  size_t loaded;           // the rule's place in the load
  ExpandedRules* rules;    // its language's expansions
  const LanguagePack* pack;
  size_t index;            // into pack->patterns, or pack->not_speech when not_speech
  bool not_speech;
};

const SourceLocation& WhereOf(const RuleRef& r) {
  return r.not_speech ? r.pack->not_speech[r.index].where : r.pack->patterns[r.index].where;
}
const std::string& IdOf(const RuleRef& r) {
  return r.not_speech ? r.pack->not_speech[r.index].id : r.pack->patterns[r.index].id;
}

// The error at the rule that takes the regex RE2 would compile past max_total_pattern_bytes.
Diagnostic OverBudget(const RuleRef& r, size_t total, const RuleOptions& options) {
  const size_t own = r.not_speech ? r.rules->not_speech_weight[r.index] : r.rules->pattern_weight[r.index];
  return At(WhereOf(r), IdOf(r),
            "the rules would give RE2 more than max_total_pattern_bytes (" + std::to_string(options.max_total_pattern_bytes) +
                " bytes) of regex to compile, all languages together: " + std::to_string(total) +
                " bytes with this rule, which weighs " + std::to_string(own) +
                " (expanded, counted once for each program it is compiled into). Nothing is compiled: a load takes about 12"
                " bytes of memory per byte of regex",
            0);
}

// Bytes of regex the speaker plan of `expanded` compiles on first use (speaker_plan.h).
size_t SpeakerPlanBytes(const std::string& expanded) {
  if (expanded.find("(?P<speaker>") == std::string::npos) return 0;
  auto plan = SpeakerPlan::Build(expanded, PatternOptions(0));
  return plan ? plan->RegexBytes() : 0;
}

}  // namespace

void ExpandedRules::AppendProblems(std::vector<Diagnostic>* diagnostics) const {
  for (const auto& problem : pattern_problems)
    if (problem) diagnostics->push_back(*problem);
  for (const auto& parts : not_speech_problems)
    for (const auto& problem : parts)
      if (problem) diagnostics->push_back(*problem);
}

bool ExpandAll(const std::map<std::string, LanguagePack>& packs, const RuleOptions& options,
               std::map<std::string, ExpandedRules>* out, std::vector<Diagnostic>* diagnostics) {
  std::vector<RuleRef> rules;  // every rule of every language, in the order they were read
  std::map<std::string, std::map<std::string, Placeholder>> placeholders;
  for (const auto& [name, pack] : packs) {
    ExpandedRules& expanded = (*out)[name];
    expanded.patterns.resize(pack.patterns.size());
    expanded.pattern_problems.resize(pack.patterns.size());
    expanded.pattern_weight.resize(pack.patterns.size());
    expanded.not_speech.resize(pack.not_speech.size());
    expanded.not_speech_problems.resize(pack.not_speech.size());
    expanded.not_speech_weight.resize(pack.not_speech.size());
    for (size_t i = 0; i < pack.patterns.size(); ++i) rules.push_back({pack.patterns[i].loaded, &expanded, &pack, i, false});
    for (size_t i = 0; i < pack.not_speech.size(); ++i) rules.push_back({pack.not_speech[i].loaded, &expanded, &pack, i, true});
    placeholders[name] = BuildPlaceholders(pack);
  }
  std::stable_sort(rules.begin(), rules.end(), [](const RuleRef& a, const RuleRef& b) { return a.loaded < b.loaded; });

  // Expanding costs memory too: it stops at the rule whose regexes, each counted once (a lower
  // bound of what RE2 is given), cross the budget.
  const size_t budget = options.max_total_pattern_bytes;
  size_t lower_bound = 0;
  for (const RuleRef& r : rules) {
    const auto& ph = placeholders.at(r.pack->language);
    const size_t max_bytes = options.max_expanded_pattern_bytes;
    size_t own = 0;
    if (!r.not_speech) {
      const AttributionPattern& p = r.pack->patterns[r.index];
      r.rules->pattern_problems[r.index] = ExpandRule(*r.pack, ph, max_bytes, p.source, p.where, p.id, &r.rules->patterns[r.index]);
      own = r.rules->patterns[r.index].size();
    } else {
      const NotSpeechRule& n = r.pack->not_speech[r.index];
      const std::string* sources[3] = {&n.before_source, &n.quote_source, &n.after_source};
      for (size_t part = 0; part < 3; ++part) {
        if (sources[part]->empty()) continue;
        r.rules->not_speech_problems[r.index][part] =
            ExpandRule(*r.pack, ph, max_bytes, *sources[part], n.where, n.id, &r.rules->not_speech[r.index][part]);
        own += r.rules->not_speech[r.index][part].size();
      }
    }
    (r.not_speech ? r.rules->not_speech_weight : r.rules->pattern_weight)[r.index] = own;
    lower_bound += own;
    if (lower_bound > budget) {
      diagnostics->push_back(OverBudget(r, lower_bound, options));
      return false;
    }
  }

  // What each rule weighs: every program its regexes are compiled into (pattern_compiler.h).
  for (auto& [name, expanded] : *out) {
    const LanguagePack& pack = packs.at(name);
    std::array<bool, kPositionCount> end_anchored, any;
    end_anchored.fill(true);
    any.fill(false);
    for (size_t i = 0; i < pack.patterns.size(); ++i) {
      if (expanded.pattern_problems[i]) continue;
      const size_t pos = static_cast<size_t>(pack.patterns[i].position);
      any[pos] = true;
      end_anchored[pos] = end_anchored[pos] && EndsAnchored(expanded.patterns[i]);
    }
    for (size_t i = 0; i < pack.patterns.size(); ++i) {
      const std::string& regex = expanded.patterns[i];
      const size_t pos = static_cast<size_t>(pack.patterns[i].position);
      // Alone, in its position's Set, in the end-anchored alternation, and the speaker plan's pieces.
      expanded.pattern_weight[i] = regex.size() * (2 + (any[pos] && end_anchored[pos] ? 1 : 0)) + SpeakerPlanBytes(regex);
    }
    for (size_t i = 0; i < pack.not_speech.size(); ++i) {
      const auto& parts = expanded.not_speech[i];
      // `before` alone and in the Set (or the end-anchored alternation); `quote` and `after` alone.
      expanded.not_speech_weight[i] = 2 * parts[0].size() + parts[1].size() + parts[2].size();
    }
  }
  size_t total = 0;
  for (const RuleRef& r : rules) {
    total += (r.not_speech ? r.rules->not_speech_weight : r.rules->pattern_weight)[r.index];
    if (total > budget) {
      diagnostics->push_back(OverBudget(r, total, options));
      return false;
    }
  }
  for (auto& [name, expanded] : *out) expanded.total_bytes = 0;
  for (const RuleRef& r : rules) r.rules->total_bytes += (r.not_speech ? r.rules->not_speech_weight : r.rules->pattern_weight)[r.index];
  return true;
}

LanguageRules CompileLanguage(LanguagePack pack, const ExpandedRules& expanded, const RuleOptions& rule_options,
                              std::vector<Diagnostic>* diagnostics) {
  LanguageRules compiled;
  compiled.pack = std::move(pack);  // what the pack said stays readable
  LanguageRules* lang = &compiled;
  for (const auto& t : lang->pack.titles) {
    size_t s = 0;
    const std::string l = ToLower(t);
    const bool several_words = l.find(' ') != std::string::npos;
    if (several_words) lang->titles_of_several_words.insert(l);
    while (s < l.size()) {
      size_t e = l.find(' ', s);
      if (e == std::string::npos) e = l.size();
      std::string word = l.substr(s, e - s);
      // A word of a title of several words that names a body ("Council" of "Council Member")
      // is no title on its own: "The City Council said" is an organisation speaking.
      if (several_words && lang->pack.organisation_words.count(t.substr(s, e - s))) {
        s = e + 1;
        continue;
      }
      lang->title_words.insert(word);
      if (word.size() > 1 && word.back() == '.') lang->title_words.insert(word.substr(0, word.size() - 1));  // "Gov" as well as "Gov."

      s = e + 1;
    }
  }
  for (const auto& r : lang->pack.roles) lang->role_words.insert(ToLower(r));
  lang->longest_hint = 0;
  for (const auto& h : lang->pack.hints) lang->longest_hint = std::max(lang->longest_hint, h.size());
  lang->quote_marks = QuoteMarks(lang->pack.marks);
  for (const auto& o : lang->pack.organisations) {
    const std::string name = WithoutLeadingArticle(ToLower(o), lang->pack.non_person_articles);
    lang->organisation_names.insert(name);
    // Capitalised, an entry is an institution of its own ("Police", "Polisen"); but where every
    // noun has a capital, one that is also an organisation word is a kind ("Unternehmen").
    const bool kind = lang->pack.capitalises_nouns && lang->pack.organisation_words.count(o) > 0;
    if (o != ToLower(o) && !kind) lang->named_institutions.insert(name);
    else if (name.find(' ') == std::string::npos && name.size() >= 5) {
      lang->organisation_nouns.push_back(name);
      lang->organisation_noun_set.insert(name);
    }
    const size_t space = name.find_last_of(' ');
    lang->organisation_last_words.insert(space == std::string::npos ? name : name.substr(space + 1));
  }
  for (const auto& d : lang->pack.determiners) lang->determiner_words.insert(ToLower(d));
  for (const auto& d : lang->pack.indefinite_determiners) lang->indefinite_words.insert(ToLower(d));

  const long long max_mem = rule_options.max_pattern_memory;
  const RE2::Options options = PatternOptions(max_mem);
  auto report = [&](const SourceLocation& where, const std::string& rule, const std::string& message, size_t offset) {
    diagnostics->push_back(At(where, rule, message, offset));
  };
  // A regex RE2's walkers could give up on (they print to stderr) is refused before RE2 sees it.
  // So is one that would take RE2 minutes: a long run of one quantified atom.
  auto too_complex = [&](const std::string& regex, const SourceLocation& where, const std::string& id) {
    const size_t nodes = Re2NodesBound(regex);
    if (nodes > kMaxRe2Nodes) {
      report(where, id, "is too complex for RE2 once its placeholders are expanded: up to " + std::to_string(nodes) +
                            " parts (" + std::to_string(regex.size()) + " bytes); quoth takes at most " +
                            std::to_string(kMaxRe2Nodes) + ", RE2 gives up past 1000000", 0);
      return true;
    }
    if (const size_t run = LongestQuantifiedRun(regex); run > kMaxQuantifiedRun) {
      report(where, id, "repeats one quantified character or class " + std::to_string(run) +
                            " times in a row once its placeholders are expanded (like a?a?a?...): RE2 would take minutes to"
                            " merge them; quoth takes at most " + std::to_string(kMaxQuantifiedRun) + " (write a{0,N} instead)", 0);
      return true;
    }
    return false;
  };
  // RE2 refused an expansion: say so about the pattern as written, with a caret at the problem.
  // Refusals are rare, so the expansion is made again here for where its pieces came from.
  auto refused = [&](const SourceLocation& where, const std::string& id, const std::string& source,
                     const std::string& expanded_regex, const RE2& re) {
    if (re.error_code() == RE2::ErrorPatternTooLarge) {
      report(where, id, "is too large for RE2 once its placeholders are expanded (" + std::to_string(expanded_regex.size()) +
                            " bytes; max_pattern_memory is " + std::to_string(max_mem) + " bytes)", 0);
      return;
    }
    std::string what = re.error();
    const std::string suffix = ": " + re.error_arg();
    if (what.size() > suffix.size() && what.compare(what.size() - suffix.size(), suffix.size(), suffix) == 0)
      what.resize(what.size() - suffix.size());
    const auto ph = BuildPlaceholders(lang->pack);
    Expansion e{ph, rule_options.max_expanded_pattern_bytes, {}, {}, {}, 0};
    std::string again;
    bool word = false;
    Expand(e, source, 0, &again, &word);
    std::string in_define;
    const size_t at = ProblemOffset(e, lang->pack.defines, source, expanded_regex, re, &in_define);
    if (!in_define.empty()) {
      what += " in {" + in_define + "}";
      if (auto d = lang->pack.define_where.find(in_define); d != lang->pack.define_where.end())
        what += " (defined at " + d->second.file + ":" + std::to_string(d->second.line) + ")";
    }
    report(where, id, "does not compile: " + what + Caret(source, at), at);
  };

  std::vector<CompiledPattern> patterns(lang->pack.patterns.size());
  for (size_t i = 0; i < lang->pack.patterns.size(); ++i) {
    const AttributionPattern& p = lang->pack.patterns[i];
    CompiledPattern& c = patterns[i];
    if (expanded.pattern_problems[i]) { diagnostics->push_back(*expanded.pattern_problems[i]); continue; }
    const std::string& regex = expanded.patterns[i];
    if (p.source.find("{SPEAKER}") == std::string::npos && p.source.find("(?P<speaker>") == std::string::npos) {
      report(p.where, p.id, "pattern has no {SPEAKER} (or (?P<speaker>...)): it could find a tag but never a speaker", 0);
      continue;
    }
    if (too_complex(regex, p.where, p.id)) continue;
    c.re = std::make_unique<RE2>(regex, options);
    if (!c.re->ok()) { refused(p.where, p.id, p.source, regex, *c.re); c.re.reset(); continue; }
    const auto& groups = c.re->NamedCapturingGroups();
    auto g = groups.find("speaker");
    c.speaker_group = g == groups.end() ? 0 : g->second;
    if (c.speaker_group > 0) c.speaker_plan = SpeakerPlan::Build(regex, options);
  }

  // One not_speech part: null when it is empty (optional) or does not compile (reported).
  auto compile_part = [&](const NotSpeechRule& r, size_t rule, size_t part, const std::string& source) -> std::unique_ptr<RE2> {
    if (const auto& problem = expanded.not_speech_problems[rule][part]) { diagnostics->push_back(*problem); return nullptr; }
    if (source.empty()) return nullptr;
    const std::string& regex = expanded.not_speech[rule][part];
    if (too_complex(regex, r.where, r.id)) return nullptr;
    auto re = std::make_unique<RE2>(regex, options);
    if (!re->ok()) { refused(r.where, r.id, source, regex, *re); return nullptr; }
    return re;
  };
  // The rule of `members` read last: when a combined program fails, the one most likely the editor's.
  auto last_read = [](const auto& rules, const std::vector<size_t>& members) {
    size_t last = members.front();
    for (size_t m : members)
      if (rules[m].loaded > rules[last].loaded) last = m;
    return last;
  };
  // Whether `members` fit one RE2 program together; if not, the error names the member at
  // which they stop fitting.
  auto fit_together = [&](const auto& rules, const std::vector<size_t>& members, const std::vector<std::string>& regexes,
                          const std::string& what) {
    size_t nodes = 1;
    for (size_t k = 0; k < members.size(); ++k) {
      if ((nodes += Re2NodesBound(regexes[k])) <= kMaxRe2Nodes) continue;
      const auto& rule = rules[members[k]];
      report(rule.where, rule.id, "the " + what + " of '" + lang->pack.language + "' are too complex for RE2 together, with this one: up to " +
                                      std::to_string(nodes) + " parts in their first pass; quoth takes at most " +
                                      std::to_string(kMaxRe2Nodes) + ", RE2 gives up past 1000000", 0);
      return false;
    }
    return true;
  };

  RuleMatcher::NotSpeechPass not_speech;
  bool all_compiled = true;
  for (size_t i = 0; i < lang->pack.not_speech.size(); ++i) {
    const NotSpeechRule& r = lang->pack.not_speech[i];
    not_speech.before.push_back(compile_part(r, i, 0, r.before_source));
    not_speech.quote.push_back(compile_part(r, i, 1, r.quote_source));
    not_speech.after.push_back(compile_part(r, i, 2, r.after_source));
    // A `before` that matches after any plain word ("… and the ") sifts nothing out, and one that
    // matches an empty before ("^$") holds for every quote opening a paragraph, most of them:
    // where the quote pattern is anchored at its start, the quote is the cheaper question.
    const RE2* before = not_speech.before.back().get();
    const bool sifts_nothing = before != nullptr && (RE2::PartialMatch("they said that the ", *before) || RE2::PartialMatch("", *before));
    not_speech.quote_first.push_back(sifts_nothing && not_speech.quote.back() != nullptr && !r.quote_source.empty() &&
                                     r.quote_source.front() == '^');
    all_compiled &= not_speech.before.back() != nullptr;
  }
  if (all_compiled && !lang->pack.not_speech.empty()) {
    std::vector<std::string> befores;
    std::vector<size_t> members;
    for (size_t i = 0; i < not_speech.before.size(); ++i) {
      befores.push_back(not_speech.before[i]->pattern());
      members.push_back(i);
    }
    not_speech.end_anchored = std::all_of(befores.begin(), befores.end(), EndsAnchored);
    if (!fit_together(lang->pack.not_speech, members, befores, "not_speech rules")) {
      // reported: the load fails
    } else if (not_speech.end_anchored) {
      // The quick look covers the rules whose quote is not checked first (see quote_first).
      std::vector<std::string> quick;
      for (size_t i = 0; i < befores.size(); ++i)
        if (!not_speech.quote_first[i]) quick.push_back(befores[i]);
      if (!quick.empty()) not_speech.any_end_anchored = AnyOfEndAnchored(quick, options);
    } else {  // some rule can end before the mark: one Set reads the text forwards for all
      RE2::Options set_options = options;
      set_options.set_max_mem(max_mem * 4);
      auto set = std::make_unique<RE2::Set>(set_options, RE2::UNANCHORED);
      bool ok = true;
      for (const auto& before : befores) {
        std::string error;
        ok &= set->Add(before, &error) >= 0;
      }
      if (ok && set->Compile()) {
        not_speech.set = std::move(set);
      } else {
        const NotSpeechRule& r = lang->pack.not_speech[last_read(lang->pack.not_speech, members)];
        report(r.where, r.id, "the " + std::to_string(befores.size()) + " not_speech rules of '" + lang->pack.language +
                                  "' do not fit one RE2 set together (4 x max_pattern_memory = " + std::to_string(max_mem * 4) +
                                  " bytes); this one was read last", 0);
      }
    }
  }

  std::array<RuleMatcher::PositionPass, kPositionCount> positions;
  for (size_t pos = 0; pos < kPositionCount; ++pos) {
    RuleMatcher::PositionPass& pass = positions[pos];
    bool all = true, any = false;
    for (const auto& p : lang->pack.patterns)
      if (static_cast<size_t>(p.position) == pos) { any = true; all &= p.source.find("{VERB}") != std::string::npos; }
    pass.needs_verb = any && all;
  }
  for (size_t pos = 0; pos < kPositionCount; ++pos) {
    RuleMatcher::PositionPass& pass = positions[pos];
    // A Set holds all of a position's patterns at once: give it their combined budget.
    RE2::Options set_options = options;
    set_options.set_max_mem(max_mem * 8);
    // When every pattern of the position can only match at the window's start ("^, said X"),
    // the Set is anchored there, so its DFA stops as soon as no pattern can go on instead of
    // reading the rest of the window. Same matches, a fraction of the bytes.
    std::vector<std::string> expanded_regexes;  // the position's patterns, in pack order
    std::vector<size_t> members;
    for (size_t i = 0; i < lang->pack.patterns.size(); ++i)
      if (static_cast<size_t>(lang->pack.patterns[i].position) == pos && patterns[i].re) {
        expanded_regexes.push_back(patterns[i].re->pattern());
        members.push_back(i);
      }
    const bool all_anchored = std::all_of(expanded_regexes.begin(), expanded_regexes.end(), StartsAnchored);
    pass.end_anchored = std::all_of(expanded_regexes.begin(), expanded_regexes.end(), EndsAnchored);
    if (members.empty()) continue;
    const std::string position_name = std::string(PositionName(static_cast<Position>(pos))) + " patterns";
    if (!fit_together(lang->pack.patterns, members, expanded_regexes, position_name)) continue;
    // The alternation is searched backwards from the window's end, by a DFA whose states its
    // many patterns multiply: with one pattern's budget it runs out and RE2 falls back, without
    // a word, to its NFA (several times slower). It gets the Set's budget.
    if (pass.end_anchored) pass.any_end_anchored = AnyOfEndAnchored(expanded_regexes, set_options);
    auto set = std::make_unique<RE2::Set>(set_options, all_anchored ? RE2::ANCHOR_START : RE2::UNANCHORED);
    bool any = false;
    for (size_t k = 0; k < members.size(); ++k) {
      const auto& p = lang->pack.patterns[members[k]];
      std::string error;
      if (set->Add(expanded_regexes[k], &error) < 0) { report(p.where, p.id, "cannot join the first-pass set: " + error, 0); continue; }
      pass.members.push_back(members[k]);
      any = true;
    }
    if (any && !set->Compile()) {
      const AttributionPattern& p = lang->pack.patterns[last_read(lang->pack.patterns, members)];
      report(p.where, p.id, "the " + std::to_string(members.size()) + " " + position_name + " of '" + lang->pack.language +
                                "' do not fit one RE2 set together (8 x max_pattern_memory = " + std::to_string(max_mem * 8) +
                                " bytes); this one was read last", 0);
      continue;
    }
    if (any) pass.set = std::move(set);
  }
  lang->matcher = RuleMatcher(std::move(patterns), std::move(positions), std::move(not_speech), SpeechVerbs(lang->pack.verbs));
  return compiled;
}

}  // namespace quoth::detail
