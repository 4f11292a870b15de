// Pronouns: whom "he said" or "säger hon" refers to. A person of the pronoun's gender (or any,
// for an ungendered one), asked of the text in order of nearness, the first that fits wins:
//   1. a person named earlier in the same sentence, outside quotes and not the object of a
//      preposition (the first such is the subject);
//   2. a person who opens a sentence after the previous speech quote (the new topic);
//   3. the subject of a chain of sentences opening with the same pronoun;
//   3b. someone the sentence before brings in without a name ("En kvinna som bor intill …"):
//      then no one named, and the quote keeps no speaker;
//   4. a source the sentence before the quote brings in with a speech verb, who has not spoken;
//   5. the speaker of a recent speech quote;
//   6. the last person named before the pronoun.
// Each look back is bounded by paragraphs, below, and by kMaxLookbackQuotes/-Mentions.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/speakers/resolver.h"
#include "engine/text/tokens.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

// How many paragraphs back each step looks: a subject is the topic only nearby; a speaker
// stays the one referred to for longer, since news quotes one person at length.
constexpr size_t kSentenceOpenerParagraphs = 2;
constexpr size_t kRecentSpeakerParagraphs = 6;
constexpr size_t kLastNamedParagraphs = 3;
constexpr size_t kMaxPronounChain = 3;  // sentences opening with "Han ..." followed back to a name
constexpr size_t kMaxWordsBeforeSubjectPronoun = 2;  // "Metalldetektorn hade han ...": the verb comes second
constexpr size_t kPronounWordBytes = 40;  // a sentence's first word (the pronoun) lies within this many bytes
constexpr size_t kMaxPronounBytes = 4;    // "he", "she", "han", "hon", "er", "sie": a longer word is none
constexpr size_t kMaxSourceSentence = 1000;  // a sentence that brings in a source is at most this long
constexpr size_t kMaxInvertedSubjectGap = 4;  // bytes between a verb and the name after it ("menar Tomas Gerdin")
constexpr size_t kMaxInvertedSubjectWords = 3;  // descriptors between a verb and the name after it

}  // namespace

// A person's gender: their first name's, when the pack's `first_names` list it (any word but the
// last: "Otis Lyle", "Mary Kay Henry"), else the one a pronoun already gave them, else unknown.
std::string_view Resolver::GenderOf(size_t e) const {
  const EntityRecord& entity = entities_.at(e);
  if (const std::string_view g = GenderOfGivenNames(entity.name, rules_.pack.first_name_gender); !g.empty()) return g;
  return entity.gender;
}

bool Resolver::GenderFits(size_t e, const std::string& gender) const {
  if (gender == "plural") return entities_.at(e).kind == EntityKind::kOrganisation;
  if (entities_.at(e).kind == EntityKind::kOrganisation) return false;
  const std::string_view known = GenderOf(e);
  return known.empty() || known == gender;
}

// The person of mention `m` for a pronoun of `gender`: a surname two people share ("Voss" of
// "Darlene Voss" and her son "Cody Voss") is the one the pronoun fits, where nothing beside the
// mention says which.
size_t Resolver::PersonFor(const NameMention& m, const std::string& gender) {
  if (!m.gender.empty() || !Gendered(gender)) return entities_.Resolve(m, EntityKind::kPerson);
  return entities_.Resolve(m.name(), m.joined(), EntityKind::kPerson, m.span.start, gender);
}

// `at`: where the pronoun stands in the document. The steps are tried in the order above.
size_t Resolver::ResolvePronoun(size_t quote, const SpeakerPhrase& phrase, size_t at, std::string* why) {
  for (PronounStep step : {&Resolver::AnswerToInterviewer, &Resolver::PersonEarlierInSentence, &Resolver::SentenceOpenerSinceLastQuote,
                           &Resolver::PersonIntroducedJustBefore, &Resolver::SubjectOfPronounChain, &Resolver::UnnamedPersonJustBefore,
                           &Resolver::SourceBroughtInBefore, &Resolver::RecentSpeaker, &Resolver::LastPersonNamed}) {
    const size_t e = (this->*step)(quote, at, phrase.gender, why);
    if (e != kNone) return e;
    if (attempt_.unnamed_referent) return kNone;
  }
  return kNone;
}

// 0. In a dialogue interview, the one the interviewer's question right before addresses or has
// been asking ("– Vad säger du till föräldrarna, Karin Widerberg? ¶ – …, svarar hon.").
size_t Resolver::AnswerToInterviewer(size_t quote, size_t, const std::string& gender, std::string* why) {
  size_t k = kNone;
  const size_t e = AnswerToQuestionBefore(quote, &k);
  if (e == kNone || !GenderFits(e, gender)) return kNone;
  if (why) *why = "refers to " + entities_.at(e).joined + ", whom the interviewer's question on line " + std::to_string(doc_.LineAt(quotes_[k].span.start)) + " asks";
  return e;
}

