// The speaker phrase a tag captured, resolved to an entity. The phrase is parsed (names.h) into
// one of four types, each with its own resolution:
//   name         -> the document's fullest form of that name (entity table); a country or
//                   province never speaks
//   organisation -> an organisation entity; a description of one ("the company", "kommunen")
//                   -> the organisation the article named before (descriptions.cc)
//   pronoun      -> a person named or speaking before it (pronouns.cc)
//   description  -> the person the text gave those roles, else the previous speaker
//                   (descriptions.cc); when it fits no one, the quote's speaker is someone the
//                   text does not name, and the answer is "no one"
// A tag's confidence is its pattern's (from the rule pack), scaled down when the speaker had to
// be inferred rather than read.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "engine/speakers/resolver.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr double kPronounScale = 0.9;  // the pronoun's person is inferred from the text before it
constexpr double kDescriptionScale = 0.85;  // a description ("the minister", "the company") may fit more than one

}  // namespace

// Is the one-word `name` the first name of a person the document names ("Paul" of "Paul Ryan")?
bool Resolver::FirstNameOfPerson(const std::vector<std::string>& name) const {
  if (name.size() != 1) return false;
  for (const auto& m : mentions_)
    if (m.person_like && m.name().size() >= 2 && m.name().front() == name.front()) return true;
  return false;
}

// Does a person entity of the document end with `name`?
// Where the verb comes second and nouns are capitalised, is `word`, opening its sentence, an
// adverb or adjective rather than a name: a word the dictionary lists only in lower case, no
// pronoun, and no surname or first name of someone the document names?
bool Resolver::AdverbBeforeVerbSecond(std::string_view word) const {
  return rules_.pack.verb_second && rules_.pack.capitalises_nouns && !rules_.pack.pronoun_gender.count(ToLower(word)) &&
         CommonWordNoName(word);
}

bool Resolver::CommonWordNoName(std::string_view word) const {
  return IsCommonWord(word, rules_) && !SurnameOfSomeone(word) && !FirstNameOfPerson({std::string(word)});
}

// Does the document name someone in full with `word` last ("Johan Lilja" for "Lilja", a
// surname that is a common word too)? Read from the name mentions, which tags are matched
// before the entity table knows.
bool Resolver::SurnameOfSomeone(std::string_view word) const {
  return std::any_of(mentions_.begin(), mentions_.end(), [&](const NameMention& m) {
    return m.name().size() >= 2 && !m.organisation && !m.place && m.name().back() == word;
  });
}

bool Resolver::KnownPerson(const std::vector<std::string>& name) const {
  for (size_t i = 0; i < entities_.size(); ++i) {
    if (entities_.at(i).kind == EntityKind::kPerson && EndsWithName(entities_.at(i).name, name)) return true;
  }
  return false;
}

// The name of a person mentioned right before the same words elsewhere in the document,
// joined to them: "Friedrich" + "von Albersdorf" where the text says "Friedrich von Albersdorf"
// (the name finder stops a name at a particle that is also a preposition). Empty if none.
std::vector<std::string> Resolver::FullNameEndingWith(Span words, const std::vector<std::string>& tail) const {
  const std::string_view text = doc_.text();
  const std::string_view wanted = doc_.Slice(words);
  for (const auto& m : mentions_) {
    if (m.organisation || m.place || m.span.end + 1 == words.start) continue;
    if (m.span.end + 1 + wanted.size() > text.size() || text[m.span.end] != ' ') continue;
    if (text.compare(m.span.end + 1, wanted.size(), wanted) != 0) continue;
    const size_t after = m.span.end + 1 + wanted.size();  // the words end there, not inside a longer word
    size_t len = 0;
    if (after < text.size() && IsWordChar(DecodeAt(text, after, &len))) continue;
    std::vector<std::string> full = m.name();
    full.insert(full.end(), tail.begin(), tail.end());
    return full;
  }
  return {};
}

