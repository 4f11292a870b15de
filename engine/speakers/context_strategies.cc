// The quote's context: the strategies for a quote whose own tag names no one. News names a
// speaker once and then quotes on, so an untagged quote takes a speaker from around it: the
// first half of its own sentence when a tag split it in two; else a person the paragraph has
// already brought in (a speech tag earlier in the paragraph, or a person or a pronoun opening a
// sentence there); else the speaker of the speech quote just before, when nothing stands between them
// but quote paragraphs and no new person comes in; else someone the paragraph before names
// speaking, when that paragraph holds no speech; else the person that paragraph is about (its
// subject), when the quote opens the next paragraph with no tag. Their confidences, below, are lower than a
// tag's: the speaker is inferred, not read next to the quote.
#include <algorithm>
#include <string>

#include "engine/speakers/resolver.h"

#include "engine/quotes/quote_kinds.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr double kSecondHalfConfidence = 0.8;  // the tag between the halves names the speaker of both
constexpr double kEarlierTagScale = 0.8;  // a tag earlier in the paragraph, not next to the quote, scales its own
constexpr double kParagraphSubjectConfidence = 0.6;  // a person who opens a sentence may not be the one quoted
constexpr double kContinuationConfidence = 0.7;  // news seldom changes speaker without a new tag
constexpr double kSpeakingBeforeConfidence = 0.6;  // named speaking in another paragraph, with no quote of theirs between
constexpr double kSubjectBeforeConfidence = 0.55;  // the subject of the paragraph before, which says nothing of speaking
constexpr double kPronounSubjectScale = 0.9;  // ... when a pronoun stands for that subject

// Does `words` hold one of `phrases` (of one or two words, lower case)?
bool HoldsPhrase(std::string_view text, const std::vector<Span>& words, const WordSet& phrases) {
  if (phrases.empty()) return false;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string phrase = ToLower(text.substr(words[i].start, words[i].size()));
    if (phrases.count(phrase)) return true;
    if (i + 1 < words.size() && phrases.count(phrase.append(" ").append(ToLower(text.substr(words[i + 1].start, words[i + 1].size())))))
      return true;
  }
  return false;
}

// A continued quote follows its speaker's quote in the same or the next paragraph.
constexpr size_t kContinuationParagraphs = 1;

}  // namespace

// Which paragraphs hold speech, and which open with it: asked per quote, answered once.
void Resolver::MarkSpeechParagraphs() {
  const auto& paragraphs = doc_.paragraphs();
  paragraph_has_speech_.assign(paragraphs.size(), false);
  paragraph_is_quote_.assign(paragraphs.size(), false);
  for (const auto& q : quotes_) {
    if (!IsSpeech(q.kind)) continue;
    for (size_t p = q.first_paragraph; p <= q.last_paragraph && p < paragraphs.size(); ++p) {
      paragraph_has_speech_[p] = true;
      if (q.open_mark.start <= paragraphs[p].span.start + kQuoteOpensParagraphBytes) paragraph_is_quote_[p] = true;
    }
  }
}

// The second half of a quote split by its tag, in one sentence: "“…,” Hale said during a visit
// to Ashford, N.C., “but not this year.”" The tag after the first half names the speaker of
// both; the second half reads as a partial quote because it opens in mid-sentence.
Resolver::Answer Resolver::SecondHalf(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  size_t k = quote, looked = 0;
  while (k-- > 0 && quotes_[k].depth != 0 && ++looked < kMaxLookbackQuotes) {}
  if (k >= quote || quotes_[k].depth != 0 || !IsSpeech(quotes_[k].kind) || history_.speaker_of[k] == kNone) return {};
  const QuoteCandidate& first = quotes_[k];
  if (first.last_paragraph != c.first_paragraph || TagAt(k, kSlotAfter).pattern == kNone) return {};
  if (doc_.SentenceAt(first.close_mark.end) != doc_.SentenceAt(c.open_mark.start)) return {};
  if (!SplitByTag(first, c)) return {};
  Found found = Speaker(history_.speaker_of[k], AttributionMethod::kContinuation, {}, kSecondHalfConfidence, "continuation");
  Note(found, [&] { return "second half of the quote on line " + std::to_string(doc_.LineAt(first.span.start)) + ", split by its tag"; });
  return {std::move(found)};
}

