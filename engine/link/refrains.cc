// Refrains are counted per document: (document, text id) -> how often. Slogans are counted
// across the batch: per short text, the documents that carry it (items come grouped by
// document, so a change of document is a new one) and whether its known speakers differ. A
// slogan ("Make America Great Again" from a candidate, a delegate and a protester) names a
// campaign, not one utterance, and linking it would chain those people into one cluster; a short
// quote many outlets report from one speaker ("a basket of deplorables") is not one: its people
// agree. Organisations do not count as people here (their names are translated).
#include "engine/link/refrains.h"

#include <unordered_map>

namespace quoth::detail {

namespace {

void MarkRepeatedInDocument(const std::vector<LinkItem>& items, size_t max_repeats, std::vector<uint8_t>* refrain) {
  std::unordered_map<uint64_t, uint32_t> times;  // (doc, text) -> count
  auto key = [&](uint32_t i) { return (static_cast<uint64_t>(items[i].doc) << 32) | items[i].exact; };
  for (uint32_t i = 0; i < items.size(); ++i)
    if (items[i].exact != kNoKey) ++times[key(i)];
  for (uint32_t i = 0; i < items.size(); ++i)
    (*refrain)[i] = items[i].exact != kNoKey && times[key(i)] > max_repeats;
}

void MarkSlogans(const std::vector<LinkItem>& items, const RefrainOptions& options, std::vector<uint8_t>* refrain) {
  struct Spread { uint32_t last_doc = kNoKey, docs = 0, person = kNoKey; bool people_differ = false; };
  std::unordered_map<uint32_t, Spread> spread;  // exact text -> the documents and people that carry it
  auto short_text = [&](const LinkItem& item) { return item.exact != kNoKey && item.words <= options.slogan_max_words; };
  for (const LinkItem& item : items) {
    if (!short_text(item)) continue;
    Spread& s = spread[item.exact];
    if (s.last_doc != item.doc) { s.last_doc = item.doc; ++s.docs; }
    if (item.speaker == kNoKey || item.organisation) continue;
    if (s.person == kNoKey) s.person = item.speaker;
    else if (s.person != item.speaker) s.people_differ = true;
  }
  for (uint32_t i = 0; i < items.size(); ++i) {
    if (!short_text(items[i])) continue;
    const Spread& s = spread[items[i].exact];
    if (s.docs >= options.slogan_documents && s.people_differ) (*refrain)[i] = 1;
  }
}

}  // namespace

std::vector<uint8_t> FindRefrains(const std::vector<LinkItem>& items, const RefrainOptions& options) {
  std::vector<uint8_t> refrain(items.size(), 0);
  MarkRepeatedInDocument(items, options.max_repeats, &refrain);
  MarkSlogans(items, options, &refrain);
  return refrain;
}

}  // namespace quoth::detail
