#include "engine/rules/sieve.h"

namespace quoth::detail {

const char* SieveName(Sieve s) {
  switch (s) {
    case Sieve::kDialogueTag: return "dialogue-tag";
    case Sieve::kTagAfter: return "tag-after";
    case Sieve::kTagBefore: return "tag-before";
    case Sieve::kReportingSubject: return "reporting-subject";
    case Sieve::kSecondHalf: return "second-half";
    case Sieve::kReportedSpeech: return "reported-speech";
    case Sieve::kParagraphSpeaker: return "paragraph-speaker";
    case Sieve::kContinuation: return "continuation";
    case Sieve::kSpeakingBefore: return "speaking-before";
    case Sieve::kParagraphBeforeSubject: return "paragraph-before-subject";
  }
  return "?";
}

std::optional<Sieve> SieveNamed(std::string_view name) {
  for (Sieve s : kDefaultSieveOrder)
    if (name == SieveName(s)) return s;
  return std::nullopt;
}

}  // namespace quoth::detail
