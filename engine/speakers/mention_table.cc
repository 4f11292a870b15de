// The name mentions of a document and where each stands in its sentence: does it open the
// sentence (after quote marks or dashes), open it after an opening phrase ("On Sunday, Sen. Ann
// Holt …"), or open it after words that only say what the person is ("Economist Ana Ruiz argues
// …"); is it the object of a preposition ("In a talk with host Ann Holt, he said …") or a
// possessor ("Holt's lawyer")? The mentions are in document order, so those of one sentence or
// paragraph, and those before an offset, are found by binary search.
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/speakers/mention_table.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr size_t kMaxRoleWordsBefore = 3;  // words saying what a person is, before the name that opens a sentence
constexpr size_t kMaxSubjectRoleWords = 5;  // the same, with an owner and two joined roles ("Mejeriets vd och delägare")
constexpr size_t kMaxComplementWords = 3;  // words completing a description before its name ("des Verbunds")
constexpr size_t kMinRoleInCompound = 5;  // a role or title this long counts inside a compound ("musikjournalisten")
constexpr size_t kMinHeadAfterHyphen = 4;  // bytes after the hyphen of "USA-kännaren": a noun, not a suffix
constexpr size_t kMaxAppositionDescriptionWords = 8;  // "Grannen som hjälpte familjen ut, Ahmed Karimi, …"
constexpr size_t kMaxGenderDescriptionWords = 5;  // "His sister and co-founder, Anjali Venkatesh"
constexpr size_t kMaxGenderDescriptionBytes = 60;  // the same, in bytes: a longer stretch is no short description

}  // namespace

const char* MentionRoleName(MentionRole role) {
  switch (role) {
    case MentionRole::kSubject: return "subject";
    case MentionRole::kSubjectAfterOpener: return "subject after an opening phrase";
    case MentionRole::kPossessor: return "possessor";
    case MentionRole::kAfterPreposition: return "after a preposition";
    case MentionRole::kOther: return "other";
  }
  return "other";
}

MentionTable::MentionTable(const Document& doc, const LanguageRules& rules, const std::vector<QuoteCandidate>& quotes)
    : doc_(doc), rules_(rules), mentions_(FindNameMentions(doc, rules, quotes)) {
  if (rules_.pack.word_gender.empty()) return;
  // Only names known to be people by now: titled, of two or more words, or speaking ("Ms
  // Dunstall", "Jenny Dunstall"); the others are mostly places, bodies and sentence openers.
  for (auto& m : mentions_)
    if (m.person_like && !m.organisation && !m.place) m.gender = GenderBeside(m);
}

// A title among the name's own role words ("Ms Dunstall"); a word for kin right before it
// ("her twin sister Mere", "hans fru Anna"); or one in a short description set off by a comma
// right before it ("His daughter, Síle Geraghty") or right after it ("Tom Berg, her husband,").
// A description counts only when it opens with a determiner: "Asked about his wife, Tom Berg
// said" says nothing of Tom Berg's gender.
std::string_view MentionTable::GenderBeside(const NameMention& m) const {
  if (std::string_view g = GenderOfWords(m.roles(), rules_); !g.empty()) return g;
  const std::string_view text = doc_.text();
  const Span sentence = doc_.sentences()[m.sentence].span;
  // Right before, no punctuation between: a title the name's parse left out ("Mr", also a
  // sentence word) or a word for kin. (Read back byte by byte: most mentions have no such
  // word, and tokenizing every sentence up to every name would cost more than the rest.)
  if (m.span.start >= sentence.start + 2 && text[m.span.start - 1] == ' ') {
    size_t i = m.span.start - 1;
    while (i > sentence.start && text[i - 1] != ' ' && text[i - 1] != '\n') --i;
    if (i < m.span.start - 1)
      if (std::string_view g = GenderOfWordAt(text, {i, m.span.start - 1}, rules_); !g.empty()) return g;
  }
  // A short description set off by a comma, opening with a determiner.
  auto described = [&](Span segment) -> std::string_view {
    if (segment.size() > kMaxGenderDescriptionBytes) return {};
    thread_local std::vector<Span> words;
    TokenSpansInto(text, segment, &words);
    if (words.empty() || words.size() > kMaxGenderDescriptionWords ||
        !rules_.determiner_words.count(ToLower(text.substr(words.front().start, words.front().size()))))
      return {};
    for (const Span& w : words)
      if (std::string_view g = GenderOfWordAt(text, w, rules_); !g.empty()) return g;
    return {};
  };
  // Set off before: ", " right before the name, the description back to the sentence's start or
  // the comma before.
  if (m.span.start >= sentence.start + 2 && text.compare(m.span.start - 2, 2, ", ") == 0) {
    size_t from = sentence.start;
    for (size_t i = m.span.start - 2; i > sentence.start; --i)
      if (text[i - 1] == ',' || text[i - 1] == ';') { from = i; break; }
    if (std::string_view g = described({from, m.span.start - 2}); !g.empty()) return g;
  }
  // Set off after: ", her husband," or ", her husband." right after the name.
  if (m.span.end + 2 < sentence.end && text.compare(m.span.end, 2, ", ") == 0) {
    const size_t from = m.span.end + 2;
    size_t to = from;
    while (to < sentence.end && to - from <= kMaxGenderDescriptionBytes && text[to] != ',' && text[to] != '.' && text[to] != ';') ++to;
    return described({from, to});
  }
  return {};
}

