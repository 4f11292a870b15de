// Speaker attribution, end to end: who said each quote, how that was found (the method), the
// words that led to it (the mention) and the speaker entities of the document. Every test runs
// the whole engine (testing::Extract) on a short invented news text, in English and in Swedish
// where the construction exists, and checks the span invariants of everything it returns.
#include "engine/speakers/attribution.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "support/rules.h"

using namespace quoth;
using testing::Extract;
using testing::FindQuote;
using testing::SpeakerOf;

namespace {

template <typename T>
bool Contains(const std::vector<T>& v, const T& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

std::string Join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Everything the engine found, for failure messages.
std::string Describe(const DocumentResult& d) {
  std::ostringstream out;
  out << d.quotes.size() << " quote(s):";
  for (const auto& q : d.quotes) {
    out << "\n  " << q.id << " [" << ToString(q.kind) << "] <" << q.text << "> -> ";
    if (!q.speaker) {
      out << "<none>";
      continue;
    }
    const SpeakerRef& s = *q.speaker;
    out << s.name << " (" << ToString(s.method) << ", mention <" << s.mention << ">, rule " << s.rule
        << ", entity " << s.entity_id << ")";
  }
  out << "\n" << d.speakers.size() << " speaker(s):";
  for (const auto& e : d.speakers)
    out << "\n  " << e.id << " " << e.name << " [" << ToString(e.kind) << "] roles {" << Join(e.roles)
        << "} aliases {" << Join(e.aliases) << "} quotes {" << Join(e.quote_ids) << "}";
  return out.str();
}

// The invariants of every result: spans slice the input; a speaker's mention is the text at its
// span; a speaker's entity exists, carries the same name and lists the quote; every quote an
// entity lists names that entity as its speaker; speaker-less kinds carry no speaker.
void CheckInvariants(const std::string& input, const DocumentResult& d) {
  for (const auto& q : d.quotes) {
    CAPTURE(q.text);
    REQUIRE(q.span.start <= q.span.end);
    REQUIRE(q.span.end <= input.size());
    CHECK(q.text == input.substr(q.span.start, q.span.size()));
    if (!IsSpeech(q.kind)) CHECK_FALSE(q.speaker.has_value());
    if (!q.speaker) continue;
    const SpeakerRef& s = *q.speaker;
    CAPTURE(s.name);
    CHECK_FALSE(s.name.empty());
    REQUIRE(s.mention_span.start <= s.mention_span.end);
    REQUIRE(s.mention_span.end <= input.size());
    CHECK(s.mention == input.substr(s.mention_span.start, s.mention_span.size()));
    const auto e = std::find_if(d.speakers.begin(), d.speakers.end(),
                                [&](const Entity& x) { return x.id == s.entity_id; });
    REQUIRE_MESSAGE(e != d.speakers.end(), "no speaker entity with id " << s.entity_id);
    CHECK(e->name == s.name);
    CHECK(Contains(e->quote_ids, q.id));
  }
  for (const auto& e : d.speakers) {
    CAPTURE(e.name);
    CHECK_FALSE(e.quote_ids.empty());
    for (const auto& id : e.quote_ids) {
      const auto q = std::find_if(d.quotes.begin(), d.quotes.end(), [&](const Quote& x) { return x.id == id; });
      REQUIRE_MESSAGE(q != d.quotes.end(), "entity lists unknown quote " << id);
      REQUIRE(q->speaker.has_value());
      CHECK(q->speaker->entity_id == e.id);
    }
  }
}

DocumentResult Run(const std::string& text, const std::string& lang) {
  DocumentResult d = Extract(text, lang);
  CheckInvariants(text, d);
  return d;
}

// The quote with text `t`; fails the test (showing everything found) when there is none.
const Quote& Get(const DocumentResult& d, const std::string& t) {
  const Quote* q = FindQuote(d, t);
  REQUIRE_MESSAGE(q != nullptr, "no quote <" << t << ">; " << Describe(d));
  return *q;
}

// The speaker of the quote with text `t`; fails the test when it has none.
const SpeakerRef& Speaker(const DocumentResult& d, const std::string& t) {
  const Quote& q = Get(d, t);
  REQUIRE_MESSAGE(q.speaker.has_value(), "quote <" << t << "> has no speaker; " << Describe(d));
  return *q.speaker;
}

const Entity* EntityNamed(const DocumentResult& d, const std::string& name) {
  for (const auto& e : d.speakers)
    if (e.name == name) return &e;
  return nullptr;
}

// No speaker entity's name contains `word` ("Roe", "AP").
bool NoSpeakerMentions(const DocumentResult& d, const std::string& word) {
  for (const auto& e : d.speakers)
    if (e.name.find(word) != std::string::npos) return false;
  return true;
}

std::string MentionText(const std::string& input, const SpeakerRef& s) {
  return input.substr(s.mention_span.start, s.mention_span.size());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// 1. Explicit tags.
// ---------------------------------------------------------------------------------------------

TEST_CASE("explicit tag after the quote, name then verb (en)") {
  const std::string text = "\"The new bridge will open in June,\" Mayor Clara Voss said on Tuesday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The new bridge will open in June,");
  CHECK(s.name == "Clara Voss");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(s.mention == "Clara Voss");
  CHECK(MentionText(text, s) == "Clara Voss");
  CHECK(s.rule == "en.after.speaker-verb");
}

TEST_CASE("explicit tag after the quote, verb then name (en)") {
  const std::string text = "\"We have no more room for boats,\" said Tomas Ekberg, the harbour master.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "We have no more room for boats,");
  CHECK(s.name == "Tomas Ekberg");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(s.mention == "Tomas Ekberg");
  CHECK(s.rule == "en.after.verb-speaker");
}

TEST_CASE("verb then a name described by an outlet and a role: the name is the speaker (en)") {
  const std::string text = "\"The ice will hold until March,\" said KRTV weather anchor Lena Dahl.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The ice will hold until March,");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.mention == "Lena Dahl");
}

TEST_CASE("verb then a name, then when: the time is not part of the name (en)") {
  const std::string text = "\"The ice will hold until March,\" said Lena Dahl on Monday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The ice will hold until March,");
  CHECK(s.name == "Lena Dahl");
  CHECK(s.mention == "Lena Dahl");
}

TEST_CASE("a name with a no-break space before and after the dash of a round-up (en)") {
  // (Long enough not to read as a headline.)
  const std::string text =
      "“The council should fix the roads before it builds another school in the valley.”\u00A0―\u00A0Ada Lindqvist\u00A0\n";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The council should fix the roads before it builds another school in the valley.");
  CHECK(s.name == "Ada Lindqvist");
}

TEST_CASE("a tag with two appositions after the name (en)") {
  const std::string text =
      "\"The levy stays,\" Nina Park, the treasurer of Ashford, a port town in the north, said on Friday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "The levy stays,").name == "Nina Park");
}

TEST_CASE("a speaker after 'footage of' is the one who speaks; a listener after 'to' is not (en)") {
  const std::string text =
      "The new ad uses footage of Mayor Ida Holm asking, \"Why should anyone pay twice for one bridge?\"\n\n"
      "\"The ferry will run all winter,\" Councillor Per Ek said to Sara Lund.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "Why should anyone pay twice for one bridge?").name == "Ida Holm");
  CHECK(Speaker(d, "The ferry will run all winter,").name == "Per Ek");
}

