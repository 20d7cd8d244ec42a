// SPDX-License-Identifier: BSD-3-Clause
// The driver functions the engine calls directly, found through the runtime
// (cudaGetDriverEntryPointByVersion) so that the engine does not link libcuda
// and imports on machines without a driver.
#pragma once
#include <cuda.h>
#include <cudaTypedefs.h>

namespace gpuarray {

struct DriverApi {
  PFN_cuLaunchKernel_v4000 launch_kernel = nullptr;
  PFN_cuKernelGetFunction_v12000 kernel_get_function = nullptr;
  PFN_cuCtxGetCurrent_v4000 ctx_get_current = nullptr;
  PFN_cuFuncSetAttribute_v9000 func_set_attribute = nullptr;
  PFN_cuStreamIsCapturing_v10000 stream_is_capturing = nullptr;
  PFN_cuGraphCreate_v10000 graph_create = nullptr;
  PFN_cuGraphAddKernelNode_v12000 graph_add_kernel_node = nullptr;
  PFN_cuGraphInstantiateWithFlags_v11040 graph_instantiate = nullptr;
  PFN_cuGraphLaunch_v10000 graph_launch = nullptr;
  PFN_cuGraphDestroy_v10000 graph_destroy = nullptr;
  PFN_cuGraphExecDestroy_v10000 graph_exec_destroy = nullptr;
};

// Looked up on first use; a missing function throws CudaRuntimeError.
const DriverApi& driver_api();

// Throws CudaRuntimeError for `result` (the runtime's error codes equal the
// driver's for the errors these calls give).
[[noreturn]] void throw_driver_error(CUresult result, const char* what);

}  // namespace gpuarray