// An untagged quote in a paragraph that has already introduced someone: "Brandberg laughs
// off the idea. “…”" or "Life was simple, she said. “…”". The last speech tag before the quote
// in the paragraph wins; else the person who opens a sentence there.
// A partial quote in a sentence of reported speech, marked by a verb form of the pack's
// `reported_speech_words` outside the quote ("Die Rechtslage sei „ein Glücksspiel“"), with no
// tag of its own: the speaker of the reporting sentence its reported speech runs back to
// (ReportingSentenceBefore), else of the paragraph's last speech quote, else the person who
// opens the paragraph. A partial quote in a plain sentence may be anyone's term, so without that
// mark it keeps no speaker. (A reporting sentence may itself report what others said: "Arslan
// warf dem Management vor … Noch im Frühjahr sei von einer „Zukunftsperspektive“ die Rede
// gewesen" goes to Arslan, whose reported speech it is.)
Resolver::Answer Resolver::ReportedSpeechGoesOn(size_t quote) {
  if (rules_.pack.reported_speech_words.empty() || attempt_.own_tag_read) return {};
  const QuoteCandidate& c = quotes_[quote];
  const Span sentence = doc_.sentences()[doc_.SentenceAt(c.open_mark.start)].span;
  const Span quoted{c.open_mark.start, std::max(c.close_mark.end, c.span.end)};
  bool reported = false;
  std::vector<Span> words;
  for (const Span part : {Span{sentence.start, std::clamp(quoted.start, sentence.start, sentence.end)},
                          Span{std::clamp(quoted.end, sentence.start, sentence.end), sentence.end}}) {
    // A speech verb of its own is a tag that named no one ("Aus Fraktionskreisen hieß es, man
    // sei „…“", "teilte das Unternehmen mit"): not the paragraph's speaker going on.
    if (rules_.matcher.speech_verbs().AnyWholeIn(doc_.Slice(part))) return {};
    words.clear();
    TokenSpansInto(doc_.text(), part, &words);
    if (HoldsPhrase(doc_.text(), words, rules_.pack.unnamed_report_phrases)) return {};
    for (const Span& w : words) reported |= rules_.pack.reported_speech_words.count(ToLower(doc_.Slice(w))) > 0;
  }
  if (!reported) return {};
  size_t k = kNone;
  const size_t e = PreviousSpeaker(quote, /*max_paragraphs=*/0, &k);  // in this paragraph
  // Nearer than the quote before: a reporting sentence whose reported speech runs on to this one.
  // Where it reports someone unnamed, the quote is theirs; a person it names defers to the one
  // who opens the paragraph, whom its description most often stands for.
  Answer source = ReportingSentenceBefore(quote, k == kNone ? 0 : quotes_[k].span.end);
  if (source.no_one) return source;
  if (e == kNone)
    if (std::optional<Found> opener = OpenerOfReportedSpeech(quote)) return {std::move(*opener)};
  if (source.speaker) return source;
  if (e == kNone) return {};
  Found found = Speaker(e, AttributionMethod::kContinuation, {}, kContinuationConfidence, "reported-speech");
  Note(found, [&] { return "reported speech going on from the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start)); });
  return {std::move(found)};
}

// No speech before the quote in its paragraph: the person who opens the paragraph as its
// subject, when no one else is named before the quote ("Landesrätin Martina Gruber wies den
// Vorwurf zurück. Das Verfahren sei „ordnungsgemäß“ gewesen").
std::optional<Resolver::Found> Resolver::OpenerOfReportedSpeech(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  const Span para = doc_.paragraphs()[c.first_paragraph].span;
  size_t subject = kNone;
  for (auto it = mentions_.MentionsBefore(c.open_mark.start); it != mentions_.rend() && it->span.start >= para.start; ++it) {
    if (it->organisation || it->place || it->name().empty() || !it->person_like) continue;
    if (subject != kNone) return std::nullopt;  // two people named: whose words these are is not read here
    subject = static_cast<size_t>(&*it - mentions_.data());
  }
  if (subject == kNone) return std::nullopt;
  const NameMention& m = mentions_[subject];
  if (m.span.start > para.start + kQuoteOpensParagraphBytes && !mentions_.OpensSentenceAsSubject(m) && !mentions_.OpensAfterOpeningPhrase(m))
    return std::nullopt;
  if (doc_.SentenceAt(m.span.start) != doc_.SentenceAt(para.start)) return std::nullopt;
  const size_t person = entities_.Resolve(m, EntityKind::kPerson);
  Found found = Speaker(person, AttributionMethod::kContinuation, m.span, kParagraphSubjectConfidence, "reported-speech");
  Note(found, [&] { return "reported speech of " + entities_.at(person).joined + ", who opens the paragraph"; });
  return found;
}

// Reported speech runs on over sentences in the subjunctive: "Aus dem Ministerium hieß es, man
// respektiere den Entscheid. Die Versorgung bleibe „gewährleistet“." / "Der Rat werde neu
// planen, kündigte sie an. Eine Steuererhöhung sei «nicht ausgeschlossen»." Walking back from
// the quote's sentence while each sentence is reported speech, the first that is a reporting
// sentence (a sentence pattern finds its speaker) gives the quote its speaker, or no one when
// it reports someone the text does not name. Only sentences after `since` are read: a quote
// before them carries its own speaker.
Resolver::Answer Resolver::ReportingSentenceBefore(size_t quote, size_t since) {
  const QuoteCandidate& c = quotes_[quote];
  const Span para = doc_.paragraphs()[c.first_paragraph].span;
  std::string_view text = doc_.text();
  std::vector<Span> words;
  for (size_t s = doc_.SentenceAt(c.open_mark.start); s-- > 0;) {
    const Span sentence = doc_.sentences()[s].span;
    if (sentence.start < std::max(para.start, since)) break;
    const Match m = RunPosition(text, sentence, rules_, Position::kSentence);
    if (m.pattern != kNone) {
      Answer source = FromPhrase(quote, m.speaker, rules_.pack.patterns[m.pattern], "reporting sentence before the reported speech");
      if (source.speaker) {
        SpeakerRef& r = source.speaker->ref;
        r.method = AttributionMethod::kContinuation;
        r.confidence *= kEarlierTagScale;
        r.rule = "reported-speech";
      }
      if (source.speaker || source.no_one) return source;
    }
    words.clear();
    TokenSpansInto(text, sentence, &words);
    if (HoldsPhrase(text, words, rules_.pack.unnamed_report_phrases)) break;  // speech of someone unnamed
    if (std::none_of(words.begin(), words.end(), [&](const Span& w) { return rules_.pack.reported_speech_words.count(ToLower(doc_.Slice(w))) > 0; }))
      break;  // not reported speech: the quote's speech does not run back past it
  }
  return {};
}

Resolver::Answer Resolver::ParagraphSpeaker(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  const Span para = doc_.paragraphs()[c.first_paragraph].span;
  std::string_view text = doc_.text();
  // Earlier quotes in this paragraph already carry the paragraph's speaker (continuation handles them).
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    // (An unattributed partial quote is a term or a title: 'On "Face the Nation," Sen. …'.)
    if (quotes_[k].last_paragraph == c.first_paragraph && IsSpeech(quotes_[k].kind) &&
        !(quotes_[k].kind == QuoteKind::kPartial && history_.speaker_of[k] == kNone))
      return {};
    if (quotes_[k].depth == 0 && quotes_[k].last_paragraph < c.first_paragraph) break;  // and all before it
  }
  std::optional<Found> found;
  bool unnamed = false;  // the latest sentence brings in someone unnamed ("Från publiken ville en äldre man veta …")
  for (size_t s = doc_.SentenceAt(para.start); s < doc_.sentences().size(); ++s) {
    const Span sent = doc_.sentences()[s].span;
    if (sent.start >= c.open_mark.start || sent.start < para.start) break;
    const Span window{sent.start, std::min(sent.end, c.open_mark.start)};
    Match m = RunPosition(text, window, rules_, Position::kSentence);
    if (m.pattern != kNone) {
      Answer tagged = FromPhrase(quote, m.speaker, rules_.pack.patterns[m.pattern], "speech tag earlier in the paragraph");
      if (tagged.speaker) {
        SpeakerRef& r = tagged.speaker->ref;
        r.method = r.method == AttributionMethod::kExplicit ? AttributionMethod::kContinuation : r.method;
        r.confidence *= kEarlierTagScale;
        found = std::move(tagged.speaker);
        unnamed = false;
        continue;
      }
    }
    if (BringsInUnnamed(window)) {
      found.reset();
      unnamed = true;
      continue;
    }
    for (size_t i = mentions_.FirstMentionOf(&NameMention::sentence, s); i < mentions_.size() && mentions_[i].sentence == s; ++i) {
      const NameMention& mention = mentions_[i];
      if (!mention.person_like) continue;
      // The first person of the sentence is its subject when only an opening phrase stands
      // before ("On Sunday's show, Sen. Ann Holt (Vt.) identified …"), or words that say what
      // the person is ("Verteidiger Florian Hubmer hielt dagegen."); any other is not.
      if (!mentions_.OpensSentence(mention.span.start) && !mentions_.OpensAfterOpeningPhrase(mention) && !mentions_.OpensSentenceAsSubject(mention)) break;
      const size_t e = entities_.Resolve(mention, EntityKind::kPerson);
      Found opener = Speaker(e, AttributionMethod::kContinuation, mention.span, kParagraphSubjectConfidence, "paragraph-subject");
      Note(opener, [&] { return entities_.at(e).joined + " opens a sentence earlier in the paragraph"; });
      found = std::move(opener);
      break;
    }
    // "He shrugged. “…”": a sentence of the paragraph opened by a personal pronoun is about
    // the person it stands for.
    if (!found || found->ref.mention_span.start < sent.start)
      if (std::optional<Found> by_pronoun = PronounOpensSentence(quote, sent)) found = std::move(by_pronoun);
    if (found && found->ref.mention_span.start >= sent.start) unnamed = false;
  }
  if (unnamed && !found) {
    attempt_.unnamed_referent = true;
    Refuse([] { return std::string("the paragraph brings in someone unnamed just before the quote (\"One woman in the crowd shook her head.\")"); });
    return Answer::NoOne();
  }
  return {std::move(found)};
}

// Does `sentence` bring in someone it does not name - an indefinite description of a person
// ("en äldre man", "one woman in the crowd"), with no name and no pronoun before it - as the
// one the next words belong to?
bool Resolver::BringsInUnnamed(Span sentence) const {
  if (rules_.indefinite_words.empty() || sentence.empty()) return false;
  const std::string_view text = doc_.text();
  std::string noun;
  if (!IndefinitePersonIn(sentence, "", &noun) || IsSpeaksForRole(noun)) return false;
  for (auto it = mentions_.MentionsBefore(sentence.end); it != mentions_.rend() && it->span.start >= sentence.start; ++it)
    if (it->person_like || it->organisation) return false;
  thread_local std::vector<Span> words;
  TokenSpansInto(text, sentence, &words);
  for (const Span& w : words) {
    const std::string lower = ToLower(text.substr(w.start, w.size()));
    if (rules_.indefinite_words.count(lower)) break;
    if (rules_.pack.pronoun_gender.count(lower)) return false;
  }
  return true;
}

// The person a personal pronoun opening `sentence` of the quote's own paragraph stands for,
// as a tag's pronoun would resolve it; none when the sentence opens otherwise.
std::optional<Resolver::Found> Resolver::PronounOpensSentence(size_t quote, Span sentence) {
  const std::string_view text = doc_.text();
  const Span w = FirstWord(sentence);
  if (w.empty() || w.start > sentence.start + kQuoteOpensParagraphBytes) return std::nullopt;
  if (PersonalPronounGender(ToLower(text.substr(w.start, w.size()))).empty()) return std::nullopt;
  std::string why;
  const size_t e = PersonOfPronounWord(quote, w, explain_ ? &why : nullptr);
  if (e == kNone) return std::nullopt;
  Found found = Speaker(e, AttributionMethod::kContinuation, w, kParagraphSubjectConfidence, "paragraph-subject");
  Note(found, [&] {
    std::string note = "\"";
    note.append(text.substr(w.start, w.size())).append("\" opens a sentence earlier in the paragraph");
    return note;
  });
  Note(found, [&] { return why; });
  return found;
}

// Whom the personal pronoun `w` opening a sentence stands for, as a tag's pronoun would resolve
// it; kNone when it reads as no pronoun there.
size_t Resolver::PersonOfPronounWord(size_t quote, Span w, std::string* why) {
  const auto phrase = ParseSpeakerPhraseShared(doc_.text(), w, rules_, true);
  return phrase->type == PhraseType::kPronoun ? ResolvePronoun(quote, *phrase, w.start, why) : kNone;
}

// The speech quote before `quote` with a speaker, if it is within `max_paragraphs` before.
size_t Resolver::PreviousSpeaker(size_t quote, size_t max_paragraphs, size_t* quote_index) const {
  const size_t para = quotes_[quote].first_paragraph;
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    const QuoteCandidate& p = quotes_[k];
    if (!IsSpeech(p.kind)) continue;
    if (para > p.last_paragraph + max_paragraphs) return kNone;
    if (history_.speaker_of[k] != kNone) { if (quote_index) *quote_index = k; return history_.speaker_of[k]; }
  }
  return kNone;
}

