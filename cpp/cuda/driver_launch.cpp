// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/driver_launch.hpp"

#include <string>

#include "cuda/driver_api.hpp"
#include "cuda/error.hpp"

namespace gpuarray {
namespace {

// The driver works in the calling thread's current context, which the
// runtime binds lazily: a thread whose first CUDA work is this launch has
// none yet. cudaSetDevice binds the device's primary context.
void bind_context(const DriverApi& api, int device) {
  CUcontext context = nullptr;
  if (api.ctx_get_current(&context) == CUDA_SUCCESS && context != nullptr) return;
  GA_CUDA_CHECK(cudaSetDevice(device));
}

}  // namespace

CUfunction kernel_function(cudaKernel_t kernel, int device) {
  const DriverApi& api = driver_api();
  bind_context(api, device);
  CUfunction function = nullptr;
  CUresult result = api.kernel_get_function(&function, reinterpret_cast<CUkernel>(kernel));
  if (result != CUDA_SUCCESS) throw_driver_error(result, "cuKernelGetFunction");
  return function;
}

void launch_function(CUfunction function, int device, unsigned int grid, unsigned int block,
                     const KernelParams& params, cudaStream_t stream, const char* name) {
  const DriverApi& api = driver_api();
  bind_context(api, device);
  const KernelLaunch launch{function, grid, block, params, reinterpret_cast<CUstream>(stream)};
  if (launch_through_graph(launch, name)) return;
  CUresult result =
      api.launch_kernel(function, grid, 1, 1, block, 1, 1, 0, launch.stream, params.pointers, nullptr);
  if (result != CUDA_SUCCESS) throw_driver_error(result, ("cuLaunchKernel of '" + std::string(name) + "'").c_str());
}

}  // namespace gpuarray
