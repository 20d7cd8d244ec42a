// SPDX-License-Identifier: BSD-3-Clause
// CUDA events: ordering between streams and elapsed-time measurement.
#pragma once
#include <cuda_runtime_api.h>

namespace gpuarray {

class Event {
 public:
  Event(bool blocking, bool disable_timing, bool interprocess);
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  cudaEvent_t handle() const { return handle_; }
  int device() const { return device_; }
  void record(cudaStream_t stream);
  void synchronize() const;
  bool done() const;

 private:
  cudaEvent_t handle_ = nullptr;
  int device_ = 0;
};

// Milliseconds between two recorded events, as cudaEventElapsedTime reports.
float elapsed_time_ms(const Event& start, const Event& end);

}  // namespace gpuarray