// 1. A person named earlier in the same sentence, outside quotes: the first one is the subject.
size_t Resolver::PersonEarlierInSentence(size_t, size_t at, const std::string& gender, std::string* why) {
  const size_t sentence = doc_.SentenceAt(at);
  for (size_t i = mentions_.FirstMentionOf(&NameMention::sentence, sentence); i < mentions_.size() && mentions_[i].sentence == sentence; ++i) {
    const NameMention& m = mentions_[i];
    if (m.span.start >= at) continue;
    if (!m.person_like && !KnownPerson(m.name())) continue;
    // The object of a preposition is not the subject: "I en intervju med radioprogramledaren
    // Big Boy förklarade han …", "In a talk with host Ann Holt, he said …"; nor is an owner
    // ("och Cromwells insatser är …, säger han").
    if (mentions_.AfterPreposition(m) || mentions_.GenitiveOwner(m)) continue;
    const size_t e = PersonFor(m, gender);
    if (!GenderFits(e, gender)) continue;
    if (why) *why = "refers to " + entities_.at(e).joined + ", named earlier in the sentence";
    return e;
  }
  return kNone;
}

// 2. A person who opens a sentence after the previous speech quote: the new topic.
size_t Resolver::SentenceOpenerSinceLastQuote(size_t quote, size_t at, const std::string& gender, std::string* why) {
  size_t since = 0;
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;)
    if (IsSpeech(quotes_[k].kind)) { since = quotes_[k].close_mark.end ? quotes_[k].close_mark.end : quotes_[k].span.end; break; }
  const size_t para_of_pronoun = doc_.ParagraphAt(at);
  // A sentence since then that opens with a role in the definite form ("Partiledaren lovade
  // …"): its person is the topic too, as against names that open earlier sentences.
  const auto [role_sentence, by_role] = RoleOpenerSince(quote, since, para_of_pronoun, gender);
  bool passed_person = false;
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
    if (it->span.start < since || it->paragraph + kSentenceOpenerParagraphs < para_of_pronoun) break;
    if (by_role != kNone && it->sentence < role_sentence) break;
    // After words saying what the person is ("Ekonomen Sara Lind tror ...", "Clearwater coach
    // Renee Castellano spent ..."), only in the sentence right before the quote: an earlier
    // one may have been followed by a name after words no list holds ("Marinbiologen").
    if (!it->person_like || mentions_.QualifiesRoleAfter(*it)) continue;
    // The latest person named since the quote before, as the subject of their sentence after
    // an opening phrase or words that say what they are ("At the other end of the tunnel,
    // Rovers boss Stuart Hendry was fuming. His side have …"): no one stands between.
    const bool latest = !passed_person && NoPronounBetween(it->sentence + 1, doc_.SentenceAt(quotes_[quote].span.start));
    passed_person = true;
    if (!mentions_.OpensSentence(it->span.start) &&
        !((latest || it->sentence + 1 == doc_.SentenceAt(quotes_[quote].span.start)) && mentions_.OpensSentenceAsSubject(*it)) &&
        !(latest && (mentions_.OpensAfterOpeningPhrase(*it) || mentions_.SubjectAfterFrontedVerb(*it))))
      continue;
    const size_t e = PersonFor(*it, gender);
    if (!GenderFits(e, gender)) continue;
    if (why) *why = "refers to " + entities_.at(e).joined + ", the subject of the sentence before";
    return e;
  }
  if (by_role != kNone && why) *why = "refers to " + entities_.at(by_role).joined + ", whom the role opening the sentence before describes";
  return by_role;
}

// Do sentences [from, to) hold no personal pronoun of the pack ("Metalldetektorn gav farfar
// honom i julklapp": the focus may have moved to whom it stands for)?
bool Resolver::NoPronounBetween(size_t from, size_t to) const {
  std::vector<Span> words;
  for (size_t s = from; s < to && s < doc_.sentences().size(); ++s) {
    words.clear();
    TokenSpansInto(doc_.text(), doc_.sentences()[s].span, &words);
    for (const Span& w : words)
      if (!PersonalPronounGender(ToLower(doc_.Slice(w))).empty()) return false;
  }
  return true;
}

