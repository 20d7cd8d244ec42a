// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/driver_launch.hpp"

#include <string>

#include "cuda/driver_api.hpp"
#include "cuda/error.hpp"
#include "cuda/graph.hpp"

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

void launch_function(const KernelLaunch& launch, int device, const char* name) {
  const DriverApi& api = driver_api();
  bind_context(api, device);
  // Captured launches must be plain kernel nodes (Note [Stream capture]).
  if (!captures_in_progress() && launch_through_graph(launch, name)) return;
  CUresult result = api.launch_kernel(launch.function, launch.grid.x, launch.grid.y, launch.grid.z, launch.block.x,
                                      launch.block.y, launch.block.z, launch.shared_bytes, launch.stream,
                                      launch.params.pointers, nullptr);
  if (result != CUDA_SUCCESS) throw_driver_error(result, ("cuLaunchKernel of '" + std::string(name) + "'").c_str());
}

void allow_shared_bytes(CUfunction function, unsigned int bytes) {
  CUresult result = driver_api().func_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                    static_cast<int>(bytes));
  if (result != CUDA_SUCCESS) throw_driver_error(result, "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
}

}  // namespace gpuarray
