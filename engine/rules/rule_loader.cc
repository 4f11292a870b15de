// YAML rule packs -> LanguagePack.
//
// yaml-cpp keeps each node's 0-based mark, so every diagnostic says FILE:LINE:COL (1-based)
// of the offending node and, inside a rule, the rule's id. Unknown keys are errors: a typo in
// a pack ("paterns:") must not silently disable rules, and neither may a duplicate key, a
// tab in the indentation or bytes that are not UTF-8: each is reported where the editor wrote it.
//
// A pack is bounded before it costs: files are measured before they are read (max_pack_bytes),
// a load takes at most max_languages languages and a language at most max_patterns rules, and
// one walk over the whole YAML tree visits each node once (aliases cannot multiply the walk)
// and counts what aliases repeat against max_pack_bytes (nor what the loader copies). Folders
// are listed with std::error_code throughout: a link loop, a link to nothing or a folder that
// cannot be listed is an error naming the path, never an exception.
#include "engine/rules/rule_loader.h"
#include "engine/rules/did_you_mean.h"
#include "engine/text/utf8.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string_view>
#include <system_error>
#include <unordered_map>

namespace quoth::detail {

namespace fs = std::filesystem;

namespace {

// The languages of the built-in packs: the language folders of the built-in rules directory
// (each "<code>/" holding packs). A pack for any other code is loaded (it starts a language of
// its own), with a warning: `se` is the country, `sv` the language.
std::set<std::string> LanguageFolders(const std::string& dir);

// Country codes editors write for a language code they mean.
std::string LikelyMeant(const std::string& code) {
  static const std::map<std::string, std::string> meant = {
      {"se", "sv"}, {"uk", "en"}, {"gb", "en"}, {"us", "en"}, {"eng", "en"}, {"swe", "sv"},
      {"ger", "de"}, {"deu", "de"}, {"at", "de"}, {"ch", "de"}};
  auto it = meant.find(code);
  return it == meant.end() ? "" : it->second;
}

// A language code as in "en", "sv", "fil" or "en-GB": 2-3 letters, optionally a region.
// It names a map key and may end up in paths and output, so nothing else is accepted.
bool IsLanguageCode(const std::string& code) {
  auto letters = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i)
      if (!std::isalpha(static_cast<unsigned char>(code[i]))) return false;
    return true;
  };
  const size_t dash = code.find_first_of("-_");
  const size_t base = dash == std::string::npos ? code.size() : dash;
  if (base < 2 || base > 3 || !letters(0, base)) return false;
  if (dash == std::string::npos) return true;
  const std::string region = code.substr(dash + 1);
  if (region.size() == 2) return letters(dash + 1, code.size());
  return region.size() == 3 && std::all_of(region.begin(), region.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Byte offset of the first byte of `text` that is not valid UTF-8, or npos.
size_t FirstInvalidUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  for (size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c < 0x80) { ++i; continue; }
    size_t len = 0;
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) len = 3;
    else if (c >= 0xF0 && c <= 0xF4) len = 4;
    else return i;
    if (i + len > n) return i;
    for (size_t k = 1; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return i;
    // Overlong 3/4-byte forms, surrogates and code points above U+10FFFF.
    if ((c == 0xE0 && p[i + 1] < 0xA0) || (c == 0xED && p[i + 1] >= 0xA0) || (c == 0xF0 && p[i + 1] < 0x90) ||
        (c == 0xF4 && p[i + 1] >= 0x90))
      return i;
    i += len;
  }
  return std::string_view::npos;
}

// Characters that mean something in a pattern but are matched literally in a word list: an
// editor who writes "sa(g|de)" as a verb expects a regex and would get a word never found.
constexpr std::string_view kPatternCharacters = "\\^$|()[]{}*+?";

// Word lists that become alternations inside the patterns ({VERB}, {TITLE}, ...): their size
// multiplies into every pattern that uses them, so they are capped (max_word_list_entries).
bool IsPatternWordList(const std::string& key) {
  return key == "verbs" || key == "titles" || key == "roles" || key == "organisations" || key == "determiners" ||
         key.rfind("pronouns.", 0) == 0;
}

// What one load remembers across the files of a directory: ids seen (a second rule with the
// same id in one directory silently replaced the first; across directories that is layering).
struct LayerIds {
  std::map<std::string, SourceLocation> patterns;  // "lang\nid" -> where first seen
  std::map<std::string, SourceLocation> not_speech;
};

// What the whole load has read so far, across folders.
struct LoadProgress {
  size_t pack_bytes = 0;  // YAML read, against max_pack_bytes
  size_t rules = 0;       // rules read: each rule's `loaded` (the budget blames later ones first)
};

// At most how many bytes `word` adds to an alternation (pattern_compiler.cc's Alternation):
// '|', a [xX] class for the first letter, an escape for ASCII punctuation, a run of spaces
// for each space.
size_t PatternBytes(const std::string& word) {
  size_t bytes = 1 + 4;
  for (const char c : word) {
    const auto u = static_cast<unsigned char>(c);
    bytes += c == ' ' ? 12 : (u < 0x80 && !std::isalnum(u)) ? 2 : 1;
  }
  return bytes;
}

std::string Trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// ": did you mean 'x'?" when a known name is close to `word`, else "".
std::string Meant(const std::string& word, const std::vector<std::string>& known) {
  const std::string meant = DidYouMean(word, known);
  return meant.empty() ? "" : ": did you mean '" + meant + "'?";
}

std::string Located(const SourceLocation& where) {
  return where.file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
}

// Reads `path` into *text, at most `limit` + 1 bytes: one more than the limit says the file
// holds more. False when the file cannot be read.
bool ReadAtMost(const std::string& path, size_t limit, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::array<char, 1 << 16> chunk;
  while (text->size() <= limit) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<size_t>(in.gcount());
    text->append(chunk.data(), std::min(got, limit + 1 - text->size()));
    if (!in) break;
  }
  return !in.bad();
}

// `file` (`bytes` long, or longer) is refused unread: with it, the load would pass max_pack_bytes.
void PackTooLarge(const std::string& file, size_t bytes, const RuleOptions& options, const LoadProgress& progress,
                  std::vector<Diagnostic>* diagnostics) {
  diagnostics->push_back(
      {file, 0, 0, "",
       "not read: its " + std::to_string(bytes) + " bytes, after the " + std::to_string(progress.pack_bytes) +
           " bytes of the packs read before it, pass max_pack_bytes (" + std::to_string(options.max_pack_bytes) +
           " bytes of YAML for all the rule packs of one load together)"});
}

// --- What an editor reads: the line as written with a caret under the place, and YAML's
// mistakes in plain words. Lines and columns are 1-based; columns count bytes, the caret is
// placed by characters.

// Line `line` of `text`, without its line break.
std::string_view LineText(std::string_view text, size_t line) {
  size_t start = 0;
  for (size_t l = 1; l < line; ++l) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  if (end > start && text[end - 1] == '\r') --end;
  return text.substr(start, end - start);
}

// "\n    LINE\n    ^": the line as written, a caret under `column`.
std::string CaretUnder(std::string_view text, size_t line, size_t column) {
  const std::string_view shown = LineText(text, line);
  std::string pad;
  for (size_t i = 0; i + 1 < column && i < shown.size(); ++i)
    if ((static_cast<unsigned char>(shown[i]) & 0xC0) != 0x80) pad += ' ';
  return "\n    " + std::string(shown) + "\n    " + pad + "^";
}

// One line of a pack as the checks below see it.
struct PackLine {
  size_t number = 0;       // 1-based
  size_t indent = 0;       // spaces before the content
  std::string_view content;  // after the indentation, without a trailing comment's line break
  bool blank = false;      // empty or a comment
  bool in_block = false;   // inside a | or > block (its text is not YAML)
};

