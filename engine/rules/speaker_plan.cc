// Where is the speaker group in a match? Three or four DFA runs instead of a capture engine.
//
// RE2 finds a match's bounds with its DFA quickly, but a capture group needs its NFA or
// BitState engine, which on attribution programs (thousands of instructions: word lists,
// letter classes) costs microseconds per match, more than everything else quoth does to a
// quote. RE2's DFA can still say, for any regex, where its *preferred* (leftmost-first) match
// anchored at a position ends, and whether any match exists. That is enough:
//
// Under leftmost-first (Perl) semantics the parse RE2 reports is the first one, in priority
// order, that completes: the choices of earlier pieces of a concatenation are settled before
// later ones, alternatives in the order written, a greedy `?` tries its group before nothing.
// So the pattern is cut into its top-level pieces up to the speaker group, and walked:
//   - a piece with one way to go: take its preferred match, move on;
//   - a piece with choices (an optional group, an alternation, the group's own alternatives):
//     skip every choice that cannot be followed by a match of the rest of the pattern
//     ("choice then rest", one DFA run each), take the preferred match of the first that can.
// After the group, the rest of the pattern must still match. If it does, every step took the
// first choice able to complete and that choice's preferred match, and together they complete:
// that is exactly the parse RE2's capture engines would report. If it does not, a preferred
// match could not complete, a lower-priority parse wins, and the caller falls back to the
// capture engine. The walk never guesses; the fallback is rare (it happens when a greedy piece
// swallows what the group needed) and a unit test holds both ways equal.
#include "engine/rules/speaker_plan.h"

#include "engine/rules/regex_scan.h"

namespace quoth::detail {

namespace {

// Length of a repetition {n}, {n,} or {n,m} at s[i], or 0 (then '{' is a literal).
size_t RepetitionLength(const std::string& s, size_t i) {
  if (i >= s.size() || s[i] != '{') return 0;
  size_t k = i + 1, digits = 0;
  while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k, ++digits;
  if (digits == 0) return 0;
  if (k < s.size() && s[k] == ',') {
    ++k;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
  }
  return k < s.size() && s[k] == '}' ? k + 1 - i : 0;
}

struct Piece {
  std::string atom;        // the piece without its quantifier
  std::string quantifier;  // "", "?", "??", "*", "{0,3}", ...
  std::string text() const { return atom + quantifier; }
};

// The top-level concatenation of `re`; false when it has a top-level '|' or is malformed.
bool TopLevelPieces(const std::string& re, std::vector<Piece>* pieces) {
  size_t i = 0;
  while (i < re.size()) {
    const size_t start = i;
    const char c = re[i];
    if (c == '|' || c == ')') return false;
    if (c == '(') {
      const size_t close = ClosingParen(re, i);
      if (close == std::string::npos) return false;
      i = close + 1;
    } else if (c == '[') {
      i = ClassEnd(re, i) + 1;
    } else if (c == '\\') {
      if (i + 1 >= re.size()) return false;
      const char e = re[i + 1];
      if ((e == 'x' || e == 'p' || e == 'P') && i + 2 < re.size() && re[i + 2] == '{') {
        const size_t close = re.find('}', i);
        if (close == std::string::npos) return false;
        i = close + 1;
      } else {
        i += (e == 'p' || e == 'P') ? 3 : 2;
      }
    } else {
      ++i;
      while (i < re.size() && (static_cast<unsigned char>(re[i]) & 0xC0) == 0x80) ++i;  // one UTF-8 character
    }
    if (i > re.size()) return false;
    Piece piece{re.substr(start, i - start), ""};
    size_t q = 0;
    if (i < re.size() && (re[i] == '?' || re[i] == '*' || re[i] == '+')) q = 1;
    else q = RepetitionLength(re, i);
    if (q > 0 && i + q < re.size() && re[i + q] == '?') ++q;  // lazy
    piece.quantifier = re.substr(i, q);
    i += q;
    pieces->push_back(std::move(piece));
  }
  return true;
}

// "(?:X)" -> "X"; anything else unchanged.
std::string Unwrapped(const std::string& atom) {
  if (atom.size() >= 4 && atom.compare(0, 3, "(?:") == 0 && ClosingParen(atom, 0) == atom.size() - 1)
    return atom.substr(3, atom.size() - 4);
  return atom;
}


// A piece's choices in priority order.
std::vector<std::string> Choices(const Piece& p) {
  const bool group = p.atom.compare(0, 3, "(?:") == 0;
  if (p.quantifier == "?" || p.quantifier == "??") {
    std::vector<std::string> out = group ? TopLevelAlternatives(Unwrapped(p.atom)) : std::vector<std::string>{p.atom};
    if (p.quantifier == "?") out.push_back("");
    else out.insert(out.begin(), "");
    return out;
  }
  if (p.quantifier.empty() && group) return TopLevelAlternatives(Unwrapped(p.atom));
  return {p.text()};
}

// Where in `atom` (possibly wrapped in bare groups) the speaker group's contents are.
std::optional<std::string> SpeakerContents(std::string atom) {
  static const std::string kOpen = "(?P<speaker>";
  while (atom.compare(0, kOpen.size(), kOpen) != 0) {
    const std::string inner = Unwrapped(atom);
    if (inner == atom) return std::nullopt;
    atom = inner;
  }
  if (ClosingParen(atom, 0) != atom.size() - 1) return std::nullopt;  // more follows the group inside
  return atom.substr(kOpen.size(), atom.size() - kOpen.size() - 1);
}

}  // namespace

std::unique_ptr<SpeakerPlan> SpeakerPlan::Build(const std::string& expanded, const RE2::Options& options) {
  std::vector<Piece> pieces;
  if (!TopLevelPieces(expanded, &pieces)) return nullptr;
  size_t group = pieces.size();
  std::string contents;
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (pieces[i].atom.find("(?P<speaker>") == std::string::npos) continue;
    auto inside = pieces[i].quantifier.empty() ? SpeakerContents(pieces[i].atom) : std::nullopt;
    if (!inside) return nullptr;
    group = i;
    contents = *inside;
    break;
  }
  if (group == pieces.size()) return nullptr;

