// SPDX-License-Identifier: BSD-3-Clause
// Pinned (page-locked) host memory, as CuPy's PinnedMemory, PinnedMemoryPointer
// and PinnedMemoryPool: the host side of asynchronous copies.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gpuarray {

// One cudaHostAlloc'd allocation (portable: usable from every device).
class PinnedMemory {
 public:
  PinnedMemory(std::uintptr_t ptr, std::size_t size) : ptr_(ptr), size_(size) {}
  virtual ~PinnedMemory() = default;
  PinnedMemory(const PinnedMemory&) = delete;
  PinnedMemory& operator=(const PinnedMemory&) = delete;

  std::uintptr_t ptr() const { return ptr_; }
  std::size_t size() const { return size_; }

 protected:
  std::uintptr_t ptr_;
  std::size_t size_;
};

struct PinnedMemoryPointer {
  std::shared_ptr<PinnedMemory> mem;
  std::ptrdiff_t offset = 0;

  std::uintptr_t ptr() const { return mem ? mem->ptr() + offset : 0; }
  // Bytes from ptr() to the end of the allocation.
  std::size_t size() const {
    if (!mem || offset < 0 || static_cast<std::size_t>(offset) > mem->size()) return 0;
    return mem->size() - static_cast<std::size_t>(offset);
  }
};

// `p` moved by `delta` bytes, staying within the allocation (one past its end
// included); std::invalid_argument otherwise.
PinnedMemoryPointer offset_pointer(const PinnedMemoryPointer& p, std::ptrdiff_t delta);

// cudaHostAlloc/cudaFreeHost with no caching. Zero bytes touches no driver.
PinnedMemoryPointer allocate_pinned_uncached(std::size_t nbytes);

// Caches freed pinned allocations by rounded size and hands them out again
// for requests that round to the same size. Host memory has no stream order:
// memory given to an asynchronous copy must not be freed before the copy has
// finished (synchronize the stream first), as with CuPy.
class PinnedMemoryPool {
 public:
  PinnedMemoryPool();
  ~PinnedMemoryPool();
  PinnedMemoryPool(const PinnedMemoryPool&) = delete;
  PinnedMemoryPool& operator=(const PinnedMemoryPool&) = delete;

  // Throws OutOfMemoryError when cudaHostAlloc fails even after the cached
  // blocks were released.
  PinnedMemoryPointer malloc(std::size_t nbytes);
  void free_all_blocks();
  std::size_t n_free_blocks() const;

  class Cache;

 private:
  // Shared with every block lent out, so it outlives the pool if they do.
  std::shared_ptr<Cache> cache_;
};

// The pinned pool of alloc_pinned_memory(); never destroyed (see default_memory_pool()).
const std::shared_ptr<PinnedMemoryPool>& default_pinned_memory_pool();

}  // namespace gpuarray