TEST_CASE("a name does not run on over a full stop into the next sentence, initials do (sv, en)") {
  auto sv = Run("– Vägen är stängd, sa Lindqvist. Han sa även att bron öppnar i maj.", "sv");
  INFO(Describe(sv));
  CHECK(Speaker(sv, "Vägen är stängd").name == "Lindqvist");
  auto en = Run("\"The bridge opens in May,\" said G.K. Lindqvist.", "en");
  INFO(Describe(en));
  CHECK(Speaker(en, "The bridge opens in May,").name == "G.K. Lindqvist");
}

TEST_CASE("a surname that is also a title is a name without an article, an office with one (en)") {
  const std::string text =
      "Former governor Howard Dean spoke at the convention.\n\n"
      "Dean, a former party chairman, said: \"The rules must change before the next vote.\"\n\n"
      "Mayor Ida Holm opened the new bridge on Friday.\n\n"
      "\"It took eleven years and it is finally done,\" the Mayor said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "The rules must change before the next vote.").name == "Howard Dean");
  CHECK(Speaker(d, "It took eleven years and it is finally done,").name == "Ida Holm");
}

TEST_CASE("a number word opening a sentence is not a speaker (en)") {
  const std::string text =
      "Twenty-nine people were hurt in a fire that Mayor Ida Holm described as \"a disgrace to the city.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "a disgrace to the city.");
  CHECK_FALSE((q.speaker && q.speaker->name == "Twenty-nine"));
}

TEST_CASE("explicit tag before the quote with a colon (en)") {
  const std::string text = "Liam Okafor told reporters: \"The talks are over for this year.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The talks are over for this year.");
  CHECK(s.name == "Liam Okafor");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(MentionText(text, s) == "Liam Okafor");
  CHECK(s.rule == "en.before.speaker-verb-colon");
}

TEST_CASE("explicit dialogue tag after a dash (sv)") {
  const std::string text = "– Vi tänker inte ge upp bygget, säger Karin Lindqvist.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const Quote& q = Get(d, "Vi tänker inte ge upp bygget");
  CHECK(q.kind == QuoteKind::kDialogue);
  const SpeakerRef& s = Speaker(d, "Vi tänker inte ge upp bygget");
  CHECK(s.name == "Karin Lindqvist");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(s.mention == "Karin Lindqvist");
  CHECK(MentionText(text, s) == "Karin Lindqvist");
}

TEST_CASE("explicit tag after a ”…” quote, with a role before the name (sv)") {
  const std::string text = "”Färjan går inte i dag”, säger hamnchefen Olof Strand.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Färjan går inte i dag");
  CHECK(s.name == "Olof Strand");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(s.mention == "Olof Strand");
  CHECK(MentionText(text, s) == "Olof Strand");
  CHECK(s.rule == "sv.after.verb-speaker");
}

TEST_CASE("explicit 'enligt' tag (sv)") {
  const std::string text = "”Räntan ligger kvar året ut”, enligt analytikern Maja Berglund.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Räntan ligger kvar året ut");
  CHECK(s.name == "Maja Berglund");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(MentionText(text, s) == "Maja Berglund");
  CHECK(s.rule == "sv.after.enligt");
}

TEST_CASE("a short name takes the fullest form the document gives it (en)") {
  const std::string text =
      "Norvian government spokesman Pavel Orlin declined to comment on Monday.\n\n"
      "\"The talks are finished,\" Orlin said on Tuesday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The talks are finished,");
  CHECK(s.name == "Pavel Orlin");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(s.mention == "Orlin");
  CHECK(MentionText(text, s) == "Orlin");
  CHECK(s.mention_span.start == text.find("Orlin said"));
}

TEST_CASE("a short name takes the fullest form the document gives it (sv)") {
  const std::string text =
      "Regeringens talesperson Lena Sjöberg ville inte kommentera saken på måndagen.\n\n"
      "– Vi väntar fortfarande på beskedet, säger Sjöberg.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Vi väntar fortfarande på beskedet");
  CHECK(s.name == "Lena Sjöberg");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(s.mention == "Sjöberg");
  CHECK(MentionText(text, s) == "Sjöberg");
  CHECK(s.mention_span.start == text.find("Sjöberg."));
}

TEST_CASE("a short name takes the fullest form even when the full form comes later (en)") {
  const std::string text =
      "\"Nobody has asked us,\" Orlin said on Tuesday.\n\n"
      "Norvian government spokesman Pavel Orlin has held the post since March.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Nobody has asked us,");
  CHECK(s.name == "Pavel Orlin");
  CHECK(s.mention == "Orlin");
  CHECK(s.mention_span.start == text.find("Orlin said"));
}

TEST_CASE("a short name takes the fullest form even when the full form comes later (sv)") {
  const std::string text =
      "– Ingen har frågat oss, säger Sjöberg.\n\n"
      "Regeringens talesperson Lena Sjöberg har haft uppdraget sedan mars.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Ingen har frågat oss");
  CHECK(s.name == "Lena Sjöberg");
  CHECK(s.mention == "Sjöberg");
  CHECK(s.mention_span.start == text.find("Sjöberg."));
}

TEST_CASE("titles and place words before a name are not part of it (en)") {
  const std::string text = "\"Three homes were damaged overnight,\" Vesna Oblast Gov. Arkady Milov said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Three homes were damaged overnight,");
  CHECK(s.name == "Arkady Milov");
  CHECK(s.mention == "Arkady Milov");
  CHECK(MentionText(text, s) == "Arkady Milov");
  const Entity* e = EntityNamed(d, "Arkady Milov");
  REQUIRE(e != nullptr);
  CHECK(Contains(e->roles, std::string("gov")));
}

TEST_CASE("titles and place words before a name are not part of it (sv)") {
  const std::string text = "”Vi fick ingen varning alls”, säger Norrvikens kommunalråd Eva Holmgren.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Vi fick ingen varning alls");
  CHECK(s.name == "Eva Holmgren");
  CHECK(s.mention == "Eva Holmgren");
  CHECK(MentionText(text, s) == "Eva Holmgren");
  const Entity* e = EntityNamed(d, "Eva Holmgren");
  REQUIRE(e != nullptr);
  CHECK(Contains(e->roles, std::string("kommunalråd")));
}

// ---------------------------------------------------------------------------------------------
// 2. Pronouns.
// ---------------------------------------------------------------------------------------------

TEST_CASE("'she said' refers to the woman just introduced (en)") {
  const std::string text =
      "Helena Marsh, the city's transport director, unveiled the new tram map on Monday.\n\n"
      "\"Every district will have a stop within 500 metres,\" she said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Every district will have a stop within 500 metres,");
  CHECK(s.name == "Helena Marsh");
  CHECK(s.method == AttributionMethod::kPronoun);
  CHECK(s.mention == "she");
  CHECK(s.mention_span.start == text.rfind("she said"));
}

TEST_CASE("'sa hon' and 'säger han' refer to the person just introduced (sv)") {
  const std::string text =
      "Helena Marsh, stadens trafikdirektör, presenterade den nya spårvagnskartan på måndagen.\n\n"
      "– Alla stadsdelar får en hållplats inom 500 meter, sa hon.\n\n"
      "Stefan Lund leder räddningstjänsten i Norrvik.\n\n"
      "– Branden är under kontroll sedan i natt, säger han.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& a = Speaker(d, "Alla stadsdelar får en hållplats inom 500 meter");
  CHECK(a.name == "Helena Marsh");
  CHECK(a.method == AttributionMethod::kPronoun);
  CHECK(a.mention == "hon");
  const SpeakerRef& b = Speaker(d, "Branden är under kontroll sedan i natt");
  CHECK(b.name == "Stefan Lund");
  CHECK(b.method == AttributionMethod::kPronoun);
  CHECK(b.mention == "han");
}

