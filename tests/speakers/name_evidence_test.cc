// Telling a person from a word, a place or an organisation (issue 10), in English and Swedish,
// on texts written for these tests: the dictionary evidence for sentence-initial words, the
// place table, organisations and the descriptions that refer back to them, and --explain for a
// quote that ends up with no speaker. Each negative case (a place, a report, a sentence-initial
// word never becomes a person) has its own test.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/speakers/names.h"
#include "support/mentions.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

using testing::Mentions;

std::vector<std::string> Names(const std::vector<NameMention>& mentions) {
  std::vector<std::string> out;
  for (const auto& m : mentions) out.push_back(m.joined());
  return out;
}

bool Has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

const NameMention* MentionNamed(const std::vector<NameMention>& mentions, const std::string& joined) {
  for (const auto& m : mentions)
    if (m.joined() == joined) return &m;
  return nullptr;
}

// No speaker entity of the document has `word` in its name.
bool NoSpeakerNamed(const DocumentResult& d, const std::string& word) {
  for (const auto& e : d.speakers)
    if (e.name.find(word) != std::string::npos) return false;
  return true;
}

const Entity* SpeakerEntity(const DocumentResult& d, const std::string& name) {
  for (const auto& e : d.speakers)
    if (e.name == name) return &e;
  return nullptr;
}

bool TablesLoaded(const std::string& lang) {
  const auto& rules = testing::Lang(lang);
  return !rules.common_words.empty() && !rules.places.empty();
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The tables themselves.
// ---------------------------------------------------------------------------------------------

TEST_CASE("the built-in packs name a dictionary and a place table, and both are built") {
  for (const std::string lang : {"en", "sv"}) {
    CAPTURE(lang);
    const auto& rules = testing::Lang(lang);
    CHECK_FALSE(rules.pack.common_words_table.empty());
    CHECK_FALSE(rules.pack.places_table.empty());
    CHECK(rules.common_words.size() > 10000);
    CHECK(rules.places.size() > 1000);
  }
  const auto& en = testing::Lang("en");
  CHECK(IsCommonWord("Facing", en));
  CHECK(IsCommonWord("outside", en));
  // Listed capitalised as well: a name too, never a common word.
  CHECK_FALSE(IsCommonWord("Trump", en));
  CHECK_FALSE(IsCommonWord("Wells", en));
  CHECK(IsPlaceName("Manitoba", en));
  CHECK(IsPlaceName("South Carolina", en));
  const auto& sv = testing::Lang("sv");
  CHECK(IsCommonWord("Bakom", sv));
  CHECK(IsPlaceName("Sverige", sv));
  CHECK(IsPlaceName("Skåne län", sv));
}

TEST_CASE("a pack naming a table that is not there is an error, and with best effort a warning (it works as without it)") {
  const std::string dir = std::string(QUOTH_TEST_DATA) + "/speakers/packs/missing_table";
  RuleOptions options;
  options.directories = {dir};
  auto refused = RuleSet::Load(options);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.status().ToString().find("no words table 'no-such-word-list' in the tables folder") != std::string::npos);
  options.best_effort = true;
  auto rules = RuleSet::Load(options);
  REQUIRE_MESSAGE(rules.ok(), rules.status().ToString());
  bool warned = false;
  for (const auto& w : rules->warnings()) warned = warned || w.message.find("no-such-word-list") != std::string::npos;
  CHECK(warned);
  EngineOptions engine_options;
  engine_options.lang = "en";
  Engine engine(*rules, engine_options);
  auto d = engine.Extract("\"The ferry runs again,\" Mayor Ann Holt said.", "t");
  REQUIRE(d.ok());
  REQUIRE(d->quotes.size() == 1);
  REQUIRE(d->quotes[0].speaker);
  CHECK(d->quotes[0].speaker->name == "Ann Holt");
}

// ---------------------------------------------------------------------------------------------
// Sentence-initial words.
// ---------------------------------------------------------------------------------------------

TEST_CASE("a sentence-initial common word is not part of the name after it (en)") {
  REQUIRE(TablesLoaded("en"));
  // "Facing" and "Watching" are in no pack list: only the dictionary says they are words.
  auto names = Names(Mentions("Facing Berg in the final, Holm stayed calm. Watching Lindqvist play, the coach smiled.", "en"));
  CHECK(Has(names, "Berg"));
  CHECK(Has(names, "Lindqvist"));
  CHECK_FALSE(Has(names, "Facing Berg"));
  CHECK_FALSE(Has(names, "Watching Lindqvist"));
}