// The latest sentence after `since` (and within kSentenceOpenerParagraphs of the pronoun's
// paragraph) that opens with a role word in the definite form and no name after it, in a language whose nouns take
// the article as an ending ("Partiledaren lovade …"), and the person of `gender` the role
// describes: {sentence, entity}, or {0, kNone}.
std::pair<size_t, size_t> Resolver::RoleOpenerSince(size_t quote, size_t since, size_t para, const std::string& gender) {
  if (!rules_.pack.definite_endings_on_nouns) return {0, kNone};
  const std::string_view text = doc_.text();
  const auto& sentences = doc_.sentences();
  for (size_t s = doc_.SentenceAt(quotes_[quote].span.start); s-- > 0;) {
    const Span span = sentences[s].span;
    if (span.end <= since || sentences[s].paragraph + kSentenceOpenerParagraphs < para) break;
    const Span w = FirstWord(span);
    if (w.empty() || w.end + 1 >= span.end || text[w.end] != ' ') continue;
    size_t len = 0;
    if (!IsLower(DecodeAt(text, w.end + 1, &len))) continue;  // "Marinbiologen Sanna Ekholm …": a name's, read above
    const size_t e = PersonOfDefiniteRole(quote, ToLower(text.substr(w.start, w.size())), /*guesses=*/false, nullptr);
    if (e == kNone || !GenderFits(e, gender)) continue;
    return {s, e};
  }
  return {0, kNone};
}

// The person a one-word role in the definite form describes ("Tränaren", "Partiledaren"), as a
// tag's description would resolve it, in a language whose nouns take the article as an ending;
// none for any other word, for an institution ("Polisen") or for an organisation.
size_t Resolver::PersonOfDefiniteRole(size_t quote, const std::string& word, bool guesses, std::string* why) {
  if (!rules_.pack.definite_endings_on_nouns || !HasDefiniteEnding(word) || !IsRoleOrCompoundRole(word, rules_) ||
      rules_.named_institutions.count(word) || rules_.organisation_names.count(word))
    return kNone;
  SpeakerPhrase described;
  described.type = PhraseType::kDescription;
  described.roles = {word};
  described.definite = true;
  const size_t e = ResolveDescription(quote, described, why, guesses);
  return e != kNone && entities_.at(e).kind == EntityKind::kPerson ? e : kNone;
}

// 2b. The person the sentence right before the quote brings in, when no quote stands between:
// its first person who is not the object of a preposition, wherever they stand ("Bland dem
// fanns Malin Forsberg, som har två barn där." then "– …, säger hon."; "One of those he
// interviewed was Peggy Rourke, 89." then "'…,' she says."). The text has just put them in
// focus, so they outrank an older speaker.
size_t Resolver::PersonIntroducedJustBefore(size_t quote, size_t, const std::string& gender, std::string* why) {
  const size_t s = FirstPersonOfSentenceBefore(quote, /*newcomer_after_preposition=*/true);
  if (s == kNone) return kNone;
  const NameMention& m = mentions_[s];
  const size_t e = PersonFor(m, gender);
  if (!GenderFits(e, gender)) return kNone;
  if (why) *why = "refers to " + entities_.at(e).joined + ", brought into focus by the sentence before";
  return e;
}

