// SPDX-License-Identifier: BSD-3-Clause
// Kernel launches through the driver on a CUfunction, the cheapest launches
// there are. Of the direct ones, cuLaunchKernel on a CUfunction costs ~0.09 µs
// less host time than cudaLaunchKernel of a library's cudaKernel_t, on every
// kind of stream; a launch repeated exactly goes through a one-node graph
// instead (launch_graphs.hpp), ~1.8 µs cheaper still (benchmarks/probes/launch_overhead.cu,
// H200, 2026-11-26). A 1-element ufunc's whole budget is ~1 µs beyond the launch.
#pragma once
#include <cuda.h>
#include <cuda_runtime_api.h>

#include "cuda/launch_graphs.hpp"

namespace gpuarray {

// `kernel`'s function in the primary context of `device`, which this makes current.
CUfunction kernel_function(cudaKernel_t kernel, int device);

// `launch` (of a function from kernel_function for `device`). A failure
// throws CudaRuntimeError naming the kernel `name`.
void launch_function(const KernelLaunch& launch, int device, const char* name);

// Lets `function` (from kernel_function) take `bytes` of dynamic shared
// memory per block, as launches of more than 48 KiB need.
void allow_shared_bytes(CUfunction function, unsigned int bytes);

}  // namespace gpuarray