TEST_CASE("a pronoun goes to a newcomer the sentence before brings in as its agent, not to an older speaker (en)") {
  // "The move was praised by Senator Ann Holt. 'This is overdue,' she said." is how news brings
  // in its next speaker; a person the text named before is no newcomer (the Swedish case below).
  const std::string text =
      "\"The ferry will run again next week,\" harbour chief Jonas Berg said. "
      "The decision was welcomed by county engineer Erik Dahl.\n\n"
      "\"We have found the fault in the engine,\" he said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "The ferry will run again next week,") == "Jonas Berg");
  const SpeakerRef& s = Speaker(d, "We have found the fault in the engine,");
  CHECK(s.name == "Erik Dahl");
  CHECK(s.method == AttributionMethod::kPronoun);
}

TEST_CASE("a pronoun goes to a newcomer the sentence before brings in as its agent, not to an older speaker (sv)") {
  const std::string text =
      "– Färjan går igen nästa vecka, säger hamnchefen Jonas Berg.\n\n"
      "Beskedet välkomnades av länets ingenjör Erik Dahl.\n\n"
      "– Vi har hittat felet i motorn, säger han.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "Färjan går igen nästa vecka") == "Jonas Berg");
  const SpeakerRef& s = Speaker(d, "Vi har hittat felet i motorn");
  CHECK(s.name == "Erik Dahl");
  CHECK(s.method == AttributionMethod::kPronoun);
}

TEST_CASE("a pronoun prefers the previous speaker over a person merely named again after him (sv)") {
  const std::string text =
      "Länets ingenjör Erik Dahl besökte färjan i måndags.\n\n"
      "– Färjan går igen nästa vecka, säger hamnchefen Jonas Berg.\n\n"
      "Beskedet välkomnades av Dahl.\n\n"
      "– Vi har hittat felet i motorn, säger han.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Vi har hittat felet i motorn");
  CHECK(s.name == "Jonas Berg");
  CHECK(s.method == AttributionMethod::kPronoun);
}

TEST_CASE("a female pronoun skips a previous speaker known to be male (en)") {
  const std::string text =
      "Councillor Ruth Adams presented the budget on Tuesday. "
      "It was attacked by opposition leader Mark Fenn.\n\n"
      "\"This budget fails our schools,\" he said.\n\n"
      "\"That is simply not true,\" she said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& he = Speaker(d, "This budget fails our schools,");
  CHECK(he.name == "Mark Fenn");
  CHECK(he.method == AttributionMethod::kPronoun);
  const SpeakerRef& she = Speaker(d, "That is simply not true,");
  CHECK(she.name == "Ruth Adams");
  CHECK(she.method == AttributionMethod::kPronoun);
}

TEST_CASE("a female pronoun skips a previous speaker known to be male (sv)") {
  const std::string text =
      "Kommunalrådet Ruth Adams presenterade budgeten på tisdagen. "
      "Den kritiserades av oppositionsledaren Mark Fenn.\n\n"
      "– Den här budgeten sviker skolan, säger han.\n\n"
      "– Det stämmer helt enkelt inte, sa hon.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& han = Speaker(d, "Den här budgeten sviker skolan");
  CHECK(han.name == "Mark Fenn");
  CHECK(han.method == AttributionMethod::kPronoun);
  const SpeakerRef& hon = Speaker(d, "Det stämmer helt enkelt inte");
  CHECK(hon.name == "Ruth Adams");
  CHECK(hon.method == AttributionMethod::kPronoun);
}

TEST_CASE("a name inside the quote is not what a following pronoun refers to (en)") {
  const std::string text =
      "Maja Ekholm has run the village school for twenty years.\n\n"
      "\"Anders Vik promised us a new gym three times,\" she said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Anders Vik promised us a new gym three times,");
  CHECK(s.name == "Maja Ekholm");
  CHECK(s.method == AttributionMethod::kPronoun);
  CHECK(NoSpeakerMentions(d, "Vik"));
}

TEST_CASE("a name inside the quote is not what a following pronoun refers to (sv)") {
  const std::string text =
      "Maja Ekholm har lett byskolan i tjugo år.\n\n"
      "– Anders Vik har lovat oss en ny gympasal tre gånger, säger hon.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Anders Vik har lovat oss en ny gympasal tre gånger");
  CHECK(s.name == "Maja Ekholm");
  CHECK(s.method == AttributionMethod::kPronoun);
  CHECK(NoSpeakerMentions(d, "Vik"));
}

// ---------------------------------------------------------------------------------------------
// 3. Descriptions.
// ---------------------------------------------------------------------------------------------

TEST_CASE("a definite description resolves to the person the text gave that role (en)") {
  const std::string text =
      "Norvian Premier Anna Holt arrived in Brussels on Thursday for talks on fishing quotas.\n\n"
      "\"We will not sign a deal that empties our harbours,\" the Norvian premier said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "We will not sign a deal that empties our harbours,");
  CHECK(s.name == "Anna Holt");
  CHECK(s.method == AttributionMethod::kDescription);
  CHECK(s.mention.find("premier") != std::string::npos);
  CHECK(MentionText(text, s) == s.mention);
}

TEST_CASE("a definite description resolves to the person the text gave that role (sv)") {
  const std::string text =
      "Norviens premiärminister Anna Holt kom till Bryssel på torsdagen för samtal om fiskekvoter.\n\n"
      "– Vi skriver inte under ett avtal som tömmer våra hamnar, säger premiärministern.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Vi skriver inte under ett avtal som tömmer våra hamnar");
  CHECK(s.name == "Anna Holt");
  CHECK(s.method == AttributionMethod::kDescription);
  CHECK(s.mention == "premiärministern");
}

TEST_CASE("a description goes to the person with that role and not to the previous speaker (en)") {
  const std::string text =
      "Norvian Premier Anna Holt met fisheries commissioner Lars Ekdahl in Brussels on Thursday.\n\n"
      "\"The quotas will be set in May,\" Ekdahl said.\n\n"
      "\"May is far too late for our fleet,\" the Norvian premier said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "The quotas will be set in May,") == "Lars Ekdahl");
  const SpeakerRef& s = Speaker(d, "May is far too late for our fleet,");
  CHECK(s.name == "Anna Holt");
  CHECK(s.method == AttributionMethod::kDescription);
}

TEST_CASE("a description goes to the person with that role and not to the previous speaker (sv)") {
  const std::string text =
      "Norviens premiärminister Anna Holt träffade fiskekommissionären Lars Ekdahl i Bryssel på torsdagen.\n\n"
      "– Kvoterna bestäms i maj, säger Ekdahl.\n\n"
      "– Maj är alldeles för sent för vår flotta, säger premiärministern.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "Kvoterna bestäms i maj") == "Lars Ekdahl");
  const SpeakerRef& s = Speaker(d, "Maj är alldeles för sent för vår flotta");
  CHECK(s.name == "Anna Holt");
  CHECK(s.method == AttributionMethod::kDescription);
}

