// Descriptions: whom "the Ohio Democrat said" or "säger presidenten" refers to, and which
// organisation "the company" or "kommunen" is. A person description is asked, in order:
//   1. the entity the text gave those roles ("President Ana Ruiz" ... "the president");
//   2. the person named before whom the text described with the most of its words, before the
//      name or in an apposition after it ("Brown, a Democrat from Ohio,");
//   3. for a definite singular description only, the person the sentence just before brings in
//      (its subject, or a newcomer after a preposition: "represented by Margaret Holloway");
//      else the newcomer of the paragraph before, when that paragraph holds no speech;
//   4. then the speaker of a speech quote just before;
//   5. else the person the document names most (a tag that opens the article before the name).
// An age alone ("the 24-year-old", "der 61-Jährige") is first the person named last.
// An indefinite or plural description ("a spokesperson", "the officials") that fits no one
// named resolves to no one.
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/speakers/resolver.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr size_t kDescribedSpeakerParagraphs = 4;  // how far back "the minister" may be the last speaker
constexpr size_t kMaxDescribedLookback = 64;  // name mentions a description looks back over
constexpr size_t kUnnamedNounSentences = 3;  // sentences back an unnamed "En sjuksköterska …" is still the one "sjuksköterskan" means
constexpr size_t kMaxAppositionBytes = 120;  // ", a Democrat from Ohio," after a name
constexpr size_t kMaxOrganisationParagraphs = 40;  // how far back "the company" looks for a company of that name
constexpr size_t kNearestOrganisationParagraphs = 1;  // ... and for the last organisation named at all
constexpr size_t kMinRoleStem = 4;  // a role or title this long is the stem of its inflected forms
constexpr size_t kMinDefiniteHead = 7;  // a Swedish definite noun this long drops its ending ("kommunen")
constexpr size_t kDefiniteEnding = 2;  // "-en", "-et"
constexpr size_t kMaxLeadWords = 4;  // a description set off before a name, opening its sentence
constexpr size_t kMaxBareWordsBefore = 2;  // lower-case words right before a name that may describe it

// One word in two forms: equal, or one the other plus an ending ("democrat" ~ "democratic",
// "senator" ~ "senatorn").
bool SameWordStem(const std::string& a, const std::string& b) {
  constexpr size_t kMinStem = 5, kMaxEnding = 3;
  if (a == b) return true;
  const std::string& shorter = a.size() < b.size() ? a : b;
  const std::string& longer = a.size() < b.size() ? b : a;
  return shorter.size() >= kMinStem && longer.size() <= shorter.size() + kMaxEnding && longer.compare(0, shorter.size(), shorter) == 0;
}

// "31-åringen" (or "the 31-year-old") describes the person given the age 31 (", 31,").
bool SameAge(const std::string& description, const std::string& age) {
  if (age.empty() || age.size() > 3 || age.find_first_not_of("0123456789") != std::string::npos) return false;
  return description.size() > age.size() + 1 && description.compare(0, age.size(), age) == 0 && description[age.size()] == '-';
}

}  // namespace

// A definite form of a short noun that SameWordStem leaves out: "sonen" of "son", "pappan" of
// "pappa", in a language whose nouns take the definite article as an ending.
bool Resolver::DefiniteFormOf(const std::string& definite, const std::string& bare) const {
  constexpr size_t kMinBare = 3;
  if (!rules_.pack.definite_endings_on_nouns || bare.size() < kMinBare || definite.size() <= bare.size() ||
      definite.compare(0, bare.size(), bare) != 0)
    return false;
  const std::string_view ending = std::string_view(definite).substr(bare.size());
  if (ending == "en") return true;
  return std::find(rules_.pack.definite_endings.begin(), rules_.pack.definite_endings.end(), ending) != rules_.pack.definite_endings.end();
}

// Do `words` (lower case) end in one of the pack's titles of several words ("prime minister")?
bool Resolver::IsTitleOfSeveralWords(const std::vector<std::string>& words) const {
  if (rules_.titles_of_several_words.empty()) return false;
  std::string joined = words.empty() ? std::string() : words.back();
  for (size_t k = words.size() - (words.empty() ? 0 : 1); k-- > 0;) {
    joined = words[k] + " " + joined;
    if (rules_.titles_of_several_words.contains(joined)) return true;
  }
  return false;
}

