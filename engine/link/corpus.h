// What Link compares, built once from the documents: every quote as an item, speech quotes cut
// into sentence pieces, the sentences around them (groups: quotes in one sentence share one),
// and each document's story words, all as bags over one vocabulary, with IDF weights over
// pieces (for quote text) and over documents (for stories).
#pragma once

#include <cstdint>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/link/bag.h"
#include "engine/link/link_data.h"
#include "engine/link/vocabulary.h"
#include "quoth/types.h"

namespace quoth::detail {

struct LinkItem {                 // one quote
  uint32_t doc = 0;
  uint32_t quote = 0;             // index in its document
  uint32_t speaker = kNoKey;      // the person's number across documents, or kNoKey
  bool organisation = false;      // the speaker is an organisation
  bool named = false;             // the speaker is named next to the quote (not a pronoun, follow-on or description)
  bool speech = false;            // direct, partial, dialogue
  uint32_t group = kNoKey;        // its sentence group (every kind but nested)
  uint32_t first_piece = 0;
  uint32_t piece_count = 0;
  uint32_t words = 0;             // words of its text (how full a version it is)
  uint32_t exact = kNoKey;        // id of its normalised text (identical texts share it)
};

struct LinkPiece {                // a sentence of a quote (nested ones have none)
  uint32_t item = 0;
  Bag bag;
};

struct LinkGroup {                // the sentences around one or more quotes of one document
                                  // (its bag keeps only what cross-language scoring reads: terms)
  uint32_t doc = 0;
  size_t line = 0;                // line of its first quote
  Bag bag;
  std::vector<uint32_t> items;
};

struct LinkDoc {
  bool translated = false;  // of a translated language (Swedish, German), as Bag::translated
  size_t lines = 0;
  uint32_t first_item = 0;
  uint32_t item_count = 0;
  Bag story;
  std::vector<uint32_t> story_keys;  // every key the story's words carry (sorted, unique)
  std::vector<uint32_t> story_forms; // the story words' own-form and cognate keys (sorted, unique)
};

struct LinkCorpus {
  explicit LinkCorpus(const LinkData& data) : vocab(data) {}
  Vocabulary vocab;
  std::vector<LinkDoc> docs;
  std::vector<LinkItem> items;
  std::vector<LinkPiece> pieces;
  std::vector<LinkGroup> groups;
  std::vector<double> piece_idf;  // by key: log(1 + pieces / pieces with the key)
  std::vector<double> group_idf;  // by key, over groups (the sentences around quotes)
  std::vector<double> story_idf;  // by key: log(1 + documents / documents with the key)
  std::vector<double> piece_slot_means, group_slot_means;  // by word: SlotMeans under piece_idf, group_idf
  // The slot means made for `idf` (one of the above), or null.
  const std::vector<double>* SlotMeansFor(const std::vector<double>& idf) const {
    return &idf == &piece_idf ? &piece_slot_means : &idf == &group_idf ? &group_slot_means : nullptr;
  }
};

// Keys a bag is filed under: its same-language keys and, across languages, English stems and
// cognate keys (English) or the slot keys (Swedish; for a word of more than `max_slot`, its own
// form, its cognate key and `max_slot` of its senses). Sorted, unique.
std::vector<uint32_t> IndexKeys(const Bag& bag, const Vocabulary& vocab, size_t max_slot = SIZE_MAX);
// The same into `keys` (reused by a caller filing many bags); without cognate keys when `cognates`
// is false (what a piece query never looks up).
void IndexKeysInto(const Bag& bag, const Vocabulary& vocab, std::vector<uint32_t>* keys, size_t max_slot, bool cognates);

// Frees what only scoring reads (the pieces, the sentences' and stories' bags, the IDF weights),
// keeping the items and each sentence group's items: what clustering reads. A million quotes'
// bags are most of the linker's memory, and are not needed once the links are scored.
void ReleaseBags(LinkCorpus* corpus);

// Files each document's story words under their keys (LinkDoc::story_keys, story_forms) and
// weighs them (story_idf): what story relatedness reads. Apart from BuildCorpus so that the
// piece index (built before) and these (after) are not held at once.
void IndexStories(LinkCorpus* corpus);

// `min_piece_words`: sentences with fewer cross-language terms are not pieces.
// Every part but the story index (see IndexStories).
void BuildCorpus(const std::vector<DocumentResult>& docs, const LinkData& data, size_t min_piece_words, LinkCorpus* out);

}  // namespace quoth::detail
