// Attribution: who said each quote.
//
// For each speech quote, in document order, the rule pack's patterns are tried around it in
// a fixed order of trust: a tag right after the closing mark ("…," Peskov said), a tag just
// before the opening mark (He added, "…"), the subject of the reporting sentence
// (Lukashenko said the war has "dragged on"). The language's RuleMatcher matches each position
// (engine/rules/rule_matcher.cc): the earliest pattern in the pack that captures a speaker
// wins. The captured speaker phrase is then resolved:
//   name         -> the document's fullest form of that name (entity table)
//   pronoun      -> a person named earlier in the same sentence, else the speaker of the
//                   previous speech quote, else the last person named (gender-compatible)
//   description  -> the person the text gave those roles, else the previous speaker
//   organisation -> an organisation entity; a description of one ("the company", "kommunen")
//                   -> the organisation the article named before (see OrganisationNamedBefore)
//   place        -> no one: a country or province never speaks
// A quote with no tag continues the speaker of the speech quote just before it (same or
// previous paragraph); headline, title, epithet and scare quotes get no speaker. With explain,
// a speech quote left without a speaker lists each candidate and why it was refused.
#include "engine/speakers/attribution.h"

#include <algorithm>
#include <cstdlib>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/quotes/quote_kinds.h"
#include "engine/speakers/names.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr size_t kNone = static_cast<size_t>(-1);

// The first character boundary at or after byte `i` (a window cut by bytes starts on a character).
size_t CharStartAtOrAfter(std::string_view text, size_t i) {
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return i;
}
constexpr size_t kMaxTagWindow = 240;  // bytes of context after a quote that a tag may use
constexpr size_t kMaxSentenceWindow = 600;  // bytes from a sentence's start to a quote its subject reports
constexpr size_t kMaxSourceSentence = 1000;  // a sentence that brings in a source is at most this long
// Looking back for a speaker stops after this many earlier quotes or name mentions, as well as
// after its paragraph bound: news names its speaker within a few quotes, and a document of
// thousands of untagged quotes in one paragraph must stay linear.
constexpr size_t kMaxLookbackQuotes = 64;
constexpr size_t kMaxLookbackMentions = 256;
constexpr size_t kMaxDescribedLookback = 64;  // name mentions a description looks back over
constexpr size_t kMaxAppositionBytes = 120;  // ", a Democrat from Ohio," after a name
constexpr size_t kMaxPronounChain = 3;
constexpr size_t kMaxOrganisationParagraphs = 8;  // how far back "the company" looks for the company
constexpr size_t kMaxInvertedSubjectGap = 4;  // bytes between a verb and the name after it ("menar Tomas Gerdin")  // sentences opening with "Han ..." followed back to a name
constexpr size_t kMaxInvertedSubjectWords = 3;  // descriptors between a verb and the name after it
constexpr size_t kMaxRoleWordsBefore = 3;  // words saying what a person is, before the name that opens a sentence

using Match = RuleMatcher::Match;

// Does `w` hold one of the speech-verb words?
bool HasVerbWord(std::string_view w, const LanguageRules& rules) { return rules.matcher.speech_verbs().AnyIn(w); }

// The first pattern of `position` (in pack order) that finds a speaker in `window`.
Match RunPosition(std::string_view text, Span window, const LanguageRules& rules, Position position) {
  return rules.matcher.FirstWithSpeaker(position, text, window);
}

class Resolver {
 public:
  Resolver(const Document& doc, const LanguageRules& rules, const std::vector<QuoteCandidate>& quotes, bool explain)
      : doc_(doc), rules_(rules), quotes_(quotes), explain_(explain), tags_(quotes.size()),
        mentions_(FindNameMentions(doc, rules, quotes)), speaker_of_(quotes.size(), kNone) {
    MarkSpeakingNames();
    entities_ = EntityTable(mentions_);
    // Which paragraphs hold speech, and which open with it: asked per quote, answered once.
    const auto& paragraphs = doc.paragraphs();
    paragraph_has_speech_.assign(paragraphs.size(), false);
    paragraph_is_quote_.assign(paragraphs.size(), false);
    for (const auto& q : quotes) {
      if (!IsSpeech(q.kind)) continue;
      for (size_t p = q.first_paragraph; p <= q.last_paragraph && p < paragraphs.size(); ++p) {
        paragraph_has_speech_[p] = true;
        if (q.open_mark.start <= paragraphs[p].span.start + 4) paragraph_is_quote_[p] = true;
      }
    }
  }

  void Run(std::vector<Quote>* out) {
    for (size_t i = 0; i < quotes_.size(); ++i) {
      Quote& q = (*out)[i];
      const QuoteCandidate& c = quotes_[i];
      if (!IsSpeech(c.kind)) continue;
      refused_.clear();
      refused_gender_.clear();
      std::optional<SpeakerRef> ref = Attribute(i, c);
      if (!ref && explain_) q.no_speaker_evidence = std::move(refused_);
      if (ref) {
        q.speaker = std::move(ref);
        speaker_of_[i] = static_cast<size_t>(std::stoul(q.speaker->entity_id));  // internal index until renumbered
        if (speaker_of_[i] >= has_spoken_.size()) has_spoken_.resize(speaker_of_[i] + 1, false);
        has_spoken_[speaker_of_[i]] = true;
      }
    }
  }

  EntityTable& entities() { return entities_; }
  const std::vector<size_t>& speaker_of() const { return speaker_of_; }

 private:
  static constexpr size_t kTagPositions = 3;  // after, before, sentence: in order of trust
  static constexpr Position kTagOrder[kTagPositions] = {Position::kAfter, Position::kBefore, Position::kSentence};
  static constexpr const char* kTagWhere[kTagPositions] = {"tag after the quote", "tag before the quote",
                                                           "subject of the reporting sentence"};

  // The tag of quote `index` at position kTagOrder[slot], computed once.
  const Match& TagAt(size_t index, size_t slot) {
    std::optional<Match>& cached = tags_[index][slot];
    if (!cached) cached = FindTag(index, slot);
    return *cached;
  }

