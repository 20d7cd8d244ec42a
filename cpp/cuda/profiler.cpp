// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/profiler.hpp"

#include <cuda_profiler_api.h>
#include <nvtx3/nvToolsExt.h>

#include "cuda/error.hpp"

namespace gpuarray {
namespace {

nvtxEventAttributes_t attributes(const std::string& message, std::uint32_t argb) {
  nvtxEventAttributes_t a{};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.colorType = argb ? NVTX_COLOR_ARGB : NVTX_COLOR_UNKNOWN;
  a.color = argb;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = message.c_str();
  return a;
}

}  // namespace

int nvtx_range_push(const std::string& message, std::uint32_t argb) {
  const nvtxEventAttributes_t a = attributes(message, argb);
  return nvtxRangePushEx(&a);
}

int nvtx_range_pop() { return nvtxRangePop(); }

void nvtx_mark(const std::string& message, std::uint32_t argb) {
  const nvtxEventAttributes_t a = attributes(message, argb);
  nvtxMarkEx(&a);
}

void profiler_start() { check_cuda(cudaProfilerStart(), "cudaProfilerStart"); }

void profiler_stop() { check_cuda(cudaProfilerStop(), "cudaProfilerStop"); }

}  // namespace gpuarray
