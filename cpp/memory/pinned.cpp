// SPDX-License-Identifier: BSD-3-Clause
#include "memory/pinned.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "cuda/error.hpp"
#include "memory/cuda_free.hpp"
#include "memory/sizes.hpp"

namespace gpuarray {
namespace {

// Pinned blocks are cached by size rounded to this step, so requests of
// nearly equal sizes share cached blocks.
constexpr std::size_t kPinnedGranularityBytes = 512;
constexpr std::size_t kMaxPinnedRequestBytes = SIZE_MAX - kPinnedGranularityBytes;

class RawPinnedMemory final : public PinnedMemory {
 public:
  using PinnedMemory::PinnedMemory;
  ~RawPinnedMemory() override {
    if (ptr_ != 0) cuda_free_host_noexcept(reinterpret_cast<void*>(ptr_));
  }
};

// nullptr when the host is out of page-locked memory; other failures throw.
void* host_alloc(std::size_t bytes) {
  void* ptr = nullptr;
  cudaError_t status = cudaHostAlloc(&ptr, bytes, cudaHostAllocPortable);
  if (status == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    return nullptr;
  }
  check_cuda(status, "cudaHostAlloc");
  return ptr;
}

}  // namespace

// Free pinned blocks by rounded size. Every block lent out holds the cache
// and gives its block back here when its last user lets go.
class PinnedMemoryPool::Cache {
 public:
  Cache() = default;
  ~Cache() {
    for (auto& [size, blocks] : free_)
      for (void* ptr : blocks) cuda_free_host_noexcept(ptr);
  }
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;

  void* take(std::size_t size) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = free_.find(size);
    if (it == free_.end() || it->second.empty()) return nullptr;
    void* ptr = it->second.back();
    it->second.pop_back();
    return ptr;
  }

  void give_back(std::size_t size, void* ptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    free_[size].push_back(ptr);
  }

  void release_all() {
    std::unordered_map<std::size_t, std::vector<void*>> released;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      released.swap(free_);
    }
    for (auto& [size, blocks] : released)
      for (void* ptr : blocks) cuda_free_host_noexcept(ptr);
  }

  std::size_t n_free_blocks() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t n = 0;
    for (const auto& [size, blocks] : free_) n += blocks.size();
    return n;
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::size_t, std::vector<void*>> free_;
};

namespace {

class PooledPinnedMemory final : public PinnedMemory {
 public:
  PooledPinnedMemory(void* ptr, std::size_t size, std::shared_ptr<PinnedMemoryPool::Cache> cache)
      : PinnedMemory(reinterpret_cast<std::uintptr_t>(ptr), size), cache_(std::move(cache)) {}
  ~PooledPinnedMemory() override { cache_->give_back(size_, reinterpret_cast<void*>(ptr_)); }

 private:
  std::shared_ptr<PinnedMemoryPool::Cache> cache_;
};

}  // namespace

PinnedMemoryPointer offset_pointer(const PinnedMemoryPointer& p, std::ptrdiff_t delta) {
  const std::size_t size = p.mem ? p.mem->size() : 0;
  const std::ptrdiff_t offset = p.offset + delta;
  if (offset < 0 || static_cast<std::size_t>(offset) > size)
    throw std::invalid_argument("PinnedMemoryPointer: offset " + std::to_string(offset) +
                                " is outside its allocation of " + std::to_string(size) + " bytes");
  return {p.mem, offset};
}

PinnedMemoryPointer allocate_pinned_uncached(std::size_t nbytes) {
  if (nbytes == 0) return {std::make_shared<RawPinnedMemory>(0, 0), 0};
  void* ptr = host_alloc(nbytes);
  if (ptr == nullptr)
    throw OutOfMemoryError("Out of memory allocating " + with_commas(nbytes) +
                           " bytes of pinned host memory (uncached allocator)");
  return {std::make_shared<RawPinnedMemory>(reinterpret_cast<std::uintptr_t>(ptr), nbytes), 0};
}

PinnedMemoryPool::PinnedMemoryPool() : cache_(std::make_shared<Cache>()) {}
PinnedMemoryPool::~PinnedMemoryPool() = default;

PinnedMemoryPointer PinnedMemoryPool::malloc(std::size_t nbytes) {
  if (nbytes == 0) return {std::make_shared<RawPinnedMemory>(0, 0), 0};
  const auto out_of_memory = [nbytes] {
    return OutOfMemoryError("Out of memory allocating " + with_commas(nbytes) +
                            " bytes of pinned host memory (the pool released its cached blocks and retried)");
  };
  if (nbytes > kMaxPinnedRequestBytes) throw out_of_memory();
  const std::size_t size = round_up(nbytes, kPinnedGranularityBytes);
  void* ptr = cache_->take(size);
  if (ptr == nullptr) ptr = host_alloc(size);
  if (ptr == nullptr) {
    // Cached blocks of other sizes are what stands between this request and
    // success: give them back and try once more.
    cache_->release_all();
    ptr = host_alloc(size);
  }
  if (ptr == nullptr) throw out_of_memory();
  try {
    return {std::make_shared<PooledPinnedMemory>(ptr, size, cache_), 0};
  } catch (...) {
    cache_->give_back(size, ptr);
    throw;
  }
}

void PinnedMemoryPool::free_all_blocks() { cache_->release_all(); }

std::size_t PinnedMemoryPool::n_free_blocks() const { return cache_->n_free_blocks(); }

const std::shared_ptr<PinnedMemoryPool>& default_pinned_memory_pool() {
  static const auto* pool = new std::shared_ptr<PinnedMemoryPool>(std::make_shared<PinnedMemoryPool>());
  return *pool;
}

}  // namespace gpuarray
