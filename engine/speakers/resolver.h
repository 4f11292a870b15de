// The resolver: who said each speech quote of a document. A sieve of strategies, tried in a
// fixed order of trust (resolver.cc); the first that answers wins. The strategies live by
// family: the quote's own tag (tag_strategies.cc), the quotes and paragraphs around it
// (context_strategies.cc). What a tag's speaker phrase refers to (speaker_phrase.cc, pronouns.cc,
// descriptions.cc) serve them, reading the document's mentions and where each stands in its sentence
// from the read-only MentionTable (mention_table.h).
//
// Entities are carried by their index in the document's entity table; Attribute gives the
// public ids, in order of first quote, to those that speak.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/quotes/quote_finder.h"
#include "engine/rules/compiled_rules.h"
#include "engine/rules/sieve.h"
#include "engine/speakers/mention_table.h"
#include "engine/speakers/names.h"
#include "engine/speakers/tag_match.h"
#include "engine/text/document.h"
#include "quoth/types.h"

namespace quoth::detail {

// Does `gender` (of a pronoun, title or name) tell a person's sex: "male" or "female", not
// "plural" or unknown?
inline bool Gendered(std::string_view gender) { return gender == "male" || gender == "female"; }

class Resolver {
 public:
  Resolver(const Document& doc, const LanguageRules& rules, const std::vector<QuoteCandidate>& quotes, bool explain);

  // Gives each speech quote of `out` (one per candidate) its speaker; with explain, a quote left
  // without one lists why each candidate was refused.
  void Run(std::vector<Quote>* out);

  EntityTable& entities() { return entities_; }
  // By quote: its speaker's entity index, or kNone.
  const std::vector<size_t>& speaker_of() const { return history_.speaker_of; }

 private:
  // A speaker found for a quote: the entity's index and the reference the quote will carry.
  struct Found {
    size_t entity = kNone;
    SpeakerRef ref;
  };
  // A strategy's answer: a speaker; or, with `no_one`, that the quote has a speaker the text
  // does not name (the sieve stops: no later strategy may give it to someone else); or neither
  // (the next strategy is asked).
  struct Answer {
    std::optional<Found> speaker;
    bool no_one = false;
    static Answer NoOne() { return {std::nullopt, true}; }
  };
  // Where a strategy's speaker comes from. One from the context must fit the gender of a
  // pronoun or description in the quote's own tag that found no one.
  enum class Source { kOwnTag, kContext };
  // One step of the sieve: which quotes it reads, and how.
  struct Strategy {
    bool (*reads)(QuoteKind);
    Answer (Resolver::*find)(size_t quote);
    Source source;
  };
  static const Strategy kStrategies[kSieveCount];  // by Sieve

  // Looking back for a speaker stops after this many earlier quotes or name mentions, as well
  // as after its paragraph bound: news names its speaker within a few quotes, and a document of
  // thousands of untagged quotes in one paragraph must stay linear.
  static constexpr size_t kMaxLookbackQuotes = 64;
  // A speech quote "opens" its paragraph when its mark stands within this many bytes of the
  // paragraph's start (after a dash or an indent).
  static constexpr size_t kQuoteOpensParagraphBytes = 4;
  bool OpensParagraph(const QuoteCandidate& q) const {
    return q.open_mark.start <= doc_.paragraphs()[q.first_paragraph].span.start + kQuoteOpensParagraphBytes;
  }
  static constexpr size_t kMaxLookbackMentions = 256;

  // The tag positions around a quote, in order of trust, and how the evidence names them.
  enum TagSlot : size_t { kSlotAfter, kSlotBefore, kSlotReportingSentence, kTagSlots };
  static constexpr const char* kTagWhere[kTagSlots] = {"tag after the quote", "tag before the quote",
                                                       "subject of the reporting sentence"};

  // --- The sieve (resolver.cc) ---
  std::optional<Found> Resolve(size_t quote);
  // Notes why a candidate was refused, for a quote that ends up with no speaker (--explain).
  template <typename MakeText>
  void Refuse(MakeText make) {
    if (explain_) attempt_.refused.push_back(make());
  }
  // Evidence is written only when asked for: building its sentences costs more than finding
  // most speakers.
  template <typename MakeText>
  void Note(Found& found, MakeText make) const {
    if (explain_) found.ref.evidence.push_back(make());
  }
  Found Speaker(size_t entity, AttributionMethod method, Span mention, double confidence, const std::string& rule);

