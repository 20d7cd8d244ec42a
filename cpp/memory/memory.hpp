// SPDX-License-Identifier: BSD-3-Clause
// Device memory as the rest of the engine sees it: a Memory is one allocation
// (pooled, raw, or borrowed from another library); a MemoryPointer is a
// Memory plus a byte offset, as CuPy's MemoryPointer. Arrays hold a
// MemoryPointer, so a view keeps its allocation alive.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

namespace gpuarray {

class Memory {
 public:
  Memory(std::uintptr_t ptr, std::size_t size, int device) : ptr_(ptr), size_(size), device_(device) {}
  virtual ~Memory() = default;
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  std::uintptr_t ptr() const { return ptr_; }
  std::size_t size() const { return size_; }
  int device() const { return device_; }

 protected:
  std::uintptr_t ptr_;
  std::size_t size_;
  int device_;
};

// Memory owned by someone else (a CuPy/PyTorch buffer, a DLPack tensor):
// `owner` is released when the last view of it goes away.
class BorrowedMemory final : public Memory {
 public:
  BorrowedMemory(std::uintptr_t ptr, std::size_t size, int device, std::shared_ptr<void> owner)
      : Memory(ptr, size, device), owner_(std::move(owner)) {}

 private:
  std::shared_ptr<void> owner_;
};

struct MemoryPointer {
  std::shared_ptr<Memory> mem;
  std::ptrdiff_t offset = 0;

  std::uintptr_t ptr() const { return mem ? mem->ptr() + offset : 0; }
  int device() const { return mem ? mem->device() : 0; }
  // Bytes from ptr() to the end of the allocation.
  std::size_t size() const {
    if (!mem || offset < 0 || static_cast<std::size_t>(offset) > mem->size()) return 0;
    return mem->size() - static_cast<std::size_t>(offset);
  }
};

// Allocates `nbytes` on the current device for use on the current stream,
// through the current allocator: the default pool unless set_allocator()
// replaced it. Zero bytes gives a valid, empty MemoryPointer without touching
// the device.
MemoryPointer allocate(std::size_t nbytes);

using Allocator = std::function<MemoryPointer(std::size_t)>;
// An empty function restores the default pool (see memory/pool.hpp).
void set_allocator(Allocator allocator);
// Plain cudaMalloc/cudaFree with no caching (CuPy's set_allocator(None)).
MemoryPointer allocate_uncached(std::size_t nbytes);

}  // namespace gpuarray
