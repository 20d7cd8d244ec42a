// SPDX-License-Identifier: BSD-3-Clause
// copy_pairs: dst[k][...] = src[k] for many pairs of one shape each (the
// pieces of concatenate and stack). Pairs that are dense in the same layout
// with one dtype go into one batched kernel (gpuarray/batched_copy.cuh);
// the others are ordinary engine copies.
#pragma once
#include <string>
#include <vector>

#include "core/ndarray.hpp"

namespace gpuarray {

void copy_pairs(const std::vector<NDArray>& dsts, const std::vector<NDArray>& srcs);

// The batched kernel's source (for the compile test; needs no device).
std::string batched_copy_source();

}  // namespace gpuarray
