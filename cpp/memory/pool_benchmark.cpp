// SPDX-License-Identifier: BSD-3-Clause
// Host cost of the pool's hot path, measured in C++ so that no binding
// overhead is counted.
#include <chrono>
#include <stdexcept>

#include "memory/pool.hpp"

namespace gpuarray {

double benchmark_pool_malloc_free_ns(std::size_t nbytes, std::size_t iterations) {
  if (iterations == 0) throw std::invalid_argument("benchmark_pool_malloc_free_ns: iterations must be positive");
  MemoryPool& pool = *default_memory_pool();
  // The first pair creates the segment and the arena; a few more settle the
  // free-set nodes, so the timed loop sees the steady state.
  constexpr std::size_t kWarmupPairs = 100;
  for (std::size_t i = 0; i < kWarmupPairs; ++i) pool.malloc(nbytes);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < iterations; ++i) pool.malloc(nbytes);  // freed at the end of the statement
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(stop - start).count() / static_cast<double>(iterations);
}

}  // namespace gpuarray