size_t Resolver::ResolveDescription(size_t quote, const SpeakerPhrase& phrase, std::string* why, bool guesses) {
  std::vector<std::string> roles;
  for (const auto& r : phrase.roles) {
    if (rules_.determiner_words.count(r)) continue;
    roles.push_back(r);
    // Swedish definite and inflected forms share a stem with the bare role or title: "presidenten" ~ "president", "premiärministern" ~ "premiärminister".
    // (Where articles stand before nouns a longer word is another one: "councillor" is no "council".)
    if (!rules_.pack.definite_endings_on_nouns) continue;
    for (const auto* words : {&rules_.role_words, &rules_.title_words})
      for (const auto& base : *words)
        if (base.size() >= kMinRoleStem && r.size() > base.size() && r.compare(0, base.size(), base) == 0) roles.push_back(base);
  }
  // An indefinite description ("ein Sprecher der Stadt", "a spokesperson") is someone the text
  // does not name: the writer would have named a person it had already brought in.
  if (phrase.indefinite && !phrase.definite) {
    if (why) *why = "an indefinite description names no one the text brought in";
    return kNone;
  }
  // An age alone ("der 61-Jährige", "31-åringen") says nothing of a role: it describes the
  // person the text gave that age (", 31,"), else the one it has just put in focus, the last
  // one named in this paragraph or the one before.
  const bool age_only = !roles.empty() && std::all_of(roles.begin(), roles.end(), [](const std::string& r) {
    return !r.empty() && r[0] >= '0' && r[0] <= '9';
  });
  if (age_only) {
    if (const size_t aged = DescribedEarlier(roles, quotes_[quote].open_mark.start); aged != kNone) {
      if (why) *why = "the text gave " + entities_.at(aged).joined + " this age before";
      return aged;
    }
    const size_t at = quotes_[quote].open_mark.start;
    // The text gave the age only to someone it does not name ("Den 24-årige mannen nekar till
    // brott." then "…, sade 24-åringen."): no one named, not the person named last.
    if (AgeOfUnnamed(roles.front(), at)) {
      if (why) *why = "the text gave this age to someone it does not name";
      attempt_.unnamed_referent = true;
      return kNone;
    }
    const size_t para = doc_.ParagraphAt(at);
    for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxDescribedLookback; ++it) {
      if (it->paragraph + 1 < para) break;
      if (it->organisation || it->place || it->name().empty() || !(it->person_like || KnownPerson(it->name()))) continue;
      // Not the object of a preposition ("slotted the winner at Tīpene Park"), unless surely a
      // person ("Weniger gut lief es für Franziska Eberle").
      if (mentions_.AfterPreposition(*it) && !SurelyPerson(*it)) continue;
      const size_t e = entities_.Resolve(*it, EntityKind::kPerson);
      if (why) *why = "an age describes the person the text named last, " + entities_.at(e).joined;
      return e;
    }
  }
  // 0. Someone a sentence just before brought in unnamed with the description's own noun: "A
  // senior official in the water department, who asked not to be named, said …" then "…," the
  // official said; "En sjuksköterska …, som vill vara anonym, berättar …. Bland kollegerna …"
  // then "säger sjuksköterskan". That is no one the text names: not the speaker before, nor
  // one named earlier with a like word ("Speaker of council Johannes Pretorius").
  // (Not a spokesperson: "A Polarline spokesperson said …" speaks for Polarline, found below.)
  // A plain noun for a person ("der Mann", "the woman") also stands for someone brought in
  // unnamed with another such noun ("Ein älterer Herr ist am Apparat." then "sagt der Mann").
  if (phrase.definite && !phrase.roles.empty() && !rules_.pack.speaks_for_roles.count(phrase.roles.back())) {
    const std::string& head = phrase.roles.back();
    const bool plain = rules_.pack.person_nouns.count(head) > 0;
    std::string head_gender;
    if (const auto g = rules_.pack.word_gender.find(head); g != rules_.pack.word_gender.end()) head_gender = g->second;
    const size_t sentence = doc_.SentenceAt(quotes_[quote].open_mark.empty() ? quotes_[quote].span.start : quotes_[quote].open_mark.start);
    const size_t para = quotes_[quote].first_paragraph;
    for (size_t s = sentence, back = 0; s-- > 0 && back++ < kUnnamedNounSentences;) {
      const auto& before = doc_.sentences()[s];
      if (before.paragraph + 1 < para) break;
      if (IndefiniteWithNoun(before.span, head) || (plain && IndefinitePersonIn(before.span, head_gender))) {
        if (why) *why = "a sentence just before brings in someone unnamed as \"" + head + "\"";
        attempt_.unnamed_referent = true;
        return kNone;
      }
    }
  }
  // 1. By roles, or words the pack lists as naming the same office ("the skipper" is the
  // captain the text named).
  if (!rules_.pack.role_synonyms.empty())
    for (size_t k = 0, n = roles.size(); k < n; ++k)
      if (auto same = rules_.pack.role_synonyms.find(roles[k]); same != rules_.pack.role_synonyms.end())
        roles.insert(roles.end(), same->second.begin(), same->second.end());
  // The text gives the role before the quote, to whoever it then refers back to; a lede may
  // give it first and the name later ("Die Gemeindepräsidentin spricht von …", then "…,
  // sagte Gemeindepräsidentin Regula Ammann").
  size_t byrole = entities_.ByRoles(roles, rules_.pack.compound_roles, quotes_[quote].span.start);
  if (byrole == kNone) byrole = entities_.ByRoles(roles, rules_.pack.compound_roles);
  // A title of several words ("the Prime Minister") is not held by one given a word of it
  // ("Education Minister Helen Rātana").
  if (byrole != kNone && phrase.roles.size() >= 2 && IsTitleOfSeveralWords(phrase.roles)) {
    const auto& held = entities_.at(byrole).roles;
    if (!std::all_of(phrase.roles.begin(), phrase.roles.end(), [&](const std::string& r) { return std::find(held.begin(), held.end(), r) != held.end(); }))
      byrole = kNone;
  }
  if (byrole != kNone) {
    if (why) *why = "the text calls " + entities_.at(byrole).joined + " by these roles";
    return byrole;
  }
  // 2. Described so before.
  if (const size_t described = DescribedEarlier(roles, quotes_[quote].open_mark.start); described != kNone) {
    if (why) *why = "the text described " + entities_.at(described).joined + " with these words before";
    return described;
  }
  bool plural = false;
  if (!phrase.roles.empty()) {  // "the officials said": a group, not the one described before
    const std::string& head = phrase.roles.back();
    auto ends = [&](const std::string& e) { return head.size() > e.size() && head.compare(head.size() - e.size(), e.size(), e) == 0; };
    plural = head.size() > 3 && std::any_of(rules_.pack.plural_endings.begin(), rules_.pack.plural_endings.end(), ends) &&
             std::none_of(rules_.pack.singular_endings.begin(), rules_.pack.singular_endings.end(), ends);
  }
  if (!phrase.definite || plural || !guesses) return kNone;
  // 3. The person the sentence just before brings in: "Residents were represented by Margaret
  // Holloway, who organised the petition. The 67-year-old retired teacher described …" - the
  // text has just put them in focus, as against an older speaker.
  if (const size_t s = FirstPersonOfSentenceBefore(quote, /*newcomer_after_preposition=*/true); s != kNone) {
    const NameMention& m = mentions_[s];
    const size_t e = entities_.Resolve(m, EntityKind::kPerson);
    // One the text gave other roles is not the one described: step 1 would have found them.
    const auto& given = entities_.at(e).roles;
    const bool other_roles = std::any_of(given.begin(), given.end(), [&](const std::string& r) { return rules_.role_words.count(r) > 0 && !rules_.title_words.count(r); });
    // A surname alone is surely a person when the document wrote it with a first name before
    // ("Dalgleish" after "Jamie Dalgleish").
    const bool surely = SurelyPerson(m) || (m.name().size() == 1 && entities_.at(e).name.size() >= 2);
    if (surely && !other_roles && (phrase.gender.empty() || GenderFits(e, phrase.gender))) {
      if (why) *why = "the sentence before brings in " + entities_.at(e).joined;
      return e;
    }
  }
  // 3b. The newcomer of the paragraph before, when the quote opens its own paragraph and that
  // one holds no speech: "I Kallbys mål stod Frida Åkesson, som räddade tre straffar." then
  // "– …, säger målvakten." (the sentence just before may be about her without naming her).
  if (const size_t s = NewcomerOfParagraphBefore(quote); s != kNone) {
    const NameMention& m = mentions_[s];
    const size_t e = entities_.Resolve(m, EntityKind::kPerson);
    const auto& given = entities_.at(e).roles;
    const bool other_roles = std::any_of(given.begin(), given.end(), [&](const std::string& r) { return rules_.role_words.count(r) > 0 && !rules_.title_words.count(r); });
    if (!other_roles && (phrase.gender.empty() || GenderFits(e, phrase.gender))) {
      if (why) *why = "the paragraph before brings in " + entities_.at(e).joined;
      return e;
    }
  }
  // 4. The speaker just before.
  size_t k = kNone;
  const size_t prev = PreviousSpeaker(quote, kDescribedSpeakerParagraphs, &k);
  if (prev != kNone && entities_.at(prev).kind == EntityKind::kPerson) {
    if (why) *why = "the speaker of the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start)) + " is the one described";
    return prev;
  }
  // 5. No one described so and no speaker just before: a definite description in a tag that
  // opens the article ("..., säger presidenten.", the name comes later) is its main person.
  // Not a plain noun for a person ("the man"): no lede describes its main person so.
  if (!phrase.roles.empty() && rules_.pack.person_nouns.count(phrase.roles.back())) return kNone;
  const size_t top = entities_.MostMentioned();
  if (top != kNone && why) *why = "the person the document names most, " + entities_.at(top).joined;
  return top;
}