TEST_CASE("a sentence-initial common word alone is no name (en and sv)") {
  REQUIRE(TablesLoaded("en"));
  CHECK_FALSE(Has(Names(Mentions("Outside, the crowd waited for hours.", "en")), "Outside"));
  CHECK_FALSE(Has(Names(Mentions("Bakom, i kön, väntade hundratals människor.", "sv")), "Bakom"));
}

TEST_CASE("a sentence-initial common word never becomes a speaker (en)") {
  REQUIRE(TablesLoaded("en"));
  const std::string text =
      "Watching Lindqvist play, the coach smiled.\n\n"
      "\"She has a gift for this,\" he said.\n";
  auto d = testing::Extract(text, "en");
  CHECK(NoSpeakerNamed(d, "Watching"));
}

TEST_CASE("a name that opens or ends with a place word is a place, never a speaker or a pronoun's person (en)") {
  const std::string text =
      "Ice road stays shut\n\n"
      "The road to Tessik Lake usually opens in December. Trucks wait at Fort Merrin.\n\n"
      "Denis Okafor has hauled freight for 22 years. Speaking from his cab at the Fort Merrin staging yard, he "
      "described this winter as \"the strangest I've ever seen.\"\n\n"
      "The Port Esk Trust has objected. \"This is a blow to the island,\" a trust spokesman said.\n";
  const auto mentions = Mentions(text, "en");
  const NameMention* lake = MentionNamed(mentions, "Tessik Lake");
  REQUIRE(lake != nullptr);
  CHECK(lake->place);
  CHECK_FALSE(lake->person_like);
  auto d = testing::Extract(text, "en");
  CHECK(testing::SpeakerOf(d, "the strangest I've ever seen.") == "Denis Okafor");
  // A body whose name opens with one is still the body.
  CHECK(testing::SpeakerOf(d, "This is a blow to the island,") == "Port Esk Trust");
}

TEST_CASE("a given name the dictionary lists in lower case stays before an apposition and a speech verb (en)") {
  REQUIRE(TablesLoaded("en"));
  // "jade" is a common word; "Jade Hollins, Kevin's daughter ..., said" is a person all the same.
  const std::string text =
      "Drivers vote for strike\n\n"
      "Pennine Coaches said in a statement that it was \u2018disappointed\u2019 by the result.\n\n"
      "Jade Hollins, Kevin\u2019s daughter and one of the youngest drivers, said the rosters would drive people out.\n\n"
      "\u2018I want to stay in this job as long as he has,\u2019 she said.\n";
  CHECK(Has(Names(Mentions(text, "en")), "Jade Hollins"));
  auto d = testing::Extract(text, "en");
  CHECK(testing::SpeakerOf(d, "I want to stay in this job as long as he has,") == "Jade Hollins");
  // An opening phrase has no speech verb after its comma: still no name.
  CHECK_FALSE(Has(Names(Mentions("Facing Berg, the champion, Holm stayed calm.", "en")), "Facing Berg"));
}

TEST_CASE("a sentence-initial common word is not part of the name after it (sv)") {
  REQUIRE(TablesLoaded("sv"));
  auto names = Names(Mentions("Bakom Lindqvist stod hela laget. Trots Berg var matchen jämn.", "sv"));
  CHECK(Has(names, "Lindqvist"));
  CHECK_FALSE(Has(names, "Bakom Lindqvist"));
}

TEST_CASE("the subject of a speech verb keeps a first word the dictionary lists in lower case: Ban, Pep, Tusk") {
  REQUIRE(TablesLoaded("en"));
  // "ban", "pep" and "tusk" are common words; sentence-initial, as the subject of a speech
  // verb, they are names.
  auto names = Names(Mentions("Ban Ki-moon said the talks would go on. Pep Guardiola told reporters he would stay. "
                              "Tusk said the summit was over.",
                              "en"));
  CHECK(Has(names, "Ban Ki-moon"));
  CHECK(Has(names, "Pep Guardiola"));
  CHECK(Has(names, "Tusk"));
}

TEST_CASE("a first word the document writes capitalised inside a name elsewhere stays a name") {
  REQUIRE(TablesLoaded("en"));
  // "Ban Ki-moon, ..." opens its sentence without a verb after the name; the article also
  // writes "Secretary-General Ban Ki-moon", where no sentence starts.
  auto names = Names(Mentions("Ban Ki-moon, in Seoul for the weekend, met the press. "
                              "Reporters asked Secretary-General Ban Ki-moon about the vote.",
                              "en"));
  CHECK(Has(names, "Ban Ki-moon"));
  CHECK_FALSE(Has(names, "Ki-moon"));
}

