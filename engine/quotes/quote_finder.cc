// Quote-mark pairing and dash dialogue.
//
// Marks are paired by a linear scan with a stack, not by a regex: each mark is classified by
// its neighbours (an opener is followed by a non-space and preceded by space or an opening
// bracket; a closer the reverse), apostrophes are recognised by letters on both sides or a
// following digit ('90s), and a closer pairs with the nearest open mark of the same family,
// so curly and straight quotes mix (“provoking Russia,"). A quote left open at the end of a
// paragraph continues into the next one when that paragraph re-opens it (the news convention
// for multi-paragraph quotes) or closes it first (one sentence per line); otherwise it is
// dropped with a warning. A paragraph that opens with a dialogue dash is a quote up to the
// first dialogue tag (", säger han") found by the rule pack's dialogue patterns.
#include "engine/quotes/quote_finder.h"

#include <algorithm>

#include "engine/quotes/quote_kinds.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

constexpr size_t kMaxDepth = 64;       // deeper stacks are unbalanced junk: drop the oldest
constexpr size_t kMaxParagraphs = 40;  // a quote running longer than this is a stray mark
constexpr size_t kMaxSilentParagraphs = 4;  // paragraphs without marks a quote may run through

struct OpenMark {
  Span mark;
  int family;
  size_t paragraph;
  size_t depth;
  std::vector<Span> parts;  // finished parts (earlier paragraphs)
  size_t part_start;        // start of the current part
  bool opens_sentence = false;  // at a paragraph's start or after a colon, before a capital
};


bool IsOpeningPunct(char32_t c) {
  return c == '(' || c == '[' || c == '{' || c == '/' || c == 0x2014 || c == 0x2013 || c == '-' ||
         c == 0x2018 || c == 0x201C || c == 0x201E || c == 0xAB || c == 0xBB || c == '"' || c == '\'';
}

bool IsClosingPunct(char32_t c) {
  return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == ')' ||
         c == ']' || c == '}' || c == 0x2026 || c == 0x2014 || c == 0x2013 || c == '-' ||
         c == 0x2019 || c == 0x201D || c == 0xBB || c == 0xAB || c == '"' || c == '\'' || c == '/';
}

bool IsCloserChar(char32_t c) { return c == '"' || c == '\'' || c == 0x2019 || c == 0x201D; }
bool IsOpenerChar(char32_t c) { return c == '"' || c == '\'' || c == 0x2018 || c == 0x201C; }

struct MarkEvent {
  const MarkInfo* info;
  Span at;
  bool can_open;
  bool can_close;
};

// ' and ’ are apostrophes too ("don't", "the students' rooms").
bool MayBeApostrophe(std::string_view mark) { return mark == "'" || mark == "\xE2\x80\x99"; }

// Classifies the mark at `i` of paragraph `para` by its neighbours.
MarkEvent Classify(std::string_view text, Span para, size_t i, const MarkInfo* m) {
  MarkEvent ev{m, {i, i + m->mark.size()}, false, false};
  size_t s = 0, len = 0;
  const char32_t prev = i > para.start ? DecodeBefore(text, i, &s) : 0;
  const char32_t next = ev.at.end < para.end ? DecodeAt(text, ev.at.end, &len) : 0;
  const bool prev_space = prev == 0 || IsSpace(prev);
  const bool next_space = next == 0 || IsSpace(next);
  // One space between a closing mark and this one (' " / ’ ”), or between this one and an
  // opening mark (" ' / “ ‘), is a typesetter's spacing of adjacent marks, not a word gap.
  size_t s2 = 0, len2 = 0;
  const bool spaced_after_closer = prev == ' ' && i - 1 > para.start && IsCloserChar(DecodeBefore(text, i - 1, &s2));
  const bool spaced_before_opener = next == ' ' && ev.at.end + 1 < para.end && IsOpenerChar(DecodeAt(text, ev.at.end + 1, &len2));
  const bool space_before_closing = prev_space && !spaced_after_closer;
  const bool space_after_opening = next_space && !spaced_before_opener;
  if (MayBeApostrophe(m->mark)) {
    if (IsWordChar(prev) && IsWordChar(next)) return ev;    // don't, Putin's, isn’t
    if (prev_space && IsDigit(next)) return ev;            // '90s
  }
  if (m->opens && !m->closes) {
    ev.can_open = !space_after_opening;
  } else if (m->closes && !m->opens) {
    ev.can_close = !space_before_closing;
  } else {
    ev.can_open = !space_after_opening && (prev_space || IsOpeningPunct(prev));
    ev.can_close = !space_before_closing && (next_space || IsClosingPunct(next));
  }
  return ev;
}

