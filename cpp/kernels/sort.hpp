// SPDX-License-Identifier: BSD-3-Clause
// Sorting along the last axis of a C-contiguous array: sort, argsort and
// lexsort for every dtype, on CUB's radix sort of unsigned keys (see Note
// [Sort keys] and Note [Sorting rows]). Everything runs on the current stream
// and nothing synchronizes.
#pragma once
#include <vector>

#include "core/ndarray.hpp"

namespace gpuarray {

// Note [Sorting rows]
// An array of n elements in rows of length L (its last axis) is sorted as one
// sequence, then regrouped by row:
//   1. perm = 0..n-1; for each key part, least significant first, the part's
//      keys in perm's order are radix-sorted as pairs with perm (stable, so
//      the earlier parts decide ties: LSD order);
//   2. with more than one row, a last pass sorts (perm / L, perm) on the
//      bits a row number needs: stable, so each row keeps step 1's order.
// sort gathers the values through perm; argsort and lexsort return perm % L.
// One 1-D key of one part (every real dtype) sorts keys alone, without perm.
// Two passes over all rows cost more than a segmented sort for many short
// rows but need no other CUB instantiation (cub/radix_sort.hpp).

// A new C-contiguous array of a's shape and dtype: a (C-contiguous, ndim >= 1)
// sorted along its last axis in NumPy's order.
NDArray sort_last_axis(const NDArray& a);

// int64 positions along the last axis that sort the C-contiguous arrays
// `keys` (all one shape, ndim >= 1) lexicographically, keys.back() the
// primary key, as numpy.lexsort; stable. argsort is one key.
NDArray argsort_last_axis(const std::vector<NDArray>& keys);

}  // namespace gpuarray
