// A bounded, per-thread memo keyed by (owner id, tag, text).
//
// quoth's hot paths meet the same short texts again and again ("he said.", "Anna Berg"), so
// results that depend only on an immutable owner (a pattern, a language's rules) and a text are
// remembered. The owner is named by its MemoOwnerId, never by its address: the memos are
// thread_local and outlive any rule set, and a rule set loaded after another was freed often
// lands at the same address, where an address key would hand it the old set's results. The memo is a fixed array of slots, two per hash bucket: a lookup hashes the text
// without copying it and compares at most two stored texts, so a hash collision can never return
// another text's value; an insert into a full bucket replaces its older entry. Nothing is
// allocated after warm-up (a slot's string keeps its capacity). Use one `thread_local` instance
// per call site: no locks, and the results are identical to recomputing.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/text/word_set.h"

namespace quoth::detail {

// Names an owner of memoised results for the life of the process: each object gets a fresh id
// when it is constructed, copied or moved into (a move makes a new owner as far as memos are
// concerned), so no two owners, live or freed, ever share one. Cheap: one relaxed atomic
// increment per construction; rules are built once.
class MemoOwnerId {
 public:
  MemoOwnerId() : value_(Next()) {}
  MemoOwnerId(const MemoOwnerId&) : value_(Next()) {}
  MemoOwnerId& operator=(const MemoOwnerId&) {
    value_ = Next();
    return *this;
  }
  uint64_t value() const { return value_; }

 private:
  static uint64_t Next() {
    static std::atomic<uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
  }
  uint64_t value_;
};

template <typename Value>
class TextCache {
 public:
  const Value* Find(const MemoOwnerId& owner_id, size_t tag, std::string_view text) const {
    if (slots_.empty()) return nullptr;
    const uint64_t owner = owner_id.value();
    const uint64_t key = Key(owner, tag, text);
    const size_t bucket = Bucket(key);
    for (size_t i = bucket; i < bucket + kWays; ++i) {
      const Entry& e = slots_[i];
      if (e.used && e.key == key && e.owner == owner && e.tag == tag && e.text == text) return &e.value;
    }
    return nullptr;
  }

  void Insert(const MemoOwnerId& owner_id, size_t tag, std::string_view text, Value value) {
    if (slots_.empty()) slots_.resize(kSlots);
    const uint64_t owner = owner_id.value();
    const uint64_t key = Key(owner, tag, text);
    const size_t bucket = Bucket(key);
    // The first free way, else the way not written last (ways alternate: the newer survives).
    size_t victim = bucket + (slots_[bucket].fresh ? 1 : 0);
    for (size_t i = bucket; i < bucket + kWays; ++i)
      if (!slots_[i].used) { victim = i; break; }
    for (size_t i = bucket; i < bucket + kWays; ++i) slots_[i].fresh = false;
    Entry& e = slots_[victim];
    e.used = true;
    e.fresh = true;
    e.key = key;
    e.owner = owner;
    e.tag = tag;
    e.text.assign(text.data(), text.size());
    e.value = std::move(value);
  }

 private:
  // Small on purpose: a memo that outgrows the CPU caches costs more in misses than it saves
  // (measured: 50,000 entries ran a 32 MB batch ~30% slower than 8,192).
  static constexpr size_t kWays = 2;
  static constexpr size_t kSlots = 8192;  // a power of two
  struct Entry {
    bool used = false;
    bool fresh = false;  // the way written last in its bucket
    uint64_t key = 0;
    uint64_t owner = 0;
    size_t tag = 0;
    std::string text;
    Value value{};
  };
  static uint64_t Key(uint64_t owner, size_t tag, std::string_view text) {
    return HashText(text) ^ (owner * 0x9E3779B97F4A7C15ULL) ^ (static_cast<uint64_t>(tag) << 56);
  }
  static size_t Bucket(uint64_t key) { return static_cast<size_t>((key >> 17) & (kSlots / kWays - 1)) * kWays; }
  std::vector<Entry> slots_;  // allocated on first insert
};

}  // namespace quoth::detail