// A single mark after a word's s and before a lower-case word ("the students' rooms") closes a
// quote of a few words ('fake news' is) but is a plural possessive inside a quoted sentence.
bool PluralPossessive(std::string_view text, Span para, const MarkEvent& ev) {
  if (ev.at.start <= para.start || text[ev.at.start - 1] != 's') return false;
  if (!MayBeApostrophe(ev.info->mark)) return false;
  return ev.at.end + 1 < para.end && text[ev.at.end] == ' ' && text[ev.at.end + 1] >= 'a' && text[ev.at.end + 1] <= 'z';
}

// Does the mark at `at` open a quoted sentence (paragraph start or after a colon, then a capital)?
bool OpensSentence(std::string_view text, Span para, Span at) {
  size_t b = at.start;
  while (b > para.start && text[b - 1] == ' ') --b;
  const bool after_start = b == para.start || text[b - 1] == ':';
  size_t len = 0;
  return after_start && at.end < para.end && IsUpper(DecodeAt(text, at.end, &len));
}

// The first mark of `family` in `para` that can open or close a quote, classified; false when
// there is none (apostrophes - "that's", "'90s" - are not marks).
bool FirstMark(std::string_view text, Span para, const LanguageRules& rules, int family, MarkEvent* out) {
  for (size_t i = para.start; (i = rules.quote_marks.NextCandidate(text, i, para.end)) < para.end; ++i) {
    const MarkInfo* m = rules.quote_marks.At(text, i);
    if (!m || m->family != family) continue;
    *out = Classify(text, para, i, m);
    if (out->can_open || out->can_close) return true;
  }
  return false;
}

// Is there a reason to carry an open quote of `family` into paragraph `p`?
// Returns the byte where the continued part starts, or npos.
size_t Continuation(const Document& doc, const LanguageRules& rules, size_t p, const OpenMark& open) {
  if (p >= doc.paragraphs().size()) return std::string_view::npos;
  const Span para = doc.paragraphs()[p].span;
  std::string_view text = doc.text();
  const int family = open.family;
  if (const MarkInfo* m = rules.quote_marks.At(text, para.start); m && m->family == family) {
    MarkEvent ev = Classify(text, para, para.start, m);
    // Re-opened with the same mark (“… \n\n “…”). A different style ("… then “…) means the
    // first mark was a stray, not a quote running on.
    if (ev.can_open) return doc.Slice(open.mark) == m->mark ? ev.at.end : std::string_view::npos;
  }
  // One sentence per line: the next paragraph closes the quote before opening any.
  MarkEvent first;
  if (FirstMark(text, para, rules, family, &first)) return first.can_close && !first.can_open ? para.start : std::string_view::npos;
  // A paragraph with no mark of this family at all continues the quote when a later one
  // (within a few) closes it first.
  for (size_t next = p + 1; next < doc.paragraphs().size() && next <= p + kMaxSilentParagraphs; ++next)
    if (FirstMark(text, doc.paragraphs()[next].span, rules, family, &first))
      return first.can_close && !first.can_open ? para.start : std::string_view::npos;
  return std::string_view::npos;
}

bool StartsWithDash(std::string_view text, Span para, const LanguageRules& rules, size_t* after) {
  for (const auto& dash : rules.pack.dialogue_dashes) {
    if (text.compare(para.start, dash.size(), dash) != 0) continue;
    size_t i = para.start + dash.size();
    size_t len = 0;
    if (i >= para.end || !IsSpace(DecodeAt(text, i, &len))) continue;
    while (i < para.end && IsSpace(DecodeAt(text, i, &len))) i += len;
    if (i >= para.end) continue;
    *after = i;
    return true;
  }
  return false;
}

