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

// The longest run in `re` of one character, escape or class repeated side by side with a
// quantifier ("a?a?a?", "(?:[ab]{0,3})(?:[ab]{0,3})"; non-capturing groups do not end a run, as
// RE2 flattens them): RE2 merges such a run piece by piece in time that grows with its square
// or worse (80,000 "[ab]{0,3}" take a minute). 0 when nothing repeats with a quantifier.
size_t LongestQuantifiedRun(const std::string& re);

// LongestQuantifiedRun above which a regex is refused (1000 "a?" compile in a millisecond).
inline constexpr size_t kMaxQuantifiedRun = 1000;

}  // namespace quoth::detail