// The mention of the first person of the sentence just before `quote`'s, not after a
// preposition, when that sentence ends after the speech quote before (it introduces someone
// between two quotes), or kNone. With `newcomer_after_preposition`, when every person of that
// sentence stands after a preposition, the first one the document names there for the first
// time: "The committee heard from 16-year-old Callum Reid." and "Residents were represented by
// Margaret Holloway." bring in whoever speaks next, as "in a talk with host Ann Holt" (named
// before) does not.
size_t Resolver::FirstPersonOfSentenceBefore(size_t quote, bool newcomer_after_preposition) const {
  const QuoteCandidate& c = quotes_[quote];
  const size_t quote_sentence = doc_.SentenceAt(c.open_mark.start);
  if (quote_sentence == 0) return kNone;
  const size_t before = quote_sentence - 1;
  const Span span = doc_.sentences()[before].span;
  if (span.size() > kMaxSourceSentence) return kNone;
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    if (!IsSpeech(quotes_[k].kind)) continue;
    // A few words quoted from no one inside it (a sign, a banner: "auf dem „Wir glauben an
    // dich“ stand") leave it an introduction.
    if (quotes_[k].kind == QuoteKind::kPartial && history_.speaker_of[k] == kNone && quotes_[k].span.start > span.start) continue;
    if (quotes_[k].span.end > span.start) return kNone;  // a quote inside or after it: not an introduction
    break;
  }
  // A sentence whose subject is a pronoun ("Han konstaterar att Trump ...") keeps the focus on
  // someone already named; the names it brings in are what its subject talks about.
  // So does one whose subject pronoun follows an opening phrase ("Under cross-examination by
  // Ronan Gill, solicitor for the accused, he accepted …": not Gill, whom it brings in). Only
  // the words after commas are read.
  std::vector<Span> words;
  TokenSpansInto(doc_.text(), {span.start, std::min(span.end, span.start + kPronounWordBytes)}, &words);
  // A word that is also a determiner before a capitalised word is a possessive, no subject
  // ("Ihr Doktorand Lukas Stadler erinnert sich …").
  if (!words.empty()) {
    const std::string first_word = ToLower(doc_.text().substr(words[0].start, words[0].size()));
    size_t len = 0;
    const bool possessive = rules_.determiner_words.count(first_word) && words.size() > 1 && IsUpper(DecodeAt(doc_.text(), words[1].start, &len));
    if (rules_.pack.pronoun_gender.count(first_word) && !possessive) return kNone;
  }
  const std::string_view text = doc_.text();
  for (size_t comma = text.find(',', span.start); comma < span.end; comma = text.find(',', comma + 1)) {
    char buffer[kMaxPronounBytes];
    const std::string_view word = LowerAsciiWordAt(text, comma + 1, span.end, buffer, sizeof buffer);
    if (word.empty()) continue;
    const auto g = rules_.pack.pronoun_gender.find(word);
    if (g != rules_.pack.pronoun_gender.end() && Gendered(g->second)) return kNone;
  }
  const size_t first = mentions_.FirstMentionOf(&NameMention::sentence, before);
  size_t newcomer = kNone;
  for (size_t i = first; i < mentions_.size() && mentions_[i].sentence == before; ++i) {
    const NameMention& m = mentions_[i];
    if (m.place || m.organisation || m.name().empty() || !(m.person_like || PersonByName(m.name()))) continue;
    if (mentions_.GenitiveOwner(m) || mentions_.QualifiesRoleAfter(m)) continue;
    // Right after an owner's genitive, a name modifies what follows ("Univision's Los Angeles
    // affiliate"): no one in focus.
    if (m.span.start >= 3 && (doc_.text().compare(m.span.start - 3, 3, "'s ") == 0 ||
                              (m.span.start >= 5 && doc_.text().compare(m.span.start - 5, 5, "\xE2\x80\x99s ") == 0)))
      continue;
    if (!mentions_.AfterPreposition(m, /*agent_too=*/true)) return i;
    if (newcomer == kNone && newcomer_after_preposition && SurelyPerson(m) && !NamedBefore(i)) newcomer = i;
  }
  // "… gemensamt med Wahlgrens egen mormor Greta": a sentence that names someone who has
  // spoken keeps the focus on them (asked last: it is the rare case that gets here).
  for (size_t i = first; newcomer != kNone && i < mentions_.size() && mentions_[i].sentence == before; ++i)
    if (!mentions_[i].name().empty() && HasSpoken(mentions_[i])) return kNone;
  return newcomer;
}

// Is mention `m` (perhaps as an owner: "Wahlgrens") a name of someone who has spoken before?
bool Resolver::HasSpoken(const NameMention& m) const {
  // The name as written and without a genitive ending ("Wahlgrens", "Holt's"): only compared
  // with the names of speakers, so a word that merely ends so matches nothing.
  std::vector<std::vector<std::string>> forms = {m.name()};
  const std::string& last = m.name().back();
  if (IsPossessive(last)) {
    forms.push_back(m.name());
    forms.back().back() = StripPossessive(last);
  }
  for (const std::string& ending : rules_.pack.genitive_endings)
    if (last.size() > ending.size() + 1 && last.compare(last.size() - ending.size(), ending.size(), ending) == 0) {
      forms.push_back(m.name());
      forms.back().back().resize(last.size() - ending.size());
    }
  for (size_t e = 0; e < history_.has_spoken.size() && e < entities_.size(); ++e)
    if (history_.has_spoken[e])
      for (const auto& form : forms)
        if (EndsWithName(entities_.at(e).name, form)) return true;
  return false;
}

// A mention that names a person on more than its capitals ("Stoke Ferring", "Drei Interessenten"
// are two capitalised words too): a first name the pack lists before a surname, or a title or
// role before it ("Cllr Poulter", "16-year-old Callum Reid").
bool Resolver::SurelyPerson(const NameMention& m) const {
  if (m.place || m.organisation || m.name().empty()) return false;
  if (m.name().size() >= 2 && rules_.pack.first_name_gender.count(m.name().front())) return true;
  return std::any_of(m.roles().begin(), m.roles().end(), [&](const std::string& r) { return IsRoleOrTitle(r, rules_) || IsAgeRole(r, rules_); });
}

// Does the document name the person of mention `i` before it (the same name, or one ending
// with the other: "Reid" and "Callum Reid")?
bool Resolver::NamedBefore(size_t i) const {
  const std::vector<std::string>& name = mentions_[i].name();
  for (size_t k = i, looked = 0; k-- > 0 && looked++ < kMaxLookbackMentions;) {
    const std::vector<std::string>& other = mentions_[k].name();
    if (!other.empty() && (EndsWithName(name, other) || EndsWithName(other, name))) return true;
  }
  return false;
}