// Does an age written as a word ("24-årige", "24-year-old", "24-Jährige"), the same number as
// `age` ("24-åringen"), stand in the sentences before `at` (this paragraph and the few before)
// with no name beside it: someone the text describes by age alone?
bool Resolver::AgeOfUnnamed(std::string_view age, size_t at) const {
  constexpr size_t kMaxSentencesBack = 12, kMaxParagraphsBack = 4, kNameNearBytes = 40, kMaxArticleBytes = 8;
  size_t digits = 0;
  while (digits < age.size() && age[digits] >= '0' && age[digits] <= '9') ++digits;
  if (digits == 0) return false;
  const std::string wanted = std::string(age.substr(0, digits)) + "-";
  const std::string_view text = doc_.text();
  // The sentences before the quote's own (its tag may be the description: "The 46-year-old
  // added: '…'"), searched for the number in place: most texts never write it again.
  const size_t para = doc_.ParagraphAt(at);
  const size_t own = doc_.SentenceAt(at);
  size_t first = own;
  for (size_t n = 0; first > 0 && n < kMaxSentencesBack && doc_.sentences()[first - 1].paragraph + kMaxParagraphsBack >= para; ++n) --first;
  if (first == own) return false;
  const size_t from = doc_.sentences()[first].span.start, to = doc_.sentences()[own].span.start;
  for (size_t h = text.find(wanted, from); h < to; h = text.find(wanted, h + 1)) {
    size_t len = 0;
    if (h == 0 || text[h - 1] != ' ' || h + wanted.size() >= text.size() || !IsLetter(DecodeAt(text, h + wanted.size(), &len)))
      continue;
    // A definite description only: "a 20-year-old who had never kicked one" in a lede is named
    // in the next sentence.
    size_t a = h - 1;
    while (a > 0 && text[a - 1] != ' ' && text[a - 1] != '\n' && text[a - 1] != '\t' && h - a <= kMaxArticleBytes) --a;
    const std::string article = ToLower(text.substr(a, h - 1 - a));
    if (!rules_.determiner_words.count(article) || rules_.indefinite_words.count(article)) continue;
    bool named = false;
    for (auto it = mentions_.MentionsBefore(std::min(h + kNameNearBytes, text.size())); it != mentions_.rend() && !named; ++it) {
      if (it->span.end + kNameNearBytes < h) break;
      named = !it->organisation && !it->place && !it->name().empty();
    }
    if (!named) return true;
  }
  return false;
}