// Does paragraph `para` open with a personal pronoun (he, she, han, hon, er, sie) whose gender
// fits entity `e`?
bool Resolver::OpensWithPronounFor(size_t para, size_t e) const {
  const Span w = FirstWord(doc_.paragraphs()[para].span);
  if (w.empty()) return false;
  const std::string gender = PersonalPronounGender(ToLower(doc_.Slice(w)));
  return !gender.empty() && GenderFits(e, gender);
}

// Does paragraph `para` open with a personal pronoun whose gender is not entity `e`'s known one?
bool Resolver::OpensWithPronounAgainst(size_t para, size_t e) const {
  const Span p = doc_.paragraphs()[para].span;
  const Span w = FirstWord(p);
  // (A paragraph that opens with a quote mark opens with the quote's words, not the writer's.)
  if (w.empty() || w.start != p.start || entities_.at(e).kind != EntityKind::kPerson) return false;
  const std::string gender = PersonalPronounGender(ToLower(doc_.Slice(w)));
  const std::string_view known = GenderOf(e);
  return !gender.empty() && !known.empty() && gender != known;
}

// The first word of `s`, past any marks or dashes; empty when there is none.
Span Resolver::FirstWord(Span s) const {
  const std::string_view text = doc_.text();
  size_t i = s.start, len = 0;
  while (i < s.end && !IsLetter(DecodeAt(text, i, &len))) i += len;
  size_t j = i;
  while (j < s.end && IsWordChar(DecodeAt(text, j, &len))) j += len;
  return {i, j};
}

