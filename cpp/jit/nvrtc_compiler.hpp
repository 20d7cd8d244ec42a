// SPDX-License-Identifier: BSD-3-Clause
// NVRTC: CUDA C++ source to a CUBIN (sm_XY) or PTX (compute_XY), with
// optional C++ name expressions lowered to their mangled symbols. Needs no
// device. Compile failures throw CompileError with NVRTC's log.
#pragma once
#include <string>
#include <vector>

#include "jit/arch.hpp"
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

int nvrtc_version();                 // 13000 for 13.0, like the runtime's numbering
std::string nvrtc_version_string();  // "13.0"
const std::vector<int>& nvrtc_supported_archs();  // {75, 80, ..., 121}

// The options NVRTC gets for `request` on `arch`: the target, the include
// folders (our headers, the toolkit's), then the user's options.
std::vector<std::string> nvrtc_options(const CompileRequest& request, const Arch& arch);

CompiledModule compile_with_nvrtc(const CompileRequest& request, const Arch& arch);

}  // namespace gpuarray::jit
