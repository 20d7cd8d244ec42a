// SPDX-License-Identifier: BSD-3-Clause
// CUDA source for one elementwise kernel. The loops live in
// gpuarray/elementwise.cuh; the generated source is only the glue that names
// the operand types, wraps the op's expression in a body functor, and declares
// one extern "C" kernel whose parameters follow Note [Elementwise kernel
// parameters]. The same (op, key) always gives the same text.
#pragma once
#include <string>

#include "kernels/elementwise_kernel_key.hpp"

namespace gpuarray {

// Unique per key, e.g. ga_ew_add_<op hash>_c4_i32_if4_bf4_of4 (contiguous,
// vector width 4, 32-bit index; input, broadcast input, output float32).
std::string elementwise_kernel_name(const ElementwiseOp& op, const ElementwiseKernelKey& key);

// The whole translation unit. Compile it with the package's `_include` folder
// and the CUDA toolkit's include folder on the include path, -std=c++17.
std::string elementwise_kernel_source(const ElementwiseOp& op, const ElementwiseKernelKey& key);

}  // namespace gpuarray