// A description's person: the name it sets off or runs into, else whom ResolveDescription finds.
// After a name in the genitive, the role it owns ("Ann Holt's lawyer", "Holt's defence
// lawyer"): where the role ends, and the person named right after it or set off after it by a
// comma (none when the text names no one). Nothing when the name is no owner of a role.
std::optional<std::pair<size_t, const NameMention*>> Resolver::OwnedRoleAfter(Span core) const {
  constexpr size_t kMaxRoleWords = 3;
  const std::string_view text = doc_.text();
  if (core.empty()) return std::nullopt;
  // "Holt's lawyer"; where the genitive is a bare "s", "Pilarnas lagledare" (a role must follow).
  const std::string_view owner = doc_.Slice(core);
  const bool genitive = rules_.pack.genitive_s && owner.size() > 3 && owner.back() == 's';
  if (!IsPossessive(owner) && !genitive) return std::nullopt;
  size_t i = core.end, role_end = 0;
  for (size_t words = 0; words < kMaxRoleWords; ++words) {
    if (i >= text.size() || text[i] != ' ') break;
    const size_t start = i + 1;
    size_t j = start, len = 0;
    if (j >= text.size() || !IsLower(DecodeAt(text, j, &len))) break;
    while (j < text.size() && IsWordChar(DecodeAt(text, j, &len))) j += len;
    if (IsRoleOrCompoundRole(ToLower(text.substr(start, j - start)), rules_)) role_end = j;
    i = j;
  }
  if (!role_end) return std::nullopt;
  const NameMention* named = mentions_.AppositionNameAfter(role_end);
  if (!named) named = mentions_.NameRightAfter(role_end);
  return std::pair{role_end, named};
}

// Does a `speaks_for_links` word follow `at` ("ein Sprecher| des Landesbetriebs")?
bool Resolver::LinkWordAfter(size_t at) const {
  const std::string_view text = doc_.text();
  if (at >= text.size() || text[at] != ' ') return false;
  size_t j = at + 1, len = 1;
  while (j < text.size() && IsWordChar(DecodeAt(text, j, &len))) j += len;
  return rules_.pack.speaks_for_links.count(ToLower(text.substr(at + 1, j - at - 1))) > 0;
}

// The organisation that is the subject of the sentence before `sentence`, in its paragraph or
// the one before: the sentence's first mention, not after a preposition, with no person
// before it ("Auch die Regierung der Deutschsprachigen Gemeinschaft will sich einschalten.").
const NameMention* Resolver::OrganisationOpeningSentenceBefore(size_t sentence) const {
  if (sentence == 0) return nullptr;
  const size_t before = sentence - 1;
  if (doc_.sentences()[before].paragraph + 1 < doc_.sentences()[sentence].paragraph) return nullptr;
  const size_t i = mentions_.FirstMentionOf(&NameMention::sentence, before);
  if (i >= mentions_.size() || mentions_[i].sentence != before) return nullptr;
  const NameMention& m = mentions_[i];
  if (!m.organisation || m.place || mentions_.GenitiveOwner(m)) return nullptr;
  // Only an article or a sentence adverb before it, no preposition ("The chair of the …").
  constexpr size_t kMaxWordsBefore = 2;
  const std::vector<Span>& words = mentions_.WordsBefore(m);
  if (words.size() > kMaxWordsBefore) return nullptr;
  for (const Span& w : words)
    if (rules_.pack.phrase_breaks.count(ToLower(doc_.Slice(w)))) return nullptr;
  return &m;
}