TEST_CASE("'säger presidenten' before the president is named resolves to the most-mentioned person (sv)") {
  const std::string text =
      "– Vi kommer aldrig att ge upp våra öar, säger presidenten.\n\n"
      "Det var första gången sedan valet som Marko Velin talade inför parlamentet. "
      "Velin har styrt landet sedan 2019.\n\n"
      "Journalisten Ida Sand ställde den första frågan.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Vi kommer aldrig att ge upp våra öar");
  CHECK(s.name == "Marko Velin");
  CHECK(s.method == AttributionMethod::kDescription);
  CHECK(s.mention == "presidenten");
  CHECK(MentionText(text, s) == "presidenten");
}

TEST_CASE("'the president said' before the president is named resolves to the most-mentioned person (en)") {
  const std::string text =
      "\"We will never give up our islands,\" the president said.\n\n"
      "It was the first time since the election that Marko Velin had addressed parliament. "
      "Velin has ruled the country since 2019.\n\n"
      "Reporter Ida Sand asked the first question.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "We will never give up our islands,");
  CHECK(s.name == "Marko Velin");
  CHECK(s.method == AttributionMethod::kDescription);
  CHECK(s.mention == "the president");
}

// ---------------------------------------------------------------------------------------------
// 4. Continuation.
// ---------------------------------------------------------------------------------------------

TEST_CASE("an untagged quote paragraph continues the speaker of the tagged one before it (en)") {
  const std::string text =
      "\"The reservoir is at its lowest level in forty years,\" said water board chair Greta Nyman.\n\n"
      "\"If it does not rain by August, we will have to ration.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& first = Speaker(d, "The reservoir is at its lowest level in forty years,");
  CHECK(first.name == "Greta Nyman");
  CHECK(first.method == AttributionMethod::kExplicit);
  const SpeakerRef& s = Speaker(d, "If it does not rain by August, we will have to ration.");
  CHECK(s.name == "Greta Nyman");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(s.entity_id == first.entity_id);
}

TEST_CASE("an untagged dash paragraph continues the speaker of the tagged one before it (sv)") {
  const std::string text =
      "– Vattnet räcker till hösten, säger vattenchefen Greta Nyman.\n\n"
      "– Men om det inte regnar i augusti måste vi ransonera.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& first = Speaker(d, "Vattnet räcker till hösten");
  CHECK(first.name == "Greta Nyman");
  CHECK(first.method == AttributionMethod::kExplicit);
  const Quote& q = Get(d, "Men om det inte regnar i augusti måste vi ransonera.");
  CHECK(q.kind == QuoteKind::kDialogue);
  const SpeakerRef& s = Speaker(d, "Men om det inte regnar i augusti måste vi ransonera.");
  CHECK(s.name == "Greta Nyman");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(s.entity_id == first.entity_id);
}

TEST_CASE("an untagged quote after a paragraph that names someone speaking goes to that person (en)") {
  const std::string text =
      "Transport Minister Olle Brandt said the new timetable was months late.\n\n"
      "\"Nobody in this department is happy about it.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Nobody in this department is happy about it.");
  CHECK(s.name == "Olle Brandt");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("an untagged dash paragraph after a paragraph that names someone speaking goes to that person (sv)") {
  const std::string text =
      "Olle Brandt sa på måndagen att den nya tidtabellen var flera månader försenad.\n\n"
      "– Ingen på departementet är nöjd med det.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Ingen på departementet är nöjd med det.");
  CHECK(s.name == "Olle Brandt");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("the second half of a quote split by a long tag has the first half's speaker (en)") {
  const std::string text =
      "\"The ferry will run all winter,\" Mayor Ida Holm said during a visit to Ashford, N.C., "
      "\"but only if the harbour stays free of ice.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& first = Speaker(d, "The ferry will run all winter,");
  CHECK(first.name == "Ida Holm");
  const SpeakerRef& s = Speaker(d, "but only if the harbour stays free of ice.");
  CHECK(s.name == "Ida Holm");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(s.entity_id == first.entity_id);
}

TEST_CASE("a quote after a full stop is not the second half of the one before (en)") {
  // The tag sentence ends: the next quote opens a new sentence with its own subject.
  const std::string text =
      "\"The ferry will run all winter,\" Mayor Ida Holm said. Critics of the plan called it "
      "\"wishful thinking,\" and left.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "wishful thinking,");
  CHECK_FALSE((q.speaker && q.speaker->name == "Ida Holm"));
}

