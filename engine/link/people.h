// One id per person across documents (Entity::global_id), from a spelling-tolerant surname key
// ("Lukashenko" ~ "Lukasjenko" ~ "Lukashenka") and the first initial: two people with one
// surname and different first names stay two.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/text/word_set.h"
#include "quoth/types.h"

namespace quoth::detail {

// Transliteration variants folded (sj/sh, j/y, w/v), doubled letters collapsed, vowels after
// the first letter dropped.
std::string SurnameKey(const std::string& name);

// `titles`: lower-case title words ("president", "minister"); a name's leading titles are not
// its first name ("President-elect Andres Manuel Lopez Obrador" ~ "Andres Manuel Lopez Obrador").
// Names are grouped into people reading `docs` in their order; the ids ("p0", "p1", ...) are
// numbered by where each person is first named, reading the documents by `numbering_rank`
// (rank[d]: where document d stands in that order; empty: the order of `docs`). The linker
// groups in its canonical order and numbers in the order the documents were given.
void AssignGlobalIds(std::vector<DocumentResult>& docs, const WordSet& titles,
                     const std::vector<uint32_t>& numbering_rank = {});

}  // namespace quoth::detail