// Does `span` hold an indefinite determiner with `noun` within a few words after it ("A senior
// official in …", "en anställd")?
bool Resolver::IndefiniteWithNoun(Span span, const std::string& noun) const {
  constexpr size_t kMaxWordsToNoun = 3;
  thread_local std::vector<Span> words;
  thread_local std::vector<std::string> lower;  // each word once, lower case
  TokenSpansInto(doc_.text(), span, &words);
  lower.resize(words.size());
  for (size_t k = 0; k < words.size(); ++k) lower[k] = ToLower(doc_.Slice(words[k]));
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (!rules_.indefinite_words.count(lower[i])) continue;
    // An apposition describes the name before it ("Senator Sherrod Brown, a Democrat from Ohio,"):
    // that person is named.
    if (i > 0 && doc_.text().substr(words[i - 1].end, words[i].start - words[i - 1].end).find(',') != std::string_view::npos) {
      auto m = mentions_.MentionsBefore(words[i].start);
      if (m != mentions_.rend() && m->span.end >= words[i - 1].start && !m->organisation && !m->place) continue;
    }
    for (size_t j = i + 1; j < words.size() && j <= i + kMaxWordsToNoun; ++j) {
      // "a doctor" for "the doctor"; "en sjuksköterska" for "sjuksköterskan".
      if (lower[j] == noun || DefiniteFormOf(noun, lower[j])) return true;
      if (doc_.text().substr(words[j].end, 1) == ",") break;
    }
  }
  return false;
}

