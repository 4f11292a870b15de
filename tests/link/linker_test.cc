// Linking: the same quote across articles and translations, and nothing else.
#include "support/rules.h"

using namespace quoth;

namespace {

struct Linked {
  std::vector<DocumentResult> docs;
  std::vector<Cluster> clusters;
};

Linked LinkTexts(const std::vector<std::pair<std::string, std::string>>& texts) {  // (lang, text)
  Linked out;
  for (size_t i = 0; i < texts.size(); ++i) {
    EngineOptions options;
    options.link_evidence = true;  // as the CLI extracts documents it will link
    options.lang = texts[i].first;
    Engine engine(testing::BuiltinRules(), options);
    auto r = engine.Extract(texts[i].second, "doc" + std::to_string(i), "d" + std::to_string(i));
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    out.docs.push_back(std::move(*r));
  }
  auto linker = Linker::Create(testing::BuiltinRules());
  REQUIRE(linker.ok());
  out.clusters = linker->Link(out.docs);
  return out;
}

const Quote& QuoteIn(const Linked& l, size_t doc, const std::string& prefix) {
  for (const auto& q : l.docs[doc].quotes)
    if (q.text.rfind(prefix, 0) == 0) return q;
  FAIL("no quote starting with '" << prefix << "' in doc " << doc);
  static Quote none;
  return none;
}

bool Together(const Linked& l, size_t da, const std::string& a, size_t db, const std::string& b) {
  const Quote& qa = QuoteIn(l, da, a);
  const Quote& qb = QuoteIn(l, db, b);
  return !qa.cluster_id.empty() && qa.cluster_id == qb.cluster_id;
}

bool HaveLexicon() {
  auto linker = Linker::Create(testing::BuiltinRules());
  return linker.ok() && linker->lexicon_size() > 0;
}

}  // namespace

TEST_CASE("near-identical quotes link across articles despite punctuation, apostrophes and brackets") {
  auto l = LinkTexts({
      {"en", "\"We have done everything so that there isn't a strike. Thanks to me, that is, the talks have begun,\" Mayor Lena Holt said.\n"},
      {"en", "“We have done everything so that there isn’t a strike. Thanks to me that is, the talks [have] begun…” Holt told reporters.\n"},
  });
  CHECK(Together(l, 0, "We have done", 1, "We have done"));
  REQUIRE(l.clusters.size() == 1);
  CHECK(l.clusters[0].languages == std::vector<std::string>{"en"});
  CHECK(l.clusters[0].quote_ids.size() == 2);
}

TEST_CASE("a partial quote links to the full quote that contains it") {
  auto l = LinkTexts({
      {"en", "\"The harbour plan has stalled completely and the ferries will stop in March,\" Lena Holt said.\n"},
      {"en", "Holt warned that the ferries will stop in March, saying the plan had \"stalled completely and the ferries will stop\" for good.\n"},
  });
  CHECK(Together(l, 0, "The harbour plan", 1, "stalled completely"));
}

TEST_CASE("one long quote links to both halves another outlet split it into") {
  auto l = LinkTexts({
      {"en", "\"The budget leaves the libraries open every weekday. The swimming pools close for the whole winter,\" Mayor Lena Holt said.\n"},
      {"en", "\"The budget leaves the libraries open every weekday,\" Holt said. \"The swimming pools close for the whole winter.\"\n"},
  });
  CHECK(Together(l, 0, "The budget", 1, "The budget"));
  CHECK(Together(l, 0, "The budget", 1, "The swimming"));
}

TEST_CASE("two different utterances of one speaker on one topic stay apart") {
  auto l = LinkTexts({
      {"en", "\"We categorically refuse any new taxes on fishing boats,\" Minister Per Sand said.\n\n\"Our fleet will not pay for the mistakes of the banks,\" he said.\n"},
      {"en", "\"We categorically refuse any new taxes on fishing boats,\" Sand told the radio.\n\n\"Nobody in this government wants a quarrel with the fishermen,\" he said.\n"},
  });
  CHECK(Together(l, 0, "We categorically", 1, "We categorically"));
  CHECK_FALSE(Together(l, 0, "Our fleet", 1, "Nobody in this"));
  CHECK(QuoteIn(l, 0, "Our fleet").cluster_id.empty());
}

