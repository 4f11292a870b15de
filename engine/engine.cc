// Engine::Extract: the per-document pipeline.
//
//   bytes -> CheckText -> language -> segments (a long document is read a segment at a time)
//         -> per segment: Document (paragraphs, sentences) -> FindQuotes (marks, dialogue, kinds)
//            -> Attribute (speakers, entities) -> the quotes it reports, to the caller
//         -> the document's speakers, gathered over the segments
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "engine/log/log.h"
#include "engine/quotes/quote_finder.h"
#include "engine/rules/rule_set_access.h"
#include "engine/speakers/attribution.h"
#include "engine/speakers/names.h"
#include "engine/text/document.h"
#include "engine/text/language.h"
#include "engine/text/segments.h"
#include "engine/text/utf8.h"
#include "engine/text/words.h"
#include "quoth/engine.h"

namespace quoth {

namespace {

// Quote ids are unique per document unless the caller chooses a prefix: the document's id,
// or for a nameless document a hash of its bytes (FNV-1a).
std::string IdPrefix(std::string_view text, std::string_view doc_id, std::string_view id_prefix) {
  if (!id_prefix.empty()) return std::string(id_prefix);
  if (!doc_id.empty()) return std::string(doc_id);
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  static const char* kHex = "0123456789abcdef";
  std::string out = "d";
  for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(h >> shift) & 15];
  return out;
}

}  // namespace

Engine::Engine(RuleSet rules, EngineOptions options) : rules_(std::move(rules)), options_(std::move(options)) {}

std::string DetectLanguage(std::string_view text, const RuleSet& rules) {
  std::vector<detail::LanguageHints> langs;
  for (const auto& [name, lang] : detail::CompiledRulesOf(rules).languages)
    langs.push_back({lang.pack.language, &lang.pack.hints, lang.longest_hint, &lang.pack.hint_letters, lang.pack.lexicon_into});
  return detail::DetectLanguage(text, langs);
}

Result<DocumentResult> Engine::Extract(std::string_view text, std::string_view doc_id, std::string_view id_prefix) const {
  std::vector<Quote> quotes;
  auto result = Extract(text, doc_id, id_prefix, [&](const DocumentResult&, std::vector<Quote>& batch) {
    if (quotes.empty()) quotes = std::move(batch);
    else quotes.insert(quotes.end(), std::make_move_iterator(batch.begin()), std::make_move_iterator(batch.end()));
  });
  if (result.ok()) result->quotes = std::move(quotes);
  return result;
}

namespace {

// What linking compares: the sentences around each quote, at most kContextBytes either side
// of it (cut where a character starts). Where a sentence runs longer than that, the context
// also stops at the neighbouring quotes: a paragraph with no sentence breaks must not give
// each of its thousand quotes its own copy of the same 800 bytes.
void SetLinkContext(const detail::Document& doc, std::vector<Quote>& quotes) {
  constexpr size_t kContextBytes = 400;
  const std::string_view text = doc.text();
  const auto& sentences = doc.sentences();
  if (sentences.empty()) return;
  const size_t n = quotes.size();
  std::vector<size_t> previous_end(n, 0), next_start(n, text.size());  // nearest quote either side
  for (size_t i = 1; i < n; ++i) {
    const Span before = quotes[i - 1].span;
    previous_end[i] = before.end <= quotes[i].span.start ? std::max(previous_end[i - 1], before.end) : previous_end[i - 1];
  }
  for (size_t i = n; i-- > 1;) {
    const Span after = quotes[i].span;
    next_start[i - 1] = after.start >= quotes[i - 1].span.end ? std::min(next_start[i], after.start) : next_start[i];
  }
  for (size_t i = 0; i < n; ++i) {
    Quote& q = quotes[i];
    Span context = sentences[doc.SentenceAt(q.span.start)].span;
    context.start = std::min(context.start, q.span.start);
    context.end = std::max(sentences[doc.SentenceAt(q.span.end > 0 ? q.span.end - 1 : 0)].span.end, q.span.end);
    if (q.span.start - context.start > kContextBytes)
      context.start = std::max(detail::CharStartAtOrBefore(text, q.span.start - kContextBytes), std::min(previous_end[i], q.span.start));
    if (context.end - q.span.end > kContextBytes)
      context.end = std::min(detail::CharStartAtOrBefore(text, q.span.end + kContextBytes), std::max(next_start[i], q.span.end));
    q.context = context;
    q.context_text = std::string(doc.Slice(context));
  }
}

// Spans found in a segment's window are offsets into the window: move them to the document's.
void ShiftSpans(Quote& q, size_t by) {
  auto shift = [by](Span& s) { s.start += by; s.end += by; };
  shift(q.span);
  for (Span& p : q.parts) shift(p);
  if (q.context.end > 0) shift(q.context);
  if (q.speaker && q.speaker->mention_span.end > 0) shift(q.speaker->mention_span);
}

// The document's speakers, gathered segment by segment: the entity a segment finds joins the
// one of an earlier segment with the same name and kind (within one segment the resolver has
// already decided who is who). Ids are numbered in order of first quote, as in one segment.
class SpeakerGathering {
 public:
  SpeakerGathering(std::string prefix, std::vector<Entity>* speakers) : prefix_(std::move(prefix)), speakers_(speakers) {}

