// The rule packs compiled: per language, the pack (language_pack.h) with the lookups built
// from it and its matcher (rule_matcher.h). Built once by RuleSet::Load, read-only afterwards
// (RE2 and RE2::Set matching are const and thread-safe).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/rules/language_pack.h"
#include "engine/rules/quote_marks.h"
#include "engine/rules/rule_matcher.h"
#include "engine/text/byte_set.h"
#include "engine/text/text_cache.h"
#include "engine/text/word_filter.h"
#include "engine/text/word_set.h"

#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth::detail {

// A language's rules compiled: the pack (what the YAML said, kept as it was read) and what is
// built from it once, by CompileLanguage and LoadNameTables: lookups, the quote marks' table
// and the matcher. Read-only afterwards; the stages see it through `const LanguageRules&`.
struct LanguageRules {
  LanguagePack pack;  // what the YAML said
  // Keys the per-thread memos of results computed with these rules (text_cache.h); unique for
  // the process, so a later rule set can never be answered from this one's memos.
  MemoOwnerId memo_id;
  size_t longest_hint = 0;  // bytes: longer words need no lookup

  // Lower-case lookups for the speaker stage.
  WordSet title_words;    // every word of every title, lower-case
  WordSet titles_of_several_words;  // the titles of two words or more, lower-case ("prime minister")
  WordSet role_words;
  WordSet organisation_names;  // lower-case, without a leading "the"
  WordSet organisation_last_words;  // the last word of each, lower-case: a quick first test
  // Lower-case forms of the entries written capitalised ("Polisen", "the Kremlin"): institutions
  // of their own, which "polisen" names rather than refers back to another organisation with.
  WordSet named_institutions;
  // The lower-case entries, without "the " ("company", "myndigheten", "organisationen"): nouns
  // for an organisation. A name described by one ("hjälporganisationen World Vision", "the
  // company Northwind") is an organisation's.
  std::vector<std::string> organisation_nouns;
  WordSet organisation_noun_set;  // the same, for exact lookups
  WordSet determiner_words;
  WordSet indefinite_words;

  // The tables the pack names, read (engine/rules/name_tables.h). Empty when a pack names
  // none or the table is missing: names are then told from words as before.
  WordSet common_words;  // lower case: words the dictionary lists only in lower case
  WordSet places;        // countries and their subdivisions, as written ("Manitoba", "Sverige")
  WordFilter common_words_filter, places_filter;  // asked first: the tables are megabytes

  QuoteMarks quote_marks;  // the pack's quote-mark pairs as a table

  // The patterns and not_speech rules compiled, with their first passes and the verb
  // prefilter: what the quote finder and attribution match with.
  RuleMatcher matcher;
};

struct CompiledRules {
  std::map<std::string, LanguageRules> languages;
  std::vector<Diagnostic> warnings;  // what loaded but is probably not what the editor meant
  std::string data_directory;        // RuleOptions::data_directory ("" = found as data_paths.h says)
  bool best_effort = false;          // RuleOptions::best_effort: missing tables are warnings
  const LanguageRules* Find(const std::string& lang) const {
    auto it = languages.find(lang);
    return it == languages.end() ? nullptr : &it->second;
  }
};

// `lower` (lower case) without a leading word of `articles` ("the kremlin" -> "kremlin" when
// the pack lists "the" as a non-person article).
inline std::string WithoutLeadingArticle(std::string lower, const WordSet& articles) {
  const size_t space = lower.find(' ');
  if (space != std::string::npos && space + 1 < lower.size() && articles.count(std::string_view(lower).substr(0, space)))
    lower.erase(0, space + 1);
  return lower;
}

}  // namespace quoth::detail
