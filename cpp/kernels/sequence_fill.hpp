// SPDX-License-Identifier: BSD-3-Clause
// Fills that compute each element from its position: the device side of
// arange, linspace and tri. Each is an elementwise op that reads `i` (the
// element's C-order index), so it runs through the same plan and kernel cache
// as every other elementwise op; the expressions per dtype kind are data here.
#pragma once
#include <cstdint>

#include "core/ndarray.hpp"
#include "kernels/elementwise_args.hpp"

namespace gpuarray {

// NumPy's arange fill: out[0] = first, out[1] = second, and out[i] =
// first + i * (second - first) in out's dtype as NumPy's fill functions
// compute it (float16 through float32, integers modulo 2^bits). first and
// second are already of out's dtype. Not for bool (NumPy has no bool fill).
void fill_arange(const NDArray& out, const ScalarArg& first, const ScalarArg& second);
// The op fill_arange runs for an array of `dtype` (scalars s0 = first, s1 = second).
const ElementwiseOp& arange_op(DType dtype);

// NumPy's linspace for scalar endpoints, one rounding per step as its ufunc
// calls: y = i; y = y / div (when divide); y = y * scale; y = y + start;
// element `last_index` (or none when negative) = stop; floor when `floor`.
// out has an inexact dtype; start, scale, stop and div are of that dtype.
struct LinspaceParams {
  ScalarArg start, scale, stop, div;
  bool divide = false;
  bool floor = false;
  std::int64_t last_index = -1;
};
void fill_linspace(const NDArray& out, const LinspaceParams& params);

// A 2-D out gets 1 where column <= row + k, else 0 (numpy.tri).
void fill_tri(const NDArray& out, std::int64_t k);

}  // namespace gpuarray
