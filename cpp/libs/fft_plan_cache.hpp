// SPDX-License-Identifier: BSD-3-Clause
// cuFFT plans cached by layout, with CuPy's PlanCache interface. See
// Note [FFT plan cache].
#pragma once
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <array>
#include <cstddef>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

namespace gpuarray::libs::fft {

// Note [FFT plan cache]
// Planning costs tens of microseconds to milliseconds; executing a small
// transform costs a few. So each (thread, device) keeps an LRU cache of plans
// keyed by everything the planner sees: type, sizes, the advanced layout
// (embeds, strides, distances) and the batch. The device is implicit: there
// is one cache per device, as in CuPy. The key is a fixed-size value (at
// most three transform axes), so a lookup allocates nothing.
//
// Dense layouts are planned as CuPy plans them: cuFFT's basic layout (null
// embeds) through the 32-bit cufftMakePlanMany when every extent fits. cuFFT
// may pick other kernels for an advanced or 64-bit plan of the same data.
//
// Plans are made with cufftSetAutoAllocation(0): the work area is taken
// from the memory pool on the current stream for each execution and given
// back right after the launch, so idle plans hold no device memory and the
// pool's stream ordering makes the reuse safe. The stream and work area are
// bound at execution, not at planning, so one plan serves every stream; a
// plan remembers what it was last bound to and calls cuFFT only when that
// changes. Caches are per thread because that binding is per-plan state
// that two threads must not set at once.
//
// The cache owns its plans through shared_ptr and a caller holds its own
// reference while it executes, so eviction (a smaller size or memsize, a
// clear) never destroys a plan in use. A plan that the limits leave out of
// the cache lives until its execution has been enqueued.
constexpr int kMaxPlanRank = 3;

struct PlanKey {
  cufftType type = CUFFT_C2C;
  int rank = 1;
  bool basic = false;  // dense: planned with null embeds (cuFFT's basic layout)
  std::array<long long, kMaxPlanRank> n{}, inembed{}, onembed{};  // rank entries used, the rest 0
  long long istride = 1, idist = 1, ostride = 1, odist = 1, batch = 1;

  bool operator==(const PlanKey& o) const {
    return type == o.type && rank == o.rank && basic == o.basic && n == o.n && inembed == o.inembed &&
           onembed == o.onembed && istride == o.istride && idist == o.idist && ostride == o.ostride &&
           odist == o.odist && batch == o.batch;
  }
};

struct PlanKeyHash {
  std::size_t operator()(const PlanKey& k) const;
};

// One cuFFT handle; destroyed with the last reference (the cache's, or the
// caller's when the limits keep the plan out of the cache or evict it
// mid-call).
class Plan {
 public:
  explicit Plan(const PlanKey& key);
  ~Plan();
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  cufftHandle handle() const { return handle_; }
  std::size_t work_size() const { return work_size_; }
  // Points the plan at `stream` and `work` (work_size() bytes), calling
  // cuFFT only for what differs from the last binding.
  void bind(cudaStream_t stream, void* work);

 private:
  cufftHandle handle_ = 0;
  std::size_t work_size_ = 0;
  bool bound_ = false;
  cudaStream_t stream_ = nullptr;
  void* work_ = nullptr;
};

class PlanCache {
 public:
  // The calling thread's cache for `device`.
  static const std::shared_ptr<PlanCache>& for_device(int device);

  explicit PlanCache(int device) : device_(device) {}

  // The plan for `key`, made on a miss (and kept unless the cache is
  // disabled or the plan alone exceeds the memsize limit).
  std::shared_ptr<Plan> get(const PlanKey& key);

  // CuPy's interface: size is a number of plans, memsize bytes of work area;
  // 0 disables the cache, -1 means no limit (memsize only).
  long long get_size() const { return size_; }
  void set_size(long long size);
  long long get_memsize() const { return memsize_; }
  void set_memsize(long long memsize);
  long long get_curr_size() const { return static_cast<long long>(lru_.size()); }
  long long get_curr_memsize() const { return static_cast<long long>(curr_memsize_); }
  std::size_t hits() const { return hits_; }
  std::size_t misses() const { return misses_; }
  int device() const { return device_; }
  void clear();
  std::string info() const;

 private:
  struct Entry {
    PlanKey key;
    std::shared_ptr<Plan> plan;
  };
  bool fits(std::size_t work_size) const;
  void evict_to_limits();

  int device_;
  long long size_ = 16;
  long long memsize_ = -1;
  std::size_t curr_memsize_ = 0;
  std::size_t hits_ = 0, misses_ = 0;
  std::list<Entry> lru_;  // most recently used first
  std::unordered_map<PlanKey, std::list<Entry>::iterator, PlanKeyHash> index_;
};

// Throws a gpuarray error (CUFFT_ALLOC_FAILED as OutOfMemoryError) naming `call`.
void check_cufft(cufftResult status, const char* call);

}  // namespace gpuarray::libs::fft