// 3. The sentence before the quote opens with the same pronoun ("Han tycker att statyn, som
// skulpterades av Hamo Thornycroft, ska stå kvar." then "– …, säger han."): it is the same
// person, whoever else that sentence names. The chain of such sentences is followed back to
// the name that opens the sentence before the first pronoun (after its role words:
// "Statsvetaren Simon Haeder ... Han konstaterar att ...").
size_t Resolver::SubjectOfPronounChain(size_t quote, size_t, const std::string& gender, std::string* why) {
  const size_t chained = PronounChainFrom(doc_.SentenceAt(quotes_[quote].span.start), gender);
  if (chained != kNone && why) *why = "refers to " + entities_.at(chained).joined + ", the subject the sentences before keep to";
  return chained;
}

size_t Resolver::PronounChainFrom(size_t sentence, const std::string& gender) {
  if (gender != "male" && gender != "female") return kNone;
  const std::string_view text = doc_.text();
  size_t s = sentence;
  for (size_t depth = 0; depth < kMaxPronounChain && s > 0; ++depth) {
    --s;
    const Span span = doc_.sentences()[s].span;
    std::vector<Span> words;
    TokenSpansInto(text, {span.start, std::min(span.end, span.start + kPronounWordBytes)}, &words);
    if (words.empty()) return kNone;
    if (!SubjectPronounOpens(words, gender)) return kNone;
    if (s == 0) return kNone;
    // The sentence before the pronoun's: does a person open it?
    for (size_t i = mentions_.FirstMentionOf(&NameMention::sentence, s - 1); i < mentions_.size() && mentions_[i].sentence == s - 1; ++i) {
      const NameMention& m = mentions_[i];
      if (!m.person_like || m.organisation || m.place) continue;
      // Its subject, perhaps after an opening phrase ("At Greywater Regional, a hospital
      // outside Columbus, Dr. Naomi Frieling runs …").
      if (!mentions_.OpensSentence(m.span.start) && !mentions_.OpensSentenceAsSubject(m) && !mentions_.OpensAfterOpeningPhrase(m) &&
          !mentions_.SubjectAfterFrontedVerb(m))
        break;
      const size_t e = PersonFor(m, gender);
      return GenderFits(e, gender) ? e : kNone;
    }
  }
  return kNone;
}

// Does a sentence whose first `words` these are have a pronoun of `gender` for its subject:
// its first word ("Han önskade sig …"), or a subject form among its next few words, not after a
// preposition, where the verb comes second ("Metalldetektorn hade han önskat sig …", "Danach
// sagte er …", "Later she said")?
bool Resolver::SubjectPronounOpens(const std::vector<Span>& words, const std::string& gender) const {
  const std::string_view text = doc_.text();
  for (size_t k = 0; k < words.size() && k <= kMaxWordsBeforeSubjectPronoun; ++k) {
    const std::string lower = ToLower(text.substr(words[k].start, words[k].size()));
    const auto g = rules_.pack.pronoun_gender.find(lower);
    if (g != rules_.pack.pronoun_gender.end()) {
      if (g->second != gender) return false;
      if (k == 0) return true;
      // Not after a preposition; after a word joining two clauses it is ("Men hon pekar på …").
      const std::string before = ToLower(text.substr(words[k - 1].start, words[k - 1].size()));
      return rules_.pack.subject_pronouns.count(lower) > 0 &&
             (!rules_.pack.phrase_breaks.count(before) || rules_.pack.clause_joiners.count(before));
    }
    // Punctuation ends the opening: "Metalldetektorn, sa Elias, …" is another shape. A comma
    // that closes a short opening phrase may hand over to the subject pronoun ("By Friday, she
    // had …").
    if (k + 1 < words.size() && text.substr(words[k].end, words[k + 1].start - words[k].end).find_first_not_of(' ') != std::string_view::npos) {
      if (text.substr(words[k].end, words[k + 1].start - words[k].end) != ", ") return false;
      const std::string next = ToLower(text.substr(words[k + 1].start, words[k + 1].size()));
      const auto g = rules_.pack.pronoun_gender.find(next);
      return g != rules_.pack.pronoun_gender.end() && g->second == gender && rules_.pack.subject_pronouns.count(next) > 0;
    }
  }
  return false;
}