// A possessor first: "Holt's lawyer said" opens with Holt, but the sentence is about the lawyer.
MentionRole MentionTable::RoleOf(const NameMention& m) const {
  if (GenitiveOwner(m)) return MentionRole::kPossessor;
  if (OpensSentenceAsSubject(m)) return MentionRole::kSubject;
  if (OpensAfterOpeningPhrase(m)) return MentionRole::kSubjectAfterOpener;
  if (AfterPreposition(m)) return MentionRole::kAfterPreposition;
  return MentionRole::kOther;
}

size_t MentionTable::FirstMentionOf(size_t NameMention::*field, size_t value) const {
  return static_cast<size_t>(std::partition_point(mentions_.begin(), mentions_.end(),
                                                  [&](const NameMention& m) { return m.*field < value; }) -
                             mentions_.begin());
}

const NameMention* MentionTable::MentionAt(size_t offset) const {
  const auto at = std::partition_point(mentions_.begin(), mentions_.end(), [&](const NameMention& m) { return m.span.start < offset; });
  return at != mentions_.end() && at->span.start == offset ? &*at : nullptr;
}

// Reverse iterator at the last mention that starts before `offset`.
MentionTable::const_reverse_iterator MentionTable::MentionsBefore(size_t offset) const {
  auto first_at = std::partition_point(mentions_.begin(), mentions_.end(),
                                       [&](const NameMention& m) { return m.span.start < offset; });
  return std::vector<NameMention>::const_reverse_iterator(first_at);
}

// The name set off by a comma right after `offset`, perhaps past a few words that complete the
// description ("The leader of the Greens, Thomas Wegener, warned", "so der Pressesprecher des
// Verbunds, Henrik Scholz-Ahrens."): a description followed so names its person there. The name
// ends at a comma or at the end of its sentence. Not an organisation or place.
const NameMention* MentionTable::AppositionNameAfter(size_t offset) const {
  const std::string_view text = doc_.text();
  auto skip_spaces = [&](size_t i) {
    while (i < text.size() && text[i] == ' ') ++i;
    return i;
  };
  size_t i = skip_spaces(offset);
  // The description's complement: a few words, no punctuation, up to the comma.
  for (size_t words = 0; i < text.size() && text[i] != ',' && words < kMaxComplementWords; ++words) {
    size_t j = i;
    size_t len = 1;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && IsWordChar(DecodeAt(text, j, &len))) j += len;
    if (j == i || (j < text.size() && text[j] != ' ' && text[j] != ',')) return nullptr;
    i = skip_spaces(j);
  }
  if (i >= text.size() || text[i] != ',') return nullptr;
  i = skip_spaces(i + 1);
  const auto at = std::partition_point(mentions_.begin(), mentions_.end(),
                                       [&](const NameMention& m) { return m.span.start < i; });
  if (at == mentions_.end() || at->span.start != i || at->organisation || at->place) return nullptr;
  const size_t after = skip_spaces(at->span.end);
  if (after >= text.size()) return &*at;
  const char c = text[after];
  return c == ',' || c == '.' || c == '!' || c == '?' || c == '\n' || c == '\r' ? &*at : nullptr;
}