std::vector<PackLine> PackLines(std::string_view text) {
  std::vector<PackLine> lines;
  size_t block_indent = std::string_view::npos;  // the indentation of the line that opened a block
  for (size_t start = 0, number = 1; start <= text.size(); ++number) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    PackLine l;
    l.number = number;
    while (l.indent < raw.size() && raw[l.indent] == ' ') ++l.indent;
    l.content = raw.substr(l.indent);
    l.blank = l.content.empty() || l.content[0] == '#';
    if (block_indent != std::string_view::npos) {
      if (l.blank || l.indent > block_indent) l.in_block = true;
      else block_indent = std::string_view::npos;
    }
    if (!l.in_block && !l.blank) {
      // A value that opens a block scalar: "key: |", "- >-", "key: |2 # note".
      std::string_view c = l.content;
      if (const size_t hash = c.find(" #"); hash != std::string_view::npos) c = c.substr(0, hash);
      while (!c.empty() && c.back() == ' ') c.remove_suffix(1);
      size_t k = c.size();
      while (k > 0 && (c[k - 1] == '-' || c[k - 1] == '+' || std::isdigit(static_cast<unsigned char>(c[k - 1])))) --k;
      if (k > 0 && (c[k - 1] == '|' || c[k - 1] == '>') && (k == 1 || c[k - 2] == ' ')) block_indent = l.indent;
    }
    lines.push_back(l);
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

// Where a key's name ends on a line ("name: value", "name:"), or npos. Keys here are plain names.
size_t KeyEnd(std::string_view c) {
  size_t i = 0;
  while (i < c.size() && (std::isalnum(static_cast<unsigned char>(c[i])) || c[i] == '_' || c[i] == '-' || c[i] == '.'))
    ++i;
  if (i == 0 || i >= c.size() || c[i] != ':') return std::string_view::npos;
  return i + 1 < c.size() && c[i + 1] != ' ' ? std::string_view::npos : i;
}

// A line that starts a list item or a key: what YAML reads as structure.
bool LooksStructural(const PackLine& l) {
  if (l.blank || l.in_block) return false;
  return l.content == "-" || l.content.rfind("- ", 0) == 0 || KeyEnd(l.content) != std::string_view::npos;
}

struct Problem {
  size_t line = 0, column = 0;
  std::string message;
};

// A quoted text that is never closed: YAML reads on to the next quote mark, however far, and
// yaml-cpp reports the damage (if any) far from the mistake. Checks every quote mark that opens
// a value: after a key's ': ', after a list item's '- ', at an item of a [ ] or { } list.
bool UnclosedQuote(std::string_view text, const std::vector<PackLine>& lines, Problem* out) {
  // Byte offset of each line's start.
  std::vector<size_t> starts;
  for (size_t i = 0, at = 0; i < lines.size(); ++i) {
    starts.push_back(at);
    const size_t nl = text.find('\n', at);
    at = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  auto line_of = [&](size_t offset) {
    return static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin());
  };
  // Where the quoted text opened at `open` ends (the closing mark), or npos.
  auto close_of = [&](size_t open) {
    const char q = text[open];
    for (size_t i = open + 1; i < text.size(); ++i) {
      if (q == '"' && text[i] == '\\') { ++i; continue; }
      if (text[i] == q) {
        if (q == '\'' && i + 1 < text.size() && text[i + 1] == '\'') { ++i; continue; }
        return i;
      }
    }
    return std::string_view::npos;
  };
  for (size_t li = 0; li < lines.size(); ++li) {
    const PackLine& l = lines[li];
    if (l.blank || l.in_block) continue;
    const size_t base = starts[li] + l.indent;
    std::string_view c = l.content;
    size_t pos = 0;
    size_t flow = 0;  // depth of [ ] and { } on this line
    while (pos < c.size()) {
      // Where a value can start: skip "- " and "key: ".
      if (c[pos] == '-' && (pos + 1 == c.size() || c[pos + 1] == ' ')) { pos += 2; while (pos < c.size() && c[pos] == ' ') ++pos; continue; }
      if (c[pos] == '#') break;
      if (c[pos] == '[' || c[pos] == '{') { ++flow; ++pos; while (pos < c.size() && c[pos] == ' ') ++pos; continue; }
      if (c[pos] == '"' || c[pos] == '\'') {
        const size_t open = base + pos;
        const size_t close = close_of(open);
        const size_t open_line = l.number;
        const std::string never = std::string("this quote mark opened on line ") + std::to_string(open_line) + " is never closed";
        if (close == std::string_view::npos) {
          *out = {open_line, l.indent + pos + 1,
                  never + ": YAML reads everything after it, to the end of the file, as one text (end the text with " +
                      std::string(1, c[pos]) + " on this line)"};
          return true;
        }
        const size_t close_line = line_of(close);
        if (close_line != open_line) {
          // A text over several lines is YAML; one that swallows list items or keys is a mistake.
          for (size_t k = li + 1; k < lines.size() && lines[k].number < close_line; ++k)
            if (LooksStructural(lines[k])) {
              *out = {open_line, l.indent + pos + 1,
                      never + " on its line: YAML reads the lines after it, up to the quote mark on line " +
                          std::to_string(close_line) + ", as one text (end the text with " + std::string(1, c[pos]) +
                          " on this line)"};
              return true;
            }
          li = close_line - 1;  // go on after the text's last line (the loop's ++ steps past it)
          break;
        }
        // Closed on its line: what may follow a quoted text is a ':', a ',', a closing bracket or
        // a comment; anything else means this mark closed another text's opening one.
        size_t after = close - base + 1;
        while (after < c.size() && c[after] == ' ') ++after;
        if (after < c.size() && c[after] != ':' && c[after] != ',' && c[after] != ']' && c[after] != '}' && c[after] != '#') {
          *out = {open_line, l.indent + pos + 1,
                  never + " before the next quote mark (column " + std::to_string(close - starts[li] + 1) +
                      "), which YAML takes for its end: is a " + std::string(1, c[pos]) + " missing?"};
          return true;
        }
        pos = after;
        if (pos < c.size() && (c[pos] == ':' || c[pos] == ',')) { ++pos; while (pos < c.size() && c[pos] == ' ') ++pos; }
        continue;
      }
      if (const size_t key = KeyEnd(c.substr(pos)); flow > 0 && key != std::string_view::npos) {
        pos += key + 1;  // a key of a { } map: its value may be quoted
        while (pos < c.size() && c[pos] == ' ') ++pos;
        continue;
      }
      if (flow > 0) {
        // A plain item of a [ ] list: on to the next ',' or closing bracket.
        while (pos < c.size() && c[pos] != ',' && c[pos] != ']' && c[pos] != '}') ++pos;
        while (pos < c.size() && (c[pos] == ']' || c[pos] == '}' || c[pos] == ',' || c[pos] == ' ')) {
          if (c[pos] == ']' || c[pos] == '}') flow = flow > 0 ? flow - 1 : 0;
          ++pos;
        }
        continue;
      }
      const size_t key = KeyEnd(c.substr(pos));
      if (key == std::string_view::npos) break;  // a plain text: its quote marks are its own
      pos += key + 1;
      while (pos < c.size() && c[pos] == ' ') ++pos;
    }
  }
  return false;
}

// A list item indented more than the item before it, when that item is a plain text: YAML
// reads "- scoffed" and "   - fumed" below it as one text, "scoffed - fumed".
bool IndentedListItem(const std::vector<PackLine>& lines, Problem* out) {
  const PackLine* previous = nullptr;  // the last line with content
  for (const auto& l : lines) {
    if (l.blank || l.in_block) continue;
    const bool item = l.content == "-" || l.content.rfind("- ", 0) == 0;
    if (item && previous && l.indent > previous->indent && previous->content.rfind("- ", 0) == 0) {
      std::string_view value = previous->content.substr(2);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      const bool plain = !value.empty() && std::string_view("\"'[{|>&*!-#").find(value.front()) == std::string_view::npos &&
                         value.find(": ") == std::string_view::npos && value.back() != ':';
      if (plain) {
        std::string_view mine = l.content.substr(1);
        while (!mine.empty() && mine.front() == ' ') mine.remove_prefix(1);
        *out = {l.number, l.indent + 1,
                "a list item here is indented more than the one before (line " + std::to_string(previous->number) +
                    "): YAML reads it as more words of that item ('" + std::string(value) + " - " + std::string(mine) +
                    "'); line its '-' up with the one on line " + std::to_string(previous->number)};
        return true;
      }
    }
    previous = &l;
  }
  return false;
}

// yaml-cpp's message for a syntax error, in words an editor can act on (its own words kept at
// the end, for searching).
std::string PlainYamlError(const std::string& msg, std::string_view text, size_t line) {
  const std::vector<PackLine> lines = PackLines(text);
  const PackLine* here = line >= 1 && line <= lines.size() ? &lines[line - 1] : nullptr;
  const std::string yaml = " (YAML: " + msg + ")";
  if (msg == "end of map not found" || msg == "end of sequence not found" ||
      msg == "block sequence entries are not allowed in this context") {
    if (here && !here->blank && (here->content == "-" || here->content.rfind("- ", 0) == 0)) {
      // The list item above it, indented otherwise.
      for (size_t k = line - 1; k-- > 0;) {
        const PackLine& p = lines[k];
        if (p.blank || p.in_block) continue;
        if (p.content.rfind("- ", 0) == 0 || p.content == "-") {
          if (p.indent > here->indent)
            return "a list item here is indented less than the one before (line " + std::to_string(p.number) +
                   "): line its '-' up with the one on line " + std::to_string(p.number) + yaml;
          break;
        }
        if (p.indent < here->indent) break;
      }
      return "a list item here that belongs to no list: it is indented differently from the list above it, or "
             "follows a key that already has a value on its own line" + yaml;
    }
    if (here && !here->blank && KeyEnd(here->content) != std::string_view::npos)
      return "a key here is indented differently from the keys above it: the keys of one map line up, and a key "
             "under a list item lines up with the first key after its '-'" + yaml;
    return "YAML cannot tell what this line belongs to: it is indented differently from the lines above it (the keys "
           "of one map line up, and so do the '-' of one list)" + yaml;
  }
  if (msg == "illegal map value")
    return "YAML cannot take this ':' as the end of a key: a text with ': ' in it needs quote marks (\"after: "
           "before\"), and each key goes on its own line, lined up with the keys beside it" + yaml;
  if (msg == "end of sequence flow not found" || msg == "end of map flow not found")
    return std::string("a ") + (msg.find("sequence") != std::string::npos ? "'[' list" : "'{' map") +
           " opened before here is never closed: end it with " +
           (msg.find("sequence") != std::string::npos ? "']'" : "'}'") + " on the line it starts" + yaml;
  if (msg == "illegal flow end") return "this closing bracket closes nothing: one ']' or '}' too many" + yaml;
  if (msg.rfind("unknown escape character", 0) == 0)
    return "a backslash in a \"quoted\" text starts an escape YAML does not know: write the text in 'single' quote "
           "marks (where \\ is itself) or double the backslash" + yaml;
  return msg;
}

class PackReader {
 public:
  PackReader(std::string file, const RuleOptions& options, LayerIds* layer, LoadProgress* progress,
             const std::set<std::string>& known_languages, std::vector<Diagnostic>* diagnostics,
             std::vector<Diagnostic>* warnings)
      : file_(std::move(file)), options_(options), layer_(layer), progress_(progress), known_languages_(known_languages),
        diagnostics_(diagnostics), warnings_(warnings) {}

  void Warn(const SourceLocation& where, const std::string& rule, const std::string& message) {
    warnings_->push_back({where.file, where.line, where.column, rule, message});
  }

  void Error(const YAML::Node& node, const std::string& rule, const std::string& message) {
    Diagnostic d;
    d.file = file_;
    if (node.IsDefined()) {
      d.line = static_cast<size_t>(node.Mark().line) + 1;
      d.column = static_cast<size_t>(node.Mark().column) + 1;
    }
    d.rule = rule;
    d.message = message;
    diagnostics_->push_back(std::move(d));
  }

  // `attribution_sieves:` the sieve's steps by name, in order of trust; a later pack's list
  // replaces an earlier one's, and a step it leaves out is switched off.
  void Sieves(const YAML::Node& node, LanguagePack* lang) {
    if (!node.IsSequence()) { Error(node, "", "'attribution_sieves' must be a list of sieve steps (tag-after, continuation, ...)"); return; }
    std::vector<std::string> known;
    for (Sieve s : kDefaultSieveOrder) known.push_back(SieveName(s));
    std::vector<Sieve> order;
    for (const auto& item : node) {
      const std::string name = item.IsScalar() ? item.Scalar() : std::string();
      const std::optional<Sieve> sieve = SieveNamed(name);
      if (!sieve) {
        Error(item, "", "unknown sieve step '" + name + "'" + Meant(name, known));
        continue;
      }
      if (std::find(order.begin(), order.end(), *sieve) != order.end()) {
        Error(item, "", "sieve step '" + name + "' is listed twice: each step is asked once, where it first stands");
        continue;
      }
      order.push_back(*sieve);
    }
    if (order.empty() && node.size() == 0) {
      Error(node, "", "'attribution_sieves' is empty: list the steps to ask, or leave the key out for the default order");
      return;
    }
    if (!order.empty()) lang->sieves = std::move(order);
  }

  SourceLocation Where(const YAML::Node& node) const {
    return {file_, static_cast<size_t>(node.Mark().line) + 1, static_cast<size_t>(node.Mark().column) + 1};
  }

  bool Scalar(const YAML::Node& node, const std::string& rule, const std::string& what, std::string* out) {
    if (!node.IsDefined() || node.IsNull()) { return false; }
    if (!node.IsScalar()) { Error(node, rule, what + " must be a string"); return false; }
    *out = node.Scalar();
    return true;
  }

  void Bool(const YAML::Node& node, const std::string& key, bool* out) {
    std::string text;
    if (!Scalar(node, "", "'" + key + "'", &text)) return;
    if (text == "true") *out = true;
    else if (text == "false") *out = false;
    else Error(node, "", "'" + key + "' must be true or false, not '" + text + "'");
  }

  // A map of `female` and `male` lists (`first_names`, `gendered_words`) into `out`: a word in
  // both lists is an error, pointed at the word itself when the list is a plain sequence.
  // `lower`: the words are kept in lower case.
  void GenderLists(const YAML::Node& v, const std::string& key, const std::string& items, const std::string& group,
                   const std::string& both_hint, bool lower,
                   std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>* out) {
    if (!v.IsMap()) { Error(v, "", "'" + key + "' must map female/male to lists of " + items); return; }
    for (const auto& g : v) {
      const std::string gender = g.first.Scalar();
      if (gender != "male" && gender != "female") {
        Error(g.first, "", "unknown " + group + " group '" + gender + "' (expected female, male)");
        continue;
      }
      std::vector<std::string> words;
      StringList(g.second, key + "." + gender, &words);
      for (size_t i = 0; i < words.size(); ++i) {
        auto [it, added] = out->emplace(lower ? ToLower(words[i]) : words[i], gender);
        if (!added && it->second != gender)
          Error(g.second.IsSequence() && i < g.second.size() ? g.second[i] : g.second, "",
                "'" + words[i] + "' is in both " + key + " lists" + both_hint);
      }
    }
  }

  // Pattern word lists (verbs, titles, ...) are counted across files and layers in `lang_`:
  // their entries and an upper bound of the bytes they add to every pattern that uses them.
  void StringList(const YAML::Node& node, const std::string& key, std::vector<std::string>* out) {
    if (!node.IsSequence()) { Error(node, "", "'" + key + "' must be a list of strings"); return; }
    const bool in_patterns = IsPatternWordList(key);
    const std::string list = key.substr(0, key.find('.'));  // "pronouns.male" counts as "pronouns"
    // A list may take a quarter of a pattern's budget: a pattern uses several lists, some twice.
    const size_t max_list_bytes = options_.max_expanded_pattern_bytes / 4;
    for (const auto& item : node) {
      if (!item.IsScalar() || item.Scalar().empty()) { Error(item, "", "'" + key + "' entries must be non-empty strings"); continue; }
      const std::string& word = item.Scalar();
      if (word.find(" - ") != std::string::npos)
        Warn(Where(item), "", "'" + key + "' entry '" + word +
                                  "' contains ' - ': if these are two entries, give each its own line starting with '- ', "
                                  "lined up with the others");
      if (in_patterns) {
        WordListUse& use = lang_->word_lists[list];
        if (++use.entries > options_.max_word_list_entries) {
          // Stop here: the rest of the list is not kept (bounded memory), one error says why.
          Error(item, "", "'" + key + "' has more than " + std::to_string(options_.max_word_list_entries) +
                              " entries (max_word_list_entries): each entry is compiled into every pattern that uses the list; '" +
                              word + "' is entry " + std::to_string(use.entries));
          return;
        }
        if (const size_t bad = word.find_first_of(kPatternCharacters); bad != std::string::npos) {
          Error(item, "", "'" + key + "' entry '" + word + "' contains '" + word[bad] +
                              "': list entries are plain words, matched literally (write each form as its own entry)");
          continue;
        }
        use.bytes += PatternBytes(word);
        if (use.bytes > max_list_bytes) {
          Error(item, "", "'" + key + "' grows past " + std::to_string(max_list_bytes) +
                              " bytes of pattern (a quarter of max_expanded_pattern_bytes) at '" + word + "', entry " +
                              std::to_string(use.entries) + ": each entry is compiled into every pattern that uses the list");
          return;
        }
        use.last = Where(item);
      }
      out->push_back(word);
    }
  }

  void Examples(const YAML::Node& node, const std::string& rule, std::vector<RuleExample>* out) {
    if (!node.IsDefined()) return;
    if (!node.IsSequence()) { Error(node, rule, "'examples' must be a list"); return; }
    for (const auto& ex : node) {
      RuleExample e;
      e.where = Where(ex);
      if (ex.IsScalar()) { e.text = ex.Scalar(); out->push_back(e); continue; }
      if (!ex.IsMap()) { Error(ex, rule, "an example must be a string or a map with 'text'"); continue; }
      for (const auto& kv : ex) {
        const std::string k = kv.first.Scalar();
        if (k != "text" && k != "speaker" && k != "quote")
          Error(kv.first, rule, "unknown example key '" + k + "'" + Meant(k, {"text", "speaker", "quote"}) +
                                    " (expected text, speaker, quote)");
      }
      if (!Scalar(ex["text"], rule, "example 'text'", &e.text)) { Error(ex, rule, "an example needs 'text'"); continue; }
      Scalar(ex["speaker"], rule, "example 'speaker'", &e.speaker);
      Scalar(ex["quote"], rule, "example 'quote'", &e.quote);
      out->push_back(std::move(e));
    }
  }

  void Patterns(const YAML::Node& node, LanguagePack* lang) {
    if (!node.IsSequence()) { Error(node, "", "'patterns' must be a list"); return; }
    for (const auto& p : node) {
      if (!p.IsMap()) { Error(p, "", "a pattern must be a map with id, position, pattern"); continue; }
      AttributionPattern rule;
      rule.where = Where(p);
      if (!Scalar(p["id"], "", "'id'", &rule.id)) { Error(p, "", "pattern without an 'id'"); continue; }
      for (const auto& kv : p) {
        static const std::vector<std::string> kKeys = {"id", "position", "pattern", "confidence", "examples", "note"};
        if (std::find(kKeys.begin(), kKeys.end(), kv.first.Scalar()) == kKeys.end())
          Error(kv.first, rule.id, "unknown key '" + kv.first.Scalar() + "'" + Meant(kv.first.Scalar(), kKeys) +
                                       " (expected id, position, pattern, confidence, examples, note)");
      }
      std::string position;
      if (!Scalar(p["position"], rule.id, "'position'", &position)) { Error(p, rule.id, "missing 'position' (after, after_full_stop, before, sentence, fronted, verb_after or dialogue)"); continue; }
      if (position == "after") rule.position = Position::kAfter;
      else if (position == "before") rule.position = Position::kBefore;
      else if (position == "sentence") rule.position = Position::kSentence;
      else if (position == "dialogue") rule.position = Position::kDialogue;
      else if (position == "after_full_stop") rule.position = Position::kAfterFullStop;
      else if (position == "fronted") rule.position = Position::kFronted;
      else if (position == "verb_after") rule.position = Position::kVerbAfter;
      else { Error(p["position"], rule.id, "unknown position '" + position + "' (expected after, after_full_stop, before, sentence, fronted, verb_after or dialogue)"); continue; }
      if (!Scalar(p["pattern"], rule.id, "'pattern'", &rule.source) || rule.source.empty()) { Error(p, rule.id, "missing 'pattern'"); continue; }
      // Column of the pattern's first character, for placeholder errors inside it.
      rule.where = Where(p["pattern"]);
      if (p["pattern"].Tag() == "!") rule.where.column += 1;  // quoted scalar: skip the quote
      if (p["confidence"].IsDefined()) {
        try {
          rule.confidence = p["confidence"].as<double>();
          // Written so that NaN (".nan") fails too: every comparison with NaN is false.
          if (!(rule.confidence > 0 && rule.confidence <= 1))
            Error(p["confidence"], rule.id, "'confidence' must be a number in (0, 1], not " + p["confidence"].Scalar());
        } catch (const YAML::Exception&) { Error(p["confidence"], rule.id, "'confidence' must be a number"); }
      }
      Examples(p["examples"], rule.id, &rule.examples);
      auto same = std::find_if(lang->patterns.begin(), lang->patterns.end(), [&](const auto& r) { return r.id == rule.id; });
      if (same == lang->patterns.end() && !RoomForRule(p, rule.id, *lang)) return;
      NoteId(&layer_->patterns, lang->language, rule.id, Where(p), "pattern");
      rule.loaded = ++progress_->rules;
      if (same != lang->patterns.end()) *same = std::move(rule);
      else lang->patterns.push_back(std::move(rule));
    }
  }

  // Whether `lang` may take one more rule (max_patterns); if not, says so at `node` once: the
  // rest of the list is not read (bounded work), a replacement by id still would be.
  bool RoomForRule(const YAML::Node& node, const std::string& id, const LanguagePack& lang) {
    const size_t rules = lang.patterns.size() + lang.not_speech.size();
    if (rules < options_.max_patterns) return true;
    Error(node, id, "one rule too many: '" + lang.language + "' has " + std::to_string(rules) +
                        " patterns and not_speech rules already, all packs together (max_patterns is " +
                        std::to_string(options_.max_patterns) +
                        "); each is compiled on its own and into a first pass with the others. The rest of this list is not read");
    return false;
  }

  // Same id twice within one rules folder: the second silently replaced the first.
  void NoteId(std::map<std::string, SourceLocation>* seen, const std::string& language, const std::string& id,
              const SourceLocation& where, const std::string& what) {
    auto [it, first] = seen->emplace(language + "\n" + id, where);
    if (!first)
      Warn(where, id, "duplicate " + what + " id (also at " + Located(it->second) + "): this one replaces the other");
  }

  void NotSpeech(const YAML::Node& node, LanguagePack* lang) {
    if (!node.IsSequence()) { Error(node, "", "'not_speech' must be a list"); return; }
    for (const auto& p : node) {
      if (!p.IsMap()) { Error(p, "", "a not_speech rule must be a map with id, kind, before"); continue; }
      NotSpeechRule rule;
      rule.where = Where(p);
      if (!Scalar(p["id"], "", "'id'", &rule.id)) { Error(p, "", "not_speech rule without an 'id'"); continue; }
      for (const auto& kv : p) {
        static const std::vector<std::string> kKeys = {"id", "kind", "before", "quote", "after", "examples", "note"};
        if (std::find(kKeys.begin(), kKeys.end(), kv.first.Scalar()) == kKeys.end())
          Error(kv.first, rule.id, "unknown key '" + kv.first.Scalar() + "'" + Meant(kv.first.Scalar(), kKeys) +
                                       " (expected id, kind, before, quote, after, examples, note)");
      }
      std::string kind;
      Scalar(p["kind"], rule.id, "'kind'", &kind);
      if (kind == "title") rule.kind = QuoteKind::kTitle;
      else if (kind == "epithet") rule.kind = QuoteKind::kEpithet;
      else if (kind == "scare") rule.kind = QuoteKind::kScare;
      else if (kind == "headline") rule.kind = QuoteKind::kHeadline;
      // An exception to the rules after it: the quote is speech (direct or partial, as its place
      // says), and no later not_speech rule is asked ("Vega called the delay "regrettable"").
      else if (kind == "speech") rule.kind = QuoteKind::kPartial;
      else { Error(p["kind"].IsDefined() ? p["kind"] : p, rule.id, "'kind' must be title, epithet, scare, headline or speech"); continue; }
      if (!Scalar(p["before"], rule.id, "'before'", &rule.before_source) || rule.before_source.empty()) { Error(p, rule.id, "missing 'before' pattern"); continue; }
      Scalar(p["quote"], rule.id, "'quote'", &rule.quote_source);
      Scalar(p["after"], rule.id, "'after'", &rule.after_source);
      rule.where = Where(p["before"]);
      if (p["before"].Tag() == "!") rule.where.column += 1;  // quoted scalar: skip the quote
      Examples(p["examples"], rule.id, &rule.examples);
      auto same = std::find_if(lang->not_speech.begin(), lang->not_speech.end(), [&](const auto& r) { return r.id == rule.id; });
      if (same == lang->not_speech.end() && !RoomForRule(p, rule.id, *lang)) return;
      NoteId(&layer_->not_speech, lang->language, rule.id, Where(p), "not_speech rule");
      rule.loaded = ++progress_->rules;
      if (same != lang->not_speech.end()) *same = std::move(rule);
      else lang->not_speech.push_back(std::move(rule));
    }
  }

  // Line and column (1-based) of byte `offset` in `text`.
  void ErrorAt(std::string_view text, size_t offset, const std::string& message) {
    size_t line = 1, line_start = 0;
    for (size_t i = 0; i < offset && i < text.size(); ++i)
      if (text[i] == '\n') { ++line; line_start = i + 1; }
    diagnostics_->push_back({file_, line, offset - line_start + 1, "", message});
  }

  // A tab in the indentation: YAML allows only spaces there, and yaml-cpp's own message for it
  // ("illegal map value", "end of map not found") does not say so.
  bool NoTabIndentation(std::string_view text) {
    for (size_t line_start = 0; line_start < text.size();) {
      size_t i = line_start;
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) {
        if (text[i] == '\t') {
          ErrorAt(text, i, "tab in the indentation: YAML indents with spaces only (replace each tab with spaces)");
          return false;
        }
        ++i;
      }
      const size_t end = text.find('\n', line_start);
      line_start = end == std::string_view::npos ? text.size() : end + 1;
    }
    return true;
  }

  // One walk over the whole YAML tree, each node once: duplicate keys, and what aliases cost.
  // yaml-cpp keeps the first of two equal keys and drops the other without a word. An alias
  // (*name) is its anchor's node itself, not a copy, so the walk never repeats a node: walking
  // every reference, a "billion laughs" pack (ten aliases of ten aliases of ...) takes
  // 10^levels steps, and an anchor used inside itself never ends. But the loader copies what it
  // reads, so what an alias repeats is counted, as if written out (the node's bytes with all
  // its own aliases written out, memoised), against max_pack_bytes: `room` is what is left.
  // False when the pack must not be read further (a duplicate key, a cycle, aliases too large).
  bool WalkOnce(const YAML::Node& root, size_t room) {
    struct Walked {
      YAML::Node node;
      size_t written_out = 0;  // bytes of its scalars (and one per node) with every alias written out
      bool done = false;       // false while its children are walked: meeting it then is a cycle
    };
    std::vector<Walked> walked;
    // Nodes by where they start (a node and its aliases share one mark); rare distinct nodes
    // that start at one place are told apart by identity (Node::is).
    std::unordered_map<size_t, std::vector<size_t>> at;
    auto known = [&](const YAML::Node& node) -> size_t {
      for (size_t k : at[static_cast<size_t>(node.Mark().pos)])
        if (walked[k].node.is(node)) return k;
      return walked.size();
    };
    const auto saturated = [](size_t a, size_t b) { return a > SIZE_MAX / 2 - b ? SIZE_MAX / 2 : a + b; };
    struct Frame {
      size_t index;
      std::vector<YAML::Node> children;
      size_t next = 0;
    };
    std::vector<Frame> stack;  // a stack, not recursion: a deep pack is just a long list
    size_t repeated = 0;       // bytes that aliases repeat
    const size_t errors_before = diagnostics_->size();
    // Starts walking `node`; false when it is a cycle or its aliases take the pack past `room`.
    auto enter = [&](const YAML::Node& node, size_t* written_out) {
      const size_t k = known(node);
      if (k < walked.size()) {  // met before: an alias
        if (!walked[k].done) {
          Error(node, "", "an alias inside its own anchor: written out, this node would never end");
          return false;
        }
        *written_out = saturated(*written_out, walked[k].written_out);
        repeated = saturated(repeated, walked[k].written_out);
        if (repeated <= room) return true;
        Error(node, "", "written out, the aliases of this pack would make it more than " + std::to_string(room) +
                            " bytes, all that max_pack_bytes leaves for it, at an alias of the node here: each alias repeats all "
                            "its node holds (aliases of aliases multiply)");
        return false;
      }
      at[static_cast<size_t>(node.Mark().pos)].push_back(walked.size());
      walked.push_back({node, node.IsScalar() ? node.Scalar().size() + 1 : 1, false});
      Frame frame{walked.size() - 1, {}};
      if (node.IsSequence()) {
        for (const auto& item : node) frame.children.push_back(item);
      } else if (node.IsMap()) {
        std::map<std::string, YAML::Mark> seen;
        for (const auto& kv : node) {
          if (kv.first.IsScalar()) {
            auto [it, first] = seen.emplace(kv.first.Scalar(), kv.first.Mark());
            if (!first)
              Error(kv.first, "", "duplicate key '" + kv.first.Scalar() + "' (first at line " +
                                      std::to_string(it->second.line + 1) + "): one of them would be ignored");
          }
          frame.children.push_back(kv.first);
          frame.children.push_back(kv.second);
        }
      }
      stack.push_back(std::move(frame));
      return true;
    };
    size_t root_size = 0;
    if (!enter(root, &root_size)) return false;
    while (!stack.empty()) {
      Frame& frame = stack.back();
      if (frame.next == frame.children.size()) {
        walked[frame.index].done = true;
        const size_t size = walked[frame.index].written_out;
        stack.pop_back();
        if (!stack.empty()) walked[stack.back().index].written_out = saturated(walked[stack.back().index].written_out, size);
        continue;
      }
      const YAML::Node child = frame.children[frame.next++];
      if (!enter(child, &walked[frame.index].written_out)) return false;
    }
    progress_->pack_bytes += repeated;
    return diagnostics_->size() == errors_before;  // a duplicate key: which of the two did the editor mean?
  }

  void Read(std::map<std::string, LanguagePack>* languages, const std::string& dir_language) {
    std::string text;
    {
      // At most what max_pack_bytes has left: the file was measured, but may have grown since.
      const size_t room = options_.max_pack_bytes - std::min(options_.max_pack_bytes, progress_->pack_bytes);
      if (!ReadAtMost(file_, room, &text)) { diagnostics_->push_back({file_, 0, 0, "", "cannot read the file"}); return; }
      if (text.size() > room) { PackTooLarge(file_, text.size(), options_, *progress_, diagnostics_); return; }
      progress_->pack_bytes += text.size();
    }
    if (const size_t bad = FirstInvalidUtf8(text); bad != std::string::npos) {
      // Show the line as written (at most 100 bytes either side), each byte that is not UTF-8 as \xNN.
      const size_t line_start = bad == 0 || text.rfind('\n', bad - 1) == std::string::npos ? 0 : text.rfind('\n', bad - 1) + 1;
      const size_t from = std::max(line_start, bad > 100 ? bad - 100 : 0);
      const size_t to = std::min({text.find('\n', bad), bad + 100, text.size()});
      std::string shown;
      for (size_t i = from; i < to && i < text.size();) {
        const size_t invalid = FirstInvalidUtf8(std::string_view(text).substr(i, to - i));
        if (invalid == 0) {
          char hex[8];
          std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(text[i]));
          shown += hex;
          ++i;
          continue;
        }
        const size_t good = invalid == std::string_view::npos ? to - i : invalid;
        shown.append(text, i, good);
        i += good;
      }
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[bad]));
      ErrorAt(text, bad, std::string("not UTF-8 (byte ") + hex + " in \"" + Trimmed(shown) + "\"): save the rule pack as UTF-8 text");
      return;
    }
    if (!NoTabIndentation(text)) return;
    {
      // The editor's two silent mistakes: a quoted text never closed, a list item indented
      // more than the one before (YAML takes both, or fails far from them).
      const std::vector<PackLine> lines = PackLines(text);
      Problem problem;
      if (UnclosedQuote(text, lines, &problem) || IndentedListItem(lines, &problem)) {
        diagnostics_->push_back(
            {file_, problem.line, problem.column, "", problem.message + CaretUnder(text, problem.line, problem.column)});
        return;
      }
    }
    YAML::Node root;
    try {
      root = YAML::Load(text);
    } catch (const YAML::ParserException& e) {
      const size_t line = static_cast<size_t>(e.mark.line) + 1, column = static_cast<size_t>(e.mark.column) + 1;
      Diagnostic d{file_, line, column, "", PlainYamlError(e.msg, text, line) + CaretUnder(text, line, column)};
      diagnostics_->push_back(std::move(d));
      return;
    } catch (const YAML::Exception& e) {
      diagnostics_->push_back({file_, 0, 0, "", std::string("cannot read: ") + e.what()});
      return;
    }
    if (root.IsNull()) return;  // an empty pack is allowed
    if (!root.IsMap()) { Error(root, "", "a rule pack must be a map (pack:, language:, ...)"); return; }
    if (!WalkOnce(root, options_.max_pack_bytes - std::min(options_.max_pack_bytes, progress_->pack_bytes))) return;
    std::string language = dir_language;
    if (root["language"].IsDefined()) {
      if (!Scalar(root["language"], "", "'language'", &language)) return;
      if (!IsLanguageCode(language)) {
        Error(root["language"], "", "'language' must be a language code like en, sv or de (2 or 3 letters, optionally a region: en-GB), not '" + language + "'");
        return;
      }
    } else if (!language.empty() && !IsLanguageCode(language)) {
      Error(root, "", "the folder name '" + language + "' is not a language code (en, sv, de, ...): add 'language:' to the pack or rename the folder");
      return;
    }
    if (language.empty()) { Error(root, "", "missing 'language' (and the folder does not name one)"); return; }
    const std::string meant = LikelyMeant(language);
    // A language.yaml declares its language: known from here on (its folder was seen above).
    const bool declares = fs::path(file_).filename() == "language.yaml" && meant.empty();
    if (!known_languages_.count(language) && !languages->count(language) && !declares) {
      std::string known;
      for (const auto& code : known_languages_) known += (known.empty() ? "" : ", ") + code;
      const std::string knows = known.empty() ? "quoth knows no language here: the built-in packs were not found and no "
                                                "language.yaml of the folders loaded declares one"
                                              : "quoth knows " + known;
      Warn(root["language"].IsDefined() ? Where(root["language"]) : SourceLocation{file_, 1, 1}, "",
           "unknown language code '" + language + "' (" + knows + "): this pack starts a language of its own" +
               (meant.empty() ? "; a language.yaml in its folder declares a new language" : "; did you mean '" + meant + "'?"));
    }
    // Each language is compiled on its own and reads its own name tables (megabytes each).
    if (!languages->count(language) && languages->size() >= options_.max_languages) {
      Error(root["language"].IsDefined() ? root["language"] : root, "",
            "one language too many: '" + language + "' would be language " + std::to_string(languages->size() + 1) +
                " of this load (max_languages is " + std::to_string(options_.max_languages) +
                "); each is compiled on its own, with its own name tables. This pack is not read");
      return;
    }
    LanguagePack& lang = (*languages)[language];
    lang_ = &lang;
    lang.language = language;
    lang.files.push_back(file_);

    for (const auto& kv : root) {
      const std::string key = kv.first.Scalar();
      const YAML::Node& v = kv.second;
      std::vector<std::string> list;
      if (key == "pack" || key == "language" || key == "description") continue;
      if (key == "quote_marks") {
        if (!v.IsSequence()) { Error(v, "", "'quote_marks' must be a list of {open, close, family}"); continue; }
        for (const auto& m : v) {
          QuoteMarkPair pair;
          if (!m.IsMap() || !Scalar(m["open"], "", "'open'", &pair.open) || !Scalar(m["close"], "", "'close'", &pair.close)) {
            Error(m, "", "a quote mark needs 'open' and 'close'");
            continue;
          }
          if (pair.open.empty() || pair.close.empty()) {  // an empty mark would match everywhere (or crash)
            Error(pair.open.empty() ? m["open"] : m["close"], "", std::string("a quote mark's '") + (pair.open.empty() ? "open" : "close") + "' must not be empty");
            continue;
          }
          if (!Scalar(m["family"], "", "'family'", &pair.family)) pair.family = pair.open + pair.close;
          lang.marks.push_back(pair);
        }
      } else if (key == "dialogue_dashes") { StringList(v, key, &lang.dialogue_dashes);
      } else if (key == "abbreviations") { StringList(v, key, &list); lang.abbreviations.insert(list.begin(), list.end());
      } else if (key == "language_hints") { StringList(v, key, &list); lang.hints.insert(list.begin(), list.end());
      } else if (key == "hint_letters") { StringList(v, key, &lang.hint_letters);
      } else if (key == "capitalises_nouns") { Bool(v, key, &lang.capitalises_nouns);
      } else if (key == "verb_second") { Bool(v, key, &lang.verb_second);
      } else if (key == "compound_roles") { Bool(v, key, &lang.compound_roles);
      } else if (key == "genitive_s") { Bool(v, key, &lang.genitive_s);
      } else if (key == "headline_words") {
        std::string n;
        if (Scalar(v, "", "'headline_words'", &n) && !n.empty() && n.size() < 4 && n.find_first_not_of("0123456789") == std::string::npos)
          lang.headline_words = static_cast<size_t>(std::stoul(n));
        else
          Error(v, "", "'headline_words' must be a number of words (0-999), not '" + n + "'");
      } else if (key == "definite_endings_on_nouns") { Bool(v, key, &lang.definite_endings_on_nouns);
      } else if (key == "plural_endings") { StringList(v, key, &lang.plural_endings);
      } else if (key == "singular_endings") { StringList(v, key, &lang.singular_endings);
      } else if (key == "language_name") { Scalar(v, "", "'language_name'", &lang.language_name);
      } else if (key == "stemmer") { Scalar(v, "", "'stemmer'", &lang.stemmer);
      } else if (key == "lexicon") { Scalar(v, "", "'lexicon'", &lang.lexicon);
      } else if (key == "lexicon_into") { Scalar(v, "", "'lexicon_into'", &lang.lexicon_into);
      } else if (key == "definite_endings") { StringList(v, key, &lang.definite_endings);
      } else if (key == "compound_joints") { StringList(v, key, &lang.compound_joints);
      } else if (key == "lexicon_sources") {  // read by the table's build (tools/lexicon/build_lexicon.py)
        if (!v.IsSequence()) Error(v, "", "'lexicon_sources' must be a list of FreeDict dictionaries (deu-eng, swe-deu+deu-eng)");
      } else if (key == "lexicon_senses") {  // read by the table's build too
        std::string n;
        if (Scalar(v, "", "'lexicon_senses'", &n) && (n.empty() || n.find_first_not_of("0123456789") != std::string::npos))
          Error(v, "", "'lexicon_senses' must be a number of words, not '" + n + "'");
      } else if (key == "verbs") { StringList(v, key, &lang.verbs);
      } else if (key == "titles") { StringList(v, key, &lang.titles);
      } else if (key == "roles") { StringList(v, key, &lang.roles);
      } else if (key == "organisations") { StringList(v, key, &lang.organisations);
      } else if (key == "determiners") { StringList(v, key, &lang.determiners);
      } else if (key == "indefinite_determiners") { StringList(v, key, &lang.indefinite_determiners);
      } else if (key == "phrase_breaks") { StringList(v, key, &list); lang.phrase_breaks.insert(list.begin(), list.end());
      } else if (key == "speaker_follows") { StringList(v, key, &list); lang.speaker_follows.insert(list.begin(), list.end());
      } else if (key == "clause_joiners") { StringList(v, key, &list); for (auto& w : list) lang.clause_joiners.insert(ToLower(w));
      } else if (key == "speaks_for_roles") { StringList(v, key, &list); for (auto& w : list) lang.speaks_for_roles.insert(ToLower(w));
      } else if (key == "organisation_joiners") { StringList(v, key, &list); lang.organisation_joiners.insert(list.begin(), list.end());
      } else if (key == "source_words") { StringList(v, key, &list); for (auto& w : list) lang.source_words.insert(ToLower(w));
      } else if (key == "adjective_endings") { StringList(v, key, &list); lang.adjective_endings.insert(list.begin(), list.end());
      } else if (key == "reported_speech_words") { StringList(v, key, &list); for (auto& w : list) lang.reported_speech_words.insert(ToLower(w));
      } else if (key == "unnamed_report_phrases") { StringList(v, key, &list); for (auto& w : list) lang.unnamed_report_phrases.insert(ToLower(w));
      } else if (key == "age_roles") {
        StringList(v, key, &list);
        for (auto& w : list) lang.age_roles.push_back(ToLower(w.size() > 1 && w[0] == '-' ? w : "-" + w));
      } else if (key == "genitive_endings") { StringList(v, key, &lang.genitive_endings);
      } else if (key == "speaks_for_links") { StringList(v, key, &list); for (auto& w : list) lang.speaks_for_links.insert(ToLower(w));
      } else if (key == "relative_subjects") {
        if (!v.IsMap()) { Error(v, "", "'relative_subjects' must map person/organisation to lists"); continue; }
        for (const auto& g : v) {
          const std::string kind = g.first.Scalar();
          if (kind != "person" && kind != "organisation")
            Error(g.first, "", "unknown relative_subjects group '" + kind + "' (expected person, organisation)");
          std::vector<std::string> words;
          StringList(g.second, "relative_subjects." + kind, &words);
          for (auto& w : words) lang.relative_subjects[ToLower(w)] = kind;
        }
      } else if (key == "abstract_noun_endings") {
        StringList(v, key, &list);
        for (auto& w : list) lang.abstract_noun_endings.push_back(ToLower(w.size() > 1 && w[0] == '-' ? w.substr(1) : w));
      } else if (key == "carrier_words") { StringList(v, key, &list); for (auto& w : list) lang.carrier_words.insert(ToLower(w));
      } else if (key == "withheld_name_phrases") {
        StringList(v, key, &list);
        for (auto& w : list) lang.withheld_name_phrases.push_back(" " + ToLower(w) + " ");
      } else if (key == "person_nouns") { StringList(v, key, &list); for (auto& w : list) lang.person_nouns.insert(ToLower(w));
      } else if (key == "own_voice") { StringList(v, key, &list); for (auto& w : list) lang.own_voice.insert(ToLower(w));
      } else if (key == "place_words") { StringList(v, key, &list); for (auto& w : list) lang.place_words.insert(w);
      } else if (key == "place_openers") { StringList(v, key, &list); for (auto& w : list) lang.place_openers.insert(w);
      } else if (key == "organisation_openers") { StringList(v, key, &list); for (auto& w : list) lang.organisation_openers.insert(w);
      } else if (key == "run_on_openers") { StringList(v, key, &list); for (auto& w : list) lang.run_on_openers.insert(ToLower(w));
      } else if (key == "stopwords") { StringList(v, key, &list); for (auto& w : list) lang.stopwords.insert(w);
      } else if (key == "translations") {
        if (!v.IsMap()) { Error(v, "", "'translations' must map a word to a list of English words"); continue; }
        for (const auto& t : v) {
          std::vector<std::string> words;
          StringList(t.second, "translations." + t.first.Scalar(), &words);
          auto& slot = lang.translations[t.first.Scalar()];
          slot.insert(slot.end(), words.begin(), words.end());
        }
      } else if (key == "role_synonyms") {
        if (!v.IsSequence()) { Error(v, "", "'role_synonyms' must be a list of groups, each a list of role words ([skipper, captain])"); continue; }
        for (const auto& group : v) {
          std::vector<std::string> words;
          StringList(group, "role_synonyms", &words);
          if (words.size() < 2) { Error(group, "", "a group of 'role_synonyms' needs two words or more"); continue; }
          for (auto& w : words) w = ToLower(w);
          for (const auto& w : words)
            for (const auto& other : words)
              if (other != w) {
                auto& slot = lang.role_synonyms[w];
                if (std::find(slot.begin(), slot.end(), other) == slot.end()) slot.push_back(other);
              }
        }
      } else if (key == "not_names") { StringList(v, key, &list); lang.not_names.insert(list.begin(), list.end());
      } else if (key == "name_particles") { StringList(v, key, &list); lang.name_particles.insert(list.begin(), list.end());
      } else if (key == "non_person_articles") {
        StringList(v, key, &list);
        for (const auto& w : list) lang.non_person_articles.insert(ToLower(w));
      } else if (key == "organisation_words") {
        StringList(v, key, &list);
        for (auto& w : list) {
          if (w.size() > 1 && w[0] == '-') { lang.organisation_endings.push_back(ToLower(w.substr(1))); continue; }
          if (ToLower(w) == w) lang.organisation_words_after_name = true;
          lang.organisation_words.insert(w);
        }
      } else if (key == "document_words") {
        StringList(v, key, &list);
        for (auto& w : list)
          if (lang.document_words.insert(w)) lang.documents.push_back(w);
      } else if (key == "common_words" || key == "places") {
        // The name of a table built from Debian's data; a later pack's name replaces an earlier one.
        std::string table;
        if (!Scalar(v, "", "'" + key + "'", &table)) continue;
        if (table.find('/') != std::string::npos || table == "." || table == "..") {
          Error(v, "", "'" + key + "' names a table (like american-english), not a path: '" + table + "'");
          continue;
        }
        (key == "places" ? lang.places_table : lang.common_words_table) = table;
        (key == "places" ? lang.places_where : lang.common_words_where) = Where(v);
      } else if (key == "pronouns") {
        if (!v.IsMap()) { Error(v, "", "'pronouns' must map male/female/plural/neutral/speaker/unnamed to lists"); continue; }
        for (const auto& g : v) {
          const std::string gender = g.first.Scalar();
          if (gender != "male" && gender != "female" && gender != "plural" && gender != "speaker" && gender != "neutral" &&
              gender != "unnamed")
            Error(g.first, "", "unknown pronoun group '" + gender + "' (expected male, female, plural, neutral, speaker, unnamed)");
          std::vector<std::string> words;
          StringList(g.second, "pronouns." + gender, &words);
          for (auto& w : words) lang.pronoun_gender[w] = gender;
          // "someone" points back at no one: it opens no chain of a person's pronouns.
          if (!words.empty() && gender != "unnamed") lang.subject_pronouns.insert(words.front());
        }
      } else if (key == "first_names") {
        GenderLists(v, key, "names", "first-name", ": leave a name given to both sexes out", /*lower=*/false, &lang.first_name_gender);
      } else if (key == "gendered_words") {
        GenderLists(v, key, "words", "gendered-word", "", /*lower=*/true, &lang.word_gender);
      } else if (key == "define") {
        if (!v.IsMap()) { Error(v, "", "'define' must map placeholder names to patterns"); continue; }
        for (const auto& d : v) {
          const std::string name = d.first.Scalar();
          bool upper = !name.empty();
          for (char c : name) upper &= (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9');
          if (!upper) { Error(d.first, "", "placeholder names are UPPER_CASE: '" + name + "'"); continue; }
          std::string text;
          if (Scalar(d.second, name, "a definition", &text)) {
            lang.defines[name] = text;
            lang.define_where[name] = Where(d.first);
          }
        }
      } else if (key == "attribution_sieves") { Sieves(v, &lang);
      } else if (key == "patterns") { Patterns(v, &lang);
      } else if (key == "not_speech") { NotSpeech(v, &lang);
      } else {
        static const std::vector<std::string> kTopKeys = {
            "pack", "language", "description", "quote_marks", "dialogue_dashes", "abbreviations", "language_hints",
            "hint_letters", "capitalises_nouns", "verb_second", "compound_roles", "genitive_s", "headline_words",
            "definite_endings_on_nouns", "plural_endings", "singular_endings", "language_name", "stemmer", "lexicon",
            "lexicon_into", "definite_endings", "compound_joints", "lexicon_sources", "lexicon_senses", "verbs",
            "titles", "roles", "organisations", "determiners", "indefinite_determiners", "phrase_breaks",
            "speaker_follows", "clause_joiners", "speaks_for_roles", "speaks_for_links", "organisation_joiners", "source_words", "reported_speech_words", "unnamed_report_phrases", "adjective_endings", "genitive_endings", "age_roles", "person_nouns", "withheld_name_phrases", "carrier_words", "relative_subjects", "abstract_noun_endings", "own_voice", "run_on_openers", "place_words", "place_openers", "organisation_openers", "stopwords", "translations", "not_names",
            "name_particles", "non_person_articles", "organisation_words", "document_words", "common_words", "places",
            "pronouns", "first_names", "gendered_words", "role_synonyms", "define", "attribution_sieves", "patterns", "not_speech"};
        Error(kv.first, "", "unknown key '" + key + "'" + Meant(key, kTopKeys));
      }
    }
  }

 private:
  std::string file_;
  const RuleOptions& options_;
  LayerIds* layer_;
  LoadProgress* progress_;
  const std::set<std::string>& known_languages_;
  LanguagePack* lang_ = nullptr;  // the language being read into
  std::vector<Diagnostic>* diagnostics_;
  std::vector<Diagnostic>* warnings_;
};

