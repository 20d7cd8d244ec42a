// SPDX-License-Identifier: BSD-3-Clause
// The cuFFT plan cache (cpp/libs/fft_plan_cache.cpp) against a stub cuFFT
// that records handles and calls, so that its logic runs without a device
// (and under AddressSanitizer): LRU order, size and memsize limits, plans
// that outlive their eviction while a caller holds them, info() after every
// limit change, each handle destroyed exactly once, the planner each layout
// goes to, and the stream/work-area binding done only on change.
// Built and run by tests/fft/test_fft_plan_cache.py; prints "ok" on success.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "libs/fft_plan_cache.hpp"

using namespace gpuarray::libs::fft;

#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
      std::exit(1);                                                       \
    }                                                                     \
  } while (0)

namespace {
std::map<int, int> live;  // handle -> 1 while created and not destroyed
int next_handle = 1;
int planned_32 = 0, planned_64 = 0, planned_basic = 0, set_work = 0, set_stream = 0;
std::size_t work_for(long long n) { return n > 1000 ? (1u << 20) : 0; }  // large sizes need a work area
}  // namespace

extern "C" {
cufftResult cufftCreate(cufftHandle* h) {
  *h = next_handle++;
  live[*h] = 1;
  return CUFFT_SUCCESS;
}
cufftResult cufftDestroy(cufftHandle h) {
  CHECK(live.count(h) == 1);  // a handle destroyed twice, or never made
  live.erase(h);
  return CUFFT_SUCCESS;
}
cufftResult cufftSetAutoAllocation(cufftHandle h, int automatic) {
  CHECK(live.count(h) == 1 && automatic == 0);
  return CUFFT_SUCCESS;
}
cufftResult cufftMakePlanMany(cufftHandle h, int rank, int* n, int* inembed, int, int, int* onembed, int, int,
                              cufftType, int, size_t* work) {
  CHECK(live.count(h) == 1 && rank >= 1 && rank <= 3);
  CHECK((inembed == nullptr) == (onembed == nullptr));
  ++planned_32;
  planned_basic += inembed == nullptr;
  *work = work_for(n[0]);
  return CUFFT_SUCCESS;
}
cufftResult cufftMakePlanMany64(cufftHandle h, int rank, long long* n, long long* inembed, long long, long long,
                                long long* onembed, long long, long long, cufftType, long long, size_t* work) {
  CHECK(live.count(h) == 1 && rank >= 1 && rank <= 3);
  ++planned_64;
  planned_basic += inembed == nullptr && onembed == nullptr;
  *work = work_for(n[0]);
  return CUFFT_SUCCESS;
}
cufftResult cufftSetWorkArea(cufftHandle h, void*) {
  CHECK(live.count(h) == 1);
  ++set_work;
  return CUFFT_SUCCESS;
}
cufftResult cufftSetStream(cufftHandle h, cudaStream_t) {
  CHECK(live.count(h) == 1);
  ++set_stream;
  return CUFFT_SUCCESS;
}
}