// "male" or "female" for a lower-case personal pronoun of the pack, else empty.
std::string Resolver::PersonalPronounGender(const std::string& lower) const {
  const auto it = rules_.pack.pronoun_gender.find(lower);
  return it != rules_.pack.pronoun_gender.end() && Gendered(it->second) ? it->second : std::string();
}

// Does lower-case `w` end in a definite ending of the pack ("-en", "-et", "-n", "-na")?
bool Resolver::HasDefiniteEnding(std::string_view w) const {
  if (w.size() > 2 && w.compare(w.size() - 2, 2, "en") == 0) return true;
  for (const auto& e : rules_.pack.definite_endings)
    if (w.size() > e.size() && w.compare(w.size() - e.size(), e.size(), e) == 0) return true;
  return false;
}

// In a verb-second language, the subject pronoun after a sentence's opening phrase and verb
// ("Tio minuter senare är hon tillbaka", "En del av tiden bodde hon hos sin moster"): the first
// pronoun among its first kMaxInvertedSubjectWord words, when it is a subject form of one
// person and no comma or other pronoun comes before it. Empty when there is none.
Span Resolver::InvertedSubjectPronoun(Span sentence) const {
  constexpr size_t kMaxInvertedSubjectWord = 8;
  const std::string_view text = doc_.text();
  Span w = FirstWord(sentence);
  for (size_t n = 1; n < kMaxInvertedSubjectWord && !w.empty(); ++n) {
    const Span next = FirstWord({w.end, sentence.end});
    if (next.empty()) break;
    for (size_t i = w.end; i < next.start; ++i)
      if (text[i] != ' ') return {};  // a comma, a dash, a quote mark: the opening phrase is no longer simple
    w = next;
    const std::string lower = ToLower(text.substr(w.start, w.size()));
    if (rules_.pack.pronoun_gender.count(lower))
      return rules_.pack.subject_pronouns.count(lower) && !PersonalPronounGender(lower).empty() ? w : Span{};
  }
  return {};
}