// The mention of the first person of the paragraph before `quote`'s, when the quote opens its
// paragraph, that paragraph holds no speech, and the person is surely one, named there for the
// first time and not after a preposition (a newcomer the writer hands over to); else kNone.
size_t Resolver::NewcomerOfParagraphBefore(size_t quote) const {
  const QuoteCandidate& c = quotes_[quote];
  if (c.first_paragraph == 0 || ParagraphHasSpeech(c.first_paragraph - 1)) return kNone;
  if (!OpensParagraph(c)) return kNone;
  const size_t prev = c.first_paragraph - 1;
  for (size_t i = mentions_.FirstMentionOf(&NameMention::paragraph, prev); i < mentions_.size() && mentions_[i].paragraph == prev; ++i) {
    const NameMention& m = mentions_[i];
    if (m.place || m.organisation || m.name().empty() || !m.person_like || mentions_.GenitiveOwner(m)) continue;
    if (mentions_.AfterPreposition(m, /*agent_too=*/true) || !SurelyPerson(m) || NamedBefore(i) || HasSpoken(m)) return kNone;
    return i;
  }
  return kNone;
}

// The person named before `at` whom the text described with the most of `words`, in the
// words before the name ("Senator Sherrod Brown") or in an apposition after it ("Brown, a
// Democrat from Ohio,"): "the Ohio Democrat" is Brown. Ties go to the nearer mention.
size_t Resolver::DescribedEarlier(const std::vector<std::string>& words, size_t at) {
  if (words.empty()) return kNone;
  const std::string_view text = doc_.text();
  const NameMention* best = nullptr;
  size_t best_score = 0;
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxDescribedLookback; ++it) {
    if (!it->person_like || it->name().empty() || it->organisation || it->place) continue;
    const std::vector<std::string>& apposition = AppositionWords(static_cast<size_t>(&*it - mentions_.data()), text);
    // A description set off before the name, opening its sentence ("Hennes pappa, Olof
    // Marklund, 81,", "Kommunalrådet i Hallby, Eva Nordin (S),").
    // Else the lower-case words right before it that no list holds ("Hans son Erik Lind").
    std::vector<std::string> lead;
    const std::vector<Span>& before = mentions_.WordsBefore(*it);
    if (it->span.start >= 2 && text.compare(it->span.start - 2, 2, ", ") == 0) {
      if (before.size() <= kMaxLeadWords)
        for (const Span& b : before) lead.push_back(ToLower(text.substr(b.start, b.size())));
    } else {
      for (size_t k = before.size(), n = 0; k-- > 0 && n < kMaxBareWordsBefore; ++n) {
        size_t len = 0;
        if (!IsLower(DecodeAt(text, before[k].start, &len)) || (n == 0 && before[k].end + 1 != it->span.start)) break;
        std::string word = ToLower(text.substr(before[k].start, before[k].size()));
        // "a former sheriff of Tolland County": the words before a preposition describe
        // someone else, not the name after it.
        if (n == 0 && rules_.pack.phrase_breaks.count(word)) break;
        lead.push_back(std::move(word));
      }
    }
    size_t score = 0;
    for (const auto& w : words) {
      bool found = false;
      for (const std::vector<std::string>* list : {&it->roles(), &apposition, static_cast<const std::vector<std::string>*>(&lead)})
        for (const auto& d : *list) found = found || SameWordStem(w, d) || DefiniteFormOf(w, d) || SameAge(w, d);
      score += found;
    }
    if (score > best_score) {
      best_score = score;
      best = &*it;
    }
  }
  return best ? entities_.Resolve(*best, EntityKind::kPerson) : kNone;
}