// Finds the first dialogue tag in [from, end): the leftmost match of the dialogue patterns.
bool FindDialogueTag(std::string_view text, size_t from, size_t end, const LanguageRules& rules,
                     QuoteCandidate* q) {
  const RuleMatcher::Match m = rules.matcher.Leftmost(Position::kDialogue, text, {from, end});
  if (m.pattern == RuleMatcher::kNone) return false;
  q->tag = m.whole;
  q->tag_pattern = m.pattern;
  q->rule = rules.pack.patterns[m.pattern].id;
  q->tag_speaker = m.speaker;
  return true;
}

void TrimSpan(std::string_view text, Span* s) {
  size_t len = 0, st = 0;
  while (s->start < s->end && IsSpace(DecodeAt(text, s->start, &len))) s->start += len;
  while (s->end > s->start && IsSpace(DecodeBefore(text, s->end, &st))) s->end = st;
}

// Are the words `s` of a dash turn after its tag's sentence still the speaker's? They are when
// they speak in the first or second person (the pack's `own_voice`: jag, vi, oss, du ...), or
// open with a word that carries the speaker's point on (`run_on_openers`: "Men", "Det"); a
// sentence that opens on a new subject ("Rättegången avslutades …") is the writer's.
bool SpeakerGoesOn(std::string_view text, Span s, const LanguageRules& rules) {
  if (rules.pack.own_voice.empty() && rules.pack.run_on_openers.empty()) return false;
  std::string word;
  bool first = true;
  for (size_t i = s.start; i <= s.end; ) {
    size_t len = 1;
    const char32_t c = i < s.end ? DecodeAt(text, i, &len) : U' ';
    if (IsWordChar(c)) {
      word.append(text.substr(i, len));
    } else if (!word.empty()) {
      const std::string lower = ToLower(word);
      if (rules.pack.own_voice.count(lower) || (first && rules.pack.run_on_openers.count(lower))) return true;
      first = false;
      word.clear();
    }
    i += len;
  }
  return false;
}

void FindDialogue(const Document& doc, const LanguageRules& rules, size_t p, std::vector<QuoteCandidate>* out) {
  // A window that opens mid-line opens in a paragraph that did not start with a dash (a dash
  // paragraph is never cut): a dash there is a dash inside a sentence.
  if (p == 0 && doc.opens_mid_line()) return;
  const Span para = doc.paragraphs()[p].span;
  std::string_view text = doc.text();
  size_t start = 0;
  if (!StartsWithDash(text, para, rules, &start)) return;
  bool later_turn = false;
  Span run_on;  // the turn's words after its tag's sentence, if any
  while (start < para.end) {
    QuoteCandidate q;
    q.kind = QuoteKind::kDialogue;
    q.rule = "dialogue";
    q.open_mark = {para.start, start};
    q.first_paragraph = q.last_paragraph = p;
    q.continues_turn = later_turn;
    size_t next_turn = para.end;
    if (FindDialogueTag(text, start, para.end, rules, &q)) {
      // A tag that opens with the turn's own ! or ? ("– Äntligen! säger han."): they are the
      // speaker's, not the tag's.
      const size_t tag_start = q.tag.start < para.end && (text[q.tag.start] == '!' || text[q.tag.start] == '?') ? q.tag.start + 1 : q.tag.start;
      q.span = {start, tag_start};
      // Trim a comma that belongs to the tag (", säger han"), keep ? and !.
      TrimSpan(text, &q.span);
      while (q.span.end > q.span.start && text[q.span.end - 1] == ',') --q.span.end;
      // A later turn in the same paragraph: ". – Och sedan …"; and the speaker's words going
      // on after the tag's sentence without a dash ("– Ingen frågade oss, säger han. Vi fick
      // ett brev."), the wire services' way of running one turn on.
      // From the speaker's last character: a tag's match may end past its full stop.
      const size_t from = q.tag_speaker.end > q.tag_speaker.start ? q.tag_speaker.end - 1 : q.tag.end;
      for (size_t i = from; i + 1 < para.end; ++i) {
        const char c = text[i];
        if (c != '.' && c != '!' && c != '?' && c != ':') continue;
        size_t after = 0;
        Span rest{i + 1, para.end};
        TrimSpan(text, &rest);
        if (rest.start == i + 1 || rest.empty()) continue;
        if (StartsWithDash(text, rest, rules, &after)) {
          next_turn = rest.start;
          break;
        }
        if (run_on.empty() && c != ':' && IsUpper(DecodeAt(text, rest.start, &after))) run_on = rest;
      }
    } else {
      q.span = {start, para.end};
      TrimSpan(text, &q.span);
    }
    if (!q.span.empty()) {
      q.parts = {q.span};
      out->push_back(std::move(q));
    }
    // Not words with a tag of their own ("Aktien gick upp, säger du? Ja, det säger väl allt,
    // säger han"): which of them are speech is unclear.
    if (!run_on.empty() && run_on.start < next_turn && SpeakerGoesOn(text, {run_on.start, next_turn}, rules) &&
        rules.matcher.Leftmost(Position::kDialogue, text, {run_on.start, next_turn}).pattern == RuleMatcher::kNone) {
      QuoteCandidate more;
      more.kind = QuoteKind::kDialogue;
      more.rule = "dialogue";
      more.open_mark = {run_on.start, run_on.start};
      more.first_paragraph = more.last_paragraph = p;
      more.continues_turn = true;
      more.span = {run_on.start, next_turn};
      TrimSpan(text, &more.span);
      if (!more.span.empty()) {
        more.parts = {more.span};
        out->push_back(std::move(more));
      }
    }
    run_on = {};
    if (next_turn >= para.end) break;
    size_t after = 0;
    if (!StartsWithDash(text, {next_turn, para.end}, rules, &after)) break;
    start = after;
    later_turn = true;
  }
}

