// Quotes -> utterances, without chaining.
//
// Links are taken best first (of equal scores, those between documents that tell one story
// more closely first). A cluster's fullest version (the member with the most words; of equals,
// the one the larger cluster had) is
// the utterance it stands for, and a cluster grows only on evidence against it: two clusters
// merge only when, after the merge, every member is linked directly to the fullest version (by
// a link, or by sharing a sentence with a member that is), or, for two clusters of several
// members, when every member of each links into the other (by a fairly strong link, or one
// between versions of about one length). So a quote that resembles one
// member of another cluster cannot pull that cluster in, and one wrong link cannot join two
// utterances through a long quote. Clusters with two different known people never merge: two
// people do not say one utterance. Organisations are neutral (their names are translated), and so are
// speakers found through a pronoun or a follow-on paragraph (another outlet reorders the
// narrative they are resolved from).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/link/corpus.h"

namespace quoth::detail {

enum class LinkBasis : uint8_t { kWords, kTranslation, kSentence, kSameText, kPartial };
enum class StoryRelation : uint8_t { kSameStory, kUnrelated };
// The stage that decided a link (for --explain): a sentence match (match_decision.h), the rest
// of a split quote (split_quote.h), or the comparison of two related documents
// (story_alignment.h): identical texts, quote pairs in one language, a partial quote inside a
// longer one, quotes of aligned sentences.
enum class LinkStage : uint8_t { kMatchDecision, kSplitQuote, kSameText, kQuotePairs, kPartialQuote, kAlignedSentences };
const char* StageName(LinkStage stage);

struct Edge {
  uint32_t a = 0, b = 0;  // items, a < b
  double score = 0.0;
  LinkBasis basis = LinkBasis::kWords;
  StoryRelation relation = StoryRelation::kUnrelated;
  LinkStage stage = LinkStage::kMatchDecision;  // (in the padding before `story`: an Edge stays 24 bytes)
  float story = 0.0f;     // how closely the two documents tell one story (StoryScore; 0 when unrelated)
};

struct Clustering {
  std::vector<std::vector<uint32_t>> clusters;  // items, in item order; clusters of two or more, by first item
  std::vector<std::vector<Edge>> joins;         // per cluster: the links that merged it
};

// Two items may be one utterance only if their speakers do not differ.
bool SpeakersAgree(const LinkItem& a, const LinkItem& b);

Clustering ClusterItems(const LinkCorpus& corpus, std::vector<Edge> edges);

}  // namespace quoth::detail
