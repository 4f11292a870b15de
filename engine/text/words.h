// Words for linking: the lower-cased words of a quote, and the words that say what a whole
// article is about (its "story words").
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/text/word_set.h"

namespace quoth::detail {

// Words of a text: lower case, apostrophes unified, punctuation and editorial brackets
// ("There [are] still") dropped.
std::vector<std::string> LinkWords(std::string_view text);

// The distinct words of a document that are not stopwords, lower case, in order of first
// appearance; at most `limit` of them. Numbers are kept; one-letter words are not. Words inside
// `skip` (sorted, non-overlapping byte spans: the quotes) are left out, so that two articles
// are not one story merely because they quote the same words.
std::vector<std::string> StoryWords(std::string_view text, const WordSet& stopwords, size_t limit,
                                    const std::vector<std::pair<size_t, size_t>>& skip = {});

}  // namespace quoth::detail