// 3b. The sentence right before the pronoun's, or its own sentence before it, brings in a
// person it does not name, not as the object of a preposition ("En kvinna som bor intill
// lagret vaknade av smällarna." then "– …, säger hon."; "Ute på planen stod en äldre man och
// grät."): the pronoun is theirs, and the quote has no speaker the text names - not the
// speaker before. Sets attempt_.unnamed_referent and answers kNone.
size_t Resolver::UnnamedPersonJustBefore(size_t quote, size_t at, const std::string& gender, std::string* why) {
  if (rules_.indefinite_words.empty()) return kNone;
  // The pronoun's own words after the quote ("…”, sade hon"), and the sentence before the
  // quote's first: never the quote's own words ("– Jag såg en man springa, säger hon.").
  const QuoteCandidate& c = quotes_[quote];
  const size_t quote_end = std::max(c.span.end, c.close_mark.end);
  const size_t sentence = doc_.SentenceAt(c.open_mark.empty() ? c.span.start : c.open_mark.start);
  const Span own{std::max(doc_.sentences()[doc_.SentenceAt(at)].span.start, quote_end), std::max(at, quote_end)};
  const Span before = sentence > 0 ? doc_.sentences()[sentence - 1].span : Span{};
  // Not past a speech quote that the pronoun's sentence does not hold: that quote's speaker
  // came in between.
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    if (!IsSpeech(quotes_[k].kind)) continue;
    if (quotes_[k].span.end > before.end) return kNone;
    break;
  }
  std::string noun;
  Span where = own;
  bool found = IndefinitePersonIn(own, gender, &noun);
  if (!found && before.size() <= kMaxSourceSentence) {
    where = before;
    found = IndefinitePersonIn(before, gender, &noun);
  }
  if (!found) return kNone;
  // "Ein Sprecher der Polizeiinspektion Kellenbach sagte, … „…“, sagte er.": a spokesperson
  // the text does not name speaks for the organisation named with them.
  if (const size_t org = OrganisationSpokenForIn(where, noun); org != kNone) {
    if (why) *why = "refers to a spokesperson the sentence before brings in for " + entities_.at(org).joined;
    return org;
  }
  attempt_.unnamed_referent = true;
  if (why) *why = "refers to someone the sentence before brings in without a name";
  return kNone;
}

// The organisation that `noun`, a spokesperson's role (IsSpeaksForRole), speaks for in `span`: named right after it past a linking word
// ("Sprecher der Polizeiinspektion Kellenbach", "spokeswoman for Harbour Trust"); kNone if none.
size_t Resolver::OrganisationSpokenForIn(Span span, const std::string& noun) {
  if (!IsSpeaksForRole(noun)) return kNone;
  const std::string_view text = doc_.text();
  std::vector<Span> words;
  TokenSpansInto(text, span, &words);
  for (size_t k = 0; k + 2 < words.size(); ++k) {
    if (ToLower(text.substr(words[k].start, words[k].size())) != noun) continue;
    if (!rules_.pack.speaks_for_links.count(ToLower(text.substr(words[k + 1].start, words[k + 1].size())))) continue;
    size_t first = k + 2;  // past an article after the link ("for the Harbour Trust")
    if (first + 1 < words.size() && rules_.determiner_words.count(ToLower(text.substr(words[first].start, words[first].size())))) ++first;
    const NameMention* at = mentions_.MentionAt(words[first].start);
    if (!at || !at->organisation || at->place) continue;
    return entities_.Resolve(*at, EntityKind::kOrganisation);
  }
  return kNone;
}

// Does `span` hold an indefinite determiner followed, within a few words, by a noun for a
// person (a role, a compound ending in one, or a `person_nouns` word), not right after a
// preposition ("en 81-årig kvinna", "en tidigare ekonomichef", "en äldre man")? Not when a
// pronoun of the tag's gender comes before it in the span (the sentence is about someone
// already named: "Idén fick han efter en föreläsning, då en student kom fram"), nor when a
// pronoun of the other gender follows it (that is the unnamed person's).
bool Resolver::IndefinitePersonIn(Span span, const std::string& gender, std::string* noun) const {
  constexpr size_t kMaxWordsToNoun = 3, kMinHead = 4, kMinModifier = 3;
  if (span.empty()) return false;
  const std::string_view text = doc_.text();
  thread_local std::vector<Span> words;
  thread_local std::vector<std::string> lower;  // each word once, lower case
  TokenSpansInto(text, span, &words);
  lower.resize(words.size());
  for (size_t k = 0; k < words.size(); ++k) lower[k] = ToLower(text.substr(words[k].start, words[k].size()));
  const bool gendered = Gendered(gender);
  auto pronoun_gender = [&](size_t k) -> std::string_view {
    const auto g = rules_.pack.pronoun_gender.find(lower[k]);
    return g == rules_.pack.pronoun_gender.end() ? std::string_view() : std::string_view(g->second);
  };
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (gendered && pronoun_gender(i) == gender) return false;
    if (!rules_.indefinite_words.count(lower[i])) continue;
    if (i > 0 && rules_.pack.phrase_breaks.count(lower[i - 1])) continue;
    const bool after_comma = i > 0 && text.substr(words[i - 1].end, words[i].start - words[i - 1].end).find(',') != std::string_view::npos;
    // Where the verb does not come second, a description after a word other than a comma is an
    // object or what the subject is ("punching a protester", "She's a Sanders supporter"):
    // only one that opens the span or a clause of it is the sentence's subject.
    if (!rules_.pack.verb_second && i > 0 && !after_comma) continue;
    // An apposition describes the name before it ("Ravi Castellanos, an analyst at …, said",
    // "Nur Rahman, 29, a mother of two, said"): that person is named.
    if (after_comma) {
      size_t named = i - 1;  // the last word of the name, past an age set off by commas
      if (named > 0 && std::all_of(lower[named].begin(), lower[named].end(), [](char c) { return c >= '0' && c <= '9'; }) &&
          text.substr(words[named - 1].end, words[named].start - words[named - 1].end).find(',') != std::string_view::npos)
        --named;
      auto m = mentions_.MentionsBefore(words[i].start);
      if (m != mentions_.rend() && m->span.end >= words[named].start && !m->organisation && !m->place) continue;
    }
    for (size_t j = i + 1; j < words.size() && j <= i + kMaxWordsToNoun; ++j) {
      const std::string& w = lower[j];
      bool person = IsRoleOrTitle(w, rules_) || rules_.pack.person_nouns.count(w);
      for (size_t k = kMinModifier; !person && k + kMinHead <= w.size(); ++k) person = IsRoleOrTitle(std::string_view(w).substr(k), rules_);
      if (person) {
        bool other = false;
        for (size_t k = j + 1; gendered && k < words.size() && !other; ++k) {
          const std::string_view g = pronoun_gender(k);
          other = Gendered(g) && g != gender;
        }
        if (!other) {
          if (noun) *noun = w;
          return true;
        }
        break;
      }
      if (text.substr(words[j].end, 1) == ",") break;  // the phrase ends at a comma
    }
  }
  return false;
}

