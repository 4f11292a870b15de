// Plain data that quoth produces: quotes, speakers, clusters. No third-party types.
//
// Every Span is a pair of UTF-8 byte offsets into the original document bytes:
// text == input.substr(start, end - start).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "quoth/export.h"
#include "quoth/status.h"

namespace quoth {

struct Span {
  size_t start = 0;
  size_t end = 0;
  size_t size() const { return end - start; }
  bool empty() const { return end <= start; }
  friend bool operator==(const Span& a, const Span& b) { return a.start == b.start && a.end == b.end; }
  friend bool operator!=(const Span& a, const Span& b) { return !(a == b); }
};

// What a quoted span is. Speaker-less kinds (headline, scare, title, epithet) carry no speaker.
enum class QuoteKind {
  kDirect,    // a full utterance in quote marks
  kPartial,   // a few quoted words inside the writer's own sentence
  kDialogue,  // a Swedish dash paragraph ("– Vi hotar ingen, säger han.")
  kHeadline,  // a quote in a headline or sub-heading
  kScare,     // words held at a distance ("calling it a 'special operation'")
  kTitle,     // the name of a programme, book, film
  kEpithet,   // a name others use for someone ("Europe's last dictator")
  kNested,    // a quote inside another quote
};
QUOTH_API std::string_view ToString(QuoteKind kind);
QUOTH_API bool IsSpeech(QuoteKind kind);  // direct, partial, dialogue

// How a speaker was found for a quote.
enum class AttributionMethod {
  kExplicit,      // a name in a speech tag next to the quote ("Peskov said")
  kPronoun,       // "he said", "säger hon"
  kDescription,   // "the Belarusian leader said", "säger presidenten"
  kSubject,       // the subject of the sentence that reports the speech ("X said the war has 'dragged on'")
  kContinuation,  // an untagged quote right after a quote of the same speaker
};
QUOTH_API std::string_view ToString(AttributionMethod method);

enum class EntityKind { kPerson, kOrganisation };
QUOTH_API std::string_view ToString(EntityKind kind);

struct SpeakerRef {
  std::string name;             // canonical name of the entity
  std::string mention;          // the words in the text that led to it ("he", "Peskov", "presidenten")
  Span mention_span;            // where `mention` stands in the input
  AttributionMethod method = AttributionMethod::kExplicit;
  double confidence = 0.0;
  std::string entity_id;        // id of the DocumentResult::speakers entry
  std::string rule;             // id of the attribution rule that fired
  std::string sieve;            // the attribution step that named the speaker ("tag-after", "continuation")
  std::vector<std::string> evidence;  // human-readable chain, for --explain
};

struct Quote {
  std::string id;               // unique within one extraction run ("d0.q3")
  Span span;                    // the quoted words, without the quote marks or the dialogue dash
  std::string text;             // == input.substr(span.start, span.size())
  std::vector<Span> parts;      // one per paragraph for a quote that runs over several paragraphs
  QuoteKind kind = QuoteKind::kDirect;
  std::optional<SpeakerRef> speaker;
  double confidence = 0.0;
  std::string rule;             // id of the rule that found the quote
  size_t line = 0;              // 1-based line of span.start
  Span context;                 // the sentence(s) holding the quote, quote included (linking evidence)
  std::string context_text;     // == input.substr(context.start, context.size())
  std::string cluster_id;       // set by linking; empty when unlinked
  // With EngineOptions::explain, for a speech quote without a speaker: each tag and candidate
  // looked at and why it was refused ("\"Manitoba\" (tag after the quote, …) is a place").
  std::vector<std::string> no_speaker_evidence;
};

struct Entity {
  std::string id;               // unique within the document ("d0.s1")
  std::string name;             // canonical (fullest) name
  EntityKind kind = EntityKind::kPerson;
  std::vector<std::string> roles;    // "president", "belarusian", "spokesman"
  std::vector<std::string> aliases;  // every other name form seen
  std::vector<std::string> quote_ids;
  std::string global_id;        // same person across documents (set by linking)
};

struct DocumentResult {
  std::string id;               // the document's name as given (a path, "-")
  std::string lang;             // the language whose packs read it: "en", "sv", "de", ...
  size_t bytes = 0;
  size_t lines = 0;             // lines in the document (for aligning translated articles)
  std::vector<Quote> quotes;    // in document order
  std::vector<Entity> speakers; // entities that speak at least once
  std::vector<std::string> story_words;  // distinct content words of the whole text, lower case, in
                                         // order of first use (capped): linking compares stories by them
  std::vector<Diagnostic> warnings;  // non-fatal notes (an unterminated quote mark, ...)
};

// Why two quotes are one utterance: the evidence one link of a cluster rests on.
struct QuoteLink {
  std::string from;             // quote ids
  std::string to;
  double score = 0.0;           // 0..1
  std::string relation;         // how the two documents relate: "same story" or "unrelated"
  std::string basis;            // what matched: "words", "translation", "sentence" (the sentences around them)
  std::vector<std::string> evidence;  // matched words and translations, speaker, story (with LinkOptions::explain)
};

struct Cluster {
  std::string id;
  std::vector<std::string> quote_ids;
  std::vector<std::string> languages;
  std::string representative;   // the fullest version: the member with the most words
  double confidence = 0.0;      // the weakest link's score: each member joined on at least this much evidence
  std::vector<QuoteLink> links; // the links that joined the members (one fewer than the members)
};

}  // namespace quoth
