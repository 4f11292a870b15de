// The RuleMatcher: which pattern matches around a quote, and which not_speech rule a quote
// falls under. Most cases use a small pack of their own (tests/rules/packs/good_matcher), so that
// each shows one part of the protocol: pack order against leftmost, the verb prefilter, the
// end-anchored patterns, the memo and sharing one matcher across threads.
#include "engine/rules/rule_matcher.h"

#include <string>
#include <thread>
#include <vector>

#include "engine/rules/rule_set_access.h"
#include "support/rules.h"

namespace quoth::detail {
namespace {

const RuleSet& MatcherPack() {
  static const RuleSet rules = [] {
    RuleOptions options;
    options.directories = {std::string(QUOTH_TEST_DATA) + "/rules/packs/good_matcher"};
    options.include_builtin = false;
    auto r = RuleSet::Load(options);
    if (!r.ok()) FAIL("the matcher test pack does not load: " << r.status().ToString());
    return *r;
  }();
  return rules;
}

const LanguageRules& Pack() { return *CompiledRulesOf(MatcherPack()).Find("en"); }

// The id of the pattern a match came from, or "" for none.
std::string PatternId(const RuleMatcher::Match& m) {
  return m.pattern == RuleMatcher::kNone ? "" : Pack().pack.patterns[m.pattern].id;
}

std::string Slice(std::string_view text, Span s) { return std::string(text.substr(s.start, s.size())); }

// The window after a quote: from its closing mark (the second ") to the end of `text`.
Span AfterQuote(std::string_view text) {
  const size_t close = text.find('"', text.find('"') + 1);
  REQUIRE(close != std::string_view::npos);
  return {close + 1, text.size()};
}

// The window before a quote: from the start of `text` up to its opening mark.
Span BeforeQuote(std::string_view text) {
  const size_t open = text.find('"');
  REQUIRE(open != std::string_view::npos);
  return {0, open};
}

}  // namespace

TEST_CASE("the first passes are built from what the patterns are") {
  const RuleMatcher& m = Pack().matcher;
  CHECK(m.position_pass(Position::kAfter).needs_verb);
  CHECK_FALSE(m.position_pass(Position::kSentence).needs_verb);  // "in the words of" has no verb
  CHECK(m.position_pass(Position::kBefore).end_anchored);
  CHECK(m.position_pass(Position::kBefore).any_end_anchored);
  CHECK_FALSE(m.position_pass(Position::kSentence).end_anchored);
  CHECK(m.position_pass(Position::kDialogue).members.size() == 3);
  CHECK_FALSE(m.not_speech_pass().end_anchored);  // the film rule reads forwards
  CHECK(m.not_speech_pass().set);
  for (size_t i = 0; i < Pack().pack.patterns.size(); ++i) {
    REQUIRE(m.pattern(i));
    CHECK(m.pattern(i)->re);
    CHECK(m.pattern(i)->speaker_group > 0);
  }
  CHECK(m.pattern(Pack().pack.patterns.size()) == nullptr);
}

TEST_CASE("a tag after the quote: the match and its speaker, in the text's offsets") {
  const std::string text = "\"The ferry leaves at nine,\" she said on the quay.";
  const Span window = AfterQuote(text);
  const RuleMatcher::Match m = Pack().matcher.FirstWithSpeaker(Position::kAfter, text, window);
  CHECK(PatternId(m) == "t.after.speaker-verb");
  CHECK(m.whole.start == window.start);
  CHECK(Slice(text, m.speaker) == "she");
}

TEST_CASE("FirstWithSpeaker skips a match without a speaker; Leftmost takes it") {
  const std::string text = "\"Bring coats,\" someone said to Ruth Ekdahl before the storm.";
  const RuleMatcher::Match first = Pack().matcher.FirstWithSpeaker(Position::kAfter, text, AfterQuote(text));
  CHECK(PatternId(first) == "t.after.someone-verb-to-speaker");
  CHECK(Slice(text, first.speaker) == "Ruth Ekdahl");
  const RuleMatcher::Match leftmost = Pack().matcher.Leftmost(Position::kAfter, text, AfterQuote(text));
  CHECK(PatternId(leftmost) == "t.after.speaker-verb");
  CHECK(leftmost.speaker.empty());
}

TEST_CASE("pack order decides FirstWithSpeaker; position in the window decides Leftmost") {
  const std::string text = "In the words of Tom Lind, and as Eva Berg said ";
  const Span window{0, text.size()};
  const RuleMatcher::Match first = Pack().matcher.FirstWithSpeaker(Position::kSentence, text, window);
  CHECK(PatternId(first) == "t.sentence.speaker-verb");
  CHECK(Slice(text, first.speaker) == "Eva Berg");
  const RuleMatcher::Match leftmost = Pack().matcher.Leftmost(Position::kSentence, text, window);
  CHECK(PatternId(leftmost) == "t.sentence.in-the-words-of");
  CHECK(Slice(text, leftmost.speaker) == "Tom Lind");
}

TEST_CASE("dialogue: the leftmost tag, and at one start the earlier pattern") {
  const std::string turn = "We waited all night, Eva Berg says, and then, says Tom Lind, the boats came.";
  RuleMatcher::Match m = Pack().matcher.Leftmost(Position::kDialogue, turn, {0, turn.size()});
  CHECK(PatternId(m) == "t.dialogue.speaker-verb");
  CHECK(m.whole.start == turn.find(", Eva"));
  CHECK(Slice(turn, m.speaker) == "Eva Berg");
  // ", says Tom Lind" matches both the name pattern and the any-words pattern at one start.
  const std::string later = "The boats came at dawn, says Tom Lind, and left at noon.";
  m = Pack().matcher.Leftmost(Position::kDialogue, later, {0, later.size()});
  CHECK(PatternId(m) == "t.dialogue.verb-speaker");
  CHECK(Slice(later, m.speaker) == "Tom Lind");
  // Only the any-words pattern reads "a neighbour" as a speaker.
  const std::string unnamed = "The boats came at dawn, says a neighbour.";
  m = Pack().matcher.Leftmost(Position::kDialogue, unnamed, {0, unnamed.size()});
  CHECK(PatternId(m) == "t.dialogue.verb-anyone");
  CHECK(Slice(unnamed, m.speaker) == "a neighbour");
  const std::string untagged = "The boats came at dawn.";
  CHECK(Pack().matcher.Leftmost(Position::kDialogue, untagged, {0, untagged.size()}).pattern == RuleMatcher::kNone);
}

TEST_CASE("the verb prefilter: no speech verb, no match") {
  const std::string text = "\"Go home,\" she answered quietly.";
  CHECK(Pack().matcher.FirstWithSpeaker(Position::kAfter, text, AfterQuote(text)).pattern == RuleMatcher::kNone);
  const SpeechVerbs& verbs = Pack().matcher.speech_verbs();
  CHECK(verbs.AnyIn("and then she SAID it twice"));  // ASCII letters are lower-cased
  CHECK(verbs.AnyIn("warned."));
  CHECK_FALSE(verbs.AnyIn("unsaid words"));  // whole words only
  CHECK_FALSE(verbs.AnyIn(""));
  CHECK(verbs.IsFirstWord("told"));
  CHECK_FALSE(verbs.IsFirstWord("Told"));  // the caller lower-cases
}

TEST_CASE("end-anchored patterns match only at the window's end") {
  const std::string text = "According to Nils Ahl, \"the bridge is safe.\"";
  RuleMatcher::Match m = Pack().matcher.FirstWithSpeaker(Position::kBefore, text, BeforeQuote(text));
  CHECK(PatternId(m) == "t.before.according-to");
  CHECK(Slice(text, m.speaker) == "Nils Ahl");
  const std::string later = "According to Nils Ahl, the engineers said \"the bridge is safe.\"";
  m = Pack().matcher.FirstWithSpeaker(Position::kBefore, later, BeforeQuote(later));
  CHECK(m.pattern == RuleMatcher::kNone);
  const std::string colon = "At noon Nils Ahl warned: \"Stay off the bridge.\"";
  m = Pack().matcher.FirstWithSpeaker(Position::kBefore, colon, BeforeQuote(colon));
  CHECK(PatternId(m) == "t.before.speaker-verb-colon");
  CHECK(Slice(colon, m.speaker) == "Nils Ahl");
}

TEST_CASE("a memoised window gives the same match, moved to where the window is") {
  const std::string a = "\"Sit down,\" she told the class.";
  const std::string b = "Earlier that day, much earlier: \"Stand up,\" she told the class.";
  const RuleMatcher& matcher = Pack().matcher;
  for (int round = 0; round < 2; ++round) {  // the second round is answered from the memo
    const RuleMatcher::Match ma = matcher.FirstWithSpeaker(Position::kAfter, a, AfterQuote(a));
    const RuleMatcher::Match mb = matcher.FirstWithSpeaker(Position::kAfter, b, AfterQuote(b));
    CHECK(PatternId(ma) == "t.after.speaker-verb");
    CHECK(PatternId(mb) == "t.after.speaker-verb");
    CHECK(Slice(a, ma.speaker) == "she");
    CHECK(Slice(b, mb.speaker) == "she");
    CHECK(ma.whole.start == AfterQuote(a).start);
    CHECK(mb.whole.start == AfterQuote(b).start);
  }
}

TEST_CASE("not_speech: the first rule whose before and quote both match") {
  const RuleMatcher& matcher = Pack().matcher;
  auto rule = [&](std::string_view before, std::string_view quote) {
    const size_t r = matcher.NotSpeechRule(before, quote);
    return r == RuleMatcher::kNone ? std::string() : Pack().pack.not_speech[r].id;
  };
  CHECK(rule("Critics mocked the so-called ", "reform") == "t.scare.so-called-word");
  CHECK(rule("Critics mocked the so-called ", "people's budget") == "t.epithet.so-called");
  CHECK(rule("Her first film was ", "Salt Marsh") == "t.title.film");  // forwards: need not end at the mark
  CHECK(rule("She said ", "Salt Marsh") == "");
}

TEST_CASE("not_speech with the built-in English rules, all end-anchored") {
  const LanguageRules& en = testing::Lang("en");
  REQUIRE(en.matcher.not_speech_pass().end_anchored);
  const size_t r = en.matcher.NotSpeechRule("Last night the channel showed the film ", "Harbour Lights.");
  REQUIRE(r != RuleMatcher::kNone);
  CHECK(en.pack.not_speech[r].id == "en.title.programme");
  CHECK(en.matcher.NotSpeechRule("The harbour master said ", "Harbour lights are out.") == RuleMatcher::kNone);
}

TEST_CASE("one matcher shared by threads gives each the answers it gives alone") {
  const std::vector<std::string> texts = {"\"The ferry leaves at nine,\" she said on the quay.",
                                          "\"Bring coats,\" someone said to Ruth Ekdahl before the storm.",
                                          "\"Go home,\" she answered quietly.",
                                          "\"Sit down,\" he warned the class."};
  const RuleMatcher& matcher = Pack().matcher;
  std::vector<RuleMatcher::Match> alone;
  for (const auto& t : texts) alone.push_back(matcher.FirstWithSpeaker(Position::kAfter, t, AfterQuote(t)));
  CHECK(alone[3].pattern != RuleMatcher::kNone);
  std::vector<std::vector<RuleMatcher::Match>> seen(4);
  std::vector<std::thread> threads;
  for (size_t k = 0; k < seen.size(); ++k)
    threads.emplace_back([&, k] {
      for (int round = 0; round < 200; ++round)
        for (const auto& t : texts) {
          const size_t close = t.find('"', 1);
          seen[k].push_back(matcher.FirstWithSpeaker(Position::kAfter, t, {close + 1, t.size()}));
        }
    });
  for (auto& t : threads) t.join();
  for (const auto& s : seen)
    for (size_t i = 0; i < s.size(); ++i) {
      const RuleMatcher::Match& expected = alone[i % texts.size()];
      CHECK(s[i].pattern == expected.pattern);
      CHECK(s[i].speaker.start == expected.speaker.start);
      CHECK(s[i].speaker.end == expected.speaker.end);
    }
}

}  // namespace quoth::detail
