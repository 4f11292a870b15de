// Linking: the same utterance across documents, in one language or across two: English and a
// language whose pack names a translation table into English (Swedish, German).
//
// A short pipeline, each stage in its own file:
//   people      one id per person across documents (surname key + first initial)
//   corpus      quotes -> items; speech quotes -> sentence pieces; the sentences around them ->
//               groups; each document's story words -> a story bag (all over one vocabulary)
//   story       which documents tell one story (rare names, numbers, translated words; no order)
//   piece_match pieces that say the same thing (inverted index, mutual best across languages)
//   align       between related documents in two languages: sentence groups paired by content
//   candidates  each quote keeps its best-evidenced partners only (LinkOptions::max_candidates)
//   cluster     links taken best first; a cluster grows only on evidence against its fullest
//               version, and never holds two different people
// The batch is read in a canonical order made from the documents' content (canonical_order),
// never the order they were given in, so that any order gives the same clusters; ids (people,
// clusters) are then numbered, and clusters listed, in input order.
// What counts as a link depends on how the two documents relate: between documents of one
// story, versions of a quote share a few words or translate; between unrelated documents only
// near-verbatim copies (a tweet quoted by two outlets) link, and across languages only with
// strong evidence and the same known speaker.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <tuple>
#include <unordered_map>

#include "engine/data_paths.h"
#include "engine/link/align.h"
#include "engine/link/candidates.h"
#include "engine/link/canonical_order.h"
#include "engine/log/log.h"
#include "engine/link/cluster.h"
#include "engine/link/corpus.h"
#include "engine/link/explain.h"
#include "engine/link/link_data.h"
#include "engine/link/parallel.h"
#include "engine/link/people.h"
#include "engine/link/piece_match.h"
#include "engine/link/scoring.h"
#include "engine/link/story.h"
#include "engine/rules/rule_set_access.h"
#include "quoth/linker.h"

#ifndef QUOTH_BUILD_LEXICON
#define QUOTH_BUILD_LEXICON ""
#endif

namespace quoth {

namespace {

// Resident memory now and at its peak, in MB (Linux /proc/self/status; 0 elsewhere), for the
// debug log's stage lines.
std::pair<long, long> ResidentMegabytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  long now = 0, peak = 0;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) now = std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
    if (line.rfind("VmHWM:", 0) == 0) peak = std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
  }
  return {now, peak};
}

using detail::Edge;
using detail::ForEachParallel;
using detail::LinkBasis;
using detail::StoryRelation;

constexpr size_t kRelatedSameLanguageWords = 2;    // shared content words between versions in one story
constexpr size_t kUnrelatedSameLanguageWords = 4;  // ... in unrelated documents (near-verbatim only)
constexpr double kUnrelatedCrossLanguage = 0.75;   // translated overlap unrelated documents need
constexpr size_t kUnrelatedCrossWords = 4;         // ... in sentences of at least this many words
constexpr double kStrongCrossLanguage = 0.45;      // a translated match that says two articles may share a story
constexpr size_t kStrongSameLanguageWords = 3;     // ... a same-language match of this many words
constexpr double kTranslatedSentence = 0.5;        // two sentences that match this well translate each other
constexpr double kSplitContinuation = 0.15;        // the rest of a split quote, next to a matched part
constexpr size_t kMaxRepeats = 4;                  // a text said more often in one article is a refrain
constexpr size_t kSloganMaxWords = 6;              // a text this short, in this many documents, by different
constexpr uint32_t kSloganDocuments = 3;           // people, is a slogan: it links to nothing
constexpr size_t kMaxPairwise = 250000;            // sentence pairs two related documents are compared in, pair by pair
constexpr size_t kSameTextMinLetters = 6;          // identical one-word texts this long link ("Molliwood")

}  // namespace

std::string DefaultLexiconPath() {
  return detail::FindData("QUOTH_LEXICON", "lexicon/sv-en.tsv", QUOTH_BUILD_LEXICON).path;
}

Result<Linker> Linker::Create(const RuleSet& rules, LinkOptions options) {
  auto data = std::make_shared<detail::LinkData>();
  std::vector<Diagnostic> warnings;
  const Status built = detail::BuildLinkData(detail::CompiledRulesOf(rules), options.lexicon_path, DefaultLexiconPath(),
                                             data.get(), &warnings);
  if (!built.ok()) return built;
  for (const auto& w : warnings) detail::Log().warn("{}", w.ToString());
  return Linker(std::move(data), options, std::move(warnings));
}

