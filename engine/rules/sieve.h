// The steps of the attribution sieve, by name: a language pack may list them in its own order
// (`attribution_sieves:`), and a quote's speaker says which one named it. The steps themselves are
// the speaker resolver's (engine/speakers/resolver.cc); the rules stage only knows their names,
// so a pack is checked when it loads.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace quoth::detail {

enum class Sieve {
  kDialogueTag,             // "– …, säger Ann Holm."
  kTagAfter,                // "…," Peskov said.
  kTagBefore,               // He added: "…"
  kReportingSubject,        // Holt said it was "…"
  kSecondHalf,              // "…," Holt said, "…"
  kReportedSpeech,          // "…", sagte Holt. Es sei „…“.
  kParagraphSpeaker,        // Holt laughs. "…"
  kContinuation,            // "…," Holt said. ¶ "…"
  kSpeakingBefore,          // Holt said … ¶ "…"
  kParagraphBeforeSubject,  // Holt was angry. ¶ "…"
};
inline constexpr size_t kSieveCount = 10;
static_assert(static_cast<size_t>(Sieve::kParagraphBeforeSubject) + 1 == kSieveCount, "a step added to Sieve needs kSieveCount");

// The order of trust when a pack lists none: the quote's own tag, nearest first, then its context.
inline constexpr std::array<Sieve, kSieveCount> kDefaultSieveOrder = {
    Sieve::kDialogueTag,      Sieve::kTagAfter,        Sieve::kTagBefore,    Sieve::kReportingSubject,
    Sieve::kSecondHalf,       Sieve::kReportedSpeech,  Sieve::kParagraphSpeaker, Sieve::kContinuation,
    Sieve::kSpeakingBefore,   Sieve::kParagraphBeforeSubject};

// "tag-after", as a pack and the --explain output write it.
const char* SieveName(Sieve s);
std::optional<Sieve> SieveNamed(std::string_view name);

}  // namespace quoth::detail
