// Attribution: quote candidates -> quotes with speakers, and the speaker entities.
//
// Each candidate becomes a Quote; for each speech quote, in document order, the resolver
// (resolver.h) asks its strategies, in order of trust, who said it: the quote's own tag first,
// then its context. Headline, title, epithet and scare quotes get no speaker. The entities that
// speak get public ids here, in order of first quote.
//
// The tags are read with the rule pack's patterns for a position: each window is scanned first
// with the position's RE2::Set (which patterns can match at all), then only those patterns run
// with captures; the earliest pattern in the pack wins.
#include "engine/speakers/attribution.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/rules/pattern_match.h"
#include "engine/speakers/resolver.h"
#include "engine/speakers/tag_match.h"
#include "engine/text/text_cache.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

// Does `w` hold one of the speech-verb words? A word scan with hash lookups, far cheaper than
// the RE2 Set it spares. ASCII letters are lower-cased as they are read; a word with other
// letters goes through ToLower.
bool HasVerbWord(std::string_view w, const LanguageRules& rules) {
  std::string word;
  bool ascii = true;
  for (size_t i = 0; i <= w.size(); ++i) {
    const unsigned char c = i < w.size() ? static_cast<unsigned char>(w[i]) : ' ';
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') { word.push_back(static_cast<char>(c | 0x20)); continue; }
    if (c >= 0x80) { word.push_back(static_cast<char>(c)); ascii = false; continue; }
    if (!word.empty()) {
      if (rules.verb_words.count(ascii ? word : ToLower(word))) return true;
      word.clear();
      ascii = true;
    }
  }
  return false;
}

// Runs a position's patterns over `window`: the position's RE2::Set (or, when all of them are
// end-anchored, one backward alternation) says which patterns can match at all; the first of
// those (in pack order) that yields a speaker wins.

Match RunPositionUncached(std::string_view text, Span window, const LanguageRules& rules, Position position) {
  Match best;
  const size_t pos = static_cast<size_t>(position);
  if (!rules.sets[pos] || window.empty()) return best;
  const std::string_view w = text.substr(window.start, window.size());
  if (rules.needs_verb[pos] && !HasVerbWord(w, rules)) return best;
  thread_local std::vector<int> hits;  // reused across calls
  hits.clear();
  if (rules.direct[pos]) {
    // End-anchored patterns: read backwards by RE2, all at once, then each candidate on its own.
    if (rules.direct_any[pos] && !rules.direct_any[pos]->Match(w, 0, w.size(), RE2::UNANCHORED, nullptr, 0)) return best;
    for (size_t k = 0; k < rules.set_members[pos].size(); ++k) hits.push_back(static_cast<int>(k));
  } else {
    if (!rules.sets[pos]->Match(w, &hits)) return best;
    std::sort(hits.begin(), hits.end());
  }
  for (int h : hits) {
    const size_t index = rules.set_members[pos][static_cast<size_t>(h)];
    const AttributionPattern& p = rules.patterns[index];
    if (p.speaker_group == 0) continue;
    re2::StringPiece whole;
    if (!p.re->Match(w, 0, w.size(), RE2::UNANCHORED, &whole, 1)) continue;
    const size_t start = static_cast<size_t>(whole.data() - w.data());
    const auto [s, e] = SpeakerInMatch(p, w, start, start + whole.size());
    if (s < 0) continue;
    best.pattern = index;
    best.whole = {window.start + start, window.start + start + whole.size()};
    best.speaker = {best.whole.start + static_cast<size_t>(s), best.whole.start + static_cast<size_t>(e)};
    return best;
  }
  return best;
}

// Short windows repeat ("he said.", "He added, ", ", säger han."): their results are
// remembered per thread, relative to the window, like the captures in pattern_match.cc.
Match RunPosition(std::string_view text, Span window, const LanguageRules& rules, Position position) {
  constexpr size_t kMaxCachedWindow = 96;
  if (window.size() > kMaxCachedWindow) return RunPositionUncached(text, window, rules, position);
  thread_local TextCache<Match> cache;  // spans relative to the window
  const std::string_view w = text.substr(window.start, window.size());
  auto shift = [](Span s, size_t from, size_t to) { return Span{s.start - from + to, s.end - from + to}; };
  const Match* hit = cache.Find(rules.memo_id, static_cast<size_t>(position), w);
  Match m = hit ? *hit : RunPositionUncached(text, window, rules, position);
  if (!hit) {
    Match relative = m;
    if (m.pattern != kNone) { relative.whole = shift(m.whole, window.start, 0); relative.speaker = shift(m.speaker, window.start, 0); }
    cache.Insert(rules.memo_id, static_cast<size_t>(position), w, relative);
    return m;
  }
  if (m.pattern != kNone) { m.whole = shift(m.whole, 0, window.start); m.speaker = shift(m.speaker, 0, window.start); }
  return m;
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
  for (std::string_view name : resolver.entities().person_names())
    if (name.find(' ') != std::string_view::npos) result.full_person_names.emplace_back(name);
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
