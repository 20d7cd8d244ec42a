// SPDX-License-Identifier: BSD-3-Clause
// backend='nvcc': runs the nvcc found on PATH in a temporary folder, for code
// NVRTC does not accept. Slower than NVRTC (a process and files per
// compilation) but cached the same way.
#pragma once
#include <string>
#include <vector>

#include "jit/arch.hpp"
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

// Identifies the nvcc on PATH for the cache key: its path, size and
// modification time (cheaper than running `nvcc --version`). Throws
// std::runtime_error when PATH has no nvcc.
std::string nvcc_identity();

// The options nvcc gets: the output kind and target, include folders, then
// the user's options.
std::vector<std::string> nvcc_options(const CompileRequest& request, const Arch& arch);

// Throws CompileError with nvcc's output when it fails, std::invalid_argument
// for name expressions (only NVRTC reports lowered names).
CompiledModule compile_with_nvcc(const CompileRequest& request, const Arch& arch);

}  // namespace gpuarray::jit