// The lower-case words of an apposition after mention `m` (", a Democrat from Ohio," up to the
// next comma or full stop), read once per mention: descriptions ask for them again and again.
const std::vector<std::string>& Resolver::AppositionWords(size_t m, std::string_view text) {
  if (apposition_.empty()) apposition_.resize(mentions_.size());
  auto& slot = apposition_[m];
  if (slot) return *slot;
  slot.emplace();
  // The segment after the comma; after an age, the one after that too when it describes ("Dale
  // Purcell, 58, who served four terms as sheriff, …": the AP's name, age, description).
  size_t i = mentions_[m].span.end;
  for (int segment = 0; segment < 2 && i + 1 < text.size() && text[i] == ',' && text[i + 1] == ' '; ++segment) {
    const size_t end = std::min(text.size(), i + kMaxAppositionBytes);
    size_t j = i + 2;
    while (j < end && text[j] != ',' && text[j] != '.' && text[j] != ';' && text[j] != '"') ++j;
    if (j >= end || j == i + 2) break;
    const size_t before = slot->size();
    const std::vector<Token> tokens = Tokenize(text, {i + 2, j});
    // After the age, a description ("a former jail administrator") or a relative clause ("who
    // served four terms as sheriff"), not a clause of its own ("delivers groceries …").
    if (segment == 1 && (tokens.empty() || !(rules_.determiner_words.count(ToLower(tokens[0].text)) ||
                                             rules_.pack.phrase_breaks.count(ToLower(tokens[0].text)))))
      break;
    for (const Token& t : tokens) slot->push_back(ToLower(t.text));
    const bool age_only = slot->size() == before + 1 && !slot->back().empty() && slot->back()[0] >= '0' && slot->back()[0] <= '9';
    if (!age_only) break;
    i = j;
  }
  return *slot;
}

// Is lower-case `r` a spokesperson's role (`speaks_for_roles`), or, where roles join into
// compounds, one ending in it ("polizeisprecher" is a "sprecher")?
bool Resolver::IsSpeaksForRole(const std::string& r) const {
  return InWordsOrCompoundHead(rules_.pack.speaks_for_roles, r, rules_.pack.compound_roles);
}

// The organisation an unnamed spokesperson speaks for (a `speaks_for_roles` role in the
// phrase): named inside the phrase ("A Hallam Ferry Authority spokeswoman") or right after it,
// after a `speaks_for_links` word and determiners ("a spokesperson for the state's Office of
// Emergency Response", "en talesperson för Berlinpolisen"); or a noun for an organisation
// named before ("a trust spokesman", "a spokesman for the authority"). Never a person or place.
std::optional<Resolver::SpokenFor> Resolver::SpeaksForOrganisation(const SpeakerPhrase& phrase, Span phrase_span) const {
  if (rules_.pack.speaks_for_roles.empty() || phrase.roles.empty()) return std::nullopt;
  if (std::none_of(phrase.roles.begin(), phrase.roles.end(), [&](const std::string& r) { return IsSpeaksForRole(r); })) return std::nullopt;
  auto of = [](const NameMention* m) { return SpokenFor{m->name(), m->joined(), m->span}; };
  const std::string_view text = doc_.text();
  // A person ("a spokesman for Ann Holt", "for Trump" where the text names Donald Trump) or a
  // place is no organisation.
  auto fits = [&](const NameMention& m) {
    if (m.place || m.name().empty()) return false;
    return m.organisation || !PersonByName(m.name());
  };
  // The words from the phrase on: the role, then a link word, determiners or one possessive
  // word ("the state's"), then the organisation.
  const std::vector<Token> words =
      Tokenize(text, {phrase_span.start, std::min(text.size(), phrase_span.end + kMaxAppositionBytes)});
  size_t k = 0;
  while (k < words.size() && words[k].span.end <= phrase_span.end && !IsSpeaksForRole(ToLower(words[k].text))) ++k;
  // An organisation named before the role, inside the phrase: "A Hallam Ferry Authority spokeswoman".
  const size_t role_start = k < words.size() ? words[k].span.start : phrase_span.end;
  for (auto it = std::partition_point(mentions_.begin(), mentions_.end(), [&](const NameMention& m) { return m.span.start < phrase_span.start; });
       it != mentions_.end() && it->span.end <= role_start; ++it)
    if (fits(*it)) return of(&*it);
  std::vector<std::string> nouns;  // lower-case words that may be a noun for an organisation ("a trust spokesman")
  for (size_t n = 0; n < k; ++n) {
    const std::string w = ToLower(words[n].text);
    if (!rules_.determiner_words.count(w)) nouns.push_back(w);
  }
  ++k;  // past the role
  if (k < words.size() && rules_.pack.speaks_for_links.count(ToLower(words[k].text))) {
    ++k;
    bool possessive_seen = false;
    while (k < words.size()) {
      const std::string w = ToLower(words[k].text);
      const bool possessive = !possessive_seen && w.back() == 's' && IsPossessive(w);  // "state's", not "Nurses'"
      if (!rules_.determiner_words.count(w) && !possessive) break;
      possessive_seen = possessive_seen || possessive;
      ++k;
    }
    if (k < words.size()) {
      if (const NameMention* m = mentions_.MentionAt(words[k].span.start)) {
        if (fits(*m)) return of(m);
        return std::nullopt;
      }
      size_t len = 0;
      if (IsLower(DecodeAt(text, words[k].span.start, &len))) {
        nouns.push_back(ToLower(words[k].text));
      } else if (rules_.pack.capitalises_nouns) {
        // "eine Sprecherin des Wirtschaftsministeriums": a noun for an organisation, perhaps
        // in the genitive: the one named before with it ("Landratsamt Wendbach"), else itself.
        std::string noun = words[k].text;
        for (const auto& ending : rules_.pack.genitive_endings)
          if (noun.size() >= ending.size() + kMinRoleStem && noun.compare(noun.size() - ending.size(), ending.size(), ending) == 0 &&
              IsOrganisationNounOrCompound(std::string_view(noun).substr(0, noun.size() - ending.size()), rules_)) {
            noun.resize(noun.size() - ending.size());
            break;
          }
        if (const NameMention* named = OrganisationNamedWith(ToLower(noun), phrase_span.start)) return of(named);
        if (IsOrganisationNounOrCompound(noun, rules_)) return SpokenFor{{noun}, noun, {words[k].span.start, words[k].span.start + noun.size()}};
        return std::nullopt;
      }
    }
  }
  for (const auto& noun : nouns)
    if (const NameMention* named = OrganisationNamedWith(noun, phrase_span.start)) return of(named);
  return std::nullopt;
}

