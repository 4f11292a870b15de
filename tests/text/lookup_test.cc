// The hot-path lookup structures: ByteSet (16-byte block scan), WordSet (open addressing) and
// TextCache (two-way memo). Each must answer exactly as the plain structure it replaces.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/text/byte_set.h"
#include "engine/text/text_cache.h"
#include "engine/text/word_set.h"

using namespace quoth::detail;

namespace {

// A small deterministic generator (the tests must not depend on the platform's rand()).
struct Lcg {
  uint64_t state;
  uint32_t Below(uint32_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(state >> 33) % n;
  }
};

size_t NaiveFind(const std::string& text, const std::string& wanted, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i)
    if (wanted.find(text[i]) != std::string::npos) return i;
  return to;
}

}  // namespace

TEST_CASE("ByteSet finds the same first byte as a byte-by-byte scan, at every offset and block boundary") {
  const std::string wanted = ".!?\xE2";
  const ByteSet set(wanted);
  Lcg rng{7};
  const std::string alphabet = "abc de.!?\xE2\x80\x9C\"'";
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const size_t length = rng.Below(70);
    for (size_t i = 0; i < length; ++i)
      text += rng.Below(6) == 0 ? alphabet[rng.Below(static_cast<uint32_t>(alphabet.size()))] : 'x';
    for (size_t from = 0; from <= text.size(); ++from)
      for (size_t to : {text.size(), from + (text.size() - from) / 2})
        REQUIRE(set.Find(text, from, to) == NaiveFind(text, wanted, from, to));
  }
}

TEST_CASE("ByteSet with more distinct bytes than a block compare takes still finds every one") {
  std::string wanted;
  for (char c = 'a'; c <= 'l'; ++c) wanted += c;  // 12 values: the table path
  const ByteSet set(wanted);
  const std::string text = std::string(40, 'X') + "k" + std::string(5, 'Y') + "a";
  CHECK(set.Find(text, 0, text.size()) == 40);
  CHECK(set.Find(text, 41, text.size()) == 46);
  CHECK(set.Find(text, 47, text.size()) == text.size());
  CHECK(set.Has('c'));
  CHECK_FALSE(set.Has('X'));
}

TEST_CASE("WordSet holds exactly the inserted words, through growth, and iterates in insertion order") {
  WordSet words;
  std::set<std::string> plain;
  std::vector<std::string> order;
  Lcg rng{11};
  for (int i = 0; i < 5000; ++i) {
    std::string w;
    const size_t length = 1 + rng.Below(12);
    for (size_t k = 0; k < length; ++k) w += static_cast<char>('a' + rng.Below(6));
    const bool added = words.insert(w);
    CHECK(added == plain.insert(w).second);
    if (added) order.push_back(w);
  }
  CHECK(words.size() == plain.size());
  for (const auto& w : plain) CHECK(words.contains(w));
  for (const std::string miss : {"", "z", "abcdefabcdefg", "säger"}) CHECK(words.contains(miss) == plain.count(miss) > 0);
  CHECK(std::vector<std::string>(words.begin(), words.end()) == order);
  const WordSet empty;
  CHECK_FALSE(empty.contains("said"));
  CHECK(empty.count("said") == 0);
}

TEST_CASE("TextCache returns a value only for the same owner, tag and text, and survives eviction") {
  TextCache<int> cache;
  const MemoOwnerId owner_a, owner_b;
  CHECK(cache.Find(owner_a, 0, "he said") == nullptr);
  cache.Insert(owner_a, 0, "he said", 1);
  cache.Insert(owner_a, 1, "he said", 2);
  cache.Insert(owner_b, 0, "he said", 3);
  REQUIRE(cache.Find(owner_a, 0, "he said") != nullptr);
  CHECK(*cache.Find(owner_a, 0, "he said") == 1);
  CHECK(*cache.Find(owner_a, 1, "he said") == 2);
  CHECK(*cache.Find(owner_b, 0, "he said") == 3);
  CHECK(cache.Find(owner_a, 0, "he said.") == nullptr);
  // Far more texts than slots: whatever is still found must be the value stored for it.
  for (int i = 0; i < 100000; ++i) cache.Insert(owner_a, 2, "text " + std::to_string(i), i);
  size_t found = 0;
  for (int i = 0; i < 100000; ++i) {
    const int* v = cache.Find(owner_a, 2, "text " + std::to_string(i));
    if (!v) continue;
    ++found;
    CHECK(*v == i);
  }
  CHECK(found > 0);
  CHECK(found <= 8192);
  // The newest entry is always kept.
  REQUIRE(cache.Find(owner_a, 2, "text 99999") != nullptr);
}

TEST_CASE("MemoOwnerId: every owner, copy and reassignment gets an id no other owner has had") {
  // Memos outlive their owners (thread_local), so an id must never come back, even for an owner
  // built where a freed one was.
  std::vector<uint64_t> seen;
  const MemoOwnerId a, b;
  seen.push_back(a.value());
  seen.push_back(b.value());
  const MemoOwnerId copy = a;
  seen.push_back(copy.value());
  MemoOwnerId assigned;
  seen.push_back(assigned.value());
  assigned = b;
  seen.push_back(assigned.value());
  for (int i = 0; i < 3; ++i) {
    auto owner = std::make_unique<MemoOwnerId>();  // often where the last one was freed
    seen.push_back(owner->value());
  }
  std::sort(seen.begin(), seen.end());
  CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
}
