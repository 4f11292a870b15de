// String forms of the public enums and of Status/Diagnostic.
#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth {

std::string Diagnostic::ToString() const {
  std::string out;
  if (!file.empty()) {
    out += file;
    if (line) {  // appended piece by piece: GCC 12 warns falsely (-Wrestrict) on ":" + std::string
      out += ':';
      out += std::to_string(line);
      out += ':';
      out += std::to_string(column);
    }
    out += ": ";
  }
  if (!rule.empty()) out += "[" + rule + "] ";
  return out + message;
}

std::string Status::ToString() const {
  std::string out = message_;
  for (const auto& d : diagnostics_) {
    out += '\n';
    out += d.ToString();
  }
  return out;
}

BadResultAccess::BadResultAccess(Status status)
    : status_(std::move(status)), what_("quoth::Result::value() on an error: " + status_.ToString()) {}

const char* BadResultAccess::what() const noexcept { return what_.c_str(); }

std::string_view ToString(QuoteKind kind) {
  switch (kind) {
    case QuoteKind::kDirect: return "direct";
    case QuoteKind::kPartial: return "partial";
    case QuoteKind::kDialogue: return "dialogue";
    case QuoteKind::kHeadline: return "headline";
    case QuoteKind::kScare: return "scare";
    case QuoteKind::kTitle: return "title";
    case QuoteKind::kEpithet: return "epithet";
    case QuoteKind::kNested: return "nested";
  }
  return "direct";
}

bool IsSpeech(QuoteKind kind) {
  return kind == QuoteKind::kDirect || kind == QuoteKind::kPartial || kind == QuoteKind::kDialogue;
}

std::string_view ToString(AttributionMethod method) {
  switch (method) {
    case AttributionMethod::kExplicit: return "explicit";
    case AttributionMethod::kPronoun: return "pronoun";
    case AttributionMethod::kDescription: return "description";
    case AttributionMethod::kSubject: return "subject";
    case AttributionMethod::kContinuation: return "continuation";
  }
  return "explicit";
}

std::string_view ToString(EntityKind kind) {
  return kind == EntityKind::kPerson ? "person" : "organisation";
}

}  // namespace quoth
