// Word keys: cognate spelling keys, Swedish and German -> English translation (definite forms,
// compounds), and a vocabulary that interns each word once.
#include <algorithm>

#include "engine/link/stemmer.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

bool Contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// The vocabulary's ids of the languages (German and Swedish each have a table into English).
LinkLanguageId Sv() { return testing::LanguageId("sv"); }
LinkLanguageId De() { return testing::LanguageId("de"); }
constexpr LinkLanguageId kEn = kPivotLanguage;

// Every English stem detail::Translate gives for a word of `lang`, and the number of parts it found.
struct Translation {
  size_t parts = 0;
  std::vector<std::string> stems;
};
Translation Translate(const std::string& word, LinkLanguageId lang = Sv()) {
  const TranslatedLanguage& language = testing::TestLinkData().translated.at(lang - 1);
  Stemmer stemmer(language.stemmer);
  Translation t;
  for (const auto* english : detail::Translate(language, word, stemmer.Stem(word), stemmer)) {
    ++t.parts;
    t.stems.insert(t.stems.end(), english->begin(), english->end());
  }
  return t;
}

std::string EnglishStem(const std::string& word) { return Stemmer("english").Stem(word); }

}  // namespace

TEST_CASE("CognateKey: English and Swedish spellings of one loanword share a key") {
  CHECK(CognateKey("phenomenal") == CognateKey("fenomenal"));  // ph -> f
  CHECK(CognateKey("phenomenal") == "cog:fenom");
  CHECK(CognateKey("quality") == CognateKey("kvalitet"));      // qu -> kv
  CHECK(CognateKey("centre") == CognateKey("centrum"));        // c before e -> s
  CHECK(CognateKey("control") == CognateKey("kontroll"));      // c before o -> k
  CHECK(CognateKey("democracy") == CognateKey("demokrati"));
}

TEST_CASE("CognateKey: unrelated words keep different keys") {
  CHECK(CognateKey("phenomenal") != CognateKey("federal"));
  CHECK(CognateKey("control") != CognateKey("kontor"));
  CHECK(CognateKey("harbour") != CognateKey("hamnen"));
}

TEST_CASE("CognateKey: short words and words with digits get no key") {
  CHECK(CognateKey("war").empty());
  CHECK(CognateKey("krig").empty());
  CHECK(CognateKey("four").empty());  // four letters: too short to be evidence
  CHECK(CognateKey("2024").empty());
  CHECK(CognateKey("19th").empty());
  CHECK_FALSE(CognateKey("fjord").empty());  // five letters is enough
}

TEST_CASE("Translate (sv): a word in the lexicon, its definite form and its compounds") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  SUBCASE("a headword") {
    const Translation t = Translate("ord");
    CHECK(t.parts == 1);
    CHECK(Contains(t.stems, EnglishStem("word")));
  }
  SUBCASE("definite forms the stemmer keeps: ordet = ord + the, bibeln = bibel + the") {
    const Translation ordet = Translate("ordet");
    CHECK(ordet.parts == 1);
    CHECK(Contains(ordet.stems, EnglishStem("word")));
    const Translation bibeln = Translate("bibeln");
    CHECK(Contains(bibeln.stems, EnglishStem("bible")));
  }
  SUBCASE("a compound is split into two known parts") {
    const Translation t = Translate("vinterstorm");
    CHECK(t.parts == 2);
    CHECK(Contains(t.stems, EnglishStem("winter")));
    CHECK(Contains(t.stems, EnglishStem("storm")));
  }
  SUBCASE("a compound with a linking s") {
    const Translation t = Translate("regeringsbeslut");
    CHECK(t.parts == 2);
    CHECK(Contains(t.stems, EnglishStem("government")));
    CHECK(Contains(t.stems, EnglishStem("decision")));
  }
  SUBCASE("an invented word has no translation") {
    CHECK(Translate("blorftquaz").parts == 0);
  }
}

// "bron" (the bridge) is also the stem of "brons" (bronze), under which LoadLexicon files bronze's
// translations; Translate returns the first table hit and never tries the definite form
// "bro" + n, so "bron" never means "bridge" - one of the commonest forms of a news word.
TEST_CASE("Translate (sv): the definite form \"bron\" translates \"bridge\"") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  REQUIRE(Contains(Translate("bro").stems, EnglishStem("bridge")));
  CHECK(Contains(Translate("bron").stems, EnglishStem("bridge")));
}

