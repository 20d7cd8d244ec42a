// SPDX-License-Identifier: BSD-3-Clause
// The current allocator (the default pool unless replaced) and the uncached one.
#include <cuda_runtime_api.h>

#include <atomic>
#include <mutex>
#include <string>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "memory/cuda_free.hpp"
#include "memory/memory.hpp"
#include "memory/pool.hpp"

namespace gpuarray {
namespace {

class RawMemory final : public Memory {
 public:
  using Memory::Memory;
  ~RawMemory() override { cuda_free_noexcept(reinterpret_cast<void*>(ptr_), device_); }
};

// Null means the default pool. allocate() checks `g_has_custom` first so the
// default path takes no lock; the allocator itself is shared, so a copy taken
// under the lock stays valid while set_allocator() replaces it.
std::mutex g_allocator_mutex;
std::shared_ptr<const Allocator> g_allocator;
std::atomic<bool> g_has_custom{false};

void install(std::shared_ptr<const Allocator> allocator) {
  {
    std::lock_guard<std::mutex> lock(g_allocator_mutex);
    g_allocator.swap(allocator);
    g_has_custom.store(g_allocator != nullptr, std::memory_order_release);
  }
  // The previous allocator is destroyed here, outside the lock: it may hold a
  // Python callable whose release needs the GIL.
}

}  // namespace

MemoryPointer allocate_uncached(std::size_t nbytes) {
  int device = current_device();
  if (nbytes == 0) return {std::make_shared<RawMemory>(0, 0, device), 0};
  void* p = nullptr;
  cudaError_t st = cudaMalloc(&p, nbytes);
  if (st == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    throw OutOfMemoryError("Out of memory allocating " + std::to_string(nbytes) + " bytes (uncached allocator)");
  }
  check_cuda(st, "cudaMalloc");
  return {std::make_shared<RawMemory>(reinterpret_cast<std::uintptr_t>(p), nbytes, device), 0};
}

void set_allocator(Allocator allocator) {
  install(allocator ? std::make_shared<const Allocator>(std::move(allocator)) : nullptr);
}

void set_allocator(std::shared_ptr<MemoryPool> pool) {
  if (pool == default_memory_pool()) {
    install(nullptr);
    return;
  }
  set_allocator([pool = std::move(pool)](std::size_t nbytes) { return pool->malloc(nbytes); });
}

bool allocates_from_default_pool() { return !g_has_custom.load(std::memory_order_acquire); }

MemoryPointer allocate(std::size_t nbytes) {
  if (!g_has_custom.load(std::memory_order_acquire)) return default_memory_pool()->malloc(nbytes);
  std::shared_ptr<const Allocator> allocator;
  {
    std::lock_guard<std::mutex> lock(g_allocator_mutex);
    allocator = g_allocator;
  }
  if (!allocator) return default_memory_pool()->malloc(nbytes);
  return (*allocator)(nbytes);
}

}  // namespace gpuarray