Span MentionTable::AppositionOrganisationAfter(size_t offset) const {
  constexpr size_t kMaxNameWords = 5;
  const std::string_view text = doc_.text();
  size_t i = offset;
  if (i + 2 >= text.size() || text[i] != ',' || text[i + 1] != ' ') return {};
  i += 2;
  auto word_end = [&](size_t from) {
    size_t j = from, len = 1;
    while (j < text.size() && IsWordChar(DecodeAt(text, j, &len))) j += len;
    return j;
  };
  size_t j = word_end(i);
  if (j >= text.size() || text[j] != ' ' || !rules_.determiner_words.count(ToLower(text.substr(i, j - i)))) return {};
  const size_t start = j + 1;
  size_t end = start;
  for (size_t words = 0, k = start; words < kMaxNameWords; ++words) {
    size_t len = 0;
    if (k >= text.size() || !IsUpper(DecodeAt(text, k, &len))) return {};
    end = word_end(k);
    if (end >= text.size()) return {};
    if (text[end] == ',') break;
    if (text[end] != ' ') return {};
    k = end + 1;
  }
  if (end >= text.size() || text[end] != ',' || end == start) return {};
  // No person the table knows stands there.
  for (auto it = std::partition_point(mentions_.begin(), mentions_.end(), [&](const NameMention& m) { return m.span.start < start; });
       it != mentions_.end() && it->span.start < end; ++it)
    if (it->person_like && !it->name().empty() && rules_.pack.first_name_gender.count(it->name().front())) return {};
  return {start, end};
}

// The name that follows `offset` after spaces, perhaps past a few lower-case words that end in
// a role or title: "her former foreign minister Boris Johnson pressed …", "Republican
// presidential candidate Donald Trump took to Twitter, writing: …", where the speaker pattern
// stopped at the description. A description that runs straight into a name is that name's
// ("the minister told Ann Holt" does not: "told" is no role). Not an organisation or place.
const NameMention* MentionTable::NameJoinedAfter(size_t offset) const {
  constexpr size_t kMaxWordsBetween = 3;  // "of murdered teen", "for the late"
  const std::string_view text = doc_.text();
  size_t i = offset;
  for (size_t words = 0; words <= kMaxWordsBetween; ++words) {
    if (i >= text.size() || text[i] != ' ') return nullptr;
    ++i;
    size_t len = 0;
    if (i >= text.size() || !IsLower(DecodeAt(text, i, &len))) break;
    size_t j = i;
    while (j < text.size() && IsWordChar(DecodeAt(text, j, &len))) j += len;
    if (words == 0 && !rules_.pack.organisation_joiners.count(text.substr(i, j - i))) return nullptr;
    i = j;
  }
  if (i == offset || i >= text.size()) return nullptr;
  const auto at = std::partition_point(mentions_.begin(), mentions_.end(), [&](const NameMention& m) { return m.span.start < i; });
  if (at == mentions_.end() || at->span.start != i || at->place) return nullptr;
  // The name closes the phrase ("… Ana Ruiz." or "… Tom Berg, who …"): not an object the
  // sentence's verb goes on with ("the secretary of state mocked Trump for …").
  const size_t end = at->span.end;
  return end >= text.size() || text[end] == ',' || text[end] == '.' || text[end] == ';' || text[end] == '\n' ? &*at : nullptr;
}