Resolver::Answer Resolver::FromDescription(size_t quote, const SpeakerPhrase& phrase, Span phrase_span, Span core,
                                           const AttributionPattern& p, const std::function<std::string()>& tag) {
  // The name the description sets off ("The leader of the Greens, Thomas Wegener, warned: …")
  // or runs into ("her former foreign minister Boris Johnson pressed …", where the pattern
  // stopped at the description) names the speaker.
  const NameMention* named = mentions_.AppositionNameAfter(phrase_span.end);
  const bool set_off = named != nullptr;
  if (!named) named = mentions_.NameRightAfter(phrase_span.end);
  if (named) {
    const size_t e = entities_.Resolve(*named, EntityKind::kPerson);
    Found found = Speaker(e, AttributionMethod::kExplicit, named->span, p.confidence, p.id);
    Note(found, [&] {
      return set_off ? "named after the description in " + tag() + ", set off by commas" : "named right after the description in " + tag();
    });
    return {std::move(found)};
  }
  if (const Span org = mentions_.AppositionOrganisationAfter(phrase_span.end); !org.empty()) {
    std::vector<std::string> name;
    std::vector<Span> words;
    TokenSpansInto(doc_.text(), org, &words);
    for (const Span& w : words) name.emplace_back(doc_.Slice(w));
    const size_t e = entities_.Resolve(name, EntityKind::kOrganisation, org.start);
    Found found = Speaker(e, AttributionMethod::kExplicit, org, p.confidence, p.id);
    Note(found, [&] { return "organisation named after the description in " + tag() + ", set off by commas"; });
    return {std::move(found)};
  }
  // "a spokesperson for the Hallam Ferry Authority", "a trust spokesman": someone the text does
  // not name who speaks for an organisation says what the organisation says. A definite one
  // ("the spokesman for the authority") is first a spokesperson the text named before.
  const std::optional<SpokenFor> spoken_for = SpeaksForOrganisation(phrase, phrase_span);
  // The gender its words tell ("en äldre man", "die Kundin"), for a pronoun further on.
  auto description_gender = [&] {
    for (auto r = phrase.roles.rbegin(); r != phrase.roles.rend(); ++r)
      if (const auto g = rules_.pack.word_gender.find(*r); g != rules_.pack.word_gender.end() && Gendered(g->second)) return g->second;
    return phrase.gender;
  };
  // (A spokesperson still speaks for the organisation named before.)
  if (!spoken_for && !(!phrase.roles.empty() && IsSpeaksForRole(phrase.roles.back())) && WithholdsName(quote, phrase_span)) {
    attempt_.unnamed_referent = true;
    attempt_.refused_gender = description_gender();
    Refuse([&] { return "description in " + tag() + " is of someone whose name the text withholds"; });
    return Answer::NoOne();
  }
  std::string why;
  const size_t e = spoken_for.has_value() && phrase.indefinite && !phrase.definite
                       ? kNone
                       : ResolveDescription(quote, phrase, explain_ ? &why : nullptr, /*guesses=*/!spoken_for.has_value());
  if (e == kNone && spoken_for) {
    const size_t org = entities_.Resolve(spoken_for->name, spoken_for->joined, EntityKind::kOrganisation, spoken_for->span.start);
    Found found = Speaker(org, AttributionMethod::kDescription, spoken_for->span, p.confidence * kDescriptionScale, p.id);
    Note(found, [&] { return "description in " + tag() + " speaks for " + spoken_for->joined; });
    return {std::move(found)};
  }
  // "said the mother of murdered teen Ana Ruiz", "the lawyer for Tom Berg": a description
  // joined by "of" or "for" to a person named after it, with only lower-case words between,
  // stands in relation to that person, who is someone else.
  if (e != kNone)
    if (const NameMention* related = mentions_.NameJoinedAfter(phrase_span.end); related && !related->organisation &&
        EndsWithName(entities_.at(e).name, related->name())) {
      Refuse([&] {
        std::string why = "description in ";
        return why.append(tag()).append(" is of someone related to ").append(related->joined());
      });
      return Answer::NoOne();
    }
  // "Angus Harbour Trust said it welcomed the outcome. "…," a spokesman said.": a spokesperson
  // the text does not name, after a sentence an organisation opens as its subject, speaks for it.
  if (e == kNone && phrase.indefinite && !phrase.definite && phrase.roles.size() == 1 &&
      IsSpeaksForRole(phrase.roles.back()) && !mentions_.NameJoinedAfter(phrase_span.end) &&
      !LinkWordAfter(phrase_span.end))
    if (const NameMention* org = OrganisationOpeningSentenceBefore(doc_.SentenceAt(std::min(phrase_span.start, quotes_[quote].span.start)))) {
      const size_t o = entities_.Resolve(*org, EntityKind::kOrganisation);
      Found found = Speaker(o, AttributionMethod::kDescription, org->span, p.confidence * kDescriptionScale, p.id);
      Note(found, [&] { return "description in " + tag() + " speaks for " + entities_.at(o).joined + ", the subject of the sentence before"; });
      return {std::move(found)};
    }
  if (e == kNone) {
    attempt_.refused_gender = description_gender();
    Refuse([&] { return "description in " + tag() + " fits no one the article names"; });
    return Answer::NoOne();
  }
  Found found = Speaker(e, AttributionMethod::kDescription, core, p.confidence * kDescriptionScale, p.id);
  Note(found, [&] { return "description in " + tag(); });
  Note(found, [&] { return why; });
  return {std::move(found)};
}