TEST_CASE("an unattributed programme title between two quotes does not break continuation (en)") {
  const std::string text =
      "\"Prices will fall by spring,\" Lars Ring, the bank's chief economist, said on Radio North's "
      "\"Morning Hour.\" \"I would not bet against it.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "Prices will fall by spring,").name == "Lars Ring");
  const SpeakerRef& s = Speaker(d, "I would not bet against it.");
  CHECK(s.name == "Lars Ring");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("a new paragraph that brings in another person does not continue the speaker before (en)") {
  const std::string text =
      "\"We will rebuild the pier by summer,\" Mayor Ida Holm said.\n\n"
      "On \"Morning Hour,\" Senator Lars Ring, who opposed the budget, listed the costs. \"The town cannot pay for this.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "We will rebuild the pier by summer,").name == "Ida Holm");
  const Quote& q = Get(d, "The town cannot pay for this.");
  CHECK_FALSE((q.speaker && q.speaker->name == "Ida Holm"));
}

TEST_CASE("a second untagged quote in the same paragraph continues the tagged one (en)") {
  const std::string text =
      "\"The reservoir is nearly empty,\" said water board chair Greta Nyman. \"We will ration from August.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "The reservoir is nearly empty,") == "Greta Nyman");
  const SpeakerRef& s = Speaker(d, "We will ration from August.");
  CHECK(s.name == "Greta Nyman");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("a second untagged quote in the same paragraph continues the tagged one (sv)") {
  const std::string text =
      "”Dammen är nästan tom”, säger vattenchefen Greta Nyman. ”Vi ransonerar från augusti.”";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "Dammen är nästan tom") == "Greta Nyman");
  const SpeakerRef& s = Speaker(d, "Vi ransonerar från augusti.");
  CHECK(s.name == "Greta Nyman");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("a paragraph naming a new person speaking takes over from the earlier speaker (en)") {
  const std::string text =
      "\"The timetable is ready,\" said rail chief Nora Vance.\n\n"
      "Transport Minister Olle Brandt said the new timetable was months late.\n\n"
      "\"Nobody in this department is happy about it.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "The timetable is ready,") == "Nora Vance");
  const SpeakerRef& s = Speaker(d, "Nobody in this department is happy about it.");
  CHECK(s.name == "Olle Brandt");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("a paragraph naming a new person speaking takes over from the earlier speaker (sv)") {
  const std::string text =
      "– Tidtabellen är klar, säger järnvägschefen Nora Vance.\n\n"
      "Olle Brandt sa på måndagen att den nya tidtabellen var flera månader försenad.\n\n"
      "– Ingen på departementet är nöjd med det.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "Tidtabellen är klar") == "Nora Vance");
  const SpeakerRef& s = Speaker(d, "Ingen på departementet är nöjd med det.");
  CHECK(s.name == "Olle Brandt");
  CHECK(s.method == AttributionMethod::kContinuation);
}

TEST_CASE("a name inside a continued quote does not take over the speaker (en)") {
  const std::string text =
      "\"The border stays closed,\" said Defence Minister Ola Rask.\n\n"
      "\"Carl Dunmore has never once visited the front.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "The border stays closed,") == "Ola Rask");
  const SpeakerRef& s = Speaker(d, "Carl Dunmore has never once visited the front.");
  CHECK(s.name == "Ola Rask");
  CHECK(s.method == AttributionMethod::kContinuation);
  CHECK(NoSpeakerMentions(d, "Dunmore"));
}

// ---------------------------------------------------------------------------------------------
// 5. Distractors.
// ---------------------------------------------------------------------------------------------

TEST_CASE("the interviewer in 'told ABC News' Jane Roe' is not the speaker (en)") {
  const std::string text =
      "\"We were never told about the cuts,\" Hanna Greer told ABC News' Jane Roe on Sunday.\n\n"
      "Greer runs the only clinic in the valley.\n\n"
      "\"Nobody asked us,\" she told ABC News' Jane Roe.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& a = Speaker(d, "We were never told about the cuts,");
  CHECK(a.name == "Hanna Greer");
  CHECK(a.method == AttributionMethod::kExplicit);
  CHECK(a.mention == "Hanna Greer");
  const SpeakerRef& b = Speaker(d, "Nobody asked us,");
  CHECK(b.name == "Hanna Greer");
  CHECK(b.method == AttributionMethod::kPronoun);
  CHECK(NoSpeakerMentions(d, "Roe"));
}

TEST_CASE("the interviewer is not the speaker when the tag comes before the quote (en)") {
  const std::string text = "Hanna Greer told ABC News' Jane Roe: \"Nobody from the ministry ever came here.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Nobody from the ministry ever came here.");
  CHECK(s.name == "Hanna Greer");
  CHECK(s.method == AttributionMethod::kExplicit);
  CHECK(MentionText(text, s) == "Hanna Greer");
  CHECK(NoSpeakerMentions(d, "Roe"));
}

TEST_CASE("'told the AP' does not make the agency the speaker (en)") {
  const std::string text =
      "\"The factory will stay open,\" Sofia Marten told the AP.\n\n"
      "Marten has led the plant since 2018.\n\n"
      "\"Our orders have doubled,\" she told the AP on Friday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "The factory will stay open,") == "Sofia Marten");
  CHECK(SpeakerOf(d, "Our orders have doubled,") == "Sofia Marten");
  CHECK(NoSpeakerMentions(d, "AP"));
  CHECK(d.speakers.size() == 1);
}

TEST_CASE("'säger … till TT' does not make the agency the speaker (sv)") {
  const std::string text =
      "– Fabriken stänger inte, säger Sofia Marten till TT.\n\n"
      "Marten har lett fabriken sedan 2018.\n\n"
      "– Våra order har fördubblats, säger hon till TT.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& a = Speaker(d, "Fabriken stänger inte");
  CHECK(a.name == "Sofia Marten");
  CHECK(a.mention == "Sofia Marten");
  CHECK(SpeakerOf(d, "Våra order har fördubblats") == "Sofia Marten");
  CHECK(NoSpeakerMentions(d, "TT"));
  CHECK(d.speakers.size() == 1);
}

TEST_CASE("a person named after the quote in an 'if' clause is not the speaker (en)") {
  const std::string text =
      "Defence Minister Ola Rask told lawmakers the army would move \"within hours\" "
      "if President Carl Dunmore said so.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "within hours");
  CHECK(s.name == "Ola Rask");
  CHECK(s.method == AttributionMethod::kSubject);
  CHECK(NoSpeakerMentions(d, "Dunmore"));
}

TEST_CASE("an 'if' clause after a direct quote does not give it a speaker (en)") {
  const std::string text =
      "Lawmakers were asked on Tuesday whether troops were ready.\n\n"
      "\"The army will move within hours\" if President Carl Dunmore said so, the bill's authors wrote.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "The army will move within hours");
  CHECK((!q.speaker || q.speaker->name != "Carl Dunmore"));
  CHECK(NoSpeakerMentions(d, "Dunmore"));
}

TEST_CASE("people named inside the quote are not speakers (en)") {
  const std::string text = "\"Carl Dunmore and Lisa Berg knew about the leak,\" said Ola Rask.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "Carl Dunmore and Lisa Berg knew about the leak,") == "Ola Rask");
  CHECK(d.speakers.size() == 1);
  CHECK(NoSpeakerMentions(d, "Dunmore"));
  CHECK(NoSpeakerMentions(d, "Berg"));
}

TEST_CASE("people named inside the quote are not speakers (sv)") {
  const std::string text = "– Jag har aldrig träffat Anders Vik eller Lisa Berg, säger Maja Ek.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(SpeakerOf(d, "Jag har aldrig träffat Anders Vik eller Lisa Berg") == "Maja Ek");
  CHECK(d.speakers.size() == 1);
  CHECK(NoSpeakerMentions(d, "Vik"));
  CHECK(NoSpeakerMentions(d, "Berg"));
}

// ---------------------------------------------------------------------------------------------
// 6. Organisations.
// ---------------------------------------------------------------------------------------------

TEST_CASE("'the Kremlin said' and 'the White House said' give organisation speakers (en)") {
  const std::string text =
      "\"No such talks have taken place,\" the Kremlin said in a statement.\n\n"
      "\"We have nothing to add,\" the White House said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& k = Speaker(d, "No such talks have taken place,");
  CHECK(k.name.find("Kremlin") != std::string::npos);
  CHECK(k.method == AttributionMethod::kExplicit);
  const SpeakerRef& w = Speaker(d, "We have nothing to add,");
  CHECK(w.name.find("White House") != std::string::npos);
  REQUIRE(d.speakers.size() == 2);
  for (const auto& e : d.speakers) {
    CAPTURE(e.name);
    CHECK(e.kind == EntityKind::kOrganisation);
  }
  CHECK(k.entity_id != w.entity_id);
}

TEST_CASE("Kreml and Vita huset give organisation speakers (sv)") {
  const std::string text =
      "– Några sådana samtal har inte ägt rum, skriver Kreml i ett uttalande.\n\n"
      "”Vi har inget att tillägga”, säger Vita huset.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& k = Speaker(d, "Några sådana samtal har inte ägt rum");
  CHECK(k.name.find("Kreml") != std::string::npos);
  const SpeakerRef& w = Speaker(d, "Vi har inget att tillägga");
  CHECK(w.name.find("Vita huset") != std::string::npos);
  REQUIRE(d.speakers.size() == 2);
  for (const auto& e : d.speakers) {
    CAPTURE(e.name);
    CHECK(e.kind == EntityKind::kOrganisation);
  }
}

TEST_CASE("'enligt Kreml' gives an organisation speaker (sv)") {
  const std::string text = "”Samtalen fortsätter nästa vecka”, enligt Kreml.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Samtalen fortsätter nästa vecka");
  CHECK(s.name == "Kreml");
  CHECK(MentionText(text, s) == "Kreml");
  REQUIRE(d.speakers.size() == 1);
  CHECK(d.speakers[0].kind == EntityKind::kOrganisation);
}

// ---------------------------------------------------------------------------------------------
// 7. Indirect speech with a partial quote.
// ---------------------------------------------------------------------------------------------

TEST_CASE("a partial quote in reported speech goes to the subject (en)") {
  const std::string text =
      "Mayor Ines Carver defended the plan, telling the AP that her rivals were \"provoking trouble,\" "
      "and that work would start in May.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "provoking trouble,");
  CHECK(q.kind == QuoteKind::kPartial);
  const SpeakerRef& s = Speaker(d, "provoking trouble,");
  CHECK(s.name == "Ines Carver");
  CHECK(s.method == AttributionMethod::kSubject);
  CHECK(MentionText(text, s) == "Ines Carver");
  CHECK(NoSpeakerMentions(d, "AP"));
}