const NameMention* MentionTable::NameRightAfter(size_t offset) const {
  constexpr size_t kMaxWordsBetween = 3;
  const std::string_view text = doc_.text();
  size_t i = offset;
  bool role_last = true;  // nothing between, or the last word between is a role or title
  for (size_t words = 0;; ++words) {
    const size_t word_start = i;
    while (i < text.size() && text[i] == ' ') ++i;
    if (i == word_start || i >= text.size()) return nullptr;
    size_t len = 0;
    if (!IsLower(DecodeAt(text, i, &len)) || words == kMaxWordsBetween) break;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && IsWordChar(DecodeAt(text, j, &len))) j += len;
    if (j == i || j >= text.size() || text[j] != ' ') return nullptr;
    role_last = IsRoleOrTitle(ToLower(text.substr(i, j - i)), rules_);
    i = j;
  }
  if (!role_last) return nullptr;
  const auto at = std::partition_point(mentions_.begin(), mentions_.end(),
                                       [&](const NameMention& m) { return m.span.start < i; });
  if (at == mentions_.end() || at->span.start != i || at->organisation || at->place) return nullptr;
  // A lone capitalised word is a name only where it is a person elsewhere: "said the veteran
  // MP, who …" has a title there.
  return at->name().size() >= 2 || at->person_like ? &*at : nullptr;
}

bool MentionTable::QualifiesRoleAfter(const NameMention& m) const {
  const std::string_view text = doc_.text();
  size_t i = m.span.end;
  if (i + 1 >= text.size() || text[i] != ' ') return false;
  ++i;
  size_t len = 0;
  if (!IsLower(DecodeAt(text, i, &len))) return false;
  size_t j = i;
  while (j < text.size() && (text[j] == '-' || IsWordChar(DecodeAt(text, j, &len)))) j += len;
  if (j == i) return false;
  // "A Polarline spokesperson said": the organisation speaks through the role.
  const std::string role = ToLower(text.substr(i, j - i));
  return IsRoleOrTitle(role, rules_) && !rules_.pack.speaks_for_roles.count(role);
}

// Does `offset` start its sentence (after any quote marks or dashes)?
bool MentionTable::OpensSentence(size_t offset) const {
  const Span s = doc_.sentences()[doc_.SentenceAt(offset)].span;
  std::string_view text = doc_.text();
  for (size_t i = s.start; i < offset;) {
    size_t len = 0;
    const char32_t c = DecodeAt(text, i, &len);
    if (IsLetter(c) || IsDigit(c)) return false;
    i += len;
  }
  return true;
}

// The words of mention `m`'s sentence before it, read once per mention: the sieves ask about
// the same mentions again and again.
const std::vector<Span>& MentionTable::WordsBefore(const NameMention& m) const {
  const Span prefix{doc_.sentences()[m.sentence].span.start, m.span.start};
  if (&m < mentions_.data() || &m >= mentions_.data() + mentions_.size()) {  // not one of ours: read it now
    thread_local std::vector<Span> words;
    TokenSpansInto(doc_.text(), prefix, &words);
    return words;
  }
  if (words_before_.empty()) words_before_.resize(mentions_.size());
  auto& slot = words_before_[static_cast<size_t>(&m - mentions_.data())];
  if (!slot) TokenSpansInto(doc_.text(), prefix, &slot.emplace());
  return *slot;
}

// The mention follows a comma that closes its sentence's opening phrase, with only titles
// and roles between ("On Sunday, Sen. Ann Holt …", "In Seoul, Ban Ki-moon …").
bool MentionTable::OpensAfterOpeningPhrase(const NameMention& m) const {
  if (QualifiesRoleAfter(m)) return false;
  const std::string_view text = doc_.text();
  const std::vector<Span>& words = WordsBefore(m);
  size_t k = words.size();
  while (k > 0 && k + kMaxRoleWordsBefore > words.size()) {
    const std::string lower = ToLower(text.substr(words[k - 1].start, words[k - 1].size()));
    // "co-founder and CEO Renata Lind": a joining word between two roles, one person's offices.
    const bool joins_roles = k >= 2 && k < words.size() && rules_.pack.clause_joiners.count(lower) &&
                             IsRoleOrTitle(ToLower(text.substr(words[k - 2].start, words[k - 2].size())), rules_);
    if (!IsRoleOrTitle(lower, rules_) && !joins_roles) break;
    --k;
  }
  if (k == 0 || k == words.size() + 1) return false;
  // A capitalised word may say whose role it is ("At the end of the tunnel, Rovers boss Stuart
  // Hendry …", "On Monday, Pentagon spokesman Ola Ek …").
  size_t len = 0;
  if (k < words.size() && k >= 2 && !IsLower(DecodeAt(text, words[k - 1].start, &len)) &&
      text.substr(words[k - 2].end, words[k - 1].start - words[k - 2].end).find(',') != std::string_view::npos)
    --k;
  // The opening phrase ends at a comma right after its last word (a closing quote mark may
  // stand between: 'On "Face the Nation," Sen. …').
  size_t i = words[k - 1].end;
  const size_t next = k < words.size() ? words[k].start : m.span.start;
  bool comma = false;
  for (; i < next; ++i) comma = comma || text[i] == ',';
  return comma;
}

