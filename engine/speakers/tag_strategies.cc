// The quote's own tag: the strategies that read the words next to a quote. Each tag position
// has its window - after the closing mark up to the next quote or the paragraph's end; before
// the opening mark from its sentence's start or the previous quote's end; the reporting
// sentence up to the mark - and the rule pack's patterns for that position run over it
// (RunPosition). A window's tag is read once per quote: the speaking names are marked from the
// same tags before any quote is resolved (MarkSpeakingNames). The speaker phrase a tag captures
// is then resolved by FromPhrase.
#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/quotes/quote_kinds.h"
#include "engine/speakers/resolver.h"
#include "engine/text/tokens.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr size_t kMaxTagWindow = 240;  // bytes of context after a quote that a tag may use
constexpr size_t kMaxTagSentence = 120;  // bytes of a tag that is a sentence of its own (…." Rubio said Sunday.)
constexpr size_t kMaxSentenceWindow = 600;  // bytes from a sentence's start to a quote its subject reports
constexpr size_t kMaxSubjectZoneBytes = 200;  // a reporting sentence's subject, with its apposition, lies within these
constexpr size_t kMaxDeterminerBytes = 5;     // "a", "an", "one", "en", "ett", "ein", "eine", "einer"

// The first character boundary at or after byte `i` (a window cut by bytes starts on a character).
size_t CharStartAtOrAfter(std::string_view text, size_t i) {
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return i;
}

constexpr size_t kMaxSignatureLine = 160;  // bytes of a paragraph that signs the quote before it