TEST_CASE("a partial quote in reported speech goes to the subject (sv)") {
  const std::string text =
      "Borgmästaren Ines Carver försvarade planen och sa till TT att motståndarna ”bråkar för bråkets skull”.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const Quote& q = Get(d, "bråkar för bråkets skull");
  CHECK(q.kind == QuoteKind::kPartial);
  const SpeakerRef& s = Speaker(d, "bråkar för bråkets skull");
  CHECK(s.name == "Ines Carver");
  CHECK(s.method == AttributionMethod::kSubject);
  CHECK(MentionText(text, s) == "Ines Carver");
}

// ---------------------------------------------------------------------------------------------
// 8. Quotes that are nobody's speech.
// ---------------------------------------------------------------------------------------------

TEST_CASE("an epithet gets no speaker even next to a speech verb (en)") {
  const std::string text =
      "Retired judge Alma Pryce, dubbed \"the iron judge\" by local papers, said she had no regrets.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "the iron judge");
  CHECK(q.kind == QuoteKind::kEpithet);
  CHECK_FALSE(q.speaker.has_value());
  CHECK(d.speakers.empty());
}

TEST_CASE("an epithet gets no speaker (sv)") {
  const std::string text = "Fiskaren Nils Ottosson brukar kallas ”Kustens siste viking” i byn, säger grannarna.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const Quote& q = Get(d, "Kustens siste viking");
  CHECK(q.kind == QuoteKind::kEpithet);
  CHECK_FALSE(q.speaker.has_value());
  CHECK(d.speakers.empty());
}

TEST_CASE("a programme title gets no speaker (en)") {
  const std::string text = "Councillor Dev Marlow defended the budget on \"Morning Watch.\"";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "Morning Watch.");
  CHECK(q.kind == QuoteKind::kTitle);
  CHECK_FALSE(q.speaker.has_value());
  CHECK(d.speakers.empty());
}

TEST_CASE("a programme title gets no speaker (sv)") {
  const std::string text = "Kommunalrådet Eva Holm försvarade budgeten i ”Morgonpasset” på tisdagen.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const Quote& q = Get(d, "Morgonpasset");
  CHECK(q.kind == QuoteKind::kTitle);
  CHECK_FALSE(q.speaker.has_value());
  CHECK(d.speakers.empty());
}

TEST_CASE("a quote in a capitalised headline gets no speaker (en)") {
  const std::string text =
      "'WE WILL REBUILD,' SAYS MAYOR\n\n"
      "Mayor Tess Ward walked through the flooded streets of Eastport on Monday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const Quote& q = Get(d, "WE WILL REBUILD,");
  CHECK(q.kind == QuoteKind::kHeadline);
  CHECK_FALSE(q.speaker.has_value());
  CHECK(d.speakers.empty());
}

TEST_CASE("a quote in a capitalised headline gets no speaker (sv)") {
  const std::string text =
      "”VI BYGGER UPP ALLT IGEN”, SÄGER BORGMÄSTAREN\n\n"
      "Borgmästaren Tess Ward gick genom de översvämmade gatorna i Östby på måndagen.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const Quote& q = Get(d, "VI BYGGER UPP ALLT IGEN");
  CHECK(q.kind == QuoteKind::kHeadline);
  CHECK_FALSE(q.speaker.has_value());
  CHECK(d.speakers.empty());
}

// ---------------------------------------------------------------------------------------------
// 9. The document's speaker entities.
// ---------------------------------------------------------------------------------------------

TEST_CASE("DocumentResult::speakers has one entry per person with roles, aliases and quotes (en)") {
  const std::string text =
      "President Rosa Kellan opened the summit in Valmora on Monday.\n\n"
      "\"Our ports are open to everyone,\" Kellan said.\n\n"
      "Opposition leader Tomas Grieve was unimpressed.\n\n"
      "\"The ports have been open for years,\" Grieve said.\n\n"
      "\"We are doing more than ever before,\" Kellan added.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  REQUIRE(d.speakers.size() == 2);
  const Entity* kellan = EntityNamed(d, "Rosa Kellan");
  const Entity* grieve = EntityNamed(d, "Tomas Grieve");
  REQUIRE(kellan != nullptr);
  REQUIRE(grieve != nullptr);
  CHECK(kellan->kind == EntityKind::kPerson);
  CHECK(grieve->kind == EntityKind::kPerson);
  CHECK(Contains(kellan->roles, std::string("president")));
  CHECK(Contains(grieve->roles, std::string("leader")));
  CHECK(Contains(kellan->aliases, std::string("Kellan")));
  CHECK(Contains(grieve->aliases, std::string("Grieve")));
  const std::string k1 = Get(d, "Our ports are open to everyone,").id;
  const std::string g1 = Get(d, "The ports have been open for years,").id;
  const std::string k2 = Get(d, "We are doing more than ever before,").id;
  CHECK(kellan->quote_ids == std::vector<std::string>{k1, k2});
  CHECK(grieve->quote_ids == std::vector<std::string>{g1});
  CHECK(kellan->id != grieve->id);
  // Ids are numbered in order of first quote.
  CHECK(d.speakers[0].name == "Rosa Kellan");
}

TEST_CASE("DocumentResult::speakers has one entry per person with roles, aliases and quotes (sv)") {
  const std::string text =
      "Statsminister Rosa Kellan öppnade toppmötet i Valmora på måndagen.\n\n"
      "– Våra hamnar är öppna för alla, säger Kellan.\n\n"
      "Oppositionsledaren Tomas Grieve var inte imponerad.\n\n"
      "– Hamnarna har varit öppna i åratal, säger Grieve.\n\n"
      "– Vi gör mer än någonsin, sa Kellan.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  REQUIRE(d.speakers.size() == 2);
  const Entity* kellan = EntityNamed(d, "Rosa Kellan");
  const Entity* grieve = EntityNamed(d, "Tomas Grieve");
  REQUIRE(kellan != nullptr);
  REQUIRE(grieve != nullptr);
  CHECK(kellan->kind == EntityKind::kPerson);
  CHECK(Contains(kellan->roles, std::string("statsminister")));
  CHECK(Contains(kellan->aliases, std::string("Kellan")));
  CHECK(Contains(grieve->aliases, std::string("Grieve")));
  const std::string k1 = Get(d, "Våra hamnar är öppna för alla").id;
  const std::string g1 = Get(d, "Hamnarna har varit öppna i åratal").id;
  const std::string k2 = Get(d, "Vi gör mer än någonsin").id;
  CHECK(kellan->quote_ids == std::vector<std::string>{k1, k2});
  CHECK(grieve->quote_ids == std::vector<std::string>{g1});
  CHECK(d.speakers[0].name == "Rosa Kellan");
}

// ---------------------------------------------------------------------------------------------
// 10. --explain.
// ---------------------------------------------------------------------------------------------

TEST_CASE("an explicit tag's evidence names the rule that fired (en)") {
  const std::string text = "\"The road reopens on Friday,\" Mayor Clara Voss said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The road reopens on Friday,");
  CHECK(s.rule == "en.after.speaker-verb");
  REQUIRE_FALSE(s.evidence.empty());
  CAPTURE(Join(s.evidence));
  bool names_rule = false;
  for (const auto& line : s.evidence) names_rule |= line.find(s.rule) != std::string::npos;
  CHECK(names_rule);
}

