#include "engine/rules/regex_scan.h"

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

}  // namespace quoth::detail