// The first name of its sentence set off by commas after a description that opens it: "Grannen
// som hjälpte familjen ut, Ahmed Karimi, vittnade …", "The neighbour who raised the alarm, Tom
// Berg, said …" - the description and the name are the subject.
bool MentionTable::AppositionSubject(const NameMention& m) const {
  const std::string_view text = doc_.text();
  if (m.span.start < 2 || text.compare(m.span.start - 2, 2, ", ") != 0 || m.span.end >= text.size() || text[m.span.end] != ',')
    return false;
  const size_t index = IndexOf(m);
  if (index >= mentions_.size()) return false;
  // The first person of its sentence: the description may name a place or a body ("Hemtjänstens
  // verksamhetschef i Norrbacka kommun, Eva Brink, säger …").
  for (size_t i = FirstMentionOf(&NameMention::sentence, m.sentence); i < index; ++i)
    if (mentions_[i].person_like) return false;
  const Span sentence = doc_.sentences()[m.sentence].span;
  if (m.span.start - 2 <= sentence.start) return false;
  const std::string_view before = text.substr(sentence.start, m.span.start - 2 - sentence.start);
  if (before.empty() || before.find(',') != std::string_view::npos) return false;  // one description, no list
  std::vector<Span> words;
  TokenSpansInto(text, {sentence.start, m.span.start - 2}, &words);
  if (words.empty() || words.size() > kMaxAppositionDescriptionWords) return false;
  size_t len = 0;
  const std::string first = ToLower(doc_.Slice(words[0]));
  // A description opens with its noun or article ("Grannen", "The neighbour"), not with a
  // preposition ("According to his lawyer, Tom Berg, …").
  return !IsLower(DecodeAt(text, words[0].start, &len)) && !rules_.pack.phrase_breaks.count(first) &&
         !rules_.pack.source_words.count(first) && !rules_.pack.pronoun_gender.count(first);
}

bool MentionTable::SubjectAfterFrontedVerb(const NameMention& m) const {
  constexpr size_t kMaxOpenerWords = 5;  // "Sent på kvällen", "I en intervju med tidningen"
  if (!rules_.pack.verb_second) return false;
  const std::string_view text = doc_.text();
  const std::vector<Span>& words = WordsBefore(m);
  if (words.size() < 2 || words.size() > kMaxOpenerWords + 1) return false;
  const Span sentence = doc_.sentences()[m.sentence].span;
  if (text.substr(sentence.start, m.span.start - sentence.start).find(',') != std::string_view::npos) return false;
  // The opener: a sentence word or a preposition, never a name or a pronoun ("Han mötte Anna").
  const std::string first = ToLower(text.substr(words[0].start, words[0].size()));
  if (!IsNotName(text.substr(words[0].start, words[0].size()), rules_) && !rules_.pack.phrase_breaks.count(first)) return false;
  if (rules_.pack.pronoun_gender.count(first)) return false;
  // The verb: the word right before the name, in lower case, no preposition, article or role.
  const Span verb = words.back();
  const std::string lower = ToLower(text.substr(verb.start, verb.size()));
  size_t len = 0;
  if (!IsLower(DecodeAt(text, verb.start, &len)) || rules_.pack.phrase_breaks.count(lower) || rules_.determiner_words.count(lower) ||
      rules_.pack.pronoun_gender.count(lower) || rules_.pack.clause_joiners.count(lower) || IsRoleOrTitle(lower, rules_))
    return false;
  // Between them, only the opener's own words: in lower case, unless every noun has a capital
  // ("Nach der Versammlung stand Alfons Weber …").
  for (size_t k = 1; k + 1 < words.size(); ++k)
    if (!IsLower(DecodeAt(text, words[k].start, &len)) && !rules_.pack.capitalises_nouns) return false;
  return true;
}