// The last organisation named before `at` (within kMaxOrganisationParagraphs) whose name holds
// `noun` ("trust": the Port Esk Trust; "kommunen": Malmö kommun).
const NameMention* Resolver::OrganisationNamedWith(const std::string& noun, size_t at) const {
  const std::string stem = noun.size() >= kMinDefiniteHead ? noun.substr(0, noun.size() - kDefiniteEnding) : noun;
  if (stem.size() < kMinRoleStem) return nullptr;
  const size_t para = doc_.ParagraphAt(at);
  const bool kind = rules_.organisation_noun_set.contains(ToLower(noun));
  const NameMention* found = nullptr;
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
    if (it->paragraph + kMaxOrganisationParagraphs < para) break;
    if (it->place || it->name().empty() || IsGenericOrganisation(*it->phrase)) continue;
    if (!it->organisation && PersonByName(it->name())) continue;
    const bool has_noun = std::any_of(it->name().begin(), it->name().end(),
                                      [&](const std::string& w) { return ToLower(w).find(stem) != std::string::npos; });
    if (!has_noun) continue;
    // Two bodies of that kind ("Tarrabool Shire Council", "the Land Council"): which one "a
    // council spokeswoman" speaks for is not read here. (A name, not a kind, is one body
    // however it is written: "Pellham", "Pellham Foods Group".)
    if (found) {
      const std::string_view a = found->joined(), b = it->joined();
      if (kind && a.find(b) == std::string_view::npos && b.find(a) == std::string_view::npos) return nullptr;
      continue;
    }
    found = &*it;
  }
  return found;
}

// A name that is a person's: its first word a known first name ("Ann Holt"), or one word that
// ends or opens the name of a person the document names ("Trump" after "Donald Trump").
bool Resolver::PersonByName(const std::vector<std::string>& name) const {
  if (name.size() >= 2) return rules_.pack.first_name_gender.count(name.front()) > 0;
  return KnownPerson(name) || FirstNameOfPerson(name);
}

bool Resolver::IsBareOrganisationNoun(const std::vector<std::string>& name) const {
  if (name.size() != 1) return false;
  const std::string lower = ToLower(name[0]);
  return !rules_.named_institutions.count(lower) && rules_.organisation_noun_set.contains(lower);
}

const NameMention* Resolver::OrganisationWithWordBefore(const std::string& definite, size_t at) const {
  const size_t para = doc_.ParagraphAt(at);
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
    if (it->paragraph + kMaxOrganisationParagraphs < para) break;
    if (!it->organisation || it->place || it->name().size() < 2) continue;
    for (const auto& w : it->name()) {
      const std::string lower = ToLower(w);
      if (lower == definite || DefiniteFormOf(definite, lower)) return &*it;
    }
  }
  return nullptr;
}

