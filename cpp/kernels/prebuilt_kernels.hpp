// SPDX-License-Identifier: BSD-3-Clause
// The generated kernels compiled at install time (Note [Prebuilt kernels] in
// jit/disk_cache.hpp): the ufunc calls a script most likely makes first.
#pragma once
#include <vector>

#include "jit/compiled_module.hpp"

namespace gpuarray {

// One request per call below, built by the same steps as a run-time call
// (plan_ufunc, ufunc_call_op, elementwise_plan, make_kernel_key,
// elementwise_compile_request) on contiguous, aligned operands of 32-bit
// size:
// - every one-input, one-output ufunc on float32 and float64 arrays;
// - every two-input, one-output ufunc on two arrays, and on an array and a
//   Python scalar on either side, of float32, float64 and int64;
// - fills (ones, full, fill) of every dtype, arange of int32, int64,
//   float32 and float64, and casts (astype) among bool, int32, int64,
//   float32, float64, complex64 and complex128;
// - reductions (sum, prod, max, min, argmax, argmin, mean, any, all) of
//   their usual dtypes over a whole array and along either axis of a matrix
//   (reduction_compile_requests in reduction_call.hpp).
// Calls without a loop for those operands are left out.
std::vector<jit::CompileRequest> prebuilt_kernel_requests();

}  // namespace gpuarray