// The person a personal pronoun opening `sentence` stands for ("Hon hoppas på ett möte."), or,
// with `role_too` and where nouns take the article as an ending, a role word in the definite
// form ("Tränaren ville …"), as a tag's pronoun or description would resolve it; none when the
// sentence opens otherwise. (The role reading: the paragraph's last sentence only.)
std::optional<Resolver::Found> Resolver::PronounOpening(size_t quote, Span sentence, bool role_too) {
  const std::string_view text = doc_.text();
  Span w = FirstWord(sentence);
  if (w.empty()) return std::nullopt;
  // "Men hon vill också …", "Enligt henne bör …": after a joiner or a source word, the pronoun
  // is the second word.
  if (const std::string first = ToLower(text.substr(w.start, w.size()));
      rules_.pack.clause_joiners.count(first) || rules_.pack.source_words.count(first)) {
    const Span second = FirstWord({w.end, sentence.end});
    if (!second.empty() && !PersonalPronounGender(ToLower(text.substr(second.start, second.size()))).empty()) w = second;
  }
  // "Tio minuter senare är hon tillbaka.": where the verb comes second, an opening phrase puts
  // the subject right after the verb; a subject pronoun among the first words of the sentence,
  // with no comma before it, is what the sentence is about.
  if (rules_.pack.verb_second && PersonalPronounGender(ToLower(text.substr(w.start, w.size()))).empty())
    if (const Span inverted = InvertedSubjectPronoun(sentence); !inverted.empty()) w = inverted;
  const size_t i = w.start, j = w.end;
  const std::string word = ToLower(text.substr(i, j - i));
  std::string why;
  size_t e = kNone;
  if (!PersonalPronounGender(word).empty()) {
    e = PersonOfPronounWord(quote, w, explain_ ? &why : nullptr);
  } else if (role_too && (j == sentence.end || text[j] == ' ')) {
    // "Tränaren ville inte lyfta fram någon. ¶ – …": a role in the definite form.
    e = PersonOfDefiniteRole(quote, word, /*guesses=*/true, explain_ ? &why : nullptr);
  }
  if (e == kNone) return std::nullopt;
  Found found = Speaker(e, AttributionMethod::kContinuation, {i, j}, kSubjectBeforeConfidence * kPronounSubjectScale,
                       "paragraph-before-subject");
  Note(found, [&] {  // built by appending: GCC 12 warns (-Wrestrict) on "\"" + std::string(...)
    std::string note = "the paragraph before is about \"";
    note.append(text.substr(i, j - i)).append("\", ").append(entities_.at(e).joined).append(", and says nothing of speech");
    return note;
  });
  Note(found, [&] { return why; });
  return found;
}

