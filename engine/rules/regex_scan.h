// Reading the structure of an RE2 pattern as text: where classes and groups end, and the
// top-level alternatives. Used to cut patterns into pieces (speaker_plan.cc) and to see how
// they are anchored (pattern_compiler.cc). Patterns here already compile, so they are well
// formed; escapes and character classes are skipped, as RE2 reads them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace quoth::detail {

// Index of the ']' that ends the character class opening at s[i] == '['.
size_t ClassEnd(const std::string& s, size_t i);

// Index of the ')' closing the '(' at s[open], or npos.
size_t ClosingParen(const std::string& s, size_t open);

// The top-level alternatives of `re` ("a|(?:b|c)|d" -> a, (?:b|c), d); one when there is no '|'.
std::vector<std::string> TopLevelAlternatives(const std::string& re);

}  // namespace quoth::detail
