// Bags: how a quote is cut into sentences, and which of a sentence's words are compared.
#include <algorithm>

#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

// The sentences, trimmed, joined by " | " (readable in a failure).
std::string Sentences(std::string_view text) {
  std::string out;
  for (std::string_view s : QuoteSentences(text, testing::Lang("en").pack.abbreviations)) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\n')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.remove_suffix(1);
    out += (out.empty() ? "" : " | ") + std::string(s);
  }
  return out;
}

std::string Terms(const Bag& bag, const Vocabulary& vocab) { return testing::TermsOf(bag, vocab); }

std::string Flags(const Bag& bag) {
  std::string out;
  for (uint8_t c : bag.content) out += c ? '1' : '0';
  return out;
}

}  // namespace

TEST_CASE("QuoteSentences cuts after . ! ? followed by a space") {
  CHECK(Sentences("The ferry is late again. Nobody told us! Who pays for this? We do.") ==
        "The ferry is late again. | Nobody told us! | Who pays for this? | We do.");
  CHECK(Sentences("Färjan är sen igen. Ingen sa något!") == "Färjan är sen igen. | Ingen sa något!");
}

TEST_CASE("QuoteSentences cuts at line breaks (a quote over two paragraphs)") {
  CHECK(Sentences("The harbour stays open all winter\nThe ferries will run every hour") ==
        "The harbour stays open all winter | The ferries will run every hour");
}

TEST_CASE("QuoteSentences does not cut inside numbers, or after a stop with no space") {
  CHECK(Sentences("Prices rose 3.5 percent in May.") == "Prices rose 3.5 percent in May.");
  CHECK(Sentences("Visit quoth.example.org today") == "Visit quoth.example.org today");
}

TEST_CASE("QuoteSentences does not cut after abbreviations") {
  CHECK(Sentences("The U.N. Security Council must act now. Time is short.") ==
        "The U.N. Security Council must act now. | Time is short.");
  CHECK(Sentences("Mr. Holt agreed with the plan. Then he left.") ==
        "Mr. Holt agreed with the plan. | Then he left.");
  CHECK(Sentences("Troops from the U.S. and Canada arrived.") == "Troops from the U.S. and Canada arrived.");
}

// Only the pack's abbreviations and initials hold a sentence together: a sentence may end in a
// short word ("us.") or a month ("May.").
TEST_CASE("QuoteSentences cuts after a sentence that ends in a short word") {
  CHECK(Sentences("Nobody can stop us. The bridge will open in May. Work starts now.") ==
        "Nobody can stop us. | The bridge will open in May. | Work starts now.");
  CHECK(Sentences("J. Holt said it. Then he left.") == "J. Holt said it. | Then he left.");
}

TEST_CASE("MakeBag drops stopwords and single letters") {
  Vocabulary vocab(testing::TestLinkData());
  const Bag bag = testing::BagOf(&vocab, "The U.S. army will defend the bridge", "en");
  CHECK_FALSE(bag.translated);
  CHECK(Terms(bag, vocab) == "army defend bridge");  // not "the", "u", "s", "will"
  CHECK(Flags(bag) == "111");
  CHECK(bag.same.size() == 3);
  CHECK(std::is_sorted(bag.same.begin(), bag.same.end()));

  const Bag sv = testing::BagOf(&vocab, "Vi kommer att försvara bron mot alla angrepp", "sv");
  CHECK(sv.translated);
  CHECK(Terms(sv, vocab) == "kommer försvara bron angrepp");
}

TEST_CASE("MakeBag keeps the function words of a short sentence as non-content terms") {
  Vocabulary vocab(testing::TestLinkData());
  const Bag no_way = testing::BagOf(&vocab, "No way", "en");
  CHECK(Terms(no_way, vocab) == "no way");
  CHECK(Flags(no_way) == "01");
  CHECK(no_way.same.size() == 1);  // only "way" is compared within a language

  const Bag sv = testing::BagOf(&vocab, "Inte en chans", "sv");
  CHECK(Terms(sv, vocab) == "inte en chans");
  CHECK(Flags(sv) == "001");
  CHECK(sv.same.size() == 1);

  // A sentence with enough content words drops them; a story bag (short_sentence 0) always does.
  CHECK(Flags(testing::BagOf(&vocab, "No way the council closes the harbour", "en")) == "1111");
  CHECK(Terms(testing::BagOf(&vocab, "No way", "en", 0), vocab) == "way");
  // All function words: nothing to compare within a language, but the terms stay.
  const Bag none = testing::BagOf(&vocab, "So it is", "en");
  CHECK(none.same.empty());
  CHECK(none.size() == 3);
}

TEST_CASE("MakeBag: one term per English stem, one per Swedish word") {
  Vocabulary vocab(testing::TestLinkData());
  const Bag en = testing::BagOf(&vocab, "They threaten, threatened and keep threatening farmers", "en");
  CHECK(Terms(en, vocab) == "threaten keep farmers");
  const Bag sv = testing::BagOf(&vocab, "Hotar hotar hota bönder", "sv");
  CHECK(Terms(sv, vocab) == "hotar hota bönder");
  CHECK(sv.same.size() == 2);  // hotar and hota share a stem
}
