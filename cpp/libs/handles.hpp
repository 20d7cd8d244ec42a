// SPDX-License-Identifier: BSD-3-Clause
// cuBLAS and cuSOLVER handles, one per (thread, device), bound to the current
// stream before they are handed out. See Note [Library handles].
#pragma once
#include <cublas_v2.h>
#include <cusolverDn.h>

namespace gpuarray::libs {

// Note [Library handles]
// A handle is not thread-safe and carries a stream; making one costs
// milliseconds. Each thread therefore keeps one handle per device, created on
// first use, and every call rebinds it to the thread's current stream (the
// binding is a field store, cheap enough to do every time). Handles are never
// destroyed: thread exit may run after the CUDA runtime has shut down, and a
// destroy then crashes (CuPy and jaxlib make the same choice).
cublasHandle_t cublas_handle();
cusolverDnHandle_t cusolver_handle();
// cuSOLVER's 64-bit API options object (default algorithms), one per thread.
cusolverDnParams_t cusolver_params();

// TF32 tensor-core math for float32 products (opt-in: results then carry
// about 10 mantissa bits). The default comes from GPUARRAY_TF32=1.
void set_tf32(bool enabled);
bool tf32_enabled();

void check_cublas(cublasStatus_t status, const char* what);
void check_cusolver(cusolverStatus_t status, const char* what);

}  // namespace gpuarray::libs
