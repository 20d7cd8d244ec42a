// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/driver_api.hpp"

#include <cuda_runtime_api.h>

#include <string>

#include "cuda/error.hpp"

namespace gpuarray {
namespace {

template <class F>
void find(const char* symbol, int version, F& fn) {
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  void* p = nullptr;
  GA_CUDA_CHECK(cudaGetDriverEntryPointByVersion(symbol, &p, version, cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || p == nullptr)
    throw CudaRuntimeError(cudaErrorSymbolNotFound, (std::string("driver entry point ") + symbol).c_str());
  fn = reinterpret_cast<F>(p);
}

}  // namespace

const DriverApi& driver_api() {
  static const DriverApi api = [] {
    DriverApi f;
    find("cuLaunchKernel", 4000, f.launch_kernel);
    find("cuKernelGetFunction", 12000, f.kernel_get_function);
    find("cuCtxGetCurrent", 4000, f.ctx_get_current);
    find("cuFuncSetAttribute", 9000, f.func_set_attribute);
    find("cuStreamIsCapturing", 10000, f.stream_is_capturing);
    find("cuGraphCreate", 10000, f.graph_create);
    find("cuGraphAddKernelNode", 12000, f.graph_add_kernel_node);
    find("cuGraphInstantiateWithFlags", 11040, f.graph_instantiate);
    find("cuGraphLaunch", 10000, f.graph_launch);
    find("cuGraphDestroy", 10000, f.graph_destroy);
    find("cuGraphExecDestroy", 10000, f.graph_exec_destroy);
    return f;
  }();
  return api;
}

void throw_driver_error(CUresult result, const char* what) {
  throw CudaRuntimeError(static_cast<cudaError_t>(result), what);
}

}  // namespace gpuarray
