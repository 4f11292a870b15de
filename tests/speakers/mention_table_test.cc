// The mention table: a document's name mentions and where each stands in its sentence, read by
// every step of the attribution sieve. Every sentence is invented for the test.
#include "engine/speakers/mention_table.h"

#include <string>
#include <utility>
#include <vector>

#include "support/rules.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// The table of `text` in `lang`, with its document and quotes kept alive beside it.
struct Table {
  Table(std::string input, const std::string& lang)
      : text(std::move(input)), rules(testing::Lang(lang)), doc(text, rules.pack.abbreviations),
        quotes(FindQuotes(doc, rules, &warnings)), mentions(doc, rules, quotes) {}
  std::string text;  // the document views it
  const LanguageRules& rules;
  Document doc;
  std::vector<Diagnostic> warnings;
  std::vector<QuoteCandidate> quotes;
  MentionTable mentions;

  // The mention whose name is `joined`, the `nth` such (0-based).
  const NameMention& Named(const std::string& joined, size_t nth = 0) const {
    for (const auto& m : mentions)
      if (m.joined() == joined && nth-- == 0) return m;
    FAIL("no mention " << joined);
    return mentions[0];
  }
  std::string Role(const std::string& joined, size_t nth = 0) const { return MentionRoleName(mentions.RoleOf(Named(joined, nth))); }
};

}  // namespace

TEST_CASE("each mention says where it stands: subject, after an opening phrase, possessor, after a preposition") {
  const Table t(
      "Economist Ana Ruiz has studied the harbour for a decade. On Sunday, Sen. Dana Moss toured it with Ruiz. "
      "Later Moss's plan was approved. The plan was drafted by Pia Lund, who chairs the board.",
      "en");
  CHECK(t.Role("Ana Ruiz") == "subject");
  CHECK(t.Role("Dana Moss") == "subject after an opening phrase");
  CHECK(t.Role("Ruiz") == "after a preposition");
  CHECK(t.Role("Moss") == "possessor");
  CHECK(t.Role("Pia Lund") == "other");  // "by" may bring in a speaker: not a plain preposition
  CHECK(t.mentions.AfterPreposition(t.Named("Pia Lund"), /*agent_too=*/true));
}

TEST_CASE("a description set off before the name makes the name the subject (sv)") {
  const Table t("Grannen som larmade brandkåren, Ahmed Karimi, vittnade i går. Han såg röken från balkongen.", "sv");
  CHECK(t.mentions.AppositionSubject(t.Named("Ahmed Karimi")));
  CHECK(t.Role("Ahmed Karimi") == "subject");
}

TEST_CASE("the mentions are in document order and found by offset and by sentence") {
  const std::string text = "Pia Lund met Leo Vance. Later Dana Moss joined them.";
  const Table t(text, "en");
  REQUIRE(t.mentions.size() == 3);
  for (size_t i = 0; i < t.mentions.size(); ++i) {
    const NameMention& m = t.mentions[i];
    CHECK(t.mentions.IndexOf(m) == i);
    CHECK(text.substr(m.span.start, m.span.size()) == m.joined());  // spans are byte offsets into the input
  }
  auto before = t.mentions.MentionsBefore(text.find("Dana"));
  REQUIRE(before != t.mentions.rend());
  CHECK(before->joined() == "Leo Vance");
  CHECK(t.mentions[t.mentions.FirstMentionOf(&NameMention::sentence, 1)].joined() == "Dana Moss");
  CHECK(t.mentions.OpensSentence(text.find("Pia")));
  CHECK_FALSE(t.mentions.OpensSentence(text.find("Leo")));
}

TEST_CASE("a name that speaks in a quote's tag becomes a person, and so do its shorter forms") {
  const std::string text = "Tessik met the press on Monday. \"We are not leaving,\" Tessik said. Tessik was calm.";
  Table t(text, "en");
  CHECK_FALSE(t.Named("Tessik").person_like);  // no title, one word: nothing says it is a person yet
  t.mentions.MarkSpeakers({{text.find("Tessik said"), text.find("Tessik said") + 6}});
  for (const auto& m : t.mentions) CHECK_MESSAGE(m.person_like, m.joined());
}

TEST_CASE("a name right after a role, or set off after a description, is found from the description's end") {
  const std::string text = "Her former foreign minister Boris Lenk pressed on. The leader of the Greens, Tove Ahl, warned them.";
  const Table t(text, "en");
  const NameMention* right = t.mentions.NameRightAfter(text.find(" foreign"));
  REQUIRE(right);
  CHECK(right->joined() == "Boris Lenk");
  const NameMention* set_off = t.mentions.AppositionNameAfter(text.find(" of the Greens"));
  REQUIRE(set_off);
  CHECK(set_off->joined() == "Tove Ahl");
  CHECK(t.mentions.NameRightAfter(text.find(" pressed")) == nullptr);
}

TEST_CASE("a particle before a role or a given name is a preposition, not part of the name (de)") {
  Table t("Streit um Pflegegeld\n\nDie Pläne von Bundesfamilienministerin Katrin Albers (SPD) stoßen auf Widerstand.\n\n"
          "„Wer seine Mutter pflegt, darf nicht arm werden“, sagte Albers.",
          "de");
  std::string names;
  for (const auto& m : t.mentions) names += "[" + m.joined() + "]";
  INFO(names);
  CHECK(names.find("[Katrin Albers]") != std::string::npos);
}
