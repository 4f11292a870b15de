// Linking the same quote across documents (same language).
//
// Quotes are normalised to lower-case word tokens (apostrophes unified, punctuation and
// editorial brackets dropped) and cut into word bigrams. An inverted index from bigram to
// quotes gives candidate pairs without comparing all pairs; very common bigrams (in more than
// kMaxPosting quotes) are skipped so the index stays near-linear. Two quotes from different
// documents link when most of the shorter one's bigrams occur in the longer one
// (containment), which also links a short partial quote to the full one. Clusters are the
// connected components (union-find).
#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

#include "engine/text/utf8.h"
#include "quoth/engine.h"

namespace quoth {

namespace {

constexpr size_t kMaxPosting = 2000;

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  size_t i = 0;
  while (i <= text.size()) {
    size_t len = 1;
    const char32_t c = i < text.size() ? detail::DecodeAt(text, i, &len) : ' ';
    if (detail::IsWordChar(c)) {
      cur.append(text, i, len);
    } else if (c == '\'' || c == 0x2019) {
      // isn't / isn’t: keep apostrophes inside words, unified
      if (!cur.empty() && i + len < text.size()) cur.push_back('\'');
    } else if (!cur.empty()) {
      while (!cur.empty() && cur.back() == '\'') cur.pop_back();
      out.push_back(detail::ToLower(cur));
      cur.clear();
    }
    i += len;
  }
  return out;
}

struct UnionFind {
  std::vector<size_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  size_t Find(size_t x) { while (parent[x] != x) x = parent[x] = parent[parent[x]]; return x; }
  void Join(size_t a, size_t b) { a = Find(a); b = Find(b); if (a != b) parent[std::max(a, b)] = std::min(a, b); }
};

}  // namespace

std::vector<Cluster> Link(std::vector<DocumentResult>& documents, const LinkOptions& options) {
  struct Item { size_t doc; size_t quote; std::vector<uint64_t> grams; };
  std::vector<Item> items;
  std::hash<std::string> hasher;
  for (size_t d = 0; d < documents.size(); ++d) {
    for (size_t q = 0; q < documents[d].quotes.size(); ++q) {
      const Quote& quote = documents[d].quotes[q];
      if (!IsSpeech(quote.kind)) continue;
      std::vector<std::string> w = Words(quote.text);
      if (w.size() < options.min_tokens) continue;
      Item item{d, q, {}};
      for (size_t i = 0; i + 1 < w.size(); ++i) item.grams.push_back(hasher(w[i] + ' ' + w[i + 1]));
      std::sort(item.grams.begin(), item.grams.end());
      item.grams.erase(std::unique(item.grams.begin(), item.grams.end()), item.grams.end());
      items.push_back(std::move(item));
    }
  }
  std::unordered_map<uint64_t, std::vector<uint32_t>> index;
  for (size_t i = 0; i < items.size(); ++i)
    for (uint64_t g : items[i].grams) index[g].push_back(static_cast<uint32_t>(i));

  UnionFind uf(items.size());
  std::unordered_map<uint32_t, uint32_t> shared;
  for (size_t i = 0; i < items.size(); ++i) {
    shared.clear();
    for (uint64_t g : items[i].grams) {
      const auto& posting = index[g];
      if (posting.size() > kMaxPosting) continue;
      for (uint32_t j : posting)
        if (j > i && items[j].doc != items[i].doc) ++shared[j];
    }
    // Best partner per other document only: a quote never joins two quotes of one document
    // through itself, which keeps common phrases from chaining unrelated quotes together.
    std::map<size_t, std::pair<double, uint32_t>> best_per_doc;
    for (const auto& [j, n] : shared) {
      const size_t smaller = std::min(items[i].grams.size(), items[j].grams.size());
      if (n < options.min_shared || smaller == 0) continue;
      const double score = static_cast<double>(n) / static_cast<double>(smaller);
      if (score < options.min_similarity) continue;
      auto& slot = best_per_doc[items[j].doc];
      if (score > slot.first || (score == slot.first && j < slot.second)) slot = {score, j};
    }
    for (const auto& [doc, best] : best_per_doc) uf.Join(i, best.second);
  }
  std::map<size_t, std::vector<size_t>> groups;
  for (size_t i = 0; i < items.size(); ++i) groups[uf.Find(i)].push_back(i);
  std::vector<Cluster> clusters;
  for (const auto& [root, members] : groups) {
    if (members.size() < 2) continue;
    Cluster c;
    c.id = "c" + std::to_string(clusters.size());
    for (size_t m : members) {
      Quote& q = documents[items[m].doc].quotes[items[m].quote];
      q.cluster_id = c.id;
      c.quote_ids.push_back(q.id);
      const std::string& lang = documents[items[m].doc].lang;
      if (std::find(c.languages.begin(), c.languages.end(), lang) == c.languages.end()) c.languages.push_back(lang);
      if (q.text.size() > c.representative.size()) c.representative = q.text;
    }
    std::sort(c.languages.begin(), c.languages.end());
    clusters.push_back(std::move(c));
  }
  return clusters;
}

}  // namespace quoth
