// SPDX-License-Identifier: BSD-3-Clause
// Where compilations find headers: the package's device headers
// (<package>/_include/gpuarray/*.cuh) and the CUDA toolkit's (cuda_fp16.h,
// cooperative_groups.h, cuda/std/...). NVRTC 13.0 has no built-in headers,
// so the toolkit folder is found at run time: the include folder beside the
// loaded libnvrtc first (a toolkit's, or NVIDIA's pip wheels' nvidia/cu13/include,
// where nvidia-cuda-runtime and nvidia-cuda-cccl put them), since those
// headers match that NVRTC; then $CUDA_PATH, $CUDA_HOME and /usr/local/cuda.
// CCCL's headers are found the same way, on their own (include_paths.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace gpuarray::jit {

// Set once by `import gpuarray`; the folder that contains gpuarray/*.cuh.
void set_device_header_dir(std::string dir);
std::string device_header_dir();

// XXH64 over the device headers' names and contents: part of every cache
// key, so editing a header invalidates what was compiled with it.
std::uint64_t device_headers_hash();

// The include folders every compilation gets, device headers first.
std::vector<std::string> compiler_include_dirs();

// The toolkit's part of them: the folder with cuda_fp16.h, then the one with
// CCCL's nv/target where that is another; empty when none was found.
std::vector<std::string> toolkit_include_dirs();

}  // namespace gpuarray::jit
