// SPDX-License-Identifier: BSD-3-Clause
// numpy.i0, the modified Bessel function of the first kind of order 0, on
// the device: CUDA's cyl_bessel_i0 and cyl_bessel_i0f (within 6 ulp by
// CUDA's documentation; NumPy evaluates Cephes' Chebyshev series). float16
// goes through float and rounds once, when half.cuh came first. Infinities
// give NaN, as NumPy's series does (exp(inf) * c / sqrt(inf)), not I0's inf.
// Named numpy_i0 beside scipy.special's i0 (gpuarray/special/bessel.cuh,
// inf at infinities as SciPy), which this header includes: one kernel may use both.
#pragma once
#include "gpuarray/special/bessel.cuh"

namespace ga {
namespace special {

__device__ inline float numpy_i0(float x) { return isinf(x) ? x - x : cyl_bessel_i0f(x); }
__device__ inline double numpy_i0(double x) { return isinf(x) ? x - x : cyl_bessel_i0(x); }
#ifdef __CUDA_FP16_H__
__device__ inline __half numpy_i0(__half x) { return __float2half_rn(numpy_i0(__half2float(x))); }
#endif

}  // namespace special
}  // namespace ga