TEST_CASE("short common phrases do not link unrelated articles") {
  auto l = LinkTexts({
      {"en", "The coach called the defeat \"very disappointing\" after the match.\n"},
      {"en", "The farmers called the new rules \"very disappointing\" on Monday.\n"},
  });
  CHECK(l.clusters.empty());
}

TEST_CASE("an English quote links to its Swedish translation") {
  if (!HaveLexicon()) {
    MESSAGE("no Swedish-English lexicon built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({
      {"en", "\"We do not threaten anyone and we will never threaten our neighbours,\" President Anna Holt said.\n\n\"The war must end this winter,\" she said.\n"},
      {"sv", "– Kriget måste ta slut i vinter, säger presidenten Anna Holt.\n– Vi hotar ingen och vi kommer aldrig att hota våra grannar, säger hon.\n"},
  });
  CHECK(Together(l, 0, "We do not threaten", 1, "Vi hotar ingen"));
  CHECK(Together(l, 0, "The war must end", 1, "Kriget måste"));
  CHECK_FALSE(Together(l, 0, "We do not threaten", 1, "Kriget måste"));
  for (const auto& c : l.clusters) CHECK(c.languages == std::vector<std::string>{"en", "sv"});
}

TEST_CASE("a person spelled differently across languages gets one id across documents") {
  auto l = LinkTexts({
      {"en", "\"We will not send troops,\" Belarusian President Alexander Lukashenko said.\n"},
      {"sv", "– Vi skickar inga soldater, säger Alexander Lukasjenko.\n"},
      {"en", "\"The talks are over,\" Prime Minister Denys Shmyhal said.\n"},
  });
  REQUIRE(!l.docs[0].speakers.empty());
  REQUIRE(!l.docs[1].speakers.empty());
  REQUIRE(!l.docs[2].speakers.empty());
  CHECK(l.docs[0].speakers[0].global_id == l.docs[1].speakers[0].global_id);
  CHECK(l.docs[0].speakers[0].global_id != l.docs[2].speakers[0].global_id);
}

TEST_CASE("linking gives the same clusters whatever the number of threads") {
  std::vector<std::pair<std::string, std::string>> texts;
  for (int i = 0; i < 40; ++i)
    texts.push_back({"en", "\"The council will rebuild bridge number " + std::to_string(i % 7) +
                               " before the spring floods arrive,\" engineer Tom Hale said.\n"});
  auto a = LinkTexts(texts);
  auto docs = a.docs;
  for (auto& d : docs)
    for (auto& q : d.quotes) q.cluster_id.clear();
  LinkOptions one;
  one.threads = 1;
  auto linker = Linker::Create(testing::BuiltinRules(), one);
  REQUIRE(linker.ok());
  auto b = linker->Link(docs);
  REQUIRE(a.clusters.size() == b.size());
  for (size_t i = 0; i < b.size(); ++i) CHECK(a.clusters[i].quote_ids == b[i].quote_ids);
}

// ---------------------------------------------------------------------------------------------
// End-to-end: invented articles in English and Swedish through the Engine and the Linker.

#include <iomanip>
#include <sstream>

#include "engine/link/bag.h"