TEST_CASE("an explicit tag's evidence names the rule that fired (sv)") {
  const std::string text = "– Vägen öppnar igen på fredag, säger kommunalrådet Clara Voss.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "Vägen öppnar igen på fredag");
  CHECK(s.rule == "sv.dialogue.comma-verb-speaker");
  REQUIRE_FALSE(s.evidence.empty());
  CAPTURE(Join(s.evidence));
  bool names_rule = false;
  for (const auto& line : s.evidence) names_rule |= line.find(s.rule) != std::string::npos;
  CHECK(names_rule);
}

TEST_CASE("a pronoun's evidence says whom it refers to (en)") {
  const std::string text =
      "Helena Marsh runs the city's trams.\n\n"
      "\"The new line opens in May,\" she said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "The new line opens in May,");
  CHECK(s.name == "Helena Marsh");
  REQUIRE(s.evidence.size() >= 2);
  CAPTURE(Join(s.evidence));
  bool names_person = false;
  for (const auto& line : s.evidence) names_person |= line.find("Helena Marsh") != std::string::npos;
  CHECK(names_person);
}

TEST_CASE("evidence is written only when asked for, and the speaker is the same either way") {
  const std::string text = "\"The ferry will run again on Monday,\" harbour master Tove Lind said.\n";
  EngineOptions options;
  options.lang = "en";
  const auto quiet = Engine(testing::BuiltinRules(), options).Extract(text, "t", "d0");
  options.explain = true;
  const auto told = Engine(testing::BuiltinRules(), options).Extract(text, "t", "d0");
  REQUIRE(quiet.ok());
  REQUIRE(told.ok());
  REQUIRE(quiet->quotes.size() == 1);
  REQUIRE(told->quotes.size() == 1);
  REQUIRE(quiet->quotes[0].speaker.has_value());
  REQUIRE(told->quotes[0].speaker.has_value());
  CHECK(quiet->quotes[0].speaker->name == "Tove Lind");
  CHECK(told->quotes[0].speaker->name == "Tove Lind");
  CHECK(quiet->quotes[0].speaker->evidence.empty());
  CHECK_FALSE(told->quotes[0].speaker->evidence.empty());
}

TEST_CASE("a pronoun goes to the person the paragraph before introduced with their role, not to the last speaker") {
  auto sv = Extract("– Vi bygger bron i vår, säger Per Holm.\n\n"
                    "Ekonomen Sara Lind tror inte på planen.\n\n"
                    "– Pengarna räcker inte, säger hon.\n", "sv");
  REQUIRE(sv.quotes.size() == 2);
  REQUIRE(sv.quotes[1].speaker);
  CHECK(sv.quotes[1].speaker->name == "Sara Lind");
  auto en = Extract("\"We will build the bridge in spring,\" Tom Hale said.\n\n"
                    "Economist Ana Ruiz doubts the plan.\n\n"
                    "\"The money will not last,\" she said.\n", "en");
  REQUIRE(en.quotes.size() == 2);
  REQUIRE(en.quotes[1].speaker);
  CHECK(en.quotes[1].speaker->name == "Ana Ruiz");
}

TEST_CASE("a pronoun goes to a source the sentence before brings in with a speech verb") {
  auto sv = Extract("– Vi bygger bron i vår, säger Per Holm.\n\n"
                    "Men pengarna räcker inte, menar Sara Lind, forskare i ekonomi.\n\n"
                    "– Kommunen har räknat fel, säger hon.\n", "sv");
  REQUIRE(sv.quotes.size() == 2);
  REQUIRE(sv.quotes[1].speaker);
  CHECK(sv.quotes[1].speaker->name == "Sara Lind");
  auto en = Extract("\"We will build the bridge in spring,\" Tom Hale said.\n\n"
                    "The money will not last, argues Ana Ruiz, an economist.\n\n"
                    "\"The council got its sums wrong,\" she said.\n", "en");
  REQUIRE(en.quotes.size() == 2);
  REQUIRE(en.quotes[1].speaker);
  CHECK(en.quotes[1].speaker->name == "Ana Ruiz");
}

TEST_CASE("a quote after an earlier quote of its sentence belongs to the clause that reports it (en)") {
  const std::string text =
      "Mayor Lena Holm called the deal \"a good day for the town\", but councillor Erik Dahl said it was "
      "\"a gift to the shipping company\".";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "a gift to the shipping company").name == "Erik Dahl");
}

TEST_CASE("a quote after an earlier quote of its sentence belongs to the clause that reports it (sv)") {
  const std::string text =
      "Kommunalrådet Lena Holm sa att avtalet var ”en bra dag för staden”, men Erik Dahl sa att det var ”en gåva "
      "till rederiet”.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(Speaker(d, "en bra dag för staden").name == "Lena Holm");
  CHECK(Speaker(d, "en gåva till rederiet").name == "Erik Dahl");
}

TEST_CASE("a second quote whose clause names no one keeps the sentence's subject (en)") {
  const std::string text = "Lena Holm called the plan \"reckless\" and \"a waste of money\" on Monday.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "a waste of money").name == "Lena Holm");
}

TEST_CASE("a description goes to the person the text described that way before (en)") {
  const std::string text =
      "Senator Sherrod Brown, a Democrat from Ohio, criticised the plan on Tuesday. Mayor Ann Lee welcomed it.\n\n"
      "\"This budget takes money from the people who need it most,\" the Ohio Democrat said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  const SpeakerRef& s = Speaker(d, "This budget takes money from the people who need it most,");
  CHECK(s.name == "Sherrod Brown");
  CHECK(s.method == AttributionMethod::kDescription);
}

TEST_CASE("an indefinite description names no one: the quote is neither given to a named person nor continued") {
  const std::string text =
      "\"Prices will rise,\" Mayor Ann Lee said.\n\n"
      "\"We are reviewing the proposal,\" said a spokesperson for the governor.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "Prices will rise,").name == "Ann Lee");
  CHECK_FALSE(Get(d, "We are reviewing the proposal,").speaker.has_value());
}

TEST_CASE("a lone first name is the one person of the article with that first name") {
  const std::string text =
      "Maya Lindqvist runs a bakery in Dayton with her brother Jonas Lindqvist.\n\n"
      "\"We will have to close two days a week,\" Maya said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "We will have to close two days a week,").name == "Maya Lindqvist");
}

TEST_CASE("a first name shared by two people of the article stays as written") {
  const std::string text =
      "Maya Lindqvist and Maya Berg run a bakery in Dayton.\n\n"
      "\"We will have to close two days a week,\" Maya said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "We will have to close two days a week,").name == "Maya");
}

TEST_CASE("a pronoun follows the chain of sentences that open with it back to the name (sv)") {
  // The sentence before the quote names a sculptor in a relative clause; its subject is "Han",
  // the chairman of the sentence before.
  const std::string text =
      "Sällskapets ordförande Jon Berg menar att statyn ska stå kvar. Han tycker att verket, som gjordes av "
      "Hans Ek, hör hemma på torget.\n\n"
      "– Statyn är en del av stadens historia, säger han till tidningen.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(Speaker(d, "Statyn är en del av stadens historia").name == "Jon Berg");
}

