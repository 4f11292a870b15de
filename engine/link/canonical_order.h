// The order linking reads a batch in: by each document's content, not by where it was given, so
// that the same documents give the same clusters and people in any input order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "quoth/types.h"

namespace quoth::detail {

// A hash of what linking reads of a document: its language, size and every quote (text, span,
// kind, speaker, the sentence around it) and its story words; not the ids Extract numbered by
// input position ("d3.q0"). The same on every platform (FNV-1a).
uint64_t ContentHash(const DocumentResult& doc);

// The documents' indices in canonical order: those in `pivot_language` (the language the word
// tables translate into) first, then by content hash, then by document id; documents equal in
// all (one file given twice) keep their input order, which cannot change a cluster's members,
// only which copy's quote ids name them. Pivot-language documents first: where numbers break a
// tie (two versions of one length, equally strong links), the version in the language the
// others are translated into is the one the cluster forms around.
std::vector<uint32_t> CanonicalOrder(const std::vector<DocumentResult>& docs, const std::string& pivot_language);

}  // namespace quoth::detail