bool HasWords(std::string_view text, Span s) {
  for (size_t i = s.start; i < s.end;) {
    size_t len = 0;
    if (IsWordChar(DecodeAt(text, i, &len))) return true;
    i += len;
  }
  return false;
}

// The pairing of quote marks, paragraph by paragraph: each quote found goes to `sink` (in the
// order its closing mark is read), each open mark left at a paragraph end that does not carry on
// into the next paragraph goes to `unclosed`; `on_paragraph(p)` is called as each paragraph
// begins. Dialogue and kinds are not looked at.
template <class OnParagraph, class Sink>
void PairMarks(const Document& doc, const LanguageRules& rules, OnParagraph&& on_paragraph, Sink&& sink,
               std::vector<UnclosedMark>* unclosed) {
  std::string_view text = doc.text();
  std::vector<OpenMark> stack;
  size_t resume_at = std::string_view::npos;  // where a continued quote's next part starts

  const auto& paragraphs = doc.paragraphs();
  for (size_t p = 0; p < paragraphs.size(); ++p) {
    const Span para = paragraphs[p].span;
    on_paragraph(p);
    size_t i = para.start;
    if (!stack.empty() && resume_at != std::string_view::npos) {
      stack.front().part_start = resume_at;
      i = resume_at;
      resume_at = std::string_view::npos;
    }
    while ((i = rules.quote_marks.NextCandidate(text, i, para.end)) < para.end) {
      const MarkInfo* m = rules.quote_marks.At(text, i);
      if (!m) { ++i; continue; }
      const MarkEvent ev = Classify(text, para, i, m);
      i = ev.at.end;
      if (ev.can_close) {
        auto it = std::find_if(stack.rbegin(), stack.rend(), [&](const OpenMark& o) { return o.family == m->family; });
        if (it != stack.rend() && it->opens_sentence && PluralPossessive(text, para, ev)) continue;
        if (it != stack.rend()) {
          OpenMark open = std::move(*it);
          stack.erase(std::next(it).base(), stack.end());  // inner unclosed marks go too
          sink(open, ev.at, p);
          continue;
        }
      }
      if (ev.can_open) {
        if (stack.size() >= kMaxDepth) stack.erase(stack.begin());
        stack.push_back({ev.at, m->family, p, stack.size(), {}, ev.at.end, OpensSentence(text, para, ev.at)});
      }
    }
    // Paragraph end: carry the outermost open quote on, or drop what is left.
    if (stack.empty()) continue;
    // A dropped mark is noted unless it is a single one (an apostrophe too often).
    auto note_unclosed = [&](const OpenMark& open) {
      if (unclosed && rules.quote_marks.FamilyName(open.family) != "single")
        unclosed->push_back({open.mark, paragraphs[open.paragraph].line, p});
    };
    for (size_t inner = 1; inner < stack.size(); ++inner) note_unclosed(stack[inner]);
    OpenMark& outer = stack.front();
    stack.resize(1);
    const size_t cont = outer.parts.size() + 1 < kMaxParagraphs
                            ? Continuation(doc, rules, p + 1, outer)
                            : std::string_view::npos;
    if (cont != std::string_view::npos) {
      Span part{outer.part_start, para.end};
      outer.parts.push_back(part);
      resume_at = cont;
    } else {
      note_unclosed(outer);
      stack.clear();
    }
  }
}

}  // namespace