TEST_CASE("a name whose first word is a common word keeps its later words") {
  REQUIRE(TablesLoaded("en"));
  // "Against Trump" as a headline: the rest of the run is the name, not nothing.
  auto names = Names(Mentions("Against Trump\n\nThe senator spoke in Ohio on Monday.", "en"));
  CHECK(Has(names, "Trump"));
  CHECK_FALSE(Has(names, "Against Trump"));
}

TEST_CASE("a common word in capitals is never part of a name: READ MORE") {
  REQUIRE(TablesLoaded("en"));
  auto names = Names(Mentions("READ MORE: Storm closes the bridge\n\nWATCH Mayor Ann Holt speak.", "en"));
  for (const auto& n : names) {
    CAPTURE(n);
    CHECK(n.find("READ") == std::string::npos);
    CHECK(n.find("MORE") == std::string::npos);
    CHECK(n.find("WATCH") == std::string::npos);
  }
}

// ---------------------------------------------------------------------------------------------
// Places.
// ---------------------------------------------------------------------------------------------

TEST_CASE("a place is not a person: a province or state is never person-like (en)") {
  REQUIRE(TablesLoaded("en"));
  auto m = Mentions("The storm moved from Manitoba into South Carolina overnight.", "en");
  for (const std::string place : {"Manitoba", "South Carolina"}) {
    CAPTURE(place);
    const NameMention* p = MentionNamed(m, place);
    REQUIRE(p != nullptr);
    CHECK(p->place);
    CHECK_FALSE(p->person_like);
  }
}

TEST_CASE("in Manitoba, Okafor said: the speaker is Okafor, never the province") {
  REQUIRE(TablesLoaded("en"));
  const std::string text =
      "Grace Okafor farms near Winnipeg.\n\n"
      "\"We lost the whole harvest,\" Okafor said. The flooding was worst in Manitoba, Okafor said.\n\n"
      "\"It will come back,\" said Manitoba.\n";
  auto d = testing::Extract(text, "en");
  const Quote* harvest = testing::FindQuote(d, "We lost the whole harvest,");
  REQUIRE(harvest != nullptr);
  REQUIRE(harvest->speaker);
  CHECK(harvest->speaker->name == "Grace Okafor");
  CHECK(NoSpeakerNamed(d, "Manitoba"));
  // Alone, a tag naming a place leaves the quote without a speaker, and says why.
  auto alone = testing::Extract("\"It will come back,\" said Manitoba.\n", "en");
  const Quote* back = testing::FindQuote(alone, "It will come back,");
  REQUIRE(back != nullptr);
  CHECK_FALSE(back->speaker);
  bool says_place = false;
  for (const auto& e : back->no_speaker_evidence) says_place = says_place || e.find("is a place") != std::string::npos;
  CHECK_MESSAGE(says_place, "no_speaker_evidence does not name the place");
}

TEST_CASE("a country never becomes a speaker (sv)") {
  REQUIRE(TablesLoaded("sv"));
  const std::string text =
      "Förhandlingarna i Genève drog ut på tiden.\n\n"
      "– Vi skriver inte under, säger Nordkorea.\n";
  auto d = testing::Extract(text, "sv");
  CHECK(NoSpeakerNamed(d, "Nordkorea"));
  auto m = Mentions("Delegationen från Sverige reste hem från Norge.", "sv");
  for (const std::string place : {"Sverige", "Norge"}) {
    const NameMention* p = MentionNamed(m, place);
    REQUIRE(p != nullptr);
    CHECK_FALSE(p->person_like);
  }
}

TEST_CASE("a place name that is a person's surname in the article is that person: Jordan of Jim Jordan") {
  REQUIRE(TablesLoaded("en"));
  const std::string text =
      "Rep. Jim Jordan chaired the hearing.\n\n"
      "\"We will subpoena them,\" Jordan said.\n";
  auto d = testing::Extract(text, "en");
  REQUIRE(testing::FindQuote(d, "We will subpoena them,"));
  CHECK(testing::SpeakerOf(d, "We will subpoena them,") == "Jim Jordan");
}

// ---------------------------------------------------------------------------------------------
// Organisations, reports and descriptions.
// ---------------------------------------------------------------------------------------------