  // --- The quote's own tag (tag_strategies.cc) ---
  Answer DialogueTag(size_t quote);
  Answer TagAfter(size_t quote);
  Answer TagBefore(size_t quote);
  bool CarriedBySign(size_t quote) const;
  Answer ReportingSubject(size_t quote);
  Answer RelativeClauseSubject(size_t quote);
  Answer FromTag(size_t quote, TagSlot slot);
  Match NextClauseTag(size_t quote, TagSlot slot, const Match& first) const;
  const Match& TagAt(size_t quote, TagSlot slot);  // read once
  Match MatchAfter(size_t quote) const;
  Match MatchBefore(size_t quote) const;
  Span IntroductionBefore(const QuoteCandidate& c) const;
  Match MatchReportingSubject(size_t quote) const;
  Match SentenceSubject(std::string_view text, Span sentence, Span* refused_opener = nullptr) const;
  Match SubjectPastOpener(std::string_view text, Span sentence, Span opener) const;
  bool OpensClause(size_t clause_start, const Match& m) const;
  bool SplitByTag(const QuoteCandidate& first, const QuoteCandidate& second) const;
  void MarkSpeakingNames();

  // --- The quotes and paragraphs around it (context_strategies.cc) ---
  Answer SecondHalf(size_t quote);
  Answer ReportedSpeechGoesOn(size_t quote);
  std::optional<Found> OpenerOfReportedSpeech(size_t quote);
  Answer ReportingSentenceBefore(size_t quote, size_t since);
  Answer ParagraphSpeaker(size_t quote);
  bool BringsInUnnamed(Span sentence) const;
  Answer Continuation(size_t quote);
  Answer SpeakingInParagraphBefore(size_t quote);
  Answer SubjectOfParagraphBefore(size_t quote);
  size_t PreviousSpeaker(size_t quote, size_t max_paragraphs, size_t* quote_index = nullptr) const;
  size_t QuestionsBefore(size_t para) const;
  size_t Interviewee(size_t quote);
  // The interviewer of a dialogue interview: the one person whose tagged turns are all questions
  // ("– … Stämmer det? frågar Jonas Alm."), or kNone. Read once.
  size_t Interviewer();
  bool IsQuestion(size_t quote) const;  // the quote's own words end with a question mark
  // A dialogue interview's untagged turn: a question is the interviewer's; the answer to an
  // interviewer's question is the interviewee's (the speaker before the question).
  std::optional<Found> InterviewTurn(size_t quote);
  // Who answers the interviewer's question `question`: the person it addresses by name
  // ("Karin Widerberg, apotek …?", "…, Karin Widerberg?"), else the one who answered the
  // interviewer's questions before; kNone when neither.
  size_t AnswersQuestion(size_t question) const;
  // The one answering, in dialogue turn `quote`, the interviewer's question right before it
  // (its index in `question`), or kNone.
  size_t AnswerToQuestionBefore(size_t quote, size_t* question);
  // A pronoun in the tag of a turn that answers the interviewer's question right before it.
  size_t AnswerToInterviewer(size_t quote, size_t at, const std::string& gender, std::string* why);
  void MarkSpeechParagraphs();
  bool ParagraphIsQuote(size_t p) const { return p < paragraph_is_quote_.size() && paragraph_is_quote_[p]; }
  bool ParagraphHasSpeech(size_t p) const { return p < paragraph_has_speech_.size() && paragraph_has_speech_[p]; }

