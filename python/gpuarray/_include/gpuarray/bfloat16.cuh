// SPDX-License-Identifier: BSD-3-Clause
// bfloat16 in device code: `__nv_bfloat16` (the spelling of bfloat16 in
// generated kernels) and its conversions come from the CUDA toolkit's
// cuda_bf16.h, found as half.cuh finds cuda_fp16.h. Arithmetic is done in
// float (Note [bfloat16] in cpp/core/dtype.hpp). Include it only in bfloat16
// kernels: it costs compile time as half.cuh does.
#pragma once

#if !__has_include(<cuda_bf16.h>)
#error "gpuarray/bfloat16.cuh needs cuda_bf16.h from the CUDA toolkit: set CUDA_PATH to the toolkit's root"
#endif
#include <cuda_bf16.h>