TEST_CASE("the company said, the agency said: the organisation the article named before (en)") {
  const std::string text =
      "Northwind Company will close two plants in Ohio.\n\n"
      "\"We regret the decision,\" the company said in a statement.\n\n"
      "The Environmental Protection Agency opened an inquiry into the plants on Monday.\n\n"
      "\"The water is safe to drink,\" the agency said.\n";
  auto d = testing::Extract(text, "en");
  CHECK(testing::SpeakerOf(d, "We regret the decision,") == "Northwind Company");
  CHECK(testing::SpeakerOf(d, "The water is safe to drink,") == "Environmental Protection Agency");
  const Entity* company = SpeakerEntity(d, "Northwind Company");
  REQUIRE(company != nullptr);
  CHECK(company->kind == EntityKind::kOrganisation);
}

TEST_CASE("the company said with no company named before is no one named, never the last person") {
  const std::string text =
      "Mayor Ann Holt visited the plant on Monday.\n\n"
      "\"We regret the decision,\" the company said.\n";
  auto d = testing::Extract(text, "en");
  const Quote* q = testing::FindQuote(d, "We regret the decision,");
  REQUIRE(q != nullptr);
  // Not Ann Holt, and not a speaker called "company": the text does not name it.
  CHECK_FALSE(q->speaker);
  CHECK(NoSpeakerNamed(d, "company"));
}

TEST_CASE("an organisation's name is never a person, even as the last name before a pronoun") {
  const std::string text =
      "Charles Lind teaches at Ashford Medical School.\n\n"
      "\"Nobody had told her how much sleep matters,\" he said.\n";
  auto d = testing::Extract(text, "en");
  CHECK(testing::SpeakerOf(d, "Nobody had told her how much sleep matters,") == "Charles Lind");
  CHECK(NoSpeakerNamed(d, "School"));
}

TEST_CASE("säger kommunen, skriver myndigheten, enligt Polisen: the organisation named before (sv)") {
  const std::string text =
      "Malmö kommun stänger badet vid Ribersborg.\n\n"
      "– Vattnet är förorenat, säger kommunen.\n\n"
      "Läkemedelsverket varnar för medlet.\n\n"
      "– Det är farligt, skriver myndigheten.\n\n"
      "Enligt Polisen var natten lugn i Malmö.\n\n"
      "– Vi hade inga ingripanden, säger polisen.\n";
  auto d = testing::Extract(text, "sv");
  CHECK(testing::SpeakerOf(d, "Vattnet är förorenat") == "Malmö kommun");
  CHECK(testing::SpeakerOf(d, "Det är farligt") == "Läkemedelsverket");
  // The police is an institution of its own: not the kommun named before.
  CHECK(testing::SpeakerOf(d, "Vi hade inga ingripanden") == "Polisen");
}

TEST_CASE("a report is no one: the report said gives no person, the IMF report is the IMF's") {
  const auto& en = testing::Lang("en");
  auto parse = [&](const std::string& s) { return ParseSpeakerPhrase(s, {0, s.size()}, en); };
  const SpeakerPhrase report = parse("the report");
  CHECK(report.type == PhraseType::kNone);
  const SpeakerPhrase imf = parse("the IMF report");
  CHECK(imf.type == PhraseType::kOrganisation);
  CHECK(JoinName(imf.name) == "IMF");
  const std::string text =
      "Anna Berg, an economist at the central bank, read the study closely.\n\n"
      "\"Growth will slow sharply next year,\" the report said.\n";
  auto d = testing::Extract(text, "en");
  const Quote* q = testing::FindQuote(d, "Growth will slow sharply next year,");
  REQUIRE(q != nullptr);
  if (q->speaker) CHECK(q->speaker->name != "Anna Berg");
  const SpeakerPhrase rapporten = ParseSpeakerPhrase("rapporten", {0, 9}, testing::Lang("sv"));
  CHECK(rapporten.type != PhraseType::kName);
}

// ---------------------------------------------------------------------------------------------
// People: first names, different first names, titles and parties.
// ---------------------------------------------------------------------------------------------

TEST_CASE("a first name alone goes to the one person the article gives it (en and sv)") {
  auto en = testing::Extract("Maya Lindqvist runs the ferry to the island.\n\n"
                             "\"The sea decides,\" Maya said.\n", "en");
  CHECK(testing::SpeakerOf(en, "The sea decides,") == "Maya Lindqvist");
  auto sv = testing::Extract("Maja Lindqvist kör färjan till ön.\n\n"
                             "– Havet bestämmer, säger Maja.\n", "sv");
  CHECK(testing::SpeakerOf(sv, "Havet bestämmer") == "Maja Lindqvist");
}

