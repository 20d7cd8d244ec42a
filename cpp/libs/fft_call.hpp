// SPDX-License-Identifier: BSD-3-Clause
// numpy.fft's 1-D transforms (fft, ifft, rfft) whole, in C++: the arguments
// checked in NumPy's order and words, the dtype rules, cropping and
// zero-padding, one cuFFT execution (libs/fft.hpp) and the norm scale. The
// repeated small transform is host-bound, so its whole path stays below
// Python (see Note [FFT call path]). The N-d transforms, irfft/hfft/ihfft
// and out= compose these pieces in python/gpuarray/fft/.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/ndarray.hpp"

namespace gpuarray::libs::fft {

// Note [FFT call path]
// A 1024-point fft costs a few microseconds on the GPU, so the host path
// decides its speed. gpuarray.fft.fft/ifft/rfft hand a gpuarray array
// straight to transform_1d (out= and other inputs take the Python path):
// argument checks, the plan lookup by a fixed-size key (Note [FFT plan
// cache]), the output from the pool, the stream and work area bound only
// when they change, one cuFFT launch, and a scaling launch only when the
// norm's factor is not 1. Nothing synchronizes.

enum class Norm { Backward, Ortho, Forward };
enum class Transform1d { Fft, Ifft, Rfft };

// NumPy's `norm` (none means "backward"). The inverse transforms swap the
// direction first and word the error as NumPy's _swap_direction does.
Norm parse_norm(std::optional<std::string_view> norm, bool inverse);

// The factor NumPy applies after the unnormalized transform of n points.
double norm_factor(Norm norm, std::int64_t n, bool forward);

// numpy.fft.fft / ifft / rfft(a, n, axis, norm): a new array. Errors as
// NumPy's, raised before the device is touched: ValueError for n < 1 or a
// bad norm, IndexError when n is none and axis is out of range, AxisError
// otherwise, TypeError for rfft of complex input.
NDArray transform_1d(const NDArray& a, std::optional<std::int64_t> n, std::int64_t axis,
                     std::optional<std::string_view> norm, Transform1d transform);

// x *= factor in place (x complex or real floating), on the current stream.
void scale_in_place(const NDArray& x, double factor);

}  // namespace gpuarray::libs::fft
