// SPDX-License-Identifier: BSD-3-Clause
#pragma once
#include "core/ndarray.hpp"

namespace gpuarray {

// Note [Array size limit]: NumPy's rule for any array, new or a view: no
// negative extent, and the product of the nonzero extents times the itemsize
// fits in int64 (zero extents do not excuse an overflowing rest). Without it
// a product that wraps gives an array claiming a huge shape over a small (or
// 0-byte) buffer, and the next kernel writes out of bounds. Every place that
// makes an NDArray from a shape it did not derive from a checked array calls
// it; after that shape_size and nbytes cannot overflow. Throws
// std::length_error (ValueError in Python) with NumPy's message.
void check_array_size(const Shape& shape, int itemsize);

}  // namespace gpuarray
