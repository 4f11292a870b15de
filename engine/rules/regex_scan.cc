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

}  // namespace quoth::detail