  // --- What a tag's speaker phrase refers to (speaker_phrase.cc) ---
  Answer IssuerOfDocument(size_t quote, Span phrase_span, const AttributionPattern& p, const char* where);
  Answer FromPhrase(size_t quote, Span phrase_span, const AttributionPattern& p, const char* where);
  Answer FromDescription(size_t quote, const SpeakerPhrase& phrase, Span phrase_span, Span core, const AttributionPattern& p,
                         const std::function<std::string()>& tag);
  bool FirstNameOfPerson(const std::vector<std::string>& name) const;
  const NameMention* OrganisationOpeningSentenceBefore(size_t sentence) const;
  bool LinkWordAfter(size_t at) const;
  bool IndefiniteRightBefore(size_t at) const;
  bool WithholdsName(size_t quote, Span phrase) const;
  std::optional<std::pair<size_t, const NameMention*>> OwnedRoleAfter(Span core) const;
  bool KnownPerson(const std::vector<std::string>& name) const;
  bool SurnameOfSomeone(std::string_view word) const;
  // A word the dictionary lists only in lower case that is no surname or first name of someone
  // the document names: a sentence opener that is no name, as the two below read it.
  bool CommonWordNoName(std::string_view word) const;
  bool AdverbBeforeVerbSecond(std::string_view word) const;
  // Where the verb does not come second: is `word`, opening a reporting sentence, a common word
  // the dictionary lists only in lower case that no one in the document is named, read as a name?
  bool CommonWordOpener(std::string_view text, const Token& word) const;
  std::vector<std::string> FullNameEndingWith(Span words, const std::vector<std::string>& tail) const;

