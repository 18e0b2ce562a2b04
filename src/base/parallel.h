// parallel_for: the one way sitegen spreads work over the machine's cores.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace sitegen {

// The most threads sitegen works on: one per core, at most 8.
inline size_t max_threads() {
  return std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
}

// Calls fn(i) for every i in [0, n), on up to max_threads() threads (the caller's included), taking
// indices in order from a shared counter. Small loops (< min_per_thread items per
// thread) stay on the calling thread, where starting a thread would cost more.
template <typename Fn>
void parallel_for(size_t n, size_t min_per_thread, Fn&& fn) {
  size_t threads = std::min(max_threads(), n / std::max<size_t>(min_per_thread, 1));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) fn(i);
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

}  // namespace sitegen
