// SPDX-License-Identifier: BSD-3-Clause
// NumPy's reductions on the reduction engine: ufunc.reduce (sum, prod, max,
// min, all, any are reduces of add, multiply, maximum, minimum, logical_and,
// logical_or) and the reductions that are not a ufunc's (argmax, mean, var,
// count_nonzero, the nan-variants). This file decides dtypes, identities,
// shapes and errors as NumPy does; the kernel comes from run_reduction.
#pragma once
#include "jit/compiled_module.hpp"
#include <optional>
#include <string>
#include <vector>

#include "core/ndarray.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/reduction_op.hpp"
#include "kernels/ufunc_table.hpp"

namespace gpuarray {

enum class ReductionKind : std::uint8_t {
  Ufunc,         // ufunc.reduce of `ufunc`
  NanUfunc,      // the same with NaN skipped (nansum, nanprod, nanmax, nanmin)
  ArgMax, ArgMin, NanArgMax, NanArgMin,
  Mean,
  Var, Std,      // with `ddof`
  CountNonzero,
};

struct ReductionRequest {
  ReductionKind kind = ReductionKind::Ufunc;
  const UfuncDef* ufunc = nullptr;  // Ufunc, NanUfunc
  std::string name;                 // for messages: "sum", "argmax", ...
  std::vector<bool> axes;           // per axis of the input: reduced?
  bool keepdims = false;
  std::optional<DType> dtype;
  const NDArray* out = nullptr;
  std::optional<ScalarArg> initial;  // Ufunc, NanUfunc
  const NDArray* where = nullptr;    // a bool mask broadcastable to the input
  double ddof = 0;
};

// The request for a NumPy function's name ("sum", "nanmax", "argmin", "var",
// ...: what `_reduce` accepts), kind and ufunc filled in; std::invalid_argument
// for an unknown name.
ReductionRequest named_reduction(const std::string& name);

// Runs the reduction and returns the result (`*out` when given): a 0-d array
// for a full reduction. Errors as NumPy: ValueError (std::invalid_argument)
// for empty reductions without identity, UfuncTypeError for dtypes.
NDArray reduce(const NDArray& a, const ReductionRequest& request);

// The result dtype when no out= is given.
DType reduction_result_dtype(const ReductionRequest& r, DType in);

// The generated source for input dtype `in` under a kernel key with the given
// plan choices, without a device (tests compile it with NVRTC).
std::string reduction_test_source(const ReductionRequest& r, DType in, int out_ndim, int red_ndim,
                                  ReductionLayout layout, int vector_width, IndexWidth index_width);

// The compile requests `reduce` makes for a C-contiguous array of `shape`
// and dtype `in` (both passes of var and std), without a device: what the
// install-time prebuild compiles (cpp/kernels/prebuilt_kernels.cpp). The
// request's axes must be set; out=, where= and initial= are not taken.
std::vector<jit::CompileRequest> reduction_compile_requests(const ReductionRequest& r, DType in, const Shape& shape);

// The reduced-axes mask for `axis` (empty: all axes). AxisError for an axis
// out of range, ValueError for a repeated one.
std::vector<bool> reduction_axes(const std::vector<std::int64_t>& axis, bool all, int ndim);

}  // namespace gpuarray
