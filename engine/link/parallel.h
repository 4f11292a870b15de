// Runs independent work on a few threads. Work items are dealt out by index (item i to thread
// i % threads), so a caller that writes each result to its own slot gets the same result for
// any number of threads.
#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace quoth::detail {

// f(i) for every i in [begin, end), on `threads` threads (0: one per core), never more threads
// than items.
template <typename F>
void ForEachParallel(size_t begin, size_t end, size_t threads, F f) {
  if (end <= begin) return;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(threads, end - begin);
  if (threads == 1) {
    for (size_t i = begin; i < end; ++i) f(i);
    return;
  }
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (size_t i = begin + t; i < end; i += threads) f(i);
    });
  for (auto& th : pool) th.join();
}

}  // namespace quoth::detail
