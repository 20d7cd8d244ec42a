// SPDX-License-Identifier: BSD-3-Clause
// ufunc.accumulate for every binary ufunc (nin 2, nout 1): out[..., 0] =
// in[..., 0], out[..., k] = op(out[..., k-1], in[..., k]) along one axis.
// add and multiply go through the CUB scan (kernels/scan.hpp); every other
// ufunc through a generated kernel in which one thread walks one row
// sequentially, running the ufunc loop's own body (see docs/scans.md).
#pragma once
#include <optional>
#include <string>

#include "core/ndarray.hpp"
#include "kernels/ufunc_table.hpp"

namespace gpuarray {

// The loop NumPy's accumulate runs for an input of dtype `in`: with dtype=,
// the loop whose inputs and output are all that dtype; else add and
// multiply widen bool and small integers as cumsum does, the logical ufuncs
// take their bool loop, and others the loop a call with two `in` inputs
// resolves to. The loop must be homogeneous (its output feeds its first
// input). Throws UfuncTypeError (TypeError) when none fits and
// std::invalid_argument (ValueError) for a ufunc that is not binary.
int resolve_accumulate_loop(const UfuncDef& def, DType in, std::optional<DType> dtype);

// The sequential kernel for loop `loop` of `def`: its name and its source.
std::string accumulate_kernel_name(const UfuncDef& def, int loop);
std::string accumulate_kernel_source(const UfuncDef& def, int loop);

// def.accumulate(a, axis, dtype, out): 0 <= axis < a.ndim(). Computed in the
// loop's dtype, then written into `out` (same shape, cast as NumPy's
// assignment does) when given, else into a new C-ordered array. Launches on
// the current stream, never synchronizes.
NDArray accumulate(const UfuncDef& def, const NDArray& a, int axis, std::optional<DType> dtype, const NDArray* out);

}  // namespace gpuarray
