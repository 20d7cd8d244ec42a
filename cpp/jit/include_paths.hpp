// SPDX-License-Identifier: BSD-3-Clause
// Where compilations find headers: the package's device headers
// (<package>/_include/gpuarray/*.cuh) and the CUDA toolkit's (cuda_fp16.h,
// cooperative_groups.h, cuda/std/...). NVRTC 13.0 has no built-in headers,
// so the toolkit folder is found at run time: $CUDA_PATH, $CUDA_HOME, the
// folder beside the loaded libnvrtc, then /usr/local/cuda.
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

}  // namespace gpuarray::jit
