// SPDX-License-Identifier: BSD-3-Clause
// float16 in device code: `__half` (the spelling of float16 in generated
// kernels) and its arithmetic come from the CUDA toolkit's cuda_fp16.h.
// NVRTC 13.0 ships no built-in headers, so the compiler adds the toolkit's
// include folder to every compilation (see cpp/jit/include_paths.hpp). This
// header costs ~10 ms of compile time: include it only in float16 kernels.
#pragma once

#if !__has_include(<cuda_fp16.h>)
#error "gpuarray/half.cuh needs cuda_fp16.h from the CUDA toolkit: set CUDA_PATH to the toolkit's root"
#endif
#include <cuda_fp16.h>