// 4. A person the sentence right before the quote brings in as a source: the subject of its
// speech or opinion verb, who has not spoken yet - the name before the verb ("Oriol
// Junqueras, one of nine leaders in jail, announced he would run in European Parliament
// elections", the later names are not its subject), or right after it ("Men det räcker inte,
// menar Tomas Gerdin, professor i datavetenskap." then "..., säger han."). A person merely
// named there, with no such verb, does not take the pronoun from the previous speaker.
size_t Resolver::SourceBroughtInBefore(size_t quote, size_t, const std::string& gender, std::string* why) {
  const size_t quote_sentence = doc_.SentenceAt(quotes_[quote].span.start);
  const Span before = quote_sentence > 0 ? doc_.sentences()[quote_sentence - 1].span : Span{};
  const Span verb = before.size() <= kMaxSourceSentence ? FirstVerbWord(before) : Span{};
  if (verb.empty()) return kNone;
  const NameMention* subject = nullptr;
  for (size_t i = mentions_.FirstMentionOf(&NameMention::sentence, quote_sentence - 1);
       i < mentions_.size() && mentions_[i].sentence == quote_sentence - 1; ++i) {
    const NameMention& m = mentions_[i];
    // After the verb, its subject may be a lone name that is no place or organisation,
    // described by a few lower-case words ("berättar organisationens medarbetare Doseba"):
    // being the subject of a speech verb is what makes it a person.
    if (!subject && m.span.start >= verb.end && !m.place && !m.organisation &&
        (m.person_like || (m.name().size() == 1 && m.span.start > verb.end + kMaxInvertedSubjectGap)) &&
        InvertedSubject(verb, m)) {
      subject = &m;
      break;
    }
    if (!m.person_like) continue;
    // The last name before the verb, not one a preposition brings in ("Under cross-examination
    // by Ronan Gill, …, he accepted") nor an owner ("fader Johnsons son"), nor one inside the
    // apposition of a name that opens the sentence ("Lesley Dean, a vice president in the Boca
    // Raton office, said"; "Chris Christie – a Dallas Cowboys fan –"). A name right before the
    // verb is its subject ("Trump, Sexton said, has …").
    if (m.span.end <= verb.start) {
      const std::string_view text = doc_.text();
      const bool in_apposition = subject && SetsOff(text.substr(subject->span.end, m.span.start - subject->span.end)) &&
                                 text.substr(m.span.end, verb.start - m.span.end).find_first_not_of(' ') != std::string_view::npos &&
                                 (mentions_.OpensSentence(subject->span.start) || mentions_.OpensSentenceAsSubject(*subject));
      if (!in_apposition && !mentions_.AfterPreposition(m, /*agent_too=*/true) && !mentions_.GenitiveOwner(m)) subject = &m;
      continue;
    }
    break;
  }
  const size_t found = subject ? PersonFor(*subject, gender) : kNone;
  const bool spoke = found != kNone && history_.HasSpoken(found);
  if (found == kNone || spoke || !GenderFits(found, gender)) return kNone;
  if (why) *why = "refers to " + entities_.at(found).joined + ", brought in by the sentence before";
  return found;
}