namespace {

// Six unrelated stories, three in each language, each quoting everyday phrases.
const std::vector<std::pair<std::string, std::string>> kEverydayPhrases = {
    {"en", "Coach Jonas Ek refused to discuss his contract after Bergvik IF lost 2-0 to Norrby on Saturday.\n\n"
           "\"No comment,\" Ek said.\n\n\"We'll see what happens after the season,\" he added.\n"},
    {"en", "A court in Lindby on Tuesday sentenced a 34-year-old man to two years in prison for a series of burglaries.\n\n"
           "\"We'll see,\" his lawyer Karin Ström said. \"No comment on the verdict itself.\"\n"},
    {"en", "Forecasters warned of heavy snow across the northern mountains on Thursday, with up to 40 centimetres "
           "expected in places.\n\n\"We'll see how bad it gets,\" meteorologist Nils Dahl said.\n\n"
           "\"No comment on whether the schools will close,\" he said.\n"},
    {"sv", "Hockeylaget Stålbyns IK förlorade med 1–5 mot Älvsborg på fredagskvällen inför 3100 åskådare.\n\n"
           "– Inga kommentarer, säger tränaren Mats Lindqvist.\n\n– Vi får se vad styrelsen säger, säger han.\n"},
    {"sv", "Hovrätten i Västerby friade på onsdagen en 52-årig kvinna som åtalats för bedrägeri mot sin arbetsgivare.\n\n"
           "– Vi får se om åklagaren överklagar, säger hennes advokat Sofia Engström.\n\n"
           "– Inga kommentarer, säger kammaråklagaren Olle Nord.\n"},
    {"sv", "Det kraftiga regnet över Österlen fortsätter under helgen och SMHI har utfärdat en gul varning.\n\n"
           "– Vi får se hur mycket som hinner falla, säger meteorologen Elin Ahl.\n\n"
           "– Inga kommentarer om skördarna, säger bonden Gustav Berg.\n"},
};

// An invented ferry accident, told by an English outlet and, reordered, cut and freely
// translated, by a Swedish one that quotes only a few words of one statement.
const std::pair<std::string, std::string> kFerryEn = {
    "en",
    "Ferry runs aground off Stenö\n\n"
    "A passenger ferry with 212 people on board ran aground off the island of Stenö early on Sunday, the coast guard said.\n\n"
    "\"The captain did everything right. Nobody was hurt and everyone was taken ashore within three hours,\" coast guard "
    "spokesman Olof Brandt said.\n\n"
    "The ferry company Östlinjen said the ship had lost power in strong winds.\n\n"
    "\"We will find out exactly what went wrong, and we will share everything we find with the investigators,\" "
    "Östlinjen chief executive Helena Falk said.\n\n"
    "Passengers described the evacuation as \"calm and orderly\".\n\n"
    "Divers will inspect the hull on Monday. The route between Stenö and the mainland is closed until further notice.\n"};
const std::pair<std::string, std::string> kFerrySv = {
    "sv",
    "Färja gick på grund vid Stenö\n\n"
    "Linjen mellan Stenö och fastlandet är stängd tills vidare.\n\n"
    "Färjan med 212 personer ombord gick på grund vid Stenö tidigt på söndagen.\n\n"
    "Östlinjens vd Helena Falk lovar att ta reda på ”exakt vad som gick fel”.\n\n"
    "– Kaptenen gjorde allt rätt. Ingen skadades och alla fördes i land inom tre timmar, säger Olof Brandt, "
    "talesperson för Kustbevakningen.\n\n"
    "Passagerarna beskriver evakueringen som ”lugn och ordnad”.\n"};

std::string ClusterDump(const Linked& l) {
  std::ostringstream out;
  out << std::setprecision(17);
  for (const auto& c : l.clusters) {
    out << c.id << " [";
    for (const auto& q : c.quote_ids) out << " " << q;
    out << " ] langs";
    for (const auto& lang : c.languages) out << " " << lang;
    out << " conf " << c.confidence << " rep " << c.representative << "\n";
    for (const auto& k : c.links) out << "  " << k.from << "~" << k.to << " " << k.score << " " << k.relation << " " << k.basis << "\n";
  }
  return out.str();
}

}  // namespace