// A definite document word alone ("the statement", "the release") in a tag: the speaker of the
// nearest sentence before the quote, in its paragraph or the one before, that names that word
// after its own tag ("The school district said in a statement that …"); else nothing.
Resolver::Answer Resolver::IssuerOfDocument(size_t quote, Span phrase_span, const AttributionPattern& p, const char* where) {
  constexpr size_t kMaxSentencesBack = 8;
  const std::string_view text = doc_.text();
  std::vector<Span> words;
  TokenSpansInto(text, phrase_span, &words);
  if (words.size() != 2) return {};
  const std::string article = ToLower(doc_.Slice(words[0])), noun = ToLower(doc_.Slice(words[1]));
  if (!rules_.determiner_words.count(article) || rules_.indefinite_words.count(article) || !rules_.pack.document_words.count(noun)) return {};
  const QuoteCandidate& c = quotes_[quote];
  const size_t para = c.first_paragraph;
  std::vector<Span> sentence_words;
  for (size_t s = doc_.SentenceAt(c.open_mark.start), n = 0; s-- > 0 && n++ < kMaxSentencesBack;) {
    const auto& sentence = doc_.sentences()[s];
    if (sentence.paragraph + 1 < para) break;
    sentence_words.clear();
    TokenSpansInto(text, sentence.span, &sentence_words);
    for (const Span& w : sentence_words) {
      if (ToLower(doc_.Slice(w)) != noun) continue;
      const Match m = RunPosition(text, {sentence.span.start, w.start}, rules_, Position::kSentence);
      if (m.pattern == kNone || m.speaker.empty()) return {};
      const auto issuer = ParseSpeakerPhraseShared(text, m.speaker, rules_, mentions_.OpensSentence(m.speaker.start));
      if (issuer->type != PhraseType::kName && issuer->type != PhraseType::kOrganisation) return {};
      return FromPhrase(quote, m.speaker, p, where);
    }
  }
  return {};
}

// Does the tag around `phrase` say that the text withholds its speaker's name ("…," said the man,
// who declined to give his name; "Ein Arbeiter, der anonym bleiben wollte, war skeptisch: „…“")?
// Read from the phrase to the end of its sentence, or to the quote where the tag comes before it.
bool Resolver::WithholdsName(size_t quote, Span phrase) const {
  if (rules_.pack.withheld_name_phrases.empty()) return false;
  const Span sentence = doc_.sentences()[doc_.SentenceAt(phrase.start)].span;
  const size_t open = quotes_[quote].open_mark.start;
  const Span window{phrase.start, open > phrase.start ? std::min(open, sentence.end) : sentence.end};
  constexpr size_t kMaxWindow = 400;  // bytes: a tag's clause, not a paragraph
  if (window.empty() || window.size() > kMaxWindow) return false;
  const std::string_view text = doc_.text();
  thread_local std::vector<Span> words;
  thread_local std::string joined;  // the words, lower case, one space apart: phrases match whole words
  TokenSpansInto(text, window, &words);
  joined.assign(" ");
  for (const Span& w : words) {
    const std::string_view word = text.substr(w.start, w.size());
    if (std::all_of(word.begin(), word.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; }))
      for (const char ch : word) joined.push_back(static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch));
    else
      joined.append(ToLower(word));
    joined.push_back(' ');
  }
  return std::any_of(rules_.pack.withheld_name_phrases.begin(), rules_.pack.withheld_name_phrases.end(),
                     [&](const std::string& p) { return joined.find(p) != std::string::npos; });
}

// Is the word right before `at` an indefinite determiner ("a Reddit user"; not "a Bloomberg
// interview Trump declared", where the name stands further on)?
bool Resolver::IndefiniteRightBefore(size_t at) const {
  const std::string_view text = doc_.text();
  if (at < 2 || text[at - 1] != ' ') return false;
  size_t start = at - 1;
  while (start > 0 && IsAsciiLetter(static_cast<unsigned char>(text[start - 1]))) --start;
  return rules_.indefinite_words.count(ToLower(text.substr(start, at - 1 - start))) > 0;
}

