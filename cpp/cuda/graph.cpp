// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/graph.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cuda/device.hpp"
#include "cuda/error.hpp"

namespace gpuarray {
namespace {

std::atomic<int> g_captures{0};

}  // namespace

void begin_capture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  if (stream == nullptr)
    throw std::invalid_argument("begin_capture: the legacy null stream cannot be captured; capture a Stream you "
                                "created (or the per-thread default stream)");
  GA_CUDA_CHECK(cudaStreamBeginCapture(stream, mode));
  g_captures.fetch_add(1, std::memory_order_relaxed);
}

cudaGraph_t end_capture(cudaStream_t stream) {
  if (!is_capturing(stream)) throw std::invalid_argument("end_capture: the stream is not being captured");
  cudaGraph_t graph = nullptr;
  const cudaError_t status = cudaStreamEndCapture(stream, &graph);
  g_captures.fetch_sub(1, std::memory_order_relaxed);
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw_cuda_error(status, "cudaStreamEndCapture (an operation during the capture was not capturable)");
  }
  return graph;
}

bool is_capturing(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  GA_CUDA_CHECK(cudaStreamIsCapturing(stream, &status));
  return status != cudaStreamCaptureStatusNone;
}

bool captures_in_progress() { return g_captures.load(std::memory_order_relaxed) > 0; }

void refuse_during_capture(cudaStream_t stream, const char* what) {
  if (!captures_in_progress()) return;
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &status) != cudaSuccess) {
    cudaGetLastError();
    status = cudaStreamCaptureStatusActive;  // the null stream while another is captured: refuse as well
  }
  if (status == cudaStreamCaptureStatusNone) return;
  throw CudaRuntimeError(cudaErrorStreamCaptureUnsupported,
                         (std::string(what) + " during stream capture (it waits for the device: a value read back "
                                              "to the host or a synchronization, which a graph cannot record; "
                                              "move it out of the captured region)").c_str());
}

Graph::Graph(cudaGraph_t graph, int device, std::shared_ptr<void> keep_alive)
    : graph_(graph), device_(device), keep_alive_(std::move(keep_alive)) {
  DeviceGuard guard(device_);
  const cudaError_t status = cudaGraphInstantiate(&exec_, graph_, 0);
  if (status != cudaSuccess) {
    cudaGraphDestroy(graph_);
    throw_cuda_error(status, "cudaGraphInstantiate");
  }
}

Graph::~Graph() {
  DeviceGuard guard(device_);
  if (exec_) cudaGraphExecDestroy(exec_);
  if (graph_) cudaGraphDestroy(graph_);
}

void Graph::launch(cudaStream_t stream) const {
  DeviceGuard guard(device_);
  GA_CUDA_CHECK(cudaGraphLaunch(exec_, stream));
}

void Graph::upload(cudaStream_t stream) const {
  DeviceGuard guard(device_);
  GA_CUDA_CHECK(cudaGraphUpload(exec_, stream));
}

std::string Graph::debug_dot(unsigned int flags) const {
  char path[] = "/tmp/gpuarray-graph-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("debug_dot_str: cannot create a temporary file");
  close(fd);
  const cudaError_t status = cudaGraphDebugDotPrint(graph_, path, flags);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path);
  check_cuda(status, "cudaGraphDebugDotPrint");
  return text.str();
}

}  // namespace gpuarray