bool IsYaml(const fs::path& p) { return p.extension() == ".yaml" || p.extension() == ".yml"; }

// Why `path` could not be followed, for an editor: a link loop and a link to nothing say so.
std::string CannotFollow(const fs::path& path, const std::error_code& ec) {
  std::error_code link_ec;
  if (ec == std::errc::too_many_symbolic_link_levels) return "a symbolic link loop (" + ec.message() + ")";
  if (fs::is_symlink(fs::symlink_status(path, link_ec)) && ec == std::errc::no_such_file_or_directory) {
    const fs::path target = fs::read_symlink(path, link_ec);
    return "a symbolic link to nothing (" + (link_ec ? ec.message() : target.string() + " does not exist") + ")";
  }
  return ec.message();
}

struct PackFile {
  fs::path path;
  std::string language;  // implied by the folder it is in; "" at the top of a rules folder
};

// The packs of a rules folder: its *.yaml files and those of its subfolders (one level down,
// the subfolder naming the language). Whatever quoth would read and cannot look at (a link
// loop, a link to nothing, a folder that cannot be listed, a pack that is not a regular file)
// is an error naming the path; other entries (README.md, .git) are nobody's business.
void ListPacks(const fs::path& dir, const std::string& language, bool top, std::vector<PackFile>* files,
               std::vector<Diagnostic>* diagnostics) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::path& path = it->path();
    const std::string name = path.filename().string();
    const bool read = IsYaml(path) || (top && IsLanguageCode(name));  // a pack, or a language folder
    std::error_code status_ec;
    const fs::file_status target = it->status(status_ec);  // through links
    if (status_ec) {
      if (read) diagnostics->push_back({path.string(), 0, 0, "", "cannot be read: " + CannotFollow(path, status_ec)});
      continue;
    }
    if (fs::is_directory(target)) {
      if (top) ListPacks(path, name, false, files, diagnostics);
    } else if (IsYaml(path)) {
      if (fs::is_regular_file(target)) files->push_back({path, language});
      else diagnostics->push_back({path.string(), 0, 0, "", "not read: not a regular file (a device, a pipe or a socket)"});
    }
  }
  if (ec) diagnostics->push_back({dir.string(), 0, 0, "", "cannot list the folder: " + CannotFollow(dir, ec)});
}

