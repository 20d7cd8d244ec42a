// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/driver_launch.hpp"

#include <cudaTypedefs.h>

#include <string>

#include "cuda/error.hpp"

namespace gpuarray {
namespace {

struct DriverFunctions {
  PFN_cuLaunchKernel_v4000 launch_kernel = nullptr;
  PFN_cuKernelGetFunction_v12000 kernel_get_function = nullptr;
  PFN_cuCtxGetCurrent_v4000 ctx_get_current = nullptr;
};

template <class F>
void find(const char* symbol, int version, F& fn) {
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  void* p = nullptr;
  GA_CUDA_CHECK(cudaGetDriverEntryPointByVersion(symbol, &p, version, cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || p == nullptr)
    throw CudaRuntimeError(cudaErrorSymbolNotFound, (std::string("driver entry point ") + symbol).c_str());
  fn = reinterpret_cast<F>(p);
}

const DriverFunctions& driver() {
  static const DriverFunctions functions = [] {
    DriverFunctions f;
    find("cuLaunchKernel", 4000, f.launch_kernel);
    find("cuKernelGetFunction", 12000, f.kernel_get_function);
    find("cuCtxGetCurrent", 4000, f.ctx_get_current);
    return f;
  }();
  return functions;
}

// The driver launches into the calling thread's current context, which the
// runtime binds lazily: a thread whose first CUDA work is this launch has
// none yet. cudaSetDevice binds the device's primary context.
void bind_context(const DriverFunctions& f, int device) {
  CUcontext context = nullptr;
  if (f.ctx_get_current(&context) == CUDA_SUCCESS && context != nullptr) return;
  GA_CUDA_CHECK(cudaSetDevice(device));
}

// The runtime's error codes equal the driver's for the errors a launch gives.
[[noreturn]] void throw_driver_error(CUresult result, const char* what) {
  throw CudaRuntimeError(static_cast<cudaError_t>(result), what);
}

}  // namespace

CUfunction kernel_function(cudaKernel_t kernel, int device) {
  const DriverFunctions& f = driver();
  bind_context(f, device);
  CUfunction function = nullptr;
  CUresult result = f.kernel_get_function(&function, reinterpret_cast<CUkernel>(kernel));
  if (result != CUDA_SUCCESS) throw_driver_error(result, "cuKernelGetFunction");
  return function;
}

void launch_function(CUfunction function, int device, unsigned int grid, unsigned int block, void** params,
                     cudaStream_t stream, const char* name) {
  const DriverFunctions& f = driver();
  bind_context(f, device);
  CUresult result = f.launch_kernel(function, grid, 1, 1, block, 1, 1, 0, reinterpret_cast<CUstream>(stream), params,
                                    nullptr);
  if (result != CUDA_SUCCESS) throw_driver_error(result, ("cuLaunchKernel of '" + std::string(name) + "'").c_str());
}

}  // namespace gpuarray
