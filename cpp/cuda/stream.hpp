// SPDX-License-Identifier: BSD-3-Clause
// Streams and the per-thread current stream. See Note [Current stream].
#pragma once
#include <cuda_runtime_api.h>

#include <cstdint>

namespace gpuarray {

// Note [Current stream]
// Each host thread has, for each device, a current stream; it starts as the
// legacy null stream (handle 0). `with stream:` in Python sets it and restores
// the previous one on exit. Every launch, copy and pool allocation uses the
// current stream of the current device, so nothing in the engine takes a
// stream argument unless the caller names one explicitly.
cudaStream_t current_stream();
cudaStream_t current_stream(int device);
void set_current_stream(int device, cudaStream_t stream);

// An owned stream (or a borrowed handle such as the null stream).
class Stream {
 public:
  // Creates a new stream on the current device.
  Stream(bool non_blocking, int priority);
  // Wraps an existing handle without owning it (null, per-thread, external).
  static Stream borrowed(cudaStream_t handle, int device);
  ~Stream();
  Stream(Stream&& other) noexcept;
  Stream& operator=(Stream&&) = delete;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  cudaStream_t handle() const { return handle_; }
  std::uintptr_t ptr() const { return reinterpret_cast<std::uintptr_t>(handle_); }
  int device() const { return device_; }
  bool owned() const { return owned_; }
  void synchronize() const;
  bool done() const;
  void wait_event(cudaEvent_t event) const;

 private:
  Stream() = default;
  cudaStream_t handle_ = nullptr;
  int device_ = 0;
  bool owned_ = false;
};

}  // namespace gpuarray
