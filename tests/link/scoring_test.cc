// Scores of two bags: containment and Dice within a language, translated overlap across
// English and Swedish, and the containment of a partial quote in a fuller translation.
#include "engine/link/scoring.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;
using testing::BagOf;
using testing::FlatIdf;

TEST_CASE("SameLanguageOverlap: the share of the smaller bag's content words found in the other") {
  Vocabulary vocab(testing::TestLinkData());
  const Bag full = BagOf(&vocab, "The harbour plan has stalled completely", "en");  // harbour plan stalled completely
  const Bag part = BagOf(&vocab, "the plan stalled", "en");                         // plan stalled (+ "the", not compared)
  const Bag other = BagOf(&vocab, "Ferries will stop in March", "en");              // ferries stop march
  const Overlap o = SameLanguageOverlap(full, part);
  CHECK(o.shared == 2);
  CHECK(o.containment == doctest::Approx(1.0));
  CHECK(SameLanguageOverlap(part, full).containment == doctest::Approx(1.0));  // symmetric
  const Overlap half = SameLanguageOverlap(BagOf(&vocab, "plan delayed", "en"), full);
  CHECK(half.shared == 1);
  CHECK(half.containment == doctest::Approx(0.5));
  CHECK(SameLanguageOverlap(full, other).shared == 0);
  CHECK(SameLanguageOverlap(full, other).containment == 0.0);
  CHECK(SameLanguageOverlap(full, BagOf(&vocab, "so it is", "en")).containment == 0.0);  // no content words
  // Inflections meet: "stalls" / "stalled", "plans" / "plan".
  CHECK(SameLanguageOverlap(BagOf(&vocab, "plans stall", "en"), part).shared == 2);
}

TEST_CASE("SameLanguageDice: IDF-weighted, so a shared rare word says more than a shared common word") {
  Vocabulary vocab(testing::TestLinkData());
  const Bag a = BagOf(&vocab, "harbour plan stalled completely", "en");
  const Bag b = BagOf(&vocab, "plan stalled", "en");
  const Bag c = BagOf(&vocab, "harbour ferries", "en");
  std::vector<double> idf = FlatIdf(vocab);
  CHECK(SameLanguageDice(a, b, idf) == doctest::Approx(2.0 * 2 / (4 + 2)));
  CHECK(SameLanguageDice(a, c, idf) == doctest::Approx(2.0 * 1 / (4 + 2)));
  CHECK(SameLanguageDice(a, a, idf) == doctest::Approx(1.0));
  // Make "harbour" rare (weight 5): sharing it now outweighs sharing "plan" and "stalled".
  idf[vocab.Keys(vocab.Word("harbour", detail::kPivotLanguage)).same] = 5.0;
  const double with_rare = SameLanguageDice(a, c, idf);   // 2*5 / (8 + 6)
  const double common = SameLanguageDice(a, b, idf);      // 2*2 / (8 + 2)
  CHECK(with_rare == doctest::Approx(10.0 / 14));
  CHECK(common == doctest::Approx(4.0 / 10));
  CHECK(with_rare > common);
}

TEST_CASE("CrossLanguageScore: a Swedish sentence and its translation score above an unrelated one") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  Vocabulary vocab(testing::TestLinkData());
  const Bag en = BagOf(&vocab, "The government will close the old harbour next winter", "en");
  const Bag translation = BagOf(&vocab, "Regeringen stänger den gamla hamnen nästa vinter", "sv");
  const Bag unrelated = BagOf(&vocab, "Laget vann matchen efter en fantastisk andra halvlek", "sv");
  REQUIRE(translation.size() == unrelated.size());  // the same number of words: no length advantage
  const std::vector<double> idf = FlatIdf(vocab);
  std::vector<WordMatch> matched;
  const double good = CrossLanguageScore(en, translation, vocab, idf, &matched);
  const double bad = CrossLanguageScore(en, unrelated, vocab, idf);
  INFO("translation ", good, " unrelated ", bad, " | ", testing::TermsOf(en, vocab), " | ", testing::TermsOf(translation, vocab));
  CHECK(good >= 0.6);
  CHECK(bad < 0.3);  // below LinkOptions::cross_language_min
  CHECK(good > bad + 0.4);
  // The matched pairs name real translations.
  bool harbour = false, winter = false;
  for (const auto& m : matched) {
    harbour = harbour || (vocab.Text(m.pivot) == "harbour" && vocab.Text(m.translated) == "hamnen");
    winter = winter || (vocab.Text(m.pivot) == "winter" && vocab.Text(m.translated) == "vinter");
  }
  CHECK(harbour);
  CHECK(winter);
  // BagScore: either order, the same cross-language score.
  CHECK(BagScore(en, translation, vocab, idf) == doctest::Approx(good));
  CHECK(BagScore(translation, en, vocab, idf) == doctest::Approx(good));
}

