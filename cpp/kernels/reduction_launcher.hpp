// SPDX-License-Identifier: BSD-3-Clause
// Runs a ReductionOp: plan, key, kernels (in-memory table, else generated and
// compiled through the kernel cache), launch on the current stream, and the
// second pass over the partial accumulators when the plan split outputs over
// blocks. Every reduction goes through run_reduction.
#pragma once
#include "jit/compiled_module.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/reduction_plan.hpp"

namespace gpuarray {

// `output` is in keepdims form (extent 1 on the reduced axes, any strides
// there); `reduced[d]` marks the reduced axes of it.
void run_reduction(const ReductionOp& op, const OperandDesc* inputs, int num_inputs, const OperandDesc& output,
                   const bool* reduced, const ScalarArg* scalars = nullptr, int num_scalars = 0);

// The kernel key run_reduction uses (for tests of the generated source).
ReductionKernelKey make_reduction_key(const ReductionOp& op, const ReductionPlan& plan, const DType* in_dtypes,
                                      DType out_dtype, const ScalarArg* scalars, int num_scalars);

// The compile request run_reduction makes for these operands, without a
// device: what the install-time prebuild compiles (Note [Prebuilt kernels]).
jit::CompileRequest reduction_compile_request(const ReductionOp& op, const OperandDesc* inputs, int num_inputs,
                                              const OperandDesc& output, const bool* reduced,
                                              const ScalarArg* scalars = nullptr, int num_scalars = 0);

}  // namespace gpuarray
