// Segments: how a long document is read in pieces of bounded size.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "quoth/types.h"

namespace quoth::detail {

// One piece of a long document. `window` is the text the stages read; `report` (inside it) is
// where the quotes this piece reports start. Reports tile the document; each window adds up to
// `context` bytes of the neighbouring text either side, so that a quote near a cut still sees
// the tag, pronoun antecedent or closing mark on the other side.
struct Segment {
  Span window;
  Span report;
  size_t first_line = 1;  // 1-based line of window.start
};

// Cuts `text` into segments whose reports are about `segment_bytes` long (one segment when
// the text is no longer, or when segment_bytes is 0). A cut is made, in order of preference, at
// a line break, after a sentence's full stop and space, at a space, or between two characters,
// in the second half of the segment; windows start and end at line breaks where one is near.
// No cut falls inside one of `unbroken` (sorted, not overlapping: the document's quotes, from
// opening to closing mark): the cut moves before the quote, or when that would leave less than
// half a segment, after it (a report then runs longer than segment_bytes), so every quote is
// read whole inside one window, however long it is.
std::vector<Segment> PlanSegments(std::string_view text, size_t segment_bytes, size_t context_bytes,
                                  const std::vector<Span>& unbroken = {});

// Lines of `text` as Document counts them (\n, \r\n or a lone \r end a line; a final line end
// does not start another).
size_t CountLines(std::string_view text);

}  // namespace quoth::detail
