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

// At least as many nodes as RE2's parser makes of `re` (which need not compile). RE2's
// simplifier gives up on a tree of more than a million nodes and prints internal errors to
// stderr, whatever RE2::Options say, so quoth never hands RE2 a regex this may put past that.
size_t Re2NodesBound(const std::string& re);

// Re2NodesBound above which a regex is refused: RE2's walkers stop at 1,000,000 nodes.
inline constexpr size_t kMaxRe2Nodes = 800000;

}  // namespace quoth::detail
