// Refrains and slogans: texts that name no one utterance link to nothing.
#include "engine/link/refrains.h"
#include "link/link_fixture.h"

using namespace quoth;
using namespace quoth::detail;

namespace {

LinkItem Said(uint32_t doc, uint32_t text, uint32_t words, uint32_t speaker = kNoKey, bool organisation = false) {
  LinkItem item;
  item.doc = doc;
  item.exact = text;
  item.words = words;
  item.speaker = speaker;
  item.named = speaker != kNoKey;
  item.organisation = organisation;
  return item;
}

}  // namespace

TEST_CASE("FindRefrains: a text one article repeats more than max_repeats times is a refrain") {
  std::vector<LinkItem> items;
  for (int i = 0; i < 5; ++i) items.push_back(Said(0, 7, 3));  // "Build the bridge!" five times
  for (int i = 0; i < 4; ++i) items.push_back(Said(1, 8, 3));  // another text four times
  items.push_back(Said(1, 7, 3));                              // the chant once in another article
  items.push_back(Said(1, kNoKey, 3));                         // a quote without a text id
  const std::vector<uint8_t> refrain = FindRefrains(items, RefrainOptions{});
  for (int i = 0; i < 5; ++i) CHECK(refrain[i] == 1);
  for (int i = 5; i < 9; ++i) CHECK(refrain[i] == 0);
  CHECK(refrain[9] == 0);   // counted per article
  CHECK(refrain[10] == 0);
  RefrainOptions lenient;
  lenient.max_repeats = 5;
  CHECK(FindRefrains(items, lenient)[0] == 0);
}

TEST_CASE("FindRefrains: a short text in several articles from different people is a slogan") {
  RefrainOptions options;  // at most 6 words, in at least 3 documents
  const std::vector<LinkItem> slogan = {Said(0, 3, 4, 10), Said(1, 3, 4, 11), Said(2, 3, 4, 12)};
  CHECK(FindRefrains(slogan, options) == std::vector<uint8_t>{1, 1, 1});

  SUBCASE("one speaker everywhere: a remark many outlets report, not a slogan") {
    const std::vector<LinkItem> remark = {Said(0, 3, 4, 10), Said(1, 3, 4, 10), Said(2, 3, 4, kNoKey)};
    CHECK(FindRefrains(remark, options) == std::vector<uint8_t>{0, 0, 0});
  }
  SUBCASE("organisations are not people that differ") {
    const std::vector<LinkItem> org = {Said(0, 3, 4, 10), Said(1, 3, 4, 11, true), Said(2, 3, 4, 10)};
    CHECK(FindRefrains(org, options) == std::vector<uint8_t>{0, 0, 0});
  }
  SUBCASE("in two articles only") {
    const std::vector<LinkItem> two = {Said(0, 3, 4, 10), Said(1, 3, 4, 11), Said(1, 3, 4, 12)};
    CHECK(FindRefrains(two, options) == std::vector<uint8_t>{0, 0, 0});
  }
  SUBCASE("too long to be a slogan") {
    const std::vector<LinkItem> long_text = {Said(0, 3, 7, 10), Said(1, 3, 7, 11), Said(2, 3, 7, 12)};
    CHECK(FindRefrains(long_text, options) == std::vector<uint8_t>{0, 0, 0});
  }
}
