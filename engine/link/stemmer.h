// Snowball stemmers (libstemmer), one per language. A Stemmer is not thread-safe: make one per
// thread or per call; they are cheap.
#pragma once

#include <string>
#include <string_view>

struct sb_stemmer;

namespace quoth::detail {

class Stemmer {
 public:
  explicit Stemmer(const std::string& language);  // "en" or "sv"; unknown: identity
  ~Stemmer();
  Stemmer(const Stemmer&) = delete;
  Stemmer& operator=(const Stemmer&) = delete;

  std::string Stem(std::string_view lower_word) const;

 private:
  sb_stemmer* stemmer_ = nullptr;
};

}  // namespace quoth::detail
