// Person and organisation names in a document, and the entities they form.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/quotes/quote_finder.h"
#include "engine/rules/compiled_rules.h"
#include "engine/text/document.h"
#include "engine/text/tokens.h"
#include "engine/text/word_set.h"

namespace quoth::detail {

// What a phrase in speaker position is.
enum class PhraseType { kNone, kPronoun, kOrganisation, kName, kDescription };

struct SpeakerPhrase {
  PhraseType type = PhraseType::kNone;
  Span core;                       // the name / pronoun / description words
  std::vector<std::string> name;   // name tokens ("Dmitry", "Peskov")
  std::string joined;              // the name tokens joined by spaces (the entity table's key)
  std::vector<std::string> roles;  // lower-case title, role and adjective words before the name
  std::string gender;              // pronoun gender (male, female, plural)
  bool definite = false;           // description: "the …" / "den …" / a Swedish definite noun
  bool indefinite = false;         // description: "a …" / "ein …" (an indefinite determiner)
  // An organisation named by its kind alone, after a definite article ("der Verband", "das
  // Institut"): the one the article named before, like "the company".
  bool generic_organisation = false;
  // A name that opens with particles ("von Albersdorf" after "sagte", where "von" is also a
  // preposition): a person only where the document names them in full.
  bool particle_led = false;
};

// Reads a captured speaker phrase: "Kremlin spokesman Dmitry Peskov", "he", "the Kremlin",
// "the Belarusian leader", "presidenten". `sentence_initial`: the phrase opens its sentence, so
// its first word is capitalised whatever it is ("Glaciologist Elsa Brandberg said").
SpeakerPhrase ParseSpeakerPhrase(std::string_view text, Span s, const LanguageRules& rules,
                                 bool sentence_initial = false);
// The same parse without a copy: the memo's own, with `core` relative to s.start.
std::shared_ptr<const SpeakerPhrase> ParseSpeakerPhraseShared(std::string_view text, Span s, const LanguageRules& rules,
                                                              bool sentence_initial);

struct NameMention {
  Span span;                       // the name tokens only
  std::shared_ptr<const SpeakerPhrase> phrase;  // its parse, shared with the per-thread memo
  size_t sentence = 0;
  size_t paragraph = 0;
  bool person_like = false;        // titled, two or more name words, or a known speaker
  bool place = false;              // a country or a subdivision ("Manitoba", "South Carolina")
  bool organisation = false;       // "the National Weather Service", "Wells Fargo Bank", "Malmö kommun"
  // "male" or "female" where a title or a word for kin beside the name says so ("Ms Dunstall",
  // "his daughter, Síle Geraghty"); empty when nothing does. Views the pack's `gendered_words`.
  std::string_view gender;
  const std::vector<std::string>& name() const { return phrase->name; }
  const std::vector<std::string>& roles() const { return phrase->roles; }  // lower-case titles and roles before it
  const std::string& joined() const { return phrase->joined; }
};

// A noun for an organisation as written ("Gemeinde", "Company"), or a compound ending in one of
// the pack's organisation endings ("Wirtschaftsministerium").
bool IsOrganisationNounOrCompound(std::string_view word, const LanguageRules& rules);
// Does `s` end in a genitive ("Holt's", "Holt’s", "Nurses'")?
bool IsPossessive(std::string_view s);
// `s` without its genitive ending, if it has one ("Holt's" -> "Holt").
std::string StripPossessive(std::string s);
// Is the lower-case `lower` an age used as a role ("74-year-old", the pack's `age_roles`)?
bool IsAgeRole(std::string_view lower, const LanguageRules& rules);
// Is the lower-case `lower` one of the pack's title or role words?
bool IsRoleOrTitle(std::string_view lower, const LanguageRules& rules);
// A sentence word, not a name: listed in `not_names`, or a compound that starts with one.
bool IsNotName(std::string_view w, const LanguageRules& rules);
// A role or title, or where roles join into compounds one ending in a role ("förbundsordföranden").
bool IsRoleOrCompoundRole(std::string_view lower, const LanguageRules& rules);
// Is the lower-case `lower` in `words`, or, where nouns join (`compounds`), a compound whose head
// of four letters or more is ("polizeisprecher" of "sprecher", "pappschild" of "schild")?
bool InWordsOrCompoundHead(const WordSet& words, std::string_view lower, bool compounds);
// Is `w` a common word of the language: listed in the pack's dictionary table in lower case only
// ("knowing", "unlike"; not "trump", listed as "Trump" too)? False without a table.
bool IsCommonWord(std::string_view w, const LanguageRules& rules);
// Does `between` (the text between two words) set what follows off as an apposition: a comma or
// a dash ("Ann Holt, a lawyer", "Chris Christie – a Dallas Cowboys fan –")?
bool SetsOff(std::string_view between);
// Does the name end with one of the pack's organisation words or endings ("Wells Fargo Bank",
// "Läkemedelsverket"), or open with one of its organisation openers ("FC Rheinstetten")?
bool IsOrganisationName(const std::vector<std::string>& name, const LanguageRules& rules);
bool IsOrganisationWord(std::string_view last, const LanguageRules& rules);
// The gender the first of `lower_words` that the pack's `gendered_words` lists gives ("ms",
// "wife"), or empty.
std::string_view GenderOfWords(const std::vector<std::string>& lower_words, const LanguageRules& rules);
// The same for the word at `w` of `text`, as written ("wife", "Mr", "Tochter").
std::string_view GenderOfWordAt(std::string_view text, Span w, const LanguageRules& rules);
// A person's gender by their given names: the first word but the last of `name` that the pack's
// `first_names` list ("Otis Lyle", "Mary Kay Henry"), or empty.
std::string_view GenderOfGivenNames(const std::vector<std::string>& name,
                                    const std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>& first_names);

// Is `joined` (a name's words joined by spaces) a country or subdivision of the places table?
bool IsPlaceName(std::string_view joined, const LanguageRules& rules);
// ... or a name of two or more words that the pack's `place_words` end or `place_openers` open
// ("Tessik Lake", "Fort Merrin").
bool IsPlaceName(const std::vector<std::string>& name, std::string_view joined, const LanguageRules& rules);

// Every capitalised name run outside quotes, in document order. The first word of a sentence
// is capitalised whatever it is: when the dictionary lists it only in lower case ("Knowing
// Berg as I do", "Unlike Lund"), it is a name only on evidence - the run is the subject of a
// speech verb ("Ban Ki-moon said"), or the document writes the word capitalised inside a name
// elsewhere ("Secretary-General Ban Ki-moon"). Without it, the word is dropped from the run.
std::vector<NameMention> FindNameMentions(const Document& doc, const LanguageRules& rules,
                                          const std::vector<QuoteCandidate>& quotes);

struct EntityRecord {
  std::vector<std::string> name;   // canonical tokens
  std::string joined;              // JoinName(name), kept: every quote of the entity needs it
  EntityKind kind = EntityKind::kPerson;
  std::vector<std::string> roles;
  std::vector<size_t> role_at;     // by role: the offset where the text first gives it
  std::vector<size_t> mention_at;  // where the document's name mentions of it start, in order
  std::vector<std::string> aliases;
  std::string gender;
  size_t mentions = 0;
  size_t first_offset = 0;
};

// Groups name forms into entities: a form joins the fullest person name of the document that
// ends with it ("Peskov" -> "Dmitry Peskov"); the fullest form is the canonical name. A lone
// first name that no name ends with joins the one person of the document with that first name
// ("Maya" -> "Maya Lindqvist" in a feature that calls her by it); with two such, it stays apart.
class EntityTable {
 public:
  EntityTable() = default;
  // The mentions' parses must outlive the table: it indexes their names without copying.
  // `first_name_gender`, when given: the pack's `first_names`, which tell a full name's gender.
  explicit EntityTable(const std::vector<NameMention>& mentions,
                       const std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>* first_name_gender = nullptr);
  // Entity index for a name (created if new). `person` marks it as a person. `gender`, when
  // known ("Ms Dunstall"), picks among the people whose names end alike the one it fits.
  size_t Resolve(const std::vector<std::string>& name, EntityKind kind, size_t offset, std::string_view gender = {});
  // The same, when the caller already has JoinName(name).
  size_t Resolve(const std::vector<std::string>& name, std::string_view joined, EntityKind kind, size_t offset,
                 std::string_view gender = {});
  // A mention's entity, with the gender its title or kin word gives.
  size_t Resolve(const NameMention& m, EntityKind kind) { return Resolve(m.name(), m.joined(), kind, m.span.start, m.gender); }
  EntityRecord& at(size_t i) { return entities_[i]; }
  const EntityRecord& at(size_t i) const { return entities_[i]; }
  size_t size() const { return entities_.size(); }
  // The person-like name forms of the document, joined ("Maria Lindqvist", "Lindqvist").
  const std::vector<std::string_view>& person_names() const { return full_joined_; }
  // Gives entity `e` the role `role`, which the text gives it at `offset` (the first offset is kept).
  void AddRole(size_t e, const std::string& role, size_t offset);
  // Entity whose roles, given before `before`, best match `roles`, or npos; of equals, the one
  // named last before `before` (the one in focus). With `compound_roles`, a role also fits the
  // compounds it ends ("minister" fits "gesundheitsminister").
  size_t ByRoles(const std::vector<std::string>& roles, bool compound_roles = false, size_t before = static_cast<size_t>(-1)) const;
  // The person mentioned most often (ties: first mentioned), or npos.
  size_t MostMentioned() const;

