// Attribution: quote candidates -> quotes with speakers, and the speaker entities.
//
// Each candidate becomes a Quote; for each speech quote, in document order, the resolver
// (resolver.h) asks its strategies, in order of trust, who said it: the quote's own tag first,
// then its context. Headline, title, epithet and scare quotes get no speaker. The entities that
// speak get public ids here, in order of first quote.
//
// The tags are read with the rule pack's patterns for a position by the language's RuleMatcher
// (engine/rules/rule_matcher.cc): the earliest pattern in the pack that captures a speaker wins.
#include "engine/speakers/attribution.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/speakers/resolver.h"
#include "engine/speakers/tag_match.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

bool HasVerbWord(std::string_view w, const LanguageRules& rules) { return rules.matcher.speech_verbs().AnyIn(w); }

Span FrontedWindow(std::string_view text, Span sentence, const LanguageRules& rules) {
  if (!rules.matcher.position_pass(Position::kFronted).set || sentence.empty()) return {};
  thread_local std::vector<Span> words;
  TokenSpansInto(text, sentence, &words);
  if (words.size() < 2) return {};
  const std::string_view first = text.substr(words[0].start, words[0].size());
  if (!rules.pack.not_names.count(first)) return {};
  const std::string lower = ToLower(first);
  if (rules.determiner_words.count(lower) || rules.pack.pronoun_gender.count(lower)) return {};
  const SpeechVerbs& verbs = rules.matcher.speech_verbs();
  for (size_t k = 1; k < words.size(); ++k)
    if (verbs.IsFirstWord(ToLower(text.substr(words[k].start, words[k].size())))) return {words[k].start, sentence.end};
  return {};
}

Match RunPosition(std::string_view text, Span window, const LanguageRules& rules, Position position) {
  return rules.matcher.FirstWithSpeaker(position, text, window);
}

namespace {

// How sure a quote is what its kind says: words in marks standing alone are rarely anything but
// speech; a few quoted words in the writer's sentence may be a term; the other kinds are read
// from their surroundings.
constexpr double kWholeQuoteConfidence = 0.95;
constexpr double kPartialQuoteConfidence = 0.8;
constexpr double kNotSpeechConfidence = 0.7;

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
    q.confidence = IsSpeech(c.kind) ? (c.kind == QuoteKind::kPartial ? kPartialQuoteConfidence : kWholeQuoteConfidence)
                                   : kNotSpeechConfidence;
    result.quotes.push_back(std::move(q));
  }
  if (!resolve_speakers || candidates.empty()) return result;

  Resolver resolver(doc, rules, candidates, explain);
  resolver.Run(&result.quotes);
  result.full_person_names = FullPersonNames(resolver.entities());
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
