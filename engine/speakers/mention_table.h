// The name mentions of one document and where each stands in its sentence: the read-only table
// every step of the attribution sieve consults. Built once per document from its text, rules
// and quotes (and the speakers of the quotes' tags); after that nothing writes it (the words before a mention are read on first
// request and kept, which changes no answer). One table serves one document on one thread.
#pragma once

#include <optional>
#include <vector>

#include "engine/quotes/quote_finder.h"
#include "engine/rules/compiled_rules.h"
#include "engine/speakers/names.h"
#include "engine/text/document.h"

namespace quoth::detail {

// What a mention is in its sentence, as the sieve weighs it when a pronoun or a description
// looks back for its person: the subject outranks the rest, a possessor or the object of a
// preposition is only in the background.
enum class MentionRole {
  kSubject,          // opens its sentence, perhaps after words that say what the person is ("Economist Ana Ruiz argues")
  kSubjectAfterOpener,  // opens it after an opening phrase ("On Sunday, Sen. Ann Holt …")
  kPossessor,        // owns what follows ("Holt's lawyer", "Cromwells insatser")
  kAfterPreposition, // the object of a preposition ("In a talk with host Ann Holt, …")
  kOther,            // anywhere else: an object, a list, a caption
};
const char* MentionRoleName(MentionRole role);

class MentionTable {
 public:
  using const_iterator = std::vector<NameMention>::const_iterator;
  using const_reverse_iterator = std::vector<NameMention>::const_reverse_iterator;

  MentionTable(const Document& doc, const LanguageRules& rules, const std::vector<QuoteCandidate>& quotes);
  // The last step of building, before any sieve reads the table: the names standing as the
  // speakers of the quotes' tags (`speakers`, the spans the tags matched) are persons.
  void MarkSpeakers(std::vector<Span> speakers);
  MentionTable(const MentionTable&) = delete;  // the entity table and the sieve point into it
  MentionTable& operator=(const MentionTable&) = delete;

  // The mentions, in document order.
  const std::vector<NameMention>& all() const { return mentions_; }
  size_t size() const { return mentions_.size(); }
  bool empty() const { return mentions_.empty(); }
  const NameMention& operator[](size_t i) const { return mentions_[i]; }
  const NameMention* data() const { return mentions_.data(); }
  const_iterator begin() const { return mentions_.begin(); }
  const_iterator end() const { return mentions_.end(); }
  const_reverse_iterator rbegin() const { return mentions_.rbegin(); }
  const_reverse_iterator rend() const { return mentions_.rend(); }
  // The index of a mention of this table.
  size_t IndexOf(const NameMention& m) const { return static_cast<size_t>(&m - mentions_.data()); }

  // The first mention whose `field` (sentence, paragraph) is at least `value`.
  size_t FirstMentionOf(size_t NameMention::*field, size_t value) const;
  // The mention that starts at `offset`, or null.
  const NameMention* MentionAt(size_t offset) const;
  // Reverse iterator at the last mention that starts before `offset`.
  const_reverse_iterator MentionsBefore(size_t offset) const;
  // The person named in apposition right after `offset` ("The leader of the Greens, Thomas
  // Wegener, warned"), or null.
  const NameMention* AppositionNameAfter(size_t offset) const;
  // The span of a name set off by commas after an article, right after `offset` ("Der
  // Veranstalter, die Hanseatic Darts Tour, teilte mit"): capitalised words that name no person
  // the table knows, an organisation. Empty when there is none.
  Span AppositionOrganisationAfter(size_t offset) const;
  // The person named right after `offset`, perhaps past a few role words ("her former foreign
  // minister Boris Johnson"), or null.
  const NameMention* NameRightAfter(size_t offset) const;
  // The person named after `offset` past a joining word and a few lower-case words ("the
  // mother| of murdered teen Ana Ruiz", "the lawyer| for Tom Berg"): the pack's
  // `organisation_joiners`. Null when none is, or when the language lists no joiners.
  const NameMention* NameJoinedAfter(size_t offset) const;
  // Is mention `m` followed by a lower-case role, which it only qualifies ("Lumora co-founder
  // Renata Lind", "Labour leader Ann Holt")? The person of the sentence is someone else. (Not
  // a spokesperson's: "A Polarline spokesperson said" is the organisation speaking.)
  bool QualifiesRoleAfter(const NameMention& m) const;
  // Does `offset` start its sentence (after any quote marks or dashes)?
  bool OpensSentence(size_t offset) const;
  // The words of mention `m`'s sentence before it.
  const std::vector<Span>& WordsBefore(const NameMention& m) const;

  // Where mention `m` stands.
  MentionRole RoleOf(const NameMention& m) const;
  bool OpensAfterOpeningPhrase(const NameMention& m) const;
  bool AppositionSubject(const NameMention& m) const;
  bool OpensSentenceAsSubject(const NameMention& m) const;
  // Where the verb comes second: the subject right after the verb of a sentence that opens with
  // an adverbial ("Själv vill Lovisa Brand inte ge upp", "I går sa Anna Berg …").
  bool SubjectAfterFrontedVerb(const NameMention& m) const;
  bool GenitiveOwner(const NameMention& m) const;
  // `agent_too`: a preposition a speaker may follow ("by", "according to") counts as well.
  bool AfterPreposition(const NameMention& m, bool agent_too = false) const;

 private:
  std::string_view GenderBeside(const NameMention& m) const;

  const Document& doc_;
  const LanguageRules& rules_;
  std::vector<NameMention> mentions_;
  mutable std::vector<std::optional<std::vector<Span>>> words_before_;  // by mention, read on first request
};

}  // namespace quoth::detail