TEST_CASE("Vocabulary interns a word once and keeps the languages apart") {
  Vocabulary vocab(testing::TestLinkData());
  const uint32_t hotar = vocab.Word("hotar", Sv());
  const size_t keys = vocab.key_count();
  CHECK(vocab.Word("hotar", Sv()) == hotar);
  CHECK(vocab.key_count() == keys);  // no new keys for a word seen before
  CHECK(vocab.Text(hotar) == "hotar");
  CHECK(vocab.IsTranslated(hotar));

  const uint32_t english = vocab.Word("hotar", kEn);  // the same letters as an English word
  CHECK(english != hotar);
  CHECK_FALSE(vocab.IsTranslated(english));
  CHECK(vocab.Text(english) == "hotar");

  // Inflected forms: one same-language key. (Keys are read into values first: Word() may move
  // the entries a reference from Keys() points into.)
  auto same = [&](const std::string& w, LinkLanguageId lang) { return vocab.Keys(vocab.Word(w, lang)).same; };
  auto english_key = [&](const std::string& w, LinkLanguageId lang) { return vocab.Keys(vocab.Word(w, lang)).pivot; };
  CHECK(same("hota", Sv()) == same("hotar", Sv()));
  CHECK(same("threatens", kEn) == same("threaten", kEn));
  CHECK(english_key("threatens", kEn) == english_key("threatened", kEn));
  // Swedish and English stems live apart: "hot" (sv, threat) is not the English "hot".
  CHECK(same("hot", Sv()) != same("hot", kEn));
  // Text stays valid after many more words (interned strings do not move).
  for (int i = 0; i < 2000; ++i) vocab.Word("w" + std::to_string(i), i % 2 == 0 ? Sv() : kEn);
  CHECK(vocab.Text(hotar) == "hotar");
  CHECK(vocab.Word("hotar", Sv()) == hotar);
}

TEST_CASE("Vocabulary: a Swedish word's slot holds its own form, its cognate key and its translations") {
  Vocabulary vocab(testing::TestLinkData());
  // A name: the slot holds its own form, which the English name carries too.
  const WordKeys name = vocab.Keys(vocab.Word("lukasjenko", Sv()));
  CHECK(std::is_sorted(name.slot.begin(), name.slot.end()));
  CHECK(std::adjacent_find(name.slot.begin(), name.slot.end()) == name.slot.end());
  CHECK(std::binary_search(name.slot.begin(), name.slot.end(), name.pivot));
  // A loanword meets its English cognate through the cognate key.
  const uint32_t fenomenal = vocab.Word("fenomenal", Sv());
  const uint32_t phenomenal = vocab.Word("phenomenal", kEn);
  const WordKeys sv_keys = vocab.Keys(fenomenal), en_keys = vocab.Keys(phenomenal);
  CHECK(sv_keys.cognate != kNoKey);
  CHECK(sv_keys.cognate == en_keys.cognate);
  CHECK(std::binary_search(sv_keys.slot.begin(), sv_keys.slot.end(), en_keys.cognate));
  CHECK(vocab.Keys(phenomenal).slot.empty());  // English words have no slot

  if (!testing::LexiconBuilt()) {
    MESSAGE("no Swedish-English lexicon built: translations not checked");
    return;
  }
  auto in_slot = [&](const std::string& sv, const std::string& en) {
    const std::vector<uint32_t> s = vocab.Keys(vocab.Word(sv, Sv())).slot;
    const uint32_t key = vocab.Keys(vocab.Word(en, kEn)).pivot;
    return std::binary_search(s.begin(), s.end(), key);
  };
  CHECK(in_slot("ordet", "word"));
  CHECK(in_slot("stabilt", "stable"));
  CHECK(in_slot("regeringsbeslut", "decisions"));
  CHECK_FALSE(in_slot("ordet", "storm"));
}

TEST_CASE("Translate (de): a word, its stem, and a compound joined by an s") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  CHECK(Contains(Translate("winter", De()).stems, EnglishStem("winter")));
  CHECK(Contains(Translate("insel", De()).stems, EnglishStem("island")));
  CHECK(Contains(Translate("sommers", De()).stems, EnglishStem("summer")));  // by its stem
  // "Fahrplanswinter" is in no dictionary: "fahrplan" + joint s + "winter".
  const Translation compound = Translate("fahrplanswinter", De());
  CHECK(compound.parts == 2);
  CHECK(Contains(compound.stems, EnglishStem("winter")));
}

TEST_CASE("Vocabulary: German and Swedish words of the same letters are different words") {
  Vocabulary vocab(testing::TestLinkData());
  const uint32_t de = vocab.Word("hotel", De());
  const uint32_t sv = vocab.Word("hotel", Sv());
  CHECK(de != sv);
  CHECK(vocab.Keys(de).same != vocab.Keys(sv).same);
  CHECK(vocab.IsTranslated(de));
}