// An organisation phrase of common nouns only ("the company", "kommunen"), not a name.
bool Resolver::IsGenericOrganisation(const SpeakerPhrase& phrase) {
  if (phrase.name.empty()) return false;
  if (phrase.generic_organisation) return true;
  for (const auto& w : phrase.name) {
    size_t len = 0;
    if (w.empty() || !IsLower(DecodeAt(w, 0, &len))) return false;
  }
  return true;
}

// The organisation the article named before `at` that the description fits: the last one
// (within kMaxOrganisationParagraphs) whose name holds the description's noun ("the agency":
// the Environmental Protection Agency; "kommunen": Malmö kommun; "polisen": Polisen).
// Failing that, the last one named in the same or the paragraph before ("the company": Wells
// Fargo Bank; "myndigheten": Läkemedelsverket) - unless the description is an institution of
// its own (listed capitalised in `organisations`: "polisen" is Polisen, not the kommun before).
const NameMention* Resolver::OrganisationNamedBefore(const SpeakerPhrase& phrase, size_t at, bool capitalised_noun) const {
  const std::string head = ToLower(phrase.name.back());
  // Swedish definite forms: "kommunen" ~ "kommun", "myndigheten" ~ "myndighet".
  const std::string stem = head.size() >= kMinDefiniteHead ? head.substr(0, head.size() - kDefiniteEnding) : head;
  const bool institution = rules_.named_institutions.count(ToLower(phrase.joined)) > 0;
  const size_t para = doc_.ParagraphAt(at);
  const NameMention* nearest = nullptr;
  bool noun_before = false;  // the text wrote the noun itself before, capitalised ("Myndigheten för naturskydd")
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
    if (it->paragraph + kMaxOrganisationParagraphs < para) break;
    if (!it->organisation || it->place || IsGenericOrganisation(*it->phrase)) continue;
    if (IsBareOrganisationNoun(it->name())) {  // "Tingsrätten" opening a sentence is the noun again
      noun_before |= ToLower(it->name().front()).find(stem) != std::string::npos;
      continue;
    }
    for (const auto& w : it->name())
      if (ToLower(w).find(stem) != std::string::npos) return &*it;
    // Not one its own sentence brings in after a preposition ("In papers filed in Manhattan
    // Supreme Court, the company says …"): the description's subject is another body.
    if (!nearest && !institution && it->paragraph + kNearestOrganisationParagraphs >= para &&
        !(it->sentence == doc_.SentenceAt(at) && mentions_.AfterPreposition(*it, /*agent_too=*/true)))
      nearest = &*it;
  }
  if (nearest || institution || noun_before) return nearest;
  // Else the organisation the article is about ("Johnssons Verkstäder varslar …" ... "I ett
  // pressmeddelande skriver bolaget att …"): the one it has named most before, counting the
  // short forms that open its name ("Corvane shares rose" after "Corvane Foods Inc."), when it
  // is named twice or is the only organisation named. A noun capitalised at the opening of its
  // sentence may be a name itself ("Myndigheten för naturskydd skriver …"): only an
  // organisation named twice in full takes it.
  std::vector<const NameMention*> organisations;  // distinct names, the latest mention of each
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
    if (!it->organisation || it->place || IsGenericOrganisation(*it->phrase) || IsBareOrganisationNoun(it->name())) continue;
    const NameMention* mention = &*it;  // not `it` in the lambda: a structured binding (clang)
    if (std::none_of(organisations.begin(), organisations.end(), [&](const NameMention* o) { return o->joined() == mention->joined(); }))
      organisations.push_back(mention);
  }
  if (organisations.empty()) return nullptr;
  if (organisations.size() == 1 && !capitalised_noun) return organisations.front();
  const NameMention* most = nullptr;
  size_t most_count = 0;
  std::vector<size_t> counts(organisations.size(), 0);
  for (auto [it, looked] = std::pair{mentions_.MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
    if (it->place || it->name().empty()) continue;
    for (size_t o = 0; o < organisations.size(); ++o) {
      const std::vector<std::string>& full = organisations[o]->name();
      const std::vector<std::string>& name = it->name();
      if (name.size() > full.size() || !std::equal(name.begin(), name.end(), full.begin())) continue;
      if (capitalised_noun && name.size() != full.size()) continue;
      if (++counts[o] > most_count) { most_count = counts[o]; most = organisations[o]; }
      break;
    }
  }
  return most_count >= 2 ? most : nullptr;
}

}  // namespace quoth::detail