TEST_CASE("the source the sentence before brings in is the subject of its verb, not a later name (en)") {
  const std::string text =
      "\"The strike will go on,\" said Ann Lee, a union organiser.\n\n"
      "On Saturday, Omar Haddad, one of the council's members, announced he would stand in the Regional Assembly "
      "elections next year.\n\n"
      "\"Standing is the best way to protest,\" he said.";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "Standing is the best way to protest,").name == "Omar Haddad");
}

TEST_CASE("a quote in a sentence that cites someone with 'enligt' is theirs (sv)") {
  const std::string text =
      "Domstolen kom med sitt beslut på måndagen. Folkrättsexperten Eva Lund tror inte att Bolivia får rätt. "
      "Att beslutet kom så snabbt tyder enligt henne på att fallet ”inte var komplicerat”.\n\n"
      "Enligt Per Ahl var domaren ”bestämd och tydlig”.";
  auto d = Run(text, "sv");
  INFO(Describe(d));
  CHECK(Speaker(d, "inte var komplicerat").name == "Eva Lund");
  CHECK(Speaker(d, "bestämd och tydlig").name == "Per Ahl");
}

TEST_CASE("a quote in a sentence that opens 'According to X,' is X's (en)") {
  const std::string text = "According to planning chief Ruth Ek, the project has \"stalled for good\".";
  auto d = Run(text, "en");
  INFO(Describe(d));
  CHECK(Speaker(d, "stalled for good").name == "Ruth Ek");
}

TEST_CASE("German tag after the quote: „…“, sagte X (de)") {
  const std::string text = "„Wir haben das Geld“, sagte Bürgermeisterin Katrin Voss am Montag.";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  CHECK(SpeakerOf(d, "Wir haben das Geld") == "Katrin Voss");
}

TEST_CASE("German tag before the quote: X sagte: „…“ (de)") {
  const std::string text = "Kapitän Jonas Berger sagte: „Das Schiff ist schneller als das alte.“";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  CHECK(SpeakerOf(d, "Das Schiff ist schneller als das alte.") == "Jonas Berger");
}

TEST_CASE("German 'so X' after the quote names the speaker, a surname joins the full name (de)") {
  const std::string text =
      "Kapitän Jonas Berger leitet die Fähre seit zehn Jahren.\n\n"
      "„Im Winter fahren wir dreimal am Tag“, so Berger.";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  CHECK(SpeakerOf(d, "Im Winter fahren wir dreimal am Tag") == "Jonas Berger");
}

TEST_CASE("German description then name: erklärte die Lehrerin Anna Petersen (de)") {
  const std::string text = "„Ohne die Fähre sind wir abgeschnitten“, erklärte die Lehrerin Anna Petersen.";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  CHECK(SpeakerOf(d, "Ohne die Fähre sind wir abgeschnitten") == "Anna Petersen");
}

TEST_CASE("German nouns are capitalised: 'eine Person' is no name, 'Anna Petersen' is (de)") {
  const std::string text =
      "Die Lehrerin Anna Petersen wohnt auf der Insel.\n\n"
      "„Das ist eine Rettung“, sagte eine Person am Hafen.\n\n"
      "„Wir warten seit drei Jahren“, sagte Anna Petersen.";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  // An indefinite description names no one: the quote stays without a speaker, and "Person"
  // becomes no speaker entity.
  CHECK(SpeakerOf(d, "Das ist eine Rettung") == "<none>");
  CHECK(SpeakerOf(d, "Wir warten seit drei Jahren") == "Anna Petersen");
  for (const auto& e : d.speakers) CHECK(e.name != "Person");
}

TEST_CASE("German: a document is detected as German, not Swedish, despite ä and ö (de)") {
  EngineOptions options;
  Engine engine(testing::BuiltinRules(), options);
  auto r = engine.Extract("Die Fähre nach Möwenholm fährt ab Mai wieder, sagte die Bürgermeisterin. Sie ist "
                          "schneller und leiser als das alte Schiff, und die Überfahrt dauert nur noch vierzig "
                          "Minuten. Das ist für die Insel eine gute Nachricht, weil sie im Winter oft abgeschnitten "
                          "war und die Schüler nicht zur Schule kamen.",
                          "test", "d0");
  REQUIRE(r.ok());
  CHECK(r->lang == "de");
}

TEST_CASE("German: a noun after an article and adjectives is not part of the name after it (de)") {
  const std::string text =
      "Im Film spielen die ungewöhnlichen Cowboywissenschaftler Roy Rogers und Dale Evans.\n\n"
      "Rogers sagte: „Das ist ein Geigerzähler.“\n\n"
      "„Das reicht nicht“, sagte der SPD-Politiker Malte Kern.";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  CHECK(SpeakerOf(d, "Das ist ein Geigerzähler.") == "Roy Rogers");
  CHECK(SpeakerOf(d, "Das reicht nicht") == "Malte Kern");
}

TEST_CASE("German: separable verbs in the tag, 'X zufolge', and a name inside a genitive is not the speaker (de)") {
  const std::string text =
      "Bürgermeister Paul Lange stellte den Plan vor.\n\n"
      "„Der Umbau dauert fünf Jahre“, fügte Lange hinzu.\n\n"
      "„Das Geld reicht nie“, teilte die Fraktionschefin Eva Roth mit.\n\n"
      "Roth zufolge fehlen „mindestens zehn Millionen Euro“.\n\n"
      "Ein Mitglied der Partei Nordbund sagte, der Plan sei „reine Fantasie“.";
  auto d = Extract(text, "de");
  INFO(Describe(d));
  CheckInvariants(text, d);
  CHECK(SpeakerOf(d, "Der Umbau dauert fünf Jahre") == "Paul Lange");
  CHECK(SpeakerOf(d, "Das Geld reicht nie") == "Eva Roth");
  CHECK(SpeakerOf(d, "mindestens zehn Millionen Euro") == "Eva Roth");
  // An indefinite description ("ein Mitglied"): the party's name is no speaker.
  CHECK(SpeakerOf(d, "reine Fantasie") != "Nordbund");
}

TEST_CASE("a title opening the reporting sentence is no sentence word: 'Mr Tom Reyes, 58, a welder, said … \"…\"'") {
  const std::string text =
      "The garden opened in May.\n\n"
      "Mr Tom Reyes, 58, a welder who joined the group after his wife died, said the garden had \"saved my sanity\".\n\n"
      "Mr. Hal Brandt, a retired teacher, said it was \"the best thing on the estate\".";
  auto d = testing::Extract(text, "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(testing::SpeakerOf(d, "saved my sanity") == "Tom Reyes");
  CHECK(testing::SpeakerOf(d, "the best thing on the estate") == "Hal Brandt");
}

TEST_CASE("an office with its portfolio before the holder's name: 'Leader of the Opposition Marcia Baptiste-Lewis said'") {
  const std::string text =
      "The bill passed its second reading.\n\n"
      "Leader of the Opposition Marcia Baptiste-Lewis, who spoke for two hours, said the Government had \"not produced a "
      "single page\" of the study.\n\n"
      "Secretary of State John F. Kerry said in a statement that the vote was an \"important step forward.\"";
  auto d = testing::Extract(text, "en");
  INFO(testing::DescribeQuotes(d));
  CHECK(testing::SpeakerOf(d, "not produced a single page") == "Marcia Baptiste-Lewis");
  CHECK(testing::SpeakerOf(d, "important step forward.") == "John F. Kerry");
}
