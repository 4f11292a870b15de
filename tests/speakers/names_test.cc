#include "engine/speakers/names.h"

#include <algorithm>

#include "support/mentions.h"

using namespace quoth;
using namespace quoth::detail;

using testing::Mentions;

TEST_CASE("a name after titles and roles is read without them, and the roles are kept") {
  const std::string text = "Belgorod Oblast Gov. Vyacheslav Gladkov alleged that homes were damaged.";
  auto m = Mentions(text, "en");
  REQUIRE(m.size() >= 1);
  CHECK(JoinName(m[0].name()) == "Vyacheslav Gladkov");
  CHECK(text.substr(m[0].span.start, m[0].span.size()) == "Vyacheslav Gladkov");
  CHECK(std::find(m[0].roles().begin(), m[0].roles().end(), "gov") != m[0].roles().end());
  CHECK(m[0].person_like);
}

TEST_CASE("a party word before a name describes the person and is not part of the name") {
  auto doc = testing::Extract("\"We will cut the ferry fares,\" Republican Dana Moss said on Monday.\n"
                              "\"That is a promise we cannot keep,\" said Democrat Leo Vance.\n", "en");
  REQUIRE(doc.quotes.size() == 2);
  REQUIRE(doc.quotes[0].speaker);
  REQUIRE(doc.quotes[1].speaker);
  CHECK(doc.quotes[0].speaker->name == "Dana Moss");
  CHECK(doc.quotes[1].speaker->name == "Leo Vance");
}

TEST_CASE("words that open a sentence or a headline are not part of the name after them") {
  for (const std::string text : {"Unlike Lund, the council voted.", "Knowing Berg as I do, I doubt it.",
                                 "Against Moss, the vote was close.", "Governor Calls Dana Moss Reckless"}) {
    auto m = Mentions(text, "en");
    REQUIRE_MESSAGE(!m.empty(), text);
    for (const auto& x : m) {
      const std::string name = JoinName(x.name());
      CHECK_MESSAGE(name.find("Unlike") == std::string::npos, text);
      CHECK_MESSAGE(name.find("Knowing") == std::string::npos, text);
      CHECK_MESSAGE(name.find("Against") == std::string::npos, text);
      CHECK_MESSAGE(name.find("Calls") == std::string::npos, text);
    }
  }
}

TEST_CASE("a possessive owner is not part of the name that follows it") {
  auto m = Mentions("He told ABC News' George Stephanopoulos on Sunday.", "en");
  bool found = false;
  for (const auto& x : m) found |= JoinName(x.name()) == "George Stephanopoulos";
  CHECK(found);
}

TEST_CASE("a lone Swedish surname is found as a name mention") {
  auto m = Mentions("Lukasjenko hävdade på torsdagen att Minsk inte utgjorde något hot.", "sv");
  REQUIRE(!m.empty());
  CHECK(JoinName(m[0].name()) == "Lukasjenko");
}

TEST_CASE("speaker phrases: pronoun, organisation, description, name") {
  const auto& en = testing::Lang("en");
  auto parse = [&](const std::string& s) { return ParseSpeakerPhrase(s, {0, s.size()}, en); };
  CHECK(parse("he").type == PhraseType::kPronoun);
  CHECK(parse("he").gender == "male");
  CHECK(parse("the Kremlin").type == PhraseType::kOrganisation);
  auto d = parse("the Belarusian leader");
  CHECK(d.type == PhraseType::kDescription);
  CHECK(d.definite);
  auto n = parse("Kremlin spokesman Dmitry Peskov");
  CHECK(n.type == PhraseType::kName);
  CHECK(JoinName(n.name) == "Dmitry Peskov");
  const auto& sv = testing::Lang("sv");
  const std::string tag = "veterinären Fanny Holm till Dagbladet";
  auto s = ParseSpeakerPhrase(tag, {0, tag.size()}, sv);
  CHECK(s.type == PhraseType::kName);
  CHECK(JoinName(s.name) == "Fanny Holm");
  const std::string pres = "presidenten";
  auto p = ParseSpeakerPhrase(pres, {0, pres.size()}, sv);
  CHECK(p.type == PhraseType::kDescription);
  CHECK(p.definite);
}