TEST_CASE("CrossLanguageScore without a dictionary: names, numbers and cognates still match") {
  Vocabulary vocab(testing::TestLinkData());
  const Bag en = BagOf(&vocab, "Lena Holt opened 14 phenomenal bridges in Bergvik", "en");
  const Bag sv = BagOf(&vocab, "Lena Holt öppnade 14 fenomenala broar i Bergvik", "sv");
  const Bag other = BagOf(&vocab, "Per Sand stängde 3 gamla skolor i Norrby", "sv");
  const std::vector<double> idf = FlatIdf(vocab);
  const double shared = SharedFormScore(en, sv, vocab, idf);
  INFO("shared forms ", shared);
  // lena holt 14 bergvik phenomenal/fenomenala: 5 of 7 terms on each side
  CHECK(shared == doctest::Approx(10.0 / 14));
  CHECK(SharedFormScore(en, other, vocab, idf) == 0.0);
  CHECK(CrossLanguageScore(en, sv, vocab, idf) >= shared);  // translations only add
}

TEST_CASE("SharedFormScore ignores dictionary translations") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  Vocabulary vocab(testing::TestLinkData());
  const Bag en = BagOf(&vocab, "harbour government", "en");
  const Bag sv = BagOf(&vocab, "hamnen regeringen", "sv");
  const std::vector<double> idf = FlatIdf(vocab);
  CHECK(CrossLanguageScore(en, sv, vocab, idf) > 0.5);  // the dictionary knows both words
  CHECK(SharedFormScore(en, sv, vocab, idf) == 0.0);     // but they share no spelling
}

TEST_CASE("CrossLanguageContainment: a short partial quote inside a long translation is high") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  Vocabulary vocab(testing::TestLinkData());
  const Bag partial_sv = BagOf(&vocab, "helt falsk", "sv");
  const Bag full_en = BagOf(&vocab, "The report about the harbour is completely false and a lie from start to finish", "en");
  const Bag partial_en = BagOf(&vocab, "completely false", "en");
  const Bag full_sv = BagOf(&vocab, "Rapporten om hamnen är helt falsk och en lögn från början till slut", "sv");
  const Bag unrelated_en = BagOf(&vocab, "The ferries will keep running to the island every winter", "en");
  // The weights cover every word the vocabulary holds: made after the last bag (ASan found a
  // bag made after them reading past their end).
  const std::vector<double> idf = FlatIdf(vocab);
  // Dice over the whole long sentence is low (most of it is not in the partial) ...
  CHECK(CrossLanguageScore(full_en, partial_sv, vocab, idf) < 0.5);
  // ... containment is what shows the partial is inside it, in either direction and argument order.
  CHECK(CrossLanguageContainment(partial_sv, full_en, vocab, idf) == doctest::Approx(1.0));
  CHECK(CrossLanguageContainment(full_en, partial_sv, vocab, idf) == doctest::Approx(1.0));
  CHECK(CrossLanguageContainment(partial_en, full_sv, vocab, idf) == doctest::Approx(1.0));
  // Not inside a sentence that says something else.
  CHECK(CrossLanguageContainment(partial_sv, unrelated_en, vocab, idf) < 0.5);
}

TEST_CASE("CrossLanguageContainment: a function-word partial counts only its content words") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  Vocabulary vocab(testing::TestLinkData());
  const Bag no_way = BagOf(&vocab, "No way", "en");  // "no" is a function word kept as a term
  REQUIRE(no_way.size() == 2);
  const Bag says_no = BagOf(&vocab, "Nej, vi har inga pengar till den nya bron i år", "sv");
  const Bag says_way = BagOf(&vocab, "Det finns ingen annan väg framåt för hamnen", "sv");
  const std::vector<double> idf = FlatIdf(vocab);
  // "nej"/"inga" translate "no", but "way" is the partial's only content word and is not there.
  CHECK(CrossLanguageContainment(no_way, says_no, vocab, idf) == 0.0);
  CHECK(CrossLanguageContainment(no_way, says_way, vocab, idf) == doctest::Approx(1.0));
}

TEST_CASE("SharesContentWord: function words alone are no evidence of one statement") {
  QUOTH_SKIP_WITHOUT_LEXICON();
  Vocabulary vocab(testing::TestLinkData());
  // Short sentences keep their function words for matching ("du" may translate "you").
  const Bag pivot = BagOf(&vocab, "You close the harbour", "en");
  const Bag pronoun_only = BagOf(&vocab, "Vill du det", "sv");
  const Bag with_content = BagOf(&vocab, "Du stänger hamnen", "sv");
  const std::vector<double> idf = FlatIdf(vocab);
  REQUIRE(BagScore(pivot, pronoun_only, vocab, idf) > 0);  // "du" ~ "you" matches...
  CHECK_FALSE(SharesContentWord(pivot, pronoun_only, vocab, idf));  // ...but is a function word
  CHECK(SharesContentWord(pivot, with_content, vocab, idf));
  CHECK(SharesContentWord(BagOf(&vocab, "the harbour plan", "en"), BagOf(&vocab, "harbour ferries", "en"), vocab, idf));
  CHECK_FALSE(SharesContentWord(BagOf(&vocab, "the harbour plan", "en"), BagOf(&vocab, "winter ferries", "en"), vocab, idf));
}
