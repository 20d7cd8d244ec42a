// SPDX-License-Identifier: BSD-3-Clause
// The device memory pool's block policy (memory/device_pool.hpp) against a
// fake cudaMalloc (fake_cudart.hpp): rounding, small requests sharing
// segments, large ones alone, splitting and merging, best-fit reuse, one
// arena per stream, the limit and its exact-size fallback, the out-of-memory
// retry, and every segment given back exactly once.
#include <memory>
#include <vector>

#include "check.hpp"
#include "cuda/error.hpp"
#include "fake_cudart.hpp"
#include "memory/device_pool.hpp"

using namespace gpuarray;
using namespace gpuarray::pool;
using namespace gpuarray::test;

namespace {

constexpr std::size_t KiB = 1024, MiB = 1024 * KiB;
const cudaStream_t kStreamA = reinterpret_cast<cudaStream_t>(0x1000);
const cudaStream_t kStreamB = reinterpret_cast<cudaStream_t>(0x2000);

// A pool on a new fake device of `capacity` bytes.
std::unique_ptr<DevicePool> new_pool(std::size_t capacity = std::size_t{1} << 34) {
  reset_fake_device(capacity);
  return std::make_unique<DevicePool>(0);
}

}  // namespace

TEST(pool_small_requests_round_up_and_share_a_segment) {
  auto pool = new_pool();
  Block* a = pool->malloc(1, kStreamA);
  Block* b = pool->malloc(1000, kStreamA);
  CHECK_EQ(a->size, std::size_t{512});
  CHECK_EQ(b->size, std::size_t{1024});
  CHECK_EQ(b->ptr, a->ptr + 512);  // carved in address order
  CHECK_EQ(fake_device().mallocs, 1);
  CHECK_EQ(pool->total_bytes(), 2 * MiB);
  CHECK_EQ(pool->used_bytes(), std::size_t{1536});
  CHECK_EQ(pool->n_free_blocks(), std::size_t{1});  // the segment's rest
  pool->free(a);
  pool->free(b);
  CHECK_EQ(pool->n_free_blocks(), std::size_t{1});  // merged back into one segment
  CHECK_EQ(pool->free_bytes(), 2 * MiB);
}

TEST(pool_freed_blocks_are_reused_best_fit) {
  auto pool = new_pool();
  Block* small = pool->malloc(512, kStreamA);
  Block* keep = pool->malloc(512, kStreamA);
  Block* big = pool->malloc(4 * KiB, kStreamA);
  Block* keep2 = pool->malloc(512, kStreamA);
  const std::uintptr_t small_at = small->ptr, big_at = big->ptr;
  pool->free(small);
  pool->free(big);
  Block* big_again = pool->malloc(4 * KiB, kStreamA);
  Block* small_again = pool->malloc(100, kStreamA);
  CHECK_EQ(big_again->ptr, big_at);  // not the larger rest of the segment
  CHECK_EQ(small_again->ptr, small_at);
  CHECK_EQ(fake_device().mallocs, 1);
  for (Block* x : {keep, keep2, big_again, small_again}) pool->free(x);
}

TEST(pool_large_requests_get_their_own_rounded_segment) {
  auto pool = new_pool();
  Block* a = pool->malloc(3 * MiB, kStreamA);
  CHECK_EQ(fake_device().live.at(a->ptr), 4 * MiB);
  CHECK_EQ(a->size, 4 * MiB);  // a 1 MiB rest could serve no large request: not split off
  CHECK_EQ(pool->used_bytes(), 4 * MiB);
  Block* b = pool->malloc(2 * MiB + 512, kStreamA);
  CHECK_EQ(b->size, 2 * MiB + 512);  // the rest, 2 MiB - 512, can: split
  Block* c = pool->malloc(3 * MiB / 2, kStreamA);
  CHECK_EQ(c->ptr, b->ptr + b->size);
  CHECK_EQ(fake_device().mallocs, 2);
  // Small requests never take from large segments.
  pool->free(a);
  Block* s = pool->malloc(1, kStreamA);
  CHECK_EQ(fake_device().mallocs, 3);
  CHECK_EQ(fake_device().live.at(s->ptr), 2 * MiB);
  for (Block* x : {b, c, s}) pool->free(x);
}

