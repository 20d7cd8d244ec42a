// SPDX-License-Identifier: BSD-3-Clause
// Casts between the 14 dtypes as data: one table of expression templates
// indexed by (destination class, source class), and the copy, cast and fill
// ops built from it. Every kernel that converts a value (astype, copyto,
// ufunc inputs and outputs) asks cast_expression; no other place switches on
// dtype pairs. See docs/elementwise.md for the semantics at the edges.
#pragma once
#include <string>

#include "core/dtype.hpp"
#include "kernels/elementwise_kernel_key.hpp"

namespace gpuarray {

// A C++ expression of dst's device type holding `value` (an expression of
// src's device type) converted as NumPy's astype(dst, casting='unsafe') does.
std::string cast_expression(DType src, DType dst, const std::string& value);

// out0 = in0 converted from src to dst; src == dst is a plain copy. The ops
// live for the whole process (built once), so callers may keep references.
const ElementwiseOp& cast_op(DType src, DType dst);

// out0 = s0, the scalar parameter already of dtype dst.
const ElementwiseOp& fill_op(DType dst);

}  // namespace gpuarray
