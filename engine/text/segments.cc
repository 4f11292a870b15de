// Segment planning for long documents.
//
// Memory and time per byte must not grow with the document (issue: a 100 MB document of dash
// dialogue held every paragraph, sentence, candidate and quote at once, ~60 bytes per input
// byte). So a document longer than a segment is read as a run of segments: each is cut where
// a reader would pause (a line break, else a sentence end, else a space), each stage runs on
// the segment's window only, and the window's extra context either side keeps the reading of
// the quotes near a cut the same as in the whole text. News articles are far shorter than a
// segment and are read whole, as before.
#include "engine/text/segments.h"

#include <algorithm>

#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

// Does the byte at `i` end a line as Document reads lines (\n, or a \r not before \n)?
bool EndsLine(std::string_view text, size_t i) {
  return text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
}

// Is `i` just after a sentence's end and a space (". ", "? ", "! ")? Needs i >= 2.
bool AfterSentenceEnd(std::string_view text, size_t i) {
  return text[i - 1] == ' ' && (text[i - 2] == '.' || text[i - 2] == '?' || text[i - 2] == '!');
}

// The latest offset in (lo, hi] just after a line break; npos when none.
size_t LastLineStart(std::string_view text, size_t lo, size_t hi) {
  for (size_t i = hi; i > lo; --i)
    if (EndsLine(text, i - 1)) return i;
  return std::string_view::npos;
}

// The first offset in [lo, hi] just after a line break; npos when none.
size_t FirstLineStart(std::string_view text, size_t lo, size_t hi) {
  for (size_t i = std::max<size_t>(lo, 1); i <= hi; ++i)
    if (EndsLine(text, i - 1)) return i;
  return std::string_view::npos;
}

// Where to end a report that should end near `target`, no earlier than `lo`.
size_t CutNear(std::string_view text, size_t lo, size_t target) {
  if (size_t at = LastLineStart(text, lo, target); at != std::string_view::npos) return at;
  for (size_t i = target; i > lo + 1; --i)
    if (AfterSentenceEnd(text, i)) return i;
  for (size_t i = target; i > lo; --i)
    if (text[i - 1] == ' ' || text[i - 1] == '\t') return i;
  return std::max(lo + 1, CharStartAtOrBefore(text, target));
}

// The span of `unbroken` that `cut` falls strictly inside, or nullptr.
const Span* Straddled(const std::vector<Span>& unbroken, size_t cut) {
  auto it = std::upper_bound(unbroken.begin(), unbroken.end(), cut, [](size_t at, const Span& s) { return at < s.end; });
  return it != unbroken.end() && it->start < cut ? &*it : nullptr;
}

// Where to cut after `from` (the end of a quote that may not be cut): the first line start
// within `reach` bytes, else just after a sentence's end, else `from` itself; never inside
// one of `unbroken`.
size_t CutAfter(std::string_view text, size_t from, size_t reach, const std::vector<Span>& unbroken) {
  const size_t limit = std::min(text.size(), from + reach);
  if (size_t at = FirstLineStart(text, from, limit); at != std::string_view::npos && !Straddled(unbroken, at)) return at;
  for (size_t i = from + 2; i <= limit; ++i)
    if (AfterSentenceEnd(text, i)) return Straddled(unbroken, i) ? from : i;
  return from;
}

// The cut for a report that starts at `start` and would end at `cut`, moved out of any quote.
size_t KeepQuotesWhole(std::string_view text, size_t start, size_t cut, size_t segment_bytes, size_t context_bytes,
                       const std::vector<Span>& unbroken) {
  const Span* quote = Straddled(unbroken, cut);
  if (!quote) return cut;
  const size_t lo = start + segment_bytes / 2;
  if (quote->start > lo) {  // before the quote, where a reader would pause if there is such a place
    const size_t before = CutNear(text, lo, quote->start);
    return Straddled(unbroken, before) ? quote->start : before;
  }
  return CutAfter(text, quote->end, context_bytes, unbroken);
}

}  // namespace

size_t CountLines(std::string_view text) {
  if (text.empty()) return 0;
  size_t breaks = 0;
  for (size_t i = 0; i < text.size(); ++i) breaks += EndsLine(text, i);
  return 1 + breaks - (text.back() == '\n' || text.back() == '\r' ? 1 : 0);
}

std::vector<Segment> PlanSegments(std::string_view text, size_t segment_bytes, size_t context_bytes,
                                  const std::vector<Span>& unbroken) {
  const size_t n = text.size();
  if (segment_bytes == 0 || n <= segment_bytes) return {Segment{{0, n}, {0, n}, 1}};
  std::vector<size_t> cuts{0};
  while (n - cuts.back() > segment_bytes) {
    const size_t start = cuts.back();
    const size_t cut = CutNear(text, start + segment_bytes / 2, start + segment_bytes);
    cuts.push_back(KeepQuotesWhole(text, start, cut, segment_bytes, context_bytes, unbroken));
  }
  if (cuts.back() < n) cuts.push_back(n);

  std::vector<Segment> segments;
  size_t counted_to = 0, line = 1;  // line breaks counted up to `counted_to`
  for (size_t k = 0; k + 1 < cuts.size(); ++k) {
    const size_t from = cuts[k], to = cuts[k + 1];
    size_t start = from;
    if (from > 0) {  // back by the context to a line start, so the window opens with whole paragraphs
      const size_t back = from > context_bytes ? from - context_bytes : 0;
      start = FirstLineStart(text, back, from - 1);
      if (start == std::string_view::npos) {  // a long paragraph before the cut: the one before it, within twice the context
        const size_t far_back = from > 2 * context_bytes ? from - 2 * context_bytes : 0;
        start = LastLineStart(text, far_back, back);
      }
      if (start == std::string_view::npos) {  // no line break near: a space
        start = from;
        for (size_t i = back; i < from; ++i)
          if (text[i] == ' ') { start = i + 1; break; }
      }
      // Not inside a quote either: the window reads that quote from its opening mark, as the
      // whole text does, instead of taking its closing mark for an opening one.
      if (const Span* quote = Straddled(unbroken, start)) start = quote->start;
    }
    size_t end = to;
    if (to < n) {  // on by the context, then back to a line end (or a space)
      const size_t ahead = std::min(n, to + context_bytes);
      end = LastLineStart(text, to, ahead);
      if (end == std::string_view::npos) {
        end = CharStartAtOrBefore(text, ahead);
        for (size_t i = ahead; i > to; --i)
          if (text[i - 1] == ' ') { end = i; break; }
      }
    }
    if (start < counted_to) counted_to = 0, line = 1;  // a window reaching back past the one before (tiny segments)
    for (; counted_to < start; ++counted_to) line += EndsLine(text, counted_to);
    segments.push_back({{start, end}, {from, to}, line});
  }
  return segments;
}

}  // namespace quoth::detail