TEST(pool_a_block_stays_with_its_stream) {
  auto pool = new_pool();
  Block* a = pool->malloc(KiB, kStreamA);
  const std::uintptr_t at = a->ptr;
  pool->free(a);
  Block* b = pool->malloc(KiB, kStreamB);
  CHECK(b->ptr != at);
  CHECK_EQ(fake_device().mallocs, 2);
  Block* again = pool->malloc(KiB, kStreamA);
  CHECK_EQ(again->ptr, at);
  pool->free(again);
  // Releasing stream A's cache frees A's whole segment only, after a device synchronization.
  pool->release_cached_segments(kStreamA);
  CHECK_EQ(fake_device().frees, 1);
  CHECK_EQ(fake_device().synchronizes, 1);
  CHECK_EQ(pool->total_bytes(), 2 * MiB);
  pool->free(b);
  pool->release_cached_segments();
  CHECK_EQ(pool->total_bytes(), std::size_t{0});
  CHECK(fake_device().live.empty());
  pool->release_cached_segments();  // nothing cached: no device synchronization
  CHECK_EQ(fake_device().synchronizes, 2);
}

TEST(pool_limit_allows_an_exact_segment_and_names_itself) {
  auto pool = new_pool();
  pool->set_limit(MiB);
  Block* a = pool->malloc(KiB, kStreamA);
  CHECK_EQ(pool->total_bytes(), KiB);  // the preferred 2 MiB segment would pass the limit
  CHECK_THROWS(pool->malloc(2'000'000, kStreamA), OutOfMemoryError,
               "Out of memory allocating 2,000,000 bytes on device 0 (allocated so far: 1,024 bytes, cached: 0 "
               "bytes, limit: 1,048,576 bytes)");
  CHECK_EQ(pool->total_bytes(), KiB);
  pool->set_limit(0);
  CHECK_EQ(pool->limit(), std::size_t{0});
  pool->free(a);
}

TEST(pool_out_of_memory_releases_the_cache_and_retries) {
  auto pool = new_pool(5 * MiB);
  pool->free(pool->malloc(KiB, kStreamB));  // a cached 2 MiB segment of another stream
  Block* big = pool->malloc(4 * MiB, kStreamA);
  CHECK_EQ(fake_device().failed_mallocs, 1);
  CHECK_EQ(fake_device().synchronizes, 1);  // before the cached segment's cudaFree
  CHECK_EQ(fake_device().frees, 1);
  CHECK_EQ(pool->total_bytes(), 4 * MiB);
  CHECK_THROWS(pool->malloc(4 * MiB, kStreamA), OutOfMemoryError,
               "Out of memory allocating 4,194,304 bytes on device 0 (allocated so far: 4,194,304 bytes, cached: 0 "
               "bytes)");
  CHECK_THROWS(pool->malloc(SIZE_MAX, kStreamA), OutOfMemoryError, "Out of memory allocating 18,446,");
  pool->free(big);
}

TEST(pool_destruction_frees_every_segment_once) {
  auto pool = new_pool();
  Block* a = pool->malloc(KiB, kStreamA);
  Block* b = pool->malloc(3 * MiB, kStreamB);
  pool->free(pool->malloc(KiB, kStreamB));
  pool->free(a);
  pool->free(b);
  CHECK_EQ(fake_device().live.size(), std::size_t{3});
  pool.reset();
  CHECK(fake_device().live.empty());
  CHECK_EQ(fake_device().bad_frees, 0);
}

// Note [Graph-private arenas]: what a captured stream allocates and frees stays
// out of reach of the stream's later eager requests, and out of cache releases,
// until the arena is released.
TEST(pool_private_arena_is_never_handed_to_eager_requests) {
  auto pool = new_pool();
  const std::uintptr_t key = pool->begin_private_arena(kStreamA);
  Block* captured_tmp = pool->malloc(4 * MiB, kStreamA);
  Block* captured_out = pool->malloc(4 * MiB, kStreamA);
  const std::uintptr_t tmp_at = captured_tmp->ptr;
  pool->free(captured_tmp);  // freed during the capture: back to the private arena
  Block* reused = pool->malloc(4 * MiB, kStreamA);
  CHECK_EQ(reused->ptr, tmp_at);  // within the capture, the arena reuses its own blocks
  pool->free(reused);
  pool->end_private_arena(kStreamA);
  std::vector<Block*> eager;
  for (int i = 0; i < 4; ++i) {
    eager.push_back(pool->malloc(4 * MiB, kStreamA));
    CHECK(eager.back()->ptr != tmp_at);
    CHECK(eager.back()->ptr != captured_out->ptr);
  }
  const int frees_before = fake_device().frees;
  pool->release_cached_segments();  // the reserved arena's free segment stays
  pool->release_cached_segments(kStreamA);
  CHECK_EQ(fake_device().frees, frees_before);
  pool->release_private_arena(key);  // the graph is gone: its free segment goes
  CHECK_EQ(fake_device().frees, frees_before + 1);
  pool->free(captured_out);  // an output outliving the graph returns to the released arena
  pool->release_cached_segments();
  for (Block* b : eager) pool->free(b);
  pool->release_cached_segments();
  CHECK_EQ(pool->total_bytes(), std::size_t{0});
}