// Only words that say what the person is come before the mention in its sentence
// ("Musikjournalisten Hanna Forsell tror ...", "Economist Ana Ruiz argues ...").
bool MentionTable::OpensSentenceAsSubject(const NameMention& m) const {
  if (QualifiesRoleAfter(m)) return false;
  const std::string_view text = doc_.text();
  if (AppositionSubject(m)) return true;
  const std::vector<Span>& words = WordsBefore(m);
  if (words.empty() || words.size() > kMaxSubjectRoleWords) return false;
  for (size_t k = 0; k < words.size(); ++k) {
    const Span& w = words[k];
    // A comma between two of the words ("Michelle Tanzer, a Boca Raton lawyer") makes the name
    // an apposition's, not the sentence's subject; one right before the name sets it off from
    // its description ("Westgrid's operations director, Lewis Achterberg, says").
    if (k + 1 < words.size() && SetsOff(text.substr(w.end, words[k + 1].start - w.end))) return false;
    if (const std::string_view t = text.substr(w.start, w.size()); t == "\u2013" || t == "\u2014" || t == "-") return false;  // "Chris Christie – a Dallas Cowboys fan"
    const std::string lower = ToLower(text.substr(w.start, w.size()));
    // A possessor before the role: "Sällskapets ordförande John Goldsmith", "the society's
    // chairman John Goldsmith".
    if (k + 1 < words.size() && lower.size() > 2 && lower.back() == 's') continue;
    // Two roles joined: "Mejeriets vd och delägare Anna Wikström", "chairman and chief
    // executive Ola Ek".
    if (k > 0 && k + 1 < words.size() && rules_.pack.clause_joiners.count(lower)) continue;
    // A name before the role says whose: "Clearwater coach Renee Castellano", "Pentagon
    // spokesman Ola Ek" (the last word before the name must be the role).
    size_t len = 0;
    if (k + 1 < words.size() && !IsLower(DecodeAt(text, w.start, &len))) continue;
    bool role = IsRoleOrTitle(lower, rules_) || rules_.determiner_words.count(lower);
    for (const auto* list : {&rules_.role_words, &rules_.title_words}) {
      if (role) break;
      for (const auto& base : *list)  // a compound or definite form of a role: "musikjournalisten"
        if (base.size() >= kMinRoleInCompound && lower.find(base) != std::string::npos) { role = true; break; }
    }
    // A compound description whose head is a lower-case noun: "USA-kännaren Maria Lönnqvist",
    // "EU-kommissionären Ann Linde".
    if (!role && k + 1 == words.size()) {
      const std::string_view original = text.substr(w.start, w.size());
      const size_t hyphen = original.rfind('-');
      size_t len = 0;
      role = hyphen != std::string_view::npos && hyphen + kMinHeadAfterHyphen < original.size() &&
             IsLower(DecodeAt(original, hyphen + 1, &len));
    }
    if (!role) return false;
  }
  return true;
}

// Does mention `m` own what follows it ("Holt's lawyer", "Cromwells insatser", where the pack
// writes the genitive as a bare "s")?
bool MentionTable::GenitiveOwner(const NameMention& m) const {
  const std::string_view text = doc_.text();
  if (IsPossessive(text.substr(m.span.start, m.span.size()))) return true;
  const std::string_view after = text.substr(m.span.end, 4);
  if (after.substr(0, 2) == "'s" || after.substr(0, 1) == "'" || after.substr(0, 4) == "\xE2\x80\x99s") return true;
  if (!rules_.pack.genitive_s || after.empty() || after[0] != 's') return false;
  size_t len = 0;
  return m.span.end + 1 >= text.size() || !IsWordChar(DecodeAt(text, m.span.end + 1, &len));
}

