// SPDX-License-Identifier: BSD-3-Clause
// Stream capture into CUDA graphs, and the instantiated graphs users replay.
//
// Note [Stream capture]
// Between begin_capture and end_capture, work queued on a stream is recorded
// into a graph instead of running. The engine cooperates in three ways while
// any capture begun here is in progress (captures_in_progress()):
// - kernel launches skip the one-node launch graphs (cuda/launch_graphs.hpp)
//   and are captured as plain kernel nodes;
// - operations that must wait for the device (a download, a result size read
//   back, a synchronization) call refuse_during_capture first, which raises a
//   CudaRuntimeError naming the operation before CUDA would invalidate the
//   capture;
// - the memory pool serves the captured stream from a graph-private arena
//   (Note [Graph-private arenas] in memory/device_pool.hpp), which the Graph
//   keeps alive.
// A capture begun elsewhere (another library's graph API on an external
// stream) is not seen by these checks: there the CUDA error comes first.
#pragma once
#include <cuda_runtime_api.h>

#include <atomic>
#include <memory>
#include <string>

namespace gpuarray {

// Starts capturing `stream` (not the legacy null stream) in `mode`.
void begin_capture(cudaStream_t stream, cudaStreamCaptureMode mode);
// Ends the capture of `stream`: the recorded graph (owned by the caller).
// Throws CudaRuntimeError when the capture was invalidated.
cudaGraph_t end_capture(cudaStream_t stream);
// True while `stream` is being captured.
bool is_capturing(cudaStream_t stream);
// True while some capture begun by begin_capture has not ended: a relaxed
// load, so launches pay nothing for the check when there is none.
bool captures_in_progress();
// Throws CudaRuntimeError(cudaErrorStreamCaptureUnsupported) naming `what`
// when `stream` is being captured: `what` waits for the device.
void refuse_during_capture(cudaStream_t stream, const char* what);

// An instantiated graph, with what must outlive its replays (the private
// arena of the memory it uses).
class Graph {
 public:
  Graph(cudaGraph_t graph, int device, std::shared_ptr<void> keep_alive);
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  void launch(cudaStream_t stream) const;
  void upload(cudaStream_t stream) const;
  // Graphviz text of the graph (cudaGraphDebugDotPrint with `flags`).
  std::string debug_dot(unsigned int flags) const;
  int device() const { return device_; }

 private:
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
  int device_ = 0;
  std::shared_ptr<void> keep_alive_;
};

}  // namespace gpuarray
