#include "engine/rules/regex_scan.h"

#include <algorithm>

namespace quoth::detail {

size_t ClassEnd(const std::string& s, size_t i) {
  size_t k = i + 1;
  if (k < s.size() && s[k] == '^') ++k;
  if (k < s.size() && s[k] == ']') ++k;  // a leading ']' is a member
  for (; k < s.size() && s[k] != ']'; ++k)
    if (s[k] == '\\') ++k;
  return k;
}

size_t ClosingParen(const std::string& s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\\') { ++i; continue; }
    if (c == '[') { i = ClassEnd(s, i); continue; }
    if (c == '(') ++depth;
    if (c == ')' && --depth == 0) return i;
  }
  return std::string::npos;
}

std::vector<std::string> TopLevelAlternatives(const std::string& re) {
  std::vector<std::string> out;
  int depth = 0;
  size_t from = 0;
  for (size_t i = 0; i < re.size(); ++i) {
    const char c = re[i];
    if (c == '\\') { ++i; continue; }
    if (c == '[') { i = ClassEnd(re, i); continue; }
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == '|' && depth == 0) { out.push_back(re.substr(from, i - from)); from = i + 1; }
  }
  out.push_back(re.substr(from));
  return out;
}

// Nodes: a run of literal characters is one (RE2 joins them into a string), an escape, a class,
// '^', '$' or '.' is one; a group one (its capture, or the concatenation inside); a quantifier
// two (it may split the last character off a run). An alternative four: an empty match, and
// RE2's factoring of common prefixes adds up to three nodes each time it merges alternatives.
size_t Re2NodesBound(const std::string& re) {
  size_t nodes = 1;  // the top-level concatenation
  bool in_run = false;
  for (size_t i = 0; i < re.size(); ++i) {
    const char c = re[i];
    if (c == '\\' && i + 1 < re.size()) {
      const char e = re[i + 1];
      if (e == 'Q') {  // \Q...\E: a literal string
        const size_t end = re.find("\\E", i + 2);
        i = end == std::string::npos ? re.size() : end + 1;
      } else if ((e == 'x' || e == 'p' || e == 'P') && i + 2 < re.size() && re[i + 2] == '{') {
        const size_t close = re.find('}', i + 2);
        i = close == std::string::npos ? re.size() : close;
      } else {
        i += (e == 'p' || e == 'P') ? 2 : 1;
      }
      ++nodes;
      in_run = false;
      continue;
    }
    if (c == '[') {
      i = ClassEnd(re, i);
      ++nodes;
      in_run = false;
      continue;
    }
    if (c == '*' || c == '+' || c == '?' || (c == '{' && i + 1 < re.size() && re[i + 1] >= '0' && re[i + 1] <= '9')) {
      if (c == '{') i = std::min(re.find('}', i), re.size());
      nodes += 2;
      in_run = false;
      continue;
    }
    if (c == '|') { nodes += 4; in_run = false; continue; }
    if (c == ')') { in_run = false; continue; }
    if (c == '(' || c == '^' || c == '$' || c == '.') { ++nodes; in_run = false; continue; }
    if (!in_run) ++nodes;
    in_run = true;
  }
  return nodes;
}

size_t LongestQuantifiedRun(const std::string& re) {
  size_t longest = 0, run = 0;
  bool quantified = false;   // the run has a quantifier in it
  std::string last;          // the atom the run repeats
  std::vector<bool> capturing;  // open groups: true for those that end a run (captures)
  auto end_run = [&] { run = 0; quantified = false; last.clear(); };
  for (size_t i = 0; i < re.size();) {
    const char c = re[i];
    if (c == '(') {
      const bool plain = re.compare(i, 3, "(?:") == 0;
      capturing.push_back(!plain);
      if (!plain) end_run();
      i += plain ? 3 : 1;
      continue;
    }
    if (c == ')') {
      if (capturing.empty() || capturing.back()) end_run();
      if (!capturing.empty()) capturing.pop_back();
      ++i;
      continue;
    }
    if (c == '|' || c == '^' || c == '$') { end_run(); ++i; continue; }
    // One atom: an escape, a class or one (UTF-8) character.
    size_t end = i + 1;
    if (c == '\\' && i + 1 < re.size()) {
      const char e = re[i + 1];
      if ((e == 'x' || e == 'p' || e == 'P') && i + 2 < re.size() && re[i + 2] == '{') end = std::min(re.find('}', i), re.size() - 1) + 1;
      else end = std::min(i + ((e == 'p' || e == 'P') ? 3 : 2), re.size());
    } else if (c == '[') {
      end = std::min(ClassEnd(re, i), re.size() - 1) + 1;
    } else {
      while (end < re.size() && (static_cast<unsigned char>(re[end]) & 0xC0) == 0x80) ++end;
    }
    std::string atom = re.substr(i, end - i);
    i = end;
    bool has_quantifier = false;
    if (i < re.size() && (re[i] == '?' || re[i] == '*' || re[i] == '+')) {
      has_quantifier = true;
      ++i;
    } else if (i + 1 < re.size() && re[i] == '{' && re[i + 1] >= '0' && re[i + 1] <= '9') {
      has_quantifier = true;
      i = std::min(re.find('}', i), re.size() - 1) + 1;
    }
    if (has_quantifier && i < re.size() && re[i] == '?') ++i;  // lazy
    if (atom == last) {
      ++run;
    } else {
      run = 1;
      quantified = false;
      last = std::move(atom);
    }
    quantified = quantified || has_quantifier;
    if (quantified) longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace quoth::detail