Diagnostic UnclosedWarning(const UnclosedMark& mark, size_t offset_base) {
  return {"", mark.line, 0, "", "unterminated quote mark at byte " + std::to_string(offset_base + mark.mark.start) + ", ignored"};
}

std::vector<QuoteCandidate> FindQuotes(const Document& doc, const LanguageRules& rules, std::vector<UnclosedMark>* unclosed) {
  std::vector<QuoteCandidate> out;
  std::string_view text = doc.text();
  PairMarks(doc, rules, [&](size_t p) { FindDialogue(doc, rules, p, &out); }, [&](OpenMark& open, Span close, size_t p) {
    QuoteCandidate q;
    q.open_mark = open.mark;
    q.close_mark = close;
    q.parts = std::move(open.parts);
    q.parts.push_back({open.part_start, close.start});
    q.span = {q.parts.front().start, close.start};
    q.depth = open.depth;
    q.first_paragraph = open.paragraph;
    q.last_paragraph = p;
    q.kind = open.depth > 0 ? QuoteKind::kNested : QuoteKind::kDirect;
    q.rule = "marks." + rules.quote_marks.FamilyName(open.family);
    if (HasWords(text, q.span)) out.push_back(std::move(q));
  }, unclosed);
  if (unclosed)  // inner marks left open are listed with the outer one, after it: byte order
    std::stable_sort(unclosed->begin(), unclosed->end(), [](const UnclosedMark& a, const UnclosedMark& b) {
      return a.mark.start < b.mark.start;
    });
  std::stable_sort(out.begin(), out.end(), [](const QuoteCandidate& a, const QuoteCandidate& b) {
    return a.span.start < b.span.start;
  });
  AssignKinds(doc, rules, &out);
  return out;
}

std::vector<QuoteCandidate> FindQuotes(const Document& doc, const LanguageRules& rules, std::vector<Diagnostic>* warnings) {
  std::vector<UnclosedMark> unclosed;
  auto quotes = FindQuotes(doc, rules, &unclosed);
  if (warnings)
    for (const UnclosedMark& u : unclosed) warnings->push_back(UnclosedWarning(u));
  return quotes;
}

std::vector<Span> QuoteExtents(const Document& doc, const LanguageRules& rules) {
  std::vector<Span> extents;  // in order of closing mark; an outer quote closes after its inner ones
  std::vector<Span> dialogue;  // dash paragraphs, whole: their turns are read from the paragraph's dash on
  PairMarks(doc, rules, [&](size_t p) {
    size_t after = 0;
    const Span para = doc.paragraphs()[p].span;
    if (StartsWithDash(doc.text(), para, rules, &after)) dialogue.push_back(para);
  }, [&](const OpenMark& open, Span close, size_t) {
    const Span extent{open.mark.start, close.end};
    while (!extents.empty() && extents.back().start >= extent.start) extents.pop_back();  // inside this one
    extents.push_back(extent);
  }, nullptr);
  if (!dialogue.empty()) {
    extents.insert(extents.end(), dialogue.begin(), dialogue.end());
    std::sort(extents.begin(), extents.end(), [](Span a, Span b) { return a.start < b.start; });
  }
  std::vector<Span> merged;
  for (const Span& e : extents)
    if (!merged.empty() && e.start < merged.back().end) merged.back().end = std::max(merged.back().end, e.end);
    else merged.push_back(e);
  return merged;
}

}  // namespace quoth::detail
