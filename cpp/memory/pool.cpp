// SPDX-License-Identifier: BSD-3-Clause
// MemoryPool: finds the current device's part of the pool and wraps its
// blocks as Memory.
#include "memory/pool.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/stream.hpp"
#include "memory/device_pool.hpp"

namespace gpuarray {
namespace {

// A block lent by a pool. It holds the device pool, so the pool outlives
// every array made from it, and returns the block when the last view goes.
class PooledMemory final : public Memory {
 public:
  PooledMemory(pool::Block* block, std::shared_ptr<pool::DevicePool> pool)
      : Memory(block->ptr, block->size, pool->device()), block_(block), pool_(std::move(pool)) {}
  ~PooledMemory() override { pool_->free(block_); }

 private:
  pool::Block* block_;
  std::shared_ptr<pool::DevicePool> pool_;
};

}  // namespace

MemoryPool::MemoryPool() = default;
MemoryPool::~MemoryPool() = default;

const std::shared_ptr<pool::DevicePool>& MemoryPool::device_pool(int device) const {
  if (!ready_.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(init_mutex_);
    if (!ready_.load(std::memory_order_relaxed)) {
      const int n = device_count();
      devices_.reserve(n);
      for (int d = 0; d < n; ++d) devices_.push_back(std::make_shared<pool::DevicePool>(d));
      ready_.store(true, std::memory_order_release);
    }
  }
  if (device < 0 || device >= static_cast<int>(devices_.size()))
    throw CudaRuntimeError(cudaErrorInvalidDevice, "MemoryPool: current device");
  return devices_[device];
}

const std::shared_ptr<pool::DevicePool>& MemoryPool::current_device_pool() const {
  return device_pool(current_device());
}

MemoryPointer MemoryPool::malloc(std::size_t nbytes) {
  const int device = current_device();
  if (nbytes == 0) return {std::make_shared<Memory>(0, 0, device), 0};
  const std::shared_ptr<pool::DevicePool>& pool = device_pool(device);
  pool::Block* block = pool->malloc(nbytes, current_stream(device));
  try {
    return {std::make_shared<PooledMemory>(block, pool), 0};
  } catch (...) {
    pool->free(block);
    throw;
  }
}

std::shared_ptr<void> MemoryPool::begin_private_arena(cudaStream_t stream) {
  std::shared_ptr<pool::DevicePool> pool = current_device_pool();
  const std::uintptr_t key = pool->begin_private_arena(stream);
  // The holder owns the arena's key (never null, so it tests true); the
  // deleter runs when the last holder (a graph) goes and never throws: a
  // failure to free is left to the next cache release.
  return std::shared_ptr<void>(new std::uintptr_t(key), [pool](void* owned) {
    auto* held = static_cast<std::uintptr_t*>(owned);
    try {
      pool->release_private_arena(*held);
    } catch (...) {
    }
    delete held;
  });
}

void MemoryPool::end_private_arena(cudaStream_t stream) { current_device_pool()->end_private_arena(stream); }

void MemoryPool::free_all_blocks() { current_device_pool()->release_cached_segments(); }

void MemoryPool::free_all_blocks(cudaStream_t stream) { current_device_pool()->release_cached_segments(stream); }

std::size_t MemoryPool::n_free_blocks() const { return current_device_pool()->n_free_blocks(); }
std::size_t MemoryPool::used_bytes() const { return current_device_pool()->used_bytes(); }
std::size_t MemoryPool::free_bytes() const { return current_device_pool()->free_bytes(); }
std::size_t MemoryPool::total_bytes() const { return current_device_pool()->total_bytes(); }

void MemoryPool::set_limit(std::size_t bytes) { current_device_pool()->set_limit(bytes); }

void MemoryPool::set_limit_fraction(double fraction) {
  // Written so that NaN fails too.
  if (!(fraction >= 0.0 && fraction <= 1.0)) {
    char msg[96];
    std::snprintf(msg, sizeof msg, "memory limit fraction out of range: %g (expected a value in [0, 1])", fraction);
    throw std::invalid_argument(msg);
  }
  const int device = current_device();
  const std::size_t total = device_mem_info(device).second;
  device_pool(device)->set_limit(static_cast<std::size_t>(fraction * static_cast<double>(total)));
}

std::size_t MemoryPool::get_limit() const { return current_device_pool()->limit(); }

const std::shared_ptr<MemoryPool>& default_memory_pool() {
  static const auto* pool = new std::shared_ptr<MemoryPool>(std::make_shared<MemoryPool>());
  return *pool;
}

}  // namespace gpuarray
