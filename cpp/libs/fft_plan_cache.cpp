// SPDX-License-Identifier: BSD-3-Clause
#include "libs/fft_plan_cache.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <sstream>
#include <stdexcept>

#include "cuda/error.hpp"
#include "memory/pool.hpp"

namespace gpuarray::libs::fft {
namespace {

const char* result_name(cufftResult status) {
  switch (status) {
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "CUFFT_UNKNOWN_ERROR";
  }
}

const char* type_name(cufftType type) {
  switch (type) {
    case CUFFT_C2C: return "C2C";
    case CUFFT_Z2Z: return "Z2Z";
    case CUFFT_R2C: return "R2C";
    case CUFFT_D2Z: return "D2Z";
    case CUFFT_C2R: return "C2R";
    case CUFFT_Z2D: return "Z2D";
    default: return "unknown";
  }
}

void hash_combine(std::size_t& seed, long long v) {
  seed ^= std::hash<long long>{}(v) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
}

// The 32-bit planner takes the key when every extent, stride and distance,
// and the elements each operand spans, fit in an int (as CuPy chooses).
bool fits_int(const PlanKey& k) {
  long long largest = std::max({k.istride, k.idist, k.ostride, k.odist, k.batch});
  for (int i = 0; i < k.rank; ++i) largest = std::max({largest, k.n[i], k.inembed[i], k.onembed[i]});
  if (largest > INT_MAX) return false;
  // Both factors are below 2^31 here, so the products do not overflow.
  return k.idist * k.batch <= INT_MAX && k.odist * k.batch <= INT_MAX;
}

cufftResult make_plan(cufftHandle handle, const PlanKey& k, std::size_t* work_size) {
  if (fits_int(k)) {
    int n[kMaxPlanRank], inembed[kMaxPlanRank], onembed[kMaxPlanRank];
    for (int i = 0; i < k.rank; ++i) {
      n[i] = static_cast<int>(k.n[i]);
      inembed[i] = static_cast<int>(k.inembed[i]);
      onembed[i] = static_cast<int>(k.onembed[i]);
    }
    return cufftMakePlanMany(handle, k.rank, n, k.basic ? nullptr : inembed, static_cast<int>(k.istride),
                             static_cast<int>(k.idist), k.basic ? nullptr : onembed, static_cast<int>(k.ostride),
                             static_cast<int>(k.odist), k.type, static_cast<int>(k.batch), work_size);
  }
  std::array<long long, kMaxPlanRank> n = k.n, inembed = k.inembed, onembed = k.onembed;  // cuFFT takes non-const
  return cufftMakePlanMany64(handle, k.rank, n.data(), k.basic ? nullptr : inembed.data(), k.istride, k.idist,
                             k.basic ? nullptr : onembed.data(), k.ostride, k.odist, k.type, k.batch, work_size);
}

}  // namespace

void check_cufft(cufftResult status, const char* call) {
  if (status == CUFFT_SUCCESS) return;
  std::string message = std::string(call) + " failed: " + result_name(status);
  if (status == CUFFT_ALLOC_FAILED) throw OutOfMemoryError(message);
  throw std::runtime_error(message);
}

std::size_t PlanKeyHash::operator()(const PlanKey& k) const {
  std::size_t seed = static_cast<std::size_t>(k.type) * 8 + static_cast<std::size_t>(k.rank) * 2 + k.basic;
  for (int i = 0; i < k.rank; ++i) {
    hash_combine(seed, k.n[i]);
    hash_combine(seed, k.inembed[i]);
    hash_combine(seed, k.onembed[i]);
  }
  for (long long x : {k.istride, k.idist, k.ostride, k.odist, k.batch}) hash_combine(seed, x);
  return seed;
}

Plan::Plan(const PlanKey& key) {
  check_cufft(cufftCreate(&handle_), "cufftCreate");
  // The work area comes from the pool at each execution (Note [FFT plan cache]).
  cufftResult status = cufftSetAutoAllocation(handle_, 0);
  if (status == CUFFT_SUCCESS) status = make_plan(handle_, key, &work_size_);
  if (status != CUFFT_SUCCESS) {
    cufftDestroy(handle_);
    check_cufft(status, "cufftMakePlanMany");
  }
}

Plan::~Plan() { cufftDestroy(handle_); }

void Plan::bind(cudaStream_t stream, void* work) {
  if (!bound_ || work != work_) check_cufft(cufftSetWorkArea(handle_, work), "cufftSetWorkArea");
  work_ = work;
  if (!bound_ || stream != stream_) check_cufft(cufftSetStream(handle_, stream), "cufftSetStream");
  stream_ = stream;
  bound_ = true;
}

const std::shared_ptr<PlanCache>& PlanCache::for_device(int device) {
  thread_local std::map<int, std::shared_ptr<PlanCache>> caches;
  // The last device asked for, remembered: a repeated call skips the map.
  thread_local int last_device = -1;
  thread_local const std::shared_ptr<PlanCache>* last = nullptr;
  if (device == last_device) return *last;
  auto& cache = caches[device];
  if (!cache) cache = std::make_shared<PlanCache>(device);
  last_device = device;
  last = &cache;  // std::map never moves its nodes
  return cache;
}

bool PlanCache::fits(std::size_t work_size) const {
  return size_ != 0 && (memsize_ < 0 || work_size <= static_cast<std::size_t>(memsize_));
}

std::shared_ptr<Plan> PlanCache::get(const PlanKey& key) {
  auto found = index_.find(key);
  if (found != index_.end()) {
    ++hits_;
    lru_.splice(lru_.begin(), lru_, found->second);
    return found->second->plan;
  }
  ++misses_;
  std::shared_ptr<Plan> plan;
  try {
    plan = std::make_shared<Plan>(key);
  } catch (const OutOfMemoryError&) {
    // cuFFT keeps some device memory per plan even without a work area:
    // drop cached plans and the pool's free blocks, then try once more.
    clear();
    default_memory_pool()->free_all_blocks();
    plan = std::make_shared<Plan>(key);
  }
  if (!fits(plan->work_size())) return plan;
  lru_.push_front(Entry{key, plan});
  index_.emplace(key, lru_.begin());
  curr_memsize_ += plan->work_size();
  evict_to_limits();
  return plan;
}

void PlanCache::evict_to_limits() {
  while (!lru_.empty() && (static_cast<long long>(lru_.size()) > size_ ||
                           (memsize_ >= 0 && curr_memsize_ > static_cast<std::size_t>(memsize_)))) {
    curr_memsize_ -= lru_.back().plan->work_size();
    index_.erase(lru_.back().key);
    lru_.pop_back();
  }
}

void PlanCache::set_size(long long size) {
  if (size < 0) throw std::invalid_argument("the plan cache size must be >= 0, got " + std::to_string(size));
  size_ = size;
  evict_to_limits();
}

void PlanCache::set_memsize(long long memsize) {
  if (memsize < -1) throw std::invalid_argument("the plan cache memsize must be >= -1, got " + std::to_string(memsize));
  memsize_ = memsize;
  evict_to_limits();
}

void PlanCache::clear() {
  index_.clear();
  lru_.clear();
  curr_memsize_ = 0;
}

std::string PlanCache::info() const {
  std::ostringstream s;
  s << "------------------- cuFFT plan cache (device " << device_ << ") -------------------\n"
    << "cache enabled? " << (size_ != 0 ? "True" : "False") << "\n"
    << "current / max size   : " << lru_.size() << " / " << (size_ ? std::to_string(size_) : "(disabled)")
    << " (counts)\n"
    << "current / max memsize: " << curr_memsize_ << " / " << (memsize_ < 0 ? "(unlimited)" : std::to_string(memsize_))
    << " (bytes)\n"
    << "hits / misses: " << hits_ << " / " << misses_ << "\n\n"
    << "cached plans (most recently used first):\n";
  for (const Entry& e : lru_) {
    s << "type: " << type_name(e.key.type) << ", shape: (";
    for (int i = 0; i < e.key.rank; ++i) s << (i ? ", " : "") << e.key.n[i];
    s << (e.key.rank == 1 ? ",)" : ")") << ", batch: " << e.key.batch
      << ", layout: " << (e.key.basic ? "basic" : "advanced") << ", work area: " << e.plan->work_size()
      << " bytes\n";
  }
  return s.str();
}

}  // namespace gpuarray::libs::fft