  // `full_names`: the segment's person names of two or more words (AttributionResult).
  void StartSegment(const std::vector<Entity>& found, const std::vector<std::string>& full_names) {
    new_full_names_ = &full_names;
    found_ = &found;
    local_to_document_.assign(found.size(), kNone);
    local_index_.clear();
    for (size_t i = 0; i < found.size(); ++i) local_index_.emplace(found[i].id, i);
  }
  // `q` is the document's quote `number`; its speaker's entity id is still the segment's.
  void Add(Quote& q, uint32_t number) {
    if (!q.speaker) return;
    const auto local = local_index_.find(q.speaker->entity_id);
    if (local == local_index_.end()) return;
    size_t& index = local_to_document_[local->second];
    if (index == kNone) index = Join((*found_)[local->second]);
    Entity& entity = (*speakers_)[index];
    q.speaker->entity_id = entity.id;
    q.speaker->name = entity.name;  // the fullest name the document gave the person
    quote_numbers_[index].push_back(number);
  }
  // Fills each speaker's quote ids. Until now they were numbers: a speaker of a million quotes
  // holds 4 MB of them rather than 32 MB of strings, and its strings are made once, to size.
  void Finish() {
    for (size_t i = 0; i < speakers_->size(); ++i) {
      auto& ids = (*speakers_)[i].quote_ids;
      ids.reserve(quote_numbers_[i].size());
      for (uint32_t n : quote_numbers_[i]) ids.push_back(prefix_ + ".q" + std::to_string(n));
      quote_numbers_[i] = {};
    }
  }
  void EndSegment() {
    for (size_t i = 0; i < local_to_document_.size(); ++i)
      if (local_to_document_[i] != kNone)
        by_name_.emplace(std::make_pair((*found_)[i].name, (*found_)[i].kind), local_to_document_[i]);
    full_names_.insert(new_full_names_->begin(), new_full_names_->end());
  }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);
  static void Union(std::vector<std::string>& into, const std::vector<std::string>& more) {
    for (const auto& m : more)
      if (std::find(into.begin(), into.end(), m) == into.end()) into.push_back(m);
  }
  static std::vector<std::string_view> Words(std::string_view name) {
    std::vector<std::string_view> words;
    for (size_t i = 0; i < name.size();) {
      const size_t space = std::min(name.find(' ', i), name.size());
      if (space > i) words.push_back(name.substr(i, space - i));
      i = space + 1;
    }
    return words;
  }
  // The full name an earlier segment gave a person whose name holds every word of `found`'s
  // and ends as it does ("Lindqvist" in a later chapter is the "Maria Lindqvist" of an earlier
  // one), when exactly one name does; empty otherwise.
  std::string FullerName(const Entity& found) const {
    if (found.kind != EntityKind::kPerson) return {};
    const auto words = Words(found.name);
    if (words.empty()) return {};
    const std::string* match = nullptr;
    for (const std::string& name : full_names_) {
      if (name.size() <= found.name.size()) continue;
      const auto full = Words(name);
      if (full.back() != words.back()) continue;
      const bool holds = std::all_of(words.begin(), words.end(),
                                     [&](std::string_view w) { return std::find(full.begin(), full.end(), w) != full.end(); });
      if (!holds) continue;
      if (match) return {};  // two people it could be: neither
      match = &name;
    }
    return match ? *match : std::string();
  }
  // `found` joins entity `index`: its roles, name and aliases become more of that entity's.
  size_t Merge(size_t index, const Entity& found) {
    Entity& e = (*speakers_)[index];
    Union(e.roles, found.roles);
    if (found.name != e.name) Union(e.aliases, {found.name});
    Union(e.aliases, found.aliases);
    return index;
  }
  // A new document entity, numbered in order of first quote.
  size_t Create(Entity e) {
    e.id = prefix_ + ".s" + std::to_string(speakers_->size());
    e.quote_ids.clear();
    speakers_->push_back(std::move(e));
    quote_numbers_.emplace_back();
    return speakers_->size() - 1;
  }
  size_t Join(const Entity& found) {
    if (auto same = by_name_.find({found.name, found.kind}); same != by_name_.end()) return Merge(same->second, found);
    const std::string fuller = FullerName(found);
    if (fuller.empty()) return Create(found);
    if (auto same = by_name_.find({fuller, EntityKind::kPerson}); same != by_name_.end()) return Merge(same->second, found);
    Entity e = found;  // the person spoke only under the short name so far
    e.name = fuller;
    e.aliases = {found.name};
    Union(e.aliases, found.aliases);
    const size_t index = Create(std::move(e));
    by_name_.emplace(std::make_pair(fuller, EntityKind::kPerson), index);
    return index;
  }

