// A set of words that can be asked about a string_view without building a std::string:
// the hot paths look words up straight in the document's bytes.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace quoth::detail {

struct WordHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

using WordSet = std::unordered_set<std::string, WordHash, std::equal_to<>>;

}  // namespace quoth::detail
