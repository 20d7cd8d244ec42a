// SPDX-License-Identifier: BSD-3-Clause
// The current allocator and the uncached one.
#include <cuda_runtime_api.h>

#include <mutex>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "memory/memory.hpp"

namespace gpuarray {
namespace {

class RawMemory final : public Memory {
 public:
  using Memory::Memory;
  ~RawMemory() override {
    DeviceGuard guard(device_);
    cudaFree(reinterpret_cast<void*>(ptr_));
  }
};

std::mutex g_allocator_mutex;
Allocator g_allocator;  // empty: the default

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
  std::lock_guard<std::mutex> lock(g_allocator_mutex);
  g_allocator = std::move(allocator);
}

MemoryPointer allocate(std::size_t nbytes) {
  Allocator a;
  {
    std::lock_guard<std::mutex> lock(g_allocator_mutex);
    a = g_allocator;
  }
  if (a) return a(nbytes);
  return allocate_uncached(nbytes);
}

}  // namespace gpuarray
