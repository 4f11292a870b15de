// Snowball stemmers (libstemmer), named by the packs' `stemmer:` key. A Stemmer is not thread-safe: make one per
// thread or per call; they are cheap.
#pragma once

#include <string>
#include <string_view>

struct sb_stemmer;

namespace quoth::detail {

class Stemmer {
 public:
  // A Snowball algorithm name ("english", "swedish", "german"); empty or unknown: identity.
  explicit Stemmer(const std::string& algorithm);
  ~Stemmer();
  Stemmer(const Stemmer&) = delete;
  Stemmer& operator=(const Stemmer&) = delete;

  std::string Stem(std::string_view lower_word) const;

 private:
  sb_stemmer* stemmer_ = nullptr;
};

}  // namespace quoth::detail
