// Matching rules around a quote in two passes.
//
// First pass: which patterns of a position can match the window at all. Normally that is the
// position's RE2::Set, one forward read for all of them. When every pattern is end-anchored,
// one backward alternation says whether any can match, and then each is tried on its own (RE2
// reads an end-anchored pattern backwards and stops within a few bytes). Positions whose
// patterns all need a speech verb first check for one with a word scan (SpeechVerbs).
// Second pass: only the candidates run with captures, in pack order; the speaker group within
// a match is found by SpeakerInMatch (a DFA walk, memoised). The not_speech rules follow the
// same first pass over their `before` patterns.
#include "engine/rules/rule_matcher.h"

#include <algorithm>

#include "engine/rules/pattern_match.h"

namespace quoth::detail {

namespace {

// Windows longer than this are seldom seen twice: not worth a memo slot.
constexpr size_t kMaxMemoisedWindow = 96;

Span Shift(Span s, size_t from, size_t to) { return {s.start - from + to, s.end - from + to}; }

// The Set's matches in `text`, as indices into its patterns, sorted. When its DFA runs out of
// memory RE2 answers "no match" (with an error, not a log line): then every pattern is a
// candidate, and the caller tries each on its own - slower, never a rule lost. Returns whether
// it fell back so.
bool SetHits(const RE2::Set& set, std::string_view text, size_t patterns, std::vector<int>* hits) {
  RE2::Set::ErrorInfo error{};
  if (set.Match(text, hits, &error)) {
    std::sort(hits->begin(), hits->end());
    return false;
  }
  hits->clear();
  if (error.kind != RE2::Set::kOutOfMemory) return false;
  for (size_t k = 0; k < patterns; ++k) hits->push_back(static_cast<int>(k));
  return true;
}

}  // namespace

RuleMatcher::RuleMatcher(std::vector<CompiledPattern> patterns, std::array<PositionPass, kPositionCount> positions,
                         NotSpeechPass not_speech, SpeechVerbs speech_verbs)
    : patterns_(std::move(patterns)),
      positions_(std::move(positions)),
      not_speech_(std::move(not_speech)),
      speech_verbs_(std::move(speech_verbs)) {}

RuleMatcher::Match RuleMatcher::FirstWithSpeakerUncached(Position position, std::string_view text, Span window) const {
  Match best;
  const PositionPass& pass = positions_[static_cast<size_t>(position)];
  if (!pass.set || window.empty()) return best;
  const std::string_view w = text.substr(window.start, window.size());
  if (pass.needs_verb && !speech_verbs_.AnyIn(w)) return best;
  thread_local std::vector<int> hits;  // reused across calls
  hits.clear();
  if (pass.end_anchored) {
    if (pass.any_end_anchored && !pass.any_end_anchored->Match(w, 0, w.size(), RE2::UNANCHORED, nullptr, 0)) return best;
    for (size_t k = 0; k < pass.members.size(); ++k) hits.push_back(static_cast<int>(k));
  } else {
    SetHits(*pass.set, w, pass.members.size(), &hits);
    if (hits.empty()) return best;
  }
  for (int h : hits) {
    const size_t index = pass.members[static_cast<size_t>(h)];
    const CompiledPattern& p = patterns_[index];
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

RuleMatcher::Match RuleMatcher::FirstWithSpeaker(Position position, std::string_view text, Span window) const {
  if (window.size() > kMaxMemoisedWindow) return FirstWithSpeakerUncached(position, text, window);
  thread_local TextCache<Match> memo;  // spans relative to the window
  const std::string_view w = text.substr(window.start, window.size());
  const Match* hit = memo.Find(memo_id_, static_cast<size_t>(position), w);
  Match m = hit ? *hit : FirstWithSpeakerUncached(position, text, window);
  if (!hit) {
    Match relative = m;
    if (m.pattern != kNone) { relative.whole = Shift(m.whole, window.start, 0); relative.speaker = Shift(m.speaker, window.start, 0); }
    memo.Insert(memo_id_, static_cast<size_t>(position), w, relative);
    return m;
  }
  if (m.pattern != kNone) { m.whole = Shift(m.whole, 0, window.start); m.speaker = Shift(m.speaker, 0, window.start); }
  return m;
}

RuleMatcher::Match RuleMatcher::Leftmost(Position position, std::string_view text, Span window) const {
  Match best;
  const PositionPass& pass = positions_[static_cast<size_t>(position)];
  if (!pass.set) return best;
  // Always the Set: the leftmost match needs every pattern that matches anywhere in the window.
  const std::string_view w = text.substr(window.start, window.size());
  thread_local std::vector<int> hits;  // reused across calls
  hits.clear();
  SetHits(*pass.set, w, pass.members.size(), &hits);
  for (int h : hits) {
    const size_t index = pass.members[static_cast<size_t>(h)];
    const CompiledPattern& p = patterns_[index];
    re2::StringPiece whole;
    if (!p.re->Match(w, 0, w.size(), RE2::UNANCHORED, &whole, 1)) continue;
    const size_t at = static_cast<size_t>(whole.data() - w.data());
    const size_t start = window.start + at;
    if (best.pattern != kNone && start >= best.whole.start) continue;  // earlier patterns win ties
    best.pattern = index;
    best.whole = {start, start + whole.size()};
    best.speaker = {};
    if (p.speaker_group > 0) {
      const auto [s, e] = SpeakerInMatch(p, w, at, at + whole.size());
      if (s >= 0) best.speaker = {start + static_cast<size_t>(s), start + static_cast<size_t>(e)};
    }
  }
  return best;
}

size_t RuleMatcher::NotSpeechRule(std::string_view before_text, std::string_view quote_text,
                                  std::string_view after_text) const {
  const NotSpeechPass& pass = not_speech_;
  thread_local std::vector<int> hits;  // reused across calls
  hits.clear();
  auto matches = [](const RE2& re, std::string_view text) {  // RE2::Match without PartialMatch's argument handling
    return re.Match(text, 0, text.size(), RE2::UNANCHORED, nullptr, 0);
  };
  auto asked_quote_first = [&](size_t r) { return pass.end_anchored && r < pass.quote_first.size() && pass.quote_first[r]; };
  if (pass.end_anchored) {
    // Checked backwards from the mark, cheaply: first all at once, then (rarely) one by one;
    // a rule whose quote pattern is anchored at its start is asked about the quote first.
    const bool any = !pass.any_end_anchored || matches(*pass.any_end_anchored, before_text);
    for (size_t r = 0; r < pass.before.size(); ++r) {
      const bool quote_first = asked_quote_first(r);
      if (quote_first ? !matches(*pass.quote[r], quote_text) : !any) continue;
      if (pass.before[r] && matches(*pass.before[r], before_text))
        hits.push_back(static_cast<int>(r));
    }
  } else if (pass.set) {
    // After a Set that ran out of memory every rule is a candidate: its `before` is asked here
    // (a Set that matched has asked it already).
    if (SetHits(*pass.set, before_text, pass.before.size(), &hits))
      hits.erase(std::remove_if(hits.begin(), hits.end(), [&](int h) {
                   const size_t r = static_cast<size_t>(h);
                   return pass.before[r] && !matches(*pass.before[r], before_text);
                 }),
                 hits.end());
  }
  for (int h : hits) {
    const size_t rule = static_cast<size_t>(h);
    if (pass.quote[rule] && !asked_quote_first(rule) && !matches(*pass.quote[rule], quote_text)) continue;  // asked once
    if (rule < pass.after.size() && pass.after[rule] && !matches(*pass.after[rule], after_text)) continue;
    return rule;
  }
  return kNone;
}

}  // namespace quoth::detail
