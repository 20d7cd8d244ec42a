// SPDX-License-Identifier: BSD-3-Clause
// One device's part of a MemoryPool: segments from cudaMalloc, carved into
// blocks and cached per stream. Internal; the public face is memory/pool.hpp.
#pragma once
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "memory/block.hpp"

namespace gpuarray::pool {

// Every block is a multiple of this many bytes. cudaMalloc returns pointers
// aligned to at least 256 bytes, so blocks carved at this step keep any
// element type and 16-byte vector access aligned.
inline constexpr std::size_t kBlockGranularityBytes = 512;
// Requests up to this size (after rounding) are "small": they share segments
// of kSmallSegmentBytes, so many tiny arrays cost one cudaMalloc.
inline constexpr std::size_t kSmallRequestMaxBytes = std::size_t{1} << 20;  // 1 MiB
inline constexpr std::size_t kSmallSegmentBytes = std::size_t{2} << 20;     // 2 MiB
// A large request gets a segment of its own, rounded up to this step so that
// a freed one can serve a slightly larger request later.
inline constexpr std::size_t kLargeSegmentGranularityBytes = std::size_t{2} << 20;  // 2 MiB
// Larger requests cannot be rounded without overflow; they fail as out of memory.
inline constexpr std::size_t kMaxRequestBytes = SIZE_MAX - kLargeSegmentGranularityBytes;

// Note [Stream-ordered arenas]
// Each stream that allocates gets an arena: the free blocks of the segments
// cudaMalloc'd for it. A freed block goes back to the arena of the stream it
// was allocated on (block->arena), whatever stream is current when it is
// freed, and is handed out again at once to the next request on that stream:
// work queued on one stream runs in order, so the new owner's kernels start
// only after the old owner's have finished reading and writing it. A block
// freed on stream A is never handed to stream B: B's work could overtake A's
// still-running kernels. Segments never move between arenas either; they
// return to cudaFree only when wholly free (free_all_blocks, or the
// out-of-memory retry), after a device synchronization.
// Arenas are keyed by stream handle, which stays safe when the runtime
// reuses a handle: see Note [Stream reuse] in cuda/stream.cpp. The per-thread
// default stream shares one handle between threads but is a different stream
// in each, so it is keyed by the calling thread instead.
// Using memory on a stream other than its own (e.g. freeing an array while a
// kernel on another stream still reads it) needs the caller to order the two
// streams with an event, as in CuPy.
struct Arena {
  FreeBlocks small;  // free blocks of small segments
  FreeBlocks large;  // free blocks of large segments
  std::size_t segments = 0;  // segments owned, free or not: 0 means the arena can go
  bool reserved = false;     // a graph's private arena while the graph lives: never released

  FreeBlocks& free_blocks(bool small_pool) { return small_pool ? small : large; }
};

class DevicePool {
 public:
  explicit DevicePool(int device);
  // Frees every segment. Runs only when no block is in use: each pooled
  // Memory holds the DevicePool it came from.
  ~DevicePool();
  DevicePool(const DevicePool&) = delete;
  DevicePool& operator=(const DevicePool&) = delete;

  int device() const { return device_; }

  // A block of at least `nbytes` (> 0) bytes for work on `stream`. The
  // calling thread's current device must be device(). Throws
  // OutOfMemoryError when the device (or the limit) is exhausted even after
  // releasing the cache; see Note [Out-of-memory retry].
  Block* malloc(std::size_t nbytes, cudaStream_t stream);
  // Returns a block from malloc() to its arena, merging it with free neighbours.
  void free(Block* block) noexcept;

  // cudaFree's the wholly free segments of every arena / of `stream`'s arena
  // (graphs' reserved arenas excepted: Note [Graph-private arenas]).
  void release_cached_segments();
  void release_cached_segments(cudaStream_t stream);

  // Note [Graph-private arenas]
  // Memory a CUDA graph's kernels touch must stay the graph's for as long as
  // it may be replayed: a temporary the captured code freed would otherwise
  // go back to its stream's arena, be handed to later eager work, and be
  // overwritten by the next replay. So while `stream` is captured, its
  // requests come from a new arena of their own (begin_private_arena; the
  // returned key names it), blocks freed during or after the capture return
  // there, and nothing else allocates from it after end_private_arena. The
  // arena is reserved: no cache release or out-of-memory retry frees its
  // segments until release_private_arena (when the graph is destroyed), which
  // frees the ones wholly free; blocks still in arrays keep theirs until
  // those arrays go.
  std::uintptr_t begin_private_arena(cudaStream_t stream);
  void end_private_arena(cudaStream_t stream);
  void release_private_arena(std::uintptr_t key);

  std::size_t used_bytes() const;   // bytes in blocks handed out
  std::size_t total_bytes() const;  // bytes held from cudaMalloc
  std::size_t free_bytes() const;   // total - used: cached, ready for reuse
  std::size_t n_free_blocks() const;
  // Upper bound on total_bytes(); 0 means none.
  void set_limit(std::size_t bytes);
  std::size_t limit() const;

 private:
  struct Segment {
    std::uintptr_t ptr;
    std::size_t size;
  };

  // The caller holds mutex_ for all of these.
  Block* take_block(std::size_t size, cudaStream_t stream);
  Block* new_segment(Arena& arena, std::size_t size, bool small);
  bool within_limit(std::size_t bytes) const;
  void split(Block* block, std::size_t size, FreeBlocks& free);
  Arena& arena_for(cudaStream_t stream);
  std::vector<Segment> detach_free_segments(Arena& arena);
  std::vector<Segment> detach_all_free_segments();
  Block* new_block();
  void recycle(Block* block);
  [[noreturn]] void throw_out_of_memory(std::size_t nbytes) const;

  // Without the lock: waits for the device, then cudaFree's each segment.
  void release(const std::vector<Segment>& segments) const;

  const int device_;
  mutable std::mutex mutex_;
  std::unordered_map<std::uintptr_t, std::unique_ptr<Arena>> arenas_;
  // Streams being captured -> the key of their private arena.
  std::unordered_map<std::uintptr_t, std::uintptr_t> captures_;
  std::uintptr_t next_private_key_ = 1;  // odd keys: no stream handle or thread key is odd
  std::vector<Block*> spare_blocks_;  // Block objects kept for reuse
  std::size_t used_bytes_ = 0;
  std::size_t total_bytes_ = 0;
  std::size_t limit_bytes_ = 0;
};

}  // namespace gpuarray::pool