// The speaker of the speech quote just before, in the same or the previous paragraph.
Resolver::Answer Resolver::Continuation(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  size_t k = kNone;
  // An interviewer's questions between the two ("Ångrar du dig aldrig?") are answered by the
  // speaker before them, in a quote that opens its paragraph.
  const size_t questions = OpensParagraph(c) ? QuestionsBefore(c.first_paragraph) : 0;
  // A dialogue interview's untagged turn: the interviewer's question, or the answer to it.
  if (std::optional<Found> turn = InterviewTurn(quote)) return {std::move(*turn)};
  // In an interview the answers are the interviewee's, whoever the text quoted before the
  // questions ("Fem frågor till Leyla Aksoy": a festival director quoted on her, then the
  // questions, then her answers).
  if (questions > 0)
    if (const size_t i = Interviewee(quote); i != kNone) {
      Found found = Speaker(i, AttributionMethod::kContinuation, {}, kContinuationConfidence, "interview-answer");
      Note(found, [&] { return "answers the interviewer's question before it: " + entities_.at(i).joined + " is the one interviewed"; });
      return {std::move(found)};
    }
  const size_t e = PreviousSpeaker(quote, kContinuationParagraphs + questions, &k);
  if (e == kNone) return {};
  // Only the directly preceding speech quote counts, and nothing may stand between them
  // but quote paragraphs.
  bool adjacent = true;
  // An unattributed partial quote between them is a term or a title ("on Fox's “Morning
  // Show.”"), not another voice.
  for (size_t j = k + 1; j < quote; ++j)
    adjacent &= !IsSpeech(quotes_[j].kind) || history_.speaker_of[j] == e ||
                (quotes_[j].kind == QuoteKind::kPartial && history_.speaker_of[j] == kNone);
  // Nor may a new paragraph bring in another person before the quote ("On “Face the
  // Nation,” Sen. Bernie Sanders … “…”" does not continue the quote before) - unless it opens
  // with a pronoun that fits the speaker: "He reserved special praise for Ferris. ‘…’" is
  // still the speaker's paragraph.
  // A new paragraph that opens with a pronoun of the other gender ("He shrugged." after a
  // woman's quote) is about someone else.
  if (c.first_paragraph != quotes_[k].last_paragraph && OpensWithPronounAgainst(c.first_paragraph, e)) return {};
  if (c.first_paragraph != quotes_[k].last_paragraph && !OpensWithPronounFor(c.first_paragraph, e)) {
    const size_t para_start = doc_.paragraphs()[c.first_paragraph].span.start;
    for (auto it = mentions_.MentionsBefore(c.open_mark.start); adjacent && it != mentions_.rend() && it->span.start >= para_start; ++it)
      if (it->person_like && !it->name().empty() && !EndsWithName(entities_.at(e).name, it->name())) adjacent = false;
  }
  if (!adjacent || !(quotes_[k].last_paragraph == c.first_paragraph || ParagraphIsQuote(quotes_[k].last_paragraph) ||
                     c.first_paragraph <= quotes_[k].last_paragraph + 1 + questions))
    return {};
  Found found = Speaker(e, AttributionMethod::kContinuation, {}, kContinuationConfidence, "continuation");
  Note(found, [&] { return "continues the speaker of the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start)); });
  return {std::move(found)};
}

bool Resolver::IsQuestion(size_t quote) const {
  std::string_view t = doc_.Slice(quotes_[quote].span);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\n')) t.remove_suffix(1);
  return !t.empty() && t.back() == '?';
}

size_t Resolver::Interviewer() {
  if (interviewer_ != kUnread) return interviewer_;
  interviewer_ = kNone;
  const std::string_view text = doc_.text();
  std::vector<size_t> askers, answerers;
  for (size_t k = 0; k < quotes_.size(); ++k) {
    const QuoteCandidate& c = quotes_[k];
    if (c.kind != QuoteKind::kDialogue || c.tag_speaker.empty()) continue;
    const auto phrase = ParseSpeakerPhraseShared(text, c.tag_speaker, rules_, false);
    if (phrase->type != PhraseType::kName || phrase->name.size() < 2) continue;
    const size_t e = entities_.Resolve(phrase->name, phrase->joined, EntityKind::kPerson, c.tag_speaker.start);
    (IsQuestion(k) ? askers : answerers).push_back(e);
  }
  // One asker who never answers; someone who also answers, or a second asker, is no interviewer.
  for (size_t e : askers) {
    if (std::find(answerers.begin(), answerers.end(), e) != answerers.end() || (interviewer_ != kNone && interviewer_ != e)) {
      interviewer_ = kNone;
      break;
    }
    interviewer_ = e;
  }
  return interviewer_;
}

std::optional<Resolver::Found> Resolver::InterviewTurn(size_t quote) {
  if (quotes_[quote].kind != QuoteKind::kDialogue) return std::nullopt;
  const size_t interviewer = Interviewer();
  if (interviewer == kNone) return std::nullopt;
  if (IsQuestion(quote)) {
    Found found = Speaker(interviewer, AttributionMethod::kContinuation, {}, kContinuationConfidence, "interview-question");
    Note(found, [&] { return "a question in a dialogue interview: " + entities_.at(interviewer).joined + " asks the questions"; });
    return found;
  }
  size_t question = kNone;
  const size_t e = AnswerToQuestionBefore(quote, &question);
  if (e == kNone) return std::nullopt;
  Found found = Speaker(e, AttributionMethod::kContinuation, {}, kContinuationConfidence, "interview-answer");
  Note(found, [&] { return "answers the interviewer's question on line " + std::to_string(doc_.LineAt(quotes_[question].span.start)) + ": " + entities_.at(e).joined + " is the one interviewed"; });
  return found;
}

size_t Resolver::AnswerToQuestionBefore(size_t quote, size_t* question) {
  if (quotes_[quote].kind != QuoteKind::kDialogue) return kNone;
  size_t k = quote;
  while (k-- > 0 && !IsSpeech(quotes_[k].kind)) {}
  if (k >= quote || quotes_[k].kind != QuoteKind::kDialogue || !IsQuestion(k)) return kNone;
  const size_t interviewer = Interviewer();
  if (interviewer == kNone || history_.speaker_of[k] != interviewer) return kNone;
  if (question) *question = k;
  return AnswersQuestion(k);
}

size_t Resolver::AnswersQuestion(size_t question) const {
  const size_t interviewer = history_.speaker_of[question];
  std::string_view asked = doc_.Slice(quotes_[question].span);
  while (!asked.empty() && (asked.back() == '?' || asked.back() == ' ')) asked.remove_suffix(1);
  for (size_t e = 0; e < entities_.size(); ++e) {
    const EntityRecord& person = entities_.at(e);
    if (e == interviewer || person.kind != EntityKind::kPerson || person.name.size() < 2) continue;
    const std::string_view name = person.joined;
    const bool opens = asked.size() > name.size() && asked.compare(0, name.size(), name) == 0 && asked[name.size()] == ',';
    const bool closes = asked.size() > name.size() + 2 && asked.compare(asked.size() - name.size(), name.size(), name) == 0 &&
                        asked.compare(asked.size() - name.size() - 2, 2, ", ") == 0;
    if (opens || closes) return e;
  }
  // The one who answered an earlier question of the interviewer.
  for (size_t k = question, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    if (!IsSpeech(quotes_[k].kind) || history_.speaker_of[k] != interviewer || !IsQuestion(k)) continue;
    for (size_t j = k + 1; j < question; ++j) {
      if (!IsSpeech(quotes_[j].kind)) continue;
      const size_t e = history_.speaker_of[j];
      if (e != kNone && e != interviewer) return e;
      break;
    }
  }
  return kNone;
}

// Who answers an interviewer's questions: the speaker of the latest answer before (a quote that
// opens its paragraph after questions), else the one person the headline names ("Leyla Aksoy:
// ”Jag är arg på rätt saker”"), else no one known (kNone).
size_t Resolver::Interviewee(size_t quote) {
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
    if (!IsSpeech(quotes_[k].kind) || history_.speaker_of[k] == kNone) continue;
    if (OpensParagraph(quotes_[k]) && QuestionsBefore(quotes_[k].first_paragraph) > 0) return history_.speaker_of[k];
  }
  if (doc_.paragraphs().empty() || !IsHeadlineParagraph(doc_, 0, rules_)) return kNone;
  size_t found = kNone;
  for (const NameMention& m : mentions_) {
    if (m.paragraph != 0) break;
    if (m.organisation || m.place || m.name().empty() || !(m.person_like || PersonByName(m.name()))) continue;
    const size_t e = entities_.Resolve(m, EntityKind::kPerson);
    if (found != kNone && found != e) return kNone;  // two people in the headline: which one is unclear
    found = e;
  }
  return found;
}

// How many paragraphs right before `para` are an interviewer's questions: at most three sentences of at most
// kMaxQuestionWords words ending in a question mark, with no speech in it ("Hur hamnar en
// advokat i ett fårhus?", "What made you stay?"). Stops at the first paragraph that is not.
size_t Resolver::QuestionsBefore(size_t para) const {
  // A question may come with a sentence before it ("Boken handlar om en chaufför. Varför just han?").
  constexpr size_t kMaxQuestions = 3, kMaxQuestionWords = 40, kMaxQuestionSentences = 3;
  const std::string_view text = doc_.text();
  size_t n = 0;
  while (n < kMaxQuestions && para > n) {
    const size_t p = para - n - 1;
    if (ParagraphHasSpeech(p)) break;
    const Span span = doc_.paragraphs()[p].span;
    size_t end = span.end;
    while (end > span.start && (text[end - 1] == ' ' || text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
    if (end == span.start || text[end - 1] != '?' || doc_.SentenceAt(end - 1) - doc_.SentenceAt(span.start) >= kMaxQuestionSentences) break;
    size_t words = 0;
    for (size_t i = span.start; i < end; ++i) words += text[i] == ' ';
    if (words >= kMaxQuestionWords) break;
    ++n;
  }
  return n;
}

// A previous paragraph, with no speech of its own, that names someone speaking ("Shmyhal said
// the city is suffering."): the last such person in it.
Resolver::Answer Resolver::SpeakingInParagraphBefore(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  if (c.first_paragraph == 0) return {};
  const size_t prev = c.first_paragraph - 1;
  size_t speaking = kNone;
  Span speaking_span;
  for (size_t i = mentions_.FirstMentionOf(&NameMention::paragraph, prev); i < mentions_.size() && mentions_[i].paragraph == prev; ++i) {
    const NameMention& m = mentions_[i];
    if (!m.person_like) continue;
    Match tag = RunPosition(doc_.text(), {m.span.start, doc_.paragraphs()[prev].span.end}, rules_, Position::kAfter);
    if (tag.pattern != kNone && tag.whole.start == m.span.start) {
      speaking = entities_.Resolve(m, EntityKind::kPerson);
      speaking_span = m.span;
    }
  }
  if (speaking == kNone || ParagraphHasSpeech(prev)) return {};
  Found found = Speaker(speaking, AttributionMethod::kContinuation, speaking_span, kSpeakingBeforeConfidence, "continuation");
  Note(found, [&] { return "the paragraph before names " + entities_.at(speaking).joined + " as speaking"; });
  return {std::move(found)};
}


// A quote paragraph after a paragraph with no speech that is about someone: "Hedemyras tränare
// Kenneth Ahl var tydligt besviken." then "– Vi spelade två bra perioder …" with no tag. The
// writer has put that person in focus and hands over to them: the subject of the paragraph's
// last sentence that has one (a person opening it, after its role words or an opening phrase),
// else the person its last sentence brings in ("Bland dem fanns Malin Forsberg.").
Resolver::Answer Resolver::SubjectOfParagraphBefore(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  // A tag of its own that named no one ("sagte eine Person", "the report said") is not "no tag".
  if (attempt_.own_tag_read) return {};
  if (!c.close_mark.empty()) {
    const Span sentence = doc_.sentences()[doc_.SentenceAt(c.close_mark.start)].span;
    if (sentence.end > c.close_mark.end &&
        rules_.matcher.speech_verbs().AnyIn(doc_.text().substr(c.close_mark.end, sentence.end - c.close_mark.end)))
      return {};  // a speech verb after the quote in its sentence is a tag that named no one
  }
  if (c.first_paragraph == 0 || ParagraphHasSpeech(c.first_paragraph - 1)) return {};
  const auto& paragraphs = doc_.paragraphs();
  if (!OpensParagraph(c)) return {};
  const size_t prev = c.first_paragraph - 1;
  const Span para = paragraphs[prev].span;
  size_t subject = kNone;
  bool last_sentence = true;
  for (size_t s = doc_.SentenceAt(para.end > para.start ? para.end - 1 : para.start) + 1; subject == kNone && s-- > 0;) {
    if (doc_.sentences()[s].span.end <= para.start) break;
    for (size_t i = mentions_.FirstMentionOf(&NameMention::sentence, s); i < mentions_.size() && mentions_[i].sentence == s; ++i) {
      const NameMention& m = mentions_[i];
      if (!m.person_like || m.place || m.organisation || m.name().empty()) continue;
      if (mentions_.OpensSentence(m.span.start) || mentions_.OpensAfterOpeningPhrase(m) || mentions_.OpensSentenceAsSubject(m)) subject = i;
      break;  // only the first person of a sentence may be its subject
    }
    // "Han är kritisk till beslutet. ¶ – …": a sentence opened by a personal pronoun is about
    // the person it stands for, the nearest sentence of the paragraph first.
    if (subject == kNone)
      if (std::optional<Found> by_pronoun = PronounOpening(quote, doc_.sentences()[s].span, last_sentence))
        return {std::move(by_pronoun)};
    last_sentence = false;
  }
  if (subject == kNone) subject = FirstPersonOfSentenceBefore(quote);
  if (subject == kNone) return {};
  const NameMention& m = mentions_[subject];
  const size_t e = entities_.Resolve(m, EntityKind::kPerson);
  Found found = Speaker(e, AttributionMethod::kContinuation, m.span, kSubjectBeforeConfidence, "paragraph-before-subject");
  Note(found, [&] { return "the paragraph before is about " + entities_.at(e).joined + " and says nothing of speech"; });
  return {std::move(found)};
}

}  // namespace quoth::detail
