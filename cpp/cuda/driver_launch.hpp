// SPDX-License-Identifier: BSD-3-Clause
// Kernel launches through the driver's cuLaunchKernel on a CUfunction, the
// cheapest launch there is: cudaLaunchKernel of a library's cudaKernel_t
// costs ~0.09 µs more host time per launch, the same on every kind of stream
// (tools/launch_overhead.cu, H200, 2026-11-26), and a 1-element ufunc's whole
// budget is ~1 µs beyond the launch. The driver's functions are found through
// the runtime (cudaGetDriverEntryPointByVersion), so the engine does not link
// libcuda and imports on machines without a driver.
#pragma once
#include <cuda.h>
#include <cuda_runtime_api.h>

namespace gpuarray {

// `kernel`'s function in the primary context of `device`, which this makes current.
CUfunction kernel_function(cudaKernel_t kernel, int device);

// cuLaunchKernel of `function` (from kernel_function for `device`) on
// `stream`. A failure throws CudaRuntimeError naming the kernel `name`.
void launch_function(CUfunction function, int device, unsigned int grid, unsigned int block, void** params,
                     cudaStream_t stream, const char* name);

}  // namespace gpuarray