// Is the word before mention `m`, past up to kMaxRoleWordsBefore words that describe it
// ("host", "radioprogramledaren"), a preposition (a phrase break)? One after which a speaker
// may follow ("according to", "by") counts only when `agent_too`: "welcomed by county
// engineer Erik Dahl" names the agent, not the sentence's subject.
bool MentionTable::AfterPreposition(const NameMention& m, bool agent_too) const {
  const std::string_view text = doc_.text();
  const std::vector<Span>& words = WordsBefore(m);
  for (size_t k = words.size(), looked = 0; k-- > 0 && looked++ <= kMaxRoleWordsBefore;) {
    const std::string lower = ToLower(text.substr(words[k].start, words[k].size()));
    if (rules_.pack.phrase_breaks.count(lower)) {
      // "Enligt Birgitta Holm …", "According to Holm, …": the source of what the sentence says
      // is no object to pass over.
      // A conjunction is no preposition: "Och Inga-Lill, som …", "Ek and Lund said".
      if (rules_.pack.clause_joiners.count(lower)) return false;
      if (rules_.pack.source_words.count(lower) ||
          (k > 0 && rules_.pack.source_words.count(ToLower(text.substr(words[k - 1].start, words[k - 1].size())))))
        return false;
      // "Speaker of council Johannes Pretorius": after a capitalised office and its joining
      // word, the name is the office's holder.
      size_t len = 0;
      if (k > 0 && rules_.pack.organisation_joiners.count(lower) && IsUpper(DecodeAt(text, words[k - 1].start, &len)) &&
          IsRoleOrTitle(ToLower(text.substr(words[k - 1].start, words[k - 1].size())), rules_))
        return false;
      return agent_too || !rules_.pack.speaker_follows.count(lower);
    }
    size_t len = 0;
    const bool describes = IsRoleOrTitle(lower, rules_) ||
                           (IsLower(DecodeAt(text, words[k].start, &len)) && !rules_.determiner_words.count(lower));
    // Punctuation between closes the phrase: "In a talk, Ann Holt …".
    if (!describes || text.substr(words[k].end, m.span.start - words[k].end).find(',') != std::string_view::npos) return false;
  }
  return false;
}

// A name that stands in a quote's speech tag ("Lukasjenko kallar Putin för sin ”storebror”",
// "– …, resonerar Lukasjenko") is a person even when the text never gives it a title or a
// first name; so is every mention of a name that is a person somewhere.
void MentionTable::MarkSpeakers(std::vector<Span> speakers) {
  std::sort(speakers.begin(), speakers.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
  size_t k = 0;
  for (auto& m : mentions_) {
    while (k < speakers.size() && speakers[k].end <= m.span.start) ++k;
    if (k < speakers.size() && speakers[k].start <= m.span.start && m.span.end <= speakers[k].end && !m.place &&
        !m.organisation)
      m.person_like = true;
  }
  // Every mention of a name that is a person somewhere is a person. (Being a trailing form
  // is transitive, so the persons known before this loop are all it needs to look at.)
  std::unordered_map<std::string_view, std::vector<size_t>> persons_by_last;
  for (size_t i = 0; i < mentions_.size(); ++i)
    if (mentions_[i].person_like && !mentions_[i].name().empty()) persons_by_last[mentions_[i].name().back()].push_back(i);
  for (auto& m : mentions_) {
    if (m.person_like || m.organisation) continue;
    if (m.name().empty()) { m.person_like = !persons_by_last.empty(); continue; }
    auto it = persons_by_last.find(m.name().back());
    if (it == persons_by_last.end()) continue;
    for (size_t o : it->second)
      if (EndsWithName(mentions_[o].name(), m.name())) { m.person_like = true; break; }
  }
}

}  // namespace quoth::detail
