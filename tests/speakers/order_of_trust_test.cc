// The resolver's order of trust (engine/speakers/resolver.cc): when two strategies could each
// give a quote a speaker, the more trusted one answers. Each test sets two of them against each
// other on a short invented text and checks which answered, by its method, rule, confidence and
// evidence; the refusals check that a "no one" or a gender veto ends the sieve.
#include <string>
#include <vector>

#include "support/rules.h"

using namespace quoth;
using testing::Extract;
using testing::FindQuote;

namespace {

const Quote& QuoteWithText(const DocumentResult& d, const std::string& text) {
  const Quote* q = FindQuote(d, text);
  REQUIRE_MESSAGE(q != nullptr, "no quote <" << text << ">");
  return *q;
}

const SpeakerRef& SpeakerOfQuote(const DocumentResult& d, const std::string& text) {
  const Quote& q = QuoteWithText(d, text);
  REQUIRE_MESSAGE(q.speaker.has_value(), "quote <" << text << "> has no speaker");
  return *q.speaker;
}

bool EvidenceSays(const std::vector<std::string>& evidence, const std::string& words) {
  for (const auto& e : evidence)
    if (e.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("order of trust: a tag after the quote outranks a tag before it") {
  const auto d = Extract("Mayor Ann Holt said: \"The bridge opens in June,\" said Lena Dahl.", "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "The bridge opens in June,");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(EvidenceSays(s.evidence, "(tag after the quote"));
}

TEST_CASE("order of trust: a tag before the quote outranks the subject of its sentence") {
  // Both read "Ann Holt said on Monday:"; the before-tag answers first, so the method is explicit.
  const auto d = Extract("Ann Holt said on Monday: \"The bridge opens in June.\"", "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "The bridge opens in June.");
  CHECK(s.name == "Ann Holt");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(EvidenceSays(s.evidence, "(tag before the quote"));
}

TEST_CASE("order of trust: the subject of the reporting sentence gives a partial quote its speaker") {
  const auto d = Extract("Ann Holt told reporters on Monday that the new bridge was \"far too narrow\" for the lorries.", "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "far too narrow");
  CHECK(s.name == "Ann Holt");
  CHECK(s.method == AttributionMethod::kSubject);
  CHECK(EvidenceSays(s.evidence, "(subject of the reporting sentence"));
}

TEST_CASE("order of trust: a quote's own tag outranks the speaker before it; no tag, the speaker continues") {
  const auto tagged = Extract("\"The ferry runs all winter,\" Ann Holt said.\n\n\"The bridge will have to wait,\" Lena Dahl said.", "en");
  CHECK(SpeakerOfQuote(tagged, "The bridge will have to wait,").name == "Lena Dahl");
  CHECK(SpeakerOfQuote(tagged, "The bridge will have to wait,").method == AttributionMethod::kExplicit);

  const auto untagged = Extract("\"The ferry runs all winter,\" Ann Holt said.\n\n\"The bridge will have to wait.\"", "en");
  const SpeakerRef& s = SpeakerOfQuote(untagged, "The bridge will have to wait.");
  CHECK(s.name == "Ann Holt");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(s.confidence == doctest::Approx(0.7));
  CHECK(EvidenceSays(s.evidence, "continues the speaker of the quote on line 1"));
}

TEST_CASE("order of trust: a tag describing someone the text never names ends the sieve") {
  const auto d = Extract(
      "\"The ferry runs all winter,\" Ann Holt said.\n\n\"The bridge will have to wait,\" said a spokesperson for the council.",
      "en");
  const Quote& q = QuoteWithText(d, "The bridge will have to wait,");
  CHECK_FALSE(q.speaker.has_value());
  REQUIRE_FALSE(q.no_speaker_evidence.empty());
  CHECK(EvidenceSays(q.no_speaker_evidence, "fits no one the article names"));
  CHECK(q.no_speaker_evidence.back() == "so the quote does not go to an earlier speaker either");
}

TEST_CASE("order of trust: the second half of a split quote takes the first half's speaker") {
  const auto d = Extract(
      "\"The ferry will run,\" Lena Dahl said on a visit to the harbour at Ashford, N.C., \"but not in the worst of the storms.\"",
      "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "but not in the worst of the storms.");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(s.confidence == doctest::Approx(0.8));
  CHECK(EvidenceSays(s.evidence, "second half of the quote on line 1"));
}

TEST_CASE("order of trust: a person the paragraph brings in outranks the speaker of the paragraph before") {
  const auto d = Extract(
      "\"The ferry runs all winter,\" Ann Holt said.\n\nLena Dahl disagreed with her on Tuesday. \"The ferry stops in January.\"",
      "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "The ferry stops in January.");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.rule == "paragraph-subject");
  CHECK(s.confidence == doctest::Approx(0.6));
}

TEST_CASE("order of trust: a speech tag earlier in the paragraph outranks the speaker before") {
  // Both name Ann Holt; the paragraph's own tag ("she said") answers before continuation would.
  const auto d = Extract(
      "\"The ferry runs all winter,\" Ann Holt said.\n\nThe boats were late again, she said. \"We have no crews for them.\"",
      "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "We have no crews for them.");
  CHECK(s.name == "Ann Holt");
  CHECK(s.method == AttributionMethod::kPronoun);
  CHECK(EvidenceSays(s.evidence, "(speech tag earlier in the paragraph"));
}

TEST_CASE("order of trust: a speech tag earlier in the paragraph counts for less than one next to the quote") {
  const auto d = Extract("Lena Dahl said on Monday that the ferry was late again. \"We have the boats but not the crews.\"", "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "We have the boats but not the crews.");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(EvidenceSays(s.evidence, "(speech tag earlier in the paragraph"));
  // The pattern's own confidence, scaled by 0.8.
  const auto next_to = Extract("Lena Dahl said on Monday: \"We have the boats but not the crews.\"", "en");
  CHECK(s.confidence < SpeakerOfQuote(next_to, "We have the boats but not the crews.").confidence);
}

TEST_CASE("order of trust: the speaker before outranks someone the paragraph before names speaking") {
  const auto d = Extract(
      "Lena Dahl said the ferry would run all winter.\n\n\"The ferry runs,\" Ann Holt said. \"The boats are ready for it.\"", "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "The boats are ready for it.");
  CHECK(s.name == "Ann Holt");
  CHECK(s.confidence == doctest::Approx(0.7));
}

TEST_CASE("order of trust: last, someone the paragraph before names speaking") {
  const auto d = Extract("Lena Dahl said the ferry would run all winter.\n\n\"We have the boats for it and the crews to sail them.\"", "en");
  const SpeakerRef& s = SpeakerOfQuote(d, "We have the boats for it and the crews to sail them.");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(s.confidence == doctest::Approx(0.6));
  CHECK(EvidenceSays(s.evidence, "the paragraph before names Lena Dahl as speaking"));
}

TEST_CASE("order of trust: a pronoun that found no one vetoes a speaker of the other gender from the context") {
  const auto d = Extract(
      "Mayor Tomas Ekberg opened the new pier on Monday. \"The ferry runs all winter,\" he said.\n\n"
      "\"The bridge will have to wait,\" she said.",
      "en");
  CHECK(SpeakerOfQuote(d, "The ferry runs all winter,").name == "Tomas Ekberg");
  const Quote& q = QuoteWithText(d, "The bridge will have to wait,");
  CHECK_FALSE(q.speaker.has_value());
  REQUIRE_FALSE(q.no_speaker_evidence.empty());
  CHECK(q.no_speaker_evidence.front().find("refers to no one: no female person") != std::string::npos);
  CHECK(q.no_speaker_evidence.back() ==
        "the speaker before, Tomas Ekberg, is not the female person the tag's pronoun names");
}

TEST_CASE("order of trust: a dialogue turn's own tag outranks the turn before; no tag, the speaker continues (sv)") {
  const auto d = Extract(
      "– Färjan går hela vintern, säger Ann Holm.\n– Bron får vänta, säger Tomas Ekberg.\n– Det blir dyrt.", "sv");
  CHECK(SpeakerOfQuote(d, "Bron får vänta").name == "Tomas Ekberg");
  CHECK(SpeakerOfQuote(d, "Bron får vänta").method == AttributionMethod::kExplicit);
  CHECK(SpeakerOfQuote(d, "Det blir dyrt.").name == "Tomas Ekberg");
  CHECK(SpeakerOfQuote(d, "Det blir dyrt.").method == AttributionMethod::kContinuation);
}

// Each step of the sieve, on a text where it is the one that answers: the speaker says which
// step named it (the step's precision is measured with tools/scripts/calibration.py --by-sieve).
TEST_CASE("each sieve step answers the quote it is for, and says so") {
  struct Case {
    const char* lang;
    const char* text;
    const char* quote;
    const char* speaker;
    const char* sieve;
  };
  const Case cases[] = {
      {"sv", "Färjan går som vanligt.\n\n– Vi bygger bron i vår, säger Ann Holm.", "Vi bygger bron i vår", "Ann Holm", "dialogue-tag"},
      {"en", "\"The bridge opens in June,\" said Lena Dahl.", "The bridge opens in June,", "Lena Dahl", "tag-after"},
      {"en", "Ann Holt said on Monday: \"The bridge opens in June.\"", "The bridge opens in June.", "Ann Holt", "tag-before"},
      {"en", "Ann Holt told reporters on Monday that the new bridge was \"far too narrow\" for the lorries.", "far too narrow",
       "Ann Holt", "reporting-subject"},
      {"en", "\"The ferry runs all winter,\" Ann Holt said during a visit to Ashford, N.C., \"but not this year.\"",
       "but not this year.", "Ann Holt", "second-half"},
      {"de", "„Wir bauen die Brücke im Frühjahr“, sagte Anna Holt. Der Winter sei „ein schwerer Gegner“.", "ein schwerer Gegner",
       "Anna Holt", "reported-speech"},
      {"en", "\"The ferry runs all winter,\" Lena Dahl said.\n\nAnn Holt laughed at the plan. \"The bridge will have to wait.\"",
       "The bridge will have to wait.", "Ann Holt", "paragraph-speaker"},
      {"en", "\"The ferry runs all winter,\" Ann Holt said.\n\n\"The bridge will have to wait.\"", "The bridge will have to wait.",
       "Ann Holt", "continuation"},
      {"en", "Ann Holt said the council had run out of money for the bridge.\n\n\"It will have to wait a year.\"",
       "It will have to wait a year.", "Ann Holt", "speaking-before"},
      {"en", "Ann Holt was angry when the council met on Monday.\n\n\"It will have to wait a year.\"", "It will have to wait a year.",
       "Ann Holt", "paragraph-before-subject"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.sieve);
    const auto d = Extract(c.text, c.lang);
    INFO(testing::DescribeQuotes(d));
    const SpeakerRef& s = SpeakerOfQuote(d, c.quote);
    CHECK(s.name == c.speaker);
    CHECK(s.sieve == c.sieve);
  }
}

TEST_CASE("the order of the sieve is the pack's: a step moved up answers first, a step left out never does") {
  // The same text under three orders: by default the quote's own tag wins; with continuation
  // first the speaker before continues; without any tag step and continuation, no one is named.
  const std::string text = "\"The ferry runs all winter,\" Ann Holt said.\n\n\"The bridge will have to wait,\" Lena Dahl said.";
  auto under = [&](const std::string& name, const std::string& order) {
    RuleOptions options;
    options.directories = {testing::TemporaryPack(name, "attribution_sieves: " + order + "\n")};
    auto rules = RuleSet::Load(options);
    REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
    EngineOptions engine_options;
    engine_options.lang = "en";
    engine_options.explain = true;
    Engine engine(*rules, engine_options);
    auto r = engine.Extract(text, "test", "d0");
    REQUIRE(r.ok());
    return *r;
  };
  const auto by_default = Extract(text, "en");
  CHECK(SpeakerOfQuote(by_default, "The bridge will have to wait,").name == "Lena Dahl");
  CHECK(SpeakerOfQuote(by_default, "The bridge will have to wait,").sieve == "tag-after");

  const auto continuation_first = under("sieve_continuation_first", "[continuation, tag-after, tag-before]");
  CHECK(SpeakerOfQuote(continuation_first, "The ferry runs all winter,").name == "Ann Holt");
  CHECK(SpeakerOfQuote(continuation_first, "The bridge will have to wait,").name == "Ann Holt");
  CHECK(SpeakerOfQuote(continuation_first, "The bridge will have to wait,").sieve == "continuation");

  const auto context_only = under("sieve_context_only", "[paragraph-speaker, speaking-before]");
  CHECK_FALSE(QuoteWithText(context_only, "The ferry runs all winter,").speaker.has_value());
  CHECK_FALSE(QuoteWithText(context_only, "The bridge will have to wait,").speaker.has_value());
}
