// Canonical order: linking's tie-breaks (the best of equal scores, the first of equal
// candidates, which person a surname names first) all fall on document and quote numbers, so a
// batch read in another order could cluster differently. Reading every batch in one order made
// from the documents themselves, a hash of their content with their ids after it, removes the
// input order from every decision; the Linker then gives its ids back in input order.
#include "engine/link/canonical_order.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <tuple>

namespace quoth::detail {

namespace {

class Fnv1a {
 public:
  void Bytes(std::string_view s) {
    for (unsigned char c : s) hash_ = (hash_ ^ c) * 0x100000001b3ULL;
    Number(s.size());  // a separator that no text can fake
  }
  void Number(uint64_t n) {
    for (int i = 0; i < 8; ++i, n >>= 8) hash_ = (hash_ ^ (n & 0xff)) * 0x100000001b3ULL;
  }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace

uint64_t ContentHash(const DocumentResult& doc) {
  Fnv1a h;
  h.Bytes(doc.lang);
  h.Number(doc.bytes);
  h.Number(doc.lines);
  h.Number(doc.quotes.size());
  for (const Quote& q : doc.quotes) {
    h.Bytes(q.text);
    h.Number(q.span.start);
    h.Number(q.span.end);
    h.Number(static_cast<uint64_t>(q.kind));
    h.Number(q.context.start);
    h.Number(q.context.end);
    h.Number(q.speaker.has_value());
    if (q.speaker) {
      h.Bytes(q.speaker->name);
      h.Number(static_cast<uint64_t>(q.speaker->method));
    }
  }
  h.Number(doc.speakers.size());
  for (const Entity& e : doc.speakers) {
    h.Bytes(e.name);
    h.Number(static_cast<uint64_t>(e.kind));
  }
  h.Number(doc.story_words.size());
  for (const auto& w : doc.story_words) h.Bytes(w);
  return h.value();
}

std::vector<uint32_t> CanonicalOrder(const std::vector<DocumentResult>& docs, const std::string& pivot_language) {
  std::vector<uint64_t> hashes(docs.size());
  for (size_t d = 0; d < docs.size(); ++d) hashes[d] = ContentHash(docs[d]);
  std::vector<uint32_t> order(docs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    const bool x_pivot = docs[x].lang == pivot_language, y_pivot = docs[y].lang == pivot_language;
    if (x_pivot != y_pivot) return x_pivot;
    return std::tie(hashes[x], docs[x].id) < std::tie(hashes[y], docs[y].id);
  });
  return order;
}

}  // namespace quoth::detail
