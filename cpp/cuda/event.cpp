// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/event.hpp"

#include "cuda/device.hpp"
#include "cuda/error.hpp"

namespace gpuarray {

Event::Event(bool blocking, bool disable_timing, bool interprocess) : device_(current_device()) {
  unsigned flags = cudaEventDefault;
  if (blocking) flags |= cudaEventBlockingSync;
  if (disable_timing) flags |= cudaEventDisableTiming;
  if (interprocess) flags |= cudaEventInterprocess;
  GA_CUDA_CHECK(cudaEventCreateWithFlags(&handle_, flags));
}

Event::~Event() {
  if (handle_) cudaEventDestroy(handle_);
}

void Event::record(cudaStream_t stream) { GA_CUDA_CHECK(cudaEventRecord(handle_, stream)); }

void Event::synchronize() const { GA_CUDA_CHECK(cudaEventSynchronize(handle_)); }

bool Event::done() const {
  cudaError_t st = cudaEventQuery(handle_);
  if (st == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  check_cuda(st, "cudaEventQuery");
  return true;
}

float elapsed_time_ms(const Event& start, const Event& end) {
  float ms = 0.f;
  GA_CUDA_CHECK(cudaEventElapsedTime(&ms, start.handle(), end.handle()));
  return ms;
}

}  // namespace gpuarray
