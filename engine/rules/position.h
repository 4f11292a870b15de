// Where an attribution pattern runs, relative to a quote.
#pragma once

#include <cstddef>

namespace quoth::detail {

// kAfterFullStop: after a quote that ends its sentence with a full stop, where the next
// sentence may be the tag (`…." Rubio said Sunday.`); only patterns written for it run there.
// kFronted: in a language that puts the verb second, a sentence that opens with an adverbial
// ("I ett pressmeddelande skriver kommunen att ”…”"), read from its first speech verb to the
// quote: the verb's subject follows it. Tried when no sentence pattern gives a speaker.
// kVerbAfter: the text before the quote, as kSentence, of a sentence whose speech verb follows
// the quote ("X hat die Pläne als „…“ bezeichnet").
enum class Position { kAfter, kBefore, kSentence, kDialogue, kAfterFullStop, kFronted, kVerbAfter };
inline constexpr size_t kPositionCount = 7;
const char* PositionName(Position p);

}  // namespace quoth::detail
