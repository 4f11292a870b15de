// The sieve: who said a speech quote is asked of a list of strategies in a fixed order of trust,
// and the first that answers wins. The quote's own tag comes first, closest to the quote first:
// a dialogue turn's tag, a tag right after the closing mark ("…," Peskov said), a tag just
// before the opening mark (He added, "…"), the subject of the reporting sentence (Lukashenko
// said the war has "dragged on"). Then its context: the first half of a quote split by its tag
// (for the second half), a speaker the paragraph has brought in, the speaker of the speech quote
// just before, someone the paragraph before names speaking, and the person the paragraph before
// is about.
//
// A strategy may also answer "no one": a tag that gives the quote to someone the text never
// names ("said a spokesperson for the governor") keeps it from any speaker further down. And a
// speaker taken from the context must fit the gender of a pronoun or description in the
// quote's tag that found no one ("…," she said: not the man quoted before).
#include "engine/speakers/resolver.h"

#include <string>

namespace quoth::detail {

namespace {

bool IsDialogue(QuoteKind k) { return k == QuoteKind::kDialogue; }
bool IsQuoteInMarks(QuoteKind k) { return k != QuoteKind::kDialogue; }  // direct or partial
bool IsPartial(QuoteKind k) { return k == QuoteKind::kPartial; }
bool IsWholeUtterance(QuoteKind k) { return k != QuoteKind::kPartial; }  // direct or dialogue

}  // namespace

// The steps of the sieve. Each reads only its kinds of quote: a dialogue turn has its tag in the
// turn (the quote finder read it), never around marks; a partial quote is the writer's sentence
// quoting a few words, so only the other half of its own sentence may lend it a speaker, while
// a whole utterance may continue the one before. The order they are asked in is the pack's
// (`attribution_sieves:`), by default kDefaultSieveOrder: the quote's own tag, nearest first,
// then the paragraph's own speaker before the speaker of the quote before (it stands nearer,
// and a new person named in the paragraph is the writer handing over to them).
const Resolver::Strategy Resolver::kStrategies[kSieveCount] = {
    {IsDialogue, &Resolver::DialogueTag, Source::kOwnTag},                       // Sieve::kDialogueTag
    {IsQuoteInMarks, &Resolver::TagAfter, Source::kOwnTag},                      // Sieve::kTagAfter
    {IsQuoteInMarks, &Resolver::TagBefore, Source::kOwnTag},                     // Sieve::kTagBefore
    {IsQuoteInMarks, &Resolver::ReportingSubject, Source::kOwnTag},              // Sieve::kReportingSubject
    {IsPartial, &Resolver::SecondHalf, Source::kContext},                        // Sieve::kSecondHalf
    {IsPartial, &Resolver::ReportedSpeechGoesOn, Source::kContext},              // Sieve::kReportedSpeech
    {IsWholeUtterance, &Resolver::ParagraphSpeaker, Source::kContext},           // Sieve::kParagraphSpeaker
    {IsWholeUtterance, &Resolver::Continuation, Source::kContext},               // Sieve::kContinuation
    {IsWholeUtterance, &Resolver::SpeakingInParagraphBefore, Source::kContext},  // Sieve::kSpeakingBefore
    {IsWholeUtterance, &Resolver::SubjectOfParagraphBefore, Source::kContext},   // Sieve::kParagraphBeforeSubject
};

Resolver::Resolver(const Document& doc, const LanguageRules& rules, const std::vector<QuoteCandidate>& quotes, bool explain)
    : doc_(doc), rules_(rules), quotes_(quotes), explain_(explain), tags_(quotes.size()),
      mentions_(doc, rules, quotes), history_(quotes.size()) {
  if (rules.pack.sieves.empty()) order_ = kDefaultSieveOrder;
  else order_ = rules.pack.sieves;
  MarkSpeakingNames();
  entities_ = EntityTable(mentions_.all(), &rules.pack.first_name_gender);
  MarkSpeechParagraphs();
}

void Resolver::Run(std::vector<Quote>* out) {
  for (size_t i = 0; i < quotes_.size(); ++i) {
    if (!IsSpeech(quotes_[i].kind)) continue;
    attempt_ = Attempt{};
    Quote& q = (*out)[i];
    std::optional<Found> found = Resolve(i);
    if (!found) {
      if (attempt_.unnamed_referent) {
        history_.spoken_by_unnamed[i] = true;
        history_.unnamed_gender[i] = attempt_.refused_gender;
      }
      if (explain_) q.no_speaker_evidence = std::move(attempt_.refused);
      continue;
    }
    q.speaker = std::move(found->ref);
    history_.Record(i, found->entity);
  }
}

std::optional<Resolver::Found> Resolver::Resolve(size_t quote) {
  const QuoteKind kind = quotes_[quote].kind;
  for (const Sieve sieve : order_) {
    const Strategy& strategy = kStrategies[static_cast<size_t>(sieve)];
    if (!strategy.reads(kind)) continue;
    Answer answer = (this->*strategy.find)(quote);
    if (answer.no_one) return std::nullopt;
    if (!answer.speaker) continue;
    const Found& found = *answer.speaker;
    if (strategy.source == Source::kContext && !attempt_.refused_gender.empty() && !GenderFits(found.entity, attempt_.refused_gender)) {
      Refuse([&] { return "the speaker before, " + found.ref.name + ", is not the " + attempt_.refused_gender + " person the tag's pronoun names"; });
      return std::nullopt;
    }
    answer.speaker->ref.sieve = SieveName(sieve);
    return std::move(answer.speaker);
  }
  Refuse([&] {
    return kind == QuoteKind::kPartial ? std::string("not the second half of a quote split by its tag")
                                       : std::string("no speaker to continue: no attributed speech quote just before it (same or "
                                                     "previous paragraph), and no one the paragraph or the one before brings in as speaking");
  });
  return std::nullopt;
}

Resolver::Found Resolver::Speaker(size_t entity, AttributionMethod method, Span mention, double confidence, const std::string& rule) {
  Found found;
  found.entity = entity;
  SpeakerRef& r = found.ref;
  r.name = entities_.at(entity).joined;
  r.mention_span = mention;
  r.mention = std::string(doc_.Slice(mention));
  r.method = method;
  r.confidence = confidence;
  r.rule = rule;
  return found;
}

}  // namespace quoth::detail