// 5. The most recent speaker of a speech quote that fits.
size_t Resolver::RecentSpeaker(size_t quote, size_t, const std::string& gender, std::string* why) {
  const size_t para_now = quotes_[quote].first_paragraph;
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    if (!IsSpeech(quotes_[k].kind)) continue;
    if (para_now > quotes_[k].last_paragraph + kRecentSpeakerParagraphs) break;
    const size_t prev = history_.speaker_of[k];
    // The latest speaker is someone the text never named ("En sjuksköterska …" ... "säger
    // sjuksköterskan"): the pronoun goes on with them, not with a named speaker further back.
    if (prev == kNone && history_.spoken_by_unnamed[k]) {
      // Not an unnamed man for "she" ("…", sade en äldre man. … »…», säger hon.).
      if (Gendered(gender) && Gendered(history_.unnamed_gender[k]) && history_.unnamed_gender[k] != gender) continue;
      attempt_.unnamed_referent = true;
      return kNone;
    }
    if (prev == kNone || !GenderFits(prev, gender)) continue;
    if (why) *why = "refers to the speaker of the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start));
    return prev;
  }
  return kNone;
}

// 6. The last person named before the pronoun.
size_t Resolver::LastPersonNamed(size_t, size_t at, const std::string& gender, std::string* why) {
  const size_t para = doc_.ParagraphAt(at);
  // Two capitalised words right after a preposition are more often a place than a person
  // ("utanför ett radhus i Östra Norrbacka"), unless a given name or a role says otherwise:
  // they are taken only when no one else is named. (A surname alone there is someone known.)
  bool passed_over = false;  // a name after a preposition was left for the second look
  for (const bool after_preposition_too : {false, true}) {
    if (after_preposition_too && !passed_over) break;
    for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
      if (it->paragraph + kLastNamedParagraphs < para) break;
      if (!it->person_like && !KnownPerson(it->name())) continue;
      if (!after_preposition_too && it->name().size() >= 2 && RightAfterPreposition(*it) && !SurelyPerson(*it)) {
        passed_over = true;
        continue;
      }
      const size_t e = PersonFor(*it, gender);
      if (!GenderFits(e, gender)) continue;
      if (why) *why = "refers to " + entities_.at(e).joined + ", the last person named before it";
      return e;
    }
  }
  return kNone;
}

// Does a word of the pack's `phrase_breaks` stand right before mention `m` ("i Östra Norrbacka"),
// not one joining two clauses ("och Dale Evans")? Unlike AfterPreposition, no describing words
// are passed over: "… är för något förklarar Rogers" has its preposition three words back.
bool Resolver::RightAfterPreposition(const NameMention& m) const {
  const std::vector<Span>& words = mentions_.WordsBefore(m);
  if (words.empty()) return false;
  const Span w = words.back();
  if (doc_.text().substr(w.end, m.span.start - w.end).find_first_not_of(' ') != std::string_view::npos) return false;
  const std::string lower = ToLower(doc_.Slice(w));
  return rules_.pack.phrase_breaks.count(lower) && !rules_.pack.clause_joiners.count(lower);
}

// Does mention `m` follow `verb` right away, or after at most kMaxInvertedSubjectWords
// lower-case words ("menar Tomas Gerdin", "berättar organisationens medarbetare Doseba")?
bool Resolver::InvertedSubject(Span verb, const NameMention& m) const {
  if (m.span.start <= verb.end + kMaxInvertedSubjectGap) return true;
  std::vector<Span> words;
  TokenSpansInto(doc_.text(), {verb.end, m.span.start}, &words);
  if (words.size() > kMaxInvertedSubjectWords) return false;
  for (const Span& w : words) {
    size_t len = 0;
    if (!IsLower(DecodeAt(doc_.text(), w.start, &len))) return false;
    if (doc_.text().substr(w.end, 1) == ",") return false;  // a clause, not a description
    // "said in Cleveland", "told NBC": a preposition's object, not the verb's subject.
    if (rules_.pack.phrase_breaks.count(doc_.Slice(w))) return false;
    // "sprach sie ohne Bitterkeit": the pronoun is the subject.
    if (rules_.pack.subject_pronouns.count(ToLower(doc_.Slice(w)))) return false;
  }
  return true;
}

// The first word of `sentence` that is a speech or opinion verb of the pack, or an empty span.
Span Resolver::FirstVerbWord(Span sentence) const {
  std::vector<Span> words;
  TokenSpansInto(doc_.text(), sentence, &words);
  for (const Span& w : words)
    if (HasVerbWord(doc_.Slice(w), rules_)) return w;
  return {};
}

}  // namespace quoth::detail
