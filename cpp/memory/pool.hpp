// SPDX-License-Identifier: BSD-3-Clause
// The caching device memory pool, with CuPy's MemoryPool API. One pool serves
// every device; each device has its own part (memory/device_pool.hpp), and
// every call acts on the calling thread's current device and stream.
#pragma once
#include <cuda_runtime_api.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "memory/memory.hpp"

namespace gpuarray {

namespace pool {
class DevicePool;
}

class MemoryPool {
 public:
  // Touches no device: the first call that needs one finds them.
  MemoryPool();
  ~MemoryPool();
  MemoryPool(const MemoryPool&) = delete;
  MemoryPool& operator=(const MemoryPool&) = delete;

  // `nbytes` on the current device for work on its current stream, from the
  // cache when a block fits (see Note [Stream-ordered arenas]). Throws
  // OutOfMemoryError when even a cache release cannot make room.
  MemoryPointer malloc(std::size_t nbytes);

  // Gives the wholly free cached segments back to cudaFree: of every stream,
  // or of `stream` only.
  void free_all_blocks();
  void free_all_blocks(cudaStream_t stream);

  // While `stream` (of the current device) is captured into a CUDA graph,
  // its requests come from an arena of their own (Note [Graph-private
  // arenas] in memory/device_pool.hpp). begin returns what keeps that arena
  // reserved: the graph holds it, and dropping it releases the arena.
  std::shared_ptr<void> begin_private_arena(cudaStream_t stream);
  void end_private_arena(cudaStream_t stream);

  std::size_t n_free_blocks() const;
  std::size_t used_bytes() const;   // in arrays and other live allocations
  std::size_t free_bytes() const;   // cached for reuse
  std::size_t total_bytes() const;  // held from cudaMalloc: used + free

  // Caps total_bytes() of the current device; 0 removes the cap.
  void set_limit(std::size_t bytes);
  // The cap as a fraction in [0, 1] of the current device's memory.
  void set_limit_fraction(double fraction);
  std::size_t get_limit() const;

 private:
  const std::shared_ptr<pool::DevicePool>& device_pool(int device) const;
  const std::shared_ptr<pool::DevicePool>& current_device_pool() const;

  // One entry per device, made on first use; never resized afterwards, so
  // readers need no lock once `ready_` is set.
  mutable std::mutex init_mutex_;
  mutable std::atomic<bool> ready_{false};
  mutable std::vector<std::shared_ptr<pool::DevicePool>> devices_;
};

// The pool allocate() uses unless set_allocator() chose another. It lives
// until the process exits (never destroyed, so no cudaFree runs after the
// runtime has shut down).
const std::shared_ptr<MemoryPool>& default_memory_pool();

// Routes allocate() to `pool` (the default pool's own fast path when it is
// the default pool).
void set_allocator(std::shared_ptr<MemoryPool> pool);

// True when allocate() goes to the default pool (no set_allocator in effect).
bool allocates_from_default_pool();

// Host nanoseconds per malloc+free pair of `nbytes` on the default pool, on
// the current device and stream, measured over `iterations` pairs after a
// warm-up. For the benchmark harness.
double benchmark_pool_malloc_free_ns(std::size_t nbytes, std::size_t iterations);

}  // namespace gpuarray
