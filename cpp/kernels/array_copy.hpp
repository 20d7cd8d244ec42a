// SPDX-License-Identifier: BSD-3-Clause
// Copy, cast and fill: the first users of the elementwise engine.
#pragma once
#include "core/ndarray.hpp"
#include "kernels/elementwise_args.hpp"

namespace gpuarray {

// dst[...] = src: src broadcast to dst's shape and converted to dst's dtype
// as NumPy's assignment does (unsafe casting). Overlapping memory is copied
// through a temporary, as NumPy does. Dense same-dtype copies are one
// cudaMemcpyAsync. Throws std::invalid_argument (NumPy's ValueError) for a
// read-only dst or shapes that do not broadcast.
void copy_into(const NDArray& dst, const NDArray& src);

// dst[...] = value, the value already in dst's dtype.
void fill(const NDArray& dst, const ScalarArg& value);

// A new array of `dtype` holding src's values, laid out as NumPy's
// copy/astype lay out `order` ('C', 'F', 'A' or 'K').
NDArray copy_array(const NDArray& src, DType dtype, char order);

// Byte strides of a new array with `like`'s shape and memory order ('K':
// axes ordered by |stride| as in `like`), for itemsize bytes per element.
Strides strides_for_order(const NDArray& like, int itemsize, char order);

// True when the bytes two arrays can reach intersect (NumPy's
// may_share_memory: extents, not exact elements).
bool may_share_memory(const NDArray& a, const NDArray& b);

}  // namespace gpuarray