  auto plan = std::make_unique<SpeakerPlan>();
  plan->options_ = options;
  for (size_t i = group + 1; i < pieces.size(); ++i) plan->after_ += pieces[i].text();
  // Everything from piece `i` on, as written.
  auto rest_from = [&](size_t i) {
    std::string rest;
    for (size_t k = i; k < pieces.size(); ++k) rest += pieces[k].text();
    return rest;
  };
  for (size_t i = 0; i <= group; ++i) {
    Step step;
    step.is_group = i == group;
    step.choices = step.is_group ? TopLevelAlternatives(contents) : Choices(pieces[i]);
    if (step.choices.size() == 1 && !step.is_group && !plan->steps_.empty() && !plan->steps_.back().is_group &&
        plan->steps_.back().choices.size() == 1) {
      plan->steps_.back().choices[0] += step.choices[0];  // one way to go: join the previous piece
      continue;
    }
    const std::string rest = rest_from(i + 1);
    for (size_t k = 0; k + 1 < step.choices.size(); ++k) step.choice_then_rest.push_back("(?:" + step.choices[k] + ")" + rest);
    plan->steps_.push_back(std::move(step));
  }
  return plan;
}

size_t SpeakerPlan::RegexBytes() const {
  size_t bytes = after_.size();
  for (const Step& step : steps_) {
    for (const auto& choice : step.choices) bytes += choice.size();
    for (const auto& re : step.choice_then_rest) bytes += re.size();
  }
  return bytes;
}

const SpeakerPlan::Compiled& SpeakerPlan::Compile() const {
  std::call_once(once_, [this] {
    Compiled& c = compiled_;
    bool ok = true;
    auto make = [&](const std::string& re) {
      auto compiled = std::make_unique<RE2>(re, options_);
      ok &= compiled->ok();
      return compiled;
    };
    for (const Step& step : steps_) {
      c.choices.emplace_back();
      c.choice_then_rest.emplace_back();
      for (const auto& choice : step.choices) c.choices.back().push_back(make(choice));
      for (const auto& re : step.choice_then_rest) c.choice_then_rest.back().push_back(make(re));
    }
    c.after = make(after_);
    c.ok = ok;
  });
  return compiled_;
}

std::optional<std::pair<int, int>> SpeakerPlan::Find(std::string_view window, size_t start, size_t end) const {
  const Compiled& c = Compile();
  if (!c.ok) return std::nullopt;
  size_t pos = start, group_start = start, group_end = start;
  re2::StringPiece m;
  for (size_t s = 0; s < steps_.size(); ++s) {
    const size_t n = c.choices[s].size();
    size_t k = 0;
    while (k + 1 < n && !c.choice_then_rest[s][k]->Match(window, pos, end, RE2::ANCHOR_START, nullptr, 0)) ++k;
    if (!c.choices[s][k]->Match(window, pos, end, RE2::ANCHOR_START, &m, 1)) return std::nullopt;
    const size_t next = static_cast<size_t>(m.data() - window.data()) + m.size();
    if (steps_[s].is_group) { group_start = pos; group_end = next; }
    pos = next;
  }
  if (!c.after->Match(window, group_end, end, RE2::ANCHOR_START, nullptr, 0)) return std::nullopt;
  return std::make_pair(static_cast<int>(group_start - start), static_cast<int>(group_end - start));
}

}  // namespace quoth::detail