Resolver::Answer Resolver::FromPhrase(size_t quote, Span phrase_span, const AttributionPattern& p, const char* where) {
  std::string_view text = doc_.text();
  // The per-thread parse is shared, not copied; its core span is relative to the phrase.
  const auto shared = ParseSpeakerPhraseShared(text, phrase_span, rules_, mentions_.OpensSentence(phrase_span.start));
  const SpeakerPhrase& phrase = *shared;
  const Span core = phrase.core.empty() && !phrase.core.start
                        ? phrase.core
                        : Span{phrase.core.start + phrase_span.start, phrase.core.end + phrase_span.start};
  auto tag = [&] {  // built by appending: GCC 12 warns (-Wrestrict) on "\"" + std::string(...)
    std::string t = "\"";
    t.append(doc_.Slice(phrase_span)).append("\" (").append(where).append(", rule ").append(p.id).append(")");
    return t;
  };
  attempt_.own_tag_read = true;
  // "När Sundin började gå igenom kalkylen ropade en man: …": where the verb comes second, a
  // phrase opened by a conjunction or preposition (a `phrase_breaks` word, not one citing a
  // source) is fronted before the verb, and the subject follows the verb.
  if (rules_.pack.verb_second) {
    size_t end = phrase_span.start, len = 1;
    while (end < phrase_span.end && IsWordChar(DecodeAt(text, end, &len))) end += len;
    const std::string first = ToLower(text.substr(phrase_span.start, end - phrase_span.start));
    if (end < phrase_span.end && IsUpper(DecodeAt(text, phrase_span.start, &len)) && rules_.pack.phrase_breaks.count(first) &&
        !rules_.pack.source_words.count(first)) {
      Refuse([&] { return tag() + " opens a clause of its own"; });
      return {};
    }
  }
  // "…," the statement said: the statement of whoever the text said issued it just before.
  if (phrase.type == PhraseType::kNone)
    if (Answer issuer = IssuerOfDocument(quote, phrase_span, p, where); issuer.speaker) {
      Note(*issuer.speaker, [&] { return "\"" + std::string(doc_.Slice(phrase_span)) + "\" is " + issuer.speaker->ref.name + "'s, named issuing it before"; });
      return issuer;
    }
  // "Förbundsordföranden varnar …": where nouns take the article as an ending, one capitalised
  // word opening the sentence that is a role, or a compound or definite form of one, describes a
  // person; it is no name. (Asked here, of tags only: most sentence-initial words never speak.)
  if (phrase.type == PhraseType::kName && phrase.name.size() == 1 && rules_.pack.definite_endings_on_nouns &&
      !phrase.particle_led && mentions_.OpensSentence(core.start) && !rules_.pack.first_name_gender.count(phrase.name[0]) &&
      IsRoleOrCompoundRole(ToLower(phrase.name[0]), rules_)) {
    SpeakerPhrase described = phrase;
    described.type = PhraseType::kDescription;
    described.roles = {ToLower(phrase.name[0])};
    described.definite = true;
    return FromDescription(quote, described, phrase_span, core, p, tag);
  }
  // "Landskapsregeringen skriver …" after "Ålands landskapsregering": one capitalised word
  // opening the sentence in the definite form of a word of an organisation named before is
  // that organisation.
  if ((phrase.type == PhraseType::kName || phrase.type == PhraseType::kOrganisation) && phrase.name.size() == 1 &&
      rules_.pack.definite_endings_on_nouns && mentions_.OpensSentence(core.start) && HasDefiniteEnding(phrase.name[0]))
    if (const NameMention* named = OrganisationWithWordBefore(ToLower(phrase.name[0]), core.start)) {
      const size_t e = entities_.Resolve(*named, EntityKind::kOrganisation);
      Found found = Speaker(e, AttributionMethod::kDescription, core, p.confidence, p.id);
      Note(found, [&] { return "organisation described in " + tag(); });
      Note(found, [&] { return "the article named " + named->joined() + " on line " + std::to_string(doc_.LineAt(named->span.start)) + " before"; });
      return {std::move(found)};
    }
  switch (phrase.type) {
    case PhraseType::kName: {
      // "said Ann Holt's lawyer, Tom Berg": the owner does not speak; the holder of the role
      // does, named after it, or is someone the text does not name.
      if (const auto owned = OwnedRoleAfter(core); owned) {
        if (const NameMention* named = owned->second) {
          const size_t e = entities_.Resolve(*named, EntityKind::kPerson);
          Found found = Speaker(e, AttributionMethod::kExplicit, named->span, p.confidence, p.id);
          Note(found, [&] { return "named after \"" + std::string(doc_.Slice({core.start, owned->first})) + "\" in " + tag(); });
          return {std::move(found)};
        }
        // "säger Pilarnas lagledare" after "lagledaren Peter Sjöqvist": the one the text gave
        // that role before.
        const std::string_view owned_words = doc_.Slice({core.end, owned->first});
        SpeakerPhrase described;
        described.type = PhraseType::kDescription;
        described.definite = true;
        described.roles = {ToLower(owned_words.substr(owned_words.rfind(' ') + 1))};
        std::string why;
        if (const size_t e = ResolveDescription(quote, described, explain_ ? &why : nullptr, /*guesses=*/false); e != kNone) {
          Found found = Speaker(e, AttributionMethod::kDescription, {core.start, owned->first}, p.confidence * kDescriptionScale, p.id);
          Note(found, [&] { return "description in " + tag(); });
          Note(found, [&] { return why; });
          return {std::move(found)};
        }
        Refuse([&] {
          std::string t = "\"";  // appended: GCC 12 warns (-Wrestrict) on "\"" + std::string(...)
          return t.append(doc_.Slice({core.start, owned->first})).append("\" in ").append(tag()).append(" is someone the text does not name");
        });
        return Answer::NoOne();
      }
      // "A Reddit user in a forum", "one Labour voter": a name after an indefinite determiner
      // with a noun right after it says what an unnamed person belongs to.
      if (phrase.indefinite && !rules_.pack.capitalises_nouns && IndefiniteRightBefore(core.start) && core.end + 1 < doc_.text().size() &&
          doc_.text()[core.end] == ' ' && doc_.text()[core.end + 1] >= 'a' && doc_.text()[core.end + 1] <= 'z') {
        Refuse([&] {
          std::string why = "\"";
          return why.append(doc_.Slice(phrase_span)).append("\" in ").append(tag()).append(" describes someone by what they belong to, without a name");
        });
        return Answer::NoOne();
      }
      // One word that opens its sentence and that the dictionary lists only in lower case is no
      // name: where the verb comes second an adverb or adjective opens the sentence before it
      // ("Darin heißt es: „…“", "Immer wieder fiel ein Satz:", "Skeptischer äußerte sich …"); and
      // where nouns are capitalised, such a word is no noun either.
      if (phrase.name.size() == 1 && mentions_.OpensSentence(core.start) && AdverbBeforeVerbSecond(phrase.name[0])) {
        Refuse([&] { return "\"" + phrase.joined + "\" in " + tag() + " opens its sentence and is a common word, not a name"; });
        return {};
      }
      // A country or province never speaks ("…," said Manitoba is a misread tag): unless the
      // document names a person it is part of ("Jordan" of "Jim Jordan").
      if (IsPlaceName(phrase.name, phrase.joined, rules_) && !KnownPerson(phrase.name) && !FirstNameOfPerson(phrase.name)) {
        Refuse([&] { return "\"" + phrase.joined + "\" in " + tag() + " is a place (" + rules_.pack.places_table + "), not a person"; });
        return {};
      }
      // "sagte von Albersdorf": the person the document named in full ("Friedrich von
      // Albersdorf"), else no one ("sagte zu Journalisten" names no speaker).
      std::vector<std::string> full;
      if (phrase.particle_led) {
        full = FullNameEndingWith(core, phrase.name);
        if (full.empty() && !KnownPerson(phrase.name)) {
          Refuse([&] { return "\"" + phrase.joined + "\" in " + tag() + " opens with a particle, and the document names no one in full with it"; });
          return {};
        }
      }
      // "Ms Dunstall said": the title's gender, whether the parse kept it as a role or left it
      // out as a word that opens sentences ("Mr").
      std::string_view gender = GenderOfWords(phrase.roles, rules_);
      if (gender.empty() && core.start > phrase_span.start) {
        std::vector<Span> before;
        TokenSpansInto(text, {phrase_span.start, core.start}, &before);
        for (const Span& w : before)
          if (const std::string_view g = GenderOfWordAt(text, w, rules_); !g.empty()) gender = g;
      }
      const size_t e = full.empty() ? entities_.Resolve(phrase.name, phrase.joined, EntityKind::kPerson, core.start, gender)
                                    : entities_.Resolve(full, EntityKind::kPerson, core.start, gender);
      for (const auto& r : phrase.roles) entities_.AddRole(e, r, core.start);
      Found found = Speaker(e, AttributionMethod::kExplicit, core, p.confidence, p.id);
      Note(found, [&] { return "named in " + tag(); });
      if (explain_ && phrase.joined != found.ref.name) Note(found, [&] { return "\"" + phrase.joined + "\" is the document's \"" + found.ref.name + "\""; });
      return {std::move(found)};
    }
    case PhraseType::kOrganisation: {
      // "the company", "kommunen", "myndigheten": the organisation the article named before.
      // "Tingsrätten skriver att …": a noun for an organisation, capitalised only because it
      // opens the sentence, is a description too.
      const bool opening_noun = mentions_.OpensSentence(core.start) && IsBareOrganisationNoun(phrase.name);
      if (IsGenericOrganisation(phrase) || opening_noun) {
        if (const NameMention* named = OrganisationNamedBefore(phrase, core.start, opening_noun && !IsGenericOrganisation(phrase))) {
          const size_t e = entities_.Resolve(*named, EntityKind::kOrganisation);
          Found found = Speaker(e, AttributionMethod::kDescription, core, p.confidence * kDescriptionScale, p.id);
          Note(found, [&] { return "organisation described in " + tag(); });
          Note(found, [&] { return "the article named " + named->joined() + " on line " + std::to_string(doc_.LineAt(named->span.start)) + " before"; });
          return {std::move(found)};
        }
        // "teilte der Verein mit", "the company said" with no organisation named before: one the
        // text does not name (not a speaker called "company"). Where the article is an ending, the
        // definite noun alone names the one institution the reader knows ("regeringen",
        // "kommunen"), and stays the speaker.
        if (phrase.generic_organisation || (IsGenericOrganisation(phrase) && !rules_.pack.definite_endings_on_nouns)) {
          Refuse([&] { return "\"" + phrase.joined + "\" in " + tag() + " names an organisation by its kind, and none was named before"; });
          return Answer::NoOne();
        }
      }
      // "Polisen skriver …": the noun alone, written as the text writes it inside a sentence
      // ("polisen"), so one institution has one name across the article and the batch.
      if (opening_noun && rules_.pack.definite_endings_on_nouns) {
        const std::vector<std::string> lower{ToLower(phrase.name[0])};
        const size_t e = entities_.Resolve(lower, lower[0], EntityKind::kOrganisation, core.start);
        Found found = Speaker(e, AttributionMethod::kExplicit, core, p.confidence, p.id);
        Note(found, [&] { return "organisation in " + tag() + ", a noun written in capitals only where it opens its sentence"; });
        return {std::move(found)};
      }
      const size_t e = entities_.Resolve(phrase.name, phrase.joined, EntityKind::kOrganisation, core.start);
      Found found = Speaker(e, AttributionMethod::kExplicit, core, p.confidence, p.id);
      Note(found, [&] { return "organisation in " + tag(); });
      return {std::move(found)};
    }
    case PhraseType::kPronoun: {
      // "rief jemand", "someone shouted": a speaker the text does not name, not the one before;
      // read in a tag only (a reporting sentence's "and someone who had …" is no subject).
      // (A tag that withholds a name describes its speaker - "said the man, who declined to give
      // his name" - so pronouns, in most tags, are not read for it.)
      if (phrase.gender == "unnamed") {
        if (p.position == Position::kSentence) {
          Refuse([&] { return "pronoun in " + tag() + " stands for someone the text does not name, and is no subject there"; });
          return {};
        }
        attempt_.unnamed_referent = true;
        Refuse([&] { return "pronoun in " + tag() + " stands for someone the text does not name"; });
        return Answer::NoOne();
      }
      std::string why;
      const size_t e = ResolvePronoun(quote, phrase, core.start, explain_ ? &why : nullptr);
      if (e == kNone) {
        if (Gendered(phrase.gender)) attempt_.refused_gender = phrase.gender;
        if (attempt_.unnamed_referent) {
          Refuse([&] { return "pronoun in " + tag() + " refers to someone the text brought in just before without a name"; });
          return Answer::NoOne();
        }
        Refuse([&] {
          return "pronoun in " + tag() + " refers to no one: no " + (phrase.gender.empty() ? std::string() : phrase.gender + " ") +
                 "person named or speaking before it";
        });
        return {};
      }
      if (Gendered(phrase.gender) && entities_.at(e).gender.empty()) entities_.at(e).gender = phrase.gender;
      Found found = Speaker(e, AttributionMethod::kPronoun, core, p.confidence * kPronounScale, p.id);
      Note(found, [&] { return "pronoun in " + tag(); });
      Note(found, [&] { return why; });
      return {std::move(found)};
    }
    case PhraseType::kDescription: {
      // A definite noun with an ending no noun for a person has ("die Entscheidung", "der
      // Zeitung": `abstract_noun_endings`) is no speaker, unless it is a role.
      if (phrase.definite && !phrase.indefinite && !phrase.roles.empty() && !rules_.pack.abstract_noun_endings.empty()) {
        const std::string& head = phrase.roles.back();
        const bool abstract = std::any_of(rules_.pack.abstract_noun_endings.begin(), rules_.pack.abstract_noun_endings.end(), [&](const std::string& e) {
          return head.size() > e.size() + 2 && head.compare(head.size() - e.size(), e.size(), e) == 0;
        });
        if (abstract && !IsRoleOrCompoundRole(head, rules_)) {
          Refuse([&] { return "\"" + head + "\" in " + tag() + " is no word for a person"; });
          return {};
        }
      }
      return FromDescription(quote, phrase, phrase_span, core, p, tag);
    }
    case PhraseType::kNone: {
      // "skriver Lillbergs kommun att": a name the text reads as an organisation by its last
      // word, which is no name word ("kommun"), fills the phrase.
      const auto at = std::partition_point(mentions_.begin(), mentions_.end(),
                                           [&](const NameMention& m) { return m.span.start < phrase_span.start; });
      size_t len = 0;
      if (at != mentions_.end() && at->organisation && !at->place && at->span.start == phrase_span.start && at->span.end <= phrase_span.end &&
          !at->name().empty() && !at->name().back().empty() && IsLower(DecodeAt(at->name().back(), 0, &len))) {
        const size_t e = entities_.Resolve(*at, EntityKind::kOrganisation);
        Found found = Speaker(e, AttributionMethod::kExplicit, at->span, p.confidence, p.id);
        Note(found, [&] { return "organisation in " + tag(); });
        return {std::move(found)};
      }
      // "…," Read said: a surname that is also a common word ("Read", "Young", "Price") names
      // the person the document named in full with it ("Ian Read").
      if (const std::vector<Token> words = Tokenize(text, phrase_span); words.size() == 1 && !words[0].text.empty()) {
        size_t first_len = 0;
        const std::vector<std::string> tail{words[0].text};
        if (IsUpper(DecodeAt(words[0].text, 0, &first_len))) {
          std::vector<std::string> full = FullNameEndingWith(words[0].span, tail);
          if (!full.empty() || KnownPerson(tail)) {
            const size_t e = full.empty() ? entities_.Resolve(tail, words[0].text, EntityKind::kPerson, words[0].span.start)
                                          : entities_.Resolve(full, EntityKind::kPerson, words[0].span.start);
            Found found = Speaker(e, AttributionMethod::kExplicit, words[0].span, p.confidence, p.id);
            Note(found, [&] { return "\"" + words[0].text + "\" in " + tag() + " is a surname the document gives in full"; });
            return {std::move(found)};
          }
        }
      }
    }
      Refuse([&] { return tag() + " names no one: no name, pronoun, description or organisation in it"; });
      return {};
  }
  return {};
}

}  // namespace quoth::detail