TEST_CASE("everyday phrases in six unrelated stories in two languages form no clusters") {
  auto l = LinkTexts(kEverydayPhrases);
  std::string clusters;
  for (const auto& c : l.clusters) clusters += "\n  " + c.representative + " (" + std::to_string(c.quote_ids.size()) + ")";
  INFO("clusters:", clusters);
  CHECK(l.clusters.empty());
  for (const auto& d : l.docs)
    for (const auto& q : d.quotes) CHECK_MESSAGE(q.cluster_id.empty(), q.id << " " << q.text);
}

TEST_CASE("an English article and a Swedish outlet's rewrite of one event link their quotes across languages") {
  if (!HaveLexicon()) {
    MESSAGE("no Swedish-English lexicon built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({kFerryEn, kFerrySv});
  INFO(ClusterDump(l));
  CHECK(Together(l, 0, "The captain did", 1, "Kaptenen gjorde"));
  CHECK(Together(l, 0, "We will find out", 1, "exakt vad som gick fel"));  // a few words of a longer statement
  CHECK(Together(l, 0, "calm and orderly", 1, "lugn och ordnad"));          // a short quote, through its sentence
  CHECK_FALSE(Together(l, 0, "The captain did", 1, "exakt vad som gick fel"));
  REQUIRE_FALSE(l.clusters.empty());
  for (const auto& c : l.clusters) {
    CHECK(c.languages == std::vector<std::string>{"en", "sv"});
    CHECK(c.confidence > 0.0);
    CHECK(c.confidence <= 1.0);
    CHECK(c.links.size() + 1 == c.quote_ids.size());
    for (const auto& link : c.links) {
      CHECK_FALSE(link.basis.empty());
      CHECK(link.relation == "same story");
      CHECK(link.score >= c.confidence);  // the confidence is the weakest link
    }
  }
}

TEST_CASE("a long multi-sentence quote does not chain unrelated short quotes of other articles together") {
  auto l = LinkTexts({
      {"en", "Bergvik council adopts budget\n\nThe council in Bergvik adopted its budget for next year on Monday after a long "
             "debate.\n\n\"We will not close a single school in Bergvik. The roads will be repaired before the first snow. "
             "Nobody will pay higher taxes next year, and the harbour stays open every day of the week,\" the council said "
             "in a statement.\n"},
      {"en", "Snow arrives early in the mountains\n\nThe first snow fell in the mountain village of Fjällby on Tuesday, two "
             "weeks earlier than usual.\n\n\"The first snow always comes too early for the roads up here,\" road engineer "
             "Tom Hale said.\n"},
      {"en", "Early snow closes mountain pass\n\nSnow closed the pass above Fjällby on Tuesday morning and the ploughs were "
             "out all day.\n\n\"The first snow always comes too early for the roads,\" Hale told local radio.\n"},
      {"en", "Shop owners fear tax rise in Lindby\n\nShop owners in Lindby gathered outside the town hall on Wednesday to "
             "protest against the proposed municipal tax.\n\n\"Higher taxes next year would ruin every small shop on this "
             "street,\" shop owner Eva Lund said.\n"},
      {"en", "Lindby traders protest\n\nTraders in Lindby protested on Wednesday against the municipal tax plans of the "
             "ruling coalition.\n\n\"Higher taxes next year would ruin every small shop,\" Lund said.\n"},
      {"en", "Bergvik keeps taxes flat\n\nBergvik will keep its municipal tax unchanged, the council announced after "
             "Monday's budget debate.\n\n\"Nobody will pay higher taxes next year,\" the council said.\n"},
  });
  INFO(ClusterDump(l));
  size_t largest = 0;
  for (const auto& c : l.clusters) largest = std::max(largest, c.quote_ids.size());
  CHECK(largest <= 2);
  // The short quotes still find their own copies, and the long quote the sentence quoted from it.
  CHECK(Together(l, 1, "The first snow", 2, "The first snow"));
  CHECK(Together(l, 3, "Higher taxes", 4, "Higher taxes"));
  CHECK(Together(l, 0, "We will not close", 5, "Nobody will pay"));
  CHECK_FALSE(Together(l, 0, "We will not close", 3, "Higher taxes"));
  CHECK_FALSE(Together(l, 0, "We will not close", 1, "The first snow"));
}

TEST_CASE("one speaker's two statements on one topic stay two utterances across languages") {
  if (!HaveLexicon()) {
    MESSAGE("no Swedish-English lexicon built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({
      {"en", "Minister promises bridge to Stenö\n\nTransport minister Per Sand visited the island of Stenö on Friday.\n\n"
             "\"We will build a new bridge to the island before 2030, whatever it costs,\" Sand said.\n\n"
             "The island's 4000 residents depend on two ferries.\n\n"
             "\"The old ferries are too slow and far too expensive to keep running,\" he said.\n"},
      {"sv", "Ministern lovar bro till Stenö\n\n"
             "– De gamla färjorna är för långsamma och alldeles för dyra att fortsätta köra, säger infrastrukturminister "
             "Per Sand.\n\n"
             "Stenös 4000 invånare är beroende av två färjor.\n\n"
             "– Vi ska bygga en ny bro till ön före 2030, vad den än kostar, säger Sand.\n"},
  });
  INFO(ClusterDump(l));
  CHECK(Together(l, 0, "We will build", 1, "Vi ska bygga"));
  CHECK(Together(l, 0, "The old ferries", 1, "De gamla färjorna"));
  CHECK_FALSE(Together(l, 0, "We will build", 1, "De gamla färjorna"));
  CHECK_FALSE(Together(l, 0, "The old ferries", 1, "Vi ska bygga"));
  CHECK(QuoteIn(l, 0, "We will build").cluster_id != QuoteIn(l, 0, "The old ferries").cluster_id);
}

TEST_CASE("linker output is byte-for-byte the same with one thread and with two") {
  // Enough sentence pieces (over 1000) that MatchPieces really splits the work over two threads.
  std::vector<std::pair<std::string, std::string>> texts = kEverydayPhrases;
  texts.push_back(kFerryEn);
  texts.push_back(kFerrySv);
  const char* const places[] = {"Bergvik", "Norrby", "Lindby", "Stenö", "Fjällby", "Västerby", "Åby"};
  const char* const months_en[] = {"March", "April", "May", "June"};
  const char* const months_sv[] = {"mars", "april", "maj", "juni"};
  for (int d = 0; d < 60; ++d) {
    const bool sv = d % 4 == 3;
    std::string quote;
    for (int s = 0; s < 20; ++s) {
      const int n = (d * 7 + s * 3) % 23;
      const std::string place = places[(d + s) % 7];
      quote += sv ? "Arbetslaget ska reparera bro nummer " + std::to_string(n) + " vid " + place + " före " + months_sv[s % 4] + ". "
                  : "The crew will repair bridge number " + std::to_string(n) + " near " + place + " before " + months_en[s % 4] + ". ";
    }
    quote.pop_back();
    texts.push_back({sv ? "sv" : "en", sv ? "– " + quote + ", säger ingenjören Tove Hed.\n"
                                          : "\"" + quote + ",\" engineer Tom Hale said.\n"});
  }
  auto base = LinkTexts(texts);  // extraction once; each run links a fresh copy
  size_t sentences = 0;
  for (const auto& d : base.docs)
    for (const auto& q : d.quotes) sentences += detail::QuoteSentences(q.text, testing::Lang(d.lang).pack.abbreviations).size();
  REQUIRE(sentences > 1000);
  auto run = [&](size_t threads) {
    Linked l;
    l.docs = base.docs;
    for (auto& d : l.docs) {
      for (auto& q : d.quotes) q.cluster_id.clear();
      for (auto& s : d.speakers) s.global_id.clear();
    }
    LinkOptions options;
    options.threads = threads;
    auto linker = Linker::Create(testing::BuiltinRules(), options);
    REQUIRE(linker.ok());
    l.clusters = linker->Link(l.docs);
    std::ostringstream out;
    Write(l.docs, l.clusters, Format::kJson, out);
    return out.str() + ClusterDump(l);
  };
  const std::string one = run(1);
  const std::string two = run(2);
  CHECK(one.size() == two.size());
  CHECK(one == two);
  CHECK(run(1) == one);  // and the same again
}

// The linker pairs the quotes of two sentences that translate each other all with all
// (PairQuotes with `translated`): a sentence reports one statement and its quotes are fragments
// of it, so the fragments of a translated sentence form one utterance of four quotes. Two people
// named in one sentence still stay apart (ClusterItems never joins two named people).
TEST_CASE("the fragments of one closely translated sentence are one utterance") {
  if (!HaveLexicon()) {
    MESSAGE("no Swedish-English lexicon built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({
      {"en", "Hospital vote in Bergvik\n\nProtesters outside the town hall chanted \"Save our hospital\" and \"No cuts to "
             "care\" during the vote on Monday.\n\nThe council voted 31 to 20 to keep the hospital open.\n"},
      {"sv", "Sjukhusomröstning i Bergvik\n\nUnder omröstningen på måndagen ropades ”Rädda vårt sjukhus” och ”Inga "
             "nedskärningar i vården” utanför stadshuset.\n\nFullmäktige röstade 31 mot 20 för att behålla sjukhuset öppet.\n"},
  });
  INFO(ClusterDump(l));
  CHECK(Together(l, 0, "Save our hospital", 1, "Rädda vårt sjukhus"));
  CHECK(Together(l, 0, "No cuts to care", 1, "Inga nedskärningar"));
  CHECK(Together(l, 0, "Save our hospital", 1, "Inga nedskärningar"));
}

TEST_CASE("two people quoted in one translated sentence stay two utterances") {
  if (!HaveLexicon()) {
    MESSAGE("no Swedish-English lexicon built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({
      {"en", "Harbour deal in Norvik\n\nMayor Lena Holm said the deal was \"a good day for the town\", but councillor Erik "
             "Dahl said it was \"a gift to the shipping company\".\n\nThe harbour will reopen in March.\n"},
      {"sv", "Hamnavtal i Norvik\n\nKommunalrådet Lena Holm sa att avtalet var ”en bra dag för staden”, men Erik Dahl sa "
             "att det var ”en gåva till rederiet”.\n\nHamnen öppnar igen i mars.\n"},
  });
  INFO(ClusterDump(l));
  CHECK(Together(l, 0, "a good day", 1, "en bra dag"));
  CHECK_FALSE(Together(l, 0, "a good day", 1, "en gåva"));
  CHECK_FALSE(Together(l, 0, "a good day", 0, "a gift"));
}

TEST_CASE("a quote's context is its sentence, at most 400 bytes either side, and points into the input") {
  std::string text = "The harbour master said \"the cranes stay\" on Monday.\n";
  std::string run;  // one paragraph with no sentence break: every quote in one long "sentence"
  for (int i = 0; i < 300; ++i) run += "word \"quote " + std::to_string(i) + "\" said Anna ";
  text += run + "\n";
  EngineOptions options;
  options.lang = "en";
  options.link_evidence = true;
  Engine engine(testing::BuiltinRules(), options);
  auto r = engine.Extract(text, "doc", "d0");
  REQUIRE(r.ok());
  REQUIRE(r->quotes.size() > 100);
  CHECK(r->quotes[0].context_text == "The harbour master said \"the cranes stay\" on Monday.");
  for (const auto& q : r->quotes) {
    CHECK(q.context_text == text.substr(q.context.start, q.context.size()));
    CHECK(q.context.start <= q.span.start);
    CHECK(q.context.end >= q.span.end);
    CHECK(q.span.start - q.context.start <= 400);
    CHECK(q.context.end - q.span.end <= 400);
  }
}

TEST_CASE("a refrain repeated in two related articles is not linked quote by quote") {
  std::string a = "Fans of Lund FC sang in the square on Saturday.\n", b = "Supporters of Lund FC filled the square on Saturday.\n";
  for (int i = 0; i < 6; ++i) {
    a += "They chanted \"Lund forever\" again.\n";
    b += "Again they chanted \"Lund forever\".\n";
  }
  a += "\"We never give up on this club,\" captain Ola Berg said.\n";
  b += "\"We never give up on this club,\" Berg told the crowd.\n";
  auto l = LinkTexts({{"en", a}, {"en", b}});
  CHECK(Together(l, 0, "We never give up", 1, "We never give up"));
  CHECK(QuoteIn(l, 0, "Lund forever").cluster_id.empty());
}

TEST_CASE("a German translation of an English quote links to it (en-de)") {
  if (!HaveLexicon()) {
    MESSAGE("no lexicons built (dict-freedict packages missing): skipped");
    return;
  }
  auto l = LinkTexts({
      {"en", "Ferry to sail again\n\n\"In summer we sail every hour, in winter three times a day,\" Captain Jonas Berger said.\n\n"
             "\"Without the ferry, the island is cut off in winter,\" said Anna Petersen.\n"},
      {"de", "Fähre fährt wieder\n\n„Im Sommer fahren wir jede Stunde, im Winter dreimal am Tag“, sagte Kapitän Jonas Berger.\n\n"
             "„Ohne die Fähre ist die Insel im Winter abgeschnitten“, sagte Anna Petersen.\n"},
  });
  CHECK(Together(l, 0, "In summer", 1, "Im Sommer"));
  CHECK(Together(l, 0, "Without the ferry", 1, "Ohne die Fähre"));
  CHECK_FALSE(Together(l, 0, "In summer", 1, "Ohne die Fähre"));
  for (const auto& c : l.clusters) CHECK(c.languages == std::vector<std::string>{"de", "en"});
}

TEST_CASE("German and Swedish documents do not link to each other directly (de, sv)") {
  // Each translated language meets English through its own table; two of them share no keys.
  auto l = LinkTexts({
      {"de", "„Im Sommer fahren wir jede Stunde, im Winter dreimal am Tag“, sagte Kapitän Jonas Berger.\n"},
      {"sv", "”På sommaren går vi varje timme, på vintern tre gånger om dagen”, säger kapten Jonas Berger.\n"},
  });
  CHECK(l.clusters.empty());
}

TEST_CASE("a slogan in several mouths across the batch links to nothing; one person's short phrase links") {
  // "Build the Northern Line" is a campaign's slogan: a candidate (twice), a delegate and a
  // banner carry it in four unrelated articles. It names the campaign, not one utterance: even
  // the candidate's two are not linked, or one cluster would soon hold everyone who chants it.
  auto l = LinkTexts({
      {"en", "The rally filled the hall in Dunmore.\n\n\"Build the Northern Line,\" candidate Ruth Pelham said.\n"},
      {"en", "Omar Castell, a delegate from Ashby, spoke after the vote.\n\n\"Build the Northern Line,\" he said.\n"},
      {"en", "Protesters stood outside the depot with banners that read \"Build the Northern Line\" in red.\n"},
      {"en", "The council met on Monday.\n\n\"Build the Northern Line,\" Ruth Pelham told the meeting, to applause.\n"},
      // One person's short phrase, reported by three outlets, is one utterance.
      {"en", "The mayor spoke at the harbour.\n\n\"A harbour for everyone,\" Mayor Ines Lowry said.\n"},
      {"en", "Lowry's speech on the quay was short.\n\n\"A harbour for everyone,\" said Lowry.\n"},
      {"en", "Ines Lowry opened the new quay on Monday.\n\n\"A harbour for everyone,\" she told the crowd.\n"},
  });
  for (size_t d = 0; d < 4; ++d) CHECK(QuoteIn(l, d, "Build the Northern Line").cluster_id.empty());
  CHECK(Together(l, 4, "A harbour for everyone", 5, "A harbour for everyone"));
}