  const std::string prefix_;
  std::vector<Entity>* speakers_;
  const std::vector<Entity>* found_ = nullptr;
  std::map<std::string, size_t> local_index_;
  std::vector<size_t> local_to_document_;
  std::map<std::pair<std::string, EntityKind>, size_t> by_name_;  // entities of earlier segments
  std::set<std::string> full_names_;                 // person names of earlier segments
  std::vector<std::vector<uint32_t>> quote_numbers_;  // by speaker: its quotes' numbers
  const std::vector<std::string>* new_full_names_ = nullptr;
};

}  // namespace

Result<DocumentResult> Engine::Extract(std::string_view text, std::string_view doc_id, std::string_view id_prefix,
                                       const QuoteHandler& on_quotes) const {
  if (text.size() > options_.max_document_bytes)
    return Status(StatusCode::kInvalidInput, std::string(doc_id) + ": document of " + std::to_string(text.size()) +
                                                 " bytes exceeds the limit of " + std::to_string(options_.max_document_bytes));
  if (Status s = detail::CheckText(text); !s.ok())
    return Status(s.code(), std::string(doc_id) + ": " + s.message());

  DocumentResult result;
  result.id = std::string(doc_id);
  result.bytes = text.size();
  result.lang = options_.lang == "auto" || options_.lang.empty() ? DetectLanguage(text, rules_) : options_.lang;
  const detail::LanguageRules* rules = detail::CompiledRulesOf(rules_).Find(result.lang);
  if (result.lang.empty()) return Status(StatusCode::kInvalidArgument, "no rule packs loaded: no language to read the document in");
  if (!rules) return Status(StatusCode::kInvalidArgument, "no rule pack for language '" + result.lang + "'");
  if (text.empty()) {
    result.warnings.push_back({"", 0, 0, "", "empty document"});
    return result;
  }

  const std::string prefix = IdPrefix(text, doc_id, id_prefix);
  SpeakerGathering speakers(prefix, &result.speakers);
  std::vector<std::pair<size_t, size_t>> quoted;  // for story words: outside the quotes, nested ones inside others
  const bool story_words = options_.link_evidence && options_.story_words > 0;
  auto note_quoted = [&](Span span) {  // quotes come in document order
    if (!story_words) return;
    if (quoted.empty() || span.start >= quoted.back().second) quoted.push_back({span.start, span.end});
    else quoted.back().second = std::max(quoted.back().second, span.end);
  };
  size_t reported = 0;       // quotes handed out so far
  size_t reported_end = 0;   // where the quotes of earlier segments end
  constexpr size_t kSegmentContextBytes = 4096;
  const size_t context_bytes = std::min(kSegmentContextBytes, options_.segment_bytes / 2);
  // Where the quotes lie, from one cheap pass over the marks of the whole text, so that no cut
  // falls inside one: a quote longer than a window's context would otherwise be lost. Only a
  // text that will be cut needs it.
  std::vector<Span> quotes_whole;
  if (options_.segment_bytes > 0 && text.size() > options_.segment_bytes)
    quotes_whole = detail::QuoteExtents(detail::Document::ParagraphsOnly(text), *rules);
  const auto segments = detail::PlanSegments(text, options_.segment_bytes, context_bytes, quotes_whole);
  if (segments.size() > 1) result.lines = detail::CountLines(text);
  for (size_t k = 0; k < segments.size(); ++k) {
    const detail::Segment& segment = segments[k];
    const size_t base = segment.window.start;
    const bool opens_mid_line = base > 0 && text[base - 1] != '\n' && text[base - 1] != '\r';
    detail::Document doc(text.substr(base, segment.window.size()), rules->pack.abbreviations, segment.first_line,
                         opens_mid_line);
    if (segments.size() == 1) result.lines = doc.line_count();  // else counted below, over the whole text
    std::vector<detail::UnclosedMark> unclosed;
    std::vector<detail::QuoteCandidate> candidates = detail::FindQuotes(doc, *rules, &unclosed);
    // A nested quote's words are already reported inside its outer quote; one utterance is one row.
    candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                    [&](const auto& c) {
                                      return (!options_.keep_non_speech && !IsSpeech(c.kind)) ||
                                             (!options_.keep_nested && c.kind == QuoteKind::kNested);
                                    }),
                     candidates.end());
    detail::AttributionResult attributed =
        detail::Attribute(doc, *rules, candidates, prefix, options_.resolve_speakers, options_.explain);
    if (options_.link_evidence) SetLinkContext(doc, attributed.quotes);
    if (segments.size() > 1 && options_.resolve_speakers && candidates.empty())
      attributed.full_person_names = detail::FullPersonNames(doc, *rules);  // for the segments after it

    // This segment reports the quotes that start in its report span and do not overlap one an
    // earlier segment reported; the others were read only as context.
    // So does a warning about a mark: each mark lies in one report; its byte is the document's.
    for (const detail::UnclosedMark& u : unclosed)
      if (base + u.mark.start >= segment.report.start && base + u.mark.start < segment.report.end)
        result.warnings.push_back(detail::UnclosedWarning(u, base));
    if (segments.size() == 1) {  // read whole (news): the segment's quotes, ids and speakers are the document's
      reported = attributed.quotes.size();
      for (const Quote& q : attributed.quotes) note_quoted(q.span);
      result.speakers = std::move(attributed.speakers);
      if (!attributed.quotes.empty()) on_quotes(result, attributed.quotes);
      break;
    }
    std::vector<Quote> quotes;
    quotes.reserve(attributed.quotes.size());
    speakers.StartSegment(attributed.speakers, attributed.full_person_names);
    size_t segment_end = reported_end;
    for (Quote& q : attributed.quotes) {
      ShiftSpans(q, base);
      if (q.span.start < segment.report.start || q.span.start >= segment.report.end || q.span.start < reported_end) continue;
      q.id = prefix + ".q" + std::to_string(reported++);
      speakers.Add(q, static_cast<uint32_t>(reported - 1));
      segment_end = std::max(segment_end, q.span.end);
      note_quoted(q.span);
      quotes.push_back(std::move(q));
    }
    speakers.EndSegment();
    reported_end = segment_end;
    attributed = {};
    if (!quotes.empty()) on_quotes(result, quotes);
  }
  if (segments.size() > 1) speakers.Finish();
  if (story_words)
    result.story_words = detail::StoryWords(text, rules->pack.stopwords, options_.story_words, quoted);
  detail::Log().debug("extract: {}: {}, {} bytes, {} quotes", result.id, result.lang, result.bytes, reported);
  return result;
}

}  // namespace quoth
