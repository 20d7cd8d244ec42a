// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/stream.hpp"

#include <vector>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/graph.hpp"

namespace gpuarray {
namespace {
// Index = device ordinal; grows on first use of a device by this thread.
thread_local std::vector<cudaStream_t> t_current_streams;
}  // namespace

cudaStream_t current_stream(int device) {
  if (device < static_cast<int>(t_current_streams.size())) return t_current_streams[device];
  return nullptr;
}

cudaStream_t current_stream() {
  if (t_current_streams.empty()) return nullptr;  // fast path: never set on this thread
  return current_stream(current_device());
}

void set_current_stream(int device, cudaStream_t stream) {
  if (device >= static_cast<int>(t_current_streams.size())) t_current_streams.resize(device + 1, nullptr);
  t_current_streams[device] = stream;
}

Stream::Stream(bool non_blocking, int priority) : device_(current_device()), owned_(true) {
  unsigned flags = non_blocking ? cudaStreamNonBlocking : cudaStreamDefault;
  GA_CUDA_CHECK(cudaStreamCreateWithPriority(&handle_, flags, priority));
}

Stream Stream::borrowed(cudaStream_t handle, int device) {
  Stream s;
  s.handle_ = handle;
  s.device_ = device;
  s.owned_ = false;
  return s;
}

Stream::Stream(Stream&& other) noexcept
    : handle_(other.handle_), device_(other.device_), owned_(other.owned_) {
  other.owned_ = false;
}

Stream::~Stream() {
  if (!owned_) return;
  // Note [Stream reuse]: the memory pool keys its arenas by stream handle, and
  // the runtime may hand the same handle to a stream created later. Waiting
  // here makes every block cached for this handle idle before that can happen.
  cudaStreamSynchronize(handle_);
  cudaStreamDestroy(handle_);
  for (auto& s : t_current_streams)
    if (s == handle_) s = nullptr;
}

void Stream::synchronize() const {
  refuse_during_capture(handle_, "Stream.synchronize");
  GA_CUDA_CHECK(cudaStreamSynchronize(handle_));
}

bool Stream::done() const {
  cudaError_t st = cudaStreamQuery(handle_);
  if (st == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  check_cuda(st, "cudaStreamQuery");
  return true;
}

void Stream::wait_event(cudaEvent_t event) const {
  GA_CUDA_CHECK(cudaStreamWaitEvent(handle_, event, 0));
}

}  // namespace gpuarray