// Nothing but white space and a stop: the quote's paragraph ends after its closing mark.
bool OnlySpaceOrStop(std::string_view text, Span s) {
  for (size_t i = s.start; i < s.end; ++i)
    if (!(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' || text[i] == '.')) return false;
  return true;
}

// "-", "--", "—", "–", "―" and a letter after it (perhaps a space between).
bool OpensWithSignatureDash(std::string_view line) {
  size_t n = 0;
  if (line.substr(0, 2) == "--") n = 2;
  else if (!line.empty() && line[0] == '-') n = 1;
  else if (line.substr(0, 3) == "\xE2\x80\x94" || line.substr(0, 3) == "\xE2\x80\x93" || line.substr(0, 3) == "\xE2\x80\x95") n = 3;
  if (n == 0) return false;
  while (n < line.size() && line[n] == ' ') ++n;
  return n < line.size() && (static_cast<unsigned char>(line[n]) >= 0x80 || std::isalpha(static_cast<unsigned char>(line[n])));
}

// Where `sentence` opens with a wire story's dateline ("WASHINGTON (AP) — ", "KIMBERLEY – ",
// "LONDON, March 3 (Reuters) - "), the offset past it, where the sentence's subject stands;
// else its start. A dateline opens with a word in capitals and holds no word in lower case
// outside brackets before its dash.
size_t PastDateline(std::string_view text, Span sentence) {
  constexpr size_t kMaxDateline = 80, kMinCapitals = 3;
  const std::string_view head = text.substr(sentence.start, std::min(sentence.size(), kMaxDateline));
  size_t caps = 0;
  while (caps < head.size() && head[caps] >= 'A' && head[caps] <= 'Z') ++caps;
  if (caps < kMinCapitals || (caps < head.size() && std::isalpha(static_cast<unsigned char>(head[caps])))) return sentence.start;
  int depth = 0;
  bool word_start = true;
  for (size_t i = caps; i < head.size(); ++i) {
    const char ch = head[i];
    if (ch == '(') ++depth;
    else if (ch == ')') --depth;
    else if (depth == 0 && word_start && ch >= 'a' && ch <= 'z') return sentence.start;
    word_start = ch == ' ' || ch == '(';
    if (depth != 0 || ch != ' ') continue;
    // A dash set off by spaces: "-", "--", "–", "—".
    for (const std::string_view dash : {"- ", "-- ", "\xE2\x80\x93 ", "\xE2\x80\x94 "})
      if (head.substr(i + 1, dash.size()) == dash) return sentence.start + i + 1 + dash.size();
  }
  return sentence.start;
}

// Do only a few lower-case words stand between `from` and `to` ("of the", "at")?
bool JoinedByLowerCaseWords(std::string_view text, size_t from, size_t to) {
  constexpr size_t kMaxJoinBytes = 16;
  if (to <= from || to - from > kMaxJoinBytes || text[from] != ' ') return false;
  for (size_t i = from; i < to; ++i)
    if (text[i] != ' ' && !(text[i] >= 'a' && text[i] <= 'z')) return false;
  return true;
}

}  // namespace

Resolver::Answer Resolver::DialogueTag(size_t quote) {
  const QuoteCandidate& c = quotes_[quote];
  if (c.tag_pattern == kNone || c.tag_speaker.empty()) {
    Refuse([] { return std::string("no dialogue tag (\", säger X\") in the turn"); });
    return {};
  }
  Answer answer = FromPhrase(quote, c.tag_speaker, rules_.pack.patterns[c.tag_pattern], "dialogue tag");
  // A turn whose tag describes someone the text never names may still continue the speaker
  // before: only a news tag's "no one" ends the sieve.
  // Unless its pronoun refers to someone the text has just brought in without a name.
  answer.no_one = answer.no_one && attempt_.unnamed_referent;
  return answer;
}

Resolver::Answer Resolver::TagAfter(size_t quote) { return FromTag(quote, kSlotAfter); }
Resolver::Answer Resolver::TagBefore(size_t quote) {
  // (Not someone brought in unnamed: a pronoun further on is no sign's.)
  if (CarriedBySign(quote)) {
    Refuse([] { return std::string("its lead-in gives the words to a sign, a banner or a shout, and names no one"); });
    return Answer::NoOne();
  }
  return FromTag(quote, kSlotBefore);
}

// Does the quote's lead-in - its sentence up to the opening mark, ending in a colon or a
// `carrier_words` word - give the words to a thing, not a person: a sign, a banner, a shout
// ("Auf einem Schild am Wagen stand: „…“", "A chalkboard at the entrance read: “…”", "Aus den
// Reihen der SPD kam der Zwischenruf: „…“")? Not when it names a person or holds a pronoun
// ("He held up a sign and said: …"), nor when a speech verb does ("In a note to staff, the
// chief executive wrote: …").
bool Resolver::CarriedBySign(size_t quote) const {
  if (rules_.pack.carrier_words.empty()) return false;
  const QuoteCandidate& c = quotes_[quote];
  const Span lead = TextBefore(doc_, c);
  constexpr size_t kMaxLeadIn = 300;  // bytes: one sentence's lead-in
  if (lead.empty() || lead.size() > kMaxLeadIn) return false;
  const std::string_view text = doc_.text();
  size_t end = lead.end;
  while (end > lead.start && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  if (end == lead.start) return false;
  const bool colon = text[end - 1] == ':';
  auto carrier = [&](const std::string& w) { return InWordsOrCompoundHead(rules_.pack.carrier_words, w, rules_.pack.compound_roles); };
  // Without a colon the carrier is the lead-in's last word ("… rief jemand »…«"): most lead-ins
  // end in another word and are done here.
  if (!colon) {
    size_t start = end, previous = 0;
    while (start > lead.start && IsWordChar(DecodeBefore(text, start, &previous))) start = previous;
    if (start == end || !carrier(ToLower(text.substr(start, end - start)))) return false;
  }
  thread_local std::vector<Span> words;
  TokenSpansInto(text, lead, &words);
  if (words.empty()) return false;
  bool found = false;
  for (size_t k = 0; k < words.size(); ++k) {
    const std::string w = ToLower(text.substr(words[k].start, words[k].size()));
    if (rules_.pack.pronoun_gender.count(w)) return false;
    const bool is_carrier = carrier(w);
    // A speech verb gives the words to its subject ("In a note to staff, the chief executive wrote:").
    if (!is_carrier && HasVerbWord(text.substr(words[k].start, words[k].size()), rules_)) return false;
    if (!found && is_carrier) found = colon || k + 1 == words.size();
  }
  if (!found) return false;
  for (auto it = mentions_.MentionsBefore(lead.end); it != mentions_.rend() && it->span.start >= lead.start; ++it)
    if (it->person_like && !it->organisation && !it->place) return false;
  return true;
}

Resolver::Answer Resolver::ReportingSubject(size_t quote) {
  if (UnnamedSubject(quote)) {
    attempt_.unnamed_referent = true;
    Refuse([] { return std::string("the reporting sentence's subject is someone it does not name (\"a doctor at the hospital\")"); });
    return Answer::NoOne();
  }
  // The reporting clause nearest the quote is relative to a name ("…, and who joked that “…”"):
  // that name, before the subject of the sentence.
  Answer answer = RelativeClauseSubject(quote);
  if (!answer.speaker) answer = FromTag(quote, kSlotReportingSentence);
  if (answer.speaker && answer.speaker->ref.method == AttributionMethod::kExplicit)
    answer.speaker->ref.method = AttributionMethod::kSubject;
  return answer;
}

Resolver::Answer Resolver::FromTag(size_t quote, TagSlot slot) {
  const Match& m = TagAt(quote, slot);
  if (m.pattern == kNone) {
    Refuse([&] { return std::string("no ") + kTagWhere[slot] + " matches a pattern"; });
    return {};
  }
  Answer answer = FromPhrase(quote, m.speaker, rules_.pack.patterns[m.pattern], kTagWhere[slot]);
  if (!answer.speaker && slot != kSlotAfter) {
    if (const Match next = NextClauseTag(quote, slot, m); next.pattern != kNone) {
      Answer again = FromPhrase(quote, next.speaker, rules_.pack.patterns[next.pattern], kTagWhere[slot]);
      if (again.speaker) return again;
    }
  }
  // The tag gives the quote to someone the text does not name ("said a spokesperson for the
  // governor"): not to the speaker before.
  if (answer.no_one) Refuse([] { return std::string("so the quote does not go to an earlier speaker either"); });
  return answer;
}

// A reporting clause that is relative to a name before it: "… presented by Ingrid Halvorsen of
// the Nordland Institute, who told the session that the birds "…"", "… funded by the Nordic
// Flyways Foundation, which said in a statement that …". The relative word (`relative_subjects`)
// follows a comma or "and", a speech verb follows it within a few words, and the speaker is the
// name it refers back to: the last one before it, past an organisation joined to a person by
// "of" or "at" for a person's relative word ("who"), an organisation for the others ("which").
Resolver::Answer Resolver::RelativeClauseSubject(size_t quote) {
  if (rules_.pack.relative_subjects.empty()) return {};
  const QuoteCandidate& c = quotes_[quote];
  const Span lead = TextBefore(doc_, c);
  if (lead.empty() || lead.size() > kMaxSentenceWindow) return {};
  const std::string_view text = doc_.text();
  // Most reporting sentences hold no relative word after a comma or "and": read no further.
  const std::string_view lead_text = doc_.Slice(lead);
  auto holds_word = [&](std::string_view w) {
    for (size_t at = lead_text.find(w); at != std::string_view::npos; at = lead_text.find(w, at + 1))
      if (at > 0 && lead_text[at - 1] == ' ' && at + w.size() < lead_text.size() && lead_text[at + w.size()] == ' ') return true;
    return false;
  };
  if (std::none_of(rules_.pack.relative_subjects.begin(), rules_.pack.relative_subjects.end(),
                   [&](const auto& r) { return holds_word(r.first); }))
    return {};
  thread_local std::vector<Span> words;
  TokenSpansInto(text, lead, &words);
  constexpr size_t kMaxWordsToVerb = 3;
  for (size_t k = words.size(); k-- > 1;) {
    const auto rel = rules_.pack.relative_subjects.find(ToLower(text.substr(words[k].start, words[k].size())));
    if (rel == rules_.pack.relative_subjects.end()) continue;
    const std::string_view gap = text.substr(words[k - 1].end, words[k].start - words[k - 1].end);
    const bool after_and = k >= 2 && rules_.pack.clause_joiners.count(ToLower(text.substr(words[k - 1].start, words[k - 1].size()))) &&
                           text.substr(words[k - 2].end, words[k - 1].start - words[k - 2].end).find(',') != std::string_view::npos;
    if (gap.find(',') == std::string_view::npos && !after_and) continue;
    // A speech verb within a few words, with no subject of its own between ("which she said
    // represented all her emails", "who he blasted as a bully": the relative word is its object).
    bool verb = false;
    for (size_t j = k + 1; j < words.size() && j <= k + kMaxWordsToVerb && !verb; ++j) {
      const std::string_view w = text.substr(words[j].start, words[j].size());
      size_t len = 0;
      if (rules_.pack.pronoun_gender.count(ToLower(w)) || IsUpper(DecodeAt(w, 0, &len))) return {};
      verb = HasVerbWord(w, rules_);
    }
    if (!verb) return {};  // the nearest relative clause to the quote is no reporting clause
    // A relative clause closed by a comma before the sentence's own speech verb is an
    // apposition ("one paramedic, who asked not to be named, said the system was “…”").
    if (const size_t close = text.substr(words[k].end, lead.end - words[k].end).find(','); close != std::string_view::npos)
      for (size_t j = k + 1; j < words.size(); ++j)
        if (words[j].start > words[k].end + close && HasVerbWord(text.substr(words[j].start, words[j].size()), rules_)) return {};
    // Where the name it refers back to must end: right before the comma, or before an
    // apposition opened by a determiner ("Ana Ferreira, a Portuguese ornithologist who …, and who").
    size_t anchor = words[k - 1].end;
    if (after_and) anchor = words[k - 2].end;
    {
      const size_t comma = text.rfind(',', anchor);
      const size_t open = comma == std::string_view::npos || comma <= lead.start ? std::string_view::npos : text.rfind(',', comma - 1);
      if (open != std::string_view::npos && open >= lead.start) {
        size_t i = open + 1;
        while (i < comma && text[i] == ' ') ++i;
        size_t j = i;
        while (j < comma && text[j] != ' ') ++j;
        if (rules_.determiner_words.count(ToLower(text.substr(i, j - i)))) anchor = open;
      }
    }
    while (anchor > lead.start && (text[anchor - 1] == ',' || text[anchor - 1] == ' ')) --anchor;
    const bool person = rel->second == "person";
    const NameMention* antecedent = nullptr;
    auto it = mentions_.MentionsBefore(anchor);
    if (it == mentions_.rend() || it->span.end != anchor || it->place || it->span.start < lead.start) return {};
    antecedent = &*it;
    // "Ingrid Halvorsen of the Nordland Institute, who": the person the organisation is joined to.
    if (person && antecedent->organisation)
      if (++it; it != mentions_.rend() && !it->organisation && !it->place && it->person_like && JoinedByLowerCaseWords(text, it->span.end, antecedent->span.start))
        antecedent = &*it;
    if (antecedent->organisation == person || (person && !antecedent->person_like && !KnownPerson(antecedent->name()))) return {};
    const size_t e = entities_.Resolve(*antecedent, person ? EntityKind::kPerson : EntityKind::kOrganisation);
    constexpr double kRelativeConfidence = 0.75;
    Found found = Speaker(e, AttributionMethod::kSubject, antecedent->span, kRelativeConfidence, "relative-clause");
    Note(found, [&] { return "the reporting clause \"" + std::string(doc_.Slice({words[k].start, lead.end})) + "\" refers back to " + entities_.at(e).joined; });
    return {std::move(found)};
  }
  return {};
}

// Does the quote's reporting sentence have for subject someone it brings in without a name:
// an indefinite description before its first verb, perhaps after an opening phrase ("A doctor
// at the district hospital, who asked not to be named, said: "…"", "Outside the ground, one
// furious supporter summed up the mood: "…"")? Such a quote has no speaker the text names, and
// a pronoun or name inside the description ("because she had not been told") is not its
// subject. Not a spokesperson's noun (`speaks_for_roles`: "a spokesperson for the council" speaks
// for it), and not when a person is named there ("One resident, Ann Holt, said").
bool Resolver::UnnamedSubject(size_t quote) const {
  if (rules_.indefinite_words.empty()) return false;
  const QuoteCandidate& c = quotes_[quote];
  const Span sentence = TextBefore(doc_, c);
  if (sentence.empty() || sentence.size() > kMaxSentenceWindow) return false;
  const std::string_view text = doc_.text();
  const Span window{sentence.start, std::min(sentence.end, sentence.start + kMaxSubjectZoneBytes)};
  // Is the word at byte i an indefinite determiner? Read in place.
  auto indefinite_at = [&](size_t i) {
    char buffer[kMaxDeterminerBytes];
    const std::string_view word = LowerAsciiWordAt(text, i, window.end, buffer, sizeof buffer);
    return !word.empty() && rules_.indefinite_words.count(word) > 0;
  };
  // Most sentences have none where a subject can stand, and are done here: where the verb does
  // not come second, the subject opens the sentence or a clause after a comma (as
  // IndefinitePersonIn reads it); where it does, any word before the verb may open it.
  bool any = indefinite_at(window.start);
  const char before_word = rules_.pack.verb_second ? ' ' : ',';
  for (size_t i = text.find(before_word, window.start); !any && i < window.end; i = text.find(before_word, i + 1))
    any = indefinite_at(i + 1);
  if (!any) return false;
  thread_local std::vector<Span> words;
  TokenSpansInto(text, window, &words);
  size_t first_indefinite = words.size();
  for (size_t k = 0; k < words.size() && first_indefinite == words.size(); ++k)
    if (indefinite_at(words[k].start)) first_indefinite = k;
  if (first_indefinite == words.size()) return false;
  Span zone{sentence.start, sentence.start};
  for (size_t k = 0; k < words.size(); ++k) {
    if (HasVerbWord(doc_.Slice(words[k]), rules_)) {
      if (k < first_indefinite) return false;  // the verb comes first: its subject is no description
      break;
    }
    zone.end = words[k].end;
  }
  std::string noun;
  if (!IndefinitePersonIn(zone, "", &noun) || rules_.pack.speaks_for_roles.count(noun)) return false;
  for (auto it = mentions_.MentionsBefore(zone.end); it != mentions_.rend() && it->span.start >= zone.start; ++it)
    if (it->person_like && !it->organisation && !it->place && !mentions_.AfterPreposition(*it)) return false;
  return true;
}

// Whether match `m` has a speaker that opens the clause starting at `clause_start` (only
// spaces and punctuation before it).
bool Resolver::OpensClause(size_t clause_start, const Match& m) const {
  if (m.pattern == kNone || m.speaker.start < clause_start) return false;
  const std::string_view text = doc_.text();
  size_t i = clause_start, len = 0;
  while (i < m.speaker.start && !IsLetter(DecodeAt(text, i, &len))) i += len;
  if (i == m.speaker.start) return true;
  // "…, Mokoena's spokesperson, Lwazi Ntuli, said": a description of a few words with a role
  // in it opens the clause, and the name set off after it is the same person.
  constexpr size_t kMaxDescriptionWords = 5;
  const std::string_view between = text.substr(i, m.speaker.start - i);
  if (between.size() < 2 || between.substr(between.size() - 2) != ", ") return false;
  // The name is set off: a comma closes it, perhaps after the rest of it ("Lwazi| Ntuli,").
  std::vector<Span> words;
  const size_t comma = text.substr(m.speaker.end, kMaxTagWindow).find(',');  // bounded: a long text may have none
  if (comma == std::string_view::npos) return false;
  const size_t close = m.speaker.end + comma;
  TokenSpansInto(text, {m.speaker.end, close}, &words);
  if (words.size() > 2 || std::any_of(words.begin(), words.end(), [&](const Span& w) { return !IsUpper(DecodeAt(text, w.start, &len)); }))
    return false;
  words.clear();
  TokenSpansInto(text, {i, m.speaker.start - 2}, &words);
  if (words.empty() || words.size() > kMaxDescriptionWords) return false;
  return std::any_of(words.begin(), words.end(), [&](const Span& w) { return IsRoleOrTitle(ToLower(text.substr(w.start, w.size())), rules_); });
}

// A pattern reads the first subject it can: in "At one point a woman asked for a photo and Grant
// said, "…"" it takes "a woman … asked", in "Here in Eastport, Wells stepped up his attacks,
// saying, "…"" the opening phrase. When that first clause names no one, the clauses after it are
// read in turn: each starts after a comma or semicolon or a `clause_joiners` word ("and Grant
// said", "so heated that Christie said", inside what was read as the speaker too), and a match
// counts only where its speaker opens the clause. After a preposition ("a
// spokesperson for Grant said") a name opens no clause.
Match Resolver::NextClauseTag(size_t quote, TagSlot slot, const Match& first) const {
  constexpr size_t kMaxClauses = 4;
  if (first.speaker.empty()) return {};
  const std::string_view text = doc_.text();
  const size_t end = slot == kSlotBefore ? first.whole.end : TextBefore(doc_, quotes_[quote]).end;
  if (end <= first.speaker.end || end - first.speaker.start > kMaxTagWindow) return {};
  size_t clauses = 0;
  // From inside the phrase read as the speaker too: a pattern's speaker may run on over a clause
  // ("The debate grew so heated that Gov. Chris Christie said, "…"").
  for (size_t i = first.speaker.start + 1; i < end && clauses < kMaxClauses; ++i) {
    size_t clause_start = 0;
    if (text[i] == ',' || text[i] == ';') {
      clause_start = i + 1;
    } else if (text[i] == ' ' && i + 1 < end) {
      size_t word_end = i + 1;
      while (word_end < end && text[word_end] != ' ' && text[word_end] != ',') ++word_end;
      if (!rules_.pack.clause_joiners.count(ToLower(text.substr(i + 1, word_end - i - 1)))) continue;
      clause_start = word_end;
    } else {
      continue;
    }
    ++clauses;
    const Span clause{clause_start, end};
    if (slot == kSlotBefore)
      if (const Match m = RunPosition(text, clause, rules_, Position::kBefore); OpensClause(clause_start, m)) return m;
    if (const Match m = SentenceSubject(text, clause); OpensClause(clause_start, m)) return m;
  }
  return {};
}

const Match& Resolver::TagAt(size_t quote, TagSlot slot) {
  std::optional<Match>& cached = tags_[quote][slot];
  if (!cached) {
    switch (slot) {
      case kSlotAfter: cached = MatchAfter(quote); break;
      case kSlotBefore: cached = MatchBefore(quote); break;
      default: cached = MatchReportingSubject(quote); break;
    }
  }
  return *cached;
}

// After the closing mark, up to the next quote or the paragraph's end.
Match Resolver::MatchAfter(size_t quote) const {
  const QuoteCandidate& c = quotes_[quote];
  if (c.speaker_before) return {};  // "what Hedge called "…," the club …": not the club's words
  std::string_view text = doc_.text();
  Span after{c.close_mark.end, std::min(doc_.paragraphs()[c.last_paragraph].span.end, c.close_mark.end + kMaxTagWindow)};
  for (size_t k = quote + 1; k < quotes_.size() && k <= quote + kMaxLookbackQuotes; ++k)
    if (quotes_[k].open_mark.start >= after.start && quotes_[k].depth == 0) { after.end = std::min(after.end, quotes_[k].open_mark.start); break; }
  // A quote that is its whole paragraph may be signed by the next one, a short line that opens
  // with a dash ("…" ¶ "- Ann Fox, of Ashford."): that line is its tag. (After a paragraph that
  // has its own tag, such a line is the reporter's byline: "-ABC News' Ann Fox".) Not where a dash opens a
  // dialogue turn (`dialogue_dashes`): there the next paragraph is a turn of its own.
  if (rules_.pack.dialogue_dashes.empty() && c.last_paragraph + 1 < doc_.paragraphs().size() &&
      OnlySpaceOrStop(text, after) &&
      OnlySpaceOrStop(text, {doc_.paragraphs()[c.first_paragraph].span.start, c.open_mark.start})) {
    const Span next = doc_.paragraphs()[c.last_paragraph + 1].span;
    size_t i = next.start;
    while (i < next.end && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (next.end - i <= kMaxSignatureLine && i < next.end && OpensWithSignatureDash(text.substr(i, next.end - i)))
      return RunPosition(text, {i, next.end}, rules_, Position::kAfter);
  }
  // A quote that ends its sentence with a full stop is not followed by its own tag.
  size_t st = 0, len = 0;
  const char32_t last = c.span.end > c.span.start ? DecodeBefore(text, c.span.end, &st) : 0;
  size_t first_pos = after.start;
  while (first_pos < after.end && IsSpace(DecodeAt(text, first_pos, &len))) first_pos += len;
  // Unless a pattern written for that place reads the next sentence as the tag ("…." Rubio
  // said Sunday.): a sentence that is a name, a verb and when or where, not a clause of news.
  // Only that sentence is read, and only a short one: a tag sentence is a few words.
  if (last == '.' && first_pos < after.end && IsUpper(DecodeAt(text, first_pos, &len))) {
    Span sentence{after.start, std::min(after.end, first_pos + kMaxTagSentence)};
    for (size_t i = first_pos; i < sentence.end; ++i)
      if (text[i] == '.' || text[i] == '!' || text[i] == '?') { sentence.end = i + 1; break; }
    return RunPosition(text, sentence, rules_, Position::kAfterFullStop);
  }
  return RunPosition(text, after, rules_, Position::kAfter);
}

// The nearest earlier outermost quote within the look-back, or kNone.
size_t Resolver::PreviousOuterQuote(size_t quote) const {
  for (size_t k = quote, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;)
    if (quotes_[k].depth == 0) return k;
  return kNone;
}

// Before the opening mark, from the sentence start or the previous quote's end.
// A quote that opens its paragraph is introduced by a sentence that ends the paragraph before
// with a colon ("Stated Ray Moss:", "The council replied:" ¶ "…"): that sentence is its tag.
Span Resolver::IntroductionBefore(const QuoteCandidate& c) const {
  if (c.first_paragraph == 0 || c.first_paragraph >= doc_.paragraphs().size()) return {};
  const std::string_view text = doc_.text();
  for (size_t i = doc_.paragraphs()[c.first_paragraph].span.start; i < c.open_mark.start; ++i)
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') return {};
  const Span prev = doc_.paragraphs()[c.first_paragraph - 1].span;
  size_t end = prev.end;
  while (end > prev.start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  if (end == prev.start || text[end - 1] != ':') return {};
  const auto& sentences = doc_.sentences();
  size_t start = sentences.empty() ? prev.start : sentences[doc_.SentenceAt(end - 1)].span.start;
  if (start < prev.start || start >= end) start = prev.start;
  return {start, end};
}

Match Resolver::MatchBefore(size_t quote) const {
  const QuoteCandidate& c = quotes_[quote];
  std::string_view text = doc_.text();
  Span before = TextBefore(doc_, c);
  if (const Span intro = IntroductionBefore(c); !intro.empty()) before = intro;
  // An earlier quote of the sentence ends the tag's window; a name or a title in marks does not
  // ("X hat bei der Präsentation des Projekts «Schulraum 2035» erklärt:"): it is the writer's.
  for (size_t k = PreviousOuterQuote(quote), looked = 0; k != kNone && looked++ < kMaxLookbackQuotes;
       k = k > 0 ? PreviousOuterQuote(k) : kNone) {
    if (quotes_[k].close_mark.end <= before.start || quotes_[k].close_mark.end > c.open_mark.start) break;
    if (!IsSpeech(quotes_[k].kind)) continue;
    before.start = quotes_[k].close_mark.end;
    break;
  }
  // Before-tags end at the mark ("said Ray Moss: "): only the end of a long stretch matters,
  // and reading all of it for every quote of an endless sentence would be quadratic.
  if (before.size() > kMaxTagWindow) before.start = CharStartAtOrAfter(text, before.end - kMaxTagWindow);
  return RunPosition(text, before, rules_, Position::kBefore);
}

// The subject of the sentence that reports the quote; not a subordinate word ("Although").
// When an earlier quote of the sentence closes before this one, the clause after it speaks
// first: "Holm called it "a good day", but Dahl said it was "a gift"" - "a gift" is Dahl's.
Match Resolver::MatchReportingSubject(size_t quote) const {
  const QuoteCandidate& c = quotes_[quote];
  std::string_view text = doc_.text();
  Span sentence = TextBefore(doc_, c);
  if (const size_t k = PreviousOuterQuote(quote);
      k != kNone && quotes_[k].close_mark.end > sentence.start && quotes_[k].close_mark.end <= c.open_mark.start &&
      c.open_mark.start - quotes_[k].close_mark.end <= kMaxSentenceWindow && !SplitByTag(quotes_[k], c)) {
    const Match clause = SentenceSubject(text, {quotes_[k].close_mark.end, c.open_mark.start});
    if (clause.pattern != kNone) return clause;
  }
  // A reporting sentence is read up to a bound from its start: what lies further is not its
  // subject, and one endless "sentence" of quotes stays linear.
  if (sentence.end - sentence.start > kMaxSentenceWindow) return {};
  sentence.start = PastDateline(text, sentence);
  Span opener;
  Match m = SentenceSubject(text, sentence, &opener);
  if (m.pattern != kNone) return m;
  // Verb second: "I ett pressmeddelande skriver kommunen att …", the subject after the verb.
  if (const Span fronted = FrontedWindow(text, sentence, rules_); !fronted.empty())
    if (const Match f = RunPosition(text, fronted, rules_, Position::kFronted); f.pattern != kNone) return f;
  // Verb last: "Urs Brändli hat die Abdeckungen als »…« bezeichnet", the speech verb after the quote.
  if (rules_.matcher.position_pass(Position::kVerbAfter).set && !c.close_mark.empty()) {
    const Span rest{c.close_mark.end, doc_.sentences()[doc_.SentenceAt(c.close_mark.start)].span.end};
    if (rest.end > rest.start && rules_.matcher.speech_verbs().AnyIn(doc_.Slice(rest)))
      if (const Match v = RunPosition(text, sentence, rules_, Position::kVerbAfter); v.pattern != kNone) return v;
  }
  return opener.empty() ? m : SubjectPastOpener(text, sentence, opener);
}

// "“The ferry runs,” Holm said, “but not in winter.”": the first half and its tag end on a
// comma, and the second half goes on with the sentence (see SecondHalf).
bool Resolver::SplitByTag(const QuoteCandidate& first, const QuoteCandidate& second) const {
  const std::string_view text = doc_.text();
  std::string_view first_text = doc_.Slice(first.span), gap = text.substr(first.close_mark.end, second.open_mark.start - first.close_mark.end);
  while (!gap.empty() && (gap.back() == ' ' || gap.back() == '\t')) gap.remove_suffix(1);
  return !first_text.empty() && first_text.back() == ',' && !gap.empty() && gap.back() == ',';
}

// The subject match of `sentence`; none where the match's first word is a sentence word
// (`not_names`: "Here in Eastport", "When Delorme"), which `refused_opener` then gets.
Match Resolver::SentenceSubject(std::string_view text, Span sentence, Span* refused_opener) const {
  Match none;
  if (sentence.empty()) return none;
  Match m = RunPosition(text, sentence, rules_, Position::kSentence);
  if (m.pattern == kNone) return m;
  std::vector<Token> toks = Tokenize(text, m.speaker);
  // (A title is no sentence word: "Mr Tom Reyes, 58, a welder, said …".)
  if (!toks.empty() && rules_.pack.not_names.count(toks[0].text) && !rules_.determiner_words.count(ToLower(toks[0].text)) &&
      !rules_.pack.pronoun_gender.count(ToLower(toks[0].text)) && !(toks.size() > 1 && IsRoleOrTitle(ToLower(toks[0].text), rules_))) {
    if (refused_opener) *refused_opener = toks[0].span;
    return none;
  }
  // Where the verb comes second, a lone common word before it is an adverb or adjective, not
  // the subject ("Skeptischer äußerte sich ein Anwohner"): the sentence is read past it. Only
  // where nouns are capitalised does the dictionary's lower case tell such a word from a noun
  // ("Bolaget skriver" opens with one).
  // Where it comes third or later (English), the loose subject pattern vouches for no one-word
  // name that the dictionary lists only in lower case: "Around 40,000 homes are without power,
  // Westgrid said", "Giving evidence, the accused said", "Someone in the gallery shouted" - the
  // sentence is read past it too, unless the document names someone so.
  // So is such a word cut off as the whole name by a break after it ("Late on Tuesday, …").
  const bool one_word_name = toks.size() == 1 || (!toks.empty() && rules_.pack.phrase_breaks.count(toks[1].text) &&
                                                   !rules_.pack.clause_joiners.count(toks[1].text));
  if (one_word_name && toks[0].span.start == FirstWord(sentence).start &&
      (AdverbBeforeVerbSecond(toks[0].text) || CommonWordOpener(text, toks[0]))) {
    if (refused_opener) *refused_opener = toks[0].span;
    return none;
  }
  return m;
}

bool Resolver::CommonWordOpener(std::string_view text, const Token& word) const {
  return !rules_.pack.verb_second && CommonWordNoName(word.text) &&
         ParseSpeakerPhraseShared(text, word.span, rules_, true)->type == PhraseType::kName;
}

// A sentence opener read as the subject: the clause the quote stands in is read again, and its
// match counts only where the speaker opens it. Inside the opening clause, right after the
// opener ("When Delorme said the arena would "pay for itself,""); past its comma, the main
// clause ("Here in Eastport, Wells stepped up his attacks, saying, "…""; "When Lund said …,
// someone shouted "…"" names no one). Asked last, after the verb-second reading.
Match Resolver::SubjectPastOpener(std::string_view text, Span sentence, Span opener) const {
  // "One Labour AM said": an indefinite determiner opens a description, not a clause.
  if (rules_.indefinite_words.count(ToLower(text.substr(opener.start, opener.size())))) return {};
  // The opening phrase ends at a comma: not one inside a number ("Around 40,000 homes …").
  size_t comma = text.substr(0, sentence.end).find(',', opener.end);
  while (comma != std::string_view::npos && comma > 0 && comma + 1 < sentence.end && IsDigit(static_cast<unsigned char>(text[comma - 1])) &&
         IsDigit(static_cast<unsigned char>(text[comma + 1])))
    comma = text.substr(0, sentence.end).find(',', comma + 1);
  const size_t clause = comma == std::string_view::npos ? opener.end : comma + 1;
  const Match next = SentenceSubject(text, {clause, sentence.end});
  return OpensClause(clause, next) ? next : Match{};
}

// The speakers of the quotes' tags, for the mention table: only the tag that attribution would
// use counts ("the plant in Mariupol continues, Peskov said" must not make a city speak).
void Resolver::MarkSpeakingNames() {
  std::vector<Span> speakers;
  for (size_t i = 0; i < quotes_.size(); ++i) {
    const QuoteCandidate& c = quotes_[i];
    if (!IsSpeech(c.kind)) continue;
    if (c.kind == QuoteKind::kDialogue) { if (!c.tag_speaker.empty()) speakers.push_back(c.tag_speaker); continue; }
    for (TagSlot slot : {kSlotAfter, kSlotBefore, kSlotReportingSentence}) {
      const Match& m = TagAt(i, slot);
      if (m.pattern != kNone) { speakers.push_back(m.speaker); break; }
    }
  }
  mentions_.MarkSpeakers(std::move(speakers));
}

}  // namespace quoth::detail
