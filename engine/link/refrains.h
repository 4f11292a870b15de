// Quotes that link to nothing because their text names no one utterance: a refrain (a text its
// article repeats again and again: a chant) and a slogan (a short text that documents across
// the batch put in several mouths).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/link/corpus.h"

namespace quoth::detail {

struct RefrainOptions {
  size_t max_repeats = 4;        // a text one document repeats more often is a refrain
  size_t slogan_max_words = 6;   // a text this short ...
  size_t slogan_documents = 3;   // ... in this many documents, said by different people, is a slogan
};

// Per item: 1 when it is a refrain or a slogan.
std::vector<uint8_t> FindRefrains(const std::vector<LinkItem>& items, const RefrainOptions& options);

}  // namespace quoth::detail
