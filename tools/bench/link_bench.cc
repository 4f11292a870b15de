// quoth_link_bench: linking at archive scale.
//
// Generates N quotes (default 1,000,000) in documents of ten, from English words that the
// Swedish-English lexicon can translate, drawn with Zipf-like frequencies, and plants links:
//   - copies: the same quote in another English document, with punctuation and case changed;
//   - partials: a four-word run of a quote, in another document;
//   - translations: a word-by-word Swedish rendering (through the lexicon read backwards), in
//     a Swedish document.
// Everything else is a distinct random utterance. It then runs Linker::Link once and reports
// the time, peak memory (VmHWM) and the recall of planted links (both ends in one cluster),
// plus how many quotes ended in clusters with no planted reason (noise).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "quoth/engine.h"
#include "quoth/rules.h"

namespace {

long PeakRssKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}

// English words with a Swedish counterpart, read backwards from the lexicon.
std::vector<std::pair<std::string, std::string>> Vocabulary(const std::string& path, size_t limit) {
  std::ifstream in(path);
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  std::string line;
  while (std::getline(in, line) && out.size() < limit) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find(' ') < tab) continue;
    const std::string sv = line.substr(0, tab);
    const size_t sp = line.find(' ', tab + 1);
    const std::string en = line.substr(tab + 1, sp == std::string::npos ? std::string::npos : sp - tab - 1);
    if (en.size() < 4 || sv.size() < 4 || !seen.insert(en).second) continue;
    bool alpha = true;
    for (char c : en) alpha &= c >= 'a' && c <= 'z';
    if (alpha) out.push_back({en, sv});
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  size_t n = 1000000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quotes" && i + 1 < argc) n = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--help") { std::printf("usage: quoth_link_bench [--quotes N]\n"); return 0; }
    else { std::fprintf(stderr, "quoth_link_bench: unknown argument %s\n", a.c_str()); return 2; }
  }
  auto rules = quoth::RuleSet::Load();
  if (!rules.ok()) { std::fprintf(stderr, "%s\n", rules.status().ToString().c_str()); return 1; }
  auto linker = quoth::Linker::Create(*rules);
  if (!linker.ok()) { std::fprintf(stderr, "%s\n", linker.status().ToString().c_str()); return 1; }
  const auto vocab = Vocabulary(quoth::DefaultLexiconPath(), 40000);
  if (vocab.size() < 1000) { std::fprintf(stderr, "quoth_link_bench: the lexicon is missing or too small\n"); return 1; }

  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> zipf(0.0, 1.0);
  auto pick = [&](size_t k) { return static_cast<size_t>(rng() % k); };
  constexpr size_t kPerDoc = 10;
  std::vector<quoth::DocumentResult> docs;
  std::vector<std::pair<std::string, std::string>> planted;  // quote id pairs
  std::vector<int> planted_kind;  // 0 copy, 1 partial, 2 translation
  auto new_doc = [&](const std::string& lang) {
    quoth::DocumentResult d;
    d.id = "doc" + std::to_string(docs.size());
    d.lang = lang;
    docs.push_back(std::move(d));
    return docs.size() - 1;
  };
  auto add = [&](size_t doc, std::string text) {
    quoth::Quote q;
    q.id = docs[doc].id + ".q" + std::to_string(docs[doc].quotes.size());
    q.text = std::move(text);
    q.kind = quoth::QuoteKind::kDirect;
    docs[doc].quotes.push_back(std::move(q));
    return docs[doc].quotes.back().id;
  };
  size_t en_doc = new_doc("en"), sv_doc = new_doc("sv"), made = 0;
  auto room = [&](size_t& doc, const std::string& lang) {
    if (docs[doc].quotes.size() >= kPerDoc) doc = new_doc(lang);
    return doc;
  };
  while (made < n) {
    // An utterance of 8-14 random content words.
    // Zipf-like content-word frequencies, P(rank r) ~ 1/(r + 100): the most frequent content
    // words appear in a few sentences in a thousand, most words rarely (function words, the
    // truly frequent ones, are stopwords and never link anyway).
    std::vector<size_t> words(8 + pick(7));
    const double top = static_cast<double>(vocab.size()) + 100.0;
    for (auto& w : words) {
      const double rank = 100.0 * std::pow(top / 100.0, zipf(rng)) - 100.0;  // inverse of the CDF
      w = std::min(vocab.size() - 1, static_cast<size_t>(rank));
    }
    std::string en, sv;
    for (size_t i = 0; i < words.size(); ++i) {
      en += (i ? " " : "") + vocab[words[i]].first;
      sv += (i ? " " : "") + vocab[words[i]].second;
    }
    const std::string id = add(room(en_doc, "en"), "We " + en + ".");
    ++made;
    const size_t kind = pick(10);
    if (kind == 0 && made < n) {  // a copy elsewhere, punctuation and case changed
      en_doc = new_doc("en");
      planted.push_back({id, add(en_doc, "we " + en + "!")});
      planted_kind.push_back(0);
      ++made;
    } else if (kind == 1 && made < n) {  // a partial quote: four words of it
      en_doc = new_doc("en");
      std::string part;
      for (size_t i = 2; i < 6; ++i) part += (i > 2 ? " " : "") + vocab[words[i]].first;
      planted.push_back({id, add(en_doc, part)});
      planted_kind.push_back(1);
      ++made;
    } else if (kind == 2 && made < n) {  // a translation
      planted.push_back({id, add(room(sv_doc, "sv"), "Vi " + sv + ".")});
      planted_kind.push_back(2);
      ++made;
    }
  }

  const auto start = std::chrono::steady_clock::now();
  const auto clusters = linker->Link(docs);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::unordered_map<std::string, std::string> cluster_of;
  for (const auto& d : docs)
    for (const auto& q : d.quotes)
      if (!q.cluster_id.empty()) cluster_of[q.id] = q.cluster_id;
  size_t found = 0;
  size_t kind_found[3] = {0, 0, 0}, kind_total[3] = {0, 0, 0};
  std::set<std::string> planted_ids;
  for (size_t i = 0; i < planted.size(); ++i) {
    const auto& [a, b] = planted[i];
    planted_ids.insert(a);
    planted_ids.insert(b);
    auto ia = cluster_of.find(a), ib = cluster_of.find(b);
    const bool ok = ia != cluster_of.end() && ib != cluster_of.end() && ia->second == ib->second;
    found += ok;
    kind_found[planted_kind[i]] += ok;
    ++kind_total[planted_kind[i]];
  }
  size_t noise = 0;
  for (const auto& [id, c] : cluster_of) noise += !planted_ids.count(id);
  std::printf("quotes        %zu in %zu documents (%zu planted links)\n", made, docs.size(), planted.size());
  std::printf("link time     %.1f s (%u hardware threads)\n", seconds, std::thread::hardware_concurrency());
  std::printf("peak RSS      %.0f MB\n", static_cast<double>(PeakRssKb()) / 1024.0);
  std::printf("recall        %.3f of planted links (%zu of %zu)\n", planted.empty() ? 0.0 : static_cast<double>(found) / static_cast<double>(planted.size()), found, planted.size());
  std::printf("              copies %.3f, partial quotes %.3f, translations %.3f\n",
              kind_total[0] ? static_cast<double>(kind_found[0]) / static_cast<double>(kind_total[0]) : 0.0,
              kind_total[1] ? static_cast<double>(kind_found[1]) / static_cast<double>(kind_total[1]) : 0.0,
              kind_total[2] ? static_cast<double>(kind_found[2]) / static_cast<double>(kind_total[2]) : 0.0);
  size_t largest = 0;
  for (const auto& c : clusters) largest = std::max(largest, c.quote_ids.size());
  std::printf("clusters      %zu (largest %zu quotes); quotes clustered without a planted reason: %zu\n", clusters.size(), largest, noise);
  if (std::getenv("QUOTH_BENCH_SHOW"))
    for (const auto& c : clusters)
      if (c.quote_ids.size() == largest) {
        std::unordered_map<std::string, const quoth::Quote*> by_id;
        for (const auto& d : docs) for (const auto& q : d.quotes) by_id[q.id] = &q;
        for (size_t i = 0; i < c.quote_ids.size() && i < 12; ++i) std::printf("  %s\n", by_id[c.quote_ids[i]]->text.c_str());
        break;
      }
  return 0;
}