TEST_CASE("entities take the fullest form of a name as canonical") {
  auto m = Mentions("Kremlin spokesman Dmitry Peskov said nothing. Later, Peskov spoke again.", "en");
  EntityTable table(m);
  const size_t e = table.Resolve({"Peskov"}, EntityKind::kPerson, 0);
  CHECK(JoinName(table.at(e).name) == "Dmitry Peskov");
}

TEST_CASE("a particle capitalised where it leads is the small particle of the full name") {
  auto doc = testing::Extract("Cement maker cuts dividend\n\n"
                              "The company blamed what CEO Johan van Rensburg called \"a perfect storm\".\n\n"
                              "\"We will be fine,\" Van Rensburg said.\n", "en");
  // "CEO" is a role, not part of the name; "Van Rensburg" is the same person.
  CHECK(testing::SpeakerOf(doc, "a perfect storm") == "Johan van Rensburg");
  CHECK(testing::SpeakerOf(doc, "We will be fine,") == "Johan van Rensburg");
  CHECK(EndsWithName({"Johan", "van", "Rensburg"}, {"Van", "Rensburg"}));
  CHECK_FALSE(EndsWithName({"Johan", "van", "Rensburg"}, {"Van"}));
  CHECK_FALSE(EndsWithName({"Anna", "Berg"}, {"Berg", "Anna"}));
}

TEST_CASE("an acronym in brackets after an organisation's name speaks under that name") {
  auto doc = testing::Extract("Avocado ban\n\n"
                              "Brokers harvest fruit before the Fresh Produce Regulatory Board (FPRB) lifts its ban.\n\n"
                              "In a statement, the FPRB said it \"will not hesitate to prosecute\" anyone.\n\n"
                              "\"We are watching,\" said AB Lund, a broker.\n", "en");
  CHECK(testing::SpeakerOf(doc, "will not hesitate to prosecute") == "Fresh Produce Regulatory Board");
  // Two capitals that stand for no name before them stay as written.
  CHECK(testing::SpeakerOf(doc, "We are watching,") == "AB Lund");
}

TEST_CASE("a hyphenated role written capitalised opens no name") {
  auto doc = testing::Extract("Start-up cuts staff\n\n"
                              "Co-founder and chief executive Tan Wei Jie confirmed the cuts, writing that it was \"the hardest decision\".\n",
                              "en");
  CHECK(testing::SpeakerOf(doc, "the hardest decision") == "Tan Wei Jie");
}

TEST_CASE("a generation after a surname keeps its dot, and the surname alone is the same person") {
  auto doc = testing::Extract("Sen. Robert P. Casey Jr. said, \"We must be careful.\"\n\n"
                              "\"We will wait,\" Casey said on Friday.\n", "en");
  REQUIRE(doc.quotes.size() == 2);
  REQUIRE(doc.quotes[0].speaker);
  REQUIRE(doc.quotes[1].speaker);
  CHECK(doc.quotes[0].speaker->name == "Robert P. Casey Jr.");
  CHECK(doc.quotes[1].speaker->name == "Robert P. Casey Jr.");
  CHECK(doc.quotes[0].speaker->entity_id == doc.quotes[1].speaker->entity_id);
}

TEST_CASE("an office's portfolio after 'of', 'the' or 'and' is not part of the name after it") {
  auto names_in = [](const std::string& text) {
    std::vector<std::string> out;
    for (const auto& m : Mentions(text, "en")) out.push_back(JoinName(m.name()));
    return out;
  };
  auto has = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  const auto a = names_in("Piloting the bill, Minister of Tourism and Maritime Affairs Dexter Charlemagne said the pier would open.");
  CHECK(has(a, "Dexter Charlemagne"));
  const auto b = names_in("Leader of the Opposition Marcia Baptiste-Lewis said the Government had not produced a single page.");
  CHECK(has(b, "Marcia Baptiste-Lewis"));
  // An organisation's name keeps its words; so does a run that opens on its own.
  const auto c = names_in("The chairman of the Maritime Safety Board said nothing.");
  CHECK_FALSE(has(c, "Safety Board"));
}

TEST_CASE("a name that opens one name a word longer is that person's") {
  const auto doc = quoth::testing::Extract(
      "Flats\n\n"
      "Two critics share a surname: Chan Wing-yee, a social worker, and Eric Chan Kwok-keung of the unions.\n\n"
      "\"You call this regulation,\" Eric Chan said.\n",
      "en");
  CHECK(quoth::testing::SpeakerOf(doc, "You call this regulation,") == "Eric Chan Kwok-keung");
}
