// SPDX-License-Identifier: BSD-3-Clause
#include "memory/device_pool.hpp"

#include <iterator>
#include <string>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/graph.hpp"
#include "memory/cuda_free.hpp"
#include "memory/sizes.hpp"

namespace gpuarray::pool {
namespace {

// Note [Stream-ordered arenas]: the per-thread default stream is one handle
// but a different stream in each thread; the address of a thread_local is a
// key no live stream handle can equal (handles point to driver objects).
std::uintptr_t arena_key(cudaStream_t stream) {
  if (stream == cudaStreamPerThread) {
    thread_local char this_thread;
    return reinterpret_cast<std::uintptr_t>(&this_thread);
  }
  return reinterpret_cast<std::uintptr_t>(stream);
}

// cudaMalloc, allowed while a stream is captured: a capture in the global or
// thread-local mode forbids this thread "potentially unsafe" calls, cudaMalloc
// among them, though it records nothing into the graph (Note [Stream capture]).
cudaError_t malloc_segment(void** ptr, std::size_t bytes) {
  if (!captures_in_progress()) return cudaMalloc(ptr, bytes);
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  cudaThreadExchangeStreamCaptureMode(&mode);
  const cudaError_t status = cudaMalloc(ptr, bytes);
  cudaThreadExchangeStreamCaptureMode(&mode);
  return status;
}

}  // namespace

DevicePool::DevicePool(int device) : device_(device) {}

DevicePool::~DevicePool() {
  for (auto& [key, arena] : arenas_) {
    for (FreeBlocks* free : {&arena->small, &arena->large}) {
      for (Block* block : *free) {
        if (block->prev == nullptr) cuda_free_noexcept(reinterpret_cast<void*>(block->ptr), device_);
        delete block;
      }
    }
  }
  for (Block* block : spare_blocks_) delete block;
}

// Note [Out-of-memory retry]
// When no cached block fits and a new segment cannot be had (cudaMalloc
// reports cudaErrorMemoryAllocation, or the limit would be passed), the pool
// gives back every wholly free segment of this device, in every arena, and
// tries once more. The segments are detached under the lock (so no other
// thread can take them), and the device is synchronized before cudaFree with
// the lock released: blocks freed in stream order may still be in use by
// queued kernels, and a host callback waiting on this pool must not deadlock.
// If the retry fails too, OutOfMemoryError names the request and what the
// pool holds; the pool is unchanged apart from the released cache.
Block* DevicePool::malloc(std::size_t nbytes, cudaStream_t stream) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (nbytes > kMaxRequestBytes) throw_out_of_memory(nbytes);
  const std::size_t size = round_up(nbytes, kBlockGranularityBytes);
  if (Block* block = take_block(size, stream)) return block;

  std::vector<Segment> cached = detach_all_free_segments();
  lock.unlock();
  release(cached);
  lock.lock();
  if (Block* block = take_block(size, stream)) return block;
  throw_out_of_memory(nbytes);
}

Block* DevicePool::take_block(std::size_t size, cudaStream_t stream) {
  Arena& arena = arena_for(stream);
  const bool small = size <= kSmallRequestMaxBytes;
  FreeBlocks& free = arena.free_blocks(small);
  Block* block = free.best_fit(size);
  if (block != nullptr) {
    free.erase(block);
  } else {
    block = new_segment(arena, size, small);
    if (block == nullptr) return nullptr;
  }
  split(block, size, free);
  block->allocated = true;
  used_bytes_ += block->size;
  return block;
}

// A new segment holding at least `size` bytes, or nullptr when the device or
// the limit has no room for it. The preferred segment size is tried first;
// when the limit or the device cannot fit that, a segment of exactly `size`
// still serves the request (a 1 MiB limit must allow a 1 KiB array).
Block* DevicePool::new_segment(Arena& arena, std::size_t size, bool small) {
  const std::size_t preferred = small ? kSmallSegmentBytes : round_up(size, kLargeSegmentGranularityBytes);
  const std::size_t candidates[] = {preferred, size};
  const int n_candidates = preferred == size ? 1 : 2;
  for (int i = 0; i < n_candidates; ++i) {
    const std::size_t bytes = candidates[i];
    if (!within_limit(bytes)) continue;
    void* ptr = nullptr;
    cudaError_t status = malloc_segment(&ptr, bytes);
    if (status == cudaErrorMemoryAllocation) {
      cudaGetLastError();  // not sticky, but it would be reported by the next check
      continue;
    }
    check_cuda(status, "cudaMalloc");
    total_bytes_ += bytes;
    ++arena.segments;
    Block* block = new_block();
    *block = Block{reinterpret_cast<std::uintptr_t>(ptr), bytes, &arena, nullptr, nullptr, small, false};
    return block;
  }
  return nullptr;
}

bool DevicePool::within_limit(std::size_t bytes) const {
  if (limit_bytes_ == 0) return true;
  return total_bytes_ <= limit_bytes_ && bytes <= limit_bytes_ - total_bytes_;
}

// Splits `block` (not in any free set) to `size` bytes when the rest is worth
// keeping: any remainder in a small segment, and in a large segment only a
// remainder that could serve another large request (smaller slivers would sit
// unused, since small requests never look at large segments).
void DevicePool::split(Block* block, std::size_t size, FreeBlocks& free) {
  const std::size_t remainder = block->size - size;
  const bool keep = block->small ? remainder >= kBlockGranularityBytes : remainder > kSmallRequestMaxBytes;
  if (!keep) return;
  Block* rest = new_block();
  *rest = Block{block->ptr + size, remainder, block->arena, block, block->next, block->small, false};
  if (block->next != nullptr) block->next->prev = rest;
  block->next = rest;
  block->size = size;
  free.insert(rest);
}

