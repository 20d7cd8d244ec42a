// SPDX-License-Identifier: BSD-3-Clause
// One cuFFT execution: the last `rank` axes of an array, every leading axis a
// batch, through a cached plan (libs/fft_plan_cache.hpp). Axis selection,
// zero-padding, truncation and normalization are the Python layer's.
#pragma once
#include "core/ndarray.hpp"

namespace gpuarray::libs::fft {

enum class Kind { C2C, R2C, C2R };

// Transforms the last `rank` (1 to 3) axes of `in` into `out`, unnormalized,
// on the current stream. Leading (batch) shapes must be equal. Sizes: C2C
// keeps them; R2C takes n real points to n/2+1 complex ones on the last axis;
// C2R the reverse (n read from out). Dtypes: complex64/complex128 (C2C),
// float32->complex64 or float64->complex128 (R2C) and back (C2R).
//
// Layouts cuFFT's advanced layout can express (positive strides, transform
// strides nesting, batch axes that merge into one) are used in place, with
// no copy: e.g. a transform along axis 0 of a C-ordered matrix. Others are
// copied to C order first (input) or through a temporary (output). C2R
// overwrites its input, so the input is copied unless `input_scratch` says
// the caller's array may be clobbered.
void execute(const NDArray& in, const NDArray& out, int rank, Kind kind, bool forward, bool input_scratch);

}  // namespace gpuarray::libs::fft