TEST_CASE("two first names stay two people") {
  const std::string text =
      "Maya Lindqvist and Maya Holm run the ferry together.\n\n"
      "\"The sea decides,\" Maya Lindqvist said.\n\n"
      "\"The weather decides,\" Maya Holm said.\n";
  auto d = testing::Extract(text, "en");
  CHECK(testing::SpeakerOf(d, "The sea decides,") == "Maya Lindqvist");
  CHECK(testing::SpeakerOf(d, "The weather decides,") == "Maya Holm");
  CHECK(d.speakers.size() == 2);
}

TEST_CASE("Ivana Trump and Ivanka Trump are two people (en and sv)") {
  auto en = testing::Extract("\"I raised them to work,\" Ivana Trump said.\n\n"
                             "\"My father listens,\" Ivanka Trump said.\n", "en");
  CHECK(testing::SpeakerOf(en, "I raised them to work,") == "Ivana Trump");
  CHECK(testing::SpeakerOf(en, "My father listens,") == "Ivanka Trump");
  CHECK(en.speakers.size() == 2);
  auto sv = testing::Extract("– Jag lärde dem att arbeta, säger Ivana Trump.\n\n"
                             "– Min far lyssnar, säger Ivanka Trump.\n", "sv");
  CHECK(testing::SpeakerOf(sv, "Jag lärde dem att arbeta") == "Ivana Trump");
  CHECK(testing::SpeakerOf(sv, "Min far lyssnar") == "Ivanka Trump");
  CHECK(sv.speakers.size() == 2);
}

TEST_CASE("a title or party word is not part of the person's name: Republican Dana Moss is Dana Moss") {
  auto d = testing::Extract("Republican Dana Moss spoke first.\n\n"
                            "\"We will cut the fares,\" Dana Moss said.\n\n"
                            "\"We will,\" Moss said again.\n", "en");
  CHECK(testing::SpeakerOf(d, "We will cut the fares,") == "Dana Moss");
  CHECK(testing::SpeakerOf(d, "We will,") == "Dana Moss");
  CHECK(d.speakers.size() == 1);
}

// ---------------------------------------------------------------------------------------------
// --explain for a quote without a speaker.
// ---------------------------------------------------------------------------------------------

TEST_CASE("--explain says why a speech quote has no speaker (en and sv)") {
  auto en = testing::Extract("\"Nobody knows,\" she said.\n", "en");
  const Quote* q = testing::FindQuote(en, "Nobody knows,");
  REQUIRE(q != nullptr);
  CHECK_FALSE(q->speaker);
  REQUIRE_FALSE(q->no_speaker_evidence.empty());
  bool pronoun = false;
  for (const auto& e : q->no_speaker_evidence) pronoun = pronoun || e.find("pronoun") != std::string::npos;
  CHECK(pronoun);
  auto sv = testing::Extract("Det blev en lång natt.\n\n– Ingen vet, säger en talesperson.\n", "sv");
  const Quote* s = testing::FindQuote(sv, "Ingen vet");
  REQUIRE(s != nullptr);
  CHECK_FALSE(s->speaker);
  CHECK_FALSE(s->no_speaker_evidence.empty());
  // Without --explain nothing is collected.
  EngineOptions quiet;
  quiet.lang = "en";
  Engine engine(testing::BuiltinRules(), quiet);
  auto plain = engine.Extract("\"Nobody knows,\" she said.\n", "t");
  REQUIRE(plain.ok());
  REQUIRE(plain->quotes.size() == 1);
  CHECK(plain->quotes[0].no_speaker_evidence.empty());
}

// ---------------------------------------------------------------------------------------------
// The subject of the paragraph, after an opening phrase.
// ---------------------------------------------------------------------------------------------

TEST_CASE("an untagged quote goes to the person who follows the sentence's opening phrase, not a title quote") {
  const std::string text =
      "\"We will rebuild,\" Mayor Lena Dahl said on Sunday.\n\n"
      "On \"Morning Desk,\" Sen. Omar Reyes (Vt.), who grew up in the town, spoke of the flood. "
      "\"The young people here are tired of waiting.\"\n";
  auto d = testing::Extract(text, "en");
  CHECK(testing::SpeakerOf(d, "The young people here are tired of waiting.") == "Omar Reyes");
}