std::set<std::string> LanguageFolders(const std::string& dir) {
  std::set<std::string> codes;
  std::vector<PackFile> files;
  std::vector<Diagnostic> ignored;  // the built-in folder's problems are reported when it is loaded
  ListPacks(dir, "", true, &files, &ignored);
  for (const auto& file : files)
    if (IsLanguageCode(file.language)) codes.insert(file.language);
  return codes;
}

}  // namespace

void LoadRulePacks(const std::vector<std::string>& directories, const RuleOptions& options,
                   std::map<std::string, LanguagePack>* languages,
                   std::vector<Diagnostic>* diagnostics, std::vector<Diagnostic>* warnings,
                   const std::string& builtin_directory) {
  // Known: the built-in packs' languages (also when they are not loaded), and every language a
  // `language.yaml` declares in the folders loaded (an explicitly loaded copy of the built-in
  // packs, or a new language's folder), unless its code is a likely slip (`se` for `sv`).
  std::set<std::string> known = LanguageFolders(builtin_directory);
  for (const auto& dir : directories) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    std::vector<PackFile> files;
    std::vector<Diagnostic> ignored;  // reported when the folder is read below
    ListPacks(dir, "", true, &files, &ignored);
    for (const auto& file : files)
      if (file.path.filename() == "language.yaml" && IsLanguageCode(file.language) && LikelyMeant(file.language).empty())
        known.insert(file.language);
  }
  LoadProgress progress;
  for (const auto& dir : directories) {
    LayerIds layer;  // duplicate ids are a mistake within one folder, layering across folders
    std::vector<PackFile> files;
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) {
      diagnostics->push_back({dir, 0, 0, "", "cannot be read: " + CannotFollow(dir, ec)});
      continue;
    }
    if (fs::is_regular_file(status)) {  // a single pack file is accepted too
      files.push_back({dir, ""});
    } else if (fs::is_directory(status)) {
      ListPacks(dir, "", true, &files, diagnostics);
      if (files.empty()) warnings->push_back({dir, 0, 0, "", "no rule packs (*.yaml) in this folder or its language folders"});
    } else {
      diagnostics->push_back({dir, 0, 0, "", ec || !fs::exists(status) ? "rule directory does not exist" : "not a folder nor a file"});
      continue;
    }
    std::sort(files.begin(), files.end(), [](const PackFile& a, const PackFile& b) { return a.path < b.path; });
    for (const auto& [path, lang] : files) {
      // Measured before it is read: a file that would take the load past max_pack_bytes is not parsed.
      const uintmax_t bytes = fs::file_size(path, ec);
      if (ec) { diagnostics->push_back({path.string(), 0, 0, "", "cannot be read: " + CannotFollow(path, ec)}); continue; }
      if (bytes > options.max_pack_bytes - std::min(options.max_pack_bytes, progress.pack_bytes)) {
        PackTooLarge(path.string(), static_cast<size_t>(bytes), options, progress, diagnostics);
        continue;
      }
      PackReader(path.string(), options, &layer, &progress, known, diagnostics, warnings).Read(languages, lang);
    }
  }
}

}  // namespace quoth::detail