 private:
  // Index of a person-like form in full_names_, created when new.
  // `offset`: where the text writes it.
  size_t AddFullName(const std::vector<std::string>& name, std::string_view joined,
                     const std::unordered_map<std::string, std::string, WordHash, std::equal_to<>>* first_name_gender, size_t offset);
  // The fullest organisation name of the document that `name` opens or ends ("Tessaline" of
  // "Tessaline Inc.", "Haldenburg" of "Stadt Haldenburg"), when only one is fullest; else null.
  const std::vector<std::string>* OrganisationOpenedBy(const std::vector<std::string>& name) const;
  // Does the document write `word` last in a name of two or more words that is no organisation's
  // ("Voll" of "Per Voll")? Such a word is a surname, not an organisation's short form.
  bool WrittenAsSurname(std::string_view word) const;
  // Is `name` a trailing form of some person-like form ("Peskov" of "Dmitry Peskov")?
  bool EndsSomeFullName(const std::vector<std::string>& name) const;

  // The person-like name forms of the document. They point into the mentions' shared parses,
  // which outlive the table (see the constructor), so building the index copies no strings.
  std::vector<const std::vector<std::string>*> full_names_;
  std::vector<size_t> full_counts_;
  std::vector<std::string_view> full_gender_;  // by full name: "male", "female" or empty
  std::vector<bool> full_given_;  // by full name: it opens with a given name the pack lists ("David Oyelaran")
  std::vector<size_t> full_first_at_;  // by full name: where the text first writes it
  std::vector<std::string_view> full_joined_;  // JoinName of each full name
  std::unordered_map<std::string_view, size_t, WordHash> full_index_;  // joined form -> index
  std::unordered_map<std::string_view, std::vector<size_t>, WordHash> full_by_last_;  // last token -> indices
  std::unordered_map<std::string_view, std::vector<size_t>, WordHash> full_by_first_;  // first token of 2+ -> indices
  // The organisation names of the document ("Tessaline Inc."), for the short forms that open them.
  std::vector<const std::vector<std::string>*> organisation_names_;
  std::vector<std::string_view> organisation_edges_;  // their first and last words (a few: a vector)
  std::unordered_map<std::string_view, const std::vector<std::string>*, WordHash> acronyms_;  // "FPRB" -> the name it shortens
  const std::vector<NameMention>* mentions_;  // the mentions the table was built from (they outlive it)
  std::vector<EntityRecord> entities_;
  std::unordered_map<std::string, size_t, WordHash, std::equal_to<>> entity_index_;  // joined canonical name -> index
};

std::string JoinName(const std::vector<std::string>& tokens);

// The person names of two or more words in a text with no quotes (AttributionResult's
// full_person_names, for a segment of a long document that Attribute had no quote to read).
std::vector<std::string> FullPersonNames(const Document& doc, const LanguageRules& rules);
// The same, from the entity table of a text the resolver read.
std::vector<std::string> FullPersonNames(const EntityTable& entities);

// Does `part` end `full` with its particle capitalised where it leads ("Van Rensburg" of "Johan van
// Rensburg", "De Vries" of "Anna de Vries")?
bool EndsWithParticleCapitalised(const std::vector<std::string>& full, const std::vector<std::string>& part);

// Is `part` a trailing form of `full` ("Peskov" of "Dmitry Peskov"; "Van Rensburg" of "Johan van
// Rensburg", a small particle capitalised where it leads)? Inline: asked for every pair of names.
inline bool EndsWithName(const std::vector<std::string>& full, const std::vector<std::string>& part) {
  if (full.size() < part.size()) return false;
  if (std::equal(part.rbegin(), part.rend(), full.rbegin())) return true;
  return part.size() >= 2 && EndsWithParticleCapitalised(full, part);
}

}  // namespace quoth::detail
