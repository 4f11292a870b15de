#include "engine/link/stemmer.h"

#include <libstemmer.h>

namespace quoth::detail {

Stemmer::Stemmer(const std::string& algorithm) {
  if (!algorithm.empty()) stemmer_ = sb_stemmer_new(algorithm.c_str(), "UTF_8");
}

Stemmer::~Stemmer() {
  if (stemmer_) sb_stemmer_delete(stemmer_);
}

std::string Stemmer::Stem(std::string_view w) const {
  if (!stemmer_) return std::string(w);
  const sb_symbol* out = sb_stemmer_stem(stemmer_, reinterpret_cast<const sb_symbol*>(w.data()), static_cast<int>(w.size()));
  if (!out) return std::string(w);
  return std::string(reinterpret_cast<const char*>(out), static_cast<size_t>(sb_stemmer_length(stemmer_)));
}

}  // namespace quoth::detail