size_t Linker::lexicon_size() const {
  size_t words = 0;
  for (const auto& t : data_->translated) words += t.LexiconWords();
  return words;
}

const std::vector<Diagnostic>& Linker::warnings() const { return warnings_; }

std::vector<Cluster> Linker::LinkInCanonicalOrder(std::vector<DocumentResult>& docs,
                                                  const std::vector<uint32_t>& input_rank) const {
  // Each stage's time, for `--log-level debug`.
  auto last = std::chrono::steady_clock::now();
  auto stage = [&](const char* name, size_t count) {
    if (!detail::Log().should_log(spdlog::level::debug)) return;
    const auto now = std::chrono::steady_clock::now();
    const auto [resident, peak] = ResidentMegabytes();
    detail::Log().debug("link: {} ({}) in {} ms, {} MB resident (peak {} MB)", name, count,
                        std::chrono::duration_cast<std::chrono::milliseconds>(now - last).count(), resident, peak);
    last = now;
  };
  detail::AssignGlobalIds(docs, data_->titles, input_rank);
  stage("people", docs.size());
  detail::LinkCorpus corpus(*data_);
  detail::BuildCorpus(docs, *data_, options_.min_content_words, &corpus);
  const auto& items = corpus.items;
  stage("corpus: quotes", items.size());
  // Pieces that match.
  detail::PieceMatchOptions match_options;
  match_options.min_shared_words = kRelatedSameLanguageWords;
  match_options.cross_language_min = options_.cross_language_min;
  match_options.same_language_min = options_.same_language_min;
  match_options.max_posting = options_.max_posting;
  match_options.threads = options_.threads;
  match_options.max_candidates = options_.max_candidates;
  const std::vector<detail::PieceMatch> matches = detail::MatchPieces(corpus, match_options);

  // A match strong enough to say two articles may share a story, or to carry a split quote.
  auto strong = [&](const detail::PieceMatch& m) {
    return m.cross ? m.score >= kStrongCrossLanguage
                   : m.shared >= kStrongSameLanguageWords && m.score >= options_.same_language_min;
  };

  // Stories: from the articles' words, confirmed by their quotes where the words say less.
  detail::QuoteEvidenceMap quote_evidence;
  for (const auto& m : matches) {
    const detail::LinkItem& a = items[corpus.pieces[m.p].item];
    const detail::LinkItem& b = items[corpus.pieces[m.q].item];
    if (!strong(m) || a.doc == b.doc) continue;
    auto& ev = quote_evidence[detail::DocPair(a.doc, b.doc)];
    ++ev.matches;
    ev.same_person += a.speaker != detail::kNoKey && a.speaker == b.speaker;
  }
  detail::IndexStories(&corpus);
  detail::StoryOptions story_options;
  story_options.min_score = options_.min_story_score;
  stage("piece matches", matches.size());
  const std::vector<detail::StoryLink> stories = detail::RelatedStories(corpus, story_options, quote_evidence);
  stage("related document pairs", stories.size());
  std::unordered_map<uint64_t, double> related;
  related.reserve(stories.size() * 2);
  for (const auto& l : stories) related[detail::DocPair(l.a, l.b)] = l.score;
  auto relation = [&](uint32_t da, uint32_t db) {
    return related.count(detail::DocPair(da, db)) ? StoryRelation::kSameStory : StoryRelation::kUnrelated;
  };

  // The people each document quotes by name.
  std::vector<std::vector<uint32_t>> doc_people(docs.size());
  for (const auto& item : items)
    if (item.speaker != detail::kNoKey) doc_people[item.doc].push_back(item.speaker);
  for (auto& people : doc_people) {
    std::sort(people.begin(), people.end());
    people.erase(std::unique(people.begin(), people.end()), people.end());
  }
  // A person the other document never quotes: named next to the quote, or (`any_method`) found
  // however (a pronoun, a follow-on paragraph).
  auto ForeignSpeaker = [&](const detail::LinkItem& item, uint32_t other_doc, bool any_method = false) {
    if (item.speaker == detail::kNoKey || (!item.named && !any_method) || item.organisation) return false;
    return !std::binary_search(doc_people[other_doc].begin(), doc_people[other_doc].end(), item.speaker);
  };

  // Quotes whose text their article repeats more than a few times (a chant, a refrain).
  std::vector<uint8_t> refrain(items.size(), 0);
  {
    std::unordered_map<uint64_t, uint32_t> times;  // (doc, text) -> count
    auto key = [&](uint32_t i) { return (static_cast<uint64_t>(items[i].doc) << 32) | items[i].exact; };
    for (uint32_t i = 0; i < items.size(); ++i)
      if (items[i].exact != detail::kNoKey) ++times[key(i)];
    for (uint32_t i = 0; i < items.size(); ++i)
      refrain[i] = items[i].exact != detail::kNoKey && times[key(i)] > kMaxRepeats;
  }
  // A slogan: a short text that documents across the batch put in several mouths ("Make America
  // Great Again" from a candidate, a delegate and a protester). It names a campaign, not one
  // utterance, and linking it would chain those people into one cluster. A short quote reported
  // by many outlets from one speaker ("a basket of deplorables") is not one: its people agree.
  {
    struct Spread { uint32_t last_doc = detail::kNoKey, docs = 0, person = detail::kNoKey; bool people_differ = false; };
    std::unordered_map<uint32_t, Spread> spread;  // exact text -> the documents and people that carry it
    for (uint32_t i = 0; i < items.size(); ++i) {
      if (items[i].exact == detail::kNoKey || items[i].words > kSloganMaxWords) continue;
      Spread& s = spread[items[i].exact];
      if (s.last_doc != items[i].doc) { s.last_doc = items[i].doc; ++s.docs; }
      if (items[i].speaker == detail::kNoKey || items[i].organisation) continue;
      if (s.person == detail::kNoKey) s.person = items[i].speaker;
      else if (s.person != items[i].speaker) s.people_differ = true;
    }
    for (uint32_t i = 0; i < items.size(); ++i) {
      if (items[i].exact == detail::kNoKey || items[i].words > kSloganMaxWords) continue;
      const Spread& s = spread[items[i].exact];
      if (s.docs >= kSloganDocuments && s.people_differ) refrain[i] = 1;
    }
  }
  // Two quotes may be one utterance: not a refrain, speakers that do not differ.
  auto may_link = [&](uint32_t a, uint32_t b) {
    return a != b && !refrain[a] && !refrain[b] && detail::SpeakersAgree(items[a], items[b]);
  };
  std::vector<Edge> edges;
  auto story_of = [&](uint32_t a, uint32_t b) {
    const auto it = related.find(detail::DocPair(items[a].doc, items[b].doc));
    return it == related.end() ? 0.0f : static_cast<float>(it->second);
  };
  auto add = [&](uint32_t a, uint32_t b, double score, LinkBasis basis, StoryRelation rel) {
    if (may_link(a, b)) edges.push_back({std::min(a, b), std::max(a, b), score, basis, rel, story_of(a, b)});
  };

  // Same-language words shared by two quotes over all their matching sentences: a copy of a
  // two-sentence quote shares its words sentence by sentence.
  // Each sentence counts once, with its best match ("U-S-A! U-S-A!" is one sentence twice).
  std::unordered_map<uint64_t, uint32_t> shared_words;  // DocPair(item, item) -> words
  {
    // (piece, other item, words) from each side, best per piece, summed per item pair.
    struct Side { uint32_t piece, other; uint32_t words; };
    std::vector<Side> first, second;
    for (const auto& m : matches) {
      if (m.cross) continue;
      first.push_back({m.p, corpus.pieces[m.q].item, m.shared});
      second.push_back({m.q, corpus.pieces[m.p].item, m.shared});
    }
    auto sums = [&](std::vector<Side>& v) {
      std::sort(v.begin(), v.end(), [](const Side& x, const Side& y) {
        return std::make_tuple(x.piece, x.other, y.words) < std::make_tuple(y.piece, y.other, x.words);
      });
      std::unordered_map<uint64_t, uint32_t> out;  // DocPair(item, other item) -> words
      for (size_t i = 0; i < v.size(); ++i)
        if (i == 0 || v[i].piece != v[i - 1].piece || v[i].other != v[i - 1].other)  // the best of each
          out[detail::DocPair(corpus.pieces[v[i].piece].item, v[i].other)] += v[i].words;
      return out;
    };
    const auto from_first = sums(first);
    const auto from_second = sums(second);
    for (const auto& [k, n] : from_first) {
      auto it = from_second.find(k);
      shared_words[k] = std::min(n, it == from_second.end() ? 0u : it->second);
    }
  }
  for (const auto& m : matches) {
    const uint32_t a = corpus.pieces[m.p].item, b = corpus.pieces[m.q].item;
    const StoryRelation rel = relation(items[a].doc, items[b].doc);
    const bool same_story = rel == StoryRelation::kSameStory;
    if (!m.cross) {
      const size_t needed = same_story ? kRelatedSameLanguageWords : kUnrelatedSameLanguageWords;
      if (m.score >= options_.same_language_min && shared_words[detail::DocPair(a, b)] >= needed) add(a, b, m.score, LinkBasis::kWords, rel);
      continue;
    }
    if (!same_story) {
      const size_t words = std::min(corpus.pieces[m.p].bag.size(), corpus.pieces[m.q].bag.size());
      const bool same_person = items[a].speaker != detail::kNoKey && items[a].speaker == items[b].speaker;
      if (m.score < kUnrelatedCrossLanguage || words < kUnrelatedCrossWords || !same_person) continue;
    }
    add(a, b, m.score, LinkBasis::kTranslation, rel);
  }

  // A quote another outlet split in two: when one sentence of a longer quote matches a quote of
  // a related article, its next (or previous) sentence may match that quote's neighbour, the
  // rest of the statement, on less evidence ("I want to stress one more time" after "But I am
  // not immersed", rendered in one Swedish quote).
  for (const auto& m : matches) {
    if (!strong(m)) continue;
    for (const auto& [p, q] : {std::make_pair(m.p, m.q), std::make_pair(m.q, m.p)}) {
      const uint32_t a = corpus.pieces[p].item, b = corpus.pieces[q].item;
      const auto& ia = items[a];
      const auto& ib = items[b];
      if (ia.piece_count < 2 || relation(ia.doc, ib.doc) != StoryRelation::kSameStory) continue;
      for (const int dir : {-1, 1}) {
        const int64_t p2 = static_cast<int64_t>(p) + dir, b2 = static_cast<int64_t>(b) + dir;
        if (p2 < ia.first_piece || p2 >= ia.first_piece + ia.piece_count) continue;
        const auto& doc_b = corpus.docs[ib.doc];
        if (b2 < doc_b.first_item || b2 >= doc_b.first_item + doc_b.item_count || !items[b2].speech) continue;
        double best = 0;
        for (uint32_t r = items[b2].first_piece; r < items[b2].first_piece + items[b2].piece_count; ++r) {
          const auto& x = corpus.pieces[p2].bag;
          const auto& y = corpus.pieces[r].bag;
          const double score = detail::BagScore(x, y, corpus.vocab, corpus.piece_idf);
          if (score > best && detail::SharesContentWord(x, y, corpus.vocab, corpus.piece_idf)) best = score;
        }
        if (best >= kSplitContinuation) add(a, static_cast<uint32_t>(b2), best, m.cross ? LinkBasis::kTranslation : LinkBasis::kWords, StoryRelation::kSameStory);
      }
    }
  }

  // Related documents: identical texts (titles, names: "60 Minutes"), and, across languages,
  // sentence groups aligned by content.
  std::vector<std::vector<uint32_t>> doc_groups(docs.size());
  for (uint32_t g = 0; g < corpus.groups.size(); ++g) doc_groups[corpus.groups[g].doc].push_back(g);
  detail::AlignOptions align_options;
  align_options.min_score = options_.align_min_score;
  // Each pair of related documents is aligned on its own (reading shared data only), on all
  // cores; their links are gathered in story order, so the result does not depend on threads.
  auto align_story = [&](const detail::StoryLink& story, std::vector<Edge>* out) {
    auto link = [&](uint32_t a, uint32_t b, double score, LinkBasis basis) {
      if (may_link(a, b)) out->push_back({std::min(a, b), std::max(a, b), score, basis, StoryRelation::kSameStory, story_of(a, b)});
    };
    const uint32_t da = story.a, db = story.b;
    const auto& A = corpus.docs[da];
    const auto& B = corpus.docs[db];
    // Identical texts, found by their id (refrains are left out of every link, above).
    std::unordered_map<uint32_t, std::vector<uint32_t>> by_text;
    for (uint32_t b = B.first_item; b < B.first_item + B.item_count; ++b)
      if (items[b].exact != detail::kNoKey) by_text[items[b].exact].push_back(b);
    for (uint32_t a = A.first_item; a < A.first_item + A.item_count; ++a) {
      if (items[a].exact == detail::kNoKey || refrain[a]) continue;
      if (items[a].words < 2 && docs[da].quotes[items[a].quote].text.size() < kSameTextMinLetters) continue;
      auto it = by_text.find(items[a].exact);
      if (it == by_text.end()) continue;
      for (uint32_t b : it->second) link(a, b, 1.0, LinkBasis::kSameText);
    }
    // Comparing every quote with every quote, sentence by sentence, is for articles, not for
    // transcripts of thousands of sentences: the work is counted in sentence pairs (two
    // documents of a few long quotes are as costly as two of many short ones), and past the
    // budget the batch-wide index's links are all the two documents get.
    auto sentences = [&](const detail::LinkDoc& d) {
      size_t n = 0;
      for (uint32_t i = d.first_item; i < d.first_item + d.item_count; ++i) n += std::max<uint32_t>(1, items[i].piece_count);
      return n;
    };
    if (sentences(A) * sentences(B) > kMaxPairwise) return;
    if (A.swedish == B.swedish) {
      // Versions in one language share their words: compared here pair by pair, so that a
      // partial quote made of common words (which the batch-wide index passes over) still
      // finds the statement it is from. One link per quote pair, its best sentence pair's.
      for (uint32_t a = A.first_item; a < A.first_item + A.item_count; ++a)
        for (uint32_t b = B.first_item; b < B.first_item + B.item_count; ++b) {
          if (!items[a].speech || !items[b].speech) continue;
          double best = -1;
          for (uint32_t p = items[a].first_piece; p < items[a].first_piece + items[a].piece_count; ++p)
            for (uint32_t q = items[b].first_piece; q < items[b].first_piece + items[b].piece_count; ++q) {
              const detail::Overlap o = detail::SameLanguageOverlap(corpus.pieces[p].bag, corpus.pieces[q].bag);
              if (o.shared >= kRelatedSameLanguageWords && o.containment >= options_.same_language_min)
                best = std::max(best, o.containment);
            }
          if (best >= 0) link(a, b, best, LinkBasis::kWords);
        }
      return;
    }
    // The quotes of aligned sentences pair as a block when the sentences translate each other,
    // else by their own words (see PairQuotes). Between independently written articles a quote
    // whose named speaker the other article never quotes is not one of its quotes, however
    // alike their sentences (another outlet's own expert); in a translation the same people
    // speak, whatever attribution made of them, except in sentences paired from leftovers.
    const auto aligned = detail::AlignGroups(corpus, doc_groups[da], doc_groups[db], align_options);
    // A few words of a longer statement in the other article - unless the sentence they are in
    // was paired (in the first round, by content) with another sentence there: then their
    // version is in that sentence, not inside a longer quote that shares a word with them.
    std::unordered_map<uint32_t, uint32_t> partner;  // group -> the group it was paired with
    for (const auto& m : aligned.groups)
      if (!m.leftover) {
        partner[m.g] = m.h;
        partner[m.h] = m.g;
      }
    for (const auto& m : detail::PartialQuotes(corpus, da, db)) {
      const auto it = partner.find(items[m.shorter].group);
      if (it != partner.end() && it->second != items[m.longer].group) continue;
      link(m.shorter, m.longer, m.score, LinkBasis::kPartial);
    }
    for (const auto& m : aligned.groups) {
      const bool translated = aligned.translation || m.sentence >= kTranslatedSentence;
      for (const auto& [a, b] : detail::PairQuotes(corpus, corpus.groups[m.g], corpus.groups[m.h], translated))
        // Sentences paired only as leftovers are weaker evidence: there a speaker the other
        // article never quotes, however found, says the quote is not one of its quotes.
        if ((aligned.translation && !m.leftover) ||
            (!ForeignSpeaker(items[a], db, m.leftover) && !ForeignSpeaker(items[b], da, m.leftover)))
          link(a, b, m.score, LinkBasis::kSentence);
    }
  };
  {
    std::vector<std::vector<Edge>> per_story(stories.size());
    // Each story's links capped as they are made: what is held stays linear in quotes.
    ForEachParallel(0, stories.size(), options_.threads, [&](size_t i) {
      align_story(stories[i], &per_story[i]);
      detail::KeepBestCandidates(&per_story[i], options_.max_candidates);
    });
    for (auto& e : per_story) {
      edges.insert(edges.end(), e.begin(), e.end());
      std::vector<Edge>().swap(e);
    }
  }

  stage("alignment: candidate links", edges.size());
  detail::KeepBestCandidates(&edges, options_.max_candidates);
  stage("candidate links kept", edges.size());
  if (!options_.explain) {
    detail::ReleaseBags(&corpus);  // only the explanations read them from here on
    stage("bags released", 0);
  }
  const detail::Clustering clustering = detail::ClusterItems(corpus, std::move(edges));
  stage("clusters", clustering.clusters.size());
  // Output in input order: members by where their document was given, clusters by their
  // first member, each link from the member given first.
  auto input_place = [&](uint32_t item) { return std::make_pair(input_rank[items[item].doc], items[item].quote); };
  auto given_first = [&](uint32_t x, uint32_t y) { return input_place(x) < input_place(y); };
  std::vector<std::vector<uint32_t>> members = clustering.clusters;
  for (auto& m : members) std::sort(m.begin(), m.end(), given_first);
  std::vector<size_t> cluster_order(members.size());
  for (size_t c = 0; c < members.size(); ++c) cluster_order[c] = c;
  std::sort(cluster_order.begin(), cluster_order.end(),
            [&](size_t x, size_t y) { return given_first(members[x].front(), members[y].front()); });
  std::vector<Cluster> clusters;
  for (const size_t c : cluster_order) {
    Cluster cluster;
    cluster.id = "c" + std::to_string(clusters.size());
    uint32_t fullest = members[c].front();
    for (uint32_t i : members[c]) {
      Quote& q = docs[items[i].doc].quotes[items[i].quote];
      q.cluster_id = cluster.id;
      cluster.quote_ids.push_back(q.id);
      const std::string& lang = docs[items[i].doc].lang;
      if (std::find(cluster.languages.begin(), cluster.languages.end(), lang) == cluster.languages.end())
        cluster.languages.push_back(lang);
      if (items[i].words > items[fullest].words) fullest = i;
    }
    std::sort(cluster.languages.begin(), cluster.languages.end());
    cluster.representative = docs[items[fullest].doc].quotes[items[fullest].quote].text;
    cluster.confidence = 1.0;
    for (Edge e : clustering.joins[c]) {
      if (given_first(e.b, e.a)) std::swap(e.a, e.b);
      QuoteLink link;
      link.from = docs[items[e.a].doc].quotes[items[e.a].quote].id;
      link.to = docs[items[e.b].doc].quotes[items[e.b].quote].id;
      link.score = e.score;
      link.relation = e.relation == StoryRelation::kSameStory ? "same story" : "unrelated";
      static const char* const kBasis[] = {"words", "translation", "sentence", "same text", "partial translation"};
      link.basis = kBasis[static_cast<int>(e.basis)];
      if (options_.explain) {
        const uint32_t da = items[e.a].doc, db = items[e.b].doc;
        auto it = related.find(detail::DocPair(da, db));
        const double story = it != related.end() ? it->second : (da == db ? 1.0 : detail::StoryScore(corpus, da, db));
        link.evidence = detail::ExplainLink(corpus, docs, e, story);
      }
      cluster.confidence = std::min(cluster.confidence, e.score);
      cluster.links.push_back(std::move(link));
    }
    clusters.push_back(std::move(cluster));
  }
  return clusters;
}

std::vector<Cluster> Linker::Link(std::vector<DocumentResult>& docs) const {
  // Read in canonical order (moved, not copied), given back in input order.
  const std::vector<uint32_t> order = detail::CanonicalOrder(docs, data_->pivot);
  std::vector<uint32_t> input_rank(order.size());
  std::vector<DocumentResult> canonical;
  canonical.reserve(docs.size());
  for (uint32_t i = 0; i < order.size(); ++i) {
    input_rank[i] = order[i];
    canonical.push_back(std::move(docs[order[i]]));
  }
  std::vector<Cluster> clusters = LinkInCanonicalOrder(canonical, input_rank);
  for (uint32_t i = 0; i < order.size(); ++i) docs[order[i]] = std::move(canonical[i]);
  return clusters;
}

}  // namespace quoth