void DevicePool::free(Block* block) noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  used_bytes_ -= block->size;
  block->allocated = false;
  FreeBlocks& free = block->arena->free_blocks(block->small);
  // Neighbours leave the free set before their size changes: the set is
  // ordered by size.
  if (Block* next = block->next; next != nullptr && !next->allocated) {
    free.erase(next);
    block->size += next->size;
    block->next = next->next;
    if (block->next != nullptr) block->next->prev = block;
    recycle(next);
  }
  if (Block* prev = block->prev; prev != nullptr && !prev->allocated) {
    free.erase(prev);
    prev->size += block->size;
    prev->next = block->next;
    if (prev->next != nullptr) prev->next->prev = prev;
    recycle(block);
    block = prev;
  }
  free.insert(block);
}

Arena& DevicePool::arena_for(cudaStream_t stream) {
  std::uintptr_t key = arena_key(stream);
  if (!captures_.empty()) {
    auto capture = captures_.find(key);
    if (capture != captures_.end()) key = capture->second;
  }
  std::unique_ptr<Arena>& arena = arenas_[key];
  if (!arena) arena = std::make_unique<Arena>();
  return *arena;
}

std::vector<DevicePool::Segment> DevicePool::detach_free_segments(Arena& arena) {
  std::vector<Block*> whole;
  for (FreeBlocks* free : {&arena.small, &arena.large})
    free->remove_if([](const Block* b) { return b->is_whole_segment(); }, whole);
  std::vector<Segment> segments;
  segments.reserve(whole.size());
  for (Block* block : whole) {
    segments.push_back({block->ptr, block->size});
    total_bytes_ -= block->size;
    --arena.segments;
    recycle(block);
  }
  return segments;
}

std::vector<DevicePool::Segment> DevicePool::detach_all_free_segments() {
  std::vector<Segment> all;
  for (auto it = arenas_.begin(); it != arenas_.end();) {
    if (it->second->reserved) {  // Note [Graph-private arenas]
      ++it;
      continue;
    }
    std::vector<Segment> some = detach_free_segments(*it->second);
    all.insert(all.end(), some.begin(), some.end());
    // An arena without segments has no block in use either; a later request
    // on its stream makes a new one.
    it = it->second->segments == 0 ? arenas_.erase(it) : std::next(it);
  }
  return all;
}

void DevicePool::release(const std::vector<Segment>& segments) const {
  if (segments.empty()) return;  // nothing cached, nothing to wait for
  DeviceGuard guard(device_);
  // Freed blocks may still be in use by queued work: see Note [Out-of-memory retry].
  const cudaError_t synced = cudaDeviceSynchronize();
  cudaError_t freed = cudaSuccess;
  for (const Segment& s : segments) {
    cudaError_t status = cudaFree(reinterpret_cast<void*>(s.ptr));
    if (freed == cudaSuccess) freed = status;
  }
  check_cuda(synced, "cudaDeviceSynchronize");
  check_cuda(freed, "cudaFree");
}

void DevicePool::release_cached_segments() {
  std::vector<Segment> segments;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    segments = detach_all_free_segments();
  }
  release(segments);
}

void DevicePool::release_cached_segments(cudaStream_t stream) {
  std::vector<Segment> segments;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = arenas_.find(arena_key(stream));
    if (it == arenas_.end() || it->second->reserved) return;
    segments = detach_free_segments(*it->second);
    if (it->second->segments == 0) arenas_.erase(it);
  }
  release(segments);
}

std::uintptr_t DevicePool::begin_private_arena(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::uintptr_t key = next_private_key_;
  next_private_key_ += 2;
  std::unique_ptr<Arena>& arena = arenas_[key];
  arena = std::make_unique<Arena>();
  arena->reserved = true;
  captures_[arena_key(stream)] = key;
  return key;
}

void DevicePool::end_private_arena(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  captures_.erase(arena_key(stream));
}

void DevicePool::release_private_arena(std::uintptr_t key) {
  std::vector<Segment> segments;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = arenas_.find(key);
    if (it == arenas_.end()) return;
    it->second->reserved = false;
    segments = detach_free_segments(*it->second);
    if (it->second->segments == 0) arenas_.erase(it);
  }
  release(segments);
}

std::size_t DevicePool::used_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return used_bytes_;
}

std::size_t DevicePool::total_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_bytes_;
}

std::size_t DevicePool::free_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_bytes_ - used_bytes_;
}

std::size_t DevicePool::n_free_blocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t n = 0;
  for (const auto& [key, arena] : arenas_) n += arena->small.size() + arena->large.size();
  return n;
}

void DevicePool::set_limit(std::size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  limit_bytes_ = bytes;
}

std::size_t DevicePool::limit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_bytes_;
}

Block* DevicePool::new_block() {
  if (spare_blocks_.empty()) return new Block;
  Block* block = spare_blocks_.back();
  spare_blocks_.pop_back();
  return block;
}

void DevicePool::recycle(Block* block) { spare_blocks_.push_back(block); }

void DevicePool::throw_out_of_memory(std::size_t nbytes) const {
  std::string msg = "Out of memory allocating " + with_commas(nbytes) + " bytes on device " +
                    std::to_string(device_) + " (allocated so far: " + with_commas(used_bytes_) +
                    " bytes, cached: " + with_commas(total_bytes_ - used_bytes_) + " bytes";
  if (limit_bytes_ != 0) msg += ", limit: " + with_commas(limit_bytes_) + " bytes";
  throw OutOfMemoryError(msg + ")");
}

}  // namespace gpuarray::pool