  // --- Pronouns (pronouns.cc) ---
  size_t ResolvePronoun(size_t quote, const SpeakerPhrase& phrase, size_t at, std::string* why);
  // The entity of mention `m` for a pronoun of `gender` (see pronouns.cc).
  size_t PersonFor(const NameMention& m, const std::string& gender);
  // A step of ResolvePronoun: the entity the pronoun at `at`, in `quote`'s tag, refers to, or kNone.
  using PronounStep = size_t (Resolver::*)(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t PersonEarlierInSentence(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t SentenceOpenerSinceLastQuote(size_t quote, size_t at, const std::string& gender, std::string* why);
  std::pair<size_t, size_t> RoleOpenerSince(size_t quote, size_t since, size_t para, const std::string& gender);
  size_t PersonOfDefiniteRole(size_t quote, const std::string& word, bool guesses, std::string* why);
  size_t PersonIntroducedJustBefore(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t FirstPersonOfSentenceBefore(size_t quote, bool newcomer_after_preposition = false) const;
  bool NamedBefore(size_t mention) const;
  bool SurelyPerson(const NameMention& m) const;
  bool HasSpoken(const NameMention& m) const;
  size_t SubjectOfPronounChain(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t PronounChainFrom(size_t sentence, const std::string& gender);
  bool SubjectPronounOpens(const std::vector<Span>& words, const std::string& gender) const;
  size_t UnnamedPersonJustBefore(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t OrganisationSpokenForIn(Span span, const std::string& noun);
  // `noun`, when given: the person noun found ("doctor" in "a doctor at the hospital").
  bool IndefinitePersonIn(Span span, const std::string& gender, std::string* noun = nullptr) const;
  bool UnnamedSubject(size_t quote) const;
  size_t SourceBroughtInBefore(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t RecentSpeaker(size_t quote, size_t at, const std::string& gender, std::string* why);
  size_t LastPersonNamed(size_t quote, size_t at, const std::string& gender, std::string* why);
  bool InvertedSubject(Span verb, const NameMention& m) const;
  bool RightAfterPreposition(const NameMention& m) const;
  Span FirstVerbWord(Span sentence) const;
  bool GenderFits(size_t e, const std::string& gender) const;
  std::string_view GenderOf(size_t e) const;

  // --- Descriptions of people and organisations (descriptions.cc) ---
  // `guesses`: when no one was called or described so, the speaker just before or the person
  // the document names most.
  size_t ResolveDescription(size_t quote, const SpeakerPhrase& phrase, std::string* why, bool guesses = true);
  // The organisation an unnamed spokesperson speaks for: its name and where the text names it.
  struct SpokenFor {
    std::vector<std::string> name;
    std::string joined;
    Span span;
  };
  std::optional<SpokenFor> SpeaksForOrganisation(const SpeakerPhrase& phrase, Span phrase_span) const;
  bool IsSpeaksForRole(const std::string& lower) const;
  const NameMention* OrganisationNamedWith(const std::string& noun, size_t at) const;
  bool PersonByName(const std::vector<std::string>& name) const;
  bool DefiniteFormOf(const std::string& definite, const std::string& bare) const;
  bool IsTitleOfSeveralWords(const std::vector<std::string>& words) const;
  size_t DescribedEarlier(const std::vector<std::string>& words, size_t at);
  bool IndefiniteWithNoun(Span span, const std::string& noun) const;
  bool AgeOfUnnamed(std::string_view age, size_t at) const;
  const std::vector<std::string>& AppositionWords(size_t m, std::string_view text);
  static bool IsGenericOrganisation(const SpeakerPhrase& phrase);
  // A one-word name that is only a noun for an organisation ("Tingsrätten", "Bolaget"), no
  // institution's own name: capitalised because it opens its sentence.
  bool IsBareOrganisationNoun(const std::vector<std::string>& name) const;
  // The organisation of two or more words named before `at` that has the lower-case `definite`
  // word, or its bare form, in its name ("Ålands landskapsregering" for "landskapsregeringen").
  const NameMention* OrganisationWithWordBefore(const std::string& definite, size_t at) const;
  // `capitalised_noun`: the phrase is the bare noun opening its sentence ("Bolaget skyller …").
  const NameMention* OrganisationNamedBefore(const SpeakerPhrase& phrase, size_t at, bool capitalised_noun = false) const;

  // --- Pronouns and people around a quote (context_strategies.cc, pronouns.cc, descriptions.cc, tag_strategies.cc) ---
  bool OpensWithPronounFor(size_t para, size_t e) const;
  bool OpensWithPronounAgainst(size_t para, size_t e) const;
  bool NoPronounBetween(size_t from, size_t to) const;
  size_t NewcomerOfParagraphBefore(size_t quote) const;
  size_t PersonOfPronounWord(size_t quote, Span w, std::string* why);
  std::optional<Found> PronounOpensSentence(size_t quote, Span sentence);
  Span FirstWord(Span s) const;
  std::string PersonalPronounGender(const std::string& lower) const;
  std::optional<Found> PronounOpening(size_t quote, Span sentence, bool role_too);
  Span InvertedSubjectPronoun(Span sentence) const;
  bool HasDefiniteEnding(std::string_view w) const;
  size_t PreviousOuterQuote(size_t quote) const;

  const Document& doc_;
  const LanguageRules& rules_;
  const std::vector<QuoteCandidate>& quotes_;
  std::span<const Sieve> order_;  // the steps asked, in order of trust (the pack's, or the default)
  bool explain_ = false;
  std::vector<std::array<std::optional<Match>, kTagSlots>> tags_;  // by quote and tag slot
  MentionTable mentions_;
  EntityTable entities_;
  // What the quotes before the current one were given. Only Run writes it, after each quote;
  // the steps read it (the speaker before, who has spoken).
  struct History {
    explicit History(size_t quotes) : speaker_of(quotes, kNone), spoken_by_unnamed(quotes, false), unnamed_gender(quotes) {}
    void Record(size_t quote, size_t entity) {
      speaker_of[quote] = entity;
      if (entity >= has_spoken.size()) has_spoken.resize(entity + 1, false);
      has_spoken[entity] = true;
    }
    bool HasSpoken(size_t entity) const { return entity < has_spoken.size() && has_spoken[entity]; }
    std::vector<size_t> speaker_of;  // by quote: the entity index, or kNone
    std::vector<bool> spoken_by_unnamed;  // by quote: its tag refers to someone the text brought in unnamed
    std::vector<std::string> unnamed_gender;  // by quote: that unnamed person's gender, where the tag tells it
    std::vector<bool> has_spoken;  // by entity: a speech quote before the current one is theirs
  };
  History history_;
  // What the steps have learnt about the quote being resolved, reset for each quote: the only
  // state the steps write (the rest is the document's, read-only once built, and the speakers of
  // the quotes before, written by Run).
  struct Attempt {
    std::vector<std::string> refused;  // --explain: why its candidates were refused
    bool unnamed_referent = false;  // its tag refers to someone the text brought in unnamed ("En kvinna ...")
    bool own_tag_read = false;  // it has a tag of its own (whatever it named, or failed to)
    std::string refused_gender;  // the gender of a pronoun or description in its tag that found no one
  };
  Attempt attempt_;
  std::vector<std::optional<std::vector<std::string>>> apposition_;  // by mention, read on demand
  static constexpr size_t kUnread = static_cast<size_t>(-2);
  size_t interviewer_ = kUnread;  // Interviewer(), once read
  std::vector<bool> paragraph_has_speech_;
  std::vector<bool> paragraph_is_quote_;
};

}  // namespace quoth::detail