namespace {

PlanKey dense(long long n, long long batch = 1) {
  PlanKey k;
  k.rank = 1;
  k.basic = true;
  k.n[0] = k.inembed[0] = k.onembed[0] = n;
  k.idist = k.odist = n;
  k.batch = batch;
  return k;
}

void check_info(const PlanCache& cache, const std::string& must_contain) {
  const std::string info = cache.info();
  CHECK(info.find("cuFFT plan cache") != std::string::npos);
  CHECK(info.find(must_contain) != std::string::npos);
}

void lru_and_limits() {
  PlanCache cache(0);
  cache.set_size(3);
  cache.get(dense(64));
  cache.get(dense(64));
  cache.get(dense(64));
  CHECK(cache.get_curr_size() == 1 && cache.hits() == 2 && cache.misses() == 1);
  for (long long n : {10, 20, 30, 40}) cache.get(dense(n));
  CHECK(cache.get_curr_size() == 3);
  check_info(cache, "shape: (40,)");
  CHECK(cache.info().find("shape: (64,)") == std::string::npos);  // the least recently used left
  cache.set_size(1);
  CHECK(cache.get_curr_size() == 1);
  cache.clear();
  CHECK(cache.get_curr_size() == 0 && cache.get_curr_memsize() == 0);
  check_info(cache, "0 / 1");
}

void disabled_and_memsize_zero() {
  PlanCache cache(0);
  cache.set_size(0);
  {
    std::shared_ptr<Plan> plan = cache.get(dense(64));
    plan->bind(nullptr, nullptr);
    CHECK(cache.get_curr_size() == 0 && plan.use_count() == 1);
  }
  cache.set_size(4);
  cache.set_memsize(0);
  for (int i = 0; i < 2; ++i) {
    std::shared_ptr<Plan> big = cache.get(dense(1048583));  // needs a work area: not kept
    big->bind(nullptr, reinterpret_cast<void*>(0x1000));
    CHECK(cache.get_curr_size() == 0 && cache.get_curr_memsize() == 0);
  }
  cache.get(dense(64));  // no work area: kept under a zero budget
  CHECK(cache.get_curr_size() == 1);
  cache.set_memsize(-1);
  {
    std::shared_ptr<Plan> big = cache.get(dense(1048583));
    CHECK(cache.get_curr_memsize() == static_cast<long long>(work_for(1048583)));
    cache.set_memsize(0);  // evicts while the caller still holds the plan
    CHECK(cache.get_curr_memsize() == 0);
    big->bind(nullptr, reinterpret_cast<void*>(0x2000));  // still alive: the caller's reference
  }
  check_info(cache, "(bytes)");
  cache.set_memsize(-1);
  cache.get(dense(1048583));
  cache.get(dense(48));
  check_info(cache, "type: C2C, shape: (48,)");
  check_info(cache, "shape: (1048583,)");
  cache.clear();
  check_info(cache, "current / max size   : 0 / 4");
}

void planners_and_binding() {
  PlanCache cache(0);
  const int basic = planned_basic, p32 = planned_32, p64 = planned_64;
  cache.get(dense(64));  // dense: basic layout, 32-bit planner
  CHECK(planned_basic == basic + 1 && planned_32 == p32 + 1);
  PlanKey strided = dense(64);
  strided.basic = false;
  strided.istride = strided.ostride = 2;
  cache.get(strided);  // advanced layout
  CHECK(planned_basic == basic + 1 && planned_32 == p32 + 2);
  PlanKey huge = dense(64, 1LL << 32);  // a batch past INT_MAX: the 64-bit planner
  cache.get(huge);
  CHECK(planned_64 == p64 + 1);
  CHECK(cache.get_curr_size() == 3);

  std::shared_ptr<Plan> plan = cache.get(dense(64));
  const int works = set_work, streams = set_stream;
  cudaStream_t s1 = reinterpret_cast<cudaStream_t>(0x10), s2 = reinterpret_cast<cudaStream_t>(0x20);
  void* w = reinterpret_cast<void*>(0x100);
  plan->bind(s1, w);
  plan->bind(s1, w);
  plan->bind(s1, w);
  CHECK(set_work == works + 1 && set_stream == streams + 1);
  plan->bind(s2, w);
  CHECK(set_work == works + 1 && set_stream == streams + 2);
  plan->bind(s2, nullptr);
  CHECK(set_work == works + 2 && set_stream == streams + 2);
}

void key_equality() {
  PlanKeyHash hash;
  PlanKey a = dense(64), b = dense(64);
  CHECK(a == b && hash(a) == hash(b));
  b.batch = 2;
  CHECK(!(a == b));
  b = dense(64);
  b.type = CUFFT_Z2Z;
  CHECK(!(a == b));
  b = dense(64);
  b.basic = false;
  CHECK(!(a == b));
}

}  // namespace

int main() {
  lru_and_limits();
  disabled_and_memsize_zero();
  planners_and_binding();
  key_equality();
  CHECK(live.empty());  // every plan made was destroyed exactly once
  std::printf("ok\n");
  return 0;
}