TEST_CASE("a name right after a noun for an organisation is the organisation's, not a person's (sv and en)") {
  auto sv = Mentions("Hjälporganisationen Nordhjälpen har skickat personal till Palu.", "sv");
  const NameMention* aid = MentionNamed(sv, "Nordhjälpen");
  REQUIRE(aid != nullptr);
  CHECK(aid->organisation);
  CHECK_FALSE(aid->person_like);
  auto en = Mentions("Shares of the company Northwind Vale fell, and police officer Ann Holt closed the road.", "en");
  const NameMention* company = MentionNamed(en, "Northwind Vale");
  REQUIRE(company != nullptr);
  CHECK(company->organisation);
  // Only the word right before the name counts: a police officer is a person.
  const NameMention* officer = MentionNamed(en, "Ann Holt");
  REQUIRE(officer != nullptr);
  CHECK_FALSE(officer->organisation);
  CHECK(officer->person_like);
}

TEST_CASE("a pronoun goes to the source the sentence before brings in after its speech verb, even a lone name (sv)") {
  const std::string text =
      "Hjälporganisationen Nordhjälpen har skickat personal till Palu. På vägen såg de stor förödelse, "
      "berättar organisationens medarbetare Dewi.\n\n"
      "– De sa att husen var borta, säger han.\n";
  auto d = testing::Extract(text, "sv");
  CHECK(testing::SpeakerOf(d, "De sa att husen var borta") == "Dewi");
}

TEST_CASE("a pronoun does not go to a preposition's object named earlier in its sentence") {
  auto en = testing::Extract("Omar Reyes spoke at the town hall on Monday.\n\n"
                             "In a talk with host Ann Holt afterwards, he said the plan was \"a costly mistake.\"\n", "en");
  CHECK(testing::SpeakerOf(en, "a costly mistake.") == "Omar Reyes");
}

TEST_CASE("a compound description before a name makes it the sentence's subject: USA-kännaren Maria Lönnqvist (sv)") {
  const std::string text =
      "– Vi ser inget nytt i saken, sa Bo Falk i intervjun.\n\n"
      "Falk är partiets kandidat i valet.\n\n"
      "USA-kännaren Maria Lönnqvist vid Uppsala universitet tror att utredningen köper tid.\n\n"
      "– En vecka är kort tid, säger hon.\n";
  auto d = testing::Extract(text, "sv");
  CHECK(testing::SpeakerOf(d, "En vecka är kort tid") == "Maria Lönnqvist");
}

TEST_CASE("a role word is a surname after a given name, and a role only where space joins it to a name") {
  const auto& en = testing::Lang("en");
  auto parse = [&](const std::string& s) { return ParseSpeakerPhrase(s, {0, s.size()}, en); };
  // "King" and "Judge" are role words; after a given name they are surnames.
  const SpeakerPhrase king = parse("Angus King");
  CHECK(king.type == PhraseType::kName);
  CHECK(JoinName(king.name) == "Angus King");
  const SpeakerPhrase judge = parse("veteran analyst Jane Judge");
  CHECK(judge.type == PhraseType::kName);
  CHECK(JoinName(judge.name) == "Jane Judge");
  // Alone, or after an article, the word is the role; an abbreviation is no given name.
  CHECK(parse("the judge").type == PhraseType::kDescription);
  CHECK(JoinName(parse("U.S. Secretary").name) != "U.S. Secretary");
  CHECK(parse("the veteran goalkeeper").type == PhraseType::kDescription);
  // A role word inside the quote before the tag's name is not that person's role.
  const std::string text =
      "Governor Ruth Alvarado spoke on Monday.\n\n"
      "\"Nobody should drive today unless they are a paramedic,\" Alvarado told reporters.\n";
  auto d = testing::Extract(text, "en");
  REQUIRE(!d.speakers.empty());
  for (const auto& e : d.speakers) {
    CHECK(e.name == "Ruth Alvarado");
    CHECK(std::find(e.roles.begin(), e.roles.end(), "paramedic") == e.roles.end());
  }
}

TEST_CASE("said the veteran goalkeeper: a role the article gave no one goes to the person it is about") {
  const std::string text =
      "Ashby won the county cup on penalties on Saturday.\n\n"
      "Julien Moreau, 31, guessed right twice in the shoot-out.\n\n"
      "\"In the end you trust your legs,\" said the veteran goalkeeper.\n";
  auto d = testing::Extract(text, "en");
  const Quote* q = testing::FindQuote(d, "In the end you trust your legs,");
  REQUIRE(q != nullptr);
  REQUIRE(q->speaker);
  CHECK(q->speaker->name == "Julien Moreau");
}
