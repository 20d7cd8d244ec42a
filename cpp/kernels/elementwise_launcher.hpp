// SPDX-License-Identifier: BSD-3-Clause
// Runs an ElementwiseOp over arrays: plan, key, kernel (from the in-memory
// table, else generated and compiled through the kernel cache), launch on the
// current stream. Every elementwise operation goes through run_elementwise.
#pragma once
#include <string>
#include <vector>

#include "jit/compiled_module.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "kernels/iteration_plan.hpp"

namespace gpuarray {

// `operands` lists inputs and outputs (OperandDesc::input/output) in the order
// the op names them (in0, in1, ..., then out0, ...). Throws
// std::invalid_argument with NumPy's message when shapes do not broadcast.
void run_elementwise(const ElementwiseOp& op, const OperandDesc* operands, int num_operands,
                     const ScalarArg* scalars = nullptr, int num_scalars = 0);

// The plan, and what it compiles for `op` under `key`: run_elementwise's
// steps, shared with prebuilt_kernels.cpp, which compiles the same requests
// ahead of time.
IterationPlan elementwise_plan(const ElementwiseOp& op, const OperandDesc* operands, int num_operands);
jit::CompileRequest elementwise_compile_request(const ElementwiseOp& op, const ElementwiseKernelKey& key);

// Compiler options of every generated kernel (elementwise, reduction, accumulate):
// - C++17;
// - no contraction of a*b+c into one fused multiply-add: NumPy rounds each
//   operation, and these kernels are memory-bound, so exact agreement costs nothing.
// - --Ofast-compile=min: on an H100 it cut the first compile of add from 53 to 41 ms
//   and of sin from 95 to 70 ms with add, sin and exp at the same bandwidth
//   (benchmarks/probes/nvrtc_option_bandwidth.py). Level mid compiles faster still but halved
//   the bandwidth of sum and add: not used.
inline const std::vector<std::string> kGeneratedKernelOptions = {"-std=c++17", "-fmad=false",
                                                                 "--Ofast-compile=min"};
// Tiled elementwise kernels compile without --Ofast-compile: with it the
// transposed copy of a float32 16384² matrix ran at 2557 GB/s instead of
// 4071 on an H200 (48 registers instead of 32; benchmarks/probes/tiled_copy_probe.py).
inline const std::vector<std::string> kTiledKernelOptions = {"-std=c++17", "-fmad=false"};

}  // namespace gpuarray
