// SPDX-License-Identifier: BSD-3-Clause
// Runs an ElementwiseOp over arrays: plan, key, kernel (from the in-memory
// table, else generated and compiled through the kernel cache), launch on the
// current stream. Every elementwise operation goes through run_elementwise.
#pragma once
#include <string>
#include <vector>

#include "kernels/elementwise_args.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "kernels/iteration_plan.hpp"

namespace gpuarray {

// `operands` lists inputs and outputs (OperandDesc::input/output) in the order
// the op names them (in0, in1, ..., then out0, ...). Throws
// std::invalid_argument with NumPy's message when shapes do not broadcast.
void run_elementwise(const ElementwiseOp& op, const OperandDesc* operands, int num_operands,
                     const ScalarArg* scalars = nullptr, int num_scalars = 0);

// Compiler options of every generated kernel (elementwise, reduction, accumulate):
// - C++17;
// - no contraction of a*b+c into one fused multiply-add: NumPy rounds each
//   operation, and these kernels are memory-bound, so exact agreement costs nothing.
// NVRTC's --Ofast-compile=mid halves a first sin(a)'s compile (tools/compile_times.py)
// but cost half the bandwidth of sum and add on an H100: not used.
inline const std::vector<std::string> kGeneratedKernelOptions = {"-std=c++17", "-fmad=false"};

}  // namespace gpuarray
