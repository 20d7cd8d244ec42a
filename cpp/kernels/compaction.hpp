// SPDX-License-Identifier: BSD-3-Clause
// Stream compaction and selection: the positions of nonzero elements
// (nonzero, flatnonzero, argwhere), a gather by flat positions (extract) and
// the elementwise choice where(cond, x, y). The positions come from CUB
// (cub/select.hpp) over a C-ordered byte mask; everything else is the
// elementwise engine. See docs/scans.md.
#pragma once
#include "core/ndarray.hpp"
#include "kernels/elementwise_args.hpp"

namespace gpuarray {

// The C-order positions of a's nonzero elements (NaN and complex numbers
// with a nonzero part count), ascending, as a new int64 array of shape
// (count,). Synchronizes the current stream once: the count sizes the result.
NDArray flat_nonzero(const NDArray& a);

// NumPy's argwhere for a.ndim() >= 1: a new (count, ndim) int64 array, row k
// the index of the k-th nonzero element in C order (nonzero's arrays are its
// columns). Same synchronization as flat_nonzero.
NDArray argwhere(const NDArray& a);

// The op writing coordinate `out0 = (in0 / s0) % s1` of a flat C-order
// position in0 (int64), for dimension extent s1 and C stride s0 (elements).
const ElementwiseOp& unravel_op();

// src's elements at the flat C-order positions `indices` (int64, each in
// [0, src.size()), which the caller has checked), as a new array of
// indices' shape and src's dtype.
NDArray take_flat(const NDArray& src, const NDArray& indices);

// One operand of where(): an array, or a scalar already in the result's dtype.
struct SelectOperand {
  const NDArray* array = nullptr;
  ScalarArg scalar{};
};

// out[...] = cond ? x : y, elementwise with broadcasting; cond of any dtype
// (nonzero is true), array operands cast to out's dtype. Throws
// std::invalid_argument with NumPy's message when shapes do not broadcast.
void where_select(const NDArray& cond, const SelectOperand& x, const SelectOperand& y, const NDArray& out);

// The where() op for those operand dtypes (scalars already of out's dtype).
ElementwiseOp where_op(DType cond, DType x, bool x_scalar, DType y, bool y_scalar, DType out);

}  // namespace gpuarray
