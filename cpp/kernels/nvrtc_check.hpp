// SPDX-License-Identifier: BSD-3-Clause
// Compiles a CUDA source with NVRTC and reports the outcome, without a GPU.
// Tests use it to check generated kernels and measure cold compile time; the
// JIT's compiler and kernel cache (cpp/jit) are what launches use.
#pragma once
#include <string>
#include <vector>

namespace gpuarray {

struct NvrtcCheckResult {
  bool ok;
  std::string log;
  std::string ptx;  // empty when compilation failed
  double milliseconds;  // nvrtcCreateProgram through nvrtcCompileProgram
};

NvrtcCheckResult nvrtc_compile_check(const std::string& source, const std::string& filename,
                                     const std::vector<std::string>& options);

}  // namespace gpuarray