  Match FindTag(size_t index, size_t slot) const {
    const QuoteCandidate& c = quotes_[index];
    std::string_view text = doc_.text();
    Match none;
    if (slot == 0) {
      // After the closing mark, up to the next quote or the paragraph's end.
      Span after{c.close_mark.end, std::min(doc_.paragraphs()[c.last_paragraph].span.end, c.close_mark.end + kMaxTagWindow)};
      for (size_t k = index + 1; k < quotes_.size() && k <= index + kMaxLookbackQuotes; ++k)
        if (quotes_[k].open_mark.start >= after.start && quotes_[k].depth == 0) { after.end = std::min(after.end, quotes_[k].open_mark.start); break; }
      // A quote that ends its sentence with a full stop is not followed by its own tag.
      size_t st = 0, len = 0;
      const char32_t last = c.span.end > c.span.start ? DecodeBefore(text, c.span.end, &st) : 0;
      size_t first_pos = after.start;
      while (first_pos < after.end && IsSpace(DecodeAt(text, first_pos, &len))) first_pos += len;
      if (last == '.' && first_pos < after.end && IsUpper(DecodeAt(text, first_pos, &len))) return none;
      return RunPosition(text, after, rules_, Position::kAfter);
    }
    if (slot == 1) {
      // Before the opening mark, from the sentence start or the previous quote's end.
      Span before = TextBefore(doc_, c);
      for (size_t k = index, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
        if (quotes_[k].depth != 0) continue;
        if (quotes_[k].close_mark.end > before.start && quotes_[k].close_mark.end <= c.open_mark.start) before.start = quotes_[k].close_mark.end;
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
    Span sentence = TextBefore(doc_, c);
    for (size_t k = index, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
      if (quotes_[k].depth != 0) continue;
      if (quotes_[k].close_mark.end > sentence.start && quotes_[k].close_mark.end <= c.open_mark.start &&
          c.open_mark.start - quotes_[k].close_mark.end <= kMaxSentenceWindow && !SplitByTag(quotes_[k], c)) {
        const Match clause = SentenceSubject(text, {quotes_[k].close_mark.end, c.open_mark.start});
        if (clause.pattern != kNone) return clause;
      }
      break;
    }
    // A reporting sentence is read up to a bound from its start: what lies further is not its
    // subject, and one endless "sentence" of quotes stays linear.
    if (sentence.end - sentence.start > kMaxSentenceWindow) return none;
    return SentenceSubject(text, sentence);
  }

  // "“The ferry runs,” Holm said, “but not in winter.”": the first half and its tag end on a
  // comma, and the second half goes on with the sentence (see SecondHalf).
  bool SplitByTag(const QuoteCandidate& first, const QuoteCandidate& second) const {
    const std::string_view text = doc_.text();
    std::string_view first_text = doc_.Slice(first.span), gap = text.substr(first.close_mark.end, second.open_mark.start - first.close_mark.end);
    while (!gap.empty() && (gap.back() == ' ' || gap.back() == '\t')) gap.remove_suffix(1);
    return !first_text.empty() && first_text.back() == ',' && !gap.empty() && gap.back() == ',';
  }

  Match SentenceSubject(std::string_view text, Span sentence) const {
    Match none;
    if (sentence.empty()) return none;
    Match m = RunPosition(text, sentence, rules_, Position::kSentence);
    if (m.pattern == kNone) return m;
    std::vector<Token> toks = Tokenize(text, m.speaker);
    if (!toks.empty() && rules_.not_names.count(toks[0].text) && !rules_.determiner_words.count(ToLower(toks[0].text)) &&
        !rules_.pronoun_gender.count(ToLower(toks[0].text)))
      return none;
    return m;
  }

  // A name that stands in a quote's speech tag ("Lukasjenko kallar Putin för sin ”storebror”",
  // "– …, resonerar Lukasjenko") is a person even when the text never gives it a title or a
  // first name. Only the tag that attribution would use counts: "the plant in Mariupol
  // continues, Peskov said" must not make a city speak.
  void MarkSpeakingNames() {
    std::vector<Span> speakers;
    for (size_t i = 0; i < quotes_.size(); ++i) {
      const QuoteCandidate& c = quotes_[i];
      if (!IsSpeech(c.kind)) continue;
      if (c.kind == QuoteKind::kDialogue) { if (!c.tag_speaker.empty()) speakers.push_back(c.tag_speaker); continue; }
      for (size_t slot = 0; slot < kTagPositions; ++slot) {
        const Match& m = TagAt(i, slot);
        if (m.pattern != kNone) { speakers.push_back(m.speaker); break; }
      }
    }
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

  std::optional<SpeakerRef> Attribute(size_t index, const QuoteCandidate& c) {
    if (c.kind == QuoteKind::kDialogue) {
      if (c.tag_pattern != kNone && !c.tag_speaker.empty()) {
        const auto& p = rules_.patterns[c.tag_pattern];
        if (auto r = FromPhrase(index, c.tag_speaker, p, "dialogue tag")) return r;
      } else {
        Refuse([] { return std::string("no dialogue tag (\", säger X\") in the turn"); });
      }
      return ContinueOrRefuse(index, c, false);
    }
    for (size_t slot = 0; slot < kTagPositions; ++slot) {
      const Match& m = TagAt(index, slot);
      if (m.pattern == kNone) {
        Refuse([&] { return std::string("no ") + kTagWhere[slot] + " matches a pattern"; });
        continue;
      }
      unresolved_description_ = false;
      if (auto r = FromPhrase(index, m.speaker, rules_.patterns[m.pattern], kTagWhere[slot])) {
        if (kTagOrder[slot] == Position::kSentence && r->method == AttributionMethod::kExplicit) r->method = AttributionMethod::kSubject;
        return r;
      }
      // The tag gives the quote to someone the text does not name ("said a spokesperson for
      // the governor"): not to the speaker before.
      if (unresolved_description_) {
        Refuse([] { return std::string("so the quote does not go to an earlier speaker either"); });
        return std::nullopt;
      }
    }
    if (c.kind == QuoteKind::kDirect) return ContinueOrRefuse(index, c, false);
    return ContinueOrRefuse(index, c, true);
  }

  // Continue (or, for a partial quote, SecondHalf), saying why not when asked to explain.
  std::optional<SpeakerRef> ContinueOrRefuse(size_t index, const QuoteCandidate& c, bool second_half) {
    auto r = second_half ? SecondHalf(index, c) : Continue(index, c);
    // "…," she said: when "she" found no one, the quote is still hers, not the man's before.
    if (r && !refused_gender_.empty() && !GenderFits(static_cast<size_t>(std::stoul(r->entity_id)), refused_gender_)) {
      Refuse([&] { return "the speaker before, " + r->name + ", is not the " + refused_gender_ + " person the tag's pronoun names"; });
      return std::nullopt;
    }
    if (!r)
      Refuse([&] {
        return second_half ? std::string("not the second half of a quote split by its tag")
                           : std::string("no speaker to continue: no attributed speech quote just before it (same or "
                                         "previous paragraph), and no one the paragraph or the one before brings in as speaking");
      });
    return r;
  }

  // Notes why a candidate was refused, for a quote that ends up with no speaker (--explain).
  template <typename MakeText>
  void Refuse(MakeText make) {
    if (explain_) refused_.push_back(make());
  }

  // The second half of a quote split by its tag, in one sentence: "“…,” Hale said during a visit
  // to Ashford, N.C., “but not this year.”" The tag after the first half names the speaker of
  // both; the second half reads as a partial quote because it opens in mid-sentence.
  std::optional<SpeakerRef> SecondHalf(size_t index, const QuoteCandidate& c) {
    size_t k = index, looked = 0;
    while (k-- > 0 && quotes_[k].depth != 0 && ++looked < kMaxLookbackQuotes) {}
    if (k >= index || quotes_[k].depth != 0 || !IsSpeech(quotes_[k].kind) || speaker_of_[k] == kNone) return std::nullopt;
    const QuoteCandidate& first = quotes_[k];
    if (first.last_paragraph != c.first_paragraph || TagAt(k, 0).pattern == kNone) return std::nullopt;
    if (doc_.SentenceAt(first.close_mark.end) != doc_.SentenceAt(c.open_mark.start)) return std::nullopt;
    if (!SplitByTag(first, c)) return std::nullopt;
    SpeakerRef r = Ref(speaker_of_[k], AttributionMethod::kContinuation, {}, 0.8, "continuation");
    Note(r, [&] { return "second half of the quote on line " + std::to_string(doc_.LineAt(first.span.start)) + ", split by its tag"; });
    return r;
  }

  // The speech quote before `index` with a speaker, if it is in the same or the previous paragraph.
  size_t PreviousSpeaker(size_t index, size_t max_paragraphs, size_t* quote_index = nullptr) const {
    const size_t para = quotes_[index].first_paragraph;
    for (size_t k = index, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
      const QuoteCandidate& p = quotes_[k];
      if (!IsSpeech(p.kind)) continue;
      if (para > p.last_paragraph + max_paragraphs) return kNone;
      if (speaker_of_[k] != kNone) { if (quote_index) *quote_index = k; return speaker_of_[k]; }
    }
    return kNone;
  }

  std::optional<SpeakerRef> Continue(size_t index, const QuoteCandidate& c) {
    if (auto r = ParagraphSpeaker(index, c)) return r;
    size_t k = kNone;
    const size_t e = PreviousSpeaker(index, 1, &k);
    if (e != kNone) {
      // Only the directly preceding speech quote counts, and nothing may stand between them
      // but quote paragraphs.
      bool adjacent = true;
      // An unattributed partial quote between them is a term or a title ("on Fox's “Morning
      // Show.”"), not another voice.
      for (size_t j = k + 1; j < index; ++j)
        adjacent &= !IsSpeech(quotes_[j].kind) || speaker_of_[j] == e ||
                    (quotes_[j].kind == QuoteKind::kPartial && speaker_of_[j] == kNone);
      // Nor may a new paragraph bring in another person before the quote ("On “Face the
      // Nation,” Sen. Bernie Sanders … “…”" does not continue the quote before).
      if (c.first_paragraph != quotes_[k].last_paragraph) {
        const size_t para_start = doc_.paragraphs()[c.first_paragraph].span.start;
        for (auto it = MentionsBefore(c.open_mark.start); adjacent && it != mentions_.rend() && it->span.start >= para_start; ++it)
          if (it->person_like && !it->name().empty() && !EndsWithName(entities_.at(e).name, it->name())) adjacent = false;
      }
      if (adjacent && (quotes_[k].last_paragraph == c.first_paragraph || ParagraphIsQuote(quotes_[k].last_paragraph) ||
                       c.first_paragraph == quotes_[k].last_paragraph + 1)) {
        SpeakerRef r = Ref(e, AttributionMethod::kContinuation, {}, 0.7, "continuation");
        Note(r, [&] { return "continues the speaker of the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start)); });
        return r;
      }
    }
    // A previous paragraph that names someone speaking ("Shmyhal said the city is suffering.").
    if (c.first_paragraph > 0) {
      const size_t prev = c.first_paragraph - 1;
      size_t found = kNone;
      Span found_span;
      for (size_t i = FirstMentionOf(&NameMention::paragraph, prev); i < mentions_.size() && mentions_[i].paragraph == prev; ++i) {
        const NameMention& m = mentions_[i];
        if (!m.person_like) continue;
        Match tag = RunPosition(doc_.text(), {m.span.start, doc_.paragraphs()[prev].span.end}, rules_, Position::kAfter);
        if (tag.pattern != kNone && tag.whole.start == m.span.start) { found = entities_.Resolve(m.name(), m.joined(), EntityKind::kPerson, m.span.start); found_span = m.span; }
      }
      if (found != kNone && !ParagraphHasSpeech(prev)) {
        SpeakerRef r = Ref(found, AttributionMethod::kContinuation, found_span, 0.6, "continuation");
        Note(r, [&] { return "the paragraph before names " + entities_.at(found).joined + " as speaking"; });
        return r;
      }
    }
    return std::nullopt;
  }

  // An untagged quote in a paragraph that has already introduced someone: "Brandberg laughs
  // off the idea. “…”" or "Life was simple, she said. “…”". The last speech tag before the quote
  // in the paragraph wins; else the person who opens a sentence there.
  std::optional<SpeakerRef> ParagraphSpeaker(size_t index, const QuoteCandidate& c) {
    const Span para = doc_.paragraphs()[c.first_paragraph].span;
    std::string_view text = doc_.text();
    // Earlier quotes in this paragraph already carry the paragraph's speaker (continuation handles them).
    for (size_t k = index, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
      // (An unattributed partial quote is a term or a title: 'On "Face the Nation," Sen. …'.)
      if (quotes_[k].last_paragraph == c.first_paragraph && IsSpeech(quotes_[k].kind) &&
          !(quotes_[k].kind == QuoteKind::kPartial && speaker_of_[k] == kNone))
        return std::nullopt;
      if (quotes_[k].depth == 0 && quotes_[k].last_paragraph < c.first_paragraph) break;  // and all before it
    }
    std::optional<SpeakerRef> found;
    for (size_t s = doc_.SentenceAt(para.start); s < doc_.sentences().size(); ++s) {
      const Span sent = doc_.sentences()[s].span;
      if (sent.start >= c.open_mark.start || sent.start < para.start) break;
      const Span window{sent.start, std::min(sent.end, c.open_mark.start)};
      Match m = RunPosition(text, window, rules_, Position::kSentence);
      if (m.pattern != kNone) {
        if (auto r = FromPhrase(index, m.speaker, rules_.patterns[m.pattern], "speech tag earlier in the paragraph")) {
          r->method = r->method == AttributionMethod::kExplicit ? AttributionMethod::kContinuation : r->method;
          r->confidence *= 0.8;
          found = std::move(r);
          continue;
        }
      }
      for (size_t i = FirstMentionOf(&NameMention::sentence, s); i < mentions_.size() && mentions_[i].sentence == s; ++i) {
        const NameMention& mention = mentions_[i];
        if (!mention.person_like) continue;
        // The first person of the sentence is its subject when only an opening phrase stands
        // before ("On Sunday's show, Sen. Ann Holt (Vt.) identified …"); any other is not.
        if (!OpensSentence(mention.span.start) && !OpensAfterOpeningPhrase(mention)) break;
        const size_t e = entities_.Resolve(mention.name(), mention.joined(), EntityKind::kPerson, mention.span.start);
        SpeakerRef r = Ref(e, AttributionMethod::kContinuation, mention.span, 0.6, "paragraph-subject");
        Note(r, [&] { return entities_.at(e).joined + " opens a sentence earlier in the paragraph"; });
        found = std::move(r);
        break;
      }
    }
    return found;
  }

  // Does a speech quote open paragraph p (or run through it)? Does any speech touch it?
  bool ParagraphIsQuote(size_t p) const { return p < paragraph_is_quote_.size() && paragraph_is_quote_[p]; }
  bool ParagraphHasSpeech(size_t p) const { return p < paragraph_has_speech_.size() && paragraph_has_speech_[p]; }

  // Evidence is written only when asked for: building its sentences costs more than finding
  // most speakers.
  template <typename MakeText>
  void Note(SpeakerRef& r, MakeText make) const {
    if (explain_) r.evidence.push_back(make());
  }

  SpeakerRef Ref(size_t entity, AttributionMethod method, Span mention, double confidence, const std::string& rule) {
    SpeakerRef r;
    r.name = entities_.at(entity).joined;
    r.mention_span = mention;
    r.mention = std::string(doc_.Slice(mention));
    r.method = method;
    r.confidence = confidence;
    r.rule = rule;
    r.entity_id = std::to_string(entity);  // rewritten to a public id later
    return r;
  }

  std::optional<SpeakerRef> FromPhrase(size_t index, Span phrase_span, const AttributionPattern& p, const char* where) {
    std::string_view text = doc_.text();
    // The per-thread parse is shared, not copied; its core span is relative to the phrase.
    const auto shared = ParseSpeakerPhraseShared(text, phrase_span, rules_, OpensSentence(phrase_span.start));
    const SpeakerPhrase& phrase = *shared;
    const Span core = phrase.core.empty() && !phrase.core.start
                          ? phrase.core
                          : Span{phrase.core.start + phrase_span.start, phrase.core.end + phrase_span.start};
    auto tag = [&] { return "\"" + std::string(doc_.Slice(phrase_span)) + "\" (" + where + ", rule " + p.id + ")"; };
    switch (phrase.type) {
      case PhraseType::kName: {
        // A country or province never speaks ("…," said Manitoba is a misread tag): unless the
        // document names a person it is part of ("Jordan" of "Jim Jordan").
        if (IsPlaceName(phrase.joined, rules_) && !KnownPerson(phrase.name) && !FirstNameOfPerson(phrase.name)) {
          Refuse([&] { return "\"" + phrase.joined + "\" in " + tag() + " is a place (" + rules_.places_table + "), not a person"; });
          return std::nullopt;
        }
        const size_t e = entities_.Resolve(phrase.name, phrase.joined, EntityKind::kPerson, core.start);
        for (const auto& r : phrase.roles)
          if (std::find(entities_.at(e).roles.begin(), entities_.at(e).roles.end(), r) == entities_.at(e).roles.end()) entities_.at(e).roles.push_back(r);
        SpeakerRef r = Ref(e, AttributionMethod::kExplicit, core, p.confidence, p.id);
        Note(r, [&] { return "named in " + tag(); });
        if (explain_ && phrase.joined != r.name) Note(r, [&] { return "\"" + phrase.joined + "\" is the document's \"" + r.name + "\""; });
        return r;
      }
      case PhraseType::kOrganisation: {
        // "the company", "kommunen", "myndigheten": the organisation the article named before.
        if (IsGenericOrganisation(phrase)) {
          if (const NameMention* named = OrganisationNamedBefore(phrase, core.start)) {
            const size_t e = entities_.Resolve(named->name(), named->joined(), EntityKind::kOrganisation, named->span.start);
            SpeakerRef r = Ref(e, AttributionMethod::kDescription, core, p.confidence * 0.85, p.id);
            Note(r, [&] { return "organisation described in " + tag(); });
            Note(r, [&] { return "the article named " + named->joined() + " on line " + std::to_string(doc_.LineAt(named->span.start)) + " before"; });
            return r;
          }
        }
        const size_t e = entities_.Resolve(phrase.name, phrase.joined, EntityKind::kOrganisation, core.start);
        SpeakerRef r = Ref(e, AttributionMethod::kExplicit, core, p.confidence, p.id);
        Note(r, [&] { return "organisation in " + tag(); });
        return r;
      }
      case PhraseType::kPronoun: {
        std::string why;
        const size_t e = ResolvePronoun(index, phrase, core.start, explain_ ? &why : nullptr);
        if (e == kNone) {
          if (phrase.gender == "male" || phrase.gender == "female") refused_gender_ = phrase.gender;
          Refuse([&] {
            return "pronoun in " + tag() + " refers to no one: no " + (phrase.gender.empty() ? std::string() : phrase.gender + " ") +
                   "person named or speaking before it";
          });
          return std::nullopt;
        }
        if (!phrase.gender.empty() && (phrase.gender == "male" || phrase.gender == "female") && entities_.at(e).gender.empty())
          entities_.at(e).gender = phrase.gender;
        SpeakerRef r = Ref(e, AttributionMethod::kPronoun, core, p.confidence * 0.9, p.id);
        Note(r, [&] { return "pronoun in " + tag(); });
        Note(r, [&] { return why; });
        return r;
      }
      case PhraseType::kDescription: {
        std::string why;
        const size_t e = ResolveDescription(index, phrase, explain_ ? &why : nullptr);
        unresolved_description_ = e == kNone;
        if (e == kNone) {
          if (phrase.gender == "male" || phrase.gender == "female") refused_gender_ = phrase.gender;
          Refuse([&] { return "description in " + tag() + " fits no one the article names"; });
          return std::nullopt;
        }
        SpeakerRef r = Ref(e, AttributionMethod::kDescription, core, p.confidence * 0.85, p.id);
        Note(r, [&] { return "description in " + tag(); });
        Note(r, [&] { return why; });
        return r;
      }
      case PhraseType::kNone:
        Refuse([&] { return tag() + " names no one: no name, pronoun, description or organisation in it"; });
        return std::nullopt;
    }
    return std::nullopt;
  }

  // Mentions are in document order, so those of one sentence or paragraph, and those before
  // an offset, are found by binary search rather than by walking them all.
  size_t FirstMentionOf(size_t NameMention::*field, size_t value) const {
    return static_cast<size_t>(std::partition_point(mentions_.begin(), mentions_.end(),
                                                    [&](const NameMention& m) { return m.*field < value; }) -
                               mentions_.begin());
  }
  // Reverse iterator at the last mention that starts before `offset`.
  std::vector<NameMention>::const_reverse_iterator MentionsBefore(size_t offset) const {
    auto first_at = std::partition_point(mentions_.begin(), mentions_.end(),
                                         [&](const NameMention& m) { return m.span.start < offset; });
    return std::vector<NameMention>::const_reverse_iterator(first_at);
  }

  // Does `offset` start its sentence (after any quote marks or dashes)?
  bool OpensSentence(size_t offset) const {
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

  // The mention follows a comma that closes its sentence's opening phrase, with only titles
  // and roles between ("On Sunday, Sen. Ann Holt …", "In Seoul, Ban Ki-moon …").
  bool OpensAfterOpeningPhrase(const NameMention& m) const {
    const Span s = doc_.sentences()[doc_.SentenceAt(m.span.start)].span;
    const std::string_view text = doc_.text();
    std::vector<Span> words;
    TokenSpansInto(text, {s.start, m.span.start}, &words);
    size_t k = words.size();
    while (k > 0 && k + kMaxRoleWordsBefore > words.size()) {
      const std::string lower = ToLower(text.substr(words[k - 1].start, words[k - 1].size()));
      if (!rules_.role_words.count(lower) && !rules_.title_words.count(lower)) break;
      --k;
    }
    if (k == 0 || k == words.size() + 1) return false;
    // The opening phrase ends at a comma right after its last word (a closing quote mark may
    // stand between: 'On "Face the Nation," Sen. …').
    size_t i = words[k - 1].end;
    const size_t next = k < words.size() ? words[k].start : m.span.start;
    bool comma = false;
    for (; i < next; ++i) comma = comma || text[i] == ',';
    return comma;
  }

  // Only words that say what the person is come before the mention in its sentence
  // ("Musikjournalisten Hanna Forsell tror ...", "Economist Ana Ruiz argues ...").
  bool OpensSentenceAsSubject(const NameMention& m) const {
    const Span s = doc_.sentences()[doc_.SentenceAt(m.span.start)].span;
    const std::string_view text = doc_.text();
    std::vector<Span> words;
    TokenSpansInto(text, {s.start, m.span.start}, &words);
    if (words.empty() || words.size() > kMaxRoleWordsBefore) return false;
    for (size_t k = 0; k < words.size(); ++k) {
      const Span& w = words[k];
      const std::string lower = ToLower(text.substr(w.start, w.size()));
      // A possessor before the role: "Sällskapets ordförande John Goldsmith", "the society's
      // chairman John Goldsmith".
      if (k + 1 < words.size() && lower.size() > 2 && lower.back() == 's') continue;
      bool role = rules_.role_words.count(lower) || rules_.title_words.count(lower) || rules_.determiner_words.count(lower);
      for (const auto* list : {&rules_.role_words, &rules_.title_words}) {
        if (role) break;
        for (const auto& base : *list)  // a compound or definite form of a role: "musikjournalisten"
          if (base.size() >= 5 && lower.find(base) != std::string::npos) { role = true; break; }
      }
      // A compound description whose head is a lower-case noun: "USA-kännaren Maria Lönnqvist",
      // "EU-kommissionären Ann Linde".
      if (!role && k + 1 == words.size()) {
        const std::string_view original = text.substr(w.start, w.size());
        const size_t hyphen = original.rfind('-');
        size_t len = 0;
        role = hyphen != std::string_view::npos && hyphen + 4 < original.size() &&
               IsLower(DecodeAt(original, hyphen + 1, &len));
      }
      if (!role) return false;
    }
    return true;
  }

  // When the sentence before `sentence` opens with a pronoun of `gender`, the person the chain of
  // such sentences goes back to: the name that opens the sentence before the first pronoun
  // (after its role words: "Statsvetaren Simon Haeder ... Han konstaterar att ...").
  size_t SubjectOfPronounChain(size_t sentence, const std::string& gender) {
    if (gender != "male" && gender != "female") return kNone;
    const std::string_view text = doc_.text();
    size_t s = sentence;
    for (size_t depth = 0; depth < kMaxPronounChain && s > 0; ++depth) {
      --s;
      const Span span = doc_.sentences()[s].span;
      std::vector<Span> words;
      TokenSpansInto(text, {span.start, std::min(span.end, span.start + 40)}, &words);
      if (words.empty()) return kNone;
      const auto g = rules_.pronoun_gender.find(ToLower(text.substr(words[0].start, words[0].size())));
      if (g == rules_.pronoun_gender.end() || g->second != gender) return kNone;
      if (s == 0) return kNone;
      // The sentence before the pronoun's: does a person open it?
      for (size_t i = FirstMentionOf(&NameMention::sentence, s - 1); i < mentions_.size() && mentions_[i].sentence == s - 1; ++i) {
        const NameMention& m = mentions_[i];
        if (!m.person_like) continue;
        if (!OpensSentence(m.span.start) && !OpensSentenceAsSubject(m)) break;
        const size_t e = entities_.Resolve(m.name(), m.joined(), EntityKind::kPerson, m.span.start);
        return GenderFits(e, gender) ? e : kNone;
      }
    }
    return kNone;
  }

  // Does mention `m` follow `verb` right away, or after at most kMaxInvertedSubjectWords
  // lower-case words ("menar Tomas Gerdin", "berättar organisationens medarbetare Doseba")?
  bool InvertedSubject(Span verb, const NameMention& m) const {
    if (m.span.start <= verb.end + kMaxInvertedSubjectGap) return true;
    std::vector<Span> words;
    TokenSpansInto(doc_.text(), {verb.end, m.span.start}, &words);
    if (words.size() > kMaxInvertedSubjectWords) return false;
    for (const Span& w : words) {
      size_t len = 0;
      if (!IsLower(DecodeAt(doc_.text(), w.start, &len))) return false;
      if (doc_.text().substr(w.end, 1) == ",") return false;  // a clause, not a description
      // "said in Cleveland", "told NBC": a preposition's object, not the verb's subject.
      if (rules_.phrase_breaks.count(doc_.Slice(w))) return false;
    }
    return true;
  }

  // Is the word before mention `m`, past up to kMaxRoleWordsBefore words that describe it
  // ("host", "radioprogramledaren"), a preposition (a phrase break)?
  bool AfterPreposition(const NameMention& m) const {
    const Span s = doc_.sentences()[doc_.SentenceAt(m.span.start)].span;
    const std::string_view text = doc_.text();
    std::vector<Span> words;
    TokenSpansInto(text, {s.start, m.span.start}, &words);
    for (size_t k = words.size(), looked = 0; k-- > 0 && looked++ <= kMaxRoleWordsBefore;) {
      const std::string lower = ToLower(text.substr(words[k].start, words[k].size()));
      if (rules_.phrase_breaks.count(lower)) return !rules_.speaker_follows.count(lower);
      size_t len = 0;
      const bool describes = rules_.role_words.count(lower) || rules_.title_words.count(lower) ||
                             (IsLower(DecodeAt(text, words[k].start, &len)) && !rules_.determiner_words.count(lower));
      // Punctuation between closes the phrase: "In a talk, Ann Holt …".
      if (!describes || text.substr(words[k].end, m.span.start - words[k].end).find(',') != std::string_view::npos) return false;
    }
    return false;
  }

  // The first word of `sentence` that is a speech or opinion verb of the pack, or an empty span.
  Span FirstVerbWord(Span sentence) const {
    std::vector<Span> words;
    TokenSpansInto(doc_.text(), sentence, &words);
    for (const Span& w : words)
      if (HasVerbWord(doc_.Slice(w), rules_)) return w;
    return {};
  }

  bool GenderFits(size_t e, const std::string& gender) const {
    if (gender == "plural") return entities_.at(e).kind == EntityKind::kOrganisation;
    if (entities_.at(e).kind == EntityKind::kOrganisation) return false;
    return entities_.at(e).gender.empty() || entities_.at(e).gender == gender;
  }

  // `at`: where the pronoun stands in the document.
  size_t ResolvePronoun(size_t index, const SpeakerPhrase& phrase, size_t at, std::string* why) {
    const size_t sentence = doc_.SentenceAt(at);
    // A person named earlier in the same sentence, outside quotes: the first one is the subject.
    for (size_t i = FirstMentionOf(&NameMention::sentence, sentence); i < mentions_.size() && mentions_[i].sentence == sentence; ++i) {
      const NameMention& m = mentions_[i];
      if (m.span.start >= at) continue;
      if (!m.person_like && !KnownPerson(m.name())) continue;
      // The object of a preposition is not the subject: "I en intervju med radioprogramledaren
      // Big Boy förklarade han …", "In a talk with host Ann Holt, he said …".
      if (AfterPreposition(m)) continue;
      const size_t e = entities_.Resolve(m.name(), m.joined(), EntityKind::kPerson, m.span.start);
      if (!GenderFits(e, phrase.gender)) continue;
      if (why) *why = "refers to " + entities_.at(e).joined + ", named earlier in the sentence";
      return e;
    }
    // A person who opens a sentence after the previous speech quote: the new topic.
    size_t since = 0;
    for (size_t k = index, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;)
      if (IsSpeech(quotes_[k].kind)) { since = quotes_[k].close_mark.end ? quotes_[k].close_mark.end : quotes_[k].span.end; break; }
    const size_t para_of_pronoun = doc_.ParagraphAt(at);
    for (auto [it, looked] = std::pair{MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
      if (it->span.start < since || it->paragraph + 2 < para_of_pronoun) break;
      // After words saying what the person is ("Ekonomen Sara Lind tror ..."), only in the
      // sentence right before the quote: an earlier one may have been followed by another name.
      if (!it->person_like) continue;
      if (!OpensSentence(it->span.start) &&
          !(it->sentence + 1 == doc_.SentenceAt(quotes_[index].span.start) && OpensSentenceAsSubject(*it)))
        continue;
      const size_t e = entities_.Resolve(it->name(), it->joined(), EntityKind::kPerson, it->span.start);
      if (!GenderFits(e, phrase.gender)) continue;
      if (why) *why = "refers to " + entities_.at(e).joined + ", the subject of the sentence before";
      return e;
    }
    // The sentence before the quote opens with the same pronoun ("Han tycker att statyn, som
    // skulpterades av Hamo Thornycroft, ska stå kvar." then "– …, säger han."): it is the same
    // person, whoever else that sentence names; follow the chain back to the sentence that
    // opens with a name.
    if (const size_t chained = SubjectOfPronounChain(doc_.SentenceAt(quotes_[index].span.start), phrase.gender);
        chained != kNone) {
      if (why) *why = "refers to " + entities_.at(chained).joined + ", the subject the sentences before keep to";
      return chained;
    }
    // A person the sentence right before the quote brings in as a source: the subject of its
    // speech or opinion verb, who has not spoken yet - the name before the verb ("Oriol
    // Junqueras, one of nine leaders in jail, announced he would run in European Parliament
    // elections", the later names are not its subject), or right after it ("Men det räcker inte,
    // menar Tomas Gerdin, professor i datavetenskap." then "..., säger han."). A person merely
    // named there, with no such verb, does not take the pronoun from the previous speaker.
    {
      const size_t quote_sentence = doc_.SentenceAt(quotes_[index].span.start);
      const Span before = quote_sentence > 0 ? doc_.sentences()[quote_sentence - 1].span : Span{};
      const Span verb = before.size() <= kMaxSourceSentence ? FirstVerbWord(before) : Span{};
      if (!verb.empty()) {
        const NameMention* subject = nullptr;
        for (size_t i = FirstMentionOf(&NameMention::sentence, quote_sentence - 1);
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
          if (m.span.end <= verb.start) { subject = &m; continue; }  // the last name before the verb
          break;
        }
        const size_t found = subject ? entities_.Resolve(subject->name(), subject->joined(), EntityKind::kPerson, subject->span.start) : kNone;
        const bool spoke = found != kNone && found < has_spoken_.size() && has_spoken_[found];
        if (found != kNone && !spoke && GenderFits(found, phrase.gender)) {
          if (why) *why = "refers to " + entities_.at(found).joined + ", brought in by the sentence before";
          return found;
        }
      }
    }
    // The most recent speaker of a speech quote that fits (within six paragraphs).
    const size_t para_now = quotes_[index].first_paragraph;
    for (size_t k = index, looked = 0; k-- > 0 && looked++ < kMaxLookbackQuotes;) {
      if (!IsSpeech(quotes_[k].kind)) continue;
      if (para_now > quotes_[k].last_paragraph + 6) break;
      const size_t prev = speaker_of_[k];
      if (prev == kNone || !GenderFits(prev, phrase.gender)) continue;
      if (why) *why = "refers to the speaker of the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start));
      return prev;
    }
    // The last person named before the pronoun, within three paragraphs.
    const size_t para = doc_.ParagraphAt(at);
    for (auto [it, looked] = std::pair{MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
      if (it->paragraph + 3 < para) break;
      if (!it->person_like && !KnownPerson(it->name())) continue;
      const size_t e = entities_.Resolve(it->name(), it->joined(), EntityKind::kPerson, it->span.start);
      if (!GenderFits(e, phrase.gender)) continue;
      if (why) *why = "refers to " + entities_.at(e).joined + ", the last person named before it";
      return e;
    }
    return kNone;
  }

  // An organisation phrase of common nouns only ("the company", "kommunen"), not a name.
  static bool IsGenericOrganisation(const SpeakerPhrase& phrase) {
    if (phrase.name.empty()) return false;
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
  const NameMention* OrganisationNamedBefore(const SpeakerPhrase& phrase, size_t at) const {
    const std::string head = ToLower(phrase.name.back());
    // Swedish definite forms: "kommunen" ~ "kommun", "myndigheten" ~ "myndighet".
    const std::string stem = head.size() >= 7 ? head.substr(0, head.size() - 2) : head;
    const bool institution = rules_.named_institutions.count(ToLower(phrase.joined)) > 0;
    const size_t para = doc_.ParagraphAt(at);
    const NameMention* nearest = nullptr;
    for (auto [it, looked] = std::pair{MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxLookbackMentions; ++it) {
      if (it->paragraph + kMaxOrganisationParagraphs < para) break;
      if (!it->organisation || it->place || IsGenericOrganisation(*it->phrase)) continue;
      for (const auto& w : it->name())
        if (ToLower(w).find(stem) != std::string::npos) return &*it;
      if (!nearest && !institution && it->paragraph + 1 >= para) nearest = &*it;
    }
    return nearest;
  }

  // Is the one-word `name` the first name of a person the document names ("Paul" of "Paul Ryan")?
  bool FirstNameOfPerson(const std::vector<std::string>& name) const {
    if (name.size() != 1) return false;
    for (const auto& m : mentions_)
      if (m.person_like && m.name().size() >= 2 && m.name().front() == name.front()) return true;
    return false;
  }

  bool KnownPerson(const std::vector<std::string>& name) const {
    for (size_t i = 0; i < entities_.size(); ++i) {
      if (entities_.at(i).kind == EntityKind::kPerson && EndsWithName(entities_.at(i).name, name)) return true;
    }
    return false;
  }

  size_t ResolveDescription(size_t index, const SpeakerPhrase& phrase, std::string* why) {
    std::vector<std::string> roles;
    for (const auto& r : phrase.roles) {
      if (rules_.determiner_words.count(r)) continue;
      roles.push_back(r);
      // Swedish definite and inflected forms share a stem with the bare role or title: "presidenten" ~ "president", "premiärministern" ~ "premiärminister".
      for (const auto* words : {&rules_.role_words, &rules_.title_words})
        for (const auto& base : *words)
          if (base.size() >= 4 && r.size() > base.size() && r.compare(0, base.size(), base) == 0) roles.push_back(base);
    }
    const size_t byrole = entities_.ByRoles(roles);
    if (byrole != kNone) {
      if (why) *why = "the text calls " + entities_.at(byrole).joined + " by these roles";
      return byrole;
    }
    if (const size_t described = DescribedEarlier(roles, quotes_[index].open_mark.start); described != kNone) {
      if (why) *why = "the text described " + entities_.at(described).joined + " with these words before";
      return described;
    }
    bool plural = false;
    if (!phrase.roles.empty()) {  // "the officials said": a group, not the one described before
      const std::string& head = phrase.roles.back();
      auto ends = [&](const std::string& e) { return head.size() > e.size() && head.compare(head.size() - e.size(), e.size(), e) == 0; };
      plural = head.size() > 3 && std::any_of(rules_.plural_endings.begin(), rules_.plural_endings.end(), ends) &&
               std::none_of(rules_.singular_endings.begin(), rules_.singular_endings.end(), ends);
    }
    if (!phrase.definite || plural) return kNone;
    size_t k = kNone;
    const size_t prev = PreviousSpeaker(index, 4, &k);
    if (prev != kNone && entities_.at(prev).kind == EntityKind::kPerson) {
      if (why) *why = "the speaker of the quote on line " + std::to_string(doc_.LineAt(quotes_[k].span.start)) + " is the one described";
      return prev;
    }
    // No one described so and no speaker just before: a definite description in a tag that
    // opens the article ("..., säger presidenten.", the name comes later) is its main person.
    const size_t top = entities_.MostMentioned();
    if (top != kNone && why) *why = "the person the document names most, " + entities_.at(top).joined;
    return top;
  }

  // The person named before `at` whom the text described with the most of `words`, in the
  // words before the name ("Senator Sherrod Brown") or in an apposition after it ("Brown, a
  // Democrat from Ohio,"): "the Ohio Democrat" is Brown. Ties go to the nearer mention.
  size_t DescribedEarlier(const std::vector<std::string>& words, size_t at) {
    if (words.empty()) return kNone;
    const std::string_view text = doc_.text();
    const NameMention* best = nullptr;
    size_t best_score = 0;
    for (auto [it, looked] = std::pair{MentionsBefore(at), size_t{0}}; it != mentions_.rend() && looked++ < kMaxDescribedLookback; ++it) {
      if (!it->person_like || it->name().empty()) continue;
      const std::vector<std::string>& apposition = AppositionWords(static_cast<size_t>(&*it - mentions_.data()), text);
      size_t score = 0;
      for (const auto& w : words) {
        bool found = false;
        for (const auto& d : it->roles()) found = found || SameWordStem(w, d);
        for (const auto& d : apposition) found = found || SameWordStem(w, d);
        score += found;
      }
      if (score > best_score) {
        best_score = score;
        best = &*it;
      }
    }
    return best ? entities_.Resolve(best->name(), best->joined(), EntityKind::kPerson, best->span.start) : kNone;
  }

  // The lower-case words of an apposition after mention `m` (", a Democrat from Ohio," up to the
  // next comma or full stop), read once per mention: descriptions ask for them again and again.
  const std::vector<std::string>& AppositionWords(size_t m, std::string_view text) {
    if (apposition_.empty()) apposition_.resize(mentions_.size());
    auto& slot = apposition_[m];
    if (slot) return *slot;
    slot.emplace();
    const size_t i = mentions_[m].span.end;
    if (i + 1 < text.size() && text[i] == ',' && text[i + 1] == ' ') {
      const size_t end = std::min(text.size(), i + kMaxAppositionBytes);
      size_t j = i + 2;
      while (j < end && text[j] != ',' && text[j] != '.' && text[j] != ';' && text[j] != '"') ++j;
      if (j < end && j > i + 2)
        for (const Token& t : Tokenize(text, {i + 2, j})) slot->push_back(ToLower(t.text));
    }
    return *slot;
  }

  // One word in two forms: equal, or one the other plus an ending ("democrat" ~ "democratic",
  // "senator" ~ "senatorn").
  static bool SameWordStem(const std::string& a, const std::string& b) {
    if (a == b) return true;
    const std::string& shorter = a.size() < b.size() ? a : b;
    const std::string& longer = a.size() < b.size() ? b : a;
    return shorter.size() >= 5 && longer.size() <= shorter.size() + 3 && longer.compare(0, shorter.size(), shorter) == 0;
  }

  const Document& doc_;
  const LanguageRules& rules_;
  const std::vector<QuoteCandidate>& quotes_;
  bool explain_ = false;
  std::vector<std::array<std::optional<Match>, kTagPositions>> tags_;
  std::vector<NameMention> mentions_;
  EntityTable entities_;
  std::vector<size_t> speaker_of_;
  std::vector<bool> has_spoken_;  // by entity: a speech quote before the current one is theirs
  bool unresolved_description_ = false;  // the last phrase read was a description of no one named
  std::vector<std::string> refused_;  // --explain: why the current quote's candidates were refused
  std::string refused_gender_;  // the gender of a pronoun in the current quote's tag that found no one
  std::vector<std::optional<std::vector<std::string>>> apposition_;  // by mention, read on demand
  std::vector<bool> paragraph_has_speech_;
  std::vector<bool> paragraph_is_quote_;
};

}  // namespace

AttributionResult Attribute(const Document& doc, const LanguageRules& rules,
                            const std::vector<QuoteCandidate>& candidates,
                            std::string_view id_prefix, bool resolve_speakers, bool explain) {
  AttributionResult result;
  result.quotes.reserve(candidates.size());
  const std::string prefix(id_prefix);
  for (size_t i = 0; i < candidates.size(); ++i) {
    const QuoteCandidate& c = candidates[i];
    Quote q;
    q.id = prefix + ".q" + std::to_string(i);
    q.span = c.span;
    q.text = std::string(doc.Slice(c.span));
    q.parts = c.parts;
    q.kind = c.kind;
    q.rule = c.rule;
    q.line = doc.LineAt(c.span.start);
    q.confidence = IsSpeech(c.kind) ? (c.kind == QuoteKind::kPartial ? 0.8 : 0.95) : 0.7;
    result.quotes.push_back(std::move(q));
  }
  if (!resolve_speakers || candidates.empty()) return result;

  Resolver resolver(doc, rules, candidates, explain);
  resolver.Run(&result.quotes);
  // Public entities: those that speak, numbered in order of first quote.
  std::vector<size_t> public_index(resolver.entities().size(), kNone);
  for (size_t i = 0; i < result.quotes.size(); ++i) {
    const size_t e = resolver.speaker_of()[i];
    if (e == kNone || !result.quotes[i].speaker) continue;
    if (public_index[e] == kNone) {
      public_index[e] = result.speakers.size();
      const EntityRecord& rec = resolver.entities().at(e);
      Entity ent;
      ent.id = prefix + ".s" + std::to_string(result.speakers.size());
      ent.name = rec.joined;
      ent.kind = rec.kind;
      ent.roles = rec.roles;
      ent.aliases = rec.aliases;
      result.speakers.push_back(std::move(ent));
    }
    Entity& ent = result.speakers[public_index[e]];
    result.quotes[i].speaker->entity_id = ent.id;
    ent.quote_ids.push_back(result.quotes[i].id);
    const std::string& mention = result.quotes[i].speaker->mention;
    if (result.quotes[i].speaker->method == AttributionMethod::kExplicit && mention != ent.name &&
        std::find(ent.aliases.begin(), ent.aliases.end(), mention) == ent.aliases.end())
      ent.aliases.push_back(mention);
  }
  return result;
}

}  // namespace quoth::detail
